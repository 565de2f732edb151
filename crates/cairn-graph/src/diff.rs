//! Version diffs: what changed between two snapshots of one framework — document fields, items
//! and associations added, removed and changed, field by field.
//!
//! Records are compared as the JSON they were read from (every property, extensions and
//! unknown ones included; `extensions` property by property as `extensions.NAME`). Items are
//! matched by identifier; associations by identifier, and then those left over on both sides
//! by their ends and type (origin identifier, type, destination identifier), so an association
//! whose identifier changed shows as changed (`matchedBy: "ends"`) rather than removed and
//! added. A change of `lastChangeDateTime` alone is flagged (`onlyLastChange`), since it is
//! noise to a curriculum specialist. Other package properties (`CFDefinitions`, `CFRubrics`,
//! `extensions`, ...) are compared as whole values.

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap, VecDeque};

pub use crate::crosswalk::ItemRef;

use cairn_spec::Wire;
use cairn_spec::case::CfPackage;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::codes::code_then_id;

/// The property whose change alone is flagged.
const LAST_CHANGE: &str = "lastChangeDateTime";

/// Package properties compared record by record rather than as whole values.
const RECORD_LISTS: [&str; 3] = ["CFDocument", "CFItems", "CFAssociations"];

/// One property that differs. A side without the property has no `old` / `new`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FieldChange {
    /// The property (`fullStatement`, `extensions.NAME`).
    pub field: String,
    /// The value before.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old: Option<Value>,
    /// The value after.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new: Option<Value>,
}

/// How a changed record was paired with its old version.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum MatchedBy {
    /// Same identifier.
    Identifier,
    /// Same origin, type and destination (associations whose identifier changed).
    Ends,
}

/// What identifies an association to a reader.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AssociationRef {
    /// Identifier.
    pub identifier: String,
    /// The association type as stored.
    pub association_type: String,
    /// Origin identifier.
    pub origin: String,
    /// The origin's human coding scheme, when it is an item of the package.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub origin_code: Option<String>,
    /// Destination identifier.
    pub destination: String,
    /// The destination's human coding scheme, when it is an item of the package.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub destination_code: Option<String>,
}

/// A record present in both snapshots that differs.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Changed<R> {
    /// The record (as it is in the new snapshot).
    #[serde(flatten)]
    pub record: R,
    /// How it was paired with its old version.
    pub matched_by: MatchedBy,
    /// Whether `lastChangeDateTime` is the only property that changed.
    pub only_last_change: bool,
    /// The properties that differ, by name.
    pub changes: Vec<FieldChange>,
}

/// Records added, removed and changed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecordsDiff<R> {
    /// In the new snapshot only.
    pub added: Vec<R>,
    /// In the old snapshot only.
    pub removed: Vec<R>,
    /// In both, different.
    pub changed: Vec<Changed<R>>,
}

/// Counts of one kind of record.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// Records in the old snapshot.
    pub old: usize,
    /// Records in the new snapshot.
    pub new: usize,
    /// Added.
    pub added: usize,
    /// Removed.
    pub removed: usize,
    /// Changed in more than `lastChangeDateTime`.
    pub changed: usize,
    /// Changed in `lastChangeDateTime` only.
    pub only_last_change: usize,
    /// The same in both.
    pub unchanged: usize,
}

/// The document's changes.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentDiff {
    /// The old document's identifier.
    pub old_identifier: String,
    /// The new document's identifier (the same, for two snapshots of one framework).
    pub new_identifier: String,
    /// The new document's title.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Whether `lastChangeDateTime` is the only property that changed.
    pub only_last_change: bool,
    /// The properties that differ.
    pub changes: Vec<FieldChange>,
}

/// Totals of a diff.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DiffSummary {
    /// Whether the document changed (in anything, `lastChangeDateTime` included).
    pub document_changed: bool,
    /// Items.
    pub items: Counts,
    /// Associations.
    pub associations: Counts,
    /// Other package properties that differ.
    pub package_changes: usize,
}

/// The difference between two snapshots of a framework.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PackageDiff {
    /// Totals.
    pub summary: DiffSummary,
    /// The document.
    pub document: DocumentDiff,
    /// Items, in code order (natural order of humanCodingScheme, then identifier).
    pub items: RecordsDiff<ItemRef>,
    /// Associations, by type, then origin, destination and identifier.
    pub associations: RecordsDiff<AssociationRef>,
    /// Other package properties (`CFDefinitions`, `CFRubrics`, ...), compared as whole values.
    pub package: Vec<FieldChange>,
}

