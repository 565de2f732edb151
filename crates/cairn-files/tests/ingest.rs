//! Imports into the cache: bundles replace what bulk files no longer have, a failed import
//! writes nothing, packages replace their previous version.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};

use cairn_files::ingest::{
    IngestError, PROGRESS_EVERY, import_bundle, import_bundle_with, import_package, import_package_forced,
    import_package_with,
};
use cairn_files::progress::{Cancel, Progress, ignore};
use cairn_spec::Collection;
use cairn_store::cache;

fn fixtures() -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn count(conn: &rusqlite::Connection, id: i64, collection: Collection) -> u64 {
    cache::counts(conn, Some(id)).unwrap().into_iter().find(|(c, _)| *c == collection).unwrap().1
}

#[test]
fn a_bundle_without_a_row_removes_that_record_and_a_broken_one_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = cache::connection_id(&conn, "local", "file:").unwrap();
    let bundle = fixtures().join("oneroster/edfi-lms-toolkit-v1p1-grandbend");
    let first = import_bundle(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &bundle,
    )
    .unwrap();
    assert_eq!(first.removed, 0);
    assert_eq!(count(&conn, id, Collection::Users), 10);

    let copy = dir.path().join("bundle");
    std::fs::create_dir(&copy).unwrap();
    for entry in std::fs::read_dir(&bundle).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), copy.join(entry.file_name())).unwrap();
    }
    let users = std::fs::read_to_string(copy.join("users.csv")).unwrap();
    let mut lines: Vec<&str> = users.lines().collect();
    lines.pop();
    std::fs::write(copy.join("users.csv"), lines.join("\n") + "\n").unwrap();
    let second = import_bundle(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &copy,
    )
    .unwrap();
    assert_eq!(second.removed, 1);
    assert_eq!(count(&conn, id, Collection::Users), 9);

    let broken = dir.path().join("broken.zip");
    std::fs::write(&broken, b"PK\x03\x04 not really a zip").unwrap();
    let error = import_bundle(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &broken,
    )
    .unwrap_err();
    assert!(matches!(error, IngestError::Unreadable { .. }), "a broken zip is the file's fault: {error:?}");
    assert_eq!(count(&conn, id, Collection::Users), 9, "nothing changed");
}

#[test]
fn every_case_fixture_imports_and_a_second_import_replaces_the_first() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = cache::connection_id(&conn, "local", "file:").unwrap();
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(fixtures().join("case")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    let mut written = 0;
    for path in &files {
        let report = match import_package(
            &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
            id,
            path,
        ) {
            // opensalt-markdown-latex and opensalt-utf8-astral are two frameworks sharing one
            // document identifier (d0000000-...): the second, older, never replaces the first
            // unless forced, and then says which copy it replaced.
            Err(IngestError::Older { cached, imported, .. }) => {
                let (cached, imported) = (cached.to_string(), imported.to_string());
                assert!(cached.contains("Test Markdown Framework") && cached.contains("2017-10-24"), "{cached}");
                assert!(imported.contains("UTF8") && imported.contains("2017-09-22"), "{imported}");
                assert_eq!(count(&conn, id, Collection::CfDocuments), 4, "nothing written");
                let report = import_package_forced(
                    &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
                    id,
                    path,
                    true,
                    &ignore,
                    &Cancel::new(),
                )
                .unwrap();
                let replaced = report.replaced.clone().unwrap();
                assert_eq!(replaced.cached.title.as_deref(), Some("Test Markdown Framework"));
                assert_eq!(replaced.imported.last_change.as_deref(), Some("2017-09-22T23:13:54+00:00"));
                report
            }
            other => other.unwrap(),
        };
        written += report.counts.iter().find(|(k, _)| k == "CFItems").map_or(0, |(_, n)| *n);
    }
    // state-api-cfdocumenturi.json is the 65-item framework again, under identifiers of its own.
    assert_eq!(written, 16 + 28 + 703 + 65 + 65 + 2 + 1);
    // The forced import replaced the earlier one's 2 items with its 1.
    let items = written - 2;
    assert_eq!(count(&conn, id, Collection::CfItems), items);
    assert_eq!(count(&conn, id, Collection::CfDocuments), 6);
    import_package(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &fixtures().join("case/opensalt-ordering-sequence-numbers.json"),
    )
    .unwrap();
    assert_eq!(count(&conn, id, Collection::CfItems), items);
    let hits = cache::search(&conn, id, Collection::CfItems, "ratio", 5).unwrap();
    assert!(!hits.is_empty());
}

