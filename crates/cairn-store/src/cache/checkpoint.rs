//! The checkpointer: copies committed transactions from the write-ahead log into the database
//! file on a thread and connection of its own, so that the writer never pays for it after a
//! commit (the writer's connection has `wal_autocheckpoint` off). While a hold is taken (a
//! sync's, see [`CacheHandle::hold_checkpoints`](super::CacheHandle::hold_checkpoints)),
//! requests wait, and the last hold released makes one checkpoint of them all.

use std::path::Path;
use std::sync::mpsc::{Sender, channel};
use std::sync::{Mutex, PoisonError};
use std::thread::JoinHandle;

/// Checkpoints on request, on a thread of its own.
pub(crate) struct Checkpointer {
    requests: Mutex<Option<Sender<()>>>,
    thread: Mutex<Option<JoinHandle<()>>>,
    held: Mutex<Held>,
}

/// The holds taken, and whether a checkpoint was asked for during them.
#[derive(Default)]
struct Held {
    holds: usize,
    asked: bool,
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
        Checkpointer { requests: Mutex::new(requests), thread: Mutex::new(thread), held: Mutex::default() }
    }

    /// Asks for a checkpoint soon (once the holds are released, if any is taken).
    pub(crate) fn request(&self) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        if held.holds > 0 {
            held.asked = true;
            return;
        }
        drop(held);
        self.send();
    }

    /// Takes a hold: checkpoints wait until it is released.
    pub(crate) fn hold(&self) {
        self.held.lock().unwrap_or_else(PoisonError::into_inner).holds += 1;
    }

    /// Releases a hold; the last one makes the checkpoints asked for meanwhile.
    pub(crate) fn release(&self) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.holds = held.holds.saturating_sub(1);
        if held.holds == 0 && std::mem::take(&mut held.asked) {
            drop(held);
            self.send();
        }
    }

    fn send(&self) {
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
