//! The roster inspector's graphs read from a cache that synthetic and real OneRoster bundles
//! were imported into, and from org records with `children` references.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::Path;

use cairn_files::ingest::import_bundle;
use cairn_spec::Collection;
use cairn_store::cache::{self, CollectionWriter, WriteMode};
use cairn_views::ViewError;
use cairn_views::roster::{class_view, load_roster, roster_overview};
use serde_json::json;

fn imported(bundle: &str) -> (tempfile::TempDir, rusqlite::Connection, i64) {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = cache::connection_id(&conn, "local", "file:").unwrap();
    let path = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/oneroster")
        .join(bundle);
    import_bundle(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &path,
    )
    .unwrap();
    (dir, conn, id)
}

#[test]
fn a_district_with_one_school_counts_its_classes_and_people() {
    let (_dir, conn, id) = imported("edfi-lms-toolkit-v1p1-grandbend");
    let overview = roster_overview(&conn, "local").unwrap();
    assert_eq!((overview.totals.orgs, overview.totals.classes, overview.totals.enrollments), (2, 2, 24));
    assert_eq!(overview.totals.enrolled_users, 10);
    let lines: Vec<_> = overview.orgs.iter().map(|l| (l.org.id.as_str(), l.depth)).collect();
    assert_eq!(lines, [("255901", 0), ("255901001", 1)]);
    let district = &overview.orgs[0].counts;
    assert_eq!(
        (district.children, district.schools, district.classes, district.students, district.teachers),
        (1, 1, 2, 8, 2)
    );
    assert!(overview.orphans.is_empty() && overview.cycles.is_empty() && overview.unknown_classes.is_empty());

    let graph = load_roster(&conn, id).unwrap();
    let algebra = "25590100102Trad220ALG112011";
    let class = class_view(&graph, algebra, None);
    assert_eq!(class.class.as_ref().unwrap().terms.len(), 2, "terms from the link table");
    assert_eq!(class.counts.get("student"), Some(&5));
    assert_eq!(class.counts.get("teacher"), Some(&1));
    let teachers = class_view(&graph, algebra, Some("teacher")).members;
    assert_eq!(teachers.len(), 2, "one teacher, enrolled for two terms");
    assert!(teachers.iter().all(|e| e.primary == Some(true) && e.user == "207270"));
    assert_eq!(teachers[0].begin_date.as_deref(), Some("2020-08-17"));
    assert_eq!(graph.membership.classes_of_user("604863").len(), 4);
    assert_eq!(graph.membership.classes_of_school("255901001").len(), 2);
    assert_eq!(graph.membership.classes_of_term("255901001_2021_2020-2021_Fall").len(), 2);

    let json = serde_json::to_value(&overview).unwrap();
    assert_eq!(json["orgs"][1]["type"], "school");
    assert_eq!(json["orgs"][1]["counts"]["students"], 8);
}

#[test]
fn a_dirty_bundle_shows_its_orphan_and_its_unknown_class() {
    let (_dir, conn, id) = imported("cairn-v1p2-dirty");
    let overview = roster_overview(&conn, "local").unwrap();
    assert_eq!(overview.orphans.len(), 1);
    assert_eq!((overview.orphans[0].org.as_str(), overview.orphans[0].missing_parent.as_str()), ("org-s2", "org-d9"));
    assert_eq!(overview.unknown_classes, ["cls-9"]);
    let roots: Vec<_> = overview.orgs.iter().filter(|l| l.depth == 0).map(|l| l.org.id.as_str()).collect();
    assert_eq!(roots, ["org-s2", "org-d1"], "Old Mill School, Riverside District");
    assert!(overview.orgs[0].org.inactive, "the inactive school is listed, flagged");
    let district = &overview.orgs[1].counts;
    // usr-s1's enrollment is to be deleted; usr-s2 counts once (one class known, one not).
    assert_eq!((district.schools, district.students, district.teachers), (1, 1, 1));

    let graph = load_roster(&conn, id).unwrap();
    let members = graph.membership.members("cls-1", Some("student"));
    assert_eq!(members.len(), 2);
    assert!(members.iter().any(|e| e.inactive && e.user == "usr-s1"));
}

#[test]
fn children_references_in_org_records_join_the_hierarchy() {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = cache::connection_id(&conn, "api", "https://example.org").unwrap();
    let org = |sourced_id: &str, name: &str, kind: &str| {
        json!({"sourcedId": sourced_id, "status": "active", "dateLastModified": "2025-01-01T00:00:00Z",
               "name": name, "type": kind})
    };
    let reference = |s: &str| json!({"href": format!("https://example.org/orgs/{s}"), "sourcedId": s, "type": "org"});
    let mut district = org("d", "District", "district");
    district["children"] = json!([reference("s1"), reference("s2"), reference("nowhere")]);
    let mut state = org("state", "State", "state");
    state["children"] = reference("d");
    let mut s2 = org("s2", "School Two", "school");
    s2["parent"] = reference("d");
    let tx = cache::begin(&mut conn).unwrap();
    let mut writer = CollectionWriter::new(&tx, id, Collection::Orgs, WriteMode::Merge).unwrap();
    for record in [district, state, org("s1", "School One", "school"), s2] {
        writer.put(&record).unwrap();
    }
    drop(writer);
    tx.commit().unwrap();

    let overview = roster_overview(&conn, "api").unwrap();
    let lines: Vec<_> = overview.orgs.iter().map(|l| (l.org.id.as_str(), l.depth)).collect();
    assert_eq!(lines, [("state", 0), ("d", 1), ("s1", 2), ("s2", 2)]);
    assert_eq!(overview.unknown_children, [("d".to_owned(), "nowhere".to_owned())]);
    assert_eq!(overview.orgs[0].counts.schools, 2);

    assert!(matches!(roster_overview(&conn, "nope"), Err(ViewError::NoConnection(_))));
}
