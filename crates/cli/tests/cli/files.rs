//! Files the tool writes (`solve --save`, `optimize --save`, every `render -o`): written
//! atomically, so no run ever destroys or half-writes a file; `-` is standard output;
//! write errors exit with status 1 (`docs/reliability.md`, "Writing files").

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use tempfile::TempDir;

use crate::{Run, run};

fn folder() -> TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

fn text(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 path")
}

/// The names in `folder`, sorted.
fn names(folder: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(folder)
        .expect("readable folder")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names
}

/// The commands that write a file to `out`, one per writer of the tool.
fn writers(out: &str) -> Vec<Vec<String>> {
    let lines: [&[&str]; 6] = [
        &["solve", "--save", out, "two_boxes.sokoban.txt"],
        &["optimize", "--level", "1", "--save", out, "solutions.sok"],
        &[
            "render",
            "two_boxes.sokoban.txt",
            "--format",
            "svg",
            "-o",
            out,
        ],
        &[
            "hanoi",
            "render",
            "--disks",
            "3",
            "--animate",
            "--format",
            "html",
            "-o",
            out,
        ],
        &["tilewe", "render", "--format", "svg", "-o", out],
        &["setting-sun", "render", "--format", "svg", "-o", out],
    ];
    lines
        .iter()
        .map(|line| line.iter().map(|&arg| arg.to_owned()).collect())
        .collect()
}

fn run_line(line: &[String]) -> Run {
    let args: Vec<&str> = line.iter().map(String::as_str).collect();
    run(&args)
}

#[test]
fn every_writer_creates_and_replaces_its_file_and_leaves_nothing_else() {
    let dir = folder();
    let out = dir.path().join("out.file");
    for line in writers(text(&out)) {
        fs::write(&out, b"old contents").expect("write");
        let result = run_line(&line);
        assert_eq!(result.status, 0, "{line:?}: {result:?}");
        let written = fs::read(&out).expect("read");
        assert_ne!(written, b"old contents", "{line:?}");
        assert!(!written.is_empty(), "{line:?}");
        assert_eq!(names(dir.path()), ["out.file"], "{line:?}");
    }
}

