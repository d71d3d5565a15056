//! Input decoding (`sok-format.md` section 2) and small text helpers.

use std::borrow::Cow;

/// Decodes file bytes: skips a UTF-8 byte-order mark, decodes UTF-8, and falls back
/// to Latin-1 when the bytes are not valid UTF-8. Line endings are left as they are
/// (the reader treats `\r\n` and `\r` as line ends).
///
/// # Examples
///
/// ```
/// use sokoengine_io::decode_text;
/// assert_eq!(decode_text(b"\xEF\xBB\xBFLevel 1\r\n"), "Level 1\r\n");
/// assert_eq!(decode_text(b"L\xF6sung"), "Lösung");
/// ```
pub fn decode_text(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Cow::Borrowed(text),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| char::from(b)).collect()),
    }
}

/// Splits text into lines, treating `\r\n`, `\r` and `\n` as line ends. A final line
/// end does not start an extra line.
pub(crate) fn split_lines<'a>(text: &'a str) -> Vec<&'a str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.strip_suffix('\n').unwrap_or(text);
    if text.is_empty() {
        return Vec::new();
    }
    let bytes = text.as_bytes();
    let mut lines: Vec<&'a str> = Vec::with_capacity(count_newlines(bytes) + 1);
    if bytes.contains(&b'\r') {
        // `\r\n` ends a line like `\n`; a lone `\r` ends one too.
        for line in text.split('\n') {
            lines.extend(line.strip_suffix('\r').unwrap_or(line).split('\r'));
        }
    } else {
        // Line starts found eight bytes at a time (a word-wide byte compare).
        let mut start = 0;
        let chunks = bytes.chunks_exact(8);
        let chunk_start = bytes.len() - chunks.remainder().len();
        for (number, chunk) in chunks.enumerate() {
            let mut found = newline_mask(word(chunk));
            while found != 0 {
                let index = number * 8 + (found.trailing_zeros() / 8) as usize;
                // Both ends are ASCII bytes, so on character boundaries.
                lines.push(&text[start..index]);
                start = index + 1;
                found &= found - 1;
            }
        }
        for (offset, &byte) in bytes[chunk_start..].iter().enumerate() {
            if byte == b'\n' {
                lines.push(&text[start..chunk_start + offset]);
                start = chunk_start + offset + 1;
            }
        }
        lines.push(&text[start..]);
    }
    lines
}

/// Bytes per word with the high bit set where the word has a `\n` byte (exact: no
/// false positives, unlike the borrow-propagating zero-byte test).
#[inline]
fn newline_mask(word: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let x = word ^ 0x0a0a_0a0a_0a0a_0a0a;
    // High bit of each byte set when its low seven bits are non-zero, then when the
    // byte is non-zero at all; inverted: set only for zero bytes.
    !(((x & LOW7) + LOW7) | x | LOW7)
}

/// An eight-byte chunk as a little-endian word.
#[inline]
fn word(chunk: &[u8]) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(chunk);
    u64::from_le_bytes(bytes)
}

/// Number of `\n` bytes, eight at a time.
fn count_newlines(bytes: &[u8]) -> usize {
    let chunks = bytes.chunks_exact(8);
    let rest = chunks.remainder().iter().filter(|&&b| b == b'\n').count();
    chunks
        .map(|chunk| {
            // One bit per newline byte, at bit 0 of its byte; the multiply sums the
            // eight bytes into the top one.
            let ones = newline_mask(word(chunk)) >> 7;
            (ones.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize
        })
        .sum::<usize>()
        + rest
}

/// Whether a line is empty or whitespace only.
pub(crate) fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// 1-based line and column (in characters) of byte `offset` of `text`.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// Notes cleanup (`sok-format.md` 4.6): drop leading and trailing blank lines, trim
/// every line, join with `\n`; interior blank lines stay.
pub(crate) fn clean_notes<'a>(lines: impl IntoIterator<Item = &'a str>) -> String {
    let mut out = String::new();
    let mut pending_blank = 0usize;
    for line in lines {
        let line = line.trim();
        if line.is_empty() {
            if !out.is_empty() {
                pending_blank += 1;
            }
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        for _ in 0..pending_blank {
            out.push('\n');
        }
        pending_blank = 0;
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends() {
        assert_eq!(split_lines("a\r\nb\rc\n\nd"), ["a", "b", "c", "", "d"]);
        assert_eq!(split_lines("a\n"), ["a"]);
        assert_eq!(split_lines(""), Vec::<&str>::new());
        assert_eq!(split_lines("\u{feff}x"), ["x"]);
    }

    proptest::proptest! {
        #[test]
        fn line_ends_match_split_then_split_again(
            text in proptest::prop_oneof!["[a\r\n\u{feff}é]{0,12}", "[a\n\u{feff}é\u{a0a}\x0b]{0,40}"]
        ) {
            // The definition: `\n` first, then per line a trailing `\r` and lone `\r`s.
            let stripped = text.strip_prefix('\u{feff}').unwrap_or(&text);
            let stripped = stripped.strip_suffix('\n').unwrap_or(stripped);
            let expected: Vec<&str> = if stripped.is_empty() {
                Vec::new()
            } else {
                stripped
                    .split('\n')
                    .flat_map(|line| line.strip_suffix('\r').unwrap_or(line).split('\r'))
                    .collect()
            };
            proptest::prop_assert_eq!(split_lines(&text), expected);
            proptest::prop_assert_eq!(count_newlines(text.as_bytes()), text.matches('\n').count());
        }
    }

    #[test]
    fn notes_cleanup_keeps_interior_blanks() {
        assert_eq!(
            clean_notes(["", "  a ", "", "", " b", "  ", ""]),
            "a\n\n\nb"
        );
        assert_eq!(clean_notes(["", " "]), "");
    }
}
