//! Writing a file so that it is either wholly replaced or left as it was.
//!
//! [`write_atomically`] and [`write_atomically_with`] write the new contents to a
//! temporary file in the target's folder and rename it over the target, so a reader, a
//! crash or a full disk never sees a half-written file. How and why, case by case, is in
//! `docs/reliability.md` ("Writing files").

use std::ffi::OsString;
use std::fs::{self, File, OpenOptions};
use std::hash::{BuildHasher, Hasher};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Why a file could not be written. The original file, if any, is as it was, and no
/// temporary file is left behind.
///
/// Every variant names the path as the caller gave it and carries the operating system's
/// error ([`AtomicWriteError::io_error`]), so a caller can tell a full disk
/// ([`io::ErrorKind::StorageFull`]) from a missing folder.
///
/// # Examples
///
/// ```
/// use sokoengine_io::atomic::{AtomicWriteError, write_atomically};
///
/// let folder = std::env::temp_dir().join("sokoengine-doc-no-such-folder");
/// let error = write_atomically(&folder.join("out.sok"), b"#@$.#\n").unwrap_err();
/// assert!(matches!(error, AtomicWriteError::Temporary { .. }));
/// assert_eq!(error.path(), folder.join("out.sok"));
/// assert_eq!(error.io_error().kind(), std::io::ErrorKind::NotFound);
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AtomicWriteError {
    /// The target could not be examined or opened: a directory, a socket, a symbolic
    /// link loop, no permission.
    #[error("can't write {}: {source}", path.display())]
    Open {
        /// The target, as given.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// No temporary file could be created beside the target: its folder is missing,
    /// read-only or not writable by this user.
    #[error("can't write {}: can't create a temporary file in its folder: {source}", path.display())]
    Temporary {
        /// The target, as given.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
    /// Writing, flushing or syncing the contents failed (a full disk, an I/O error, or
    /// the error the writing function returned).
    #[error("can't write {}: {source}", path.display())]
    Write {
        /// The target, as given.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// The written temporary file could not be renamed over the target.
    #[error("can't replace {}: {source}", path.display())]
    Replace {
        /// The target, as given.
        path: PathBuf,
        /// The operating system's error.
        source: io::Error,
    },
}

impl AtomicWriteError {
    /// The target, as the caller gave it.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            AtomicWriteError::Open { path, .. }
            | AtomicWriteError::Temporary { path, .. }
            | AtomicWriteError::Write { path, .. }
            | AtomicWriteError::Replace { path, .. } => path,
        }
    }

    /// The underlying error.
    #[must_use]
    pub fn io_error(&self) -> &io::Error {
        match self {
            AtomicWriteError::Open { source, .. }
            | AtomicWriteError::Temporary { source, .. }
            | AtomicWriteError::Write { source, .. }
            | AtomicWriteError::Replace { source, .. } => source,
        }
    }
}

/// Writes `contents` to `path`: the file is wholly replaced, or left as it was.
///
/// As [`write_atomically_with`] with a function that writes `contents`.
///
/// # Errors
///
/// As [`write_atomically_with`].
///
/// # Examples
///
/// ```
/// use sokoengine_io::atomic::write_atomically;
///
/// let path = std::env::temp_dir().join(format!("sokoengine-doc-{}.sok", std::process::id()));
/// write_atomically(&path, b"#####\n#@$.#\n#####\n")?;
/// write_atomically(&path, b"#@$.#\n")?;
/// assert_eq!(std::fs::read(&path)?, b"#@$.#\n");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomically(path: &Path, contents: &[u8]) -> Result<(), AtomicWriteError> {
    write_atomically_with(path, |writer| writer.write_all(contents))
}