#[cfg(unix)]
mod unix {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};

    use super::*;

    /// Whether `device` exists and this user may write to it.
    fn writable(device: &str) -> bool {
        fs::OpenOptions::new().write(true).open(device).is_ok()
    }

    #[test]
    fn a_device_is_written_in_place_and_never_replaced() {
        // Once `--save /dev/full` as root turned the device into a 16 KB file (exit 0).
        if !writable("/dev/full") || !writable("/dev/null") {
            eprintln!("skipped: /dev/full or /dev/null is not writable here");
            return;
        }
        for line in writers("/dev/full") {
            let result = run_line(&line);
            assert_eq!(
                result.fails(1),
                "can't write /dev/full: No space left on device (os error 28)",
                "{line:?}"
            );
            let kind = fs::symlink_metadata("/dev/full")
                .expect("metadata")
                .file_type();
            assert!(kind.is_char_device(), "{line:?} replaced /dev/full");
        }
        for line in writers("/dev/null") {
            let result = run_line(&line);
            assert_eq!(result.status, 0, "{line:?}: {result:?}");
            let kind = fs::symlink_metadata("/dev/null")
                .expect("metadata")
                .file_type();
            assert!(kind.is_char_device(), "{line:?} replaced /dev/null");
        }
    }

    #[test]
    fn a_fifo_is_written_in_place_and_kept() {
        let dir = folder();
        let fifo = dir.path().join("pipe");
        if !Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|status| status.success())
        {
            eprintln!("skipped: mkfifo is not available");
            return;
        }
        for line in writers(text(&fifo)) {
            let reader = {
                let fifo = fifo.clone();
                std::thread::spawn(move || fs::read(fifo).expect("read the FIFO"))
            };
            let result = run_line(&line);
            assert_eq!(result.status, 0, "{line:?}: {result:?}");
            let read = reader.join().expect("reader");
            assert!(!read.is_empty(), "{line:?}");
            let kind = fs::symlink_metadata(&fifo).expect("metadata").file_type();
            assert!(kind.is_fifo(), "{line:?} replaced the FIFO");
            assert_eq!(names(dir.path()), ["pipe"], "{line:?}");
        }
    }

    #[test]
    fn a_users_file_at_the_old_temporary_name_is_untouched() {
        // `solve --save out.sok` once wrote `.out.sok.tmp` and renamed it: a user's own
        // file of that name was lost.
        let dir = folder();
        let out = dir.path().join("out.sok");
        let users = dir.path().join(".out.sok.tmp");
        for line in writers(text(&out)) {
            fs::write(&users, b"the user's own notes").expect("write");
            let result = run_line(&line);
            assert_eq!(result.status, 0, "{line:?}: {result:?}");
            assert_eq!(fs::read(&users).expect("read"), b"the user's own notes");
            assert_eq!(names(dir.path()), [".out.sok.tmp", "out.sok"], "{line:?}");
        }
    }

    #[test]
    fn a_link_planted_at_the_old_temporary_name_is_not_followed() {
        // `.out.sok.tmp -> precious.txt` once made `--save out.sok` overwrite
        // precious.txt.
        let dir = folder();
        let precious = dir.path().join("precious.txt");
        fs::write(&precious, b"precious bytes").expect("write");
        symlink(&precious, dir.path().join(".out.sok.tmp")).expect("link");
        let out = dir.path().join("out.sok");
        for line in writers(text(&out)) {
            let result = run_line(&line);
            assert_eq!(result.status, 0, "{line:?}: {result:?}");
            assert_eq!(fs::read(&precious).expect("read"), b"precious bytes");
            let link = fs::symlink_metadata(dir.path().join(".out.sok.tmp")).expect("link");
            assert!(link.file_type().is_symlink(), "{line:?}");
        }
        assert_eq!(
            names(dir.path()),
            [".out.sok.tmp", "out.sok", "precious.txt"]
        );
    }

    #[test]
    fn a_private_file_stays_private() {
        // A 0600 target once became 0644.
        let dir = folder();
        let out = dir.path().join("out.sok");
        for line in writers(text(&out)) {
            fs::write(&out, b"secret").expect("write");
            fs::set_permissions(&out, fs::Permissions::from_mode(0o600)).expect("chmod");
            let result = run_line(&line);
            assert_eq!(result.status, 0, "{line:?}: {result:?}");
            let mode = fs::metadata(&out).expect("metadata").permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{line:?}");
        }
    }

    #[test]
    fn two_concurrent_runs_on_one_target_both_succeed() {
        // Two runs once raced for the one temporary name: one failed with "No such
        // file or directory".
        let dir = folder();
        let out = dir.path().join("out.sok");
        for line in writers(text(&out)).into_iter().take(2) {
            let children: Vec<_> = (0..4)
                .map(|_| {
                    Command::new(env!("CARGO_BIN_EXE_sokoengine"))
                        .args(&line)
                        .current_dir(crate::fixtures())
                        .stdout(Stdio::null())
                        .stderr(Stdio::piped())
                        .spawn()
                        .expect("the binary starts")
                })
                .collect();
            for child in children {
                let output = child.wait_with_output().expect("the binary runs");
                assert!(
                    output.status.success(),
                    "{line:?}: {}",
                    String::from_utf8_lossy(&output.stderr)
                );
            }
            let saved = sokoengine::io::Collection::load(&out, sokoengine::io::VariantHint::None)
                .expect("a whole file");
            assert!(!saved.puzzles.is_empty());
            assert_eq!(names(dir.path()), ["out.sok"], "{line:?}");
        }
    }

    /// Runs `line` in `sh` with the file size limited to `blocks` 512-byte blocks
    /// (`ulimit -f`), the signal it raises ignored: a write past the limit fails with
    /// `EFBIG`, as on a full disk.
    fn run_with_file_limit(blocks: u32, line: &[String]) -> Run {
        let script = format!("trap '' XFSZ; ulimit -f {blocks} && exec \"$0\" \"$@\"");
        let output = Command::new("sh")
            .arg("-c")
            .arg(&script)
            .arg(env!("CARGO_BIN_EXE_sokoengine"))
            .args(line)
            .current_dir(crate::fixtures())
            .stdin(Stdio::null())
            .output()
            .expect("sh runs");
        Run {
            status: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        }
    }

    #[test]
    fn a_full_disk_leaves_the_old_file_whole() {
        // `render -o` once truncated the target first: on a full disk the old file was
        // gone and a partial one left. One block (512 bytes) is less than any output.
        let dir = folder();
        let out = dir.path().join("out.file");
        let old: Vec<u8> = (0..300u32).flat_map(|n| n.to_le_bytes()).collect();
        let mut failed = 0;
        for line in writers(text(&out)) {
            fs::write(&out, &old).expect("write");
            let result = run_with_file_limit(1, &line);
            if result.status == 0 {
                // Output under 512 bytes fits: nothing to check for this writer.
                continue;
            }
            failed += 1;
            let message = result.fails(1);
            assert!(
                message.starts_with(&format!("can't write {}: File too large", out.display())),
                "{line:?}: {message}"
            );
            assert_eq!(fs::read(&out).expect("read"), old, "{line:?}");
            assert_eq!(names(dir.path()), ["out.file"], "{line:?}");
        }
        assert!(failed >= 4, "the limit stopped only {failed} writers");
    }

    #[test]
    fn a_read_only_folder_is_an_error_and_changes_nothing() {
        let dir = folder();
        let locked = dir.path().join("locked");
        fs::create_dir(&locked).expect("mkdir");
        let out = locked.join("out.file");
        fs::write(&out, b"kept").expect("write");
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o500)).expect("chmod");
        if fs::write(locked.join("probe"), b"").is_ok() {
            fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).expect("chmod");
            eprintln!("skipped: permissions do not bind this user (root)");
            return;
        }
        for line in writers(text(&out)) {
            let result = run_line(&line);
            assert!(
                result
                    .fails(1)
                    .contains("can't create a temporary file in its folder"),
                "{line:?}: {result:?}"
            );
            assert_eq!(fs::read(&out).expect("read"), b"kept");
        }
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).expect("chmod");
        assert_eq!(names(&locked), ["out.file"]);
    }

    #[test]
    fn a_full_standard_output_exits_1() {
        if !writable("/dev/full") {
            eprintln!("skipped: /dev/full is not writable here");
            return;
        }
        let mut lines = writers("-");
        lines.push(vec!["board".into(), "two_boxes.sokoban.txt".into()]);
        for line in lines {
            let output = Command::new(env!("CARGO_BIN_EXE_sokoengine"))
                .args(&line)
                .current_dir(crate::fixtures())
                .stdout(fs::File::create("/dev/full").expect("/dev/full"))
                .output()
                .expect("the binary runs");
            assert_eq!(output.status.code(), Some(1), "{line:?}");
            // `--save -` puts the report on standard error, before the error line.
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(
                stderr.ends_with(
                    "error: can't write to standard output: No space left on device (os error 28)\n"
                ),
                "{line:?}: {stderr}"
            );
        }
    }
}

