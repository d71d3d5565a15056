//! Run-length encoding of board and snapshot text (docs/formats.md#run-length-encoding).
//!
//! `4a4b2cd3e` decodes to `aaaabbbbccdeee`; groups repeat (`2(3(dr)R)`), `|` is a
//! newline. [`decode`] validates the whole text and computes the decoded length
//! **before** allocating, so no input can expand beyond the limit; the work of
//! decoding is linear in the text plus the decoded length (a group that decodes to
//! nothing is not repeated, however large its count).
//!
//! ```
//! use sokoengine_board::rle;
//!
//! assert_eq!(rle::decode("3(a2b)4b")?, "abbabbabbbbbb");
//! assert_eq!(rle::encode("aa\n\n\nbb")?, "2a3|2b");
//! assert_eq!(rle::decode("2a3|2b")?, "aa\n\n\nbb");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use nom::character::complete::{char, digit1, none_of};
use nom::combinator::opt;
use nom::error::{ErrorKind, ParseError};
use nom::multi::fold_many1;
use nom::{IResult, Parser};

/// Whether `byte` is RLE syntax: a digit, `(`, `)` or `|`. Text without any is
/// plain, decoding leaves it as it is, and [`encode`] refuses text with any.
///
/// ```
/// use sokoengine_board::rle;
/// assert!(rle::is_syntax(b'7') && rle::is_syntax(b'|') && !rle::is_syntax(b'r'));
/// ```
pub const fn is_syntax(byte: u8) -> bool {
    byte.wrapping_sub(b'0') < 10 || matches!(byte, b'(' | b')' | b'|')
}

/// Whether `text` holds RLE syntax ([`is_syntax`]): RLE to decode. 32 bytes at a time
/// without an early exit inside, which the compiler vectorizes (callers run this over
/// every byte of every solution).
///
/// ```
/// use sokoengine_board::rle;
/// assert!(rle::has_syntax("lurd3(LU)") && !rle::has_syntax("lurdLURD"));
/// ```
pub fn has_syntax(text: &str) -> bool {
    let chunks = text.as_bytes().chunks_exact(32);
    let tail = chunks.remainder();
    for chunk in chunks {
        // Branch-free byte tests ORed into a byte: this form vectorizes, while folding
        // `is_syntax`'s short-circuit `||` into a bool ran a byte at a time (15x slower).
        let found = chunk.iter().fold(0u8, |found, &b| {
            found
                | u8::from(b.wrapping_sub(b'0') < 10)
                | u8::from(b.wrapping_sub(b'(') < 2)
                | u8::from(b == b'|')
        });
        if found != 0 {
            return true;
        }
    }
    tail.iter().any(|&b| is_syntax(b))
}

/// Longest decoded text [`decode`] produces, in bytes (64 MiB).
pub const DEFAULT_MAX_DECODED_LEN: usize = 1 << 26;

/// Deepest nesting of groups accepted (keeps the parser's recursion bounded).
pub const MAX_GROUP_DEPTH: usize = 64;

/// What went wrong in an RLE text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum RleProblem {
    /// A count with nothing to repeat after it (`a3`, `3`).
    DanglingCount,
    /// A count followed by `)` (`(a3)`).
    CountBeforeClose,
    /// A `)` without an open group.
    UnexpectedClose,
    /// A `(` never closed.
    UnclosedGroup,
    /// `()`: a group needs at least one element.
    EmptyGroup,
    /// A count too large to represent.
    CountTooLarge,
    /// Groups nested deeper than [`MAX_GROUP_DEPTH`].
    TooDeep,
    /// The decoded text would exceed the length limit.
    TooLong {
        /// The limit in bytes.
        limit: usize,
    },
}

impl std::fmt::Display for RleProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RleProblem::DanglingCount => f.write_str("count without anything to repeat"),
            RleProblem::CountBeforeClose => f.write_str("count directly before ')'"),
            RleProblem::UnexpectedClose => f.write_str("')' without matching '('"),
            RleProblem::UnclosedGroup => f.write_str("'(' without matching ')'"),
            RleProblem::EmptyGroup => f.write_str("empty group '()'"),
            RleProblem::CountTooLarge => f.write_str("count too large"),
            RleProblem::TooDeep => write!(f, "groups nested deeper than {MAX_GROUP_DEPTH}"),
            RleProblem::TooLong { limit } => {
                write!(
                    f,
                    "decoded text would be longer than the limit of {limit} bytes"
                )
            }
        }
    }
}

