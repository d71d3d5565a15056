//! The solution optimizer: better solutions from verified ones under a whole metric
//! ordering ((M), (P) or another [`MetricOrder`]).
//!
//! Methods, in order (docs/solver.md#the-optimizer):
//!
//! 1. [`Method::Reroute`]: the best path through the seeds' own box configurations:
//!    every walk between pushes re-routed, and shortcuts between the seeds where
//!    their configurations meet.
//! 2. [`Method::Vicinity`] (JSoko's and YASO's method): the configurations of the
//!    seeds' paths plus those with up to `k` boxes moved to any of their `v`
//!    nearest squares, searched in growing stages (one box first, then each
//!    setting of [`OptimizerConfig::vicinity`]); with
//!    [`OptimizerConfig::iterate`], each stage is repeated around the improved
//!    solution while it improves. A stage whose set does not fit (in the memory
//!    share, or under a time limit in the time left) runs in windows: the vicinity
//!    of a stretch of the best path, searched exactly for the best path between the
//!    stretch's two end nodes (after a push, a node fixes everything the rest of
//!    the path costs), spliced in when better; windows overlap by half and adapt
//!    their length to the configurations they may hold.
//! 3. [`Method::Global`]: breadth-first pushes from every position of the seeds'
//!    paths add configurations until the memory share (or, under a time limit, the
//!    time left) is used up; when the breadth-first search runs out first, the set
//!    holds every reachable configuration and the result is optimal.
//!
//! Every method runs the same exact search over (configuration, pusher cell,
//! direction of the last push) with the metric tuple as cost, updated step by step
//! through the metrics crate's [`PlugValue`](sokoengine_metrics::PlugValue) and
//! [`PathMetrics`](sokoengine_metrics::PathMetrics): the path found is best in the
//! set under the whole ordering, not only in its first metric.

mod configs;
mod global;
mod search;
mod space;
mod vicinity;
mod walks;

use std::fmt;
use std::time::Duration;

use sokoengine_board::Puzzle;
use sokoengine_metrics::{
    CompareMetrics, MetricOrder, PathMetrics, SolutionMetrics, SolutionVerifier, Step,
};

use crate::clock::Clock;
use crate::config::{Cancel, Limits, Objective, Observer, Solution, Stats, StopReason};
use crate::error::SolverError;
use crate::ids::{Cell, Table};
use crate::model::Model;

use self::configs::{ConfigId, Full, bits};
use self::global::Fill;
use self::search::{Anchor, Ending, Query, Searcher, Target, steps_of};
use self::space::Space;
use self::vicinity::{Cut, Nearest, Settings};
use self::walks::{NO_DIRECTION, Walks};

pub use self::vicinity::{MAX_VICINITY_BOXES, ParseVicinityError, VicinitySetting, parse_vicinity};

/// The configuration of one [`optimize`] call.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::MetricOrder;
/// use sokoengine_solver::OptimizerConfig;
///
/// let config = OptimizerConfig::new(MetricOrder::Pushes);
/// assert_eq!(config.vicinity, [(2, 20), (3, 10)]);
/// assert!(!config.iterate && config.global);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[allow(clippy::struct_excessive_bools)] // independent switches
pub struct OptimizerConfig {
    /// The ordering the result must not be worse in; the search minimizes the whole
    /// metric tuple in this order.
    pub order: MetricOrder,
    /// Vicinity settings `(boxes, squares)`: up to `boxes` boxes of a configuration
    /// moved to any of their `squares` nearest squares.
    pub vicinity: Vec<VicinitySetting>,
    /// Time, node and memory limits of the whole call.
    pub limits: Limits,
    /// Repeat each vicinity stage around the improved solution while it improves.
    pub iterate: bool,
    /// The result ends with the pusher where the best seed's solving push leaves
    /// it.
    pub keep_pusher_end: bool,
    /// Run the global search (method 3) when time and memory allow.
    pub global: bool,
}

