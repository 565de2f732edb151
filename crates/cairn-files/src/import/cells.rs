//! One row's values by column, read as JSON values of the specification; every fix and every
//! value left out becomes a warning at the row's line and column.

use cairn_spec::scalar::Vocabulary;
use serde_json::{Map, Value};

use super::header::{Header, Slot};
use super::rows::Row;
use super::values::{self, Parsed};
use super::warnings::ImportWarning;

/// A row being turned into a record.
pub(crate) struct Cells<'a> {
    /// The file's name.
    pub file: &'a str,
    /// The row's line.
    pub line: u64,
    /// The file's header.
    pub header: &'a Header,
    cells: Vec<String>,
    /// Warnings about this row.
    pub warnings: Vec<ImportWarning>,
    /// Properties whose absence or fault a warning already explains.
    pub explained: Vec<&'static str>,
    /// Whether the row is from a delta file (else a bulk file).
    pub delta: bool,
    /// Whether a manifest says so (without one, filled lifecycle columns of a file read as
    /// bulk are kept silently: 1.0 had no modes).
    pub declared: bool,
}

/// Sets `key` when there is a value.
pub(crate) fn put(map: &mut Map<String, Value>, key: &str, value: Option<Value>) {
    if let Some(value) = value {
        map.insert(key.to_owned(), value);
    }
}

/// Values as a JSON array, `None` when there are none.
pub(crate) fn array(values: Vec<Value>) -> Option<Value> {
    (!values.is_empty()).then_some(Value::Array(values))
}

