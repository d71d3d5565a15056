//! A depth-limited minimax player with alpha-beta pruning.

use std::fmt;

use crate::{Player, PlayerIndex, Rules, Score};

/// Estimates how good a position is for a player; used where the search stops before the
/// end of the game.
pub type Heuristic<R> = fn(&R, &<R as Rules>::Position, PlayerIndex) -> Score;

/// Looks `depth` movements ahead with minimax and alpha-beta pruning (IArena's minimax
/// players), then plays the best movement; ties go to the earliest movement in the rules'
/// order, so play is deterministic.
///
/// The player maximises its own value and assumes every other player minimises it (the
/// "paranoid" reading, which covers two-player games exactly). A finished position is worth
/// its score minus the best score of the others; where the search stops, the
/// [`Heuristic`] decides (by default `0`, "unknown"). Keep heuristic values on the scale of
/// score differences.
///
/// # Examples
///
/// ```
/// use sokoengine_rules::{AlphaBetaPlayer, Arena, FirstMovementPlayer, PlayerIndex};
/// # use sokoengine_rules::{Rules, ScoreBoard};
/// # #[derive(Debug)] struct Nim(u32);
/// # #[derive(Debug, thiserror::Error)] #[error("no")] struct No;
/// # #[derive(Clone, Debug)] struct Heap(u32, u8);
/// # impl std::fmt::Display for Heap { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "{}", self.0) } }
/// # impl Rules for Nim {
/// #   type Position = Heap; type Movement = u32; type Error = No;
/// #   fn player_count(&self) -> usize { 2 }
/// #   fn first_position(&self) -> Heap { Heap(self.0, 0) }
/// #   fn next_player(&self, p: &Heap) -> PlayerIndex { PlayerIndex::new(p.1) }
/// #   fn possible_movements(&self, p: &Heap) -> Vec<u32> { (1..=p.0.min(3)).collect() }
/// #   fn next_position(&self, m: &u32, p: &Heap) -> Result<Heap, No> {
/// #       if *m == 0 || *m > p.0.min(3) { return Err(No) } Ok(Heap(p.0 - m, 1 - p.1)) }
/// #   fn finished(&self, p: &Heap) -> bool { p.0 == 0 }
/// #   fn score(&self, p: &Heap) -> ScoreBoard {
/// #       let mut b = ScoreBoard::from_scores([0, 0]); b.define_score(PlayerIndex::new(1 - p.1), 1); b }
/// # }
/// // `Nim` (hidden): take 1 to 3 tokens, taking the last one wins.
/// let nim = Nim(10);
/// let mut wise = AlphaBetaPlayer::new(12);
/// let mut naive = FirstMovementPlayer::new();
/// let report = Arena::new(&nim).play(&mut [&mut wise, &mut naive])?;
/// assert_eq!(report.score.winner(), Some(PlayerIndex::FIRST));
/// # Ok::<(), sokoengine_rules::GameError>(())
/// ```
pub struct AlphaBetaPlayer<R: Rules> {
    name: String,
    depth: u32,
    me: PlayerIndex,
    heuristic: Heuristic<R>,
}

impl<R: Rules> AlphaBetaPlayer<R> {
    /// A player that looks `depth` movements ahead, valuing unfinished positions at `0`.
    pub fn new(depth: u32) -> Self {
        Self {
            name: crate::player::unique_name("AlphaBetaPlayer"),
            depth,
            me: PlayerIndex::FIRST,
            heuristic: |_, _, _| 0,
        }
    }

    /// Values unfinished positions where the search stops with `heuristic`.
    #[must_use]
    pub fn with_heuristic(mut self, heuristic: Heuristic<R>) -> Self {
        self.heuristic = heuristic;
        self
    }

    /// How many movements the player looks ahead.
    pub fn depth(&self) -> u32 {
        self.depth
    }

    fn terminal_value(&self, rules: &R, position: &R::Position) -> Score {
        let board = rules.score(position);
        let mine = board.score(self.me);
        let others = board
            .iter()
            .filter(|&(player, _)| player != self.me)
            .map(|(_, score)| score)
            .max()
            .unwrap_or(0);
        mine.saturating_sub(others)
    }

    fn value(
        &self,
        rules: &R,
        position: &R::Position,
        depth: u32,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        if rules.finished(position) {
            return self.terminal_value(rules, position);
        }
        if depth == 0 {
            return (self.heuristic)(rules, position, self.me);
        }
        let successors = rules.successors(position);
        if successors.is_empty() {
            return (self.heuristic)(rules, position, self.me);
        }
        if rules.next_player(position) == self.me {
            let mut best = Score::MIN;
            for (_, next) in &successors {
                best = best.max(self.value(rules, next, depth - 1, alpha, beta));
                alpha = alpha.max(best);
                if alpha >= beta {
                    break;
                }
            }
            best
        } else {
            let mut best = Score::MAX;
            for (_, next) in &successors {
                best = best.min(self.value(rules, next, depth - 1, alpha, beta));
                beta = beta.min(best);
                if alpha >= beta {
                    break;
                }
            }
            best
        }
    }
}

impl<R: Rules> Clone for AlphaBetaPlayer<R> {
    fn clone(&self) -> Self {
        Self {
            name: self.name.clone(),
            depth: self.depth,
            me: self.me,
            heuristic: self.heuristic,
        }
    }
}

impl<R: Rules> fmt::Debug for AlphaBetaPlayer<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AlphaBetaPlayer")
            .field("name", &self.name)
            .field("depth", &self.depth)
            .field("me", &self.me)
            .finish_non_exhaustive()
    }
}

impl<R: Rules> Player<R> for AlphaBetaPlayer<R> {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn play(&mut self, rules: &R, position: &R::Position) -> Option<R::Movement> {
        // The player to move is the one asked; remember it in case `starting_game` was not
        // called (a player used outside an arena).
        self.me = rules.next_player(position);
        let mut best: Option<(Score, R::Movement)> = None;
        let mut alpha = Score::MIN;
        for (movement, next) in rules.successors(position) {
            let value = self.value(
                rules,
                &next,
                self.depth.saturating_sub(1),
                alpha,
                Score::MAX,
            );
            if best.as_ref().is_none_or(|(v, _)| value > *v) {
                alpha = alpha.max(value);
                best = Some((value, movement));
            }
        }
        best.map(|(_, movement)| movement)
    }

    fn starting_game(&mut self, _rules: &R, player: PlayerIndex) {
        self.me = player;
    }
}
