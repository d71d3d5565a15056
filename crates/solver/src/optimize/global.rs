//! The global search (YASO's method): breadth-first pushes from every position of
//! the seeds' paths, adding each configuration found to the set, until the set's
//! cap or the search runs out. When it runs out, the set holds every live
//! configuration reachable from the start, and the best path through it is optimal.

use sokoengine_board::Reach;

use crate::clock::Clock;
use crate::config::StopReason;
use crate::ids::Cell;
use crate::model::INF;

use super::configs::ConfigId;
use super::space::Space;
use super::vicinity::Cut;

/// Positions (configuration, normalized pusher) seen by the breadth-first search,
/// as `(configuration + 1) << 32 | cell` keys in an open-addressing table.
#[derive(Debug, Default)]
struct Seen {
    table: Vec<u64>,
    len: usize,
}

impl Seen {
    fn memory_bytes(&self) -> usize {
        self.table.capacity() * 8
    }

    /// Adds `key` (never 0); returns whether it was new.
    fn insert(&mut self, key: u64, budget: usize) -> Result<bool, Cut> {
        if (self.len + 1) * 2 > self.table.len() {
            let grown = (self.table.len() * 2).max(1024);
            if grown * 8 > budget {
                return Err(Cut::Full);
            }
            let old = std::mem::replace(&mut self.table, vec![0; grown]);
            for key in old.into_iter().filter(|&key| key != 0) {
                let slot = self.free_slot(key);
                self.table[slot] = key;
            }
        }
        let mask = self.table.len() - 1;
        let mut slot = mix(key) as usize & mask;
        loop {
            match self.table[slot] {
                0 => break,
                known if known == key => return Ok(false),
                _ => slot = (slot + 1) & mask,
            }
        }
        self.table[slot] = key;
        self.len += 1;
        Ok(true)
    }

    fn free_slot(&self, key: u64) -> usize {
        let mask = self.table.len() - 1;
        let mut slot = mix(key) as usize & mask;
        while self.table[slot] != 0 {
            slot = (slot + 1) & mask;
        }
        slot
    }
}

/// Spreads the bits of a key over the table index. One multiply: the project's
/// SplitMix64 finaliser (`sokoengine_mover::zobrist::mix64`, `rand_xoshiro`'s) made
/// the global search count 12 % more instructions (docs/performance.md, "Instruction
/// counts").
#[inline]
const fn mix(key: u64) -> u64 {
    (key ^ (key >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The key of a position: the configuration's index + 1 above the pusher's cell.
const fn key(config: ConfigId, pusher: Cell) -> u64 {
    ((config.get() as u64 + 1) << 32) | pusher.get() as u64
}

/// The position of a [`key`].
const fn position_of(key: u64) -> (ConfigId, Cell) {
    (ConfigId::new((key >> 32) as u32 - 1), Cell::new(key as u32))
}

/// How the breadth-first search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fill {
    /// Every reachable position was searched: the set holds every live
    /// configuration reachable from the start.
    Exhausted,
    /// The set, or the search's own tables, reached the cap, or the configuration
    /// count reached `max_configs`.
    Capped,
}

/// Breadth-first pushes from `roots` (configuration and exact pusher cell), adding
/// the configurations found to the set of `space` until it holds `max_configs`,
/// with `budget` bytes for the search's own tables.
/// Also returns the peak bytes of the search's own tables.
pub(crate) fn fill(
    space: &mut Space<'_>,
    roots: &[(ConfigId, Cell)],
    max_configs: usize,
    budget: usize,
    clock: &mut Clock<'_>,
) -> (Result<Fill, StopReason>, usize) {
    let mut peak = 0;
    let fill = match breadth_first(space, roots, max_configs, budget, clock, &mut peak) {
        Ok(()) => Ok(Fill::Exhausted),
        Err(Cut::Full) => Ok(Fill::Capped),
        Err(Cut::Stopped(reason)) => Err(reason),
    };
    (fill, peak)
}

fn breadth_first(
    space: &mut Space<'_>,
    roots: &[(ConfigId, Cell)],
    max_configs: usize,
    budget: usize,
    clock: &mut Clock<'_>,
    peak: &mut usize,
) -> Result<(), Cut> {
    let model = space.model;
    let mut seen = Seen::default();
    let mut queue: Vec<u64> = Vec::new();
    let mut reach = Reach::new();
    let mut child_reach = Reach::new();
    let tables = |seen: &Seen, queue: &Vec<u64>| seen.memory_bytes() + queue.capacity() * 8;
    for &(config, pusher) in roots {
        space.load(config, pusher);
        let region = space.position.reachable_into(pusher, &mut reach);
        let normalized = region.iter().copied().min().unwrap_or(pusher);
        let root = key(config, normalized);
        if seen.insert(root, budget)? {
            queue.push(root);
        }
    }
    let mut next = 0;
    let mut boxes = Vec::new();
    while let Some(&state) = queue.get(next) {
        next += 1;
        clock.tick()?;
        let (config, pusher) = position_of(state);
        // A push that solves the level ends the solution, but a level solved at
        // the start is left by pushes from there.
        if config == space.goal && space.goal != space.start {
            continue;
        }
        space.load(config, pusher);
        space.position.reachable_into(pusher, &mut reach);
        boxes.clone_from(&space.boxes);
        for &from in &boxes {
            for &direction in model.directions {
                let Some(behind) = model.neighbor(from, direction.opposite()) else {
                    continue;
                };
                if !reach.reached(behind) {
                    continue;
                }
                let Some(to) = space.position.push_target(from, direction) else {
                    continue;
                };
                if space.pushed_distance(to, direction) == INF {
                    continue;
                }
                if space.set.len() >= max_configs {
                    return Err(Cut::Full);
                }
                let child = space.insert_child(from, to)?.id();
                // The child's region: push, search, pull back.
                let _ = space.position.push(from, direction);
                let region = space.position.reachable_into(from, &mut child_reach);
                let normalized = region.iter().copied().min().unwrap_or(from);
                let _ = space.position.pull(direction.opposite());
                let _ = space.position.set_pusher(pusher);
                let child_key = key(child, normalized);
                *peak = (*peak).max(tables(&seen, &queue));
                if *peak > budget {
                    return Err(Cut::Full);
                }
                if seen.insert(child_key, budget)? {
                    queue.push(child_key);
                }
            }
        }
    }
    Ok(())
}
