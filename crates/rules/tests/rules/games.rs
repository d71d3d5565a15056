//! Small games to exercise the interface.

use std::fmt;

use sokoengine_rules::{CostPosition, PlayerIndex, Rules, ScoreBoard};

/// Nim on one heap: take 1 to 3 tokens; whoever takes the last token wins.
#[derive(Debug)]
pub struct Nim(pub u32);

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Heap {
    pub tokens: u32,
    pub to_move: PlayerIndex,
}

impl fmt::Display for Heap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "heap of {} (player {} to move)",
            self.tokens, self.to_move
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take(pub u32);

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "take {}", self.0)
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("cannot take {take} from a heap of {tokens}")]
pub struct BadTake {
    pub take: u32,
    pub tokens: u32,
}

impl Rules for Nim {
    type Position = Heap;
    type Movement = Take;
    type Error = BadTake;

    fn player_count(&self) -> usize {
        2
    }

    fn first_position(&self) -> Heap {
        Heap {
            tokens: self.0,
            to_move: PlayerIndex::FIRST,
        }
    }

    fn next_player(&self, position: &Heap) -> PlayerIndex {
        position.to_move
    }

    fn possible_movements(&self, position: &Heap) -> Vec<Take> {
        (1..=position.tokens.min(3)).map(Take).collect()
    }

    fn next_position(&self, movement: &Take, position: &Heap) -> Result<Heap, BadTake> {
        if movement.0 == 0 || movement.0 > position.tokens.min(3) {
            return Err(BadTake {
                take: movement.0,
                tokens: position.tokens,
            });
        }
        Ok(Heap {
            tokens: position.tokens - movement.0,
            to_move: PlayerIndex::new(1 - position.to_move.get()),
        })
    }

    fn finished(&self, position: &Heap) -> bool {
        position.tokens == 0
    }

    fn score(&self, position: &Heap) -> ScoreBoard {
        let mut board = ScoreBoard::from_scores([0, 0]);
        board.define_score(PlayerIndex::new(1 - position.to_move.get()), 1);
        board
    }
}

/// A one-player walk on a line `0..=len` with steps of +1, +2, -1; the goal is `len`.
/// Positions carry their cost, like Hanoi's.
#[derive(Debug)]
pub struct Walk {
    pub len: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Spot {
    pub at: i32,
    pub cost: u64,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cost: {}\nat {}", self.cost, self.at)
    }
}

impl CostPosition for Spot {
    fn cost(&self) -> u64 {
        self.cost
    }
}

#[derive(Debug, thiserror::Error)]
#[error("cannot step {0}")]
pub struct BadStep(pub i32);

impl Rules for Walk {
    type Position = Spot;
    type Movement = i32;
    type Error = BadStep;

    fn player_count(&self) -> usize {
        1
    }

    fn first_position(&self) -> Spot {
        Spot { at: 0, cost: 0 }
    }

    fn next_player(&self, _: &Spot) -> PlayerIndex {
        PlayerIndex::FIRST
    }

    fn possible_movements(&self, position: &Spot) -> Vec<i32> {
        [-1, 1, 2]
            .into_iter()
            .filter(|step| (0..=self.len).contains(&(position.at + step)))
            .collect()
    }

    fn next_position(&self, step: &i32, position: &Spot) -> Result<Spot, BadStep> {
        if !self.possible_movements(position).contains(step) {
            return Err(BadStep(*step));
        }
        Ok(Spot {
            at: position.at + step,
            cost: position.cost + 1,
        })
    }

    fn finished(&self, position: &Spot) -> bool {
        position.at == self.len
    }

    fn score(&self, position: &Spot) -> ScoreBoard {
        ScoreBoard::from_scores([position.cost as i64])
    }
}
