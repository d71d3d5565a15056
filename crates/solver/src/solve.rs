//! `solve`: checks the level, builds the model, runs the search the objective asks
//! for, and verifies the answer with the engine's own verifier.

use std::time::Duration;

use sokoengine_geometry::Direction;

use sokoengine_board::Puzzle;
use sokoengine_metrics::{SolutionMetrics, SolutionVerifier};

use crate::clock::Clock;
use crate::config::{
    Cancel, Objective, Observer, Solution, SolveOutcome, SolverConfig, Stats, StopReason,
    UnsolvableReason,
};
use crate::engine::{Child, Engine, PusherKey};
use crate::error::SolverError;
use crate::ids::{Cell, NodeId, PerCell};
use crate::model::Model;
use crate::search::{BestFirst, Ending, Order};

/// Solves `puzzle` (one pusher, Sokoban+ off) for `config.objective` within
/// `config.limits`.
///
/// The returned solution has been replayed by the metrics crate's verifier;
/// `Unsolvable` comes only with a proof (a dead start, or every reachable position
/// searched with complete pruning only).
///
/// # Errors
///
/// [`SolverError`] for a level the solver does not take: no or several pushers,
/// Sokoban+ requested on a level with box orders, no boxes, boxes and goals of
/// different counts, more than 65,535 cells or 1,024 boxes.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_solver::{Cancel, Objective, Silent, SolveOutcome, SolverConfig, solve};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let outcome = solve(&puzzle, &SolverConfig::new(Objective::Pushes), &Cancel::new(), &mut Silent)?;
/// let SolveOutcome::Solved(solution) = outcome else { panic!("solvable") };
/// assert_eq!(solution.lurd, "rRR");
/// assert_eq!(solution.metrics.pushes, 2);
/// assert_eq!(solution.proven, Some(Objective::Pushes));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve(
    puzzle: &Puzzle,
    config: &SolverConfig,
    cancel: &Cancel,
    observer: &mut dyn Observer,
) -> Result<SolveOutcome, SolverError> {
    if config.sokoban_plus && puzzle.has_sokoban_plus() {
        return Err(SolverError::SokobanPlus);
    }
    let mut clock = Clock::new(config.limits, cancel, observer);
    let model = Model::new(puzzle, config.limits.memory_bytes)?;
    if model.board.boxes_off_goal() == 0 {
        let solution = Solution {
            lurd: String::new(),
            metrics: SolutionMetrics::ZERO,
            proven: (config.objective != Objective::Any).then_some(config.objective),
            stats: Stats {
                elapsed: clock.elapsed(),
                ..Stats::default()
            },
        };
        return Ok(SolveOutcome::Solved(solution));
    }
    let mut stats = Stats::default();
    let answer = match config.objective {
        Objective::Pushes | Objective::Moves => {
            let (key, order, cost, on_generation): (_, _, fn(&Child) -> u32, _) =
                if config.objective == Objective::Pushes {
                    (PusherKey::Normalized, Order::AStar, one_push, true)
                } else {
                    (PusherKey::Exact, Order::AStarPair, walk_and_push, false)
                };
            // The relaxed pull proof beside the search takes a part of the memory.
            let memory = config.limits.memory_bytes;
            let engine_memory = if config.features.relaxed_proofs {
                memory - memory / PROOF_MEMORY_PART
            } else {
                memory
            };
            let mut engine = Engine::new(&model, config.features, key, engine_memory);
            let answer = match root(&mut engine) {
                Ok(root) => match BestFirst::start(&mut engine, root, order, cost, on_generation) {
                    Ok(mut search) => match optimal(
                        &model,
                        config,
                        &mut engine,
                        &mut clock,
                        &mut search,
                        &mut stats,
                    ) {
                        Some(ending) => answer_of(&mut engine, ending, Some(config.objective)),
                        None => Answer::Dead,
                    },
                    Err(ending) => answer_of(&mut engine, ending, Some(config.objective)),
                },
                Err(answer) => answer,
            };
            add_stats(&mut stats, &engine);
            answer
        }
        Objective::Any => solve_any(&model, config, &mut clock, &mut stats),
    };
    let _ = clock.report();
    stats.elapsed = clock.elapsed();
    stats.expanded = clock.progress.expanded;
    match answer {
        Answer::Solved(lurd, proven) => {
            let metrics = verify(&model, &lurd)?;
            Ok(SolveOutcome::Solved(Solution {
                lurd,
                metrics,
                proven,
                stats,
            }))
        }
        Answer::Dead => Ok(SolveOutcome::Unsolvable(UnsolvableReason::DeadStart, stats)),
        Answer::Exhausted => Ok(SolveOutcome::Unsolvable(UnsolvableReason::Exhausted, stats)),
        Answer::Stopped(reason) => Ok(SolveOutcome::Stopped(reason, stats)),
    }
}

