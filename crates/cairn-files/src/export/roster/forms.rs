//! Values written in the forms the OneRoster 1.2 CSV binding reads: date columns as
//! `YYYY-MM-DD`, a score status that has a flag column also as that flag, and list elements
//! that would break the binding's comma-separated lists left out with a warning.
//!
//! The binding's lists (`grades`, `termSourcedIds`, `userIds`, ...) are split at every comma
//! and have no quoting inside a cell, so an element holding a comma cannot be written; the
//! `{type:identifier}` pairs of `userIds` and `scoreScaleValue` are also broken by braces, and by
//! a colon on the type's side. Such an element is left out, its record named in a warning.

use cairn_spec::time::{Instant, parse_date, parse_date_time};
use serde_json::Value;

use super::super::sheet::{cell, text};

/// The rows of one record being written, and what writing them could not carry.
#[derive(Debug, Default)]
pub(super) struct Out {
    /// The rows, in order.
    pub(super) rows: Vec<Vec<String>>,
    /// (property, reason) of each value changed or left out, for the record's warnings.
    pub(super) notes: Vec<(&'static str, String)>,
}

impl Out {
    /// One more row.
    pub(super) fn push(&mut self, row: Vec<String>) {
        self.rows.push(row);
    }

    fn note(&mut self, field: &'static str, reason: impl Into<String>) {
        self.notes.push((field, reason.into()));
    }
}

/// The date column `key` in the binding's form `YYYY-MM-DD`: a date as it is, a date-time as
/// its date (a warning says so when the time of day it held is lost: it was not midnight UTC).
pub(super) fn date(v: &Value, key: &'static str, out: &mut Out) -> String {
    let given = cell(v, key);
    if given.is_empty() || parse_date(&given).is_some() {
        return given;
    }
    let day = given.get(..10).filter(|d| parse_date(d).is_some());
    match (parse_date_time(&given), day) {
        (Some((instant, _)), Some(day)) => {
            if Instant::parse(&format!("{day}T00:00:00Z")) != Some(instant) {
                let reason =
                    "the binding's column is a date (YYYY-MM-DD): the date is written, the time of day left out";
                out.note(key, reason);
            }
            day.to_owned()
        }
        _ => {
            out.note(key, "not a date (YYYY-MM-DD), the binding's form for this column; written as it is");
            given
        }
    }
}

/// Each `scoreStatus` that has a flag column of its own in results.csv, and that column.
const STATUS_FLAGS: [(&str, &str); 4] =
    [("in progress", "inProgress"), ("incomplete", "incomplete"), ("late", "late"), ("missing", "missing")];

/// The flag column `flag` of a result (`inProgress`, `incomplete`, `late`, `missing`): `true`
/// when its `scoreStatus` is the flag's own term (the status column keeps the term too), else
/// the record's flag as it is. A record whose flag says `false` against its status is warned of.
pub(super) fn flag(v: &Value, flag: &'static str, out: &mut Out) -> String {
    let given = cell(v, flag);
    let status = cell(v, "scoreStatus");
    if !STATUS_FLAGS.iter().any(|(term, column)| *column == flag && *term == status) {
        return given;
    }
    if given == "false" {
        out.note(
            flag,
            format!("scoreStatus is {status:?} but {flag} is \"false\"; written \"true\" as the status says"),
        );
    }
    "true".to_owned()
}

/// Why an element cannot go into a list of the binding, if it cannot.
fn breaks_list(element: &str) -> Option<&'static str> {
    element.contains(',').then_some("a comma, the binding's list separator")
}

/// The reason of the warning about a left-out list element.
fn left_out(what: &str) -> String {
    format!("an element holds {what} (the binding's lists have no quoting); that element is left out")
}

/// The text elements of the array `key`, comma-joined; elements holding a comma are left out.
pub(super) fn list(v: &Value, key: &'static str, out: &mut Out) -> String {
    let elements = match v.get(key) {
        Some(Value::Array(values)) => values.iter().map(text).collect(),
        _ => return cell(v, key),
    };
    join(elements, key, out)
}

/// The sourcedIds of the GUIDRefs `key`, comma-joined; sourcedIds holding a comma are left out.
pub(super) fn ids(v: &Value, key: &'static str, out: &mut Out) -> String {
    let elements = parts(v, key).map(|r| cell(r, "sourcedId")).collect();
    join(elements, key, out)
}

