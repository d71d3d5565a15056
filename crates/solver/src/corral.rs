//! PI-corral pruning.
//!
//! A *corral* is a connected area of free cells the pusher cannot reach; its
//! *barrier* is the boxes next to it. Nothing inside a corral changes until a
//! barrier box is pushed. A corral is a **PI-corral** when
//!
//! * (I) no barrier box can ever be pushed first anywhere but into the corral: every
//!   push of a barrier box that could become possible by moving other boxes leads
//!   into the corral (or onto a dead square, which no solution does), and
//! * (P) every push of a barrier box into the corral can be made now: the pusher
//!   reaches the cell behind the box.
//!
//! If a PI-corral still has work to do (a goal inside, or a barrier box off a goal),
//! every solution pushes a barrier box into it at some point, and that push can be
//! moved to the front without changing the number of pushes. So only the pushes of
//! one PI-corral's barrier boxes need to be generated (the one with the fewest), and
//! a PI-corral with work to do but no legal push is a deadlock. This keeps both
//! solvability and push-optimality.
//!
//! **Corral deadlocks.** Any corral with work to do can be tried on its own: with
//! only its barrier boxes on the board, a small search pushes them around. Every
//! solution of the whole level, with the other boxes left out, is a way to bring
//! those boxes onto goals on the smaller board (fewer boxes only free the way), so
//! if the small search runs out of positions without putting them all on goals,
//! the position is a deadlock. The search stops without a verdict when the pusher
//! gets into the corral or its budget is spent. Verdicts are kept in a deadlock
//! cache keyed by the barrier and the pusher's region on the small board.

use sokoengine_board::{Position, Reach};

use sokoengine_geometry::Direction;

use crate::deadlock::Freeze;
use crate::ids::{Cell, PerCell, Slot, Table};
use crate::model::Model;
use crate::store::{FastMap, fast_map, fast_set};

/// The position a corral analysis looks at: the loaded position of a push search.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Loaded<'a> {
    pub(crate) model: &'a Model,
    pub(crate) position: &'a Position,
    /// The pusher's region.
    pub(crate) reach: &'a Reach,
    /// The search's dead sides (no goal reachable from there).
    pub(crate) dead_sides: &'a Table<Slot, bool>,
}

impl Loaded<'_> {
    /// Whether a box pushed in `direction` onto `cell` is dead at once.
    #[inline]
    fn dead_push(&self, cell: Cell, direction: Direction) -> bool {
        self.dead_sides[self.model.sides.neighbor_slot(cell, direction.opposite())]
    }
}

/// What corral analysis says about the loaded position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Corrals {
    /// No PI-corral with work to do: generate every push.
    None,
    /// Generate only the pushes of these boxes (cells).
    Only(Vec<Cell>),
    /// The position is a deadlock.
    Deadlock(CorralDeadlock),
}

/// Which corral test proves a deadlock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CorralDeadlock {
    /// A PI-corral with work to do has no legal push.
    PiCorral,
    /// The corral's boxes alone cannot all reach goals.
    Search,
}

/// How much work the corral deadlock searches of one analysis may do.
///
/// The tree searches analyse every position they expand and keep the searches
/// small. The feature space search tests only the positions it chooses, and there a
/// deadlock found early saves whole subtrees, so it searches far larger corrals
/// (docs/solver.md, "Deadlock tests").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct CorralBudget {
    /// Corrals with more barrier boxes are not searched.
    pub(crate) max_boxes: usize,
    /// Positions one corral search may store before it gives up.
    pub(crate) max_states: usize,
    /// Corral searches per analysed position.
    pub(crate) searches: usize,
}

impl CorralBudget {
    /// The budget of the tree searches (A* and greedy), which analyse every
    /// expanded position.
    pub(crate) const SMALL: CorralBudget = CorralBudget {
        max_boxes: 10,
        max_states: 400,
        searches: 2,
    };
    /// The budget of the feature space search's deadlock tests.
    pub(crate) const LARGE: CorralBudget = CorralBudget {
        max_boxes: 24,
        max_states: 5_000,
        searches: 8,
    };
}

