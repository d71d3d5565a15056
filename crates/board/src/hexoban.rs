//! Hexoban text layout (spec section 7): two text columns per hexagon, odd rows
//! shifted right by one text column.

use crate::error::BoardParseError;
use crate::text::TextGrid;

const fn is_floor(byte: u8) -> bool {
    matches!(byte, b'-' | b'_' | b' ')
}

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
