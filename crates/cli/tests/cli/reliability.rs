//! The inputs of issue 14 that once hung, exhausted memory or broke a round trip: each
//! ends quickly with exit 0, 1 or 2 and a one-line reason naming the limit it hit.

use std::time::{Duration, Instant};

use crate::{run, run_stdin};

/// Runs and checks that the run took less than `seconds`.
#[track_caller]
fn quick(args: &[&str], input: &str, seconds: u64) -> crate::Run {
    let start = Instant::now();
    let out = run_stdin(args, input);
    assert!(
        start.elapsed() < Duration::from_secs(seconds),
        "{args:?} took {:?}",
        start.elapsed()
    );
    out
}

#[test]
fn groups_that_decode_to_nothing_do_not_hang() {
    // Case 1: 20 bytes that once looped 10^11 times.
    let out = quick(&["board", "-"], "99999999999(0#)#@$.#", 10);
    assert_eq!(out.ok(), "#@$.#\n");
    let out = quick(
        &[
            "replay",
            "--board",
            "two_boxes.sokoban.txt",
            "--moves",
            "99999999999(0r)rRR",
        ],
        "",
        10,
    );
    assert!(
        out.ok()
            .ends_with("steps: 3 (1 walk, 2 pushes), solved: no\n")
    );
    let sok = "#####\n#@$.#\n#####\n\n18446744073709551615(0r)R\n";
    let out = quick(&["verify", "-"], sok, 10);
    assert!(out.ok().ends_with("1 puzzles, 1 snapshots, 1 solved\n"));
}

#[test]
fn decoded_sizes_are_bounded_per_file() {
    // Case 3: 1,000 RLE boards of 4095x4096 cells in 19 KB.
    let boards = "4095(4096#|)4096#\n\n".repeat(1000);
    let out = quick(&["convert", "-", "--to", "sok"], &boards, 60);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.fails(1),
        "standard input: the boards and moves decode to more than the limit of 268435456 \
         bytes per file (raise it with --max-decoded)"
    );
    // Case 4: 1,000 snapshots of 16 M steps in 13 KB.
    let snapshots = format!("#####\n#@ .#\n#####\n\n{}", "8000000(rl)\n\n".repeat(1000));
    let out = quick(&["verify", "--json", "-"], &snapshots, 60);
    let document = out.fails_json(1);
    assert!(
        document["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("--max-decoded")),
        "{document}"
    );
    // The limit can be raised, and lowered.
    let small = "#####\n#@ .#\n#####\n\n100(rl)\n\n100(rl)\n";
    let out = run_stdin(&["verify", "--max-decoded", "300", "-"], small);
    assert!(out.fails(1).contains("limit of 300 bytes"));
    let out = run_stdin(&["verify", "--max-decoded", "500", "-"], small);
    assert!(out.ok().ends_with("1 puzzles, 2 snapshots, 0 solved\n"));
}

