//! The board text model (docs/formats.md#board-text).

use std::fmt;

use sokoengine_geometry::{Tessellation, TileShape};

use crate::cell::is_floor_byte;
use crate::error::{BoardParseError, MAX_HEIGHT, MAX_WIDTH, PuzzleEditError, SizeError};
use crate::text::{TextGrid, clean};
use crate::{BoardCell, BoardPosition, hexoban, rle};

/// One board as text: cells keep the characters they were written with
/// (alternative letters such as `p`, `b`, `o`, `_` survive printing), plus the
/// puzzle's metadata.
///
/// Positions are row-major (`y * width + x`) over the internal grid; for Hexoban
/// that is the grid of hexagons, not the text columns. Parsing accepts plain and
/// RLE text and every Hexoban layout scheme; printing writes the normal form. Edits
/// work in place; new cells are floor.
///
/// Snapshots (saved games and solutions) belong to `sokoengine-io`, which pairs them
/// with a `Puzzle`.
///
/// # Examples
///
/// ```
/// use sokoengine_board::Puzzle;
/// use sokoengine_geometry::Tessellation;
///
/// let puzzle = Puzzle::parse(Tessellation::Sokoban, "--3#|3#-#|#pb.#|5#")?;
/// assert_eq!((puzzle.width(), puzzle.height()), (5, 4));
/// assert_eq!(puzzle.to_string(), "  ###\n### #\n#pb.#\n#####");
/// assert_eq!(puzzle.to_board_str(true, false), "--###\n###-#\n#pb.#\n#####");
/// assert_eq!(puzzle.to_board_str(false, true), "2 3#|3# #|#pb.#|5#");
/// # Ok::<(), sokoengine_board::BoardParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "PuzzleText", into = "PuzzleText"))]
pub struct Puzzle {
    tessellation: Tessellation,
    width: usize,
    height: usize,
    /// Stored characters, row-major; a space is stored as `-`.
    cells: Vec<u8>,
    /// Title (default empty).
    pub title: String,
    /// Author (default empty).
    pub author: String,
    /// Sokoban+ box order (default empty).
    pub boxorder: String,
    /// Sokoban+ goal order (default empty).
    pub goalorder: String,
    /// Free notes (default empty).
    pub notes: String,
}

/// How many pushers, boxes, goals and boxes off goal a board has
/// ([`Puzzle::piece_counts`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PieceCounts {
    /// Pushers, a pusher on a goal included.
    pub pushers: usize,
    /// Boxes, boxes on goals included.
    pub boxes: usize,
    /// Goals, under boxes and pushers included.
    pub goals: usize,
    /// Boxes not on a goal.
    pub boxes_off_goal: usize,
}

/// The pieces of each board character ([`BoardCell::from_byte`]; others are floor,
/// as [`Puzzle::cells`] reads them) as four 16-bit counters: pusher, box, goal, box
/// off goal.
static PIECE_COUNTERS: [u64; 256] = {
    let mut table = [0; 256];
    let mut byte = 0;
    while byte < 256 {
        if let Some(cell) = BoardCell::from_byte(byte as u8) {
            table[byte] = cell.has_pusher() as u64
                | (cell.has_box() as u64) << 16
                | (cell.has_goal() as u64) << 32
                | ((cell.has_box() && !cell.has_goal()) as u64) << 48;
        }
        byte += 1;
    }
    table
};

const fn is_border_byte(byte: u8) -> bool {
    matches!(byte, b'#' | b'*' | b'B')
}

/// Whether a board with these piece counts can be played: at least one pusher, at
/// least one box, and as many boxes as goals (sokoenginepy's `is_playable`). The
/// Mover refuses other boards; everything that decides playability asks here.
///
/// ```
/// use sokoengine_board::is_playable;
/// assert!(is_playable(1, 2, 2) && is_playable(3, 1, 1));
/// assert!(!is_playable(0, 1, 1) && !is_playable(1, 0, 0) && !is_playable(1, 2, 3));
/// ```
pub const fn is_playable(pushers: usize, boxes: usize, goals: usize) -> bool {
    pushers > 0 && boxes > 0 && boxes == goals
}

