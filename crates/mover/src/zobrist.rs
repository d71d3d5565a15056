//! Zobrist keys from a fixed seed (docs/rules.md#zobrist-hashing).
//!
//! The keys are a pure function of `(kind, plus ID, position)`, so a board hashes to
//! the same value in every run, instance and platform. **These values are stable**:
//! changing [`SEED`] or [`mix64`] changes every stored hash and is a breaking change (a
//! test pins keys of every kind).

use std::sync::{Arc, Mutex};

use rand_core::{RngCore, SeedableRng};
use rand_xoshiro::SplitMix64;

use sokoengine_board::BoardPosition;

/// The fixed seed (`"sokoeng1"` in ASCII).
pub const SEED: u64 = 0x736F_6B6F_656E_6731;

/// Key kind of the base key.
pub const KIND_BASE: u64 = 1;
/// Key kind of pushers.
pub const KIND_PUSHER: u64 = 2;
/// Key kind of boxes.
pub const KIND_BOX: u64 = 3;

/// SplitMix64's increment (the golden ratio): the generator adds it to its state before
/// each output.
const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 finaliser of `z`: the output of one step of the SplitMix64 generator
/// (`rand_xoshiro`'s) whose state, once the step has added its increment, is `z`.
///
/// # Examples
///
/// ```
/// use sokoengine_mover::zobrist::mix64;
/// assert_eq!(mix64(0), 0);
/// assert_eq!(mix64(1), 0x5692_161D_100B_05E5);
/// ```
#[inline]
pub fn mix64(z: u64) -> u64 {
    SplitMix64::seed_from_u64(z.wrapping_sub(GAMMA)).next_u64()
}

/// The per-(kind, plus ID) prefix; `key = mix64(prefix ^ position)`.
#[inline]
pub(crate) fn prefix(kind: u64, plus_id: u64) -> u64 {
    mix64(mix64(SEED ^ kind) ^ plus_id)
}

/// `key(kind, plus_id, pos) = mix64(mix64(mix64(SEED ^ kind) ^ plus_id) ^ pos)`:
/// kind 1 is the base key (`plus_id = 0, pos = 0`), 2 a pusher (`plus_id = 0`), 3 a
/// box.
///
/// # Examples
///
/// ```
/// use sokoengine_mover::zobrist::{key, mix64, SEED};
/// assert_eq!(key(2, 0, 7), mix64(mix64(mix64(SEED ^ 2)) ^ 7));
/// ```
#[inline]
pub fn key(kind: u64, plus_id: u64, position: u64) -> u64 {
    mix64(prefix(kind, plus_id) ^ position)
}

/// The base key every hash starts from: [`key`]`(1, 0, 0)` (a test checks it).
pub const BASE_KEY: u64 = 0x4E5E_EFEC_BE8D_70D9;

/// The key of a pusher on `position`.
#[inline]
pub fn pusher_key(position: impl Into<BoardPosition>) -> u64 {
    mix64(PUSHER_PREFIX ^ position.into().index() as u64)
}

/// The key of a box with plus ID `plus_id` on `position`.
#[inline]
pub fn box_key(plus_id: u64, position: impl Into<BoardPosition>) -> u64 {
    key(KIND_BOX, plus_id, position.into().index() as u64)
}

/// [`prefix`]`(KIND_PUSHER, 0)` (a test checks it).
pub(crate) const PUSHER_PREFIX: u64 = 0x5F5A_7287_D862_95C7;

/// The keys of a pusher and of a box with the default plus ID on `position`, side by
/// side: what a step on a board without Sokoban+ reads.
#[inline]
pub(crate) fn position_keys(position: usize) -> [u64; 2] {
    [
        pusher_key(position),
        mix64(DEFAULT_BOX_PREFIX ^ position as u64),
    ]
}

/// [`prefix`]`(KIND_BOX, DEFAULT_PLUS_ID)` (a test checks it).
const DEFAULT_BOX_PREFIX: u64 = 0xFD81_119E_61C2_CED4;

/// Boards up to this many cells use the shared table (1 MiB at most).
const SHARED_MAX_CELLS: usize = 1 << 16;

/// [`position_keys`] of positions `0..len`, shared by every manager (the keys depend
/// on nothing else), so a new manager does not recompute them.
static SHARED: Mutex<Option<Arc<[[u64; 2]]>>> = Mutex::new(None);

/// The shared [`position_keys`] table, covering at least `size` positions, or
/// `None` for boards beyond [`SHARED_MAX_CELLS`]. Grows it (to a power of two) on
/// demand.
pub(crate) fn shared_keys(size: usize) -> Option<Arc<[[u64; 2]]>> {
    if size > SHARED_MAX_CELLS {
        return None;
    }
    // A poisoned lock only means another thread panicked while holding it; the
    // table inside is complete or absent, never half-built.
    let mut shared = SHARED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if shared.as_ref().is_none_or(|keys| keys.len() < size) {
        let len = size.next_power_of_two().max(1024);
        *shared = Some((0..len).map(position_keys).collect());
    }
    shared.as_ref().map(Arc::clone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn helpers_follow_the_normative_formula() {
        let manual = |kind: u64, plus: u64, pos: u64| mix64(mix64(mix64(SEED ^ kind) ^ plus) ^ pos);
        assert_eq!(BASE_KEY, manual(1, 0, 0));
        assert_eq!(pusher_key(42), manual(2, 0, 42));
        assert_eq!(box_key(7, 42), manual(3, 7, 42));
        assert_eq!(position_keys(42), [manual(2, 0, 42), manual(3, 0, 42)]);
        assert_eq!(mix64(1), 0x5692_161D_100B_05E5);
        // Computed independently (Python, arbitrary-precision integers masked to 64 bits).
        assert_eq!(BASE_KEY, 0x4E5E_EFEC_BE8D_70D9);
        assert_eq!(PUSHER_PREFIX, prefix(KIND_PUSHER, 0));
        assert_eq!(
            DEFAULT_BOX_PREFIX,
            prefix(KIND_BOX, crate::plus::DEFAULT_PLUS_ID)
        );
    }

    /// The keys are stored in saved hashes: they never change. Values computed
    /// independently (Python, 64-bit masked integers) from the formula of the module.
    #[test]
    fn keys_are_pinned() {
        assert_eq!(pusher_key(0), 0x485F_4A84_85B7_712F);
        assert_eq!(pusher_key(42), 0xA71D_6199_DE08_EB12);
        assert_eq!(box_key(0, 42), 0x3572_ED49_5726_1E9B);
        assert_eq!(box_key(7, 42), 0x4E31_38AF_191E_225E);
        assert_eq!(box_key(1, 4095), 0x28D4_8E58_3081_5310);
        assert_eq!(prefix(KIND_BOX, 1), 0xB676_CF85_10DF_B85C);
        assert_eq!(position_keys(42), [pusher_key(42), box_key(0, 42)]);
    }
}