/// An RLE text that cannot be decoded. The message starts with the specification's
/// `Unexpected input in Rle string!`.
///
/// # Examples
///
/// ```
/// use sokoengine_board::rle;
///
/// assert_eq!(rle::decode("3(a2b)c")?, "abbabbabbc");
/// let error = rle::decode("ab3").unwrap_err();
/// assert!(error.to_string().starts_with("Unexpected input in Rle string!"));
/// # Ok::<(), rle::RleError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Unexpected input in Rle string! {problem} at line {line}, column {column}")]
#[non_exhaustive]
pub struct RleError {
    /// What went wrong.
    pub problem: RleProblem,
    /// 1-based line of the offending character.
    pub line: usize,
    /// 1-based column (in characters) of the offending character.
    pub column: usize,
    /// Byte offset of the offending character in the decoded text's source.
    pub offset: usize,
}

impl RleError {
    fn at(text: &str, offset: usize, problem: RleProblem) -> RleError {
        let (line, column) = line_column(text, offset);
        RleError {
            problem,
            line,
            column,
            offset,
        }
    }
}

/// 1-based line and column (in characters) of byte `offset` of `text`.
pub(crate) fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.bytes().filter(|&b| b == b'\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// Text that cannot be RLE-encoded: the output would not decode back to it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "Can't RLE encode text containing '{character}' (at byte {offset}): digits, '(', ')' and '|' are RLE syntax!"
)]
/// # Examples
///
/// ```
/// use sokoengine_board::rle;
///
/// assert_eq!(rle::encode("aaab\n\nc")?, "3ab2|c");
/// assert!(rle::encode("a1").is_err()); // a digit would be read as a count
/// # Ok::<(), rle::RleEncodeError>(())
/// ```
#[non_exhaustive]
pub struct RleEncodeError {
    /// The offending character.
    pub character: char,
    /// Its byte offset.
    pub offset: usize,
}

/// Decodes `text` with the default limit [`DEFAULT_MAX_DECODED_LEN`].
///
/// # Errors
///
/// [`RleError`] for a count with nothing after it (`a3`, `3`), a count followed by
/// `)`, unbalanced or empty groups, nesting deeper than [`MAX_GROUP_DEPTH`], or a
/// decoded length over the limit.
///
/// # Examples
///
/// ```
/// use sokoengine_board::rle;
/// assert_eq!(rle::decode("aa2(bb)cc2(dd2(ee)ff)")?, "aabbbbccddeeeeffddeeeeff");
/// assert_eq!(rle::decode("3|")?, "\n\n\n");
/// assert!(rle::decode("a3").is_err());
/// # Ok::<(), rle::RleError>(())
/// ```
pub fn decode(text: &str) -> Result<String, RleError> {
    decode_with_limit(text, DEFAULT_MAX_DECODED_LEN)
}

/// Decodes `text`, refusing (before allocating) to produce more than `max_len` bytes.
///
/// # Errors
///
/// As [`decode`], with [`RleProblem::TooLong`] when the output would exceed
/// `max_len`.
pub fn decode_with_limit(text: &str, max_len: usize) -> Result<String, RleError> {
    let length = decoded_len(text)?;
    if length > max_len as u64 {
        return Err(RleError::at(
            text,
            0,
            RleProblem::TooLong { limit: max_len },
        ));
    }
    // Validated above: every count parses and every group is closed.
    let mut out = Vec::with_capacity(length as usize);
    let mut position = 0;
    expand(text.as_bytes(), &mut position, &mut out);
    Ok(String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()))
}

/// Encodes `text`: runs of two or more equal characters become `<n><c>`, newlines
/// become `|`. Never produces groups.
///
/// # Errors
///
/// [`RleEncodeError`] when `text` contains a digit (the output would be
/// ambiguous), or `(`, `)` or `|` (the output would not decode back to `text`).
///
/// # Examples
///
/// ```
/// use sokoengine_board::rle;
/// assert_eq!(rle::encode(" aaaaaaaaaa   ")?, " 10a3 ");
/// assert!(rle::encode("a1").is_err());
/// # Ok::<(), rle::RleEncodeError>(())
/// ```
pub fn encode(text: &str) -> Result<String, RleEncodeError> {
    if let Some((offset, character)) = text
        .char_indices()
        .find(|&(_, c)| u8::try_from(c).is_ok_and(is_syntax))
    {
        return Err(RleEncodeError { character, offset });
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        let mut run = 1usize;
        while chars.next_if_eq(&c).is_some() {
            run += 1;
        }
        if run > 1 {
            out.push_str(&run.to_string());
        }
        out.push(if c == '\n' { '|' } else { c });
    }
    Ok(out)
}

