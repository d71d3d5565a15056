//! What each fuzz target checks, and the layout of its input, in plain Rust: the
//! targets in `fuzz_targets/` call these functions, the seed generator writes inputs
//! with the `*_input` helpers, and a failing input can be replayed in a debugger
//! without libFuzzer. Every function panics when a property does not hold; any other
//! outcome (including a typed error from the library) is a pass.

#![forbid(unsafe_code)]

use sokoengine::board::{BoardGraph, Puzzle, rle};
use sokoengine::geometry::{Direction, Tessellation};
use sokoengine::io::{Collection, Moves, VariantHint, WriteOptions};
use sokoengine::metrics::{SolutionMetrics, SolutionVerifier};
use sokoengine::mover::{Mover, PusherStep, SolvingMode};

/// Longest decoded text the targets work on (RLE bombs are bounded by the library and
/// its own tests; this keeps executions fast, not safe).
const DECODE_LIMIT: usize = 1 << 16;

/// Largest board (in cells) the mover and metrics targets play on.
const MAX_CELLS: usize = 2048;

/// Whether some line of `text` decodes to more than [`DECODE_LIMIT`] bytes.
fn expands_much(text: &str) -> bool {
    text.lines()
        .any(|line| rle::decoded_len(line).is_ok_and(|n| n > DECODE_LIMIT as u64))
}

/// The tessellation a selector byte names.
pub fn tessellation(byte: u8) -> Tessellation {
    Tessellation::ALL[usize::from(byte) % Tessellation::ALL.len()]
}

/// Splits `data` at its first NUL byte (the rest is empty without one).
pub fn split_at_nul(data: &[u8]) -> (&[u8], &[u8]) {
    match data.iter().position(|&b| b == 0) {
        Some(at) => (&data[..at], &data[at + 1..]),
        None => (data, &[]),
    }
}

/// Text from bytes, as a file would be read (UTF-8, else Latin-1).
pub fn text(bytes: &[u8]) -> String {
    sokoengine::io::decode_text(bytes).into_owned()
}

// ---- board_parse ----------------------------------------------------------------

/// `board_parse` input: a tessellation byte, then the board text.
pub fn board_input(tessellation: Tessellation, text: &str) -> Vec<u8> {
    let index = Tessellation::ALL
        .iter()
        .position(|&t| t == tessellation)
        .unwrap_or(0);
    let mut data = vec![index as u8];
    data.extend_from_slice(text.as_bytes());
    data
}

/// Parses a board in the tessellation of the first byte; a board that parses prints
/// to text (plain and RLE) that parses back to the same cells, and its graph builds.
/// Small boards are also trimmed and mirrored (twice: back to the start).
pub fn board_parse(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let tessellation = tessellation(selector);
    let text = text(rest);
    if expands_much(&text) {
        return;
    }
    let Ok(puzzle) = Puzzle::parse(tessellation, &text) else {
        return;
    };
    // Visible floor: with spaces, trailing all-floor rows would be stripped on reading
    // (the `.sok` writer falls back to visible floor for such boards).
    for rle in [false, true] {
        let printed = puzzle.to_board_str(true, rle);
        let again = Puzzle::parse(tessellation, &printed)
            .unwrap_or_else(|e| panic!("printed board {printed:?} does not parse: {e}"));
        assert_eq!(
            (again.width(), again.height()),
            (puzzle.width(), puzzle.height()),
            "size of {printed:?}"
        );
        let same = again.cells().zip(puzzle.cells()).all(|(a, b)| a == b);
        assert!(same, "cells of {printed:?}");
    }
    if let Ok(graph) = BoardGraph::new(&puzzle) {
        assert_eq!(graph.size(), puzzle.size());
    }
    if puzzle.size() <= 4096 {
        let mut mirrored = puzzle.clone();
        mirrored.reverse_columns();
        mirrored.reverse_columns();
        let mut rows = mirrored.clone();
        rows.reverse_rows();
        rows.reverse_rows();
        assert_eq!(rows, mirrored, "reverse_rows twice");
        let mut trimmed = puzzle.clone();
        trimmed.trim();
        let mut again = trimmed.clone();
        again.trim();
        assert_eq!(
            (again.width(), again.height()),
            (trimmed.width(), trimmed.height()),
            "trim is idempotent"
        );
    }
}

// ---- rle_decode -------------------------------------------------------------------

