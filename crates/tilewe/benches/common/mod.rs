//! Bench inputs: every position of the corpus's seed-0 game (or, without the corpus, of a
//! seeded random game).

use sokoengine_tilewe::{Board, Engine, Move, RandomEngine, Rng};

/// The positions before each move of the game, with the move list.
pub fn game_positions() -> Vec<Board> {
    let moves: Vec<Move> = match sokoengine_testkit::read_optional_corpus(
        "tilewe benches",
        "tilewe/tilewe_conformance.json",
    ) {
        Some(text) => {
            let data: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            data["test_game_seed0"]["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| m.as_str().expect("text").parse().expect("move"))
                .collect()
        }
        None => {
            let mut board = Board::new(4).expect("4 players");
            let mut rng = Rng::new(0);
            while let Some(mv) = RandomEngine.choose(&board, &mut rng) {
                board.push(mv).expect("legal");
            }
            board.moves().to_vec()
        }
    };
    let mut board = Board::new(4).expect("4 players");
    let mut positions = Vec::new();
    for mv in moves {
        positions.push(board.clone());
        board.push(mv).expect("legal");
    }
    positions
}

/// The positions before each move of `n_games` random 4-player games, one list per game:
/// game `g` plays uniformly random legal moves ([`RandomEngine`]) drawn from `Rng::new(g)`.
#[allow(dead_code)] // not every bench uses every input
pub fn random_games(n_games: u64) -> Vec<Vec<Board>> {
    (0..n_games)
        .map(|seed| {
            let mut board = Board::new(4).expect("4 players");
            let mut rng = Rng::new(seed);
            let mut positions = Vec::new();
            while let Some(mv) = RandomEngine.choose(&board, &mut rng) {
                positions.push(board.clone());
                board.push(mv).expect("legal");
            }
            positions
        })
        .collect()
}
