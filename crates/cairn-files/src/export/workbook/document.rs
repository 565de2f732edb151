//! The document sheet: the framework document's fields, one per row (field, value) — the
//! CASE fields of a `CFPckgDocument` it has, in the class's order, then its extensions
//! (`extensions.NAME`) and the properties the specification does not define.

use cairn_spec::case::CfPckgDocument;
use cairn_spec::{Record, Wire};
use rust_xlsxwriter::{Worksheet, XlsxError};
use serde_json::Value;

use super::items::put;
use super::sheet::{Styles, fit_columns, header, text};

/// The columns of the document sheet.
const COLUMNS: [&str; 2] = ["field", "value"];

/// Writes the document sheet; answers its rows.
pub(super) fn write_document(
    sheet: &mut Worksheet,
    document: Option<&CfPckgDocument>,
    styles: &Styles,
) -> Result<usize, XlsxError> {
    header(sheet, &COLUMNS, styles)?;
    let json = document.map(Wire::to_json).unwrap_or(Value::Null);
    let fields = CfPckgDocument::shape().fields.iter().map(|f| f.name).filter(|n| *n != "extensions");
    let mut lines: Vec<(String, &Value)> =
        fields.clone().filter_map(|name| Some((name.to_owned(), json.get(name)?))).collect();
    if let Some(Value::Object(extensions)) = json.get("extensions") {
        lines.extend(extensions.iter().map(|(k, v)| (format!("extensions.{k}"), v)));
    }
    if let Value::Object(map) = &json {
        let defined: Vec<&str> = fields.collect();
        lines.extend(
            map.iter()
                .filter(|(k, _)| *k != "extensions" && !defined.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v)),
        );
    }
    for (row, (field, value)) in (1u32..).zip(&lines) {
        text(sheet, row, 0, field, styles)?;
        put(sheet, row, 1, Some(value), styles)?;
    }
    fit_columns(sheet, styles)?;
    Ok(lines.len())
}
