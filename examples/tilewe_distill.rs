//! Self-distillation of the Tilewe move model (the priors of `Mcts`): plays Blokus
//! Two-Player games between copies of the engine with a deep budget, keeps every searched
//! position with the visits of its root moves, fits the move model to those visit
//! distributions (`Distiller`) and writes it in the text form of
//! `crates/tilewe/src/search/move_model.txt`, which the engine ships (the hand-set model
//! fitted to the engine's own moves in recorded games, `--record`; the models distilled
//! from self-play visit shares measured weaker against Pentobi; docs/tilewe.md#the-move-model).
//!
//! ```sh
//! cargo run --release --example tilewe_distill -- \
//!     --games 60 --playouts 3000 --seed 1 --save samples.txt --out model.txt
//! # refit the saved positions with another target, without playing again:
//! cargo run --release --example tilewe_distill -- --games 0 --load samples.txt --sharpen 2
//! ```
//!
//! Options: `--games N` (self-play games; default 60), `--playouts N` (the search of each
//! move; default 3000), `--seed S` (game `g` uses seed `S + g`; default 1), `--start
//! FILE` (the model the games are played with and the fit starts from; default the
//! hand-set model), `--epochs N` (passes of the fit; default 400), `--explore N` (the
//! first `N` plies of a game are drawn in proportion to the root visits, not the best
//! move, so games differ; default 8), `--sharpen K` (the fit's targets are the visits to
//! the power `K`; default 1), `--save FILE` (the played positions with their root visits,
//! a line each: `MOVES | MOVE:VISITS ...`, games after `# game` lines), `--load FILE`
//! (positions saved before; repeatable), `--record FILE` (a Blokus Two-Player game
//! record, SGF as the `tilewe_referee` example writes it; repeatable: every position where
//! the player named by `--player NAME`, default `sokoengine`, chose a move, the fit
//! raising that move against every legal placement there), `--out FILE` (where the model
//! goes; default standard output). Every fifth game (and every fifth record) is held out of
//! the fit and only measured. The same options give the same model (one thread, seeded
//! engines).
//!
//! ```sh
//! # fit to the engine's own moves in the referee's records of its matches:
//! cargo run --release --example tilewe_distill -- --games 0 --epochs 300 \
//!     --record games/game-000.blksgf --record games/game-001.blksgf --out model.txt
//! ```

use std::fmt::Write as _;
use std::path::Path;

use sokoengine::io::atomic::write_atomically;
use sokoengine::tilewe::sgf::{Record, SgfError};
use sokoengine::tilewe::{
    Board, Budget, Color, Distiller, Engine, Mcts, Move, MoveModel, Rng, StartCorners, Teams,
};