impl Puzzle {
    /// An all-floor `width × height` puzzle.
    ///
    /// # Errors
    ///
    /// [`SizeError`] beyond [`MAX_WIDTH`] × [`MAX_HEIGHT`].
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let mut puzzle = Puzzle::new(Tessellation::Sokoban, 5, 3)?;
    /// for (position, character) in "######@$.######".chars().enumerate() {
    ///     puzzle.set(position, character)?;
    /// }
    /// assert_eq!(puzzle.to_string(), "#####\n#@$.#\n#####");
    /// assert!(Puzzle::new(Tessellation::Sokoban, 5000, 1).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(
        tessellation: Tessellation,
        width: usize,
        height: usize,
    ) -> Result<Puzzle, SizeError> {
        SizeError::check(width, height)?;
        let (width, height) = if width == 0 || height == 0 {
            (0, 0)
        } else {
            (width, height)
        };
        Ok(Puzzle {
            tessellation,
            width,
            height,
            cells: vec![b'-'; width * height],
            ..Puzzle::default()
        })
    }

    /// Parses board text (plain or RLE; for Hexoban any accepted layout).
    ///
    /// # Errors
    ///
    /// [`BoardParseError`]: invalid characters, malformed RLE, a Hexoban layout
    /// error (all with line and column), or a board beyond the size limits.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let hexoban = Puzzle::parse(Tessellation::Hexoban, " # # #\n# @ $ #\n # . #\n  # #")?;
    /// assert_eq!((hexoban.width(), hexoban.height()), (4, 4));
    /// assert_eq!(hexoban.to_board_str(true, false), "---#-#-#-\n--#-@-$-#\n---#-.-#-\n----#-#--");
    /// assert!(Puzzle::parse(Tessellation::Sokoban, "ZOMG!").is_err());
    /// # Ok::<(), sokoengine_board::BoardParseError>(())
    /// ```
    pub fn parse(tessellation: Tessellation, text: &str) -> Result<Puzzle, BoardParseError> {
        let grid = if tessellation == Tessellation::Hexoban {
            let cleaned = clean(text, 2 * MAX_WIDTH + 2, MAX_HEIGHT)?;
            let grid = hexoban::parse_layout(&cleaned).map_err(|error| match error {
                // Report lines of the text as given: count the stripped blank lines.
                BoardParseError::HexobanLayout { line, column } => BoardParseError::HexobanLayout {
                    line: line + leading_blank_lines(text),
                    column,
                },
                other => other,
            })?;
            SizeError::check(grid.width, grid.height)?;
            grid
        } else {
            clean(text, MAX_WIDTH, MAX_HEIGHT)?
        };
        Ok(Puzzle::from_grid(tessellation, grid))
    }

    pub(crate) fn from_grid(tessellation: Tessellation, grid: TextGrid) -> Puzzle {
        Puzzle {
            tessellation,
            width: grid.width,
            height: grid.height,
            cells: grid.bytes,
            ..Puzzle::default()
        }
    }

    /// The tessellation.
    pub const fn tessellation(&self) -> Tessellation {
        self.tessellation
    }
    /// Width in cells.
    pub const fn width(&self) -> usize {
        self.width
    }
    /// Height in cells.
    pub const fn height(&self) -> usize {
        self.height
    }
    /// `width * height`.
    pub const fn size(&self) -> usize {
        self.width * self.height
    }

    /// The stored characters, row-major (a space is stored as `-`).
    pub fn as_bytes(&self) -> &[u8] {
        &self.cells
    }

    /// Whether `other` has the same size and the same cells, characters as written
    /// (alternative letters count as different) except that every floor character
    /// (` `, `-`, `_`) counts as floor. The tessellation is not compared.
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let a = Puzzle::parse(Tessellation::Sokoban, "#####\n#@$.#\n#- _#\n#####")?;
    /// let b = Puzzle::parse(Tessellation::Sokoban, "#####\n#@$.#\n#   #\n#####")?;
    /// let c = Puzzle::parse(Tessellation::Sokoban, "#####\n#pb.#\n#   #\n#####")?;
    /// assert!(a.same_cells(&b) && !b.same_cells(&c));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn same_cells(&self, other: &Puzzle) -> bool {
        let floor = |byte: u8| if is_floor_byte(byte) { b'-' } else { byte };
        self.width == other.width
            && self.height == other.height
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(&a, &b)| floor(a) == floor(b))
    }

    /// The character stored at `position` (alternatives kept, `-` for a space), or
    /// `None` off the board.
    pub fn get(&self, position: impl Into<BoardPosition>) -> Option<char> {
        let position = position.into().index();
        self.cells.get(position).map(|&b| b as char)
    }

    /// Like [`Puzzle::get`], with an error off the board.
    ///
    /// # Errors
    ///
    /// [`PuzzleEditError::PositionOutOfRange`].
    pub fn try_get(&self, position: impl Into<BoardPosition>) -> Result<char, PuzzleEditError> {
        let position = position.into();
        self.get(position)
            .ok_or(PuzzleEditError::PositionOutOfRange { position })
    }

    /// Stores `character` at `position`.
    ///
    /// # Errors
    ///
    /// [`PuzzleEditError::NotBoardCharacter`] unless `character` is one board
    /// character (floor included), [`PuzzleEditError::PositionOutOfRange`] off the
    /// board.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    /// let mut puzzle = Puzzle::parse(Tessellation::Sokoban, "#-#")?;
    /// puzzle.set(1, 'b')?;
    /// assert_eq!(puzzle.to_string(), "#b#");
    /// assert_eq!(puzzle.set(1, 'x').unwrap_err().to_string(), "'x' is not a board character!");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set(
        &mut self,
        position: impl Into<BoardPosition>,
        character: char,
    ) -> Result<(), PuzzleEditError> {
        let position = position.into();
        if !crate::is_board_char(character) {
            return Err(PuzzleEditError::NotBoardCharacter { character });
        }
        let slot = self
            .cells
            .get_mut(position.index())
            .ok_or(PuzzleEditError::PositionOutOfRange { position })?;
        *slot = if character == ' ' {
            b'-'
        } else {
            character as u8
        };
        Ok(())
    }

    /// The cell at `position`, or `None` off the board.
    pub fn cell(&self, position: impl Into<BoardPosition>) -> Option<BoardCell> {
        let position = position.into().index();
        self.cells
            .get(position)
            .map(|&b| BoardCell::from_byte(b).unwrap_or_default())
    }

    /// The board characters of all cells, row-major (see [`BoardCell::from_byte`]).
    pub(crate) fn cell_bytes(&self) -> &[u8] {
        &self.cells
    }

    /// All cells, row-major.
    pub fn cells(&self) -> impl ExactSizeIterator<Item = BoardCell> + '_ {
        self.cells
            .iter()
            .map(|&b| BoardCell::from_byte(b).unwrap_or_default())
    }

    /// Number of pushers (a pusher on a goal included), counted over the cells.
    pub fn pusher_count(&self) -> usize {
        self.piece_counts().pushers
    }
    /// Number of boxes (boxes on goals included).
    pub fn box_count(&self) -> usize {
        self.piece_counts().boxes
    }
    /// Number of goals (under boxes and pushers included).
    pub fn goal_count(&self) -> usize {
        self.piece_counts().goals
    }

    /// Pushers, boxes, goals and boxes off goal, counted in one pass over the cells.
    ///
    /// ```
    /// use sokoengine_board::{PieceCounts, Puzzle};
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let puzzle = Puzzle::parse(Tessellation::Sokoban, "#######\n#+$*$.#\n#######")?;
    /// let counts = PieceCounts { pushers: 1, boxes: 3, goals: 3, boxes_off_goal: 2 };
    /// assert_eq!(puzzle.piece_counts(), counts);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_counts(&self) -> PieceCounts {
        let mut counts = PieceCounts::default();
        // Four 16-bit counters in a word: one addition a cell counts them all, in
        // chunks short enough that no counter overflows.
        for chunk in self.cells.chunks(usize::from(u16::MAX)) {
            let packed: u64 = chunk
                .iter()
                .map(|&byte| PIECE_COUNTERS[usize::from(byte)])
                .sum();
            let counter = |index: u32| (packed >> (16 * index)) as usize & 0xffff;
            counts.pushers += counter(0);
            counts.boxes += counter(1);
            counts.goals += counter(2);
            counts.boxes_off_goal += counter(3);
        }
        counts
    }

    /// Whether a Sokoban+ box or goal order is given (not blank).
    pub fn has_sokoban_plus(&self) -> bool {
        !self.boxorder.trim().is_empty() || !self.goalorder.trim().is_empty()
    }

    /// The tile shape at `position`.
    pub const fn tile_shape(&self, position: BoardPosition) -> TileShape {
        self.tessellation.tile_shape(position.index(), self.width)
    }

    /// Prints the board: one line per row, no trailing newline; floor as a space or
    /// (`use_visible_floor`) `-`; optionally RLE-encoded. Hexoban boards print in the
    /// normal text layout.
    pub fn to_board_str(&self, use_visible_floor: bool, rle_encode: bool) -> String {
        print_board(
            self.tessellation,
            self.width,
            self.height,
            |position| {
                let byte = self.cells[position];
                if is_floor_byte(byte) { b'-' } else { byte }
            },
            use_visible_floor,
            rle_encode,
        )
    }

    // ---- resizing ---------------------------------------------------------------

    /// Rebuilds the grid as `width × height`, taking cell `(x, y)` from `source(x, y)`
    /// (floor when `None`). A zero dimension empties the board.
    fn rebuild(
        &mut self,
        width: usize,
        height: usize,
        source: impl Fn(usize, usize) -> Option<(usize, usize)>,
    ) {
        if width == 0 || height == 0 {
            self.width = 0;
            self.height = 0;
            self.cells.clear();
            return;
        }
        let mut cells = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                cells.push(source(x, y).map_or(b'-', |(sx, sy)| self.cells[sy * self.width + sx]));
            }
        }
        self.width = width;
        self.height = height;
        self.cells = cells;
    }

    /// Takes the cells of `grid` (an empty grid empties the board).
    fn set_grid(&mut self, grid: TextGrid) {
        if grid.width == 0 || grid.height == 0 {
            self.width = 0;
            self.height = 0;
            self.cells.clear();
        } else {
            self.width = grid.width;
            self.height = grid.height;
            self.cells = grid.bytes;
        }
    }

    /// Replaces the board by the reparse of its Hexoban print after `edit`.
    fn hexoban_text_edit(&mut self, edit: impl FnOnce(&mut Vec<Vec<u8>>, bool)) {
        let (text, type_one) = hexoban::print_layout(self.width, self.height, |p| self.cells[p]);
        let mut rows: Vec<Vec<u8>> = (0..text.height).map(|y| text.row(y).to_vec()).collect();
        edit(&mut rows, type_one);
        let width = rows.iter().map(Vec::len).max().unwrap_or(0);
        let height = if width == 0 { 0 } else { rows.len() };
        let mut bytes = vec![b'-'; width * height];
        for (row, target) in rows.iter().zip(bytes.chunks_exact_mut(width.max(1))) {
            target[..row.len()].copy_from_slice(row);
        }
        let grid = TextGrid {
            width,
            height,
            bytes,
        };
        // The print of a valid board always reparses: the layout is regular.
        if let Ok(cells) = hexoban::parse_layout(&grid) {
            self.width = cells.width;
            self.height = cells.height;
            self.cells = cells.bytes;
            if self.width == 0 || self.height == 0 {
                self.width = 0;
                self.height = 0;
            }
        }
    }

    /// Adds `count` floor rows at the top (Hexoban: as `count` single rows added through
    /// the text layout, computed in one pass).
    pub fn add_rows_top(&mut self, count: usize) {
        if count == 0 {
            return;
        }
        if self.tessellation == Tessellation::Hexoban {
            // k single steps differ from one k-row edit; `hexoban` computes them at once.
            let grid = hexoban::add_rows_top(self.width, self.height, count, |p| self.cells[p]);
            self.set_grid(grid);
        } else {
            let (old_width, width) = (self.width, self.width.max(1));
            self.rebuild(width, self.height + count, |x, y| {
                (y >= count && x < old_width).then(|| (x, y - count))
            });
        }
    }
    /// Adds one floor row at the top.
    pub fn add_row_top(&mut self) {
        self.add_rows_top(1);
    }
    /// Adds `count` floor rows at the bottom.
    pub fn add_rows_bottom(&mut self, count: usize) {
        if count == 0 {
            return;
        }
        let (old_width, old_height) = (self.width, self.height);
        self.rebuild(old_width.max(1), old_height + count, |x, y| {
            (y < old_height && x < old_width).then_some((x, y))
        });
    }
    /// Adds one floor row at the bottom.
    pub fn add_row_bottom(&mut self) {
        self.add_rows_bottom(1);
    }
    /// Adds `count` floor columns on the left.
    pub fn add_columns_left(&mut self, count: usize) {
        if count == 0 {
            return;
        }
        let old_height = self.height;
        self.rebuild(self.width + count, old_height.max(1), |x, y| {
            (x >= count && y < old_height).then(|| (x - count, y))
        });
    }
    /// Adds one floor column on the left.
    pub fn add_column_left(&mut self) {
        self.add_columns_left(1);
    }
    /// Adds `count` floor columns on the right.
    pub fn add_columns_right(&mut self, count: usize) {
        if count == 0 {
            return;
        }
        let (old_width, old_height) = (self.width, self.height);
        self.rebuild(old_width + count, old_height.max(1), |x, y| {
            (x < old_width && y < old_height).then_some((x, y))
        });
    }
    /// Adds one floor column on the right.
    pub fn add_column_right(&mut self) {
        self.add_columns_right(1);
    }
    /// Removes up to `count` rows at the top (Hexoban: as `count` single rows removed
    /// through the text layout, computed in one pass).
    pub fn remove_rows_top(&mut self, count: usize) {
        let count = count.min(self.height);
        if count == 0 {
            return;
        }
        if self.tessellation == Tessellation::Hexoban {
            let grid = hexoban::remove_rows_top(self.width, self.height, count, |p| self.cells[p]);
            self.set_grid(grid);
        } else {
            self.rebuild(self.width, self.height - count, |x, y| Some((x, y + count)));
        }
    }
    /// Removes the top row; removing the last row empties the board.
    pub fn remove_row_top(&mut self) {
        self.remove_rows_top(1);
    }
    /// Removes up to `count` rows at the bottom (Hexoban: as `count` single rows removed
    /// through the text layout, computed in one pass).
    pub fn remove_rows_bottom(&mut self, count: usize) {
        let count = count.min(self.height);
        if count == 0 {
            return;
        }
        if self.tessellation == Tessellation::Hexoban {
            let grid =
                hexoban::remove_rows_bottom(self.width, self.height, count, |p| self.cells[p]);
            self.set_grid(grid);
        } else {
            self.rebuild(self.width, self.height - count, |x, y| Some((x, y)));
        }
    }
    /// Removes the bottom row.
    pub fn remove_row_bottom(&mut self) {
        self.remove_rows_bottom(1);
    }
    /// Removes up to `count` columns on the left.
    pub fn remove_columns_left(&mut self, count: usize) {
        let count = count.min(self.width);
        if count > 0 {
            self.rebuild(self.width - count, self.height, |x, y| Some((x + count, y)));
        }
    }
    /// Removes the leftmost column.
    pub fn remove_column_left(&mut self) {
        self.remove_columns_left(1);
    }
    /// Removes up to `count` columns on the right.
    pub fn remove_columns_right(&mut self, count: usize) {
        let count = count.min(self.width);
        if count > 0 {
            self.rebuild(self.width - count, self.height, |x, y| Some((x, y)));
        }
    }
    /// Removes the rightmost column.
    pub fn remove_column_right(&mut self) {
        self.remove_columns_right(1);
    }

    /// Mirrors top-bottom.
    pub fn reverse_rows(&mut self) {
        let height = self.height;
        self.rebuild(self.width, height, |x, y| Some((x, height - 1 - y)));
    }

    /// Mirrors left-right (Hexoban: through the text layout, docs/formats.md#hexoban-layout).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let mut puzzle = Puzzle::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
    /// puzzle.reverse_columns();
    /// assert_eq!(puzzle.to_string(), "#####\n#.$@#\n#####");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reverse_columns(&mut self) {
        if self.tessellation == Tessellation::Hexoban {
            self.hexoban_text_edit(|rows, type_one| {
                for row in rows.iter_mut() {
                    if type_one {
                        row.insert(0, b'-');
                    } else {
                        row.push(b'-');
                    }
                    row.reverse();
                    row.pop();
                }
            });
        } else {
            let width = self.width;
            self.rebuild(width, self.height, |x, y| Some((width - 1 - x, y)));
        }
    }

    // ---- trimming ---------------------------------------------------------------

    /// Removes the columns left of the leftmost border element (`#`, `*`, `B`); a
    /// board without any border element is emptied.
    pub fn trim_left(&mut self) {
        let first = (0..self.height)
            .filter_map(|y| {
                self.cells[y * self.width..(y + 1) * self.width]
                    .iter()
                    .position(|&b| is_border_byte(b))
            })
            .min();
        self.remove_columns_left(first.unwrap_or(self.width));
    }

    /// Removes the rows above the topmost border element; a board without any border
    /// element is emptied.
    pub fn trim_top(&mut self) {
        let first = self
            .cells
            .iter()
            .position(|&b| is_border_byte(b))
            .map(|p| p / self.width);
        self.remove_rows_top(first.unwrap_or(self.height));
    }

    /// Mirror, [`Puzzle::trim_left`], mirror back.
    pub fn trim_right(&mut self) {
        self.reverse_columns();
        self.trim_left();
        self.reverse_columns();
    }

    /// Mirror, [`Puzzle::trim_top`], mirror back.
    pub fn trim_bottom(&mut self) {
        self.reverse_rows();
        self.trim_top();
        self.reverse_rows();
    }

    /// `trim_top`, `trim_bottom`, `trim_left`, `trim_right`, in this order.
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let mut puzzle = Puzzle::parse(Tessellation::Sokoban, "-------\n-#####-\n-#@$.#-\n-#####-")?;
    /// puzzle.trim();
    /// assert_eq!(puzzle.to_string(), "#####\n#@$.#\n#####");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn trim(&mut self) {
        self.trim_top();
        self.trim_bottom();
        self.trim_left();
        self.trim_right();
    }

    /// Adds or removes rows at the bottom, then columns at the right, until the board
    /// is `width × height` (a zero dimension empties the board). In Hexoban rows are
    /// removed as through the text layout (docs/formats.md#hexoban-layout).
    ///
    /// # Errors
    ///
    /// [`SizeError`] beyond [`MAX_WIDTH`] × [`MAX_HEIGHT`] (the board is unchanged).
    ///
    /// # Examples
    ///
    /// ```
    /// use sokoengine_board::Puzzle;
    /// use sokoengine_geometry::Tessellation;
    ///
    /// let mut puzzle = Puzzle::parse(Tessellation::Sokoban, "#####\n#@$.#\n#####")?;
    /// puzzle.resize(6, 4)?;
    /// assert_eq!(puzzle.to_board_str(true, false), "#####-\n#@$.#-\n#####-\n------");
    /// puzzle.resize(3, 2)?;
    /// assert_eq!(puzzle.to_board_str(true, false), "###\n#@$");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resize(&mut self, width: usize, height: usize) -> Result<(), SizeError> {
        SizeError::check(width, height)?;
        if width == 0 || height == 0 {
            self.rebuild(0, 0, |_, _| None);
            return Ok(());
        }
        if self.height > height {
            self.remove_rows_bottom(self.height - height);
        }
        if self.height < height {
            self.add_rows_bottom(height - self.height);
        }
        if self.width < width {
            self.add_columns_right(width - self.width);
        } else {
            self.remove_columns_right(self.width - width);
        }
        Ok(())
    }

    /// Grows (never shrinks) to at least `width × height`, adding half of the missing
    /// columns on the left and the rest on the right, then the same with rows at the
    /// top and bottom.
    ///
    /// In Hexoban rows are added at the top as through the text layout
    /// (docs/formats.md#hexoban-layout); the cost is that of one print of the board.
    ///
    /// # Errors
    ///
    /// [`SizeError`] beyond [`MAX_WIDTH`] × [`MAX_HEIGHT`] (the board is unchanged).
    pub fn resize_and_center(&mut self, width: usize, height: usize) -> Result<(), SizeError> {
        SizeError::check(width, height)?;
        if width > self.width {
            let missing = width - self.width;
            self.add_columns_left(missing / 2);
            self.add_columns_right(missing - missing / 2);
        }
        if height > self.height {
            let missing = height - self.height;
            self.add_rows_top(missing / 2);
            self.add_rows_bottom(missing - missing / 2);
        }
        Ok(())
    }
}

