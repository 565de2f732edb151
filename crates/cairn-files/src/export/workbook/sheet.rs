//! How every sheet of a workbook is laid out: a bold header row, frozen; text wrapped and set
//! at the top of its cell; columns as wide as their text up to a readable limit; values cut to
//! what a cell holds. Library errors become [`ExportError::Xlsx`], never a panic.

use std::borrow::Cow;
use std::cell::RefCell;
use std::path::Path;

use rust_xlsxwriter::{Format, FormatAlign, RowNum, Worksheet, XlsxError};

use crate::export::ExportError;

/// The most characters a cell holds (Excel's limit).
const CELL_CHARS: usize = 32_767;
/// The widest a fitted column gets, in characters, so statements wrap.
const MAX_WIDTH_CHARS: usize = 60;
/// The rows column widths are fitted to: enough to see what a column holds, bounded in time.
const FIT_ROWS: RowNum = 2_000;
/// The most characters of a sheet name, and the ones a name cannot hold (Excel's rules).
const NAME_CHARS: usize = 31;
const NAME_FORBIDDEN: [char; 7] = ['[', ']', ':', '*', '?', '/', '\\'];

/// The formats a sheet writes with, and the widths of the sheet being written: the library's
/// autofit needs every cell in memory, which the big sheets do not keep (rows go to a temporary
/// file as they are written), so the widths are measured here as the first rows are written.
pub(super) struct Styles {
    /// The header row's.
    pub(super) header: Format,
    /// Every other cell's: wrapped, at the top.
    pub(super) body: Format,
    /// The widest text of each column so far (characters), up to [`MAX_WIDTH_CHARS`].
    widths: RefCell<Vec<usize>>,
}

impl Styles {
    pub(super) fn new() -> Styles {
        Styles {
            header: Format::new().set_bold().set_text_wrap().set_align(FormatAlign::Top),
            body: Format::new().set_text_wrap().set_align(FormatAlign::Top),
            widths: RefCell::new(Vec::new()),
        }
    }

    /// Notes `text` in column `col` of row `row` (only the first [`FIT_ROWS`] rows count); the
    /// header row's text is bold, about a sixth wider than the body's.
    fn note(&self, row: RowNum, col: u16, text: &str) {
        if row > FIT_ROWS {
            return;
        }
        let chars = text.lines().map(|line| line.chars().count()).max().unwrap_or_default();
        let chars = match row {
            0 => chars + chars.div_ceil(6),
            _ => chars,
        }
        .min(MAX_WIDTH_CHARS);
        let mut widths = self.widths.borrow_mut();
        let col = usize::from(col);
        if widths.len() <= col {
            widths.resize(col + 1, 0);
        }
        widths[col] = widths[col].max(chars);
    }
}

/// Writes the header row of `sheet` and freezes it; the columns below take the body's format
/// (a cell written without one takes its column's: no format looked up per cell).
pub(super) fn header<S: AsRef<str>>(sheet: &mut Worksheet, columns: &[S], styles: &Styles) -> Result<(), XlsxError> {
    for (col, name) in (0u16..).zip(columns) {
        sheet.set_column_format(col, &styles.body)?;
        styles.note(0, col, name.as_ref());
        sheet.write_string_with_format(0, col, cut(name.as_ref()).as_ref(), &styles.header)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    Ok(())
}

/// Writes `text` into a cell (nothing when empty), cut to what a cell holds.
pub(super) fn text(sheet: &mut Worksheet, row: RowNum, col: u16, text: &str, styles: &Styles) -> Result<(), XlsxError> {
    if !text.is_empty() {
        styles.note(row, col, text);
        sheet.write_string_with_format(row, col, cut(text).as_ref(), &styles.body)?;
    }
    Ok(())
}

/// Writes a number into a cell.
pub(super) fn number(
    sheet: &mut Worksheet,
    row: RowNum,
    col: u16,
    value: f64,
    styles: &Styles,
) -> Result<(), XlsxError> {
    styles.note(row, col, &value.to_string());
    sheet.write_number_with_format(row, col, value, &styles.body)?;
    Ok(())
}

/// Fits the columns of `sheet` to the text its first rows held, up to the readable limit (a
/// character and a half of margin), and forgets the widths for the next sheet.
pub(super) fn fit_columns(sheet: &mut Worksheet, styles: &Styles) -> Result<(), XlsxError> {
    for (col, chars) in (0u16..).zip(styles.widths.take()) {
        if chars > 0 {
            sheet.set_column_width(col, chars as f64 + 1.5)?;
        }
    }
    Ok(())
}

/// `text` cut to [`CELL_CHARS`] characters (whole characters, an ellipsis last).
fn cut(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(CELL_CHARS) {
        Some(_) => {
            let at = text.char_indices().nth(CELL_CHARS - 1).map_or(text.len(), |(at, _)| at);
            Cow::Owned(format!("{}…", &text[..at]))
        }
        None => Cow::Borrowed(text),
    }
}

/// A sheet name Excel accepts, made of `wanted`: forbidden characters become spaces, leading and
/// trailing apostrophes go, at most 31 characters, never blank and never one of `taken`.
pub(super) fn sheet_name(wanted: &str, taken: &[String]) -> String {
    let clean: String =
        wanted.chars().map(|c| if NAME_FORBIDDEN.contains(&c) || c.is_control() { ' ' } else { c }).collect();
    let trimmed = clean.trim().trim_matches('\'').trim();
    let base: String = match trimmed.is_empty() {
        true => "Sheet".to_owned(),
        false => trimmed.chars().take(NAME_CHARS).collect(),
    };
    let free = |name: &str| !taken.iter().any(|t| t.to_lowercase() == name.to_lowercase());
    if free(&base) {
        return base;
    }
    (2..)
        .map(|n| {
            let suffix = format!(" ({n})");
            let head: String = base.chars().take(NAME_CHARS - suffix.chars().count()).collect();
            format!("{}{suffix}", head.trim_end())
        })
        .find(|name| free(name))
        .unwrap_or(base)
}

/// An error of the workbook library, about the file `shown`.
pub(super) fn xlsx_error(shown: &Path) -> impl Fn(XlsxError) -> ExportError + '_ {
    move |e| ExportError::Xlsx { path: shown.to_owned(), message: e.to_string() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_is_cut_at_a_character() {
        let long = "é".repeat(CELL_CHARS + 5);
        assert_eq!(cut(&long).chars().count(), CELL_CHARS);
        assert!(cut(&long).ends_with('…'));
        assert_eq!(cut(&"a".repeat(CELL_CHARS)).chars().count(), CELL_CHARS, "a full cell stays whole");
        assert_eq!(cut("short"), "short");
    }

    #[test]
    fn sheet_names_are_what_excel_accepts() {
        assert_eq!(sheet_name("a/b: [c]?", &[]), "a b   c");
        assert_eq!(sheet_name("''", &[]), "Sheet");
        assert_eq!(sheet_name("Items", &["items".to_owned()]), "Items (2)");
        let long = "x".repeat(40);
        assert_eq!(sheet_name(&long, &[]).chars().count(), NAME_CHARS);
        assert_eq!(sheet_name(&long, &["x".repeat(31)]).chars().count(), NAME_CHARS);
    }
}