// ---- validation and length (nom) ------------------------------------------------

/// Parser error: where and what. `nom` only ever sees this private type.
#[derive(Debug)]
struct Syntax<'a> {
    at: &'a str,
    problem: Option<RleProblem>,
}

impl<'a> ParseError<&'a str> for Syntax<'a> {
    fn from_error_kind(input: &'a str, _kind: ErrorKind) -> Self {
        Syntax {
            at: input,
            problem: None,
        }
    }

    fn append(_input: &'a str, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

type Res<'a, T> = IResult<&'a str, T, Syntax<'a>>;

fn fail<T>(at: &str, problem: RleProblem) -> Res<'_, T> {
    Err(nom::Err::Failure(Syntax {
        at,
        problem: Some(problem),
    }))
}

fn count(input: &str) -> Res<'_, Option<u64>> {
    let (rest, digits) = opt(digit1).parse(input)?;
    match digits.map(str::parse::<u64>) {
        None => Ok((rest, None)),
        Some(Ok(n)) => Ok((rest, Some(n))),
        Some(Err(_)) => fail(input, RleProblem::CountTooLarge),
    }
}

/// Decoded length in bytes of one atom.
fn atom(input: &str) -> Res<'_, u64> {
    none_of("0123456789()")
        .map(|c: char| c.len_utf8() as u64)
        .parse(input)
}

fn group(input: &str, depth: usize) -> Res<'_, u64> {
    let (rest, _) = char('(').parse(input)?;
    if depth >= MAX_GROUP_DEPTH {
        return fail(input, RleProblem::TooDeep);
    }
    let (rest, length) = match sequence(rest, depth + 1) {
        Err(nom::Err::Error(_)) if rest.starts_with(')') => {
            return fail(input, RleProblem::EmptyGroup);
        }
        other => other?,
    };
    match char::<_, Syntax<'_>>(')').parse(rest) {
        Ok((rest, _)) => Ok((rest, length)),
        Err(_) => fail(input, RleProblem::UnclosedGroup),
    }
}

fn expr(input: &str, depth: usize) -> Res<'_, u64> {
    let (rest, repeat) = count(input)?;
    let unit = (|i| group(i, depth)).or(atom).parse(rest);
    match (repeat, unit) {
        (None, unit) => unit,
        (Some(n), Ok((rest, length))) => Ok((rest, length.saturating_mul(n))),
        (Some(_), Err(nom::Err::Error(_))) => {
            let problem = if rest.starts_with(')') {
                RleProblem::CountBeforeClose
            } else {
                RleProblem::DanglingCount
            };
            fail(input, problem)
        }
        (Some(_), Err(error)) => Err(error),
    }
}

fn sequence(input: &str, depth: usize) -> Res<'_, u64> {
    fold_many1(|i| expr(i, depth), || 0u64, u64::saturating_add).parse(input)
}

/// Validates `text` and returns its decoded length in bytes (saturating at
/// `u64::MAX`), without decoding: the cost is linear in `text` whatever the length.
///
/// # Errors
///
/// As [`decode`], except that no length is too long.
///
/// # Examples
///
/// ```
/// use sokoengine_board::rle;
/// assert_eq!(rle::decoded_len("3(a2b)4b")?, 13);
/// assert_eq!(rle::decoded_len("1000(1000(1000a))")?, 1_000_000_000);
/// assert_eq!(rle::decoded_len("99999999999(99999999999a)")?, u64::MAX);
/// # Ok::<(), rle::RleError>(())
/// ```
pub fn decoded_len(text: &str) -> Result<u64, RleError> {
    if text.is_empty() {
        return Ok(0);
    }
    let error = match sequence(text, 0) {
        Ok(("", length)) => return Ok(length),
        Ok((rest, _)) => Syntax {
            at: rest,
            problem: Some(RleProblem::UnexpectedClose),
        },
        Err(nom::Err::Error(e) | nom::Err::Failure(e)) => e,
        Err(nom::Err::Incomplete(_)) => Syntax {
            at: "",
            problem: None,
        },
    };
    let offset = text.len() - error.at.len();
    let problem = error.problem.unwrap_or(RleProblem::UnexpectedClose);
    Err(RleError::at(text, offset, problem))
}

