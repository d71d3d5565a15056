//! What sokoenginepy never had: the solver and the optimizer (limits, Ctrl-C, progress
//! callbacks), JSoko's six metrics with PlugValue and the orderings, pictures (SVG, PNG,
//! HTML), Setting Sun, Tower of Hanoi and Tilewe.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use sokoengine::board::Puzzle;
use sokoengine::geometry::Tessellation;
use sokoengine::io::{Moves, ReplayOptions};
use sokoengine::metrics::{
    BoxMove, CompareMetrics, MetricOrder, PathMetrics, PlugValue, SolutionMetrics,
    SolutionVerifier, StepCounter,
};
use sokoengine::render::{self, Options, Playback, Theme};
use sokoengine::solver::{
    Cancel, Limits, Objective, Observer, OptimizerConfig, Progress, SolveOutcome, SolverConfig,
    StopReason, UnsolvableReason,
};

use crate::convert;
use crate::errors::value_error;
use crate::io::PuzzleCore;

/// Stack of the threads the solver runs on: its freeze test recurses.
pub const SOLVER_STACK: usize = 16 << 20;

// ---- arguments --------------------------------------------------------------------

/// A board from Python: a `sokoengine.io.Puzzle` (any variant), or board text read in
/// `tessellation`.
pub fn puzzle_arg(
    object: &Bound<'_, PyAny>,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<Puzzle> {
    if let Ok(text) = object.extract::<String>() {
        let tessellation = tessellation.map_or(Ok(Tessellation::Sokoban), convert::tessellation)?;
        return Puzzle::parse(tessellation, &text).map_err(value_error);
    }
    let core = if object.is_instance_of::<PuzzleCore>() {
        object.clone()
    } else {
        object.call_method0("_parsed_core")?
    };
    let mut puzzle = core.cast::<PuzzleCore>()?.borrow().puzzle().clone();
    if let (Ok(boxorder), Ok(goalorder)) = (object.getattr("boxorder"), object.getattr("goalorder"))
    {
        puzzle.boxorder = boxorder.extract().unwrap_or_default();
        puzzle.goalorder = goalorder.extract().unwrap_or_default();
    }
    Ok(puzzle)
}

fn objective(name: &str) -> PyResult<Objective> {
    name.parse().map_err(value_error)
}

pub fn metric_order(name: &str) -> PyResult<MetricOrder> {
    MetricOrder::ALL
        .into_iter()
        .find(|order| order.name() == name)
        .ok_or_else(|| {
            let names: Vec<&str> = MetricOrder::ALL.iter().map(|o| o.name()).collect();
            PyValueError::new_err(format!(
                "unknown metric order '{name}' (expected one of: {})",
                names.join(", ")
            ))
        })
}

pub fn limits(time: Option<f64>, nodes: Option<u64>, memory_mb: Option<u64>) -> PyResult<Limits> {
    let mut limits = Limits::default();
    if let Some(seconds) = time {
        let time = Duration::try_from_secs_f64(seconds)
            .ok()
            .filter(|t| !t.is_zero())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "time must be a positive number of seconds, got {seconds}"
                ))
            })?;
        limits = limits.with_time(time);
    }
    if let Some(nodes) = nodes {
        limits = limits.with_nodes(nodes);
    }
    if let Some(mb) = memory_mb {
        let bytes = mb
            .checked_mul(1 << 20)
            .and_then(|b| usize::try_from(b).ok())
            .ok_or_else(|| PyValueError::new_err(format!("memory_mb {mb} is too large")))?;
        limits = limits.with_memory(bytes);
    }
    Ok(limits)
}

// ---- results ----------------------------------------------------------------------

/// The six metrics as a tuple, in the order of `SolutionMetrics`.
type Six = (u32, u32, u32, u32, u32, u32);

/// JSoko's six metrics of a solution: moves, pushes, box lines, box changes, pushing
/// sessions and player lines. `str()` gives the YASC form `43/15/8/5/7/25`.
#[pyclass(module = "sokoengine", name = "Metrics", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct PyMetrics {
    pub metrics: SolutionMetrics,
}

