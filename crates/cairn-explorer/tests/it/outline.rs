//! A framework opened from the cache's columns (`load_package_outline`, what the window uses)
//! answers exactly as one opened from every record's full JSON (`load_package`): the same first
//! level, children, descendants, paths, breadcrumbs and associations for every node — for the
//! real packages in `tests/fixtures/case/` and for a hand-made one with the deviations the
//! columns cannot hold (ends as plain URI strings, ends outside the package, odd sequence
//! numbers). Also: a cache written before the columns existed gets them filled on opening.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use cairn_explorer::app::{FrameworkKey, OpenFramework};
use cairn_files::ingest::import_package;
use cairn_spec::case::CfPackage;
use cairn_store::cache;
use cairn_views::{load_package, load_package_outline};
use serde_json::{Value, json};

fn fixtures() -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case")
}

/// Every identifier the package names: its document, items and both ends of each association.
fn identifiers(package: &CfPackage) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    out.extend(package.document.iter().filter_map(|d| d.identifier.as_deref().map(str::to_owned)));
    for item in package.items.iter().flatten() {
        out.extend(item.identifier.as_deref().map(str::to_owned));
    }
    for association in package.associations.iter().flatten() {
        out.extend(association.origin_id().map(str::to_owned));
        out.extend(association.destination_id().map(str::to_owned));
    }
    out
}

/// What the window can ask of `open`, about every node in `nodes`, as JSON.
fn answers(open: &OpenFramework, nodes: &BTreeSet<String>) -> Value {
    let ids: Vec<String> = nodes.iter().cloned().collect();
    let mut per_node = serde_json::Map::new();
    for id in &ids {
        per_node.insert(
            id.clone(),
            json!({
                "associations": open.associations(id).ok(),
                "paths": open.paths(id).ok(),
                "breadcrumbs": open.breadcrumbs(id).ok(),
                "describe": open.describe(id).ok().map(|(kind, label)| json!([kind, label])),
            }),
        );
    }
    json!({
        "outline": open.outline(),
        "children": open.children(&ids),
        "descendants": open.descendants(open.document()).ok(),
        "nodes": per_node,
    })
}

/// Imports `file` into a fresh cache and opens it both ways.
fn both_ways(file: &Path) -> (Value, Value) {
    let dir = tempfile::tempdir().unwrap();
    let handle = cache::CacheHandle::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = handle.write_blocking(|tx| cache::connection_id(tx, "files", "file:")).unwrap();
    import_package(&handle, id, file).unwrap();
    let conn = cache::open(handle.path()).unwrap();
    let full_json: Value = serde_json::from_slice(&std::fs::read(file).unwrap()).unwrap();
    let document = full_json["CFDocument"]["identifier"].as_str().unwrap().to_owned();
    let key = FrameworkKey { connection: "files".into(), identifier: document.clone() };
    let (_, full) = load_package(&conn, Some(id), &document).unwrap().unwrap();
    let (_, outline) = load_package_outline(&conn, Some(id), &document).unwrap().unwrap();
    let nodes = identifiers(&full);
    let from_full = answers(&OpenFramework::build(key.clone(), full), &nodes);
    let from_outline = answers(&OpenFramework::build(key, outline), &nodes);
    (from_full, from_outline)
}

#[test]
fn every_fixture_opens_the_same_from_the_columns() {
    for entry in std::fs::read_dir(fixtures()).unwrap() {
        let path = entry.unwrap().path();
        let (full, outline) = both_ways(&path);
        assert!(full == outline, "{}: the outline answers differently", path.display());
    }
}

