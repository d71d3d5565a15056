//! Batches on all cores: `solve_many` and `verify_many` read their levels while holding
//! the GIL, then release it and run the levels on a rayon pool (one level per thread at
//! a time), returning the results in input order. Ctrl-C cancels the batch.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use sokoengine::board::Puzzle;
use sokoengine::geometry::Tessellation;
use sokoengine::io::{Collection, Moves, PuzzleVerifier, ReplayOptions};
use sokoengine::solver::{Cancel, Silent, SolverConfig};

use crate::convert;
use crate::extras::{
    PyMetrics, PySolveResult, SOLVER_STACK, error_result, limits, puzzle_arg, solve_result,
};

/// One level of a batch: its board (or why it has none) and the move texts to check.
struct Level {
    puzzle: Result<Puzzle, String>,
    snapshots: Vec<String>,
}

/// The levels of a file (read with `hint` for puzzles without a `Game:` tag).
fn file_levels(path: &str, hint: Tessellation) -> PyResult<Vec<Level>> {
    let collection =
        Collection::load(path, Some(hint)).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(collection
        .puzzles
        .iter()
        .map(|entry| Level {
            puzzle: if entry.has_empty_board() {
                Err("the level has no board".to_owned())
            } else {
                entry.puzzle().map_err(|e| e.to_string())
            },
            snapshots: entry
                .snapshots()
                .iter()
                .map(|s| s.moves_data().to_owned())
                .collect(),
        })
        .collect())
}

/// The levels of a Python argument: a path (`str` or `os.PathLike`) to a level file, or
/// an iterable of levels, each a `Puzzle`, board text, or a `(level, moves)` pair whose
/// moves are one move text or a list of them.
fn levels_arg(
    levels: &Bound<'_, PyAny>,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Level>> {
    let hint = tessellation.map_or(Ok(Tessellation::Sokoban), convert::tessellation)?;
    let py = levels.py();
    let os = py.import("os")?;
    if levels.is_instance_of::<pyo3::types::PyString>()
        || levels.is_instance(&os.getattr("PathLike")?)?
    {
        let path: String = os.call_method1("fspath", (levels,))?.extract()?;
        return file_levels(&path, hint);
    }
    let mut result = Vec::new();
    for item in levels.try_iter()? {
        let item = item?;
        let (level, snapshots) = match item.cast::<pyo3::types::PyTuple>() {
            Ok(pair) if pair.len() == 2 => {
                let moves = pair.get_item(1)?;
                let texts: Vec<String> = match moves.extract::<String>() {
                    Ok(one) => vec![one],
                    Err(_) => moves.extract()?,
                };
                (pair.get_item(0)?, texts)
            }
            _ => {
                let texts = match item.getattr("snapshots") {
                    Ok(snapshots) => snapshots
                        .try_iter()?
                        .map(|s| s?.getattr("moves_data")?.extract::<String>())
                        .collect::<PyResult<Vec<_>>>()?,
                    Err(_) => Vec::new(),
                };
                (item, texts)
            }
        };
        let puzzle = match puzzle_arg(&level, tessellation) {
            Ok(puzzle) => Ok(puzzle),
            Err(error) if error.is_instance_of::<PyValueError>(py) => {
                Err(error.value(py).to_string())
            }
            Err(error) => return Err(error),
        };
        result.push(Level { puzzle, snapshots });
    }
    Ok(result)
}

fn jobs_arg(jobs: Option<usize>, levels: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    jobs.unwrap_or(cores).clamp(1, levels.max(1))
}

