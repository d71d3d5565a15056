//! Every relative link of the project's documents resolves: `README.md`,
//! `CONTRIBUTING.md`, `CHANGELOG.md` and `docs/*.md` link files that exist, and a link
//! with a `#heading` names a heading of its target (GitHub's anchors), so a renamed page
//! or section fails here rather than in a reader's browser.

use std::collections::HashMap;
use std::fs;
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The documents whose links are checked.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut files: Vec<PathBuf> = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"]
        .iter()
        .map(|name| root.join(name))
        .collect();
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("docs entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files
}

/// The lines of `text` outside fenced code blocks, with their 1-based numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut lines = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            lines.push((index + 1, line));
        }
    }
    lines
}

/// `line` with its inline code spans blanked out (links inside them are not links).
fn without_code_spans(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_code = false;
    for c in line.chars() {
        if c == '`' {
            in_code = !in_code;
            out.push(' ');
        } else {
            out.push(if in_code { ' ' } else { c });
        }
    }
    out
}

/// The targets of the inline links and images of one line: `[text](target)`.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code_spans(line);
    let mut targets = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        let after = &rest[at + 2..];
        let Some(end) = after.find(')') else { break };
        let target = after[..end].split_whitespace().next().unwrap_or("");
        targets.push(target.to_owned());
        rest = &after[end..];
    }
    targets
}

/// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    let heading = heading.replace('`', "");
    // A link inside a heading keeps its text only.
    let mut text = String::new();
    let mut chars = heading.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ']' && chars.peek() == Some(&'(') {
            for d in chars.by_ref() {
                if d == ')' {
                    break;
                }
            }
        } else if c != '[' {
            text.push(c);
        }
    }
    text.trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of every heading of a Markdown text, duplicates numbered as GitHub does.
fn anchors(text: &str) -> Vec<String> {
    let mut seen: HashMap<String, usize> = HashMap::new();
    let mut found = Vec::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if hashes == 0 || hashes > 6 || !line[hashes..].starts_with(' ') {
            continue;
        }
        let base = anchor(&line[hashes..]);
        let count = seen.entry(base.clone()).or_insert(0);
        found.push(if *count == 0 {
            base.clone()
        } else {
            format!("{base}-{count}")
        });
        *count += 1;
    }
    found
}

/// `path` with `.` and `..` resolved lexically.
fn lexical(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

#[test]
fn every_relative_link_resolves() {
    let root = root();
    let mut failures = Vec::new();
    let mut checked = 0;
    for document in documents() {
        let name = document
            .strip_prefix(&root)
            .expect("inside")
            .display()
            .to_string();
        let text = fs::read_to_string(&document)
            .unwrap_or_else(|e| panic!("{name}: {e} (the project's documents must exist)"));
        for (number, line) in prose_lines(&text) {
            for target in link_targets(line) {
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, heading) = match target.split_once('#') {
                    Some((file, heading)) => (file, Some(heading)),
                    None => (target.as_str(), None),
                };
                let resolved = if file.is_empty() {
                    document.clone()
                } else {
                    lexical(&document.parent().expect("a folder").join(file))
                };
                if !resolved.starts_with(&root) {
                    failures.push(format!("{name}:{number}: {target} leaves the repository"));
                    continue;
                }
                if !resolved.exists() {
                    failures.push(format!("{name}:{number}: {target}: no such file"));
                    continue;
                }
                let Some(heading) = heading else { continue };
                if resolved.extension().is_none_or(|ext| ext != "md") {
                    failures.push(format!(
                        "{name}:{number}: {target}: an anchor into a non-Markdown file"
                    ));
                    continue;
                }
                let target_text = fs::read_to_string(&resolved).expect("read the target");
                if !anchors(&target_text).iter().any(|a| a == heading) {
                    failures.push(format!(
                        "{name}:{number}: {target}: no heading with the anchor #{heading}"
                    ));
                }
            }
        }
    }
    assert!(checked > 20, "only {checked} relative links found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_docs_page_is_linked_from_the_readme() {
    let root = root();
    let readme = fs::read_to_string(root.join("README.md")).expect("README.md");
    let linked: Vec<String> = prose_lines(&readme)
        .into_iter()
        .flat_map(|(_, line)| link_targets(line))
        .collect();
    for page in documents()
        .iter()
        .filter(|p| p.parent() == Some(&root.join("docs")))
    {
        let name = format!(
            "docs/{}",
            page.file_name().expect("a name").to_string_lossy()
        );
        assert!(
            linked
                .iter()
                .any(|target| target.split('#').next() == Some(name.as_str())),
            "README.md does not link {name}"
        );
    }
}

#[test]
fn anchors_follow_github() {
    assert_eq!(anchor(" The solver"), "the-solver");
    assert_eq!(anchor(" Tilewe engine and GTP"), "tilewe-engine-and-gtp");
    assert_eq!(
        anchor(" `.sok` collections, and plain files"),
        "sok-collections-and-plain-files"
    );
    assert_eq!(anchor(" [Link](x.md) text"), "link-text");
    assert_eq!(anchors("# A\n## A\n```\n# not\n```\n"), ["a", "a-1"]);
    assert_eq!(
        link_targets("see [a](b.md#c) and `[x](y)` ![p](q.svg)"),
        ["b.md#c", "q.svg"]
    );
}

/// The source files whose comments may cite a docs page.
fn source_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("entry").path();
        let name = path.file_name().expect("a name").to_string_lossy();
        if path.is_dir() {
            if name != "target" && !name.starts_with('.') {
                source_files(&path, found);
            }
        } else if path
            .extension()
            .is_some_and(|ext| ["rs", "toml", "txt", "sh", "md"].iter().any(|e| ext == *e))
        {
            found.push(path);
        }
    }
}

/// The `docs/PAGE.md` and `docs/PAGE.md#anchor` citations of a text.
fn citations(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("docs/") {
        let cited: String = rest[at..]
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '.' | '#' | '-' | '_'))
            .collect();
        let cited = cited.trim_end_matches('.').to_owned();
        if cited.contains(".md") {
            found.push(cited);
        }
        rest = &rest[at + 5..];
    }
    found
}

#[test]
fn source_comments_cite_docs_pages_that_exist() {
    let root = root();
    let mut files = Vec::new();
    for dir in [
        "crates", "src", "examples", "benches", "tests", "fuzz", "fixtures", ".cargo", ".ci",
    ] {
        if root.join(dir).is_dir() {
            source_files(&root.join(dir), &mut files);
        }
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for file in &files {
        let name = file
            .strip_prefix(&root)
            .expect("inside")
            .display()
            .to_string();
        if name.ends_with("doc_links.rs") {
            continue; // this file names the patterns it looks for
        }
        let Ok(text) = fs::read_to_string(file) else {
            continue;
        };
        for cited in citations(&text) {
            let (page, heading) = match cited.split_once('#') {
                Some((page, heading)) => (page, Some(heading)),
                None => (cited.as_str(), None),
            };
            let Ok(page_text) = fs::read_to_string(root.join(page)) else {
                failures.push(format!("{name}: {cited}: no such page"));
                continue;
            };
            checked += 1;
            if let Some(heading) = heading
                && !anchors(&page_text).iter().any(|a| a == heading)
            {
                failures.push(format!("{name}: {cited}: no heading with that anchor"));
            }
        }
        for outside in ["shared/spec", "spec section"] {
            if text.contains(outside) {
                failures.push(format!("{name}: cites `{outside}`, outside the repository"));
            }
        }
    }
    assert!(checked > 40, "only {checked} citations of docs pages found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
