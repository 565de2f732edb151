//! When and how long to wait before trying a request again: exponential backoff with jitter,
//! `Retry-After` honoured, everything capped; which failures may be retried for which method.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cairn_spec::operations::Method;

/// How failed requests are retried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included (1 never retries).
    pub max_attempts: u32,
    /// The first backoff; each further one doubles, with jitter.
    pub base_delay: Duration,
    /// The longest wait: backoff is cut to it, and a `Retry-After` beyond it ends the retries
    /// (the error is returned rather than calling back early).
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy { max_attempts: 6, base_delay: Duration::from_millis(200), max_delay: Duration::from_secs(20) }
    }
}

impl RetryPolicy {
    /// No retries at all.
    pub fn none() -> RetryPolicy {
        RetryPolicy { max_attempts: 1, ..RetryPolicy::default() }
    }

    /// The wait before attempt `attempt + 1` after attempt `attempt` (1-based) failed, given
    /// the server's `Retry-After`; `None` when no attempt is left or the server asks for
    /// longer than `max_delay`.
    pub fn delay(&self, attempt: u32, retry_after: Option<Duration>) -> Option<Duration> {
        if attempt >= self.max_attempts {
            return None;
        }
        let exponent = attempt.saturating_sub(1).min(20);
        let backoff = self.base_delay.saturating_mul(1u32 << exponent).min(self.max_delay);
        // "Equal jitter": half the backoff for sure, the other half at random.
        let half = backoff / 2;
        let jittered = half + random_below(half);
        match retry_after {
            Some(wait) if wait > self.max_delay => None,
            Some(wait) => Some(wait.max(jittered) + random_below(self.base_delay / 4)),
            None => Some(jittered),
        }
    }
}

/// Whether a response with `status` may be sent again: 429 and 503 always (the server did not
/// act on it), other 5xx only for GET and PUT (repeating them changes nothing). POST and DELETE
/// are never repeated after the server may have acted on them.
pub(crate) fn status_is_retryable(status: u16, method: Method) -> bool {
    match status {
        429 | 503 => true,
        500 | 502 | 504 => idempotent(method),
        _ => false,
    }
}

/// Methods whose repetition has the effect of one call: reads and PUTs.
pub(crate) fn idempotent(method: Method) -> bool {
    matches!(method, Method::Get | Method::Put)
}

/// Reads `Retry-After`: delay-seconds or an HTTP-date (`Wed, 21 Oct 2015 07:28:00 GMT`).
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if let Ok(seconds) = value.parse::<u64>() {
        return Some(Duration::from_secs(seconds));
    }
    let at = parse_http_date(value)?;
    Some(at.duration_since(now).unwrap_or_default())
}

/// An HTTP-date (IMF-fixdate, and the obsolete RFC 850 and asctime forms), through `httpdate`.
fn parse_http_date(value: &str) -> Option<SystemTime> {
    httpdate::parse_http_date(value).ok()
}

/// A uniformly distributed duration in `[0, bound)` (zero for a zero bound).
fn random_below(bound: Duration) -> Duration {
    let nanos = bound.as_nanos().min(u128::from(u64::MAX)) as u64;
    if nanos == 0 {
        return Duration::ZERO;
    }
    Duration::from_nanos(next_random() % nanos)
}

/// SplitMix64 over a counter seeded from the clock: jitter needs spread, not secrecy.
fn next_random() -> u64 {
    static STATE: AtomicU64 = AtomicU64::new(0);
    let seed = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(7);
    let x = STATE.fetch_add(0x9e37_79b9_7f4a_7c15, Ordering::Relaxed) ^ seed;
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_with_jitter_and_is_capped() {
        let policy = RetryPolicy {
            max_attempts: 8,
            base_delay: Duration::from_millis(100),
            max_delay: Duration::from_millis(500),
        };
        for _ in 0..50 {
            let first = policy.delay(1, None).unwrap();
            assert!(first >= Duration::from_millis(50) && first < Duration::from_millis(100), "{first:?}");
            let third = policy.delay(3, None).unwrap();
            assert!(third >= Duration::from_millis(200) && third < Duration::from_millis(400), "{third:?}");
            let late = policy.delay(7, None).unwrap();
            assert!(late >= Duration::from_millis(250) && late <= Duration::from_millis(500), "{late:?}");
        }
        assert_eq!(policy.delay(8, None), None, "no attempt left");
        assert_eq!(RetryPolicy::none().delay(1, None), None);
    }

    #[test]
    fn retry_after_is_honoured_or_ends_the_retries() {
        let policy =
            RetryPolicy { max_attempts: 3, base_delay: Duration::from_millis(100), max_delay: Duration::from_secs(2) };
        let wait = policy.delay(1, Some(Duration::from_secs(1))).unwrap();
        assert!(wait >= Duration::from_secs(1) && wait < Duration::from_millis(1025), "{wait:?}");
        assert_eq!(policy.delay(1, Some(Duration::from_secs(3))), None);
    }

    #[test]
    fn retry_after_forms() {
        let now = UNIX_EPOCH + Duration::from_secs(1_445_412_470);
        assert_eq!(parse_retry_after(" 7 ", now), Some(Duration::from_secs(7)));
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now), Some(Duration::from_secs(10)));
        assert_eq!(parse_retry_after("Wed, 21 Oct 2015 07:20:00 GMT", now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("Wed, 21 Foo 2015 07:28:00 GMT", now), None);
        assert_eq!(parse_retry_after("Wednesday, 21-Oct-15 07:28:00 GMT", now), Some(Duration::from_secs(10)));
        assert_eq!(parse_retry_after("99999999999999999999999", now), None);
    }

    #[test]
    fn which_methods_repeat() {
        assert!(status_is_retryable(429, Method::Post) && status_is_retryable(503, Method::Delete));
        assert!(status_is_retryable(500, Method::Get) && status_is_retryable(502, Method::Put));
        assert!(!status_is_retryable(500, Method::Post) && !status_is_retryable(500, Method::Delete));
        assert!(!status_is_retryable(404, Method::Get) && !status_is_retryable(401, Method::Get));
    }
}