#[pymethods]
impl PyMetrics {
    #[new]
    #[pyo3(signature = (moves = 0, pushes = 0, box_lines = 0, box_changes = 0, pushing_sessions = 0, player_lines = 0))]
    fn new(
        moves: u32,
        pushes: u32,
        box_lines: u32,
        box_changes: u32,
        pushing_sessions: u32,
        player_lines: u32,
    ) -> Self {
        PyMetrics {
            metrics: SolutionMetrics::new(
                moves,
                pushes,
                box_lines,
                box_changes,
                pushing_sessions,
                player_lines,
            ),
        }
    }

    /// Parses the YASC form `moves/pushes[/box lines/box changes/sessions/player lines]`.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<Self> {
        text.parse()
            .map(|metrics| PyMetrics { metrics })
            .map_err(value_error)
    }

    #[getter]
    fn moves(&self) -> u32 {
        self.metrics.moves
    }
    #[getter]
    fn pushes(&self) -> u32 {
        self.metrics.pushes
    }
    #[getter]
    fn box_lines(&self) -> u32 {
        self.metrics.box_lines
    }
    #[getter]
    fn box_changes(&self) -> u32 {
        self.metrics.box_changes
    }
    #[getter]
    fn pushing_sessions(&self) -> u32 {
        self.metrics.pushing_sessions
    }
    #[getter]
    fn player_lines(&self) -> u32 {
        self.metrics.player_lines
    }

    /// `(moves, pushes, box_lines, box_changes, pushing_sessions, player_lines)`.
    fn as_tuple(&self) -> Six {
        let [a, b, c, d, e, f] = self.metrics.to_array();
        (a, b, c, d, e, f)
    }

    /// The key that sorts by `order` (best first): the six metrics in that order's
    /// priority.
    #[pyo3(signature = (order = "moves"))]
    fn sort_key(&self, order: &str) -> PyResult<Six> {
        let [a, b, c, d, e, f] = metric_order(order)?.sort_key(&self.metrics);
        Ok((a, b, c, d, e, f))
    }

    /// Whether these metrics are better than `other` under `order`.
    #[pyo3(signature = (other, order = "moves"))]
    fn is_better_than(&self, other: &PyMetrics, order: &str) -> PyResult<bool> {
        Ok(metric_order(order)?.is_better(&self.metrics, &other.metrics))
    }

    fn __str__(&self) -> String {
        self.metrics.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Metrics.parse('{}')", self.metrics)
    }

    /// Pickles as its six numbers (results travel between processes, for example
    /// from Ray workers).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, pyo3::types::PyType>, Six)> {
        let metrics = slf.get().metrics;
        let [a, b, c, d, e, f] = metrics.to_array();
        Ok((slf.get_type(), (a, b, c, d, e, f)))
    }
}

/// The names of the metric orderings: `moves` ((M)), `pushes` ((P)) and JSoko's
/// optimizer orderings.
#[pyfunction]
fn metric_orders() -> Vec<&'static str> {
    MetricOrder::ALL.iter().map(|o| o.name()).collect()
}

/// The six metrics of a step string alone (letters decide push or move), in the
/// letters of `tessellation`.
#[pyfunction]
#[pyo3(signature = (lurd, tessellation = None))]
fn metrics_of(lurd: &str, tessellation: Option<&Bound<'_, PyAny>>) -> PyResult<PyMetrics> {
    let tessellation = tessellation.map_or(Ok(Tessellation::Sokoban), convert::tessellation)?;
    StepCounter::new(tessellation)
        .count(lurd)
        .map(|metrics| PyMetrics { metrics })
        .map_err(value_error)
}

/// Replays `lurd` on `puzzle` the JSoko way (the board decides push or move, steps
/// after the solving push are dropped) and returns the solution's metrics; ValueError
/// when a step is illegal or the board is not solved at the end.
#[pyfunction]
#[pyo3(signature = (puzzle, lurd, tessellation = None))]
fn verify(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    lurd: &str,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMetrics> {
    let puzzle = puzzle_arg(puzzle, tessellation)?;
    let lurd = lurd.to_owned();
    py.detach(move || {
        let mut verifier = SolutionVerifier::new(&puzzle).map_err(|e| e.to_string())?;
        verifier.verify(&lurd).map_err(|e| e.to_string())
    })
    .map(|metrics| PyMetrics { metrics })
    .map_err(PyValueError::new_err)
}

/// Incremental metrics: the summary of a path's last step that the next step's update
/// needs (JSoko's PlugValue), with the path's six counters.
#[pyclass(module = "sokoengine", name = "PathMetrics", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PyPathMetrics {
    path: PathMetrics<u32>,
}

