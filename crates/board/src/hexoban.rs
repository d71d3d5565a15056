//! Hexoban text layout (docs/formats.md#hexoban-layout): two text columns per hexagon, odd rows
//! shifted right by one text column.

use crate::cell::is_floor_byte as is_floor;
use crate::error::BoardParseError;
use crate::text::TextGrid;

/// Reads the cells of cleaned Hexoban text (any accepted scheme) into the internal
/// grid; cell bytes are kept as written.
pub(crate) fn parse_layout(text: &TextGrid) -> Result<TextGrid, BoardParseError> {
    if text.width == 0 || text.height == 0 {
        return Ok(TextGrid::default());
    }
    // "Scheme 2": odd rows written one column further left; shift everything right.
    let shift = usize::from(
        (1..text.height)
            .step_by(2)
            .any(|y| !is_floor(text.row(y)[0])),
    );
    let virtual_width = text.width + shift;
    let even_parity = first_non_floor(text).map_or(1, |(x, y)| {
        if y % 2 == 0 {
            (x + shift) % 2
        } else {
            (x + shift + 1) % 2
        }
    });
    // Even rows hold cells at columns p + 2x, odd rows at p + 1 + 2x.
    let cells_in_row = |odd: usize| {
        let first = even_parity + odd;
        if virtual_width > first {
            (virtual_width - first).div_ceil(2)
        } else {
            0
        }
    };
    let width = if text.height > 1 {
        cells_in_row(0).max(cells_in_row(1))
    } else {
        cells_in_row(0)
    };
    if width == 0 {
        // A lone floor character (`-`): no cell, so no rows either.
        return Ok(TextGrid::default());
    }
    let mut cells = vec![b'-'; width * text.height];
    for y in 0..text.height {
        let first = even_parity + y % 2;
        let target = &mut cells[y * width..(y + 1) * width];
        for (column, &byte) in text.row(y).iter().enumerate() {
            if is_floor(byte) {
                continue;
            }
            let virtual_column = column + shift;
            if virtual_column < first || (virtual_column - first) % 2 != 0 {
                return Err(BoardParseError::HexobanLayout {
                    line: y + 1,
                    column: column + 1,
                });
            }
            target[(virtual_column - first) / 2] = byte;
        }
    }
    Ok(TextGrid {
        width,
        height: text.height,
        bytes: cells,
    })
}

fn first_non_floor(text: &TextGrid) -> Option<(usize, usize)> {
    (0..text.height).find_map(|y| {
        text.row(y)
            .iter()
            .position(|&b| !is_floor(b))
            .map(|x| (x, y))
    })
}

/// The printed text of an internal `width × height` grid (floor as `-`), and whether
/// the last text column was dropped ("type 1" text).
pub(crate) fn print_layout(
    width: usize,
    height: usize,
    byte_at: impl Fn(usize) -> u8,
) -> (TextGrid, bool) {
    if width == 0 || height == 0 {
        return (TextGrid::default(), false);
    }
    let text_width = 2 * width + usize::from(height > 1);
    let mut bytes = vec![b'-'; text_width * height];
    // Rightmost non-floor (column, row) in even and in odd rows.
    let mut rightmost = [None::<(usize, usize)>; 2];
    for y in 0..height {
        let row = &mut bytes[y * text_width..(y + 1) * text_width];
        for x in 0..width {
            let byte = byte_at(y * width + x);
            if !is_floor(byte) {
                let column = 2 * x + 1 + y % 2;
                row[column] = byte;
                rightmost[y % 2] = rightmost[y % 2].max(Some((column, y)));
            }
        }
    }
    let type_one = match rightmost {
        [Some(even), Some(odd)] => even > odd,
        _ => true,
    };
    let last_column_is_floor =
        (0..height).all(|y| is_floor(bytes[y * text_width + text_width - 1]));
    // Dropping the column must never lose a cell (reference bug 23).
    let drop = type_one && height > 1 && last_column_is_floor;
    let mut grid = TextGrid {
        width: text_width,
        height,
        bytes,
    };
    if drop {
        grid = remove_last_column(&grid);
    }
    (grid, drop)
}

