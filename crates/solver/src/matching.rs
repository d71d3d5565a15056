//! The minimum-cost perfect matching of boxes to goals (Hungarian method with
//! potentials), updated incrementally: after a push only the pushed box's row
//! changes, and one augmenting search of O(n²) restores the optimum.
//!
//! Its cost is the solver's lower bound on pushes; no perfect matching at finite
//! cost is a bipartite deadlock.

/// The cost of an impossible box-goal pair; any matching that uses one costs at
/// least this much.
pub(crate) const IMPOSSIBLE: i64 = 1 << 32;

use crate::ids::{CostView, Costs, Slot};

/// A square assignment problem whose rows are boxes and columns goals; box `i`'s
/// costs are the row of its slot `rows[i]` in the cost table.
#[derive(Debug, Clone, Default)]
pub(crate) struct Matching {
    n: usize,
    /// Cost-table row of each box (1-based rows; index 0 unused).
    rows: Vec<Slot>,
    /// Row potentials (1-based).
    u: Vec<i64>,
    /// Column potentials (index 0 is the dummy column).
    v: Vec<i64>,
    /// Row matched to each column (0 = free).
    p: Vec<u32>,
    // Scratch of the augmenting search.
    way: Vec<u32>,
    minv: Vec<i64>,
    used: Vec<bool>,
}

/// A saved matching, to restore after trying a child.
#[derive(Debug, Clone, Default)]
pub(crate) struct Saved {
    rows: Vec<Slot>,
    u: Vec<i64>,
    v: Vec<i64>,
    p: Vec<u32>,
}

impl Matching {
    /// Solves the problem for `rows` from scratch; returns the cost.
    pub(crate) fn solve(&mut self, costs: &Costs, rows: &[Slot]) -> i64 {
        let n = rows.len();
        self.n = n;
        self.rows.clear();
        self.rows.push(Slot::NONE);
        self.rows.extend_from_slice(rows);
        self.u.clear();
        self.u.resize(n + 1, 0);
        self.v.clear();
        self.v.resize(n + 1, 0);
        self.p.clear();
        self.p.resize(n + 1, 0);
        self.way.resize(n + 1, 0);
        self.minv.resize(n + 1, 0);
        self.used.resize(n + 1, false);
        let costs = costs.view();
        for row in 1..=n {
            self.augment(costs, row);
        }
        self.cost(costs)
    }

    /// Replaces box `index`'s cost row (0-based box index) and re-solves; returns
    /// the cost.
    pub(crate) fn update(&mut self, costs: &Costs, index: usize, row: Slot) -> i64 {
        let i = index + 1;
        self.rows[i] = row;
        if let Some(column) = (1..=self.n).find(|&j| self.p[j] as usize == i) {
            self.p[column] = 0;
        }
        // Restore dual feasibility of the changed row.
        let costs = costs.view();
        self.u[i] = (1..=self.n)
            .map(|j| cost_of(costs.get(row, j - 1)) - self.v[j])
            .min()
            .unwrap_or(0);
        self.augment(costs, i);
        self.cost(costs)
    }

    /// The total cost of the current matching.
    pub(crate) fn total(&self, costs: &Costs) -> i64 {
        self.cost(costs.view())
    }

    fn cost(&self, costs: CostView<'_>) -> i64 {
        (1..=self.n)
            .map(|j| {
                let i = self.p[j] as usize;
                cost_of(costs.get(self.rows[i], j - 1))
            })
            .sum()
    }

    /// Adds row `i` to the matching of the other rows (e-maxx's step).
    fn augment(&mut self, costs: CostView<'_>, i: usize) {
        let n = self.n;
        self.p[0] = i as u32;
        let mut j0 = 0;
        self.minv.fill(i64::MAX);
        self.used.fill(false);
        loop {
            self.used[j0] = true;
            let i0 = self.p[j0] as usize;
            let row = self.rows[i0];
            let mut delta = i64::MAX;
            let mut j1 = 0;
            for j in 1..=n {
                if !self.used[j] {
                    let current = cost_of(costs.get(row, j - 1)) - self.u[i0] - self.v[j];
                    if current < self.minv[j] {
                        self.minv[j] = current;
                        self.way[j] = j0 as u32;
                    }
                    if self.minv[j] < delta {
                        delta = self.minv[j];
                        j1 = j;
                    }
                }
            }
            for j in 0..=n {
                if self.used[j] {
                    self.u[self.p[j] as usize] += delta;
                    self.v[j] -= delta;
                } else {
                    self.minv[j] -= delta;
                }
            }
            j0 = j1;
            if self.p[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = self.way[j0] as usize;
            self.p[j0] = self.p[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }

    /// Saves the matching into `saved` (reusing its buffers).
    pub(crate) fn save(&self, saved: &mut Saved) {
        saved.rows.clone_from(&self.rows);
        saved.u.clone_from(&self.u);
        saved.v.clone_from(&self.v);
        saved.p.clone_from(&self.p);
    }

    /// Restores a saved matching.
    pub(crate) fn restore(&mut self, saved: &Saved) {
        self.rows.clone_from(&saved.rows);
        self.u.clone_from(&saved.u);
        self.v.clone_from(&saved.v);
        self.p.clone_from(&saved.p);
    }
}

#[inline]
fn cost_of(distance: u16) -> i64 {
    if distance == u16::MAX {
        IMPOSSIBLE
    } else {
        i64::from(distance)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every permutation's cost, the minimum.
    fn brute_force(costs: &Costs, rows: &[Slot], n: usize) -> i64 {
        fn go(costs: &Costs, rows: &[Slot], n: usize, row: usize, used: &mut Vec<bool>) -> i64 {
            if row == rows.len() {
                return 0;
            }
            let mut best = i64::MAX;
            for column in 0..n {
                if !used[column] {
                    used[column] = true;
                    let rest = go(costs, rows, n, row + 1, used);
                    used[column] = false;
                    let here = cost_of(costs.get(rows[row], column));
                    best = best.min(here.saturating_add(rest));
                }
            }
            best
        }
        go(costs, rows, n, 0, &mut vec![false; n])
    }

    #[test]
    fn solves_and_updates_like_brute_force() {
        let mut seed = 12345_u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for _ in 0..200 {
            let n = 1 + (random() % 6) as usize;
            let table_rows = 10;
            let mut costs = Costs::filled(0, table_rows, n);
            for slot in 0..table_rows {
                for column in 0..n {
                    let cost = if random() % 7 == 0 {
                        u16::MAX
                    } else {
                        (random() % 20) as u16
                    };
                    costs.set(Slot::at(slot), column, cost);
                }
            }
            let mut rows: Vec<Slot> = (0..n)
                .map(|_| Slot::at((random() % table_rows as u64) as usize))
                .collect();
            let mut matching = Matching::default();
            let cost = matching.solve(&costs, &rows);
            assert_eq!(cost, brute_force(&costs, &rows, n));
            let mut saved = Saved::default();
            for _ in 0..5 {
                matching.save(&mut saved);
                let index = (random() % n as u64) as usize;
                let row = Slot::at((random() % table_rows as u64) as usize);
                let old = rows[index];
                rows[index] = row;
                let cost = matching.update(&costs, index, row);
                assert_eq!(cost, brute_force(&costs, &rows, n), "{rows:?}");
                if random() % 2 == 0 {
                    matching.restore(&saved);
                    rows[index] = old;
                    assert_eq!(matching.total(&costs), brute_force(&costs, &rows, n));
                }
            }
        }
    }
}