impl<'a> Cells<'a> {
    /// The row `row` of `file`.
    pub(crate) fn new(file: &'a str, header: &'a Header, row: Row, (delta, declared): (bool, bool)) -> Cells<'a> {
        Cells {
            file,
            line: row.line,
            header,
            cells: row.cells,
            warnings: Vec::new(),
            explained: header.missing.clone(),
            delta,
            declared,
        }
    }

    /// The value of the binding's column `column`, trimmed; `None` when absent or empty.
    pub(crate) fn get(&self, column: &str) -> Option<&str> {
        let index = self.header.index(column)?;
        self.cells.get(index).map(|c| c.trim()).filter(|c| !c.is_empty())
    }

    /// Warns about the column `column` (named as the file spells it).
    pub(crate) fn warn(&mut self, column: &str, reason: impl Into<String>) {
        let column = self.header.given(column).to_owned();
        self.warnings.push(ImportWarning {
            file: self.file.to_owned(),
            line: self.line,
            column: Some(column),
            reason: reason.into(),
        });
    }

    /// Warns about the whole row.
    pub(crate) fn warn_row(&mut self, reason: impl Into<String>) {
        self.warnings.push(ImportWarning {
            file: self.file.to_owned(),
            line: self.line,
            column: None,
            reason: reason.into(),
        });
    }

    /// Notes that a warning explains what is wrong with the property `field`.
    pub(crate) fn explain(&mut self, field: &'static str) {
        self.explained.push(field);
    }

    /// Handles a parsed value: a fix is warned about; an unreadable value is warned about,
    /// left out and its property `field` marked explained.
    pub(crate) fn take<T>(&mut self, column: &str, field: &'static str, parsed: Parsed<T>) -> Option<T> {
        match parsed {
            Parsed::Exact(v) => Some(v),
            Parsed::Fixed(v, note) => {
                self.warn(column, note);
                Some(v)
            }
            Parsed::Bad(reason) => {
                self.warn(column, format!("{reason}; left out"));
                self.explain(field);
                None
            }
        }
    }

    /// Free text.
    pub(crate) fn text(&self, column: &str) -> Option<Value> {
        self.get(column).map(|s| Value::String(s.to_owned()))
    }

    /// A comma-separated list of text.
    pub(crate) fn list(&self, column: &str) -> Option<Value> {
        let items = values::list(self.get(column)?);
        (!items.is_empty()).then(|| Value::Array(items.into_iter().map(Value::String).collect()))
    }

    /// A `Date`.
    pub(crate) fn date(&mut self, column: &str, field: &'static str) -> Option<Value> {
        let parsed = values::date(self.get(column)?);
        self.take(column, field, parsed).map(Value::String)
    }

    /// A `DateTime`.
    pub(crate) fn date_time(&mut self, column: &str, field: &'static str) -> Option<Value> {
        let parsed = values::date_time(self.get(column)?);
        self.take(column, field, parsed).map(Value::String)
    }

    /// A `DateTime` of the REST model whose CSV column the binding types as a date (a line
    /// item's `assignDate` and `dueDate`): a date is read as its midnight UTC without a warning,
    /// anything else as [`Cells::date_time`].
    pub(crate) fn day_time(&mut self, column: &str, field: &'static str) -> Option<Value> {
        let given = self.get(column)?;
        if cairn_spec::time::parse_date(given).is_some() {
            return Some(Value::String(format!("{given}T00:00:00Z")));
        }
        self.date_time(column, field)
    }

    /// A `TrueFalseEnum`, written as the string `"true"` or `"false"`.
    pub(crate) fn boolean(&mut self, column: &str, field: &'static str) -> Option<Value> {
        let parsed = values::boolean(self.get(column)?);
        self.take(column, field, parsed).map(|b| Value::String(b.to_string()))
    }

    /// A term of vocabulary `V`.
    pub(crate) fn term<V: Vocabulary>(&mut self, column: &str, field: &'static str) -> Option<Value> {
        let parsed = values::term::<V>(self.get(column)?);
        self.take(column, field, parsed).map(Value::String)
    }

    /// A comma-separated list of terms of `V`; unreadable ones are left out.
    pub(crate) fn terms<V: Vocabulary>(&mut self, column: &str, field: &'static str) -> Option<Value> {
        let items = values::list(self.get(column)?);
        let terms: Vec<Value> =
            items.iter().filter_map(|t| self.take(column, field, values::term::<V>(t))).map(Value::String).collect();
        (!terms.is_empty()).then_some(Value::Array(terms))
    }

    /// A `Float`.
    pub(crate) fn number(&mut self, column: &str, field: &'static str) -> Option<Value> {
        let parsed = values::number(self.get(column)?);
        self.take(column, field, parsed)
    }

    /// The record's `status`. In a bulk file it is blank (read as `active`); a filled one is
    /// kept, with a warning when a manifest declared the file bulk. In a delta file it is required (`active` or `tobedeleted`;
    /// `inactive` is read as `tobedeleted` with a warning).
    pub(crate) fn status(&mut self) -> Option<Value> {
        let active = Some(Value::String("active".into()));
        if !self.header.has("status") {
            return active;
        }
        match (self.get("status"), self.delta) {
            (None, false) => active,
            (None, true) => {
                self.warn("status", "empty; a delta row needs active or tobedeleted; read as \"active\"");
                active
            }
            (Some(given), false) => {
                if self.declared {
                    let note = format!("{given:?} in a bulk file, where the binding leaves status blank; kept");
                    self.warn("status", note);
                }
                self.term::<cairn_spec::BaseStatus>("status", "status")
            }
            (Some(_), true) => self.term::<cairn_spec::BaseStatus>("status", "status"),
        }
    }

    /// The record's `dateLastModified`. In a bulk file it is blank and the record has none (a
    /// filled one is kept with a warning); in a delta file it is required.
    pub(crate) fn date_last_modified(&mut self) -> Option<Value> {
        match (self.get("dateLastModified"), self.delta) {
            (None, false) => {
                self.explain("dateLastModified");
                None
            }
            (None, true) => {
                if self.header.has("dateLastModified") {
                    self.warn("dateLastModified", "empty; a delta row needs its date-time, left out");
                    self.explain("dateLastModified");
                }
                None
            }
            (Some(given), false) => {
                if self.declared {
                    let note =
                        format!("{given:?} in a bulk file, where the binding leaves dateLastModified blank; kept");
                    self.warn("dateLastModified", note);
                }
                self.date_time("dateLastModified", "dateLastModified")
            }
            (Some(_), true) => self.date_time("dateLastModified", "dateLastModified"),
        }
    }

    /// `metadata`: `metadata.x` columns and unknown columns, by name, when not empty.
    pub(crate) fn metadata(&self) -> Option<Value> {
        let mut map = Map::new();
        for (slot, cell) in self.header.slots().iter().zip(&self.cells) {
            if let Slot::Metadata(key) = slot
                && !cell.trim().is_empty()
            {
                map.insert(key.clone(), Value::String(cell.trim().to_owned()));
            }
        }
        (!map.is_empty()).then_some(Value::Object(map))
    }

    /// The common beginning of every record: sourcedId, status, dateLastModified, metadata.
    pub(crate) fn common(&mut self, id: &str) -> Map<String, Value> {
        let mut map = Map::new();
        map.insert("sourcedId".into(), Value::String(id.to_owned()));
        put(&mut map, "status", self.status());
        put(&mut map, "dateLastModified", self.date_last_modified());
        put(&mut map, "metadata", self.metadata());
        map
    }
}