/// Decodes RLE text: the decoded length agrees with [`rle::decoded_len`], and text
/// without RLE syntax encodes to RLE that decodes back to it.
pub fn rle_decode(data: &[u8]) {
    let text = text(data);
    let length = rle::decoded_len(&text);
    match rle::decode_with_limit(&text, DECODE_LIMIT) {
        Ok(decoded) => {
            assert_eq!(length.ok(), Some(decoded.len() as u64), "{text:?}");
            if let Ok(encoded) = rle::encode(&decoded) {
                assert_eq!(rle::decode(&encoded).as_deref(), Ok(decoded.as_str()));
            }
        }
        Err(error) => {
            if let rle::RleProblem::TooLong { .. } = error.problem {
                assert!(length.is_ok_and(|n| n > DECODE_LIMIT as u64), "{text:?}");
            } else {
                assert_eq!(
                    length.err().map(|e| e.problem),
                    Some(error.problem),
                    "{text:?}"
                );
            }
        }
    }
    if let Ok(encoded) = rle::encode(&text) {
        assert_eq!(rle::decode(&encoded).as_deref(), Ok(text.as_str()));
    }
}

// ---- moves_parse ------------------------------------------------------------------

/// Parses move text: the printed forms (plain and RLE) parse to the same steps and
/// counts, and the steps of each tessellation convert back to the same counts.
pub fn moves_parse(data: &[u8]) {
    let text = text(data);
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if rle::decoded_len(&compact).is_ok_and(|n| n > DECODE_LIMIT as u64) {
        return;
    }
    let Ok(moves) = Moves::parse(&text) else {
        return;
    };
    for rle in [false, true] {
        let printed = moves.to_str(rle);
        let again = Moves::parse(&printed)
            .unwrap_or_else(|e| panic!("printed moves {printed:?} do not parse: {e}"));
        assert_eq!(again.to_str(false), moves.to_str(false));
        assert_eq!(
            (
                again.move_count(),
                again.push_count(),
                again.is_reverse()
            ),
            (
                moves.move_count(),
                moves.push_count(),
                moves.is_reverse()
            )
        );
        // Printing puts `[]` before a reverse sequence that does not start with a jump.
        let added = usize::from(moves.is_reverse() && !moves.as_str().starts_with('['));
        assert_eq!(again.jump_count(), moves.jump_count() + added);
    }
    for tessellation in Tessellation::ALL {
        let Ok(steps) = moves.pusher_steps(tessellation) else {
            continue;
        };
        let back = Moves::from_pusher_steps(tessellation, &steps)
            .unwrap_or_else(|e| panic!("steps of {text:?} do not print: {e}"));
        assert_eq!(back.push_count(), moves.push_count());
        assert_eq!(back.move_count(), moves.move_count());
    }
}

// ---- sok_collection ---------------------------------------------------------------

/// `sok_collection` input: a hint byte (0-3 a tessellation, else none), then the file.
pub fn collection_input(hint: Option<Tessellation>, bytes: &[u8]) -> Vec<u8> {
    let selector = hint.map_or(4, |t| {
        Tessellation::ALL.iter().position(|&a| a == t).unwrap_or(0)
    });
    let mut data = vec![selector as u8];
    data.extend_from_slice(bytes);
    data
}

/// Reads a collection: every problem is reported by `check`; a collection that is
/// written reads back as the same collection (plain moves), or with the same puzzles
/// and snapshots (RLE).
pub fn sok_collection(data: &[u8]) {
    let Some((&selector, bytes)) = data.split_first() else {
        return;
    };
    let hint = (usize::from(selector) < 4).then(|| tessellation(selector));
    if expands_much(&text(bytes)) {
        return;
    }
    // Text without a board is refused as a whole: nothing more to check.
    let Ok(collection) = Collection::parse_bytes(bytes, hint) else {
        return;
    };
    let _ = collection.check();
    // Read back without the hint: a written file names every tessellation but
    // Sokoban, the default.
    if let Ok(written) = collection.to_sok_string() {
        let reread = Collection::parse(&written, VariantHint::None).unwrap_or_default();
        assert_same(&reread, &collection, &written);
    }
    if let Ok(written) = collection.to_sok_string_with(WriteOptions::new().rle(true)) {
        let reread = Collection::parse(&written, VariantHint::None).unwrap_or_default();
        assert_eq!(
            reread.puzzles.len(),
            collection.puzzles.len(),
            "{written:?}"
        );
        assert_eq!(
            reread.snapshot_count(),
            collection.snapshot_count(),
            "{written:?}"
        );
    }
}

/// Panics naming the first field where `reread` differs from `original`.
fn assert_same(reread: &Collection, original: &Collection, written: &str) {
    if reread == original {
        return;
    }
    let header = |c: &Collection| {
        (
            c.title.clone(),
            c.author.clone(),
            c.created_at.clone(),
            c.updated_at.clone(),
            c.notes.clone(),
        )
    };
    assert_eq!(
        header(reread),
        header(original),
        "header; written as {written:?}"
    );
    assert_eq!(
        reread.puzzles.len(),
        original.puzzles.len(),
        "puzzles; written as {written:?}"
    );
    for (index, (a, b)) in reread.puzzles.iter().zip(&original.puzzles).enumerate() {
        let fields = |e: &sokoengine::io::PuzzleEntry| {
            (
                e.tessellation(),
                e.title.clone(),
                e.author.clone(),
                e.boxorder.clone(),
                e.goalorder.clone(),
                e.notes.clone(),
            )
        };
        assert_eq!(
            fields(a),
            fields(b),
            "puzzle {index}; written as {written:?}"
        );
        assert_eq!(
            a.snapshots(),
            b.snapshots(),
            "snapshots of puzzle {index}; written as {written:?}"
        );
        assert_eq!(a, b, "puzzle {index} (board cells); written as {written:?}");
    }
}

