//! Reading `FILE` or `-` (standard input), and the flag values shared by subcommands.

use std::io::{BufRead, Read};
use std::path::Path;

use sokoengine::geometry::Tessellation;
use sokoengine::io::decode_text;

use crate::failure::Failure;

/// The largest input read (64 MiB): more is no puzzle file.
pub const MAX_INPUT: u64 = 64 << 20;

/// The bytes of `FILE`, or of standard input for `-`.
///
/// # Errors
///
/// A domain failure (exit status 1) when the file cannot be read or is larger than
/// [`MAX_INPUT`].
pub fn read_bytes(path: &str) -> Result<Vec<u8>, Failure> {
    read_bytes_with(path, false)
}

/// Files of at least this many bytes are read by two threads when asked for
/// ([`read_collection_text`]), each half on its own: the copy and the page faults of
/// the fresh buffer are about 5 % of `verify` of a few MB, all on one thread.
const SPLIT_READ: u64 = 256 << 10;

/// As [`read_bytes`]; with `parallel`, a file large enough for the thread pool starts
/// it before the read (its thread comes up while the file is read) and a file of at
/// least [`SPLIT_READ`] bytes is read in two halves at once.
fn read_bytes_with(path: &str, parallel: bool) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
    } else {
        let file = std::fs::File::open(path).map_err(|e| cannot_read(path, &e))?;
        let metadata = file.metadata().ok();
        if metadata.as_ref().is_some_and(std::fs::Metadata::is_dir) {
            return Err(Failure::domain(format!(
                "can't read {path}: it is a directory"
            )));
        }
        let len = metadata.map_or(0, |m| m.len());
        let parallel = parallel && len >= crate::parallel::PARALLEL_TEXT as u64;
        // A file read in two halves starts the pool first, for the second half; any
        // other starts it after the read: a thread starting (its memory set up by the
        // system) while this one faults in fresh pages holds up both, 0.2-0.3 ms.
        let split = parallel && len >= SPLIT_READ;
        if split {
            crate::parallel::start_pool();
        }
        #[cfg(unix)]
        if let Some(bytes) = read_whole(&file, len, split) {
            if parallel {
                crate::parallel::start_pool();
            }
            return Ok(bytes);
        }
        // Sized once (no regrowing and copying of a large file); at most the limit.
        let size = len.min(MAX_INPUT) + 1;
        bytes.reserve_exact(usize::try_from(size).unwrap_or(0));
        file.take(MAX_INPUT + 1).read_to_end(&mut bytes)
    };
    read.map_err(|e| cannot_read(path, &e))?;
    if bytes.len() as u64 > MAX_INPUT {
        return Err(Failure::domain(format!(
            "{} is larger than the limit of {MAX_INPUT} bytes",
            display_name(path)
        )));
    }
    Ok(bytes)
}

/// The `len` bytes of `file` (at most [`MAX_INPUT`]) in one read, or with `split` in
/// two at once, each half on a thread of its own; `None` when the file is not read
/// whole that way (empty or larger, or changed since its length was taken: the caller
/// then reads it as a stream). One read of the known size, where reading to the end
/// takes six of growing sizes for 200 KB.
#[cfg(unix)]
fn read_whole(file: &std::fs::File, len: u64, split: bool) -> Option<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    if len == 0 || len > MAX_INPUT {
        return None;
    }
    let len = usize::try_from(len).ok()?;
    // Zeroed by the system (fresh pages): the reads are the first to touch them.
    let mut bytes = vec![0; len];
    if split {
        let half = len / 2;
        let (first, second) = bytes.split_at_mut(half);
        let (first, second) = rayon::join(
            || file.read_exact_at(first, 0),
            || file.read_exact_at(second, half as u64),
        );
        first.ok()?;
        second.ok()?;
    } else {
        file.read_exact_at(&mut bytes, 0).ok()?;
    }
    // Nothing beyond: the file did not grow since.
    let mut beyond = [0];
    (file.read_at(&mut beyond, len as u64).ok()? == 0).then_some(bytes)
}

/// The text of `FILE` or `-`: UTF-8 (a byte-order mark skipped), else Latin-1.
///
/// # Errors
///
/// As [`read_bytes`].
pub fn read_text(path: &str) -> Result<String, Failure> {
    Ok(text_of(read_bytes(path)?))
}

