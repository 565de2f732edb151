//! Importing a OneRoster CSV bundle (folder or zip) into the cache in one transaction: records
//! are upserted as the rows stream in; collections read in bulk then lose the records the bundle
//! no longer has, delta files only add, change and flag: a `tobedeleted` row marks the cached
//! record it names (kept, with its values, shown as `tobedeleted`).

use std::collections::{HashMap, HashSet};
use std::path::Path;

use cairn_spec::Collection;
use cairn_store::StoreError;
use cairn_store::cache::{self, CacheHandle, CollectionWriter, WriteMode};
use rusqlite::Transaction;
use serde_json::Value;

use super::{Counter, IngestError};
use crate::import::{CsvImport, ImportWarning, SinkError, import_roster};

/// The base of the hrefs of imported records: nothing serves them.
const HREF_BASE: &str = "https://cairn.invalid";

/// What importing one bundle did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct RosterImport {
    /// The bundle.
    pub path: String,
    /// OneRoster CSV version.
    pub version: String,
    /// Records per collection (set wrapper names).
    pub counts: Vec<(String, usize)>,
    /// Records removed because a bulk file no longer has them.
    pub removed: usize,
    /// A warning per bad row or field: file, line, column, reason.
    pub warnings: Vec<ImportWarning>,
    /// What the import says once per file (the mode assumed, dates bulk files lack).
    pub notes: Vec<String>,
    /// Cached records a `tobedeleted` row marked (kept, shown as `tobedeleted`).
    pub marked: usize,
}

/// Imports the bundle at `path` for the connection. On any error nothing is written.
pub fn import_bundle(cache: &CacheHandle, connection_id: i64, path: &Path) -> Result<RosterImport, IngestError> {
    import_bundle_with(cache, connection_id, path, &|_| {})
}

/// [`import_bundle`], reporting the records written so far to `progress` as it goes.
pub fn import_bundle_with(
    cache: &CacheHandle,
    connection_id: i64,
    path: &Path,
    progress: &dyn Fn(u64),
) -> Result<RosterImport, IngestError> {
    let mut counter = Counter::new(progress);
    let report = cache.write_blocking(|tx| write_bundle(tx, connection_id, path, &mut counter))?;
    counter.finish();
    Ok(report)
}

/// Reads the bundle at `path` into the transaction `tx`.
fn write_bundle(
    tx: &Transaction<'_>,
    connection_id: i64,
    path: &Path,
    counter: &mut Counter<'_>,
) -> Result<RosterImport, IngestError> {
    let shown = path.display().to_string();
    let mut writers: HashMap<Collection, CollectionWriter<'_>> = HashMap::new();
    let mut seen: HashMap<Collection, HashSet<String>> = HashMap::new();
    let mut marked = 0;
    let mut unknown: Vec<String> = Vec::new();
    let outcome: Result<CsvImport, crate::import::ImportError> =
        import_roster(path, HREF_BASE, &mut |collection, record: Value| {
            let writer = match writers.get_mut(&collection) {
                Some(writer) => writer,
                None => {
                    let writer = CollectionWriter::new(tx, connection_id, collection, WriteMode::Merge)
                        .map_err(SinkError::new)?;
                    writers.entry(collection).or_insert(writer)
                }
            };
            let record = match mark(tx, connection_id, collection, record).map_err(SinkError::new)? {
                Marked::Cached(record) => {
                    marked += 1;
                    record
                }
                Marked::NotCached(record) => {
                    let id = record.get(collection.id_field()).and_then(Value::as_str).unwrap_or_default();
                    unknown.push(format!("{} {id:?}", collection.single().unwrap_or_default()));
                    record
                }
                Marked::No(record) => record,
            };
            writer.put(&record).map_err(SinkError::new)?;
            counter.add();
            if let Some(id) = record.get(collection.id_field()).and_then(Value::as_str) {
                seen.entry(collection).or_default().insert(id.to_owned());
            }
            Ok(())
        });
    let mut imported = outcome.map_err(|e| match e {
        // The cache failing is not the file's fault: it stays a store failure.
        crate::import::ImportError::Sink { source, .. } if source.0.is::<StoreError>() => {
            match source.0.downcast::<StoreError>() {
                Ok(store) => IngestError::Store(*store),
                Err(other) => IngestError::Unreadable { path: shown.clone(), message: other.to_string() },
            }
        }
        e => IngestError::Unreadable { path: shown.clone(), message: e.to_string() },
    })?;
    if !unknown.is_empty() {
        let n = unknown.len();
        let first = unknown.iter().take(5).cloned().collect::<Vec<_>>().join(", ");
        imported.notes.push(format!(
            "{n} tobedeleted rows name records not in the cache ({first}{}); stored as given, marked tobedeleted",
            if n > 5 { ", ..." } else { "" }
        ));
    }
    let mut removed = 0;
    for (collection, ids) in &seen {
        if imported.delta.contains(collection) {
            continue;
        }
        let Some(writer) = writers.get_mut(collection) else { continue };
        let cached = cache::ids(tx, connection_id, *collection)?;
        for id in cached.iter().filter(|id| !ids.contains(*id)) {
            removed += usize::from(writer.remove(id)?);
        }
    }
    drop(writers);
    Ok(RosterImport {
        path: shown,
        version: imported.version.to_string(),
        counts: imported.counts.iter().map(|(c, n)| (c.name().to_owned(), *n)).collect(),
        removed,
        warnings: imported.warnings,
        notes: imported.notes,
        marked,
    })
}

/// A record of a bulk or delta row, with what marking it did.
enum Marked {
    /// Not `tobedeleted`: as read.
    No(Value),
    /// `tobedeleted` and cached: the cached record with the row's values over it.
    Cached(Value),
    /// `tobedeleted` and not cached: as read.
    NotCached(Value),
}

/// A `tobedeleted` row marks the cached record it names: the cached values stay (a delta row
/// that deletes need not repeat them), the row's own values (status, dateLastModified, ...) go
/// over them, and the writer sets the record's `to_be_deleted` flag from its status.
fn mark(tx: &Transaction<'_>, connection_id: i64, collection: Collection, record: Value) -> Result<Marked, StoreError> {
    if record.get("status").and_then(Value::as_str) != Some("tobedeleted") {
        return Ok(Marked::No(record));
    }
    let Some(id) = record.get(collection.id_field()).and_then(Value::as_str) else { return Ok(Marked::No(record)) };
    let Some(json) = cache::record(tx, connection_id, collection, id)? else { return Ok(Marked::NotCached(record)) };
    let Ok(Value::Object(mut cached)) = serde_json::from_str::<Value>(&json) else {
        return Ok(Marked::NotCached(record));
    };
    let Value::Object(given) = record else { return Ok(Marked::No(record)) };
    cached.extend(given);
    Ok(Marked::Cached(Value::Object(cached)))
}
