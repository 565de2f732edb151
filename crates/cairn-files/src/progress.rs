//! One progress and cancel model for every long task — sync, import, export, search: a
//! serialisable [`Progress`] report sent to a callback any thread may call, and a [`Cancel`]
//! token (a cheap clone) the work checks between pages, rows and files.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// Cancels long work: clone it, hand it to the work, call `cancel()` from anywhere. Work
/// stops at its next check (between pages, rows, files) and leaves the cache as it was.
pub use cairn_client::Cancel;

/// Which long task a progress report is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum Task {
    /// Syncing a connection.
    Sync,
    /// Importing files.
    Import,
    /// Exporting from the cache.
    Export,
    /// Searching every cached framework.
    Search,
}

impl Task {
    /// Its name, as reports carry it and the app cancels it by.
    pub fn as_str(self) -> &'static str {
        match self {
            Task::Sync => "sync",
            Task::Import => "import",
            Task::Export => "export",
            Task::Search => "search",
        }
    }
}

impl PartialEq<&str> for Task {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

/// The tasks by name, as the work reports them.
pub mod task {
    use super::Task;

    /// Syncing a connection.
    pub const SYNC: Task = Task::Sync;
    /// Importing files.
    pub const IMPORT: Task = Task::Import;
    /// Exporting from the cache.
    pub const EXPORT: Task = Task::Export;
    /// Searching every cached framework.
    pub const SEARCH: Task = Task::Search;
}

/// How far work has got: one stage (a collection, a framework, a file) of a task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Progress {
    /// The task.
    pub task: Task,
    /// The stage: a collection (`CFItems`), a framework, a file.
    pub stage: String,
    /// Records (or rows, or hits) done.
    #[ts(type = "number")]
    pub done: u64,
    /// How many there are, when known.
    #[ts(type = "number | null")]
    pub total: Option<u64>,
}

impl Progress {
    /// A report of `task`'s `stage`.
    pub fn new(task: Task, stage: impl Into<String>, done: u64, total: Option<u64>) -> Progress {
        Progress { task, stage: stage.into(), done, total }
    }
}

/// Where progress goes: called on whatever thread the work runs on.
pub type OnProgress<'a> = &'a (dyn Fn(Progress) + Sync);

/// A progress callback that ignores every report.
pub fn ignore(_: Progress) {}

/// The work was cancelled before it finished; nothing of it was kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

/// `Err(Cancelled)` once `cancel` fired: the check work makes between pages, rows and files.
pub fn check(cancel: &Cancel) -> Result<(), Cancelled> {
    match cancel.is_cancelled() {
        true => Err(Cancelled),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_serialises_as_the_window_reads_it() {
        let json = serde_json::to_value(Progress::new(task::SYNC, "CFItems", 3, Some(10))).unwrap_or_default();
        assert_eq!(json, serde_json::json!({"task": "sync", "stage": "CFItems", "done": 3, "total": 10}));
    }

    #[test]
    fn a_clone_cancels_the_original() {
        let cancel = Cancel::new();
        assert_eq!(check(&cancel), Ok(()));
        cancel.clone().cancel();
        assert_eq!(check(&cancel), Err(Cancelled));
    }
}
