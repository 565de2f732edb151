//! An empty framework list explained: a server that lists only its public frameworks to a
//! reader without credentials (as a 200, OpenCASE's way) gives an anonymous or scoped sync an
//! empty list; where the connection has frameworks cached, or the discovery document asks for
//! a token, the report and the journal (what the app shows on the connection) say that the
//! server may list only public frameworks to such a reader.

use std::sync::atomic::Ordering;

use cairn_client::{Client, ClientConfig, DEFAULT_SCOPE_BASE};
use cairn_sandbox::discovery::{Localization, document};
use cairn_spec::{Collection, Dialect, Service};
use cairn_store::cache;
use cairn_sync::{SyncOptions, SyncOutcome};

use crate::case::{CaseServer, Doc, Token, config};
use crate::harness::{SetClock, counts, run};

/// The words the report and the journal carry.
const PUBLIC_ONLY: &str = "the server may list only public frameworks to a reader without credentials";

fn options() -> SyncOptions {
    SyncOptions { services: vec![Service::Competency], clock: SetClock::new(), ..SyncOptions::default() }
}

fn anonymous(base_url: &str) -> Client {
    Client::new(ClientConfig { retry: config(base_url).retry, ..ClientConfig::anonymous(base_url) }).unwrap()
}

/// The server: two private frameworks, listed only to a token; to anyone else an empty 200.
fn private_server() -> std::sync::Arc<CaseServer> {
    let server = CaseServer::new(vec![
        Doc { public: false, ..Doc::new(1, "Mathematics") },
        Doc { public: false, ..Doc::new(2, "Science") },
    ]);
    server.public_list.store(true, Ordering::SeqCst);
    server
}

/// The journal's last word on the document list, as the app's connection view reads it.
fn journal_message(db: &std::path::Path) -> (String, Option<String>) {
    let conn = cache::open(db).unwrap();
    let id = cache::connections(&conn).unwrap()[0].id;
    let states = cache::collection_statuses(&conn, id).unwrap();
    let list = states.into_iter().find(|s| s.last.collection == "CFDocuments").unwrap();
    (list.last.outcome, list.last.message)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_anonymous_first_sync_is_told_when_the_discovery_document_asks_for_a_token() {
    let server = private_server();
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let client = anonymous(&fake.base_url);

    // Without a discovery document, an empty list is an empty server's.
    let db = dir.path().join("plain.sqlite");
    let report = run(&client, &db, &options()).await;
    let list = report.get("CFDocuments").unwrap();
    assert_eq!(list.outcome, SyncOutcome::Complete, "{list:?}");
    assert!(!list.message.as_deref().unwrap().contains(PUBLIC_ONLY), "{list:?}");
    assert_eq!(fake.received("/discovery/case-v1p1-openapi3.json").len(), 1, "it was looked for once");

    // The sandbox's own discovery document asks for a token to list the documents.
    let dialect = Dialect::spec();
    let loc = Localization { base_url: &fake.base_url, dialect: &dialect, scope_base: DEFAULT_SCOPE_BASE };
    *server.discovery.lock().unwrap() = Some(document(Service::Competency, &loc));
    let db = dir.path().join("cache.sqlite");
    let report = run(&client, &db, &options()).await;
    let list = report.get("CFDocuments").unwrap();
    assert_eq!(list.outcome, SyncOutcome::Failed, "suspect, not a complete empty list: {list:?}");
    let message = list.message.as_deref().unwrap();
    assert!(message.contains("discovery document asks for a token") && message.contains(PUBLIC_ONLY), "{message}");
    assert!(message.contains("sent no credentials"), "{message}");
    assert!(report.read_nothing().is_some(), "{report:#?}");
    let (outcome, journal) = journal_message(&db);
    assert_eq!(outcome, "failed");
    assert!(journal.as_deref().unwrap_or_default().contains(PUBLIC_ONLY), "{journal:?}");
    assert!(fake.requests.lock().unwrap().iter().all(|r| r.header("authorization").is_none()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_anonymous_sync_where_frameworks_are_cached_keeps_them_and_says_why_it_saw_none() {
    let server = private_server();
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    assert!(run(&crate::case::client(&fake.base_url), &db, &options()).await.is_complete());
    let cached = counts(&db);
    assert_eq!(cached[&Collection::CfDocuments], 2);

    let report = run(&anonymous(&fake.base_url), &db, &options()).await;
    let list = report.get("CFDocuments").unwrap();
    assert_eq!(list.outcome, SyncOutcome::Failed, "{list:?}");
    let message = list.message.as_deref().unwrap();
    assert!(message.contains("where 2 are cached") && message.contains(PUBLIC_ONLY), "{message}");
    assert!(message.contains("sync with a client id and secret"), "{message}");
    assert_eq!(counts(&db), cached, "nothing deleted");
    assert!(journal_message(&db).1.unwrap_or_default().contains(PUBLIC_ONLY));
    assert!(fake.received("/discovery/case-v1p1-openapi3.json").is_empty(), "the cache said enough");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scoped_sync_that_sees_an_empty_list_names_its_scopes() {
    let server = CaseServer::new(vec![Doc::new(1, "Mathematics")]);
    *server.token.lock().unwrap() = Token::Grant("case.read".into());
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let mut config = config(&fake.base_url);
    (config.scope_base, config.scopes) = (String::new(), vec!["case.read".into()]);
    let client = Client::new(config).unwrap();
    assert!(run(&client, &db, &options()).await.is_complete());

    // The server now lists nothing to this token (it cannot verify it, or its scopes no
    // longer show the framework).
    server.empty_list.store(true, Ordering::SeqCst);
    let report = run(&client, &db, &options()).await;
    let list = report.get("CFDocuments").unwrap();
    assert_eq!(list.outcome, SyncOutcome::Failed, "{list:?}");
    let message = list.message.as_deref().unwrap();
    assert!(message.contains(PUBLIC_ONLY) && message.contains("(granted: case.read)"), "{message}");
    assert_eq!(counts(&db)[&Collection::CfDocuments], 1, "nothing deleted");
}
