//! Metrics of a step string alone (no board): the fast path, in two passes.
//!
//! Pushes, box lines, pushing sessions and player lines depend only on each letter
//! and its predecessor, so the first pass compares neighbouring bytes in vectorised
//! chunks. Box changes need box identity, which the string does not show; but only
//! pushes move boxes, so the last pushed box stays where it came to rest until it
//! is pushed again, and following the pusher in coordinates relative to its start
//! is enough. The second pass packs those coordinates into one `u64` (`y << 32`
//! plus `x`, wrapping): a table look-up, an add, a compare and a conditional move
//! per step.

use sokoengine_geometry::{Direction, Tessellation, TileShape};

use crate::SolutionMetrics;

/// The longest step string the counters accept (2^30 steps); longer inputs are
/// refused, so no counter or coordinate can overflow.
pub const MAX_STEPS: usize = 1 << 30;

/// A step string that cannot be counted.
///
/// # Examples
///
/// ```
/// use sokoengine_metrics::{SolutionMetrics, StepsError};
///
/// assert!(matches!(
///     SolutionMetrics::from_lurd("rrXr"),
///     Err(StepsError::IllegalCharacter { character: 'X', position: 2, .. })
/// ));
/// // `*` ends the played steps of a saved game.
/// assert_eq!(SolutionMetrics::from_lurd("uulld*d")?.moves, 5);
/// # Ok::<(), StepsError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StepsError {
    /// A character that is not a step letter of the tessellation (before any `*`).
    #[error(
        "Illegal PusherStep character '{character}' in {} at position {position}!",
        tessellation.class_name()
    )]
    IllegalCharacter {
        /// The rejected character.
        character: char,
        /// Its 0-based character index in the string.
        position: usize,
        /// The tessellation whose letters were expected.
        tessellation: Tessellation,
    },
    /// More than [`MAX_STEPS`] steps.
    #[error("Step string of {steps} steps is longer than the limit of {limit}!")]
    TooLong {
        /// The length of the rejected string (in bytes).
        steps: usize,
        /// The limit, [`MAX_STEPS`].
        limit: usize,
    },
}

/// Class byte of a character: bits 0-2 the direction value, bit 3 set for a push,
/// [`NOT_A_STEP`] for every other character.
const NOT_A_STEP: u8 = 0x80;
const PUSH_BIT: u8 = 0x08;

/// Per-tessellation look-up tables: class byte and coordinate delta of each byte,
/// the delta once per tile orientation (only Trioban's differ).
struct Tables {
    class: [u8; 256],
    /// `delta[orientation][byte]`; orientation 0 = the start tile's, 1 = the other.
    delta: [[u64; 256]; 2],
}

/// `(dx, dy)` packed into one wrapping `u64`.
const fn pack(dx: i64, dy: i64) -> u64 {
    (dy as u64).wrapping_shl(32).wrapping_add(dx as u64)
}

/// The relative step of `direction` in coordinates where every tessellation has
/// fixed deltas: squares for Sokoban and Octoban, axial coordinates for Hexoban
/// (odd rows shifted right), and for Trioban the geometry's deltas of a down-pointing
/// (`down`) or up-pointing triangle.
const fn relative_delta(
    tessellation: Tessellation,
    direction: Direction,
    down: bool,
) -> (i64, i64) {
    use Direction::{Down, Left, NorthEast, NorthWest, Right, SouthEast, SouthWest, Up};
    match (tessellation, direction) {
        (_, Left) => (-1, 0),
        (_, Right) => (1, 0),
        (_, Up) => (0, -1),
        (_, Down) => (0, 1),
        (Tessellation::Hexoban, NorthEast) => (1, -1),
        (Tessellation::Hexoban, NorthWest) => (0, -1),
        (Tessellation::Hexoban, SouthEast) => (0, 1),
        (Tessellation::Hexoban, SouthWest) => (-1, 1),
        (Tessellation::Trioban, NorthEast | NorthWest) if down => (0, -1),
        (Tessellation::Trioban, SouthEast) if down => (1, 0),
        (Tessellation::Trioban, SouthWest) if down => (-1, 0),
        (Tessellation::Trioban, NorthEast) => (1, 0),
        (Tessellation::Trioban, NorthWest) => (-1, 0),
        (Tessellation::Trioban, _) => (0, 1),
        (_, NorthEast) => (1, -1),
        (_, NorthWest) => (-1, -1),
        (_, SouthEast) => (1, 1),
        (_, SouthWest) => (-1, 1),
    }
}