#[test]
fn save_to_standard_output_moves_the_report_to_standard_error() {
    let out = run(&["solve", "--save", "-", "two_boxes.sokoban.txt"]);
    assert_eq!(out.status, 0, "{out:?}");
    let saved = sokoengine::io::Collection::parse(&out.stdout, sokoengine::io::VariantHint::None)
        .expect("a collection on standard output");
    assert_eq!(saved.puzzles.len(), 1);
    assert_eq!(saved.puzzles[0].snapshots().len(), 1);
    assert!(out.stderr.starts_with("level 1: solved"), "{out:?}");
    let out = run(&["--json", "optimize", "--save", "-", "solutions.sok"]);
    assert_eq!(
        out.fails(2),
        "--json and --save - can't share standard output; save to a file"
    );
}

#[test]
fn render_to_standard_output_with_a_dash() {
    let svg = run(&["render", "two_boxes.sokoban.txt", "-o", "-"]);
    assert!(svg.ok().starts_with("<svg"), "{svg:?}");
    let again = run(&["render", "two_boxes.sokoban.txt"]);
    assert_eq!(svg.stdout, again.ok());
}

/// A path in a folder that does not exist: an error naming it, status 1.
#[test]
fn a_missing_folder_is_an_error_naming_the_path() {
    let dir = folder();
    let out: PathBuf = dir.path().join("no such folder").join("out.file");
    for line in writers(text(&out)) {
        let result = run_line(&line);
        let message = result.fails(1);
        assert!(
            message.starts_with(&format!("can't write {}: ", out.display())),
            "{line:?}: {message}"
        );
    }
    assert!(names(dir.path()).is_empty());
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // `sokoengine ... | head`: the reader wants no more; as ripgrep does, the tool stops
    // without a message and with status 0.
    for line in [
        &["hanoi", "solve", "--disks", "20"][..],
        &[
            "render",
            "two_boxes.sokoban.txt",
            "--moves",
            "rRRlldRR",
            "--animate",
            "-o",
            "-",
        ],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sokoengine"))
            .args(line)
            .current_dir(crate::fixtures())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("the binary runs");
        assert_eq!(output.status.code(), Some(0), "{line:?}");
        assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{line:?}");
    }
}