/// Runs with the address space limited to `kib` KiB (Linux `ulimit -v`).
#[cfg(target_os = "linux")]
fn run_limited(kib: u64, args: &[&str], input: &str) -> crate::Run {
    let bin = env!("CARGO_BIN_EXE_sokoengine");
    let script = format!("ulimit -v {kib} && RAYON_NUM_THREADS=2 exec \"$0\" \"$@\"");
    let mut shell_args = vec!["-c", script.as_str(), bin];
    shell_args.extend_from_slice(args);
    let mut child = std::process::Command::new("sh")
        .args(&shell_args)
        .current_dir(crate::fixtures())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let input = input.to_owned();
    // Written from a thread: the child writes its output while it reads.
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(input.as_bytes());
    });
    let output = child.wait_with_output().expect("the binary runs");
    writer.join().expect("input written");
    crate::Run {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

#[test]
#[cfg(target_os = "linux")]
fn collections_are_streamed() {
    // Cases 2 and 7: memory once grew by ~500 bytes per puzzle (200,000 tiny puzzles
    // took 105 MB, a 64 MiB file aborted); it is now the input and one batch.
    let tiny = "@\n\n".repeat(200_000);
    let out = run_limited(64 * 1024, &["verify", "-"], &tiny);
    assert!(
        out.ok()
            .ends_with("collection: 200000 puzzles, 0 snapshots, 0 solved\n"),
        "{}",
        out.stderr
    );
    let out = run_limited(64 * 1024, &["convert", "-", "--to", "sok"], &tiny);
    assert_eq!(out.ok(), tiny);
    let out = run_limited(64 * 1024, &["convert", "-", "--to", "json"], &tiny);
    assert!(
        out.ok()
            .ends_with("  \"title\": \"\",\n  \"updated_at\": \"\"\n}\n")
    );
}

#[test]
#[cfg(target_os = "linux")]
fn one_puzzle_of_many_is_read_alone() {
    // `board`, `replay`, `metrics` and `render` once held every puzzle of the file
    // (200,000 tiny puzzles: 52 MB, aborted in a 64 MiB address space); they now keep
    // the text and the chosen puzzle.
    let tiny = format!("{}#@$.#\n", "@\n\n".repeat(200_000));
    let out = run_limited(64 * 1024, &["board", "--puzzle", "200001", "-"], &tiny);
    assert_eq!(out.ok(), "#@$.#\n");
    let out = run_limited(64 * 1024, &["board", "-"], &tiny);
    assert_eq!(
        out.fails(1),
        "standard input holds 200001 levels: choose one with --level N (1 to 200001)"
    );
}

#[test]
fn whole_collections_have_a_puzzle_limit() {
    // `solve` and `optimize` hold the whole collection: at most 1,000,000 puzzles.
    let tiny = "@\n\n".repeat(1_000_001);
    let out = run_stdin(&["solve", "--level", "1", "-"], &tiny);
    assert_eq!(
        out.fails(1),
        "standard input holds 1000001 puzzles, more than the limit of 1000000 puzzles for \
         this command (verify and convert take any number)"
    );
}

#[test]
fn interactive_lines_are_capped() {
    // Case 5: an endless line was buffered without limit.
    let line = "a".repeat(10_000);
    let out = quick(&["setting-sun", "play"], &line, 10);
    assert_eq!(
        out.fails(1),
        "standard input: a line longer than the limit of 4096 bytes"
    );
    // A line of 4096 bytes is still read.
    let out = run_stdin(
        &["setting-sun", "play"],
        &format!("{}\nq\n", "q".repeat(4096)),
    );
    assert_eq!(out.status, 0, "{out:?}");
}

#[test]
fn converted_files_read_back_the_same() {
    // Case 6: `|` + U+0085 as moves (one puzzle) was written as `|`, a board line, so
    // the file read back as two puzzles. That snapshot cannot be written: it is left
    // out, and its puzzle kept (issue 45 item 9: the whole puzzle was dropped).
    let out = run_stdin(
        &["convert", "-", "--to", "sok"],
        "#####\n#@$.#\n#####\n\n|\u{85}\n",
    );
    assert_eq!(out.stdout, "#####\n#@$.#\n#####\n\n", "{out:?}");
    assert_eq!(
        out.stderr,
        "warning: puzzle 1 (\"\"): left out snapshot 1: moves \"|\" would be read back as a \
         board line\n"
    );
    assert_eq!(out.status, 0);
    // Only that snapshot: the others of the puzzle stay, numbered as in the file.
    let sok = "One\n\n#####\n#@$.#\n#####\n\nFirst\nR\n\nSecond\n|\u{85}\n\nThird\nR\n\n\
               Two\n\n#####\n#@$.#\n#####\n";
    let out = run_stdin(&["convert", "-", "--to", "sok"], sok);
    assert_eq!(
        out.stderr,
        "warning: puzzle 1 (\"One\"): left out snapshot 2: moves \"|\" would be read back as \
         a board line\n"
    );
    let again = run_stdin(&["verify", "--json", "-"], &out.stdout).json();
    assert_eq!(again["summary"]["puzzles"], 2);
    let titles: Vec<&str> = again["puzzles"][0]["snapshots"]
        .as_array()
        .expect("snapshots")
        .iter()
        .map(|snapshot| snapshot["title"].as_str().expect("title"))
        .collect();
    assert_eq!(titles, ["First", "Third"]);
    // Two puzzles, the first a lone line that does not parse: still two.
    let out = run_stdin(&["convert", "-", "--to", "sok"], "\n)\n;\n#");
    let again = run_stdin(&["verify", "--json", "-"], out.ok()).json();
    assert_eq!(again["summary"]["puzzles"], 2);
}

#[test]
fn long_values_are_quoted_short() {
    let layout = "vBBv/".repeat(20_000);
    let out = run(&["setting-sun", "solve", "--layout", &layout]);
    let message = out.fails(1);
    assert!(message.len() < 200, "{message}");
    assert!(message.contains("(100000 characters)"), "{message}");
    let position = "0,".repeat(20_000);
    let message = run(&["hanoi", "solve", "--from", &position])
        .fails(1)
        .to_owned();
    assert!(message.len() < 200, "{message}");
}

#[test]
fn tilewe_perft_is_bounded() {
    let out = quick(
        &["tilewe", "perft", "--depth", "84", "--max-nodes", "1000"],
        "",
        30,
    );
    assert_eq!(
        out.fails(1),
        "perft stopped after visiting 1000 positions (raise --max-nodes to count further)"
    );
    let out = run(&["tilewe", "perft", "--depth", "2", "--max-nodes", "1000"]);
    assert_eq!(out.ok(), "perft(1) = 232\nperft(2) = 40368\n");
}

#[test]
fn progress_lines_only_when_asked() {
    // Short work prints nothing on standard error, --progress or not (a line comes
    // every two seconds of work).
    let out = run(&["--progress", "verify", "collection.sok"]);
    out.ok();
}

#[test]
fn solve_reports_progress_when_stderr_is_not_a_terminal() {
    // Ten boxes in an open room: a move-optimal search that the time limit stops.
    let room = format!(
        "{wall}\n#@{floor}#\n{boxes}{gap}{gap}{goals}{goals}{gap}{wall}\n",
        wall = "#".repeat(18),
        floor = " ".repeat(15),
        boxes = "#  $  $  $  $  $ #\n#                #\n".repeat(2),
        gap = "#                #\n",
        goals = "#  . . . . .     #\n",
    );
    let args = ["--progress", "solve", "--mode", "moves", "--time", "4", "-"];
    let out = run_stdin(&args, &room);
    assert_eq!(out.status, 0, "{out:?}");
    assert!(out.stdout.starts_with("level 1: stopped (time)"), "{out:?}");
    assert!(
        out.stderr.starts_with("progress: solving levels: 0/1 ("),
        "{out:?}"
    );
}

#[test]
#[cfg(unix)]
fn gtp_answers_an_endless_line_and_ends() {
    // Issue 45 item 4: `tilewe gtp < /dev/zero` never answered and never exited.
    let Ok(zero) = std::fs::File::open("/dev/zero") else {
        eprintln!("skipped: no /dev/zero");
        return;
    };
    let start = Instant::now();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_sokoengine"))
        .args(["tilewe", "gtp", "--engine", "random"])
        .stdin(zero)
        .output()
        .expect("the binary runs");
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    let out = crate::Run {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    };
    assert_eq!(out.stdout, "? line longer than 4096 bytes\n\n");
    assert_eq!(
        out.fails(1),
        "standard input: a line longer than the limit of 4096 bytes did not end within \
         1048576 bytes"
    );
    // A long line that ends is answered, and the session goes on.
    let input = format!("{}\nname\nquit\n", "x".repeat(100_000));
    let out = quick(&["tilewe", "gtp", "--engine", "random"], &input, 20);
    assert_eq!(
        out.ok(),
        "? line longer than 4096 bytes\n\n= sokoengine\n\n= \n\n"
    );
}

/// A `side` x `side` room with `boxes` boxes in rows (each over its goal) and the pusher
/// in its top-left corner, free to walk along the top row.
fn room_with_boxes(side: usize, boxes: usize) -> String {
    let mut rows: Vec<Vec<u8>> = (0..side)
        .map(|row| {
            if row == 0 || row == side - 1 {
                vec![b'#'; side]
            } else {
                let mut cells = vec![b' '; side];
                cells[0] = b'#';
                cells[side - 1] = b'#';
                cells
            }
        })
        .collect();
    rows[1][1] = b'@';
    let mut placed = 0;
    'rows: for row in (3..side - 2).step_by(3) {
        for column in (2..side - 2).step_by(2) {
            if placed == boxes {
                break 'rows;
            }
            rows[row][column] = b'$';
            rows[row + 1][column] = b'.';
            placed += 1;
        }
    }
    assert_eq!(placed, boxes, "the room is too small");
    let mut text = String::new();
    for row in rows {
        text.push_str(std::str::from_utf8(&row).expect("ASCII"));
        text.push('\n');
    }
    text
}

