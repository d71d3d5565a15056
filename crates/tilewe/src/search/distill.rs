//! Self-distillation of the [`MoveModel`]: the move model is fitted to the visit
//! distributions of the engine's own deep searches, so that a short search starts from
//! priors close to what a long one would find.

use std::collections::{HashMap, HashSet};

use crate::board::Board;
use crate::moves::Move;
use crate::types::PieceSet;

use super::features::{Sides, Tracker, for_each_move};
use super::model::{self, MoveModel, N_ACTIVE, N_WEIGHTS};
use crate::engine::Teams;

/// No weight in this slot (the centre group outside the opening).
const NO_WEIGHT: u16 = u16::MAX;

/// Positions with fewer visits at the root than this teach little and are skipped.
const MIN_VISITS: u32 = 50;

/// Training positions for the move model: per position, the features of the moves a
/// search considered and the share of the search's visits each received; and the fit
/// of a [`MoveModel`] to them (softmax over each position's moves, cross-entropy against
/// the visit shares, Adam steps, a little L2 pull towards the starting model).
///
/// The `tilewe_distill` example plays games with [`Mcts`](super::Mcts), adds every
/// searched position with [`Distiller::add`] and writes the [`Distiller::fit`] of the
/// model it played with, in the text form of `move_model.txt` (the shipped
/// [`MoveModel::standard`]).
///
/// # Examples
///
/// ```
/// use sokoengine_tilewe::{Board, Budget, Distiller, Engine, Mcts, MoveModel, Rng, StartCorners, Teams};
///
/// let board = Board::with_start_corners(4, StartCorners::Fixed)?;
/// let mut engine = Mcts::new(Budget::Playouts(200)).with_teams(Teams::Partners);
/// engine.choose(&board, &mut Rng::new(1));
/// let mut distiller = Distiller::new();
/// assert!(distiller.add(&board, Teams::Partners, &engine.root_visits()));
/// let start = MoveModel::hand_set();
/// let fitted = distiller.fit(&start, 50);
/// // The fit explains the search's choices at least as well as its start did.
/// assert!(distiller.loss(&fitted).0 <= distiller.loss(&start).0);
/// # Ok::<(), sokoengine_tilewe::BoardError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Distiller {
    /// Per position: its moves are `moves[start..end]`.
    positions: Vec<(usize, usize)>,
    /// Per move: the weights it activates and its share of the visits.
    moves: Vec<([u16; N_ACTIVE], f64)>,
}

impl Distiller {
    /// No positions yet.
    #[must_use]
    pub fn new() -> Distiller {
        Distiller::default()
    }

    /// Number of positions.
    #[must_use]
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// Whether there are no positions.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// Adds `board`'s position with the root `visits` of a search of it (as
    /// [`Mcts::root_visits`](super::Mcts::root_visits) gives them) for a game played by
    /// `teams`. The board's history counts (the features answer the opponents' latest
    /// moves). Moves that are not legal there are left out; a position with fewer than
    /// two moves or fewer than 50 visits is skipped. Returns whether it was added.
    pub fn add(&mut self, board: &Board, teams: Teams, visits: &[(Move, u32)]) -> bool {
        let total: u32 = visits.iter().map(|v| v.1).sum();
        if board.is_finished() || visits.len() < 2 || total < MIN_VISITS {
            return false;
        }
        let mut features = HashMap::new();
        for_each_placement(board, teams, |key, active| {
            features.insert(key, active);
        });
        let start = self.moves.len();
        for &(mv, n) in visits {
            if let Some(&active) = features.get(&mv.placement_key()) {
                self.moves.push((active, f64::from(n) / f64::from(total)));
            }
        }
        self.close_position(start)
    }

