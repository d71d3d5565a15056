//! Vicinity configurations (JSoko's and YASO's method): every configuration on the
//! seeds' paths with up to `k` of its boxes moved to any of their `v` nearest
//! squares.

use std::fmt;

use crate::clock::Clock;
use crate::config::StopReason;
use crate::ids::{Cell, PerCell};

use super::configs::{ConfigId, Full, Inserted, bits};
use super::space::Space;

/// One vicinity setting: up to `boxes` boxes each moved to one of its `squares`
/// nearest squares.
pub type VicinitySetting = (u8, u16);

/// The largest number of boxes one setting may move at once.
pub const MAX_VICINITY_BOXES: u8 = 8;

/// Text that is not a list of vicinity settings.
///
/// # Examples
///
/// ```
/// use sokoengine_solver::parse_vicinity;
///
/// assert_eq!(parse_vicinity("2:20,3:10")?, [(2, 20), (3, 10)]);
/// assert_eq!(
///     parse_vicinity("2:x").unwrap_err().to_string(),
///     "invalid vicinity setting '2:x' (expected BOXES:SQUARES, e.g. 2:20,3:10)"
/// );
/// # Ok::<(), sokoengine_solver::ParseVicinityError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseVicinityError {
    /// A part is not `BOXES:SQUARES` with two positive numbers.
    #[error("invalid vicinity setting '{part}' (expected BOXES:SQUARES, e.g. 2:20,3:10)")]
    Setting {
        /// The offending part.
        part: String,
    },
    /// A setting moves more boxes than [`MAX_VICINITY_BOXES`].
    #[error("vicinity setting '{part}' moves more than {limit} boxes")]
    TooManyBoxes {
        /// The offending part.
        part: String,
        /// [`MAX_VICINITY_BOXES`].
        limit: u8,
    },
    /// No setting at all.
    #[error("empty vicinity (expected BOXES:SQUARES, e.g. 2:20,3:10)")]
    Empty,
}

/// Reads vicinity settings written as `BOXES:SQUARES` pairs separated by commas
/// (`2:20,3:10`): up to 2 boxes moved to any of their 20 nearest squares, and up to
/// 3 boxes to any of their 10 nearest squares.
///
/// # Errors
///
/// [`ParseVicinityError`] for text of another shape, zero values, or more than
/// [`MAX_VICINITY_BOXES`] boxes.
pub fn parse_vicinity(text: &str) -> Result<Vec<VicinitySetting>, ParseVicinityError> {
    let mut settings = Vec::new();
    for part in text
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
    {
        let invalid = || ParseVicinityError::Setting {
            part: part.to_owned(),
        };
        let (boxes, squares) = part.split_once(':').ok_or_else(invalid)?;
        let boxes: u32 = boxes.trim().parse().map_err(|_| invalid())?;
        let squares: u16 = squares.trim().parse().map_err(|_| invalid())?;
        if boxes == 0 || squares == 0 {
            return Err(invalid());
        }
        if boxes > u32::from(MAX_VICINITY_BOXES) {
            return Err(ParseVicinityError::TooManyBoxes {
                part: part.to_owned(),
                limit: MAX_VICINITY_BOXES,
            });
        }
        settings.push((boxes as u8, squares));
    }
    if settings.is_empty() {
        return Err(ParseVicinityError::Empty);
    }
    Ok(settings)
}

/// Writes settings as [`parse_vicinity`] reads them.
pub(crate) struct Settings<'a>(pub(crate) &'a [VicinitySetting]);

impl fmt::Display for Settings<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (boxes, squares)) in self.0.iter().enumerate() {
            if index > 0 {
                f.write_str(",")?;
            }
            write!(f, "{boxes}:{squares}")?;
        }
        Ok(())
    }
}

/// Why generation stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cut {
    /// The set reached its cap.
    Full,
    /// A limit of the optimizer.
    Stopped(StopReason),
}

impl From<Full> for Cut {
    fn from(_: Full) -> Cut {
        Cut::Full
    }
}

impl From<StopReason> for Cut {
    fn from(reason: StopReason) -> Cut {
        Cut::Stopped(reason)
    }
}

/// The nearest live squares of each cell (floor distance, boxes ignored; ties in
/// breadth-first order), computed when first asked.
#[derive(Debug, Default)]
pub(crate) struct Nearest {
    lists: PerCell<Option<Vec<Cell>>>,
    /// How many squares each list holds.
    len: usize,
    /// Breadth-first scratch: the generation that saw each cell, and the queue.
    seen: PerCell<u32>,
    generation: u32,
    queue: Vec<Cell>,
}

impl Nearest {
    /// Lists of up to `len` squares.
    pub(crate) fn new(cells: usize, len: usize) -> Nearest {
        Nearest {
            lists: PerCell::filled(None, cells),
            len,
            seen: PerCell::filled(0, cells),
            generation: 0,
            queue: Vec::new(),
        }
    }

    /// The nearest live squares of `cell` (not `cell` itself), nearest first.
    fn of(&mut self, space: &Space<'_>, cell: Cell) -> &[Cell] {
        if self.lists[cell].is_none() {
            let list = self.search(space, cell);
            self.lists[cell] = Some(list);
        }
        self.lists[cell].as_deref().unwrap_or_default()
    }

