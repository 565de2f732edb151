//! `--net-delay MS --net-rate MBIT`: a slow link in front of the whole server. Every request is
//! answered `delay` later (a round trip), and the bytes of every answer (as sent: compressed,
//! when they are) go through one [`Link`] shared by all connections, so the server as a whole
//! sends at most `rate` bits per second. The schedule is pure arithmetic over instants
//! ([`Link::reserve`]), tested without waiting; the body wrapper sleeps on tokio's clock.

use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::task::{Context, Poll, ready};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use http_body::{Body as HttpBody, Frame, SizeHint};
use tokio::time::{Instant, Sleep};

/// The most bytes sent in one go: larger frames are cut, so connections sharing the link
/// take turns instead of one answer holding it for a whole page.
const SLICE: usize = 16 * 1024;

/// A link: its delay and its bandwidth (shared by every connection of the server it is given
/// to; clones share it too).
#[derive(Debug, Clone)]
pub struct NetLink {
    /// Added before every request is handled.
    pub delay: Duration,
    /// The answers' bandwidth; `None`: unlimited.
    pub link: Option<Arc<Link>>,
}

impl NetLink {
    /// A link of `delay` and `megabits` per second (a megabit is 10⁶ bits).
    pub fn new(delay: Duration, megabits: Option<f64>) -> NetLink {
        let rate = megabits.filter(|m| *m > 0.0).map(|m| m * 1_000_000.0 / 8.0);
        NetLink { delay, link: rate.map(|rate| Arc::new(Link::new(rate))) }
    }

    /// The bandwidth in bytes per second, when limited.
    pub fn bytes_per_second(&self) -> Option<f64> {
        self.link.as_ref().map(|l| l.bytes_per_second)
    }

    /// The answer bytes sent through the link so far (as sent: compressed when they are).
    pub fn bytes_sent(&self) -> u64 {
        self.link.as_ref().map_or(0, |l| l.sent.load(Ordering::Relaxed))
    }
}

/// The shared bandwidth: when the link is next free.
#[derive(Debug)]
pub struct Link {
    bytes_per_second: f64,
    free_at: Mutex<Option<Instant>>,
    sent: AtomicU64,
}

impl Link {
    /// A link sending `bytes_per_second`.
    pub fn new(bytes_per_second: f64) -> Link {
        Link { bytes_per_second: bytes_per_second.max(1.0), free_at: Mutex::new(None), sent: AtomicU64::new(0) }
    }

    /// Books `bytes` on the link at `now`: they start when the link is free (now, or when
    /// the bytes booked before them are through) and are through at the returned instant.
    pub fn reserve(&self, bytes: usize, now: Instant) -> Instant {
        self.sent.fetch_add(bytes as u64, Ordering::Relaxed);
        let mut free_at = self.free_at.lock().unwrap_or_else(PoisonError::into_inner);
        let start = free_at.map_or(now, |free| free.max(now));
        let done = start + Duration::from_secs_f64(bytes as f64 / self.bytes_per_second);
        *free_at = Some(done);
        done
    }
}

/// The middleware: delays the request, then meters the answer's body through the link.
pub(crate) async fn shape(State(settings): State<NetLink>, request: Request, next: Next) -> Response {
    if !settings.delay.is_zero() {
        tokio::time::sleep(settings.delay).await;
    }
    let response = next.run(request).await;
    match &settings.link {
        Some(shared) => response.map(|body| Body::new(Metered::new(body, shared.clone()))),
        None => response,
    }
}

/// A body whose bytes are let through at the link's pace.
pub struct Metered {
    inner: Body,
    link: Arc<Link>,
    /// Bytes read from the inner body, not yet sent.
    pending: Bytes,
    /// The slice being sent, with the sleep until it is through.
    sending: Option<(Bytes, Pin<Box<Sleep>>)>,
}

impl Metered {
    /// `inner` through `link`.
    pub fn new(inner: Body, link: Arc<Link>) -> Metered {
        Metered { inner, link, pending: Bytes::new(), sending: None }
    }
}

impl HttpBody for Metered {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        let this = &mut *self;
        loop {
            if let Some((_, sleep)) = &mut this.sending {
                ready!(sleep.as_mut().poll(cx));
            }
            if let Some((slice, _)) = this.sending.take() {
                return Poll::Ready(Some(Ok(Frame::data(slice))));
            }
            if !this.pending.is_empty() {
                let slice = this.pending.split_to(this.pending.len().min(SLICE));
                let done = this.link.reserve(slice.len(), Instant::now());
                this.sending = Some((slice, Box::pin(tokio::time::sleep_until(done))));
                continue;
            }
            match ready!(Pin::new(&mut this.inner).poll_frame(cx)) {
                Some(Ok(frame)) => match frame.into_data() {
                    Ok(data) => this.pending = data,
                    // Trailers pass as they are.
                    Err(frame) => return Poll::Ready(Some(Ok(frame))),
                },
                other => return Poll::Ready(other),
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.sending.is_none() && self.pending.is_empty() && self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        let held = (self.pending.len() + self.sending.as_ref().map_or(0, |(s, _)| s.len())) as u64;
        let inner = self.inner.size_hint();
        let mut hint = SizeHint::new();
        hint.set_lower(inner.lower() + held);
        if let Some(upper) = inner.upper() {
            hint.set_upper(upper + held);
        }
        hint
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_queue_behind_each_other_at_the_rate() {
        // 1 MB/s: 1000 bytes take a millisecond.
        let link = Link::new(1_000_000.0);
        let t0 = Instant::now();
        assert_eq!(link.reserve(1000, t0), t0 + Duration::from_millis(1));
        // A second answer at the same moment waits for the first (one link for all).
        assert_eq!(link.reserve(2000, t0), t0 + Duration::from_millis(3));
        // Later than the link is free: starts at once.
        let later = t0 + Duration::from_secs(1);
        assert_eq!(link.reserve(500, later), later + Duration::from_micros(500));
        assert_eq!(link.sent.load(Ordering::Relaxed), 3500);
        assert_eq!(NetLink::new(Duration::ZERO, Some(50.0)).bytes_per_second(), Some(6_250_000.0));
        assert_eq!(NetLink::new(Duration::ZERO, Some(0.0)).bytes_per_second(), None);
    }

    #[tokio::test]
    async fn a_body_takes_its_size_over_the_rate() {
        let link = Arc::new(Link::new(100_000.0));
        let started = Instant::now();
        let body = Body::new(Metered::new(Body::from(vec![b'x'; 50_000]), link.clone()));
        let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        assert_eq!(bytes.len(), 50_000);
        // 50 kB at 100 kB/s: never sooner (the real clock, so only a loose bound above).
        let took = Instant::now() - started;
        assert!(took >= Duration::from_millis(500) && took < Duration::from_secs(5), "{took:?}");
    }
}
