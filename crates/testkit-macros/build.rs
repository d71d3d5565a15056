//! Decides, when the test kit is built, whether corpus tests run or show as ignored.
//!
//! * `SOKOENGINE_CORPUS` set: they run (and fail when that folder is missing, so CI,
//!   which always sets it, can never pass by skipping).
//! * unset, and `../shared/corpus` beside the workspace is a folder: they run.
//! * unset, and no folder there (a fresh clone): cfg `corpus_absent`, they are ignored.
//!
//! Cargo re-runs this script when the variable changes or the default folder appears
//! in or disappears from `../shared`.

use std::path::{Path, PathBuf};

fn main() {
    println!("cargo::rustc-check-cfg=cfg(corpus_absent)");
    println!("cargo::rerun-if-env-changed=SOKOENGINE_CORPUS");
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var_os("SOKOENGINE_CORPUS").is_some() {
        return;
    }
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    // crates/testkit-macros -> the workspace root -> its parent.
    let beside = manifest
        .ancestors()
        .nth(3)
        .map_or_else(|| PathBuf::from(".."), Path::to_path_buf)
        .join("shared");
    let default = beside.join("corpus");
    println!(
        "cargo::rustc-env=SOKOENGINE_DEFAULT_CORPUS={}",
        default.display()
    );
    if default.is_dir() {
        // A missing path makes cargo re-run the script: the corpus was removed.
        println!("cargo::rerun-if-changed={}", default.display());
    } else {
        println!("cargo::rustc-cfg=corpus_absent");
        // The corpus appearing later changes this folder (when it exists at all).
        if beside.is_dir() {
            println!("cargo::rerun-if-changed={}", beside.display());
        }
    }
}
