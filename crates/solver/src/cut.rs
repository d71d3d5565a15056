//! Cut cells of the floor: which cells split the pusher's space, and which side of
//! such a cell any other cell is on. One depth-first search answers, for every cell
//! `c` at once, whether two cells stay connected when `c` is blocked: the question
//! every push asks of the box's cell while the other boxes stand still.

use sokoengine_geometry::Direction;

use crate::ids::{Cell, PerCell};

/// The floor a [`CutTree`] is built over: cells of a compact board, some active, and
/// the active neighbour of each active cell.
pub(crate) trait Floor {
    /// Cells of the board (active or not).
    fn cells_len(&self) -> usize;
    /// The active cells.
    fn active_cells(&self) -> &[Cell];
    /// Whether `cell` is active.
    fn is_active(&self, cell: Cell) -> bool;
    /// The directions of the board's tessellation.
    fn directions(&self) -> &[Direction];
    /// The active neighbour of `cell` in `direction`.
    fn neighbor(&self, cell: Cell, direction: Direction) -> Option<Cell>;
}

/// Not discovered (blocked or not reached).
const UNSEEN: u32 = u32::MAX;

/// A depth-first forest over the open cells of a board, with its cut cells.
#[derive(Debug, Clone, Default)]
pub(crate) struct CutTree {
    /// Discovery time per cell (`UNSEEN` = blocked or not reached).
    discovered: PerCell<u32>,
    /// Last discovery time inside each cell's subtree.
    finished: PerCell<u32>,
    low: PerCell<u32>,
    parent: PerCell<Cell>,
    /// The tree (connected area) of each cell.
    tree: PerCell<u32>,
    /// Per cell: first index into `separated` and how many.
    separated_first: PerCell<u32>,
    separated_count: PerCell<u8>,
    /// Whether the cell is the root of its tree.
    root: PerCell<bool>,
    /// Discovery intervals of the child subtrees each cut cell separates.
    separated: Vec<(u32, u32)>,
    /// The open cells in discovery order.
    order: Vec<Cell>,
    /// Per tree: its first and last discovery time.
    spans: Vec<(u32, u32)>,
    stack: Vec<(Cell, u8)>,
    pairs: Vec<(Cell, Cell)>,
}

impl CutTree {
    /// Builds the forest over the active cells of `model` that `blocked` does not
    /// exclude, searching from `first` before any other cell.
    pub(crate) fn build(
        &mut self,
        model: &impl Floor,
        first: Cell,
        blocked: impl Fn(Cell) -> bool,
    ) {
        let len = model.cells_len();
        self.discovered.clear();
        self.discovered.resize(len, UNSEEN);
        self.finished.resize(len, 0);
        self.low.resize(len, 0);
        self.parent.resize(len, Cell::NONE);
        self.tree.resize(len, u32::MAX);
        self.separated_first.resize(len, 0);
        self.separated_count.clear();
        self.separated_count.resize(len, 0);
        self.root.clear();
        self.root.resize(len, false);
        self.separated.clear();
        self.pairs.clear();
        self.order.clear();
        self.spans.clear();
        let mut time = 0_u32;
        let mut trees = 0_u32;
        for start in std::iter::once(first).chain(model.active_cells().iter().copied()) {
            if !model.is_active(start) || blocked(start) || self.discovered[start] != UNSEEN {
                continue;
            }
            let begin = time;
            self.search(model, start, trees, &mut time, &blocked);
            self.spans.push((begin, time - 1));
            trees += 1;
        }
        // Separated children grouped by parent.
        let mut pairs = std::mem::take(&mut self.pairs);
        pairs.sort_unstable();
        for &(p, c) in &pairs {
            if self.separated_count[p] == 0 {
                self.separated_first[p] = self.separated.len() as u32;
            }
            self.separated.push((self.discovered[c], self.finished[c]));
            self.separated_count[p] += 1;
        }
        self.pairs = pairs;
    }

    fn search(
        &mut self,
        model: &impl Floor,
        root: Cell,
        tree: u32,
        time: &mut u32,
        blocked: &impl Fn(Cell) -> bool,
    ) {
        let r = root;
        self.root[r] = true;
        self.parent[r] = Cell::NONE;
        self.discovered[r] = *time;
        self.low[r] = *time;
        self.tree[r] = tree;
        self.order.push(root);
        *time += 1;
        self.stack.clear();
        self.stack.push((root, 0));
        while let Some(&mut (cell, ref mut next)) = self.stack.last_mut() {
            if let Some(&direction) = model.directions().get(usize::from(*next)) {
                *next += 1;
                let Some(neighbor) = model.neighbor(cell, direction) else {
                    continue;
                };
                if blocked(neighbor) {
                    continue;
                }
                let n = neighbor;
                if self.discovered[n] == UNSEEN {
                    self.discovered[n] = *time;
                    self.low[n] = *time;
                    self.tree[n] = tree;
                    self.parent[n] = cell;
                    self.order.push(neighbor);
                    *time += 1;
                    self.stack.push((neighbor, 0));
                } else {
                    // Back edges (and the edge to the parent, harmless for cut cells).
                    let c = cell;
                    self.low[c] = self.low[c].min(self.discovered[n]);
                }
            } else {
                self.stack.pop();
                let c = cell;
                self.finished[c] = *time - 1;
                let p = self.parent[c];
                if !p.is_none() {
                    self.low[p] = self.low[p].min(self.low[c]);
                    if self.root[p] || self.low[c] >= self.discovered[p] {
                        self.pairs.push((p, cell));
                    }
                }
            }
        }
    }

