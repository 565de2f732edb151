//! A framework's items as one CSV table, in tree order.
//!
//! The tree is made of the `isChildOf` associations (origin: the child; destination: the parent,
//! the document or an item). Children of a node come in order of their association's
//! `sequenceNumber` (absent last), then `listEnumeration` and `humanCodingScheme` in natural
//! order ([`natural_cmp`]; absent last), then `fullStatement` (absent last), then identifier.
//! The tree is walked depth first from the document; an item with several parents appears once,
//! under the parent that reaches it first, and a node already placed is never followed again
//! (so cycles end). Items with no path to the document (orphans) come last: first those without
//! a parent among the other orphans, ordered like siblings without sequence numbers, each
//! followed by its subtree; then what is left (cycles), the same way. Orphans have no depth.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::Path;

use cairn_spec::Collection;
use cairn_store::cache;
use rusqlite::Connection;
use serde_json::Value;

use super::natural::natural_cmp;
use super::sheet::{cell, csv_error, writer};
use super::{ExportError, Source};

/// The columns of the framework table.
pub const FRAMEWORK_COLUMNS: [&str; 12] = [
    "identifier",
    "humanCodingScheme",
    "listEnumeration",
    "fullStatement",
    "abbreviatedStatement",
    "CFItemType",
    "educationLevel",
    "parentIdentifiers",
    "sequenceNumber",
    "depth",
    "language",
    "lastChangeDateTime",
];

/// What a framework export wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FrameworkExport {
    /// The CFDocument identifier.
    pub document: String,
    /// The document's title.
    pub title: String,
    /// Rows written (one per item).
    pub rows: usize,
    /// Of those, items with no path to the document.
    pub orphans: usize,
}

/// A link to a child or parent: its identifier and the association's sequence number.
type Edge = (String, Option<i64>);

/// The children of each node.
type Children = HashMap<String, Vec<Edge>>;

/// One item of the framework.
struct Item {
    json: Value,
    /// Parents with the sequence number of the association, in the order associations came.
    parents: Vec<(String, Option<i64>)>,
}

impl Item {
    fn text(&self, key: &str) -> Option<&str> {
        self.json.get(key).and_then(Value::as_str)
    }
}

/// A row being placed: the item, the parent it was placed under, its depth.
struct Placed {
    id: String,
    parent: Option<String>,
    depth: Option<usize>,
}

/// Writes the items of the framework `doc` of connection `source` to `out` as CSV (`shown` names
/// `out` in errors).
pub fn export_framework(
    conn: &Connection,
    source: &Source,
    doc: &str,
    out: &mut dyn Write,
    shown: &Path,
) -> Result<FrameworkExport, ExportError> {
    let Some(document) = cache::record(conn, source.id, Collection::CfDocuments, doc)? else {
        return Err(ExportError::NoFramework {
            doc: doc.to_owned(),
            connection: source.name.clone(),
            cached: cached_documents(conn, source.id)?,
        });
    };
    let title = serde_json::from_str::<Value>(&document)
        .ok()
        .and_then(|d| d.get("title").and_then(Value::as_str).map(str::to_owned))
        .unwrap_or_default();
    let mut items = load_items(conn, source.id, doc)?;
    let children = link(conn, source.id, doc, &mut items)?;
    let placed = order(doc, &items, &children);
    let position: HashMap<&str, usize> = placed.iter().enumerate().map(|(i, p)| (p.id.as_str(), i + 1)).collect();
    let mut csv = writer(out);
    csv.write_record(FRAMEWORK_COLUMNS).map_err(|e| csv_error(shown, e))?;
    let mut orphans = 0;
    for row in &placed {
        let Some(item) = items.get(&row.id) else { continue };
        orphans += usize::from(row.depth.is_none());
        let parents = parent_order(doc, item, row.parent.as_deref(), &position);
        let sequence = parents
            .first()
            .and_then(|first| item.parents.iter().filter(|(p, _)| p == first).filter_map(|(_, s)| *s).min());
        let cells = [
            row.id.clone(),
            cell(&item.json, "humanCodingScheme"),
            cell(&item.json, "listEnumeration"),
            cell(&item.json, "fullStatement"),
            cell(&item.json, "abbreviatedStatement"),
            cell(&item.json, "CFItemType"),
            cell(&item.json, "educationLevel"),
            parents.join(";"),
            sequence.map(|s| s.to_string()).unwrap_or_default(),
            row.depth.map(|d| d.to_string()).unwrap_or_default(),
            cell(&item.json, "language"),
            cell(&item.json, "lastChangeDateTime"),
        ];
        csv.write_record(&cells).map_err(|e| csv_error(shown, e))?;
    }
    csv.flush().map_err(|source| ExportError::Io { path: shown.to_owned(), source })?;
    Ok(FrameworkExport { document: doc.to_owned(), title, rows: placed.len(), orphans })
}

