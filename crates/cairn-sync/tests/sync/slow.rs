//! A sync over a slow link holds no lock while it waits on the network: another writer — on
//! the same handle (the app's other tasks) or on its own connection to the file (another
//! process) — commits within a fraction of a second while a collection is mid-fetch, and an
//! import beside a sync through the network bench's link (40 ms, 50 Mbit/s) takes at most
//! 1.5 s longer than alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::time::{Duration, Instant};

use cairn_client::Cancel;
use cairn_files::progress::Progress;
use cairn_sandbox::http::{NetLink, ServeOptions};
use cairn_spec::{Dialect, Service};
use cairn_store::cache::{self, CacheHandle};
use cairn_sync::SyncOptions;

use crate::harness::Harness;

/// The longest another write may wait: a swap-in of one small collection, not a collection's
/// whole read.
const PROMPT: Duration = Duration::from_millis(750);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_over_a_slow_link_does_not_block_other_writers() {
    let delay = Duration::from_millis(60);
    let harness =
        Harness::start_with(Dialect::spec(), ServeOptions { delay: Some(delay), ..ServeOptions::default() }).await;
    let db = harness.db("cache.sqlite");
    let shared = CacheHandle::open(&db).unwrap();
    let other_process = CacheHandle::open(&db).unwrap();
    // Pages of 5: every collection takes many round trips of the slow link.
    let options = SyncOptions { services: vec![Service::Rostering], page_size: 5, ..harness.options(false) };
    let fetching = Arc::new(AtomicBool::new(false));
    let flag = fetching.clone();
    // Mid-collection: some of its records read, not all (the sandbox sends its totals; a
    // collection's last report has every record).
    let progress = move |p: Progress| flag.store(p.done > 0 && p.total.is_some_and(|t| p.done < t), Ordering::SeqCst);
    let done = Arc::new(AtomicBool::new(false));
    let mid_collection = Arc::new(AtomicU32::new(0));
    let writer = {
        let (done, fetching, mid_collection) = (done.clone(), fetching.clone(), mid_collection.clone());
        let (shared, other_process) = (shared.clone(), other_process.clone());
        std::thread::spawn(move || {
            let mut slowest = Duration::ZERO;
            let mut n = 0;
            while !done.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(100));
                let during = fetching.load(Ordering::SeqCst);
                for handle in [&shared, &other_process] {
                    n += 1;
                    let name = format!("writer {n}");
                    let started = Instant::now();
                    handle
                        .write_blocking(|tx| cache::save_connection(tx, &name, "https://other.example", "{}"))
                        .unwrap();
                    slowest = slowest.max(started.elapsed());
                }
                if during && fetching.load(Ordering::SeqCst) {
                    mid_collection.fetch_add(1, Ordering::SeqCst);
                }
            }
            slowest
        })
    };
    let client = harness.client();
    let started = Instant::now();
    let report = cairn_sync::sync(&client, &shared, "sandbox", &options, &progress, &Cancel::new()).await.unwrap();
    let took = started.elapsed();
    done.store(true, Ordering::SeqCst);
    let slowest = writer.join().unwrap();
    assert!(report.is_complete(), "{report:?}");
    let mid = mid_collection.load(Ordering::SeqCst);
    assert!(mid >= 3, "only {mid} writes ran while a collection was being read (the sync took {took:?})");
    assert!(slowest < PROMPT, "another write waited {slowest:?} while the sync ran ({took:?} in all)");
    // Every write of the other writers is there, beside the synced data.
    let written = shared.read_blocking(cache::connections).unwrap();
    assert!(written.iter().filter(|c| c.name.starts_with("writer ")).count() >= 2 * mid as usize);
    assert!(written.iter().any(|c| c.name == "sandbox"));
    harness.stop().await;
}

/// Imports a 92 KB OpenSALT package into `cache` under a connection of its own; how long it took.
fn import(cache: &CacheHandle, name: &str) -> Duration {
    let package = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case/opensalt-ordering-sequence-numbers.json");
    let started = Instant::now();
    let id = cache.write_blocking(|tx| cache::connection_id(tx, name, "file:")).unwrap();
    cairn_files::ingest::import_package(cache, id, &package).unwrap();
    started.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_import_beside_a_sync_over_a_slow_link_waits_for_one_swap_in_at_most() {
    // The network bench's link: every request 40 ms late, answers sharing 50 Mbit/s.
    let link = NetLink::new(Duration::from_millis(40), Some(50.0));
    let harness =
        Harness::start_with(Dialect::spec(), ServeOptions { link: Some(link), ..ServeOptions::default() }).await;
    let db = harness.db("cache.sqlite");
    let handle = CacheHandle::open(&db).unwrap();
    // Its time alone, measured here on this machine as it is now: the slowest of three.
    let alone = (0..3).map(|n| import(&handle, &format!("alone {n}"))).max().unwrap();

    // Pages of 50: every collection takes many round trips of the link. Imports one after
    // another for as long as the sync runs.
    let options = SyncOptions { page_size: 50, ..harness.options(false) };
    let done = Arc::new(AtomicBool::new(false));
    let importer = {
        let (done, handle) = (done.clone(), handle.clone());
        std::thread::spawn(move || {
            let mut beside = Vec::new();
            while !done.load(Ordering::SeqCst) {
                let took = import(&handle, &format!("beside {}", beside.len()));
                if !done.load(Ordering::SeqCst) {
                    beside.push(took);
                }
            }
            beside
        })
    };
    let client = harness.client();
    let started = Instant::now();
    let report = cairn_sync::sync(&client, &handle, "sandbox", &options, &|_| {}, &Cancel::new()).await.unwrap();
    let took = started.elapsed();
    done.store(true, Ordering::SeqCst);
    let beside = importer.join().unwrap();
    assert!(report.is_complete(), "{report:?}");
    assert!(beside.len() >= 3, "only {} imports ended while the sync ran ({took:?}): {beside:?}", beside.len());
    let slowest = beside.iter().max().copied().unwrap_or_default();
    eprintln!("import alone (slowest of 3) {alone:?}; beside the sync ({took:?}): {beside:?}");
    assert!(
        slowest <= alone + Duration::from_millis(1500),
        "an import beside the sync took {slowest:?}, {alone:?} alone (the sync took {took:?}; each: {beside:?})"
    );
    harness.stop().await;
}
