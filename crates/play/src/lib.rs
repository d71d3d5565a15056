//! `sokoengine play`: a local web player for the Sokoban family on all four
//! tessellations (Sokoban, Hexoban, Trioban, Octoban).
//!
//! [`Player::bind`] reads a level file and listens on 127.0.0.1; [`Player::url`] is the
//! address to open (it carries the random token every request needs);
//! [`Player::run`] serves one page until the process is interrupted. All rules run
//! here, in the engine's crates: the Mover plays every step, undo and redo; the board
//! crate finds the walks and box paths a click asks for; the solver gives hints, warns
//! of dead positions, solves from the position reached and optimizes solutions; the
//! render crate draws the boards and plays back snapshots; the io crate reads the file
//! and writes the snapshots back into it. The page is a thin client, built into the
//! binary: it sends keys and clicks and draws what comes back.
//!
//! * [`Player`], [`PlayOptions`]: start and run the server.
//! * [`PlayError`]: why it could not start; [`SaveError`]: why a save failed.
//! * The page's HTTP interface is described in `docs/play.md`.
//!
//! ```no_run
//! use sokoengine_play::{PlayOptions, Player};
//!
//! let player = Player::bind(PlayOptions::new("levels.sok"))?;
//! println!("{}", player.url());
//! player.run()?; // until Ctrl-C
//! # Ok::<(), sokoengine_play::PlayError>(())
//! ```

#![deny(missing_docs)]

mod error;
mod file;
mod game;
mod help;
mod keys;
mod server;
mod session;

use std::future::Future;
use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;

pub use error::{PlayError, SaveError};

// The README's example runs as a doc test (compiled, not run: it serves until Ctrl-C).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

use crate::file::LevelFile;
use crate::server::App;
use crate::session::Session;

/// What to play and where to listen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayOptions {
    /// The level file: a `.sok` collection or a plain level file (`.xsb`, `.txt`,
    /// `.hsb`, `.tsb`).
    pub file: PathBuf,
    /// The level shown first (1-based).
    pub level: usize,
    /// The port on 127.0.0.1 (0: any free port).
    pub port: u16,
}

impl PlayOptions {
    /// Level 1 of `file`, on any free port.
    pub fn new(file: impl Into<PathBuf>) -> PlayOptions {
        PlayOptions {
            file: file.into(),
            level: 1,
            port: 0,
        }
    }
}

/// A player listening on 127.0.0.1, ready to [`run`](Player::run).
#[derive(Debug)]
pub struct Player {
    listener: TcpListener,
    app: Arc<App>,
    url: String,
}

impl Player {
    /// Reads the level file and listens on 127.0.0.1.
    ///
    /// # Errors
    ///
    /// [`PlayError`]: the file can't be read or holds no level, the level is not in
    /// it, the port is taken, no token can be drawn.
    pub fn bind(options: PlayOptions) -> Result<Player, PlayError> {
        let file = LevelFile::open(&options.file)?;
        let count = file.collection().puzzles.len();
        if options.level == 0 || options.level > count {
            return Err(PlayError::NoSuchLevel {
                level: options.level,
                count,
            });
        }
        let token = token()?;
        let listen = |source| PlayError::Listen {
            port: options.port,
            source,
        };
        let listener = TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, options.port)))
            .map_err(listen)?;
        let port = listener.local_addr().map_err(listen)?.port();
        listener.set_nonblocking(true).map_err(listen)?;
        let url = format!("http://127.0.0.1:{port}/?token={token}");
        let session = Session::new(file, options.level - 1);
        Ok(Player {
            listener,
            app: Arc::new(App::new(session, token, port)),
            url,
        })
    }

    /// The page's address, token included.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Serves the page until the process gets Ctrl-C (or SIGTERM).
    ///
    /// # Errors
    ///
    /// [`PlayError::Serve`] when the server fails.
    pub fn run(self) -> Result<(), PlayError> {
        self.run_until(shutdown_signal())
    }

    /// Serves the page until `shutdown` completes.
    ///
    /// # Errors
    ///
    /// [`PlayError::Serve`] when the server fails.
    pub fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), PlayError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .map_err(PlayError::Serve)?;
        runtime.block_on(async move {
            let listener =
                tokio::net::TcpListener::from_std(self.listener).map_err(PlayError::Serve)?;
            axum::serve(listener, server::router(self.app))
                .with_graceful_shutdown(shutdown)
                .await
                .map_err(PlayError::Serve)
        })
    }
}

/// A random token of 128 bits, in hex.
fn token() -> Result<String, PlayError> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| PlayError::Token(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Completes on Ctrl-C, or on SIGTERM where there is one.
async fn shutdown_signal() {
    let interrupt = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        let terminate = async {
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(mut signal) => {
                    signal.recv().await;
                }
                Err(_) => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            () = interrupt => {}
            () = terminate => {}
        }
    }
    #[cfg(not(unix))]
    interrupt.await;
}