/// `identifier (title)` of every document of the connection.
fn cached_documents(conn: &Connection, connection_id: i64) -> Result<Vec<String>, ExportError> {
    let mut statement =
        conn.prepare("SELECT id, title FROM cf_documents WHERE connection_id = ?1 ORDER BY title, id")?;
    let rows = statement.query_map([connection_id], |r| {
        let (id, title): (String, Option<String>) = (r.get(0)?, r.get(1)?);
        Ok(match title {
            Some(title) if !title.is_empty() => format!("{id} ({title})"),
            _ => id,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn parse(table: &'static str, id: &str, json: &str) -> Result<Value, ExportError> {
    serde_json::from_str(json).map_err(|e| ExportError::BadRecord { table, id: id.to_owned(), message: e.to_string() })
}

/// The document's items by identifier.
fn load_items(conn: &Connection, connection_id: i64, doc: &str) -> Result<HashMap<String, Item>, ExportError> {
    let mut statement =
        conn.prepare("SELECT id, json FROM cf_items WHERE connection_id = ?1 AND document_id = ?2 ORDER BY rowid")?;
    let mut rows = statement.query(rusqlite::params![connection_id, doc])?;
    let mut items = HashMap::new();
    while let Some(row) = rows.next()? {
        let (id, json): (String, String) = (row.get(0)?, row.get(1)?);
        let json = parse("cf_items", &id, &json)?;
        items.insert(id, Item { json, parents: Vec::new() });
    }
    Ok(items)
}

/// The sequence number of an association, as a number or a numeric string.
fn sequence_number(association: &Value) -> Option<i64> {
    match association.get("sequenceNumber")? {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// Reads the document's `isChildOf` associations (and those of other documents whose child is
/// one of its items): each item's parents, and each node's children. Items of other documents
/// placed under this one's nodes join the table.
fn link(
    conn: &Connection,
    connection_id: i64,
    doc: &str,
    items: &mut HashMap<String, Item>,
) -> Result<Children, ExportError> {
    let mut statement = conn.prepare(
        "SELECT id, json FROM cf_associations WHERE connection_id = ?1 AND type = 'isChildOf'
         AND (document_id = ?2 OR origin_id IN (SELECT id FROM cf_items WHERE connection_id = ?1 AND document_id = ?2))
         ORDER BY rowid",
    )?;
    let mut rows = statement.query(rusqlite::params![connection_id, doc])?;
    let mut children: Children = HashMap::new();
    while let Some(row) = rows.next()? {
        let (id, json): (String, String) = (row.get(0)?, row.get(1)?);
        let association = parse("cf_associations", &id, &json)?;
        let end = |key: &str| {
            association.get(key).and_then(|n| n.get("identifier")).and_then(Value::as_str).map(str::to_owned)
        };
        let (Some(child), Some(parent)) = (end("originNodeURI"), end("destinationNodeURI")) else { continue };
        let sequence = sequence_number(&association);
        if !items.contains_key(&child) {
            let Some(json) = cache::record(conn, connection_id, Collection::CfItems, &child)? else { continue };
            items.insert(child.clone(), Item { json: parse("cf_items", &child, &json)?, parents: Vec::new() });
        }
        let Some(item) = items.get_mut(&child) else { continue };
        match item.parents.iter_mut().find(|(p, _)| *p == parent) {
            Some((_, known)) => *known = min_some(*known, sequence),
            None => item.parents.push((parent.clone(), sequence)),
        }
        let list = children.entry(parent).or_default();
        match list.iter_mut().find(|(c, _)| *c == child) {
            Some((_, known)) => *known = min_some(*known, sequence),
            None => list.push((child, sequence)),
        }
    }
    Ok(children)
}

fn min_some(a: Option<i64>, b: Option<i64>) -> Option<i64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Absent after present; present values by `cmp`.
fn absent_last<T>(a: Option<T>, b: Option<T>, cmp: impl Fn(T, T) -> Ordering) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => cmp(a, b),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// The order of siblings: (identifier, sequence number under the parent).
fn sibling_cmp(items: &HashMap<String, Item>, a: &(String, Option<i64>), b: &(String, Option<i64>)) -> Ordering {
    let (ia, ib) = (items.get(&a.0), items.get(&b.0));
    let text = |item: Option<&Item>, key: &str| item.and_then(|i| i.text(key)).map(str::to_owned);
    absent_last(a.1, b.1, |x, y| x.cmp(&y))
        .then_with(|| absent_last(text(ia, "listEnumeration"), text(ib, "listEnumeration"), |x, y| natural_cmp(&x, &y)))
        .then_with(|| {
            absent_last(text(ia, "humanCodingScheme"), text(ib, "humanCodingScheme"), |x, y| natural_cmp(&x, &y))
        })
        .then_with(|| absent_last(text(ia, "fullStatement"), text(ib, "fullStatement"), |x, y| x.cmp(&y)))
        .then_with(|| a.0.cmp(&b.0))
}

/// Every item once, in tree order, then the orphans.
fn order(doc: &str, items: &HashMap<String, Item>, children: &Children) -> Vec<Placed> {
    let mut placed = Vec::with_capacity(items.len());
    let mut seen: HashSet<String> = HashSet::new();
    walk(doc, Some(0), items, children, &mut seen, &mut placed);
    let left: Vec<(String, Option<i64>)> =
        items.keys().filter(|id| !seen.contains(*id)).map(|id| (id.clone(), None)).collect();
    let left_ids: HashSet<&str> = left.iter().map(|(id, _)| id.as_str()).collect();
    let (mut roots, mut rest): (Vec<_>, Vec<_>) = left.iter().cloned().partition(|(id, _)| {
        items.get(id).is_none_or(|item| !item.parents.iter().any(|(p, _)| left_ids.contains(p.as_str())))
    });
    roots.sort_by(|a, b| sibling_cmp(items, a, b));
    rest.sort_by(|a, b| sibling_cmp(items, a, b));
    for (id, _) in roots.into_iter().chain(rest) {
        if seen.insert(id.clone()) {
            placed.push(Placed { id: id.clone(), parent: None, depth: None });
            walk(&id, None, items, children, &mut seen, &mut placed);
        }
    }
    placed
}

/// Places the subtree under `root` (at `depth`), depth first, skipping what is placed already.
fn walk(
    root: &str,
    depth: Option<usize>,
    items: &HashMap<String, Item>,
    children: &Children,
    seen: &mut HashSet<String>,
    placed: &mut Vec<Placed>,
) {
    let sorted = |node: &str| {
        let mut list: Vec<(String, Option<i64>)> = children
            .get(node)
            .map(|l| l.iter().filter(|(c, _)| items.contains_key(c)).cloned().collect())
            .unwrap_or_default();
        list.sort_by(|a, b| sibling_cmp(items, a, b));
        list
    };
    let mut stack: Vec<(String, Vec<Edge>, usize, Option<usize>)> = vec![(root.to_owned(), sorted(root), 0, depth)];
    while let Some((node, list, next, depth)) = stack.last_mut() {
        let Some((child, _)) = list.get(*next).cloned() else {
            stack.pop();
            continue;
        };
        *next += 1;
        if !seen.insert(child.clone()) {
            continue;
        }
        let (parent, child_depth) = (node.clone(), depth.map(|d| d + 1));
        placed.push(Placed { id: child.clone(), parent: Some(parent), depth: child_depth });
        let list = sorted(&child);
        stack.push((child, list, 0, child_depth));
    }
}

/// An item's parents: the one it is placed under first, then the others in output order (the
/// document first), then those not in the table, by identifier.
fn parent_order(doc: &str, item: &Item, placed_under: Option<&str>, position: &HashMap<&str, usize>) -> Vec<String> {
    let mut parents: Vec<&str> = item.parents.iter().map(|(p, _)| p.as_str()).collect();
    let rank = |p: &str| {
        if Some(p) == placed_under {
            (0, 0)
        } else if p == doc {
            (1, 0)
        } else {
            position.get(p).map_or((3, 0), |i| (2, *i))
        }
    };
    parents.sort_by(|a, b| rank(a).cmp(&rank(b)).then_with(|| a.cmp(b)));
    parents.into_iter().map(str::to_owned).collect()
}
