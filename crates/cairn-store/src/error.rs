//! The store's error type.

/// What went wrong with the database.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused an operation.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The database was written by a newer Cairn.
    #[error("the database is at schema version {found}, newer than this build knows ({known}); upgrade Cairn")]
    TooNew {
        /// The database's version.
        found: u32,
        /// The newest version this build knows.
        known: u32,
    },
    /// A connection name already holds data from another source: writing there would mix two
    /// providers' records (and the incremental filter of one with the journal of the other).
    #[error(
        "the connection {name:?} holds data from {saved}, not {given}; use another connection name, or remove this one first"
    )]
    OtherSource {
        /// The connection's name.
        name: String,
        /// Where its data came from.
        saved: String,
        /// Where the new data comes from.
        given: String,
    },
    /// Removing a connection (or emptying the cache) would delete gradebook changes the server
    /// has not received; nothing was removed.
    #[error("{}", unsent_message(connections))]
    UnsentChanges {
        /// Each connection holding unsent changes, with how many.
        connections: Vec<(String, u64)>,
    },
    /// The cache's folder could not be created.
    #[error("cannot create the folder {path}: {source}")]
    Folder {
        /// The folder.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The temporary file a collection is staged in before its swap could not be written or
    /// read back (the disk full, the temporary folder gone).
    #[error("the staging file of a collection failed: {0}")]
    Staging(std::io::Error),
    /// A blocking thread working on the database stopped before answering (it panicked); the
    /// transaction it held rolled back.
    #[error("a cache worker stopped: {0}")]
    Worker(String),
    /// A migration failed; nothing of it was applied.
    #[error("migration {version} ({name}) failed: {source}")]
    Migration {
        /// The migration's version.
        version: u32,
        /// The migration's name.
        name: &'static str,
        /// Why.
        source: rusqlite::Error,
    },
}

/// "3 unsent gradebook changes would be lost (2 to "district", 1 to "sis"): …".
fn unsent_message(connections: &[(String, u64)]) -> String {
    let total: u64 = connections.iter().map(|(_, n)| n).sum();
    let each: Vec<String> = connections.iter().map(|(name, n)| format!("{n} to {name:?}")).collect();
    let changes = if total == 1 { "change" } else { "changes" };
    format!(
        "{total} unsent gradebook {changes} would be lost ({}): send them, or discard them in the gradebook's outbox, first — or confirm that they may be discarded",
        each.join(", ")
    )
}
