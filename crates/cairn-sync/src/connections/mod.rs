//! Saved connections: a provider's settings in the cache's `connections` table and its client
//! secret in the OS keyring (service [`KEYRING_SERVICE`], account `name@base_url`), never in
//! the cache.
//!
//! - [`add`] checks the settings (they must make a [`Client`]), stores the secret and the
//!   settings together: if either fails, neither is kept.
//! - [`list`] tells each connection's settings and whether the keyring holds its secret.
//! - [`remove`] deletes the settings, every record cached for the connection and the secret.
//!
//! Everything goes through the caller's [`CacheHandle`]; writes are IMMEDIATE transactions,
//! and no keyring call (D-Bus, perhaps an unlock prompt) runs inside one. The order keeps a
//! connection and its secret together: [`add`] writes the secret first and then commits the
//! row, deleting the secret again if the commit fails (a crash in between leaves a secret no
//! connection names — harmless, and overwritten by the next add of that name and URL — never
//! a saved connection without its secret); [`remove`] makes sure the keyring answers, commits
//! the row's deletion, then deletes the secret (a keyring failure at that point is reported
//! as [`ConnectionError::SecretLeft`], naming the account to clear by hand).
//! - [`edit`] changes a saved connection (its secret kept unless a new one is given) and
//!   [`duplicate`] copies one, secret included, without the secret leaving Rust.
//! - [`probe`] asks each service for a one-record page.
//! - [`client_config`] rebuilds a [`ClientConfig`] from a saved connection and its secret;
//!   [`test`] fetches a token with it and returns the granted scopes.

mod probe;
mod secrets;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use cairn_client::{Client, ClientConfig, ClientError, Secret};
use cairn_spec::{Dialect, Service};
use cairn_store::StoreError;
pub use cairn_store::cache::UnsentChanges;
use cairn_store::cache::{self, CacheHandle, ConnectionRow, NO_SETTINGS};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

pub use probe::{ServiceAnswer, probe};
pub use secrets::{KEYRING_SERVICE, Keyring, KeyringError, SecretStore};

/// Which layout a server follows: the specification's base paths and status prefix (`spec`),
/// or those of 1EdTech's references (`1edtech`) — `Dialect`'s presets, by name.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, TS)]
pub enum DialectName {
    /// The specification's (settings saved before the dialect was named read as it).
    #[default]
    #[serde(rename = "spec", alias = "")]
    Spec,
    /// 1EdTech's references'.
    #[serde(rename = "1edtech")]
    OneEdTech,
}

impl DialectName {
    /// Every dialect, in the order a choice lists them.
    pub const ALL: [DialectName; 2] = [DialectName::Spec, DialectName::OneEdTech];

    /// Its name, as settings and the command line write it.
    pub fn as_str(self) -> &'static str {
        match self {
            DialectName::Spec => "spec",
            DialectName::OneEdTech => "1edtech",
        }
    }

    /// The dialect named `word`, or an error that lists the names.
    pub fn parse(word: &str) -> Result<DialectName, ConnectionError> {
        DialectName::ALL
            .into_iter()
            .find(|d| d.as_str() == word.trim())
            .ok_or_else(|| invalid(format!("unknown dialect {word:?} (spec or 1edtech)")))
    }
}

/// What a saved connection keeps in the cache: everything but the secret (no field can hold
/// one).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConnectionSettings {
    /// The token endpoint; `None` for `{base_url}/token`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_url: Option<String>,
    /// OAuth 2.0 client id.
    pub client_id: String,
    /// The PEM certificate file to trust besides the system's roots (absolute), as chosen: read
    /// when the connection is saved, and shown to the user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ca_cert: Option<PathBuf>,
    /// The certificate itself, read from `ca_cert` when the connection was saved (a connection
    /// saved before this was kept reads its file when it connects).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ca_cert_pem: Option<String>,
    /// The dialect: the specification's layout or 1EdTech's.
    #[serde(default)]
    pub dialect: DialectName,
    /// Base paths of services that the server serves elsewhere than the dialect says
    /// (`/oneroster/v1p2` for rostering); the others keep the dialect's.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub base_paths: BTreeMap<Service, String>,
    /// Scopes to ask for (suffixes or full URLs); empty for the read-only scopes of what a
    /// sync reads.
    #[serde(default)]
    pub scopes: Vec<String>,
    /// The prefix short scope names are put under; `None` for the specification's, `""` to
    /// send the scopes exactly as given (`case.read`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scope_base: Option<String>,
    /// No authentication: no token URL, client or secret (public frameworks served
    /// anonymously); nothing goes to the keyring.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub anonymous: bool,
}

