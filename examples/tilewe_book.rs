//! Builds the Tilewe engine's opening book (`crates/tilewe/src/search/opening_book.txt`)
//! from its own deep searches in Blokus Two-Player, one depth at a time.
//!
//! ```sh
//! # the shipped book:
//! cargo run --release --example tilewe_book -- \
//!     --depth 5 --games 16 --playouts 100000 --guard 4 --seed 1 --out opening_book.txt
//! ```
//!
//! For depth `d` (a colour's `d+1`-th piece) it plays `--games` games from the classic
//! start: one side (blue and red in even games, yellow and green in odd ones) plays the
//! book built so far and the engine's search, the other side the engine without the book
//! at `--opponent-playouts`, so the opponents' replies vary from game to game. When a
//! book-side colour has played its first `d` pieces from the book and no other colour is
//! within the guard distance, a fresh search of `--playouts` simulations runs there; the
//! root visits, each a share of its position's total, are added up in the book's frame
//! (the colour's corner at `a1`), and the placement with the largest sum becomes the
//! book's entry for that depth. The book ends early when the guard held in fewer than half
//! of the positions. Options: `--depth N` (pieces per colour; default 5), `--games N`
//! (default 16: two positions each), `--playouts N` (default 40000), `--opponent-playouts
//! N` (default 1000), `--guard N` (default 6), `--seed S` (default 1), `--out FILE`
//! (default standard output). The same options give the same book (one thread, seeded
//! engines).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Instant;

use sokoengine::io::atomic::write_atomically;
use sokoengine::tilewe::{
    Board, Budget, Color, Engine, Mcts, Move, OpeningBook, Rng, StartCorners, Teams, Tile,
};

