//! [`write_package`]: a CASE package's records into the cache inside a caller's transaction —
//! the one way a package is written, by an import and by a sync alike. The package's items and
//! associations replace its document's previous ones; the other records are merged.

use cairn_spec::Collection;
use rusqlite::Transaction;
use serde_json::Value;

use super::writer::{CollectionWriter, WriteMode};
use crate::error::StoreError;

/// The extension that marks a link the import added where the package had none
/// (`cairn:addedCFDocumentURI: true`), so that reading the package back leaves it out again.
pub const ADDED_PREFIX: &str = "cairn:added";

/// The collections a package writes, in order.
pub const PACKAGE_COLLECTIONS: [Collection; 9] = [
    Collection::CfDocuments,
    Collection::CfItems,
    Collection::CfAssociations,
    Collection::CfConcepts,
    Collection::CfSubjects,
    Collection::CfLicenses,
    Collection::CfItemTypes,
    Collection::CfAssociationGroupings,
    Collection::CfRubrics,
];

/// Writes the records of the package of CFDocument `document` (each with its collection; those
/// of other collections are ignored), calling `written` after each record; returns the records
/// written per collection, in [`PACKAGE_COLLECTIONS`] order, collections with none left out.
pub fn write_package(
    tx: &Transaction<'_>,
    connection_id: i64,
    document: &str,
    records: &[(Collection, Value)],
    written: &mut dyn FnMut(),
) -> Result<Vec<(Collection, u64)>, StoreError> {
    let mut counts = Vec::new();
    for collection in PACKAGE_COLLECTIONS {
        let mut writer = CollectionWriter::new(tx, connection_id, collection, WriteMode::Merge)?;
        if matches!(collection, Collection::CfItems | Collection::CfAssociations) {
            writer.remove_where("document_id", document)?;
        }
        for (_, record) in records.iter().filter(|(c, _)| *c == collection) {
            writer.put(record)?;
            written();
        }
        if writer.written() > 0 {
            counts.push((collection, writer.written()));
        }
    }
    Ok(counts)
}