/// Runs the optimal search `search` to its end, with the relaxed pull proof in
/// short turns beside it once the warm-up is over (when the switch is on), as
/// the `Any` portfolio runs it. `None` when the proof refutes the level.
fn optimal(
    model: &Model,
    config: &SolverConfig,
    engine: &mut Engine<'_>,
    clock: &mut Clock<'_>,
    search: &mut BestFirst,
    stats: &mut Stats,
) -> Option<Ending> {
    let memory = config.limits.memory_bytes / PROOF_MEMORY_PART;
    let mut proof = ProofTurns::new(config.features.relaxed_proofs, memory);
    let warmup = warmup(config);
    let ending = loop {
        let until = proof
            .wanted()
            .then(|| clock.elapsed().max(warmup) + FESS_TURN);
        if let Some(ending) = search.resume(engine, clock, until, None) {
            break Some(ending);
        }
        if proof.turn(model, clock) {
            break None;
        }
    };
    proof.add_stats(stats);
    ending
}

/// The relaxed pull proof's turns beside a search: made when its first turn comes
/// (most levels end before), dropped when it gives up.
struct ProofTurns<'m> {
    wanted: bool,
    memory: usize,
    proof: Option<crate::relaxed::RelaxedProof<'m>>,
}

impl<'m> ProofTurns<'m> {
    const fn new(wanted: bool, memory: usize) -> ProofTurns<'m> {
        ProofTurns {
            wanted,
            memory,
            proof: None,
        }
    }

    /// Whether the proof still has turns to take.
    const fn wanted(&self) -> bool {
        self.wanted
    }

    /// Runs the proof for a turn; `true` when it proves the level dead.
    fn turn(&mut self, model: &'m Model, clock: &Clock<'_>) -> bool {
        if !self.wanted {
            return false;
        }
        let memory = self.memory;
        let proof = self.proof.get_or_insert_with(|| {
            crate::relaxed::RelaxedProof::new(model, &model.start_boxes, model.start_pusher, memory)
        });
        let until = clock.elapsed() + PROOF_TURN;
        match proof.run(|| clock.elapsed() >= until) {
            Some(crate::relaxed::Verdict::Dead) => true,
            Some(crate::relaxed::Verdict::Open) => {
                (self.wanted, self.proof) = (false, None);
                false
            }
            None => false,
        }
    }

    /// Adds the running proof's positions and memory to `stats`.
    fn add_stats(&self, stats: &mut Stats) {
        if let Some(proof) = &self.proof {
            stats.generated += proof.states() as u64;
            stats.memory_bytes += proof.memory_bytes();
        }
    }
}

/// How long the searches run before the others join them: `WARMUP`, or
/// `WARMUP_SHARE` of a shorter time limit.
fn warmup(config: &SolverConfig) -> Duration {
    config
        .limits
        .time
        .map_or(WARMUP, |limit| WARMUP.min(limit.mul_f64(WARMUP_SHARE)))
}

/// What a search found, with its steps.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    Solved(String, Option<Objective>),
    /// The start is a deadlock.
    Dead,
    /// Every position was searched (with complete pruning only).
    Exhausted,
    Stopped(StopReason),
}

/// Stores the start position in `engine`: its node, or the answer when the start
/// is already a deadlock or the memory is used up.
fn root(engine: &mut Engine<'_>) -> Result<NodeId, Answer> {
    let model = engine.model;
    match engine.store_root(&model.start_boxes, model.start_pusher) {
        Ok(Some(root)) if !start_is_frozen(engine) => Ok(root),
        Ok(_) => Err(Answer::Dead),
        Err(reason) => Err(Answer::Stopped(reason)),
    }
}