#[test]
fn imports_report_their_progress_every_thousand_records_and_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = cache::connection_id(&conn, "local", "file:").unwrap();
    let seen = std::sync::Mutex::new(Vec::new());
    let progress = |p: Progress| {
        assert_eq!(p.task, "import");
        seen.lock().unwrap().push(p.done);
    };
    let report = import_bundle_with(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &fixtures().join("oneroster/nicelion-users-2k"),
        &progress,
        &Cancel::new(),
    )
    .unwrap();
    let written: usize = report.counts.iter().map(|(_, n)| n).sum();
    let steps = (written as u64 / PROGRESS_EVERY) as usize;
    let expected: Vec<u64> = (1..=steps as u64).map(|k| k * PROGRESS_EVERY).chain([written as u64]).collect();
    assert_eq!(*seen.lock().unwrap(), expected, "{written} records");

    seen.lock().unwrap().clear();
    let path = fixtures().join("case/opensalt-ordering-sequence-numbers.json");
    let report = import_package_with(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &path,
        &progress,
        &Cancel::new(),
    )
    .unwrap();
    let written: u64 = report.counts.iter().map(|(_, n)| n).sum();
    assert_eq!(seen.lock().unwrap().last(), Some(&written));
}

fn cached(
    conn: &rusqlite::Connection,
    id: i64,
    collection: Collection,
    record: &str,
) -> Option<(bool, serde_json::Value)> {
    let table = cache::spec(collection).table;
    conn.query_row(
        &format!("SELECT to_be_deleted, json FROM {table} WHERE connection_id = ?1 AND id = ?2"),
        rusqlite::params![id, record],
        |r| Ok((r.get::<_, bool>(0)?, serde_json::from_str(&r.get::<_, String>(1)?).unwrap())),
    )
    .ok()
}