fn box_move(pushed: Option<(u32, u32)>) -> Option<BoxMove<u32>> {
    pushed.map(|(from, to)| BoxMove::new(from, to))
}

#[pymethods]
impl PyPathMetrics {
    /// The empty path.
    #[new]
    fn new() -> Self {
        PyPathMetrics {
            path: PathMetrics::START,
        }
    }

    /// The counters of the path.
    #[getter]
    fn metrics(&self) -> PyMetrics {
        PyMetrics {
            metrics: self.path.metrics,
        }
    }

    /// `(direction, is_push)` of the last step, or None.
    #[getter]
    fn last_step(&self, py: Python<'_>) -> Option<(Py<PyAny>, bool)> {
        self.path
            .plug
            .last_step
            .map(|step| (convert::direction_object(py, step.direction), step.is_push))
    }

    /// Where the last pushed box went, or None.
    #[getter]
    fn last_pushed_box(&self) -> Option<u32> {
        self.path.plug.last_pushed_box
    }

    /// What the counters gain by a step in `direction` that pushes a box from
    /// `pushed[0]` to `pushed[1]` (or walks, for None).
    #[pyo3(signature = (direction, pushed = None))]
    fn gain(
        &self,
        direction: &Bound<'_, PyAny>,
        pushed: Option<(u32, u32)>,
    ) -> PyResult<PyMetrics> {
        let direction = convert::direction(direction)?;
        let plug: PlugValue<u32> = self.path.plug;
        Ok(PyMetrics {
            metrics: plug.gain(direction, box_move(pushed)),
        })
    }

    /// The path extended by one step (`pushed` as for `gain`).
    #[pyo3(signature = (direction, pushed = None))]
    fn after(&self, direction: &Bound<'_, PyAny>, pushed: Option<(u32, u32)>) -> PyResult<Self> {
        let direction = convert::direction(direction)?;
        Ok(PyPathMetrics {
            path: self.path.after(direction, box_move(pushed)),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "PathMetrics(metrics={}, last_pushed_box={:?})",
            self.path.metrics, self.path.plug.last_pushed_box
        )
    }
}

/// Progress of a running search, as a progress callback receives it.
#[pyclass(module = "sokoengine", name = "Progress", frozen)]
#[derive(Clone, Copy)]
pub(crate) struct PyProgress {
    progress: Progress,
}

#[pymethods]
impl PyProgress {
    /// Seconds since the search started.
    #[getter]
    fn elapsed(&self) -> f64 {
        self.progress.elapsed.as_secs_f64()
    }
    /// Nodes expanded.
    #[getter]
    fn expanded(&self) -> u64 {
        self.progress.expanded
    }
    /// Positions stored.
    #[getter]
    fn stored(&self) -> u64 {
        self.progress.stored
    }
    /// Positions waiting to be expanded.
    #[getter]
    fn open(&self) -> u64 {
        self.progress.open
    }
    /// Proven lower bound of the objective (optimal searches), else 0.
    #[getter]
    fn lower_bound(&self) -> u32 {
        self.progress.lower_bound
    }
    /// Pushes of the best solution so far, if any.
    #[getter]
    fn best_pushes(&self) -> Option<u32> {
        self.progress.best_pushes
    }
    /// Bytes held by the search's tables.
    #[getter]
    fn memory_bytes(&self) -> usize {
        self.progress.memory_bytes
    }
    fn __repr__(&self) -> String {
        format!(
            "Progress(elapsed={:.3}, expanded={}, stored={}, lower_bound={})",
            self.elapsed(),
            self.progress.expanded,
            self.progress.stored,
            self.progress.lower_bound
        )
    }
}

/// What `solve` found: `status` is `solved`, `unsolvable` or `stopped`; `reason` says
/// why there is no solution (`dead-start`, `exhausted`) or why it stopped (`time`,
/// `nodes`, `memory`, `cancelled`, `observer`).
#[pyclass(module = "sokoengine", name = "SolveResult", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct PySolveResult {
    pub status: &'static str,
    pub reason: Option<&'static str>,
    /// The solution's steps (`lurd`), when solved.
    pub lurd: Option<String>,
    /// The solution's metrics, when solved.
    pub metrics: Option<PyMetrics>,
    /// True when the solution is proven optimal for the objective.
    pub proven: bool,
    /// Seconds spent.
    pub seconds: f64,
    /// Nodes expanded.
    pub expanded: u64,
    /// Positions stored.
    pub stored: u64,
    /// Why the solver refused the level (`status` `error`), else None.
    pub error: Option<String>,
}