fn remove_last_column(grid: &TextGrid) -> TextGrid {
    let width = grid.width - 1;
    let mut bytes = Vec::with_capacity(width * grid.height);
    for y in 0..grid.height {
        bytes.extend_from_slice(&grid.row(y)[..width]);
    }
    TextGrid {
        width,
        height: grid.height,
        bytes,
    }
}

// ---- repeated row edits -------------------------------------------------------------
//
// Adding a row at the top and removing one at the top or bottom are defined
// (docs/formats.md#hexoban-layout) as
// print, edit the text, reparse. Done once per row, `k` rows cost `k` reparses of the
// whole board: a trim of a tall board was cubic in its height. The functions below give
// the same result from one print: every step moves the content of the printed text
// right by one column (top edits: the parity of every row flips) or not at all (bottom
// removal), and only the text width changes otherwise, which a few numbers per step
// decide.

/// Where the non-floor characters of a printed text are, by row.
struct Content {
    /// Rightmost non-floor column of each text row.
    rightmost: Vec<Option<usize>>,
}

/// The larger of two `(column, row)` candidates; `None` counts as smallest.
fn later(a: Option<(usize, usize)>, b: Option<(usize, usize)>) -> Option<(usize, usize)> {
    a.max(b)
}

impl Content {
    fn of(text: &TextGrid) -> Content {
        Content {
            rightmost: (0..text.height)
                .map(|y| text.row(y).iter().rposition(|&b| !is_floor(b)))
                .collect(),
        }
    }

    /// For each row `y`, the rightmost `(column, row)` among rows `y, y + 2, y + 4, …`.
    fn same_parity_suffix(&self) -> Vec<Option<(usize, usize)>> {
        let n = self.rightmost.len();
        let mut best = vec![None; n + 2];
        for y in (0..n).rev() {
            best[y] = later(self.rightmost[y].map(|c| (c, y)), best[y + 2]);
        }
        best
    }

    /// `prefix[p][n]`: the rightmost `(column, row)` among rows `< n` of parity `p`.
    fn same_parity_prefix(&self) -> [Vec<Option<(usize, usize)>>; 2] {
        let n = self.rightmost.len();
        let mut prefix = [vec![None; n + 1], vec![None; n + 1]];
        for y in 0..n {
            for (parity, best) in prefix.iter_mut().enumerate() {
                best[y + 1] = if y % 2 == parity {
                    later(best[y], self.rightmost[y].map(|c| (c, y)))
                } else {
                    best[y]
                };
            }
        }
        prefix
    }
}

/// Printed width after the type rule: `2 * width + 1` (several rows) less the last
/// column when the text is type 1 and that column is floor.
fn printed_width(
    width: usize,
    height: usize,
    even: Option<(usize, usize)>,
    odd: Option<(usize, usize)>,
    last_content_column: Option<usize>,
) -> usize {
    let full = 2 * width + usize::from(height > 1);
    let type_one = match (even, odd) {
        (Some(even), Some(odd)) => even > odd,
        _ => true,
    };
    let last_is_floor = last_content_column.is_none_or(|c| c + 1 < full);
    full - usize::from(type_one && height > 1 && last_is_floor)
}

/// The internal grid whose print holds the rows `rows` of `text` (moved right by
/// `shift` columns, row `rows.start` becoming row `first_row`) in a grid `width` cells
/// wide and `height` rows high.
fn regrid(
    text: &TextGrid,
    rows: std::ops::Range<usize>,
    shift: usize,
    first_row: usize,
    width: usize,
    height: usize,
) -> TextGrid {
    if width == 0 || height == 0 {
        return TextGrid::default();
    }
    let mut bytes = vec![b'-'; width * height];
    for y in rows.clone() {
        let row = first_row + y - rows.start;
        for (column, &byte) in text.row(y).iter().enumerate() {
            if is_floor(byte) {
                continue;
            }
            // Even rows print cell x at column 2x + 1, odd rows at 2x + 2.
            let Some(offset) = (column + shift).checked_sub(1 + row % 2) else {
                continue;
            };
            if let Some(cell) = bytes.get_mut(row * width + offset / 2) {
                *cell = byte;
            }
        }
    }
    TextGrid {
        width,
        height,
        bytes,
    }
}