// ---- mover_walk -------------------------------------------------------------------

/// `mover_walk` and `metrics_verify` input: a selector byte, the board text, a NUL,
/// then the rest (actions or step letters).
pub fn board_and_rest_input(selector: u8, board: &str, rest: &[u8]) -> Vec<u8> {
    let mut data = vec![selector];
    data.extend_from_slice(board.as_bytes());
    data.push(0);
    data.extend_from_slice(rest);
    data
}

/// What the mover can be observed by: board, hash and every piece's position.
fn observe(mover: &Mover) -> (String, u64, Vec<usize>, Vec<usize>, Vec<usize>) {
    let manager = mover.board_manager();
    (
        mover.board().to_board_str(true, false),
        mover.state_hash(),
        manager.pushers_positions().into_values().map(|p| p.index()).collect(),
        manager.boxes_positions().into_values().map(|p| p.index()).collect(),
        manager.goals_positions().into_values().map(|p| p.index()).collect(),
    )
}

/// A random walk of the mover on a fuzzed board (selector: tessellation in bits 0-1,
/// reverse mode in bit 2): every action byte moves, selects a pusher, jumps or
/// toggles pulling; the incremental hash equals the recomputed one; a failed action
/// changes nothing; each action undone (on a copy) restores the position exactly, and
/// so does undoing the whole walk at once.
pub fn mover_walk(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let (board, actions) = split_at_nul(rest);
    let Ok(graph) = BoardGraph::parse(tessellation(selector), &text(board)) else {
        return;
    };
    if graph.size() > MAX_CELLS {
        return;
    }
    let mode = if selector & 4 != 0 {
        SolvingMode::Reverse
    } else {
        SolvingMode::Forward
    };
    let Ok(mut mover) = Mover::new(graph, mode) else {
        return;
    };
    let start = observe(&mover);
    let mut history: Vec<PusherStep> = Vec::new();
    for &action in actions.iter().take(128) {
        let before = observe(&mover);
        let last_before = mover.last_move().to_vec();
        let (selected, pulls) = (mover.selected_pusher(), mover.pull_count());
        let value = usize::from(action >> 3);
        let result = match action & 7 {
            0..=4 => mover.try_move(Direction::ALL[value % Direction::ALL.len()]),
            5 => mover.select_pusher(1 + value % 4),
            6 => mover.jump(value * 7 % mover.board().size().max(1)),
            _ => {
                mover.set_pulls_boxes(action & 8 != 0);
                continue;
            }
        };
        let manager = mover.board_manager();
        assert_eq!(mover.state_hash(), manager.recomputed_state_hash());
        if result.is_err() {
            assert_eq!(
                observe(&mover),
                before,
                "a failed action changed the position"
            );
            assert_eq!(mover.last_move(), &last_before[..]);
            assert_eq!(
                (mover.selected_pusher(), mover.pull_count()),
                (selected, pulls)
            );
            continue;
        }
        if mover.last_move() == &last_before[..]
            && observe(&mover) == before
            && mover.selected_pusher() == selected
        {
            continue;
        }
        let mut copy = mover.clone();
        copy.undo_last_move()
            .expect("an action just made can be undone");
        assert_eq!(observe(&copy), before, "undo did not restore the position");
        assert_eq!(
            (copy.selected_pusher(), copy.pull_count()),
            (selected, pulls)
        );
        history.extend_from_slice(mover.last_move());
    }
    mover.set_last_move(history);
    mover
        .undo_last_move()
        .expect("the whole walk can be undone");
    assert_eq!(
        observe(&mover),
        start,
        "undoing the walk did not restore the start"
    );
}

// ---- metrics_verify -----------------------------------------------------------------

