//! The adaptive window: how many service requests one client keeps in flight at once, shared
//! by every read of the client (collections read side by side share it). It starts small and
//! grows while the throughput of a round (as many answers as the window holds) grows; a 429 or
//! 503 halves it (once per round: a burst of refusals is one signal), and the growth starts
//! again from there. Never above the configured maximum, never below one. A `Retry-After`
//! holds every new request of the client back until then (a busy server is busy for all of
//! them, and a herd of retries arriving together would only be refused again).
//!
//! [`Controller`] is the arithmetic, over instants given to it (tested without waiting);
//! [`Window`] applies it to a fair semaphore (requests get their turn in the order they asked).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::{Semaphore, SemaphorePermit};

/// The window a client starts with (or its maximum, if smaller).
pub(crate) const INITIAL_WINDOW: usize = 4;

/// A round's throughput must beat the previous round's by this much to count as growth.
const GROWTH: f64 = 1.1;

/// The window's arithmetic.
#[derive(Debug, Clone)]
pub(crate) struct Controller {
    limit: usize,
    max: usize,
    /// When the round began, bytes and answers in it so far.
    round: Option<(Instant, u64, usize)>,
    /// The throughput of the last round (bytes per second).
    last_rate: f64,
    /// Whether the window was halved in this round already.
    shrunk: bool,
}

impl Controller {
    /// A window of at most `max` (at least 1).
    pub(crate) fn new(max: usize) -> Controller {
        let max = max.max(1);
        Controller { limit: INITIAL_WINDOW.min(max), max, round: None, last_rate: 0.0, shrunk: false }
    }

    /// The requests allowed in flight now.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// A request started at `now` (the first of a round starts its clock).
    pub(crate) fn started(&mut self, now: Instant) {
        if self.round.is_none() {
            self.round = Some((now, 0, 0));
        }
    }

    /// An answer of `bytes` completed at `now`. At the end of a round (as many answers as the
    /// window), the window grows by a quarter (at least one) if the round's throughput beat
    /// the last one's.
    pub(crate) fn done(&mut self, bytes: u64, now: Instant) {
        let (start, total, count) = self.round.get_or_insert((now, 0, 0));
        *total += bytes;
        *count += 1;
        if *count < self.limit {
            return;
        }
        let seconds = now.saturating_duration_since(*start).as_secs_f64();
        let rate = if seconds > 0.0 { *total as f64 / seconds } else { f64::INFINITY };
        if rate > self.last_rate * GROWTH && rate.is_finite() {
            self.limit = (self.limit + self.limit.div_ceil(4)).min(self.max);
        }
        if rate.is_finite() {
            self.last_rate = rate;
        }
        self.round = None;
        self.shrunk = false;
    }

    /// A 429 or 503 at `now`: the window halves (once per round) and a new round begins whose
    /// throughput counts as growth, so the window can climb back once the server copes.
    pub(crate) fn busy(&mut self, now: Instant) {
        if self.shrunk {
            return;
        }
        self.limit = (self.limit / 2).max(1);
        self.shrunk = true;
        self.last_rate = 0.0;
        self.round = Some((now, 0, 0));
    }
}

/// The window applied to requests.
#[derive(Debug)]
pub(crate) struct Window {
    controller: Mutex<Controller>,
    permits: Semaphore,
    /// Permits to drop as they come back (the window shrank below the requests in flight).
    debt: AtomicUsize,
    /// The largest and smallest window so far.
    largest: AtomicUsize,
    smallest: AtomicUsize,
    /// How many times the window shrank.
    shrinks: AtomicUsize,
    /// No request starts before this (the server's last `Retry-After`), on tokio's clock.
    paused_until: Mutex<Option<tokio::time::Instant>>,
}

impl Window {
    /// A window of at most `max` requests.
    pub(crate) fn new(max: usize) -> Window {
        let controller = Controller::new(max);
        let limit = controller.limit();
        Window {
            controller: Mutex::new(controller),
            permits: Semaphore::new(limit),
            debt: AtomicUsize::new(0),
            largest: AtomicUsize::new(limit),
            smallest: AtomicUsize::new(limit),
            shrinks: AtomicUsize::new(0),
            paused_until: Mutex::new(None),
        }
    }

