//! The cache as a sync uses it: one SQLite connection behind a mutex, used only on blocking
//! threads (rusqlite is synchronous; a `Connection` is `Send` but not `Sync`), and a
//! checkpointer that copies committed collections from the write-ahead log into the database
//! on its own thread and connection while the next collection is read and written (rather
//! than in the writer, after each commit, while the reading waits).

use std::path::Path;
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread::JoinHandle;

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
    checkpointer: Arc<Checkpointer>,
}

/// Checkpoints on request, on a thread of its own.
struct Checkpointer {
    requests: Mutex<Option<Sender<()>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Checkpointer {
    /// Starts the thread with its own connection to `path`; without one (the file cannot be
    /// opened again) requests do nothing and SQLite checkpoints when the last connection closes.
    fn start(path: &Path) -> Checkpointer {
        let (sender, receiver) = channel::<()>();
        let thread = cairn_store::open(path).ok().and_then(|conn| {
            let spawned = std::thread::Builder::new().name("cairn-checkpoint".into()).spawn(move || {
                while receiver.recv().is_ok() {
                    // Requests that came meanwhile are served by this one checkpoint.
                    while receiver.try_recv().is_ok() {}
                    // PASSIVE: copies what is committed without waiting for the writer. A
                    // failure only leaves the log longer; the next checkpoint copies it.
                    let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                }
            });
            spawned.ok()
        });
        let requests = thread.as_ref().map(|_| sender);
        Checkpointer { requests: Mutex::new(requests), thread: Mutex::new(thread) }
    }

    /// Asks for a checkpoint soon.
    fn request(&self) {
        if let Some(sender) = self.requests.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref() {
            let _ = sender.send(());
        }
    }

    /// Asks for a last checkpoint and waits for the thread to end (blocking).
    fn finish(&self) {
        let sender = self.requests.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
        if let Some(sender) = sender {
            let _ = sender.send(());
        }
        let thread = self.thread.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
        if let Some(thread) = thread {
            let _ = thread.join();
        }
    }
}

impl Cache {
    /// Opens the cache at `path` and finds (or adds) the connection called `name`.
    pub(crate) async fn open(path: &Path, name: &str, base_url: &str) -> Result<Cache, SyncError> {
        let (path, name, base_url) = (path.to_owned(), name.to_owned(), base_url.to_owned());
        let shown = path.display().to_string();
        let opened = tokio::task::spawn_blocking(move || -> Result<(Connection, i64, Checkpointer), StoreError> {
            let conn = cache::open(&path)?;
            let id = cache::connection_id(&conn, &name, &base_url)?;
            // Commits leave checkpoints to the checkpointer.
            conn.pragma_update(None, "wal_autocheckpoint", 0)?;
            Ok((conn, id, Checkpointer::start(&path)))
        })
        .await
        .map_err(|e| SyncError::Worker(e.to_string()))?;
        let (conn, id, checkpointer) = opened.map_err(|source| SyncError::Cache { path: shown, source })?;
        Ok(Cache { conn: Arc::new(Mutex::new(conn)), id, checkpointer: Arc::new(checkpointer) })
    }

    /// Asks the checkpointer to copy what was committed into the database.
    pub(crate) fn checkpoint_soon(&self) {
        self.checkpointer.request();
    }

    /// A last checkpoint, waited for: the sync leaves the database file whole.
    pub(crate) async fn finish(&self) {
        let checkpointer = self.checkpointer.clone();
        // A checkpointer that panicked has nothing left to do.
        let _ = tokio::task::spawn_blocking(move || checkpointer.finish()).await;
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
