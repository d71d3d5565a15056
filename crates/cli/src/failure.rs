//! The error of a subcommand: its exit status, its one-line message and, for `--json`,
//! the document that carries it.

use serde::Serialize;

/// Exit status 1: the input was read but the domain says no, or a file cannot be read
/// or written.
pub const DOMAIN: u8 = 1;
/// Exit status 2: the command line itself is wrong (what clap rejects, and options that
/// cannot go together).
pub const USAGE: u8 = 2;

/// Why a subcommand failed.
#[derive(Debug)]
pub struct Failure {
    /// [`DOMAIN`] or [`USAGE`].
    pub status: u8,
    /// The message, printed as `error: {message}` on one line.
    pub message: String,
    /// What `--json` prints for this failure.
    pub json: JsonReport,
}

/// The JSON document of a failure.
#[derive(Debug)]
pub enum JsonReport {
    /// `{"error": {"message": ...}}`.
    Message,
    /// This document (rendered, so its keys keep their order).
    Document(String),
    /// Nothing more: the subcommand's document, already printed, tells the story.
    Printed,
}

impl Failure {
    /// A domain failure (exit status 1).
    pub fn domain(message: impl Into<String>) -> Failure {
        Failure {
            status: DOMAIN,
            message: message.into(),
            json: JsonReport::Message,
        }
    }

    /// A usage failure (exit status 2).
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure {
            status: USAGE,
            message: message.into(),
            json: JsonReport::Message,
        }
    }

    /// The same failure, printing `document` with `--json`.
    pub fn with_json(mut self, document: &impl Serialize) -> Failure {
        if let Ok(text) = serde_json::to_string_pretty(document) {
            self.json = JsonReport::Document(text);
        }
        self
    }

    /// The same failure, printing no more JSON: the result document is already out.
    pub fn with_json_printed(mut self) -> Failure {
        self.json = JsonReport::Printed;
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
