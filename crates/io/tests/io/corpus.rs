//! Every level file of the corpus loads; counts and round trips.

use std::path::{Path, PathBuf};

use sokoengine_io::Collection;

fn level_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            level_files(&path, out);
        } else if path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| matches!(e, "sok" | "xsb" | "hsb" | "tsb"))
        {
            out.push(path);
        }
    }
}

#[test]
fn every_level_file_loads_without_error() {
    let Some(corpus) = sokoengine_testkit::corpus("every_level_file_loads_without_error") else {
        return;
    };
    let mut files = Vec::new();
    level_files(&corpus, &mut files);
    assert!(files.len() >= 80, "only {} level files found", files.len());
    let mut large_suite_levels = 0;
    for path in &files {
        let collection = Collection::load(path, None).unwrap();
        let errors = collection.check();
        assert!(errors.is_empty(), "{}: {errors:#?}", path.display());
        assert!(!collection.puzzles.is_empty(), "{}", path.display());
        let relative = path.strip_prefix(&corpus).unwrap();
        if relative.parent() == Some(Path::new("levels/large-test-suite")) {
            large_suite_levels += collection.puzzles.len();
        }
    }
    assert_eq!(large_suite_levels, 3272);
}

#[test]
fn every_level_file_round_trips() {
    let Some(corpus) = sokoengine_testkit::corpus("every_level_file_round_trips") else {
        return;
    };
    let mut files = Vec::new();
    level_files(&corpus, &mut files);
    for path in &files {
        let collection = Collection::load(path, None).unwrap();
        let hint = sokoengine_io::extension_hint(path);
        let written = collection
            .to_sok_string()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let reread = Collection::parse(&written, hint);
        crate::sok_format::assert_round_trip(&collection, &reread, &path.display().to_string());
    }
}
