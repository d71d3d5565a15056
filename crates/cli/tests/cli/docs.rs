//! The console sessions of the project's documents are what the tool prints.
//!
//! Every fenced block marked `console` in `README.md`, `CONTRIBUTING.md` and `docs/*.md`
//! is a session: each `$ COMMAND` line runs under `sh` (standard error joined to standard
//! output), with this build's `sokoengine` first on `PATH`, and must print exactly the
//! lines that follow it, up to the next `$` line or the end of the block, and end with
//! status 0 (a session shows a failure with `; echo "exit $?"`). A session that starts
//! with `$ cd DIR` runs in a fresh copy of the repository's `DIR`, others in an empty
//! folder, so a command that writes files leaves the repository untouched.
//!
//! Two things a person cannot reproduce byte for byte are compared loosely: a time in
//! seconds (`0.00 s`, `"seconds": 0.0`, `"wall_seconds"`) and a count of solver nodes (`4 nodes`,
//! `"nodes": 9`), which change with the machine and with every search improvement.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One `$ COMMAND` line and the output shown under it.
#[derive(Debug)]
struct Step {
    line: usize,
    command: String,
    expected: String,
}

/// One console block of a document.
#[derive(Debug)]
struct Session {
    file: String,
    line: usize,
    directory: Option<String>,
    steps: Vec<Step>,
}

/// The documents whose console sessions are checked.
fn documents() -> Vec<PathBuf> {
    let root = sokoengine_testkit::workspace_root();
    let mut files = vec![root.join("README.md"), root.join("CONTRIBUTING.md")];
    let mut pages: Vec<PathBuf> = fs::read_dir(root.join("docs"))
        .expect("docs/")
        .map(|entry| entry.expect("docs entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "md"))
        .collect();
    pages.sort();
    files.extend(pages);
    files.retain(|path| path.is_file());
    files
}

/// The console sessions of one document's text.
fn sessions(file: &str, text: &str) -> Vec<Session> {
    let mut found = Vec::new();
    let mut current: Option<Session> = None;
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        let trimmed = line.trim_start();
        match current.as_mut() {
            None => {
                if trimmed.starts_with("```console") {
                    current = Some(Session {
                        file: file.to_owned(),
                        line: number,
                        directory: None,
                        steps: Vec::new(),
                    });
                }
            }
            Some(_) if trimmed.starts_with("```") => {
                found.extend(current.take());
            }
            Some(session) => {
                if let Some(command) = line.strip_prefix("$ ") {
                    if let Some(directory) = command.strip_prefix("cd ") {
                        assert!(
                            session.steps.is_empty() && session.directory.is_none(),
                            "{file}:{number}: `$ cd` only as a session's first line"
                        );
                        session.directory = Some(directory.trim().to_owned());
                    } else {
                        session.steps.push(Step {
                            line: number,
                            command: command.to_owned(),
                            expected: String::new(),
                        });
                    }
                } else {
                    let step = session.steps.last_mut().unwrap_or_else(|| {
                        panic!("{file}:{number}: output before the session's first `$` line")
                    });
                    step.expected.push_str(line);
                    step.expected.push('\n');
                }
            }
        }
    }
    assert!(current.is_none(), "{file}: a console block is never closed");
    found
}

/// Copies the folder `from` into `to`, recursively.
fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).expect("create the session's folder");
    for entry in fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("file type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), &target).expect("copy a file");
        }
    }
}

/// `text` with trailing whitespace (which editors strip from documents) and trailing blank
/// lines removed, and the loosely compared figures masked.
fn normalized(text: &str) -> String {
    let lines: Vec<String> = text
        .lines()
        .map(|line| mask_line(line.trim_end()))
        .collect();
    let mut end = lines.len();
    while end > 0 && lines[end - 1].trim().is_empty() {
        end -= 1;
    }
    lines[..end].join("\n")
}

/// One line with its times in seconds and its solver node counts masked.
fn mask_line(line: &str) -> String {
    let words: Vec<&str> = line.split(' ').collect();
    let mut out = Vec::with_capacity(words.len());
    for (i, word) in words.iter().enumerate() {
        let next = words.get(i + 1).copied().unwrap_or("");
        let previous = if i > 0 { words[i - 1] } else { "" };
        let number = word.trim_end_matches(',');
        let is_number = !number.is_empty()
            && number.chars().all(|c| c.is_ascii_digit() || c == '.')
            && number.chars().next().is_some_and(|c| c.is_ascii_digit());
        let counted = next.starts_with("nodes") || (next.starts_with('s') && next.len() <= 2);
        let field = previous.ends_with("seconds\":") || previous == "\"nodes\":";
        if is_number && (counted || field) {
            out.push("#".to_owned() + &word[number.len()..]);
        } else {
            out.push((*word).to_owned());
        }
    }
    out.join(" ")
}

