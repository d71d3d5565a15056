//! [`Mcts`]: Monte Carlo tree search with Blokus knowledge.
//!
//! The design is documented on [`Mcts`], where users of the crate read it.

mod book;
mod distill;
pub(crate) mod features;
pub(crate) mod model;
mod playout;
mod stats;
mod territory;
mod tree;

use std::time::{Duration, Instant};

use crate::board::Board;
use crate::engine::{Engine, Teams};
use crate::moves::Move;
use crate::rng::Rng;
use crate::types::Piece;
pub use book::{OpeningBook, OpeningBookError, OpeningBookErrorKind};
pub use distill::Distiller;
use features::{PickWeights, PlayoutBonus, Sides, Tracker};
pub use model::{MoveModel, MoveModelError};
use playout::{CornerPolicy, PlayoutState};
use stats::{N_KEYS, PlacementStats};
use territory::Territory;
use tree::{Edge, ExpandBuffers, MAX_EDGES, NONE, Node, Tree};

/// How much thinking a move gets.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use sokoengine_tilewe::Budget;
///
/// assert_eq!(Budget::Playouts(500).to_string(), "500 playouts");
/// assert_eq!(Budget::Time(Duration::from_millis(20)).to_string(), "20 ms");
/// assert_eq!(
///     Budget::AverageTime(Duration::from_millis(1000)).to_string(),
///     "1000 ms on average"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Budget {
    /// At most this many simulations per move (tree visits kept from earlier moves do
    /// not count): the same seed gives the same moves. A decision stops sooner when the
    /// most visited move leads by more than two thirds of the simulations left, and a
    /// forced move gets none.
    Playouts(u32),
    /// Search until this much wall-clock time has passed (at least one simulation where
    /// there is a choice; a forced move gets none). There is no early stop: time a cap
    /// per move leaves unused cannot be spent later, and the extra search deepens the
    /// subtree the next decision reuses.
    Time(Duration),
    /// A clock for each colour: this much wall-clock time a move on average over the
    /// colour's game. A decision's share is the average plus the time the colour's
    /// earlier moves left unused, spread over the moves it is expected still to make. It
    /// stops early like a playout budget (the simulations left estimated from the pace
    /// so far), so clear choices save time for open ones, and since that leaves about
    /// half unused, a decision may take twice its share, borrowing from the colour's
    /// later moves what they can give back (at most four times the average).
    /// A forced move saves its whole share. A new game (a position off the line of the
    /// engine's earlier decisions) starts the clocks anew.
    AverageTime(Duration),
}

/// The most a decision under [`Budget::AverageTime`] may take, in multiples of the
/// average.
const AVERAGE_TIME_MAX_FACTOR: u32 = 4;

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Playouts(n) => write!(f, "{n} playouts"),
            Budget::Time(t) => write!(f, "{} ms", t.as_millis()),
            Budget::AverageTime(t) => write!(f, "{} ms on average", t.as_millis()),
        }
    }
}

/// Search parameters, set by matches against Pentobi (the measurements:
/// docs/tilewe.md#what-the-settings-rest-on).
#[derive(Clone, Debug)]
struct Params {
    /// Move scores of the priors.
    model: MoveModel,
    /// Prior value of the best-scored edge and of one scored far below:
    /// `floor + (top - floor) * exp(-(best - score) / UNIT)`.
    prior_top: f32,
    prior_floor: f32,
    /// Virtual visits of the prior.
    prior_visits: f32,
    /// UCT exploration constant.
    exploration: f32,
    /// RAVE bias: smaller trusts AMAF values longer.
    rave_bias: f32,
    /// Most edges per node: the best-scored placements.
    max_edges: usize,
    /// Visits before a node grows edges (the root always has them): 3 leaves time for
    /// more playouts than 1 and measured stronger at equal CPU time.
    expand_after: u32,
    /// The playout policy.
    playout: CornerPolicy,
    /// Result of a win above 0.5 (a loss is as far below); the rest of the 0..1 range
    /// follows the margin in cells, full at `margin_scale`.
    win_share: f32,
    margin_scale: f32,
    /// How the playouts choose among the placements at the drawn corner.
    pick: PickWeights,
    /// Early stop: a search ends once the most visited root edge leads every other by
    /// more than this share of the simulations left (1 stops only when no other edge can
    /// catch up any more, so the move is the one the full budget would choose; smaller
    /// shares stop sooner; infinity never stops early). 0.67 (the runner-up would need
    /// about two of every three simulations left) measured stronger than 1 at equal CPU
    /// time.
    stop_share: f32,
    /// Most AMAF visits a new edge takes over from the game's placement statistics
    /// ([`PlacementStats`]); 0 starts every edge from nothing.
    inherit_cap: f32,
    /// How much the statistics of earlier decisions still count at each new one.
    inherit_decay: f32,
    /// The playouts' pick with a bonus from the placement statistics (MAST; see
    /// [`features::playout_pick_by_stats`]): up to 4 points either way, 4 per 0.1 of the
    /// placement's mean result above the colour's, once it has 4 visits' worth; `None`:
    /// the pick score alone, ties drawn at random. It measured stronger than the pick
    /// score alone, and than the statistics breaking only its ties, though each
    /// simulation costs more instructions.
    playout_bonus: Option<PlayoutBonus>,
    /// The leaf estimate ([`territory`]): the room near each colour's open corners where
    /// the tree ends, mixed into the playout's result; `None`: the playout's alone.
    territory: Option<Territory>,
}

impl Params {
    fn standard() -> Params {
        Params {
            model: MoveModel::standard().clone(),
            prior_top: 0.6,
            prior_floor: 0.1,
            prior_visits: 5.0,
            exploration: 0.1,
            rave_bias: 0.05,
            max_edges: 120,
            expand_after: 3,
            playout: CornerPolicy {
                sample: 3,
                contested: 230,
            },
            win_share: 0.2,
            margin_scale: 30.0,
            pick: PickWeights {
                gained: 2,
                blocked: 5,
                lost: 3,
            },
            stop_share: STOP_SHARE,
            inherit_cap: 64.0,
            inherit_decay: 0.25,
            playout_bonus: Some(PlayoutBonus::new(4.0, 0.1, 4.0)),
            territory: Some(TERRITORY),
        }
    }
}

