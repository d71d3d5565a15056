//! Verifying snapshots in one pass: the replay's outcome and JSoko's metrics from a
//! single walk over the steps, on the compact core of the board crate (the rules the
//! Mover's fast paths, the metrics verifier and the solver share).

use sokoengine_board::{MAX_HEIGHT, MAX_WIDTH, Puzzle, is_playable};
use sokoengine_metrics::{SavedGame, SolutionVerifier};

use crate::moves::Moves;
use crate::replay::{ReplayOptions, StepTally};

/// Replays the snapshots of one puzzle and computes their metrics, each in one pass.
///
/// Build it once per puzzle. [`PuzzleVerifier::verify`] decides what a replay on a
/// Mover ([`replay`](crate::replay), [`replay_moves`](crate::replay_moves)) would find
/// whenever it can do so from the steps alone: forward moves of step letters only, on
/// a playable one-pusher board (as many boxes as goals, at least one), without
/// Sokoban+ orders in play, every step legal and moving a box exactly when its letter
/// is upper case. Anything else (a refused or mismatched step, jumps, selections,
/// `*`, several pushers) is left to the Mover, whose errors carry the exact
/// messages.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_io::{Moves, PuzzleVerifier, ReplayOptions};
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#@ $ .#\n#######")?;
/// let mut verifier = PuzzleVerifier::new(&puzzle);
/// let verdict = verifier.verify(&Moves::parse("rRR")?, ReplayOptions::new());
/// let replay = verdict.replay.expect("decided in one pass");
/// assert!(replay.solved);
/// assert_eq!((replay.tally.steps, replay.tally.pushes), (3, 2));
/// assert_eq!(verdict.metrics.map(|game| game.metrics.to_string()), Some("3/2/1/1/1/1".into()));
/// // A lower-case push: the Mover reports the mismatch; the metrics do not care.
/// let verdict = verifier.verify(&Moves::parse("rrR")?, ReplayOptions::new());
/// assert!(verdict.replay.is_none() && verdict.metrics.is_some_and(|game| game.solved));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct PuzzleVerifier {
    /// The metrics verifier, on one-pusher boards.
    metrics: Option<SolutionVerifier>,
    /// Whether a Mover can be built on the board: one pusher, as many boxes as goals
    /// (at least one), within the board graph's size limits.
    playable: bool,
    /// Whether a box outside the active area stands off a goal: it never moves, so
    /// the board is never solved.
    stranded_box: bool,
    has_sokoban_plus: bool,
}

/// What [`PuzzleVerifier::verify`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct SnapshotVerdict {
    /// The replay's outcome when every step was legal and as written; `None` when a
    /// Mover must replay the snapshot to tell (see [`PuzzleVerifier`]).
    pub replay: Option<ReplayVerdict>,
    /// JSoko's metrics of a forward snapshot (a saved game's: of its played steps);
    /// `None` for an illegal step, jumps, pusher selections or several pushers.
    pub metrics: Option<SavedGame>,
}

/// The end of a replay in which every step was legal and as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReplayVerdict {
    /// Steps, moves and pushes applied: all of them.
    pub tally: StepTally,
    /// Every box on a goal after the last step (as [`Mover::is_solved`](sokoengine_mover::Mover::is_solved)
    /// without Sokoban+).
    pub solved: bool,
}

impl PuzzleVerifier {
    /// A verifier for the board of `puzzle`.
    pub fn new(puzzle: &Puzzle) -> PuzzleVerifier {
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
            metrics,
            playable,
            stranded_box,
            has_sokoban_plus: puzzle.has_sokoban_plus(),
        }
    }

    /// Replays `moves` and computes their metrics, in one pass when it can (see
    /// [`PuzzleVerifier`]). Reverse mode (`options.reverse` or jumps in the moves) is
    /// always left to the Mover; Sokoban+ too when `options.sokoban_plus` and the
    /// puzzle has orders.
    pub fn verify(&mut self, moves: &Moves, options: ReplayOptions) -> SnapshotVerdict {
        let mut verdict = SnapshotVerdict {
            replay: None,
            metrics: None,
        };
        let Some(verifier) = self.metrics.as_mut().filter(|_| !moves.is_reverse()) else {
            return verdict;
        };
        let text = moves.as_str();
        let Some(literal) = verifier.replay_literally(text) else {
            verdict.metrics = verifier.verify_saved_game(text).ok();
            return verdict;
        };
        verdict.metrics = literal.metrics.ok();
        let plain =
            self.playable && !options.reverse && !(options.sokoban_plus && self.has_sokoban_plus);
        if let (true, Ok(outcome)) = (plain, literal.literal) {
            // Only step letters: a byte a step.
            let steps = text.len();
            verdict.replay = Some(ReplayVerdict {
                tally: StepTally {
                    steps,
                    moves: steps - outcome.pushes,
                    pushes: outcome.pushes,
                },
                solved: outcome.solved && !self.stranded_box,
            });
        }
        verdict
    }
}

#[cfg(test)]
mod tests {
    use sokoengine_geometry::Tessellation;

    use super::*;
    use crate::replay::replay;

    /// Compares the one pass with a Mover's replay and the metrics verifier on every
    /// text of up to `depth` letters over `letters` (and a few others).
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
                let Some(fast) = verdict.replay else { continue };
                let replayed = replay(&puzzle, &moves, options).unwrap();
                assert!(replayed.error.is_none(), "{board} {text:?}");
                assert_eq!(fast.solved, replayed.solved, "{board} {text:?}");
                assert_eq!(
                    fast.tally,
                    StepTally::of(&replayed.steps),
                    "{board} {text:?}"
                );
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