#[test]
#[cfg(target_os = "linux")]
fn long_animations_take_memory_by_board_not_by_frames() {
    // Issue 45 item 5: every frame kept every box's position, so memory grew with frames
    // x boxes (1000x1000 with 65,535 steps aborted). 1,500 boxes over 20,001 frames took
    // 240 MB that way; now the board, the moves and the moved pieces.
    let room = room_with_boxes(100, 1500);
    let moves = "51(97r97l)";
    for format in ["svg", "html"] {
        let out = run_limited(
            96 * 1024,
            &[
                "render",
                "-",
                "--moves",
                moves,
                "--animate",
                "--format",
                format,
            ],
            &room,
        );
        let picture = out.ok();
        assert!(picture.contains("<svg"), "{format}");
    }
    // Moves of more frames than an animation may have are refused before they are
    // played (200,001 frames of 1,500 boxes once took 2.4 GB first): a limit the input
    // reaches, status 1.
    let out = run_limited(
        96 * 1024,
        &["render", "-", "--moves", "100000(rl)", "--animate"],
        &room,
    );
    assert_eq!(
        out.fails(1),
        "200001 frames are too many to animate (at most 65536); draw one position with --step"
    );
}

/// A `side` x `side` open room with `boxes` boxes and as many goals scattered by a fixed
/// pseudo-random sequence, and the pusher in its top-left corner.
fn scattered_room(side: usize, boxes: usize) -> String {
    let mut rows: Vec<Vec<u8>> = (0..side)
        .map(|row| {
            if row == 0 || row == side - 1 {
                vec![b'#'; side]
            } else {
                let mut cells = vec![b' '; side];
                cells[0] = b'#';
                cells[side - 1] = b'#';
                cells
            }
        })
        .collect();
    rows[1][1] = b'@';
    let mut seed: u64 = 7;
    let mut placed = 0;
    while placed < 2 * boxes {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let cell = (seed >> 33) as usize % ((side - 6) * (side - 6));
        let (row, column) = (3 + cell / (side - 6), 3 + cell % (side - 6));
        if rows[row][column] == b' ' {
            rows[row][column] = if placed < boxes { b'$' } else { b'.' };
            placed += 1;
        }
    }
    rows.iter()
        .map(|row| format!("{}\n", std::str::from_utf8(row).expect("ASCII")))
        .collect()
}

