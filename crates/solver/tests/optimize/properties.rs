//! Properties: a seed made worse by random detours (walks there and back) is
//! optimized to a result no worse than the seed it came from, under every ordering:
//! the detours leave the box configurations of the path as they were, and the
//! optimizer's first method searches exactly the paths through them.

use proptest::prelude::*;
use sokoengine_board::CompactBoard;
use sokoengine_geometry::Tessellation;
use sokoengine_metrics::{MetricOrder, SolutionVerifier, Step};
use sokoengine_solver::OptimizerConfig;

use crate::common::{any_solution, checked_optimize, puzzle};

const BOARDS: [(Tessellation, &str); 3] = [
    (
        Tessellation::Sokoban,
        "########/#  .   #/# $$@  #/#  .   #/########",
    ),
    (
        Tessellation::Sokoban,
        "  #####/###  .#/# $ # #/#  @$ #/# .   #/#######",
    ),
    (
        Tessellation::Hexoban,
        " # # # # #/# @ $   . #/ #   $ .   #/  # # # # #",
    ),
];

/// `lurd` with a walk of `steps` (then the same walk back) inserted before step
/// `at`, keeping only the walk steps that are legal moves (no pushes).
fn with_detour(
    tessellation: Tessellation,
    board: &CompactBoard,
    lurd: &str,
    at: usize,
    steps: &[usize],
) -> String {
    let letters: Vec<char> = lurd.chars().collect();
    let at = at % (letters.len() + 1);
    let mut position = board.start();
    for &letter in &letters[..at] {
        let step = Step::from_char(tessellation, letter).unwrap();
        position.step(step.direction).unwrap();
    }
    let directions = tessellation.legal_directions();
    let mut walk = Vec::new();
    for &index in steps {
        let direction = directions[index % directions.len()];
        if position
            .plan_step(direction)
            .is_ok_and(|moved| moved.pushed.is_none())
        {
            position.step(direction).unwrap();
            walk.push(direction);
        }
    }
    let mut detour = String::new();
    for &direction in &walk {
        detour.push(tessellation.step_char(direction, false).unwrap());
    }
    for &direction in walk.iter().rev() {
        detour.push(tessellation.step_char(direction.opposite(), false).unwrap());
    }
    let mut seed: String = letters[..at].iter().collect();
    seed.push_str(&detour);
    seed.extend(&letters[at..]);
    seed
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn detours_are_removed_under_every_ordering(
        board_index in 0..BOARDS.len(),
        order_index in 0..MetricOrder::ALL.len(),
        at in 0_usize..200,
        steps in proptest::collection::vec(0_usize..8, 1..12),
    ) {
        let (tessellation, rows) = BOARDS[board_index];
        let puzzle = puzzle(tessellation, rows);
        let board = CompactBoard::new(&puzzle).unwrap();
        let original = any_solution(&puzzle);
        let seed = with_detour(tessellation, &board, &original, at, &steps);
        let mut verifier = SolutionVerifier::new(&puzzle).unwrap();
        let original_metrics = verifier.verify(&original).unwrap();
        prop_assume!(verifier.verify(&seed).is_ok());
        let order = MetricOrder::ALL[order_index];
        let mut config = OptimizerConfig::new(order);
        config.vicinity = vec![(1, 4)];
        config.global = false;
        let outcome = checked_optimize(&puzzle, &[&seed], &config);
        prop_assert!(
            order.sort_key(&outcome.solution.metrics) <= order.sort_key(&original_metrics),
            "{} from {} is worse than {} under {}", outcome.solution.metrics, seed, original_metrics, order
        );
    }
}
