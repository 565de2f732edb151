//! The app's logic without a window, against the real built-in sandbox and real caches: one test
//! binary (each file a binary of its own would link the whole stack again, and in the release
//! profile that `scripts/test.sh` tests in, instantiate it again).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)] // tests fail loudly

mod app;
mod association_types;
mod bindings;
mod connection_app;
mod gradebook;
mod outline;
mod relations;
mod roster_app;
mod roster_support;
mod send;

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, UNIX_EPOCH};

use cairn_explorer::app::{App, AppOptions};
use cairn_sandbox::auth::Entropy;
use cairn_sync::connections::{Keyring, SecretStore};

/// keyring-core's mock store as the process's default, set once for every module (a second
/// `set_default_store` would replace the store that the first module's secrets are in).
fn mock_keyring() -> Arc<dyn SecretStore> {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap()));
    Arc::new(Keyring::default_store().unwrap())
}

/// The app on `dir`, its keyring the mock store.
fn mock_keyring_app(dir: &Path) -> App {
    mock_keyring();
    App::new(AppOptions {
        data_dir: dir.to_owned(),
        entropy: Arc::new(cairn_sandbox::auth::SystemEntropy),
        clock: Arc::new(cairn_sync::SystemClock),
        on_cache_change: Box::new(|_| {}),
    })
    .unwrap()
    .with_secrets(Arc::new(|| Ok(mock_keyring())))
}

/// A fixed "now" for the apps of [`deterministic_app`]: 2026-09-21, in seconds since the epoch.
const NOW: u64 = 1_790_000_000;

/// Deterministic bytes: a counter.
struct Counter(AtomicU64);

impl Entropy for Counter {
    fn fill(&self, bytes: &mut [u8]) {
        for b in bytes {
            *b = self.0.fetch_add(1, Ordering::Relaxed) as u8;
        }
    }
}

/// The app on `dir` with deterministic entropy (a counter from `seed`) and a clock stopped at
/// `now` (seconds since the epoch), telling `on_cache_change` of each cache change.
fn deterministic_app(dir: &Path, seed: u64, now: u64, on_cache_change: Box<dyn Fn(&str) + Send + Sync>) -> App {
    App::new(AppOptions {
        data_dir: dir.to_owned(),
        entropy: Arc::new(Counter(AtomicU64::new(seed))),
        clock: Arc::new(move || UNIX_EPOCH + Duration::from_secs(now)),
        on_cache_change,
    })
    .expect("the app opens its data folder")
}
