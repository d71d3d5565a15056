//! The GTP front end on scripted sessions (insta snapshots).

use std::io;

use sokoengine_tilewe::gtp::{GtpError, GtpSession, MAX_LINE, MAX_SKIPPED_LINES};
use sokoengine_tilewe::{Budget, Engine, Mcts, MostTiles, OpeningBook};

/// Runs the fixture script through a session and returns the transcript.
fn transcript(engine: Box<dyn Engine>, seed: u64) -> String {
    let path = sokoengine_testkit::fixture("tilewe/gtp_session.txt");
    let script =
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut session = GtpSession::new(engine, seed);
    let mut out = Vec::new();
    session
        .run(&mut script.as_bytes(), &mut out)
        .expect("in-memory I/O");
    String::from_utf8(out).expect("UTF-8")
}

#[test]
fn scripted_session() {
    insta::assert_snapshot!(transcript(Box::new(MostTiles), 5));
}

#[test]
fn the_search_engine_replays_a_session_for_a_seed() {
    let engine = || Box::new(Mcts::new(Budget::Playouts(40)));
    let first = transcript(engine(), 9);
    assert_eq!(first, transcript(engine(), 9));
    assert!(first.contains("= B+"), "{first}");
}

#[test]
fn the_opening_book_answers_the_first_moves() {
    // Two rounds of genmove for every colour: the shipped book's lines, seen from each
    // start corner, then the search once a colour leaves the book.
    let engine = Mcts::new(Budget::Playouts(20)).with_book(Some(OpeningBook::standard().clone()));
    let mut session = GtpSession::new(Box::new(engine), 1);
    let mut out = String::new();
    let script = "set_game Blokus Two-Player\ngenmove 1\ngenmove 2\ngenmove 3\ngenmove 4\n\
                  genmove 1\ngenmove 2\ngenmove 3\ngenmove 4\nshowboard\n";
    for line in script.lines() {
        out.push_str(&session.respond(line).expect("a command"));
    }
    insta::assert_snapshot!(out);
}

#[test]
fn all_legal_lists_each_placement_once() {
    let mut session = GtpSession::new(Box::new(MostTiles), 0);
    let reply = session.respond("all_legal blue").expect("a response");
    let body = reply.strip_prefix("= ").expect("success").trim_end();
    let lines: Vec<&str> = body.lines().collect();
    // Blue's 58 opening placements, all on its corner a20.
    assert_eq!(lines.len(), 58);
    assert!(lines.iter().all(|l| l.split(',').any(|p| p == "a20")));
    assert_eq!(
        session.respond("all_legal 9"),
        Some("? invalid color \"9\"\n\n".into())
    );
}

mod never_crashes {
    use proptest::prelude::*;

    use sokoengine_tilewe::gtp::GtpSession;
    use sokoengine_tilewe::{Budget, Mcts, RandomEngine};

    /// A GTP command line: a known or unknown command word with 0-3 arguments drawn from
    /// colours, point lists, numbers and junk, sometimes with an id or a comment.
    fn line() -> impl Strategy<Value = String> {
        let command = prop_oneof![
            Just("play"),
            Just("genmove"),
            Just("reg_genmove"),
            Just("undo"),
            Just("all_legal"),
            Just("final_score"),
            Just("showboard"),
            Just("clear_board"),
            Just("set_game"),
            Just("known_command"),
            Just("set_random_seed"),
            Just("list_commands"),
            Just("boardsize"),
            Just(""),
        ];
        let argument = prop_oneof![
            "[1-5byrgBYRGx]",
            "(blue|yellow|red|green|pass|PASS|Blokus|Two-Player)",
            "([a-u][0-9]{1,2},){0,6}[a-u][0-9]{1,2}",
            "[0-9]{1,25}",
            "\\PC{0,12}",
        ];
        (
            proptest::option::of(0u32..100),
            command,
            proptest::collection::vec(argument, 0..4),
            proptest::option::of("#\\PC{0,8}"),
        )
            .prop_map(|(id, command, args, comment)| {
                let mut text = id.map(|i| format!("{i} ")).unwrap_or_default();
                text.push_str(command);
                for a in args {
                    text.push(' ');
                    text.push_str(&a);
                }
                text.push_str(&comment.unwrap_or_default());
                text
            })
    }

    fn check(session: &mut GtpSession, lines: &[String]) -> Result<(), TestCaseError> {
        for line in lines {
            if let Some(reply) = session.respond(line) {
                prop_assert!(
                    (reply.starts_with('=') || reply.starts_with('?')) && reply.ends_with("\n\n"),
                    "{line:?} -> {reply:?}"
                );
                // One response: its only blank line is the last.
                prop_assert!(!reply[..reply.len() - 2].contains("\n\n"), "{reply:?}");
            }
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        #[test]
        fn any_command_sequence_gets_well_formed_responses(
            lines in proptest::collection::vec(line(), 1..40),
            seed in any::<u64>(),
        ) {
            check(&mut GtpSession::new(Box::new(RandomEngine), seed), &lines)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(8))]

        #[test]
        fn the_search_engine_survives_any_command_sequence(
            lines in proptest::collection::vec(line(), 1..20),
        ) {
            let engine = Box::new(Mcts::new(Budget::Playouts(8)));
            check(&mut GtpSession::new(engine, 1), &lines)?;
        }
    }
}

#[test]
fn an_endless_line_is_answered_and_ends_the_session() {
    // `tilewe gtp < /dev/zero` once read forever without a word.
    let mut input = io::BufReader::new(io::repeat(0));
    let mut out = Vec::new();
    let error = GtpSession::new(Box::new(MostTiles), 0)
        .run(&mut input, &mut out)
        .expect_err("an endless line");
    assert!(matches!(
        error,
        GtpError::EndlessLine {
            limit: MAX_LINE,
            skipped
        } if skipped == MAX_LINE * MAX_SKIPPED_LINES
    ));
    assert_eq!(
        error.to_string(),
        "a line longer than the limit of 4096 bytes did not end within 1048576 bytes"
    );
    assert_eq!(
        out,
        format!("? line longer than {MAX_LINE} bytes\n\n").as_bytes()
    );
}

#[test]
fn the_line_cap_is_exact_and_can_be_set() {
    let mut gtp = GtpSession::new(Box::new(MostTiles), 0).with_line_limit(4);
    let mut out = Vec::new();
    gtp.run(&mut &b"name\nnames\n\nname"[..], &mut out).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "= sokoengine\n\n? line longer than 4 bytes\n\n= sokoengine\n\n"
    );
    // The rest of an overlong line may be up to 256 caps long.
    let mut input = vec![b'x'; 4 + 4 * MAX_SKIPPED_LINES];
    input.extend_from_slice(b"\nname\n");
    let mut out = Vec::new();
    GtpSession::new(Box::new(MostTiles), 0)
        .with_line_limit(4)
        .run(&mut input.as_slice(), &mut out)
        .unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "? line longer than 4 bytes\n\n= sokoengine\n\n"
    );
}
