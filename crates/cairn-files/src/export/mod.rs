//! Exporting from the cache: a framework's items as one CSV table in tree order
//! ([`export_framework`]) or as a workbook with every level ([`workbook::framework_workbook`]),
//! and a connection's rosters, gradebooks and resources as a OneRoster
//! 1.2 CSV bundle ([`export_roster`]), bulk or delta, with exactly the binding's headers, that the
//! importer reads back into the same records.

mod framework;
mod natural;
mod plan;
pub mod print;
mod records;
mod roster;
mod sheet;
mod warnings;
pub mod workbook;

use std::path::PathBuf;

use rusqlite::Connection;

pub use framework::{FRAMEWORK_COLUMNS, FrameworkExport, export_framework, export_framework_with, export_subtree_with};
pub use natural::natural_cmp;
pub use roster::{DEMOGRAPHIC_FIELDS, ExportMode, RosterExport, export_roster, export_roster_with};
pub use warnings::ExportWarning;

/// Records (or rows) written between two progress reports of an export.
pub const REPORT_EVERY: u64 = 1_000;

/// The connection whose records are exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// Its id in the cache.
    pub id: i64,
    /// Its name.
    pub name: String,
}

/// Why an export could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// No connection has the name asked for.
    #[error("no connection {name:?} in the cache; cached: {}", listed(.cached))]
    NoConnection {
        /// The name asked for.
        name: String,
        /// The connections there are.
        cached: Vec<String>,
    },
    /// No connection was named and the cache has several (or none).
    #[error("which connection? name one with --connection; cached: {}", listed(.cached))]
    WhichConnection {
        /// The connections there are.
        cached: Vec<String>,
    },
    /// The framework is not in the cache for the connection.
    #[error("no framework {doc} in connection {connection}; cached: {}", listed(.cached))]
    NoFramework {
        /// The CFDocument identifier asked for.
        doc: String,
        /// The connection's name.
        connection: String,
        /// The connection's documents (`identifier (title)`).
        cached: Vec<String>,
    },
    /// The framework has no item of that identifier.
    #[error("no item {item} in framework {doc}")]
    NoItem {
        /// The CFDocument identifier.
        doc: String,
        /// The item asked for.
        item: String,
    },
    /// The connection has no record any file of the bundle holds.
    #[error("connection {connection} has no rostering, gradebook or resource records to export")]
    NothingToExport {
        /// The connection's name.
        connection: String,
    },
    /// A cached record is not a JSON object.
    #[error("{table} record {id:?} in the cache: its JSON is unreadable: {message}")]
    BadRecord {
        /// The cache table.
        table: &'static str,
        /// The record's id.
        id: String,
        /// What the JSON reader said.
        message: String,
    },
    /// Writing a file (or standard output) failed.
    #[error("{path}: {source}")]
    Io {
        /// Where.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Writing CSV failed.
    #[error("{path}: {source}")]
    Csv {
        /// Where.
        path: PathBuf,
        /// Why.
        source: csv::Error,
    },
    /// Writing a workbook failed (the library's words).
    #[error("{path}: {message}")]
    Xlsx {
        /// Where.
        path: PathBuf,
        /// Why.
        message: String,
    },
    /// The printed PDF could not be read or numbered (the PDF library's words).
    #[error("the printed PDF: {message}")]
    Pdf {
        /// Why.
        message: String,
    },
    /// The export was cancelled.
    #[error("the export was cancelled")]
    Cancelled,
    /// Reading the cache failed.
    #[error("reading the cache: {0}")]
    Store(#[from] cairn_store::StoreError),
    /// Reading the cache failed (a query).
    #[error("reading the cache: {0}")]
    Sql(#[from] rusqlite::Error),
}

fn listed(names: &[String]) -> String {
    match names.len() {
        0 => "none".to_owned(),
        n if n <= 20 => names.join(", "),
        n => format!("{} and {} more", names[..20].join(", "), n - 20),
    }
}

/// The connection called `name`; without a name, the only connection there is, else the one
/// called `local`.
pub fn resolve_connection(conn: &Connection, name: Option<&str>) -> Result<Source, ExportError> {
    let cached: Vec<(i64, String)> =
        cairn_store::cache::connections(conn)?.into_iter().map(|row| (row.id, row.name)).collect();
    let found = match name {
        Some(name) => cached.iter().find(|(_, n)| n == name),
        None if cached.len() == 1 => cached.first(),
        None => cached.iter().find(|(_, n)| n == "local"),
    };
    match (found, name) {
        (Some((id, name)), _) => Ok(Source { id: *id, name: name.clone() }),
        (None, Some(name)) => Err(ExportError::NoConnection {
            name: name.to_owned(),
            cached: cached.into_iter().map(|(_, n)| n).collect(),
        }),
        (None, None) => Err(ExportError::WhichConnection { cached: cached.into_iter().map(|(_, n)| n).collect() }),
    }
}