/// The answer of an ending of a search on `engine`.
fn answer_of(engine: &mut Engine<'_>, ending: Ending, proven: Option<Objective>) -> Answer {
    match ending {
        Ending::Solved(last) => {
            Answer::Solved(engine.steps_to(last, engine.model.start_pusher), proven)
        }
        Ending::Exhausted | Ending::Met(..) => Answer::Exhausted,
        Ending::Stopped(reason) => Answer::Stopped(reason),
    }
}

fn add_stats(stats: &mut Stats, engine: &Engine<'_>) {
    stats.generated += engine.generated;
    stats.stored += engine.store.len() as u64;
    stats.memory_bytes += engine.store.memory_bytes();
    stats.deadlocks += engine.deadlocks;
}

/// `Any` mode: a portfolio of three searches taking turns with doubling time
/// slices: a greedy best-first search over pushes with goal macros (cheap, strong on
/// most small levels), A* over pushes (strong on short but tricky levels) and FESS
/// over box moves (strong where boxes must be packed in order). Each has a third of
/// the memory budget; the first to find a solution wins. A* and FESS prune soundly
/// and try every move, so either running out of positions proves that there is no
/// solution; the greedy search, whose macros cut, proves nothing until it has run
/// out of positions again without them.
///
/// With `config.threads >= 2` the greedy search runs on the calling thread and the
/// other two on a second one; the first decisive answer (a solution or a proof)
/// stops the other thread.
fn solve_any(
    model: &Model,
    config: &SolverConfig,
    clock: &mut Clock<'_>,
    stats: &mut Stats,
) -> Answer {
    if config.threads < 2 {
        return portfolio(model, config, clock, stats, Members::ALL);
    }
    let main_done = Cancel::new();
    let worker_done = Cancel::new();
    let limits = config.limits;
    let cancel = clock.cancel();
    std::thread::scope(|scope| {
        let worker = scope.spawn(|| {
            let mut silent = crate::config::Silent;
            let mut clock =
                Clock::new(limits, cancel, &mut silent).also_stopped_by(main_done.clone());
            let mut stats = Stats::default();
            let answer = portfolio(model, config, &mut clock, &mut stats, Members::SOUND);
            if decisive(&answer) {
                worker_done.cancel();
            }
            stats.expanded = clock.progress.expanded;
            (answer, stats)
        });
        clock.stop_also(worker_done.clone());
        let mut answer = portfolio(model, config, clock, stats, Members::GREEDY);
        clock.forget_also();
        if answer == Answer::Stopped(StopReason::Memory) {
            // The other thread may still finish: keep the limits and reports going.
            while !worker.is_finished() {
                std::thread::sleep(Duration::from_millis(20));
                if let Err(reason) = clock.poll() {
                    answer = Answer::Stopped(reason);
                    break;
                }
            }
        }
        main_done.cancel();
        let (other, other_stats) = match worker.join() {
            Ok(result) => result,
            Err(panic) => std::panic::resume_unwind(panic),
        };
        stats.generated += other_stats.generated;
        stats.stored += other_stats.stored;
        stats.memory_bytes += other_stats.memory_bytes;
        stats.deadlocks += other_stats.deadlocks;
        clock.progress.expanded += other_stats.expanded;
        match (answer, other) {
            (answer, _) if decisive(&answer) => answer,
            (_, other) if decisive(&other) => other,
            // Both stopped: the calling thread's reason (time, nodes, the caller's
            // cancel or observer), unless it only ran out of memory.
            (Answer::Stopped(StopReason::Memory), other) => other,
            (answer, _) => answer,
        }
    })
}

/// Whether an answer settles the level (the other thread of a two-thread portfolio
/// may stop).
fn decisive(answer: &Answer) -> bool {
    matches!(
        answer,
        Answer::Solved(..) | Answer::Dead | Answer::Exhausted
    )
}

/// Which members of the `Any` portfolio a thread runs.
#[derive(Debug, Clone, Copy)]
struct Members {
    greedy: bool,
    astar: bool,
    fess: bool,
}

