//! The crosswalk and version diff views over files and the cache: snapshots named by path, by
//! identifier, or as CONNECTION:IDENTIFIER; linking associations found in the cache.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use cairn_files::ingest::import_package;
use cairn_store::cache;
use cairn_views::crosswalk::crosswalk_view;
use cairn_views::diff::diff_view;
use cairn_views::{SnapshotError, ViewError};
use serde_json::{Value, json};

const ACT: &str = "a33fc64e-5c40-11e7-82c4-3d54268aa9ee";
const CCSS: &str = "http://purl.org/ASN/resources/D10003FB";

fn fixture(name: &str) -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case")
        .join(name)
}

fn read(name: &str) -> Value {
    serde_json::from_slice(&std::fs::read(fixture(name)).unwrap()).unwrap()
}

fn import(conn: &rusqlite::Connection, connection: &str, path: &Path) {
    let id = cache::connection_id(conn, connection, "file:").unwrap();
    import_package(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        path,
    )
    .unwrap();
}

/// ACT as version 1 (the fixture) and version 2 (changed here), in two connections.
fn two_versions(dir: &Path) -> (rusqlite::Connection, PathBuf) {
    let conn = cache::open(&dir.join("cache.sqlite")).unwrap();
    import(&conn, "v1", &fixture("act-holistic-math-excerpt-ordering.json"));
    let mut json = read("act-holistic-math-excerpt-ordering.json");
    json["CFItems"][3]["fullStatement"] = json!("A new statement.");
    json["CFItems"][4]["extensions"] = json!({"vendor:difficulty": "hard"});
    json["CFItems"][5]["lastChangeDateTime"] = json!("2030-01-01T00:00:00+00:00");
    let gone = json["CFItems"].as_array_mut().unwrap().remove(6);
    json["CFAssociations"].as_array_mut().unwrap().retain(|a| a["originNodeURI"]["identifier"] != gone["identifier"]);
    json["CFDocument"]["title"] = json!("ACT, version 2");
    let v2 = dir.join("act-v2.json");
    std::fs::write(&v2, serde_json::to_vec(&json!({ "CFPackage": json })).unwrap()).unwrap();
    import(&conn, "v2", &v2);
    (conn, v2)
}

#[test]
fn the_same_document_under_two_connections_is_two_snapshots() {
    let dir = tempfile::tempdir().unwrap();
    let (conn, v2_file) = two_versions(dir.path());
    let view = diff_view(Some(&conn), &format!("v1:{ACT}"), &format!("v2:{ACT}")).unwrap();
    assert_eq!((view.old_source.as_str(), view.same_document), (format!("v1:{ACT}").as_str(), true));
    let items = view.diff.summary.items;
    assert_eq!((items.added, items.removed, items.changed, items.only_last_change), (0, 1, 2, 1));
    assert_eq!(view.diff.summary.associations.removed, 1);
    let title = view.diff.document.changes.iter().find(|c| c.field == "title").unwrap();
    assert_eq!(title.new, Some(json!("ACT, version 2")));
    let extension = view.diff.items.changed.iter().find(|c| c.changes[0].field == "extensions").unwrap();
    assert_eq!(extension.changes[0].new, Some(json!({"vendor:difficulty": "hard"})));

    // A file against the cache: the cached copy of the same (wrapped) file reads the same.
    let same = diff_view(Some(&conn), v2_file.to_str().unwrap(), &format!("v2:{ACT}")).unwrap();
    let s = same.diff.summary;
    assert!(!s.document_changed, "{:?}", same.diff.document.changes);
    assert_eq!((s.items.unchanged, s.associations.unchanged), (27, 27), "{:?}", same.diff.items.changed);

    // Unqualified, the identifier is in two connections.
    let error = diff_view(Some(&conn), ACT, &format!("v2:{ACT}")).unwrap_err();
    assert!(matches!(error, SnapshotError::View(ViewError::Ambiguous { .. })), "{error}");
}

