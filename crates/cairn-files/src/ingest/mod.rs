//! Putting outside data into the cache: CASE package files and OneRoster CSV bundles.

mod package;
mod roster;
mod served;

use crate::progress::{OnProgress, Progress, task};

pub use package::{Copy, PackageImport, Replaced, import_package, import_package_forced, import_package_with};
pub use roster::{RosterImport, import_bundle, import_bundle_with};

/// Records read or written between two progress reports of an import.
pub const PROGRESS_EVERY: u64 = 1_000;

/// Counts the records an import reads (or writes) and reports the count as task `import`,
/// stage the file, every [`PROGRESS_EVERY`] records and once at the end.
pub(crate) struct Counter<'p> {
    stage: String,
    done: u64,
    progress: OnProgress<'p>,
}

impl<'p> Counter<'p> {
    pub(crate) fn new(stage: String, progress: OnProgress<'p>) -> Counter<'p> {
        Counter { stage, done: 0, progress }
    }

    /// One more record.
    pub(crate) fn add(&mut self) {
        self.done += 1;
        if self.done.is_multiple_of(PROGRESS_EVERY) {
            self.report();
        }
    }

    /// The last report.
    pub(crate) fn finish(&self) {
        self.report();
    }

    fn report(&self) {
        (self.progress)(Progress::new(task::IMPORT, self.stage.clone(), self.done, None));
    }
}
pub use served::served_records;

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
        /// The cached copy.
        cached: Box<Copy>,
        /// The file's copy.
        imported: Box<Copy>,
    },
    /// The cache refused the write: the cache's failure, never the file's.
    #[error(transparent)]
    Store(#[from] cairn_store::StoreError),
    /// The import was cancelled; nothing of it was written.
    #[error("the import was cancelled; nothing was written")]
    Cancelled,
}

impl From<crate::progress::Cancelled> for IngestError {
    fn from(_: crate::progress::Cancelled) -> IngestError {
        IngestError::Cancelled
    }
}
