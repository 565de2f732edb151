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
