//! The sandbox's state: its data in memory, written through to the record store, its tokens,
//! dialect and injected clock and randomness.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError, RwLock, RwLockReadGuard};
use std::time::Duration;

use cairn_spec::{Collection, Dialect};
use cairn_store::{RecordStore, StoreError};
use serde_json::Value;

use crate::auth::{ClientSpec, Clock, Entropy, Tokens};
use crate::dataset::{Dataset, Stored};

/// The default scope namespace (OneRoster 1.2's).
pub const DEFAULT_SCOPE_BASE: &str = "https://purl.imsglobal.org/spec/or/v1p2/scope";

/// How to build a [`Sandbox`].
pub struct SandboxConfig {
    /// Base paths and status prefix.
    pub dialect: Dialect,
    /// The URL clients reach the server at (`https://127.0.0.1:8443`), for hrefs and links.
    pub base_url: String,
    /// The scope namespace.
    pub scope_base: String,
    /// Registered clients.
    pub clients: Vec<ClientSpec>,
    /// Token lifetime.
    pub token_lifetime: Duration,
    /// The SQLite file the data lives in; `None` keeps it in memory only.
    pub db: Option<PathBuf>,
    /// The clock.
    pub clock: Arc<dyn Clock>,
    /// The random source.
    pub entropy: Arc<dyn Entropy>,
}

/// Why the sandbox could not start or write.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// The database failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored record is not JSON (the file was edited by hand or is damaged).
    #[error("stored record {collection}/{id} is not valid JSON: {message}")]
    Corrupt {
        /// Its collection.
        collection: String,
        /// Its identifier.
        id: String,
        /// The parser's message.
        message: String,
    },
    /// A CASE package could not be imported.
    #[error(transparent)]
    Import(#[from] crate::demo::ImportError),
    /// Every derived identifier tried for a package's document was taken by another framework.
    #[error("no free identifier derived from the CFDocument identifier {document}: other frameworks have them all")]
    NoFreeIdentifier {
        /// The document identifier the package gave.
        document: String,
    },
}

/// Where the sandbox reports what it repaired in a write body (`cairn serve` prints to stderr).
pub type RepairLog = Arc<dyn Fn(&str) + Send + Sync>;

/// A running sandbox's state, shared by every request.
pub struct Sandbox {
    data: RwLock<Dataset>,
    store: Option<Mutex<RecordStore>>,
    pub(crate) tokens: Tokens,
    pub(crate) dialect: Dialect,
    pub(crate) base_url: String,
    pub(crate) clock: Arc<dyn Clock>,
    pub(crate) entropy: Arc<dyn Entropy>,
    /// Refuse write bodies that deployed clients send short instead of repairing them.
    pub(crate) strict_writes: bool,
    /// Told each repair of a write body, with its JSON path.
    pub(crate) repair_log: Option<RepairLog>,
}

impl Sandbox {
    /// Opens the database (if any) and loads what it holds.
    pub fn new(config: SandboxConfig) -> Result<Sandbox, SandboxError> {
        let scopes = cairn_spec::Service::ALL
            .into_iter()
            .flat_map(cairn_spec::operations::scopes_of)
            .map(str::to_owned)
            .collect();
        let tokens = Tokens::new(
            config.clients,
            &config.scope_base,
            scopes,
            config.token_lifetime,
            config.clock.clone(),
            config.entropy.clone(),
        );
        let mut data = Dataset::default();
        let store = match &config.db {
            Some(path) => {
                let store = RecordStore::new(cairn_store::open(path)?)?;
                let mut corrupt = None;
                store.for_each(|collection, id, json| {
                    let Some(c) = Collection::from_name(collection) else { return };
                    match serde_json::from_str::<Value>(json) {
                        Ok(value) => {
                            data.put(c, value);
                        }
                        Err(e) if corrupt.is_none() => {
                            corrupt = Some(SandboxError::Corrupt {
                                collection: collection.to_owned(),
                                id: id.to_owned(),
                                message: e.to_string(),
                            });
                        }
                        Err(_) => {}
                    }
                })?;
                if let Some(error) = corrupt {
                    return Err(error);
                }
                Some(Mutex::new(store))
            }
            None => None,
        };
        Ok(Sandbox {
            data: RwLock::new(data),
            store,
            tokens,
            dialect: config.dialect,
            base_url: config.base_url.trim_end_matches('/').to_owned(),
            clock: config.clock,
            entropy: config.entropy,
            strict_writes: false,
            repair_log: None,
        })
    }

    /// With `strict`, write bodies with short references, no `status` or a date-time where a
    /// date belongs are refused with 422 instead of repaired.
    pub fn with_strict_writes(mut self, strict: bool) -> Sandbox {
        self.strict_writes = strict;
        self
    }

    /// Tells `log` each repair made to a write body (one line with its JSON path).
    pub fn with_repair_log(mut self, log: RepairLog) -> Sandbox {
        self.repair_log = Some(log);
        self
    }

    /// Whether the sandbox holds no record (a new database).
    pub fn is_empty(&self) -> bool {
        self.read().counts().iter().all(|(_, n)| *n == 0)
    }

    /// Reads the data.
    pub(crate) fn read(&self) -> RwLockReadGuard<'_, Dataset> {
        self.data.read().unwrap_or_else(PoisonError::into_inner)
    }

    /// Stores records (writing them through to the database in one transaction first).
    pub fn write(&self, records: Vec<(Collection, Value)>) -> Result<usize, SandboxError> {
        self.change(records, Vec::new())
    }

    /// Stores `puts` and removes `deletes`: the database first (the puts in one transaction),
    /// then memory, so that a failed write leaves memory as it was. Every operation passes
    /// either puts or deletes, never both.
    pub(crate) fn change(
        &self,
        puts: Vec<(Collection, Value)>,
        deletes: Vec<(Collection, String)>,
    ) -> Result<usize, SandboxError> {
        // Each record's text is written once, for the database and the dataset both.
        let puts: Vec<(Collection, Stored)> = puts.into_iter().map(|(c, v)| (c, Stored::new(v))).collect();
        let mut data = self.data.write().unwrap_or_else(PoisonError::into_inner);
        if let Some(store) = &self.store {
            let mut store = store.lock().unwrap_or_else(PoisonError::into_inner);
            let rows = puts.iter().filter_map(|(c, s)| Some((c.name(), s.get(c.id_field())?.as_str()?, s.text())));
            store.put_many(rows)?;
            for (c, id) in &deletes {
                store.delete(c.name(), id)?;
            }
        }
        let mut count = 0;
        for (collection, record) in puts {
            count += usize::from(data.put_stored(collection, record));
        }
        for (collection, id) in deletes {
            count += usize::from(data.remove(collection, &id));
        }
        Ok(count)
    }

    /// Record counts per collection.
    pub fn counts(&self) -> Vec<(Collection, usize)> {
        self.read().counts()
    }

    /// The base URL.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// The dialect.
    pub fn dialect(&self) -> &Dialect {
        &self.dialect
    }

    /// The scope namespace.
    pub fn scope_base(&self) -> &str {
        self.tokens.scope_base()
    }
}