    /// Adds `board`'s position with the move a player chose there, `chosen`, for a game
    /// played by `teams`: the fit then raises the chosen placement against every other
    /// legal placement of the position (where [`Self::add`] compares only the moves a
    /// search visited). The board's history counts, as for [`Self::add`]. A position
    /// with fewer than two distinct placements, or where `chosen` is not legal, is
    /// skipped. Returns whether it was added.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_tilewe::{Board, Distiller, Teams};
    ///
    /// let mut board = Board::new(4)?;
    /// let mut distiller = Distiller::new();
    /// let chosen = board.legal_moves()[0];
    /// assert!(distiller.add_choice(&board, Teams::Partners, chosen));
    /// board.push(chosen)?;
    /// // Blue's piece is no move of yellow's, who is to move now.
    /// assert!(!distiller.add_choice(&board, Teams::Partners, chosen));
    /// assert_eq!(distiller.len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn add_choice(&mut self, board: &Board, teams: Teams, chosen: Move) -> bool {
        if board.is_finished() {
            return false;
        }
        let target = chosen.placement_key();
        let start = self.moves.len();
        let mut found = false;
        for_each_placement(board, teams, |key, active| {
            found |= key == target;
            self.moves
                .push((active, f64::from(u8::from(key == target))));
        });
        if !found {
            self.moves.truncate(start);
            return false;
        }
        self.close_position(start)
    }

    /// Makes the moves from `start` on one position, or drops them if there are fewer
    /// than two; returns whether the position was kept.
    fn close_position(&mut self, start: usize) -> bool {
        if self.moves.len() - start < 2 {
            self.moves.truncate(start);
            return false;
        }
        self.positions.push((start, self.moves.len()));
        true
    }

    /// Mean cross-entropy in nats of `model`'s move distribution against the visit
    /// shares, and the share of positions where its best move is the most visited one.
    #[must_use]
    pub fn loss(&self, model: &MoveModel) -> (f64, f64) {
        let w = model.nats();
        let mut loss = 0.0;
        let mut agree = 0usize;
        let mut probs = Vec::new();
        for &(start, end) in &self.positions {
            let moves = &self.moves[start..end];
            softmax(&w, moves, &mut probs);
            loss -= moves
                .iter()
                .zip(&probs)
                .map(|(m, &q)| m.1 * q.max(1e-300).ln())
                .sum::<f64>();
            let top = |v: &mut dyn Iterator<Item = f64>| {
                v.enumerate()
                    .fold(
                        (0, f64::NEG_INFINITY),
                        |b, (i, x)| if x > b.1 { (i, x) } else { b },
                    )
                    .0
            };
            agree +=
                usize::from(top(&mut moves.iter().map(|m| m.1)) == top(&mut probs.iter().copied()));
        }
        let n = self.positions.len().max(1) as f64;
        (loss / n, agree as f64 / n)
    }

    /// The model fitted to the positions in `epochs` full passes, starting from `start`.
    #[must_use]
    pub fn fit(&self, start: &MoveModel, epochs: u32) -> MoveModel {
        const RATE: f64 = 0.03;
        const L2: f64 = 1e-4;
        const BETA1: f64 = 0.9;
        const BETA2: f64 = 0.999;
        let w0 = start.nats();
        let mut w = w0.clone();
        let (mut m, mut v) = (vec![0.0; N_WEIGHTS], vec![0.0; N_WEIGHTS]);
        let mut grad = vec![0.0; N_WEIGHTS];
        let mut probs = Vec::new();
        let n = self.positions.len().max(1) as f64;
        let (mut b1, mut b2) = (1.0, 1.0);
        for _ in 0..epochs {
            for (g, (&wi, &w0i)) in grad.iter_mut().zip(w.iter().zip(&w0)) {
                *g = 2.0 * L2 * (wi - w0i);
            }
            for &(start, end) in &self.positions {
                let moves = &self.moves[start..end];
                softmax(&w, moves, &mut probs);
                for (mv, &q) in moves.iter().zip(&probs) {
                    let d = (q - mv.1) / n;
                    for &i in mv.0.iter().filter(|&&i| i != NO_WEIGHT) {
                        grad[usize::from(i)] += d;
                    }
                }
            }
            b1 *= BETA1;
            b2 *= BETA2;
            for i in 0..N_WEIGHTS {
                m[i] = BETA1 * m[i] + (1.0 - BETA1) * grad[i];
                v[i] = BETA2 * v[i] + (1.0 - BETA2) * grad[i] * grad[i];
                let step = m[i] / (1.0 - b1) / ((v[i] / (1.0 - b2)).sqrt() + 1e-9);
                w[i] -= RATE * step;
            }
        }
        MoveModel::from_nats(&w)
    }
}

/// Calls `f` once for each distinct placement the player to move on `board` (not
/// finished) has, in a game played by `teams`: its placement key and the model weights
/// its features activate (the first of its moves the generator lists).
fn for_each_placement(board: &Board, teams: Teams, mut f: impl FnMut(u32, [u16; N_ACTIVE])) {
    let n_players = board.player_count();
    let sides = Sides::from_teams(teams.numbers(n_players), n_players);
    let p = usize::from(board.current);
    let phase = model::phase(PieceSet::ALL.len() as u32 - board.remaining[p].count_ones());
    let mut seen = HashSet::new();
    for_each_move(board, &Tracker::new(board), sides, true, |mv, features| {
        let key = mv.placement_key();
        if seen.insert(key) {
            f(
                key,
                model::indices(&features, phase).map(|i| u16::try_from(i).unwrap_or(NO_WEIGHT)),
            );
        }
    });
}

/// The model's probabilities of `moves` (weights `w` in nats) into `out`.
fn softmax(w: &[f64], moves: &[([u16; N_ACTIVE], f64)], out: &mut Vec<f64>) {
    out.clear();
    out.extend(moves.iter().map(|m| {
        m.0.iter()
            .filter(|&&i| i != NO_WEIGHT)
            .map(|&i| w[usize::from(i)])
            .sum::<f64>()
    }));
    let top = out.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut sum = 0.0;
    for x in out.iter_mut() {
        *x = (*x - top).exp();
        sum += *x;
    }
    for x in out.iter_mut() {
        *x /= sum;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::StartCorners;

    #[test]
    fn a_choice_is_fitted_against_every_legal_placement() {
        // A player who always takes the last distinct placement the generator lists.
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mut distiller = Distiller::new();
        for _ in 0..12 {
            let moves = board.legal_moves();
            let mut distinct: Vec<Move> = Vec::new();
            for &mv in &moves {
                if !distinct
                    .iter()
                    .any(|m| m.placement_key() == mv.placement_key())
                {
                    distinct.push(mv);
                }
            }
            let chosen = *distinct.last().unwrap();
            assert!(distiller.add_choice(&board, Teams::Partners, chosen));
            // Every distinct placement is compared, the chosen one alone the target.
            let (start, end) = *distiller.positions.last().unwrap();
            assert_eq!(end - start, distinct.len());
            let targets: f64 = distiller.moves[start..end].iter().map(|m| m.1).sum();
            assert_eq!(targets, 1.0);
            board.push(chosen).unwrap();
        }
        let start = MoveModel::hand_set();
        let fitted = distiller.fit(&start, 100);
        assert!(distiller.loss(&fitted).0 < distiller.loss(&start).0);
    }
}