/// A connection to save: its settings and its secret.
#[derive(Debug, Clone)]
pub struct NewConnection {
    /// The unique name.
    pub name: String,
    /// `https://host[:port][/prefix]` (plain `http` only to loopback).
    pub base_url: String,
    /// Everything else but the secret.
    pub settings: ConnectionSettings,
    /// The client secret: goes to the keyring only.
    pub client_secret: Secret,
}

/// A saved connection as [`list`] tells it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ConnectionInfo {
    /// The unique name.
    pub name: String,
    /// The provider's base URL.
    pub base_url: String,
    /// The settings; `None` for a connection a sync or an import made without saving one.
    pub settings: Option<ConnectionSettings>,
    /// Whether the keyring holds the secret; `None` when the keyring could not be asked.
    pub secret_stored: Option<bool>,
}

/// Why a connection could not be saved, read, removed or tested. Never holds the secret.
#[derive(Debug, thiserror::Error)]
pub enum ConnectionError {
    /// The cache failed.
    #[error("the cache: {0}")]
    Cache(#[from] StoreError),
    /// The keyring failed.
    #[error(transparent)]
    Keyring(#[from] KeyringError),
    /// The connection was removed from the cache, but the keyring failed to delete its secret.
    #[error(
        "the connection {name:?} was removed, but its secret could not be deleted from the OS keyring \
         (account {account}): {source}"
    )]
    SecretLeft {
        /// The name.
        name: String,
        /// The keyring account still holding the secret.
        account: String,
        /// Why the keyring failed.
        source: KeyringError,
    },
    /// No connection by that name.
    #[error("no connection called {name:?} in the cache")]
    NotFound {
        /// The name asked for.
        name: String,
    },
    /// The name is in the cache already with other settings or another base URL.
    #[error("a connection called {name:?} already exists (for {base_url}); remove it first")]
    Exists {
        /// The name.
        name: String,
        /// Its base URL.
        base_url: String,
    },
    /// The connection is in the cache (from a sync or an import) but was never saved.
    #[error("the connection {name:?} has no saved settings; save it with `cairn connection add`")]
    NotSaved {
        /// The name.
        name: String,
    },
    /// The keyring has no secret for a saved connection.
    #[error("the OS keyring holds no secret for the connection {name:?} ({account}); add it again")]
    NoSecret {
        /// The name.
        name: String,
        /// The keyring account.
        account: String,
    },
    /// The settings are not usable.
    #[error("invalid connection settings: {reason}")]
    Invalid {
        /// Why.
        reason: String,
    },
    /// The saved settings cannot be read.
    #[error("the saved settings of {name:?} are unreadable: {source}")]
    Settings {
        /// The name.
        name: String,
        /// Why.
        source: serde_json::Error,
    },
    /// The client could not be built or the server refused it.
    #[error(transparent)]
    Client(#[from] ClientError),
}

/// The keyring account of a connection: `name@base_url`.
pub fn account(name: &str, base_url: &str) -> String {
    format!("{name}@{base_url}")
}

/// The [`ClientConfig`] of settings and a secret (reads the CA certificate file).
pub fn config_of(
    base_url: &str,
    settings: &ConnectionSettings,
    secret: Secret,
) -> Result<ClientConfig, ConnectionError> {
    let mut config = match settings.anonymous {
        true => ClientConfig::anonymous(base_url),
        false => ClientConfig::new(base_url, &settings.client_id, secret),
    };
    config.token_url = settings.token_url.clone();
    config.scopes = settings.scopes.clone();
    if let Some(base) = &settings.scope_base {
        config.scope_base = base.clone();
    }
    config.dialect = dialect_of(settings.dialect, &settings.base_paths)?;
    if let Some(pem) = &settings.ca_cert_pem {
        config.ca_cert_pem = Some(pem.clone().into_bytes());
    } else if let Some(path) = &settings.ca_cert {
        config.ca_cert_pem = Some(read_certificate(path)?.into_bytes());
    }
    Ok(config)
}

/// The dialect preset `name` with the services of `base_paths` moved: each path must start
/// with `/` and hold no query, fragment or space.
pub fn dialect_of(name: DialectName, base_paths: &BTreeMap<Service, String>) -> Result<Dialect, ConnectionError> {
    let mut dialect = Dialect::preset(name.as_str())
        .ok_or_else(|| invalid(format!("unknown dialect {:?} (spec or 1edtech)", name.as_str())))?;
    for (service, path) in base_paths {
        let path = path.trim();
        if !path.starts_with('/') || path.contains(['?', '#', ' ']) {
            return Err(invalid(format!(
                "the base path of {} must start with / and hold no query, fragment or space: {path:?}",
                service.as_str()
            )));
        }
        dialect = dialect.with_base_path(*service, path);
    }
    Ok(dialect)
}

/// The dialect of a connection in the cache, as its settings lay out its services (the
/// specification's for one a sync or an import made without settings): where its client sends
/// requests, and where references to its records point.
pub fn saved_dialect(row: &ConnectionRow) -> Result<Dialect, ConnectionError> {
    match settings_of(row)? {
        Some(settings) => dialect_of(settings.dialect, &settings.base_paths),
        None => Ok(Dialect::spec()),
    }
}

/// Reads `service=/path` (services as `cairn sync --only` names them), for the command line's
/// `--base-path`.
pub fn parse_base_path(text: &str) -> Result<(Service, String), ConnectionError> {
    let (service, path) = text
        .split_once('=')
        .ok_or_else(|| invalid(format!("{text:?} is not SERVICE=/path (rostering=/oneroster/v1p2)")))?;
    let service = crate::parse_service(service)
        .ok_or_else(|| invalid(format!("unknown service {service:?} (case, rostering, gradebook or resources)")))?;
    Ok((service, path.trim().to_owned()))
}

/// Saves a connection: checks that its settings make a client (nothing is sent), then writes
/// the secret to `secrets` and the settings to the cache: if either fails, neither is kept. A
/// connection a sync or an import made under the same name and base URL gets the settings (its
/// records stay); any other existing connection of that name is refused.
pub fn add(cache: &CacheHandle, new: &NewConnection, secrets: &dyn SecretStore) -> Result<(), ConnectionError> {
    let (settings, json) = checked(new, &new.client_secret, None)?;

    // Refused before the keyring is touched: an existing connection's secret stays as it is.
    let existing = cache.read_blocking(|conn| cache::connection(conn, &new.name))?;
    refuse_existing(existing, new)?;
    let save = |tx: &rusqlite::Transaction<'_>| -> Result<(), ConnectionError> {
        // Checked again inside the write: another writer may have saved the name meanwhile.
        refuse_existing(cache::connection(tx, &new.name)?, new)?;
        cache::save_connection(tx, &new.name, &new.base_url, &json)?;
        Ok(())
    };
    if settings.anonymous {
        return cache.write_blocking(save);
    }
    let account = account(&new.name, &new.base_url);
    secrets.set(&account, &new.client_secret)?;
    match cache.write_blocking(save) {
        Ok(()) => Ok(()),
        // Another add saved the same name and base URL meanwhile: the account is its own now
        // (the keyring's last write won), so the secret stays with it.
        Err(ConnectionError::Exists { name, base_url }) if base_url == new.base_url => {
            Err(ConnectionError::Exists { name, base_url })
        }
        Err(e) => {
            // Best effort: a secret left behind names no connection, and the next add of this
            // name and URL overwrites it.
            let _ = secrets.delete(&account);
            Err(e)
        }
    }
}

