//! The pusher's region of an expanded position, analysed once so that the
//! normalized pusher cell of most children follows without a flood fill: its
//! smallest two cells and its cut cells (cells whose removal splits it).

use sokoengine_board::Reach;

use crate::ids::{Cell, PerCell};
use crate::model::Model;

/// Cut cells and smallest cells of one region.
#[derive(Debug, Clone)]
pub(crate) struct Region {
    generation: u32,
    /// Stamp per cell: visited by the current analysis.
    seen: PerCell<u32>,
    /// Stamp per cell: a cut cell of the current region.
    cut: PerCell<u32>,
    discovered: PerCell<u32>,
    low: PerCell<u32>,
    stack: Vec<(Cell, u8)>,
    /// The smallest cell of the region.
    pub(crate) min: Cell,
    /// The second smallest (`Cell::NONE` for a region of one cell).
    pub(crate) second: Cell,
}

impl Default for Region {
    fn default() -> Region {
        Region {
            generation: 0,
            seen: PerCell::new(),
            cut: PerCell::new(),
            discovered: PerCell::new(),
            low: PerCell::new(),
            stack: Vec::new(),
            min: Cell::NONE,
            second: Cell::NONE,
        }
    }
}

impl Region {
    /// Analyses the region `reach` holds (reached from `root`).
    pub(crate) fn analyse(&mut self, model: &Model, reach: &Reach, root: Cell) {
        let len = model.board.cells_len();
        if self.seen.len() < len {
            self.seen.resize(len, 0);
            self.cut.resize(len, 0);
            self.discovered.resize(len, 0);
            self.low.resize(len, 0);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.cut.fill(0);
            self.generation = 1;
        }
        let generation = self.generation;
        let (mut min, mut second) = (Cell::NONE, Cell::NONE);
        for &cell in reach.cells() {
            if cell < min {
                second = min;
                min = cell;
            } else if cell < second {
                second = cell;
            }
        }
        self.min = min;
        self.second = second;
        if !reach.reached(root) {
            return;
        }
        // Iterative depth-first search over the region (Tarjan's cut vertices).
        let mut time = 0_u32;
        let mut root_children = 0;
        self.seen[root] = generation;
        self.discovered[root] = time;
        self.low[root] = time;
        time += 1;
        self.stack.clear();
        self.stack.push((root, 0));
        let directions = model.directions;
        while let Some(&mut (cell, ref mut next)) = self.stack.last_mut() {
            if let Some(&direction) = directions.get(usize::from(*next)) {
                *next += 1;
                let Some(n) = model.neighbor(cell, direction) else {
                    continue;
                };
                if !reach.reached(n) {
                    continue;
                }
                if self.seen[n] != generation {
                    self.seen[n] = generation;
                    self.discovered[n] = time;
                    self.low[n] = time;
                    time += 1;
                    if cell == root {
                        root_children += 1;
                    }
                    self.stack.push((n, 0));
                } else {
                    self.low[cell] = self.low[cell].min(self.discovered[n]);
                }
            } else {
                self.stack.pop();
                if let Some(&(p, _)) = self.stack.last() {
                    self.low[p] = self.low[p].min(self.low[cell]);
                    if p != root && self.low[cell] >= self.discovered[p] {
                        self.cut[p] = generation;
                    }
                }
            }
        }
        if root_children >= 2 {
            self.cut[root] = generation;
        }
    }

    /// Whether removing `cell` splits the region.
    #[inline]
    pub(crate) fn is_cut(&self, cell: Cell) -> bool {
        self.cut[cell] == self.generation
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sokoengine_board::Puzzle;
    use sokoengine_geometry::Tessellation;

    #[test]
    fn cut_cells_of_a_room_and_corridor() {
        let text = "########/#@  #  #/#      #/#   #  #/###  ###/#.$  $.#/########";
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        let model = Model::new(&puzzle, 1 << 30).unwrap();
        let position = model.board.start();
        let mut reach = Reach::new();
        position.reachable_into(position.pusher(), &mut reach);
        let mut region = Region::default();
        region.analyse(&model, &reach, model.start_pusher);
        let cut: Vec<usize> = model
            .floor
            .iter()
            .filter(|&&cell| reach.reached(cell) && region.is_cut(cell))
            .map(|&cell| model.board.board_position(cell).index())
            .collect();
        // The doorway (4, 2) joins the right part; (3,4)/(4,4) lead down.
        assert!(cut.contains(&(2 * 8 + 4)), "{cut:?}");
        assert_eq!(model.board.board_position(region.min).index(), 9);
        assert_eq!(model.board.board_position(region.second).index(), 10);
    }
}