/// As [`read_text`], for a collection that is read and verified on all cores when
/// large enough: the thread pool starts as the file is read, which a large file shares.
///
/// # Errors
///
/// As [`read_bytes`].
pub fn read_collection_text(path: &str) -> Result<String, Failure> {
    Ok(text_of(read_bytes_with(path, true)?))
}

/// `bytes` as text: UTF-8 (a byte-order mark skipped), else Latin-1.
fn text_of(bytes: Vec<u8>) -> String {
    // UTF-8 keeps the bytes read (no copy of a large file); Latin-1 is converted.
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            if text.starts_with('\u{feff}') {
                text.drain(..'\u{feff}'.len_utf8());
            }
            text
        }
        Err(error) => decode_text(error.as_bytes()).into_owned(),
    }
}

fn cannot_read(path: &str, error: &std::io::Error) -> Failure {
    Failure::domain(format!("can't read {}: {error}", display_name(path)))
}

/// Characters of a command-line value quoted in an error message; a longer value is
/// cut (a 100 KB `--layout` is not echoed whole).
const QUOTED_CHARS: usize = 40;

/// `text` quoted as in `{:?}`, cut to its first [`QUOTED_CHARS`] characters with its
/// length when longer: `"vBBv/vB"… (100000 characters)`.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((end, _)) => format!("{:?}… ({} characters)", &text[..end], text.chars().count()),
        None => format!("{text:?}"),
    }
}

/// The longest line read from interactive input (`setting-sun play`), in bytes.
pub const MAX_LINE: usize = 4096;

/// Reads one line of interactive input into `line` (without its line end), reading at
/// most [`MAX_LINE`] bytes: `Ok(false)` at the end of the input.
///
/// # Errors
///
/// A domain failure for a longer line (rather than buffering endless input), a usage
/// failure when the input cannot be read.
pub fn read_line(input: &mut impl BufRead, line: &mut String) -> Result<bool, Failure> {
    line.clear();
    let mut bytes = Vec::new();
    let read = BufRead::read_until(&mut input.take(MAX_LINE as u64 + 1), b'\n', &mut bytes)
        .map_err(|e| Failure::domain(format!("can't read standard input: {e}")))?;
    if read == 0 {
        return Ok(false);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if bytes.len() > MAX_LINE {
        return Err(Failure::domain(format!(
            "standard input: a line longer than the limit of {MAX_LINE} bytes"
        )));
    }
    if bytes.last() == Some(&b'\r') {
        bytes.pop();
    }
    line.push_str(&decode_text(&bytes));
    Ok(true)
}

/// `standard input` for `-`, else the path.
pub fn display_name(path: &str) -> String {
    if path == "-" {
        "standard input".to_owned()
    } else {
        path.to_owned()
    }
}

/// The extension of `path` in lower case (empty for `-` or none).
pub fn extension(path: &str) -> String {
    Path::new(path)
        .extension()
        .and_then(|e| e.to_str())
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// `--variant` values: `sokoban`, `hexoban`, `trioban`, `octoban` (any letter case).
pub fn parse_variant(text: &str) -> Result<Tessellation, String> {
    text.parse::<Tessellation>().map_err(|e| e.to_string())
}

/// The variant name used in output: the lower-case `--variant` spelling.
pub const fn variant_name(tessellation: Tessellation) -> &'static str {
    tessellation.lowercase_name()
}

/// A number a person counts from 1 (`--level`, `--snapshot`): 0 is refused with a
/// message that says so, where clap's range check would print its whole range.
fn number_from_1(text: &str, what: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(0) => Err(format!("{what} count from 1")),
        Ok(number) => Ok(number),
        Err(_) => Err(format!(
            "expected a {what_one} number from 1 to {}",
            u32::MAX,
            what_one = singular(what)
        )),
    }
}

fn singular(what: &str) -> &str {
    what.strip_suffix('s').unwrap_or(what)
}

/// `--level` values: 1 for the first level.
pub fn level_number(text: &str) -> Result<u32, String> {
    number_from_1(text, "levels")
}

/// `--snapshot` values: 1 for the first snapshot.
pub fn snapshot_number(text: &str) -> Result<u32, String> {
    number_from_1(text, "snapshots")
}
