//! Writes seed inputs for every fuzz target into `fuzz/corpus/<target>/`, from the
//! conformance corpus (`SOKOENGINE_CORPUS`, default `../shared/corpus` next to the
//! repository) and from a few games and layouts of its own. The seeds are derived from
//! the corpus, so they stay out of the repository (`fuzz/corpus` is ignored).
//!
//! ```text
//! cargo run --release --manifest-path fuzz/Cargo.toml -p sokoengine-fuzz-seed
//! ```

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

use sokoengine::geometry::{Direction, Tessellation};
use sokoengine::io::{Collection, FileFormat};
use sokoengine::tilewe::{Board, Engine, RandomEngine, play_game};
use sokoengine_fuzz_support as support;

/// The largest board (in cells) and whole file (in bytes) written as a seed: libFuzzer
/// runs faster on small inputs.
const MAX_CELLS: usize = 4096;
const MAX_FILE: usize = 16 * 1024;

/// Boards small enough for the `solver_tiny` seeds (the target skips larger ones).
const SOLVER_CELLS: usize = 256;
const SOLVER_BOXES: usize = 8;

struct Seeds {
    root: PathBuf,
    written: usize,
}

impl Seeds {
    fn add(&mut self, target: &str, data: &[u8]) {
        let folder = self.root.join(target);
        if let Err(error) = std::fs::create_dir_all(&folder) {
            panic!("can't create {}: {error}", folder.display());
        }
        let mut hasher = DefaultHasher::new();
        data.hash(&mut hasher);
        let path = folder.join(format!("{:016x}", hasher.finish()));
        if !path.exists() {
            if let Err(error) = std::fs::write(&path, data) {
                panic!("can't write {}: {error}", path.display());
            }
            self.written += 1;
        }
    }
}

fn level_files(folder: &Path, found: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            level_files(&path, found);
        } else if FileFormat::from_path(&path).is_some() {
            found.push(path);
        }
    }
}

/// The action bytes of `mover_walk` for a run of steps: a move in direction `d` is
/// the byte `d << 3`.
fn walk_actions(tessellation: Tessellation, moves: &sokoengine::io::Moves) -> Vec<u8> {
    let Ok(steps) = moves.pusher_steps(tessellation) else {
        return Vec::new();
    };
    steps
        .iter()
        .take(256)
        .map(|step| {
            let index = Direction::ALL
                .iter()
                .position(|&d| d == step.direction())
                .unwrap_or(0);
            (index as u8) << 3
        })
        .collect()
}

fn from_collection(seeds: &mut Seeds, path: &Path, bytes: &[u8]) {
    let Ok(collection) = Collection::parse_bytes(bytes, sokoengine::io::extension_hint(path)) else {
        return;
    };
    if bytes.len() <= MAX_FILE {
        seeds.add("sok_collection", &support::collection_input(None, bytes));
    }
    for entry in &collection.puzzles {
        let tessellation = entry.tessellation();
        let selector = Tessellation::ALL
            .iter()
            .position(|&t| t == tessellation)
            .unwrap_or(0) as u8;
        let board = entry.board_text();
        let Ok(puzzle) = entry.puzzle() else {
            seeds.add("board_parse", &support::board_input(tessellation, &board));
            continue;
        };
        if puzzle.size() > MAX_CELLS {
            continue;
        }
        seeds.add("board_parse", &support::board_input(tessellation, &board));
        if puzzle.size() <= SOLVER_CELLS && puzzle.box_count() <= SOLVER_BOXES {
            for objectives in 0..4 {
                seeds.add(
                    "solver_tiny",
                    &support::solver_input(tessellation, objectives, &board),
                );
            }
        }
        let rle = puzzle.to_board_str(true, true);
        seeds.add("board_parse", &support::board_input(tessellation, &rle));
        seeds.add("rle_decode", rle.as_bytes());
        let mut single = Collection::new();
        single.puzzles.push(entry.clone());
        if let Ok(text) = single.to_sok_string()
            && text.len() <= MAX_FILE
        {
            seeds.add(
                "sok_collection",
                &support::collection_input(Some(tessellation), text.as_bytes()),
            );
        }
        for snapshot in entry.snapshots() {
            let data = snapshot.moves_data();
            seeds.add("moves_parse", data.as_bytes());
            let Ok(moves) = snapshot.moves() else {
                continue;
            };
            seeds.add("rle_decode", moves.to_str(true).as_bytes());
            let reverse = if moves.is_reverse() { 4 } else { 0 };
            seeds.add(
                "mover_walk",
                &support::board_and_rest_input(
                    selector | reverse,
                    &board,
                    &walk_actions(tessellation, &moves),
                ),
            );
            if !moves.is_reverse() && moves.as_str().len() <= 4096 {
                seeds.add(
                    "metrics_verify",
                    &support::board_and_rest_input(selector, &board, moves.as_str().as_bytes()),
                );
            }
        }
    }
}

