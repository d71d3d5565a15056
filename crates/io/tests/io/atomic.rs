//! The atomic writer: every case leaves the original byte-identical on failure, leaves
//! no temporary file, and never replaces what is not a regular file.

use std::collections::BTreeSet;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use sokoengine_io::atomic::{AtomicWriteError, write_atomically, write_atomically_with};
use tempfile::TempDir;

/// The names in `folder`.
fn names(folder: &Path) -> BTreeSet<String> {
    fs::read_dir(folder)
        .expect("readable folder")
        .map(|entry| {
            entry
                .expect("entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

fn folder() -> TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

#[test]
fn a_new_file_is_created_and_an_old_one_replaced() {
    let dir = folder();
    let path = dir.path().join("out.sok");
    write_atomically(&path, b"first\n").expect("written");
    assert_eq!(fs::read(&path).expect("read"), b"first\n");
    write_atomically_with(&path, |writer| {
        for line in 0..1000 {
            writeln!(writer, "line {line}")?;
        }
        Ok(())
    })
    .expect("written");
    let text = fs::read_to_string(&path).expect("read");
    assert_eq!(text.lines().count(), 1000);
    assert_eq!(names(dir.path()), BTreeSet::from(["out.sok".to_owned()]));
}

#[test]
fn a_failed_write_leaves_the_original_and_no_temporary_file() {
    let dir = folder();
    let path = dir.path().join("out.sok");
    fs::write(&path, b"original bytes").expect("write");
    let error = write_atomically_with(&path, |writer| {
        writer.write_all(&[b'x'; 100_000])?;
        Err(io::Error::new(io::ErrorKind::StorageFull, "disk full"))
    })
    .expect_err("the writer failed");
    assert!(matches!(error, AtomicWriteError::Write { .. }), "{error:?}");
    assert_eq!(error.path(), path);
    assert_eq!(error.io_error().kind(), io::ErrorKind::StorageFull);
    assert_eq!(
        error.to_string(),
        format!("can't write {}: disk full", path.display())
    );
    assert_eq!(fs::read(&path).expect("read"), b"original bytes");
    assert_eq!(names(dir.path()), BTreeSet::from(["out.sok".to_owned()]));
}

#[test]
fn a_panicking_writer_leaves_no_temporary_file() {
    let dir = folder();
    let path = dir.path().join("out.sok");
    fs::write(&path, b"original").expect("write");
    let result = std::panic::catch_unwind(|| {
        let _ = write_atomically_with(&path, |writer| {
            writer.write_all(b"partial")?;
            panic!("the writer panicked");
        });
    });
    assert!(result.is_err());
    assert_eq!(fs::read(&path).expect("read"), b"original");
    assert_eq!(names(dir.path()), BTreeSet::from(["out.sok".to_owned()]));
}

#[test]
fn a_missing_folder_or_a_folder_target_is_an_error_naming_the_path() {
    let dir = folder();
    let path = dir.path().join("no such folder").join("out.sok");
    let error = write_atomically(&path, b"x").expect_err("no folder");
    assert!(
        matches!(error, AtomicWriteError::Temporary { .. }),
        "{error:?}"
    );
    assert!(error.to_string().contains("no such folder"), "{error}");
    let error = write_atomically(dir.path(), b"x").expect_err("a folder");
    assert!(matches!(error, AtomicWriteError::Open { .. }), "{error:?}");
    assert_eq!(error.io_error().kind(), io::ErrorKind::IsADirectory);
    assert!(names(dir.path()).is_empty());
}

#[test]
fn a_file_at_the_old_fixed_temporary_name_is_untouched() {
    let dir = folder();
    let path = dir.path().join("out.sok");
    let users = dir.path().join(".out.sok.tmp");
    fs::write(&users, b"the user's own file").expect("write");
    write_atomically(&path, b"new").expect("written");
    assert_eq!(fs::read(&users).expect("read"), b"the user's own file");
    assert_eq!(fs::read(&path).expect("read"), b"new");
    assert_eq!(
        names(dir.path()),
        BTreeSet::from([".out.sok.tmp".to_owned(), "out.sok".to_owned()])
    );
}

#[test]
fn concurrent_writers_to_one_target_all_succeed() {
    let dir = folder();
    let path = dir.path().join("out.sok");
    let contents: Vec<Vec<u8>> = (0..8u8).map(|n| vec![b'a' + n; 50_000]).collect();
    std::thread::scope(|scope| {
        for bytes in &contents {
            let path = &path;
            scope.spawn(move || {
                for _ in 0..20 {
                    write_atomically(path, bytes).expect("every writer succeeds");
                }
            });
        }
    });
    // The file is one writer's whole contents, never a mix.
    let written = fs::read(&path).expect("read");
    assert!(contents.contains(&written));
    assert_eq!(names(dir.path()), BTreeSet::from(["out.sok".to_owned()]));
}

#[cfg(unix)]
mod unix {
    use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};

    use super::*;

    #[test]
    fn permissions_are_kept() {
        let dir = folder();
        for mode in [0o600, 0o640, 0o755] {
            let path = dir.path().join(format!("out-{mode:o}.sok"));
            fs::write(&path, b"old").expect("write");
            fs::set_permissions(&path, fs::Permissions::from_mode(mode)).expect("chmod");
            write_atomically(&path, b"new").expect("written");
            let metadata = fs::metadata(&path).expect("metadata");
            assert_eq!(metadata.permissions().mode() & 0o7777, mode);
            assert_eq!(fs::read(&path).expect("read"), b"new");
        }
    }

    #[test]
    fn a_link_planted_at_the_old_temporary_name_is_not_followed() {
        let dir = folder();
        let precious = dir.path().join("precious.txt");
        fs::write(&precious, b"precious").expect("write");
        symlink(&precious, dir.path().join(".out.sok.tmp")).expect("link");
        let path = dir.path().join("out.sok");
        write_atomically(&path, b"new").expect("written");
        assert_eq!(fs::read(&precious).expect("read"), b"precious");
        assert_eq!(fs::read(&path).expect("read"), b"new");
        assert!(
            fs::symlink_metadata(dir.path().join(".out.sok.tmp"))
                .expect("still there")
                .file_type()
                .is_symlink()
        );
    }

    #[test]
    fn a_link_at_the_target_is_followed_and_kept() {
        let dir = folder();
        let real = dir.path().join("real.sok");
        fs::write(&real, b"old").expect("write");
        let link = dir.path().join("link.sok");
        symlink("real.sok", &link).expect("link");
        write_atomically(&link, b"new").expect("written");
        assert!(fs::symlink_metadata(&link).expect("link").is_symlink());
        assert_eq!(fs::read(&real).expect("read"), b"new");
        // A dangling link names the file to create.
        let dangling = dir.path().join("dangling.sok");
        symlink("created.sok", &dangling).expect("link");
        write_atomically(&dangling, b"created").expect("written");
        assert_eq!(
            fs::read(dir.path().join("created.sok")).expect("read"),
            b"created"
        );
        assert!(fs::symlink_metadata(&dangling).expect("link").is_symlink());
    }

    #[test]
    fn a_fifo_is_written_in_place_and_kept() {
        let dir = folder();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        if !made.is_ok_and(|status| status.success()) {
            eprintln!("skipped: mkfifo is not available");
            return;
        }
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read(fifo).expect("read the FIFO"))
        };
        write_atomically(&fifo, b"through the pipe").expect("written");
        assert_eq!(reader.join().expect("reader"), b"through the pipe");
        let kind = fs::symlink_metadata(&fifo).expect("metadata").file_type();
        assert!(kind.is_fifo());
        assert_eq!(names(dir.path()), BTreeSet::from(["pipe".to_owned()]));
    }

    #[test]
    fn a_device_is_written_in_place_and_kept() {
        let null = Path::new("/dev/null");
        if fs::OpenOptions::new().write(true).open(null).is_err() {
            eprintln!("skipped: /dev/null is not writable here");
            return;
        }
        write_atomically(null, b"into nothing").expect("written");
        assert!(
            fs::metadata(null)
                .expect("metadata")
                .file_type()
                .is_char_device()
        );
    }

    #[test]
    fn a_full_device_is_a_write_error_and_stays_a_device() {
        let full = Path::new("/dev/full");
        if fs::OpenOptions::new().write(true).open(full).is_err() {
            eprintln!("skipped: /dev/full is missing or not writable here");
            return;
        }
        let error = write_atomically(full, &[b'x'; 20_000]).expect_err("the device is full");
        assert!(matches!(error, AtomicWriteError::Write { .. }), "{error:?}");
        assert_eq!(error.io_error().kind(), io::ErrorKind::StorageFull);
        assert!(
            fs::metadata(full)
                .expect("metadata")
                .file_type()
                .is_char_device()
        );
    }

    /// Whether this user can write into a folder without write permission (root can).
    fn permissions_bind(dir: &Path) -> bool {
        let probe = dir.join("probe");
        fs::create_dir(&probe).expect("mkdir");
        fs::set_permissions(&probe, fs::Permissions::from_mode(0o500)).expect("chmod");
        let binds = fs::write(probe.join("x"), b"x").is_err();
        fs::set_permissions(&probe, fs::Permissions::from_mode(0o700)).expect("chmod");
        fs::remove_dir_all(&probe).expect("cleanup");
        binds
    }

    #[test]
    fn a_read_only_folder_or_file_is_refused_and_left_as_it_was() {
        let dir = folder();
        if !permissions_bind(dir.path()) {
            eprintln!("skipped: permissions do not bind this user (root)");
            return;
        }
        // A read-only file in a writable folder: the rename could replace it, but the
        // user said it is not to be written.
        let path = dir.path().join("read-only.sok");
        fs::write(&path, b"kept").expect("write");
        fs::set_permissions(&path, fs::Permissions::from_mode(0o444)).expect("chmod");
        let error = write_atomically(&path, b"new").expect_err("read-only");
        assert_eq!(error.io_error().kind(), io::ErrorKind::PermissionDenied);
        assert_eq!(fs::read(&path).expect("read"), b"kept");
        // A writable file in a read-only folder: no temporary file can be made.
        let locked = dir.path().join("locked");
        fs::create_dir(&locked).expect("mkdir");
        let inside = locked.join("out.sok");
        fs::write(&inside, b"kept").expect("write");
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o500)).expect("chmod");
        let error = write_atomically(&inside, b"new").expect_err("read-only folder");
        assert!(
            matches!(error, AtomicWriteError::Temporary { .. }),
            "{error:?}"
        );
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o700)).expect("chmod");
        assert_eq!(fs::read(&inside).expect("read"), b"kept");
        assert_eq!(names(&locked), BTreeSet::from(["out.sok".to_owned()]));
    }

    /// The temporary files the writer made: none is left.
    #[test]
    fn temporary_files_are_made_beside_the_target() {
        let dir = folder();
        let path = dir.path().join("out.sok");
        let mut seen: Option<PathBuf> = None;
        write_atomically_with(&path, |writer| {
            writer.flush()?;
            seen = names(dir.path())
                .into_iter()
                .find(|name| name.starts_with(".out.sok.") && name.ends_with(".tmp"))
                .map(|name| dir.path().join(name));
            writer.write_all(b"x")
        })
        .expect("written");
        let temporary = seen.expect("a temporary file beside the target while writing");
        assert!(!temporary.exists());
        assert_eq!(names(dir.path()), BTreeSet::from(["out.sok".to_owned()]));
    }
}