/// A package with what the columns cannot hold, and ends outside it.
fn deviant_package() -> Value {
    let doc = "d0000000-0000-4000-8000-000000000000";
    let item = |n: u32, code: &str| {
        json!({
            "identifier": format!("a0000000-0000-4000-8000-00000000000{n}"),
            "uri": format!("https://example.test/items/{n}"),
            "fullStatement": format!("Statement {n} with **markdown**"),
            "abbreviatedStatement": if n == 2 { json!("Short two") } else { json!(null) },
            "humanCodingScheme": code,
            "listEnumeration": format!("{n}"),
            "lastChangeDateTime": "2025-01-01T00:00:00Z",
            "notes": "not in the outline",
        })
    };
    let link = |id: String, uri: &str, title: &str| json!({"identifier": id, "uri": uri, "title": title});
    let item_id = |n: u32| format!("a0000000-0000-4000-8000-00000000000{n}");
    let doc_link = link(doc.into(), "https://example.test/doc", "Deviant");
    let association = |n: u32, kind: &str, origin: Value, destination: Value, seq: Value| {
        json!({
            "identifier": format!("b0000000-0000-4000-8000-00000000000{n}"),
            "uri": format!("https://example.test/associations/{n}"),
            "associationType": kind,
            "originNodeURI": origin,
            "destinationNodeURI": destination,
            "sequenceNumber": seq,
            "lastChangeDateTime": "2025-01-01T00:00:00Z",
        })
    };
    json!({
        "CFDocument": {
            "identifier": doc, "uri": "https://example.test/doc", "title": "Deviant",
            "creator": "Tests", "lastChangeDateTime": "2025-01-01T00:00:00Z",
        },
        "CFItems": [item(1, "B.10"), item(2, "B.2"), item(3, "A"), item(4, "C")],
        "CFAssociations": [
            association(1, "isChildOf", link(item_id(1), "https://example.test/items/1", "one"), doc_link.clone(), json!(2)),
            association(2, "isChildOf", link(item_id(2), "https://example.test/items/2", "two"), doc_link.clone(), json!("1")),
            // An end given as a plain URI string (a deviation some servers send).
            association(3, "isChildOf", json!("https://example.test/items/3"), link(item_id(1), "https://example.test/items/1", "one"), json!(null)),
            // An end outside the package, known by URI and title only.
            association(4, "exactMatchOf", link(item_id(2), "https://example.test/items/2", "two"),
                link("e0000000-0000-4000-8000-000000000009".into(), "https://elsewhere.test/9", "Elsewhere nine"), json!(null)),
            association(5, "precedes", link(item_id(2), "", ""), link(item_id(1), "https://example.test/items/1", "one"), json!(1.5)),
            association(6, "ext:custom", link(item_id(4), "https://example.test/items/4", "four"), json!({"uri": "https://elsewhere.test/x"}), json!(null)),
            association(7, "isChildOf", link(item_id(4), "https://example.test/items/4", "four"), link(item_id(2), "https://example.test/items/2", "two"), json!(-3)),
        ],
    })
}

#[test]
fn deviations_open_the_same_from_the_columns() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("deviant.json");
    std::fs::write(&file, serde_json::to_vec(&deviant_package()).unwrap()).unwrap();
    let (full, outline) = both_ways(&file);
    assert_eq!(full, outline);
    // The hand-made package did reach the interesting cases.
    let children = full["children"].as_array().unwrap();
    assert!(children.iter().any(|c| c["children"].as_array().is_some_and(|rows| !rows.is_empty())));
    let elsewhere = &full["nodes"]["a0000000-0000-4000-8000-000000000002"]["associations"];
    assert!(elsewhere.to_string().contains("Elsewhere nine"), "{elsewhere}");
}