    /// Whether `cell` is open (part of the forest).
    #[inline]
    pub(crate) fn is_open(&self, cell: Cell) -> bool {
        self.discovered[cell] != UNSEEN
    }

    /// How many sides `cell` has: the areas its neighbours fall into when it is
    /// blocked (at least 1 for an open cell).
    #[inline]
    pub(crate) fn side_count(&self, cell: Cell) -> u8 {
        let c = cell;
        let separated = self.separated_count[c];
        let rest = u8::from(!self.root[c]);
        (separated + rest).max(1)
    }

    /// The side of open `cell` that open `other` (another cell of the same tree) is
    /// on: the index of the separated subtree containing it, or the last side (the
    /// rest of the tree).
    #[inline]
    pub(crate) fn side_of(&self, cell: Cell, other: Cell) -> u8 {
        let c = cell;
        let count = usize::from(self.separated_count[c]);
        if count == 0 {
            return 0;
        }
        let first = self.separated_first[c] as usize;
        let time = self.discovered[other];
        for (index, &(start, end)) in self.separated[first..first + count].iter().enumerate() {
            if start <= time && time <= end {
                return index as u8;
            }
        }
        count as u8
    }

    /// The open cells in discovery order: each tree, and each subtree within it, is
    /// a run of it (the runs [`CutTree::span_of`] and [`CutTree::separated`] name).
    pub(crate) fn order(&self) -> &[Cell] {
        &self.order
    }

    /// How many trees (connected areas of open cells) the forest has.
    pub(crate) fn tree_count(&self) -> usize {
        self.spans.len()
    }

    /// The first and last discovery time of the tree of open `cell`.
    #[inline]
    pub(crate) fn span_of(&self, cell: Cell) -> (u32, u32) {
        self.spans[self.tree[cell] as usize]
    }

    /// The discovery intervals of the subtrees that blocking open `cell` cuts off
    /// from the rest of its tree, in side order (see [`CutTree::side_of`]).
    #[inline]
    pub(crate) fn separated(&self, cell: Cell) -> &[(u32, u32)] {
        let count = usize::from(self.separated_count[cell]);
        if count == 0 {
            return &[];
        }
        let first = self.separated_first[cell] as usize;
        &self.separated[first..first + count]
    }

    /// Whether open `cell` is the first cell discovered in its tree.
    #[inline]
    pub(crate) fn is_root(&self, cell: Cell) -> bool {
        self.root[cell]
    }

    /// Whether open cells `a` and `b` are in one connected area.
    #[inline]
    pub(crate) fn same_tree(&self, a: Cell, b: Cell) -> bool {
        self.tree[a] == self.tree[b]
    }

    /// Whether open cells `a` and `b` are connected when `cell` (open, not `a` or
    /// `b`) is blocked as well.
    #[inline]
    pub(crate) fn connected_without(&self, cell: Cell, a: Cell, b: Cell) -> bool {
        let tree = self.tree[cell];
        self.tree[a] == tree
            && self.tree[b] == tree
            && self.side_of(cell, a) == self.side_of(cell, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Model;
    use sokoengine_board::Puzzle;
    use sokoengine_geometry::Tessellation;

    #[test]
    fn sides_match_flood_fills() {
        let text = "#########/#@  #   #/# $   $ #/#.# ### #/#   #.  #/#########";
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        let model = Model::new(&puzzle, 1 << 30).unwrap();
        let mut tree = CutTree::default();
        tree.build(&model, model.start_pusher, |_| false);
        // For every cell c and pair (a, b): connected without c iff a flood fill
        // that avoids c reaches b from a.
        for &c in model.floor.iter() {
            for &a in model.floor.iter() {
                if a == c {
                    continue;
                }
                let mut seen = PerCell::filled(false, model.board.cells_len());
                let mut stack = vec![a];
                seen[a] = true;
                while let Some(x) = stack.pop() {
                    for &d in model.directions {
                        let Some(n) = model.neighbor(x, d) else {
                            continue;
                        };
                        if n != c && !seen[n] {
                            seen[n] = true;
                            stack.push(n);
                        }
                    }
                }
                for &b in model.floor.iter() {
                    if b != c && b != a {
                        assert_eq!(tree.connected_without(c, a, b), seen[b]);
                    }
                }
            }
        }
    }
}