    /// Waits for a place in the window (in the order asked) and for the end of a pause.
    pub(crate) async fn acquire(&self) -> Permit<'_> {
        loop {
            if let Some(until) = self.pause() {
                tokio::time::sleep_until(until).await;
            }
            // The semaphore is never closed.
            let permit = Permit { window: self, permit: self.permits.acquire().await.ok() };
            // A pause that began while this request waited for its place holds it back too.
            if self.pause().is_none() {
                self.with(|c| c.started(Instant::now()));
                return permit;
            }
        }
    }

    /// When the current pause ends, if one is on.
    fn pause(&self) -> Option<tokio::time::Instant> {
        let until = *self.paused_until.lock().unwrap_or_else(PoisonError::into_inner);
        until.filter(|until| *until > tokio::time::Instant::now())
    }

    /// An answer of `bytes` completed.
    pub(crate) fn done(&self, bytes: u64) {
        self.with(|c| c.done(bytes, Instant::now()));
    }

    /// The server said it is busy (429 or 503), asking for `retry_after` (if it said).
    pub(crate) fn busy(&self, retry_after: Option<Duration>) {
        if let Some(wait) = retry_after {
            let end = tokio::time::Instant::now() + wait;
            let mut until = self.paused_until.lock().unwrap_or_else(PoisonError::into_inner);
            *until = Some(until.map_or(end, |u| u.max(end)));
        }
        self.with(|c| c.busy(Instant::now()));
    }

    /// (now, largest, smallest) window sizes.
    pub(crate) fn sizes(&self) -> (usize, usize, usize) {
        let now = self.controller.lock().unwrap_or_else(PoisonError::into_inner).limit();
        (now, self.largest.load(Ordering::Relaxed), self.smallest.load(Ordering::Relaxed))
    }

    /// How many times the window shrank.
    pub(crate) fn shrinks(&self) -> usize {
        self.shrinks.load(Ordering::Relaxed)
    }

    /// Runs `change` on the controller and gives the semaphore the new limit.
    fn with(&self, change: impl FnOnce(&mut Controller)) {
        let mut controller = self.controller.lock().unwrap_or_else(PoisonError::into_inner);
        let before = controller.limit();
        change(&mut controller);
        let after = controller.limit();
        if after > before {
            let mut grow = after - before;
            // Pay the debt first: those permits are still out.
            while grow > 0 {
                let debt = self.debt.load(Ordering::SeqCst);
                if debt == 0 {
                    break;
                }
                let paid = debt.min(grow);
                if self.debt.compare_exchange(debt, debt - paid, Ordering::SeqCst, Ordering::SeqCst).is_ok() {
                    grow -= paid;
                }
            }
            self.permits.add_permits(grow);
            self.largest.fetch_max(after, Ordering::Relaxed);
        } else if after < before {
            let shrink = before - after;
            let forgotten = self.permits.forget_permits(shrink);
            self.debt.fetch_add(shrink - forgotten, Ordering::SeqCst);
            self.smallest.fetch_min(after, Ordering::Relaxed);
            self.shrinks.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// A place in the window, given back (or dropped, if the window shrank) when it drops.
pub(crate) struct Permit<'w> {
    window: &'w Window,
    permit: Option<SemaphorePermit<'w>>,
}

impl Drop for Permit<'_> {
    fn drop(&mut self) {
        let Some(permit) = self.permit.take() else { return };
        let debt = &self.window.debt;
        if debt.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |d| d.checked_sub(1)).is_ok() {
            permit.forget();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A round of `limit` answers of `bytes` each, over `millis`.
    fn round(c: &mut Controller, t: &mut Instant, bytes: u64, millis: u64) {
        c.started(*t);
        *t += Duration::from_millis(millis);
        for _ in 0..c.limit() {
            c.done(bytes, *t);
        }
    }

    #[test]
    fn the_window_grows_while_throughput_grows_and_holds_when_it_stops() {
        let mut c = Controller::new(16);
        let mut t = Instant::now();
        assert_eq!(c.limit(), 4);
        // Each round takes the same time (a link's latency): more in flight, more throughput.
        let mut seen = vec![c.limit()];
        for _ in 0..8 {
            round(&mut c, &mut t, 1000, 50);
            seen.push(c.limit());
        }
        assert_eq!(seen, [4, 5, 7, 9, 12, 15, 16, 16, 16]);
        // Bandwidth-bound: each round takes longer in proportion; no growth.
        let mut c = Controller::new(16);
        round(&mut c, &mut t, 1000, 50);
        assert_eq!(c.limit(), 5);
        round(&mut c, &mut t, 1000, 62);
        round(&mut c, &mut t, 1000, 62);
        assert_eq!(c.limit(), 5, "no growth without more throughput");
    }

    #[test]
    fn refusals_halve_the_window_once_per_round_then_it_climbs_back() {
        let mut c = Controller::new(16);
        let mut t = Instant::now();
        for _ in 0..6 {
            round(&mut c, &mut t, 1000, 50);
        }
        assert_eq!(c.limit(), 16);
        c.busy(t);
        c.busy(t);
        c.busy(t);
        assert_eq!(c.limit(), 8, "a burst halves once");
        round(&mut c, &mut t, 1000, 50);
        c.busy(t);
        assert_eq!(c.limit(), 5, "grew to 10 (growth after the shrink), halved again");
        for _ in 0..6 {
            round(&mut c, &mut t, 1000, 1000);
            c.busy(t);
        }
        assert_eq!(c.limit(), 1, "never below one");
        assert_eq!(Controller::new(2).limit(), 2, "never above the maximum");
    }

    #[tokio::test]
    async fn the_semaphore_follows_the_controller() {
        let window = Window::new(8);
        let held: Vec<_> = acquire_n(&window, 4).await;
        assert_eq!(window.permits.available_permits(), 0);
        window.busy(None);
        assert_eq!(window.sizes().0, 2);
        drop(held);
        assert_eq!(window.permits.available_permits(), 2, "two permits dropped as they came back");
        assert_eq!(window.sizes(), (2, 4, 2));
    }

    #[tokio::test]
    async fn a_retry_after_holds_every_new_request_back() {
        let window = Window::new(8);
        let started = tokio::time::Instant::now();
        window.busy(Some(Duration::from_millis(300)));
        drop(window.acquire().await);
        assert!(started.elapsed() >= Duration::from_millis(300), "{:?}", started.elapsed());
    }

    async fn acquire_n(window: &Window, n: usize) -> Vec<Permit<'_>> {
        let mut permits = Vec::new();
        for _ in 0..n {
            permits.push(window.acquire().await);
        }
        permits
    }
}
