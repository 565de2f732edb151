//! A framework named on the command line or in the app, for the crosswalk and the version diff:
//! a CASE package file (bare or wrapped in `{"CFPackage": ...}`, read as `cairn import` reads
//! it), or a CFDocument identifier in the cache, optionally qualified by a connection as
//! `CONNECTION:IDENTIFIER`. The prefix before the first `:` is taken as a connection only when
//! the cache has a connection of that name, since identifiers may be URLs.

use std::path::Path;

use cairn_spec::case::{CfPackage, PackageFile};
use rusqlite::Connection;

use super::error::ViewError;
use super::package::load_package;

/// Why a framework argument could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    /// The file exists but is not a package.
    #[error("{path}: {message}")]
    Unreadable {
        /// The file.
        path: String,
        /// What is wrong.
        message: String,
    },
    /// Not a file, and no cache to look the identifier up in.
    #[error("{0}: no such file (give --db to look it up as a framework identifier in the cache)")]
    NoSuchFile(String),
    /// Neither a file nor a framework of the cache.
    #[error("{argument}: no such file, and no framework {document} in the cache{}",
        .connection.as_ref().map(|c| format!(" for connection {c}")).unwrap_or_default())]
    NotFound {
        /// The argument as given.
        argument: String,
        /// The identifier looked up.
        document: String,
        /// The connection named, if any.
        connection: Option<String>,
    },
    /// Reading the cache failed, or the document is cached by several connections.
    #[error(transparent)]
    View(#[from] ViewError),
}

impl From<rusqlite::Error> for SnapshotError {
    fn from(error: rusqlite::Error) -> Self {
        SnapshotError::View(ViewError::Sql(error))
    }
}

/// Where a framework came from.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum SnapshotSource {
    /// A package file.
    File {
        /// The path as given.
        path: String,
    },
    /// The cache.
    Cache {
        /// The connection's name.
        connection: String,
        /// The connection's id in the cache.
        #[serde(skip)]
        connection_id: i64,
        /// The CFDocument identifier.
        document: String,
    },
}

impl std::fmt::Display for SnapshotSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SnapshotSource::File { path } => f.write_str(path),
            SnapshotSource::Cache { connection, document, .. } => write!(f, "{connection}:{document}"),
        }
    }
}

/// A framework read from a file or the cache.
#[derive(Debug, Clone)]
pub struct Snapshot {
    /// Where it came from.
    pub source: SnapshotSource,
    /// The package.
    pub package: CfPackage,
}

/// Reads the framework `argument` names: a package file if there is a file at that path, else
/// a document of the cache `db`.
pub fn resolve_snapshot(argument: &str, db: Option<&Connection>) -> Result<Snapshot, SnapshotError> {
    let path = Path::new(argument);
    if path.is_file() {
        let bytes = std::fs::read(path)
            .map_err(|e| SnapshotError::Unreadable { path: argument.to_owned(), message: e.to_string() })?;
        let read = PackageFile::read(&bytes)
            .map_err(|e| SnapshotError::Unreadable { path: argument.to_owned(), message: e.to_string() })?;
        return Ok(Snapshot {
            source: SnapshotSource::File { path: argument.to_owned() },
            package: read.value.package,
        });
    }
    let Some(conn) = db else { return Err(SnapshotError::NoSuchFile(argument.to_owned())) };
    let (connection, document) = split_connection(conn, argument)?;
    let loaded = load_package(conn, connection.as_ref().map(|(id, _)| *id), document)?;
    let Some((connection_id, package)) = loaded else {
        return Err(SnapshotError::NotFound {
            argument: argument.to_owned(),
            document: document.to_owned(),
            connection: connection.map(|(_, name)| name),
        });
    };
    let name = cairn_store::cache::connection_name(conn, connection_id).map_err(ViewError::from)?.unwrap_or_default();
    Ok(Snapshot {
        source: SnapshotSource::Cache { connection: name, connection_id, document: document.to_owned() },
        package,
    })
}

/// A connection's id and name.
type NamedConnection = (i64, String);

/// `CONNECTION:IDENTIFIER` when the cache has a connection called CONNECTION; else the whole
/// argument as the identifier.
fn split_connection<'a>(
    conn: &Connection,
    argument: &'a str,
) -> Result<(Option<NamedConnection>, &'a str), SnapshotError> {
    if let Some((prefix, rest)) = argument.split_once(':')
        && let Some(id) = cairn_store::cache::find_connection(conn, prefix).map_err(ViewError::from)?
    {
        return Ok((Some((id, prefix.to_owned())), rest));
    }
    Ok((None, argument))
}
