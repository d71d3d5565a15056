//! A tour of the Sokoban API: parse a board, play it with the Mover, undo, hash,
//! read a `.sok` collection, replay its solution and measure it with JSoko's metrics.
//!
//! Run with `cargo run --example tour`.

use sokoengine::board::{BoardGraph, Puzzle};
use sokoengine::geometry::{Direction, Tessellation};
use sokoengine::io::{Collection, ReplayOptions, VariantHint, replay};
use sokoengine::metrics::SolutionVerifier;
use sokoengine::mover::{Mover, SolvingMode};

const COLLECTION: &str = "\
Collection: Tour

Two boxes

#######
#@ $ .#
#  $ .#
#######

Solution 8/4
rRRlldRR
";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 1. Board text: plain or RLE, printed back in normal form.
    let puzzle = Puzzle::parse(Tessellation::Sokoban, "7#|#@-$-.#|#2-$-.#|7#")?;
    println!(
        "{}x{} board, {} boxes:\n{puzzle}\n",
        puzzle.width(),
        puzzle.height(),
        puzzle.box_count()
    );

    // 2. The Mover: checked moves with the reference's exact error texts.
    let mut mover = Mover::new(BoardGraph::new(&puzzle)?, SolvingMode::Forward)?;
    mover.try_move(Direction::Right)?;
    let hash_before_push = mover.state_hash();
    mover.try_move(Direction::Right)?; // pushes box 1
    println!("after r, R:\n{}", mover.board());
    let steps: Vec<String> = mover.last_move().iter().map(ToString::to_string).collect();
    println!("last move: [{}]", steps.join(", "));
    if let Err(error) = mover.try_move(Direction::Up) {
        println!("moving up fails: {error}");
    }
    // Undo is single-level: it undoes the last move (the push) and pulls the box back.
    mover.undo_last_move()?;
    println!("after undo:\n{}", mover.board());
    // Zobrist hashes are stable and incremental: the same position has the same hash.
    assert_eq!(mover.state_hash(), hash_before_push);
    println!("hash restored: {:#018x}\n", mover.state_hash());

    // 3. A `.sok` collection: titles, notes, snapshots; boards parsed on demand.
    let collection =
        Collection::parse(COLLECTION, VariantHint::None).expect("the text holds puzzles");
    let entry = &collection.puzzles[0];
    let snapshot = &entry.snapshots()[0];
    println!(
        "collection {:?}, puzzle {:?}, snapshot {:?}",
        collection.title, entry.title, snapshot.title
    );

    // 4. Replay the snapshot on a Mover.
    let (puzzle, moves) = (entry.puzzle()?, snapshot.moves()?);
    let mut mover = ReplayOptions::new().mover(&puzzle, &moves)?;
    let verdict = replay(&mut mover, &moves);
    println!(
        "replay: {} steps, solved: {}\n{}",
        verdict.steps,
        verdict.ok()?,
        mover.board()
    );

    // 5. JSoko's six metrics, verified on the board.
    let mut verifier = SolutionVerifier::new(&entry.puzzle()?)?;
    let metrics = verifier.verify("rrrlldrr")?; // letter case is decided by the board
    println!(
        "metrics (moves/pushes/box lines/box changes/pushing sessions/player lines): {metrics}"
    );
    Ok(())
}