/// The PEM certificate at `path`, read whole; an error that says what is wrong with the file
/// without quoting it.
fn read_certificate(path: &Path) -> Result<String, ConnectionError> {
    let cannot = |why: String| invalid(format!("the CA certificate {}: {why}", path.display()));
    let bytes = std::fs::read(path).map_err(|e| cannot(format!("cannot be read ({e})")))?;
    let text = String::from_utf8(bytes).map_err(|_| cannot("is not a PEM file (not text)".into()))?;
    if !text.contains("-----BEGIN CERTIFICATE-----") {
        return Err(cannot("is not a PEM certificate (no BEGIN CERTIFICATE line)".into()));
    }
    Ok(text)
}

/// The settings of `new` checked (with `secret` standing for its secret), with the CA
/// certificate read now from its path made absolute — or, when the file that `stored` was saved
/// with cannot be read any more, the certificate kept — and as the cache keeps them.
fn checked(
    new: &NewConnection,
    secret: &Secret,
    stored: Option<&ConnectionSettings>,
) -> Result<(ConnectionSettings, String), ConnectionError> {
    if new.name.trim().is_empty() {
        return Err(invalid("the name is empty".into()));
    }
    if new.settings.anonymous {
        if new.settings.token_url.is_some() || !new.settings.client_id.is_empty() || !new.client_secret.is_empty() {
            return Err(invalid("a connection without authentication takes no token URL, client id or secret".into()));
        }
    } else if new.settings.client_id.is_empty() {
        return Err(invalid("the client id is empty".into()));
    } else if secret.is_empty() {
        return Err(invalid("the client secret is empty".into()));
    }
    let mut settings = new.settings.clone();
    settings.ca_cert_pem = None;
    if let Some(path) = &settings.ca_cert {
        let path = std::path::absolute(path).map_err(|e| invalid(format!("{}: {e}", path.display())))?;
        let kept = stored.filter(|s| s.ca_cert.as_deref() == Some(path.as_path())).and_then(|s| s.ca_cert_pem.clone());
        settings.ca_cert_pem = Some(match (read_certificate(&path), kept) {
            (Ok(pem), _) => pem,
            (Err(_), Some(kept)) => kept,
            (Err(e), None) => return Err(e),
        });
        settings.ca_cert = Some(path);
    }
    Client::new(config_of(&new.base_url, &settings, secret.clone())?)?;
    let json = serde_json::to_string(&settings).map_err(|e| invalid(e.to_string()))?;
    Ok((settings, json))
}

