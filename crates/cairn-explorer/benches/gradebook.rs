//! The gradebook: opening a class of 35 students × 60 line items (every cell with a result)
//! from the cache, median of `CAIRN_BENCH_RUNS` (default 7), target ≤ 200 ms; and saving 2,000
//! results through the outbox to the sandbox in-process over HTTPS (each stored, sent, read
//! back and cached), target ≥ 500 writes/s. The window's keystroke-to-paint figure is in
//! `tests/e2e/bench`.
//!
//! `cargo bench -p cairn-explorer --bench gradebook`.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)] // a benchmark fails loudly

#[path = "support/allocator.rs"]
mod allocator;

#[path = "../tests/it/gradebook/harness.rs"]
#[allow(dead_code)] // the bench uses the tests' harness in part
mod harness;

#[path = "support/bench_app.rs"]
mod bench_app;

use std::time::{Duration, Instant};

use bench_app::{median, ms, new_app};
use cairn_explorer::app::{SendOptions, kind_named, send_outbox, stage_put};
use cairn_spec::Collection;
use cairn_store::cache::{CacheHandle, CollectionWriter, WriteMode};
use serde_json::{Value, json};

const STUDENTS: usize = 35;
const LINE_ITEMS: usize = 60;
const WRITES: usize = 2_000;

fn r(id: &str, kind: &str) -> Value {
    json!({"href": format!("https://sis.example/{kind}/{id}"), "sourcedId": id, "type": kind})
}

/// A class of 35 students and 60 line items with a result in every cell, in a fresh cache.
fn write_class(cache: &CacheHandle) {
    cache
        .write_blocking(|tx| {
            let id = cairn_store::cache::connection_id(tx, "Bench", "https://sis.example")?;
            let put = |collection: Collection, records: Vec<Value>| -> Result<(), cairn_store::StoreError> {
                let mut writer = CollectionWriter::new(tx, id, collection, WriteMode::Merge)?;
                for record in &records {
                    writer.put(record)?;
                }
                Ok(())
            };
            let stamp = "2025-09-01T00:00:00.000Z";
            put(Collection::Classes, vec![json!({"sourcedId": "class", "status": "active", "dateLastModified": stamp, "title": "Algebra 1", "school": r("school", "org")})])?;
            put(Collection::Categories, vec![json!({"sourcedId": "cat", "status": "active", "dateLastModified": stamp, "title": "Homework", "weight": 1.0})])?;
            put(Collection::Users, (0..STUDENTS).map(|s| json!({"sourcedId": format!("u{s}"), "status": "active", "dateLastModified": stamp, "givenName": format!("Student {s}"), "familyName": format!("Family {s:02}"), "enabledUser": "true", "roles": []})).collect())?;
            put(Collection::Enrollments, (0..STUDENTS).map(|s| json!({"sourcedId": format!("e{s}"), "status": "active", "dateLastModified": stamp, "role": "student", "user": r(&format!("u{s}"), "user"), "class": r("class", "class"), "school": r("school", "org")})).collect())?;
            put(Collection::LineItems, (0..LINE_ITEMS).map(|l| json!({"sourcedId": format!("l{l}"), "status": "active", "dateLastModified": stamp, "title": format!("Assignment {l}"), "assignDate": "2025-09-01T00:00:00.000Z", "dueDate": format!("2025-10-{:02}T00:00:00.000Z", 1 + l % 28), "class": r("class", "class"), "school": r("school", "org"), "category": r("cat", "category"), "resultValueMin": 0, "resultValueMax": 10})).collect())?;
            put(Collection::Results, (0..STUDENTS).flat_map(|s| (0..LINE_ITEMS).map(move |l| json!({"sourcedId": format!("r{s}-{l}"), "status": "active", "dateLastModified": stamp, "lineItem": r(&format!("l{l}"), "lineItem"), "student": r(&format!("u{s}"), "user"), "class": r("class", "class"), "scoreStatus": "fully graded", "score": (s + l) % 11, "scoreDate": "2025-10-02"}))).collect())?;
            Ok::<_, cairn_store::StoreError>(())
        })
        .unwrap();
}

fn main() {
    let runs: usize = std::env::var("CAIRN_BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();

    // Opening a class's gradebook.
    let dir = tempfile::tempdir().unwrap();
    write_class(&CacheHandle::open(&dir.path().join("cache.sqlite")).unwrap());
    let mut open = Vec::new();
    for _ in 0..runs {
        let app = new_app(dir.path());
        let t = Instant::now();
        let book = runtime.block_on(app.gradebook_class("Bench".into(), "class".into())).unwrap();
        open.push(t.elapsed());
        assert_eq!(
            (book.students.len(), book.line_items.len(), book.cells.len()),
            (STUDENTS, LINE_ITEMS, STUDENTS * LINE_ITEMS)
        );
    }

    // Saving 2,000 results through the outbox.
    let (stored, sending) = runtime.block_on(async {
        let h = harness::Harness::start(Duration::from_secs(3600)).await;
        let cache = h.cache();
        let cid =
            cache.read_blocking(|c| cairn_store::cache::find_connection(c, harness::CONNECTION)).unwrap().unwrap();
        let results: Vec<Value> = cache
            .read_blocking(|conn| cairn_store::cache::records(conn, cid, Collection::Results))
            .unwrap()
            .into_iter()
            .map(|(_, json)| serde_json::from_str(&json).unwrap())
            .collect();
        assert!(!results.is_empty());
        let kind = kind_named("results").unwrap();
        let t = Instant::now();
        cache
            .write_blocking(|tx| {
                for i in 0..WRITES {
                    let mut record = results[i % results.len()].clone();
                    if i >= results.len() {
                        record["sourcedId"] = json!(format!("bench-{i}"));
                    }
                    record["score"] = json!((i % 5) as f64);
                    record["scoreStatus"] = json!("fully graded");
                    stage_put(tx, cid, kind, &record, "bench", "2026-01-01T00:00:00Z")?;
                }
                Ok::<_, cairn_explorer::app::AppError>(())
            })
            .unwrap();
        let stored = t.elapsed();
        let t = Instant::now();
        let report = send_outbox(&h.client(), &cache, harness::CONNECTION, h.clock.clone(), SendOptions::default())
            .await
            .unwrap();
        let sending = t.elapsed();
        assert_eq!(report.sent as usize, WRITES, "{report:?}");
        h.stop().await;
        (stored, sending)
    });

    let rate = WRITES as f64 / sending.as_secs_f64();
    println!("| gradebook | measured | target |");
    println!("|---|---:|---|");
    println!(
        "| open a class of {STUDENTS} students × {LINE_ITEMS} line items (median of {runs}) | {} ms | ≤ 200 ms |",
        ms(median(open))
    );
    println!("| store {WRITES} results in the outbox (one transaction) | {} ms | — |", ms(stored));
    println!(
        "| send {WRITES} results through the outbox to the sandbox (read back and cached) | {rate:.0} writes/s ({} ms) | ≥ 500 writes/s |",
        ms(sending)
    );
}