/// Board-verified metrics of fuzzed letters on a fuzzed board (selector: the
/// tessellation) agree with the metrics of the normalised letters alone, for every
/// tessellation but Trioban (whose letters alone assume an up-pointing start); a saved
/// game of the same letters counts the same moves and pushes.
pub fn metrics_verify(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let (board, letters) = split_at_nul(rest);
    let tessellation = tessellation(selector);
    let Ok(puzzle) = Puzzle::parse(tessellation, &text(board)) else {
        return;
    };
    if puzzle.size() > MAX_CELLS {
        return;
    }
    let Ok(mut verifier) = SolutionVerifier::new(&puzzle) else {
        return;
    };
    let letters = text(&letters[..letters.len().min(4096)]);
    let mut normalized = String::new();
    let verified = verifier.verify_normalized(&letters, &mut normalized);
    if let Ok(metrics) = verified {
        if tessellation != Tessellation::Trioban {
            let from_letters = SolutionMetrics::from_steps(tessellation, &normalized)
                .unwrap_or_else(|e| panic!("normalised {normalized:?} does not count: {e}"));
            assert_eq!(
                from_letters, metrics,
                "{letters:?} normalised as {normalized:?}"
            );
        }
        let again = verifier
            .verify(&normalized)
            .unwrap_or_else(|e| panic!("normalised {normalized:?} does not verify: {e}"));
        assert_eq!(again, metrics);
    }
    let _ = verifier.verify_saved_game(&letters);
    // The command-line tool reads the letters as move text first (RLE decoded, anything
    // but moves refused) and measures the decoded steps: plain step letters read as
    // themselves, and decoded text is measured without a panic.
    if let Ok(moves) = Moves::parse(&letters) {
        let decoded = moves.as_str();
        let mut again = String::new();
        let measured = verifier.verify_normalized(decoded, &mut again);
        if decoded == letters {
            assert_eq!(
                measured.as_ref().ok(),
                verified.as_ref().ok(),
                "{letters:?} read as move text"
            );
        }
    }
}

// ---- tilewe_notation ----------------------------------------------------------------

/// `tilewe_notation` input: a mode byte (bit 0: the rest is a position text, else
/// moves; bits 1-2: players - 1), then the text.
pub fn tilewe_input(position: bool, players: u8, text: &str) -> Vec<u8> {
    let mut data = vec![u8::from(position) | (players.saturating_sub(1) & 3) << 1];
    data.extend_from_slice(text.as_bytes());
    data
}

/// Parses Tilewe notation and plays it (checked), or parses a position text: a move
/// prints as the text it was read from and every legal move it plays can be taken
/// back; a position prints as text that reads back as the same position.
pub fn tilewe_notation(data: &[u8]) {
    use sokoengine::tilewe::{Board, Move};
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = text(rest);
    if mode & 1 != 0 {
        if let Ok(board) = Board::from_position(&text) {
            let printed = board.position();
            let again = Board::from_position(&printed)
                .unwrap_or_else(|e| panic!("printed position {printed:?} does not read: {e}"));
            assert_eq!(again.position(), printed);
        }
        return;
    }
    let Ok(mut board) = Board::new(usize::from(mode >> 1 & 3) + 1) else {
        return;
    };
    for word in text.split_whitespace().take(100) {
        let Ok(mv) = word.parse::<Move>() else {
            continue;
        };
        assert_eq!(mv.to_string().parse::<Move>().ok(), Some(mv), "{word}");
        let before = board.position();
        if board.push(mv).is_ok() {
            let mut copy = board.clone();
            assert_eq!(copy.pop().ok(), Some(mv));
            assert_eq!(copy.position(), before, "pop after {mv}");
        } else {
            assert_eq!(board.position(), before, "a refused move changed the board");
        }
    }
}

// ---- tilewe_gtp -----------------------------------------------------------------------

/// `tilewe_gtp` input: an engine byte (bit 0: the tree search at 8 playouts, else the
/// random engine; the rest seeds the session), then the session's lines.
pub fn tilewe_gtp_input(search: bool, seed: u8, lines: &[&str]) -> Vec<u8> {
    let mut data = vec![u8::from(search) | seed << 1];
    data.extend_from_slice(lines.join("\n").as_bytes());
    data
}

/// Plays a GTP session line by line: every reply is one well-formed response (`=` or
/// `?`, ended by its only blank line), a successful `quit` marks the session quit, and a
/// second session with the same engine and seed gives the same replies (the engines are
/// deterministic for a seed and a playout budget).
pub fn tilewe_gtp(data: &[u8]) {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let text = text(rest);
    // A bound on the commands, so an input of many genmoves stays fast.
    let lines: Vec<&str> = text.lines().take(64).collect();
    let first = gtp_replies(mode, &lines);
    assert_eq!(gtp_replies(mode, &lines), first, "a replay differs");
    for (line, reply) in lines.iter().zip(&first) {
        let Some(reply) = reply else {
            continue;
        };
        assert!(
            (reply.starts_with('=') || reply.starts_with('?')) && reply.ends_with("\n\n"),
            "{line:?} -> {reply:?}"
        );
        assert!(
            !reply[..reply.len() - 2].contains("\n\n"),
            "{line:?} -> {reply:?}: more than one response"
        );
    }
}