/// Writes to `path` what `write` writes: the file is wholly replaced, or left as it was.
///
/// * A regular file (or a new one) is replaced: `write` writes to a uniquely named
///   temporary file created exclusively in the target's folder (never through a
///   symbolic link someone placed at its name), with the target's permissions (and,
///   where this user may set it, its owner and group); it is flushed and synced to disk,
///   then renamed over the target, and the folder is synced where the system allows.
/// * A target that exists and is not a regular file (a device such as `/dev/null`, a
///   FIFO) is written in place and never replaced.
/// * A symbolic link at `path` is followed: the file it names is replaced, the link
///   stays.
///
/// `write` gets a buffered writer; it may return any [`io::Error`] (wrap other errors
/// with [`io::Error::other`]) to give up.
///
/// # Errors
///
/// [`AtomicWriteError`], naming `path`. On any error (and if `write` panics) the target
/// is as it was and the temporary file is removed; a device or FIFO may have taken part
/// of the output.
///
/// # Examples
///
/// ```
/// use std::io::Write;
/// use sokoengine_io::atomic::write_atomically_with;
///
/// let path = std::env::temp_dir().join(format!("sokoengine-doc-with-{}.txt", std::process::id()));
/// std::fs::write(&path, "kept")?;
/// // A writer that fails half-way leaves the old contents.
/// let result = write_atomically_with(&path, |writer| {
///     writer.write_all(b"half")?;
///     Err(std::io::Error::other("gave up"))
/// });
/// assert_eq!(result.unwrap_err().to_string(), format!("can't write {}: gave up", path.display()));
/// assert_eq!(std::fs::read_to_string(&path)?, "kept");
/// write_atomically_with(&path, |writer| writeln!(writer, "level {}", 1))?;
/// assert_eq!(std::fs::read_to_string(&path)?, "level 1\n");
/// # std::fs::remove_file(&path)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_atomically_with(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), AtomicWriteError> {
    let open_error = |source| AtomicWriteError::Open {
        path: path.to_owned(),
        source,
    };
    let target = resolve_links(path).map_err(open_error)?;
    let existing = match fs::metadata(&target) {
        Ok(metadata) => Some(metadata),
        Err(error) if error.kind() == io::ErrorKind::NotFound => None,
        Err(error) => return Err(open_error(error)),
    };
    match existing {
        Some(metadata) if metadata.is_dir() => Err(open_error(io::Error::new(
            io::ErrorKind::IsADirectory,
            "it is a directory",
        ))),
        Some(metadata) if !metadata.is_file() => write_in_place(path, &target, write),
        Some(metadata) => {
            // A file this user may not write is refused, as writing it in place would
            // be: the rename would replace it all the same.
            OpenOptions::new()
                .write(true)
                .open(&target)
                .map_err(open_error)?;
            replace(path, &target, Some(&metadata), write)
        }
        None => replace(path, &target, None, write),
    }
}

/// The most symbolic links followed from the target (as Linux's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// The path a chain of symbolic links at `path` ends at (`path` itself when it is no
/// link); the end may not exist yet (a dangling link names the file to create).
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut current = path.to_owned();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&current) {
            Ok(metadata) if metadata.file_type().is_symlink() => {
                let link = fs::read_link(&current)?;
                current = match current.parent() {
                    Some(parent) => parent.join(link),
                    None => link,
                };
            }
            Ok(_) => return Ok(current),
            Err(error) if error.kind() == io::ErrorKind::NotFound => return Ok(current),
            Err(error) => return Err(error),
        }
    }
    Err(io::Error::other(format!(
        "more than {MAX_LINKS} symbolic links"
    )))
}

/// Writes into a device or FIFO as it is: replacing it would destroy it.
fn write_in_place(
    path: &Path,
    target: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), AtomicWriteError> {
    let file = OpenOptions::new()
        .write(true)
        .open(target)
        .map_err(|source| AtomicWriteError::Open {
            path: path.to_owned(),
            source,
        })?;
    let mut writer = BufWriter::new(file);
    write(&mut writer)
        .and_then(|()| writer.flush())
        .map_err(|source| AtomicWriteError::Write {
            path: path.to_owned(),
            source,
        })
}

/// A temporary file that is removed when dropped, unless it was renamed.
struct Temporary {
    path: PathBuf,
    renamed: bool,
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.renamed {
            // Nothing more can be done if it cannot be removed; the error that got
            // us here is the one to report.
            let _ = fs::remove_file(&self.path);
        }
    }
}

/// How many times a fresh temporary name is tried when one is taken.
const NAME_ATTEMPTS: u32 = 64;

/// Replaces the regular file `target` (or creates it) through a temporary file.
fn replace(
    path: &Path,
    target: &Path,
    existing: Option<&fs::Metadata>,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), AtomicWriteError> {
    let folder = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_owned(),
        _ => PathBuf::from("."),
    };
    let file_name = target.file_name().ok_or_else(|| AtomicWriteError::Open {
        path: path.to_owned(),
        source: io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"),
    })?;
    let (file, temporary) =
        create_temporary(&folder, file_name, existing.is_some()).map_err(|source| {
            AtomicWriteError::Temporary {
                path: path.to_owned(),
                source,
            }
        })?;
    let mut temporary = Temporary {
        path: temporary,
        renamed: false,
    };
    let write_error = |source| AtomicWriteError::Write {
        path: path.to_owned(),
        source,
    };
    if let Some(metadata) = existing {
        keep_owner_and_permissions(&file, metadata).map_err(write_error)?;
    }
    let mut writer = BufWriter::new(&file);
    write(&mut writer)
        .and_then(|()| writer.flush())
        .map_err(write_error)?;
    drop(writer);
    file.sync_all().map_err(write_error)?;
    drop(file);
    fs::rename(&temporary.path, target).map_err(|source| AtomicWriteError::Replace {
        path: path.to_owned(),
        source,
    })?;
    temporary.renamed = true;
    sync_folder(&folder);
    Ok(())
}

/// Creates a new file of a fresh name in `folder`, exclusively: `create_new` fails on
/// any existing name, a symbolic link included, so nothing there is followed or
/// overwritten. Over an existing target it is created readable by its owner only, until
/// the target's permissions are copied.
fn create_temporary(
    folder: &Path,
    file_name: &std::ffi::OsStr,
    private: bool,
) -> io::Result<(File, PathBuf)> {
    let mut last_error = None;
    for _ in 0..NAME_ATTEMPTS {
        let candidate = folder.join(temporary_name(file_name));
        match create_new(&candidate, private) {
            Ok(file) => return Ok((file, candidate)),
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => last_error = Some(error),
            Err(error) => return Err(error),
        }
    }
    Err(last_error.unwrap_or_else(|| io::Error::other("no free temporary name")))
}

