//! End-to-end tests of the `sokoengine` binary: every subcommand, its text output
//! (insta snapshots), its `--json` document, exit codes and one-line errors, plus
//! corpus-driven conformance checks.

mod collection;
mod docs;
mod files;
mod garbage;
mod hanoi;
mod optimize;
mod play;
mod reliability;
mod render;
mod sokoban;
mod solve;
mod sun;
mod tilewe;
mod usage;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use serde_json::Value;

/// The outcome of one run of the binary.
#[derive(Debug)]
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// The repository's `fixtures/cli` folder, where the binary runs so messages name
/// files relatively.
pub fn fixtures() -> PathBuf {
    sokoengine_testkit::fixture("cli")
}

/// Runs the binary in `fixtures/cli` with `args` and empty standard input.
pub fn run(args: &[&str]) -> Run {
    run_stdin(args, "")
}

/// Runs the binary in `fixtures/cli` with `args` and `input` on standard input.
pub fn run_stdin(args: &[&str], input: &str) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sokoengine"))
        .args(args)
        .current_dir(fixtures())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    // The program may exit before reading everything (a usage error): ignore EPIPE.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    let output = child.wait_with_output().expect("the binary runs");
    Run {
        status: output.status.code().expect("exit status, not a signal"),
        stdout: String::from_utf8(output.stdout).expect("UTF-8 stdout"),
        stderr: String::from_utf8(output.stderr).expect("UTF-8 stderr"),
    }
}

impl Run {
    /// Asserts success with nothing on standard error; returns standard output.
    #[track_caller]
    pub fn ok(&self) -> &str {
        assert_eq!(self.status, 0, "{self:?}");
        assert_eq!(self.stderr, "", "{self:?}");
        &self.stdout
    }

    /// Asserts success and that standard output is exactly one JSON document.
    #[track_caller]
    pub fn json(&self) -> Value {
        self.ok();
        self.document()
    }

    /// Standard output as exactly one JSON document.
    #[track_caller]
    pub fn document(&self) -> Value {
        serde_json::from_str(&self.stdout)
            .unwrap_or_else(|e| panic!("stdout is not one JSON document ({e}): {self:?}"))
    }

    /// Asserts exit `status` and one `error: ...` line on standard error; returns the
    /// message after `error: `.
    #[track_caller]
    pub fn fails(&self, status: i32) -> &str {
        assert_eq!(self.status, status, "{self:?}");
        assert!(self.stderr.ends_with('\n'), "{self:?}");
        let line = self.stderr.trim_end_matches('\n');
        assert!(!line.contains('\n'), "more than one stderr line: {self:?}");
        line.strip_prefix("error: ")
            .unwrap_or_else(|| panic!("stderr does not start with 'error: ': {self:?}"))
    }

    /// Asserts a command-line error clap rejected: status 2, nothing on standard
    /// output, clap's whole message on standard error; returns that message.
    #[track_caller]
    pub fn fails_usage(&self) -> &str {
        assert_eq!(self.status, 2, "{self:?}");
        assert_eq!(self.stdout, "", "{self:?}");
        assert!(self.stderr.starts_with("error: "), "{self:?}");
        assert!(self.stderr.contains("'--help'"), "{self:?}");
        &self.stderr
    }

    /// Asserts a failure with `--json`: the one-line error, and one JSON document on
    /// standard output; returns the document.
    #[track_caller]
    pub fn fails_json(&self, status: i32) -> Value {
        self.fails(status);
        self.document()
    }
}

/// Standard output of a successful run, with a summary line of the command, for
/// snapshots.
pub fn transcript(args: &[&str]) -> String {
    let run = run(args);
    format!("$ sokoengine {}\n{}", args.join(" "), run.ok())
}