/// The replies of a fresh session (engine and seed from `mode`) to `lines`.
fn gtp_replies(mode: u8, lines: &[&str]) -> Vec<Option<String>> {
    use sokoengine::tilewe::gtp::GtpSession;
    use sokoengine::tilewe::{Budget, Engine, Mcts, RandomEngine};
    let engine: Box<dyn Engine> = if mode & 1 != 0 {
        Box::new(Mcts::new(Budget::Playouts(8)))
    } else {
        Box::new(RandomEngine)
    };
    let mut session = GtpSession::new(engine, u64::from(mode >> 1));
    lines
        .iter()
        .map(|line| {
            let reply = session.respond(line);
            // The command word, read independently of the session (an oracle, not its
            // parser: where control characters make the two differ, no `quit` is seen
            // here and nothing is asserted).
            let before_comment = line.split('#').next().unwrap_or_default();
            let words: Vec<&str> = before_comment.split_whitespace().collect();
            let command = match words.as_slice() {
                [id, command, ..] if id.bytes().all(|b| b.is_ascii_digit()) => *command,
                [command, ..] => *command,
                [] => "",
            };
            if command == "quit" && reply.as_deref().is_some_and(|r| r.starts_with('=')) {
                assert!(session.has_quit(), "{line:?} answered = but did not quit");
            }
            reply
        })
        .collect()
}

// ---- setting_sun_layout ---------------------------------------------------------------

/// Parses a Setting Sun layout: a layout prints as a picture that reads back as the
/// same layout; a small search from it (a bounded number of states) ends.
pub fn setting_sun_layout(data: &[u8]) {
    use sokoengine::setting_sun::{Layout, Metric, Puzzle};
    let text = text(data);
    let Ok(layout) = Layout::parse(&text) else {
        return;
    };
    let printed = layout.to_string();
    let again = Layout::parse(&printed)
        .unwrap_or_else(|e| panic!("printed layout {printed:?} does not parse: {e}"));
    assert_eq!(again, layout, "{printed:?}");
    assert_eq!(format!("{layout:#}").parse::<Layout>().ok(), Some(layout));
    let _ = layout.reachable_with_limit(2000);
    if let Ok(puzzle) = Puzzle::with_default_goal(layout) {
        let _ = puzzle.solve_with_limit(Metric::Step, 2000);
    }
}

// ---- hanoi_position -------------------------------------------------------------------

/// Parses a Hanoi position text: a position prints as text that reads back as the same
/// position, and on three pegs its distance to the last peg is at most `2^n - 1`.
pub fn hanoi_position(data: &[u8]) {
    use sokoengine::hanoi::{Towers, distance_to};
    let text = text(data);
    let Ok(towers) = text.parse::<Towers>() else {
        return;
    };
    assert_eq!(towers.to_string().parse::<Towers>().ok(), Some(towers));
    if towers.pegs() == 3
        && let Ok(distance) = distance_to(towers, 2)
    {
        assert!(u128::from(distance) < 1u128 << towers.disks(), "{text:?}");
    }
}

// ---- solver_tiny ----------------------------------------------------------------------

/// Largest board (in cells) and most boxes `solver_tiny` solves on: tiny levels keep
/// executions fast, and the node limit bounds every search.
const SOLVER_MAX_CELLS: usize = 256;
const SOLVER_MAX_BOXES: usize = 8;

/// Nodes each search of `solver_tiny` may expand.
const SOLVER_NODES: u64 = 500;

/// `solver_tiny` input: a selector byte (bits 0-1: tessellation; bits 2-3: 0 `Any`,
/// 1 `Pushes`, 2 `Moves`, 3 both optimal objectives compared), then the board text.
pub fn solver_input(tessellation: Tessellation, objectives: u8, board: &str) -> Vec<u8> {
    let index = Tessellation::ALL
        .iter()
        .position(|&t| t == tessellation)
        .unwrap_or(0);
    let mut data = vec![index as u8 | (objectives & 3) << 2];
    data.extend_from_slice(board.as_bytes());
    data
}

