//! The cache as the app uses it: one writer connection and a small pool of readers, every use
//! on tokio's blocking pool — SQLite never runs on the UI thread or an async worker.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use rusqlite::Connection;

use super::error::AppError;

/// Readers kept open between uses.
const IDLE_READERS: usize = 4;

/// The cache file, its writer and its readers. Cloning shares them.
#[derive(Clone)]
pub struct CacheHandle {
    path: Arc<PathBuf>,
    writer: Arc<Mutex<Connection>>,
    readers: Arc<Mutex<Vec<Connection>>>,
}

impl CacheHandle {
    /// Opens (creating if needed, schema up to date) the cache at `path`.
    pub fn open(path: &Path) -> Result<CacheHandle, AppError> {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| AppError::store(format!("cannot create the folder {}: {e}", parent.display())))?;
        }
        let writer = cairn_store::cache::open(path)
            .map_err(|e| AppError::store(format!("cannot open the cache {}: {e}", path.display())))?;
        Ok(CacheHandle {
            path: Arc::new(path.to_owned()),
            writer: Arc::new(Mutex::new(writer)),
            readers: Arc::new(Mutex::new(Vec::new())),
        })
    }

    /// The cache file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `work` with a reader connection on the blocking pool.
    pub async fn read<T, F>(&self, work: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, AppError> + Send + 'static,
    {
        let this = self.clone();
        blocking(move || {
            let idle = this.readers.lock().unwrap_or_else(PoisonError::into_inner).pop();
            let conn = match idle {
                Some(conn) => conn,
                None => cairn_store::open(&this.path).map_err(|e| AppError::store(format!("the cache: {e}")))?,
            };
            let answer = work(&conn);
            let mut readers = this.readers.lock().unwrap_or_else(PoisonError::into_inner);
            if readers.len() < IDLE_READERS {
                readers.push(conn);
            }
            answer
        })
        .await
    }

    /// Runs `work` with the one writer connection on the blocking pool (writes wait their turn).
    pub async fn write<T, F>(&self, work: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, AppError> + Send + 'static,
    {
        let writer = self.writer.clone();
        blocking(move || {
            let mut conn = writer.lock().unwrap_or_else(PoisonError::into_inner);
            work(&mut conn)
        })
        .await
    }
}

/// Runs `work` on tokio's blocking pool.
pub async fn blocking<T, F>(work: F) -> Result<T, AppError>
where
    T: Send + 'static,
    F: FnOnce() -> Result<T, AppError> + Send + 'static,
{
    tokio::task::spawn_blocking(work).await.map_err(|e| AppError::internal(format!("a cache worker stopped: {e}")))?
}
