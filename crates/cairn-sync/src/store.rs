//! The cache as a sync uses it: the caller's [`CacheHandle`] (its one writer, its readers and
//! its checkpointer) and the id of the connection synced. Reads go to the readers; every write
//! is one short IMMEDIATE transaction on the writer, never held across the network.

use cairn_store::StoreError;
use cairn_store::cache::{self, CacheHandle, JournalEntry};
use rusqlite::{Connection, Transaction};

use super::SyncError;

/// The cache of one connection.
#[derive(Clone)]
pub(crate) struct Cache {
    pub(crate) handle: CacheHandle,
    /// The connection's id in the cache.
    pub(crate) id: i64,
}

impl Cache {
    /// Finds (or adds) the connection called `name` in the cache.
    pub(crate) async fn open(handle: &CacheHandle, name: &str, base_url: &str) -> Result<Cache, SyncError> {
        let (name, base_url) = (name.to_owned(), base_url.to_owned());
        let id = handle
            .write(move |tx| cache::connection_id(tx, &name, &base_url))
            .await
            .map_err(|source| SyncError::Cache { path: handle.path().display().to_string(), source })?;
        Ok(Cache { handle: handle.clone(), id })
    }

    /// Runs `work` with a reader connection on a blocking thread.
    pub(crate) async fn read<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection, i64) -> Result<T, StoreError> + Send + 'static,
    {
        let id = self.id;
        self.handle.read(move |conn| work(conn, id)).await
    }

    /// Runs `work` in one write transaction on a blocking thread; it commits when `work`
    /// answers `Ok`.
    pub(crate) async fn write<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Transaction<'_>, i64) -> Result<T, E> + Send + 'static,
    {
        let id = self.id;
        self.handle.write(move |tx| work(tx, id)).await
    }

    /// Adds a line to the journal.
    pub(crate) async fn journal(&self, entry: JournalEntry) -> Result<(), StoreError> {
        self.write(move |tx, id| cache::journal_append(tx, id, &entry)).await
    }
}
