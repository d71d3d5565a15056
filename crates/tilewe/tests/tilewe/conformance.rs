//! Conformance against `corpus/tilewe/tilewe_conformance.json`.

use serde_json::Value;
use sokoengine_tilewe::{Board, Color, Move, Piece, empty_board_placement_count};

fn data() -> Value {
    let text = sokoengine_testkit::read_corpus("tilewe/tilewe_conformance.json");
    serde_json::from_str(&text).expect("conformance file is JSON")
}

fn as_usize(v: &Value) -> usize {
    v.as_u64().expect("a count") as usize
}

#[sokoengine_testkit_macros::corpus_test]
fn opening_counts() {
    let data = data();
    let opening = &data["opening"];
    let first = as_usize(&opening["legal_moves_for_first_player"]);
    for n in 1..=4 {
        let board = Board::new(n).unwrap();
        assert_eq!(board.legal_move_count(), first, "{n} players");
        assert_eq!(board.legal_moves().len(), first);
    }
    let board = Board::new(4).unwrap();
    let per_corner = as_usize(&opening["legal_moves_per_board_corner"]);
    let moves = board.legal_moves();
    for corner in sokoengine_tilewe::Tile::CORNERS {
        assert_eq!(
            moves.iter().filter(|m| m.target() == corner).count(),
            per_corner
        );
    }
    for (name, count) in opening["per_piece_at_one_corner"].as_object().unwrap() {
        let piece = Piece::from_name(name).unwrap();
        let at_a1 = moves
            .iter()
            .filter(|m| m.piece() == piece && m.target() == sokoengine_tilewe::Tile::A1)
            .count();
        assert_eq!(at_a1, as_usize(count), "{name}");
    }
    // First round: the mover has 4 - ply corners.
    let round: Vec<usize> = opening["first_round_4_players"]
        .as_array()
        .unwrap()
        .iter()
        .map(as_usize)
        .collect();
    let mut board = Board::new(4).unwrap();
    for (ply, &expected) in round.iter().enumerate() {
        assert_eq!(board.current_player().index(), ply);
        assert_eq!(board.legal_move_count(), expected);
        assert_eq!(board.player_corner_count(board.current_player()), 4 - ply);
        let mv = board.legal_moves()[0];
        board.push(mv).unwrap();
    }
    assert_eq!(board.current_player(), Color::Blue);
    let t = sokoengine_tilewe::Tile::CORNERS;
    assert_eq!(
        t.iter().filter(|&&c| board.color_at(c).is_some()).count(),
        4
    );

    let orientations: usize = Piece::ALL
        .iter()
        .map(|&p| sokoengine_tilewe::unique_rotations(p).len())
        .sum();
    assert_eq!(orientations, as_usize(&opening["unique_orientations"]));
    let pairs: usize = Piece::ALL
        .iter()
        .flat_map(|&p| {
            sokoengine_tilewe::unique_rotations(p)
                .into_iter()
                .map(move |r| sokoengine_tilewe::piece_contacts(p, r).len())
        })
        .sum();
    assert_eq!(pairs, as_usize(&opening["orientation_contact_pairs"]));
    assert_eq!(
        empty_board_placement_count(),
        as_usize(&opening["placements_all_orientations_empty_board"])
    );
}

#[sokoengine_testkit_macros::corpus_test]
fn perft_from_the_opening() {
    let data = data();
    let mut board = Board::new(4).unwrap();
    for (depth, count) in data["perft_opening_4_players"].as_object().unwrap() {
        let depth: usize = depth.parse().unwrap();
        assert_eq!(board.perft(depth), count.as_u64().unwrap(), "depth {depth}");
    }
}

#[sokoengine_testkit_macros::corpus_test]
fn seed_0_game() {
    let data = data();
    let game = &data["test_game_seed0"];
    let n = as_usize(&game["players"]);
    let mut board = Board::new(n).unwrap();
    let rows = game["rows"].as_array().unwrap();
    let moves: Vec<&str> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(rows.len(), moves.len());
    for (row, text) in rows.iter().zip(&moves) {
        let ply = as_usize(&row["ply"]);
        assert_eq!(board.ply(), ply);
        assert_eq!(
            board.current_player().index(),
            as_usize(&row["player"]),
            "ply {ply}"
        );
        assert_eq!(
            board.legal_move_count(),
            as_usize(&row["n_legal_moves"]),
            "ply {ply}"
        );
        let legal = board.legal_moves();
        assert_eq!(legal.len(), board.legal_move_count());
        assert_eq!(
            board.distinct_placement_count(),
            as_usize(&row["n_distinct_placements"]),
            "ply {ply}"
        );
        let mv: Move = row["move"].as_str().unwrap().parse().unwrap();
        assert_eq!(row["move"].as_str().unwrap(), *text);
        assert!(legal.contains(&mv), "ply {ply}: {mv} not generated");
        assert!(board.is_legal(mv));
        for &other in &legal {
            assert!(board.is_legal(other));
        }
        // Every generated move plays and undoes cleanly.
        let before = board.position();
        board.push(mv).unwrap();
        board.pop().unwrap();
        assert_eq!(board.position(), before);
        board.push(mv).unwrap();
        // Incremental state equals the state rebuilt from the position text.
        let rebuilt = Board::from_position(&board.position()).unwrap();
        assert_eq!(rebuilt, board, "ply {ply}");
        assert_eq!(rebuilt.legal_move_count(), board.legal_move_count());
    }
    let last = &game["final"];
    assert_eq!(board.ply(), as_usize(&last["ply"]));
    assert_eq!(board.is_finished(), last["finished"].as_bool().unwrap());
    let scores: Vec<u64> = board.scores().into_iter().map(u64::from).collect();
    let want: Vec<u64> = last["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert_eq!(scores, want);
    let winners: Vec<usize> = board.winners().iter().map(|c| c.index()).collect();
    let want: Vec<usize> = last["winners"]
        .as_array()
        .unwrap()
        .iter()
        .map(as_usize)
        .collect();
    assert_eq!(winners, want);
    assert_eq!(board.current_player(), Color::Yellow);
    for c in Color::ALL {
        assert!(board.legal_moves_for(c).is_empty());
        assert_eq!(board.legal_move_count_for(c), 0);
        assert_eq!(board.player_corner_count(c), 0);
        assert!(!board.can_play(c));
    }
    assert!(board.push(board.moves()[0]).is_err());
}
