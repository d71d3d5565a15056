//! Limits, cancellation and progress reports of a running search.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use crate::config::{Cancel, Limits, Observer, Progress, StopReason};

/// Checks the limits every few expansions (at least every millisecond) and sends
/// progress reports every quarter second.
pub(crate) struct Clock<'a> {
    start: Instant,
    limits: Limits,
    cancel: &'a Cancel,
    /// A second flag that stops the search as a cancel does (the other thread of a
    /// two-thread portfolio has finished).
    also: Option<Cancel>,
    observer: &'a mut dyn Observer,
    last_report: Instant,
    /// Expansions until the next check.
    countdown: u32,
    /// Expansions between checks, adapted so that checks are about 0.2 ms apart.
    interval: u32,
    last_check: Instant,
    pub(crate) progress: Progress,
}

impl std::fmt::Debug for Clock<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Clock")
            .field("start", &self.start)
            .field("limits", &self.limits)
            .field("progress", &self.progress)
            .finish_non_exhaustive()
    }
}

/// The limits of a [`Clock`] that end the whole solve (the time limit and the
/// cancel flags), checkable without the clock: long work inside one expansion asks
/// it now and then and cuts itself short once it has passed.
#[derive(Debug, Clone, Default)]
pub(crate) struct Deadline {
    at: Option<Instant>,
    cancel: Option<Cancel>,
    also: Option<Cancel>,
}

impl Deadline {
    /// Whether the time is up or the solve was cancelled.
    pub(crate) fn passed(&self) -> bool {
        self.check().is_err()
    }

    /// `Err` with the reason once the time is up or the solve was cancelled.
    pub(crate) fn check(&self) -> Result<(), StopReason> {
        if self.cancel.as_ref().is_some_and(Cancel::is_cancelled)
            || self.also.as_ref().is_some_and(Cancel::is_cancelled)
        {
            return Err(StopReason::Cancelled);
        }
        if self.at.is_some_and(|at| Instant::now() >= at) {
            return Err(StopReason::Time);
        }
        Ok(())
    }
}

const REPORT_EVERY: Duration = Duration::from_millis(250);

impl<'a> Clock<'a> {
    pub(crate) fn new(limits: Limits, cancel: &'a Cancel, observer: &'a mut dyn Observer) -> Self {
        let now = Instant::now();
        Clock {
            start: now,
            limits,
            cancel,
            also: None,
            observer,
            last_report: now,
            countdown: 1,
            interval: 16,
            last_check: now,
            progress: Progress::default(),
        }
    }

    /// The same clock, also stopped (as by a cancel) by `flag`.
    pub(crate) fn also_stopped_by(mut self, flag: Cancel) -> Self {
        self.also = Some(flag);
        self
    }

    /// Stops (as by a cancel) also when `flag` is set, until [`Clock::forget_also`].
    pub(crate) fn stop_also(&mut self, flag: Cancel) {
        self.also = Some(flag);
    }

    /// Forgets the flag of [`Clock::stop_also`].
    pub(crate) fn forget_also(&mut self) {
        self.also = None;
    }

    /// The caller's cancel flag.
    pub(crate) fn cancel(&self) -> &'a Cancel {
        self.cancel
    }

    /// The limits that end the solve, to check away from the clock.
    pub(crate) fn deadline(&self) -> Deadline {
        Deadline {
            at: self
                .limits
                .time
                .and_then(|limit| self.start.checked_add(limit)),
            cancel: Some(self.cancel.clone()),
            also: self.also.clone(),
        }
    }

    /// Time since the start.
    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Counts one expansion and, every so often, checks the limits and reports.
    #[inline]
    pub(crate) fn tick(&mut self) -> Result<(), StopReason> {
        // The node limit is exact; the others are checked every so often.
        if self
            .limits
            .nodes
            .is_some_and(|limit| self.progress.expanded >= limit)
        {
            return Err(StopReason::Nodes);
        }
        self.progress.expanded += 1;
        self.countdown -= 1;
        if self.countdown == 0 {
            self.check()?;
        }
        Ok(())
    }

    /// Checks every limit now.
    pub(crate) fn check(&mut self) -> Result<(), StopReason> {
        let now = Instant::now();
        // Aim at a check every 0.2 ms whatever an expansion costs.
        let since = now.duration_since(self.last_check);
        if since < Duration::from_micros(100) {
            self.interval = (self.interval * 2).min(1 << 16);
        } else if since > Duration::from_micros(400) {
            self.interval = (self.interval / 2).max(1);
        }
        self.countdown = self.interval;
        self.last_check = now;
        if self.cancel.is_cancelled() || self.also.as_ref().is_some_and(Cancel::is_cancelled) {
            return Err(StopReason::Cancelled);
        }
        let elapsed = now.duration_since(self.start);
        if self.limits.time.is_some_and(|limit| elapsed >= limit) {
            return Err(StopReason::Time);
        }
        if now.duration_since(self.last_report) >= REPORT_EVERY {
            self.last_report = now;
            self.report()?;
        }
        Ok(())
    }

    /// Checks every limit now, for work that is not counted in expansions, leaving
    /// the rhythm of [`Clock::tick`]'s checks as it was (frequent polls would
    /// otherwise stretch it far beyond a millisecond of expansions).
    pub(crate) fn poll(&mut self) -> Result<(), StopReason> {
        let (interval, countdown, last_check) = (self.interval, self.countdown, self.last_check);
        let result = self.check();
        (self.interval, self.countdown, self.last_check) = (interval, countdown, last_check);
        result
    }

    /// Sends a progress report now.
    pub(crate) fn report(&mut self) -> Result<(), StopReason> {
        self.progress.elapsed = self.elapsed();
        match self.observer.progress(&self.progress) {
            ControlFlow::Continue(()) => Ok(()),
            ControlFlow::Break(()) => Err(StopReason::Observer),
        }
    }
}