/// Creates `path`, failing with [`io::ErrorKind::AlreadyExists`] when anything is there
/// (`O_CREAT | O_EXCL`: a symbolic link, even a dangling one, is not followed).
fn create_new(path: &Path, private: bool) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    if private {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    #[cfg(not(unix))]
    let _ = private;
    options.open(path)
}

/// The most bytes of the target's name kept in a temporary name (names are limited to
/// 255 bytes on most file systems).
const NAME_PREFIX_CHARS: usize = 96;

/// `.NAME.XXXXXXXXXXXXXXXX.tmp`: hidden, beside the target, with 64 bits that differ
/// between processes, threads and calls.
fn temporary_name(file_name: &std::ffi::OsStr) -> OsString {
    static CALLS: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u64(CALLS.fetch_add(1, Ordering::Relaxed));
    if let Ok(since_epoch) = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH) {
        hasher.write_u128(since_epoch.as_nanos());
    }
    let name: String = file_name
        .to_string_lossy()
        .chars()
        .take(NAME_PREFIX_CHARS)
        .collect();
    OsString::from(format!(".{name}.{:016x}.tmp", hasher.finish()))
}

/// Gives the new file the target's permissions and, where this user may, its owner and
/// group.
#[cfg(unix)]
fn keep_owner_and_permissions(file: &File, metadata: &fs::Metadata) -> io::Result<()> {
    use std::os::unix::fs::MetadataExt;
    // Only root may give a file away, and only a member may set its group: otherwise
    // the new file is this user's, as any file this user writes anew.
    let _ = std::os::unix::fs::fchown(file, Some(metadata.uid()), Some(metadata.gid()));
    file.set_permissions(metadata.permissions())
}

/// Gives the new file the target's permissions.
#[cfg(not(unix))]
fn keep_owner_and_permissions(file: &File, metadata: &fs::Metadata) -> io::Result<()> {
    file.set_permissions(metadata.permissions())
}

/// Syncs the folder so the rename itself survives a crash. Not every system or file
/// system can sync a folder; the file is written either way.
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Ok(handle) = File::open(folder) {
        let _ = handle.sync_all();
    }
    #[cfg(not(unix))]
    let _ = folder;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_are_hidden_distinct_and_short() {
        let long = "x".repeat(300);
        let names: std::collections::HashSet<OsString> = (0..1000)
            .map(|_| temporary_name(std::ffi::OsStr::new("out.sok")))
            .collect();
        assert_eq!(names.len(), 1000);
        for name in &names {
            let name = name.to_str().expect("UTF-8");
            assert!(
                name.starts_with(".out.sok.") && name.ends_with(".tmp"),
                "{name}"
            );
        }
        let name = temporary_name(std::ffi::OsStr::new(&long));
        assert!(name.len() < 128, "{name:?}");
    }

    #[test]
    #[cfg(unix)]
    fn a_temporary_file_is_never_created_through_a_link() {
        let folder = scratch("create-new");
        let precious = folder.join("precious.txt");
        fs::write(&precious, "precious").expect("write");
        let planted = folder.join(".out.sok.0123456789abcdef.tmp");
        std::os::unix::fs::symlink(&precious, &planted).expect("link");
        let error = create_new(&planted, true).expect_err("a link is there");
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(
            fs::read_to_string(&precious).ok().as_deref(),
            Some("precious")
        );
        // A dangling link does not create the file it names either.
        let dangling = folder.join(".dangling.tmp");
        std::os::unix::fs::symlink(folder.join("created"), &dangling).expect("link");
        let error = create_new(&dangling, false).expect_err("a link is there");
        assert_eq!(error.kind(), io::ErrorKind::AlreadyExists);
        assert!(!folder.join("created").exists());
        let _ = fs::remove_dir_all(&folder);
    }

    fn scratch(name: &str) -> PathBuf {
        let folder =
            std::env::temp_dir().join(format!("sokoengine-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&folder);
        fs::create_dir_all(&folder).expect("temp folder");
        folder
    }

    #[test]
    fn a_link_chain_resolves_to_its_end() {
        let folder = scratch("links");
        #[cfg(unix)]
        {
            std::os::unix::fs::symlink("b", folder.join("a")).expect("link");
            std::os::unix::fs::symlink("c", folder.join("b")).expect("link");
            assert_eq!(
                resolve_links(&folder.join("a")).ok(),
                Some(folder.join("c"))
            );
            std::os::unix::fs::symlink("loop", folder.join("loop")).expect("link");
            assert!(resolve_links(&folder.join("loop")).is_err());
        }
        assert_eq!(
            resolve_links(&folder.join("plain")).ok(),
            Some(folder.join("plain"))
        );
        let _ = fs::remove_dir_all(&folder);
    }
}
