//! Arbitrary input never crashes the binary: status 0 or 1 (2 only for usage), and at
//! most one error line.

use proptest::prelude::*;

use crate::run_stdin;

/// Board-like text: board characters, RLE, separators, and anything else now and then.
fn boardish() -> impl Strategy<Value = String> {
    prop_oneof!["[#@$.*+pPbBmM _\\-|()0-9\n]{0,60}", ".{0,60}",]
}

fn movesish() -> impl Strategy<Value = String> {
    // Command-line arguments cannot hold a NUL byte.
    prop_oneof!["[lrudLRUDnsewNSEW\\[\\]{}*0-9() ]{0,30}", "[^\\x00]{0,30}"]
}

#[track_caller]
fn check(args: &[&str], input: &str) {
    let out = run_stdin(args, input);
    assert!(matches!(out.status, 0 | 1), "{args:?} {input:?}: {out:?}");
    assert!(
        out.stderr.lines().count() <= 1,
        "{args:?} {input:?}: {out:?}"
    );
    if args.contains(&"--json") {
        out.document();
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn board(text in boardish()) {
        check(&["board", "--json", "-"], &text);
        check(&["board", "--variant", "hexoban", "--rle", "-"], &text);
    }

    #[test]
    fn replay_and_metrics(text in boardish(), moves in movesish()) {
        check(&["replay", "--json", "--board", "-", "--moves", &moves], &text);
        check(&["metrics", "--json", "--variant", "trioban", "--board", "-", "--moves", &moves], &text);
    }

    #[test]
    fn collections(text in "(Title: x\n|Game: Hexoban\n|boxorder: 1\n|\n|[#@$. ]{1,8}\n|[lurdLURD]{1,8}\n|.{0,20}\n){0,12}") {
        check(&["verify", "--json", "-"], &text);
        check(&["convert", "-", "--to", "json", "--rle"], &text);
    }

    #[test]
    fn tilewe_moves(moves in "([A-Z][0-9][nesw]f?-[a-t][0-9]{1,2}[a-t][0-9]{1,2} ?){0,4}") {
        check(&["tilewe", "moves", "--json", "--moves", &moves], "");
    }

    #[test]
    fn hanoi_positions(position in "[0-9,|]{0,16}") {
        check(&["hanoi", "solve", "--json", "--from", &position], "");
    }

    #[test]
    fn sun_layouts(layout in "[Bvhs./]{0,24}") {
        check(&["setting-sun", "solve", "--json", "--max-states", "20000", "--layout", &layout], "");
    }

    #[test]
    fn solve(
        text in prop_oneof![boardish(), "(Title\n\n|[#@$.* ]{1,8}\n|\n){0,10}"],
        variant in prop_oneof![Just("sokoban"), Just("hexoban"), Just("trioban"), Just("octoban")],
    ) {
        check(&["solve", "--all", "--json", "--nodes", "2000", "--variant", variant, "-"], &text);
        check(&["solve", "--all", "--nodes", "2000", "--variant", variant, "-"], &text);
    }
}
