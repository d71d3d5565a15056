//! The repository's own scenarios: `fixtures/tilewe/scenarios.txt` (no corpus needed).

use sokoengine_tilewe::{Board, Color, Move, PlayError, Tile};

fn color(name: &str) -> Color {
    Color::ALL
        .into_iter()
        .find(|c| c.name() == name)
        .unwrap_or_else(|| panic!("unknown colour {name}"))
}

fn mv(text: &str) -> Move {
    text.parse()
        .unwrap_or_else(|e| panic!("bad move {text}: {e}"))
}

fn number(text: &str) -> usize {
    text.parse().unwrap_or_else(|_| panic!("bad number {text}"))
}

#[test]
fn scenarios() {
    let path = sokoengine_testkit::fixture("tilewe/scenarios.txt");
    let text = std::fs::read_to_string(&path).expect("fixture file");
    let mut board: Option<Board> = None;
    let mut scenario = String::new();
    let mut checks = 0;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let args: Vec<&str> = rest.split_whitespace().collect();
        let at = format!("{}:{} ({scenario})", path.display(), n + 1);
        if command == "scenario" {
            scenario = rest.to_owned();
            board = None;
            continue;
        }
        if command == "new" {
            board = Some(Board::new(number(args[0])).unwrap());
            continue;
        }
        if command == "new-error" {
            assert!(Board::new(number(args[0])).is_err(), "{at}");
            checks += 1;
            continue;
        }
        let b = board.as_mut().unwrap_or_else(|| panic!("{at}: no board"));
        checks += 1;
        match command {
            "push" => b.push(mv(args[0])).unwrap_or_else(|e| panic!("{at}: {e}")),
            "push-err" => {
                let before = b.clone();
                assert!(b.push(mv(args[0])).is_err(), "{at}");
                assert_eq!(*b, before, "{at}: a rejected push changed the board");
                assert_eq!(b.moves(), before.moves(), "{at}");
            }
            "pop" => {
                b.pop().unwrap_or_else(|e| panic!("{at}: {e}"));
            }
            "pop-err" => assert_eq!(b.pop(), Err(PlayError::NothingToUndo), "{at}"),
            "legal" => assert!(b.is_legal(mv(args[0])), "{at}"),
            "illegal" => assert!(!b.is_legal(mv(args[0])), "{at}"),
            "legal-for" => assert!(b.is_legal_for(mv(args[1]), color(args[0])), "{at}"),
            "illegal-for" => assert!(!b.is_legal_for(mv(args[1]), color(args[0])), "{at}"),
            "moves" => {
                assert_eq!(b.legal_move_count(), number(args[0]), "{at}");
                assert_eq!(b.legal_moves().len(), number(args[0]), "{at}");
            }
            "moves-for" => {
                assert_eq!(
                    b.legal_move_count_for(color(args[0])),
                    number(args[1]),
                    "{at}"
                );
            }
            "corners" => {
                let want: Vec<Tile> = args[1..].iter().map(|t| t.parse().unwrap()).collect();
                assert_eq!(b.player_corners(color(args[0])), want, "{at}");
            }
            "n-corners" => {
                assert_eq!(
                    b.player_corner_count(color(args[0])),
                    number(args[1]),
                    "{at}"
                );
            }
            "remaining" => {
                assert_eq!(
                    b.remaining_piece_count(color(args[0])),
                    number(args[1]),
                    "{at}"
                );
                assert_eq!(b.remaining_pieces(color(args[0])).len(), number(args[1]));
            }
            "turn" => assert_eq!(b.current_player(), color(args[0]), "{at}"),
            "ply" => assert_eq!(b.ply(), number(args[0]), "{at}"),
            "scores" => {
                let want: Vec<u32> = args.iter().map(|a| number(a) as u32).collect();
                assert_eq!(b.scores(), want, "{at}");
            }
            "winners" => {
                let want: Vec<Color> = args.iter().map(|a| color(a)).collect();
                assert_eq!(b.winners(), want, "{at}");
            }
            "finished" => assert_eq!(b.is_finished(), args[0] == "yes", "{at}"),
            "color" => {
                let tile: Tile = args[0].parse().unwrap();
                let want = (args[1] != "none").then(|| color(args[1]));
                assert_eq!(b.color_at(tile), want, "{at}");
            }
            "position" => {
                assert_eq!(b.position(), rest, "{at}");
                assert_eq!(Board::from_position(rest).unwrap(), *b, "{at}");
            }
            other => panic!("{at}: unknown command {other}"),
        }
    }
    assert!(checks > 50, "only {checks} checks ran");
}

#[test]
fn every_opening_move_pushes_and_pops() {
    let mut board = Board::new(4).unwrap();
    for mv in board.legal_moves() {
        assert!(board.is_legal(mv));
        board.push(mv).unwrap();
        assert_eq!(board.remaining_piece_count(Color::Blue), 20);
        board.pop().unwrap();
        assert_eq!(board.remaining_piece_count(Color::Blue), 21);
    }
    assert_eq!(board.legal_move_count(), 232);
}

#[test]
fn perft_from_the_opening_spec_values() {
    // tilewe's perft from the opening (the corpus holds the same table, checked in
    // `conformance`).
    let mut board = Board::new(4).unwrap();
    assert_eq!(board.perft(0), 1);
    assert_eq!(board.perft(1), 232);
    assert_eq!(board.perft(2), 40_368);
    assert_eq!(board.perft(3), 4_682_688);
    assert_eq!(board.ply(), 0);
}
