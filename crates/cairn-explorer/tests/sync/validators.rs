//! A CASE server with `ETag`s and 304s, and one whose records carry deviations: packages are
//! fetched conditionally (a 304 counts as unchanged), and the deviations tolerated are counted
//! per package with their paths and rules.

use std::sync::atomic::Ordering;

use cairn_explorer::sync::{SyncOptions, SyncOutcome};
use cairn_spec::Service;

use crate::case::{CaseServer, Doc, client, uuid};
use crate::harness::{SetClock, run};

fn options() -> SyncOptions {
    SyncOptions { services: vec![Service::Competency], clock: SetClock::new(), ..SyncOptions::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn packages_are_fetched_conditionally_and_a_304_counts_as_unchanged() {
    // The list carries no lastChangeDateTime: only the validators can tell the package is unchanged.
    let server = CaseServer::new(vec![Doc { listed_change: false, ..Doc::new(1, "Mathematics") }]);
    server.validators.store(true, Ordering::SeqCst);
    let fake = server.start().await;
    let client = client(&fake.base_url);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let name = format!("CFPackages/{}", uuid(1, 0));
    let packages = || fake.received(&format!("/CFPackages/{}", uuid(1, 0)));

    let report = run(&client, &db, &options()).await;
    assert_eq!(report.get(&name).unwrap().outcome, SyncOutcome::Complete, "{report:#?}");
    assert!(packages()[0].header("if-none-match").is_none());
    assert_eq!(packages()[0].method, "GET");

    let report = run(&client, &db, &options()).await;
    let package = report.get(&name).unwrap();
    assert_eq!(package.outcome, SyncOutcome::Unchanged, "{package:?}");
    assert!(package.message.as_deref().unwrap().contains("304"), "{package:?}");
    let sent = packages()[1].clone();
    assert_eq!(sent.header("if-none-match"), Some(format!("\"{}-v1\"", uuid(1, 0)).as_str()));
    assert_eq!(sent.header("if-modified-since"), Some("Wed, 01 Jan 2025 00:00:00 GMT"));

    // A new version: a new ETag, fetched and written.
    server.documents.lock().unwrap()[0].version = 2;
    let report = run(&client, &db, &options()).await;
    assert_eq!(report.get(&name).unwrap().outcome, SyncOutcome::Complete, "{report:#?}");
    let report = run(&client, &db, &options()).await;
    assert_eq!(report.get(&name).unwrap().outcome, SyncOutcome::Unchanged, "{report:#?}");
    assert_eq!(packages()[3].header("if-none-match"), Some(format!("\"{}-v2\"", uuid(1, 0)).as_str()));

    // A full sync asks unconditionally.
    let report = run(&client, &db, &SyncOptions { incremental: false, ..options() }).await;
    assert_eq!(report.get(&name).unwrap().outcome, SyncOutcome::Complete, "{report:#?}");
    assert!(packages()[4].header("if-none-match").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deviations_tolerated_in_a_package_are_counted_with_paths_and_rules() {
    let server = CaseServer::new(vec![Doc::new(1, "Mathematics")]);
    server.deviations.store(true, Ordering::SeqCst);
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let report = run(&client(&fake.base_url), &dir.path().join("c.sqlite"), &options()).await;
    assert!(report.is_complete(), "{report:#?}");
    let package = report.get(&format!("CFPackages/{}", uuid(1, 0))).unwrap();
    assert_eq!(package.deviations.count, 3, "{package:#?}");
    let first = &package.deviations.first[0];
    assert!(first.path.contains("CFItems") && first.path.contains("lastChangeDateTime"), "{first:?}");
    let json = serde_json::to_value(package).unwrap();
    assert_eq!(json["deviations"]["count"], 3, "{json}");
    assert!(json["deviations"]["first"][0]["rule"].is_string(), "{json}");
}
