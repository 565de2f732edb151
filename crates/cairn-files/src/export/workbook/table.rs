//! The window's own tables as a workbook, one sheet each (a crosswalk's pairs, a roster's
//! classes, as shown): a header row and rows of text or numbers, laid out as every sheet is.

use std::path::Path;

use rust_xlsxwriter::Workbook;
use serde_json::Value;

use super::items::put;
use super::sheet::{Styles, fit_columns, header, sheet_name, xlsx_error};
use crate::export::ExportError;

/// One table: a sheet's name, its columns and its rows (text, numbers; other values as JSON).
#[derive(Debug, Clone, Copy)]
pub struct Table<'t> {
    /// The sheet's name (made one Excel accepts).
    pub name: &'t str,
    /// The header row.
    pub columns: &'t [String],
    /// The rows.
    pub rows: &'t [Vec<Value>],
}

/// `tables` as the bytes of an `.xlsx` file, one sheet each (at least one: an empty sheet when
/// there is none); `shown` names the file in errors.
pub fn tables_workbook(tables: &[Table<'_>], shown: &Path) -> Result<Vec<u8>, ExportError> {
    let error = xlsx_error(shown);
    let styles = Styles::new();
    let mut workbook = Workbook::new();
    let mut names: Vec<String> = Vec::new();
    for table in tables {
        let name = sheet_name(table.name, &names);
        let sheet = workbook.add_worksheet().set_name(&name).map_err(&error)?;
        names.push(name);
        header(sheet, table.columns, &styles).map_err(&error)?;
        for (row, cells) in (1u32..).zip(table.rows) {
            for (col, value) in (0u16..).zip(cells) {
                put(sheet, row, col, Some(value), &styles).map_err(&error)?;
            }
        }
        fit_columns(sheet, &styles).map_err(&error)?;
    }
    if tables.is_empty() {
        workbook.add_worksheet();
    }
    workbook.save_to_buffer().map_err(&error)
}