impl OptimizerConfig {
    /// The default vicinity: up to 2 boxes to their 20 nearest squares, up to 3
    /// boxes to their 10 nearest squares.
    pub const DEFAULT_VICINITY: [VicinitySetting; 2] = [(2, 20), (3, 10)];

    /// The default configuration for `order`: the default vicinity, no time or node
    /// limit, 4 GiB, no iteration, every method.
    pub fn new(order: MetricOrder) -> OptimizerConfig {
        OptimizerConfig {
            order,
            vicinity: OptimizerConfig::DEFAULT_VICINITY.to_vec(),
            limits: Limits::default(),
            iterate: false,
            keep_pusher_end: false,
            global: true,
        }
    }
}

/// The optimizer's methods, in the order they run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Method {
    /// The best path through the seeds' own configurations.
    Reroute,
    /// The best path through the vicinity of the seeds' paths.
    Vicinity,
    /// The best path through the configurations a breadth-first search from the
    /// seeds' positions reached.
    Global,
}

impl Method {
    /// The lower-case name: `reroute`, `vicinity`, `global`.
    pub const fn name(self) -> &'static str {
        match self {
            Method::Reroute => "reroute",
            Method::Vicinity => "vicinity",
            Method::Global => "global",
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// What one search pass did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pass {
    /// The method.
    pub method: Method,
    /// The vicinity settings of the pass (empty for the other methods).
    pub vicinity: Vec<VicinitySetting>,
    /// Configurations in the set the pass searched.
    pub configurations: usize,
    /// Whether the set holds everything the pass asked for (no cap cut it); a
    /// windowed vicinity pass is never complete, and `configurations` is then its
    /// largest window.
    pub complete: bool,
    /// Search nodes expanded.
    pub expanded: u64,
    /// The best metrics after the pass.
    pub metrics: SolutionMetrics,
    /// Whether the pass found a better solution.
    pub improved: bool,
    /// Time since the optimizer started, at the end of the pass.
    pub elapsed: Duration,
}

impl fmt::Display for Pass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.method)?;
        if !self.vicinity.is_empty() {
            write!(f, " {}", Settings(&self.vicinity))?;
        }
        write!(
            f,
            ": {} configurations{}, {} expanded, {} {} at {:.2} s",
            self.configurations,
            if self.complete { "" } else { " (capped)" },
            self.expanded,
            self.metrics,
            if self.improved {
                "improved"
            } else {
                "unchanged"
            },
            self.elapsed.as_secs_f64()
        )
    }
}

/// The result of [`optimize`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptimizeOutcome {
    /// Index of the best seed under the ordering (the first of equals).
    pub seed: usize,
    /// The best seed's metrics.
    pub seed_metrics: SolutionMetrics,
    /// The best solution found, verified; the best seed (normalized: pushes in upper
    /// case, steps after the solving push dropped) when nothing better was found.
    pub solution: Solution,
    /// Whether the solution is strictly better than the best seed.
    pub improved: bool,
    /// Whether the solution is proven best under the ordering: the global search
    /// reached every configuration and the search through them finished.
    pub optimal: bool,
    /// Why the optimizer stopped before running every method to its end, if it did.
    pub stopped: Option<StopReason>,
    /// The search passes, in order.
    pub passes: Vec<Pass>,
}