const fn tables(tessellation: Tessellation, start_down: bool) -> Tables {
    let mut tables = Tables {
        class: [NOT_A_STEP; 256],
        delta: [[0; 256]; 2],
    };
    let mut byte = 0;
    while byte < 128 {
        if let Ok((direction, is_push)) = tessellation.parse_step_char(byte as u8 as char) {
            tables.class[byte] = direction as u8 | if is_push { PUSH_BIT } else { 0 };
            let (dx, dy) = relative_delta(tessellation, direction, start_down);
            tables.delta[0][byte] = pack(dx, dy);
            let (dx, dy) = relative_delta(tessellation, direction, !start_down);
            tables.delta[1][byte] = pack(dx, dy);
        }
        byte += 1;
    }
    tables
}

static SOKOBAN: Tables = tables(Tessellation::Sokoban, false);
static HEXOBAN: Tables = tables(Tessellation::Hexoban, false);
static TRIOBAN_UP: Tables = tables(Tessellation::Trioban, false);
static TRIOBAN_DOWN: Tables = tables(Tessellation::Trioban, true);
static OCTOBAN: Tables = tables(Tessellation::Octoban, false);

/// A resting square no path can reach: `x = 2^31` is out of range for fewer than
/// 2^31 steps.
const NO_BOX: u64 = 1 << 31;

/// Pushes, box lines, pushing sessions and player lines from the letters alone.
///
/// Every step letter is ASCII, its case bit (`0x20`) tells a walk from a push and
/// the letter ignoring case names the direction, so each counter compares a byte
/// with its predecessor: no table, no carried state, and the loop vectorises.
/// Bytes that are not step letters give meaningless counts (the caller checks).
#[inline(always)]
fn count_runs(bytes: &[u8]) -> [u32; 4] {
    const CASE: u8 = 0x20;
    let Some((&first, rest)) = bytes.split_first() else {
        return [0; 4];
    };
    let first_push = u32::from(first & CASE == 0);
    let mut totals = [first_push, first_push, first_push, 1_u32];
    let previous = &bytes[..rest.len()];
    // Byte-wide counters over chunks of 255 pairs cannot overflow and keep 32 lanes
    // per vector busy; the chunk totals are added up in `u32`.
    for (previous, current) in previous.chunks(255).zip(rest.chunks(255)) {
        let (mut pushes, mut box_lines, mut sessions, mut player_lines) = (0_u8, 0_u8, 0_u8, 0_u8);
        for (&previous, &current) in previous.iter().zip(current) {
            let push = u8::from(current & CASE == 0);
            pushes += push;
            box_lines += push & u8::from(current != previous);
            sessions += push & u8::from(previous & CASE != 0);
            player_lines += u8::from((current ^ previous) & !CASE != 0);
        }
        for (total, count) in totals
            .iter_mut()
            .zip([pushes, box_lines, sessions, player_lines])
        {
            *total += u32::from(count);
        }
    }
    totals
}

/// Box changes: follows the pusher through relative coordinates and compares the
/// square of each pushed box with where the last pushed box came to rest. The
/// second value is `true` when some byte is not a step letter.
#[inline(always)]
fn count_box_changes<const FLIPPING: bool>(tables: &Tables, bytes: &[u8]) -> (u32, bool) {
    let mut seen = 0_u8;
    let mut box_changes = 0_u32;
    let (mut position, mut last_box) = (0_u64, NO_BOX);
    let mut orientation = 0_usize;
    for &byte in bytes {
        let class = tables.class[usize::from(byte)];
        seen |= class;
        let delta = tables.delta[orientation][usize::from(byte)];
        // The pushed box stands on a tile of the other orientation (Trioban only).
        let box_delta = if FLIPPING {
            orientation ^= 1;
            tables.delta[orientation][usize::from(byte)]
        } else {
            delta
        };
        let is_push = class & PUSH_BIT != 0;
        let box_square = position.wrapping_add(delta);
        box_changes += u32::from(is_push & (box_square != last_box));
        // The pushed box now rests one step further (a conditional move, no branch).
        let rest = box_square.wrapping_add(box_delta);
        last_box = if is_push { rest } else { last_box };
        position = box_square;
    }
    (box_changes, seen & NOT_A_STEP != 0)
}

/// Counts the six metrics of `bytes`; the second value is `true` when some byte is
/// not a step letter (the counts are then meaningless).
#[inline(always)]
fn count_raw<const FLIPPING: bool>(tables: &Tables, bytes: &[u8]) -> (SolutionMetrics, bool) {
    let [pushes, box_lines, sessions, player_lines] = count_runs(bytes);
    let (box_changes, saw_other) = count_box_changes::<FLIPPING>(tables, bytes);
    let moves = bytes.len() as u32;
    let metrics = SolutionMetrics::new(
        moves,
        pushes,
        box_lines,
        box_changes,
        sessions,
        player_lines,
    );
    (metrics, saw_other)
}