/// The grid after `count` times "print, drop the first text row, reparse".
pub(crate) fn remove_rows_top(
    width: usize,
    height: usize,
    count: usize,
    byte_at: impl Fn(usize) -> u8,
) -> TextGrid {
    if count >= height || width == 0 {
        return TextGrid::default();
    }
    let (text, _) = print_layout(width, height, byte_at);
    let content = Content::of(&text);
    let best = content.same_parity_suffix();
    let mut suffix_max = vec![None; height + 1];
    for y in (0..height).rev() {
        suffix_max[y] = content.rightmost[y].max(suffix_max[y + 1]);
    }
    // Step i turns the print of rows i.. (content moved right by i) into that of
    // rows i + 1.. (moved right by i + 1).
    let mut text_width = text.width;
    let mut grid_width = width;
    for i in 0..count {
        let rows_left = height - i - 1;
        if suffix_max[i + 1].is_none() {
            // Only floor is left: the reparse takes the other parity, and from then on
            // the width stays.
            grid_width = (text_width - 1).div_ceil(2);
            return regrid(&text, 0..0, 0, 0, grid_width, height - count);
        }
        grid_width = text_width.div_ceil(2);
        let shift = i + 1;
        text_width = printed_width(
            grid_width,
            rows_left,
            best[i + 1],
            best[i + 2],
            suffix_max[i + 1].map(|c| c + shift),
        );
    }
    regrid(&text, count..height, count, 0, grid_width, height - count)
}

/// The grid after `count` times "print, drop the last text row, reparse".
pub(crate) fn remove_rows_bottom(
    width: usize,
    height: usize,
    count: usize,
    byte_at: impl Fn(usize) -> u8,
) -> TextGrid {
    if count >= height || width == 0 {
        return TextGrid::default();
    }
    let (text, _) = print_layout(width, height, byte_at);
    let content = Content::of(&text);
    let prefix = content.same_parity_prefix();
    let mut prefix_max = vec![None; height + 1];
    for y in 0..height {
        prefix_max[y + 1] = prefix_max[y].max(content.rightmost[y]);
    }
    // Nothing moves: the reparse keeps every cell where it was; only the width
    // follows the print.
    let mut text_width = text.width;
    let mut grid_width = width;
    for i in 0..count {
        let rows_left = height - i - 1;
        grid_width = (text_width - 1).div_ceil(2);
        if grid_width == 0 {
            return TextGrid::default();
        }
        text_width = printed_width(
            grid_width,
            rows_left,
            prefix[0][rows_left],
            prefix[1][rows_left],
            prefix_max[rows_left],
        );
    }
    regrid(&text, 0..height - count, 0, 0, grid_width, height - count)
}

/// The grid after `count` times "print, add a floor row at the top, reparse".
pub(crate) fn add_rows_top(
    width: usize,
    height: usize,
    count: usize,
    byte_at: impl Fn(usize) -> u8,
) -> TextGrid {
    if width == 0 || height == 0 {
        return TextGrid::default();
    }
    let (text, _) = print_layout(width, height, byte_at);
    let content = Content::of(&text);
    let best = content.same_parity_suffix();
    let Some(max_column) = content.rightmost.iter().flatten().copied().max() else {
        // All floor: the reparse keeps the width.
        return regrid(&text, 0..0, 0, 0, width, height + count);
    };
    let mut text_width = text.width;
    let mut grid_width = width;
    for i in 0..count {
        grid_width = text_width.div_ceil(2);
        // After step i, original row y is text row y + i + 1.
        let shift = i + 1;
        let (even, odd) = if shift % 2 == 0 {
            (best[0], best[1])
        } else {
            (best[1], best[0])
        };
        text_width = printed_width(
            grid_width,
            height + shift,
            even,
            odd,
            Some(max_column + shift),
        );
    }
    regrid(&text, 0..height, count, count, grid_width, height + count)
}
