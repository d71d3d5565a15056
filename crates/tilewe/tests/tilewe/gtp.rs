//! The GTP front end on scripted sessions (insta snapshots).

use sokoengine_tilewe::gtp::GtpSession;
use sokoengine_tilewe::{Budget, Engine, Mcts, MostTiles};

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
