//! The moves grammar of snapshots (docs/formats.md#move-text).
//!
//! Processing order: check the characters, remove all whitespace, RLE-decode, then
//! parse `( '[' moves? ']' | '{' moves? '}' | steps )*`.

use std::fmt;

use sokoengine_board::rle::{self, RleProblem};

/// Longest decoded move sequence accepted, in steps (markers included): 16 Mi.
pub const MAX_MOVES_LEN: usize = 1 << 24;

/// What is wrong with the structure of a move sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxProblem {
    /// An upper-case step inside `[…]` or `{…}`.
    PushInsideGroup,
    /// `[` or `{` inside another group.
    NestedGroup,
    /// `]` or `}` without its opening bracket.
    UnexpectedClose,
    /// A group still open at the end.
    UnclosedGroup,
    /// Text that is not blank but RLE-decodes to nothing (`0W`, `|`).
    NoSteps,
}

impl fmt::Display for SyntaxProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SyntaxProblem::PushInsideGroup => "push or pull inside a jump or pusher selection",
            SyntaxProblem::NestedGroup => "group opened inside another group",
            SyntaxProblem::UnexpectedClose => "closing bracket without its opening bracket",
            SyntaxProblem::UnclosedGroup => "group not closed",
            SyntaxProblem::NoSteps => "text that decodes to no step",
        })
    }
}

/// A move string that cannot be parsed.
///
/// Lines and columns are 1-based and count characters of the text as given. When the
/// text is RLE-encoded, a structural problem is located by its index in the decoded
/// steps only.
///
/// # Examples
///
/// ```
/// use sokoengine_io::{Moves, SnapshotParseError};
///
/// let error = Moves::parse("lu\nrZ").unwrap_err();
/// assert!(matches!(error, SnapshotParseError::InvalidCharacter { character: 'Z', .. }));
/// assert_eq!(error.location(), Some((2, 2)));
/// assert!(Moves::parse("lurd{LURD}").unwrap_err().to_string().starts_with("Unexpected input in Snapshot string!"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SnapshotParseError {
    /// A character that may not appear in a move string (checked before anything
    /// else).
    #[error("Invalid characters in snapshot string!")]
    InvalidCharacter {
        /// The rejected character.
        character: char,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// Malformed run-length encoding (after whitespace was removed).
    #[error(
        "Unexpected input in Snapshot string! Invalid RLE: {problem} at line {line}, column {column}."
    )]
    Rle {
        /// What went wrong.
        problem: RleProblem,
        /// 1-based line in the text as given.
        line: usize,
        /// 1-based column in the text as given.
        column: usize,
    },
    /// A grammar error: pushes inside a group, nested or unbalanced brackets.
    #[error("Unexpected input in Snapshot string! {problem} at step {index}{}", location_suffix(*.line, *.column))]
    Syntax {
        /// What went wrong.
        problem: SyntaxProblem,
        /// 0-based index of the offending character in the decoded, whitespace-free
        /// sequence.
        index: usize,
        /// 1-based line in the text as given (`None` when RLE decoding moved it).
        line: Option<usize>,
        /// 1-based column in the text as given (`None` when RLE decoding moved it).
        column: Option<usize>,
    },
}

fn location_suffix(line: Option<usize>, column: Option<usize>) -> String {
    match (line, column) {
        (Some(line), Some(column)) => format!(" (line {line}, column {column})."),
        _ => " of the decoded moves.".to_owned(),
    }
}

impl SnapshotParseError {
    /// 1-based line and column of the problem in the text as given, when known.
    pub const fn location(&self) -> Option<(usize, usize)> {
        match *self {
            SnapshotParseError::InvalidCharacter { line, column, .. }
            | SnapshotParseError::Rle { line, column, .. } => Some((line, column)),
            SnapshotParseError::Syntax {
                line: Some(line),
                column: Some(column),
                ..
            } => Some((line, column)),
            SnapshotParseError::Syntax { .. } => None,
        }
    }
}

const STEP: u8 = 1;
const MARK: u8 = 2;
const RLE: u8 = 4;
const SPACE: u8 = 8;
const DIGIT: u8 = 16;
const UPPER: u8 = 32;
/// Not only digits and whitespace: a line with one of these is a moves-line candidate.
const MEANING: u8 = 64;
/// A non-ASCII byte (checked on the slow path).
const NON_ASCII: u8 = 128;

