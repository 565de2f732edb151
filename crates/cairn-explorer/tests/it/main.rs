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

use cairn_explorer::app::{App, AppOptions};
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