/// The difference from `old` to `new`.
pub fn diff(old: &CfPackage, new: &CfPackage) -> PackageDiff {
    let (old_json, new_json) = (old.to_json(), new.to_json());
    let old_doc = old_json.get("CFDocument").cloned().unwrap_or(Value::Null);
    let new_doc = new_json.get("CFDocument").cloned().unwrap_or(Value::Null);
    let document_changes = field_changes(&old_doc, &new_doc);
    let document = DocumentDiff {
        old_identifier: text(&old_doc, "identifier").unwrap_or_default().to_owned(),
        new_identifier: text(&new_doc, "identifier").unwrap_or_default().to_owned(),
        title: text(&new_doc, "title").map(str::to_owned),
        only_last_change: only_last_change(&document_changes),
        changes: document_changes,
    };
    let (old_items, new_items) = (records(&old_json, "CFItems"), records(&new_json, "CFItems"));
    let (old_codes, new_codes) = (codes(&old_items), codes(&new_items));
    let (items, item_counts) = compare(&old_items, &new_items, false, item_ref, item_ref, item_cmp);
    let (old_links, new_links) = (records(&old_json, "CFAssociations"), records(&new_json, "CFAssociations"));
    let (associations, association_counts) = compare(
        &old_links,
        &new_links,
        true,
        |r| association_ref(r, &old_codes),
        |r| association_ref(r, &new_codes),
        association_cmp,
    );
    let package = package_changes(&old_json, &new_json);
    PackageDiff {
        summary: DiffSummary {
            document_changed: !document.changes.is_empty(),
            items: item_counts,
            associations: association_counts,
            package_changes: package.len(),
        },
        document,
        items,
        associations,
        package,
    }
}

fn text<'v>(record: &'v Value, key: &str) -> Option<&'v str> {
    record.get(key).and_then(Value::as_str)
}

fn records<'v>(package: &'v Value, key: &str) -> Vec<&'v Value> {
    match package.get(key) {
        Some(Value::Array(list)) => list.iter().collect(),
        Some(other) => vec![other],
        None => Vec::new(),
    }
}

/// A record's key: its identifier (empty when it has none; such records pair in order).
fn key_of(record: &Value) -> String {
    text(record, "identifier").map(str::to_owned).unwrap_or_default()
}

/// Items' human coding schemes by identifier.
fn codes<'v>(items: &[&'v Value]) -> HashMap<&'v str, &'v str> {
    items.iter().filter_map(|i| Some((text(i, "identifier")?, text(i, "humanCodingScheme")?))).collect()
}

fn item_ref(record: &Value) -> ItemRef {
    ItemRef {
        identifier: key_of(record),
        human_coding_scheme: text(record, "humanCodingScheme").map(str::to_owned),
        full_statement: text(record, "fullStatement").map(str::to_owned),
    }
}

fn item_cmp(a: &ItemRef, b: &ItemRef) -> Ordering {
    code_then_id(a.human_coding_scheme.as_deref(), &a.identifier, b.human_coding_scheme.as_deref(), &b.identifier)
}

/// The identifier of a link (an object's `identifier`, or a plain string).
fn link_id(record: &Value, key: &str) -> String {
    match record.get(key) {
        Some(Value::String(s)) => s.clone(),
        Some(link) => text(link, "identifier").unwrap_or_default().to_owned(),
        None => String::new(),
    }
}

fn association_ref(record: &Value, codes: &HashMap<&str, &str>) -> AssociationRef {
    let (origin, destination) = (link_id(record, "originNodeURI"), link_id(record, "destinationNodeURI"));
    AssociationRef {
        identifier: key_of(record),
        association_type: text(record, "associationType").unwrap_or_default().to_owned(),
        origin_code: codes.get(origin.as_str()).map(|c| (*c).to_owned()),
        destination_code: codes.get(destination.as_str()).map(|c| (*c).to_owned()),
        origin,
        destination,
    }
}

fn association_cmp(a: &AssociationRef, b: &AssociationRef) -> Ordering {
    a.association_type
        .cmp(&b.association_type)
        .then_with(|| code_then_id(a.origin_code.as_deref(), &a.origin, b.origin_code.as_deref(), &b.origin))
        .then_with(|| {
            code_then_id(a.destination_code.as_deref(), &a.destination, b.destination_code.as_deref(), &b.destination)
        })
        .then_with(|| a.identifier.cmp(&b.identifier))
}

/// An association's ends and type (case folded, as types are read), for pairing those whose
/// identifier changed: `isChildOf` then `ischildof` is one association changed.
fn ends_key(record: &Value) -> (String, String, String) {
    (
        link_id(record, "originNodeURI"),
        text(record, "associationType").unwrap_or_default().to_lowercase(),
        link_id(record, "destinationNodeURI"),
    )
}

fn only_last_change(changes: &[FieldChange]) -> bool {
    !changes.is_empty() && changes.iter().all(|c| c.field == LAST_CHANGE)
}

