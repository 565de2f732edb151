//! The last print document built, kept for the print that follows it: the print dialog builds
//! the whole document for its preview, and Save as PDF or Print… with the same source and
//! columns then prints that document instead of building it again (for the 20,000-item
//! framework, about a second saved from each print). A document is kept only while no cached
//! data has changed since it began to be built: any change forgets it.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use cairn_files::export::print::{PrintColumns, PrintDocument};

use super::print_sources::PrintSource;

/// One print document kept, with what it was built from.
#[derive(Debug)]
struct Kept {
    source: PrintSource,
    columns: PrintColumns,
    generation: u64,
    document: Arc<PrintDocument>,
}

/// The last print document built, and the cache's generation (how many times it changed) that
/// tells whether the document still holds.
#[derive(Debug, Default)]
pub(super) struct PrintMemo {
    generation: AtomicU64,
    kept: Mutex<Option<Kept>>,
}

impl PrintMemo {
    /// The cache's generation now: read it before a build begins, so that a change made while
    /// it runs makes the document stale.
    pub(super) fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// The document kept for `source` and `columns`, if the cache did not change since.
    pub(super) fn get(&self, source: &PrintSource, columns: PrintColumns) -> Option<Arc<PrintDocument>> {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.as_ref()
            .filter(|k| k.source == *source && k.columns == columns && k.generation == self.generation())
            .map(|k| k.document.clone())
    }

    /// Keeps `document`, built from `source` and `columns` from the cache as it was at
    /// `generation`, in place of the one kept before; nothing if the cache changed since.
    pub(super) fn keep(
        &self,
        source: PrintSource,
        columns: PrintColumns,
        generation: u64,
        document: Arc<PrintDocument>,
    ) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        *kept = (generation == self.generation()).then_some(Kept { source, columns, generation, document });
    }

    /// The cache changed: the document kept no longer holds.
    pub(super) fn forget(&self) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        self.generation.fetch_add(1, Ordering::SeqCst);
        *kept = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(identifier: &str) -> PrintSource {
        PrintSource::Search { query: identifier.to_owned(), limit: 10 }
    }

    fn document(title: &str) -> Arc<PrintDocument> {
        Arc::new(PrintDocument {
            title: title.to_owned(),
            scope: None,
            fields: Vec::new(),
            columns: PrintColumns::default(),
            items: Vec::new(),
        })
    }

    #[test]
    fn a_kept_document_answers_its_own_source_and_columns_only() {
        let memo = PrintMemo::default();
        memo.keep(source("a"), PrintColumns::default(), memo.generation(), document("A"));
        assert_eq!(memo.get(&source("a"), PrintColumns::default()).map(|d| d.title.clone()), Some("A".into()));
        assert!(memo.get(&source("b"), PrintColumns::default()).is_none());
        assert!(memo.get(&source("a"), PrintColumns::ALL).is_none());
        memo.keep(source("b"), PrintColumns::default(), memo.generation(), document("B"));
        assert!(memo.get(&source("a"), PrintColumns::default()).is_none(), "one document kept at a time");
    }

    #[test]
    fn a_change_of_the_cache_forgets_it_even_while_it_is_built() {
        let memo = PrintMemo::default();
        memo.keep(source("a"), PrintColumns::default(), memo.generation(), document("A"));
        memo.forget();
        assert!(memo.get(&source("a"), PrintColumns::default()).is_none());
        // Begun before a change, kept after it: not kept.
        let began = memo.generation();
        memo.forget();
        memo.keep(source("a"), PrintColumns::default(), began, document("A"));
        assert!(memo.get(&source("a"), PrintColumns::default()).is_none());
    }
}
