use sokoengine_rules::{
    Arena, FirstMovementPlayer, GameError, HumanPlayer, LastMovementPlayer, Player, PlayerIndex,
    RandomPlayer, Rules,
};

use crate::games::{Heap, Nim, Take, Walk};

/// Always takes 5 tokens: illegal in Nim.
#[derive(Debug)]
struct Greedy;

impl Player<Nim> for Greedy {
    fn play(&mut self, _: &Nim, _: &Heap) -> Option<Take> {
        Some(Take(5))
    }
}

#[test]
fn first_and_last_players_play_nim() {
    let nim = Nim(7);
    let mut first = FirstMovementPlayer::new();
    let mut last = LastMovementPlayer::new();
    // Takes: 1 (first), 3, 1, 2 (last takes the final 2 tokens).
    let report = Arena::new(&nim)
        .check_movements(true)
        .play(&mut [&mut first, &mut last])
        .unwrap();
    assert_eq!(report.movements, 4);
    assert_eq!(report.score.winner(), Some(PlayerIndex::SECOND));
    assert_eq!(report.final_position.tokens, 0);
}

#[test]
fn a_game_ending_exactly_on_the_limit_is_not_an_error() {
    let walk = Walk { len: 4 };
    // The last-movement player always steps +2: two movements reach 4.
    let mut player = LastMovementPlayer::new();
    let report = Arena::new(&walk)
        .max_moves(Some(2))
        .play(&mut [&mut player])
        .unwrap();
    assert_eq!(report.movements, 2);
    let err = Arena::new(&walk)
        .max_moves(Some(1))
        .play(&mut [&mut player])
        .unwrap_err();
    assert!(matches!(err, GameError::MaxMovesExceeded { max_moves: 1 }));
    assert_eq!(
        err.to_string(),
        "The game is unfinished after the limit of 1 movements"
    );
}

#[test]
fn checked_invalid_movement_has_the_spec_text() {
    let nim = Nim(4);
    let mut greedy = Greedy;
    let mut other = FirstMovementPlayer::new();
    let err = Arena::new(&nim)
        .check_movements(true)
        .play(&mut [&mut greedy, &mut other])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Player Greedy has made an invalid movement: take 5 in position: heap of 4 (player 0 to move)"
    );
}

#[test]
fn unchecked_invalid_movement_is_rejected_by_the_rules() {
    let nim = Nim(4);
    let err = Arena::new(&nim)
        .play(&mut [&mut Greedy, &mut FirstMovementPlayer::new()])
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "Player Greedy has made a movement the rules reject: cannot take 5 from a heap of 4"
    );
}

#[test]
fn player_count_must_match() {
    let err = Arena::new(&Nim(3))
        .play(&mut [&mut FirstMovementPlayer::new()])
        .unwrap_err();
    assert!(matches!(
        err,
        GameError::PlayerCount {
            expected: 2,
            given: 1
        }
    ));
}

#[test]
fn seeded_random_players_repeat_their_games() {
    let nim = Nim(21);
    let play = |seed| {
        let mut moves = Vec::new();
        let mut a = RandomPlayer::with_seed(seed);
        let mut b = RandomPlayer::with_seed(seed + 1);
        Arena::new(&nim)
            .check_movements(true)
            .play_observed(&mut [&mut a, &mut b], |_, m, _| moves.push(m.0))
            .unwrap();
        moves
    };
    assert_eq!(play(3), play(3));
    assert_eq!(play(3).iter().sum::<u32>(), 21);
}

#[test]
fn reset_each_game_replays_the_same_game() {
    let nim = Nim(30);
    let mut a = RandomPlayer::with_seed(9).reset_each_game(true);
    let mut b = RandomPlayer::with_seed(10).reset_each_game(true);
    let mut games = Vec::new();
    for _ in 0..2 {
        let mut moves = Vec::new();
        Arena::new(&nim)
            .play_observed(&mut [&mut a, &mut b], |_, m, _| moves.push(m.0))
            .unwrap();
        games.push(moves);
    }
    assert_eq!(games[0], games[1]);
}