/// Number of line breaks before the first character that is not `\r` or `\n`
/// (`\r\n` counts once).
fn leading_blank_lines(text: &str) -> usize {
    let prefix = text.trim_start_matches(['\r', '\n']);
    let prefix = &text[..text.len() - prefix.len()];
    prefix.matches('\n').count() + prefix.matches('\r').count() - prefix.matches("\r\n").count()
}

/// Prints a grid whose floor cells are given as `-` by `byte_at`.
pub(crate) fn print_board(
    tessellation: Tessellation,
    width: usize,
    height: usize,
    byte_at: impl Fn(usize) -> u8,
    use_visible_floor: bool,
    rle_encode: bool,
) -> String {
    let mut out = Vec::with_capacity((width + 1) * height * 2);
    if tessellation == Tessellation::Hexoban {
        let (text, _) = hexoban::print_layout(width, height, byte_at);
        for y in 0..text.height {
            if y > 0 {
                out.push(b'\n');
            }
            out.extend_from_slice(text.row(y));
        }
    } else {
        for y in 0..height {
            if y > 0 {
                out.push(b'\n');
            }
            out.extend((0..width).map(|x| byte_at(y * width + x)));
        }
    }
    if !use_visible_floor {
        for byte in &mut out {
            if *byte == b'-' {
                *byte = b' ';
            }
        }
    }
    // Board bytes are ASCII board characters; never fails.
    let text = String::from_utf8(out).unwrap_or_default();
    if rle_encode {
        rle::encode(&text).unwrap_or(text)
    } else {
        text
    }
}

