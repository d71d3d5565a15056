//! Reading `FILE` or `-` (standard input), and the flag values shared by subcommands.

use std::io::Read;
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
/// A usage failure when the file cannot be read; a domain failure beyond [`MAX_INPUT`].
pub fn read_bytes(path: &str) -> Result<Vec<u8>, Failure> {
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin()
            .lock()
            .take(MAX_INPUT + 1)
            .read_to_end(&mut bytes)
    } else {
        let file = std::fs::File::open(path).map_err(|e| cannot_read(path, &e))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(Failure::usage(format!(
                "can't read {path}: it is a directory"
            )));
        }
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

/// The text of `FILE` or `-`: UTF-8 (a byte-order mark skipped), else Latin-1.
///
/// # Errors
///
/// As [`read_bytes`].
pub fn read_text(path: &str) -> Result<String, Failure> {
    Ok(decode_text(&read_bytes(path)?).into_owned())
}

fn cannot_read(path: &str, error: &std::io::Error) -> Failure {
    Failure::usage(format!("can't read {}: {error}", display_name(path)))
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
