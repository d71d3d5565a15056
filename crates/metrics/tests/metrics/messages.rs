//! The text of every error, snapshotted (failing inputs named `err_*`).

use sokoengine_geometry::Tessellation;
use sokoengine_metrics::{SolutionMetrics, SolutionVerifier, StepCounter};

#[test]
fn error_messages() {
    let mut lines = Vec::new();
    let mut show = |name: &str, text: String| lines.push(format!("{name}: {text}"));
    let sokoban = StepCounter::new(Tessellation::Sokoban);
    show("err_space", sokoban.count("lurd ").unwrap_err().to_string());
    show(
        "err_hexoban_letter_in_sokoban",
        sokoban.count("lN").unwrap_err().to_string(),
    );
    show(
        "err_octoban_letter_in_hexoban",
        StepCounter::new(Tessellation::Hexoban)
            .count("nsE")
            .unwrap_err()
            .to_string(),
    );
    show(
        "err_non_ascii",
        sokoban.count("Lé").unwrap_err().to_string(),
    );
    show(
        "err_tuple_fields",
        "1/2/3".parse::<SolutionMetrics>().unwrap_err().to_string(),
    );
    show(
        "err_tuple_number",
        "1/2/3/4/x/6"
            .parse::<SolutionMetrics>()
            .unwrap_err()
            .to_string(),
    );
    show(
        "err_board_text",
        SolutionVerifier::parse(Tessellation::Sokoban, "#Z#")
            .unwrap_err()
            .to_string(),
    );
    show(
        "err_no_pusher",
        SolutionVerifier::parse(Tessellation::Sokoban, "#$.#")
            .unwrap_err()
            .to_string(),
    );
    show(
        "err_two_pushers",
        SolutionVerifier::parse(Tessellation::Sokoban, "#@$.@#")
            .unwrap_err()
            .to_string(),
    );
    let mut verifier =
        SolutionVerifier::parse(Tessellation::Sokoban, "#######\n#@$$..#\n#######").unwrap();
    show("err_empty", verifier.verify(" ").unwrap_err().to_string());
    show(
        "err_blocked_move",
        verifier.verify("uL").unwrap_err().to_string(),
    );
    show(
        "err_blocked_push",
        verifier.verify("R").unwrap_err().to_string(),
    );
    let mut open =
        SolutionVerifier::parse(Tessellation::Sokoban, "######\n#@$ .#\n######").unwrap();
    show(
        "err_not_solved",
        open.verify("Rl*R").unwrap_err().to_string(),
    );
    show("err_jump", open.verify("[ul]R").unwrap_err().to_string());
    let mut replay = verifier.replay();
    show(
        "err_step_blocked_move",
        replay
            .try_step(sokoengine_geometry::Direction::Left)
            .unwrap_err()
            .to_string(),
    );
    show(
        "err_step_blocked_push",
        replay
            .try_step(sokoengine_geometry::Direction::Right)
            .unwrap_err()
            .to_string(),
    );
    insta::assert_snapshot!(lines.join("\n"));
}

#[test]
fn tuple_parser_results() {
    let inputs = [
        "43/15/8/5/7/25",
        " 1 / 1/1/1/1/ 1 ",
        "0/0/0/0/0/0",
        "4294967295/0/0/0/0/0",
        "err_too_big: 4294967296/0/0/0/0/0",
        "err_five: 33/11/6/2/6",
        "err_seven: 1/2/3/4/5/6/7",
        "err_empty_field: 1//3/4/5/6",
        "err_negative: 1/2/3/4/5/-6",
        "err_empty: ",
    ];
    let results: Vec<String> = inputs
        .iter()
        .map(|input| {
            let text = input.split_once(": ").map_or(*input, |(_, text)| text);
            format!("{input:?} => {:?}", text.parse::<SolutionMetrics>())
        })
        .collect();
    insta::assert_snapshot!(results.join("\n"));
}