impl fmt::Display for Puzzle {
    /// [`Puzzle::to_board_str`] with invisible floor and no RLE.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_board_str(false, false))
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Puzzle")
            .field("tessellation", &self.tessellation)
            .field("width", &self.width)
            .field("height", &self.height)
            .field("board", &self.to_board_str(true, false))
            .field("title", &self.title)
            .finish_non_exhaustive()
    }
}

/// The serialized form of a [`Puzzle`]: its board as text (visible floor), so that
/// deserializing goes through the parser and its checks.
#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct PuzzleText {
    tessellation: Tessellation,
    board: String,
    #[serde(default)]
    title: String,
    #[serde(default)]
    author: String,
    #[serde(default)]
    boxorder: String,
    #[serde(default)]
    goalorder: String,
    #[serde(default)]
    notes: String,
}

#[cfg(feature = "serde")]
impl From<Puzzle> for PuzzleText {
    fn from(puzzle: Puzzle) -> PuzzleText {
        PuzzleText {
            tessellation: puzzle.tessellation,
            board: puzzle.to_board_str(true, false),
            title: puzzle.title,
            author: puzzle.author,
            boxorder: puzzle.boxorder,
            goalorder: puzzle.goalorder,
            notes: puzzle.notes,
        }
    }
}

#[cfg(feature = "serde")]
impl TryFrom<PuzzleText> for Puzzle {
    type Error = BoardParseError;