/// Improves the solutions `seeds` of `puzzle` under `config.order`.
///
/// Every seed must solve the level (plain steps in the tessellation's letters;
/// case is ignored, steps after the solving push are dropped). The result is never
/// worse than the best seed under the ordering, has been replayed by the metrics
/// crate's [`SolutionVerifier`], and its metrics are the verifier's. Limits stop the
/// optimizer with the best solution found so far (see
/// [`OptimizeOutcome::stopped`]); progress goes to `observer` at least twice a
/// second.
///
/// # Errors
///
/// [`SolverError::NoSeeds`], [`SolverError::InvalidSeed`] (naming the seed and the
/// verifier's reason), and the errors of [`solve`](crate::solve) for a level the
/// optimizer does not take.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_metrics::MetricOrder;
/// use sokoengine_solver::{Cancel, OptimizerConfig, Silent, optimize};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#     #\n#######")?;
/// // A detour before the pushes: the optimizer walks straight instead.
/// let seeds = ["drulrRR"];
/// let outcome = optimize(&puzzle, &seeds, &OptimizerConfig::new(MetricOrder::Moves), &Cancel::new(), &mut Silent)?;
/// assert!(outcome.improved);
/// assert_eq!(outcome.solution.lurd, "rRR");
/// assert_eq!(outcome.solution.metrics.to_string(), "3/2/1/1/1/1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn optimize<S: AsRef<str>>(
    puzzle: &Puzzle,
    seeds: &[S],
    config: &OptimizerConfig,
    cancel: &Cancel,
    observer: &mut dyn Observer,
) -> Result<OptimizeOutcome, SolverError> {
    if seeds.is_empty() {
        return Err(SolverError::NoSeeds);
    }
    let mut clock = Clock::new(config.limits, cancel, observer);
    let model = Model::new(puzzle, config.limits.memory_bytes)?;
    let mut verifier = SolutionVerifier::from_board(model.board.clone())
        .map_err(|error| SolverError::Internal(error.to_string()))?;
    let mut normalized = Vec::with_capacity(seeds.len());
    for (index, seed) in seeds.iter().enumerate() {
        let mut lurd = String::new();
        let metrics = verifier
            .verify_normalized(seed.as_ref(), &mut lurd)
            .map_err(|error| SolverError::InvalidSeed {
                index,
                reason: error.to_string(),
            })?;
        normalized.push((lurd, metrics));
    }
    let best_seed =
        sokoengine_metrics::best_by_metrics(&normalized, &config.order, |seed| seed.1).unwrap_or(0);
    let (stopped, optimizer) =
        match Optimizer::new(&model, config, verifier, &normalized, best_seed) {
            Ok(mut optimizer) => (optimizer.run(&mut clock)?, Some(optimizer)),
            // Not even the start and the solved configuration fit.
            Err(Full) => (Some(StopReason::Memory), None),
        };
    let _ = clock.report();
    let (lurd, metrics) = optimizer
        .as_ref()
        .map_or_else(|| normalized[best_seed].clone(), |o| o.best.clone());
    let improved = config.order.is_better(&metrics, &normalized[best_seed].1);
    let optimal = stopped.is_none() && optimizer.as_ref().is_some_and(|o| o.optimal);
    let proven = match config.order {
        MetricOrder::Moves if optimal => Some(Objective::Moves),
        MetricOrder::Pushes if optimal => Some(Objective::Pushes),
        _ => None,
    };
    let stats = Stats {
        elapsed: clock.elapsed(),
        expanded: clock.progress.expanded,
        generated: optimizer.as_ref().map_or(0, |o| o.searcher.stats.generated),
        stored: optimizer.as_ref().map_or(0, |o| o.space.set.len() as u64),
        memory_bytes: optimizer.as_ref().map_or(0, |o| o.peak_memory),
        deadlocks: 0,
    };
    Ok(OptimizeOutcome {
        seed: best_seed,
        seed_metrics: normalized[best_seed].1,
        solution: Solution {
            lurd,
            metrics,
            proven,
            stats,
        },
        improved,
        optimal,
        stopped,
        passes: optimizer.map_or_else(Vec::new, |o| o.passes),
    })
}

/// Shares of the memory budget (after the model's tables), in fifths.
const SET_SHARE: usize = 1;
const GLOBAL_SHARE: usize = 2;

/// The state of one optimization.
struct Optimizer<'m, 'c> {
    model: &'m Model,
    config: &'c OptimizerConfig,
    space: Space<'m>,
    walks: Walks,
    searcher: Searcher,
    verifier: SolutionVerifier,
    /// The best solution so far: normalized steps and metrics.
    best: (String, SolutionMetrics),
    /// The seeds, normalized.
    seeds: Vec<String>,
    /// Configurations whose vicinity is generated, in path order, each once.
    centers: Vec<ConfigId>,
    is_center: Table<ConfigId, bool>,
    /// Positions of the paths (configuration, pusher cell), for the global search.
    roots: Vec<(ConfigId, Cell)>,
    end_pusher: Option<Cell>,
    passes: Vec<Pass>,
    optimal: bool,
    peak_memory: usize,
    /// Configurations searched per second, from the last finished search.
    rate: Option<f64>,
}