/// Pieces a colour places in a game, about (the average against Pentobi level 7): how
/// [`Budget::AverageTime`] spreads a colour's saved time.
const EXPECTED_PLACEMENTS: usize = 17;

/// Share of its allowed time a decision under [`Budget::AverageTime`] is expected to
/// take with the early stop (a little over half, against Pentobi level 7): a decision is
/// allowed its share divided by this, so that the early stop's savings are spent. 0.5
/// measured stronger than 0.6 and than no borrowing.
const EXPECTED_USE: f64 = 0.5;

/// Fewest moves the saved time is spread over while a colour still has pieces.
const MIN_MOVES_LEFT: usize = 3;

/// The standard [`Params::stop_share`].
const STOP_SHARE: f32 = 0.67;

/// The standard leaf estimate.
const TERRITORY: Territory = Territory {
    mix: 0.2,
    depth: 6,
    per_cell: 0.5,
    contested: 0.5,
};

/// Per-simulation scratch space, kept to avoid allocating.
#[derive(Clone, Debug)]
struct Scratch {
    board: Board,
    tracker: Tracker,
    /// The tracker of the root position.
    root_tracker: Tracker,
    /// (node, edge) of each tree step.
    path: Vec<(u32, u32)>,
    /// (colour, placement key) of every move of the simulation.
    played: Vec<(u8, u32)>,
    /// AMAF membership: per colour, a bit per placement key.
    amaf: Vec<u64>,
    expand: ExpandBuffers,
}

impl Scratch {
    fn new(board: &Board) -> Scratch {
        Scratch {
            board: board.without_history(),
            tracker: Tracker::new(board),
            root_tracker: Tracker::new(board),
            path: Vec::new(),
            played: Vec::new(),
            amaf: vec![0; 4 * AMAF_WORDS],
            expand: ExpandBuffers::new(),
        }
    }

    /// Resets the board and tracker to the root's position, `root` (a simulation and
    /// the root's expansion start there).
    fn reset_to_root(&mut self, root: &Board) {
        self.board.copy_position_from(root);
        self.tracker.clone_from(&self.root_tracker);
    }
}

/// Words of one colour's AMAF bit set.
const AMAF_WORDS: usize = N_KEYS.div_ceil(64);

/// Monte Carlo tree search with Blokus knowledge: the strongest engine here.
///
/// * **Tree**: one node per position, one edge per distinct placement (a placement
///   reached through several (contact, target) pairs is one edge); in crowded positions
///   only the 120 best-scored placements enter. A node grows its edges on its fourth
///   visit (scoring every move of a node is as dear as a playout, and most nodes are
///   reached only once or twice); its move list is kept with it.
/// * **Selection**: UCT with RAVE (Gelly and Silver's "all moves as first" values,
///   blended by their minimum-MSE schedule) and prior knowledge: every edge starts with
///   virtual visits whose value follows the move model's opinion of the placement.
/// * **Move model** (the priors; a [`MoveModel`], its weights fitted by a [`Distiller`]
///   to the engine's own choices): piece size (most of all in the opening), open corners
///   gained, opponents' corners taken and partners' spared, own corners wasted ("no
///   self-blocking"), answers to the opponents' latest moves, contact with their tiles,
///   and in a colour's first five moves how close it comes to the centre.
/// * **Playouts** (to the end of the game): the player to move draws three of his open
///   corners, those he shares with an opponent first (placing there takes it from him),
///   picks the one where the largest piece fits, and there plays the placement of that
///   size that scores best on new corners gained (x2), opponents' corners taken (x5)
///   and own corners wasted (x-3), plus a bonus from the game's placement statistics
///   (below; MAST, from general game playing): 4 points for each 0.1 by which the
///   placement's mean result for him is above his mean result over all his placements,
///   at most 4 either way, none before it has four visits' worth; ties drawn at random.
///   Only the drawn corners are searched, on the board's incrementally updated bit
///   planes, so a step costs a fraction of generating every move (simulations a
///   second: docs/performance.md#tilewe).
/// * **Result** of a playout, per colour: 0.7 for a win, 0.5 for a tie, 0.3 for a loss,
///   moved by up to 0.3 by the margin in cells (its side's against the best other
///   side's), so the search plays for cells as well as for the win.
/// * **Leaf estimate**: where the tree ends, each colour's score plus half
///   a cell for every free cell within six steps of its open corners (a cell an opponent
///   reaches too counts half), at most its hand, is scored like a finished game; a
///   simulation's result is a fifth that and four fifths the playout's. It reads off
///   the board the room a colour keeps, which the playouts see only through the pieces
///   that happen to fit in it; it measured several cells a colour stronger against
///   Pentobi, for about 1 % of a simulation's time.
/// * **Reuse**: the subtree of the position reached is kept for the next decision, so
///   visits spent on the opponents' replies are not lost.
/// * **Placement statistics**: every colour's AMAF results per placement over all the
///   game's simulations (an earlier decision's counting a quarter as much at each new one)
///   seed the AMAF values of every new edge, up to 64 visits' worth: a node grown late,
///   with few simulations left to judge its moves, starts from what the whole search has
///   seen of them rather than from the move model alone. The playouts read them too
///   (above).
/// * **Time**: a forced move is played without a simulation, and a search with a
///   playout budget stops once the most visited root move leads every other by more
///   than two thirds of the simulations left (the runner-up would need two of every
///   three to catch up; with the whole remainder it could not overtake at all); a
///   higher budget spends the time saved where the choice is open. A time budget is a
///   cap on each move, whose unused time no later move could spend, so it searches its
///   whole time: the extra simulations deepen the chosen move's subtree, which the next
///   decision reuses (it measured stronger than stopping early under a cap).
///   An average time a move ([`Budget::AverageTime`]) is a clock per colour instead:
///   a decision stops early like a playout budget and may take more than the average
///   (at most four times it), the colour's later moves giving the time back, so time a
///   clear choice leaves unused goes to open ones.
/// * **Opening book** (optional, [`Mcts::with_book`]): in Blokus Two-Player each
///   colour's first pieces can come from an [`OpeningBook`] of the engine's own deep
///   searches, keyed on the colour's own placements seen from its corner and used only
///   while the other colours are far away.
///
/// What each part measured against Pentobi, and where the engine stands:
/// docs/tilewe.md.
///
/// Randomness comes only from the [`Rng`] handed to [`Engine::choose`], and every number
/// the search compares is computed with `+ - * /` and square roots (IEEE 754 rounds those
/// identically everywhere; the logarithm is a short series of them), so a seed and a
/// playout budget give the same moves on every platform. The search runs on one thread.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Budget, Engine, Mcts, Rng, Teams};
///
/// let board = Board::new(4)?;
/// let mut engine = Mcts::new(Budget::Playouts(50));
/// let mv = engine.choose(&board, &mut Rng::new(1)).expect("the opening has moves");
/// assert!(board.is_legal(mv));
/// // Same seed, same budget: same move.
/// assert_eq!(Mcts::new(Budget::Playouts(50)).choose(&board, &mut Rng::new(1)), Some(mv));
/// // Blokus Two-Player: blue and red play together.
/// let partners = Mcts::new(Budget::Playouts(50)).with_teams(Teams::Partners);
/// assert_eq!(partners.teams(), Teams::Partners);
/// # Ok::<(), sokoengine_tilewe::BoardError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Mcts {
    budget: Budget,
    teams: Teams,
    params: Params,
    tree: Tree,
    scratch: Option<Box<Scratch>>,
    /// The root's leader and runner-up, kept for the early stop.
    lead: RootLead,
    last_simulations: u32,
    /// Consulted before searching, in Blokus Two-Player only.
    book: Option<OpeningBook>,
    /// Every colour's AMAF results per placement over the game's simulations, which new
    /// edges start from.
    stats: PlacementStats,
    /// Seconds each colour's earlier decisions left unused under
    /// [`Budget::AverageTime`] (negative: overspent).
    saved: [f64; 4],
}