struct Options {
    games: u64,
    playouts: u32,
    seed: u64,
    start: MoveModel,
    start_name: String,
    epochs: u32,
    explore: usize,
    sharpen: f64,
    save: Option<String>,
    load: Vec<String>,
    records: Vec<String>,
    player: String,
    out: Option<String>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 60,
        playouts: 3000,
        seed: 1,
        start: MoveModel::hand_set(),
        start_name: "the hand-set model".to_owned(),
        epochs: 400,
        explore: 8,
        sharpen: 1.0,
        save: None,
        load: Vec::new(),
        records: Vec::new(),
        player: "sokoengine".to_owned(),
        out: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|e| format!("{flag} {v}: {e}"));
        match flag.as_str() {
            "--games" => o.games = number(value()?)?,
            "--playouts" => {
                o.playouts = u32::try_from(number(value()?)?).map_err(|e| e.to_string())?
            }
            "--seed" => o.seed = number(value()?)?,
            "--epochs" => o.epochs = u32::try_from(number(value()?)?).map_err(|e| e.to_string())?,
            "--explore" => {
                o.explore = usize::try_from(number(value()?)?).map_err(|e| e.to_string())?
            }
            "--out" => o.out = Some(value()?),
            "--save" => o.save = Some(value()?),
            "--load" => o.load.push(value()?),
            "--record" => o.records.push(value()?),
            "--player" => o.player = value()?,
            "--sharpen" => {
                let v = value()?;
                o.sharpen = v.parse().map_err(|e| format!("--sharpen {v}: {e}"))?;
            }
            "--start" => {
                let path = value()?;
                let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
                o.start = text.parse().map_err(|e| format!("{path}: {e}"))?;
                o.start_name = path;
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

/// Plays one game; returns every searched position as a sample line (see [`sample`]).
fn play(o: &Options, seed: u64) -> Result<Vec<String>, String> {
    let mut lines = Vec::new();
    let mut board = Board::with_start_corners(4, StartCorners::Fixed).map_err(|e| e.to_string())?;
    let mut engine = Mcts::new(Budget::Playouts(o.playouts))
        .with_teams(Teams::Partners)
        .with_model(o.start.clone());
    let mut rng = Rng::new(seed);
    while !board.is_finished() {
        let best = engine.choose(&board, &mut rng).ok_or("no move")?;
        let visits = engine.root_visits();
        let mut line = String::new();
        for mv in board.moves() {
            let _ = write!(line, "{mv} ");
        }
        line.push('|');
        for (mv, n) in &visits {
            let _ = write!(line, " {mv}:{n}");
        }
        lines.push(line);
        let mv = if board.moves().len() < o.explore {
            draw(&visits, &mut rng).unwrap_or(best)
        } else {
            best
        };
        board.push(mv).map_err(|e| e.to_string())?;
    }
    Ok(lines)
}

/// Adds the position of a sample line (`MOVES | MOVE:VISITS ...`) to `set`, the visits
/// raised to the power `sharpen`.
fn sample(line: &str, sharpen: f64, set: &mut Distiller) -> Result<(), String> {
    let (moves, visits) = line.split_once('|').ok_or(format!("no `|` in {line}"))?;
    let mut board = Board::with_start_corners(4, StartCorners::Fixed).map_err(|e| e.to_string())?;
    for text in moves.split_whitespace() {
        let mv: Move = text.parse().map_err(|e| format!("{text}: {e}"))?;
        board.push(mv).map_err(|e| format!("{text}: {e}"))?;
    }
    let mut counts = Vec::new();
    for item in visits.split_whitespace() {
        let (text, n) = item.rsplit_once(':').ok_or(format!("no `:` in {item}"))?;
        let mv: Move = text.parse().map_err(|e| format!("{text}: {e}"))?;
        let n: f64 = n.parse().map_err(|e| format!("{item}: {e}"))?;
        counts.push((mv, n));
    }
    let top = counts.iter().map(|c| c.1).fold(1.0, f64::max);
    let scaled: Vec<(Move, u32)> = counts
        .iter()
        .map(|&(mv, n)| (mv, ((n / top).powf(sharpen) * 1e6).round() as u32))
        .collect();
    if counts.iter().map(|c| c.1).sum::<f64>() >= 50.0 {
        set.add(&board, Teams::Partners, &scaled);
    }
    Ok(())
}

/// Adds to `set` every position of a Blokus Two-Player game record (SGF as the
/// `tilewe_referee` example writes it) where `player` (the first side, blue and red, if
/// `PB` names it; the second, yellow and green, if `PW` does) chose a move.
fn record(text: &str, player: &str, set: &mut Distiller) -> Result<(), String> {
    let record: Record = text.parse().map_err(|e: SgfError| e.to_string())?;
    let colors: [Color; 2] = if record.property("PB") == Some(player) {
        [Color::Blue, Color::Red]
    } else if record.property("PW") == Some(player) {
        [Color::Yellow, Color::Green]
    } else {
        return Err(format!("no player {player:?} in PB or PW"));
    };
    record
        .replay(|board, color, mv| {
            if colors.contains(&color) {
                set.add_choice(board, Teams::Partners, mv);
            }
        })
        .map_err(|e| e.to_string())?;
    Ok(())
}

/// A move drawn in proportion to its visits.
fn draw(visits: &[(Move, u32)], rng: &mut Rng) -> Option<Move> {
    let total: u32 = visits.iter().map(|v| v.1).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total as usize) as u32;
    for &(mv, n) in visits {
        if pick < n {
            return Some(mv);
        }
        pick -= n;
    }
    None
}

fn main() -> Result<(), String> {
    let o = options()?;
    let (mut train, mut held_out) = (Distiller::new(), Distiller::new());
    let mut games: Vec<Vec<String>> = Vec::new();
    for path in &o.load {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for line in text.lines() {
            if line.is_empty() {
                continue;
            }
            if line.starts_with('#') {
                games.push(Vec::new());
            } else if let Some(game) = games.last_mut() {
                game.push(line.to_owned());
            }
        }
    }
    let mut saved = String::new();
    for g in 0..o.games {
        let lines = play(&o, o.seed + g)?;
        eprintln!("game {}/{}", g + 1, o.games);
        let _ = writeln!(saved, "# game {}", o.seed + g);
        for line in &lines {
            let _ = writeln!(saved, "{line}");
        }
        games.push(lines);
    }
    if let Some(path) = &o.save {
        write_atomically(Path::new(path), saved.as_bytes()).map_err(|e| e.to_string())?;
    }
    for (g, lines) in games.iter().enumerate() {
        let set = if g % 5 == 4 {
            &mut held_out
        } else {
            &mut train
        };
        for line in lines {
            sample(line, o.sharpen, set)?;
        }
    }
    for (r, path) in o.records.iter().enumerate() {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let set = if r % 5 == 4 {
            &mut held_out
        } else {
            &mut train
        };
        record(&text, &o.player, set).map_err(|e| format!("{path}: {e}"))?;
    }
    let fitted = train.fit(&o.start, o.epochs);
    let mut report = String::new();
    for (name, model) in [("start", &o.start), ("fitted", &fitted)] {
        let (tl, ta) = train.loss(model);
        let (hl, ha) = held_out.loss(model);
        let _ = writeln!(
            report,
            "# {name}: cross-entropy {tl:.3} nats (held out {hl:.3}), best move agrees {:.1} % (held out {:.1} %)",
            100.0 * ta,
            100.0 * ha
        );
    }
    eprint!("{report}");
    let text = format!(
        "# Tilewe move model, made by the tilewe_distill example (weights in 1/16 nats):\n\
         # --games {} --playouts {} --seed {} --epochs {} --explore {} --sharpen {}, loading {:?}, {} game records (--player {:?}), starting from {};\n\
         # {} training positions, {} held out.\n{report}{fitted}",
        o.games,
        o.playouts,
        o.seed,
        o.epochs,
        o.explore,
        o.sharpen,
        o.load,
        o.records.len(),
        o.player,
        o.start_name,
        train.len(),
        held_out.len()
    );
    match &o.out {
        Some(path) => {
            write_atomically(Path::new(path), text.as_bytes()).map_err(|e| e.to_string())?
        }
        None => print!("{text}"),
    }
    Ok(())
}
