//! Engines: move choosers behind one trait.

use std::f64::consts::LN_2;

use crate::board::Board;
use crate::moves::Move;
use crate::rng::Rng;
use crate::tables::tables;
use crate::types::Color;

/// Who plays with whom: what a colour's result is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Teams {
    /// Every colour for itself: a colour wins with the most cells.
    #[default]
    Solo,
    /// Blue and red against yellow and green, each side scoring the cells of both its
    /// colours (Blokus Two-Player; needs 4 colours, otherwise every colour plays alone).
    Partners,
}

impl Teams {
    /// Team number of each colour.
    pub(crate) const fn numbers(self, n_players: usize) -> [u8; 4] {
        match self {
            Teams::Partners if n_players == 4 => [0, 1, 0, 1],
            _ => [0, 1, 2, 3],
        }
    }
}

/// Something that picks a move for the player to move.
///
/// Engines draw every random choice from the [`Rng`] they are handed, so a match seeded
/// the same way replays identically.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Engine, MostTiles, Rng};
///
/// let board = Board::new(4)?;
/// let mv = MostTiles.choose(&board, &mut Rng::new(7)).expect("the opening has moves");
/// assert_eq!(mv.piece().tile_count(), 5);
/// # Ok::<(), sokoengine_tilewe::BoardError>(())
/// ```
pub trait Engine {
    /// A short name for reports.
    fn name(&self) -> String;

    /// A legal move for the player to move, or `None` when the game is finished.
    fn choose(&mut self, board: &Board, rng: &mut Rng) -> Option<Move>;

    /// Tells the engine who plays with whom. Engines that only look at their own
    /// colour ignore it.
    fn set_teams(&mut self, teams: Teams) {
        let _ = teams;
    }
}

/// Picks uniformly among the legal moves.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Engine, RandomEngine, Rng};
///
/// let board = Board::new(4)?;
/// let (mut a, mut b) = (Rng::new(7), Rng::new(7));
/// let first = RandomEngine.choose(&board, &mut a).expect("a legal move");
/// assert_eq!(Some(first), RandomEngine.choose(&board, &mut b)); // same seed, same move
/// assert!(board.legal_moves().contains(&first));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomEngine;

impl Engine for RandomEngine {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> Option<Move> {
        // The same move as drawing from `legal_moves()`, found without listing them all.
        board.random_move(rng)
    }
}

/// Index of a random move among those with the largest piece, or `None` for no moves.
pub(crate) fn pick_largest(moves: &[Move], rng: &mut Rng) -> Option<Move> {
    let t = tables();
    let size = |mv: &Move| t.pairs[mv.pair_id()].piece.tile_count();
    let best = moves.iter().map(size).max()?;
    let count = moves.iter().filter(|mv| size(mv) == best).count();
    let k = rng.below(count);
    moves.iter().filter(|mv| size(mv) == best).nth(k).copied()
}

/// Plays the largest piece it can (ties broken at random).
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Engine, MostTiles, Rng};
///
/// let board = Board::new(4)?;
/// let mv = MostTiles.choose(&board, &mut Rng::new(1)).expect("a legal move");
/// assert_eq!(mv.piece().tile_count(), 5); // a five-tile piece opens the game
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct MostTiles;

impl Engine for MostTiles {
    fn name(&self) -> String {
        "most-tiles".to_owned()
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> Option<Move> {
        pick_largest(&board.legal_moves(), rng)
    }
}

/// Maximises its own open corners after the move (ties broken at random).
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{play_game, Engine, MostCorners, RandomEngine};
///
/// // Seeded games are reproducible.
/// let mut corners = MostCorners;
/// let mut random = RandomEngine;
/// let once = play_game(&mut [&mut corners, &mut random], 3);
/// let again = play_game(&mut [&mut corners, &mut random], 3);
/// assert_eq!(once.moves(), again.moves());
/// assert_eq!(corners.name(), "most-corners");
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct MostCorners;

impl Engine for MostCorners {
    fn name(&self) -> String {
        "most-corners".to_owned()
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> Option<Move> {
        let me = board.current_player();
        let mut scratch = board.without_history();
        let mut best = Vec::new();
        let mut best_value = i64::MIN;
        for mv in board.legal_moves() {
            scratch.push_unchecked(mv);
            let value = scratch.corner_count(me) as i64;
            let _ = scratch.pop();
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value {
                best.push(mv);
            }
        }
        (!best.is_empty()).then(|| best[rng.below(best.len())])
    }
}

/// Flat Monte Carlo search: each candidate move (the largest pieces the player can place)
/// gets playouts by UCB1; playouts follow the "largest piece at random" policy to the end
/// of the game; the move with the best average result is played.
///
/// A playout's result is `0.5 + (own score - best other score) / 178`, in 0..1.
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Engine, MonteCarlo, Rng};
///
/// let mut engine = MonteCarlo::new(8); // 8 playouts per decision (keep it small here)
/// let board = Board::new(2)?;
/// let mv = engine.choose(&board, &mut Rng::new(5)).expect("a legal move");
/// assert!(board.is_legal(mv));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct MonteCarlo {
    /// Playouts per decision.
    pub playouts: usize,
}

