//! The version diff of two snapshots of one framework (cached under two connections, a cached
//! one and a file, or two files), as `cairn diff` computes it, shaped for the window: sections
//! of added, removed and changed records with the `lastChangeDateTime`-only changes apart, and
//! the newer version's tree with each changed node marked.

use std::collections::HashMap;

use cairn_graph::diff::{AssociationRef, Changed, FieldChange, PackageDiff, RecordsDiff, diff};
use cairn_graph::{FrameworkGraph, TreeNode};
use cairn_spec::case::CfPackage;
use rusqlite::Connection;
use serde_json::Value;

use super::crosswalk::snapshot;
use super::ends::item_label;
use super::types::{
    DIFF_TREE_ROWS, DiffMark, DiffRecord, DiffSection, DiffTreeRow, FieldDiff, SnapshotRef, VersionDiff,
};
use crate::app::error::AppError;
use cairn_views::{Snapshot, resolve_snapshot};

/// Reads the snapshot `source` names.
fn read(conn: &Connection, source: &SnapshotRef) -> Result<Snapshot, AppError> {
    match source {
        SnapshotRef::Cache { key } => snapshot(conn, key),
        SnapshotRef::File { path } => Ok(resolve_snapshot(path, None)?),
    }
}

/// What changed from `old` to `new`.
pub fn version_diff(conn: &Connection, old: &SnapshotRef, new: &SnapshotRef) -> Result<VersionDiff, AppError> {
    let (old, new) = (read(conn, old)?, read(conn, new)?);
    let found = diff(&old.package, &new.package);
    let marks = marks(&found);
    let (tree, tree_truncated) = marked_tree(&new.package, &marks);
    let PackageDiff { summary, document, items, associations, package } = found;
    let document_record = DiffRecord {
        identifier: document.new_identifier.clone(),
        label: document.title.clone().unwrap_or_else(|| document.new_identifier.clone()),
        changes: document.changes.into_iter().map(field).collect(),
        only_last_change: document.only_last_change,
    };
    let document_section = DiffSection {
        old_count: 1,
        new_count: 1,
        added: Vec::new(),
        removed: Vec::new(),
        changed: if document_record.changes.is_empty() || document.only_last_change {
            Vec::new()
        } else {
            vec![document_record.clone()]
        },
        touched: if document.only_last_change { vec![document_record] } else { Vec::new() },
    };
    Ok(VersionDiff {
        old_source: old.source.to_string(),
        new_source: new.source.to_string(),
        same_document: document.old_identifier == document.new_identifier,
        title: document.title,
        document: document_section,
        items: section(items, summary.items.old, summary.items.new, |i| {
            (
                i.identifier.clone(),
                item_label(i.human_coding_scheme.as_deref(), i.full_statement.as_deref(), &i.identifier),
            )
        }),
        associations: section(associations, summary.associations.old, summary.associations.new, |a| {
            (a.identifier.clone(), association_label(a))
        }),
        package: package.into_iter().map(field).collect(),
        tree,
        tree_truncated,
    })
}

fn association_label(a: &AssociationRef) -> String {
    let origin = a.origin_code.as_deref().unwrap_or(&a.origin);
    let destination = a.destination_code.as_deref().unwrap_or(&a.destination);
    format!("{origin} {} {destination}", a.association_type)
}

fn field(change: FieldChange) -> FieldDiff {
    FieldDiff { field: change.field, old: change.old.unwrap_or(Value::Null), new: change.new.unwrap_or(Value::Null) }
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

fn section<R>(
    records: RecordsDiff<R>,
    old: usize,
    new: usize,
    describe: impl Fn(&R) -> (String, String),
) -> DiffSection {
    let plain = |r: &R| {
        let (identifier, label) = describe(r);
        DiffRecord { identifier, label, changes: Vec::new(), only_last_change: false }
    };
    let changed = |c: Changed<R>| {
        let (identifier, label) = describe(&c.record);
        DiffRecord {
            identifier,
            label,
            changes: c.changes.into_iter().map(field).collect(),
            only_last_change: c.only_last_change,
        }
    };
    let (touched, changed): (Vec<DiffRecord>, Vec<DiffRecord>) =
        records.changed.into_iter().map(changed).partition(|r| r.only_last_change);
    DiffSection {
        old_count: count(old),
        new_count: count(new),
        added: records.added.iter().map(plain).collect(),
        removed: records.removed.iter().map(plain).collect(),
        changed,
        touched,
    }
}

/// How each node of the newer version changed: added, changed (more than `lastChangeDateTime`),
/// or moved (an `isChildOf` from it added, removed, or pointed elsewhere).
fn marks(found: &PackageDiff) -> HashMap<String, DiffMark> {
    let mut out = HashMap::new();
    let is_child_of = |a: &AssociationRef| a.association_type.eq_ignore_ascii_case("isChildOf");
    for a in found.associations.added.iter().chain(&found.associations.removed).filter(|a| is_child_of(a)) {
        out.insert(a.origin.clone(), DiffMark::Moved);
    }
    for c in found.associations.changed.iter().filter(|c| is_child_of(&c.record) && !c.only_last_change) {
        if c.changes.iter().any(|f| f.field == "destinationNodeURI" || f.field == "originNodeURI") {
            out.insert(c.record.origin.clone(), DiffMark::Moved);
        }
    }
    for c in found.items.changed.iter().filter(|c| !c.only_last_change) {
        out.insert(c.record.identifier.clone(), DiffMark::Changed);
    }
    for i in &found.items.added {
        out.insert(i.identifier.clone(), DiffMark::Added);
    }
    out
}

/// The newer version's tree, depth first, each node with its mark; at most [`DIFF_TREE_ROWS`].
fn marked_tree(package: &CfPackage, marks: &HashMap<String, DiffMark>) -> (Vec<DiffTreeRow>, bool) {
    let graph = FrameworkGraph::from_package(package);
    let tree = cairn_graph::Tree::new(&graph, package);
    let outline = tree.outline(&graph, package, None);
    let mut rows = Vec::new();
    let mut stack: Vec<(u32, &TreeNode<'_>)> =
        outline.children.iter().chain(&outline.orphans).rev().map(|n| (1, n)).collect();
    while let Some((depth, node)) = stack.pop() {
        if rows.len() >= DIFF_TREE_ROWS {
            return (rows, true);
        }
        let label = match (&node.title, node.external) {
            (Some(title), true) => title.to_string(),
            _ => item_label(node.human_coding_scheme.as_deref(), node.full_statement.as_deref(), &node.identifier),
        };
        rows.push(DiffTreeRow {
            depth,
            identifier: node.identifier.to_string(),
            label,
            mark: marks.get(&*node.identifier).copied(),
        });
        stack.extend(node.children.iter().rev().map(|c| (depth + 1, c)));
    }
    (rows, outline.truncated)
}