/// Runs `work` on every level on a pool of `jobs` threads without the GIL; `progress`
/// (if given) is called with `(done, total)` as levels finish; Ctrl-C sets `cancel` and
/// raises KeyboardInterrupt once the running levels have stopped.
fn run_levels<R: Send>(
    py: Python<'_>,
    levels: &[Level],
    jobs: usize,
    cancel: &Cancel,
    progress: Option<&Bound<'_, PyAny>>,
    work: impl Fn(&Level) -> R + Sync,
) -> PyResult<Vec<R>> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .stack_size(SOLVER_STACK)
        .thread_name(|index| format!("sokoengine-level-{index}"))
        .build()
        .map_err(|e| PyRuntimeError::new_err(format!("can't start {jobs} threads: {e}")))?;
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel::<(usize, R)>();
    // Waited on without the GIL, which asks for a `Sync` receiver.
    let receiver = std::sync::Mutex::new(receiver);
    let mut results: Vec<Option<R>> = levels.iter().map(|_| None).collect();
    let mut raised: Option<PyErr> = None;
    std::thread::scope(|scope| {
        let (next, work) = (&next, &work);
        scope.spawn(move || {
            pool.broadcast(|_| {
                let sender = sender.clone();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(level) = levels.get(index) else {
                        break;
                    };
                    if sender.send((index, work(level))).is_err() {
                        break;
                    }
                }
            });
        });
        let mut done = 0;
        loop {
            let message = py.detach(|| {
                receiver
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .recv_timeout(Duration::from_millis(20))
            });
            match message {
                Ok((index, result)) => {
                    results[index] = Some(result);
                    done += 1;
                    if let (Some(callback), None) = (progress, &raised) {
                        if let Err(error) = callback.call1((done, levels.len())) {
                            cancel.cancel();
                            raised = Some(error);
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
    });
    if let Some(error) = raised {
        return Err(error);
    }
    results
        .into_iter()
        .map(|r| {
            r.ok_or_else(|| PyRuntimeError::new_err("a level's worker stopped without a result"))
        })
        .collect()
}

/// Solves many levels on all cores (or `jobs` threads), each as `solve` would, and
/// returns one `SolveResult` per level in input order (status `error` for a level
/// that does not parse or that the solver refuses). `levels`: a path to a level file
/// (`.sok`, `.xsb`, ...), or an iterable of `Puzzle`s or board texts. The GIL is
/// released while the levels run; Ctrl-C cancels the batch (KeyboardInterrupt).
#[pyfunction]
#[pyo3(signature = (levels, objective = "any", *, time = None, nodes = None, memory_mb = None, jobs = None, sokoban_plus = false, progress = None, tessellation = None))]
#[allow(clippy::too_many_arguments)]
fn solve_many(
    py: Python<'_>,
    levels: &Bound<'_, PyAny>,
    objective: &str,
    time: Option<f64>,
    nodes: Option<u64>,
    memory_mb: Option<u64>,
    jobs: Option<usize>,
    sokoban_plus: bool,
    progress: Option<&Bound<'_, PyAny>>,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PySolveResult>> {
    let levels = levels_arg(levels, tessellation)?;
    let mut config = SolverConfig::new(objective.parse().map_err(
        |e: sokoengine::solver::ParseObjectiveError| PyValueError::new_err(e.to_string()),
    )?);
    config.limits = limits(time, nodes, memory_mb)?;
    config.sokoban_plus = sokoban_plus;
    let cancel = Cancel::new();
    let jobs = jobs_arg(jobs, levels.len());
    run_levels(py, &levels, jobs, &cancel, progress, |level| {
        match &level.puzzle {
            Err(message) => error_result(message.clone()),
            Ok(puzzle) => match sokoengine::solver::solve(puzzle, &config, &cancel, &mut Silent) {
                Ok(outcome) => solve_result(&outcome),
                Err(error) => error_result(error.to_string()),
            },
        }
    })
}

/// The check of one snapshot: whether it solves its level, why not, and JSoko's
/// metrics of its steps.
#[pyclass(module = "sokoengine", name = "Verdict", frozen, get_all)]
#[derive(Clone)]
pub(crate) struct PyVerdict {
    /// Whether replaying the moves ends with the level solved.
    pub solved: bool,
    /// Why the moves do not replay (the step and the Mover's message), else None.
    pub error: Option<String>,
    /// JSoko's metrics of the steps (None for illegal steps and reverse moves).
    pub metrics: Option<PyMetrics>,
}

#[pymethods]
impl PyVerdict {
    /// Rebuilds a verdict from its fields (what pickling stores).
    #[staticmethod]
    fn _restore(solved: bool, error: Option<String>, metrics: Option<PyMetrics>) -> Self {
        PyVerdict {
            solved,
            error,
            metrics,
        }
    }

    /// Pickles as its fields.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyAny>, (bool, Option<String>, Option<PyMetrics>))> {
        let v = slf.get();
        Ok((
            slf.get_type().getattr("_restore")?,
            (v.solved, v.error.clone(), v.metrics),
        ))
    }

    fn __repr__(&self) -> String {
        format!(
            "Verdict(solved={}, error={}, metrics={})",
            if self.solved { "True" } else { "False" },
            self.error
                .as_deref()
                .map_or("None".to_owned(), |e| format!("{e:?}")),
            self.metrics
                .map_or("None".to_owned(), |m| format!("'{}'", m.metrics))
        )
    }
}

fn verdict(verifier: &mut PuzzleVerifier<'_>, text: &str) -> PyVerdict {
    let moves = match Moves::parse(text) {
        Ok(moves) => moves,
        Err(error) => {
            return PyVerdict {
                solved: false,
                error: Some(error.to_string()),
                metrics: None,
            };
        }
    };
    // One pass where it can tell, else a Mover with its exact messages.
    let verdict = verifier.verify(&moves, ReplayOptions::new());
    PyVerdict {
        solved: verdict.solved,
        error: verdict.error.map(|e| e.to_string()),
        metrics: verdict.metrics.map(|game| PyMetrics {
            metrics: game.metrics,
        }),
    }
}

/// Checks the snapshots of many levels on all cores (or `jobs` threads): one list of
/// `Verdict`s per level, in input order. `levels`: a path to a level file (each
/// puzzle's snapshots are checked), or an iterable whose items are `Puzzle`s (their
/// `snapshots`) or `(level, moves)` pairs, `moves` one move text or a list of them.
#[pyfunction]
#[pyo3(signature = (levels, *, jobs = None, progress = None, tessellation = None))]
fn verify_many(
    py: Python<'_>,
    levels: &Bound<'_, PyAny>,
    jobs: Option<usize>,
    progress: Option<&Bound<'_, PyAny>>,
    tessellation: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Vec<PyVerdict>>> {
    let levels = levels_arg(levels, tessellation)?;
    let cancel = Cancel::new();
    let jobs = jobs_arg(jobs, levels.len());
    run_levels(py, &levels, jobs, &cancel, progress, |level| {
        match &level.puzzle {
            Err(message) => level
                .snapshots
                .iter()
                .map(|_| PyVerdict {
                    solved: false,
                    error: Some(message.clone()),
                    metrics: None,
                })
                .collect(),
            Ok(puzzle) => {
                let mut verifier = PuzzleVerifier::new(puzzle);
                level
                    .snapshots
                    .iter()
                    .map(|text| verdict(&mut verifier, text))
                    .collect()
            }
        }
    })
}

pub fn register(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<PyVerdict>()?;
    module.add_function(wrap_pyfunction!(solve_many, module)?)?;
    module.add_function(wrap_pyfunction!(verify_many, module)?)?;
    Ok(())
}
