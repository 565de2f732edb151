//! Importing a OneRoster CSV bundle (folder or zip) into the cache: the bundle is read and
//! parsed first, each collection's records staged outside the cache (no lock held while files
//! are parsed), then written in one short IMMEDIATE transaction. Collections read in bulk then
//! lose the records the bundle no longer has, delta files only add, change and flag: a
//! `tobedeleted` row marks the cached record it names (kept, with its values, shown as
//! `tobedeleted`).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;

use cairn_spec::Collection;
use cairn_store::StoreError;
use cairn_store::cache::{self, CacheHandle, CollectionWriter, StagedCollection, WriteMode};
use rusqlite::Transaction;
use serde_json::Value;

use super::{Counter, IngestError};
use crate::import::{CsvImport, ImportError, ImportWarning, SinkError, import_roster};
use crate::progress::{Cancel, Cancelled, OnProgress, check, ignore};

/// Records staged at a time (one staging transaction each).
const BATCH: usize = 1_000;

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
    import_bundle_with(cache, connection_id, path, &ignore, &Cancel::new())
}

/// [`import_bundle`], reporting the records read so far to `progress` (task `import`, the
/// bundle as the stage) and stopping between rows — or between collections while writing —
/// once `cancel` fires ([`IngestError::Cancelled`], nothing written).
pub fn import_bundle_with(
    cache: &CacheHandle,
    connection_id: i64,
    path: &Path,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<RosterImport, IngestError> {
    let shown = path.display().to_string();
    let mut counter = Counter::new(shown.clone(), progress);
    let parsed = parse(path, &mut counter, cancel)?;
    counter.finish();
    cache.write_blocking(|tx| write(tx, connection_id, shown, parsed, cancel))
}

/// A bundle read and parsed, its records staged: everything but the cache's part.
struct Parsed {
    imported: CsvImport,
    /// Per collection, its records in file order.
    staged: BTreeMap<Collection, StagedCollection>,
    /// Per collection, the identifiers read.
    seen: HashMap<Collection, HashSet<String>>,
    /// Per collection, the records whose last row is `tobedeleted`, by identifier.
    deleting: HashMap<Collection, HashMap<String, Value>>,
}

/// Reads and parses the bundle at `path`, staging its records; no lock is taken.
fn parse(path: &Path, counter: &mut Counter<'_>, cancel: &Cancel) -> Result<Parsed, IngestError> {
    let mut staged: BTreeMap<Collection, (StagedCollection, Vec<String>)> = BTreeMap::new();
    let mut seen: HashMap<Collection, HashSet<String>> = HashMap::new();
    let mut deleting: HashMap<Collection, HashMap<String, Value>> = HashMap::new();
    let outcome = import_roster(path, HREF_BASE, &mut |collection, record: Value| {
        check(cancel).map_err(SinkError::new)?;
        let (stage, batch) = match staged.get_mut(&collection) {
            Some(stage) => stage,
            None => {
                let stage = StagedCollection::new(collection).map_err(SinkError::new)?;
                staged.entry(collection).or_insert((stage, Vec::with_capacity(BATCH)))
            }
        };
        batch.push(record.to_string());
        if batch.len() == BATCH {
            stage.stage(batch.iter().map(String::as_str)).map_err(SinkError::new)?;
            batch.clear();
        }
        counter.add();
        if let Some(id) = record.get(collection.id_field()).and_then(Value::as_str) {
            seen.entry(collection).or_default().insert(id.to_owned());
            let marks = deleting.entry(collection).or_default();
            // The later row wins: a row after a `tobedeleted` one for the same record undoes it.
            match record.get("status").and_then(Value::as_str) == Some("tobedeleted") {
                true => marks.insert(id.to_owned(), record),
                false => marks.remove(id),
            };
        }
        Ok(())
    });
    let imported = outcome.map_err(|e| match e {
        ImportError::Sink { source, .. } => sink_failure(path, source),
        e => IngestError::Unreadable { path: path.display().to_string(), message: e.to_string() },
    })?;
    let staged = staged
        .into_iter()
        .map(|(collection, (mut stage, batch))| {
            stage.stage(batch.iter().map(String::as_str))?;
            Ok((collection, stage))
        })
        .collect::<Result<_, StoreError>>()?;
    Ok(Parsed { imported, staged, seen, deleting })
}

/// What stopped the sink: a cancel, the staging store failing (the cache's side, never the
/// file's), or else the file.
fn sink_failure(path: &Path, source: SinkError) -> IngestError {
    let source = match source.0.downcast::<Cancelled>() {
        Ok(_) => return IngestError::Cancelled,
        Err(other) => other,
    };
    match source.downcast::<StoreError>() {
        Ok(store) => IngestError::Store(*store),
        Err(other) => IngestError::Unreadable { path: path.display().to_string(), message: other.to_string() },
    }
}

/// Writes a parsed bundle in the transaction `tx`: marks, the staged records, removals.
fn write(
    tx: &Transaction<'_>,
    connection_id: i64,
    shown: String,
    parsed: Parsed,
    cancel: &Cancel,
) -> Result<RosterImport, IngestError> {
    let Parsed { mut imported, staged, seen, mut deleting } = parsed;
    let mut marked = 0;
    let mut unknown: Vec<String> = Vec::new();
    let mut removed = 0;
    for (collection, records) in staged {
        check(cancel)?;
        // The cached values of records a `tobedeleted` row names, read before they are written over.
        let mut marks = Vec::new();
        for (id, record) in deleting.remove(&collection).unwrap_or_default() {
            match mark(tx, connection_id, collection, &id, record)? {
                Marked::Cached(record) => {
                    marked += 1;
                    marks.push(record);
                }
                Marked::NotCached(record) => {
                    unknown.push(format!("{} {id:?}", collection.single().unwrap_or_default()));
                    marks.push(record);
                }
            }
        }
        let mut writer = CollectionWriter::new(tx, connection_id, collection, WriteMode::Merge)?;
        records.write_to(&mut writer)?;
        for record in &marks {
            writer.put(record)?;
        }
        if imported.delta.contains(&collection) {
            continue;
        }
        let ids = seen.get(&collection);
        let cached = cache::ids(tx, connection_id, collection)?;
        for id in cached.iter().filter(|id| !ids.is_some_and(|ids| ids.contains(*id))) {
            removed += usize::from(writer.remove(id)?);
        }
    }
    if !unknown.is_empty() {
        unknown.sort();
        let n = unknown.len();
        let first = unknown.iter().take(5).cloned().collect::<Vec<_>>().join(", ");
        imported.notes.push(format!(
            "{n} tobedeleted rows name records not in the cache ({first}{}); stored as given, marked tobedeleted",
            if n > 5 { ", ..." } else { "" }
        ));
    }
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

/// A `tobedeleted` record, with what marking it did.
enum Marked {
    /// Cached: the cached record with the row's values over it.
    Cached(Value),
    /// Not cached: as read.
    NotCached(Value),
}

/// A `tobedeleted` row marks the cached record it names: the cached values stay (a delta row
/// that deletes need not repeat them), the row's own values (status, dateLastModified, ...) go
/// over them, and the writer sets the record's `to_be_deleted` flag from its status.
fn mark(
    tx: &Transaction<'_>,
    connection_id: i64,
    collection: Collection,
    id: &str,
    record: Value,
) -> Result<Marked, StoreError> {
    let Some(json) = cache::record(tx, connection_id, collection, id)? else { return Ok(Marked::NotCached(record)) };
    let (Ok(Value::Object(mut cached)), Value::Object(given)) = (serde_json::from_str::<Value>(&json), &record) else {
        return Ok(Marked::NotCached(record));
    };
    cached.extend(given.clone());
    Ok(Marked::Cached(Value::Object(cached)))
}
