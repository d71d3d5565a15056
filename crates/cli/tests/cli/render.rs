//! `render`, `tilewe render`, `setting-sun render` and `hanoi render`.

use std::path::PathBuf;

use serde_json::json;

use crate::{run, run_stdin};

/// A fresh path in the temporary folder.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sokoengine-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn is_svg(text: &str) -> bool {
    text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\"") && text.ends_with("</svg>\n")
}

#[test]
fn a_board_as_svg_on_standard_output() {
    let svg = run(&["render", "two_boxes.sokoban.txt"]).ok().to_owned();
    assert!(is_svg(&svg));
    // RLE text and standard input draw the same picture.
    assert_eq!(run(&["render", "two_boxes_rle.sokoban.txt"]).ok(), svg);
    let text = std::fs::read_to_string(crate::fixtures().join("two_boxes.sokoban.txt")).unwrap();
    assert_eq!(run_stdin(&["render", "-"], &text).ok(), svg);
    let hexoban = run(&["render", "--variant", "hexoban", "small.hexoban.txt"]);
    assert!(is_svg(hexoban.ok()));
    // A .sok file with one puzzle, its Game: tag choosing the tessellation.
    assert!(is_svg(run(&["render", "hexagons.sok"]).ok()));
}

#[test]
fn bad_boards_get_the_errors_of_board() {
    for args in [
        vec!["err_bad_char.sokoban.txt"],
        vec!["err_not_a_collection.txt"],
        vec!["err_bad_last_row.sokoban.txt"],
        vec!["missing.txt"],
        vec!["--variant", "hexoban", "two_boxes.sokoban.txt"],
        vec!["collection.sok"],
        vec!["pack.xsb"],
        vec!["collection.sok", "--puzzle", "9"],
        vec!["collection.sok", "--puzzle", "0"],
    ] {
        let board = run(&[&["board"], args.as_slice()].concat());
        let render = run(&[&["render"], args.as_slice()].concat());
        assert_eq!(render.status, board.status, "{args:?}");
        assert_eq!(render.stderr, board.stderr, "{args:?}");
        assert!(render.stdout.is_empty());
    }
    assert_eq!(
        run(&["render", "collection.sok"]).fails(1),
        "collection.sok holds 4 levels: choose one with --level N (1 to 4)"
    );
    assert_eq!(
        run(&[
            "render",
            "collection.sok",
            "--puzzle",
            "2",
            "--snapshot",
            "3"
        ])
        .fails(1),
        "--snapshot 3: level 2 of collection.sok has 2 snapshots"
    );
}

#[test]
fn level_files_and_puzzles_as_board_reads_them() {
    // The extension gives the variant, and --puzzle picks a puzzle of a pack.
    assert_eq!(
        run(&["render", "small.hsb"]).ok(),
        run(&["render", "--variant", "hexoban", "small.hexoban.txt"]).ok()
    );
    assert!(is_svg(run(&["render", "pack.xsb", "--puzzle", "3"]).ok()));
}

#[test]
fn positions_along_moves_and_snapshots() {
    let end = run(&["render", "two_boxes.sokoban.txt", "--moves", "rRRlldRR"])
        .ok()
        .to_owned();
    let last_step = run(&[
        "render",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRRlldRR",
        "--step",
        "8",
    ]);
    assert_eq!(last_step.ok(), end);
    let start = run(&[
        "render",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRRlldRR",
        "--step",
        "0",
    ]);
    assert_eq!(start.ok(), run(&["render", "two_boxes.sokoban.txt"]).ok());
    let snapshot = run(&[
        "render",
        "collection.sok",
        "--puzzle",
        "1",
        "--snapshot",
        "1",
    ]);
    assert_eq!(snapshot.ok(), end);
    assert_eq!(
        run(&[
            "render",
            "two_boxes.sokoban.txt",
            "--moves",
            "rRR",
            "--step",
            "4"
        ])
        .fails(1),
        "--step 4: the moves have 3 steps"
    );
    assert_eq!(
        run(&["render", "two_boxes.sokoban.txt", "--step", "1"]).fails(2),
        "--step and --animate play moves: give --snapshot K or --moves M"
    );
}

#[test]
fn a_refused_step_draws_the_position_before_it_like_replay() {
    let args = ["two_boxes.sokoban.txt", "--moves", "rRRR"];
    let render = run(&[&["render"], args.as_slice()].concat());
    let replay = run(&[
        "replay",
        "--board",
        "two_boxes.sokoban.txt",
        "--moves",
        "rRRR",
    ]);
    assert_eq!(render.fails(1), replay.fails(1));
    let before = run(&["render", "two_boxes.sokoban.txt", "--moves", "rRR"]);
    assert_eq!(render.stdout, before.ok());
    let document = run(&[&["render", "--json"], args.as_slice()].concat()).fails_json(1);
    assert_eq!(
        document["error"],
        json!({"step_number": 4, "message": "Box ID: 1 can't be placed in row 2, column 7 occupied by '#'"})
    );
}

