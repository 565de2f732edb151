//! A full sync holds exactly what the server says it holds, in both dialects, and the same
//! under injected faults.

use cairn_spec::{Collection, Dialect};
use cairn_sync::SyncOutcome;

use crate::harness::{Harness, counts, digest, package_totals, run, run_with, server_totals};

async fn full_sync_matches_the_server(dialect: Dialect) {
    let h = Harness::start(dialect.clone(), None).await;
    let client = h.client();
    let db = h.db("cache.sqlite");
    let report = run(&client, &db, &h.options(false)).await;
    assert!(report.is_complete(), "{report:#?}");
    let cached = counts(&db);
    for (collection, total) in server_totals(&client).await {
        assert_eq!(cached[&collection], total, "{} in {}", collection.name(), dialect.name);
        assert!(total > 0, "the demo has {}", collection.name());
        if let Some(report) = report.get(collection.name()) {
            assert_eq!(report.outcome, SyncOutcome::Complete, "{report:?}");
        }
    }
    let (items, associations) = package_totals(&client).await;
    assert_eq!((cached[&Collection::CfItems], cached[&Collection::CfAssociations]), (items, associations));
    assert!(cached[&Collection::CfConcepts] > 0 && cached[&Collection::CfRubrics] > 0, "{cached:?}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_sync_holds_every_record_in_the_spec_dialect() {
    full_sync_matches_the_server(Dialect::spec()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_sync_holds_every_record_in_the_1edtech_dialect() {
    full_sync_matches_the_server(Dialect::one_edtech()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn injected_faults_change_nothing_in_the_cache() {
    let calm = Harness::start(Dialect::spec(), None).await;
    let calm_db = calm.db("calm.sqlite");
    assert!(run(&calm.client(), &calm_db, &calm.options(false)).await.is_complete());
    let calm_digest = digest(&calm_db);
    calm.stop().await;

    let chaos = Harness::start(Dialect::spec(), Some(7)).await;
    let client = chaos.client();
    let chaos_db = chaos.db("chaos.sqlite");
    let report = run(&client, &chaos_db, &chaos.options(false)).await;
    assert!(report.is_complete(), "{report:#?}");
    assert!(client.stats().retries > 0, "the faults were met and retried: {:?}", client.stats());
    assert_eq!(digest(&chaos_db), calm_digest);
    chaos.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_starts_with_the_collection_its_last_full_sync_found_largest_and_the_users() {
    let h = Harness::start(Dialect::spec(), None).await;
    let client = h.client();
    let db = h.db("cache.sqlite");
    let first = run(&client, &db, &h.options(false)).await;
    assert!(first.is_complete(), "{first:#?}");
    let size = |name: &str| first.get(name).map_or(0, |c| c.records);

    // The order the collections start in: each one's first progress event.
    let started = std::sync::Mutex::new(Vec::<String>::new());
    let progress = |p: cairn_files::progress::Progress| {
        let mut started = started.lock().unwrap();
        // The frameworks are read beside the collections, outside their order.
        if p.task == "sync" && !p.stage.starts_with("CF") && !started.contains(&p.stage) {
            started.push(p.stage);
        }
    };
    let second = run_with(&client, &db, &h.options(false), &progress, &cairn_client::Cancel::new()).await;
    assert!(second.is_complete(), "{second:#?}");
    let started = started.into_inner().unwrap();
    let sizes = || started.iter().map(|c| (c, size(c))).collect::<Vec<_>>();
    // The largest first, then the users (the costliest to write), both at once; the others
    // after them, none larger than the first.
    let largest = started.iter().map(|c| size(c)).max().unwrap();
    assert_eq!(size(&started[0]), largest, "started {:?}", sizes());
    assert!(started[..2].iter().any(|c| c == "users"), "started {:?}", sizes());
    assert!(started[2..].iter().all(|c| size(c) <= largest), "started {:?}", sizes());
    // The report keeps the plan's order whatever the order of the reads.
    let names = |r: &cairn_sync::SyncReport| r.collections.iter().map(|c| c.collection.clone()).collect::<Vec<_>>();
    assert_eq!(names(&second), names(&first));
    h.stop().await;
}