/// Solves a tiny fuzzed board within a node limit: a returned solution replays step by
/// step on a Mover (an implementation apart from the solver's compact core), the
/// verifier accepts it as a solution with the metrics the solver reported, and a proven
/// optimum is at least as good as the other optimal objective's solution in its own
/// metric. A level proven unsolvable by one objective is not solved by the other, and
/// the solver's own check of its result (`SolverError::Internal`) never fails.
pub fn solver_tiny(data: &[u8]) {
    use sokoengine::solver::{
        Cancel, Limits, Objective, Silent, SolveOutcome, SolverConfig, SolverError, solve,
    };
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let tessellation = tessellation(selector);
    let text = text(rest);
    if expands_much(&text) {
        return;
    }
    let Ok(puzzle) = Puzzle::parse(tessellation, &text) else {
        return;
    };
    if puzzle.size() > SOLVER_MAX_CELLS || puzzle.box_count() > SOLVER_MAX_BOXES {
        return;
    }
    let run = |objective: Objective| {
        let mut config = SolverConfig::new(objective);
        config.limits = Limits::default()
            .with_nodes(SOLVER_NODES)
            .with_memory(64 << 20);
        solve(&puzzle, &config, &Cancel::new(), &mut Silent)
    };
    let objectives: &[Objective] = match selector >> 2 & 3 {
        0 => &[Objective::Any],
        1 => &[Objective::Pushes],
        2 => &[Objective::Moves],
        _ => &[Objective::Pushes, Objective::Moves],
    };
    let mut outcomes = Vec::new();
    for &objective in objectives {
        let outcome = match run(objective) {
            Ok(outcome) => outcome,
            // The solver's own verification refused its result.
            Err(SolverError::Internal(message)) => {
                panic!("{objective:?} on {text:?}: internal error: {message}")
            }
            Err(_) => {
                // A level the solver does not take is refused for every objective.
                assert!(
                    run(Objective::Any).is_err(),
                    "{objective:?} refused {text:?}"
                );
                return;
            }
        };
        if let SolveOutcome::Solved(solution) = &outcome {
            check_solution(&puzzle, &solution.lurd, &solution.metrics, &text);
        }
        outcomes.push((objective, outcome));
    }
    if let [(_, pushes), (_, moves)] = &outcomes[..] {
        match (pushes, moves) {
            (SolveOutcome::Solved(p), SolveOutcome::Solved(m)) => {
                if p.proven == Some(Objective::Pushes) {
                    assert!(p.metrics.pushes <= m.metrics.pushes, "pushes of {text:?}");
                }
                if m.proven == Some(Objective::Moves) {
                    assert!(m.metrics.moves <= p.metrics.moves, "moves of {text:?}");
                }
            }
            (SolveOutcome::Solved(_), SolveOutcome::Unsolvable(..))
            | (SolveOutcome::Unsolvable(..), SolveOutcome::Solved(_)) => {
                panic!("one objective solved {text:?}, the other proved it unsolvable")
            }
            _ => {}
        }
    }
}

/// Panics unless `lurd` is a solution of `puzzle` with `metrics`: every step is legal on
/// a Mover (when the board has as many boxes as goals in all: the Mover's condition),
/// and the verifier counts it as solving with these metrics (no steps: the board is
/// solved at the start, with zero metrics).
fn check_solution(puzzle: &Puzzle, lurd: &str, metrics: &SolutionMetrics, text: &str) {
    use sokoengine::io::{ReplayError, ReplayOptions, replay};
    let moves = Moves::parse(lurd)
        .unwrap_or_else(|e| panic!("solution {lurd:?} of {text:?} does not parse: {e}"));
    match ReplayOptions::new().mover(puzzle, &moves) {
        Ok(mut mover) => {
            if let Some(error) = &replay(&mut mover, &moves).error {
                panic!("solution {lurd:?} of {text:?}: {error}");
            }
        }
        // The Mover takes only boards with as many boxes as goals in all; the solver
        // and the verifier play the pusher's area (boxes elsewhere never move).
        Err(ReplayError::Mover(_)) if puzzle.box_count() != puzzle.goal_count() => {}
        Err(e) => panic!("solution {lurd:?} of {text:?} does not replay: {e}"),
    }
    let mut verifier = SolutionVerifier::new(puzzle)
        .unwrap_or_else(|e| panic!("a solved board {text:?} has no verifier: {e}"));
    if lurd.is_empty() {
        // Solved at the start: the solver answers with no steps, which the verifier
        // refuses as a solution ("empty solution": only a push solves, as in JSoko).
        assert_eq!(
            verifier.boxes_off_goal(),
            0,
            "no steps, but {text:?} is not solved at the start"
        );
        assert_eq!(
            metrics,
            &SolutionMetrics::ZERO,
            "metrics of no steps on {text:?}"
        );
        return;
    }
    let verified = verifier
        .verify(lurd)
        .unwrap_or_else(|e| panic!("solution {lurd:?} of {text:?} does not verify: {e}"));
    assert_eq!(&verified, metrics, "metrics of {lurd:?} on {text:?}");
}

// ---- gtp_lines --------------------------------------------------------------------------

/// `gtp_lines` input: a line cap byte (the cap is 1 + its value % 64), then the bytes a
/// controller sends.
pub fn gtp_lines_input(cap: u8, stream: &[u8]) -> Vec<u8> {
    let mut data = vec![cap];
    data.extend_from_slice(stream);
    data
}