#[test]
#[cfg(target_os = "linux")]
fn the_default_solver_budget_fits_the_address_space() {
    // Issue 45 item 6: the default budget of 4 GiB ignored the process's limits; under a
    // 4 GB address-space cap a move-optimal search on a 150x150 board aborted on a
    // 4.2 GB allocation (its node arena doubling within that budget). The default is now
    // half of what the process may take: the level stops for memory instead.
    let room = scattered_room(150, 20);
    let out = run_limited(
        768 * 1024,
        &["solve", "--mode", "moves", "--time", "60", "-"],
        &room,
    );
    assert_eq!(out.status, 0, "{out:?}");
    assert!(
        out.stdout.starts_with("level 1: stopped (memory)"),
        "{out:?}"
    );
}

#[test]
#[cfg(target_os = "linux")]
fn setting_sun_searches_fit_the_address_space() {
    // Issue 45 item 6: `--max-states 40000000` on a large board aborted on a failed
    // allocation; the bound is now lowered to the states that fit, and says so.
    let layout = "ssssssss/sssssss./ssssss../sssss.../ssss..../sss...../ss....../s.......";
    let out = run_limited(
        128 * 1024,
        &[
            "setting-sun",
            "states",
            "--layout",
            layout,
            "--max-states",
            "40000000",
        ],
        "",
    );
    let message = out.fails(1);
    assert!(
        message.starts_with("the search stopped after ")
            && message.ends_with(" MiB this process may take (256 bytes a state)"),
        "{message}"
    );
    // Where memory is no bound, --max-states is, and says so.
    let out = run(&[
        "setting-sun",
        "states",
        "--layout",
        layout,
        "--max-states",
        "1000",
    ]);
    assert_eq!(
        out.fails(1),
        "the search stopped after 1000 states (raise --max-states to search further)"
    );
}

