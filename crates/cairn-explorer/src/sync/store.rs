//! The cache as a sync uses it: one SQLite connection behind a mutex, used only on blocking
//! threads (rusqlite is synchronous; a `Connection` is `Send` but not `Sync`).

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use cairn_store::StoreError;
use cairn_store::cache::{self, JournalEntry};
use rusqlite::Connection;

use super::SyncError;

/// Why a write to the cache did not happen.
#[derive(Debug, thiserror::Error)]
pub(crate) enum WriteError {
    /// SQLite refused it.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The blocking thread stopped before answering.
    #[error("the cache writer stopped: {0}")]
    Worker(String),
}

/// The cache of one connection.
#[derive(Clone)]
pub(crate) struct Cache {
    conn: Arc<Mutex<Connection>>,
    /// The connection's id in the cache.
    pub(crate) id: i64,
}

impl Cache {
    /// Opens the cache at `path` and finds (or adds) the connection called `name`.
    pub(crate) async fn open(path: &Path, name: &str, base_url: &str) -> Result<Cache, SyncError> {
        let (path, name, base_url) = (path.to_owned(), name.to_owned(), base_url.to_owned());
        let shown = path.display().to_string();
        let opened = tokio::task::spawn_blocking(move || -> Result<(Connection, i64), StoreError> {
            let conn = cache::open(&path)?;
            let id = cache::connection_id(&conn, &name, &base_url)?;
            Ok((conn, id))
        })
        .await
        .map_err(|e| SyncError::Worker(e.to_string()))?;
        let (conn, id) = opened.map_err(|source| SyncError::Cache { path: shown, source })?;
        Ok(Cache { conn: Arc::new(Mutex::new(conn)), id })
    }

    /// Runs `work` with the connection on a blocking thread.
    pub(crate) async fn run<T, F>(&self, work: F) -> Result<T, WriteError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection, i64) -> Result<T, StoreError> + Send + 'static,
    {
        let this = self.clone();
        tokio::task::spawn_blocking(move || {
            let mut conn = this.lock();
            work(&mut conn, this.id).map_err(WriteError::from)
        })
        .await
        .map_err(|e| WriteError::Worker(e.to_string()))?
    }

    /// The connection (a panic while it was held leaves no transaction open: the transaction
    /// rolled back when it was dropped).
    pub(crate) fn lock(&self) -> MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Adds a line to the journal.
    pub(crate) async fn journal(&self, entry: JournalEntry) -> Result<(), WriteError> {
        self.run(move |conn, id| cache::journal_append(conn, id, &entry)).await
    }
}