/// Runs one command line in `directory`; returns what it printed, or why it failed.
fn run(command: &str, directory: &Path) -> Result<String, String> {
    let binary = Path::new(env!("CARGO_BIN_EXE_sokoengine"));
    let mut path = binary
        .parent()
        .expect("the binary's folder")
        .as_os_str()
        .to_owned();
    if let Some(rest) = std::env::var_os("PATH") {
        path.push(":");
        path.push(rest);
    }
    let output = Command::new("sh")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(directory)
        .env("PATH", path)
        .env("COLUMNS", "80")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| format!("sh does not start: {e}"))?;
    let printed = String::from_utf8_lossy(&output.stdout).into_owned();
    if output.status.success() && output.stderr.is_empty() {
        Ok(printed)
    } else {
        Err(format!(
            "{} (add `; echo \"exit $?\"` to show a failure)\n{printed}{}",
            output.status,
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

#[cfg(unix)]
#[test]
fn console_sessions_print_what_the_documents_show() {
    let root = sokoengine_testkit::workspace_root();
    let scratch = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-sessions");
    let _ = fs::remove_dir_all(&scratch);
    let mut all = Vec::new();
    for path in documents() {
        let text = fs::read_to_string(&path).expect("read a document");
        let name = path
            .strip_prefix(&root)
            .expect("inside the workspace")
            .display()
            .to_string();
        all.extend(sessions(&name, &text));
    }
    assert!(
        all.len() >= 3 && all.iter().any(|s| s.file == "README.md"),
        "too few console sessions found: {all:#?}"
    );
    let mut failures = Vec::new();
    for (index, session) in all.iter().enumerate() {
        assert!(
            !session.steps.is_empty(),
            "{}:{}: an empty console session",
            session.file,
            session.line
        );
        let folder = scratch.join(index.to_string());
        match &session.directory {
            Some(directory) => copy_tree(&root.join(directory), &folder),
            None => fs::create_dir_all(&folder).expect("create the session's folder"),
        }
        for step in &session.steps {
            let place = format!("{}:{}", session.file, step.line);
            match run(&step.command, &folder) {
                Err(why) => failures.push(format!("{place}: `{}` failed: {why}", step.command)),
                Ok(printed) => {
                    if normalized(&printed) != normalized(&step.expected) {
                        failures.push(format!(
                            "{place}: `{}` printed\n{printed}\nwhere the document shows\n{}",
                            step.command, step.expected
                        ));
                    }
                }
            }
        }
    }
    let _ = fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn masking_keeps_everything_but_times_and_node_counts() {
    assert_eq!(
        mask_line("level 1: solved (push-optimal) in 0.00 s, 4 nodes, M/P 9/4"),
        "level 1: solved (push-optimal) in # s, # nodes, M/P 9/4"
    );
    assert_eq!(mask_line("  \"seconds\": 0.0,"), "  \"seconds\": #,");
    assert_eq!(
        mask_line("  \"wall_seconds\": 0.007,"),
        "  \"wall_seconds\": #,"
    );
    assert_eq!(mask_line("  \"nodes\": 135,"), "  \"nodes\": #,");
    assert_eq!(
        mask_line("steps: 8 (4 walks, 4 pushes)"),
        "steps: 8 (4 walks, 4 pushes)"
    );
    assert_eq!(
        mask_line("25955 reachable states"),
        "25955 reachable states"
    );
}

#[test]
fn a_session_reads_its_folder_commands_and_outputs() {
    let text = "x\n```console\n$ cd fixtures/cli\n$ a\none\n\ntwo\n$ b\n```\n";
    let found = sessions("t.md", text);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].directory.as_deref(), Some("fixtures/cli"));
    assert_eq!(found[0].steps.len(), 2);
    assert_eq!(found[0].steps[0].expected, "one\n\ntwo\n");
    assert_eq!(found[0].steps[1].expected, "");
}
