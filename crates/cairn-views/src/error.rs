//! Why a view could not be made.

/// Why a view could not be made from the cache.
#[derive(Debug, thiserror::Error)]
pub enum ViewError {
    /// Reading the cache failed.
    #[error("reading the cache: {0}")]
    Store(#[from] cairn_store::StoreError),
    /// Reading the cache failed (a query).
    #[error("reading the cache: {0}")]
    Sql(#[from] rusqlite::Error),
    /// A cached record's JSON is unreadable.
    #[error("{table} record {id:?} in the cache: its JSON is unreadable: {message}")]
    BadRecord {
        /// The cache table.
        table: &'static str,
        /// The record's id.
        id: String,
        /// What the JSON reader said.
        message: String,
    },
    /// Several connections cached the document and none was chosen.
    #[error("framework {document} is cached by several connections ({}); choose one with --connection", .connections.join(", "))]
    Ambiguous {
        /// The CFDocument identifier.
        document: String,
        /// The names of the connections that hold it.
        connections: Vec<String>,
    },
    /// No connection has the name asked for.
    #[error("no connection {0:?} in the cache")]
    NoConnection(String),
    /// The document is not in the cache (for the chosen connection, if one was chosen).
    #[error("no framework {document} in the cache{}", .connection.as_ref().map(|c| format!(" for connection {c}")).unwrap_or_default())]
    NotFound {
        /// The CFDocument identifier asked for.
        document: String,
        /// The connection's name, when one was chosen.
        connection: Option<String>,
    },
}
