//! Solves every level of a file and prints one line per level and a summary: the
//! command behind the solver figures of docs/solver.md.
//!
//! ```text
//! cargo run --release -p sokoengine-solver --example solve_set -- FILE [any|pushes|moves] [SECONDS] [JOBS] [FIRST-LAST]
//! ```

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sokoengine_io::{Collection, extension_hint};
use sokoengine_solver::{Cancel, Limits, Objective, Silent, SolveOutcome, SolverConfig, solve};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .ok_or("usage: solve_set FILE [MODE] [SECONDS] [JOBS] [FIRST-LAST]")?;
    let objective: Objective = args.get(1).map_or(Ok(Objective::Any), |m| m.parse())?;
    let seconds: f64 = args.get(2).map_or(Ok(10.0), |s| s.parse())?;
    let jobs: usize = args.get(3).map_or(Ok(1), |s| s.parse())?;
    let range = args.get(4).map(|r| {
        let (a, b) = r.split_once('-').unwrap_or((r, r));
        (
            a.parse::<usize>().unwrap_or(1),
            b.parse::<usize>().unwrap_or(usize::MAX),
        )
    });
    let bytes = std::fs::read(path)?;
    let collection = Collection::parse_bytes(&bytes, extension_hint(Path::new(path)))
        .expect("the text holds puzzles");
    let mut levels = Vec::new();
    for (index, entry) in collection.puzzles.iter().enumerate() {
        let number = index + 1;
        if range.is_some_and(|(a, b)| number < a || number > b) {
            continue;
        }
        levels.push((number, entry.title.clone(), entry.puzzle()?));
    }
    let limits = Limits::default()
        .with_time(Duration::from_secs_f64(seconds))
        .with_memory(3 << 30);
    let mut config = SolverConfig::new(objective);
    config.limits = limits;
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::new());
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some((number, title, puzzle)) = levels.get(i) else {
                        break;
                    };
                    let began = Instant::now();
                    let outcome = solve(puzzle, &config, &Cancel::new(), &mut Silent);
                    let seconds = began.elapsed().as_secs_f64();
                    let line = match &outcome {
                        Ok(SolveOutcome::Solved(s)) => format!(
                            "{number:4} solved   {seconds:7.2}s {:>10} nodes  {}{}",
                            s.stats.expanded,
                            s.metrics,
                            if s.proven.is_some() { " proven" } else { "" }
                        ),
                        Ok(SolveOutcome::Unsolvable(reason, stats)) => format!(
                            "{number:4} unsolvable {seconds:5.2}s {:>10} nodes  {reason}",
                            stats.expanded
                        ),
                        Ok(SolveOutcome::Stopped(reason, stats)) => format!(
                            "{number:4} stopped  {seconds:7.2}s {:>10} nodes  {reason} ({} MB)",
                            stats.expanded,
                            stats.memory_bytes >> 20
                        ),
                        Err(error) => format!("{number:4} error    {error}\n{puzzle}"),
                    };
                    println!("{line}  {title}");
                    let expanded = outcome.as_ref().map_or(0, |o| o.stats().expanded);
                    let solved = matches!(outcome, Ok(SolveOutcome::Solved(_)));
                    let proven =
                        matches!(&outcome, Ok(SolveOutcome::Solved(s)) if s.proven.is_some());
                    results
                        .lock()
                        .unwrap()
                        .push((*number, solved, proven, seconds, expanded));
                }
            });
        }
    });
    let results = results.into_inner()?;
    let solved = results.iter().filter(|r| r.1).count();
    let proven = results.iter().filter(|r| r.2).count();
    let cpu: f64 = results.iter().map(|r| r.3).sum();
    let nodes: u64 = results.iter().map(|r| r.4).sum();
    println!(
        "{}: {solved}/{} solved, {proven} proven, {objective}, {seconds} s per level, {cpu:.1} s in levels ({:.1} s wall), {:.0} nodes/s",
        Path::new(path)
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or(path),
        results.len(),
        start.elapsed().as_secs_f64(),
        nodes as f64 / cpu.max(1e-9),
    );
    Ok(())
}