/// Character classes of ASCII bytes in move text; 0 = not allowed.
static CLASS: [u8; 256] = {
    let mut table = [0u8; 256];
    let mut high = 128;
    while high < 256 {
        table[high] = NON_ASCII;
        high += 1;
    }
    let letters = b"lurdnsew";
    let mut i = 0;
    while i < letters.len() {
        table[letters[i] as usize] = STEP | MEANING;
        table[letters[i].to_ascii_uppercase() as usize] = STEP | UPPER | MEANING;
        i += 1;
    }
    let marks = b"[]{}*";
    let mut i = 0;
    while i < marks.len() {
        table[marks[i] as usize] = MARK | MEANING;
        i += 1;
    }
    table[b'(' as usize] = RLE | MEANING;
    table[b')' as usize] = RLE | MEANING;
    table[b'|' as usize] = RLE | MEANING;
    let mut digit = b'0';
    while digit <= b'9' {
        table[digit as usize] = RLE | DIGIT;
        digit += 1;
    }
    // The ASCII characters `char::is_whitespace` accepts.
    let spaces = b" \t\n\r\x0b\x0c";
    let mut i = 0;
    while i < spaces.len() {
        table[spaces[i] as usize] = SPACE;
        i += 1;
    }
    table
};

/// Whether `c` may appear in a move string: step letters, markers, RLE syntax and
/// whitespace.
pub fn is_moves_char(c: char) -> bool {
    if c.is_ascii() {
        CLASS[c as usize] & !NON_ASCII != 0
    } else {
        c.is_whitespace()
    }
}

/// Whether `line` is a moves line of the `.sok` reader (docs/formats.md#line-classes):
/// not blank, not only digits and whitespace, and only move-string characters.
///
/// # Examples
///
/// ```
/// use sokoengine_io::is_moves_line;
/// assert!(is_moves_line("3r4U[ul]{}*") && is_moves_line("Dude"));
/// assert!(!is_moves_line("1 2 3") && !is_moves_line("  ") && !is_moves_line("Level 1"));
/// ```
pub fn is_moves_line(line: &str) -> bool {
    let bytes = line.as_bytes();
    // The lines of a solution are mostly step letters: skip whole chunks of them.
    let (start, _) = step_chunks(bytes);
    let mut classes = if start > 0 { MEANING } else { 0 };
    let mut invalid = false;
    for &byte in &bytes[start..] {
        let class = CLASS[byte as usize];
        classes |= class;
        invalid |= class == 0;
    }
    let candidate = !invalid && classes & MEANING != 0;
    if classes & NON_ASCII == 0 {
        candidate
    } else {
        // Rare: non-ASCII whitespace is allowed, anything else is not.
        candidate && line.chars().all(is_moves_char)
    }
}