/// Seeds of the extra games, written here (no corpus needed).
fn own_seeds(seeds: &mut Seeds) {
    for (players, seed) in [(1usize, 1u64), (2, 2), (3, 3), (4, 4), (4, 5), (2, 6)] {
        let mut engines: Vec<RandomEngine> = vec![RandomEngine; players];
        let mut refs: Vec<&mut dyn Engine> =
            engines.iter_mut().map(|e| e as &mut dyn Engine).collect();
        let board = play_game(&mut refs, seed);
        let moves: Vec<String> = board.moves().iter().map(ToString::to_string).collect();
        for cut in [4, 12, moves.len()] {
            let text = moves[..cut.min(moves.len())].join(" ");
            seeds.add(
                "tilewe_notation",
                &support::tilewe_input(false, players as u8, &text),
            );
        }
        let mut replay = Board::new(players).expect("1 to 4 players");
        for (ply, mv) in board.moves().iter().enumerate() {
            if replay.push(*mv).is_err() {
                break;
            }
            if ply % 10 == 0 {
                seeds.add(
                    "tilewe_notation",
                    &support::tilewe_input(true, players as u8, &replay.position()),
                );
            }
        }
    }
    let sessions: [&[&str]; 3] = [
        &[
            "protocol_version",
            "name",
            "version",
            "list_commands",
            "known_command genmove",
            "quit",
        ],
        &[
            "set_game Blokus Two-Player",
            "clear_board",
            "play blue a20,b20,c20,d20,e20",
            "genmove yellow",
            "showboard",
            "all_legal red",
            "undo",
            "final_score",
            "quit",
        ],
        &[
            "1 clear_board",
            "2 genmove b # the first move",
            "3 reg_genmove y",
            "4 play r t1",
            "set_random_seed 7",
            "5 genmove green",
            "final_score",
        ],
    ];
    for (n, lines) in sessions.into_iter().enumerate() {
        for search in [false, true] {
            seeds.add(
                "tilewe_gtp",
                &support::tilewe_gtp_input(search, n as u8, lines),
            );
        }
    }
    for layout in [
        "vBBv/vBBv/.hh./vssv/vssv",
        "vBBv/vBBv/vhhv/vssv/s..s",
        "BB./BB./s.s",
        "vssv/vBBv/vBBv/.hh./s..s",
        "hh.hh/vBBsv/vBBsv/.....",
    ] {
        seeds.add("setting_sun_layout", layout.as_bytes());
        seeds.add("setting_sun_layout", layout.replace('/', "\n").as_bytes());
    }
    for (tessellation, board) in [
        (Tessellation::Sokoban, "#######\n#@ $ .#\n#######"),
        (
            Tessellation::Sokoban,
            "  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n#########",
        ),
        (Tessellation::Sokoban, "#####\n#@$.#\n#$. #\n#####"),
        (Tessellation::Sokoban, "#####\n#@$ #\n#  ##\n#.##\n###"),
        (Tessellation::Hexoban, "- # # # # #\n# @ $ . #\n- # # # # #"),
        (Tessellation::Trioban, "#######\n#@$ . #\n#######"),
        (Tessellation::Octoban, "#######\n#@ $ .#\n#######"),
    ] {
        for objectives in 0..4 {
            seeds.add(
                "solver_tiny",
                &support::solver_input(tessellation, objectives, board),
            );
        }
    }
    for position in [
        "0,1,2||",
        "0,1,2,3|||",
        "0|1|2",
        "0,2|1|",
        "|0,1|2,3",
        "0,1,2,3,4,5,6,7||",
    ] {
        seeds.add("hanoi_position", position.as_bytes());
    }
    // GTP byte streams under small line caps: an overlong line that ends, one that does
    // not, and a session that quits.
    for (cap, stream) in [
        (
            3u8,
            &b"name\nprotocol_version\nxxxxxxxxxxxxxxxxxxxx\nplay 1 a20\nquit\n"[..],
        ),
        (0, &[b'x'; 600][..]),
        (63, b"genmove 1\n\nall_legal 2\nundo\n"),
    ] {
        seeds.add("gtp_lines", &support::gtp_lines_input(cap, stream));
    }
    // Every mode of the atomic writer (existing target, failing writer, a user's file at
    // the old temporary name, a private target) over some level text.
    let contents = "#####\n#@$.#\n#####\n".repeat(5);
    for mode in 0..16 {
        seeds.add(
            "atomic_write",
            &support::atomic_write_input(mode, 10, contents.as_bytes()),
        );
    }
    for (tessellation, board, moves) in [
        (Tessellation::Sokoban, "#######\n#@ $ .#\n#######", "rRR"),
        (
            Tessellation::Sokoban,
            "######\n#@   #\n# $. #\n######",
            "dR",
        ),
        (Tessellation::Sokoban, "#######\n#@ $ .#\n#######", "[ll]RR"),
        (
            Tessellation::Hexoban,
            "- # # # # #\n# @ $ . #\n- # # # # #",
            "R",
        ),
    ] {
        seeds.add(
            "render_playback",
            &support::board_and_rest_input(
                Tessellation::ALL
                    .iter()
                    .position(|&t| t == tessellation)
                    .unwrap_or(0) as u8,
                board,
                moves.as_bytes(),
            ),
        );
    }
}

fn main() {
    let repository = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let repository = repository.canonicalize().unwrap_or(repository);
    let corpus = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("SOKOENGINE_CORPUS").map(PathBuf::from))
        .unwrap_or_else(|| repository.join("../shared/corpus"));
    let mut seeds = Seeds {
        root: repository.join("fuzz/corpus"),
        written: 0,
    };
    let mut files = Vec::new();
    level_files(&corpus, &mut files);
    files.sort();
    if files.is_empty() {
        eprintln!(
            "no level files under {} (set SOKOENGINE_CORPUS): only the seeds of the extra games",
            corpus.display()
        );
    }
    for path in &files {
        match std::fs::read(path) {
            Ok(bytes) => from_collection(&mut seeds, path, &bytes),
            Err(error) => eprintln!("skipped {}: {error}", path.display()),
        }
    }
    own_seeds(&mut seeds);
    println!(
        "{} seed files written to {} from {} level files",
        seeds.written,
        seeds.root.display(),
        files.len()
    );
}
