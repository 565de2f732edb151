//! Putting outside data into the cache: CASE package files and OneRoster CSV bundles.

mod package;
mod roster;
mod served;

pub use package::{Copy, PackageImport, Replaced, import_package, import_package_forced, import_package_with};
pub use roster::{RosterImport, import_bundle, import_bundle_with};

/// Records written between two progress reports of an import.
pub const PROGRESS_EVERY: u64 = 1_000;

/// Counts the records an import writes and reports the count every [`PROGRESS_EVERY`] records
/// and once at the end.
pub(crate) struct Counter<'p> {
    written: u64,
    progress: &'p dyn Fn(u64),
}

impl<'p> Counter<'p> {
    pub(crate) fn new(progress: &'p dyn Fn(u64)) -> Counter<'p> {
        Counter { written: 0, progress }
    }

    /// One more record written.
    pub(crate) fn add(&mut self) {
        self.written += 1;
        if self.written.is_multiple_of(PROGRESS_EVERY) {
            (self.progress)(self.written);
        }
    }

    /// The last report.
    pub(crate) fn finish(&self) {
        (self.progress)(self.written);
    }
}
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
    /// The package is older than the cached copy of its document: it would replace a newer
    /// version (or another framework sharing the identifier). Nothing was written.
    #[error(
        "{path}: not imported: the cache holds a newer copy of CFDocument {document}: {cached} is newer than this \
         file's {imported} (--force replaces it anyway)"
    )]
    Older {
        /// The file.
        path: String,
        /// The CFDocument identifier.
        document: String,
        /// The cached copy: title and `lastChangeDateTime`.
        cached: String,
        /// The file's copy.
        imported: String,
    },
    /// The cache refused the write.
    #[error(transparent)]
    Store(#[from] cairn_store::StoreError),
}
