//! `--rate-limit N`: at most N requests per second per client (a token bucket of N, refilled
//! continuously); beyond it, 429 `server_busy` with `Retry-After`.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, SystemTime};

/// Token buckets per client key.
#[derive(Debug)]
pub struct RateLimiter {
    per_second: f64,
    buckets: Mutex<HashMap<String, (f64, SystemTime)>>,
}

impl RateLimiter {
    /// `per_second` requests per second per key (at least 1).
    pub fn new(per_second: u32) -> RateLimiter {
        RateLimiter { per_second: f64::from(per_second.max(1)), buckets: Mutex::new(HashMap::new()) }
    }

    /// Takes one request for `key` at `now`; `Err(wait)` when over the limit.
    pub fn check(&self, key: &str, now: SystemTime) -> Result<(), Duration> {
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        let (tokens, last) = buckets.entry(key.to_owned()).or_insert((self.per_second, now));
        let elapsed = now.duration_since(*last).unwrap_or_default().as_secs_f64();
        *tokens = (*tokens + elapsed * self.per_second).min(self.per_second);
        *last = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - *tokens) / self.per_second))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_of_n_then_one_per_interval() {
        let limiter = RateLimiter::new(2);
        let t0 = SystemTime::UNIX_EPOCH + Duration::from_secs(100);
        assert!(limiter.check("a", t0).is_ok());
        assert!(limiter.check("a", t0).is_ok());
        let wait = limiter.check("a", t0).unwrap_err();
        assert!(wait > Duration::from_millis(400) && wait <= Duration::from_millis(500), "{wait:?}");
        assert!(limiter.check("b", t0).is_ok(), "keys are independent");
        assert!(limiter.check("a", t0 + Duration::from_millis(500)).is_ok());
        let wait = limiter.check("a", t0 + Duration::from_millis(500)).unwrap_err();
        assert!(wait > Duration::ZERO && wait <= Duration::from_millis(500), "{wait:?}");
    }
}
