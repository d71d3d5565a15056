//! A referee for Blokus GTP engines: plays a match between two engine programs in
//! Blokus Two-Player (classic board, fixed start corners, 4 colours, 2 a side), checks
//! every move against sokoengine's own board, scores by tilewe's rule (cells only, no
//! bonuses), swaps the sides every other game, writes each game as a Blokus SGF file
//! and prints a results table.
//!
//! ```sh
//! cargo build --release -p sokoengine-cli
//! cargo run --release --example tilewe_referee -- \
//!     --a "target/release/sokoengine tilewe gtp --time-per-move 20" \
//!     --b "pentobi-gtp --quiet --noresign --level 5" \
//!     --games 40 --out games/
//! ```
//!
//! Options: `--a CMD`, `--b CMD` (the engines, split at spaces), `--games N` (default 2),
//! `--seed S` (game `g` sends `set_random_seed S+g` to both engines, so seeded engines
//! with fixed budgets replay the match; two matches whose seeds differ by an even number
//! smaller than `N` therefore replay shared games: `--seed 11` and `--seed 21` of 120
//! games share 110, so give matches meant to be independent seeds at least `N` apart),
//! `--out DIR` (game records and `results.md`),
//! `--name-a`, `--name-b` (names in the table; default: the engines' `name`),
//! `--b-opening N` (engine B plays the first `N` plies for both sides, so later phases of
//! the game can be compared from the same kind of opening; 0 by default).
//!
//! Game `g` gives engine A blue and red (Pentobi's first player) when `g` is even, yellow
//! and green when it is odd. A move that is not legal, a `pass` while the colour can
//! still move, a `resign` or an error response loses that game for the engine that made
//! it. Time per move is wall-clock time around `genmove`; CPU time per move is read from
//! `/proc` where there is one (in ticks of 10 ms). The table gives the average of each and
//! the longest single move, so a limit per move can be checked as well as an average.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use sokoengine::io::atomic::write_atomically;
use sokoengine::tilewe::gtp::points;
use sokoengine::tilewe::sgf::{Record, color_number};
use sokoengine::tilewe::{Board, Color, StartCorners, Tile};

/// A GTP engine in a child process.
struct Engine {
    name: String,
    child: Child,
    /// Taken (closed) when the engine is dropped, so wrappers that read to the end of
    /// their input stop too.
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
    /// Wall-clock time spent in genmove, and the number of genmoves.
    thinking: Duration,
    moves: u32,
    /// The longest single genmove: wall-clock time, and CPU time where `/proc` tells it.
    longest: Duration,
    longest_cpu: Option<Duration>,
}

impl Engine {
    fn start(command: &str) -> Result<Engine, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("empty engine command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {program}: {e}"))?;
        let input = Some(child.stdin.take().ok_or("no engine input")?);
        let output = BufReader::new(child.stdout.take().ok_or("no engine output")?);
        let mut engine = Engine {
            name: String::new(),
            child,
            input,
            output,
            thinking: Duration::ZERO,
            moves: 0,
            longest: Duration::ZERO,
            longest_cpu: None,
        };
        engine.name = engine.send("name")?.map_err(|e| format!("name: {e}"))?;
        Ok(engine)
    }

    /// Sends one command: `Ok(Ok(answer))` for `=`, `Ok(Err(message))` for `?`, `Err`
    /// when the engine is gone or speaks no GTP.
    fn send(&mut self, command: &str) -> Result<Result<String, String>, String> {
        let input = self.input.as_mut().ok_or("engine input closed")?;
        writeln!(input, "{command}")
            .and_then(|()| input.flush())
            .map_err(|e| format!("{}: {e}", self.name))?;
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            let n = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("{}: {e}", self.name))?;
            if n == 0 {
                return Err(format!("engine {} closed its output", self.name));
            }
            let line = line.trim_end_matches(['\n', '\r']).to_owned();
            if line.is_empty() {
                if lines.is_empty() {
                    continue;
                }
                break;
            }
            lines.push(line);
        }
        let text = lines.join("\n");
        let (status, rest) = text.split_at(1);
        // Skip an id, if any, then one space.
        let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let rest = rest.strip_prefix(' ').unwrap_or(rest).to_owned();
        match status {
            "=" => Ok(Ok(rest)),
            "?" => Ok(Err(rest)),
            _ => Err(format!("{}: not a GTP response: {text:?}", self.name)),
        }
    }

    /// CPU time of the process so far (user + system), where `/proc` tells it.
    fn cpu_time(&self) -> Option<Duration> {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).ok()?;
        // Fields after the command name (which is in parentheses and may hold spaces).
        let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
        let ticks: u64 =
            fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
        // The kernel's USER_HZ is 100 on every Linux platform that matters here.
        Some(Duration::from_millis(ticks * 10))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        if let Some(mut input) = self.input.take() {
            let _ = writeln!(input, "quit");
            let _ = input.flush();
        }
        let _ = self.child.wait();
    }
}

