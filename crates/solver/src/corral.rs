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

use crate::engine::Engine;
use crate::model::NONE;

/// What PI-corral analysis says about the loaded position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Corrals {
    /// No PI-corral with work to do: generate every push.
    None,
    /// Generate only the pushes of these boxes (cells).
    Only(Vec<u32>),
    /// A PI-corral with work to do has no legal push.
    Deadlock,
}

/// Scratch of the corral analysis.
#[derive(Debug, Clone, Default)]
pub(crate) struct CorralScratch {
    /// Corral label per cell (valid when `stamp` matches).
    label: Vec<u32>,
    stamp: Vec<u32>,
    /// Per box cell: the corral it was last listed for.
    box_stamp: Vec<u32>,
    generation: u32,
    queue: Vec<u32>,
    barrier: Vec<u32>,
}

impl CorralScratch {
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

/// PI-corral analysis of the loaded position (its region in `engine.reach`).
pub(crate) fn pi_corral(engine: &mut Engine<'_>) -> Corrals {
    let model = engine.model;
    let mut scratch = std::mem::take(&mut engine.corrals);
    scratch.begin(model.board.cells_len());
    let generation = scratch.generation;
    let mut best: Option<(usize, Vec<u32>)> = None;
    let mut next_label = 0_u32;
    for &cell in &model.floor {
        let c = cell as usize;
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
        let mut index = 0;
        while let Some(&current) = scratch.queue.get(index) {
            index += 1;
            has_goal |= engine.position.is_goal(current as usize);
            for &direction in model.directions {
                let next = model.neighbor(current, direction);
                if next == NONE {
                    continue;
                }
                let n = next as usize;
                if engine.position.has_box(n) {
                    // Box stamps: generation * 2^16 + label would overflow; use a
                    // combined key per (generation, label).
                    let key = corral_key(generation, label);
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
        let needs_work = has_goal
            || scratch
                .barrier
                .iter()
                .any(|&b| !engine.position.is_goal(b as usize));
        if !needs_work {
            continue;
        }
        let key = corral_key(generation, label);
        let Some(pushes) = pi_pushes(engine, &scratch, label, key) else {
            continue;
        };
        if pushes == 0 {
            engine.corrals = scratch;
            return Corrals::Deadlock;
        }
        if best.as_ref().is_none_or(|(count, _)| pushes < *count) {
            best = Some((pushes, scratch.barrier.clone()));
        }
    }
    engine.corrals = scratch;
    match best {
        Some((_, boxes)) => Corrals::Only(boxes),
        None => Corrals::None,
    }
}

/// A key naming corral `label` of analysis `generation` (box stamps).
const fn corral_key(generation: u32, label: u32) -> u32 {
    generation.wrapping_mul(0x9E37_79B9) ^ label
}

/// The number of legal pushes into the corral when it is a PI-corral, else `None`.
fn pi_pushes(engine: &Engine<'_>, scratch: &CorralScratch, label: u32, key: u32) -> Option<usize> {
    let model = engine.model;
    let generation = scratch.generation;
    let in_corral = |cell: u32| {
        scratch.stamp[cell as usize] == generation && scratch.label[cell as usize] == label
    };
    let on_barrier = |cell: u32| scratch.box_stamp[cell as usize] == key;
    let mut pushes = 0;
    for &b in &scratch.barrier {
        for &direction in model.directions {
            let target = model.neighbor(b, direction);
            let behind = model.neighbor(b, direction.opposite());
            if target == NONE || behind == NONE {
                continue;
            }
            // The first barrier push is made from outside the corral, from a cell no
            // barrier box stands on, onto a cell no barrier box stands on.
            if on_barrier(behind) || in_corral(behind) || on_barrier(target) {
                continue;
            }
            if engine.dead_push(target, direction) {
                continue;
            }
            if in_corral(target) {
                if !engine.reach.reached(behind as usize) {
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