/// Pairs `old` and `new` records by identifier (duplicates pair in order) and, with
/// `by_ends`, the rest by [`ends_key`]; then compares each pair. Records are shown with
/// `old_ref` (removed ones) or `new_ref` (added and changed ones) and listed in `order`.
fn compare<R>(
    old: &[&Value],
    new: &[&Value],
    by_ends: bool,
    old_ref: impl Fn(&Value) -> R,
    new_ref: impl Fn(&Value) -> R,
    order: impl Fn(&R, &R) -> Ordering,
) -> (RecordsDiff<R>, Counts) {
    let mut waiting: HashMap<String, VecDeque<usize>> = HashMap::new();
    for (index, record) in old.iter().enumerate() {
        waiting.entry(key_of(record)).or_default().push_back(index);
    }
    let mut pairs: Vec<(usize, usize, MatchedBy)> = Vec::new();
    let mut unmatched_new: Vec<usize> = Vec::new();
    for (index, record) in new.iter().enumerate() {
        match waiting.get_mut(&key_of(record)).and_then(VecDeque::pop_front) {
            Some(o) => pairs.push((o, index, MatchedBy::Identifier)),
            None => unmatched_new.push(index),
        }
    }
    let mut unmatched_old: BTreeSet<usize> = waiting.into_values().flatten().collect();
    if by_ends {
        let mut by_key: HashMap<(String, String, String), VecDeque<usize>> = HashMap::new();
        for &o in &unmatched_old {
            if let Some(record) = old.get(o) {
                by_key.entry(ends_key(record)).or_default().push_back(o);
            }
        }
        unmatched_new.retain(|&n| {
            let Some(record) = new.get(n) else { return true };
            match by_key.get_mut(&ends_key(record)).and_then(VecDeque::pop_front) {
                Some(o) => {
                    unmatched_old.remove(&o);
                    pairs.push((o, n, MatchedBy::Ends));
                    false
                }
                None => true,
            }
        });
    }
    let mut counts = Counts { old: old.len(), new: new.len(), ..Counts::default() };
    let mut changed = Vec::new();
    for (o, n, matched_by) in pairs {
        let (Some(before), Some(after)) = (old.get(o), new.get(n)) else { continue };
        let changes = field_changes(before, after);
        if changes.is_empty() {
            counts.unchanged += 1;
            continue;
        }
        let only = only_last_change(&changes);
        if only {
            counts.only_last_change += 1;
        } else {
            counts.changed += 1;
        }
        changed.push(Changed { record: new_ref(after), matched_by, only_last_change: only, changes });
    }
    let mut added: Vec<R> = unmatched_new.iter().filter_map(|&n| new.get(n)).map(|r| new_ref(r)).collect();
    let mut removed: Vec<R> = unmatched_old.iter().filter_map(|&o| old.get(o)).map(|r| old_ref(r)).collect();
    counts.added = added.len();
    counts.removed = removed.len();
    added.sort_by(&order);
    removed.sort_by(&order);
    changed.sort_by(|a, b| order(&a.record, &b.record));
    (RecordsDiff { added, removed, changed }, counts)
}

/// Every property that differs between two records, by name; `extensions` property by property.
fn field_changes(old: &Value, new: &Value) -> Vec<FieldChange> {
    let empty = Map::new();
    let (old, new) = (old.as_object().unwrap_or(&empty), new.as_object().unwrap_or(&empty));
    let mut changes = Vec::new();
    let names: BTreeSet<&String> = old.keys().chain(new.keys()).collect();
    for name in names {
        let (before, after) = (old.get(name), new.get(name));
        if before == after {
            continue;
        }
        match (name.as_str(), before, after) {
            ("extensions", Some(Value::Object(a)), Some(Value::Object(b))) => {
                let inner: BTreeSet<&String> = a.keys().chain(b.keys()).collect();
                for key in inner {
                    let (x, y) = (a.get(key), b.get(key));
                    if x != y {
                        changes.push(FieldChange {
                            field: format!("extensions.{key}"),
                            old: x.cloned(),
                            new: y.cloned(),
                        });
                    }
                }
            }
            _ => changes.push(FieldChange { field: name.clone(), old: before.cloned(), new: after.cloned() }),
        }
    }
    changes
}

/// Package properties other than the document, items and associations that differ.
fn package_changes(old: &Value, new: &Value) -> Vec<FieldChange> {
    let strip = |v: &Value| -> Value {
        let mut map = v.as_object().cloned().unwrap_or_default();
        for key in RECORD_LISTS {
            map.remove(key);
        }
        Value::Object(map)
    };
    field_changes(&strip(old), &strip(new))
}