    fn try_from(text: PuzzleText) -> Result<Puzzle, BoardParseError> {
        let mut puzzle = Puzzle::parse(text.tessellation, &text.board)?;
        puzzle.title = text.title;
        puzzle.author = text.author;
        puzzle.boxorder = text.boxorder;
        puzzle.goalorder = text.goalorder;
        puzzle.notes = text.notes;
        Ok(puzzle)
    }
}

#[cfg(all(test, feature = "serde"))]
mod serde_tests {
    use super::*;

    #[test]
    fn serializes_as_board_text() {
        let mut puzzle =
            Puzzle::parse(Tessellation::Hexoban, " # # #\n# @ $ #\n # . #\n  # #").expect("parses");
        puzzle.title = "small".into();
        let json = serde_json::to_string(&puzzle).expect("serializes");
        assert!(json.contains("\"board\":\"---#-#-#-\\n"), "{json}");
        let back: Puzzle = serde_json::from_str(&json).expect("deserializes");
        assert_eq!(back, puzzle);
        let bad = r#"{"tessellation":"sokoban","board":"ZOMG!"}"#;
        assert!(serde_json::from_str::<Puzzle>(bad).is_err());
    }
}

#[cfg(test)]
mod hexoban_row_tests {
    use proptest::prelude::*;