impl Members {
    const ALL: Members = Members {
        greedy: true,
        astar: true,
        fess: true,
    };
    const GREEDY: Members = Members {
        greedy: true,
        astar: false,
        fess: false,
    };
    /// The members that try every push, so that their exhaustion is a proof.
    const SOUND: Members = Members {
        greedy: false,
        astar: true,
        fess: true,
    };
}

/// Runs the `members` of the `Any` portfolio in turns on this thread.
///
/// The greedy and A* searches first take turns alone for a short warm-up (most
/// small levels fall to one of them at once); then the feature space search
/// ([`crate::fess`]) takes most of the time, with short turns for the other two.
fn portfolio(
    model: &Model,
    config: &SolverConfig,
    clock: &mut Clock<'_>,
    stats: &mut Stats,
    members: Members,
) -> Answer {
    let memory = config.limits.memory_bytes;
    let small = memory / 6;
    let rooms = if config.features.goal_rooms && members.greedy {
        Some(crate::rooms::Rooms::new(model)).filter(|rooms| !rooms.is_empty())
    } else {
        None
    };
    let mut greedy = None;
    let mut free = None;
    if members.greedy {
        match Member::new(
            model,
            config,
            small,
            Order::Greedy,
            rooms.clone(),
            Moves::GREEDY,
        ) {
            Ok(member) => greedy = Some(member),
            Err(answer) => return answer,
        }
        // A second greedy search free of the PI-corral restriction (its deadlock
        // verdict still prunes): the restriction keeps a solution for a complete
        // search, but forces a greedy one into a corral its heuristic would leave
        // for later, where on some large boards it loses its way. Each search
        // gets lost where the other does not, so both run.
        if config.features.pi_corrals {
            match Member::new(model, config, small / 2, Order::Greedy, rooms, Moves::FREE) {
                Ok(member) => free = Some(member),
                Err(answer) => return answer,
            }
        }
    }
    let mut astar = None;
    if members.astar {
        match Member::new(model, config, small, Order::AStar, None, Moves::ALL) {
            Ok(member) => astar = Some(member),
            Err(answer) => return answer,
        }
    }
    let shared = (members.fess && config.features.fess).then(|| crate::fess::Shared::new(model));
    // The relaxed pull proof's memory comes out of the feature space search's.
    let proof_memory = if members.astar && config.features.relaxed_proofs {
        memory / PROOF_MEMORY_PART
    } else {
        0
    };
    let fess_memory = memory * 2 / 3 - free.as_ref().map_or(0, |_| small / 2) - proof_memory;
    let mut fess = shared
        .as_ref()
        .map(|shared| crate::fess::Fess::new(model, shared, config.features, fess_memory));
    let warmup = warmup(config);
    // A proof of no solution runs beside the sound searches after the warm-up.
    let mut proof = ProofTurns::new(
        members.astar && config.features.relaxed_proofs,
        proof_memory,
    );
    let mut fess_start: Option<Duration> = None;
    let running = |member: &Option<Member<'_>>| member.as_ref().is_some_and(|m| m.search.is_some());
    let mut round = 0_u32;
    let answer = loop {
        let others = running(&greedy) || running(&astar) || running(&free);
        let fess_on = fess.is_some() && (clock.elapsed() >= warmup || !others);
        let (greedy_slice, astar_slice) = if fess_on {
            (FESS_TURN / GREEDY_PART, FESS_TURN / ASTAR_PART)
        } else {
            let slice = SLICE * (1 << round.min(16));
            (slice, slice)
        };
        if let Some(member) = greedy.as_mut() {
            if let Some(answer) = member.slice(model, config, small, clock, greedy_slice) {
                break answer;
            }
        }
        if let Some(member) = astar.as_mut() {
            if let Some(answer) = member.slice(model, config, small, clock, astar_slice) {
                break answer;
            }
        }
        // The free greedy search starts after the warm-up, so that the levels
        // the others solve there take no longer; then it takes turns as long as
        // the greedy search's.
        let warm = clock.elapsed() < warmup;
        if let Some(member) = free.as_mut().filter(|_| !warm) {
            if let Some(answer) = member.slice(model, config, small / 2, clock, greedy_slice) {
                break answer;
            }
        }
        if fess_on {
            let start = *fess_start.get_or_insert_with(|| clock.elapsed());
            // The pull phase takes a third of the time left to the search.
            let pull_until = config.limits.time.map_or(start + PULL_UNLIMITED, |limit| {
                start + limit.saturating_sub(start) / 3
            });
            let until = clock.elapsed() + FESS_TURN;
            let search = fess.as_mut().expect("fess_on checks it");
            match search.resume(clock, Some(until), pull_until) {
                None => {}
                Some(crate::fess::Ending::Solved(steps)) => break Answer::Solved(steps, None),
                // Out of memory or of moves (which proves nothing: its pruning is
                // not all sound for proofs), it leaves the time to the others.
                Some(
                    crate::fess::Ending::Exhausted
                    | crate::fess::Ending::Stopped(StopReason::Memory),
                ) => {
                    stats.generated += search.expansions();
                    fess = None;
                }
                Some(crate::fess::Ending::Stopped(reason)) => break Answer::Stopped(reason),
            }
        }
        if !warm && proof.turn(model, clock) {
            break Answer::Dead;
        }
        if !running(&greedy) && !running(&astar) && !running(&free) && fess.is_none() {
            break Answer::Stopped(StopReason::Memory);
        }
        round += 1;
    };
    for member in [&greedy, &astar, &free].into_iter().flatten() {
        add_stats(stats, &member.engine);
    }
    proof.add_stats(stats);
    if let Some(search) = &fess {
        stats.generated += search.expansions();
        stats.memory_bytes += search.memory_bytes();
    }
    answer
}