impl Default for CorralBudget {
    fn default() -> Self {
        CorralBudget::SMALL
    }
}

/// Entries of the deadlock cache before it is cleared.
const CACHE_MAX: usize = 1 << 18;
/// Bytes a cache entry costs besides its boxes (key, verdict, table slot).
const CACHE_ENTRY_BYTES: usize = 48;

/// Scratch of the corral analysis.
#[derive(Debug, Clone, Default)]
pub(crate) struct CorralScratch {
    /// Corral label per cell (valid when `stamp` matches).
    label: PerCell<u32>,
    stamp: PerCell<u32>,
    /// Per box cell: the corral it was last listed for.
    box_stamp: PerCell<u32>,
    generation: u32,
    queue: Vec<Cell>,
    barrier: Vec<Cell>,
    /// The small board of corral searches (goals only, boxes placed per search).
    board: Option<Position>,
    reach: Reach,
    freeze: Option<Freeze>,
    /// Verdicts of corral searches by small-board position (sorted boxes,
    /// normalized pusher): `true` = deadlock.
    cache: Option<FastMap<(Vec<Cell>, Cell), bool>>,
    /// Bytes the cache holds.
    cache_bytes: usize,
    /// The work each analysis may do.
    pub(crate) budget: CorralBudget,
}

impl CorralScratch {
    /// Bytes of the deadlock cache.
    pub(crate) fn memory_bytes(&self) -> usize {
        self.cache_bytes
    }

