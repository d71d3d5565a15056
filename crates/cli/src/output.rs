//! Standard output (buffered; a closed pipe ends the program quietly), the files a
//! subcommand writes (atomically, `-` for standard output), the final report of errors,
//! and progress bars.

use std::io::{self, BufWriter, IsTerminal, Stderr, Stdout, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use sokoengine::io::atomic::write_atomically_with;

use crate::failure::{DOMAIN, ErrorDocument, ErrorMessage, Failure, JsonReport};

/// Where a subcommand writes its result.
pub struct Output {
    /// Whether `--json` was given.
    pub json: bool,
    /// Whether `--progress` was given: progress lines on standard error even when it is
    /// not a terminal.
    pub progress: bool,
    stdout: Report,
}

/// Where the result (the report) goes: standard output, or standard error when a file
/// written to `-` takes standard output.
enum Report {
    Stdout(BufWriter<Stdout>),
    Stderr(Stderr),
}

impl Write for Report {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Report::Stdout(writer) => writer.write(buf),
            Report::Stderr(writer) => writer.write(buf),
        }
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        match self {
            Report::Stdout(writer) => writer.write_all(buf),
            Report::Stderr(writer) => writer.write_all(buf),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Report::Stdout(writer) => writer.flush(),
            Report::Stderr(writer) => writer.flush(),
        }
    }
}

/// Whether an output path means standard output.
pub fn is_stdout(path: &Path) -> bool {
    path.as_os_str() == "-"
}

impl Output {
    /// Output to standard output.
    pub fn new(json: bool, progress: bool) -> Output {
        Output {
            json,
            progress,
            stdout: Report::Stdout(BufWriter::new(io::stdout())),
        }
    }

    /// Sends the readable report to standard error from now on: a file written to `-`
    /// (`--save -`) takes standard output.
    pub fn report_on_stderr(&mut self) -> Result<(), Failure> {
        self.flush()?;
        self.stdout = Report::Stderr(io::stderr());
        Ok(())
    }

    /// Writes a file the subcommand makes: `-` is standard output, any other path is
    /// written atomically (wholly replaced, or left as it was: `docs/reliability.md`).
    /// A failure to write exits with status 1 and names the path.
    pub fn write_file(
        &mut self,
        path: &Path,
        write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
    ) -> Result<(), Failure> {
        if is_stdout(path) {
            // What was reported before goes first.
            self.flush()?;
            let mut stdout = BufWriter::new(io::stdout().lock());
            return write(&mut stdout)
                .and_then(|()| stdout.flush())
                .map_err(write_failure);
        }
        write_atomically_with(path, write).map_err(|error| Failure::domain(error.to_string()))
    }

    /// Progress of long work over `total` items (`None`: unknown): a bar when standard
    /// error is a terminal, lines every few seconds with `--progress`, else nothing.
    pub fn progress(&self, total: Option<u64>, what: &str) -> Progress {
        Progress::new(total, what, self.progress)
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
        // What was written comes out before the error line, also on a failure (a
        // replay's board, then why it stopped).
        let flushed = self.flush();
        let result = result.and(flushed);
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

/// A write error on standard output: a closed pipe (`sokoengine ... | head`) ends the
/// program quietly with status 0, as `head` asked for no more; anything else (a full
/// disk, a closed descriptor) is a failure with status 1.
pub fn write_failure(error: io::Error) -> Failure {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Failure {
            status: 0,
            message: String::new(),
            json: JsonReport::Message,
        }
    } else {
        Failure {
            status: DOMAIN,
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

/// Time between two progress lines (`--progress` without a terminal).
const PROGRESS_INTERVAL: Duration = Duration::from_secs(2);

/// Progress of long work on standard error: a bar when it is a terminal; with
/// `--progress` otherwise, a line every few seconds from a thread of its own (so a
/// line comes even while one long item is worked on); else nothing. Shared by threads;
/// stops when finished or dropped.
pub struct Progress {
    bar: Option<ProgressBar>,
    lines: Option<ProgressLines>,
}

struct ProgressLines {
    done: Arc<AtomicU64>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Progress {
    /// No progress shown (work beside a person's prompts).
    pub const fn none() -> Progress {
        Progress {
            bar: None,
            lines: None,
        }
    }

    fn new(total: Option<u64>, what: &str, lines: bool) -> Progress {
        if io::stderr().is_terminal() {
            let template = match total {
                Some(_) => format!("{{spinner}} {what} [{{bar:40}}] {{pos}}/{{len}} ({{eta}})"),
                None => format!("{{spinner}} {what}: {{pos}} ({{elapsed}})"),
            };
            let bar = ProgressBar::new(total.unwrap_or(0));
            bar.set_style(
                ProgressStyle::with_template(&template)
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            return Progress {
                bar: Some(bar),
                lines: None,
            };
        }
        if !lines {
            return Progress {
                bar: None,
                lines: None,
            };
        }
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (done, stop, what) = (Arc::clone(&done), Arc::clone(&stop), what.to_owned());
            std::thread::spawn(move || {
                let start = Instant::now();
                let mut next = start + PROGRESS_INTERVAL;
                while !stop.load(Ordering::Relaxed) {
                    let now = Instant::now();
                    if now < next {
                        std::thread::park_timeout(next - now);
                        continue;
                    }
                    next += PROGRESS_INTERVAL;
                    let count = done.load(Ordering::Relaxed);
                    let of = total.map_or_else(String::new, |total| format!("/{total}"));
                    let seconds = now.duration_since(start).as_secs();
                    eprintln!("progress: {what}: {count}{of} ({seconds} s)");
                }
            })
        };
        Progress {
            bar: None,
            lines: Some(ProgressLines {
                done,
                stop,
                thread: Some(thread),
            }),
        }
    }

    /// `count` more items done.
    pub fn inc(&self, count: u64) {
        if let Some(bar) = &self.bar {
            bar.inc(count);
        }
        if let Some(lines) = &self.lines {
            lines.done.fetch_add(count, Ordering::Relaxed);
        }
    }

    /// Clears the bar, stops the lines.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        if let Some(mut lines) = self.lines.take() {
            lines.stop.store(true, Ordering::Relaxed);
            if let Some(thread) = lines.thread.take() {
                thread.thread().unpark();
                // A panic in the thread only lost progress lines.
                let _ = thread.join();
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}
