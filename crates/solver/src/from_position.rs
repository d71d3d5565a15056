//! Solving from a position reached in play: a hint for a player, or the rest of a
//! saved game. A thin layer over [`solve`]: the search itself knows only levels.

use sokoengine_mover::{Mover, SolvingMode};

use crate::config::{Cancel, Observer, SolveOutcome, SolverConfig};
use crate::error::SolverError;
use crate::solve::solve;

/// Solves from the position `mover` stands in (forward mode), as [`solve`] solves a
/// level: the solution found is the **continuation**, the steps from this position
/// on, with the metrics and proof of those steps alone. The whole line from the
/// level's start is the steps played so far followed by the continuation (for a
/// [`Game`](sokoengine_mover::Game), its `played_steps`); a hint is the
/// continuation's first step.
///
/// The mover is not changed.
///
/// # Errors
///
/// [`SolverError::ReverseMode`] for a mover in reverse mode, [`SolverError::SokobanPlus`]
/// for one with Sokoban+ enabled (the solver does not handle box orders), and the
/// errors of [`solve`] for the board as it stands (several pushers, ...).
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::{Direction, Tessellation};
/// use sokoengine_mover::Mover;
/// use sokoengine_solver::{Cancel, Objective, Silent, SolveOutcome, SolverConfig, solve_from};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let mut mover = Mover::from_puzzle(&puzzle)?;
/// mover.try_move(Direction::Right)?; // the player walked one step
/// let config = SolverConfig::new(Objective::Moves);
/// let SolveOutcome::Solved(rest) = solve_from(&mover, &config, &Cancel::new(), &mut Silent)? else {
///     panic!("solvable");
/// };
/// assert_eq!(rest.lurd, "RR"); // the continuation: a hint is its first step
/// assert_eq!(rest.metrics.moves, 2);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn solve_from(
    mover: &Mover,
    config: &SolverConfig,
    cancel: &Cancel,
    observer: &mut dyn Observer,
) -> Result<SolveOutcome, SolverError> {
    if mover.solving_mode() == SolvingMode::Reverse {
        return Err(SolverError::ReverseMode);
    }
    if mover.board_manager().is_sokoban_plus_enabled() {
        return Err(SolverError::SokobanPlus);
    }
    solve(&mover.board().to_puzzle(), config, cancel, observer)
}

#[cfg(test)]
mod tests {
    use sokoengine_board::{BoardGraph, Puzzle};
    use sokoengine_geometry::{Direction, Tessellation};
    use sokoengine_metrics::SolutionVerifier;
    use sokoengine_mover::{BoardManager, Game};

    use super::*;
    use crate::config::{Objective, Silent};

    const LEVEL: &str = "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########";

    #[test]
    fn the_played_steps_and_the_continuation_make_a_solution() {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, LEVEL).unwrap();
        let mut game = Game::from_puzzle(&puzzle).unwrap();
        for direction in [Direction::Right, Direction::Up, Direction::Up] {
            game.step(direction).unwrap();
        }
        let config = SolverConfig::new(Objective::Pushes);
        let SolveOutcome::Solved(rest) =
            solve_from(game.mover(), &config, &Cancel::new(), &mut Silent).unwrap()
        else {
            panic!("solvable from there");
        };
        assert_eq!(rest.proven, Some(Objective::Pushes));
        let played: String = game
            .played_steps()
            .iter()
            .map(|step| {
                Tessellation::Sokoban
                    .step_char(step.direction(), step.is_push_or_pull())
                    .unwrap()
            })
            .collect();
        let whole = format!("{played}{}", rest.lurd);
        let mut verifier = SolutionVerifier::new(&puzzle).unwrap();
        let metrics = verifier.verify(&whole).unwrap();
        assert_eq!(metrics.pushes, rest.metrics.pushes);
        assert_eq!(metrics.moves, rest.metrics.moves + 3);
    }

    #[test]
    fn reverse_play_and_sokoban_plus_are_refused() {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, LEVEL).unwrap();
        let config = SolverConfig::new(Objective::Any);
        let graph = BoardGraph::new(&puzzle).unwrap();
        let reverse = Mover::new(graph.clone(), SolvingMode::Reverse).unwrap();
        assert_eq!(
            solve_from(&reverse, &config, &Cancel::new(), &mut Silent),
            Err(SolverError::ReverseMode)
        );
        let mut manager = BoardManager::with_sokoban_plus(graph, "1 2", "2 1");
        manager.enable_sokoban_plus().unwrap();
        let plus = Mover::with_manager(manager, SolvingMode::Forward).unwrap();
        assert_eq!(
            solve_from(&plus, &config, &Cancel::new(), &mut Silent),
            Err(SolverError::SokobanPlus)
        );
    }
}