    use super::*;

    /// The definition (docs/formats.md#hexoban-layout): one print, text edit and reparse per
    /// row.
    fn stepwise(puzzle: &Puzzle, operation: u8, count: usize) -> Puzzle {
        let mut puzzle = puzzle.clone();
        for _ in 0..count {
            puzzle.hexoban_text_edit(|rows, _| match operation {
                0 => {
                    let width = rows.first().map_or(1, Vec::len);
                    rows.insert(0, vec![b'-'; width]);
                }
                1 => {
                    if !rows.is_empty() {
                        rows.remove(0);
                    }
                }
                _ => {
                    rows.pop();
                }
            });
            if puzzle.width == 0 || puzzle.height == 0 {
                puzzle.cells.clear();
            }
        }
        puzzle
    }

    fn hexoban(width: usize, height: usize, cells: &[u8]) -> Puzzle {
        let mut puzzle = Puzzle::new(Tessellation::Hexoban, width, height).expect("small");
        puzzle.cells.copy_from_slice(&cells[..width * height]);
        puzzle
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn row_edits_at_once_match_row_by_row(
            width in 1usize..7,
            height in 1usize..9,
            cells in prop::collection::vec(prop::sample::select(b"#@$.*-_--------".to_vec()), 64),
            operation in 0u8..3,
            count in 0usize..12,
        ) {
            let puzzle = hexoban(width, height, &cells);
            let mut fast = puzzle.clone();
            match operation {
                0 => fast.add_rows_top(count),
                1 => fast.remove_rows_top(count),
                _ => fast.remove_rows_bottom(count),
            }
            let slow = stepwise(&puzzle, operation, count.min(if operation == 0 { count } else { height }));
            prop_assert_eq!(
                (fast.width, fast.height, fast.to_board_str(true, false)),
                (slow.width, slow.height, slow.to_board_str(true, false)),
                "{} of {} rows", ["add top", "remove top", "remove bottom"][operation as usize], count
            );
            prop_assert_eq!(&fast.cells, &slow.cells);
        }
    }

