//! Generic cleaning of board text (docs/formats.md#reading-a-board): character check,
//! line endings, RLE, stripping, splitting and padding into a rectangular grid of bytes.

use crate::error::{BoardParseError, SizeError};
use crate::rle;

const CELL: u8 = 1;
const RLE: u8 = 2;
const CR: u8 = 4;
const TAB: u8 = 8;
const SPACE: u8 = 16;

/// Character classes of every byte; 0 = not allowed in board text.
static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let cells = b"#@pm+PM$b*Bo.-_";
    let mut i = 0;
    while i < cells.len() {
        table[cells[i] as usize] = CELL;
        i += 1;
    }
    table[b' ' as usize] = CELL | SPACE;
    table[b'\n' as usize] = SPACE;
    table[b'\r' as usize] = CR;
    table[b'\t' as usize] = TAB;
    table[b'(' as usize] = RLE;
    table[b')' as usize] = RLE;
    table[b'|' as usize] = RLE;
    let mut digit = b'0';
    while digit <= b'9' {
        table[digit as usize] = RLE;
        digit += 1;
    }
    table
};

/// Whether `c` stands for a board cell (canonical or alternative letter, or floor:
/// space, `-`, `_`).
///
/// # Examples
///
/// ```
/// use sokoengine_board::is_board_char;
/// assert!(is_board_char('B') && is_board_char('_'));
/// assert!(!is_board_char('W') && !is_board_char('\t'));
/// ```
pub const fn is_board_char(c: char) -> bool {
    c.is_ascii() && CLASS[c as usize] & CELL != 0
}

/// Whether `c` may appear in board text: board characters, digits, `(`, `)`, `|`
/// and the whitespace characters space, tab, `\n` and `\r`.
pub const fn is_board_text_char(c: char) -> bool {
    c.is_ascii() && CLASS[c as usize] != 0
}

/// Whether `line` is a board line in the sense of the `.sok` reader
/// (docs/formats.md#board-characters):
/// only board text characters, and not only digits and whitespace.
///
/// # Examples
///
/// ```
/// use sokoengine_board::is_board_line;
/// assert!(is_board_line("#  @ $. #"));
/// assert!(is_board_line("Pop") && is_board_line("(3#)") && is_board_line("----"));
/// assert!(!is_board_line("1 2 3") && !is_board_line("   ") && !is_board_line(""));
/// assert!(!is_board_line("Title: x"));
/// ```
pub fn is_board_line(line: &str) -> bool {
    line.bytes().all(|b| CLASS[b as usize] != 0)
        && line
            .bytes()
            .any(|b| !b.is_ascii_digit() && !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
}

/// A rectangular grid of board bytes; floor written as space is stored as `-`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct TextGrid {
    pub(crate) width: usize,
    pub(crate) height: usize,
    pub(crate) bytes: Vec<u8>,
}

impl TextGrid {
    pub(crate) fn row(&self, y: usize) -> &[u8] {
        &self.bytes[y * self.width..(y + 1) * self.width]
    }
}

/// Cleans `text` into a grid no larger than `max_width × max_height` text cells.
pub(crate) fn clean(
    text: &str,
    max_width: usize,
    max_height: usize,
) -> Result<TextGrid, BoardParseError> {
    // Fast path for plain text: one branch-light pass over the stripped text checks
    // the characters and measures the rows. The stripped ends are only spaces and
    // newlines, which are valid, so checking the stripped text checks everything.
    let stripped = strip(text);
    let mut classes = 0u8;
    let mut invalid = false;
    let mut width = 0;
    let mut height = 1;
    let mut row_start = 0;
    // Where the rows of a typical board end, so the copy need not search again.
    let mut newlines = [0usize; TRACKED_ROWS];
    for (index, &byte) in stripped.as_bytes().iter().enumerate() {
        let class = CLASS[byte as usize];
        classes |= class;
        invalid |= class == 0;
        if byte == b'\n' {
            width = width.max(index - row_start);
            row_start = index + 1;
            if let Some(slot) = newlines.get_mut(height - 1) {
                *slot = index;
            }
            height += 1;
        }
    }
    if invalid {
        let offset = text
            .bytes()
            .position(|b| CLASS[b as usize] == 0)
            .unwrap_or_default();
        return Err(invalid_character(text, offset));
    }
    if classes & (CR | TAB | RLE) != 0 {
        return clean_slow(text, classes, max_width, max_height);
    }
    if stripped.is_empty() {
        return Ok(TextGrid::default());
    }
    width = width.max(stripped.len() - row_start);
    let newlines = newlines.get(..height - 1);
    grid(
        stripped.as_bytes(),
        newlines,
        width,
        height,
        max_width,
        max_height,
    )
}

/// Rows whose ends the fast path remembers (boards are rarely taller).
const TRACKED_ROWS: usize = 128;

/// Removes leading newlines (only) and all trailing spaces and newlines.
fn strip(text: &str) -> &str {
    text.trim_start_matches('\n').trim_end_matches([' ', '\n'])
}

/// Text with line endings, tabs or RLE: normalise, decode, then as plain text.
#[cold]
fn clean_slow(
    text: &str,
    classes: u8,
    max_width: usize,
    max_height: usize,
) -> Result<TextGrid, BoardParseError> {
    let normalised;
    let mut text = text;
    if classes & (CR | TAB) != 0 {
        normalised = normalise_whitespace(text);
        text = &normalised;
    }
    let decoded;
    if classes & RLE != 0 {
        // The decoded text of a board within the limits has at most
        // (max_width + 1) * max_height bytes.
        let limit = max_width.saturating_add(1).saturating_mul(max_height);
        decoded = rle::decode_with_limit(text, limit)?;
        text = &decoded;
    }
    let text = strip(text);
    if text.is_empty() {
        return Ok(TextGrid::default());
    }
    let mut width = 0;
    let mut height = 0;
    for row in text.as_bytes().split(|&b| b == b'\n') {
        width = width.max(row.len());
        height += 1;
    }
    grid(text.as_bytes(), None, width, height, max_width, max_height)
}

