//! Servers with `ETag`s and 304s (a CASE server, a rostering server), and one whose records
//! carry deviations: packages and collections read in one page are fetched conditionally (a 304
//! counts as unchanged), and the deviations tolerated are counted with their paths and rules.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use cairn_spec::{Collection, Service};
use cairn_sync::{SyncOptions, SyncOutcome};
use serde_json::json;

use crate::case::{CaseServer, Doc, client, uuid};
use crate::harness::{SetClock, counts, run};
use crate::loopback::{Fake, Request, Response};

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

    // A document list with an ETag: a 304 and the cached documents stand for it (the package,
    // whose cached document has its lastChangeDateTime, is not even asked for).
    server.list_etag.store(true, Ordering::SeqCst);
    run(&client, &db, &options()).await;
    let report = run(&client, &db, &options()).await;
    let list = report.get("CFDocuments").unwrap();
    assert_eq!(list.outcome, SyncOutcome::Complete, "{list:?}");
    let message = list.message.as_deref().unwrap();
    assert!(message.contains("1 documents listed") && message.contains("HTTP 304"), "{list:?}");
    assert!(fake.received("/CFDocuments").last().unwrap().header("if-none-match").is_some());
    assert_eq!(report.get(&name).unwrap().outcome, SyncOutcome::Unchanged, "{report:#?}");
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

/// A rostering server whose orgs answer carries an `ETag` (the version) and answers 304 to a
/// matching `If-None-Match`.
async fn orgs_server(version: Arc<AtomicU32>) -> Fake {
    Fake::start(Arc::new(move |request: &Request| {
        if request.path == "/token" {
            let scope = request.param("scope").unwrap_or_default();
            return Response::json(200, &json!({"access_token": "t", "token_type": "bearer", "scope": scope}));
        }
        if request.path != "/api/roster/rostering/v1p2/orgs" {
            return Response::json(404, &json!({"codeMajor": "failure", "severity": "error"}));
        }
        let etag = format!("\"orgs-v{}\"", version.load(Ordering::SeqCst));
        if request.header("if-none-match") == Some(etag.as_str()) {
            return Response { status: 304, headers: Vec::new(), body: String::new() }.with("ETag", etag);
        }
        let number = |name: &str| request.param(name).and_then(|v| v.parse::<usize>().ok());
        let (offset, limit) = (number("offset").unwrap_or(0), number("limit").unwrap_or(100));
        let orgs: Vec<_> = (offset..3.min(offset + limit))
            .map(|n| {
                json!({"sourcedId": format!("org-{n}"), "status": "active", "name": format!("Org {n}"),
                    "dateLastModified": "2025-01-01T00:00:00Z", "type": "school"})
            })
            .collect();
        Response::json(200, &json!({ "orgs": orgs })).with("X-Total-Count", 3).with("ETag", etag)
    }))
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_collection_read_in_one_page_is_fetched_conditionally() {
    let version = Arc::new(AtomicU32::new(1));
    let fake = orgs_server(version.clone()).await;
    let client = client(&fake.base_url);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let options = SyncOptions { services: vec![Service::Rostering], ..options() };
    let orgs = |report: &cairn_sync::SyncReport| report.get("orgs").unwrap().clone();

    let first = orgs(&run(&client, &db, &options).await);
    assert_eq!((first.outcome, first.records), (SyncOutcome::Complete, 3), "{first:?}");
    assert!(fake.received("/orgs")[0].header("if-none-match").is_none());
    let second = orgs(&run(&client, &db, &options).await);
    assert_eq!(second.outcome, SyncOutcome::Unchanged, "{second:?}");
    assert!(second.message.as_deref().unwrap().contains("304"), "{second:?}");
    assert_eq!(fake.received("/orgs")[1].header("if-none-match"), Some("\"orgs-v1\""));
    assert_eq!(counts(&db)[&Collection::Orgs], 3, "a 304 changes nothing");

    version.store(2, Ordering::SeqCst);
    let third = orgs(&run(&client, &db, &options).await);
    assert_eq!((third.outcome, third.records), (SyncOutcome::Complete, 3), "{third:?}");

    // Read in two pages, the first page's validators say nothing of the second: none kept.
    let paged = SyncOptions { page_size: 2, ..options.clone() };
    assert_eq!(orgs(&run(&client, &db, &paged).await).outcome, SyncOutcome::Unchanged);
    let db2 = dir.path().join("paged.sqlite");
    assert_eq!(orgs(&run(&client, &db2, &paged).await).outcome, SyncOutcome::Complete);
    let before = fake.received("/orgs").len();
    assert_eq!(orgs(&run(&client, &db2, &paged).await).outcome, SyncOutcome::Complete);
    assert!(fake.received("/orgs")[before].header("if-none-match").is_none());
}