/// How long the greedy and A* searches have the level to themselves, at most, and
/// as a share of the time limit.
const WARMUP: Duration = Duration::from_millis(500);
const WARMUP_SHARE: f64 = 0.05;

/// The feature space search's turn; the greedy search then gets a fifth of it (some
/// medium levels fall to it after a few seconds), A* a twentieth.
const FESS_TURN: Duration = Duration::from_millis(500);
const GREEDY_PART: u32 = 5;
const ASTAR_PART: u32 = 20;

/// The relaxed pull proof's turn in each round after the warm-up (about a fiftieth
/// of a round): on a solvable level it only costs time.
const PROOF_TURN: Duration = Duration::from_millis(12);

/// The relaxed pull proof's share of the memory budget (one part in this many),
/// taken from the feature space search's in `Any` mode and from A*'s otherwise.
const PROOF_MEMORY_PART: usize = 16;

/// Without a time limit, the pull phase of the feature space search ends when it
/// has taken every box off the board or after this long.
const PULL_UNLIMITED: Duration = Duration::from_secs(30);

/// A best-first member of the `Any` portfolio with its own engine, optionally
/// paired with a pull search from the solved positions (bidirectional search: the
/// two take turns and a position both store joins their paths).
struct Member<'m> {
    engine: Engine<'m>,
    /// `None` once it has stopped for good.
    search: Option<BestFirst>,
    order: Order,
    /// The pull search, while it runs.
    pulls: Option<(Engine<'m>, BestFirst)>,
}

/// Which moves a member of the portfolio generates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Moves {
    /// Tunnel and goal-room macros: they cut solutions, so only greedy searches,
    /// which restart without them when they run out of positions, use them.
    macros: bool,
    /// Only the pushes of one PI-corral's boxes when one exists.
    pi_restriction: bool,
}

impl Moves {
    /// The greedy search with its pull partner.
    const GREEDY: Moves = Moves {
        macros: true,
        pi_restriction: true,
    };
    /// The greedy search free of the PI-corral restriction.
    const FREE: Moves = Moves {
        macros: true,
        pi_restriction: false,
    };
    /// Every push, one at a time (A*).
    const ALL: Moves = Moves {
        macros: false,
        pi_restriction: true,
    };
}

