//! Score boards: one number per player.

use std::fmt;
use std::ops::{Add, AddAssign};

use crate::PlayerIndex;

/// A player's score. Integral, so boards compare exactly.
pub type Score = i64;

/// Scores indexed by player, as IArena's `ScoreBoard`.
///
/// Setting or adding a score for a player beyond the end extends the board with zeros;
/// reading a player beyond the end gives `0`. Higher is better for [`winner`](Self::winner)
/// (one-player cost games report their cost, where lower is better: compare those directly).
///
/// The printout has one line `Player: <i> : <score>` per player.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{PlayerIndex, ScoreBoard};
///
/// let mut board = ScoreBoard::new();
/// board.define_score(PlayerIndex::SECOND, 3);
/// board.add_score(PlayerIndex::FIRST, 5);
/// assert_eq!(board.score(PlayerIndex::FIRST), 5);
/// assert_eq!(board.winner(), Some(PlayerIndex::FIRST));
/// assert_eq!(board.to_string(), "Player: 0 : 5\nPlayer: 1 : 3\n");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScoreBoard {
    scores: Vec<Score>,
}

impl ScoreBoard {
    /// An empty board (no players yet).
    pub const fn new() -> Self {
        Self { scores: Vec::new() }
    }

    /// A board with one score per player, in player order.
    ///
    /// Scores beyond the 256th player are ignored, as no [`PlayerIndex`] can name them.
    pub fn from_scores(scores: impl IntoIterator<Item = Score>) -> Self {
        Self {
            scores: scores.into_iter().take(PlayerIndex::COUNT).collect(),
        }
    }

    /// Sets `player`'s score (IArena's `define_score`), extending the board with zeros.
    pub fn define_score(&mut self, player: PlayerIndex, score: Score) {
        *self.slot(player) = score;
    }

    /// Adds `delta` to `player`'s score (saturating), extending the board with zeros.
    pub fn add_score(&mut self, player: PlayerIndex, delta: Score) {
        let slot = self.slot(player);
        *slot = slot.saturating_add(delta);
    }

    /// `player`'s score, `0` when the board does not reach that player.
    pub fn score(&self, player: PlayerIndex) -> Score {
        self.scores.get(player.index()).copied().unwrap_or(0)
    }

    /// The player with the unique highest score, or `None` on a tie for the highest score or
    /// an empty board (IArena's `Draw`).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_rules::ScoreBoard;
    ///
    /// assert_eq!(ScoreBoard::from_scores([2, 2, 1]).winner(), None);
    /// ```
    pub fn winner(&self) -> Option<PlayerIndex> {
        let best = *self.scores.iter().max()?;
        let mut winners = self.scores.iter().enumerate().filter(|&(_, &s)| s == best);
        let (index, _) = winners.next()?;
        if winners.next().is_some() {
            None
        } else {
            PlayerIndex::try_from_usize(index)
        }
    }

    /// The sum of two boards, player by player (IArena's `join`).
    #[must_use]
    pub fn join(&self, other: &Self) -> Self {
        let mut sum = self.clone();
        sum += other;
        sum
    }

    /// How many players the board holds.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether the board holds no player.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The scores in player order.
    pub fn as_slice(&self) -> &[Score] {
        &self.scores
    }

    /// `(player, score)` pairs in player order.
    pub fn iter(&self) -> impl Iterator<Item = (PlayerIndex, Score)> + '_ {
        // The board never grows beyond PlayerIndex::COUNT entries, so every index fits.
        self.scores
            .iter()
            .enumerate()
            .map(|(i, &s)| (PlayerIndex::new(i as u8), s))
    }

    fn slot(&mut self, player: PlayerIndex) -> &mut Score {
        if self.scores.len() <= player.index() {
            self.scores.resize(player.index() + 1, 0);
        }
        &mut self.scores[player.index()]
    }
}

impl AddAssign<&ScoreBoard> for ScoreBoard {
    fn add_assign(&mut self, other: &ScoreBoard) {
        for (player, score) in other.iter() {
            self.add_score(player, score);
        }
    }
}

impl Add<&ScoreBoard> for &ScoreBoard {
    type Output = ScoreBoard;

    fn add(self, other: &ScoreBoard) -> ScoreBoard {
        self.join(other)
    }
}

impl fmt::Display for ScoreBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (player, score) in self.iter() {
            writeln!(f, "Player: {player} : {score}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn define_and_add_extend_with_zeros() {
        let mut board = ScoreBoard::new();
        board.add_score(PlayerIndex::new(2), 4);
        assert_eq!(board.as_slice(), &[0, 0, 4]);
        board.define_score(PlayerIndex::FIRST, -1);
        assert_eq!(board.as_slice(), &[-1, 0, 4]);
        assert_eq!(board.score(PlayerIndex::new(9)), 0);
    }

    #[test]
    fn winner_needs_a_unique_maximum() {
        assert_eq!(ScoreBoard::new().winner(), None);
        assert_eq!(ScoreBoard::from_scores([1, 3, 3]).winner(), None);
        assert_eq!(
            ScoreBoard::from_scores([1, 3, 2]).winner(),
            Some(PlayerIndex::SECOND)
        );
    }

    #[test]
    fn join_adds_player_by_player() {
        let a = ScoreBoard::from_scores([1, 2]);
        let b = ScoreBoard::from_scores([10, 20, 30]);
        assert_eq!((&a + &b).as_slice(), &[11, 22, 30]);
        assert_eq!(a.join(&b), b.join(&a));
    }

    #[test]
    fn adding_saturates() {
        let mut board = ScoreBoard::from_scores([Score::MAX]);
        board.add_score(PlayerIndex::FIRST, 1);
        assert_eq!(board.score(PlayerIndex::FIRST), Score::MAX);
    }
}
