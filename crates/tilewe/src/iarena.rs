//! Tilewe as a game of the IArena-style [`Rules`] interface.

use sokoengine_rules::{Player, PlayerIndex, Rules, ScoreBoard};

use crate::board::{Board, BoardError, PlayError};
use crate::engine::Engine;
use crate::moves::Move;
use crate::rng::Rng;

/// The rules of Tilewe for 1 to 4 players.
///
/// * positions are [`Board`]s (values: [`next_position`](Rules::next_position) clones);
/// * [`possible_movements`](Rules::possible_movements): [`Board::legal_moves`], in
///   generation order (target tile, then piece, orientation, contact);
/// * [`next_position`](Rules::next_position) validates with [`Board::push`];
/// * [`score`](Rules::score): the tiles each player has placed (higher is better).
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{Arena, FirstMovementPlayer, Rules};
/// use sokoengine_tilewe::TileweRules;
///
/// let rules = TileweRules::new(2)?;
/// let start = rules.first_position();
/// assert_eq!(rules.possible_movements(&start).len(), 232);
/// let (mut a, mut b) = (FirstMovementPlayer::new(), FirstMovementPlayer::new());
/// let report = Arena::new(&rules).check_movements(true).play(&mut [&mut a, &mut b])?;
/// assert!(report.final_position.is_finished());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TileweRules {
    n_players: u8,
}

impl TileweRules {
    /// The rules for `n_players` players.
    ///
    /// # Errors
    ///
    /// [`BoardError::InvalidPlayerCount`] unless `1 <= n_players <= 4`.
    pub fn new(n_players: usize) -> Result<TileweRules, BoardError> {
        Board::new(n_players)?;
        Ok(TileweRules {
            n_players: n_players as u8,
        })
    }
}

impl Rules for TileweRules {
    type Position = Board;
    type Movement = Move;
    type Error = PlayError;

    fn player_count(&self) -> usize {
        usize::from(self.n_players)
    }

    fn first_position(&self) -> Board {
        match Board::new(self.player_count()) {
            Ok(board) => board,
            Err(_) => unreachable!("the player count is checked on construction"),
        }
    }

    fn next_player(&self, position: &Board) -> PlayerIndex {
        PlayerIndex::new(position.current_player().index() as u8)
    }

    fn possible_movements(&self, position: &Board) -> Vec<Move> {
        position.legal_moves()
    }

    fn next_position(&self, movement: &Move, position: &Board) -> Result<Board, PlayError> {
        let mut next = position.clone();
        next.push(*movement)?;
        Ok(next)
    }

    fn finished(&self, position: &Board) -> bool {
        position.is_finished()
    }

    fn score(&self, position: &Board) -> ScoreBoard {
        ScoreBoard::from_scores(position.scores().into_iter().map(i64::from))
    }

    fn is_movement_possible(&self, movement: &Move, position: &Board) -> bool {
        position.is_legal(*movement)
    }

    fn successors(&self, position: &Board) -> Vec<(Move, Board)> {
        position
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = position.clone();
                next.push_unchecked(mv);
                (mv, next)
            })
            .collect()
    }
}

/// Any [`Engine`] as an arena [`Player`], with its own seeded [`Rng`] (reseeded with the
/// same seed at the start of every game, so games repeat).
///
/// # Examples
///
/// ```
/// use sokoengine_rules::Arena;
/// use sokoengine_tilewe::{EnginePlayer, MostTiles, RandomEngine, TileweRules};
///
/// let rules = TileweRules::new(2)?;
/// let mut a = EnginePlayer::new(RandomEngine, 1);
/// let mut b = EnginePlayer::new(MostTiles, 2);
/// let report = Arena::new(&rules).play(&mut [&mut a, &mut b])?;
/// assert!(report.movements > 10);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct EnginePlayer<E> {
    engine: E,
    seed: u64,
    rng: Rng,
}

impl<E: Engine> EnginePlayer<E> {
    /// Wraps `engine`, drawing its randomness from `seed`.
    pub fn new(engine: E, seed: u64) -> EnginePlayer<E> {
        EnginePlayer {
            engine,
            seed,
            rng: Rng::new(seed),
        }
    }
}

impl<E: Engine> Player<TileweRules> for EnginePlayer<E> {
    fn name(&self) -> String {
        self.engine.name()
    }

    fn play(&mut self, _: &TileweRules, position: &Board) -> Option<Move> {
        self.engine.choose(position, &mut self.rng)
    }

    fn starting_game(&mut self, _: &TileweRules, _: PlayerIndex) {
        self.rng = Rng::new(self.seed);
    }
}

#[cfg(test)]
mod tests {
    use sokoengine_rules::Arena;

    use super::*;
    use crate::engine::{MostTiles, RandomEngine};

    #[test]
    fn rules_follow_the_board() {
        assert!(TileweRules::new(0).is_err());
        let rules = TileweRules::new(4).unwrap();
        let start = rules.first_position();
        assert_eq!(rules.player_count(), 4);
        assert_eq!(rules.next_player(&start), PlayerIndex::FIRST);
        let moves = rules.possible_movements(&start);
        let successors = rules.successors(&start);
        assert_eq!(successors.len(), moves.len());
        let (mv, next) = &successors[0];
        assert_eq!(rules.next_position(mv, &start).as_ref(), Ok(next));
        assert_eq!(rules.next_player(next), PlayerIndex::SECOND);
        // An illegal movement is an error and the position is a value.
        let illegal: Move = "O1n-a1b2".parse().unwrap();
        assert!(!rules.is_movement_possible(&illegal, &start));
        assert!(rules.next_position(&illegal, &start).is_err());
        assert_eq!(start.ply(), 0);
    }

    #[test]
    fn arena_games_repeat_with_the_same_seeds() {
        let rules = TileweRules::new(4).unwrap();
        let play = || {
            let mut players = [
                EnginePlayer::new(RandomEngine, 1),
                EnginePlayer::new(RandomEngine, 2),
            ];
            let mut greedy = EnginePlayer::new(MostTiles, 3);
            let mut greedy2 = EnginePlayer::new(MostTiles, 4);
            let [a, b] = &mut players;
            Arena::new(&rules)
                .check_movements(true)
                .play(&mut [a, b, &mut greedy, &mut greedy2])
                .unwrap()
        };
        let (first, second) = (play(), play());
        assert_eq!(first.final_position.moves(), second.final_position.moves());
        assert_eq!(first.score, rules.score(&first.final_position));
        assert!(rules.finished(&first.final_position));
    }
}