#[test]
fn metrics_reads_move_text_as_replay_does() {
    // Issue 45 item 7: `metrics` dropped what is not a move (`3rRR` was measured as
    // `rRR`, `rXRzR` as `RR`) where `replay` refuses it: one reader of move text now.
    let board = "######\n#@   #\n# $. #\n######\n";
    let metrics = |moves: &str| run_stdin(&["metrics", "--board", "-", "--moves", moves], board);
    let replay = |moves: &str| run_stdin(&["replay", "--board", "-", "--moves", moves], board);
    assert!(metrics("dR").ok().ends_with("lurd: dR\nvalid: yes\n"));
    // RLE counts are counts: `2dR` walks into the wall, for both.
    let out = metrics("2dR");
    assert_eq!(out.status, 1, "{out:?}");
    assert!(out.stdout.ends_with("valid: no\n"), "{out:?}");
    assert_eq!(replay("2dR").status, 1);
    assert_eq!(metrics("1d1R").ok(), metrics("dR").ok());
    // Characters that are no moves are refused by both, with the same message.
    for moves in ["dXRzR", "d#R", "3dR!"] {
        let message = metrics(moves).fails(1).to_owned();
        assert_eq!(message, replay(moves).fails(1), "{moves}");
        assert!(message.starts_with("--moves: "), "{message}");
    }
    // Whitespace is no character of the text, for both.
    assert_eq!(metrics("d R\n").ok(), metrics("dR").ok());
}

#[test]
#[cfg(unix)]
fn verify_skips_what_is_not_a_regular_file_in_a_folder() {
    // Issue 45 item 8: `verify DIR` blocked forever on a FIFO named `x.sok` in the
    // folder. Now it is skipped with a warning; so is a link to nothing, and a link back
    // to the folder is searched once.
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::copy(
        crate::fixtures().join("plain.xsb"),
        dir.path().join("a.xsb"),
    )
    .expect("copy");
    let fifo = dir.path().join("x.sok");
    if !std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|status| status.success())
    {
        eprintln!("skipped: mkfifo is not available");
        return;
    }
    std::os::unix::fs::symlink("nowhere.sok", dir.path().join("dangling.sok")).expect("link");
    std::os::unix::fs::symlink(".", dir.path().join("again")).expect("link");
    let folder = dir.path().to_str().expect("UTF-8 path");
    let out = quick(&["verify", "--json", folder], "", 20);
    assert_eq!(out.status, 0, "{out:?}");
    let document = out.document();
    let files = document["files"].as_array().expect("files");
    assert_eq!(files.len(), 1, "{document}");
    assert_eq!(files[0]["file"], format!("{folder}/a.xsb"));
    let mut warnings: Vec<&str> = out.stderr.lines().collect();
    warnings.sort_unstable();
    assert_eq!(warnings.len(), 2, "{}", out.stderr);
    assert!(
        warnings[0].starts_with(&format!("warning: skipped {folder}/dangling.sok: ")),
        "{warnings:?}"
    );
    assert_eq!(
        warnings[1],
        format!("warning: skipped {folder}/x.sok: not a regular file")
    );
    // A FIFO named on the command line is read as the user asked (a process
    // substitution is one): here, from a writer.
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, "#####\n#@$.#\n#####\n"))
    };
    let out = quick(&["verify", fifo.to_str().expect("UTF-8")], "", 20);
    writer.join().expect("writer").expect("written");
    assert!(
        out.ok().ends_with("1 puzzles, 0 snapshots, 0 solved\n"),
        "{out:?}"
    );
}