/// Counts the six metrics of a step string without a board (docs/rules.md#counting, with box
/// identity followed through relative coordinates).
///
/// The string must be a valid path: the counter does not check walls or boxes, only
/// that every character is a step letter of the tessellation (lower case = walk,
/// upper case = push). Everything from the first `*` on (the undone steps of a saved
/// game) is not counted.
///
/// Box changes in Trioban depend on the orientation of the pusher's start triangle;
/// give it with [`StepCounter::with_start_shape`] (the default is
/// [`TileShape::Default`], an up-pointing triangle). The other metrics and the other
/// tessellations never need it.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::Tessellation;
/// use sokoengine_metrics::{SolutionMetrics, StepCounter};
///
/// let counter = StepCounter::new(Tessellation::Sokoban);
/// assert_eq!(counter.count("ullDullddrRuLurrrdLLrrddlUruL")?, SolutionMetrics::new(29, 7, 6, 4, 6, 20));
/// // Hexoban letters: `n` north-east, `s` south-west.
/// let hexoban = StepCounter::new(Tessellation::Hexoban);
/// assert_eq!(hexoban.count("nNsS")?.to_string(), "4/2/2/2/2/2");
/// # Ok::<(), sokoengine_metrics::StepsError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StepCounter {
    tessellation: Tessellation,
    start_shape: TileShape,
}

impl StepCounter {
    /// A counter for the letters of `tessellation`.
    #[inline]
    pub const fn new(tessellation: Tessellation) -> StepCounter {
        StepCounter {
            tessellation,
            start_shape: TileShape::Default,
        }
    }

    /// The same counter for a path that starts on a tile of `shape` (only Trioban's
    /// [`TileShape::TriangleDown`] changes anything).
    #[inline]
    #[must_use]
    pub const fn with_start_shape(self, shape: TileShape) -> StepCounter {
        StepCounter {
            tessellation: self.tessellation,
            start_shape: shape,
        }
    }

    /// The tessellation whose letters are counted.
    #[inline]
    pub const fn tessellation(&self) -> Tessellation {
        self.tessellation
    }

    /// The shape of the start tile assumed for Trioban.
    #[inline]
    pub const fn start_shape(&self) -> TileShape {
        self.start_shape
    }

    fn tables(&self) -> &'static Tables {
        match self.tessellation {
            Tessellation::Sokoban => &SOKOBAN,
            Tessellation::Hexoban => &HEXOBAN,
            Tessellation::Trioban if self.start_shape == TileShape::TriangleDown => &TRIOBAN_DOWN,
            Tessellation::Trioban => &TRIOBAN_UP,
            Tessellation::Octoban => &OCTOBAN,
        }
    }

    fn count_valid(&self, bytes: &[u8]) -> (SolutionMetrics, bool) {
        let tables = self.tables();
        if self.tessellation == Tessellation::Trioban {
            count_raw::<true>(tables, bytes)
        } else {
            count_raw::<false>(tables, bytes)
        }
    }

    /// The six metrics of `steps`.
    ///
    /// # Errors
    ///
    /// [`StepsError::IllegalCharacter`] for a character (before any `*`) that is not
    /// a step letter of the tessellation, whitespace included;
    /// [`StepsError::TooLong`] for more than [`MAX_STEPS`] bytes.
    pub fn count(&self, steps: &str) -> Result<SolutionMetrics, StepsError> {
        let bytes = steps.as_bytes();
        if bytes.len() > MAX_STEPS {
            return Err(StepsError::TooLong {
                steps: bytes.len(),
                limit: MAX_STEPS,
            });
        }
        let (metrics, saw_other) = self.count_valid(bytes);
        if !saw_other {
            return Ok(metrics);
        }
        // Rare path: find the first non-letter. Everything before it is an ASCII
        // letter, so its byte offset is also its character index.
        let tables = self.tables();
        let first = bytes
            .iter()
            .position(|&byte| tables.class[usize::from(byte)] == NOT_A_STEP)
            .unwrap_or(bytes.len());
        if bytes.get(first) == Some(&b'*') {
            return Ok(self.count_valid(&bytes[..first]).0);
        }
        let character = steps[first..].chars().next().unwrap_or('\0');
        Err(StepsError::IllegalCharacter {
            character,
            position: first,
            tessellation: self.tessellation,
        })
    }
}

