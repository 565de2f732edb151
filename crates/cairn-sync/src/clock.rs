//! The time a sync reads, injected so that tests are deterministic, written as the
//! specification writes `dateLastModified` (`YYYY-MM-DDThh:mm:ss.sssZ`).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Where a sync gets the current time from (journal times and the incremental filter).
pub trait Clock: Send + Sync {
    /// Now.
    fn now(&self) -> SystemTime;
}

/// The system clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> SystemTime {
        SystemTime::now()
    }
}

impl<F: Fn() -> SystemTime + Send + Sync> Clock for F {
    fn now(&self) -> SystemTime {
        self()
    }
}

/// `time` in UTC as `YYYY-MM-DDThh:mm:ss.sssZ` (times before 1970 are written as 1970).
pub fn timestamp(time: SystemTime) -> String {
    cairn_spec::time::timestamp(time)
}

/// The timestamp `by` earlier than `time` (itself a timestamp), or `time` as given when it
/// cannot be read.
pub(crate) fn earlier(time: &str, by: Duration) -> String {
    let Some(instant) = cairn_spec::time::Instant::parse(time) else { return time.to_owned() };
    let nanos = instant.nanos().saturating_sub(by.as_nanos() as i128).max(0);
    let earlier = u64::try_from(nanos).map_or(UNIX_EPOCH, |n| UNIX_EPOCH + Duration::from_nanos(n));
    timestamp(earlier)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_utc_with_milliseconds() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let t = UNIX_EPOCH + Duration::from_millis(1_754_049_600_250);
        assert_eq!(timestamp(t), "2025-08-01T12:00:00.250Z");
        assert_eq!(timestamp(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000-02-29T00:00:00.000Z");
    }

    #[test]
    fn earlier_goes_back_across_days_and_keeps_what_it_cannot_read() {
        let five = Duration::from_secs(300);
        assert_eq!(earlier("2026-01-01T00:02:00.250Z", five), "2025-12-31T23:57:00.250Z");
        assert_eq!(earlier("2026-01-01T00:02:00+01:00", five), "2025-12-31T22:57:00.000Z");
        assert_eq!(earlier("1970-01-01T00:01:00Z", five), "1970-01-01T00:00:00.000Z");
        assert_eq!(earlier("yesterday", five), "yesterday");
    }
}
