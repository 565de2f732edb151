//! `--chaos SEED`: deterministic faults for client tests. The n-th service request gets the
//! fault that a hash of (seed, n) picks: a 429 with `Retry-After`, a 500, a delay, a truncated
//! body, or nothing. The same seed gives the same sequence of faults.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A fault to inject into one answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// 429 `server_busy` with `Retry-After: 1`.
    Busy,
    /// 500 `internal_server_error`.
    Internal,
    /// Answer normally after this delay.
    Delay(Duration),
    /// Answer with only the first half of the body.
    Truncate,
}

/// The fault schedule.
#[derive(Debug)]
pub struct Chaos {
    seed: u64,
    requests: AtomicU64,
}

impl Chaos {
    /// A schedule for `seed`.
    pub fn new(seed: u64) -> Chaos {
        Chaos { seed, requests: AtomicU64::new(0) }
    }

    /// The fault for the next request, if any (about one request in four is disturbed).
    pub fn next(&self) -> Option<Fault> {
        let n = self.requests.fetch_add(1, Ordering::Relaxed);
        let roll = splitmix(self.seed ^ splitmix(n)) % 100;
        match roll {
            0..=7 => Some(Fault::Busy),
            8..=12 => Some(Fault::Internal),
            13..=20 => Some(Fault::Delay(Duration::from_millis(50 + roll * 10))),
            21..=24 => Some(Fault::Truncate),
            _ => None,
        }
    }
}

/// SplitMix64: a good, tiny mixing function.
fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_faults_and_every_kind_occurs() {
        let a: Vec<_> = (0..400)
            .map({
                let chaos = Chaos::new(7);
                move |_| chaos.next()
            })
            .collect();
        let b: Vec<_> = (0..400)
            .map({
                let chaos = Chaos::new(7);
                move |_| chaos.next()
            })
            .collect();
        assert_eq!(a, b);
        assert!(
            a.contains(&Some(Fault::Busy)) && a.contains(&Some(Fault::Internal)) && a.contains(&Some(Fault::Truncate))
        );
        assert!(a.iter().any(|f| matches!(f, Some(Fault::Delay(_)))));
        let clean = a.iter().filter(|f| f.is_none()).count();
        assert!((250..350).contains(&clean), "{clean}");
        let c: Vec<_> = (0..400)
            .map({
                let chaos = Chaos::new(8);
                move |_| chaos.next()
            })
            .collect();
        assert_ne!(a, c);
    }
}