impl Default for Mcts {
    /// 3,000 playouts a move.
    fn default() -> Mcts {
        Mcts::new(Budget::Playouts(3000))
    }
}

impl Mcts {
    /// An engine searching `budget` per move, every colour for itself.
    #[must_use]
    pub fn new(budget: Budget) -> Mcts {
        let params = Params::standard();
        Mcts {
            budget,
            teams: Teams::Solo,
            stats: match params.playout_bonus {
                Some(bonus) => {
                    PlacementStats::new(params.inherit_decay).with_playout_values(bonus.min_count)
                }
                None => PlacementStats::new(params.inherit_decay),
            },
            params,
            tree: Tree::default(),
            scratch: None,
            lead: RootLead::default(),
            last_simulations: 0,
            book: None,
            saved: [0.0; 4],
        }
    }

    /// The same engine playing for `teams`.
    #[must_use]
    pub fn with_teams(mut self, teams: Teams) -> Mcts {
        self.teams = teams;
        self
    }

    /// The same engine with `model` for its priors (the default is
    /// [`MoveModel::standard`]); the tree is forgotten.
    #[must_use]
    pub fn with_model(mut self, model: MoveModel) -> Mcts {
        self.params.model = model;
        self.clear();
        self
    }

    /// The same engine, stopping a decision early (the default) or not: with it, a
    /// search with a playout budget ends once the most visited move at the root leads
    /// the runner-up by more than two thirds of the playouts left (the runner-up would
    /// need two of every three to catch up); without it every decision with a choice runs
    /// its whole budget (for [`Mcts::root_visits`] statistics or speed measurements). An
    /// average time stops early the same way, the simulations left estimated from the
    /// pace so far (without it, each decision takes all the time it is allowed). A time
    /// budget always runs its whole time, and a forced move gets no simulation either
    /// way.
    #[must_use]
    pub fn with_early_stop(mut self, early_stop: bool) -> Mcts {
        self.params.stop_share = if early_stop {
            STOP_SHARE
        } else {
            f32::INFINITY
        };
        self
    }

