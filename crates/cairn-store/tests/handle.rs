//! The cache handle on real SQLite files: two writers on one file (two handles, as two
//! processes would have) both commit every write — IMMEDIATE transactions wait for the lock
//! instead of failing half-way — and a collection staged outside the cache locks nothing
//! until its swap-in, which writes exactly what was staged.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::time::{Duration, Instant};

use cairn_spec::Collection;
use cairn_store::StoreError;
use cairn_store::cache::{self, CacheHandle, CollectionWriter, StagedCollection, WriteMode};
use serde_json::json;

fn user(id: &str, given: &str) -> String {
    json!({"sourcedId": id, "status": "active", "dateLastModified": "2025-08-01T00:00:00Z", "enabledUser": "true",
        "givenName": given, "familyName": "Ng", "roles": []})
    .to_string()
}

#[test]
fn two_writers_on_one_cache_file_both_commit_every_write() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let first = CacheHandle::open(&db).unwrap();
    let second = CacheHandle::open(&db).unwrap();
    let writers: Vec<_> = [("a", first.clone()), ("b", second.clone())]
        .into_iter()
        .map(|(name, handle)| {
            std::thread::spawn(move || {
                let id = handle.write_blocking(|tx| cache::connection_id(tx, name, "file:")).unwrap();
                for n in 0..40 {
                    // Read, then write, in one transaction: a deferred one would fail with
                    // SQLITE_BUSY when the other writer got the lock in between.
                    handle
                        .write_blocking(|tx| {
                            let before = cache::counts(tx, Some(id))?;
                            let mut writer = CollectionWriter::new(tx, id, Collection::Users, WriteMode::Merge)?;
                            writer.put_json(&user(&format!("{name}-{n}"), name))?;
                            Ok::<_, StoreError>(before)
                        })
                        .unwrap();
                }
                id
            })
        })
        .collect();
    let ids: Vec<i64> = writers.into_iter().map(|w| w.join().unwrap()).collect();
    for id in ids {
        let counts = first.read_blocking(|conn| cache::counts(conn, Some(id))).unwrap();
        assert_eq!(counts.iter().find(|(c, _)| *c == Collection::Users).map(|(_, n)| *n), Some(40));
    }
}

#[test]
fn a_staged_collection_locks_nothing_until_it_is_swapped_in() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let sync = CacheHandle::open(&db).unwrap();
    let other = CacheHandle::open(&db).unwrap();
    let id = sync.write_blocking(|tx| cache::connection_id(tx, "sis", "https://sis.example")).unwrap();
    sync.write_blocking(|tx| {
        let mut writer = CollectionWriter::new(tx, id, Collection::Users, WriteMode::Replace)?;
        writer.put_json(&user("old", "Old"))?;
        Ok::<_, StoreError>(())
    })
    .unwrap();

    let mut staged = StagedCollection::new(Collection::Users).unwrap();
    for page in 0..30 {
        let records: Vec<String> = (0..100).map(|n| user(&format!("u{page}-{n}"), "New")).collect();
        staged.stage(records.iter().map(String::as_str)).unwrap();
        // Meanwhile another writer commits at once, and sees the previous data only.
        let started = Instant::now();
        other.write_blocking(|tx| cache::save_connection(tx, &format!("other {page}"), "file:", "{}")).unwrap();
        assert!(started.elapsed() < Duration::from_millis(500), "{:?}", started.elapsed());
    }
    assert_eq!(staged.len(), 3_000);
    let count = |handle: &CacheHandle| {
        let counts = handle.read_blocking(|conn| cache::counts(conn, Some(id))).unwrap();
        counts.into_iter().find(|(c, _)| *c == Collection::Users).map(|(_, n)| n)
    };
    assert_eq!(count(&other), Some(1), "nothing staged is visible");

    let written = sync
        .write_blocking(|tx| {
            let mut writer = CollectionWriter::new(tx, id, Collection::Users, WriteMode::Replace)?;
            staged.write_to(&mut writer)
        })
        .unwrap();
    assert_eq!(written, 3_000);
    assert_eq!(count(&other), Some(3_000), "the swap-in replaced the collection");
    let first = other.read_blocking(|conn| cache::record(conn, id, Collection::Users, "u0-0")).unwrap().unwrap();
    assert_eq!(first, user("u0-0", "New"), "records are kept as staged, byte for byte");
    assert_eq!(other.read_blocking(|conn| cache::record(conn, id, Collection::Users, "old")).unwrap(), None);
}

#[test]
fn a_failed_write_rolls_back_and_the_handle_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let handle = CacheHandle::open(&dir.path().join("nested/folder/cache.sqlite")).unwrap();
    let failed = handle.write_blocking(|tx| {
        cache::save_connection(tx, "half", "file:", "{}")?;
        Err::<(), _>(StoreError::Worker("stopped on purpose".into()))
    });
    assert!(matches!(failed, Err(StoreError::Worker(ref m)) if m == "stopped on purpose"), "{failed:?}");
    let names = handle.read_blocking(cache::connections).unwrap();
    assert!(names.is_empty(), "the failed write left {names:?}");
    handle.write_blocking(|tx| cache::save_connection(tx, "whole", "file:", "{}")).unwrap();
    assert_eq!(handle.read_blocking(cache::connections).unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_and_writes_run_on_the_blocking_pool() {
    let dir = tempfile::tempdir().unwrap();
    let handle = CacheHandle::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = handle.write(|tx| cache::connection_id(tx, "sis", "file:")).await.unwrap();
    let found = handle.read(|conn| cache::find_connection(conn, "sis")).await.unwrap();
    assert_eq!(found, Some(id));
}

#[test]
fn readers_keep_a_small_page_cache_and_the_writer_a_large_one() {
    let dir = tempfile::tempdir().unwrap();
    let handle = CacheHandle::open(&dir.path().join("cache.sqlite")).unwrap();
    let cache_size = |conn: &rusqlite::Connection| conn.pragma_query_value(None, "cache_size", |r| r.get::<_, i64>(0));
    let reader = handle.read_blocking(|conn| cache_size(conn).map_err(StoreError::from)).unwrap();
    let writer = handle.write_blocking(|tx| cache_size(tx).map_err(StoreError::from)).unwrap();
    assert_eq!((reader, writer), (-8 * 1024, -32 * 1024));
}