/// The fields of a `SolveResult`, in order (for pickling).
type SolveResultFields = (
    String,
    Option<String>,
    Option<String>,
    Option<PyMetrics>,
    bool,
    f64,
    u64,
    u64,
    Option<String>,
);

fn static_status(status: &str) -> PyResult<&'static str> {
    ["solved", "unsolvable", "stopped", "error"]
        .into_iter()
        .find(|s| *s == status)
        .ok_or_else(|| PyValueError::new_err(format!("unknown status '{status}'")))
}

fn static_reason(reason: &str) -> PyResult<&'static str> {
    [
        "dead-start",
        "exhausted",
        "time",
        "nodes",
        "memory",
        "cancelled",
        "observer",
    ]
    .into_iter()
    .find(|s| *s == reason)
    .ok_or_else(|| PyValueError::new_err(format!("unknown reason '{reason}'")))
}

#[pymethods]
impl PySolveResult {
    /// Rebuilds a result from its fields (what pickling stores).
    #[staticmethod]
    fn _restore(fields: SolveResultFields) -> PyResult<Self> {
        let (status, reason, lurd, metrics, proven, seconds, expanded, stored, error) = fields;
        Ok(PySolveResult {
            status: static_status(&status)?,
            reason: reason.as_deref().map(static_reason).transpose()?,
            lurd,
            metrics,
            proven,
            seconds,
            expanded,
            stored,
            error,
        })
    }

    /// Pickles as its fields (results travel between processes, for example from Ray
    /// workers).
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (SolveResultFields,))> {
        let r = slf.get();
        let fields = (
            r.status.to_owned(),
            r.reason.map(str::to_owned),
            r.lurd.clone(),
            r.metrics,
            r.proven,
            r.seconds,
            r.expanded,
            r.stored,
            r.error.clone(),
        );
        Ok((slf.get_type().getattr("_restore")?, (fields,)))
    }

    /// Whether a solution was found.
    #[getter]
    fn solved(&self) -> bool {
        self.status == "solved"
    }

    fn __repr__(&self) -> String {
        match (&self.lurd, &self.metrics) {
            (Some(lurd), Some(metrics)) => format!(
                "SolveResult(status='solved', proven={}, metrics='{}', lurd='{}')",
                if self.proven { "True" } else { "False" },
                metrics.metrics,
                lurd
            ),
            _ => format!(
                "SolveResult(status='{}', reason={}, error={})",
                self.status,
                self.reason.map_or("None".to_owned(), |r| format!("'{r}'")),
                self.error
                    .as_deref()
                    .map_or("None".to_owned(), |e| format!("{e:?}"))
            ),
        }
    }
}

pub fn stop_name(reason: StopReason) -> &'static str {
    reason.name()
}

pub fn solve_result(outcome: &SolveOutcome) -> PySolveResult {
    let stats = outcome.stats();
    let mut result = PySolveResult {
        status: outcome.status(),
        reason: None,
        lurd: None,
        metrics: None,
        proven: false,
        seconds: stats.elapsed.as_secs_f64(),
        expanded: stats.expanded,
        stored: stats.stored,
        error: None,
    };
    match outcome {
        SolveOutcome::Solved(solution) => {
            result.lurd = Some(solution.lurd.clone());
            result.metrics = Some(PyMetrics {
                metrics: solution.metrics,
            });
            result.proven = solution.proven.is_some();
        }
        SolveOutcome::Unsolvable(reason, _) => {
            result.reason = Some(match reason {
                UnsolvableReason::DeadStart => "dead-start",
                UnsolvableReason::Exhausted => "exhausted",
            });
        }
        SolveOutcome::Stopped(reason, _) => result.reason = Some(stop_name(*reason)),
    }
    result
}