impl SolutionMetrics {
    /// The metrics of a Sokoban LURD string (`lurdLURD`, upper case = push), without
    /// a board. See [`StepCounter`] for the other tessellations.
    ///
    /// # Errors
    ///
    /// As [`StepCounter::count`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_metrics::SolutionMetrics;
    ///
    /// let metrics = SolutionMetrics::from_lurd("RlrR")?;
    /// assert_eq!(metrics, SolutionMetrics::new(4, 2, 2, 1, 2, 3));
    /// // Undone steps of a saved game (after `*`) do not count.
    /// assert_eq!(SolutionMetrics::from_lurd("uulld*d")?.moves, 5);
    /// # Ok::<(), sokoengine_metrics::StepsError>(())
    /// ```
    pub fn from_lurd(steps: &str) -> Result<SolutionMetrics, StepsError> {
        StepCounter::new(Tessellation::Sokoban).count(steps)
    }

    /// The metrics of a step string in the letters of `tessellation`, without a
    /// board (Trioban assumes an up-pointing start triangle; see [`StepCounter`]).
    ///
    /// # Errors
    ///
    /// As [`StepCounter::count`].
    pub fn from_steps(
        tessellation: Tessellation,
        steps: &str,
    ) -> Result<SolutionMetrics, StepsError> {
        StepCounter::new(tessellation).count(steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_lurd_examples() {
        let cases = [
            ("R", "1/1/1/1/1/1"),
            ("RlrR", "4/2/2/1/2/3"),
            ("lddrdddrrruulLulDDurrrddllLulluUUrurDDDD", "40/10/5/3/5/21"),
            (
                "ruuLLLLrrrrddlUruLLLulDrddllluuRRDrdLuuurDD",
                "43/15/8/5/7/25",
            ),
            ("ullDullddrRuLurrrdLLrrddlUruL", "29/7/6/4/6/20"),
            ("urrruullluuuUd", "14/1/1/1/1/6"),
            ("dllllllllludurdlllllldd", "23/0/0/0/0/9"),
            ("", "0/0/0/0/0/0"),
        ];
        for (steps, expected) in cases {
            assert_eq!(
                SolutionMetrics::from_lurd(steps).unwrap().to_string(),
                expected,
                "{steps}"
            );
        }
    }

    #[test]
    fn bad_characters_are_reported_with_their_position() {
        let error = SolutionMetrics::from_lurd("lurd ").unwrap_err();
        assert_eq!(
            error,
            StepsError::IllegalCharacter {
                character: ' ',
                position: 4,
                tessellation: Tessellation::Sokoban
            }
        );
        assert_eq!(
            error.to_string(),
            "Illegal PusherStep character ' ' in SokobanTessellation at position 4!"
        );
        let error = SolutionMetrics::from_lurd("luré*").unwrap_err();
        assert!(matches!(
            error,
            StepsError::IllegalCharacter {
                character: 'é',
                position: 3,
                ..
            }
        ));
        assert!(SolutionMetrics::from_lurd("ln").is_err());
        assert!(SolutionMetrics::from_steps(Tessellation::Hexoban, "lnsNS").is_ok());
        assert!(SolutionMetrics::from_steps(Tessellation::Hexoban, "e").is_err());
        // After `*` anything goes: it is the undone tail.
        assert_eq!(SolutionMetrics::from_lurd("lL*x y").unwrap().moves, 2);
    }

    #[test]
    fn same_box_pushed_again_after_walking_around_is_no_box_change() {
        // Push right, walk around the box, push it up.
        let metrics = SolutionMetrics::from_lurd("RdrU").unwrap();
        assert_eq!(metrics, SolutionMetrics::new(4, 2, 2, 1, 2, 4));
        // Push right, step down and push right: another box.
        let metrics = SolutionMetrics::from_lurd("RdR").unwrap();
        assert_eq!(metrics.box_changes, 2);
        // Push a box, then push the square it came from: another box.
        let metrics = SolutionMetrics::from_lurd("RlL").unwrap();
        assert_eq!(metrics.box_changes, 2);
    }

    #[test]
    fn trioban_start_orientation_matters_only_for_box_changes() {
        let up = StepCounter::new(Tessellation::Trioban);
        let down = up.with_start_shape(TileShape::TriangleDown);
        assert_eq!(down.start_shape(), TileShape::TriangleDown);
        let steps = "NdnSlLuUrR";
        let (a, b) = (up.count(steps).unwrap(), down.count(steps).unwrap());
        assert_eq!(
            (
                a.moves,
                a.pushes,
                a.box_lines,
                a.pushing_sessions,
                a.player_lines
            ),
            (
                b.moves,
                b.pushes,
                b.box_lines,
                b.pushing_sessions,
                b.player_lines
            )
        );
    }
}