/// Changes the connection called `original` to `new`: its name, base URL and settings, and its
/// secret when `new` brings one (an empty secret keeps the stored one). A new name must be
/// free; a new base URL is refused while records of the old source are cached under it. The
/// secret moves with the account (`name@base_url`): written first, the row committed, then the
/// old account deleted; if the commit fails the keyring is put back as it was.
pub fn edit(
    cache: &CacheHandle,
    original: &str,
    new: &NewConnection,
    secrets: &dyn SecretStore,
) -> Result<(), ConnectionError> {
    let row = cache
        .read_blocking(|conn| cache::connection(conn, original))?
        .ok_or_else(|| ConnectionError::NotFound { name: original.to_owned() })?;
    let old_account = account(&row.name, &row.base_url);
    let new_account = account(&new.name, &new.base_url);
    let secret = match (new.settings.anonymous, new.client_secret.is_empty()) {
        (true, _) | (false, false) => new.client_secret.clone(),
        (false, true) => secrets
            .get(&old_account)?
            .ok_or_else(|| ConnectionError::NoSecret { name: original.to_owned(), account: old_account.clone() })?,
    };
    let (_, json) = checked(new, &secret, settings_of(&row)?.as_ref())?;
    let id = row.id;
    let update = |tx: &rusqlite::Transaction<'_>| -> Result<(), ConnectionError> {
        if new.name != original
            && let Some(other) = cache::connection(tx, &new.name)?
        {
            return Err(ConnectionError::Exists { name: new.name.clone(), base_url: other.base_url });
        }
        if new.base_url.trim_end_matches('/') != row.base_url.trim_end_matches('/') && cache::record_count(tx, id)? > 0
        {
            return Err(invalid(format!(
                "{original:?} holds records from {}: to use {} add a new connection (Duplicate), then remove this one",
                row.base_url, new.base_url
            )));
        }
        cache::update_connection(tx, id, &new.name, &new.base_url, &json)?;
        Ok(())
    };
    if new.settings.anonymous {
        cache.write_blocking(update)?;
        // Best effort: a secret nothing names any more.
        let _ = secrets.delete(&old_account);
        return Ok(());
    }
    let before = secrets.get(&new_account)?;
    secrets.set(&new_account, &secret)?;
    if let Err(error) = cache.write_blocking(update) {
        let _ = match before {
            Some(before) => secrets.set(&new_account, &before),
            None => secrets.delete(&new_account).map(drop),
        };
        return Err(error);
    }
    if new_account != old_account {
        secrets.delete(&old_account).map_err(|source| ConnectionError::SecretLeft {
            name: original.to_owned(),
            account: old_account,
            source,
        })?;
    }
    Ok(())
}

/// Saves a copy of the connection `name` as `copy`: the same settings and, in the keyring, the
/// same secret (which never leaves Rust).
pub fn duplicate(
    cache: &CacheHandle,
    name: &str,
    copy: &str,
    secrets: &dyn SecretStore,
) -> Result<(), ConnectionError> {
    let (base_url, settings) = load(cache, name)?;
    let client_secret = match settings.anonymous {
        true => Secret::new(""),
        false => {
            let account = account(name, &base_url);
            secrets.get(&account)?.ok_or_else(|| ConnectionError::NoSecret { name: name.to_owned(), account })?
        }
    };
    add(cache, &NewConnection { name: copy.to_owned(), base_url, settings, client_secret }, secrets)
}

/// [`ConnectionError::Exists`] when `existing` is a saved connection, or one made under another
/// base URL.
fn refuse_existing(existing: Option<ConnectionRow>, new: &NewConnection) -> Result<(), ConnectionError> {
    match existing {
        Some(existing) if existing.settings != NO_SETTINGS || existing.base_url != new.base_url => {
            Err(ConnectionError::Exists { name: new.name.clone(), base_url: existing.base_url })
        }
        _ => Ok(()),
    }
}

