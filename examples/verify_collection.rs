//! Verifies every snapshot of a collection (`PuzzleVerifier`: one pass, a Mover where
//! that cannot tell) and prints a summary:
//! `cargo run --example verify_collection [FILE.sok|FILE.xsb]`.
//!
//! Without an argument it verifies a small embedded collection that shows a plain
//! solution, a pusher selection (`{…}`), a reverse-mode solution with a jump (`[…]`),
//! a Hexoban puzzle, an unfinished saved game and two snapshots that do not replay (a
//! lower-case step that pushes, a step into a wall: the mover's message).

use sokoengine::io::{Collection, PuzzleVerifier, ReplayError, ReplayOptions, VariantHint};

const EMBEDDED: &str = "\
Collection: verify_collection demo
Author: sokoengine

One box

#######
#@ $ .#
#######

Solution 3/2
rRR

Saved game
r

Not a solution
rrR

Into the wall
u

Two pushers

#########
#@ .$  @#
#########

Solution with a pusher selection
{6r}2lL

Reverse

#######
#@ $ .#
#######

Reverse solution
[rrr]LL

Hexagons

 # # # #
# @ $ . #
 # # # #

Game: Hexoban

Solution
R
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let collection = match std::env::args().nth(1) {
        Some(path) => Collection::load(&path, VariantHint::None)?,
        None => Collection::parse(EMBEDDED, VariantHint::None).expect("the text holds puzzles"),
    };
    let (collection, errors) = collection.split_errors();
    for error in &errors {
        println!("skipped: {error}");
    }
    let (mut solved, mut unsolved, mut failed) = (0, 0, 0);
    for (puzzle_index, entry) in collection.puzzles.iter().enumerate() {
        let puzzle = entry.puzzle();
        // Built on first need, once per puzzle.
        let mut verifier = None;
        for (snapshot_index, snapshot) in entry.snapshots().iter().enumerate() {
            let moves = snapshot.moves();
            let counts = moves.as_ref().map_or_else(
                |_| String::new(),
                |m| format!("{} moves, {} pushes", m.move_count(), m.push_count()),
            );
            let outcome = match (&puzzle, &moves) {
                (Err(error), _) => Err(ReplayError::Board(error.clone())),
                (_, Err(error)) => Err(ReplayError::Moves(error.clone())),
                (Ok(puzzle), Ok(moves)) => verifier
                    .get_or_insert_with(|| PuzzleVerifier::new(puzzle))
                    .verify(moves, ReplayOptions::new())
                    .ok(),
            };
            let verdict = match &outcome {
                Ok(true) => {
                    solved += 1;
                    "solved".to_owned()
                }
                Ok(false) => {
                    unsolved += 1;
                    "not solved".to_owned()
                }
                Err(error) => {
                    failed += 1;
                    describe(error)
                }
            };
            println!(
                "{:>4}.{:<2} {:<24} {:<34} {:<22} {verdict}",
                puzzle_index + 1,
                snapshot_index + 1,
                shorten(&entry.title, 24),
                shorten(&snapshot.title, 34),
                counts,
            );
        }
    }
    println!(
        "{} puzzles, {} snapshots: {solved} solved, {unsolved} not solved, {failed} failed, {} skipped",
        collection.puzzles.len(),
        solved + unsolved + failed,
        errors.len()
    );
    Ok(())
}

fn describe(error: &ReplayError) -> String {
    format!("failed: {error}")
}

fn shorten(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(width - 1).collect();
        short.push('…');
        short
    }
}