impl<'m> Member<'m> {
    fn new(
        model: &'m Model,
        config: &SolverConfig,
        budget: usize,
        order: Order,
        rooms: Option<crate::rooms::Rooms>,
        moves: Moves,
    ) -> Result<Member<'m>, Answer> {
        // A greedy search free of the PI-corral restriction runs beside one with
        // it, which has the pull partner.
        let bidirectional =
            config.features.bidirectional && order == Order::Greedy && moves.pi_restriction;
        let share = if bidirectional { budget / 2 } else { budget };
        let mut engine = Engine::new(model, config.features, PusherKey::Normalized, share);
        // Macros cut solutions: only the greedy search, which restarts without
        // them when it runs out of positions, uses them.
        engine.macros = moves.macros;
        engine.pi_restriction = moves.pi_restriction;
        engine.rooms = rooms.filter(|_| moves.macros);
        let root = root(&mut engine)?;
        let search = match BestFirst::start(&mut engine, root, order, one_push, true) {
            Ok(search) => search,
            Err(ending) => return Err(answer_of(&mut engine, ending, None)),
        };
        let pulls = bidirectional.then(|| pull_search(model, config, share));
        Ok(Member {
            engine,
            search: Some(search),
            order,
            pulls: pulls.flatten(),
        })
    }

    /// Runs for `slice`; the portfolio's answer when this member ends it.
    fn slice(
        &mut self,
        model: &'m Model,
        config: &SolverConfig,
        budget: usize,
        clock: &mut Clock<'_>,
        slice: Duration,
    ) -> Option<Answer> {
        if let Some(answer) = self.pull_slice(model, clock, slice / 2) {
            return Some(answer);
        }
        let search = self.search.as_mut()?;
        let until = clock.elapsed() + slice;
        let other = self.pulls.as_ref().map(|(engine, _)| &engine.store);
        match search.resume(&mut self.engine, clock, Some(until), other)? {
            Ending::Solved(last) => Some(Answer::Solved(
                self.engine.steps_to(last, model.start_pusher),
                None,
            )),
            Ending::Met(here, there) => {
                let (pull_engine, _) = self.pulls.as_ref()?;
                Some(Answer::Solved(
                    meeting(&self.engine, here, pull_engine, there),
                    None,
                ))
            }
            // Goal macros cut solutions: when they run out of positions the search
            // starts again without them (the pull search goes on).
            Ending::Exhausted if self.engine.macros => {
                let pulls = self.pulls.take();
                let moves = Moves {
                    macros: false,
                    pi_restriction: self.engine.pi_restriction,
                };
                match Member::new(model, config, budget, self.order, None, moves) {
                    Ok(member) => *self = Member { pulls, ..member },
                    Err(answer) => return Some(answer),
                }
                None
            }
            // Every position searched with sound pruning: no solution.
            Ending::Exhausted => Some(Answer::Exhausted),
            // Out of memory: the others go on.
            Ending::Stopped(StopReason::Memory) => {
                self.search = None;
                None
            }
            Ending::Stopped(reason) => Some(Answer::Stopped(reason)),
        }
    }

    /// Runs the pull search for `slice`, meeting the push search's positions.
    fn pull_slice(
        &mut self,
        model: &'m Model,
        clock: &mut Clock<'_>,
        slice: Duration,
    ) -> Option<Answer> {
        let (pull_engine, pull_search) = self.pulls.as_mut()?;
        let until = clock.elapsed() + slice;
        let other = self.search.as_ref().map(|_| &self.engine.store);
        match pull_search.resume(pull_engine, clock, Some(until), other)? {
            Ending::Met(there, here) => Some(Answer::Solved(
                meeting(&self.engine, here, pull_engine, there),
                None,
            )),
            // Every position that leads to a solved one was pulled back to, and
            // none is the start (which the push search stores): no solution.
            Ending::Exhausted => Some(Answer::Exhausted),
            Ending::Stopped(reason) if reason != StopReason::Memory => {
                Some(Answer::Stopped(reason))
            }
            // Out of memory (or a solved position, which a pull search never
            // reaches): the push search goes on alone.
            _ => {
                let _ = model;
                self.pulls = None;
                None
            }
        }
    }
}