#[test]
fn animations_as_svg_and_html() {
    let args = [
        "render",
        "collection.sok",
        "--puzzle",
        "2",
        "--snapshot",
        "2",
        "--animate",
    ];
    let svg = run(&args).ok().to_owned();
    assert!(is_svg(&svg) && svg.contains("<animateTransform"));
    let html = run(&[args.as_slice(), &["--format", "html"]].concat())
        .ok()
        .to_owned();
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<button id=\"play\""));
    assert!(html.contains("<title>Corridor</title>"));
    // The format follows the output's extension.
    let path = temp("corridor.html");
    run(&[args.as_slice(), &["-o", path.to_str().unwrap()]].concat()).ok();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), html);
    assert_eq!(
        run(&[args.as_slice(), &["--format", "png", "-o", "x.png"]].concat()).fails(2),
        "an animation is written as svg or html, not png (draw one position with --step)"
    );
    run(&[args.as_slice(), &["--step", "2"]].concat()).fails_usage();
}

#[test]
fn png_needs_an_output_file() {
    assert_eq!(
        run(&["render", "two_boxes.sokoban.txt", "--format", "png"]).fails(2),
        "PNG output needs -o FILE (or -o - for standard output)"
    );
    let path = temp("two_boxes.png");
    let run_png = run(&[
        "render",
        "two_boxes.sokoban.txt",
        "--cell",
        "20",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(run_png.ok(), "");
    let png = std::fs::read(&path).unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    // 7x4 cells of 20 pixels and a margin of a quarter cell on each side.
    assert_eq!(&png[16..24], &[0, 0, 0, 150, 0, 0, 0, 90]);
}

#[test]
fn json_documents() {
    let document = run(&[
        "render",
        "--json",
        "two_boxes.sokoban.txt",
        "--theme",
        "dark",
    ])
    .json();
    assert_eq!(document["format"], "svg");
    assert_eq!(document["frames"], 1);
    assert_eq!(document["output"], json!(null));
    assert!(is_svg(document["picture"].as_str().unwrap()));
    let path = temp("corridor.svg");
    let document = run(&[
        "render",
        "--json",
        "collection.sok",
        "--puzzle",
        "2",
        "--snapshot",
        "1",
        "--animate",
        "-o",
        path.to_str().unwrap(),
    ])
    .json();
    assert_eq!(document["frames"], 7);
    assert_eq!(document["picture"], json!(null));
    assert_eq!(document["bytes"], std::fs::metadata(&path).unwrap().len());
}

#[test]
fn huge_boards_are_refused_not_drawn() {
    let rows = vec!["1100#"; 1000].join("|");
    let message = run_stdin(&["render", "-"], &format!("{rows}\n"))
        .fails(1)
        .to_owned();
    assert_eq!(
        message,
        "the board has 1100000 cells, more than a picture may have (1048576)"
    );
}

#[test]
fn highlighted_cells() {
    let plain = run(&["render", "two_boxes.sokoban.txt"]).ok().to_owned();
    // Cells by row and column counted from 1 (as --labels draws them), or a board
    // position: row 2, columns 2 and 3, then position 10 (row 2, column 4).
    let tinted = run(&[
        "render",
        "two_boxes.sokoban.txt",
        "--highlight",
        "2,2/2,3",
        "--highlight",
        "10:#FF0000",
    ]);
    let tinted = tinted.ok();
    assert!(tinted.contains("fill=\"#1e9bff\"") && tinted.contains("fill=\"#ff0000\""));
    // Three more tiles, each a closed subpath.
    assert_eq!(tinted.matches('Z').count(), plain.matches('Z').count() + 3);
    let flat = run(&[
        "render",
        "two_boxes.sokoban.txt",
        "--highlight",
        "8;9",
        "--highlight",
        "2,4:#FF0000",
    ]);
    assert_eq!(flat.ok(), tinted);
    run(&["render", "two_boxes.sokoban.txt", "--highlight", "8,x"]).fails_usage();
    run(&["render", "two_boxes.sokoban.txt", "--highlight", "8:red"]).fails_usage();
    run(&["render", "two_boxes.sokoban.txt", "--highlight", "0,1"]).fails_usage();
    assert!(
        run(&["render", "two_boxes.sokoban.txt", "--highlight", "15,16,17"])
            .fails_usage()
            .contains("give ROW,COLUMN (counted from 1) or a board position")
    );
    // A cell off the board is an error, not a silent no-op.
    assert_eq!(
        run(&["render", "two_boxes.sokoban.txt", "--highlight", "5,1"]).fails(1),
        "--highlight: row 5, column 1 is off the board (4 rows of 7 columns)"
    );
    assert_eq!(
        run(&["render", "two_boxes.sokoban.txt", "--highlight", "28"]).fails(1),
        "--highlight: board position 28 is off the board (4 rows of 7 columns)"
    );
}

#[test]
fn sokoban_plus_applies_only_when_asked() {
    // Puzzle 3 is the board of two_boxes.sokoban.txt with Sokoban+ orders that its
    // solution does not meet: without --sokoban-plus it is drawn as plain Sokoban.
    let args = [
        "render",
        "collection.sok",
        "--puzzle",
        "3",
        "--snapshot",
        "1",
    ];
    let plain = run(&args).ok().to_owned();
    let solved = run(&["render", "two_boxes.sokoban.txt", "--moves", "rRRlldRR"]);
    assert_eq!(plain, solved.ok());
    let plus = run(&[args.as_slice(), &["--sokoban-plus"]].concat());
    assert_ne!(plus.ok(), plain);
}

#[test]
fn bad_picture_options_are_usage_errors() {
    for args in [
        ["--cell", "0"],
        ["--cell", "1e9"],
        ["--theme", "sepia"],
        ["--format", "gif"],
        ["--frame-seconds", "0"],
    ] {
        run(&[&["render", "two_boxes.sokoban.txt"], args.as_slice()].concat()).fails_usage();
    }
}

#[test]
fn the_other_games() {
    let tilewe = run(&[
        "tilewe",
        "render",
        "--players",
        "2",
        "--moves",
        "O1n-a1a1 I2n-a2t20",
        "--labels",
    ]);
    assert!(is_svg(tilewe.ok()));
    let game = run(&[
        "tilewe",
        "render",
        "--moves",
        "O1n-a1a1",
        "--animate",
        "--format",
        "html",
    ]);
    assert!(game.ok().contains("ply 1: blue O1n-a1a1"));
    run(&["tilewe", "render", "--moves", "O1n-b2b2"]).fails(1);

    assert!(is_svg(run(&["setting-sun", "render"]).ok()));
    assert!(is_svg(
        run(&["setting-sun", "render", "--layout", "vs./vhh"]).ok()
    ));
    let slide = run(&["setting-sun", "render", "--metric", "slide", "--animate"]);
    assert!(slide.ok().contains("<animateTransform"));
    assert!(is_svg(run(&["setting-sun", "render", "--step", "5"]).ok()));
    assert_eq!(
        run(&["setting-sun", "render", "--step", "113"]).fails(1),
        "--step 113: the solution has 112 moves"
    );

    assert!(is_svg(
        run(&["hanoi", "render", "--disks", "4", "--labels"]).ok()
    ));
    let animated = run(&[
        "hanoi",
        "render",
        "--from",
        "0,1||2",
        "--animate",
        "--format",
        "html",
    ]);
    assert!(animated.ok().contains("disk 2 from peg 2 to peg 1"));
    assert!(is_svg(
        run(&["hanoi", "render", "--disks", "40", "--step", "1000"]).ok()
    ));
    assert_eq!(
        run(&["hanoi", "render", "--disks", "20", "--animate"]).fails(1),
        "1048575 movements are too many to animate (at most 65535); draw one position with --step"
    );
    run(&["hanoi", "render", "--from", "1,0||"]).fails(1);
}

#[test]
fn the_output_file_s_extension_picks_the_format() {
    let directory =
        std::env::temp_dir().join(format!("sokoengine-render-o-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let path = |name: &str| directory.join(name).to_str().unwrap().to_owned();
    for (name, start) in [
        ("a.svg", "<svg"),
        ("a.html", "<!DOCTYPE html>"),
        ("a.htm", "<!DOCTYPE html>"),
    ] {
        run(&["render", "two_boxes.sokoban.txt", "-o", &path(name)]).ok();
        let written = std::fs::read_to_string(path(name)).unwrap();
        assert!(written.starts_with(start), "{name}: {}", &written[..40]);
    }
    // An extension that names no picture format: a usage error naming the known ones,
    // and nothing written.
    let gif = path("y.gif");
    let message = run(&["render", "two_boxes.sokoban.txt", "-o", &gif])
        .fails(2)
        .to_owned();
    assert_eq!(
        message,
        format!(
            "-o {gif}: the extension names no picture format: use .svg, .png, .html or .htm, or say which with --format"
        )
    );
    assert!(!std::path::Path::new(&gif).exists());
    // --format says which: any name goes, but not one that names another format.
    run(&[
        "render",
        "two_boxes.sokoban.txt",
        "--format",
        "svg",
        "-o",
        &path("picture.out"),
    ])
    .ok();
    let out = run(&[
        "render",
        "two_boxes.sokoban.txt",
        "--format",
        "html",
        "-o",
        &path("b.svg"),
    ]);
    assert!(
        out.fails(2)
            .ends_with("names the svg format, --format says html"),
        "{out:?}"
    );
    std::fs::remove_dir_all(&directory).unwrap();
}
