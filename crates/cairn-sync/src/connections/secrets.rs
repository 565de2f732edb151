//! Where client secrets live: [`SecretStore`], and [`Keyring`], the OS keyring (the Secret
//! Service on Linux, the Keychain on macOS, the Credential Manager on Windows) or any
//! keyring-core store, such as `keyring_core::mock::Store` in tests.

use std::sync::Arc;

use cairn_client::Secret;
use keyring_core::{CredentialStore, Entry, Error};

/// The keyring service every Cairn secret is stored under.
pub const KEYRING_SERVICE: &str = "cairn";

#[cfg(all(unix, not(any(target_os = "macos", target_os = "ios", target_os = "android"))))]
const UNAVAILABLE: &str = "the OS keyring is not available (no Secret Service on D-Bus)";
#[cfg(not(all(unix, not(any(target_os = "macos", target_os = "ios", target_os = "android")))))]
const UNAVAILABLE: &str = "the OS keyring is not available";

/// Why a secret could not be stored, read or deleted. Never holds the secret.
#[derive(Debug, thiserror::Error)]
pub enum KeyringError {
    /// No keyring to talk to (on Linux: no D-Bus session or no Secret Service on it).
    #[error("{UNAVAILABLE}: {reason}")]
    Unavailable {
        /// What the platform said.
        reason: String,
    },
    /// The keyring refused or failed (locked, access denied, ...).
    #[error("the OS keyring failed for {account}: {reason}")]
    Failed {
        /// The keyring account (`name@base_url`).
        account: String,
        /// What the keyring said.
        reason: String,
    },
}

/// Secrets by account, under the service [`KEYRING_SERVICE`].
pub trait SecretStore: Send + Sync {
    /// Stores (or replaces) the secret of `account`.
    fn set(&self, account: &str, secret: &Secret) -> Result<(), KeyringError>;
    /// The secret of `account`, if there is one.
    fn get(&self, account: &str) -> Result<Option<Secret>, KeyringError>;
    /// Whether `account` has a secret, without reading it.
    fn contains(&self, account: &str) -> Result<bool, KeyringError>;
    /// Deletes the secret of `account`; returns whether there was one.
    fn delete(&self, account: &str) -> Result<bool, KeyringError>;
}

/// A keyring-core credential store: the OS one ([`Keyring::os`]) or any other.
#[derive(Clone)]
pub struct Keyring {
    store: Arc<CredentialStore>,
}

impl std::fmt::Debug for Keyring {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Keyring").field("vendor", &self.store.vendor()).finish()
    }
}

impl Keyring {
    /// The platform's keyring, connected once per process. Fails with
    /// [`KeyringError::Unavailable`] when there is none (on Linux: no D-Bus session bus or no
    /// Secret Service provider such as GNOME Keyring or KWallet on it); never falls back to a file.
    pub fn os() -> Result<Keyring, KeyringError> {
        match keyring::Entry::store_status() {
            Ok(()) => Keyring::default_store(),
            Err(error) => Err(KeyringError::Unavailable { reason: error.to_string() }),
        }
    }

    /// The store set with `keyring_core::set_default_store` (tests install the mock store).
    pub fn default_store() -> Result<Keyring, KeyringError> {
        keyring_core::get_default_store()
            .map(Keyring::with_store)
            .ok_or_else(|| KeyringError::Unavailable { reason: "no credential store is set".into() })
    }

    /// A given store.
    pub fn with_store(store: Arc<CredentialStore>) -> Keyring {
        Keyring { store }
    }

    fn entry(&self, account: &str) -> Result<Entry, KeyringError> {
        self.store.build(KEYRING_SERVICE, account, None).map_err(|e| failed(account, &e))
    }
}

impl SecretStore for Keyring {
    fn set(&self, account: &str, secret: &Secret) -> Result<(), KeyringError> {
        self.entry(account)?.set_password(secret.expose()).map_err(|e| failed(account, &e))
    }

    fn get(&self, account: &str) -> Result<Option<Secret>, KeyringError> {
        match self.entry(account)?.get_password() {
            Ok(value) => Ok(Some(Secret::new(value))),
            Err(Error::NoEntry) => Ok(None),
            Err(e) => Err(failed(account, &e)),
        }
    }

    fn contains(&self, account: &str) -> Result<bool, KeyringError> {
        match self.entry(account)?.get_credential() {
            Ok(_) => Ok(true),
            Err(Error::NoEntry) => Ok(false),
            Err(e) => Err(failed(account, &e)),
        }
    }

    fn delete(&self, account: &str) -> Result<bool, KeyringError> {
        match self.entry(account)?.delete_credential() {
            Ok(()) => Ok(true),
            Err(Error::NoEntry) => Ok(false),
            Err(e) => Err(failed(account, &e)),
        }
    }
}

/// A keyring error without its payload (a badly encoded secret's bytes are never shown).
fn failed(account: &str, error: &Error) -> KeyringError {
    let reason = match error {
        Error::BadEncoding(_) => "the stored secret is not UTF-8".to_owned(),
        Error::BadDataFormat(_, _) => "the stored secret is malformed".to_owned(),
        Error::Ambiguous(entries) => format!("{} credentials match", entries.len()),
        other => other.to_string(),
    };
    KeyringError::Failed { account: account.to_owned(), reason }
}
