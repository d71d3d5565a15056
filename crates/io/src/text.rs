//! Input decoding (docs/formats.md#decoding-the-bytes) and small text helpers.

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

/// Notes cleanup (docs/formats.md#tags-and-notes), a line at a time: drop leading and trailing
/// blank lines, trim every line, join with `\n`; interior blank lines stay.
#[derive(Debug, Default)]
pub(crate) struct NotesBuilder {
    out: String,
    pending_blank: usize,
}

impl NotesBuilder {
    /// Adds a line.
    pub(crate) fn push(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() {
            if !self.out.is_empty() {
                self.pending_blank += 1;
            }
            return;
        }
        if !self.out.is_empty() {
            self.out.push('\n');
        }
        for _ in 0..self.pending_blank {
            self.out.push('\n');
        }
        self.pending_blank = 0;
        self.out.push_str(line);
    }

    /// The notes.
    pub(crate) fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clean_notes<'a>(lines: impl IntoIterator<Item = &'a str>) -> String {
        let mut notes = NotesBuilder::default();
        for line in lines {
            notes.push(line);
        }
        notes.finish()
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
