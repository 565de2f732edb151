//! The one-pass reading of JSON text gives what the rules over a parsed `Value` give, for every
//! table and for awkward records: arrays at every step, nested arrays, numbers, escapes,
//! repeated keys, values of the wrong type, records that are not objects.

use serde_json::{Value, json};

use super::*;
use crate::cache::tables::{TABLES, spec};
use cairn_spec::Collection;

/// Every value at a dotted path, through arrays, as text: the cache's rules, written over a
/// parsed record the plain way.
fn all_text(record: &Value, path: &str) -> Vec<String> {
    let mut current = vec![record];
    for step in path.split('.') {
        current = current
            .into_iter()
            .flat_map(|v| match v {
                Value::Array(items) => items.iter().filter_map(|i| i.get(step)).collect::<Vec<_>>(),
                other => other.get(step).into_iter().collect(),
            })
            .collect();
    }
    current
        .into_iter()
        .flat_map(|v| match v {
            Value::Array(items) => items.iter().collect::<Vec<_>>(),
            other => vec![other],
        })
        .filter_map(|v| match v {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        })
        .collect()
}

/// What a table reads from `text`, slot by slot, both ways, checked equal to the plain rules.
fn check(spec: &TableSpec, text: &str) {
    let plan = Plan::new(spec);
    let value: Value = serde_json::from_str(text).unwrap();
    let from_text = plan.read_text(text).unwrap();
    let from_value = plan.read_value(&value);
    assert_eq!(from_text.is_some(), value.is_object(), "{text}");
    let (Some(from_text), Some(from_value)) = (from_text, from_value) else { return };
    let paths = std::iter::once(spec.collection.id_field())
        .chain(["status"])
        .chain(spec.columns.iter().map(|c| c.path))
        .chain(spec.links.iter().map(|l| l.path))
        .chain(spec.search.iter().copied());
    let slots = [plan.id, plan.status].into_iter().chain(plan.columns.iter().copied());
    let slots: Vec<u16> = slots.chain(plan.links.iter().copied()).chain(plan.search.iter().copied()).collect();
    for (path, slot) in paths.zip(slots) {
        let expected = all_text(&value, path);
        let read: Vec<&str> = from_text.all(slot).collect();
        assert_eq!(read, expected, "{} {path} of {text}", spec.table);
        assert_eq!(from_value.all(slot).collect::<Vec<_>>(), expected, "{} {path} (Value) of {text}", spec.table);
    }
    let id = value.get(spec.collection.id_field()).and_then(Value::as_str);
    assert_eq!(from_text.string(plan.id), id, "{text}");
    assert_eq!(from_value.string(plan.id), id, "{text}");
    let status = value.get("status").and_then(Value::as_str);
    assert_eq!(from_text.string(plan.status), status, "{text}");
}

fn awkward_records() -> Vec<String> {
    let user = json!({
        "sourcedId": "u1", "status": "active", "dateLastModified": "2025-08-01T00:00:00Z",
        "givenName": "Zo\u{eb}", "familyName": "Nguy\u{1ec5}n \"the\" \\ one\n", "username": 42,
        "primaryOrg": {"sourcedId": "s1", "type": "org", "extra": [1, 2, {"sourcedId": "no"}]},
        "roles": [
            {"role": "student", "org": {"sourcedId": "s1"}},
            {"role": "teacher", "org": [{"sourcedId": "s2"}, {"sourcedId": ["s3", "s4", ["s5"]]}]},
            [{"role": "nested array: skipped"}],
            "not an object",
            {"role": ["aide", null, true, 1.5e3, -7, 18446744073709551615u64]},
        ],
        "agents": [{"sourcedId": "a1"}, {"sourcedId": null}, {"sourcedId": {"deep": "x"}}],
        "identifier": 1.0,
        "email": ["first@example.org", "second@example.org"],
        "metadata": {"sourcedId": "not the id", "ext:anything": [1, {"roles": []}]},
        "\u{1f600}": "astral key",
    });
    let mut records = vec![user.to_string(), serde_json::to_string_pretty(&user).unwrap()];
    records.extend(
        [
            r#"{"sourcedId": ["u2"], "status": ["active"], "roles": {"role": "lone object", "org": {"sourcedId": "s9"}}}"#,
            r#"{"sourcedId": 7, "status": 1, "givenName": false}"#,
            r#"{"sourced\u0049d": "escaped key", "status": "tobedeleted"}"#,
            r#"{"sourcedId": "esc\u00e9aped \ud83d\ude00 value", "familyName": "a\tb"}"#,
            r#"{"sourcedId": "dup", "status": "active", "status": "tobedeleted", "givenName": "x"}"#,
            r#"{"sourcedId": "dup2", "roles": [{"role": "a", "role": "b"}], "roles": [{"role": "c"}]}"#,
            r#"{"sourcedId": "only", "unknown": {"a": [1, 2, 3]}, "other": null}"#,
            r#"{}"#,
            r#"[{"sourcedId": "inside an array"}]"#,
            r#""a string""#,
            r#"12"#,
            r#"null"#,
            r#"{"sourcedId": "n", "score": 0.1, "weight": 1e-7, "primary": true, "terms": [{"sourcedId": "t1"}, {"sourcedId": "t2"}]}"#,
            r#"{"identifier": "i1", "CFDocumentURI": {"identifier": "d1"}, "fullStatement": "Add", "conceptKeywords": ["sum", "plus"], "notes": "n"}"#,
            r#"{"identifier": "a1", "originNodeURI": {"identifier": "o"}, "destinationNodeURI": {"identifier": "d"}, "sequenceNumber": 3}"#,
        ]
        .map(str::to_owned),
    );
    records
}

#[test]
fn reading_text_gives_what_the_rules_give_for_every_table() {
    for spec in TABLES {
        for text in awkward_records() {
            check(spec, &text);
        }
    }
}

#[test]
fn strings_without_escapes_are_borrowed_from_the_text() {
    let plan = Plan::new(spec(Collection::Users));
    let text = r#"{"sourcedId": "u1", "givenName": "Ada", "familyName": "Love\"lace"}"#;
    let fields = plan.read_text(text).unwrap().unwrap();
    let borrowed = fields.found.iter().filter(|f| matches!(f.text, Cow::Borrowed(_))).count();
    assert_eq!((fields.found.len(), borrowed), (3, 2), "{fields:?}");
}

#[test]
fn text_that_is_not_json_is_an_error() {
    let plan = Plan::new(spec(Collection::Users));
    for bad in [r#"{"sourcedId": "u1""#, r#"{"sourcedId": "u1"} trailing"#, "", "{'a': 1}", r#"{"a": tru}"#] {
        let error = plan.read_text(bad).err();
        assert!(error.as_ref().is_some_and(|e| e.is_syntax() || e.is_eof()), "{bad}: {error:?}");
    }
}

#[test]
fn values_detached_from_their_text_come_back_the_same() {
    for spec in TABLES {
        let plan = Plan::new(spec);
        for record in awkward_records() {
            // The record inside a larger text, as in a page.
            let base = format!("[{record},{record}]");
            let json = &base[1..1 + record.len()];
            let Some(fields) = plan.read_text(json).unwrap() else { continue };
            let detached = fields.clone().detach(&base);
            assert_eq!(detached.attach(&base), fields, "{} {record}", spec.table);
        }
    }
}