    #[test]
    fn trimming_a_tall_board_is_fast() {
        // Issue 14: 1,000 rows took 0.39 s, 2,000 rows 3.35 s (one reparse per row).
        let text = format!("{}#\n{}", "-".repeat(2000), "-\n".repeat(2000));
        let mut puzzle = Puzzle::parse(Tessellation::Hexoban, &text).expect("parses");
        let start = std::time::Instant::now();
        puzzle.trim();
        assert_eq!((puzzle.width(), puzzle.height()), (1, 1));
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        let mut tall = Puzzle::parse(Tessellation::Hexoban, "#").expect("parses");
        tall.resize_and_center(1500, 3000)
            .expect("within the limits");
        tall.trim();
        assert_eq!((tall.width(), tall.height()), (1, 1));
    }
}

#[cfg(test)]
mod piece_count_tests {
    use super::*;

    /// The counts by definition, one question per cell.
    fn counted(puzzle: &Puzzle) -> PieceCounts {
        let cells: Vec<BoardCell> = puzzle.cells().collect();
        let count = |f: fn(&BoardCell) -> bool| cells.iter().filter(|cell| f(cell)).count();
        PieceCounts {
            pushers: count(|cell| cell.has_pusher()),
            boxes: count(|cell| cell.has_box()),
            goals: count(|cell| cell.has_goal()),
            boxes_off_goal: count(|cell| cell.has_box() && !cell.has_goal()),
        }
    }

    #[test]
    fn one_pass_counts_agree_with_the_definition() {
        // Every cell character, alternative letters included.
        let puzzle =
            Puzzle::parse(Tessellation::Sokoban, "#@+$*. -_pPbBmM#\n#\t.$  *  @  #").unwrap();
        assert_eq!(puzzle.piece_counts(), counted(&puzzle));
        assert_eq!(puzzle.piece_counts().pushers, 7);
        // More cells than one chunk of 16-bit counters holds, every one a box off
        // goal: 300 × 300 = 90,000.
        let mut large = Puzzle::new(Tessellation::Sokoban, 300, 300).unwrap();
        for position in 0..300 * 300 {
            large.set(position, '$').unwrap();
        }
        large.set(0, '@').unwrap();
        let counts = large.piece_counts();
        assert_eq!(counts, counted(&large));
        assert_eq!((counts.boxes, counts.boxes_off_goal), (89_999, 89_999));
    }
}
