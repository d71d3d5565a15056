//! Test support shared by the sokoengine crates.
//!
//! Conformance tests read the shared corpus from the folder named by the
//! `SOKOENGINE_CORPUS` environment variable, or from `../shared/corpus` beside the
//! workspace when the variable is unset. A test that needs it is marked
//! `#[sokoengine_testkit_macros::corpus_test]` instead of `#[test]`:
//!
//! * variable unset and default folder absent (a fresh clone without the corpus): the
//!   test shows as **ignored**, with that reason, in `cargo test`'s report;
//! * variable set but the folder (or a file in it) missing: the test **fails**, so CI,
//!   which always sets the variable, can never pass by skipping.
//!
//! The accessors ([`corpus`], [`corpus_file`], [`read_corpus`]) panic when the corpus
//! is missing, so a corpus test that forgot the attribute fails instead of passing.
//! Benchmarks and examples, which are not tests, use [`optional_corpus`] and skip.
//!
//! ```
//! // In a test file: `#[sokoengine_testkit_macros::corpus_test]` on a `fn` without
//! // arguments (a dev-dependency of its own, beside this crate).
//! if let Some(corpus) = sokoengine_testkit::optional_corpus("doc example") {
//!     assert!(corpus.is_dir());
//! }
//! ```

#![deny(missing_docs)]

use std::path::{Path, PathBuf};

/// The environment variable that names the corpus folder.
pub const CORPUS_VAR: &str = "SOKOENGINE_CORPUS";

/// The workspace root (two levels above this crate's manifest).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("testkit lives at crates/testkit inside the workspace")
        .to_path_buf()
}

/// The repository's own `fixtures/` folder.
pub fn fixtures() -> PathBuf {
    workspace_root().join("fixtures")
}

/// A file in the repository's own `fixtures/` folder.
pub fn fixture(relative: &str) -> PathBuf {
    fixtures().join(relative)
}

/// The corpus folder named by `SOKOENGINE_CORPUS`, else `../shared/corpus` beside the
/// workspace; `None` when the variable is unset and that folder is absent.
///
/// # Panics
///
/// When `SOKOENGINE_CORPUS` is set and does not name a folder.
fn locate() -> Option<PathBuf> {
    match std::env::var_os(CORPUS_VAR) {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            assert!(
                dir.is_dir(),
                "{CORPUS_VAR} is set to {} but that folder does not exist",
                dir.display()
            );
            Some(dir)
        }
        None => Some(workspace_root().join("../shared/corpus")).filter(|dir| dir.is_dir()),
    }
}

/// The corpus folder, for a test marked `#[sokoengine_testkit_macros::corpus_test]`.
///
/// # Panics
///
/// When the corpus is missing (a test that needs it must never pass without it), or
/// when `SOKOENGINE_CORPUS` names no folder.
pub fn corpus() -> PathBuf {
    locate().unwrap_or_else(|| {
        panic!(
            "no corpus at {} and {CORPUS_VAR} is unset: mark the test #[corpus_test] \
             (it then shows as ignored) or provide the corpus",
            workspace_root().join("../shared/corpus").display()
        )
    })
}

/// The corpus folder, or `None` (with a printed note naming `what`) when the corpus is
/// absent and `SOKOENGINE_CORPUS` is unset: for benchmarks and examples, which skip
/// their corpus work. Tests use [`corpus`].
///
/// # Panics
///
/// When `SOKOENGINE_CORPUS` is set and does not name a folder.
pub fn optional_corpus(what: &str) -> Option<PathBuf> {
    let found = locate();
    if found.is_none() {
        println!(
            "skipped {what}: no corpus at {} and {CORPUS_VAR} is unset",
            workspace_root().join("../shared/corpus").display()
        );
    }
    found
}

/// A file of the corpus (see [`corpus`]).
///
/// # Panics
///
/// When the corpus or the file is missing.
pub fn corpus_file(relative: &str) -> PathBuf {
    existing_file(corpus().join(relative))
}

/// Reads a corpus file to a string (see [`corpus_file`]).
///
/// # Panics
///
/// When the corpus or the file is missing, or the file is not UTF-8 text.
pub fn read_corpus(relative: &str) -> String {
    read_text(&corpus_file(relative))
}

/// Reads a corpus file to bytes (see [`corpus_file`]); for files that are not UTF-8.
///
/// # Panics
///
/// When the corpus or the file is missing or cannot be read.
pub fn read_corpus_bytes(relative: &str) -> Vec<u8> {
    let path = corpus_file(relative);
    std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Reads a corpus file to a string, or `None` when the corpus is absent (see
/// [`optional_corpus`]); for benchmarks and examples.
///
/// # Panics
///
/// When the corpus is present but the file is missing or not UTF-8 text.
pub fn read_optional_corpus(what: &str, relative: &str) -> Option<String> {
    let path = existing_file(optional_corpus(what)?.join(relative));
    Some(read_text(&path))
}

/// The level files below `dir` (`.sok`, `.xsb`, `.hsb`, `.tsb`, in every sub-folder), in
/// sorted order so a test walks them the same way on every machine.
///
/// # Panics
///
/// When `dir` or a folder below it cannot be read.
pub fn level_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    collect_level_files(dir, &mut found);
    found
}

fn collect_level_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| {
            entry
                .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
                .path()
        })
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect_level_files(&path, found);
        } else if path
            .extension()
            .and_then(|extension| extension.to_str())
            .is_some_and(|extension| matches!(extension, "sok" | "xsb" | "hsb" | "tsb"))
        {
            found.push(path);
        }
    }
}

fn existing_file(path: PathBuf) -> PathBuf {
    assert!(path.is_file(), "corpus file {} is missing", path.display());
    path
}

fn read_text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}