#[test]
fn a_cache_from_before_the_columns_gets_them_filled() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cache.sqlite");
    let file = dir.path().join("deviant.json");
    std::fs::write(&file, serde_json::to_vec(&deviant_package()).unwrap()).unwrap();
    {
        let handle = cache::CacheHandle::open(&path).unwrap();
        let id = handle.write_blocking(|tx| cache::connection_id(tx, "files", "file:")).unwrap();
        import_package(&handle, id, &file).unwrap();
    }
    let columns = |conn: &rusqlite::Connection| -> Vec<Vec<Option<String>>> {
        let mut out = Vec::new();
        for sql in [
            "SELECT id, uri, abbreviated_statement FROM cf_items ORDER BY id",
            "SELECT id, origin_uri, origin_title, destination_uri, destination_title FROM cf_associations ORDER BY id",
        ] {
            let mut statement = conn.prepare(sql).unwrap();
            let n = statement.column_count();
            let rows = statement.query_map([], |r| (0..n).map(|i| r.get(i)).collect::<Result<Vec<_>, _>>()).unwrap();
            out.extend(rows.map(Result::unwrap));
        }
        out
    };
    let written = columns(&rusqlite::Connection::open(&path).unwrap());
    assert!(written.iter().flatten().any(|v| v.as_deref() == Some("Elsewhere nine")));
    // Back to the schema before the columns: they are dropped, what later migrations made too
    // (migration 4's indexes, migration 5's settings table, migration 7's outline indexes and
    // migration 8's end indexes in place of the plain ones), and the version set to 2.
    {
        let conn = rusqlite::Connection::open(&path).unwrap();
        let later: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_schema WHERE type = 'index' AND (name LIKE '%to_be_deleted' OR name = 'enrollments_by_class_role' OR name LIKE '%_outline' OR name LIKE 'cf_associations_by_%' OR name = 'cf_items_by_id')")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        for index in later {
            conn.execute_batch(&format!("DROP INDEX {index};")).unwrap();
        }
        conn.execute_batch(
            "ALTER TABLE cf_items DROP COLUMN uri; ALTER TABLE cf_items DROP COLUMN abbreviated_statement;
             ALTER TABLE cf_associations DROP COLUMN origin_uri; ALTER TABLE cf_associations DROP COLUMN origin_title;
             ALTER TABLE cf_associations DROP COLUMN destination_uri;
             ALTER TABLE cf_associations DROP COLUMN destination_title; DROP TABLE app_settings; DROP TABLE outbox;
             CREATE INDEX cf_items_document_id ON cf_items (connection_id, document_id);
             CREATE INDEX cf_associations_document_id ON cf_associations (connection_id, document_id);
             CREATE INDEX cf_associations_origin_id ON cf_associations (connection_id, origin_id);
             CREATE INDEX cf_associations_destination_id ON cf_associations (connection_id, destination_id);
             CREATE INDEX results_student_id ON results (connection_id, student_id);
             CREATE INDEX results_class_id ON results (connection_id, class_id);
             CREATE INDEX enrollments_class_id ON enrollments (connection_id, class_id);
             CREATE INDEX enrollments_role ON enrollments (connection_id, role);
             CREATE INDEX enrollments_school_id ON enrollments (connection_id, school_id);
             CREATE INDEX assessment_results_assessment_line_item_id
                 ON assessment_results (connection_id, assessment_line_item_id);
             CREATE INDEX assessment_results_student_id ON assessment_results (connection_id, student_id);
             CREATE INDEX assessment_line_items_class_id ON assessment_line_items (connection_id, class_id);
             CREATE INDEX assessment_line_items_parent_id ON assessment_line_items (connection_id, parent_id);
             PRAGMA user_version = 2;",
        )
        .unwrap();
    }
    let conn = cache::open(&path).unwrap();
    assert_eq!(columns(&conn), written, "the migration fills the columns as the writer does");
}

#[test]
fn the_outline_carries_the_document_s_language() {
    // What the window marks the framework's content with (`lang`, WCAG 3.1.2), as the document
    // gives it; none when it gives none or only blanks.
    let language = |given: Value| {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("deviant.json");
        let mut package = deviant_package();
        package["CFDocument"]["language"] = given;
        std::fs::write(&file, serde_json::to_vec(&package).unwrap()).unwrap();
        let (full, outline) = both_ways(&file);
        assert_eq!(full, outline);
        // The associations' ends inside the framework carry it too; those outside, none.
        let ends: Vec<Value> = outline["nodes"]
            .as_object()
            .unwrap()
            .values()
            .flat_map(|n| n["associations"].as_array().cloned().unwrap_or_default())
            .flat_map(|g| g["links"].as_array().cloned().unwrap_or_default())
            .map(|l| l["other"].clone())
            .collect();
        assert!(ends.iter().any(|e| !e["cached"].is_null()), "the package links inside itself");
        for end in &ends {
            let expected = if end["cached"].is_null() { Value::Null } else { outline["outline"]["language"].clone() };
            assert_eq!(end["language"], expected, "{end}");
        }
        outline["outline"]["language"].clone()
    };
    assert_eq!(language(json!("spa")), json!("spa"));
    assert_eq!(language(json!(" ")), Value::Null);
    assert_eq!(language(Value::Null), Value::Null);
}
