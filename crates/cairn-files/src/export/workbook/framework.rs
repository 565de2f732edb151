//! A framework, or the subtree under one of its items, as a workbook of three sheets: its items
//! with every level, their associations and the document's fields — the associations' rows in
//! a temporary file as they are written, the file's bytes in memory for the caller to write whole.

use std::path::Path;

use rusqlite::Connection;
use rust_xlsxwriter::{DocProperties, Workbook};

use super::associations::write_associations;
use super::document::write_document;
use super::items::{ExportOrXlsx, write_items};
use super::sheet::{Styles, xlsx_error};
use crate::export::plan::{Plan, load_framework};
use crate::export::records::Records;
use crate::export::{ExportError, FrameworkExport, Source};
use crate::progress::{Cancel, OnProgress};

/// The sheets of a framework's workbook, in order.
pub const FRAMEWORK_SHEETS: [&str; 3] = ["Items", "Associations", "Document"];

/// The workbook of the framework `doc` of connection `source` (or of the subtree under the item
/// `subtree`: its rows as in the whole framework's, the associations with an end among them),
/// as the bytes of an `.xlsx` file; `shown` names the file in errors. Reports the item rows
/// written (task `export`, the document as the stage) and stops between rows once `cancel`
/// fires ([`ExportError::Cancelled`]).
#[allow(clippy::too_many_arguments)] // The export's inputs, the file's name, and the window's progress and cancel.
pub fn framework_workbook(
    conn: &Connection,
    source: &Source,
    doc: &str,
    subtree: Option<&str>,
    shown: &Path,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<(Vec<u8>, FrameworkExport), ExportError> {
    let package = load_framework(conn, source, doc)?;
    let title = package.document.as_ref().and_then(|d| d.title.as_deref()).unwrap_or_default().to_owned();
    let plan = Plan::new(&package, Records::new(conn, source.id), doc, subtree)?;
    let error = xlsx_error(shown);
    let styles = Styles::new();
    let mut workbook = Workbook::new();
    workbook.set_properties(&DocProperties::new().set_title(&title).set_comment(format!("CASE framework {doc}")));
    let [items, associations, document] = FRAMEWORK_SHEETS;
    let orphans = {
        // In memory: rust_xlsxwriter 0.102 writes no row's outline level in its low-memory mode,
        // and the outline is what folds the tree.
        let sheet = workbook.add_worksheet().set_name(items).map_err(&error)?;
        match write_items(sheet, &plan, doc, &styles, progress, cancel) {
            Ok(orphans) => orphans,
            Err(ExportOrXlsx::Export(e)) => return Err(e),
            Err(ExportOrXlsx::Xlsx(e)) => return Err(error(e)),
        }
    };
    // The associations (the most rows: 36,241 for the state framework) keep one row in memory,
    // the rest in a temporary file, and their strings once each.
    let sheet = workbook.add_worksheet_with_low_memory().map_err(&error)?.set_name(associations).map_err(&error)?;
    match write_associations(sheet, &plan, subtree.is_none(), &styles) {
        Ok(_) => {}
        Err(ExportOrXlsx::Export(e)) => return Err(e),
        Err(ExportOrXlsx::Xlsx(e)) => return Err(error(e)),
    }
    let sheet = workbook.add_worksheet().set_name(document).map_err(&error)?;
    write_document(sheet, package.document.as_ref(), &styles).map_err(&error)?;
    let bytes = workbook.save_to_buffer().map_err(&error)?;
    let rows = plan.rows.iter().filter(|row| plan.item(row).is_some()).count();
    Ok((bytes, FrameworkExport { document: doc.to_owned(), title, rows, orphans }))
}
