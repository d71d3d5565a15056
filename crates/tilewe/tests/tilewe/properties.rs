//! Invariants over random games (proptest picks the seeds) and the engines' strength.

use proptest::prelude::*;
use sokoengine_tilewe::{
    Board, Budget, Color, Engine, Mcts, MonteCarlo, MostCorners, MostTiles, RandomEngine, Rng,
    Tournament,
};

fn check_position(board: &Board) -> Result<(), TestCaseError> {
    let moves = board.legal_moves();
    prop_assert_eq!(moves.len(), board.legal_move_count());
    prop_assert!(board.distinct_placement_count() <= moves.len());
    prop_assert_eq!(moves.is_empty(), board.is_finished());
    let mut sorted = moves.clone();
    sorted.sort();
    prop_assert_eq!(&sorted, &moves, "generation order is move order");
    let colored = sokoengine_tilewe::Tile::all()
        .filter(|&t| board.color_at(t).is_some())
        .count() as u32;
    prop_assert_eq!(board.scores().iter().sum::<u32>(), colored);
    // The incremental state equals the state rebuilt from scratch.
    let rebuilt = Board::from_position(&board.position()).expect("own text parses");
    prop_assert_eq!(&rebuilt, board);
    for color in board.players() {
        let mine = board.legal_moves_for(color);
        prop_assert_eq!(&mine, &rebuilt.legal_moves_for(color));
        prop_assert_eq!(board.player_corners(color), rebuilt.player_corners(color));
        prop_assert_eq!(board.can_play(color), !mine.is_empty());
        for &mv in mine.iter().step_by(7) {
            prop_assert!(board.is_legal_for(mv, color));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn random_games_keep_every_invariant(seed in any::<u64>(), players in 1usize..=4) {
        let mut board = Board::new(players).unwrap();
        let mut rng = Rng::new(seed);
        loop {
            check_position(&board)?;
            let Some(mv) = RandomEngine.choose(&board, &mut rng) else { break };
            let before = board.clone();
            board.push(mv).unwrap();
            prop_assert_eq!(board.pop(), Ok(mv));
            prop_assert_eq!(&board, &before);
            prop_assert_eq!(board.legal_moves(), before.legal_moves());
            board.push(mv).unwrap();
        }
        prop_assert!(board.is_finished());
        prop_assert!(board.ply() <= 21 * players);
        for color in Color::ALL {
            prop_assert!(board.legal_moves_for(color).is_empty());
            prop_assert_eq!(board.player_corner_count(color), 0);
        }
        // Replaying the history gives the same final position; popping it all empties it.
        let mut replay = Board::new(players).unwrap();
        for &mv in board.moves() {
            replay.push(mv).unwrap();
        }
        prop_assert_eq!(&replay, &board);
        while board.pop().is_ok() {}
        prop_assert_eq!(board, Board::new(players).unwrap());
    }
}

#[test]
fn monte_carlo_wins_a_seeded_match() {
    let mut tournament = Tournament::new(4, 2026);
    tournament.add(Box::new(RandomEngine));
    tournament.add(Box::new(MostTiles));
    tournament.add(Box::new(MostCorners));
    tournament.add(Box::new(MonteCarlo::new(48)));
    let report = tournament.run(4);
    let best = report
        .standings
        .iter()
        .max_by(|a, b| a.elo.total_cmp(&b.elo))
        .unwrap();
    assert_eq!(best.name, "monte-carlo-48", "{:#?}", report.standings);
    let mc = &report.standings[3];
    assert!(mc.wins >= 3.0, "{:#?}", report.standings);
    // Every engine sat in every seat once.
    for seat in 0..4 {
        let mut engines: Vec<usize> = report.games.iter().map(|g| g.seats[seat]).collect();
        engines.sort_unstable();
        assert_eq!(engines, [0, 1, 2, 3]);
    }
    // Reproducible: the same seed replays the same games.
    let mut again = Tournament::new(4, 2026);
    again.add(Box::new(RandomEngine));
    again.add(Box::new(MostTiles));
    again.add(Box::new(MostCorners));
    again.add(Box::new(MonteCarlo::new(48)));
    assert_eq!(again.run(4).games, report.games);
}

#[test]
fn tree_search_beats_the_other_engines() {
    // Small budgets keep the debug build fast; the search still has to win clearly.
    let mut tournament = Tournament::new(4, 17);
    tournament.add(Box::new(Mcts::new(Budget::Playouts(48))));
    tournament.add(Box::new(MonteCarlo::new(48)));
    tournament.add(Box::new(MostCorners));
    tournament.add(Box::new(MostTiles));
    let report = tournament.run(4);
    let mcts = &report.standings[0];
    assert_eq!(mcts.name, "mcts-48");
    for other in &report.standings[1..] {
        assert!(
            mcts.wins > other.wins && mcts.mean_score() > other.mean_score(),
            "{:#?}",
            report.standings
        );
    }
}