    fn begin(&mut self, len: usize) {
        if self.stamp.len() < len {
            self.label.resize(len, 0);
            self.stamp.resize(len, 0);
            self.box_stamp.resize(len, u32::MAX);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }
}

/// Corral analysis of the loaded position: PI-corral pruning when `pi` is set,
/// corral deadlock searches when `search` is set.
pub(crate) fn analyse(
    engine: Loaded<'_>,
    scratch: &mut CorralScratch,
    pi: bool,
    search: bool,
) -> Corrals {
    let model = engine.model;
    scratch.begin(model.board.cells_len());
    let generation = scratch.generation;
    let mut best: Option<(usize, Vec<Cell>)> = None;
    let mut next_label = 0_u32;
    let mut searches = 0;
    let mut verdict = None;
    for &cell in model.floor.iter() {
        let c = cell;
        if scratch.stamp[c] == generation || engine.reach.reached(c) || engine.position.has_box(c) {
            continue;
        }
        // A new corral: flood its free cells.
        let label = next_label;
        next_label += 1;
        let mut has_goal = false;
        scratch.queue.clear();
        scratch.queue.push(cell);
        scratch.stamp[c] = generation;
        scratch.label[c] = label;
        scratch.barrier.clear();
        let key = corral_key(generation, label);
        let mut index = 0;
        while let Some(&current) = scratch.queue.get(index) {
            index += 1;
            has_goal |= engine.position.is_goal(current);
            for &direction in model.directions {
                let Some(next) = model.neighbor(current, direction) else {
                    continue;
                };
                let n = next;
                if engine.position.has_box(n) {
                    if scratch.box_stamp[n] != key {
                        scratch.box_stamp[n] = key;
                        scratch.barrier.push(next);
                    }
                } else if scratch.stamp[n] != generation {
                    scratch.stamp[n] = generation;
                    scratch.label[n] = label;
                    scratch.queue.push(next);
                }
            }
        }
        let needs_work = has_goal || scratch.barrier.iter().any(|&b| !engine.position.is_goal(b));
        if !needs_work {
            continue;
        }
        if pi {
            if let Some(pushes) = pi_pushes(&engine, scratch, label, key) {
                if pushes == 0 {
                    verdict = Some(CorralDeadlock::PiCorral);
                    break;
                }
                if best.as_ref().is_none_or(|(count, _)| pushes < *count) {
                    best = Some((pushes, scratch.barrier.clone()));
                }
            }
        }
        let budget = scratch.budget;
        if search && searches < budget.searches && scratch.barrier.len() <= budget.max_boxes {
            searches += 1;
            if corral_search(&engine, scratch, label) {
                verdict = Some(CorralDeadlock::Search);
                break;
            }
        }
    }
    if let Some(verdict) = verdict {
        return Corrals::Deadlock(verdict);
    }
    match best {
        Some((_, boxes)) => Corrals::Only(boxes),
        None => Corrals::None,
    }
}

/// Whether the barrier boxes of corral `label` (in `scratch.barrier`) alone are
/// proven unable to reach goals, by a small search (see the module docs).
fn corral_search(engine: &Loaded<'_>, scratch: &mut CorralScratch, label: u32) -> bool {
    let model = engine.model;
    let generation = scratch.generation;
    let mut boxes = scratch.barrier.clone();
    boxes.sort_unstable();
    let board = scratch.board.get_or_insert_with(|| model.empty_position());
    let freeze = scratch
        .freeze
        .get_or_insert_with(|| Freeze::new(model.board.cells_len()));
    let start = place(board, &boxes, engine.position.pusher());
    let pusher = normalized(board, start, &mut scratch.reach);
    let key = (boxes.clone(), pusher);
    let cache = scratch.cache.get_or_insert_with(fast_map);
    if let Some(&dead) = cache.get(&key) {
        clear(board, &boxes);
        return dead;
    }
    let max_states = scratch.budget.max_states;
    let (label_of, stamp_of) = (&scratch.label, &scratch.stamp);
    let in_corral = |cell: Cell| stamp_of[cell] == generation && label_of[cell] == label;
    let mut seen = fast_set::<(Vec<Cell>, Cell)>();
    let mut queue: Vec<(Vec<Cell>, Cell)> = vec![(boxes.clone(), pusher)];
    seen.insert((boxes.clone(), pusher));
    let mut index = 0;
    let mut dead = true;
    'search: while let Some((state, pusher)) = queue.get(index).cloned() {
        index += 1;
        place(board, &state, pusher);
        board.reachable_into(pusher, &mut scratch.reach);
        if scratch.reach.cells().iter().any(|&cell| in_corral(cell)) {
            // The pusher gets in: no verdict.
            dead = false;
            clear(board, &state);
            break;
        }
        for (i, &from) in state.iter().enumerate() {
            for &direction in model.directions {
                let Some(behind) = model.neighbor(from, direction.opposite()) else {
                    continue;
                };
                if !scratch.reach.reached(behind) {
                    continue;
                }
                let Some(to) = board.push_target(from, direction) else {
                    continue;
                };
                if engine.dead_push(to, direction) {
                    continue;
                }
                let _ = board.push(from, direction);
                let solved = board.is_solved();
                let frozen = !solved && freeze.is_deadlock(model, board, to);
                let child_pusher = if solved || frozen {
                    Cell::new(0)
                } else {
                    let mut reach = Reach::new();
                    normalized(board, from, &mut reach)
                };
                let _ = board.pull(direction.opposite());
                let _ = board.set_pusher(pusher);
                if solved {
                    dead = false;
                    clear(board, &state);
                    break 'search;
                }
                if frozen {
                    continue;
                }
                let mut child = state.clone();
                child[i] = to;
                child.sort_unstable();
                if seen.insert((child.clone(), child_pusher)) {
                    if seen.len() > max_states {
                        // Out of budget: no verdict.
                        dead = false;
                        clear(board, &state);
                        break 'search;
                    }
                    queue.push((child, child_pusher));
                }
            }
        }
        clear(board, &state);
    }
    let cache = scratch.cache.get_or_insert_with(fast_map);
    if cache.len() >= CACHE_MAX {
        cache.clear();
        scratch.cache_bytes = 0;
    }
    scratch.cache_bytes += CACHE_ENTRY_BYTES + key.0.len() * std::mem::size_of::<Cell>();
    cache.insert(key, dead);
    dead
}

