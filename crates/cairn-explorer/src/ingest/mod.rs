//! Putting outside data into the cache: CASE package files and OneRoster CSV bundles.

mod package;
mod roster;
mod served;

pub use package::{PackageImport, import_package};
pub use roster::{RosterImport, import_bundle};
pub use served::{ADDED_PREFIX, served_records};

/// Why data could not be put into the cache. Nothing of it was written.
#[derive(Debug, thiserror::Error)]
pub enum IngestError {
    /// A file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A file is not what it should be.
    #[error("{path}: {message}")]
    Unreadable {
        /// The file.
        path: String,
        /// What is wrong and where.
        message: String,
    },
    /// The cache refused the write.
    #[error(transparent)]
    Store(#[from] cairn_store::StoreError),
}
