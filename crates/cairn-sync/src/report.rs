//! What a sync tells its caller: progress as it goes, and per collection how it ended.

use cairn_store::cache::Outcome;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::deviations::Deviations;
use crate::failure::Failure;

/// How one collection's sync ended (the window's `outcome` too).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SyncOutcome {
    /// Written and swapped in.
    Complete,
    /// Nothing to fetch: a framework package whose document has not changed.
    Unchanged,
    /// Not attempted: the granted scopes do not allow the operation.
    Skipped,
    /// The server refused it (403); the previous data stands.
    Forbidden,
    /// It failed; the previous data stands.
    Failed,
    /// Cancelled (or not started because the sync was cancelled); the previous data stands.
    Cancelled,
}

impl SyncOutcome {
    /// Whether the collection is now as the server has it (complete or unchanged).
    pub fn is_success(self) -> bool {
        matches!(self, SyncOutcome::Complete | SyncOutcome::Unchanged)
    }

    /// The journal's outcome, for outcomes the journal records.
    pub(crate) fn journal(self) -> Option<Outcome> {
        match self {
            SyncOutcome::Complete => Some(Outcome::Complete),
            SyncOutcome::Forbidden => Some(Outcome::Forbidden),
            SyncOutcome::Failed => Some(Outcome::Failed),
            SyncOutcome::Cancelled => Some(Outcome::Cancelled),
            SyncOutcome::Unchanged | SyncOutcome::Skipped => None,
        }
    }

    /// The outcome the journal's word names (`complete`, `failed`, `cancelled`, `forbidden`).
    pub fn from_journal(word: &str) -> Option<SyncOutcome> {
        [SyncOutcome::Complete, SyncOutcome::Failed, SyncOutcome::Cancelled, SyncOutcome::Forbidden]
            .into_iter()
            .find(|o| o.journal().is_some_and(|j| j.as_str() == word))
    }
}

/// Whether a collection was read whole or only its changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum SyncMode {
    /// Every record, replacing the cached collection.
    Full,
    /// Records changed since the last complete sync, merged into the cached collection.
    Incremental,
}

impl SyncMode {
    /// The journal's name of the mode.
    pub fn as_str(self) -> &'static str {
        match self {
            SyncMode::Full => "full",
            SyncMode::Incremental => "incremental",
        }
    }

    /// The mode the journal's word names.
    pub fn from_journal(word: &str) -> Option<SyncMode> {
        [SyncMode::Full, SyncMode::Incremental].into_iter().find(|m| m.as_str() == word)
    }
}

/// How one collection (or one framework package) ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CollectionReport {
    /// The collection's name (`users`, `CFDocuments`), or `CFPackages/<identifier>` for a
    /// framework package.
    pub collection: String,
    /// How it ended.
    pub outcome: SyncOutcome,
    /// How it was read, when it was attempted.
    pub mode: Option<SyncMode>,
    /// Records written (or, when it did not complete, fetched before it stopped).
    pub records: u64,
    /// Records the server said it would send, when it said.
    pub total: Option<u64>,
    /// Why it failed, was skipped or fell back to a full read.
    pub message: Option<String>,
    /// The deviations from the specification tolerated while reading it.
    pub deviations: Deviations,
    /// Why it did not complete, typed: the HTTP status and the server's status object as
    /// sent, which way a request failed, or that the cache failed.
    pub failure: Option<Failure>,
}

impl CollectionReport {
    /// A report without records.
    pub(crate) fn new(collection: impl Into<String>, outcome: SyncOutcome, message: Option<String>) -> Self {
        CollectionReport {
            collection: collection.into(),
            outcome,
            mode: None,
            records: 0,
            total: None,
            message,
            deviations: Deviations::default(),
            failure: None,
        }
    }
}

/// What a whole sync did, collection by collection, in the order they ran.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct SyncReport {
    /// Every collection and framework package considered.
    pub collections: Vec<CollectionReport>,
}

impl SyncReport {
    /// Whether every collection that was attempted is now as the server has it (skipped ones
    /// do not count against it).
    pub fn is_complete(&self) -> bool {
        self.collections.iter().all(|c| c.outcome.is_success() || c.outcome == SyncOutcome::Skipped)
    }

    /// Why the sync read nothing at all — every collection skipped, forbidden, failed or
    /// cancelled — or `None` when something was read (or found unchanged).
    pub fn read_nothing(&self) -> Option<String> {
        if self.collections.iter().any(|c| c.outcome.is_success()) {
            return None;
        }
        let count = |o: SyncOutcome| self.collections.iter().filter(|c| c.outcome == o).count();
        let parts: Vec<String> = [
            (SyncOutcome::Skipped, "skipped (the granted scopes do not allow it)"),
            (SyncOutcome::Forbidden, "forbidden by the server (403)"),
            (SyncOutcome::Failed, "failed"),
            (SyncOutcome::Cancelled, "cancelled"),
        ]
        .into_iter()
        .filter(|(o, _)| count(*o) > 0)
        .map(|(o, what)| format!("{} {what}", count(o)))
        .collect();
        Some(match parts.is_empty() {
            true => "there was nothing to read (no collection chosen)".to_owned(),
            false => format!("every collection was skipped, forbidden or failed: {}", parts.join(", ")),
        })
    }

    /// Whether the sync was cancelled.
    pub fn is_cancelled(&self) -> bool {
        self.collections.iter().any(|c| c.outcome == SyncOutcome::Cancelled)
    }

    /// The report of `collection`, if it was considered.
    pub fn get(&self, collection: &str) -> Option<&CollectionReport> {
        self.collections.iter().find(|c| c.collection == collection)
    }
}
