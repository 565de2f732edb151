//! Version diffs of hand-made snapshots (every kind of change, extensions, identifier changes
//! of associations) and of a real package against a copy changed in the test.

use cairn_graph::diff::{MatchedBy, diff};
use cairn_spec::Wire;
use cairn_spec::case::{CfPackage, PackageFile};
use serde_json::{Value, json};

fn package(value: Value) -> CfPackage {
    CfPackage::from_json(value).unwrap()
}

const DOC: &str = "https://frameworks.example/D";

fn item(id: &str, code: &str, statement: &str) -> Value {
    json!({"identifier": id, "uri": format!("https://items.example/{id}"), "humanCodingScheme": code,
           "fullStatement": statement, "lastChangeDateTime": "2024-01-01T00:00:00Z"})
}

fn association(id: &str, kind: &str, origin: &str, destination: &str) -> Value {
    json!({"identifier": id, "associationType": kind, "uri": format!("https://links.example/{id}"),
           "originNodeURI": {"title": origin, "identifier": origin, "uri": origin},
           "destinationNodeURI": {"title": destination, "identifier": destination, "uri": destination},
           "lastChangeDateTime": "2024-01-01T00:00:00Z"})
}

fn old() -> Value {
    json!({
        "CFDocument": {"identifier": DOC, "uri": DOC, "title": "Framework", "creator": "c",
                       "lastChangeDateTime": "2024-01-01T00:00:00Z"},
        "CFItems": [
            item("a", "A.1", "Add."),
            item("b", "A.2", "Subtract."),
            item("c", "A.10", "Multiply."),
            item("x", "B.1", "Divide."),
        ],
        "CFAssociations": [
            association("r1", "isChildOf", "a", DOC),
            association("r2", "isChildOf", "b", DOC),
            association("r3", "isChildOf", "c", DOC),
            association("r4", "precedes", "a", "b"),
            association("r5", "isRelatedTo", "c", "https://elsewhere.example/z"),
        ],
    })
}

fn new() -> Value {
    let mut new = old();
    new["CFDocument"]["title"] = json!("Framework, revised");
    new["CFDocument"]["lastChangeDateTime"] = json!("2024-06-01T00:00:00Z");
    // a: statement and extensions change; b: lastChangeDateTime only; c: removed; d: added.
    new["CFItems"][0]["fullStatement"] = json!("Add whole numbers.");
    new["CFItems"][0]["extensions"] = json!({"vendor:level": 2});
    new["CFItems"][1]["lastChangeDateTime"] = json!("2024-06-01T00:00:00Z");
    new["CFItems"][2] = item("d", "A.3", "Count.");
    new["CFItems"][3]["unknownProperty"] = json!(true);
    let mut r4 = association("r4", "precedes", "a", "b");
    r4["sequenceNumber"] = json!(3);
    new["CFAssociations"] = json!([
        association("r1", "isChildOf", "a", DOC),
        association("r2-new", "isChildOf", "b", DOC),
        association("r6", "isChildOf", "d", DOC),
        r4,
    ]);
    new["CFDefinitions"] = json!({"CFSubjects": [{"identifier": "s", "uri": "s", "title": "Math",
                                                  "hierarchyCode": "1", "lastChangeDateTime": "2024-01-01T00:00:00Z"}]});
    new
}

#[test]
fn items_added_removed_and_changed_field_by_field() {
    let mut old = old();
    old["CFItems"][0]["extensions"] = json!({"vendor:level": 1, "vendor:gone": "x"});
    let d = diff(&package(old), &package(new()));
    let s = d.summary.items;
    assert_eq!((s.old, s.new, s.added, s.removed, s.changed, s.only_last_change, s.unchanged), (4, 4, 1, 1, 2, 1, 0));
    assert_eq!(d.items.added.iter().map(|i| i.identifier.as_str()).collect::<Vec<_>>(), ["d"]);
    assert_eq!(d.items.removed[0].human_coding_scheme.as_deref(), Some("A.10"));
    let changed: Vec<_> = d.items.changed.iter().map(|c| (c.record.identifier.as_str(), c.only_last_change)).collect();
    assert_eq!(changed, [("a", false), ("b", true), ("x", false)], "code order: A.1, A.2, B.1");
    let a = &d.items.changed[0];
    assert_eq!(a.matched_by, MatchedBy::Identifier);
    let fields: Vec<_> = a.changes.iter().map(|c| (c.field.as_str(), c.old.clone(), c.new.clone())).collect();
    assert_eq!(
        fields,
        [
            ("extensions.vendor:gone", Some(json!("x")), None),
            ("extensions.vendor:level", Some(json!(1)), Some(json!(2))),
            ("fullStatement", Some(json!("Add.")), Some(json!("Add whole numbers."))),
        ]
    );
    let x = &d.items.changed[2];
    assert_eq!((x.changes[0].field.as_str(), x.changes[0].old.is_none()), ("unknownProperty", true));
}

#[test]
fn extensions_appearing_whole_are_one_change() {
    let d = diff(&package(old()), &package(new()));
    let a = &d.items.changed[0];
    assert_eq!(a.changes[0].field, "extensions");
    assert_eq!(a.changes[0].new, Some(json!({"vendor:level": 2})));
}