struct Options {
    depth: usize,
    games: u64,
    playouts: u32,
    opponent_playouts: u32,
    guard: u8,
    seed: u64,
    out: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        depth: 5,
        games: 16,
        playouts: 40_000,
        opponent_playouts: 1000,
        guard: 6,
        seed: 1,
        out: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        let small = |v: u64| u32::try_from(v).map_err(|e| format!("{flag}: {e}"));
        match flag.as_str() {
            "--depth" => o.depth = number(value()?)?.min(21) as usize,
            "--games" => o.games = number(value()?)?,
            "--playouts" => o.playouts = small(number(value()?)?)?,
            "--opponent-playouts" => o.opponent_playouts = small(number(value()?)?)?,
            "--guard" => o.guard = number(value()?)?.min(19) as u8,
            "--seed" => o.seed = number(value()?)?,
            "--out" => o.out = Some(value()?),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

/// A searched position: the board and the root visits of its deep search.
struct Sample {
    board: Board,
    visits: Vec<(Move, u32)>,
}

/// Plays game `g` for depth `depth`: returns the book-side positions searched and how
/// many book-side colours reached the depth along the book.
fn play(
    o: &Options,
    book: &OpeningBook,
    depth: usize,
    g: u64,
) -> Result<(Vec<Sample>, usize), String> {
    let book_side = (g % 2) as usize;
    let seed = o.seed + 1000 * depth as u64 + g;
    let mut rng = Rng::new(seed);
    let mut board = Board::with_start_corners(4, StartCorners::Fixed).map_err(|e| e.to_string())?;
    let mut ours = Mcts::new(Budget::Playouts(o.opponent_playouts))
        .with_teams(Teams::Partners)
        .with_book(Some(book.clone()));
    let mut theirs = Mcts::new(Budget::Playouts(o.opponent_playouts)).with_teams(Teams::Partners);
    // A colour is done once it was searched at the depth or left the book before.
    let mut done = Color::ALL.map(|c| c.index() % 2 != book_side);
    let (mut samples, mut reached) = (Vec::new(), 0);
    while !board.is_finished() && !done.iter().all(|&d| d) {
        let color = board.current_player();
        let i = color.index();
        let ours_to_move = i % 2 == book_side;
        if ours_to_move && !done[i] {
            let placed = 21 - board.remaining_piece_count(color);
            if placed == depth {
                done[i] = true;
                reached += 1;
                if book.guard_holds(&board) {
                    let mut deep =
                        Mcts::new(Budget::Playouts(o.playouts)).with_teams(Teams::Partners);
                    let mut deep_rng = Rng::new(seed ^ 0xB00C_0000 ^ i as u64);
                    let best = deep.choose(&board, &mut deep_rng).ok_or("no move")?;
                    samples.push(Sample {
                        board: board.clone(),
                        visits: deep.root_visits(),
                    });
                    board.push(best).map_err(|e| e.to_string())?;
                    continue;
                }
            } else if book.lookup(&board).is_none() {
                done[i] = true;
            }
        }
        let engine = if ours_to_move { &mut ours } else { &mut theirs };
        let mv = engine.choose(&board, &mut rng).ok_or("no move")?;
        board.push(mv).map_err(|e| e.to_string())?;
    }
    Ok((samples, reached))
}

fn cells_text(cells: &[Tile]) -> String {
    cells
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn main() -> Result<(), String> {
    let o = options()?;
    let started = Instant::now();
    let mut book = OpeningBook::new(o.guard);
    let mut log = String::new();
    for depth in 0..o.depth {
        let mut tally: BTreeMap<Vec<Tile>, f64> = BTreeMap::new();
        let mut samples = Vec::new();
        let mut reached = 0;
        for g in 0..o.games {
            let (found, r) = play(&o, &book, depth, g)?;
            reached += r;
            samples.extend(found);
        }
        for s in &samples {
            let total: u32 = s.visits.iter().map(|v| v.1).sum();
            for &(mv, n) in &s.visits {
                if let Some(cells) = book.placement_in_frame(&s.board, mv) {
                    *tally.entry(cells).or_default() += f64::from(n) / f64::from(total.max(1));
                }
            }
        }
        let mut ranked: Vec<(&Vec<Tile>, f64)> = tally.iter().map(|(c, &v)| (c, v)).collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(b.0)));
        let best_text = if ranked.is_empty() {
            String::new()
        } else {
            format!(
                "; best {}",
                ranked
                    .iter()
                    .take(3)
                    .map(|(c, v)| format!(
                        "{} {:.0} %",
                        cells_text(c),
                        100.0 * v / samples.len().max(1) as f64
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        let line = format!(
            "piece {}: the guard held in {} of {} positions{best_text}",
            depth + 1,
            samples.len(),
            reached,
        );
        eprintln!("{line} ({:.0} s)", started.elapsed().as_secs_f64());
        if samples.len() * 2 < reached || samples.is_empty() {
            let _ = writeln!(log, "# {line}: the book ends before it");
            break;
        }
        let _ = writeln!(log, "# {line}");
        let best = ranked[0].0.clone();
        let inserted = samples.iter().any(|s| {
            s.visits
                .iter()
                .find(|&&(mv, _)| book.placement_in_frame(&s.board, mv).as_ref() == Some(&best))
                .is_some_and(|&(mv, _)| book.insert(&s.board, mv))
        });
        if !inserted {
            return Err(format!(
                "depth {depth}: the best placement could not be inserted"
            ));
        }
    }
    let mut text = format!(
        "# The Tilewe engine's opening book for Blokus Two-Player, made by\n\
         # cargo run --release --example tilewe_book -- --depth {} --games {} --playouts {} \
         --opponent-playouts {} --guard {} --seed {}\n# (see the example's docs; the format is \
         in docs/tilewe.md#the-opening-book)\n",
        o.depth, o.games, o.playouts, o.opponent_playouts, o.guard, o.seed
    );
    text.push_str(&log);
    text.push_str(&book.to_string());
    match &o.out {
        Some(path) => {
            write_atomically(Path::new(path), text.as_bytes()).map_err(|e| e.to_string())?
        }
        None => print!("{text}"),
    }
    Ok(())
}
