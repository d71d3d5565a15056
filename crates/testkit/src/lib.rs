//! Test support shared by the sokoengine crates.
//!
//! Conformance tests read the shared corpus from the folder named by the
//! `SOKOENGINE_CORPUS` environment variable, or from `../shared/corpus` beside the
//! workspace when the variable is unset. The two cases differ on purpose:
//!
//! * variable unset and default folder absent (a fresh clone without the corpus):
//!   [`corpus`] prints that the test was skipped and returns `None`;
//! * variable set but the folder (or a file in it) missing: the test fails, so CI,
//!   which always sets the variable, can never pass by skipping.
//!
//! ```
//! if let Some(corpus) = sokoengine_testkit::corpus("doc example") {
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

/// The corpus folder, or `None` (with a printed note naming `test`) when the corpus
/// is absent and `SOKOENGINE_CORPUS` is unset.
///
/// # Panics
///
/// When `SOKOENGINE_CORPUS` is set and does not name a folder.
pub fn corpus(test: &str) -> Option<PathBuf> {
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
        None => {
            let dir = workspace_root().join("../shared/corpus");
            if dir.is_dir() {
                Some(dir)
            } else {
                println!(
                    "skipped {test}: no corpus at {} and {CORPUS_VAR} is unset",
                    dir.display()
                );
                None
            }
        }
    }
}

/// A file of the corpus, or `None` when the corpus is absent (see [`corpus`]).
///
/// # Panics
///
/// When the corpus is present but the file is not: a corpus test must never pass by
/// silently skipping a file it expects.
pub fn corpus_file(test: &str, relative: &str) -> Option<PathBuf> {
    let path = corpus(test)?.join(relative);
    assert!(path.is_file(), "corpus file {} is missing", path.display());
    Some(path)
}

/// Reads a corpus file to a string (see [`corpus_file`]).
///
/// # Panics
///
/// When the corpus is present but the file cannot be read as UTF-8 text.
pub fn read_corpus(test: &str, relative: &str) -> Option<String> {
    let path = corpus_file(test, relative)?;
    Some(
        std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())),
    )
}

/// Reads a corpus file to bytes (see [`corpus_file`]); for files that are not UTF-8.
///
/// # Panics
///
/// When the corpus is present but the file cannot be read.
pub fn read_corpus_bytes(test: &str, relative: &str) -> Option<Vec<u8>> {
    let path = corpus_file(test, relative)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())))
}