impl<'m, 'c> Optimizer<'m, 'c> {
    fn new(
        model: &'m Model,
        config: &'c OptimizerConfig,
        verifier: SolutionVerifier,
        seeds: &[(String, SolutionMetrics)],
        best_seed: usize,
    ) -> Result<Optimizer<'m, 'c>, Full> {
        let best = seeds[best_seed].clone();
        let end_pusher = config
            .keep_pusher_end
            .then(|| final_pusher(model, &best.0))
            .flatten();
        let walks = Walks::new(model.board.cells_len());
        let share = free_budget(config, model, &walks) / 5;
        Ok(Optimizer {
            model,
            config,
            space: Space::new(model, share * SET_SHARE)?,
            walks,
            searcher: Searcher::default(),
            verifier,
            best,
            seeds: seeds.iter().map(|(lurd, _)| lurd.clone()).collect(),
            centers: Vec::new(),
            is_center: Table::new(),
            roots: Vec::new(),
            end_pusher,
            passes: Vec::new(),
            optimal: false,
            peak_memory: 0,
            rate: None,
        })
    }

    /// Bytes of the budget after the model's and the walks' tables.
    fn free_budget(&self) -> usize {
        free_budget(self.config, self.model, &self.walks)
    }

    /// Runs the methods; returns why it stopped early, if it did.
    fn run(&mut self, clock: &mut Clock<'_>) -> Result<Option<StopReason>, SolverError> {
        clock.progress.best_pushes = Some(self.best.1.pushes);
        for index in 0..self.seeds.len() {
            let lurd = self.seeds[index].clone();
            if self.add_path(&lurd).is_err() {
                return Ok(Some(StopReason::Memory));
            }
        }
        if let Err(reason) = self.pass(Method::Reroute, Vec::new(), true, clock)? {
            return Ok(Some(reason));
        }
        if let Some(reason) = self.vicinity(clock)? {
            return Ok(Some(reason));
        }
        if self.config.global {
            if let Some(reason) = self.global(clock)? {
                return Ok(Some(reason));
            }
        }
        Ok(None)
    }

    /// Stores the configurations along `lurd` (a verified, normalized solution) and
    /// makes them centers and roots.
    fn add_path(&mut self, lurd: &str) -> Result<(), Full> {
        let model = self.model;
        let tessellation = model.tessellation;
        let mut position = model.board.start();
        let space = &mut self.space;
        let mut words = space.set.bits(space.start).to_vec();
        let mut hash = space.set.hash(space.start);
        let mut path = vec![(space.start, model.start_pusher)];
        for letter in lurd.chars() {
            let Ok(step) = Step::from_char(tessellation, letter) else {
                continue;
            };
            let Ok(moved) = position.step(step.direction) else {
                break;
            };
            if let Some((from, to)) = moved.pushed {
                bits::clear(&mut words, model.dense_id(from));
                bits::set(&mut words, model.dense_id(to));
                hash ^= model.box_keys[from] ^ model.box_keys[to];
                let id = space.set.insert(&words, hash)?.id();
                path.push((id, from));
            }
        }
        for (id, pusher) in path {
            if self.is_center.len() <= id.index() {
                self.is_center.resize(id.index() + 1, false);
            }
            if !self.is_center[id] {
                self.is_center[id] = true;
                self.centers.push(id);
            }
            self.roots.push((id, pusher));
        }
        Ok(())
    }

