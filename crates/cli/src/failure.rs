//! The error of a subcommand: its exit status, its one-line message and, for `--json`,
//! the document that carries it.

use serde::Serialize;

/// Exit status 1: the input was read but the domain says no.
pub const DOMAIN: u8 = 1;
/// Exit status 2: a usage error (bad flag value, missing file).
pub const USAGE: u8 = 2;

/// Why a subcommand failed.
#[derive(Debug)]
pub struct Failure {
    /// [`DOMAIN`] or [`USAGE`].
    pub status: u8,
    /// The message, printed as `error: {message}` on one line.
    pub message: String,
    /// The JSON document printed with `--json` (rendered, so its keys keep their
    /// order); `{"error": {"message": ...}}` when `None`.
    pub json: Option<String>,
}

impl Failure {
    /// A domain failure (exit status 1).
    pub fn domain(message: impl Into<String>) -> Failure {
        Failure {
            status: DOMAIN,
            message: message.into(),
            json: None,
        }
    }

    /// A usage failure (exit status 2).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            status: USAGE,
            message: message.into(),
            json: None,
        }
    }

    /// The same failure, printing `document` with `--json`.
    pub fn with_json(mut self, document: &impl Serialize) -> Failure {
        self.json = serde_json::to_string_pretty(document).ok();
        self
    }
}

/// The default JSON document of a failure.
#[derive(Serialize)]
pub struct ErrorDocument<'a> {
    /// The error.
    pub error: ErrorMessage<'a>,
}

/// `{"message": ...}`.
#[derive(Serialize)]
pub struct ErrorMessage<'a> {
    /// The message.
    pub message: &'a str,
}