/// 1-based line and column (in characters) of the `n`-th non-whitespace character of
/// `text` (0-based), or of the end when there are fewer.
fn locate_non_whitespace(text: &str, n: usize) -> (usize, usize) {
    let mut seen = 0;
    let mut line = 1;
    let mut column = 1;
    for c in text.chars() {
        if !c.is_whitespace() {
            if seen == n {
                return (line, column);
            }
            seen += 1;
        }
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    (line, column)
}

fn invalid_character(text: &str, index: usize) -> SnapshotParseError {
    let (line, column) = crate::text::line_column(text, index);
    SnapshotParseError::InvalidCharacter {
        character: text[index..].chars().next().unwrap_or_default(),
        line,
        column,
    }
}

/// A parsed, validated move sequence: whitespace removed, RLE expanded, grammar
/// checked, counts computed.
///
/// The stored form is the decoded step text (`lurdLURDL`, `[ul]R`, `{r}u*L`);
/// [`Moves::to_str`] prints it, adding the leading `[]` a reverse sequence needs.
///
/// # Examples
///
/// ```
/// use sokoengine_io::Moves;
///
/// let moves = Moves::parse("{rddd}Urr{uul}uLU")?;
/// assert_eq!((moves.move_count(), moves.push_count(), moves.jump_count()), (3, 3, 0));
/// assert_eq!(moves.to_str(true), "{r3d}U2r{2ul}uLU");
/// let reverse = Moves::parse("lurd[lurd]LURDL")?;
/// assert!(reverse.is_reverse());
/// assert_eq!(reverse.to_str(false), "[]lurd[lurd]LURDL");
/// assert!(Moves::parse("lurd{LURD}").is_err());
/// # Ok::<(), sokoengine_io::SnapshotParseError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Moves {
    /// Decoded steps and markers, ASCII, no whitespace.
    steps: String,
    moves_count: usize,
    pushes_count: usize,
    jumps_count: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Group {
    None,
    Jump,
    Selection,
}

impl Moves {
    /// Parses a move string (plain or RLE, any whitespace anywhere).
    ///
    /// # Errors
    ///
    /// [`SnapshotParseError::InvalidCharacter`] for a character outside the move
    /// alphabet, [`SnapshotParseError::Rle`] for malformed RLE (or a decoded length over
    /// [`MAX_MOVES_LEN`]), [`SnapshotParseError::Syntax`] for pushes inside groups and
    /// unbalanced or nested brackets.
    pub fn parse(text: &str) -> Result<Moves, SnapshotParseError> {
        // Common case: plain steps and markers only, checked and counted in one pass.
        match scan(text.as_bytes()) {
            Scan::Done(counts) => return counts.finish(text.into(), text, false),
            Scan::Syntax(problem, index) => return Err(syntax_error(problem, index, text, false)),
            Scan::Other(_) => {}
        }
        let mut classes = 0u8;
        let mut invalid = false;
        for &byte in text.as_bytes() {
            let class = CLASS[byte as usize];
            classes |= class;
            invalid |= class == 0;
        }
        let non_ascii = classes & NON_ASCII != 0;
        if invalid || non_ascii {
            if let Some((index, _)) = text.char_indices().find(|&(_, c)| !is_moves_char(c)) {
                return Err(invalid_character(text, index));
            }
        }
        let has_whitespace = non_ascii || classes & SPACE != 0;
        let needs_decoding = classes & RLE != 0;
        let stripped: std::borrow::Cow<'_, str> = if has_whitespace {
            text.chars()
                .filter(|c| !c.is_whitespace())
                .collect::<String>()
                .into()
        } else {
            text.into()
        };
        let decoded: std::borrow::Cow<'_, str> = if needs_decoding {
            rle::decode_with_limit(&stripped, MAX_MOVES_LEN)
                .map_err(|error| {
                    let n = stripped[..error.offset.min(stripped.len())].chars().count();
                    let (line, column) = locate_non_whitespace(text, n);
                    SnapshotParseError::Rle {
                        problem: error.problem,
                        line,
                        column,
                    }
                })?
                .into()
        } else {
            stripped
        };
        // `|` decodes to newlines, which carry no step.
        let decoded: std::borrow::Cow<'_, str> = if decoded.contains('\n') {
            decoded
                .chars()
                .filter(|&c| c != '\n')
                .collect::<String>()
                .into()
        } else {
            decoded
        };
        // Blank text is an empty snapshot, but text whose counts decode to nothing
        // (`0W`) is rejected, as the reference does.
        if needs_decoding && decoded.is_empty() {
            return Err(syntax_error(SyntaxProblem::NoSteps, 0, text, false));
        }
        match scan(decoded.as_bytes()) {
            Scan::Done(counts) => counts.finish(decoded, text, needs_decoding),
            Scan::Syntax(problem, index) => Err(syntax_error(problem, index, text, needs_decoding)),
            // Decoding leaves only step letters and markers.
            Scan::Other(index) => Err(syntax_error(
                SyntaxProblem::UnexpectedClose,
                index,
                text,
                needs_decoding,
            )),
        }
    }

    /// The decoded steps and markers as stored (no `[]` added).
    pub fn as_str(&self) -> &str {
        &self.steps
    }

    /// Number of non-push steps: lower-case letters, those inside jumps included,
    /// those inside pusher selections excluded.
    pub const fn move_count(&self) -> usize {
        self.moves_count
    }

    /// Number of pushes (forward) or pulls (reverse): upper-case letters.
    pub const fn push_count(&self) -> usize {
        self.pushes_count
    }

    /// Number of `[…]` groups, empty ones included.
    pub const fn jump_count(&self) -> usize {
        self.jumps_count
    }

    /// Whether this is a reverse-mode sequence (it has at least one jump).
    pub const fn is_reverse(&self) -> bool {
        self.jumps_count > 0
    }

    /// Whether there is no step and no marker at all.
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    /// The printed form: whitespace-free, RLE expanded, with `[]` prepended to a reverse
    /// sequence that does not start with a jump; RLE-encoded when `rle_encode`.
    pub fn to_str(&self, rle_encode: bool) -> String {
        let mut text = String::with_capacity(self.steps.len() + 2);
        if self.is_reverse() && !self.steps.starts_with('[') {
            text.push_str("[]");
        }
        text.push_str(&self.steps);
        if rle_encode {
            // The steps hold no digit, parenthesis or `|`, so encoding cannot fail.
            rle::encode(&text).unwrap_or(text)
        } else {
            text
        }
    }
}