fn join(elements: Vec<String>, key: &'static str, out: &mut Out) -> String {
    let mut kept = Vec::with_capacity(elements.len());
    for element in elements {
        match breaks_list(&element) {
            Some(what) => out.note(key, left_out(what)),
            None => kept.push(element),
        }
    }
    kept.join(",")
}

/// `{left:right},...` from the objects of the array `key`; a pair whose sides would break the
/// list (a comma or a brace on either side, a colon on the left) is left out.
pub(super) fn pairs(v: &Value, key: &'static str, left: &str, right: &str, out: &mut Out) -> String {
    let mut kept = Vec::new();
    for pair in parts(v, key) {
        let (l, r) = (cell(pair, left), cell(pair, right));
        let braces = |s: &str| s.contains(['{', '}']);
        let broken = if l.contains(',') || r.contains(',') {
            breaks_list(",")
        } else if braces(&l) || braces(&r) {
            Some("a brace, which delimits the binding's {type:identifier} pairs")
        } else if l.contains(':') {
            Some("a colon in its type, where the colon separates a {type:identifier} pair")
        } else {
            None
        };
        match broken {
            Some(what) => out.note(key, left_out(what)),
            None => kept.push(format!("{{{l}:{r}}}")),
        }
    }
    kept.join(",")
}

/// The elements of the array `key` (none when it is not an array).
fn parts<'v>(v: &'v Value, key: &str) -> impl Iterator<Item = &'v Value> {
    v.get(key).and_then(Value::as_array).into_iter().flatten()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn dates_take_the_binding_s_form_and_say_what_they_lose() {
        let mut out = Out::default();
        let v = json!({"a": "2025-01-06", "b": "2025-01-06T00:00:00Z", "c": "2025-01-06T08:00:00Z",
            "d": "2025-01-06T00:00:00-05:00", "e": "soon"});
        let got: Vec<String> = ["a", "b", "c", "d", "e", "f"].iter().map(|k| date(&v, k, &mut out)).collect();
        assert_eq!(got, ["2025-01-06", "2025-01-06", "2025-01-06", "2025-01-06", "soon", ""]);
        let fields: Vec<&str> = out.notes.iter().map(|(f, _)| *f).collect();
        assert_eq!(fields, ["c", "d", "e"], "{:?}", out.notes);
    }

    #[test]
    fn a_status_with_a_flag_column_sets_it() {
        let mut out = Out::default();
        let late = json!({"scoreStatus": "late", "late": "false", "missing": "true"});
        assert_eq!(flag(&late, "late", &mut out), "true");
        assert_eq!(flag(&late, "missing", &mut out), "true", "the record's own flag stays");
        assert_eq!(flag(&late, "incomplete", &mut out), "");
        assert_eq!(out.notes.len(), 1, "the contradiction is warned of: {:?}", out.notes);
        let running = json!({"scoreStatus": "in progress"});
        assert_eq!(flag(&running, "inProgress", &mut out), "true");
        assert_eq!(flag(&json!({"scoreStatus": "withdrawal"}), "missing", &mut out), "", "no flag column for it");
    }

    #[test]
    fn list_elements_that_break_the_list_are_left_out() {
        let mut out = Out::default();
        let v = json!({"subjects": ["Reading, Writing", "Maths"], "terms": [{"sourcedId": "t,1"}, {"sourcedId": "t2"}],
            "userIds": [{"type": "LDAP", "identifier": "cn=Ada,ou=People"}, {"type": "district", "identifier": "12"},
                {"type": "a:b", "identifier": "1"}, {"type": "x", "identifier": "{1}"}, {"type": "urn", "identifier": "a:b"}]});
        assert_eq!(list(&v, "subjects", &mut out), "Maths");
        assert_eq!(ids(&v, "terms", &mut out), "t2");
        assert_eq!(pairs(&v, "userIds", "type", "identifier", &mut out), "{district:12},{urn:a:b}");
        assert_eq!(out.notes.len(), 5, "{:?}", out.notes);
        assert!(out.notes.iter().all(|(_, reason)| reason.ends_with("left out")));
    }
}
