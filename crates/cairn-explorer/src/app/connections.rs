//! The Connections area's commands on [`App`]: list, save (add or edit), duplicate, remove and
//! test saved connections, sync one with progress per collection, and the journal's word on
//! each collection. Keyring and cache calls run on the blocking pool; the secret goes from the
//! form to the keyring and is never answered back.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use cairn_client::{Client, ClientConfig, Secret};
use cairn_spec::Service;

use super::connection_types::*;
use super::error::{AppError, ErrorCode};
use super::frameworks::source_kind;
use super::{App, BUILTIN_CONNECTION};
use cairn_files::progress::OnProgress;
use cairn_sync::connections::{self, ConnectionInfo, ConnectionSettings, KeyringError, NewConnection, SecretStore};
use cairn_sync::{SyncMode, SyncOptions, SyncOutcome, SyncReport};

/// Opens the secret store (the OS keyring in the app; a mock in tests).
pub type OpenSecrets = Arc<dyn Fn() -> Result<Arc<dyn SecretStore>, KeyringError> + Send + Sync>;

/// The OS keyring.
pub(crate) fn os_keyring() -> OpenSecrets {
    Arc::new(|| Ok(Arc::new(connections::Keyring::os()?) as Arc<dyn SecretStore>))
}

/// The task name a connection's sync runs (and is cancelled) as.
pub fn sync_task(connection: &str) -> String {
    format!("sync:{connection}")
}

impl App {
    /// Uses `open` for the secret store instead of the OS keyring (tests).
    pub fn with_secrets(mut self, open: OpenSecrets) -> App {
        self.secrets = open;
        self
    }

    /// Every connection with its settings (never a secret), and why the keyring cannot be used
    /// when it cannot.
    pub async fn connections(&self) -> Result<ConnectionList, AppError> {
        let (cache, open) = (self.cache.clone(), self.secrets.clone());
        cairn_store::cache::blocking(move || {
            let secrets = open();
            let keyring_problem = secrets.as_ref().err().map(|e| {
                AppError::from(connections::ConnectionError::Keyring(KeyringError::Unavailable {
                    reason: e.to_string(),
                }))
            });
            let list = connections::list(&cache, secrets.as_ref().ok().map(|s| s.as_ref()))?;
            Ok(ConnectionList { connections: list.into_iter().map(view).collect(), keyring_problem })
        })
        .await
    }

    /// Saves a connection from the form: a new one when `original` is `None`, else the change
    /// of `original`. The secret goes to the keyring; with no keyring nothing is saved.
    pub async fn connection_save(&self, form: ConnectionForm, original: Option<String>) -> Result<(), AppError> {
        if original.as_deref() == Some(BUILTIN_CONNECTION) || form.name == BUILTIN_CONNECTION {
            return Err(AppError::new(
                ErrorCode::Invalid,
                "the built-in sandbox's connection is set up by the app itself",
            ));
        }
        let new = new_connection(form)?;
        let (cache, open) = (self.cache.clone(), self.secrets.clone());
        let (name, before) = (new.name.clone(), original.clone());
        cairn_store::cache::blocking(move || {
            let secrets: Arc<dyn SecretStore> = match new.settings.anonymous {
                true => Arc::new(NoSecrets),
                false => open().map_err(connections::ConnectionError::Keyring)?,
            };
            match &original {
                None => connections::add(&cache, &new, secrets.as_ref()),
                Some(original) => {
                    // An anonymous connection may have had a secret: the keyring is asked to
                    // delete it when one answers.
                    let secrets = match new.settings.anonymous {
                        true => open().unwrap_or(secrets),
                        false => secrets,
                    };
                    connections::edit(&cache, original, &new, secrets.as_ref())
                }
            }
            .map_err(AppError::from)
        })
        .await?;
        log::info!("connection {name:?} saved");
        self.forget_write_refusal(&name);
        if let Some(before) = &before {
            self.forget_write_refusal(before);
        }
        if let Some(before) = before.filter(|b| *b != name) {
            self.changed(&before);
        }
        self.changed(&name);
        Ok(())
    }