    /// The same engine, with the leaf estimate (the default) or without it: with it, a
    /// simulation's result is a fifth the room each colour has near its open corners
    /// where the tree ends, and four fifths the playout's; without it, the playout's
    /// alone (for comparisons).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Budget, Engine, Mcts, Rng};
    ///
    /// let board = Board::new(4)?;
    /// let mut plain = Mcts::new(Budget::Playouts(50)).with_leaf_estimate(false);
    /// assert!(plain.choose(&board, &mut Rng::new(1)).is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_leaf_estimate(mut self, leaf_estimate: bool) -> Mcts {
        self.params.territory = leaf_estimate.then_some(TERRITORY);
        self
    }

    /// The same engine consulting `book` before it searches (`None`: never). The book
    /// answers only in Blokus Two-Player ([`Teams::Partners`] on the classic board with
    /// its fixed start corners); a book move costs no simulations and draws no random
    /// numbers, so a seed still gives the same game.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Budget, Engine, Mcts, OpeningBook, Rng, StartCorners, Teams};
    ///
    /// let board = Board::with_start_corners(4, StartCorners::Fixed)?;
    /// let mut engine = Mcts::new(Budget::Playouts(50))
    ///     .with_teams(Teams::Partners)
    ///     .with_book(Some(OpeningBook::standard().clone()));
    /// let mv = engine.choose(&board, &mut Rng::new(1));
    /// assert_eq!(mv, OpeningBook::standard().lookup(&board));
    /// assert_eq!(engine.last_simulations(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_book(mut self, book: Option<OpeningBook>) -> Mcts {
        self.book = book;
        self
    }

    /// The opening book consulted before searching, if any.
    #[must_use]
    pub const fn book(&self) -> Option<&OpeningBook> {
        self.book.as_ref()
    }

    /// The move model of the priors.
    #[must_use]
    pub const fn model(&self) -> &MoveModel {
        &self.params.model
    }

    /// The budget per move.
    #[must_use]
    pub const fn budget(&self) -> Budget {
        self.budget
    }

    /// Who the engine plays with.
    #[must_use]
    pub const fn teams(&self) -> Teams {
        self.teams
    }

    /// Simulations run for the last decision.
    #[must_use]
    pub const fn last_simulations(&self) -> u32 {
        self.last_simulations
    }

    /// Visits of each move at the root of the last decision (one entry per distinct
    /// placement the tree considered), most visited first.
    #[must_use]
    pub fn root_visits(&self) -> Vec<(Move, u32)> {
        let Some(&root) = self.tree.nodes.first() else {
            return Vec::new();
        };
        let mut out: Vec<(Move, u32)> = self
            .tree
            .edges_of(root)
            .iter()
            .map(|e| (e.mv, e.visits))
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }

    /// Forgets the tree (the next decision starts from scratch) and the time the
    /// colours saved under [`Budget::AverageTime`].
    pub fn clear(&mut self) {
        self.tree = Tree::default();
        self.stats.clear();
        self.saved = [0.0; 4];
    }

    /// Grows the root's edges if it has none yet (as the first simulation would) and
    /// returns how many it has (`u32::MAX` when the tree is full and it cannot grow).
    fn expand_root(&mut self, sides: Sides) -> u32 {
        let node = self.tree.nodes[0];
        if node.expanded {
            return node.len;
        }
        if self.tree.edges.len() >= MAX_EDGES {
            return u32::MAX;
        }
        let (Some(root), Some(s)) = (self.tree.root.as_ref(), self.scratch.as_mut()) else {
            return u32::MAX;
        };
        s.reset_to_root(root);
        let s = s.as_mut();
        self.tree.expand(
            0,
            (&s.board, &s.tracker),
            sides,
            &self.params,
            &mut s.expand,
            &self.stats,
        );
        self.tree.nodes[0].len
    }

    /// Whether the search may stop with `left` simulations to go: the most visited root
    /// edge leads the runner-up by more than `stop_share` of them (with a share of 1 no
    /// other edge can overtake it any more, so the move is already the budget's choice).
    fn decided(&self, left: u32) -> bool {
        let RootLead { first, second, .. } = self.lead;
        (first - second) as f32 > self.params.stop_share * left as f32
    }

    /// Runs one simulation from the root: selection and expansion in the tree, a
    /// playout to the end of the game, and the backup of its result (with AMAF updates).
    fn simulate(&mut self, sides: Sides, rng: &mut Rng) {
        let params = &self.params;
        let tree = &mut self.tree;
        let lead = &mut self.lead;
        let Some(root) = tree.root.as_ref() else {
            return;
        };
        let scratch = self
            .scratch
            .get_or_insert_with(|| Box::new(Scratch::new(root)));
        scratch.reset_to_root(root);
        scratch.path.clear();
        scratch.played.clear();

        // Selection and expansion.
        let mut node = 0u32;
        while !scratch.board.is_finished() {
            let n = tree.nodes[node as usize];
            if !n.expanded {
                if n.visits < params.expand_after && node != 0 || tree.edges.len() >= MAX_EDGES {
                    break;
                }
                let s = scratch.as_mut();
                tree.expand(
                    node,
                    (&s.board, &s.tracker),
                    sides,
                    params,
                    &mut s.expand,
                    &self.stats,
                );
            }
            let n = tree.nodes[node as usize];
            if n.len == 0 {
                break;
            }
            let e = tree.select(n, params);
            let edge = tree.edges[e as usize];
            scratch.path.push((node, e));
            scratch.played.push((n.mover, edge.key));
            scratch.tracker.record(usize::from(n.mover), edge.mv);
            // The scratch board never pops: no undo record.
            scratch.board.push_playout(edge.mv);
            node = if edge.child == NONE {
                let child = tree.nodes.len() as u32;
                tree.nodes.push(Node::new(scratch.board.current));
                tree.edges[e as usize].child = child;
                child
            } else {
                edge.child
            };
        }
        tree.nodes[node as usize].visits += 1;
        let leaf = params.territory.map(|territory| {
            let estimates = territory::estimates(&scratch.board, sides, &territory);
            (
                territory.mix,
                results(estimates, scratch.board.player_count(), self.teams, params),
            )
        });

        // Playout.
        let board = &mut scratch.board;
        let mut state = PlayoutState::new(board);
        loop {
            let opponents = sides.opponents[usize::from(board.current)];
            let Some(target) =
                board.corner_playout_target(rng, &params.playout, opponents, &mut state)
            else {
                break;
            };
            let view = match &params.playout_bonus {
                Some(bonus) => self.stats.playout_view(board.current).map(|v| (bonus, v)),
                None => None,
            };
            let mv = if target.size == 0 {
                board.largest_piece_move(rng)
            } else if let Some((bonus, view)) = view {
                let pick = (params.pick, bonus);
                features::playout_pick_by_stats(board, opponents, &target, pick, &view, rng)
            } else {
                features::playout_pick(board, opponents, &target, params.pick, rng)
            };
            let Some(mv) = mv else { break };
            scratch.played.push((board.current, mv.placement_key()));
            state.record(usize::from(board.current), mv);
            board.push_playout(mv);
        }

        // Backup, with AMAF: an edge of a node on the path counts the simulation when its
        // mover made the same placement at that node or later.
        let mut rewards = rewards(board, self.teams, params);
        if let Some((mix, leaf)) = leaf {
            for (reward, estimate) in rewards.iter_mut().zip(leaf) {
                *reward = (1.0 - mix) * *reward + mix * estimate;
            }
        }
        let amaf = &mut scratch.amaf;
        let bit = |color: u8, key: u32| {
            (
                usize::from(color) * AMAF_WORDS + key as usize / 64,
                key % 64,
            )
        };
        for &(color, key) in &scratch.played[scratch.path.len()..] {
            let (word, b) = bit(color, key);
            amaf[word] |= 1 << b;
        }
        for (depth, &(node, e)) in scratch.path.iter().enumerate().rev() {
            let (color, key) = scratch.played[depth];
            let (word, b) = bit(color, key);
            amaf[word] |= 1 << b;
            let n = &mut tree.nodes[node as usize];
            n.visits += 1;
            let n = *n;
            let mover = usize::from(n.mover);
            let reward = rewards[mover];
            let edge = &mut tree.edges[e as usize];
            edge.visits += 1;
            edge.wins += reward;
            // The followed edge's own placement is in the mover's set, so the loop
            // updates its value with the others'.
            let bits = &amaf[mover * AMAF_WORDS..(mover + 1) * AMAF_WORDS];
            for edge in &mut tree.edges[n.first as usize..(n.first + n.len) as usize] {
                if bits[edge.key as usize / 64] & 1 << (edge.key % 64) != 0 {
                    edge.amaf_visits += 1;
                    edge.amaf_wins += reward;
                    edge.update_value(params);
                }
            }
        }
        for &(color, key) in &scratch.played {
            amaf[bit(color, key).0] = 0;
        }
        if params.inherit_cap > 0.0 {
            for &(color, key) in &scratch.played {
                self.stats.record(color, key, rewards[usize::from(color)]);
            }
        }
        if let Some(&(0, e)) = scratch.path.first() {
            lead.visited(e, tree.edges[e as usize].visits);
        }
    }
}

