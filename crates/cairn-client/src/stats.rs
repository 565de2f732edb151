//! Counters of what a client has sent: for diagnostics, and for tests that check caching,
//! retries and concurrency.

use std::sync::atomic::{AtomicU64, Ordering};

/// A snapshot of a client's counters (since it was made).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    /// Service requests sent (each attempt counts).
    pub requests: u64,
    /// Token requests sent (each attempt counts).
    pub token_requests: u64,
    /// Attempts repeated after a retryable failure.
    pub retries: u64,
    /// Requests repeated with a fresh token after a 401.
    pub reauthentications: u64,
    /// The most service requests that were in flight at once.
    pub peak_in_flight: u64,
    /// Answers that came over HTTP/2.
    pub http2_answers: u64,
    /// Answers that came over HTTP/1.x.
    pub http1_answers: u64,
    /// The adaptive window now: requests allowed in flight at once.
    pub window: u64,
    /// The largest the window has been.
    pub largest_window: u64,
    /// The smallest the window has been.
    pub smallest_window: u64,
    /// How many times the window shrank (after a 429 or 503).
    pub window_shrinks: u64,
}

/// The live counters.
#[derive(Debug, Default)]
pub(crate) struct Counters {
    requests: AtomicU64,
    token_requests: AtomicU64,
    retries: AtomicU64,
    reauthentications: AtomicU64,
    in_flight: AtomicU64,
    peak_in_flight: AtomicU64,
    http2_answers: AtomicU64,
    http1_answers: AtomicU64,
}

impl Counters {
    pub(crate) fn snapshot(&self) -> Stats {
        Stats {
            requests: self.requests.load(Ordering::Relaxed),
            token_requests: self.token_requests.load(Ordering::Relaxed),
            retries: self.retries.load(Ordering::Relaxed),
            reauthentications: self.reauthentications.load(Ordering::Relaxed),
            peak_in_flight: self.peak_in_flight.load(Ordering::Relaxed),
            http2_answers: self.http2_answers.load(Ordering::Relaxed),
            http1_answers: self.http1_answers.load(Ordering::Relaxed),
            ..Stats::default()
        }
    }

    /// Counts an answer by its HTTP version.
    pub(crate) fn answered(&self, version: reqwest::Version) {
        match version {
            reqwest::Version::HTTP_2 => &self.http2_answers,
            _ => &self.http1_answers,
        }
        .fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn token_request(&self) {
        self.token_requests.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn retry(&self) {
        self.retries.fetch_add(1, Ordering::Relaxed);
    }

    pub(crate) fn reauthentication(&self) {
        self.reauthentications.fetch_add(1, Ordering::Relaxed);
    }

    /// Counts a service request as sent and in flight until the guard drops.
    pub(crate) fn request(&self) -> InFlight<'_> {
        self.requests.fetch_add(1, Ordering::Relaxed);
        let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak_in_flight.fetch_max(now, Ordering::SeqCst);
        InFlight(self)
    }
}

/// A request in flight.
pub(crate) struct InFlight<'a>(&'a Counters);

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}
