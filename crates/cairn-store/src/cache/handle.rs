//! [`CacheHandle`]: the one way to the cache file for everything that writes it — sync,
//! imports, saved connections, and later the gradebook outbox — and for everything that reads
//! it. One writer connection (every write one `BEGIN IMMEDIATE` transaction, so that a write
//! waits for the lock up front instead of failing half-way with SQLITE_BUSY), a pool of reader
//! connections set up like every other, a checkpointer thread, and every call on tokio's
//! blocking pool (never on an async worker or the UI thread).
//!
//! A write holds the lock only while it writes: nothing that waits on the network or on the
//! user runs inside one (a sync stages its pages first, see
//! [`StagedCollection`](super::StagedCollection); a keyring call comes before or after).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use rusqlite::{Connection, Transaction};

use super::checkpoint::Checkpointer;
use crate::error::StoreError;

/// Reader connections kept open between uses.
const IDLE_READERS: usize = 4;

/// A reader's own page cache, in KiB (negative: SQLite's unit for a size rather than a page
/// count). The writer keeps 32 MiB for the indexes a big transaction writes into; a reader
/// only passes pages through, and the operating system's file cache keeps them warm for the
/// next read, so five readers with 32 MiB each would hold a second copy of much of the file.
const READER_CACHE_KIB: i64 = 8 * 1024;

/// The cache file, its writer, its readers and its checkpointer. Cloning shares them; the last
/// clone dropped checkpoints and closes the file.
#[derive(Clone)]
pub struct CacheHandle {
    shared: Arc<Shared>,
}

/// What the clones share. Fields drop in order: the checkpointer's last checkpoint first, the
/// writer last (the last connection closed removes the write-ahead log).
struct Shared {
    checkpointer: Checkpointer,
    readers: Mutex<Vec<Connection>>,
    writer: Mutex<Connection>,
    path: PathBuf,
}

impl std::fmt::Debug for CacheHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CacheHandle").field("path", &self.shared.path).finish_non_exhaustive()
    }
}

impl CacheHandle {
    /// Opens (creating it and its folder if needed, schema up to date) the cache at `path`.
    pub fn open(path: &Path) -> Result<CacheHandle, StoreError> {
        if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent)
                .map_err(|source| StoreError::Folder { path: parent.display().to_string(), source })?;
        }
        let writer = super::open(path)?;
        // Commits leave checkpoints to the checkpointer.
        writer.pragma_update(None, "wal_autocheckpoint", 0)?;
        Ok(CacheHandle {
            shared: Arc::new(Shared {
                checkpointer: Checkpointer::start(path),
                readers: Mutex::new(Vec::new()),
                writer: Mutex::new(writer),
                path: path.to_owned(),
            }),
        })
    }

    /// The cache file.
    pub fn path(&self) -> &Path {
        &self.shared.path
    }

    /// Runs `work` with a reader connection, on the calling thread (which may block).
    pub fn read_blocking<T, E>(&self, work: impl FnOnce(&Connection) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let idle = self.shared.readers.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let conn = match idle {
            Some(conn) => conn,
            None => {
                let conn = crate::open(&self.shared.path)?;
                conn.pragma_update(None, "cache_size", -READER_CACHE_KIB).map_err(StoreError::from)?;
                conn
            }
        };
        let answer = work(&conn);
        // A reader left inside a transaction (work that began one and failed) is not reused.
        if conn.is_autocommit() {
            let mut readers = self.shared.readers.lock().unwrap_or_else(PoisonError::into_inner);
            if readers.len() < IDLE_READERS {
                readers.push(conn);
            }
        }
        answer
    }

    /// Runs `work` inside one `BEGIN IMMEDIATE` transaction of the writer connection, on the
    /// calling thread (which may block: writes wait their turn, this process's on the writer
    /// and other processes' for up to [`BUSY_TIMEOUT`](crate::BUSY_TIMEOUT)). The transaction
    /// commits when `work` answers `Ok` and rolls back when it answers `Err` (or panics).
    pub fn write_blocking<T, E>(&self, work: impl FnOnce(&Transaction<'_>) -> Result<T, E>) -> Result<T, E>
    where
        E: From<StoreError>,
    {
        let mut conn = self.shared.writer.lock().unwrap_or_else(PoisonError::into_inner);
        let tx = super::begin(&mut conn)?;
        let value = work(&tx)?;
        tx.commit().map_err(StoreError::from)?;
        drop(conn);
        self.shared.checkpointer.request();
        Ok(value)
    }

    /// [`read_blocking`](Self::read_blocking) on tokio's blocking pool.
    pub async fn read<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Connection) -> Result<T, E> + Send + 'static,
    {
        let this = self.clone();
        blocking(move || this.read_blocking(work)).await
    }

    /// [`write_blocking`](Self::write_blocking) on tokio's blocking pool.
    pub async fn write<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<StoreError> + Send + 'static,
        F: FnOnce(&Transaction<'_>) -> Result<T, E> + Send + 'static,
    {
        let this = self.clone();
        blocking(move || this.write_blocking(work)).await
    }
}

/// Runs `work` on tokio's blocking pool; a worker that panicked is [`StoreError::Worker`].
pub async fn blocking<T, E, F>(work: F) -> Result<T, E>
where
    T: Send + 'static,
    E: From<StoreError> + Send + 'static,
    F: FnOnce() -> Result<T, E> + Send + 'static,
{
    match tokio::task::spawn_blocking(work).await {
        Ok(answer) => answer,
        Err(e) => Err(StoreError::Worker(e.to_string()).into()),
    }
}