/// The visits of the most visited root edge and of the runner-up (0 without one), kept
/// as the root's edges are backed up: the early stop reads them after every simulation,
/// which a scan of the root's edges made about 0.7 % of the search's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct RootLead {
    /// The edge with `first` visits.
    leader: u32,
    first: u32,
    second: u32,
}

impl RootLead {
    /// The lead among `edges`, the root's edges from index `first_edge`: the most
    /// visits, and the most among the other edges.
    fn scan(edges: &[Edge], first_edge: u32) -> RootLead {
        let mut lead = RootLead::default();
        for (i, e) in (first_edge..).zip(edges) {
            if e.visits > lead.first {
                lead = RootLead {
                    leader: i,
                    first: e.visits,
                    second: lead.first,
                };
            } else if e.visits > lead.second {
                lead.second = e.visits;
            }
        }
        lead
    }

    /// Root edge `edge` now has `visits`, one more than before.
    fn visited(&mut self, edge: u32, visits: u32) {
        if edge == self.leader {
            self.first = visits;
        } else if visits > self.first {
            // It was tied with the leader: the leader becomes the runner-up.
            *self = RootLead {
                leader: edge,
                first: visits,
                second: self.first,
            };
        } else if visits > self.second {
            self.second = visits;
        }
    }
}

/// Each colour's result of a finished game (see the [module docs](self)).
fn rewards(board: &Board, teams: Teams, params: &Params) -> [f32; 4] {
    let scores = std::array::from_fn(|p| f32::from(board.scores[p]));
    results(scores, board.player_count(), teams, params)
}

/// Each colour's result when the colours' cells are `cells` (scores, or estimates): a
/// win, tie or loss of its side against the best other side, moved by the margin.
fn results(cells: [f32; 4], n_players: usize, teams: Teams, params: &Params) -> [f32; 4] {
    let numbers = teams.numbers(n_players);
    let mut side_cells = [0.0; 4];
    for p in 0..n_players {
        side_cells[usize::from(numbers[p])] += cells[p];
    }
    let mut out = [0.5; 4];
    for p in 0..n_players {
        let mine = usize::from(numbers[p]);
        let best_other = (0..n_players)
            .map(|q| usize::from(numbers[q]))
            .filter(|&t| t != mine)
            .map(|t| side_cells[t])
            .reduce(f32::max);
        let Some(other) = best_other else {
            continue;
        };
        let margin = side_cells[mine] - other;
        let sign = if margin > 0.0 {
            1.0
        } else if margin < 0.0 {
            -1.0
        } else {
            0.0
        };
        let rest = 0.5 - params.win_share;
        out[p] =
            0.5 + params.win_share * sign + rest * (margin / params.margin_scale).clamp(-1.0, 1.0);
    }
    out
}