    /// One exact search through the current set for a better whole solution. The
    /// outer `Result` carries a bug (a path that does not verify); the inner one a
    /// limit.
    fn pass(
        &mut self,
        method: Method,
        vicinity: Vec<VicinitySetting>,
        complete: bool,
        clock: &mut Clock<'_>,
    ) -> Result<Result<bool, StopReason>, SolverError> {
        let model = self.model;
        let started = clock.elapsed();
        let root = Anchor {
            config: self.space.start,
            pusher: model.start_pusher,
            direction: NO_DIRECTION,
            metrics: SolutionMetrics::ZERO,
        };
        let target = Target::Solved {
            end_pusher: self.end_pusher,
        };
        let expanded_before = self.searcher.stats.expanded;
        let ending = self.search(root, target, self.best.1, clock);
        let configurations = self.space.set.len();
        let seconds = (clock.elapsed() - started).as_secs_f64();
        let result = match ending {
            Ending::Found(pushes, metrics) => {
                let mut position = model.board.start();
                let _ = position.set_pusher(model.start_pusher);
                let lurd = steps_of(
                    model,
                    &mut self.walks,
                    self.config.order,
                    position,
                    NO_DIRECTION,
                    &pushes,
                )
                .ok_or_else(|| {
                    SolverError::Internal("an optimized path does not replay".to_owned())
                })?;
                self.improve(lurd, metrics, clock)?;
                self.rate = Some(configurations as f64 / seconds.max(1e-3));
                Ok(true)
            }
            Ending::NoBetter => {
                self.rate = Some(configurations as f64 / seconds.max(1e-3));
                Ok(false)
            }
            Ending::Stopped(reason) => Err(reason),
        };
        self.passes.push(Pass {
            method,
            vicinity,
            configurations,
            complete,
            expanded: self.searcher.stats.expanded - expanded_before,
            metrics: self.best.1,
            improved: result == Ok(true),
            elapsed: clock.elapsed(),
        });
        Ok(result)
    }

    /// The best path in the set from `root` to `target`, strictly better there than
    /// `upper`.
    fn search(
        &mut self,
        root: Anchor,
        target: Target,
        upper: SolutionMetrics,
        clock: &mut Clock<'_>,
    ) -> Ending {
        let budget = self.free_budget().saturating_sub(self.space.memory_bytes());
        let query = Query {
            order: self.config.order,
            upper,
            root,
            target,
            budget,
        };
        let ending = self
            .searcher
            .run(&mut self.space, &mut self.walks, &query, clock);
        self.peak_memory = self.peak_memory.max(
            self.searcher.stats.memory_bytes
                + self.space.memory_bytes()
                + self.model.memory_bytes()
                + self.walks.memory_bytes(),
        );
        self.searcher.release();
        ending
    }

    /// Makes `lurd` the best solution after checking that the engine's verifier
    /// gives it `metrics`, and adds its configurations to the set.
    fn improve(
        &mut self,
        lurd: String,
        metrics: SolutionMetrics,
        clock: &mut Clock<'_>,
    ) -> Result<(), SolverError> {
        let verified = self.verifier.verify(&lurd);
        debug_assert_eq!(verified, Ok(metrics), "optimized path {lurd}");
        if verified != Ok(metrics) || !self.config.order.is_better(&metrics, &self.best.1) {
            return Err(SolverError::Internal(format!(
                "an optimized solution does not verify with the metrics the search computed ({verified:?} vs {metrics}): {lurd}"
            )));
        }
        clock.progress.best_pushes = Some(metrics.pushes);
        self.best = (lurd, metrics);
        let lurd = self.best.0.clone();
        if self.add_path(&lurd).is_err() {
            // The set is full: the path's configurations are in it already, or the
            // set was rebuilt for a window; either way nothing is lost.
        }
        Ok(())
    }

    /// The most configurations the set should hold so that a search through them
    /// fits in the time left (unbounded without a time limit).
    fn affordable(&self, clock: &Clock<'_>, share: f64) -> usize {
        let (Some(limit), Some(rate)) = (self.config.limits.time, self.rate) else {
            return usize::MAX;
        };
        let left = limit.saturating_sub(clock.elapsed()).as_secs_f64();
        self.space.set.len() + (rate * left * share) as usize
    }