#[test]
fn associations_by_identifier_then_by_ends() {
    let d = diff(&package(old()), &package(new()));
    let s = d.summary.associations;
    assert_eq!((s.old, s.new, s.added, s.removed, s.changed, s.only_last_change, s.unchanged), (5, 4, 1, 2, 2, 0, 1));
    let changed: Vec<_> = d.associations.changed.iter().map(|c| (c.record.identifier.as_str(), c.matched_by)).collect();
    assert_eq!(changed, [("r2-new", MatchedBy::Ends), ("r4", MatchedBy::Identifier)]);
    let fields: Vec<&str> = d.associations.changed[0].changes.iter().map(|c| c.field.as_str()).collect();
    assert_eq!(fields, ["identifier", "uri"]);
    assert_eq!(d.associations.changed[1].changes[0].field, "sequenceNumber");
    assert_eq!(d.associations.changed[1].record.origin_code.as_deref(), Some("A.1"));
    let removed: Vec<_> =
        d.associations.removed.iter().map(|r| (r.identifier.as_str(), r.origin_code.as_deref())).collect();
    assert_eq!(removed, [("r3", Some("A.10")), ("r5", Some("A.10"))], "removed ones name the old items");
    assert_eq!(d.associations.added[0].origin_code.as_deref(), Some("A.3"));
}

#[test]
fn document_and_package_changes() {
    let d = diff(&package(old()), &package(new()));
    assert!(d.summary.document_changed);
    assert!(!d.document.only_last_change);
    let fields: Vec<&str> = d.document.changes.iter().map(|c| c.field.as_str()).collect();
    assert_eq!(fields, ["lastChangeDateTime", "title"]);
    assert_eq!((d.document.old_identifier.as_str(), d.document.new_identifier.as_str()), (DOC, DOC));
    assert_eq!(d.package.len(), 1);
    assert_eq!(d.package[0].field, "CFDefinitions");
    assert!(d.package[0].old.is_none());

    let json = serde_json::to_value(&d).unwrap();
    assert_eq!(json["summary"]["items"]["onlyLastChange"], 1);
    assert_eq!(json["items"]["changed"][1]["onlyLastChange"], true);
    assert_eq!(json["items"]["changed"][0]["humanCodingScheme"], "A.1", "the record's fields sit beside the changes");
    assert_eq!(json["associations"]["changed"][0]["matchedBy"], "ends");
    assert!(json["items"]["changed"][0]["changes"][0].get("old").is_none(), "absent, not null");
}

#[test]
fn a_snapshot_equals_itself() {
    let d = diff(&package(old()), &package(old()));
    assert!(!d.summary.document_changed);
    assert_eq!(d.summary.items.unchanged, 4);
    assert_eq!(d.summary.associations.unchanged, 5);
    assert!(d.items.changed.is_empty() && d.associations.changed.is_empty() && d.package.is_empty());
}

#[test]
fn a_real_package_against_a_copy_changed_in_the_test() {
    let path = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case/ccss-math-asn-draft-2017.json");
    let bytes = std::fs::read(path).unwrap();
    let old = PackageFile::read(&bytes).unwrap().value.package;
    let mut json: Value = serde_json::from_slice(&bytes).unwrap();
    let items = json["CFItems"].as_array_mut().unwrap();
    let removed = items.remove(5);
    items[0]["fullStatement"] = json!("Changed.");
    for item in items.iter_mut().skip(100).take(7) {
        item["lastChangeDateTime"] = json!("2030-01-01T00:00:00Z");
    }
    items[200]["extensions"] = json!({"cairn:note": "added"});
    items.push(json!({"identifier": "http://example.org/new", "uri": "http://example.org/new",
                      "fullStatement": "New.", "lastChangeDateTime": "2030-01-01T00:00:00Z"}));
    let links = json["CFAssociations"].as_array_mut().unwrap();
    let removed_id = removed["identifier"].as_str().unwrap().to_owned();
    links.retain(|a| a["originNodeURI"]["identifier"] != removed_id.as_str());
    links[3]["sequenceNumber"] = json!(99);
    let new = PackageFile::read(&serde_json::to_vec(&json).unwrap()).unwrap().value.package;
    let d = diff(&old, &new);
    let s = d.summary.items;
    assert_eq!((s.added, s.removed, s.changed, s.only_last_change, s.unchanged), (1, 1, 2, 7, 703 - 1 - 9));
    assert_eq!(d.items.removed[0].identifier, removed_id);
    let a = d.summary.associations;
    assert_eq!((a.added, a.removed, a.changed, a.unchanged), (0, 1, 1, 703 - 2));
    assert_eq!(d.associations.changed[0].changes[0].field, "sequenceNumber");
    assert!(!d.summary.document_changed);
    let with_extension = d.items.changed.iter().find(|c| c.changes[0].field == "extensions").unwrap();
    assert_eq!(with_extension.changes[0].new, Some(json!({"cairn:note": "added"})));
}

#[test]
fn an_association_renamed_with_its_type_recased_is_one_change() {
    let snapshot = |id: &str, kind: &str| {
        package(json!({
            "CFDocument": {"identifier": DOC, "uri": DOC, "title": "Framework", "creator": "c",
                           "lastChangeDateTime": "2024-01-01T00:00:00Z"},
            "CFItems": [item("a", "A.1", "Add.")],
            "CFAssociations": [association(id, kind, "a", DOC)],
        }))
    };
    let d = diff(&snapshot("r1", "isChildOf"), &snapshot("r1-new", "ischildof"));
    let s = d.summary.associations;
    assert_eq!((s.added, s.removed, s.changed), (0, 0, 1));
    assert_eq!(d.associations.changed[0].matched_by, MatchedBy::Ends);
}