/// A pull search from every solved position (one root per area the pusher can be
/// in), or `None` when memory runs out at once.
fn pull_search<'m>(
    model: &'m Model,
    config: &SolverConfig,
    budget: usize,
) -> Option<(Engine<'m>, BestFirst)> {
    let mut engine = Engine::reverse(model, config.features, budget);
    let mut roots = Vec::new();
    let mut seen = PerCell::filled(false, model.board.cells_len());
    for &cell in model.floor.iter() {
        if model.board.is_goal(cell) || seen[cell] {
            continue;
        }
        // One root per area of the floor the goals leave free.
        let mut stack = vec![cell];
        seen[cell] = true;
        while let Some(current) = stack.pop() {
            for &direction in model.directions {
                let Some(next) = model.neighbor(current, direction) else {
                    continue;
                };
                if !seen[next] && !model.board.is_goal(next) {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        match engine.store_root(&model.goals, cell) {
            Ok(Some(root)) => roots.push(root),
            Ok(None) => {}
            Err(_) => return None,
        }
    }
    let search = BestFirst::start_all(&engine, &roots, Order::Greedy, one_push);
    Some((engine, search))
}

/// The steps of a solution through a position stored by a push search (`here`)
/// and by the pull search (`there`): the pushes up to it, then the pulls from it
/// back to the solved position, played as pushes.
fn meeting(push: &Engine<'_>, here: NodeId, pull: &Engine<'_>, there: NodeId) -> String {
    let model = push.model;
    let path = push.store.path_to(here);
    let root_boxes: Vec<Cell> = model
        .cells_of(crate::store::bits::ones(push.store.boxes(path[0])))
        .collect();
    let mut writer = crate::engine::StepWriter::new(model, &root_boxes, model.start_pusher);
    for &id in &path[1..] {
        let node = *push.store.node(id);
        writer.move_box(
            node.moved_from,
            node.moved_to,
            Direction::from_index(usize::from(node.last)),
        );
    }
    let mut id = there;
    loop {
        let node = *pull.store.node(id);
        if node.parent == NodeId::NONE {
            break;
        }
        // The pull moved the box from `moved_from` to `moved_to`; pushed back, it
        // goes the other way, the last push opposite to the pull.
        let last = Direction::from_index(usize::from(node.last)).map(Direction::opposite);
        writer.move_box(node.moved_to, node.moved_from, last);
        id = node.parent;
    }
    writer.steps
}

/// The time each search of the `Any` portfolio gets in the first round; each round
/// doubles it, so both get about half the time whichever finishes.
const SLICE: Duration = Duration::from_millis(25);

/// Whether a box of the start position is frozen off a goal.
fn start_is_frozen(engine: &mut Engine<'_>) -> bool {
    if !engine.features.freeze {
        return false;
    }
    let boxes = engine.boxes.clone();
    boxes
        .into_iter()
        .any(|cell| engine.is_frozen_deadlock(cell))
}

fn one_push(child: &Child) -> u32 {
    child.pushes
}

fn walk_and_push(child: &Child) -> u32 {
    child.walk + 1
}

/// Replays `lurd` with the metrics crate's verifier.
pub(crate) fn verify(
    model: &Model,
    lurd: &str,
) -> Result<sokoengine_metrics::SolutionMetrics, SolverError> {
    let mut verifier = SolutionVerifier::from_board(model.board.clone())
        .map_err(|error| SolverError::Internal(error.to_string()))?;
    let result = verifier.verify(lurd);
    debug_assert!(
        result.is_ok(),
        "the solver's solution {lurd} does not verify: {result:?}"
    );
    result.map_err(|error| {
        SolverError::Internal(format!(
            "a found solution does not verify ({error}): {lurd}"
        ))
    })
}

impl From<StopReason> for Ending {
    fn from(reason: StopReason) -> Ending {
        Ending::Stopped(reason)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Limits, Silent};
    use sokoengine_geometry::Tessellation;

    #[test]
    fn the_node_limit_is_exact() {
        let puzzle = Puzzle::parse(
            Tessellation::Sokoban,
            "#######\n#     #\n# $.$ #\n# .$. #\n# $.$ #\n#  .@ #\n#######",
        )
        .unwrap();
        for objective in Objective::ALL {
            let mut config = SolverConfig::new(objective);
            config.limits = Limits::default().with_nodes(3);
            let outcome = solve(&puzzle, &config, &Cancel::new(), &mut Silent).unwrap();
            match outcome {
                SolveOutcome::Stopped(StopReason::Nodes, stats) => assert_eq!(stats.expanded, 3),
                SolveOutcome::Solved(solution) => assert!(solution.stats.expanded <= 3),
                other => panic!("{objective}: {other:?}"),
            }
        }
    }
}