    /// Method 2: vicinity stages, growing. A stage whose set does not fit (in the
    /// memory share, or in the time left) runs in windows of the path, and so does
    /// every later stage.
    fn vicinity(&mut self, clock: &mut Clock<'_>) -> Result<Option<StopReason>, SolverError> {
        let settings = stages(&self.config.vicinity);
        if settings.is_empty() {
            return Ok(None);
        }
        let squares = settings.iter().map(|s| usize::from(s.1)).max().unwrap_or(0);
        let mut nearest = Nearest::new(self.model.board.cells_len(), squares);
        // Per setting: how many centers have their vicinity generated.
        let mut done = vec![0_usize; settings.len()];
        let mut windowed = false;
        for stage in 0..settings.len() {
            while !windowed {
                let limit = self.affordable(clock, 0.1);
                self.space.set.set_limit(limit);
                let mut complete = true;
                for (index, &setting) in settings[..=stage].iter().enumerate() {
                    let centers = self.centers[done[index]..].to_vec();
                    match vicinity::generate(
                        &mut self.space,
                        &mut nearest,
                        setting,
                        &centers,
                        clock,
                    ) {
                        Ok(_) => done[index] = self.centers.len(),
                        Err(Cut::Full) => {
                            complete = false;
                            break;
                        }
                        Err(Cut::Stopped(reason)) => return Ok(Some(reason)),
                    }
                }
                self.space.set.set_limit(usize::MAX);
                if !complete {
                    windowed = true;
                    break;
                }
                let improved =
                    match self.pass(Method::Vicinity, settings[..=stage].to_vec(), true, clock)? {
                        Ok(improved) => improved,
                        Err(reason) => return Ok(Some(reason)),
                    };
                if !(improved && self.config.iterate) {
                    break;
                }
            }
            if windowed {
                if let Some(reason) = self.windows(&settings[..=stage], &mut nearest, clock)? {
                    return Ok(Some(reason));
                }
            }
        }
        if windowed {
            // The whole-path set was cleared for the windows: rebuild it from the
            // paths (the global search starts from them).
            self.space.clear_set();
            self.reset_centers();
        }
        Ok(None)
    }

    /// Forgets the centers and roots, then makes the seeds' and the best solution's
    /// paths centers and roots again (after the set was cleared).
    fn reset_centers(&mut self) {
        self.centers.clear();
        self.is_center.clear();
        self.roots.clear();
        let seeds = std::mem::take(&mut self.seeds);
        for lurd in seeds.iter().chain(std::iter::once(&self.best.0.clone())) {
            if self.add_path(lurd).is_err() {
                break;
            }
        }
        self.seeds = seeds;
    }

