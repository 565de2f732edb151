//! The version diff view: two snapshots of one framework (package files, or the same document
//! cached under two connections) compared record by record.

use cairn_graph::diff::{PackageDiff, diff};
use rusqlite::Connection;
use serde::Serialize;

use super::snapshot::{SnapshotError, resolve_snapshot};

/// A diff and where its snapshots came from.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DiffView {
    /// The old snapshot, as named (a path or `CONNECTION:IDENTIFIER`).
    pub old_source: String,
    /// The new snapshot, as named.
    pub new_source: String,
    /// Whether both snapshots have the same CFDocument identifier (else they are likely two
    /// different frameworks, and the diff says little).
    pub same_document: bool,
    /// The diff.
    #[serde(flatten)]
    pub diff: PackageDiff,
}

/// The diff from `old` to `new` (paths or cache identifiers, see [`resolve_snapshot`]).
pub fn diff_view(db: Option<&Connection>, old: &str, new: &str) -> Result<DiffView, SnapshotError> {
    let old = resolve_snapshot(old, db)?;
    let new = resolve_snapshot(new, db)?;
    let diff = diff(&old.package, &new.package);
    Ok(DiffView {
        old_source: old.source.to_string(),
        new_source: new.source.to_string(),
        same_document: diff.document.old_identifier == diff.document.new_identifier,
        diff,
    })
}
