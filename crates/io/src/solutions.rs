//! The snapshots of a puzzle that are solutions: forward moves that the metrics
//! verifier replays to a solved board. The optimizer takes them as seeds, the
//! solver's benches as push bounds.

use sokoengine_metrics::{InvalidSolution, SolutionMetrics, SolutionVerifier};

use crate::{PuzzleEntry, Snapshot, SnapshotParseError};

/// Why a snapshot is not a solution of its puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotASolution {
    /// The moves text does not parse.
    #[error(transparent)]
    Moves(#[from] SnapshotParseError),
    /// The snapshot was recorded in reverse mode (pulls from the solved position).
    #[error("a reverse-mode snapshot is not a solution")]
    Reverse,
    /// The moves are blocked, empty, or leave the puzzle unsolved.
    #[error(transparent)]
    Invalid(#[from] InvalidSolution),
}

/// A snapshot that solves its puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifiedSolution {
    /// The snapshot's number in its puzzle, from 1 (file order).
    pub snapshot: usize,
    /// The moves as plain step letters (RLE expanded).
    pub lurd: String,
    /// JSoko's metrics of the solution.
    pub metrics: SolutionMetrics,
}

impl PuzzleEntry {
    /// Each snapshot checked as a solution of this entry's board, in file order: the
    /// solution, or the snapshot's number and why it is none.
    ///
    /// `verifier` must be built from this entry's board (for example
    /// `SolutionVerifier::new(&entry.puzzle()?)`); each check resets it.
    ///
    /// ```
    /// use sokoengine_io::{Collection, NotASolution, VariantHint};
    /// use sokoengine_metrics::SolutionVerifier;
    ///
    /// let text = "#####\n#@$.#\n#####\n\nSolution\nR\n\nWrong\nL\n";
    /// let collection = Collection::parse(text, VariantHint::None)?;
    /// let entry = &collection.puzzles[0];
    /// let mut verifier = SolutionVerifier::new(&entry.puzzle()?)?;
    /// let checked: Vec<_> = entry.solutions(&mut verifier).collect();
    /// let solution = checked[0].as_ref().expect("R solves it");
    /// assert_eq!((solution.snapshot, solution.lurd.as_str()), (1, "R"));
    /// assert_eq!(solution.metrics.pushes, 1);
    /// let (number, why) = checked[1].as_ref().expect_err("L does not");
    /// assert_eq!(*number, 2);
    /// assert!(matches!(why, NotASolution::Invalid(_)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solutions<'a>(
        &'a self,
        verifier: &'a mut SolutionVerifier,
    ) -> impl Iterator<Item = Result<VerifiedSolution, (usize, NotASolution)>> + 'a {
        self.snapshots()
            .iter()
            .enumerate()
            .map(move |(index, snapshot)| {
                solution_of(snapshot, index + 1, verifier).map_err(|why| (index + 1, why))
            })
    }
}

/// Snapshot number `number` checked as a solution.
fn solution_of(
    snapshot: &Snapshot,
    number: usize,
    verifier: &mut SolutionVerifier,
) -> Result<VerifiedSolution, NotASolution> {
    let moves = snapshot.moves()?;
    if moves.is_reverse() {
        return Err(NotASolution::Reverse);
    }
    let metrics = verifier.verify(moves.as_str())?;
    Ok(VerifiedSolution {
        snapshot: number,
        lurd: moves.as_str().to_owned(),
        metrics,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Collection, VariantHint};

    fn checked(text: &str) -> Vec<Result<VerifiedSolution, (usize, NotASolution)>> {
        let collection = Collection::parse(text, VariantHint::None).unwrap();
        let entry = &collection.puzzles[0];
        let mut verifier = SolutionVerifier::new(&entry.puzzle().unwrap()).unwrap();
        entry.solutions(&mut verifier).collect()
    }

    #[test]
    fn every_kind_of_snapshot_is_told_apart() {
        let text = "#######\n#@  $.#\n#######\n\n\
                    Good\nrrR\n\nRun length\n2rR\n\nBlocked\nL\n\nUnsolved\nr\n\n\
                    Reverse\n[]lL\n\nBad\nrR(\n";
        let checked = checked(text);
        assert_eq!(checked.len(), 6);
        for (index, result) in checked.iter().take(2).enumerate() {
            let solution = result.as_ref().unwrap();
            assert_eq!(solution.snapshot, index + 1);
            assert_eq!(solution.lurd, "rrR");
            assert_eq!((solution.metrics.moves, solution.metrics.pushes), (3, 1));
        }
        let errors: Vec<(usize, String)> = checked
            .iter()
            .skip(2)
            .map(|result| {
                let (number, why) = result.as_ref().unwrap_err();
                (*number, why.to_string())
            })
            .collect();
        assert!(matches!(checked[2], Err((3, NotASolution::Invalid(_)))));
        assert!(matches!(checked[3], Err((4, NotASolution::Invalid(_)))));
        assert!(matches!(checked[4], Err((5, NotASolution::Reverse))));
        assert!(matches!(checked[5], Err((6, NotASolution::Moves(_)))));
        assert_eq!(errors[2].1, "a reverse-mode snapshot is not a solution");
    }

    #[test]
    fn the_verifier_is_reset_between_snapshots() {
        // A failing partial replay must not leave its position for the next check.
        let checked = checked("######\n#@ $.#\n######\n\nHalf\nr\n\nWhole\nrR\n");
        assert!(checked[0].is_err());
        assert_eq!(checked[1].as_ref().unwrap().lurd, "rR");
    }
}
