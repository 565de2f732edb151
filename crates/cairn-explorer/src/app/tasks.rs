//! The app's running tasks by name (`sync`, `search`), each with its [`Cancel`]: a command
//! cancels one by name; a task started under a name still running cancels the one before.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

use cairn_files::progress::Cancel;

/// The running tasks.
#[derive(Default)]
pub(crate) struct Tasks {
    running: Mutex<HashMap<String, (u64, Cancel)>>,
    next: AtomicU64,
}

/// A task while it runs: forgotten when dropped (however the work ended).
pub(crate) struct Running<'t> {
    tasks: &'t Tasks,
    name: String,
    id: u64,
    cancel: Cancel,
}

impl Tasks {
    /// Starts the task `name`, cancelling one of that name still running.
    pub(crate) fn begin(&self, name: &str) -> Running<'_> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let cancel = Cancel::new();
        let before = self.lock().insert(name.to_owned(), (id, cancel.clone()));
        if let Some((_, before)) = before {
            before.cancel();
        }
        Running { tasks: self, name: name.to_owned(), id, cancel }
    }

    /// Cancels the running task `name`; whether one was running.
    pub(crate) fn cancel(&self, name: &str) -> bool {
        self.lock().get(name).map(|(_, cancel)| cancel.cancel()).is_some()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (u64, Cancel)>> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Running<'_> {
    /// The task's cancel.
    pub(crate) fn cancel(&self) -> &Cancel {
        &self.cancel
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        let mut running = self.tasks.lock();
        // A later task of the same name took the slot: it is not this one's to remove.
        if running.get(&self.name).is_some_and(|(id, _)| *id == self.id) {
            running.remove(&self.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_task_is_cancelled_by_name_and_forgotten_when_done() {
        let tasks = Tasks::default();
        let running = tasks.begin("sync");
        assert!(tasks.cancel("sync"));
        assert!(running.cancel().is_cancelled());
        drop(running);
        assert!(!tasks.cancel("sync"));
    }

    #[test]
    fn a_new_task_of_the_same_name_cancels_the_old_one_and_keeps_its_slot() {
        let tasks = Tasks::default();
        let first = tasks.begin("search");
        let second = tasks.begin("search");
        assert!(first.cancel().is_cancelled());
        drop(first);
        assert!(!second.cancel().is_cancelled());
        assert!(tasks.cancel("search"), "the second is still registered");
        assert!(second.cancel().is_cancelled());
    }
}