impl Default for MonteCarlo {
    fn default() -> Self {
        MonteCarlo { playouts: 400 }
    }
}

impl MonteCarlo {
    /// A Monte Carlo engine with `playouts` playouts per decision.
    #[must_use]
    pub const fn new(playouts: usize) -> MonteCarlo {
        MonteCarlo { playouts }
    }

    fn playout(board: &mut Board, me: Color, rng: &mut Rng, buf: &mut Vec<Move>) -> f64 {
        while !board.is_finished() {
            board.generate_into(board.current_player(), buf);
            match pick_largest(buf, rng) {
                Some(mv) => board.push_unchecked(mv),
                None => break,
            }
        }
        let mine = i64::from(board.score(me));
        let best_other = board
            .players()
            .filter(|&c| c != me)
            .map(|c| i64::from(board.score(c)))
            .max()
            .unwrap_or(0);
        0.5 + (mine - best_other) as f64 / 178.0
    }
}

impl Engine for MonteCarlo {
    fn name(&self) -> String {
        format!("monte-carlo-{}", self.playouts)
    }

    fn choose(&mut self, board: &Board, rng: &mut Rng) -> Option<Move> {
        let moves = board.legal_moves();
        let t = tables();
        let size = |mv: &Move| t.pairs[mv.pair_id()].piece.tile_count();
        let best_size = moves.iter().map(size).max()?;
        // One candidate per placement: duplicates (same cells) would split the playouts.
        let mut candidates: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|mv| size(mv) == best_size)
            .collect();
        candidates.sort_by_key(|mv| (mv.placement_key(), *mv));
        candidates.dedup_by_key(|mv| mv.placement_key());
        if candidates.len() == 1 || self.playouts == 0 {
            return Some(candidates[rng.below(candidates.len())]);
        }
        let me = board.current_player();
        let base = board.without_history();
        let mut buf = Vec::new();
        let mut visits = vec![0u32; candidates.len()];
        let mut totals = vec![0f64; candidates.len()];
        for round in 0..self.playouts.max(candidates.len()) {
            let pick = if round < candidates.len() {
                round
            } else {
                // ln(round) from the integer bit length: only +, *, /, sqrt are used in
                // choices, which IEEE 754 rounds identically everywhere (libm's ln is not
                // guaranteed to), so a seed replays the same game on every platform.
                let log_n = f64::from(usize::BITS - (round + 1).leading_zeros()) * LN_2;
                (0..candidates.len())
                    .max_by(|&a, &b| {
                        let ucb = |i: usize| {
                            totals[i] / f64::from(visits[i])
                                + 0.25 * (log_n / f64::from(visits[i])).sqrt()
                        };
                        ucb(a).total_cmp(&ucb(b)).then(b.cmp(&a))
                    })
                    .unwrap_or(0)
            };
            let mut game = base.clone();
            game.push_unchecked(candidates[pick]);
            totals[pick] += Self::playout(&mut game, me, rng, &mut buf);
            visits[pick] += 1;
        }
        let best = (0..candidates.len())
            .max_by(|&a, &b| {
                let mean = |i: usize| totals[i] / f64::from(visits[i]);
                mean(a).total_cmp(&mean(b)).then(b.cmp(&a))
            })
            .unwrap_or(0);
        Some(candidates[best])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn play(engine: &mut dyn Engine, seed: u64) -> Board {
        let mut board = Board::new(4).unwrap();
        let mut rng = Rng::new(seed);
        while let Some(mv) = engine.choose(&board, &mut rng) {
            board.push(mv).unwrap();
        }
        board
    }

    #[test]
    fn engines_play_legal_games_to_the_end() {
        let engines: [&mut dyn Engine; 4] = [
            &mut RandomEngine,
            &mut MostTiles,
            &mut MostCorners,
            &mut MonteCarlo::new(8),
        ];
        for engine in engines {
            let board = play(engine, 1);
            assert!(board.is_finished(), "{}", engine.name());
            assert!(board.legal_moves().is_empty());
        }
    }

    #[test]
    fn seeded_games_repeat() {
        assert_eq!(
            play(&mut RandomEngine, 5).moves(),
            play(&mut RandomEngine, 5).moves()
        );
        assert_ne!(
            play(&mut RandomEngine, 5).moves(),
            play(&mut RandomEngine, 6).moves()
        );
    }
}
