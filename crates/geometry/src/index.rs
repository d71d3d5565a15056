//! Row-major position helpers: `pos = y * width + x`.

/// The position of column `x`, row `y` on a board `width` cells wide.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::{index_1d, index_x, index_y};
/// assert_eq!(index_1d(4, 5, 5), 29);
/// assert_eq!(index_x(29, 5), 4);
/// assert_eq!(index_y(29, 5), 5);
/// ```
#[inline]
pub const fn index_1d(x: usize, y: usize, width: usize) -> usize {
    y * width + x
}

/// The column of `position` (0 when `width == 0`).
#[inline]
pub const fn index_x(position: usize, width: usize) -> usize {
    match position.checked_rem(width) {
        Some(x) => x,
        None => 0,
    }
}

/// The row of `position` (0 when `width == 0`).
#[inline]
pub const fn index_y(position: usize, width: usize) -> usize {
    match position.checked_div(width) {
        Some(y) => y,
        None => 0,
    }
}

/// `position` named as people count: `row 2, column 7`, row and column from 1 (the
/// pictures' labels count the same way). Positions themselves stay 0-based and
/// row-major.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::cell_name;
/// assert_eq!(cell_name(13, 7), "row 2, column 7");
/// assert_eq!(cell_name(0, 7), "row 1, column 1");
/// ```
pub fn cell_name(position: usize, width: usize) -> String {
    format!(
        "row {}, column {}",
        index_y(position, width) + 1,
        index_x(position, width) + 1
    )
}

/// Same as [`index_x`].
#[inline]
pub const fn index_column(position: usize, width: usize) -> usize {
    index_x(position, width)
}

/// Same as [`index_y`].
#[inline]
pub const fn index_row(position: usize, width: usize) -> usize {
    index_y(position, width)
}

/// Whether column `x`, row `y` lies on a `width × height` board.
///
/// Takes signed coordinates so that a step off the left or top edge (`x - 1` at
/// column 0) can be tested without wrapping.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::is_on_board_2d;
/// assert!(is_on_board_2d(2, 2, 3, 3));
/// assert!(!is_on_board_2d(3, 3, 3, 3));
/// assert!(!is_on_board_2d(-1, 0, 3, 3));
/// ```
#[inline]
pub const fn is_on_board_2d(x: i64, y: i64, width: usize, height: usize) -> bool {
    x >= 0 && y >= 0 && (x as u64) < width as u64 && (y as u64) < height as u64
}

/// Whether `position` lies on a `width × height` board.
///
/// # Examples
///
/// ```
/// use sokoengine_geometry::is_on_board_1d;
/// assert!(is_on_board_1d(8, 3, 3));
/// assert!(!is_on_board_1d(9, 3, 3));
/// ```
#[inline]
pub const fn is_on_board_1d(position: usize, width: usize, height: usize) -> bool {
    match width.checked_mul(height) {
        Some(size) => position < size,
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_examples() {
        assert_eq!(index_1d(4, 5, 5), 29);
        assert_eq!(index_x(29, 5), 4);
        assert_eq!(index_y(29, 5), 5);
        assert_eq!(index_column(29, 5), 4);
        assert_eq!(index_row(29, 5), 5);
        assert_eq!(index_x(7, 0), 0);
        assert_eq!(index_y(7, 0), 0);
        assert!(is_on_board_1d(8, 3, 3));
        assert!(!is_on_board_1d(9, 3, 3));
        assert!(!is_on_board_2d(3, 3, 3, 3));
        assert!(is_on_board_2d(0, 0, 1, 1));
        assert!(!is_on_board_2d(0, -1, 1, 1));
        assert!(!is_on_board_1d(0, usize::MAX, 2));
    }
}
