//! Helpers: puzzles from text, and an independent reference optimum.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use sokoengine_board::{CompactBoard, CompactCell, Puzzle};
use sokoengine_geometry::{Direction, Tessellation};
use sokoengine_metrics::{BoxMove, MetricOrder, PathMetrics, SolutionMetrics, SolutionVerifier};
use sokoengine_solver::{
    Cancel, OptimizeOutcome, OptimizerConfig, Silent, SolveOutcome, SolverConfig, optimize, solve,
};

/// A puzzle from rows joined by `/`.
pub fn puzzle(tessellation: Tessellation, rows: &str) -> Puzzle {
    Puzzle::parse(tessellation, &rows.replace('/', "\n")).expect("test boards parse")
}

/// Any solution, from the solver.
pub fn any_solution(puzzle: &Puzzle) -> String {
    let config = SolverConfig::new(sokoengine_solver::Objective::Any);
    match solve(puzzle, &config, &Cancel::new(), &mut Silent).expect("the solver takes it") {
        SolveOutcome::Solved(solution) => solution.lurd,
        other => panic!("no solution: {other:?}"),
    }
}

/// Optimizes with `config`, checking the invariants every result must hold: never
/// worse than the best seed, verified by a fresh verifier with the same metrics.
pub fn checked_optimize<S: AsRef<str>>(
    puzzle: &Puzzle,
    seeds: &[S],
    config: &OptimizerConfig,
) -> OptimizeOutcome {
    let outcome = optimize(puzzle, seeds, config, &Cancel::new(), &mut Silent)
        .unwrap_or_else(|error| panic!("optimize failed: {error}"));
    let mut verifier = SolutionVerifier::new(puzzle).expect("one pusher");
    let best_seed = seeds
        .iter()
        .map(|seed| verifier.verify(seed.as_ref()).expect("seeds verify"))
        .min_by_key(|metrics| config.order.sort_key(metrics))
        .expect("seeds");
    assert_eq!(
        config.order.sort_key(&outcome.seed_metrics),
        config.order.sort_key(&best_seed)
    );
    let metrics = verifier
        .verify(&outcome.solution.lurd)
        .unwrap_or_else(|error| panic!("{} does not verify: {error}", outcome.solution.lurd));
    assert_eq!(
        metrics, outcome.solution.metrics,
        "{}",
        outcome.solution.lurd
    );
    assert!(
        config.order.sort_key(&metrics) <= config.order.sort_key(&best_seed),
        "{metrics} is worse than the seed {best_seed} under {}",
        config.order
    );
    assert_eq!(
        outcome.improved,
        config.order.sort_key(&metrics) < config.order.sort_key(&best_seed)
    );
    outcome
}

/// The best solution's metrics under `order`, by a plain Dijkstra over single steps
/// whose states are (boxes, pusher, PlugValue), independent of the optimizer's
/// node model and walk tables. `None` when unsolvable. Only for tiny boards.
pub fn reference_optimum(puzzle: &Puzzle, order: MetricOrder) -> Option<SolutionMetrics> {
    let board = CompactBoard::new(puzzle).expect("one pusher");
    let directions = board.tessellation().legal_directions();
    type Key = (
        Vec<CompactCell>,
        CompactCell,
        Option<(Direction, bool)>,
        Option<u32>,
    );
    let key_of = |boxes: &[CompactCell], pusher: CompactCell, path: &PathMetrics<u32>| -> Key {
        (
            boxes.to_vec(),
            pusher,
            path.plug
                .last_step
                .map(|step| (step.direction, step.is_push)),
            path.plug.last_pushed_box,
        )
    };
    let start = board.start();
    let start_boxes: Vec<CompactCell> = board.start_boxes().collect();
    let mut best: HashMap<Key, [u32; 6]> = HashMap::new();
    let mut open = BinaryHeap::new();
    let root = PathMetrics::<u32>::START;
    best.insert(key_of(&start_boxes, start.pusher(), &root), [0; 6]);
    let mut states: Vec<(Vec<CompactCell>, CompactCell, PathMetrics<u32>)> =
        vec![(start_boxes, start.pusher(), root)];
    open.push(Reverse(([0_u32; 6], 0_usize)));
    while let Some(Reverse((key, index))) = open.pop() {
        let (boxes, pusher, path) = states[index].clone();
        if best.get(&key_of(&boxes, pusher, &path)) != Some(&key) {
            continue;
        }
        // A solved state is only reached by a push (the start is never a solution).
        if path.metrics.pushes > 0
            && boxes.iter().all(|&cell| board.is_goal(cell))
            && path.plug.last_step.is_some_and(|step| step.is_push)
        {
            return Some(path.metrics);
        }
        let mut position = board.empty();
        position.set_pusher(pusher).expect("free");
        for &cell in &boxes {
            position.put_box(cell).expect("free");
        }
        for &direction in directions {
            let mut next = position.clone();
            let Ok(moved) = next.step(direction) else {
                continue;
            };
            let next_path = match moved.pushed {
                Some((from, to)) => path.after(direction, Some(BoxMove::new(from.get(), to.get()))),
                None => path.after_walk(direction),
            };
            let mut next_boxes = boxes.clone();
            if let Some((from, to)) = moved.pushed {
                let slot = next_boxes
                    .iter()
                    .position(|&cell| cell == from)
                    .expect("box");
                next_boxes[slot] = to;
                next_boxes.sort_unstable();
            }
            let next_key = order.sort_key(&next_path.metrics);
            let state_key = key_of(&next_boxes, next.pusher(), &next_path);
            if best.get(&state_key).is_some_and(|known| *known <= next_key) {
                continue;
            }
            best.insert(state_key, next_key);
            states.push((next_boxes, next.pusher(), next_path));
            open.push(Reverse((next_key, states.len() - 1)));
        }
    }
    None
}
