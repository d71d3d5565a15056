//! Imports run one way between the files of a crate (CONTRIBUTING.md, "Where each rule
//! lives"): no two source files of the crates listed here import each other, directly or
//! through others. A file imports another when its code (comments and its `tests` module
//! aside) names `crate::other` or an item that the crate root re-exports from `other`.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crates checked: all but the test support (`testkit`, `testkit-macros`).
const CRATES: [&str; 14] = [
    "board",
    "cli",
    "geometry",
    "hanoi",
    "io",
    "metrics",
    "mover",
    "play",
    "python",
    "render",
    "rules",
    "setting-sun",
    "solver",
    "tilewe",
];

/// The code of a source file: comment lines and a trailing `tests` module left out.
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).expect("readable source");
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(end) => &text[..end],
        None => &text,
    };
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The identifiers of `text`, in order.
fn identifiers(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|word| !word.is_empty())
        .collect()
}

/// The items the crate root re-exports, each with the module it comes from.
fn reexports(root: &str, modules: &BTreeSet<String>) -> BTreeMap<String, String> {
    let mut owners = BTreeMap::new();
    for statement in root.split(';') {
        let statement = statement.trim();
        let Some(rest) = statement
            .strip_prefix("pub use ")
            .or_else(|| statement.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        let words = identifiers(rest);
        if let Some((&module, items)) = words.split_first()
            && modules.contains(module)
        {
            for &item in items {
                owners.insert(item.to_owned(), module.to_owned());
            }
        }
    }
    owners
}

/// The modules each top-level file of `source` imports.
fn imports(source: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut files: Vec<PathBuf> = fs::read_dir(source)
        .expect("src/")
        .map(|entry| entry.expect("entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .collect();
    files.sort();
    let name = |path: &Path| {
        path.file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_owned()
    };
    let mut modules: BTreeSet<String> = files.iter().map(|path| name(path)).collect();
    // A folder is one module: its files' code together, not checked one by one.
    let mut texts: Vec<(String, String)> =
        files.iter().map(|file| (name(file), code(file))).collect();
    let mut folders: Vec<PathBuf> = fs::read_dir(source)
        .expect("src/")
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let mut inner: Vec<PathBuf> = fs::read_dir(&folder)
            .expect("a module folder")
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
            .collect();
        inner.sort();
        let text = inner.iter().map(|file| code(file)).collect::<Vec<_>>();
        modules.insert(name(&folder));
        texts.push((name(&folder), text.join("\n")));
    }
    let root = ["lib.rs", "main.rs"]
        .iter()
        .find_map(|file| fs::read_to_string(source.join(file)).ok())
        .unwrap_or_default();
    let owners = reexports(&root, &modules);
    let mut graph = BTreeMap::new();
    for (me, text) in texts {
        if me == "lib" || me == "main" {
            continue;
        }
        let words = identifiers(&text);
        let mut used = BTreeSet::new();
        // `crate::name`...
        for pair in words.windows(2).filter(|pair| pair[0] == "crate") {
            if let Some(module) = modules.get(pair[1]).or_else(|| owners.get(pair[1])) {
                used.insert(module.clone());
            }
        }
        // ...and every name in the braces of `use crate::{...}`.
        for block in text.split("use crate::{").skip(1) {
            for name in identifiers(block.split('}').next().unwrap_or_default()) {
                if let Some(module) = owners.get(name) {
                    used.insert(module.clone());
                } else if modules.contains(name) {
                    used.insert(name.to_owned());
                }
            }
        }
        used.remove(&me);
        graph.insert(me, used);
    }
    graph
}

/// A cycle of the graph, if it has one.
fn cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(start) = path.iter().position(|n| n == node) {
            let mut found = path[start..].to_vec();
            found.push(node.to_owned());
            return Some(found);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_two_files_of_a_crate_import_each_other() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut circles = Vec::new();
    for name in CRATES {
        let graph = imports(&root.join("crates").join(name).join("src"));
        assert!(graph.len() >= 2, "{name}: too few files found");
        if let Some(found) = cycle(&graph) {
            circles.push(format!("{name}: {}", found.join(" -> ")));
        }
    }
    assert!(circles.is_empty(), "import circles: {circles:#?}");
}

#[test]
fn a_circle_is_found() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec![]),
    ]
    .into_iter()
    .map(|(node, next)| {
        (
            node.to_owned(),
            next.into_iter().map(str::to_owned).collect(),
        )
    })
    .collect();
    assert_eq!(
        cycle(&graph).map(|c| c.join(" ")),
        Some("a b c a".to_owned())
    );
}
