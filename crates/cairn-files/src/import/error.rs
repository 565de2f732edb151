//! Why a bundle could not be imported at all (as opposed to warnings about its rows).

use std::path::PathBuf;

/// An error the sink reports; it stops the import.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct SinkError(pub Box<dyn std::error::Error + Send + Sync>);

impl SinkError {
    /// Wraps any error.
    pub fn new(error: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> SinkError {
        SinkError(error.into())
    }
}

/// Why a bundle could not be imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The base of the hrefs is not an absolute http(s) URL.
    #[error("{0:?} is not an absolute http(s) URL to build hrefs on (try https://sis.example.org)")]
    HrefBase(String),
    /// The path could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The path is neither a folder nor a zip file.
    #[error("{path}: not a folder or a .zip file of OneRoster CSV files")]
    NotABundle {
        /// The path.
        path: PathBuf,
    },
    /// The zip file could not be read.
    #[error("{path}: not a readable zip file: {message}")]
    Zip {
        /// The zip file.
        path: PathBuf,
        /// What the zip reader said.
        message: String,
    },
    /// The bundle holds no file of the OneRoster CSV binding.
    #[error("{path}: no OneRoster CSV file (users.csv, orgs.csv, ...) found{}", found_list(.found))]
    NoRosterFiles {
        /// The folder or zip file.
        path: PathBuf,
        /// The files that were there.
        found: Vec<String>,
    },
    /// A file of the bundle could not be read to its end (a damaged zip entry, an IO error).
    #[error("{path}: {file}: unreadable after line {line}: {message}")]
    Read {
        /// The folder or zip file.
        path: PathBuf,
        /// The file in the bundle.
        file: String,
        /// The last line read.
        line: u64,
        /// Why.
        message: String,
    },
    /// The sink refused a record.
    #[error("{file}:{line}: the record could not be stored: {source}")]
    Sink {
        /// The file in the bundle.
        file: String,
        /// The line of the record.
        line: u64,
        /// What the sink said.
        source: SinkError,
    },
}

fn found_list(found: &[String]) -> String {
    match found.len() {
        0 => " (it is empty)".to_owned(),
        n if n <= 8 => format!(" among {}", found.join(", ")),
        n => format!(" among {} and {} more", found[..8].join(", "), n - 8),
    }
}
