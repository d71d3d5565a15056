//! Standard output (buffered; a closed pipe ends the program quietly), the final report
//! of errors, and progress bars.

use std::io::{self, BufWriter, IsTerminal, Stdout, Write};
use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::failure::{ErrorDocument, ErrorMessage, Failure, JsonReport, USAGE};

/// Where a subcommand writes its result.
pub struct Output {
    /// Whether `--json` was given.
    pub json: bool,
    stdout: BufWriter<Stdout>,
}

impl Output {
    /// Output to standard output.
    pub fn new(json: bool) -> Output {
        Output {
            json,
            stdout: BufWriter::new(io::stdout()),
        }
    }

    /// Writes `document` as the JSON result.
    pub fn write_json(&mut self, document: &impl Serialize) -> Result<(), Failure> {
        serde_json::to_writer_pretty(&mut self.stdout, document).map_err(|error| {
            match error.io_error_kind() {
                Some(kind) => write_failure(io::Error::from(kind)),
                None => Failure::domain(format!("can't write JSON: {error}")),
            }
        })?;
        self.write_text("\n")
    }

    /// Writes text.
    pub fn write_text(&mut self, text: &str) -> Result<(), Failure> {
        self.stdout
            .write_all(text.as_bytes())
            .map_err(write_failure)
    }

    /// Writes text and a line break.
    pub fn line(&mut self, text: impl AsRef<str>) -> Result<(), Failure> {
        self.write_text(text.as_ref())?;
        self.write_text("\n")
    }

    /// Writes `document` with `--json`, otherwise the text `text()` builds.
    pub fn emit(
        &mut self,
        document: &impl Serialize,
        text: impl FnOnce() -> String,
    ) -> Result<(), Failure> {
        if self.json {
            self.write_json(document)
        } else {
            self.write_text(&text())
        }
    }

    /// The raw writer, for long streamed output.
    pub fn writer(&mut self) -> &mut impl Write {
        &mut self.stdout
    }

    /// Flushes standard output, now (before waiting for the user in interactive play).
    pub fn flush(&mut self) -> Result<(), Failure> {
        self.stdout.flush().map_err(write_failure)
    }

    /// Flushes, reports a failure (one line on standard error; the JSON document on
    /// standard output with `--json`) and gives the exit status.
    pub fn finish(mut self, result: Result<(), Failure>) -> ExitCode {
        let result = result.and_then(|()| self.flush());
        match result {
            Ok(()) => ExitCode::SUCCESS,
            Err(failure) if failure.status == 0 => ExitCode::SUCCESS,
            Err(failure) => {
                if self.json {
                    match &failure.json {
                        JsonReport::Document(document) => {
                            // A closed standard output leaves only the status to report.
                            let _ = self.line(document).and_then(|()| self.flush());
                        }
                        JsonReport::Message => self.write_error_document(&failure.message),
                        JsonReport::Printed => {}
                    }
                }
                eprintln!("error: {}", one_line(&failure.message));
                ExitCode::from(failure.status)
            }
        }
    }

    /// Writes `{"error": {"message": ...}}` and flushes (errors are ignored: a closed
    /// standard output leaves only the status to report).
    pub fn write_error_document(&mut self, message: &str) {
        let document = serde_json::to_string_pretty(&ErrorDocument {
            error: ErrorMessage { message },
        })
        .unwrap_or_default();
        let _ = self.line(&document).and_then(|()| self.flush());
    }
}

/// A write error: a closed pipe (`sokoengine ... | head`) ends the program quietly with
/// status 0, anything else is a failure.
fn write_failure(error: io::Error) -> Failure {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Failure {
            status: 0,
            message: String::new(),
            json: JsonReport::Message,
        }
    } else {
        Failure {
            status: USAGE,
            message: format!("can't write to standard output: {error}"),
            json: JsonReport::Message,
        }
    }
}

/// Folds a message onto one line.
pub fn one_line(message: &str) -> String {
    message
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A progress bar on standard error for `len` items, only when standard error is a
/// terminal.
pub fn progress(len: u64, what: &str) -> Option<ProgressBar> {
    if !io::stderr().is_terminal() {
        return None;
    }
    let bar = ProgressBar::new(len);
    let style = ProgressStyle::with_template(&format!(
        "{{spinner}} {what} [{{bar:40}}] {{pos}}/{{len}} ({{eta}})"
    ))
    .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    Some(bar)
}
