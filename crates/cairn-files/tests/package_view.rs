//! A cached framework read back as the package it was imported from (`cairn_views::load_package`):
//! exactly, links included, with the definitions it links to; a document two connections hold
//! needs a choice.
#![allow(clippy::unwrap_used, clippy::panic, missing_docs)] // tests fail loudly

use std::collections::HashSet;

use cairn_files::ingest::import_package;
use cairn_spec::Wire;
use cairn_spec::case::PackageFile;
use cairn_store::cache;
use cairn_views::{ViewError, load_package, resolve_connection};
use serde_json::Value;

const FIXTURES: [&str; 6] = [
    "opensalt-what-standards-could-be-crosswalk.json",
    "act-holistic-math-excerpt-ordering.json",
    "ccss-math-asn-draft-2017.json",
    "opensalt-ordering-sequence-numbers.json",
    "opensalt-markdown-latex.json",
    "opensalt-utf8-astral.json",
];

#[test]
fn every_imported_package_comes_back_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let fixtures = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case");
    // Two of the packages share a document identifier: one connection each.
    let mut id = 0;
    let mut definitions = 0;
    for name in FIXTURES {
        id = cache::connection_id(&conn, name, "file:").unwrap();
        import_package(
            &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
            id,
            &fixtures.join(name),
        )
        .unwrap();
    }
    for name in FIXTURES {
        let original = PackageFile::read(&std::fs::read(fixtures.join(name)).unwrap()).unwrap().value.package;
        let doc = original.document.as_ref().unwrap().identifier.as_deref().unwrap();
        let chosen = cache::find_connection(&conn, name).unwrap();
        let (connection, loaded) = load_package(&conn, chosen, doc).unwrap().unwrap();
        assert_eq!(Some(connection), chosen);
        // Exactly, links included: those the package gave stay, those the ingest added go.
        let (a, b) = (original.to_json(), loaded.to_json());
        for key in ["CFDocument", "CFItems", "CFAssociations", "CFRubrics"] {
            assert!(a.get(key) == b.get(key), "{name}: {key} differs");
        }
        // Every definition the package links to comes back, and nothing else.
        for (key, expected) in linked_definitions(&a) {
            let mut loaded: Vec<String> = b["CFDefinitions"][key]
                .as_array()
                .map(|defs| defs.iter().map(Value::to_string).collect())
                .unwrap_or_default();
            loaded.sort();
            assert_eq!(loaded, expected, "{name}: {key}");
            definitions += expected.len();
        }
    }
    assert!(definitions >= 5, "the fixtures link to definitions ({definitions}): the test has something to lose");
    assert!(load_package(&conn, None, "nope").unwrap().is_none());
    assert!(load_package(&conn, Some(id + 1), "a33fc64e-5c40-11e7-82c4-3d54268aa9ee").unwrap().is_none());
    assert!(matches!(resolve_connection(&conn, "other"), Err(ViewError::NoConnection(_))));
}

/// Per `CFDefinitions` key, the package's definitions that its document, items or
/// associations link to (as JSON text, sorted).
fn linked_definitions(package: &Value) -> Vec<(&'static str, Vec<String>)> {
    let nodes: Vec<&Value> = std::iter::once(&package["CFDocument"])
        .chain(package["CFItems"].as_array().into_iter().flatten())
        .chain(package["CFAssociations"].as_array().into_iter().flatten())
        .collect();
    let linked = |field: &str| -> HashSet<&str> { nodes.iter().flat_map(|n| link_ids(n, field)).collect() };
    [
        ("CFConcepts", "conceptKeywordsURI"),
        ("CFSubjects", "subjectURI"),
        ("CFLicenses", "licenseURI"),
        ("CFItemTypes", "CFItemTypeURI"),
        ("CFAssociationGroupings", "CFAssociationGroupingURI"),
    ]
    .into_iter()
    .map(|(key, field)| {
        let ids = linked(field);
        let mut defs: Vec<String> = package["CFDefinitions"][key]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|d| d["identifier"].as_str().is_some_and(|id| ids.contains(id)))
            .map(Value::to_string)
            .collect();
        defs.sort();
        defs.dedup();
        (key, defs)
    })
    .collect()
}

#[test]
fn a_document_two_connections_hold_needs_a_choice() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let file = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case/act-holistic-math-excerpt-ordering.json");
    let first = cache::connection_id(&conn, "first", "file:").unwrap();
    let second = cache::connection_id(&conn, "second", "file:").unwrap();
    import_package(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        first,
        &file,
    )
    .unwrap();
    import_package(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        second,
        &file,
    )
    .unwrap();
    let doc = "a33fc64e-5c40-11e7-82c4-3d54268aa9ee";
    match load_package(&conn, None, doc) {
        Err(ViewError::Ambiguous { connections, .. }) => assert_eq!(connections, ["first", "second"]),
        other => panic!("{other:?}"),
    }
    assert_eq!(load_package(&conn, Some(second), doc).unwrap().unwrap().0, second);
}

/// The identifiers of a record's links under `key` (one link object or an array of them).
fn link_ids<'v>(record: &'v Value, key: &str) -> Vec<&'v str> {
    let identifier = |v: &'v Value| v.get("identifier").and_then(Value::as_str);
    match record.get(key) {
        Some(Value::Array(links)) => links.iter().filter_map(identifier).collect(),
        Some(link) => identifier(link).into_iter().collect(),
        None => Vec::new(),
    }
}