// ---- expansion of validated text --------------------------------------------------

/// Expands the sequence starting at `*position` up to the end or a `)`. The text has
/// been validated, so counts parse, groups close and the output fits the limit.
fn expand(text: &[u8], position: &mut usize, out: &mut Vec<u8>) {
    while let Some(&byte) = text.get(*position) {
        if byte == b')' {
            return;
        }
        let mut repeat = None;
        let start = *position;
        while text.get(*position).is_some_and(u8::is_ascii_digit) {
            *position += 1;
        }
        if *position > start {
            repeat = std::str::from_utf8(&text[start..*position])
                .ok()
                .and_then(|digits| digits.parse::<u64>().ok());
        }
        let repeat = repeat.unwrap_or(1);
        match text.get(*position) {
            Some(b'(') => {
                *position += 1;
                if repeat == 0 {
                    skip_group(text, position);
                } else {
                    let group_start = out.len();
                    expand(text, position, out);
                    let group_end = out.len();
                    // A group that decodes to nothing (`99999999999(0a)`) is not
                    // repeated: every copy made below adds at least one byte, so the
                    // work stays bounded by the output limit.
                    if group_end > group_start {
                        for _ in 1..repeat {
                            out.extend_from_within(group_start..group_end);
                        }
                    }
                }
                *position += 1; // the closing ')'
            }
            Some(&first) => {
                let width = utf8_width(first);
                let end = (*position + width).min(text.len());
                let atom = if first == b'|' {
                    b"\n"
                } else {
                    &text[*position..end]
                };
                for _ in 0..repeat {
                    out.extend_from_slice(atom);
                }
                *position = end;
            }
            None => return,
        }
    }
}

/// Moves `*position` from just inside a group to its closing `)`.
fn skip_group(text: &[u8], position: &mut usize) {
    let mut depth = 0usize;
    while let Some(&byte) = text.get(*position) {
        match byte {
            b'(' => depth += 1,
            b')' if depth == 0 => return,
            b')' => depth -= 1,
            _ => {}
        }
        *position += 1;
    }
}

