//! The items sheet: one row per item in the plan's order, with its level (1 under the document,
//! blank for orphans as in the CSV table), its path of codes from the top of the tree, and
//! every CASE field of a `CFPckgItem` in a column of its own, then one column per extension
//! (`extensions.NAME`) and per property the specification does not define, in the order they
//! first appear. Rows carry outline levels by depth (the parent's row above its children), so a
//! spreadsheet's outline folds the tree; Excel keeps eight levels, deeper rows stay at the last.

use std::collections::HashMap;

use cairn_graph::NodeIndex;
use cairn_spec::Record;
use cairn_spec::case::CfPckgItem;
use rust_xlsxwriter::{RowNum, Worksheet, XlsxError};
use serde_json::Value;

use super::cells::{Cell, cell};
use super::sheet::{Styles, fit_columns, header, number, text};
use crate::export::plan::{Placed, Plan};
use crate::export::{ExportError, REPORT_EVERY};
use crate::progress::{Cancel, OnProgress, Progress, check, task};

/// The columns before the item's fields.
pub const ITEM_LEADING_COLUMNS: [&str; 2] = ["level", "path"];
/// Between the codes of a path.
pub const CODE_PATH_SEPARATOR: &str = " / ";
/// The fields shown first, after the leading columns (the rest follow in the class's order).
const FIRST_FIELDS: [&str; 2] = ["humanCodingScheme", "fullStatement"];
/// The deepest outline level a spreadsheet keeps.
const MAX_OUTLINE: usize = 7;

/// The item's code in a path: its `humanCodingScheme`, else its `listEnumeration`, else its
/// identifier.
pub(super) fn code(item: &CfPckgItem) -> &str {
    [item.human_coding_scheme.as_deref(), item.list_enumeration.as_deref(), item.identifier.as_deref()]
        .into_iter()
        .flatten()
        .find(|c| !c.trim().is_empty())
        .unwrap_or_default()
}

/// The columns of the sheet: leading, fields, extensions, others.
struct Columns {
    fields: Vec<&'static str>,
    extensions: Vec<String>,
    others: Vec<String>,
}

impl Columns {
    /// The columns of `plan`'s rows: a first pass over their records, keeping only the names.
    fn of(plan: &Plan<'_>, cancel: &Cancel) -> Result<Columns, ExportOrXlsx> {
        let shape = CfPckgItem::shape().fields.iter().map(|f| f.name).filter(|n| *n != "extensions");
        let mut fields: Vec<&'static str> = FIRST_FIELDS.to_vec();
        fields.extend(shape.filter(|n| !FIRST_FIELDS.contains(n)));
        let (mut extensions, mut others) = (Vec::new(), Vec::new());
        let mut seen = std::collections::HashSet::new();
        for row in &plan.rows {
            if check(cancel).is_err() {
                return Err(ExportOrXlsx::Export(ExportError::Cancelled));
            }
            let Some(Value::Object(item)) = plan.record(row).map_err(ExportOrXlsx::Export)? else { continue };
            if let Some(Value::Object(extension)) = item.get("extensions") {
                for key in extension.keys() {
                    if seen.insert(('e', key.clone())) {
                        extensions.push(key.clone());
                    }
                }
            }
            for key in item.keys() {
                let defined = key == "extensions" || fields.contains(&key.as_str());
                if !defined && seen.insert(('o', key.clone())) {
                    others.push(key.clone());
                }
            }
        }
        Ok(Columns { fields, extensions, others })
    }

    fn names(&self) -> Vec<String> {
        let leading = ITEM_LEADING_COLUMNS.iter().chain(&self.fields).map(|c| (*c).to_owned());
        let extensions = self.extensions.iter().map(|e| format!("extensions.{e}"));
        leading.chain(extensions).chain(self.others.iter().cloned()).collect()
    }
}

/// Writes the items sheet of `plan` (`doc` names the progress stage); answers the orphan rows.
pub(super) fn write_items(
    sheet: &mut Worksheet,
    plan: &Plan<'_>,
    doc: &str,
    styles: &Styles,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<usize, ExportOrXlsx> {
    let columns = Columns::of(plan, cancel)?;
    header(sheet, &columns.names(), styles)?;
    sheet.group_symbols_above(true);
    let total = u64::try_from(plan.rows.len()).ok();
    let report = |done: u64| progress(Progress::new(task::EXPORT, doc, done, total));
    let mut paths: HashMap<NodeIndex, (String, usize)> = HashMap::with_capacity(plan.rows.len());
    let mut orphans = 0;
    let mut row: RowNum = 0;
    for (done, placed) in (1u64..).zip(&plan.rows) {
        if check(cancel).is_err() {
            return Err(ExportOrXlsx::Export(ExportError::Cancelled));
        }
        if done % REPORT_EVERY == 0 {
            report(done);
        }
        let Some(item) = plan.item(placed) else { continue };
        let Some(json) = plan.record(placed).map_err(ExportOrXlsx::Export)? else { continue };
        row += 1;
        orphans += usize::from(placed.depth.is_none());
        let (path, outline) = path_of(&mut paths, placed, item);
        write_row(sheet, row, placed, &json, &path, &columns, styles)?;
        for _ in 1..outline.min(MAX_OUTLINE + 1) {
            sheet.group_rows(row, row)?;
        }
        paths.insert(placed.node, (path, outline));
    }
    fit_columns(sheet, styles)?;
    report(total.unwrap_or_default());
    Ok(orphans)
}

/// The path of codes of `placed` and its depth in the sheet's outline (1 at the top), from its
/// parent's (rows come after their parent).
fn path_of(paths: &mut HashMap<NodeIndex, (String, usize)>, placed: &Placed, item: &CfPckgItem) -> (String, usize) {
    match placed.parent.and_then(|p| paths.get(&p)) {
        Some((above, depth)) => (format!("{above}{CODE_PATH_SEPARATOR}{}", code(item)), depth + 1),
        None => (code(item).to_owned(), 1),
    }
}

fn write_row(
    sheet: &mut Worksheet,
    row: RowNum,
    placed: &Placed,
    json: &Value,
    path: &str,
    columns: &Columns,
    styles: &Styles,
) -> Result<(), XlsxError> {
    if let Some(depth) = placed.depth {
        number(sheet, row, 0, depth as f64, styles)?;
    }
    text(sheet, row, 1, path, styles)?;
    let extensions = json.get("extensions");
    let values = columns
        .fields
        .iter()
        .map(|f| json.get(*f))
        .chain(columns.extensions.iter().map(|e| extensions.and_then(|x| x.get(e))))
        .chain(columns.others.iter().map(|o| json.get(o)));
    for (col, value) in (2u16..).zip(values) {
        put(sheet, row, col, value, styles)?;
    }
    Ok(())
}

/// Writes `value` at (`row`, `col`).
pub(super) fn put(
    sheet: &mut Worksheet,
    row: RowNum,
    col: u16,
    value: Option<&Value>,
    styles: &Styles,
) -> Result<(), XlsxError> {
    match cell(value) {
        Cell::Empty => Ok(()),
        Cell::Text(t) => text(sheet, row, col, &t, styles),
        Cell::Number(n) => number(sheet, row, col, n, styles),
    }
}

/// Either the export's own error (cancelled) or the library's.
pub(super) enum ExportOrXlsx {
    /// The export's.
    Export(ExportError),
    /// The library's.
    Xlsx(XlsxError),
}

impl From<XlsxError> for ExportOrXlsx {
    fn from(e: XlsxError) -> ExportOrXlsx {
        ExportOrXlsx::Xlsx(e)
    }
}
