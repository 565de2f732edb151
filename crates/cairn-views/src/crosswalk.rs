//! The crosswalk view: two frameworks (files or cached documents), the associations linking
//! their items — those the two packages hold, those of any further packages named, and, for
//! frameworks read from the cache, every association the same connection caches between an
//! item of one and an item of the other (say, from an imported association package) — grouped
//! by type, with each framework's coverage.

use std::collections::{BTreeMap, HashSet};

use cairn_graph::crosswalk::{Crosswalk, crosswalk};
use cairn_spec::Wire;
use cairn_spec::case::CfPackage;
use cairn_store::cache;
use rusqlite::Connection;
use serde::Serialize;
use serde_json::{Map, Value, json};

use super::error::ViewError;
use super::snapshot::{Snapshot, SnapshotError, SnapshotSource, resolve_snapshot};

/// A crosswalk and where its frameworks came from.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CrosswalkView {
    /// FROM, as named (a path or `CONNECTION:IDENTIFIER`).
    pub from_source: String,
    /// TO, as named.
    pub to_source: String,
    /// The further packages whose associations were read, as named.
    pub link_sources: Vec<String>,
    /// Cached documents whose associations link the two frameworks, found in the cache.
    pub cached_link_documents: Vec<String>,
    /// The crosswalk.
    #[serde(flatten)]
    pub crosswalk: Crosswalk,
}

/// The crosswalk of the frameworks `from` and `to` (paths or cache identifiers, see
/// [`resolve_snapshot`]), reading also the associations of `links`.
pub fn crosswalk_view(
    db: Option<&Connection>,
    from: &str,
    to: &str,
    links: &[String],
) -> Result<CrosswalkView, SnapshotError> {
    let from = resolve_snapshot(from, db)?;
    let to = resolve_snapshot(to, db)?;
    let links: Vec<Snapshot> = links.iter().map(|l| resolve_snapshot(l, db)).collect::<Result<_, _>>()?;
    Ok(crosswalk_snapshots(db, &from, &to, &links)?)
}

/// The crosswalk of the frameworks `from` and `to` already read, with the associations of
/// `links` and (given the cache) those the cache holds between them.
pub fn crosswalk_snapshots(
    db: Option<&Connection>,
    from: &Snapshot,
    to: &Snapshot,
    links: &[Snapshot],
) -> Result<CrosswalkView, ViewError> {
    let cached = match db {
        Some(conn) => cached_links(conn, from, to)?,
        None => Vec::new(),
    };
    let mut others: Vec<&CfPackage> = links.iter().map(|l| &l.package).collect();
    others.extend(cached.iter());
    let crosswalk = crosswalk(&from.package, &to.package, &others);
    Ok(CrosswalkView {
        from_source: from.source.to_string(),
        to_source: to.source.to_string(),
        link_sources: links.iter().map(|l| l.source.to_string()).collect(),
        cached_link_documents: cached.iter().filter_map(document_id).collect(),
        crosswalk,
    })
}

fn document_id(package: &CfPackage) -> Option<String> {
    document_id_ref(package).map(str::to_owned)
}

fn document_id_ref(package: &CfPackage) -> Option<&str> {
    package.document.as_ref().and_then(|d| d.identifier.as_deref())
}

fn item_ids(package: &CfPackage) -> HashSet<&str> {
    package.items.iter().flatten().filter_map(|i| i.identifier.as_deref()).collect()
}

/// The associations the cache holds, in the connections FROM and TO were read from, with one
/// end an item of FROM and the other an item of TO (by identifier), other than those FROM and
/// TO hold themselves, as one package per document they are filed under.
fn cached_links(conn: &Connection, from: &Snapshot, to: &Snapshot) -> Result<Vec<CfPackage>, ViewError> {
    let mut connections: Vec<i64> = [&from.source, &to.source]
        .into_iter()
        .filter_map(|s| match s {
            SnapshotSource::Cache { connection_id, .. } => Some(*connection_id),
            SnapshotSource::File { .. } => None,
        })
        .collect();
    connections.dedup();
    if connections.is_empty() {
        return Ok(Vec::new());
    }
    let (from_ids, to_ids) = (item_ids(&from.package), item_ids(&to.package));
    let known: HashSet<&str> = [&from.package, &to.package]
        .into_iter()
        .flat_map(|p| p.associations.iter().flatten())
        .filter_map(|a| a.identifier.as_deref())
        .collect();
    let links =
        |a: &str, b: &str| (from_ids.contains(a) && to_ids.contains(b)) || (to_ids.contains(a) && from_ids.contains(b));
    // FROM's and TO's own associations are in their packages already.
    let own: Vec<&str> = [&from.package, &to.package].into_iter().filter_map(document_id_ref).collect();
    let mut by_document: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    for connection in connections {
        let wanted: Vec<i64> = cache::association_ends(conn, connection, &own)?
            .into_iter()
            .filter(|a| links(&a.origin, &a.destination) && !known.contains(a.id.as_str()))
            .map(|a| a.rowid)
            .collect();
        for rowid in wanted {
            let (id, document, json) = cache::association_at(conn, rowid)?;
            let value: Value = serde_json::from_str(&json).map_err(|e| ViewError::BadRecord {
                table: "cf_associations",
                id,
                message: e.to_string(),
            })?;
            by_document.entry(document.unwrap_or_default()).or_default().push(value);
        }
    }
    Ok(by_document
        .into_iter()
        .filter_map(|(document, associations)| {
            let mut package = Map::new();
            package.insert("CFDocument".to_owned(), json!({ "identifier": document }));
            package.insert("CFAssociations".to_owned(), Value::Array(associations));
            CfPackage::from_json(Value::Object(package)).ok()
        })
        .collect())
}
