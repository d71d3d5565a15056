//! The errors of the player: starting it, and saving.

use std::path::PathBuf;

/// Why the player could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// FILE (or its `.sok` sibling) can't be read.
    #[error("can't read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// FILE holds no level.
    #[error("{} holds no level", path.display())]
    NoLevels {
        /// The file.
        path: PathBuf,
    },
    /// The level asked for is not in FILE.
    #[error("no level {level}: the file holds {count}")]
    NoSuchLevel {
        /// The level asked for (1-based).
        level: usize,
        /// How many levels the file holds.
        count: usize,
    },
    /// The server could not listen on the port.
    #[error("can't listen on 127.0.0.1:{port}: {source}")]
    Listen {
        /// The port asked for (0: any).
        port: u16,
        /// Why.
        source: std::io::Error,
    },
    /// The server stopped with an error.
    #[error("the server failed: {0}")]
    Serve(std::io::Error),
    /// No random token could be drawn.
    #[error("no randomness for the access token: {0}")]
    Token(String),
}

/// Why a save failed. The file is unchanged then.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SaveError {
    /// Saving into this file is refused (it holds other levels, or changed on disk).
    #[error("{0}")]
    Refused(String),
    /// Writing failed: text the `.sok` writer refuses, or the file system.
    #[error("can't write {}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: sokoengine_io::WriteError,
    },
}