/// Puts `boxes` and the pusher on the small board; returns the pusher's cell.
fn place(board: &mut Position, boxes: &[Cell], pusher: Cell) -> Cell {
    let _ = board.set_pusher(pusher);
    for &cell in boxes {
        let _ = board.put_box(cell);
    }
    pusher
}

/// Takes `boxes` off the small board.
fn clear(board: &mut Position, boxes: &[Cell]) {
    for &cell in boxes {
        board.remove_box(cell);
    }
}

/// The smallest cell of the pusher's region on `from`.
fn normalized(board: &Position, from: Cell, reach: &mut Reach) -> Cell {
    board
        .reachable_into(from, reach)
        .iter()
        .copied()
        .min()
        .unwrap_or(from)
}

/// A key naming corral `label` of analysis `generation` (box stamps).
const fn corral_key(generation: u32, label: u32) -> u32 {
    generation.wrapping_mul(0x9E37_79B9) ^ label
}

/// The number of legal pushes into the corral when it is a PI-corral, else `None`.
fn pi_pushes(engine: &Loaded<'_>, scratch: &CorralScratch, label: u32, key: u32) -> Option<usize> {
    let model = engine.model;
    let generation = scratch.generation;
    let in_corral = |cell: Cell| scratch.stamp[cell] == generation && scratch.label[cell] == label;
    let on_barrier = |cell: Cell| scratch.box_stamp[cell] == key;
    let mut pushes = 0;
    for &b in &scratch.barrier {
        for &direction in model.directions {
            let (Some(target), Some(behind)) = (
                model.neighbor(b, direction),
                model.neighbor(b, direction.opposite()),
            ) else {
                continue;
            };
            // The first barrier push is made from outside the corral, from a cell no
            // barrier box stands on, onto a cell no barrier box stands on.
            if on_barrier(behind) || in_corral(behind) || on_barrier(target) {
                continue;
            }
            if engine.dead_push(target, direction) {
                continue;
            }
            if in_corral(target) {
                if !engine.reach.reached(behind) {
                    return None; // (P) fails
                }
                pushes += 1;
            } else {
                return None; // (I) fails
            }
        }
    }
    Some(pushes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Features;
    use crate::engine::{Engine, PusherKey};
    use sokoengine_board::Puzzle;
    use sokoengine_geometry::Tessellation;

    /// The corral verdict of the level's start with corral searches only.
    fn search_verdict(text: &str, budget: CorralBudget) -> Corrals {
        let puzzle = Puzzle::parse(Tessellation::Sokoban, &text.replace('/', "\n")).unwrap();
        let model = Model::new(&puzzle, 1 << 30).unwrap();
        let mut engine = Engine::new(&model, Features::ALL, PusherKey::Normalized, 1 << 30);
        engine.set_corral_budget(budget);
        engine.place(&model.start_boxes, model.start_pusher);
        let pusher = engine.position.pusher();
        engine.position.reachable_into(pusher, &mut engine.reach);
        engine.corrals(false, true)
    }

    #[test]
    fn the_large_budget_searches_fences_the_small_one_skips() {
        // Twelve boxes fence off the top row. Pushed up, a box lands against the
        // wall on a row without goals, and nothing else moves them: a deadlock, but
        // only a search of all twelve fence boxes sees it.
        let level = "##############/#            #/#$$$$$$$$$$$$#/#@     ......#/#      ......#/##############";
        assert_eq!(search_verdict(level, CorralBudget::SMALL), Corrals::None);
        assert_eq!(
            search_verdict(level, CorralBudget::LARGE),
            Corrals::Deadlock(CorralDeadlock::Search)
        );
        // With a way into the top row, the search finds no deadlock.
        let open = "##############/#            #/#$$$$$$$$$$$ #/#@    $......#/#      ......#/##############";
        assert_ne!(
            search_verdict(open, CorralBudget::LARGE),
            Corrals::Deadlock(CorralDeadlock::Search)
        );
    }
}