/// A result for a level the solver refused (`status` `error`, the message in `reason`).
pub fn error_result(message: String) -> PySolveResult {
    PySolveResult {
        status: "error",
        reason: None,
        lurd: None,
        metrics: None,
        proven: false,
        seconds: 0.0,
        expanded: 0,
        stored: 0,
        error: Some(message),
    }
}

// ---- running a search with Ctrl-C and progress ------------------------------------

/// Runs `work` on a thread of its own while this thread, without the GIL, waits for it,
/// hands its progress reports to `callback` (which may return False to stop the search)
/// and watches for Ctrl-C: KeyboardInterrupt (or an exception in the callback) sets
/// `cancel`, waits for the work to stop, and is raised.
pub fn run_cancellable<R: Send>(
    py: Python<'_>,
    cancel: &Cancel,
    callback: Option<&Bound<'_, PyAny>>,
    work: impl FnOnce(&mut dyn Observer) -> R + Send,
) -> PyResult<R> {
    let stop = AtomicBool::new(false);
    let (sender, receiver) = mpsc::channel::<Progress>();
    // Waited on without the GIL, which asks for a `Sync` receiver.
    let receiver = std::sync::Mutex::new(receiver);
    std::thread::scope(|scope| {
        let stop = &stop;
        let handle = std::thread::Builder::new()
            .name("sokoengine-solve".to_owned())
            .stack_size(SOLVER_STACK)
            .spawn_scoped(scope, move || {
                let sender = sender;
                let mut observer = |progress: &Progress| {
                    let _ = sender.send(*progress);
                    if stop.load(Ordering::Relaxed) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                };
                work(&mut observer as &mut dyn Observer)
            })
            .map_err(|e| PyRuntimeError::new_err(format!("can't start the solver thread: {e}")))?;
        let mut raised: Option<PyErr> = None;
        loop {
            let message = py.detach(|| {
                receiver
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .recv_timeout(Duration::from_millis(20))
            });
            match message {
                Ok(progress) => {
                    if let (Some(callback), None) = (callback, &raised) {
                        match callback.call1((PyProgress { progress },)) {
                            Ok(answer) if answer.is(&*pyo3::types::PyBool::new(py, false)) => {
                                stop.store(true, Ordering::Relaxed);
                            }
                            Ok(_) => {}
                            Err(error) => {
                                cancel.cancel();
                                raised = Some(error);
                            }
                        }
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if raised.is_none() {
                if let Err(error) = py.check_signals() {
                    cancel.cancel();
                    raised = Some(error);
                }
            }
        }
        let result = py
            .detach(|| handle.join())
            .map_err(|_| PyRuntimeError::new_err("the solver thread panicked"))?;
        match raised {
            Some(error) => Err(error),
            None => Ok(result),
        }
    })
}

/// Solves a level: `objective` `any` (fast), `pushes` (push-optimal, proven) or
/// `moves` (move-optimal, pushes as tie-break). `time` (seconds), `nodes` and
/// `memory_mb` limit the search; `progress(Progress)` is called about four times a
/// second and stops the search by returning False; Ctrl-C cancels it
/// (KeyboardInterrupt is raised).
#[pyfunction]
#[pyo3(signature = (puzzle, objective = "any", *, time = None, nodes = None, memory_mb = None, sokoban_plus = false, progress = None, tessellation = None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    objective: &str,
    time: Option<f64>,
    nodes: Option<u64>,
    memory_mb: Option<u64>,
    sokoban_plus: bool,
    progress: Option<&Bound<'_, PyAny>>,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<PySolveResult> {
    let puzzle = puzzle_arg(puzzle, tessellation)?;
    let mut config = SolverConfig::new(self::objective(objective)?);
    config.limits = limits(time, nodes, memory_mb)?;
    config.sokoban_plus = sokoban_plus;
    let cancel = Cancel::new();
    let outcome = run_cancellable(py, &cancel, progress, |observer| {
        sokoengine::solver::solve(&puzzle, &config, &cancel, observer)
    })?;
    outcome.map(|o| solve_result(&o)).map_err(value_error)
}

/// What `optimize` found.
#[pyclass(module = "sokoengine", name = "OptimizeResult", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct PyOptimizeResult {
    /// The best solution's steps.
    pub lurd: String,
    /// Its metrics.
    pub metrics: PyMetrics,
    /// Index of the seed solution it started from.
    pub seed: usize,
    /// That seed's metrics.
    pub seed_metrics: PyMetrics,
    /// Whether it is better than every seed.
    pub improved: bool,
    /// Whether the search proved it optimal for the ordering.
    pub optimal: bool,
    /// Why the optimizer stopped early (`time`, `nodes`, `memory`, `cancelled`,
    /// `observer`), or None.
    pub stopped: Option<&'static str>,
}

#[pymethods]
impl PyOptimizeResult {
    fn __repr__(&self) -> String {
        format!(
            "OptimizeResult(metrics='{}', improved={}, lurd='{}')",
            self.metrics.metrics,
            if self.improved { "True" } else { "False" },
            self.lurd
        )
    }
}

/// Improves verified solutions of `puzzle` under a metric `order` (see
/// `metric_orders()`): walks re-routed, then vicinity searches over box
/// configurations. Limits, progress and Ctrl-C as for `solve`.
#[pyfunction]
#[pyo3(signature = (puzzle, solutions, order = "moves", *, time = None, nodes = None, memory_mb = None, progress = None, tessellation = None))]
#[allow(clippy::too_many_arguments)]
fn optimize(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    solutions: &Bound<'_, PyAny>,
    order: &str,
    time: Option<f64>,
    nodes: Option<u64>,
    memory_mb: Option<u64>,
    progress: Option<&Bound<'_, PyAny>>,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyOptimizeResult> {
    let puzzle = puzzle_arg(puzzle, tessellation)?;
    let seeds: Vec<String> = match solutions.extract::<String>() {
        Ok(one) => vec![one],
        Err(_) => solutions.extract()?,
    };
    let mut config = OptimizerConfig::new(metric_order(order)?);
    config.limits = limits(time, nodes, memory_mb)?;
    let cancel = Cancel::new();
    let outcome = run_cancellable(py, &cancel, progress, |observer| {
        sokoengine::solver::optimize(&puzzle, &seeds, &config, &cancel, observer)
    })?
    .map_err(value_error)?;
    Ok(PyOptimizeResult {
        lurd: outcome.solution.lurd.clone(),
        metrics: PyMetrics {
            metrics: outcome.solution.metrics,
        },
        seed: outcome.seed,
        seed_metrics: PyMetrics {
            metrics: outcome.seed_metrics,
        },
        improved: outcome.improved,
        optimal: outcome.optimal,
        stopped: outcome.stopped.map(stop_name),
    })
}

// ---- pictures ---------------------------------------------------------------------

fn options(theme: &str, cell: Option<f64>, labels: bool) -> PyResult<Options> {
    let theme: Theme = theme.parse().map_err(value_error)?;
    let mut options = Options::new().theme(theme).labels(labels);
    if let Some(cell) = cell {
        options = options.cell(cell);
    }
    Ok(options)
}

fn svg_to_png(svg: &str) -> PyResult<Vec<u8>> {
    render::svg_to_png(svg).map_err(value_error)
}

/// An SVG picture of a board (`puzzle`: a Puzzle or board text), after `step` steps of
/// `moves` when given; with `animate` an SVG that plays the whole `moves`.
#[pyfunction]
#[pyo3(signature = (puzzle, *, moves = None, step = None, animate = false, theme = "light", cell = None, labels = false, sokoban_plus = false, tessellation = None))]
#[allow(clippy::too_many_arguments)]
pub fn render_svg(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    moves: Option<&str>,
    step: Option<usize>,
    animate: bool,
    theme: &str,
    cell: Option<f64>,
    labels: bool,
    sokoban_plus: bool,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let puzzle = puzzle_arg(puzzle, tessellation)?;
    let options = options(theme, cell, labels)?;
    let replay = ReplayOptions::new().sokoban_plus(sokoban_plus);
    let moves = moves.map(Moves::parse).transpose().map_err(value_error)?;
    py.detach(move || -> Result<String, String> {
        match moves {
            None => render::puzzle_svg(&puzzle, &options).map_err(|e| e.to_string()),
            Some(moves) if animate => {
                let playback = Playback::new(&puzzle, &moves, replay).map_err(|e| e.to_string())?;
                let animation = playback.animation(&options).map_err(|e| e.to_string())?;
                Ok(animation.to_svg())
            }
            Some(moves) => {
                let playback = Playback::new(&puzzle, &moves, replay).map_err(|e| e.to_string())?;
                let frames = playback.frame_count();
                let frame = step.unwrap_or(frames.saturating_sub(1));
                if frame >= frames {
                    return Err(format!(
                        "step {frame} is out of range: the moves have {} steps",
                        frames - 1
                    ));
                }
                let animation = playback.animation(&options).map_err(|e| e.to_string())?;
                animation
                    .frame_svg(frame)
                    .ok_or_else(|| format!("step {frame} is out of range"))
            }
        }
    })
    .map_err(PyValueError::new_err)
}

/// A PNG picture (bytes) of a board, as `render_svg` draws it (no animation).
#[pyfunction]
#[pyo3(signature = (puzzle, *, moves = None, step = None, theme = "light", cell = None, labels = false, sokoban_plus = false, tessellation = None))]
#[allow(clippy::too_many_arguments)]
fn render_png<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    moves: Option<&str>,
    step: Option<usize>,
    theme: &str,
    cell: Option<f64>,
    labels: bool,
    sokoban_plus: bool,
    tessellation: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let svg = render_svg(
        py,
        puzzle,
        moves,
        step,
        false,
        theme,
        cell,
        labels,
        sokoban_plus,
        tessellation,
    )?;
    let png = py.detach(|| svg_to_png(&svg))?;
    Ok(PyBytes::new(py, &png))
}