impl Engine for Mcts {
    fn name(&self) -> String {
        let book = if self.book.is_some() { "+book" } else { "" };
        match self.budget {
            Budget::Playouts(n) => format!("mcts-{n}{book}"),
            Budget::Time(t) => format!("mcts-{}ms{book}", t.as_millis()),
            Budget::AverageTime(t) => format!("mcts-avg{}ms{book}", t.as_millis()),
        }
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> Option<Move> {
        if board.is_finished() {
            return None;
        }
        let start = Instant::now();
        // Another game (or a position off this game's line) starts the clocks anew.
        let same_game = board.moves().starts_with(&self.tree.history);
        if !same_game {
            self.saved = [0.0; 4];
        }
        let mv = self.decide(board, rng, start, same_game);
        if let Budget::AverageTime(average) = self.budget {
            let color = board.current_player().index();
            self.saved[color] += average.as_secs_f64() - start.elapsed().as_secs_f64();
        }
        mv
    }

    fn set_teams(&mut self, teams: Teams) {
        if teams != self.teams {
            self.teams = teams;
            self.clear();
        }
    }
}

impl Mcts {
    /// The move for `board` (not finished) within the budget, the clock started at
    /// `start`; `same_game`: `board` continues the line the tree was grown for.
    fn decide(
        &mut self,
        board: &Board,
        rng: &mut Rng,
        start: Instant,
        same_game: bool,
    ) -> Option<Move> {
        let book = self.book.as_ref().filter(|_| self.teams == Teams::Partners);
        if let Some(mv) = book.and_then(|book| book.lookup(board)) {
            self.last_simulations = 0;
            return Some(mv);
        }
        // Another game (or a position off this game's line) starts its statistics anew.
        if same_game {
            self.stats.next_decision();
        } else {
            self.stats.clear();
        }
        self.tree.reroot(board);
        let n_players = board.player_count();
        let sides = Sides::from_teams(self.teams.numbers(n_players), n_players);
        let scratch = self
            .scratch
            .get_or_insert_with(|| Box::new(Scratch::new(board)));
        scratch.root_tracker = Tracker::new(board);
        self.last_simulations = 0;
        // A forced move (or none) needs no thought.
        if self.expand_root(sides) <= 1 {
            return self.tree.best_move();
        }
        let root = self.tree.nodes[0];
        self.lead = RootLead::scan(self.tree.edges_of(root), root.first);
        // Seconds an average-time decision may take from `start`.
        let allowed = match self.budget {
            Budget::AverageTime(average) => self.allowed_time(board, average).as_secs_f64(),
            _ => 0.0,
        };
        // The pace is timed from the first simulation: re-rooting a large reused tree
        // takes milliseconds that would make it look slow (and stop a decision after 8
        // simulations).
        let searching = Instant::now();
        let mut done = 0u32;
        loop {
            self.simulate(sides, rng);
            done += 1;
            match self.budget {
                Budget::Playouts(n) if done >= n => break,
                Budget::Playouts(n) => {
                    if self.decided(n - done) {
                        break;
                    }
                }
                // A cap per move: the whole time, the clock read every 8 simulations.
                Budget::Time(limit) => {
                    if done % 8 == 0 && start.elapsed() >= limit {
                        break;
                    }
                }
                // The time allowed, or less once the simulations it leaves, at the pace
                // so far, could not change the move.
                Budget::AverageTime(_) => {
                    if done % 8 == 0 {
                        let elapsed = start.elapsed().as_secs_f64();
                        if elapsed >= allowed {
                            break;
                        }
                        let pace = f64::from(done) / searching.elapsed().as_secs_f64().max(1e-9);
                        // (`as` saturates at `u32::MAX`.)
                        if self.decided((pace * (allowed - elapsed)) as u32) {
                            break;
                        }
                    }
                }
            }
        }
        self.last_simulations = done;
        self.tree.best_move()
    }

