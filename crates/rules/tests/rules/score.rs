use proptest::prelude::*;
use sokoengine_rules::{PlayerIndex, ScoreBoard};

proptest! {
    #[test]
    fn join_is_commutative_and_adds_scores(
        a in prop::collection::vec(-1000i64..1000, 0..6),
        b in prop::collection::vec(-1000i64..1000, 0..6),
    ) {
        let (a, b) = (ScoreBoard::from_scores(a), ScoreBoard::from_scores(b));
        let sum = a.join(&b);
        prop_assert_eq!(&sum, &b.join(&a));
        prop_assert_eq!(sum.len(), a.len().max(b.len()));
        for (player, score) in sum.iter() {
            prop_assert_eq!(score, a.score(player) + b.score(player));
        }
    }

    #[test]
    fn winner_has_the_unique_highest_score(scores in prop::collection::vec(-5i64..5, 0..6)) {
        let board = ScoreBoard::from_scores(scores.clone());
        match board.winner() {
            Some(winner) => {
                for (player, score) in board.iter() {
                    if player != winner {
                        prop_assert!(score < board.score(winner));
                    }
                }
            }
            None => {
                let best = scores.iter().max();
                prop_assert!(best.is_none_or(|b| scores.iter().filter(|s| *s == b).count() > 1));
            }
        }
    }

    #[test]
    fn any_player_index_can_be_defined(index in any::<u8>(), score in any::<i64>()) {
        let mut board = ScoreBoard::new();
        board.define_score(PlayerIndex::new(index), score);
        prop_assert_eq!(board.len(), usize::from(index) + 1);
        prop_assert_eq!(board.score(PlayerIndex::new(index)), score);
    }
}

#[test]
fn printout_has_one_line_per_player() {
    let board = ScoreBoard::from_scores([15, -2]);
    insta::assert_snapshot!(board.to_string(), @r"
    Player: 0 : 15
    Player: 1 : -2
    ");
}
