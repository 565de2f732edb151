//! A JSON value as what a cell shows: text as it is, numbers as numbers, a link by its URI,
//! several values one per line, anything else as compact JSON.

use std::borrow::Cow;

use serde_json::Value;

/// What goes into a cell.
#[derive(Debug, PartialEq)]
pub(super) enum Cell<'v> {
    /// Nothing.
    Empty,
    /// Text.
    Text(Cow<'v, str>),
    /// A number.
    Number(f64),
}

/// The cell of `value` (`None`: an absent value).
pub(super) fn cell(value: Option<&Value>) -> Cell<'_> {
    match value {
        None | Some(Value::Null) => Cell::Empty,
        Some(Value::Number(n)) => n.as_f64().map_or_else(|| Cell::Text(Cow::Owned(n.to_string())), Cell::Number),
        Some(Value::Array(values)) => {
            let parts: Vec<Cow<'_, str>> = values.iter().map(text).filter(|t| !t.is_empty()).collect();
            match parts.len() {
                0 => Cell::Empty,
                _ => Cell::Text(Cow::Owned(parts.join("\n"))),
            }
        }
        Some(other) => Cell::Text(text(other)),
    }
}

/// A value as text: strings as they are, a link object by its URI, other values as JSON.
pub(super) fn text(value: &Value) -> Cow<'_, str> {
    match value {
        Value::String(s) => Cow::Borrowed(s),
        Value::Null => Cow::Borrowed(""),
        Value::Object(map) => match map.get("uri") {
            Some(Value::String(uri)) => Cow::Borrowed(uri),
            _ => Cow::Owned(value.to_string()),
        },
        other => Cow::Owned(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn values_become_cells() {
        assert_eq!(cell(None), Cell::Empty);
        assert_eq!(cell(Some(&json!(null))), Cell::Empty);
        assert_eq!(cell(Some(&json!("text"))), Cell::Text("text".into()));
        assert_eq!(cell(Some(&json!(3))), Cell::Number(3.0));
        assert_eq!(cell(Some(&json!(["09", "10"]))), Cell::Text("09\n10".into()));
        assert_eq!(cell(Some(&json!([]))), Cell::Empty);
        let link = json!({"title": "Math", "identifier": "x", "uri": "https://example.org/x"});
        assert_eq!(cell(Some(&link)), Cell::Text("https://example.org/x".into()));
        assert_eq!(cell(Some(&json!({"a": 1}))), Cell::Text("{\"a\":1}".into()));
        assert_eq!(cell(Some(&json!(true))), Cell::Text("true".into()));
    }
}