/// How one game ended for engine A and B.
struct GameResult {
    /// Cells of A's two colours and of B's.
    cells: [u32; 2],
    /// Engine (0 = A, 1 = B) that lost by forfeit, with the reason.
    forfeit: Option<(usize, String)>,
}

struct Options {
    a: String,
    b: String,
    games: usize,
    seed: u64,
    out: Option<PathBuf>,
    names: [Option<String>; 2],
    opening: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        a: String::new(),
        b: String::new(),
        games: 2,
        seed: 1,
        out: None,
        names: [None, None],
        opening: 0,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--a" => o.a = value()?,
            "--b" => o.b = value()?,
            "--games" => o.games = value()?.parse().map_err(|_| "--games: not a number")?,
            "--seed" => o.seed = value()?.parse().map_err(|_| "--seed: not a number")?,
            "--out" => o.out = Some(PathBuf::from(value()?)),
            "--name-a" => o.names[0] = Some(value()?),
            "--name-b" => o.names[1] = Some(value()?),
            "--b-opening" => {
                o.opening = value()?.parse().map_err(|_| "--b-opening: not a number")?;
            }
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    if o.a.is_empty() || o.b.is_empty() {
        return Err("give both engines: --a CMD --b CMD".to_owned());
    }
    Ok(o)
}

/// Plays one game; engine `first` (0 = A) has blue and red. Adds the moves to `record`.
fn play_game(
    engines: &mut [Engine; 2],
    (first, opening): (usize, usize),
    seed: u64,
    record: &mut Record,
) -> Result<GameResult, String> {
    for engine in engines.iter_mut() {
        for command in ["set_game Blokus Two-Player", "clear_board"] {
            engine
                .send(command)?
                .map_err(|e| format!("{}: {command}: {e}", engine.name))?;
        }
        // Engines without the command just play unseeded.
        let _ = engine.send(&format!("set_random_seed {seed}"))?;
    }
    let mut board = Board::with_start_corners(4, StartCorners::Fixed).expect("4 colours");
    let owner = |color: Color| {
        if color.index() % 2 == 0 {
            first
        } else {
            1 - first
        }
    };
    let forfeit = |side: usize, why: String| GameResult {
        cells: [0, 0],
        forfeit: Some((side, why)),
    };
    while !board.is_finished() {
        let color = board.current_player();
        // A shared opening: engine B plays the first plies for both sides.
        let side = if board.ply() < opening {
            1
        } else {
            owner(color)
        };
        let engine = &mut engines[side];
        let cpu_before = engine.cpu_time();
        let started = Instant::now();
        let answer = engine.send(&format!("genmove {}", color_number(color)))?;
        let took = started.elapsed();
        engine.thinking += took;
        engine.longest = engine.longest.max(took);
        if let (Some(before), Some(after)) = (cpu_before, engine.cpu_time()) {
            let cpu = after.saturating_sub(before);
            engine.longest_cpu = Some(engine.longest_cpu.map_or(cpu, |l| l.max(cpu)));
        }
        engine.moves += 1;
        let text = match answer {
            Ok(text) => text.trim().to_ascii_lowercase(),
            Err(e) => return Ok(forfeit(side, format!("genmove error: {e}"))),
        };
        if text == "pass" || text == "resign" {
            return Ok(forfeit(side, format!("{text} with moves left")));
        }
        let cells: Result<Vec<Tile>, _> = text.split(',').map(str::parse::<Tile>).collect();
        let Some(mv) = cells.ok().and_then(|c| board.move_covering(color, &c)) else {
            return Ok(forfeit(side, format!("illegal move {text}")));
        };
        board.push(mv).map_err(|e| e.to_string())?;
        let played = points(mv);
        record.push(color, mv);
        let other = &mut engines[1 - side];
        if let Err(e) = other.send(&format!("play {} {played}", color_number(color)))? {
            return Err(format!("{} refused a legal move {played}: {e}", other.name));
        }
    }
    let scores = board.scores();
    let team = [scores[0] + scores[2], scores[1] + scores[3]];
    let mut cells = [0; 2];
    cells[first] = team[0];
    cells[1 - first] = team[1];
    Ok(GameResult {
        cells,
        forfeit: None,
    })
}