    /// Sweeps windows along the best path: the vicinity (`settings`) of the
    /// configurations from one node of the path to another, as many as fit, and the
    /// best path between those two nodes through it, spliced in when better. Windows
    /// overlap by half; with `iterate`, sweeps repeat while one improves.
    fn windows(
        &mut self,
        settings: &[VicinitySetting],
        nearest: &mut Nearest,
        clock: &mut Clock<'_>,
    ) -> Result<Option<StopReason>, SolverError> {
        // Pushes per window, adapted to the window's share of configurations.
        const MIN_SPAN: usize = 4;
        let mut span = 16;
        loop {
            let mut improved = false;
            let mut first = 0;
            let mut configurations = 0;
            let expanded_before = self.searcher.stats.expanded;
            loop {
                let points = path_points(self.model, &self.best.0);
                let last_point = points.len() - 1;
                if first >= last_point {
                    break;
                }
                // Windows can be many and small: check the limits at each.
                if let Err(reason) = clock.poll() {
                    return Ok(Some(reason));
                }
                self.space.clear_set();
                let limit = self.window_size(clock);
                self.space.set.set_limit(limit);
                // The window's own path, then each setting's vicinity of it, as far
                // as the window's share goes.
                let end = (first + span).min(last_point);
                let mut ids = Vec::with_capacity(end - first + 1);
                for point in &points[first..=end] {
                    match self.space.insert_cells(&point.cells) {
                        Ok(inserted) => ids.push(inserted.id()),
                        Err(_) => return Ok(Some(StopReason::Memory)),
                    }
                }
                let mut covered = 0;
                for &setting in settings {
                    match vicinity::generate(&mut self.space, nearest, setting, &ids, clock) {
                        Ok(_) => covered += 1,
                        Err(Cut::Full) => break,
                        Err(Cut::Stopped(reason)) => return Ok(Some(reason)),
                    }
                }
                self.space.set.set_limit(usize::MAX);
                // Longer windows while every setting fits with room to spare, shorter
                // ones when even the first does not.
                if covered == settings.len() && self.space.set.len() * 2 < limit {
                    span = (span * 2).min(last_point.max(1));
                } else if covered == 0 {
                    span = (span / 2).max(MIN_SPAN);
                }
                configurations = configurations.max(self.space.set.len());
                let (from, to) = (&points[first], &points[end]);
                let root = Anchor {
                    config: ids[0],
                    pusher: from.pusher,
                    direction: from.direction,
                    metrics: from.metrics,
                };
                let target = if end == last_point {
                    Target::Solved {
                        end_pusher: self.end_pusher,
                    }
                } else {
                    Target::Node {
                        config: ids[end - first],
                        pusher: to.pusher,
                        direction: to.direction,
                    }
                };
                match self.search(root, target, to.metrics, clock) {
                    Ending::Found(pushes, at_target) => {
                        let mut position = self.model.empty_position();
                        let _ = position.set_pusher(from.pusher);
                        for &cell in &from.cells {
                            let _ = position.put_box(cell);
                        }
                        let steps = steps_of(
                            self.model,
                            &mut self.walks,
                            self.config.order,
                            position,
                            from.direction,
                            &pushes,
                        )
                        .ok_or_else(|| {
                            SolverError::Internal("an optimized window does not replay".to_owned())
                        })?;
                        let mut lurd = String::with_capacity(self.best.0.len());
                        lurd.push_str(&self.best.0[..from.offset]);
                        lurd.push_str(&steps);
                        lurd.push_str(&self.best.0[to.offset..]);
                        // The rest of the path costs the same after the same node.
                        let metrics = spliced(self.best.1, to.metrics, at_target);
                        self.improve(lurd, metrics, clock)?;
                        improved = true;
                        // Go on from the middle of the new window.
                        first += (pushes.len() / 2).max(1);
                    }
                    Ending::NoBetter => first += ((end - first) / 2).max(1),
                    Ending::Stopped(reason) => return Ok(Some(reason)),
                }
            }
            self.passes.push(Pass {
                method: Method::Vicinity,
                vicinity: settings.to_vec(),
                configurations,
                complete: false,
                expanded: self.searcher.stats.expanded - expanded_before,
                metrics: self.best.1,
                improved,
                elapsed: clock.elapsed(),
            });
            if !(improved && self.config.iterate) {
                return Ok(None);
            }
        }
    }

    /// Configurations in one window: what the search gets through in a second (a
    /// quarter of the time left at most), at least enough for a few pushes; without
    /// a time limit, a million (the memory share caps it too).
    fn window_size(&self, clock: &Clock<'_>) -> usize {
        const MIN: usize = 20_000;
        match (self.config.limits.time, self.rate) {
            (Some(limit), Some(rate)) => {
                let left = limit.saturating_sub(clock.elapsed()).as_secs_f64();
                ((rate * (left / 4.0).min(1.0)) as usize).max(MIN)
            }
            _ => 1_000_000,
        }
    }