    /// Copies the connection `name` as `copy` (its secret copied inside the keyring).
    pub async fn connection_duplicate(&self, name: String, copy: String) -> Result<(), AppError> {
        if name == BUILTIN_CONNECTION {
            return Err(AppError::new(ErrorCode::Invalid, "the built-in sandbox's connection cannot be copied"));
        }
        let (cache, open) = (self.cache.clone(), self.secrets.clone());
        let saved = copy.clone();
        cairn_store::cache::blocking(move || {
            let (_, settings) = connections::load(&cache, &name)?;
            let secrets: Arc<dyn SecretStore> = match settings.anonymous {
                true => Arc::new(NoSecrets),
                false => open().map_err(connections::ConnectionError::Keyring)?,
            };
            connections::duplicate(&cache, &name, &copy, secrets.as_ref()).map_err(AppError::from)
        })
        .await?;
        self.changed(&saved);
        Ok(())
    }

    /// Removes the connection `name`, everything cached for it and its secret. Its unsent
    /// gradebook changes refuse it (code `unsent`, saying how many; nothing removed) unless
    /// `discard_unsent`: the user confirmed they may be lost.
    pub async fn connection_remove(&self, name: String, discard_unsent: bool) -> Result<(), AppError> {
        self.tasks.cancel(&sync_task(&name));
        let (cache, open) = (self.cache.clone(), self.secrets.clone());
        let removed = name.clone();
        let outcome = cairn_store::cache::blocking(move || {
            let (_, settings) = match connections::load(&cache, &name) {
                Ok(saved) => saved,
                Err(connections::ConnectionError::NotSaved { .. }) => (String::new(), ConnectionSettings::default()),
                Err(e) => return Err(AppError::from(e)),
            };
            // A connection whose secret is not ours to ask (anonymous, never saved, the
            // built-in's in memory) needs no keyring.
            let secrets: Arc<dyn SecretStore> =
                match settings.anonymous || settings.client_id.is_empty() || name == BUILTIN_CONNECTION {
                    true => Arc::new(NoSecrets),
                    false => open().map_err(connections::ConnectionError::Keyring)?,
                };
            connections::remove(&cache, &name, unsent_choice(discard_unsent), secrets.as_ref())
                .map(drop)
                .map_err(AppError::from)
        })
        .await;
        // Its outbox went with it when it was removed (a secret left in the keyring is an
        // error after the row's deletion).
        self.recount_unsent().await;
        outcome?;
        self.changed(&removed);
        Ok(())
    }

    /// Tests the connection `name`: fetches a token (its granted scopes), then asks each of
    /// the four services for one record. A refusal is part of the answer, not an error.
    pub async fn connection_test(&self, name: String) -> Result<ConnectionTest, AppError> {
        let config = self.client_config(&name).await?;
        test_config(config, name).await
    }

    /// Tests the form as typed, before it is saved: its secret, or (left empty while editing
    /// `original`) the one the keyring holds for `original`. Nothing is saved.
    pub async fn connection_test_form(
        &self,
        form: ConnectionForm,
        original: Option<String>,
    ) -> Result<ConnectionTest, AppError> {
        let new = new_connection(form)?;
        let secret = match (new.settings.anonymous || !new.client_secret.expose().is_empty(), original) {
            (false, Some(original)) if original != BUILTIN_CONNECTION => {
                self.client_config(&original).await?.client_secret
            }
            _ => new.client_secret.clone(),
        };
        let mut config = connections::config_of(&new.base_url, &new.settings, secret)?;
        self.settings().await?.apply(&mut config);
        test_config(config, new.name).await
    }