/// Counts gathered by [`scan`].
struct Counts {
    moves: usize,
    pushes: usize,
    jumps: usize,
    open_group: bool,
}

impl Counts {
    /// The moves of `steps`, taken over without a copy when they were decoded.
    fn finish(
        self,
        steps: std::borrow::Cow<'_, str>,
        original: &str,
        was_rle: bool,
    ) -> Result<Moves, SnapshotParseError> {
        if self.open_group {
            return Err(syntax_error(
                SyntaxProblem::UnclosedGroup,
                steps.len(),
                original,
                was_rle,
            ));
        }
        Ok(Moves {
            steps: steps.into_owned(),
            moves_count: self.moves,
            pushes_count: self.pushes,
            jumps_count: self.jumps,
        })
    }
}

enum Scan {
    Done(Counts),
    /// A grammar error at a byte index.
    Syntax(SyntaxProblem, usize),
    /// A byte that is neither a step letter nor a marker (whitespace, RLE, invalid).
    Other(usize),
}

/// Bytes that [`step_chunk`] tests at once.
const STEP_CHUNK: usize = 16;

/// The number of upper-case letters of `chunk` when every byte is a step letter
/// (`CLASS & STEP`), else `None`. Comparisons only, no table and no early exit, so the
/// loop compiles to vector instructions on every target.
#[inline(always)]
fn step_chunk(chunk: &[u8; STEP_CHUNK]) -> Option<usize> {
    let mut not_step = 0u8;
    let mut uppers = 0u8;
    for &byte in chunk {
        // Setting bit 5 folds the upper-case letters onto the lower-case ones and maps
        // no other byte onto a letter.
        let lower = byte | 0x20;
        let step = u8::from(lower == b'l')
            | u8::from(lower == b'u')
            | u8::from(lower == b'r')
            | u8::from(lower == b'd')
            | u8::from(lower == b'n')
            | u8::from(lower == b's')
            | u8::from(lower == b'e')
            | u8::from(lower == b'w');
        not_step |= step ^ 1;
        uppers += (byte >> 5) & 1 ^ 1;
    }
    (not_step == 0).then_some(usize::from(uppers))
}

/// The length of the whole [`STEP_CHUNK`]s of step letters that `bytes` starts with,
/// and how many of those letters are upper case.
#[inline(always)]
fn step_chunks(bytes: &[u8]) -> (usize, usize) {
    let (mut length, mut uppers) = (0, 0);
    for chunk in bytes.chunks_exact(STEP_CHUNK) {
        let chunk = chunk.try_into().expect("a chunk of STEP_CHUNK bytes");
        match step_chunk(chunk) {
            Some(upper) => uppers += upper,
            None => break,
        }
        length += STEP_CHUNK;
    }
    (length, uppers)
}

