//! The examples table lists every example: those of the facade (`examples/`) and those
//! of each crate (`crates/*/examples/`), each in a table row of `README.md` or a page of
//! `docs/` that runs it with `--example NAME` (and `-p CRATE` for a crate's own).

use std::fs;
use std::path::{Path, PathBuf};

/// The example names of a folder (its `.rs` files).
fn examples_in(folder: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(folder) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "rs"))
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_owned()))
        .collect();
    names.sort();
    names
}

/// The table rows (lines starting with `|`) of the README and the docs pages.
fn table_rows(root: &Path) -> Vec<String> {
    let mut documents = vec![root.join("README.md")];
    if let Ok(entries) = fs::read_dir(root.join("docs")) {
        documents.extend(
            entries
                .flatten()
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|e| e == "md")),
        );
    }
    documents
        .iter()
        .filter_map(|path| fs::read_to_string(path).ok())
        .flat_map(|text| {
            text.lines()
                .filter(|line| line.trim_start().starts_with('|'))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_examples_table_lists_every_example() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let rows = table_rows(&root);
    let mut missing = Vec::new();
    let mut checked = 0;
    for name in examples_in(&root.join("examples")) {
        let wanted = format!("--example {name}");
        if !rows.iter().any(|row| row.contains(&wanted)) {
            missing.push(wanted);
        }
        checked += 1;
    }
    let mut crates: Vec<PathBuf> = fs::read_dir(root.join("crates"))
        .expect("crates/")
        .flatten()
        .map(|entry| entry.path())
        .collect();
    crates.sort();
    for folder in crates {
        let package = format!(
            "sokoengine-{}",
            folder
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
        );
        for name in examples_in(&folder.join("examples")) {
            let example = format!("--example {name}");
            let in_package = format!("-p {package}");
            if !rows
                .iter()
                .any(|row| row.contains(&example) && row.contains(&in_package))
            {
                missing.push(format!("{in_package} {example}"));
            }
            checked += 1;
        }
    }
    assert!(checked >= 16, "only {checked} examples found");
    assert!(
        missing.is_empty(),
        "examples missing from the examples table: {missing:?}"
    );
}