    /// Syncs the connection `name` (the built-in sandbox too) in full or incrementally,
    /// reporting progress per collection and framework; cancelled as task `sync:<name>`.
    pub async fn sync_connection(
        &self,
        name: String,
        full: bool,
        progress: OnProgress<'_>,
    ) -> Result<SyncReport, AppError> {
        if name == BUILTIN_CONNECTION {
            return self.sync_builtin_as(&sync_task(&name), full, progress).await;
        }
        let settings = self.settings().await?;
        let mut config = self.client_config(&name).await?;
        cairn_sync::least_privilege(&mut config, &Service::ALL);
        let client = Client::new(config)?;
        let options = SyncOptions {
            incremental: !full,
            page_size: settings.page_size,
            clock: self.clock.clone(),
            ..SyncOptions::default()
        };
        let running = self.tasks.begin(&sync_task(&name));
        log::info!("sync of {name:?} started ({})", if full { "full" } else { "incremental" });
        let report = cairn_sync::sync(&client, &self.cache, &name, &options, progress, running.cancel()).await;
        drop(running);
        let report = report?;
        log::info!("sync of {name:?} ended: {}", if report.is_complete() { "complete" } else { "not complete" });
        self.changed(&name);
        Ok(report)
    }

    /// Where each collection of `name` stands, from the sync journal.
    pub async fn sync_status(&self, name: String) -> Result<SyncStatus, AppError> {
        self.cache
            .read(move |conn| {
                let Some(id) = cairn_store::cache::find_connection(conn, &name)? else {
                    return Err(AppError::not_found(format!("no connection called {name:?}")));
                };
                let collections = cairn_store::cache::collection_statuses(conn, id)?
                    .into_iter()
                    .map(|s| {
                        let unknown = |what: &str, word: &str| {
                            let collection = &s.last.collection;
                            AppError::store(format!(
                                "the sync journal of {collection} names an unknown {what} {word:?}"
                            ))
                        };
                        let outcome = SyncOutcome::from_journal(&s.last.outcome)
                            .ok_or_else(|| unknown("outcome", &s.last.outcome))?;
                        let mode = SyncMode::from_journal(&s.last.mode).ok_or_else(|| unknown("mode", &s.last.mode))?;
                        Ok(CollectionState {
                            collection: s.last.collection,
                            outcome,
                            mode,
                            started_at: s.last.started_at,
                            finished_at: s.last.finished_at,
                            records: s.last.records,
                            message: s.last.message,
                            last_complete: s.last_complete,
                        })
                    })
                    .collect::<Result<_, AppError>>()?;
                Ok(SyncStatus { connection: name, collections })
            })
            .await
    }

    /// The client configuration of the connection `name` with the app's settings: the
    /// built-in sandbox's (started if needed), or a saved one's with its secret from the keyring.
    pub(crate) async fn client_config(&self, name: &str) -> Result<ClientConfig, AppError> {
        let settings = self.settings().await?;
        let mut config = match name == BUILTIN_CONNECTION {
            true => self.builtin_config().await?,
            false => {
                let (cache, open, name) = (self.cache.clone(), self.secrets.clone(), name.to_owned());
                cairn_store::cache::blocking(move || {
                    let open_boxed = || -> Result<Box<dyn SecretStore>, connections::ConnectionError> {
                        Ok(Box::new(Shared(open()?)))
                    };
                    connections::saved_client_config(&cache, &name, &open_boxed).map_err(AppError::from)
                })
                .await?
            }
        };
        settings.apply(&mut config);
        Ok(config)
    }
}

/// The store's word for the window's choice about unsent changes.
fn unsent_choice(discard_unsent: bool) -> connections::UnsentChanges {
    match discard_unsent {
        true => connections::UnsentChanges::Discard,
        false => connections::UnsentChanges::Refuse,
    }
}