fn main() {
    if let Err(e) = run() {
        eprintln!("error: {e}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), String> {
    let options = options()?;
    let mut engines = [Engine::start(&options.a)?, Engine::start(&options.b)?];
    let names: Vec<String> = (0..2)
        .map(|i| {
            options.names[i]
                .clone()
                .unwrap_or_else(|| engines[i].name.clone())
        })
        .collect();
    if let Some(dir) = &options.out {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    let cpu_start: Vec<Option<Duration>> = engines.iter().map(Engine::cpu_time).collect();
    let mut wins = [0.0f64; 2];
    let mut cells = [0u64; 2];
    let mut forfeits = Vec::new();
    for g in 0..options.games {
        let first = g % 2;
        let mut record = Record::new();
        let result = play_game(
            &mut engines,
            (first, options.opening),
            options.seed + g as u64,
            &mut record,
        )?;
        let outcome = match &result.forfeit {
            Some((side, why)) => {
                wins[1 - side] += 1.0;
                forfeits.push(format!("game {g}: {} forfeits: {why}", names[*side]));
                format!("{} forfeits ({why})", names[*side])
            }
            None => {
                let [a, b] = result.cells;
                cells[0] += u64::from(a);
                cells[1] += u64::from(b);
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => wins[0] += 1.0,
                    std::cmp::Ordering::Less => wins[1] += 1.0,
                    std::cmp::Ordering::Equal => {
                        wins[0] += 0.5;
                        wins[1] += 0.5;
                    }
                }
                format!("{} {a} - {b} {}", names[0], names[1])
            }
        };
        println!("game {g:>3}: {} has blue+red: {outcome}", names[first]);
        if let Some(dir) = &options.out {
            let (pb, pw) = (&names[first], &names[1 - first]);
            let [first_cells, second_cells] = [result.cells[first], result.cells[1 - first]];
            let re = match first_cells.cmp(&second_cells) {
                _ if result.forfeit.is_some() => {
                    let loser = result.forfeit.as_ref().map_or(0, |f| f.0);
                    if loser == first { "W+F" } else { "B+F" }.to_owned()
                }
                std::cmp::Ordering::Greater => format!("B+{}", first_cells - second_cells),
                std::cmp::Ordering::Less => format!("W+{}", second_cells - first_cells),
                std::cmp::Ordering::Equal => "0".to_owned(),
            };
            for (name, value) in [
                ("FF", "4"),
                ("CA", "UTF-8"),
                ("AP", "sokoengine tilewe_referee"),
                ("GM", "Blokus Two-Player"),
                ("PB", pb),
                ("PW", pw),
                ("RE", &re),
                ("GC", "scored by cells placed, no bonuses"),
            ] {
                record.set_property(name, value);
            }
            let path = dir.join(format!("game-{g:03}.blksgf"));
            write_atomically(&path, record.to_string().as_bytes()).map_err(|e| e.to_string())?;
        }
    }
    let games = options.games.max(1) as f64;
    let scored = (options.games - forfeits.len()).max(1) as f64;
    let mut table = String::new();
    let _ = writeln!(
        table,
        "| engine | games | win rate | cells per colour | ms per move (wall) | CPU ms per move | longest move, ms (wall / CPU) |"
    );
    let _ = writeln!(table, "|---|---:|---:|---:|---:|---:|---:|");
    for i in 0..2 {
        let e = &engines[i];
        let wall = e.thinking.as_secs_f64() * 1000.0 / f64::from(e.moves.max(1));
        let cpu = match (cpu_start[i], e.cpu_time()) {
            (Some(a), Some(b)) => format!(
                "{:.1}",
                (b - a).as_secs_f64() * 1000.0 / f64::from(e.moves.max(1))
            ),
            _ => "-".to_owned(),
        };
        let ms = |d: Duration| format!("{:.0}", d.as_secs_f64() * 1000.0);
        let longest_cpu = e.longest_cpu.map_or_else(|| "-".to_owned(), ms);
        let longest = format!("{} / {longest_cpu}", ms(e.longest));
        let p = wins[i] / games;
        let margin = 1.96 * (p * (1.0 - p) / games).sqrt();
        let _ = writeln!(
            table,
            "| {} | {} | {:.1} % ± {:.1} | {:.1} | {wall:.1} | {cpu} | {longest} |",
            names[i],
            options.games,
            100.0 * p,
            100.0 * margin,
            cells[i] as f64 / scored / 2.0,
        );
    }
    println!("\n{table}");
    for line in &forfeits {
        println!("{line}");
    }
    if let Some(dir) = &options.out {
        let path = dir.join("results.md");
        let text = format!(
            "A: `{}`\nB: `{}`\nseed {}\n\n{table}\n{}\n",
            options.a,
            options.b,
            options.seed,
            forfeits.join("\n")
        );
        write_atomically(&path, text.as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(())
}
