//! The rules of a game: IArena's `IGameRules` as a trait.

use std::error::Error;
use std::fmt;

use crate::{PlayerIndex, ScoreBoard};

/// The rules of a game with a fixed number of players.
///
/// A port of IArena's `IGameRules`. Positions and movements are values of the associated
/// types; the rules value holds whatever parameters the game has (board size, number of
/// disks, ...). Positions do not point back to their rules (IArena's `get_rules()`), so
/// every operation that needs the rules takes them as `&self`; who moves next is asked of
/// the rules too ([`next_player`](Self::next_player)).
///
/// Contract for implementors:
///
/// * [`possible_movements`](Self::possible_movements) lists the legal movements in a
///   defined, documented order (arena players and searches rely on it being deterministic);
/// * [`next_position`](Self::next_position) **validates** the movement: an illegal one is
///   an `Err` of the game's typed error, and the given position is never modified (positions
///   are values);
/// * [`successors`](Self::successors) may be overridden with a fast path that skips the
///   validation, since its movements come from `possible_movements`.
///
/// # Examples
///
/// A game of Nim on one heap: take 1 to 3 tokens, whoever takes the last token wins.
///
/// ```
/// use sokoengine_rules::{PlayerIndex, Rules, ScoreBoard};
///
/// #[derive(Debug)]
/// struct Nim(u32);
///
/// #[derive(Clone, Debug, PartialEq, Eq, Hash)]
/// struct Heap { tokens: u32, to_move: PlayerIndex }
///
/// impl std::fmt::Display for Heap {
///     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///         write!(f, "{} tokens, player {} to move", self.tokens, self.to_move)
///     }
/// }
///
/// #[derive(Debug, thiserror::Error)]
/// #[error("cannot take {0} tokens")]
/// struct BadTake(u32);
///
/// impl Rules for Nim {
///     type Position = Heap;
///     type Movement = u32;
///     type Error = BadTake;
///
///     fn player_count(&self) -> usize { 2 }
///     fn first_position(&self) -> Heap { Heap { tokens: self.0, to_move: PlayerIndex::FIRST } }
///     fn next_player(&self, p: &Heap) -> PlayerIndex { p.to_move }
///     fn possible_movements(&self, p: &Heap) -> Vec<u32> { (1..=p.tokens.min(3)).collect() }
///     fn next_position(&self, take: &u32, p: &Heap) -> Result<Heap, BadTake> {
///         if !(1..=p.tokens.min(3)).contains(take) {
///             return Err(BadTake(*take));
///         }
///         let to_move = PlayerIndex::new(1 - p.to_move.get());
///         Ok(Heap { tokens: p.tokens - take, to_move })
///     }
///     fn finished(&self, p: &Heap) -> bool { p.tokens == 0 }
///     fn score(&self, p: &Heap) -> ScoreBoard {
///         // The player to move in a finished position did not take the last token.
///         let mut board = ScoreBoard::from_scores([0, 0]);
///         board.define_score(PlayerIndex::new(1 - p.to_move.get()), 1);
///         board
///     }
/// }
///
/// let nim = Nim(5);
/// let start = nim.first_position();
/// assert_eq!(nim.possible_movements(&start), [1, 2, 3]);
/// assert!(nim.is_movement_possible(&2, &start));
/// assert!(nim.next_position(&4, &start).is_err());
/// let after = nim.next_position(&2, &start)?;
/// assert_eq!(after.tokens, 3);
/// assert_eq!(start.tokens, 5); // untouched
/// # Ok::<(), BadTake>(())
/// ```
pub trait Rules {
    /// A position of the game: a value, independent of every other position.
    type Position: Clone + fmt::Debug + fmt::Display;
    /// A movement of the game, comparable for equality.
    type Movement: Clone + PartialEq + fmt::Debug + fmt::Display;
    /// Why [`next_position`](Self::next_position) rejected a movement.
    type Error: Error + Send + Sync + 'static;

    /// The number of players of the game.
    fn player_count(&self) -> usize;

    /// The initial position.
    fn first_position(&self) -> Self::Position;

    /// The player to move in `position` (IArena's `position.next_player()`).
    fn next_player(&self, position: &Self::Position) -> PlayerIndex;

    /// The legal movements in `position`, in the game's defined order.
    fn possible_movements(&self, position: &Self::Position) -> Vec<Self::Movement>;

    /// The position after `movement` in `position` (IArena's argument order: movement
    /// first). `position` itself is not modified.
    ///
    /// # Errors
    ///
    /// The game's error when `movement` is not legal in `position`.
    fn next_position(
        &self,
        movement: &Self::Movement,
        position: &Self::Position,
    ) -> Result<Self::Position, Self::Error>;

    /// Whether `position` is terminal.
    fn finished(&self, position: &Self::Position) -> bool;

    /// The score board of `position` (meaningful for terminal positions).
    fn score(&self, position: &Self::Position) -> ScoreBoard;

    /// Whether `movement` is legal in `position`.
    ///
    /// The default looks for it in [`possible_movements`](Self::possible_movements); games
    /// may answer faster.
    fn is_movement_possible(&self, movement: &Self::Movement, position: &Self::Position) -> bool {
        self.possible_movements(position).contains(movement)
    }

    /// Every legal movement in `position` with the position it leads to, in the order of
    /// [`possible_movements`](Self::possible_movements). Searches use this.
    ///
    /// The default validates each movement again through
    /// [`next_position`](Self::next_position); games should override it with an unchecked
    /// fast path.
    fn successors(&self, position: &Self::Position) -> Vec<(Self::Movement, Self::Position)> {
        self.possible_movements(position)
            .into_iter()
            .filter_map(|movement| {
                let next = self.next_position(&movement, position).ok()?;
                Some((movement, next))
            })
            .collect()
    }
}

/// A position of a one-player game that carries the cost paid to reach it (IArena's cost
/// positions). Its text form starts with `Cost: {cost}`.
pub trait CostPosition {
    /// The cost paid so far: usually the number of movements made.
    fn cost(&self) -> u64;
}