/// Fetches a token with `config` (its granted scopes), then asks each of the four services
/// for one record. A refusal is part of the answer, not an error.
async fn test_config(config: ClientConfig, name: String) -> Result<ConnectionTest, AppError> {
    let client = Client::new(config)?;
    let mut test = ConnectionTest {
        connection: name.clone(),
        token_error: None,
        granted_scopes: Vec::new(),
        services: Vec::new(),
    };
    match client.granted().await {
        Ok(scopes) => {
            let mut scopes = scopes.unwrap_or_default();
            scopes.sort();
            test.granted_scopes = scopes;
        }
        Err(error) => {
            log::info!("connection {name:?}: no token: {error}");
            test.token_error = Some(AppError::from(error));
            return Ok(test);
        }
    }
    let services = [Service::Competency, Service::Rostering, Service::Gradebook, Service::Resources];
    for answer in connections::probe(&client, &services).await {
        let (ok, total, error) = match answer.answer {
            Ok(total) => (true, total, None),
            Err(error) => (false, None, Some(AppError::from(error))),
        };
        test.services.push(ServiceCheck {
            service: answer.service.into(),
            operation: answer.operation.to_owned(),
            url: answer.url,
            ok,
            total,
            error,
        });
    }
    Ok(test)
}

/// A shared store as the box `saved_client_config` asks for.
struct Shared(Arc<dyn SecretStore>);

impl SecretStore for Shared {
    fn set(&self, account: &str, secret: &Secret) -> Result<(), KeyringError> {
        self.0.set(account, secret)
    }
    fn get(&self, account: &str) -> Result<Option<Secret>, KeyringError> {
        self.0.get(account)
    }
    fn contains(&self, account: &str) -> Result<bool, KeyringError> {
        self.0.contains(account)
    }
    fn delete(&self, account: &str) -> Result<bool, KeyringError> {
        self.0.delete(account)
    }
}

/// The store of connections that have no secret: never written to, holding nothing.
struct NoSecrets;

impl SecretStore for NoSecrets {
    fn set(&self, account: &str, _: &Secret) -> Result<(), KeyringError> {
        Err(KeyringError::Unavailable { reason: format!("{account} has no authentication: no secret to store") })
    }
    fn get(&self, _: &str) -> Result<Option<Secret>, KeyringError> {
        Ok(None)
    }
    fn contains(&self, _: &str) -> Result<bool, KeyringError> {
        Ok(false)
    }
    fn delete(&self, _: &str) -> Result<bool, KeyringError> {
        Ok(false)
    }
}

/// The connection to save from the form, its text trimmed and its empty fields absent.
fn new_connection(form: ConnectionForm) -> Result<NewConnection, AppError> {
    let text = |value: Option<String>| value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let mut base_paths = BTreeMap::new();
    let paths = [
        (Service::Competency, form.base_paths.competency),
        (Service::Rostering, form.base_paths.rostering),
        (Service::Gradebook, form.base_paths.gradebook),
        (Service::Resources, form.base_paths.resources),
    ];
    for (service, path) in paths {
        if let Some(path) = text(path) {
            base_paths.insert(service, path);
        }
    }
    let settings = ConnectionSettings {
        token_url: text(form.token_url),
        client_id: form.client_id.trim().to_owned(),
        ca_cert: text(form.ca_cert).map(PathBuf::from),
        ca_cert_pem: None,
        dialect: form.dialect,
        base_paths,
        scopes: form.scopes.into_iter().map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect(),
        scope_base: None,
        anonymous: form.anonymous,
    };
    Ok(NewConnection {
        name: form.name.trim().to_owned(),
        base_url: form.base_url.trim().trim_end_matches('/').to_owned(),
        settings,
        client_secret: Secret::new(form.client_secret),
    })
}

/// A listed connection as the window shows it.
fn view(info: ConnectionInfo) -> ConnectionView {
    let kind = source_kind(&info.name, &info.base_url);
    let saved = info.settings.is_some();
    let settings = info.settings.unwrap_or_default();
    let path = |service| settings.base_paths.get(&service).cloned();
    ConnectionView {
        base_paths: ServicePaths {
            competency: path(Service::Competency),
            rostering: path(Service::Rostering),
            gradebook: path(Service::Gradebook),
            resources: path(Service::Resources),
        },
        name: info.name,
        base_url: info.base_url,
        kind,
        saved,
        token_url: settings.token_url,
        client_id: settings.client_id,
        scopes: settings.scopes,
        dialect: settings.dialect,
        ca_cert: settings.ca_cert.map(|p| p.display().to_string()),
        anonymous: settings.anonymous,
        secret_stored: info.secret_stored,
    }
}