/// Runs a GTP session (random engine) over a raw byte stream with a small line cap:
/// the session ends (at the end of input, on `quit`, or on an endless line after one
/// answer); its output is a sequence of well-formed responses, one at most for each line
/// of the input; an overlong line is answered `? line longer than N bytes`; the same
/// bytes give the same output.
pub fn gtp_lines(data: &[u8]) {
    use sokoengine::tilewe::RandomEngine;
    use sokoengine::tilewe::gtp::{GtpError, GtpSession, MAX_SKIPPED_LINES};
    let Some((&cap, stream)) = data.split_first() else {
        return;
    };
    let cap = 1 + usize::from(cap % 64);
    let run = || {
        let mut session = GtpSession::new(Box::new(RandomEngine), 1).with_line_limit(cap);
        let mut output = Vec::new();
        let result = session.run(&mut &stream[..], &mut output);
        (result, output, session.has_quit())
    };
    let (result, output, quit) = run();
    let (again, output_again, _) = run();
    assert_eq!(output, output_again, "a replay differs");
    assert_eq!(
        format!("{result:?}"),
        format!("{again:?}"),
        "a replay ends differently"
    );
    let output = String::from_utf8(output).expect("responses are UTF-8");
    let responses: Vec<&str> = output.split_terminator("\n\n").collect();
    let lines = stream.split(|&b| b == b'\n').count();
    assert!(
        responses.len() <= lines,
        "{} responses to {lines} lines",
        responses.len()
    );
    for response in &responses {
        assert!(
            response.starts_with('=') || response.starts_with('?'),
            "{response:?}"
        );
        assert!(!response.contains("\n\n"), "{response:?}");
    }
    assert!(output.is_empty() || output.ends_with("\n\n"), "{output:?}");
    match result {
        Ok(()) => {}
        Err(GtpError::EndlessLine { limit, skipped }) => {
            assert_eq!((limit, skipped), (cap, cap * MAX_SKIPPED_LINES));
            assert!(!quit);
            assert_eq!(
                responses.last().copied(),
                Some(format!("? line longer than {cap} bytes").as_str())
            );
            // Only a line longer than the cap plus its skip bound ends a session.
            assert!(
                stream
                    .split(|&b| b == b'\n')
                    .any(|line| line.len() > cap + cap * MAX_SKIPPED_LINES),
                "ended without an endless line"
            );
        }
        Err(error) => panic!("in-memory I/O failed: {error}"),
    }
}

// ---- atomic_write -----------------------------------------------------------------------

/// `atomic_write` input: a mode byte (bit 0: the target exists first; bit 1: the writer
/// fails; bit 2: a file sits at the old fixed temporary name; bit 3: the target is
/// private, 0600), two bytes of where the writer fails (little-endian), then the
/// contents.
pub fn atomic_write_input(mode: u8, fail_at: u16, contents: &[u8]) -> Vec<u8> {
    let mut data = vec![mode];
    data.extend_from_slice(&fail_at.to_le_bytes());
    data.extend_from_slice(contents);
    data
}

/// The folder the `atomic_write` target writes in: memory-backed where the system has
/// one (a sync there costs nothing), one per process.
fn scratch_folder() -> std::path::PathBuf {
    static FOLDER: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    FOLDER
        .get_or_init(|| {
            let shm = std::path::Path::new("/dev/shm");
            let base = if shm.is_dir() {
                shm.to_path_buf()
            } else {
                std::env::temp_dir()
            };
            let folder = base.join(format!("sokoengine-fuzz-atomic-{}", std::process::id()));
            std::fs::create_dir_all(&folder).expect("a scratch folder");
            folder
        })
        .clone()
}

