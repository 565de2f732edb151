//! The checkpointer: copies committed transactions from the write-ahead log into the database
//! file on a thread and connection of its own, so that the writer never pays for it after a
//! commit (the writer's connection has `wal_autocheckpoint` off).

use std::path::Path;
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, PoisonError};
use std::thread::JoinHandle;

/// Checkpoints on request, on a thread of its own.
pub(crate) struct Checkpointer {
    requests: Mutex<Option<Sender<()>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl Checkpointer {
    /// Starts the thread with its own connection to `path`; without one (the file cannot be
    /// opened again) requests do nothing and SQLite checkpoints when the last connection closes.
    pub(crate) fn start(path: &Path) -> Checkpointer {
        let (sender, receiver) = channel::<()>();
        let thread = crate::open(path).ok().and_then(|conn| {
            let spawned = std::thread::Builder::new().name("cairn-checkpoint".into()).spawn(move || {
                while receiver.recv().is_ok() {
                    // Requests that came meanwhile are served by this one checkpoint.
                    while receiver.try_recv().is_ok() {}
                    // PASSIVE: copies what is committed without waiting for the writer. A
                    // failure only leaves the log longer; the next checkpoint copies it.
                    let _ = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                }
                // The last request (see `Drop`) was served; closing the connection here lets
                // the writer's close be the last and remove the log.
            });
            spawned.ok()
        });
        let requests = thread.as_ref().map(|_| sender);
        Checkpointer { requests: Mutex::new(requests), thread: Mutex::new(thread) }
    }

    /// Asks for a checkpoint soon.
    pub(crate) fn request(&self) {
        if let Some(sender) = self.requests.lock().unwrap_or_else(PoisonError::into_inner).as_ref() {
            let _ = sender.send(());
        }
    }
}

impl Drop for Checkpointer {
    /// A last checkpoint, waited for: the database file is whole when the handle is gone.
    fn drop(&mut self) {
        let sender = self.requests.get_mut().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(sender) = sender {
            let _ = sender.send(());
        }
        let thread = self.thread.get_mut().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(thread) = thread {
            let _ = thread.join();
        }
    }
}