#[test]
fn snapshot_arguments_that_name_nothing_say_why() {
    let dir = tempfile::tempdir().unwrap();
    let (conn, _) = two_versions(dir.path());
    let error = diff_view(None, "/nonexistent/a.json", "/nonexistent/b.json").unwrap_err();
    assert!(matches!(error, SnapshotError::NoSuchFile(_)));
    assert!(error.to_string().contains("--db"), "{error}");
    let error = diff_view(Some(&conn), "v1:nope", &format!("v2:{ACT}")).unwrap_err();
    assert_eq!(error.to_string(), "v1:nope: no such file, and no framework nope in the cache for connection v1");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "[1, 2").unwrap();
    let error = diff_view(None, bad.to_str().unwrap(), bad.to_str().unwrap()).unwrap_err();
    assert!(matches!(error, SnapshotError::Unreadable { .. }), "{error}");
}

/// A package of associations only, linking items of ACT and CCSS.
fn links_package(dir: &Path) -> PathBuf {
    let (act, ccss) = (read("act-holistic-math-excerpt-ordering.json"), read("ccss-math-asn-draft-2017.json"));
    let id = |p: &Value, n: usize| p["CFItems"][n]["identifier"].as_str().unwrap().to_owned();
    let link = |id: &str| json!({"title": "t", "identifier": id, "uri": format!("https://x.example/{id}")});
    let association = |n: usize, kind: &str, origin: String, destination: String| {
        json!({"identifier": format!("link-{n}"), "associationType": kind, "uri": format!("https://x.example/link-{n}"),
               "originNodeURI": link(&origin), "destinationNodeURI": link(&destination),
               "lastChangeDateTime": "2024-01-01T00:00:00Z"})
    };
    let package = json!({
        "CFDocument": {"identifier": "links-doc", "uri": "https://x.example/links-doc", "title": "ACT to CCSS",
                       "creator": "test", "lastChangeDateTime": "2024-01-01T00:00:00Z"},
        "CFAssociations": [
            association(1, "exactMatchOf", id(&act, 0), id(&ccss, 10)),
            association(2, "exactMatchOf", id(&act, 1), id(&ccss, 11)),
            association(3, "isRelatedTo", id(&ccss, 12), id(&act, 2)),
        ],
    });
    let path = dir.join("links.json");
    std::fs::write(&path, serde_json::to_vec(&package).unwrap()).unwrap();
    path
}

#[test]
fn a_crosswalk_of_cached_frameworks_finds_the_links_cached_beside_them() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    import(&conn, "local", &fixture("act-holistic-math-excerpt-ordering.json"));
    import(&conn, "local", &fixture("ccss-math-asn-draft-2017.json"));
    let links = links_package(dir.path());

    // Before the links are cached: nothing links the two.
    let none = crosswalk_view(Some(&conn), ACT, CCSS, &[]).unwrap();
    assert_eq!(none.crosswalk.pairs, 0);
    // Named as a file.
    let named =
        crosswalk_view(Some(&conn), ACT, &format!("local:{CCSS}"), &[links.to_str().unwrap().to_owned()]).unwrap();
    assert_eq!(named.crosswalk.pairs, 3);
    assert_eq!(named.to_source, format!("local:{CCSS}"));

    import(&conn, "local", &links);
    let found = crosswalk_view(Some(&conn), ACT, CCSS, &[]).unwrap();
    assert_eq!(found.cached_link_documents, ["links-doc"]);
    let groups: Vec<_> = found.crosswalk.groups.iter().map(|g| (g.association_type.as_str(), g.pairs.len())).collect();
    assert_eq!(groups, [("exactMatchOf", 2), ("isRelatedTo", 1)]);
    assert_eq!((found.crosswalk.from.covered, found.crosswalk.to.covered), (3, 3));
    assert_eq!(found.crosswalk.groups[0].pairs[0].found_in, "links-doc");

    // Files and cache mixed: FROM a file, TO cached, links found in TO's connection.
    let mixed =
        crosswalk_view(Some(&conn), fixture("act-holistic-math-excerpt-ordering.json").to_str().unwrap(), CCSS, &[])
            .unwrap();
    assert_eq!(mixed.crosswalk.pairs, 3);
    let json = serde_json::to_value(&found).unwrap();
    assert_eq!(json["fromSource"], format!("local:{ACT}"));
    assert_eq!(json["groups"][0]["associationType"], "exactMatchOf");
    assert_eq!(json["from"]["items"], 28);
}
