//! Making an imported CASE record conform to its class, guided by the class's shape: nulls
//! dropped, lone values wrapped in arrays, numbers given as strings made numbers, date-times
//! given a timezone, unknown properties moved into `extensions`; with a tally of each fix.

use std::collections::BTreeMap;

use cairn_spec::shape::{Kind, Scalar, Shape};
use cairn_spec::time::{DateTimeForm, parse_date, parse_date_time};
use serde_json::{Map, Value, json};

/// Where moved unknown properties go inside `extensions`.
pub const MOVED: &str = "cairn:movedProperties";

/// Counts of fixes by description, with one example each.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    entries: BTreeMap<String, (usize, String)>,
}

impl Tally {
    /// Counts one occurrence of `what`, remembering the first `example`.
    pub(crate) fn add(&mut self, what: impl Into<String>, example: impl FnOnce() -> String) {
        let entry = self.entries.entry(what.into()).or_insert_with(|| (0, example()));
        entry.0 += 1;
    }

    /// `what ×count (e.g. example)` lines.
    pub(crate) fn lines(&self) -> impl Iterator<Item = String> + '_ {
        self.entries.iter().map(|(what, (count, example))| {
            if example.is_empty() { format!("{what} ×{count}") } else { format!("{what} ×{count} (e.g. {example})") }
        })
    }
}

/// Changes the `extensions` object of a record with `f` (created when absent; an existing
/// value that is not an object is kept under `cairn:originalExtensions`). For classes whose
/// extensions are an array (`CFRubricCriterionLevel`, `array`), the first object of the array.
pub(crate) fn with_extensions(map: &mut Map<String, Value>, array: bool, f: impl FnOnce(&mut Map<String, Value>)) {
    let (mut first, rest): (Map<String, Value>, Vec<Value>) = match map.remove("extensions") {
        Some(Value::Object(o)) => (o, Vec::new()),
        Some(Value::Array(a)) if array => {
            let mut elements = a.into_iter();
            match elements.next() {
                Some(Value::Object(o)) => (o, elements.collect()),
                Some(other) => (Map::new(), std::iter::once(other).chain(elements).collect()),
                None => (Map::new(), Vec::new()),
            }
        }
        Some(other) => {
            let mut o = Map::new();
            o.insert("cairn:originalExtensions".into(), other);
            (o, Vec::new())
        }
        None => (Map::new(), Vec::new()),
    };
    f(&mut first);
    let value = if array {
        Value::Array(std::iter::once(Value::Object(first)).chain(rest).collect())
    } else {
        Value::Object(first)
    };
    map.insert("extensions".into(), value);
}

/// Whether a record of `shape` keeps `extensions` as an array.
pub(crate) fn extensions_are_array(shape: &Shape) -> bool {
    shape.field("extensions").is_some_and(|f| f.many)
}

/// Conforms `map` to `shape` (and its nested records), tallying each fix.
pub(crate) fn conform(map: &mut Map<String, Value>, shape: &Shape, tally: &mut Tally) {
    let keys: Vec<String> = map.keys().cloned().collect();
    let mut moved = Map::new();
    for key in keys {
        let Some(field) = shape.field(&key) else {
            if let Some(value) = map.remove(&key) {
                tally.add(format!("unknown property {key} moved into extensions.{MOVED}"), String::new);
                moved.insert(key, value);
            }
            continue;
        };
        let Some(value) = map.get_mut(&key) else { continue };
        if value.is_null() {
            map.remove(&key);
            tally.add(format!("null {key} dropped"), String::new);
            continue;
        }
        if field.many && !value.is_array() && !matches!(field.kind, Kind::Open) {
            let lone = value.take();
            *value = Value::Array(vec![lone]);
            tally.add(format!("lone {key} wrapped in an array"), String::new);
        }
        if field.many {
            if let Value::Array(elements) = value {
                elements.retain(|e| !e.is_null());
                for element in elements.iter_mut() {
                    conform_value(element, field.kind, &key, tally);
                }
            }
        } else {
            conform_value(value, field.kind, &key, tally);
        }
    }
    if !moved.is_empty() {
        with_extensions(map, extensions_are_array(shape), |ext| match ext.get_mut(MOVED) {
            Some(Value::Object(existing)) => existing.extend(moved),
            _ => {
                ext.insert(MOVED.into(), Value::Object(moved));
            }
        });
    }
}

fn conform_value(value: &mut Value, kind: Kind, key: &str, tally: &mut Tally) {
    match kind {
        Kind::Record(shape) => {
            if let Value::Object(map) = value {
                conform(map, shape(), tally);
            }
        }
        Kind::Scalar(Scalar::Integer) => {
            if let Some(n) = value.as_str().and_then(|s| s.trim().parse::<i64>().ok()) {
                *value = json!(n);
                tally.add(format!("{key} given as a string made a number"), String::new);
            }
        }
        Kind::Scalar(Scalar::Float) => {
            if let Some(n) =
                value.as_str().and_then(|s| s.trim().parse::<f64>().ok()).and_then(serde_json::Number::from_f64)
            {
                *value = Value::Number(n);
                tally.add(format!("{key} given as a string made a number"), String::new);
            }
        }
        Kind::Scalar(Scalar::DateTime) => {
            let Some(text) = value.as_str() else { return };
            match parse_date_time(text).map(|(_, form)| form) {
                Some(DateTimeForm::Unzoned) => {
                    let fixed = format!("{}Z", text.trim());
                    tally.add("date-time without a timezone read as UTC (Z added)", || text.to_owned());
                    *value = json!(fixed);
                }
                Some(DateTimeForm::DateOnly) => {
                    let fixed = format!("{}T00:00:00Z", text.trim());
                    tally.add("date given for a date-time read as midnight UTC", || text.to_owned());
                    *value = json!(fixed);
                }
                _ => {}
            }
        }
        Kind::Scalar(Scalar::Date) => {
            let Some(text) = value.as_str() else { return };
            if parse_date(text).is_none()
                && parse_date_time(text).is_some()
                && let Some(date) = text.get(..10)
            {
                let fixed = date.to_owned();
                tally.add("date-time given for a date cut to its date", || text.to_owned());
                *value = json!(fixed);
            }
        }
        _ => {}
    }
}
