//! Replays every snapshot of a collection and prints a summary:
//! `cargo run --example verify_collection [FILE.sok|FILE.xsb]`.
//!
//! Without an argument it verifies a small embedded collection that shows a plain
//! solution, a pusher selection (`{…}`), a reverse-mode solution with a jump (`[…]`),
//! a Hexoban puzzle, an unfinished saved game and two snapshots that do not replay (a
//! lower-case step that pushes, a step into a wall: the mover's message).

use sokoengine::io::{Collection, ReplayError, VariantHint};

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
    for outcome in collection.replay_all() {
        let entry = &collection.puzzles[outcome.puzzle];
        let snapshot = &entry.snapshots()[outcome.snapshot];
        let counts = outcome.moves.as_ref().map_or_else(String::new, |m| {
            format!("{} moves, {} pushes", m.move_count(), m.push_count())
        });
        let verdict = match &outcome.result {
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
            outcome.puzzle + 1,
            outcome.snapshot + 1,
            shorten(&entry.title, 24),
            shorten(&snapshot.title, 34),
            counts,
        );
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
