//! A framework's items as one CSV table, in the export's plan order ([`super::plan`]: tree
//! order from the document, each item once, orphans last).

use std::io::Write;
use std::path::Path;

use super::plan::{Plan, load_framework};
use super::records::Records;
use super::sheet::{cell, csv_error, writer};
use super::{ExportError, REPORT_EVERY, Source};
use crate::progress::{Cancel, OnProgress, Progress, check, ignore, task};
use rusqlite::Connection;

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

/// Writes the items of the framework `doc` of connection `source` to `out` as CSV (`shown` names
/// `out` in errors).
pub fn export_framework(
    conn: &Connection,
    source: &Source,
    doc: &str,
    out: &mut dyn Write,
    shown: &Path,
) -> Result<FrameworkExport, ExportError> {
    export_framework_with(conn, source, doc, out, shown, &ignore, &Cancel::new())
}

/// [`export_framework`], reporting the rows written (task `export`, the document as the stage,
/// every [`REPORT_EVERY`] rows and at the end) and stopping between rows once `cancel` fires
/// ([`ExportError::Cancelled`]; what was written stays, unfinished).
pub fn export_framework_with(
    conn: &Connection,
    source: &Source,
    doc: &str,
    out: &mut dyn Write,
    shown: &Path,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<FrameworkExport, ExportError> {
    export_subtree_with(conn, source, doc, None, out, shown, progress, cancel)
}

/// [`export_framework_with`] of the subtree under the item `subtree` only (the item first, its
/// descendants after it, in tree order, depths and parents as in the whole framework); the whole
/// framework when `None`.
#[allow(clippy::too_many_arguments)] // The export's inputs, its output, and the window's progress and cancel.
pub fn export_subtree_with(
    conn: &Connection,
    source: &Source,
    doc: &str,
    subtree: Option<&str>,
    out: &mut dyn Write,
    shown: &Path,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<FrameworkExport, ExportError> {
    let package = load_framework(conn, source, doc)?;
    let title = package.document.as_ref().and_then(|d| d.title.as_deref()).unwrap_or_default().to_owned();
    let plan = Plan::new(&package, Records::new(conn, source.id), doc, subtree)?;
    let (graph, placed) = (&plan.graph, &plan.rows);
    let mut csv = writer(out);
    csv.write_record(FRAMEWORK_COLUMNS).map_err(|e| csv_error(shown, e))?;
    let mut orphans = 0;
    let total = u64::try_from(placed.len()).ok();
    let report = |done: u64| progress(Progress::new(task::EXPORT, doc, done, total));
    for (done, row) in (1u64..).zip(placed) {
        check(cancel).map_err(|_| ExportError::Cancelled)?;
        if done % REPORT_EVERY == 0 {
            report(done);
        }
        let node = graph.node(row.node);
        let Some(json) = plan.record(row)? else { continue };
        orphans += usize::from(row.depth.is_none());
        let parents = plan.parents(row);
        let sequence = plan.sequence(row, &parents);
        let cells = [
            node.identifier.to_owned(),
            cell(&json, "humanCodingScheme"),
            cell(&json, "listEnumeration"),
            cell(&json, "fullStatement"),
            cell(&json, "abbreviatedStatement"),
            cell(&json, "CFItemType"),
            cell(&json, "educationLevel"),
            parents.iter().map(|p| graph.node(*p).identifier).collect::<Vec<_>>().join(";"),
            sequence.map(|s| s.to_string()).unwrap_or_default(),
            row.depth.map(|d| d.to_string()).unwrap_or_default(),
            cell(&json, "language"),
            cell(&json, "lastChangeDateTime"),
        ];
        csv.write_record(&cells).map_err(|e| csv_error(shown, e))?;
    }
    csv.flush().map_err(|source| ExportError::Io { path: shown.to_owned(), source })?;
    report(total.unwrap_or_default());
    Ok(FrameworkExport { document: doc.to_owned(), title, rows: placed.len(), orphans })
}