    fn search(&mut self, space: &Space<'_>, cell: Cell) -> Vec<Cell> {
        let model = space.model;
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.seen.fill(0);
            self.generation = 1;
        }
        let mut list = Vec::with_capacity(self.len);
        self.queue.clear();
        self.queue.push(cell);
        self.seen[cell] = self.generation;
        let mut next = 0;
        while let Some(&current) = self.queue.get(next) {
            next += 1;
            if current != cell && !model.dead_cell[current] {
                list.push(current);
                if list.len() == self.len {
                    break;
                }
            }
            for &direction in model.directions {
                let Some(neighbor) = model.neighbor(current, direction) else {
                    continue;
                };
                if self.seen[neighbor] != self.generation {
                    self.seen[neighbor] = self.generation;
                    self.queue.push(neighbor);
                }
            }
        }
        list
    }
}

/// Adds to the set of `space` the vicinity of every configuration of `centers`
/// under `setting`. Returns how many configurations were new.
pub(crate) fn generate(
    space: &mut Space<'_>,
    nearest: &mut Nearest,
    setting: VicinitySetting,
    centers: &[ConfigId],
    clock: &mut Clock<'_>,
) -> Result<usize, Cut> {
    let (boxes_moved, squares) = (usize::from(setting.0), usize::from(setting.1));
    let mut enumerator = Enumerator {
        boxes: Vec::new(),
        targets: Vec::new(),
        words: vec![0; space.set.words()],
        hash: 0,
        chosen: Vec::new(),
        limit: boxes_moved,
        added: 0,
        countdown: CHECK_EVERY,
    };
    for &center in centers {
        space.cells_of(center, &mut enumerator.boxes);
        enumerator.targets.clear();
        for &cell in &enumerator.boxes {
            let list = nearest.of(space, cell);
            enumerator
                .targets
                .push(list[..squares.min(list.len())].to_vec());
        }
        enumerator.words.copy_from_slice(space.set.bits(center));
        enumerator.hash = space.set.hash(center);
        enumerator.choose(space, clock, 0)?;
    }
    Ok(enumerator.added)
}

/// Inserts between two checks of the limits.
const CHECK_EVERY: u32 = 4096;

/// Enumerates the vicinity of one configuration: subsets of its boxes (at most
/// `limit`), then for each subset every placement of its boxes on their target
/// squares.
struct Enumerator {
    boxes: Vec<Cell>,
    /// Per box: its target squares.
    targets: Vec<Vec<Cell>>,
    /// The configuration being built.
    words: Vec<u64>,
    hash: u64,
    /// Indices of the boxes taken off, in increasing order.
    chosen: Vec<usize>,
    limit: usize,
    added: usize,
    countdown: u32,
}

impl Enumerator {
    fn choose(
        &mut self,
        space: &mut Space<'_>,
        clock: &mut Clock<'_>,
        from: usize,
    ) -> Result<(), Cut> {
        for index in from..self.boxes.len() {
            let cell = self.boxes[index];
            let dense = space.model.dense_id(cell);
            let key = space.model.box_keys[cell];
            bits::clear(&mut self.words, dense);
            self.hash ^= key;
            self.chosen.push(index);
            let mut result = self.place(space, clock, 0);
            if result.is_ok() && self.chosen.len() < self.limit {
                result = self.choose(space, clock, index + 1);
            }
            self.chosen.pop();
            bits::set(&mut self.words, dense);
            self.hash ^= key;
            result?;
        }
        Ok(())
    }

    fn place(
        &mut self,
        space: &mut Space<'_>,
        clock: &mut Clock<'_>,
        depth: usize,
    ) -> Result<(), Cut> {
        if depth == self.chosen.len() {
            if matches!(space.set.insert(&self.words, self.hash)?, Inserted::New(_)) {
                self.added += 1;
            }
            self.countdown -= 1;
            if self.countdown == 0 {
                self.countdown = CHECK_EVERY;
                clock.poll()?;
            }
            return Ok(());
        }
        let index = self.chosen[depth];
        for target in 0..self.targets[index].len() {
            let cell = self.targets[index][target];
            let dense = space.model.dense_id(cell);
            if bits::get(&self.words, dense) {
                continue;
            }
            let key = space.model.box_keys[cell];
            bits::set(&mut self.words, dense);
            self.hash ^= key;
            let result = self.place(space, clock, depth + 1);
            bits::clear(&mut self.words, dense);
            self.hash ^= key;
            result?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_and_print() {
        assert_eq!(parse_vicinity(" 1:5 , 2:20,").unwrap(), [(1, 5), (2, 20)]);
        assert_eq!(Settings(&[(2, 20), (3, 10)]).to_string(), "2:20,3:10");
        for bad in ["", "2", "2:", "0:5", "2:0", "a:b", "2:70000", "-1:3"] {
            assert!(parse_vicinity(bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse_vicinity("9:2").unwrap_err().to_string(),
            "vicinity setting '9:2' moves more than 8 boxes"
        );
    }
}