/// Grammar check and counts over step letters and markers.
fn scan(bytes: &[u8]) -> Scan {
    let mut group = Group::None;
    let mut counts = Counts {
        moves: 0,
        pushes: 0,
        jumps: 0,
        open_group: false,
    };
    let mut index = 0;
    while index < bytes.len() {
        // Runs of step letters outside groups: the bulk of every solution.
        if group == Group::None {
            let start = index;
            let mut upper = 0;
            // Whole chunks first: a branch-free test the compiler vectorizes.
            let (length, uppers) = step_chunks(&bytes[index..]);
            index += length;
            upper += uppers;
            while index < bytes.len() {
                let class = CLASS[usize::from(bytes[index])];
                if class & STEP == 0 {
                    break;
                }
                upper += usize::from(class & UPPER != 0);
                index += 1;
            }
            counts.pushes += upper;
            counts.moves += index - start - upper;
            if index == bytes.len() {
                break;
            }
        }
        let byte = bytes[index];
        let class = CLASS[usize::from(byte)];
        if class & STEP != 0 {
            if class & UPPER != 0 {
                return Scan::Syntax(SyntaxProblem::PushInsideGroup, index);
            }
            counts.moves += usize::from(group == Group::Jump);
            index += 1;
            continue;
        }
        if class & MARK == 0 {
            return Scan::Other(index);
        }
        let problem = match byte {
            b'[' | b'{' if group != Group::None => Some(SyntaxProblem::NestedGroup),
            b'[' => {
                group = Group::Jump;
                counts.jumps += 1;
                None
            }
            b'{' => {
                group = Group::Selection;
                None
            }
            b']' if group == Group::Jump => {
                group = Group::None;
                None
            }
            b'}' if group == Group::Selection => {
                group = Group::None;
                None
            }
            b']' | b'}' => Some(SyntaxProblem::UnexpectedClose),
            _ => None,
        };
        if let Some(problem) = problem {
            return Scan::Syntax(problem, index);
        }
        index += 1;
    }
    counts.open_group = group != Group::None;
    Scan::Done(counts)
}

fn syntax_error(
    problem: SyntaxProblem,
    index: usize,
    original: &str,
    was_rle: bool,
) -> SnapshotParseError {
    let (line, column) = if was_rle {
        (None, None)
    } else {
        let (line, column) = locate_non_whitespace(original, index);
        (Some(line), Some(column))
    };
    SnapshotParseError::Syntax {
        problem,
        index,
        line,
        column,
    }
}

impl fmt::Display for Moves {
    /// [`Moves::to_str`] without RLE.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_str(false))
    }
}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Moves({:?})", self.steps)
    }
}

