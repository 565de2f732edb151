//! A full sync holds exactly what the server says it holds, in both dialects, and the same
//! under injected faults.

use cairn_explorer::sync::SyncOutcome;
use cairn_spec::{Collection, Dialect};

use crate::harness::{Harness, counts, digest, package_totals, run, server_totals};

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