const fn utf8_width(first: u8) -> usize {
    match first {
        0x00..=0x7f => 1,
        0xc0..=0xdf => 2,
        0xe0..=0xef => 3,
        _ => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_is_found_anywhere() {
        for length in 0..80 {
            let plain = "lurdLURD".repeat(10)[..length].to_owned();
            assert!(!has_syntax(&plain));
            for at in 0..length {
                for mark in ["0", "9", "(", ")", "|"] {
                    let mut text = plain.clone();
                    text.replace_range(at..=at, mark);
                    assert!(has_syntax(&text), "{text}");
                }
            }
        }
    }

    #[test]
    fn chunk_test_agrees_with_is_syntax() {
        // Every byte value in every lane of a whole chunk and of the tail.
        for length in [32, 40] {
            for lane in 0..length {
                for byte in 0..=255u8 {
                    let mut bytes = vec![b'r'; length];
                    bytes[lane] = byte;
                    // Lone non-ASCII bytes are no `str`: read the chunk as Latin-1 bytes.
                    let Ok(text) = std::str::from_utf8(&bytes) else {
                        continue;
                    };
                    assert_eq!(has_syntax(text), is_syntax(byte), "{byte} at {lane}");
                }
            }
        }
    }

    #[test]
    fn syntax_bytes() {
        let syntax: Vec<u8> = (0..=255).filter(|&b| is_syntax(b)).collect();
        assert_eq!(syntax, b"()0123456789|");
    }

    #[test]
    fn spec_decode_examples() {
        let table = [
            ("4a4b2cd3e", "aaaabbbbccdeee"),
            (" 10a3 ", " aaaaaaaaaa   "),
            ("3(a2b)4b", "abbabbabbbbbb"),
            ("aa2(bb)cc2(dd2(ee)ff)", "aabbbbccddeeeeffddeeeeff"),
            ("(ab2(3c)d)efgh", "abccccccdefgh"),
            ("2a4b2c2d2e|2e2f2d4e2f", "aabbbbccddee\neeffddeeeeff"),
            ("|||", "\n\n\n"),
            ("\n|\n", "\n\n\n"),
            ("3|", "\n\n\n"),
            ("--3#|3#-#|#pb.#|5#", "--###\n###-#\n#pb.#\n#####"),
            ("2(3(#-)#)", "#-#-#-##-#-#-#"),
            ("2(3(dr)R)", "drdrdrRdrdrdrR"),
            ("0a", ""),
            ("12a", "aaaaaaaaaaaa"),
            ("", ""),
            ("0(5(ab))c", "c"),
            ("2é", "éé"),
        ];
        for (input, output) in table {
            assert_eq!(decode(input).as_deref(), Ok(output), "{input:?}");
        }
    }

    #[test]
    fn spec_decode_errors() {
        let table = [
            ("a3", RleProblem::DanglingCount, 2),
            ("3", RleProblem::DanglingCount, 1),
            ("(a3)", RleProblem::CountBeforeClose, 3),
            ("a)", RleProblem::UnexpectedClose, 2),
            ("(a", RleProblem::UnclosedGroup, 1),
            ("2(a(b)", RleProblem::UnclosedGroup, 2),
            ("x()", RleProblem::EmptyGroup, 2),
            ("99999999999999999999999a", RleProblem::CountTooLarge, 1),
        ];
        for (input, problem, column) in table {
            let error = decode(input).unwrap_err();
            assert_eq!(
                (error.problem, error.line, error.column),
                (problem, 1, column),
                "{input}"
            );
            assert!(
                error
                    .to_string()
                    .starts_with("Unexpected input in Rle string!")
            );
        }
        let deep = "(".repeat(100) + "a" + &")".repeat(100);
        assert_eq!(decode(&deep).unwrap_err().problem, RleProblem::TooDeep);
        let error = decode("ab\ncd\n  3").unwrap_err();
        assert_eq!((error.line, error.column), (3, 3));
    }

    #[test]
    fn expansion_is_bounded_before_allocating() {
        let error = decode_with_limit("10(10(10a))", 999).unwrap_err();
        assert_eq!(error.problem, RleProblem::TooLong { limit: 999 });
        assert_eq!(
            decode_with_limit("10(10(10a))", 1000).map(|s| s.len()),
            Ok(1000)
        );
        let huge = "9999999999(9999999999(9999999999a))";
        assert!(matches!(
            decode(huge).unwrap_err().problem,
            RleProblem::TooLong { .. }
        ));
    }

    #[test]
    fn groups_that_decode_to_nothing_cost_nothing_to_repeat() {
        // Issue 14, case 1: these once looped 10^11 (or 2^64) times producing nothing.
        assert_eq!(decode("99999999999(0#)#@$.#").as_deref(), Ok("#@$.#"));
        assert_eq!(decode("18446744073709551615(0r)R").as_deref(), Ok("R"));
        let nested = "18446744073709551615(18446744073709551615(0a)0(b))c";
        assert_eq!(decode(nested).as_deref(), Ok("c"));
        assert_eq!(
            decode("99999999999(||)").unwrap_err().problem,
            RleProblem::TooLong {
                limit: DEFAULT_MAX_DECODED_LEN
            }
        );
    }

    #[test]
    fn spec_encode_examples() {
        let table = [
            ("aaaabbbbccdeee", "4a4b2cd3e"),
            (" aaaaaaaaaa   ", " 10a3 "),
            ("###----p.#", "3#4-p.#"),
            ("aa\n\n\nbb", "2a3|2b"),
            (
                "---#-#-#-#----------\n--#-------#---------\n-#-@-----#----------",
                "3-#-#-#-#10-|2-#7-#9-|-#-@5-#10-",
            ),
            ("", ""),
        ];
        for (input, output) in table {
            assert_eq!(encode(input).as_deref(), Ok(output), "{input:?}");
            assert_eq!(decode(output).as_deref(), Ok(input));
        }
        assert!(encode("1234567890").is_err());
        assert_eq!(encode("a1").unwrap_err().offset, 1);
        assert!(encode("a|b").is_err());
    }
}