/// A self-contained HTML page that plays `moves` on the board, with controls.
#[pyfunction]
#[pyo3(signature = (puzzle, moves, *, title = "sokoengine", theme = "light", cell = None, sokoban_plus = false, tessellation = None))]
#[allow(clippy::too_many_arguments)]
fn render_html(
    puzzle: &Bound<'_, PyAny>,
    moves: &str,
    title: &str,
    theme: &str,
    cell: Option<f64>,
    sokoban_plus: bool,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<String> {
    let puzzle = puzzle_arg(puzzle, tessellation)?;
    let options = options(theme, cell, false)?;
    let moves = Moves::parse(moves).map_err(value_error)?;
    let playback = Playback::new(
        &puzzle,
        &moves,
        ReplayOptions::new().sokoban_plus(sokoban_plus),
    )
    .map_err(value_error)?;
    Ok(playback
        .animation(&options)
        .map_err(value_error)?
        .to_html(title))
}

/// PNG bytes of any SVG picture drawn here.
#[pyfunction]
fn png_from_svg<'py>(py: Python<'py>, svg: &str) -> PyResult<Bound<'py, PyBytes>> {
    let png = py.detach(|| svg_to_png(svg))?;
    Ok(PyBytes::new(py, &png))
}

pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyMetrics>()?;
    module.add_class::<PyPathMetrics>()?;
    module.add_class::<PyProgress>()?;
    module.add_class::<PySolveResult>()?;
    module.add_class::<PyOptimizeResult>()?;
    module.add_function(wrap_pyfunction!(metric_orders, module)?)?;
    module.add_function(wrap_pyfunction!(metrics_of, module)?)?;
    module.add_function(wrap_pyfunction!(verify, module)?)?;
    module.add_function(wrap_pyfunction!(solve, module)?)?;
    module.add_function(wrap_pyfunction!(optimize, module)?)?;
    module.add_function(wrap_pyfunction!(render_svg, module)?)?;
    module.add_function(wrap_pyfunction!(render_png, module)?)?;
    module.add_function(wrap_pyfunction!(render_html, module)?)?;
    module.add_function(wrap_pyfunction!(png_from_svg, module)?)?;
    Ok(())
}
