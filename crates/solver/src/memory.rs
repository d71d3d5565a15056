//! The default memory budget, sized from what this process may take: its address-space
//! limit (`getrlimit(RLIMIT_AS)`, less what it already maps) and the memory the system
//! has available (`MemAvailable` of `/proc/meminfo`). How and why:
//! `docs/reliability.md` ("The solver's default memory budget").

use std::sync::OnceLock;

/// The largest default budget, 4 GiB: `Limits::DEFAULT_MEMORY`.
pub(crate) const LARGEST_DEFAULT: usize = 4 << 30;

/// The smallest default budget: below it a search stops at once.
const MIN_BUDGET: u64 = 16 << 20;

/// Address space kept for what the solver's tables do not count (thread stacks, the
/// allocator's per-thread arenas, the level text) where the process's own size cannot
/// be read.
const UNCOUNTED_RESERVE: u64 = 256 << 20;

/// The memory this process may still plan to use, in bytes: the smaller of the room left
/// under its address-space limit and the memory the system has available, or `None`
/// when neither can be read (no limit set, no `/proc`).
///
/// # Examples
///
/// ```
/// let room = sokoengine_solver::memory_room();
/// // Never more than the address space a 64-bit process can have.
/// assert!(room.is_none_or(|bytes| bytes < 1 << 57));
/// ```
#[must_use]
pub fn memory_room() -> Option<u64> {
    match (address_space_left(), available_memory()) {
        (Some(left), Some(available)) => Some(left.min(available)),
        (left, available) => left.or(available),
    }
}

/// The default memory budget, in bytes, of each of `searches` searches running at once
/// in this process: half of [`memory_room`] shared among them (the other half leaves
/// room for a table growing past its old copy, and for everything the budget does not
/// count), at most [`Limits::DEFAULT_MEMORY`](crate::Limits::DEFAULT_MEMORY) and at
/// least 16 MiB. Where nothing can be read,
/// [`Limits::DEFAULT_MEMORY`](crate::Limits::DEFAULT_MEMORY).
///
/// # Examples
///
/// ```
/// use sokoengine_solver::{Limits, default_memory_budget};
///
/// let one = default_memory_budget(1);
/// assert!((16 << 20..=Limits::DEFAULT_MEMORY).contains(&one));
/// assert!(default_memory_budget(4) <= one);
/// ```
#[must_use]
pub fn default_memory_budget(searches: usize) -> usize {
    budget_of(memory_room(), searches)
}

/// [`default_memory_budget`] for one search, read once per process: the default of
/// [`Limits`](crate::Limits).
pub(crate) fn default_budget_once() -> usize {
    static BUDGET: OnceLock<usize> = OnceLock::new();
    *BUDGET.get_or_init(|| default_memory_budget(1))
}

/// The budget of each of `searches` searches in `room` bytes.
fn budget_of(room: Option<u64>, searches: usize) -> usize {
    let cap = LARGEST_DEFAULT as u64;
    let Some(room) = room else {
        return LARGEST_DEFAULT;
    };
    let share = room / 2 / searches.max(1) as u64;
    usize::try_from(share.clamp(MIN_BUDGET, cap)).unwrap_or(LARGEST_DEFAULT)
}

/// Bytes left under the soft address-space limit: the limit less the process's
/// current size (or a reserve where that size cannot be read). `None` without a limit.
fn address_space_left() -> Option<u64> {
    let limit = address_space_limit()?;
    let used = mapped_bytes().unwrap_or(UNCOUNTED_RESERVE);
    Some(limit.saturating_sub(used))
}

/// The soft `RLIMIT_AS`, `None` when unlimited or unknown.
#[cfg(all(unix, not(target_os = "openbsd")))]
fn address_space_limit() -> Option<u64> {
    rustix::process::getrlimit(rustix::process::Resource::As).current
}

/// No address-space limit to read here.
#[cfg(not(all(unix, not(target_os = "openbsd"))))]
fn address_space_limit() -> Option<u64> {
    None
}

/// The process's mapped size (`VmSize` of `/proc/self/status`), where known.
fn mapped_bytes() -> Option<u64> {
    kib_field(
        &std::fs::read_to_string("/proc/self/status").ok()?,
        "VmSize:",
    )
}

/// The system's available memory (`MemAvailable` of `/proc/meminfo`), where known.
fn available_memory() -> Option<u64> {
    kib_field(
        &std::fs::read_to_string("/proc/meminfo").ok()?,
        "MemAvailable:",
    )
}

/// The value in bytes of a `NAME: N kB` line.
fn kib_field(text: &str, name: &str) -> Option<u64> {
    let line = text.lines().find(|line| line.starts_with(name))?;
    let kib: u64 = line[name.len()..].split_whitespace().next()?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Limits;

    #[test]
    fn budgets_are_half_the_room_shared_and_bounded() {
        let gib = 1u64 << 30;
        assert_eq!(budget_of(None, 1), Limits::DEFAULT_MEMORY);
        assert_eq!(budget_of(Some(4 * gib), 1), 2 << 30);
        assert_eq!(budget_of(Some(4 * gib), 4), 512 << 20);
        assert_eq!(budget_of(Some(64 * gib), 1), Limits::DEFAULT_MEMORY);
        assert_eq!(budget_of(Some(1 << 20), 1), MIN_BUDGET as usize);
        assert_eq!(budget_of(Some(4 * gib), 0), 2 << 30);
    }

    #[test]
    fn kib_fields() {
        let text = "MemTotal:       24000000 kB\nMemAvailable:   1000 kB\n";
        assert_eq!(kib_field(text, "MemAvailable:"), Some(1_024_000));
        assert_eq!(kib_field(text, "VmSize:"), None);
        assert_eq!(kib_field("VmSize: x kB", "VmSize:"), None);
    }
}
