//! Verifying snapshots: the replay's outcome and JSoko's metrics from a single walk
//! over the steps on the compact core of the board crate (the rules the Mover's fast
//! paths, the metrics verifier and the solver share), and a replay on a Mover for what
//! that walk cannot tell.

use sokoengine_board::{BoardGraph, MAX_HEIGHT, MAX_WIDTH, Puzzle, SizeError, is_playable};
use sokoengine_metrics::SolutionVerifier;
use sokoengine_mover::Mover;

use crate::moves::Moves;
use crate::replay::{ReplayError, ReplayOptions, Verdict, replay};

/// Replays the snapshots of one puzzle and computes their metrics: the one verifier
/// of snapshots, for solutions and saved games alike.
///
/// Build it once per puzzle. [`PuzzleVerifier::verify`] decides what a replay on a
/// Mover ([`replay`]) would find in one pass of the metrics verifier whenever it can
/// do so from the steps alone: forward moves of step letters only, on a playable
/// one-pusher board (as many boxes as goals, at least one), without Sokoban+ orders in
/// play, every step legal and moving a box exactly when its letter is upper case.
/// Anything else (a refused or mismatched step, jumps, selections, `*`, several
/// pushers) is replayed on a Mover, whose errors carry the exact messages; the board
/// graph of those replays is built once, on first need.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, PuzzleVerifier, ReplayError, ReplayOptions};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let mut verifier = PuzzleVerifier::new(&puzzle);
/// let verdict = verifier.verify(&Moves::parse("rRR")?, ReplayOptions::new());
/// assert!(verdict.solved);
/// assert_eq!((verdict.steps, verdict.pushes), (3, 2));
/// assert_eq!(verdict.metrics.map(|game| game.metrics.to_string()), Some("3/2/1/1/1/1".into()));
/// // A lower-case push: the Mover reports the mismatch; the metrics do not care.
/// let verdict = verifier.verify(&Moves::parse("rrR")?, ReplayOptions::new());
/// assert!(matches!(verdict.error, Some(ReplayError::Mismatch { step: 1, .. })));
/// assert!(!verdict.solved && verdict.metrics.is_some_and(|game| game.solved));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct PuzzleVerifier<'p> {
    puzzle: &'p Puzzle,
    /// The metrics verifier, on one-pusher boards.
    metrics: Option<SolutionVerifier>,
    /// Whether a Mover can be built on the board: one pusher, as many boxes as goals
    /// (at least one), within the board graph's size limits.
    playable: bool,
    /// Whether a box outside the active area stands off a goal: it never moves, so
    /// the board is never solved.
    stranded_box: bool,
    /// The board graph of the replays on a Mover, once one was needed.
    graph: Option<Result<BoardGraph, SizeError>>,
}

impl<'p> PuzzleVerifier<'p> {
    /// A verifier for the board of `puzzle`.
    pub fn new(puzzle: &'p Puzzle) -> PuzzleVerifier<'p> {
        let metrics = SolutionVerifier::new(puzzle).ok();
        let counts = puzzle.piece_counts();
        // A metrics verifier exists only on boards with exactly one pusher.
        let playable = metrics.is_some()
            && is_playable(1, counts.boxes, counts.goals)
            && puzzle.width() <= MAX_WIDTH
            && puzzle.height() <= MAX_HEIGHT;
        let stranded_box = metrics
            .as_ref()
            .is_some_and(|verifier| counts.boxes_off_goal > verifier.boxes_off_goal() as usize);
        PuzzleVerifier {
            puzzle,
            metrics,
            playable,
            stranded_box,
            graph: None,
        }
    }

    /// Replays `moves` and computes their metrics (see [`PuzzleVerifier`]): what
    /// [`replay`] finds on the mover of [`ReplayOptions::mover`], with
    /// [`Verdict::metrics`]. Reverse mode (`options.reverse` or jumps in the moves) is
    /// always replayed on a Mover; Sokoban+ too when `options.sokoban_plus` and the
    /// puzzle has orders.
    pub fn verify(&mut self, moves: &Moves, options: ReplayOptions) -> Verdict {
        let mut metrics = None;
        if let Some(verifier) = self.metrics.as_mut().filter(|_| !moves.is_reverse()) {
            metrics = verifier.verify_saved_game(moves.as_str()).ok();
            let plain = self.playable
                && !options.reverse
                && !(options.sokoban_plus && self.puzzle.has_sokoban_plus());
            if let (true, Some(solved)) = (plain, metrics.and_then(|game| game.as_written)) {
                // Only step letters, every step as written: the counts the text was
                // parsed with are the replay's.
                return Verdict {
                    steps: moves.move_count() + moves.push_count(),
                    moves: moves.move_count(),
                    pushes: moves.push_count(),
                    solved: solved && !self.stranded_box,
                    error: None,
                    metrics,
                };
            }
        }
        let mut verdict = match self.mover(moves, options) {
            Ok(mut mover) => replay(&mut mover, moves),
            Err(error) => Verdict::refused(error),
        };
        verdict.metrics = metrics;
        verdict
    }

    /// The mover of [`ReplayOptions::mover`], on the board graph built once.
    fn mover(&mut self, moves: &Moves, options: ReplayOptions) -> Result<Mover, ReplayError> {
        let puzzle = self.puzzle;
        let graph = self.graph.get_or_insert_with(|| BoardGraph::new(puzzle));
        options.mover_from(graph.clone(), puzzle, moves)
    }
}

#[cfg(test)]
mod tests {
    use sokoengine_geometry::Tessellation;