/// Pads the rows of stripped, decoded text into a `width × height` grid;
/// `newlines` are the positions of its line breaks when known.
fn grid(
    text: &[u8],
    newlines: Option<&[usize]>,
    width: usize,
    height: usize,
    max_width: usize,
    max_height: usize,
) -> Result<TextGrid, BoardParseError> {
    if width > max_width {
        return Err(SizeError::Width { width }.into());
    }
    if height > max_height {
        return Err(SizeError::Height { height }.into());
    }
    let mut bytes = Vec::with_capacity(width * height);
    let mut push_row = |row: &[u8]| {
        bytes.extend_from_slice(row);
        bytes.resize(bytes.len() + width - row.len(), b'-');
    };
    match newlines {
        Some(newlines) => {
            let mut start = 0;
            for &end in newlines {
                push_row(&text[start..end]);
                start = end + 1;
            }
            push_row(&text[start..]);
        }
        None => text.split(|&b| b == b'\n').for_each(push_row),
    }
    // One vectorisable pass: a space is stored as `-`.
    for byte in &mut bytes {
        *byte = if *byte == b' ' { b'-' } else { *byte };
    }
    Ok(TextGrid {
        width,
        height,
        bytes,
    })
}

fn normalise_whitespace(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push('\n');
            }
            '\t' => out.push(' '),
            other => out.push(other),
        }
    }
    out
}

fn invalid_character(text: &str, offset: usize) -> BoardParseError {
    let (line, column) = rle::line_column(text, offset);
    let character = text
        .get(offset..)
        .and_then(|rest| rest.chars().next())
        .unwrap_or(char::REPLACEMENT_CHARACTER);
    BoardParseError::InvalidCharacter {
        character,
        line,
        column,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(text: &str) -> Vec<String> {
        let grid = clean(text, 4096, 4096).expect("valid board text");
        (0..grid.height)
            .map(|y| String::from_utf8(grid.row(y).to_vec()).expect("ascii"))
            .collect()
    }

    #[test]
    fn board_text_cleaning_examples() {
        assert_eq!(
            rows("--3#|3#-#|#pb.#|5#"),
            ["--###", "###-#", "#pb.#", "#####"]
        );
        assert_eq!(rows("#        #"), ["#--------#"]);
        assert_eq!(rows("\n\n  ###\n  #@#\n\n"), ["--###", "--#@#"]);
        assert_eq!(rows("  \n#@#\n"), ["---", "#@#"]);
        assert_eq!(
            rows(" ##########\n    \n ## @ *   #\n##  $ ####\n# $.+ #\n#######\n"),
            [
                "-##########",
                "-----------",
                "-##-@-*---#",
                "##--$-####-",
                "#-$.+-#----",
                "#######----"
            ]
        );
        let seven = rows(" ##########   | ## @ *   #|##  $ ####|# $.+ #|||#######   |");
        assert_eq!(seven.len(), 7);
        assert_eq!(seven[0].len(), 14);
        assert_eq!(seven[4], "-".repeat(14));
        assert_eq!(seven[5], "-".repeat(14));
        assert!(rows("").is_empty() && rows(" \n \n").is_empty());
        assert_eq!(rows("#@$.#\r\n#####"), ["#@$.#", "#####"]);
        assert_eq!(rows("#\r#\t#"), ["#--", "#-#"]);
        assert_eq!(rows("_#"), ["_#"]);
    }

    #[test]
    fn tall_boards_beyond_the_tracked_rows() {
        let text: Vec<String> = (0..300).map(|y| "#".repeat(y % 7 + 1)).collect();
        let grid = clean(&text.join("\n"), 4096, 4096).expect("valid");
        assert_eq!((grid.width, grid.height), (7, 300));
        for y in [0, 127, 128, 129, 299] {
            let expected = format!("{}{}", "#".repeat(y % 7 + 1), "-".repeat(6 - y % 7));
            assert_eq!(grid.row(y), expected.as_bytes(), "row {y}");
        }
    }

    #[test]
    fn invalid_characters_are_located() {
        let error = clean("###\n#@Z#", 4096, 4096).unwrap_err();
        assert_eq!(
            error,
            BoardParseError::InvalidCharacter {
                character: 'Z',
                line: 2,
                column: 3
            }
        );
        assert_eq!(error.to_string(), "Invalid characters in board string!");
        assert!(clean("ZOMG!", 4096, 4096).is_err());
        assert!(clean("#é", 4096, 4096).is_err());
    }

    #[test]
    fn limits() {
        assert_eq!(
            clean("5#", 4, 4).unwrap_err(),
            BoardParseError::TooLarge(SizeError::Width { width: 5 })
        );
        assert_eq!(
            clean("5(#|)", 4, 4).unwrap_err(),
            BoardParseError::TooLarge(SizeError::Height { height: 5 })
        );
        assert!(matches!(
            clean("4096(4096#|)", 4096, 4096).map(|g| (g.width, g.height)),
            Ok((4096, 4096))
        ));
        assert!(matches!(
            clean("4097(4096#|)", 4096, 4096),
            Err(BoardParseError::Rle(_))
        ));
    }

    #[test]
    fn board_lines() {
        for line in ["Pop", "bob", "mop", "P1", "----", "(3#)", "#", " #"] {
            assert!(is_board_line(line), "{line}");
        }
        for line in ["", "   ", "1 2 3", "12", "Title", "#x", "\t"] {
            assert!(!is_board_line(line), "{line:?}");
        }
    }
}