    /// Method 3: the global search.
    fn global(&mut self, clock: &mut Clock<'_>) -> Result<Option<StopReason>, SolverError> {
        let share = self.free_budget() / 5;
        let limit = self.affordable(clock, 0.1);
        let roots = self.roots.clone();
        let space = &mut self.space;
        space.set.set_cap(share * (SET_SHARE + GLOBAL_SHARE));
        let (fill, tables) = global::fill(space, &roots, limit, share * GLOBAL_SHARE, clock);
        self.peak_memory = self.peak_memory.max(
            tables
                + self.space.memory_bytes()
                + self.model.memory_bytes()
                + self.walks.memory_bytes(),
        );
        let fill = match fill {
            Ok(fill) => fill,
            Err(reason) => return Ok(Some(reason)),
        };
        let exhausted = fill == Fill::Exhausted;
        match self.pass(Method::Global, Vec::new(), exhausted, clock)? {
            Ok(_) => {
                self.optimal = exhausted;
                Ok(None)
            }
            Err(reason) => Ok(Some(reason)),
        }
    }
}

/// Bytes of the budget after the model's and the walks' tables.
fn free_budget(config: &OptimizerConfig, model: &Model, walks: &Walks) -> usize {
    config
        .limits
        .memory_bytes
        .saturating_sub(model.memory_bytes() + walks.memory_bytes())
}

/// The vicinity stages: one box to the most squares first (cheap and often
/// enough), then the settings in their order; stage `i` uses settings `..=i`.
fn stages(settings: &[VicinitySetting]) -> Vec<VicinitySetting> {
    let mut stages = Vec::new();
    if let Some(squares) = settings.iter().map(|s| s.1).max() {
        if settings[0].0 > 1 {
            stages.push((1, squares));
        }
    }
    stages.extend_from_slice(settings);
    stages
}

/// Where the pusher stands after the solving push of `lurd`.
fn final_pusher(model: &Model, lurd: &str) -> Option<Cell> {
    let mut position = model.board.start();
    for letter in lurd.chars() {
        let step = Step::from_char(model.tessellation, letter).ok()?;
        position.step(step.direction).ok()?;
    }
    Some(position.pusher())
}

/// A node of a solution's path: after the start or after a push.
#[derive(Debug, Clone)]
struct Point {
    /// Bytes of the steps up to the node.
    offset: usize,
    /// The box cells there.
    cells: Vec<Cell>,
    pusher: Cell,
    /// The direction of the push into the node (`NO_DIRECTION` at the start).
    direction: u8,
    /// The metrics of the steps up to the node.
    metrics: SolutionMetrics,
}

/// The nodes of the path of `lurd` (a verified, normalized solution), the start
/// first, with the metrics counted as the verifier counts them.
fn path_points(model: &Model, lurd: &str) -> Vec<Point> {
    let mut position = model.board.start();
    let mut cells = model.start_boxes.clone();
    let mut path = PathMetrics::<u32>::START;
    let mut points = vec![Point {
        offset: 0,
        cells: cells.clone(),
        pusher: model.start_pusher,
        direction: NO_DIRECTION,
        metrics: SolutionMetrics::ZERO,
    }];
    for (offset, letter) in lurd.char_indices() {
        let Ok(step) = Step::from_char(model.tessellation, letter) else {
            continue;
        };
        let Ok(moved) = position.step(step.direction) else {
            break;
        };
        match moved.pushed {
            None => path = path.after_walk(step.direction),
            Some((from, to)) => {
                path = path.after_push(step.direction, from.get(), to.get());
                if let Some(cell) = cells.iter_mut().find(|cell| **cell == from) {
                    *cell = to;
                }
                points.push(Point {
                    offset: offset + letter.len_utf8(),
                    cells: cells.clone(),
                    pusher: from,
                    direction: step.direction.index() as u8,
                    metrics: path.metrics,
                });
            }
        }
    }
    points
}

/// The metrics of a solution of metrics `total` whose path to a node (metrics
/// `before` there) is replaced by one with metrics `after` there: the rest of the
/// path costs the same from the same node.
fn spliced(
    total: SolutionMetrics,
    before: SolutionMetrics,
    after: SolutionMetrics,
) -> SolutionMetrics {
    let (total, before, after) = (total.to_array(), before.to_array(), after.to_array());
    let value = |index: usize| total[index] - before[index] + after[index];
    SolutionMetrics::new(value(0), value(1), value(2), value(3), value(4), value(5))
}