    use super::*;

    /// Compares the verdicts with a Mover's replay and the metrics verifier on every
    /// text of up to `depth` letters over `letters` (and a few others): the one pass
    /// and the replay on a Mover agree wherever the one pass decides.
    fn agrees_with_the_mover(
        tessellation: Tessellation,
        board: &str,
        letters: &[u8],
        depth: usize,
    ) {
        let mut puzzle = Puzzle::parse(tessellation, &board.replace('/', "\n")).unwrap();
        for sokoban_plus in [false, true] {
            if sokoban_plus {
                puzzle.boxorder = "1".into();
                puzzle.goalorder = "1".into();
            }
            let options = ReplayOptions::new().sokoban_plus(sokoban_plus);
            let mut verifier = PuzzleVerifier::new(&puzzle);
            let mut texts = vec![String::new()];
            let mut start = 0;
            for _ in 0..depth {
                let end = texts.len();
                for index in start..end {
                    for &letter in letters {
                        texts.push(format!("{}{}", texts[index], char::from(letter)));
                    }
                }
                start = end;
            }
            texts.extend(["rRR*", "[l]r", "r R", "{r}R"].map(String::from));
            for text in &texts {
                let moves = Moves::parse(text).unwrap();
                let verdict = verifier.verify(&moves, options);
                let metrics = SolutionVerifier::new(&puzzle)
                    .ok()
                    .filter(|_| !moves.is_reverse())
                    .and_then(|mut v| v.verify_saved_game(moves.as_str()).ok());
                assert_eq!(verdict.metrics, metrics, "{board} {text:?}");
                // Every verdict of a few steps, and every longer one that replays.
                if verdict.error.is_some() && text.len() > 3 {
                    continue;
                }
                let mut on_mover = match options.mover(&puzzle, &moves) {
                    Ok(mut mover) => replay(&mut mover, &moves),
                    Err(error) => Verdict::refused(error),
                };
                on_mover.metrics = metrics;
                assert_eq!(verdict, on_mover, "{board} {text:?}");
            }
        }
    }

    #[test]
    fn one_pass_agrees_with_the_mover() {
        let sokoban = b"lurdLURD";
        agrees_with_the_mover(Tessellation::Sokoban, "#######/#@ $ .#/#######", sokoban, 5);
        // A box the pusher never reaches, off its goal: never solved.
        agrees_with_the_mover(
            Tessellation::Sokoban,
            "#######/#@$.#$.#/#######",
            sokoban,
            5,
        );
        agrees_with_the_mover(
            Tessellation::Sokoban,
            "#######/#@$.#.$#/#######",
            sokoban,
            5,
        );
        // More goals than boxes, two pushers, open edges.
        agrees_with_the_mover(Tessellation::Sokoban, "######/#@$..#/######", sokoban, 5);
        agrees_with_the_mover(Tessellation::Sokoban, "######/#@$.@#/######", sokoban, 5);
        agrees_with_the_mover(Tessellation::Sokoban, "@$.", sokoban, 5);
        let all = b"lurdnsewLURDNSEW";
        agrees_with_the_mover(Tessellation::Hexoban, " # # #/# @ $ #/ # . #/  # #", all, 3);
        for tessellation in [Tessellation::Trioban, Tessellation::Octoban] {
            agrees_with_the_mover(tessellation, "#######/#@ $ .#/# $.  #/#######", all, 3);
        }
    }
}
