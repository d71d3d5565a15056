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
pub(crate) fn split_lines(text: &str) -> Vec<&str> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let text = text.strip_suffix('\n').unwrap_or(text);
    if text.is_empty() {
        return Vec::new();
    }
    let mut lines: Vec<&str> = text.split('\n').collect();
    if text.as_bytes().contains(&b'\r') {
        // `\r\n` ends a line like `\n`; a lone `\r` ends one too.
        lines = lines
            .into_iter()
            .flat_map(|line| line.strip_suffix('\r').unwrap_or(line).split('\r'))
            .collect();
    }
    lines
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

    #[test]
    fn notes_cleanup_keeps_interior_blanks() {
        assert_eq!(
            clean_notes(["", "  a ", "", "", " b", "  ", ""]),
            "a\n\n\nb"
        );
        assert_eq!(clean_notes(["", " "]), "");
    }
}
