//! The leaf estimate: how many more cells each colour can expect to place, judged from
//! the room near its open corners, mixed into a simulation's result with the playout's.
//!
//! A colour's *region* is the set of free cells (not occupied, not beside its own
//! tiles) that it reaches from its open corners in a few orthogonal steps through free
//! cells: where its next pieces can go. A cell that only it reaches is room of its own;
//! a cell an opponent reaches too is contested and counts part. The estimate of a colour
//! is its score plus a share of that room, at most the cells left in its hand; a side's
//! estimate is its colours' sum, and the margin between the sides becomes a result in
//! `0..1` the same way as a finished game's.
//!
//! The playouts place the largest piece that fits and so see the room a colour keeps
//! only through the pieces that happen to fit in it; the estimate reads it off the
//! board where the tree ends, before the playout's own noise (measured in
//! self-play and against Pentobi; docs/tilewe.md#what-the-settings-rest-on).

use super::features::Sides;
use crate::board::{BOARD_COLUMNS, Board, PAD};
use crate::types::PieceSet;

/// One bit per cell, a `u32` per board row as in the board's planes (column `x` is bit
/// `PAD + x`).
pub(crate) type Region = [u32; 20];

/// The parameters of the leaf estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Territory {
    /// Share of the estimate in a simulation's result (the playout's is the rest).
    pub(crate) mix: f32,
    /// Orthogonal steps from the open corners that a region spans.
    pub(crate) depth: u32,
    /// Future cells expected per cell of room of a colour's own.
    pub(crate) per_cell: f32,
    /// What a contested cell counts for, against a cell of a colour's own.
    pub(crate) contested: f32,
}

/// The region of colour `p`: the free cells within `depth` orthogonal steps of its open
/// corners through free cells (none for a colour that cannot move any more).
pub(crate) fn region(board: &Board, p: usize, depth: u32) -> Region {
    let mut region = [0; 20];
    if board.dead & 1 << p != 0 {
        return region;
    }
    let mut free = [0; 20];
    for (r, row) in board.rows[PAD..PAD + 20].iter().enumerate() {
        free[r] = !row.forbidden[p] & BOARD_COLUMNS;
        region[r] = row.corners[p] & free[r];
    }
    for _ in 0..depth {
        let mut grown = [0; 20];
        let mut changed = false;
        for r in 0..20 {
            let above = if r > 0 { region[r - 1] } else { 0 };
            let below = region.get(r + 1).copied().unwrap_or(0);
            let row = region[r];
            grown[r] = (row | row << 1 | row >> 1 | above | below) & free[r];
            changed |= grown[r] != row;
        }
        region = grown;
        if !changed {
            break;
        }
    }
    region
}

/// Per colour, its score plus the cells its room promises (at most those in its hand).
pub(crate) fn estimates(board: &Board, sides: Sides, territory: &Territory) -> [f32; 4] {
    let n = board.player_count();
    let mut regions = [[0; 20]; 4];
    for (p, region) in regions.iter_mut().enumerate().take(n) {
        *region = self::region(board, p, territory.depth);
    }
    let mut out = [0.0; 4];
    for (p, estimate) in out.iter_mut().enumerate().take(n) {
        let mut others: Region = [0; 20];
        for q in (0..n).filter(|&q| sides.opponents[p] & 1 << q != 0) {
            for (other, row) in others.iter_mut().zip(&regions[q]) {
                *other |= row;
            }
        }
        let (own, contested) =
            regions[p]
                .iter()
                .zip(&others)
                .fold((0, 0), |(own, contested), (&mine, &other)| {
                    (
                        own + (mine & !other).count_ones(),
                        contested + (mine & other).count_ones(),
                    )
                });
        let room = territory.per_cell * (own as f32 + territory.contested * contested as f32);
        let hand = PieceSet::from_bits(board.remaining[p]).tile_count() as f32;
        *estimate = f32::from(board.scores[p]) + room.min(hand);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::StartCorners;
    use crate::engine::Teams;

    fn cells(region: &Region) -> u32 {
        region.iter().map(|row| row.count_ones()).sum()
    }

    fn partners() -> Sides {
        Sides::from_teams(Teams::Partners.numbers(4), 4)
    }

    #[test]
    fn a_region_spans_the_steps_from_the_open_corners() {
        let board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        // From a board corner, the cells within d steps: (d + 1)(d + 2) / 2.
        for depth in 0..8 {
            let expected = (depth + 1) * (depth + 2) / 2;
            for p in 0..4 {
                assert_eq!(cells(&region(&board, p, depth)), expected, "{p} {depth}");
            }
        }
        // Without a limit it fills the whole free board.
        assert_eq!(cells(&region(&board, 0, 100)), 400);
    }

    #[test]
    fn a_region_stays_off_the_colours_forbidden_cells() {
        let mut board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let mv = board.legal_moves()[0];
        board.push(mv).unwrap();
        let blue = region(&board, 0, 6);
        for (r, row) in board.rows[PAD..PAD + 20].iter().enumerate() {
            assert_eq!(blue[r] & row.forbidden[0], 0);
            assert_eq!(blue[r] & !BOARD_COLUMNS, 0);
        }
        assert!(cells(&blue) > 0);
        // Yellow has not moved: its region is the same as on the empty board.
        let empty = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        assert_eq!(region(&board, 1, 6), region(&empty, 1, 6));
    }

    #[test]
    fn estimates_add_a_share_of_the_room_to_the_score() {
        let territory = Territory {
            mix: 0.2,
            depth: 3,
            per_cell: 0.5,
            contested: 0.5,
        };
        let board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        // Ten cells within three steps of each corner, none contested: 5 cells each.
        assert_eq!(estimates(&board, partners(), &territory), [5.0; 4]);
        // The room never promises more than the hand holds.
        let roomy = Territory {
            per_cell: 100.0,
            ..territory
        };
        assert_eq!(estimates(&board, partners(), &roomy), [89.0; 4]);
        // A placed piece is in the score.
        let mut played = board.clone();
        let mv = played.legal_moves()[0];
        played.push(mv).unwrap();
        let blue = estimates(&played, partners(), &territory)[0];
        let room = cells(&region(&played, 0, 3)) as f32 * 0.5;
        assert_eq!(blue, f32::from(played.scores[0]) + room);
    }

    #[test]
    fn a_cell_an_opponent_reaches_too_counts_part() {
        // Blue (a20) and yellow (t20) are opponents 19 columns apart: with 12 steps each
        // their regions meet along the top rows.
        let board = Board::with_start_corners(4, StartCorners::Fixed).unwrap();
        let (all, none) = (1.0, 0.0);
        let with = |contested| Territory {
            mix: 0.2,
            depth: 12,
            per_cell: 0.1,
            contested,
        };
        let full = estimates(&board, partners(), &with(all))[0];
        let own_only = estimates(&board, partners(), &with(none))[0];
        assert_eq!(full, cells(&region(&board, 0, 12)) as f32 * 0.1);
        assert!(own_only < full);
    }
}