#[test]
fn human_player_reads_numbers_and_retries() {
    let input: &[u8] = b"x\n7\n2\n";
    let mut human = HumanPlayer::new("you", input, Vec::new());
    let nim = Nim(5);
    let choice = human.play(&nim, &nim.first_position());
    assert_eq!(choice, Some(Take(3)));
    let (_, output) = human.into_inner();
    let output = String::from_utf8(output).unwrap();
    assert!(output.starts_with("heap of 5 (player 0 to move)\n0: take 1\n1: take 2\n2: take 3\n"));
    assert_eq!(
        output
            .matches("Please answer a number from 0 to 2, or a movement as printed.")
            .count(),
        2
    );
}

#[test]
fn human_player_gives_up_at_end_of_input() {
    let mut human = HumanPlayer::new("you", &b""[..], Vec::new());
    let mut other = FirstMovementPlayer::new();
    let err = Arena::new(&Nim(2))
        .play(&mut [&mut human, &mut other])
        .unwrap_err();
    assert_eq!(err.to_string(), "Player you has not made a movement");
}

#[test]
fn human_player_gives_up_on_an_endless_line() {
    // Issue 14: a line longer than the answer limit ends the answers instead of being
    // read piece by piece (or buffered whole).
    let mut input = vec![b'1'; sokoengine_rules::MAX_ANSWER_LEN * 3];
    input.extend_from_slice(b"\n1\n");
    let mut human = HumanPlayer::new("you", &input[..], Vec::new());
    let nim = Nim(5);
    assert_eq!(human.play(&nim, &nim.first_position()), None);
    let (_, output) = human.into_inner();
    let output = String::from_utf8(output).unwrap();
    assert!(
        output.contains("An answer longer than 4096 bytes: giving up."),
        "{output}"
    );
}

#[test]
fn broadcast_prints_every_movement() {
    let mut out = Vec::new();
    let mut player = LastMovementPlayer::new();
    let name = Player::<Walk>::name(&player);
    Arena::new(&Walk { len: 2 })
        .play_broadcast(&mut [&mut player], &mut out)
        .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text,
        format!("Cost: 0\nat 0\nPlayer {name} plays: 2\nCost: 1\nat 2\n")
    );
}

#[test]
fn alpha_beta_plays_nim_perfectly() {
    use sokoengine_rules::AlphaBetaPlayer;
    for tokens in 1..=14 {
        let nim = Nim(tokens);
        let mut player = AlphaBetaPlayer::new(16);
        let take = player.play(&nim, &nim.first_position()).unwrap();
        if tokens % 4 != 0 {
            assert_eq!(take, Take(tokens % 4), "{tokens} tokens");
        }
    }
    // From a multiple of 4 the second player wins against any first player.
    let nim = Nim(12);
    let mut first = RandomPlayer::with_seed(5);
    let mut second = AlphaBetaPlayer::new(16);
    let report = Arena::new(&nim)
        .check_movements(true)
        .play(&mut [&mut first, &mut second])
        .unwrap();
    assert_eq!(report.score.winner(), Some(PlayerIndex::SECOND));
}

#[test]
fn alpha_beta_uses_the_heuristic_at_its_horizon() {
    use sokoengine_rules::AlphaBetaPlayer;
    // With depth 1 only the heuristic tells movements apart: prefer leaving an even heap.
    let nim = Nim(9);
    let mut player = AlphaBetaPlayer::new(1)
        .with_heuristic(|_, heap: &Heap, _| if heap.tokens % 2 == 0 { 1 } else { 0 });
    assert_eq!(player.play(&nim, &nim.first_position()), Some(Take(1)));
    assert_eq!(player.depth(), 1);
}

proptest::proptest! {
    #[test]
    fn human_player_survives_any_input(input in proptest::collection::vec(proptest::num::u8::ANY, 0..300)) {
        let nim = Nim(7);
        let mut human = HumanPlayer::new("you", &input[..], Vec::new());
        if let Some(take) = human.play(&nim, &nim.first_position()) {
            proptest::prop_assert!(nim.is_movement_possible(&take, &nim.first_position()));
        }
    }
}