    /// The time a decision for the colour to move on `board` may take under an average
    /// of `average` a move: its share (the average, plus what the colour's earlier
    /// decisions saved spread over the moves it is expected still to make, those
    /// overspent taken back the same way) divided by [`EXPECTED_USE`], but no more than
    /// the colour's later moves can give back; from a quarter of the average to
    /// `AVERAGE_TIME_MAX_FACTOR` times it.
    fn allowed_time(&self, board: &Board, average: Duration) -> Duration {
        let color = board.current_player();
        let remaining = board.remaining_piece_count(color);
        let moves_left = EXPECTED_PLACEMENTS
            .saturating_sub(Piece::COUNT - remaining)
            .max(MIN_MOVES_LEFT)
            .min(remaining)
            .max(1);
        let average = average.as_secs_f64();
        let saved = self.saved[color.index()];
        let share = average + saved / moves_left as f64;
        // The early stop leaves part of the time allowed unused, so a decision may
        // borrow from the colour's later moves, but only what they can give back at
        // that rate before the last few.
        let repayable = moves_left.saturating_sub(MIN_MOVES_LEFT) as f64 * (1.0 - EXPECTED_USE);
        let allowed = (share / EXPECTED_USE).min(average + saved + average * repayable);
        let most = average * f64::from(AVERAGE_TIME_MAX_FACTOR);
        // (Beyond what a `Duration` holds, the budget is as good as unbounded.)
        Duration::try_from_secs_f64(allowed.clamp(average / 4.0, most)).unwrap_or(Duration::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::StartCorners;
    use crate::types::Color;

    fn play(seed: u64, playouts: u32) -> Vec<Move> {
        let mut board = Board::new(4).unwrap();
        let mut engine = Mcts::new(Budget::Playouts(playouts));
        let mut rng = Rng::new(seed);
        for _ in 0..8 {
            let mv = engine.choose(&board, &mut rng).unwrap();
            board.push(mv).unwrap();
        }
        board.moves().to_vec()
    }

    #[test]
    fn same_seed_same_game() {
        assert_eq!(play(3, 30), play(3, 30));
        assert_ne!(play(3, 30), play(4, 30));
    }

    #[test]
    fn new_edges_start_from_the_games_placement_statistics() {
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut engine = Mcts::new(Budget::Playouts(400)).with_teams(Teams::Partners);
        let mut rng = Rng::new(2);
        for _ in 0..6 {
            let mv = engine.choose(&board, &mut rng).unwrap();
            board.push(mv).unwrap();
        }
        let params = &engine.params;
        let sides = Sides::from_teams(Teams::Partners.numbers(4), 4);
        let tracker = Tracker::new(&board);
        let grow = |stats: &PlacementStats| {
            let mut tree = Tree::default();
            tree.nodes.push(Node::new(board.current));
            let mut buffers = ExpandBuffers::new();
            tree.expand(0, (&board, &tracker), sides, params, &mut buffers, stats);
            tree.edges
        };
        // Without statistics every edge starts empty; with the game's, the same edges
        // (in the same order) start from them, capped.
        let empty = grow(&PlacementStats::new(0.5));
        let seeded = grow(&engine.stats);
        assert_eq!(empty.len(), seeded.len());
        assert!(
            empty
                .iter()
                .all(|e| e.amaf_visits == 0 && e.amaf_wins == 0.0)
        );
        let mut inherited = 0;
        for (e, s) in empty.iter().zip(&seeded) {
            assert_eq!(e.mv, s.mv);
            let expected = engine
                .stats
                .inherited(board.current, s.key, params.inherit_cap);
            assert_eq!((s.amaf_visits, s.amaf_wins), expected);
            assert!(s.amaf_visits as f32 <= params.inherit_cap);
            inherited += usize::from(s.amaf_visits > 0);
        }
        assert!(inherited > 0);
        // Another game forgets them.
        let mut other = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        other.push(board.moves()[0]).unwrap();
        other.push(board.moves()[1]).unwrap();
        let fresh = other
            .legal_moves()
            .into_iter()
            .find(|&mv| mv != board.moves()[2])
            .unwrap();
        other.push(fresh).unwrap();
        let mut cleared = engine.clone();
        cleared.clear();
        assert_eq!(
            engine.choose(&other, &mut Rng::new(3)),
            cleared.choose(&other, &mut Rng::new(3))
        );
        assert_eq!(
            engine.stats.inherited(0, 0, 8.0),
            cleared.stats.inherited(0, 0, 8.0)
        );
    }

    #[test]
    fn the_tree_is_kept_between_moves() {
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut engine = Mcts::new(Budget::Playouts(300))
            .with_teams(Teams::Partners)
            .with_early_stop(false);
        let mut rng = Rng::new(1);
        let mv = engine.choose(&board, &mut rng).unwrap();
        board.push(mv).unwrap();
        let visited = engine.root_visits().iter().map(|v| v.1).sum::<u32>();
        assert!(visited >= 300);
        assert!(engine.tree.find(&board).is_some());
        engine.tree.reroot(&board);
        assert!(engine.tree.nodes[0].visits > 0);
        assert_eq!(engine.tree.nodes[0].mover, board.current);
        // A position off the tree's game starts a new tree.
        let other = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        engine.tree.reroot(&other);
        assert_eq!(engine.tree.nodes.len(), 1);
    }

    #[test]
    fn a_time_budget_searches_its_whole_time() {
        // A cap per move is searched until it has passed, with no early stop; the clock
        // is read every 8 simulations. Only the lower bound is a contract: how far past
        // the cap the last 8 simulations run depends on the machine.
        let board = Board::new(4).unwrap();
        let limit = Duration::from_millis(30);
        let mut engine = Mcts::new(Budget::Time(limit));
        let started = Instant::now();
        assert!(engine.choose(&board, &mut Rng::new(1)).is_some());
        assert!(started.elapsed() >= limit);
        assert!(engine.last_simulations() >= 8);
        assert_eq!(engine.last_simulations() % 8, 0);
    }

    /// Asserts that `time` is `ms` milliseconds, to a nanosecond.
    fn assert_ms(time: Duration, ms: f64) {
        assert!(
            (time.as_secs_f64() * 1000.0 - ms).abs() < 1e-6,
            "{time:?}, not {ms} ms"
        );
    }

    #[test]
    fn an_average_time_spreads_what_a_colour_saved() {
        let average = Duration::from_millis(100);
        let mut engine = Mcts::new(Budget::AverageTime(average));
        assert_eq!(engine.name(), "mcts-avg100ms");
        assert_eq!(
            Budget::AverageTime(average).to_string(),
            "100 ms on average"
        );
        let mut board = Board::new(4).unwrap();
        // Nothing saved: twice the average, the early stop expected to use half.
        assert_ms(engine.allowed_time(&board, average), 200.0);
        // Blue saved 0.85 s, spread over the 17 placements it is expected to make;
        // yellow's overspending is yellow's.
        engine.saved[Color::Blue.index()] = 0.85;
        assert_ms(engine.allowed_time(&board, average), 300.0);
        board.push(board.legal_moves()[0]).unwrap();
        engine.saved[Color::Yellow.index()] = -0.34;
        assert_ms(engine.allowed_time(&board, average), 160.0);
        // It may borrow only what its 14 moves before the last three can give back at
        // half their share (0.7 s), and never less than a quarter of the average.
        engine.saved[Color::Yellow.index()] = -0.72;
        assert_ms(engine.allowed_time(&board, average), 80.0);
        engine.saved[Color::Yellow.index()] = -0.85;
        assert_ms(engine.allowed_time(&board, average), 25.0);
        // At most four times the average.
        engine.saved[Color::Yellow.index()] = 100.0;
        assert_ms(engine.allowed_time(&board, average), 400.0);
        // A clear forgets the savings.
        engine.clear();
        assert_eq!(engine.saved, [0.0; 4]);
        // Any duration is a budget, however long.
        let forever = Mcts::new(Budget::AverageTime(Duration::MAX));
        assert_eq!(forever.allowed_time(&board, Duration::MAX), Duration::MAX);
    }

    #[test]
    fn an_average_time_spreads_late_savings_over_few_moves() {
        // In a colour's last three expected moves nothing is borrowed any more: at most
        // the average and the savings.
        let average = Duration::from_millis(100);
        let mut engine = Mcts::new(Budget::AverageTime(average));
        let mut board = Board::new(1).unwrap();
        engine.saved[0] = 0.2;
        for _ in 0..16 {
            board.push(board.legal_moves()[0]).unwrap();
        }
        assert_eq!(board.remaining_piece_count(Color::Blue), 5);
        assert_ms(engine.allowed_time(&board, average), 300.0);
        engine.saved[0] = -0.05;
        assert_ms(engine.allowed_time(&board, average), 50.0);
        engine.saved[0] = 0.2;
        for _ in 0..3 {
            board.push(board.legal_moves()[0]).unwrap();
        }
        assert_eq!(board.remaining_piece_count(Color::Blue), 2);
        assert_ms(engine.allowed_time(&board, average), 300.0);
    }

    #[test]
    fn an_average_time_banks_each_colours_unused_time() {
        let average = Duration::from_millis(40);
        let mut engine = Mcts::new(Budget::AverageTime(average)).with_teams(Teams::Partners);
        let mut board = Board::new(4).unwrap();
        let mut rng = Rng::new(5);
        for _ in 0..8 {
            let color = board.current_player().index();
            let before = engine.saved;
            let started = Instant::now();
            let mv = engine.choose(&board, &mut rng).unwrap();
            let took = started.elapsed().as_secs_f64();
            board.push(mv).unwrap();
            assert!(engine.last_simulations() > 0);
            // The colour's savings moved by the average less the decision's time, the
            // others' not at all.
            let gained = engine.saved[color] - before[color];
            assert!(
                gained < 0.04 && gained >= 0.04 - took,
                "{gained} in {took} s"
            );
            for other in (0..4).filter(|&c| c != color) {
                assert_eq!(engine.saved[other], before[other]);
            }
        }
        // A new game starts every clock anew.
        engine.saved = [1.0; 4];
        assert!(engine.choose(&Board::new(4).unwrap(), &mut rng).is_some());
        let fresh = engine.saved;
        assert!(fresh[0] < 0.04 && fresh[1..] == [0.0; 3], "{fresh:?}");
    }

    #[test]
    fn the_early_stop_keeps_the_budgets_move() {
        // From positions along a game, an engine that stops once the root is decided (a
        // share of 1: no edge can overtake the leader any more) chooses what the engine
        // that spends its whole budget does, and saves playouts.
        let budget = 120;
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut driver = Mcts::new(Budget::Playouts(20)).with_teams(Teams::Partners);
        let mut rng = Rng::new(5);
        let (mut decisions, mut saved) = (0, 0);
        while !board.is_finished() {
            if board.ply() % 5 == 0 {
                let mut early = Mcts::new(Budget::Playouts(budget)).with_teams(Teams::Partners);
                early.params.stop_share = 1.0;
                let mut full = early.clone().with_early_stop(false);
                let mv = early.choose(&board, &mut Rng::new(board.ply() as u64));
                assert_eq!(mv, full.choose(&board, &mut Rng::new(board.ply() as u64)));
                if early.last_simulations() > 0 {
                    assert_eq!(full.last_simulations(), budget);
                    saved += budget - early.last_simulations();
                    decisions += 1;
                }
            }
            let mv = driver.choose(&board, &mut rng).unwrap();
            board.push(mv).unwrap();
        }
        assert!(
            decisions > 5 && saved > 0,
            "{decisions} decisions, {saved} saved"
        );
    }

    #[test]
    fn the_kept_lead_is_the_scanned_lead() {
        // After every simulation of a few decisions, the leader's and runner-up's visits
        // kept during the backup are those a scan of the root's edges finds.
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut engine = Mcts::new(Budget::Playouts(200)).with_teams(Teams::Partners);
        let mut rng = Rng::new(2);
        let sides = Sides::from_teams(Teams::Partners.numbers(4), 4);
        let mut checked = 0;
        for _ in 0..6 {
            engine.tree.reroot(&board);
            engine
                .scratch
                .get_or_insert_with(|| Box::new(Scratch::new(&board)))
                .root_tracker = Tracker::new(&board);
            assert!(engine.expand_root(sides) > 1);
            let root = engine.tree.nodes[0];
            engine.lead = RootLead::scan(engine.tree.edges_of(root), root.first);
            for _ in 0..200 {
                engine.simulate(sides, &mut rng);
                let scanned = RootLead::scan(engine.tree.edges_of(root), root.first);
                assert_eq!(
                    (engine.lead.first, engine.lead.second),
                    (scanned.first, scanned.second)
                );
                let leader = engine.tree.edges[engine.lead.leader as usize];
                assert_eq!(leader.visits, engine.lead.first);
                checked += 1;
            }
            let mv = engine.tree.best_move().unwrap();
            board.push(mv).unwrap();
        }
        assert_eq!(checked, 1200);
    }

    #[test]
    fn a_decided_root_stops_the_search() {
        // With the runner-up allowed no share of the playouts left, the search stops as
        // soon as one edge leads.
        let board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut engine = Mcts::new(Budget::Playouts(1000)).with_teams(Teams::Partners);
        engine.params.stop_share = 0.0;
        assert!(engine.choose(&board, &mut Rng::new(1)).is_some());
        assert!(engine.last_simulations() < 1000);
    }

    #[test]
    fn the_book_answers_in_two_player_games_only() {
        let book: OpeningBook = "guard 6\nstart -> a1,b1,b2,c2,c3\n".parse().unwrap();
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        // Without the early stop, a search runs its whole budget.
        let mut engine = Mcts::new(Budget::Playouts(30))
            .with_teams(Teams::Partners)
            .with_early_stop(false)
            .with_book(Some(book.clone()));
        assert_eq!(engine.name(), "mcts-30+book");
        let mut rng = Rng::new(1);
        for _ in 0..4 {
            let mv = engine.choose(&board, &mut rng).unwrap();
            assert_eq!(Some(mv), book.lookup(&board));
            assert_eq!(engine.last_simulations(), 0);
            board.push(mv).unwrap();
        }
        // Out of the book, it searches.
        engine.choose(&board, &mut rng).unwrap();
        assert_eq!(engine.last_simulations(), 30);
        let mut solo = Mcts::new(Budget::Playouts(30))
            .with_early_stop(false)
            .with_book(Some(book));
        solo.choose(
            &Board::with_start_corners(4, StartCorners::Fixed).unwrap(),
            &mut rng,
        );
        assert_eq!(solo.last_simulations(), 30);
        assert!(solo.book().is_some());
    }

    #[test]
    fn a_forced_move_is_played_at_once() {
        // One player, one piece left, one place for it.
        let mut board = Board::new(1).unwrap();
        let mut engine = Mcts::new(Budget::Playouts(500));
        let mut rng = Rng::new(0);
        while !board.is_finished() {
            let mv = engine.choose(&board, &mut rng).unwrap();
            let forced = board.distinct_placement_count() == 1;
            board.push(mv).unwrap();
            if forced {
                assert_eq!(engine.last_simulations(), 0);
            }
        }
    }
}