#[test]
fn convert_writes_nothing_that_verify_would_refuse() {
    // Issue 45 item 10: a 60 MB Latin-1 file converted to 126 MB of `.sok` that `verify`
    // then refused as over 64 MiB. Output over that cap is now refused, before anything
    // is written; output under it reads back. Here RLE boards decode past it.
    let levels = |count: usize| -> String {
        (1..=count)
            .map(|n| format!("Level {n}\n\n3000(3000#|)\n\n"))
            .collect()
    };
    let out = quick(&["convert", "-", "--to", "sok"], &levels(9), 60);
    assert_eq!(out.stdout, "");
    assert_eq!(
        out.fails(1),
        "the .sok text would be larger than the limit of 67108864 bytes (81027090 bytes) that \
         verify and the other commands read; convert the file in parts"
    );
    // Under the cap it is written whole: what `verify` reads (the one limit of both).
    let out = quick(&["convert", "-", "--to", "sok"], &levels(7), 60);
    assert_eq!(out.ok().len(), 63_021_070);
}

#[test]
fn errors_advise_only_options_the_command_takes() {
    // Issue 45 item 11: solve, optimize and render (of a JSON file) advised "raise it
    // with --max-decoded", an option they reject.
    let boards = "4095(4096#|)4096#\n\n".repeat(17);
    for command in ["solve", "optimize"] {
        let out = quick(&[command, "-"], &boards, 60);
        assert_eq!(
            out.fails(1),
            "standard input: the boards and moves decode to more than the limit of 268435456 \
             bytes per file",
            "{command}"
        );
    }
    // verify and convert take the option, and name it.
    let out = quick(&["verify", "-"], &boards, 60);
    assert!(
        out.fails(1).ends_with("(raise it with --max-decoded)"),
        "{out:?}"
    );
}

/// `n` with a comma between each group of three digits, as the documents write numbers.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[test]
fn the_limits_table_names_every_cap() {
    // Issue 45 item 11: the table of limits missed caps (the solver's input, pictures,
    // PNGs, animations) and had Tilewe's playouts wrong. Each library cap is checked
    // against `docs/reliability.md` here, so a changed cap changes the table.
    let page =
        std::fs::read_to_string(sokoengine_testkit::workspace_root().join("docs/reliability.md"))
            .expect("docs/reliability.md");
    let table: String = page
        .lines()
        .skip_while(|line| *line != "## Limits")
        .take_while(|line| !line.starts_with("- "))
        .collect::<Vec<_>>()
        .join("\n");
    let caps: [(&str, u64); 10] = [
        ("solver cells", sokoengine::solver::MAX_CELLS as u64),
        ("solver boxes", sokoengine::solver::MAX_BOXES as u64),
        (
            "picture cells",
            sokoengine::render::MAX_PICTURE_CELLS as u64,
        ),
        ("PNG pixels", sokoengine::render::MAX_PNG_PIXELS),
        ("PNG nodes", sokoengine::render::MAX_PNG_NODES as u64),
        (
            "library animation frames",
            sokoengine::render::MAX_FRAMES as u64,
        ),
        ("CLI animation frames", 65_536),
        ("Tilewe playouts", 10_000_000),
        ("Setting Sun states", 5_000_000),
        ("puzzles held whole", 1_000_000),
    ];
    for (what, cap) in caps {
        assert!(
            table.contains(&grouped(cap)),
            "{what}: {} is not in the table",
            grouped(cap)
        );
    }
    for (what, text) in [
        (
            "GTP line",
            format!("{} bytes", sokoengine::tilewe::gtp::MAX_LINE),
        ),
        (
            "GTP skip",
            format!(
                "within {} bytes",
                sokoengine::tilewe::gtp::MAX_LINE * sokoengine::tilewe::gtp::MAX_SKIPPED_LINES
            ),
        ),
        (
            "state bytes",
            format!("{} bytes", sokoengine::setting_sun::STATE_BYTES),
        ),
        (
            "solver memory",
            format!("{} MiB", sokoengine::solver::Limits::DEFAULT_MEMORY >> 20),
        ),
        (
            "moves",
            format!("{} Mi steps", sokoengine::io::MAX_MOVES_LEN >> 20),
        ),
    ] {
        assert!(
            table.contains(&text),
            "{what}: {text:?} is not in the table"
        );
    }
}
