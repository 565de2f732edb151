//! A sync cancelled mid-way leaves the cache's content as it was, and the journal says so.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use cairn_client::{Cancel, Client};
use cairn_files::progress::Progress;
use cairn_spec::Dialect;
use cairn_sync::{SyncOptions, SyncOutcome};

use crate::harness::{Harness, digest, journal, run, run_with};

/// A cache that holds a complete sync, the clock an hour on, and what a full sync then needs.
struct Synced {
    h: Harness,
    client: Client,
    db: PathBuf,
    /// The cache's content after the first sync.
    before: BTreeMap<&'static str, (u64, u64)>,
    /// A full sync in pages of 10.
    options: SyncOptions,
}

/// Syncs the harness's server once, then moves the clock an hour on.
async fn synced_an_hour_ago() -> Synced {
    let h = Harness::start(Dialect::spec(), None).await;
    let client = h.client();
    let db = h.db("cache.sqlite");
    assert!(run(&client, &db, &h.options(false)).await.is_complete());
    let before = digest(&db);
    h.clock.advance(Duration::from_secs(3600));
    let options = SyncOptions { page_size: 10, ..h.options(false) };
    Synced { h, client, db, before, options }
}

/// Cancels a full sync after the second page of the fourth collection to start (two are read
/// at once: by then two reads have ended).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_sync_leaves_the_previous_data() {
    let Synced { h, client, db, before, options } = synced_an_hour_ago().await;

    // A full sync (each collection replaced inside its transaction), cancelled after the
    // second page of the fourth collection to start.
    let cancel = Cancel::new();
    let starts = std::sync::Mutex::new(Vec::<String>::new());
    let progress = |p: Progress| {
        let mut starts = starts.lock().unwrap();
        // The frameworks are read beside the collections, outside their order.
        if !p.stage.starts_with("CF") && !starts.contains(&p.stage) {
            starts.push(p.stage.clone());
        }
        if starts.get(3) == Some(&p.stage) && p.done >= 20 {
            cancel.cancel();
        }
    };
    let started = Instant::now();
    let report = run_with(&client, &db, &options, &progress, &cancel).await;
    assert!(started.elapsed() < Duration::from_secs(20));
    let fourth = starts.into_inner().unwrap().get(3).cloned().unwrap();
    let outcome = |name: &str| report.get(name).map(|r| r.outcome);
    assert_eq!(outcome(&fourth), Some(SyncOutcome::Cancelled), "{fourth}: {report:#?}");
    // The frameworks go alongside the collections: done before the cancel, or cancelled.
    let documents = outcome("CFDocuments");
    assert!(matches!(documents, Some(SyncOutcome::Cancelled | SyncOutcome::Complete)), "{report:#?}");
    assert!(report.get(&fourth).unwrap().records >= 20);
    assert!(report.is_cancelled() && !report.is_complete());
    // Collections run two at a time, the largest first: those done before the cancel are
    // complete, the others cancelled, some before they started.
    let done = |o: SyncOutcome| report.collections.iter().filter(|c| c.outcome == o).count();
    assert!(done(SyncOutcome::Complete) > 0 && done(SyncOutcome::Cancelled) > 2, "{report:#?}");
    assert_eq!(done(SyncOutcome::Complete) + done(SyncOutcome::Cancelled), report.collections.len());
    assert_eq!(digest(&db), before, "the cache's content is as it was");

    let lines = journal(&db);
    let cancelled = lines.iter().rev().find(|l| l.collection == fourth).unwrap();
    assert_eq!((cancelled.outcome.as_str(), cancelled.mode.as_str(), cancelled.records), ("cancelled", "full", 0));
    assert_eq!(cancelled.started_at, "2026-01-01T01:00:00.000Z");
    let never_started: Vec<&str> = report
        .collections
        .iter()
        .filter(|c| c.message.as_deref() == Some("the sync was cancelled before it started"))
        .map(|c| c.collection.as_str())
        .collect();
    assert!(!never_started.is_empty(), "{report:#?}");
    for name in never_started {
        assert!(
            !lines.iter().any(|l| l.collection == name && l.outcome == "cancelled"),
            "{name} never started: not journaled"
        );
    }
    h.stop().await;
}

/// A cancel that comes with a collection's last page — its read whole, its swap not begun, the
/// window still showing its pages in flight: the collection is not swapped in.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_after_the_last_page_but_before_the_swap_keeps_the_previous_data() {
    let Synced { h, client, db, before, options } = synced_an_hour_ago().await;

    // A full sync cancelled the moment the first collection to start has its last page.
    let cancel = Cancel::new();
    let first = std::sync::Mutex::new(None::<String>);
    let progress = |p: Progress| {
        if p.stage.starts_with("CF") {
            return;
        }
        let mut first = first.lock().unwrap();
        let first = first.get_or_insert_with(|| p.stage.clone());
        if *first == p.stage && p.total.is_some_and(|total| total > 0 && p.done >= total) {
            cancel.cancel();
        }
    };
    let report = run_with(&client, &db, &options, &progress, &cancel).await;
    let first = first.into_inner().unwrap().unwrap();
    let cut = report.get(&first).unwrap();
    assert_eq!(
        cut.outcome,
        SyncOutcome::Cancelled,
        "{first}, read whole, was swapped in after the cancel: {report:#?}"
    );
    assert!(report.is_cancelled() && !report.is_complete());
    assert_eq!(digest(&db), before, "the cache's content is as it was");
    let cancelled = journal(&db).into_iter().rev().find(|l| l.collection == first).unwrap();
    assert_eq!((cancelled.outcome.as_str(), cancelled.records), ("cancelled", 0));
    h.stop().await;
}
