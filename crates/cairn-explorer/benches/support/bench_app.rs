//! What the app benches share: an `App` on a data folder with deterministic entropy and a fixed
//! clock, and the median and millisecond formatting of their tables.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, UNIX_EPOCH};

use cairn_explorer::app::{App, AppOptions};
use cairn_sandbox::auth::Entropy;

/// Entropy that counts: the same bytes every run.
pub struct Counter(pub AtomicU64);

impl Entropy for Counter {
    fn fill(&self, bytes: &mut [u8]) {
        for b in bytes {
            *b = self.0.fetch_add(1, Ordering::Relaxed) as u8;
        }
    }
}

/// A new app on `dir` (its cache opened, nothing kept from an earlier app).
pub fn new_app(dir: &Path) -> App {
    App::new(AppOptions {
        data_dir: dir.to_owned(),
        entropy: Arc::new(Counter(AtomicU64::new(1))),
        clock: Arc::new(|| UNIX_EPOCH + Duration::from_secs(1_759_276_800)),
        on_cache_change: Box::new(|_| {}),
    })
    .expect("the app opens its data folder")
}

/// The median of `xs` (the upper one of an even count).
pub fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

/// `d` in milliseconds with one decimal, no unit.
pub fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}