impl std::str::FromStr for Moves {
    type Err = SnapshotParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Moves::parse(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chunk_test_agrees_with_the_class_table() {
        // Each byte value in each lane, among step letters of both cases.
        for byte in 0..=255u8 {
            for lane in 0..STEP_CHUNK {
                let mut chunk = *b"lUrDnSeWLuRdNsEw";
                chunk[lane] = byte;
                let expected = chunk
                    .iter()
                    .all(|&b| CLASS[usize::from(b)] & STEP != 0)
                    .then(|| {
                        chunk
                            .iter()
                            .filter(|&&b| CLASS[usize::from(b)] & UPPER != 0)
                            .count()
                    });
                assert_eq!(
                    step_chunk(&chunk),
                    expected,
                    "byte {byte:#04x} in lane {lane}"
                );
            }
        }
    }

    fn counts(text: &str) -> (String, usize, usize, usize, bool) {
        let moves = Moves::parse(text).unwrap();
        (
            moves.to_str(false),
            moves.move_count(),
            moves.push_count(),
            moves.jump_count(),
            moves.is_reverse(),
        )
    }

    #[test]
    fn move_text_examples() {
        assert_eq!(counts("lurdLURDL"), ("lurdLURDL".into(), 4, 5, 0, false));
        assert_eq!(
            counts("lu \t\r\nrdLU   \r\r\n\n\t\tRDL"),
            ("lurdLURDL".into(), 4, 5, 0, false)
        );
        assert_eq!(
            counts("{lurd}lurdLURDL"),
            ("{lurd}lurdLURDL".into(), 4, 5, 0, false)
        );
        assert_eq!(counts("[]lurdLURDD"), ("[]lurdLURDD".into(), 4, 5, 1, true));
        assert_eq!(
            Moves::parse("[]lurdLURDD").unwrap().to_str(true),
            "[]lurdLUR2D"
        );
        assert_eq!(
            counts("lurd[lurd]LURDL"),
            ("[]lurd[lurd]LURDL".into(), 8, 5, 1, true)
        );
        assert_eq!(
            counts("2(3(dr)R)"),
            ("drdrdrRdrdrdrR".into(), 12, 2, 0, false)
        );
        assert_eq!(counts("lu*rdL"), ("lu*rdL".into(), 4, 1, 0, false));
        assert_eq!(
            counts("{rddd}Urr{uul}uLU"),
            ("{rddd}Urr{uul}uLU".into(), 3, 3, 0, false)
        );
        assert_eq!(
            Moves::parse("[lu]RR[]ll").unwrap().to_str(true),
            "[lu]2R[]2l"
        );
        assert_eq!(counts("{}lurd"), ("{}lurd".into(), 4, 0, 0, false));
        assert_eq!(counts("nesw"), ("nesw".into(), 4, 0, 0, false));
    }

    #[test]
    fn grammar_errors_carry_positions() {
        let error = Moves::parse("lurd{LURD}").unwrap_err();
        assert_eq!(
            error,
            SnapshotParseError::Syntax {
                problem: SyntaxProblem::PushInsideGroup,
                index: 5,
                line: Some(1),
                column: Some(6)
            }
        );
        assert!(
            error
                .to_string()
                .starts_with("Unexpected input in Snapshot string!")
        );
        assert!(matches!(
            Moves::parse("lurd[lurd"),
            Err(SnapshotParseError::Syntax {
                problem: SyntaxProblem::UnclosedGroup,
                ..
            })
        ));
        assert!(matches!(
            Moves::parse("lu]"),
            Err(SnapshotParseError::Syntax {
                problem: SyntaxProblem::UnexpectedClose,
                ..
            })
        ));
        let error = Moves::parse("lu\nr ZOMG!").unwrap_err();
        assert_eq!(error.to_string(), "Invalid characters in snapshot string!");
        assert_eq!(error.location(), Some((2, 3)));
        let error = Moves::parse("lu\n r3").unwrap_err();
        assert!(
            matches!(error, SnapshotParseError::Rle { line: 2, .. }),
            "{error:?}"
        );
    }

    #[test]
    fn text_decoding_to_nothing_is_rejected() {
        // sokoenginepy 1.0.3 rejects these; blank text stays an empty snapshot.
        for text in ["0W", " 0W ", "0l0r", "0(lr)", "|"] {
            let error = Moves::parse(text).unwrap_err();
            assert!(
                matches!(
                    error,
                    SnapshotParseError::Syntax {
                        problem: SyntaxProblem::NoSteps,
                        ..
                    }
                ),
                "{text:?}: {error:?}"
            );
            assert!(
                error
                    .to_string()
                    .starts_with("Unexpected input in Snapshot string!")
            );
        }
        assert_eq!(
            Moves::parse(" 0W ").unwrap_err().to_string(),
            "Unexpected input in Snapshot string! text that decodes to no step at step 0 (line 1, column 2)."
        );
        assert!(Moves::parse("").unwrap().is_empty());
        assert!(Moves::parse(" \n ").unwrap().is_empty());
        assert_eq!(Moves::parse("0Wl").unwrap().as_str(), "l");
        assert_eq!(Moves::parse("l|r").unwrap().as_str(), "lr");
    }

    #[test]
    fn whitespace_goes_before_decoding() {
        // Bug 21 of the reference: "3 r" is "rrr", "l1\n2r" is l and twelve r.
        assert_eq!(Moves::parse("3 r").unwrap().as_str(), "rrr");
        assert_eq!(Moves::parse("l1\n2r").unwrap().as_str(), "lrrrrrrrrrrrr");
        assert_eq!(Moves::parse("ll|rr").unwrap().as_str(), "llrr");
    }

    #[test]
    fn moves_lines() {
        assert!(is_moves_line("Dude") && is_moves_line("Ruled") && is_moves_line("sure"));
        assert!(!is_moves_line("12 3") && !is_moves_line(""));
        assert!(is_moves_line("\t[]Urrd  "));
        assert!(!is_moves_line("Pop"));
        // Past a first chunk of step letters, the rest is still checked.
        let letters = "lurdLURDnsewNSEW";
        assert!(is_moves_line(&format!("{letters}{letters}")));
        assert!(is_moves_line(&format!("{letters}[ul]3R\t")));
        assert!(!is_moves_line(&format!("{letters}x")));
        assert!(!is_moves_line(&format!("{letters}{letters}\u{e9}")));
        assert!(is_moves_line(&format!("{letters}\u{a0}r")));
    }
}