/// Writes random contents atomically over a fresh target (or none), through a writer
/// that may fail part-way (a full disk): on success the target holds exactly the
/// contents (and keeps a private target private); on failure it is byte-identical to
/// before (or still absent); either way the folder holds nothing else than before.
pub fn atomic_write(data: &[u8]) {
    use sokoengine::io::atomic::{AtomicWriteError, write_atomically_with};
    let [mode, low, high, contents @ ..] = data else {
        return;
    };
    let fail_at = usize::from(u16::from_le_bytes([*low, *high]));
    let folder = scratch_folder();
    for entry in std::fs::read_dir(&folder)
        .expect("scratch folder")
        .flatten()
    {
        let _ = std::fs::remove_file(entry.path());
    }
    let target = folder.join("out.sok");
    let old: Vec<u8> = contents.iter().rev().copied().collect();
    if mode & 1 != 0 {
        std::fs::write(&target, &old).expect("the old file");
        #[cfg(unix)]
        if mode & 8 != 0 {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o600))
                .expect("chmod");
        }
    }
    if mode & 4 != 0 {
        std::fs::write(folder.join(".out.sok.tmp"), b"the user's own").expect("a user's file");
    }
    let listing = || {
        let mut names: Vec<String> = std::fs::read_dir(&folder)
            .expect("scratch folder")
            .flatten()
            .map(|entry| entry.file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let fails = mode & 2 != 0;
    let result = write_atomically_with(&target, |writer| {
        // Written in pieces of varied sizes, as a streaming writer does.
        let mut at = 0;
        let mut piece = 1;
        while at < contents.len() {
            let end = (at + piece).min(contents.len());
            if fails && end > fail_at {
                writer.write_all(&contents[at..fail_at.max(at)])?;
                return Err(std::io::Error::new(
                    std::io::ErrorKind::StorageFull,
                    "no space left",
                ));
            }
            writer.write_all(&contents[at..end])?;
            at = end;
            piece = piece * 3 % 997 + 1;
        }
        if fails {
            return Err(std::io::Error::other("failed at the end"));
        }
        Ok(())
    });
    let mut expected = Vec::new();
    if mode & 4 != 0 {
        expected.push(".out.sok.tmp".to_owned());
    }
    match result {
        Ok(()) => {
            assert!(!fails, "a failing writer reported success");
            assert_eq!(std::fs::read(&target).expect("the target"), contents);
            #[cfg(unix)]
            if mode & 9 == 9 {
                use std::os::unix::fs::PermissionsExt;
                let permissions = std::fs::metadata(&target).expect("metadata").permissions();
                assert_eq!(
                    permissions.mode() & 0o777,
                    0o600,
                    "a private file was opened up"
                );
            }
            expected.push("out.sok".to_owned());
        }
        Err(error) => {
            assert!(fails, "{error}");
            assert!(matches!(error, AtomicWriteError::Write { .. }), "{error:?}");
            assert_eq!(error.path(), target);
            if mode & 1 != 0 {
                assert_eq!(std::fs::read(&target).expect("the old file"), old);
                expected.push("out.sok".to_owned());
            } else {
                assert!(!target.exists(), "a failed write created the target");
            }
        }
    }
    expected.sort();
    assert_eq!(listing(), expected, "the folder holds something else");
    if mode & 4 != 0 {
        assert_eq!(
            std::fs::read(folder.join(".out.sok.tmp")).expect("the user's file"),
            b"the user's own"
        );
    }
}

// ---- render_playback --------------------------------------------------------------------

/// Plays fuzzed moves on a fuzzed board (selector: the tessellation) and animates them:
/// the playback keeps only the pieces that moved, so its last frame must be the position
/// a replay of the same steps reaches; the frame limit agrees with the frames; the
/// streamed SVG and HTML are the strings.
pub fn render_playback(data: &[u8]) {
    use sokoengine::io::ReplayOptions;
    use sokoengine::render::{Options, Playback, RenderError, position_after};
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let (board, moves) = split_at_nul(rest);
    let tessellation = tessellation(selector);
    let Ok(puzzle) = Puzzle::parse(tessellation, &text(board)) else {
        return;
    };
    if puzzle.size() > 256 {
        return;
    }
    let moves = text(&moves[..moves.len().min(512)]);
    if expands_much(&moves) {
        return;
    }
    let Ok(moves) = Moves::parse(&moves) else {
        return;
    };
    if moves.as_str().len() > 2048 {
        return;
    }
    let options = ReplayOptions::new();
    let Ok(playback) = Playback::new(&puzzle, &moves, options) else {
        return;
    };
    let frames = playback.frame_count();
    // The limit counts the frames of all the steps: those played, when none is refused.
    let unlimited =
        Playback::with_frame_limit(&puzzle, &moves, options, usize::MAX).expect("no frame limit");
    assert_eq!(unlimited.frame_count(), frames);
    if playback.error().is_none() {
        let limited = Playback::with_frame_limit(&puzzle, &moves, options, frames)
            .expect("the frames fit their own count");
        assert_eq!(limited.frame_count(), frames);
        if frames > 1 {
            assert!(matches!(
                Playback::with_frame_limit(&puzzle, &moves, options, frames - 1),
                Err(RenderError::TooManyFrames { .. })
            ));
        }
    }
    let Ok(animation) = playback.animation(&Options::new()) else {
        return;
    };
    let mut svg = Vec::new();
    animation.write_svg(&mut svg).expect("memory");
    assert_eq!(String::from_utf8(svg).expect("UTF-8"), animation.to_svg());
    let mut html = Vec::new();
    animation.write_html("T", &mut html).expect("memory");
    assert_eq!(
        String::from_utf8(html).expect("UTF-8"),
        animation.to_html("T")
    );
    // The last frame shows the position the applied steps reach.
    let last = animation.frame_svg(frames - 1).expect("the last frame");
    let reached = position_after(&puzzle, &moves, playback.steps_applied(), options)
        .expect("the applied steps replay");
    let still = sokoengine::render::BoardPicture::for_board(reached.board(), &Options::new())
        .and_then(|picture| picture.manager_svg(&reached))
        .expect("a still picture");
    assert_eq!(
        count_pieces(&last),
        count_pieces(&still),
        "the last frame and the position differ"
    );
}

/// The piece uses of a picture (`<use href="#...">` sprites and symbols), sorted.
fn count_pieces(svg: &str) -> Vec<String> {
    let mut uses: Vec<String> = svg
        .match_indices("<use href=\"#")
        .map(|(at, _)| {
            let rest = &svg[at + 13..];
            rest[..rest.find('"').unwrap_or(0)].to_owned()
        })
        .collect();
    uses.sort();
    uses
}
