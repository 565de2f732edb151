//! An incremental sync after changes on the server writes exactly the changed records, flags
//! `tobedeleted` ones, and leaves the cache as a full sync would.

use std::time::Duration;

use cairn_query::Query;
use cairn_spec::gradebook::{SingleCategory, SingleResult};
use cairn_spec::{Collection, Dialect, Wire};
use cairn_store::cache;
use cairn_sync::{SyncMode, SyncOutcome};
use serde_json::json;

use crate::harness::{Harness, digest, journal, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_incremental_sync_writes_exactly_the_changes() {
    let h = Harness::start(Dialect::spec(), None).await;
    let client = h.client();
    let db = h.db("cache.sqlite");
    assert!(run(&client, &db, &h.options(true)).await.is_complete());
    let first = journal(&db).len();

    // A day later: a new category (flagged for deletion) and a changed result.
    h.clock.advance(Duration::from_secs(86_400));
    let category = json!({"category": {"sourcedId": "sync-test-category", "status": "tobedeleted",
        "dateLastModified": "2020-01-01T00:00:00Z", "title": "Synced", "weight": 0.5}});
    let category = cairn_spec::read::<SingleCategory>(category, "test").unwrap().value;
    client.put_category("sync-test-category", &category).await.unwrap();
    let results = client.get_all_results(&Query::from_params([("limit", "1")]).unwrap()).await.unwrap().to_json();
    let mut result = results["results"][0].clone();
    let result_id = result["sourcedId"].as_str().unwrap().to_owned();
    result["comment"] = json!("Changed by the sync test");
    let result = cairn_spec::read::<SingleResult>(json!({"result": result}), "test").unwrap().value;
    client.put_result(&result_id, &result).await.unwrap();

    h.clock.advance(Duration::from_secs(3600));
    let report = run(&client, &db, &h.options(true)).await;
    assert!(report.is_complete(), "{report:#?}");
    let categories = report.get("categories").unwrap();
    assert_eq!((categories.mode, categories.records), (Some(SyncMode::Incremental), 1));
    assert_eq!(report.get("results").unwrap().records, 1);
    assert!(
        report
            .collections
            .iter()
            .filter(|r| r.collection.starts_with("CFPackages/"))
            .all(|r| r.outcome == SyncOutcome::Unchanged)
    );

    let lines = journal(&db);
    let second = &lines[first..];
    let roster_lines: Vec<_> = second.iter().filter(|l| !l.collection.starts_with("CF")).collect();
    assert_eq!(roster_lines.len(), 14, "{second:#?}");
    assert!(roster_lines.iter().all(|l| l.mode == "incremental" && l.outcome == "complete"), "{second:#?}");
    assert_eq!(roster_lines.iter().map(|l| l.records).sum::<u64>(), 2, "{second:#?}");
    assert!(second.iter().all(|l| l.started_at.starts_with("2026-01-02T01:00:00")));

    let conn = cache::open(&db).unwrap();
    let id = cache::find_connection(&conn, "sandbox").unwrap().unwrap();
    let cached = cache::record(&conn, id, Collection::Results, &result_id).unwrap().unwrap();
    assert!(cached.contains("Changed by the sync test"));
    let flagged: i64 = conn
        .query_row("SELECT to_be_deleted FROM categories WHERE id = 'sync-test-category'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(flagged, 1, "tobedeleted records are kept and flagged");

    // The same as a full sync into a fresh cache.
    let fresh = h.db("fresh.sqlite");
    assert!(run(&client, &fresh, &h.options(false)).await.is_complete());
    assert_eq!(digest(&db), digest(&fresh));
    h.stop().await;
}