#[test]
fn a_delta_bundle_on_top_of_a_bulk_import_adds_changes_and_marks() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = cache::connection_id(&conn, "local", "file:").unwrap();
    let bulk = import_bundle(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &fixtures().join("oneroster/edfi-lms-toolkit-v1p1-grandbend"),
    )
    .unwrap();
    assert_eq!(bulk.warnings.len(), 2, "{:?}", bulk.warnings);
    assert_eq!(count(&conn, id, Collection::Orgs), 2);
    let (_, school) = cached(&conn, id, Collection::Orgs, "255901001").unwrap();
    assert_eq!(school.get("dateLastModified"), None, "bulk records carry no date");

    let delta = dir.path().join("delta");
    std::fs::create_dir(&delta).unwrap();
    let mut manifest = String::from("propertyName,value\nmanifest.version,1.0\noneroster.version,1.1\n");
    for file in ["academicSessions", "classes", "courses", "demographics", "enrollments", "users"] {
        manifest.push_str(&format!("file.{file},absent\n"));
    }
    manifest.push_str("file.orgs,delta\n");
    std::fs::write(delta.join("manifest.csv"), manifest).unwrap();
    // A change, a new org, a deletion that repeats nothing but the id, and one of a record
    // that is not there.
    std::fs::write(
        delta.join("orgs.csv"),
        "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n\
         255901001,active,2026-01-02T03:04:05Z,Grand Bend High (renamed),school,,255901\n\
         new-school,active,2026-01-02T03:04:05Z,New School,school,,255901\n\
         255901,tobedeleted,2026-01-03T00:00:00Z,,,,\n\
         ghost,tobedeleted,2026-01-03T00:00:00Z,,,,\n",
    )
    .unwrap();
    let before = cached(&conn, id, Collection::Orgs, "255901");
    let applied = import_bundle(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        id,
        &delta,
    )
    .unwrap();
    assert_eq!(applied.removed, 0, "a delta removes nothing");
    assert_eq!(applied.marked, 1);
    assert!(applied.warnings.is_empty(), "{:?}", applied.warnings);
    assert!(applied.notes.iter().any(|n| n.contains("ghost")), "{:?}", applied.notes);

    let (deleted, school) = cached(&conn, id, Collection::Orgs, "255901001").unwrap();
    assert!(!deleted);
    assert_eq!(school["name"], "Grand Bend High (renamed)");
    assert_eq!(school["dateLastModified"], "2026-01-02T03:04:05Z");
    assert!(cached(&conn, id, Collection::Orgs, "new-school").is_some());
    match before {
        Some((_, old)) => {
            let (deleted, marked) = cached(&conn, id, Collection::Orgs, "255901").unwrap();
            assert!(deleted, "marked, never dropped");
            assert_eq!(marked["status"], "tobedeleted");
            assert_eq!(marked["dateLastModified"], "2026-01-03T00:00:00Z");
            assert_eq!(marked["name"], old["name"], "the cached values stay");
        }
        None => panic!("the fixture has org 255901"),
    }
    let (deleted, _) = cached(&conn, id, Collection::Orgs, "ghost").unwrap();
    assert!(deleted);
    assert_eq!(count(&conn, id, Collection::Users), 10, "other collections untouched");
}

#[test]
fn a_bundle_is_parsed_before_the_write_lock_is_taken() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let handle = cache::CacheHandle::open(&db).unwrap();
    let other = cache::CacheHandle::open(&db).unwrap();
    let id = handle.write_blocking(|tx| cache::connection_id(tx, "local", "file:")).unwrap();
    let slowest = std::sync::Mutex::new(std::time::Duration::ZERO);
    // While the bundle is read, another writer (another process's handle) commits at once.
    let progress = |p: Progress| {
        let started = std::time::Instant::now();
        let name = format!("while reading {}", p.done);
        other.write_blocking(|tx| cache::save_connection(tx, &name, "https://other.example", "{}")).unwrap();
        let mut slowest = slowest.lock().unwrap();
        *slowest = slowest.max(started.elapsed());
    };
    let bundle = fixtures().join("oneroster/nicelion-users-2k");
    import_bundle_with(&handle, id, &bundle, &progress, &Cancel::new()).unwrap();
    let slowest = *slowest.lock().unwrap();
    assert!(slowest < std::time::Duration::from_millis(500), "another write waited {slowest:?}");
    let names = handle.read_blocking(cache::connections).unwrap();
    assert!(names.iter().filter(|c| c.name.starts_with("while reading")).count() >= 2);
}

#[test]
fn a_cancelled_import_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let handle = cache::CacheHandle::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = handle.write_blocking(|tx| cache::connection_id(tx, "local", "file:")).unwrap();
    let cancel = Cancel::new();
    let progress = |p: Progress| {
        if p.done >= PROGRESS_EVERY {
            cancel.cancel();
        }
    };
    let bundle = fixtures().join("oneroster/nicelion-users-2k");
    let error = import_bundle_with(&handle, id, &bundle, &progress, &cancel).unwrap_err();
    assert!(matches!(error, IngestError::Cancelled), "{error:?}");
    let package = fixtures().join("case/opensalt-ordering-sequence-numbers.json");
    let error = import_package_with(&handle, id, &package, &ignore, &cancel).unwrap_err();
    assert!(matches!(error, IngestError::Cancelled), "{error:?}");
    let counts = handle.read_blocking(|conn| cache::counts(conn, Some(id))).unwrap();
    assert!(counts.iter().all(|(_, n)| *n == 0), "{counts:?}");
}
