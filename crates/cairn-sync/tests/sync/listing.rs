//! Nothing lost to a strange document list: frameworks a list leaves out stay (marked as no
//! longer listed, since when) until pruned; an empty list deletes nothing and is suspect; the
//! cached document is the package's whole one, not the list's summary.

use std::sync::atomic::Ordering;

use cairn_spec::{Collection, Service};
use cairn_store::cache;
use cairn_sync::{SyncOptions, SyncOutcome};
use serde_json::Value;

use crate::case::{CaseServer, Doc, client};
use crate::harness::{SetClock, counts, run};

fn options() -> SyncOptions {
    SyncOptions { services: vec![Service::Competency], clock: SetClock::new(), ..SyncOptions::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cached_document_is_the_packages_whole_one() {
    let server = CaseServer::new(vec![Doc::new(1, "Mathematics")]);
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let report = run(&client(&fake.base_url), &db, &options()).await;
    assert!(report.is_complete(), "{report:#?}");
    let conn = cache::open(&db).unwrap();
    let id = crate::case::uuid(1, 0);
    let json: Value =
        serde_json::from_str(&cache::record(&conn, 1, Collection::CfDocuments, &id).unwrap().unwrap()).unwrap();
    assert_eq!(json["licenseURI"]["title"], "CC BY 4.0", "{json}");
    assert_eq!(json["description"], "Mathematics (version 1)", "{json}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_list_that_leaves_frameworks_out_never_deletes_them() {
    let server = CaseServer::new(vec![Doc::new(1, "Mathematics"), Doc::new(2, "Science")]);
    let fake = server.start().await;
    let client = client(&fake.base_url);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let clock = SetClock::new();
    let options = SyncOptions { clock: clock.clone(), ..options() };
    assert!(run(&client, &db, &options).await.is_complete());
    let cached = counts(&db);
    assert_eq!((cached[&Collection::CfDocuments], cached[&Collection::CfItems]), (2, 6));

    // An empty list (as for a token the server cannot verify): nothing goes, and it is suspect.
    server.empty_list.store(true, Ordering::SeqCst);
    let report = run(&client, &db, &options).await;
    let list = report.get("CFDocuments").unwrap();
    assert_eq!(list.outcome, SyncOutcome::Failed, "{list:?}");
    assert!(list.message.as_deref().unwrap().contains("suspect"), "{list:?}");
    assert_eq!(counts(&db), cached, "nothing deleted");
    let conn = cache::open(&db).unwrap();
    assert!(cache::cached_documents(&conn, 1).unwrap().iter().all(|d| d.unlisted_since.is_none()));
    drop(conn);

    // A list without Science: it stays, marked as no longer listed since this sync.
    server.empty_list.store(false, Ordering::SeqCst);
    server.documents.lock().unwrap().retain(|d| d.title != "Science");
    clock.advance(std::time::Duration::from_secs(3600));
    let report = run(&client, &db, &options).await;
    let list = report.get("CFDocuments").unwrap();
    assert_eq!(list.outcome, SyncOutcome::Complete, "{list:?}");
    assert!(list.message.as_deref().unwrap().contains("1 no longer listed"), "{list:?}");
    assert_eq!(counts(&db), cached, "nothing deleted");
    let conn = cache::open(&db).unwrap();
    let documents = cache::cached_documents(&conn, 1).unwrap();
    let science = documents.iter().find(|d| d.title.as_deref() == Some("Science")).unwrap();
    assert_eq!(science.unlisted_since.as_deref(), Some("2026-01-01T01:00:00.000Z"), "{documents:?}");
    assert!(documents.iter().find(|d| d.title.as_deref() == Some("Mathematics")).unwrap().unlisted_since.is_none());
    drop(conn);

    // Listed again: the mark goes.
    server.documents.lock().unwrap().push(Doc::new(2, "Science"));
    run(&client, &db, &options).await;
    let conn = cache::open(&db).unwrap();
    assert!(cache::cached_documents(&conn, 1).unwrap().iter().all(|d| d.unlisted_since.is_none()));
    drop(conn);

    // Asked to prune: a framework left out goes with its items.
    server.documents.lock().unwrap().retain(|d| d.title != "Science");
    let report = run(&client, &db, &SyncOptions { prune: true, ..options.clone() }).await;
    assert!(report.is_complete(), "{report:#?}");
    let after = counts(&db);
    assert_eq!((after[&Collection::CfDocuments], after[&Collection::CfItems]), (1, 3));
    assert_eq!(report.get("CFDocuments").unwrap().records, 1, "one removed");
}
