//! The time a sync reads, injected so that tests are deterministic, written as the
//! specification writes `dateLastModified` (`YYYY-MM-DDThh:mm:ss.sssZ`).

use std::time::SystemTime;

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

#[cfg(test)]
mod tests {
    use std::time::{Duration, UNIX_EPOCH};

    use super::*;

    #[test]
    fn timestamps_are_utc_with_milliseconds() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        let t = UNIX_EPOCH + Duration::from_millis(1_754_049_600_250);
        assert_eq!(timestamp(t), "2025-08-01T12:00:00.250Z");
        assert_eq!(timestamp(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000-02-29T00:00:00.000Z");
    }
}