/// Every connection in the cache, by name, with whether `secrets` holds its secret (`None`
/// without a keyring, or for connections never saved).
pub fn list(cache: &CacheHandle, secrets: Option<&dyn SecretStore>) -> Result<Vec<ConnectionInfo>, ConnectionError> {
    let rows = cache.read_blocking(cache::connections)?;
    let mut out = Vec::with_capacity(rows.len());
    for row in rows {
        let settings = settings_of(&row)?;
        let secret_stored = match (&settings, secrets) {
            (Some(_), Some(secrets)) => Some(secrets.contains(&account(&row.name, &row.base_url))?),
            _ => None,
        };
        out.push(ConnectionInfo { name: row.name, base_url: row.base_url, settings, secret_stored });
    }
    Ok(out)
}

/// Removes the connection called `name`: its settings, every record, link, search entry and
/// journal line cached for it, its outbox, and its secret. Returns whether the secret was in
/// the keyring. Unsent gradebook changes refuse it (`StoreError::UnsentChanges`, nothing
/// removed) unless `unsent` is [`UnsentChanges::Discard`]. A keyring that does not answer
/// leaves everything as it was; one that fails after the cache's commit is
/// [`ConnectionError::SecretLeft`].
pub fn remove(
    cache: &CacheHandle,
    name: &str,
    unsent: UnsentChanges,
    secrets: &dyn SecretStore,
) -> Result<bool, ConnectionError> {
    let row = cache
        .read_blocking(|conn| cache::connection(conn, name))?
        .ok_or_else(|| ConnectionError::NotFound { name: name.to_owned() })?;
    let account = account(&row.name, &row.base_url);
    // The keyring must answer before anything is deleted.
    secrets.contains(&account)?;
    let removed = cache.write_blocking(|tx| cache::remove_connection(tx, name, unsent))?;
    if !removed {
        return Err(ConnectionError::NotFound { name: name.to_owned() });
    }
    secrets.delete(&account).map_err(|source| ConnectionError::SecretLeft { name: name.to_owned(), account, source })
}

/// The saved settings of `name` with its base URL.
pub fn load(cache: &CacheHandle, name: &str) -> Result<(String, ConnectionSettings), ConnectionError> {
    let row = cache
        .read_blocking(|conn| cache::connection(conn, name))?
        .ok_or_else(|| ConnectionError::NotFound { name: name.to_owned() })?;
    let settings = settings_of(&row)?.ok_or_else(|| ConnectionError::NotSaved { name: name.to_owned() })?;
    Ok((row.base_url, settings))
}

/// The client configuration of the saved connection `name`, its secret from `secrets`.
pub fn client_config(
    cache: &CacheHandle,
    name: &str,
    secrets: &dyn SecretStore,
) -> Result<ClientConfig, ConnectionError> {
    let (base_url, settings) = load(cache, name)?;
    if settings.anonymous {
        return config_of(&base_url, &settings, Secret::new(""));
    }
    let account = account(name, &base_url);
    let secret = secrets.get(&account)?.ok_or_else(|| ConnectionError::NoSecret { name: name.to_owned(), account })?;
    config_of(&base_url, &settings, secret)
}

/// [`client_config`] with the keyring opened only when the connection has a secret (one
/// without authentication needs no keyring).
pub fn saved_client_config(
    cache: &CacheHandle,
    name: &str,
    open_secrets: &dyn Fn() -> Result<Box<dyn SecretStore>, ConnectionError>,
) -> Result<ClientConfig, ConnectionError> {
    let (base_url, settings) = load(cache, name)?;
    match settings.anonymous {
        true => config_of(&base_url, &settings, Secret::new("")),
        false => client_config(cache, name, open_secrets()?.as_ref()),
    }
}

/// Fetches a token with `config` and returns the granted scopes (suffixes such as
/// `roster-core.readonly`; none without authentication); the server's refusal comes back as
/// [`ConnectionError::Client`].
pub async fn test(config: ClientConfig) -> Result<Vec<String>, ConnectionError> {
    let client = Client::new(config)?;
    let mut scopes = client.granted_scopes().await?;
    scopes.sort();
    Ok(scopes)
}

fn settings_of(row: &ConnectionRow) -> Result<Option<ConnectionSettings>, ConnectionError> {
    if row.settings == NO_SETTINGS {
        return Ok(None);
    }
    serde_json::from_str(&row.settings)
        .map(Some)
        .map_err(|source| ConnectionError::Settings { name: row.name.clone(), source })
}

fn invalid(reason: String) -> ConnectionError {
    ConnectionError::Invalid { reason }
}
