//! What the sandbox never does, from a tiny hand-made rostering server on loopback: refusing
//! the `dateLastModified` filter (the sync falls back to a full read), answering 403 although
//! the token's scopes allow the operation, failing mid-collection (the previous data stays),
//! ignoring `Accept-Encoding`, and labelling plain JSON as gzip.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use cairn_client::{Client, ClientConfig, RetryPolicy};
use cairn_spec::{Collection, Service};
use cairn_sync::failure::ErrorCode;
use cairn_sync::{SyncMode, SyncOptions, SyncOutcome};
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::harness::{SECRET, SetClock, counts, digest, journal, run};

const BASE: &str = "/api/roster/rostering/v1p2";

/// How the fake behaves now.
#[derive(Default)]
struct Behaviour {
    /// Changes every record's content.
    generation: AtomicUsize,
    /// Enrollments fail after their first page.
    broken: AtomicBool,
    /// Users come as plain JSON labelled `Content-Encoding: gzip`.
    lying: AtomicBool,
}

async fn start(behaviour: Arc<Behaviour>) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let behaviour = behaviour.clone();
            tokio::spawn(async move { answer(stream, &behaviour).await });
        }
    });
    base_url
}

/// Reads one request from `stream` (its head, and its body by `Content-Length`) and answers
/// its target; `None` when the client went away first. Shared by the hand-made servers.
pub(crate) async fn read_request(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).await.unwrap_or(0) == 0 {
            return None;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let length: usize = head
        .lines()
        .find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length:").map(|v| v.trim().parse().unwrap_or(0)))
        .unwrap_or(0);
    let mut body = vec![0u8; length];
    let _ = stream.read_exact(&mut body).await;
    let target = head.split_whitespace().nth(1).unwrap_or("/").to_owned();
    Some(target)
}

async fn answer(mut stream: TcpStream, behaviour: &Behaviour) {
    let Some(target) = read_request(&mut stream).await else { return };
    let (status, headers, body) = respond(&target, behaviour);
    let response = format!(
        "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{headers}Connection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(response.as_bytes()).await;
    let _ = stream.shutdown().await;
}

fn status_object(code_minor: &str) -> String {
    json!({"svc_codeMajor": "failure", "svc_severity": "error", "svc_description": code_minor,
        "svc_codeMinor": {"svc_codeMinorField": [{"svc_codeMinorFieldName": "TargetEndSystem",
        "svc_codeMinorFieldValue": code_minor}]}})
    .to_string()
}

fn respond(target: &str, behaviour: &Behaviour) -> (u16, String, String) {
    if target.starts_with("/token") {
        let scope = "x/roster.readonly x/roster-demographics.readonly";
        let token = json!({"access_token": "fake", "token_type": "bearer", "expires_in": 3600, "scope": scope});
        return (200, String::new(), token.to_string());
    }
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let collection = path.strip_prefix(BASE).unwrap_or(path).trim_start_matches('/');
    let param = |name: &str| -> usize {
        query.split('&').find_map(|p| p.strip_prefix(&format!("{name}="))?.parse().ok()).unwrap_or(0)
    };
    let (limit, offset) = (param("limit").max(1), param("offset"));
    let filtered = query.contains("filter=");
    let size = match collection {
        "users" if filtered => return (400, String::new(), status_object("invalid_filter_field")),
        "academicSessions" if filtered => return (422, String::new(), status_object("invaliddata")),
        "classes" => return (403, String::new(), status_object("forbidden")),
        "enrollments" if offset > 0 && behaviour.broken.load(Ordering::SeqCst) => {
            return (500, String::new(), status_object("internal_server_error"));
        }
        "users" => 23,
        "enrollments" => 12,
        "orgs" => 3,
        _ => 0,
    };
    let generation = behaviour.generation.load(Ordering::SeqCst);
    let page: Vec<_> = (offset..(offset + limit).min(size))
        .map(|i| {
            json!({"sourcedId": format!("{collection}-{i:02}"), "status": "active",
                "dateLastModified": "2025-08-01T12:00:00.000Z", "title": format!("generation {generation}")})
        })
        .collect();
    let mut headers = format!("X-Total-Count: {size}\r\n");
    if collection == "users" && behaviour.lying.load(Ordering::SeqCst) {
        headers.push_str("Content-Encoding: gzip\r\n");
    }
    (200, headers, json!({ collection: page }).to_string())
}

/// The fake server, a client of it and a cache file to sync into.
struct Fake {
    behaviour: Arc<Behaviour>,
    client: Client,
    dir: tempfile::TempDir,
    db: std::path::PathBuf,
}

impl Fake {
    async fn start() -> Fake {
        let behaviour = Arc::new(Behaviour::default());
        let client = client(&start(behaviour.clone()).await);
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("cache.sqlite");
        Fake { behaviour, client, dir, db }
    }
}

fn client(base_url: &str) -> Client {
    let mut config = ClientConfig::new(base_url, "fake", SECRET);
    config.retry =
        RetryPolicy { max_attempts: 2, base_delay: Duration::from_millis(5), max_delay: Duration::from_millis(50) };
    Client::new(config).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_filters_forbidden_and_failed_collections() {
    let Fake { behaviour, client, dir: _dir, db } = Fake::start().await;
    let options = SyncOptions {
        services: vec![Service::Rostering],
        page_size: 5,
        clock: SetClock::new(),
        ..SyncOptions::default()
    };

    let first = run(&client, &db, &options).await;
    let classes = first.get("classes").unwrap();
    assert_eq!(classes.outcome, SyncOutcome::Forbidden, "{first:#?}");
    assert!(classes.message.as_deref().unwrap().contains("403"), "{classes:?}");
    // The report carries the HTTP status and the server's status object as sent.
    let failure = classes.failure.as_ref().unwrap();
    assert_eq!((failure.code, failure.http_status), (ErrorCode::Server, Some(403)));
    let status = failure.status.as_ref().unwrap();
    assert_eq!((status.code_major.as_str(), status.code_minor.as_deref()), ("failure", Some("forbidden")));
    assert_eq!(first.get("users").unwrap().failure, None, "a complete collection has no failure");
    assert!(!first.is_complete(), "forbidden counts against the sync");
    for name in ["orgs", "academicSessions", "courses", "users", "enrollments", "demographics"] {
        assert_eq!(first.get(name).unwrap().outcome, SyncOutcome::Complete, "{name}: {first:#?}");
    }
    let cached = counts(&db);
    assert_eq!((cached[&Collection::Users], cached[&Collection::Enrollments]), (23, 12));
    let enrollments_before = digest(&db)["enrollments"];

    // The server changes its data and breaks enrollments after their first page.
    behaviour.generation.store(2, Ordering::SeqCst);
    behaviour.broken.store(true, Ordering::SeqCst);
    let second = run(&client, &db, &options).await;
    let users = second.get("users").unwrap();
    assert_eq!((users.outcome, users.mode, users.records), (SyncOutcome::Complete, Some(SyncMode::Full), 23));
    assert!(users.message.as_deref().unwrap().contains("refused the filter"), "{users:?}");
    assert_eq!(second.get("orgs").unwrap().mode, Some(SyncMode::Incremental));
    let sessions = second.get("academicSessions").unwrap();
    assert_eq!((sessions.outcome, sessions.mode), (SyncOutcome::Complete, Some(SyncMode::Full)), "422 too");
    let enrollments = second.get("enrollments").unwrap();
    assert_eq!(enrollments.outcome, SyncOutcome::Failed, "{second:#?}");
    assert!(enrollments.message.as_deref().unwrap().contains("500"), "it says what failed: {enrollments:?}");
    let failure = enrollments.failure.as_ref().unwrap();
    assert_eq!(failure.http_status, Some(500));
    assert_eq!(failure.status.as_ref().unwrap().code_minor.as_deref(), Some("internal_server_error"));
    assert_eq!(second.get("classes").unwrap().outcome, SyncOutcome::Forbidden);
    assert_eq!(digest(&db)["enrollments"], enrollments_before, "the previous enrollments stand");

    let conn = cairn_store::cache::open(&db).unwrap();
    let user: String = conn.query_row("SELECT json FROM users WHERE id = 'users-00'", [], |r| r.get(0)).unwrap();
    assert!(user.contains("generation 2"), "{user}");

    let lines = journal(&db);
    let last = |name: &str| lines.iter().rev().find(|l| l.collection == name).unwrap().clone();
    let users = last("users");
    assert_eq!((users.mode.as_str(), users.outcome.as_str(), users.records), ("full", "complete", 23));
    assert!(users.message.unwrap().contains("invalid_filter_field"));
    assert_eq!(last("enrollments").outcome, "failed");
    assert_eq!(last("classes").outcome, "forbidden");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lying_content_encoding_fails_its_collection_clearly_and_keeps_the_previous_data() {
    let Fake { behaviour, client, dir: _dir, db } = Fake::start().await;
    let options = SyncOptions { services: vec![Service::Rostering], clock: SetClock::new(), ..SyncOptions::default() };
    // The fake ignores Accept-Encoding: plain answers are read as they are.
    let first = run(&client, &db, &options).await;
    assert_eq!(first.get("users").unwrap().outcome, SyncOutcome::Complete, "{first:#?}");
    let users_before = digest(&db)["users"];
    assert_eq!(users_before.0, 23);

    behaviour.generation.store(3, Ordering::SeqCst);
    behaviour.lying.store(true, Ordering::SeqCst);
    let second = run(&client, &db, &SyncOptions { incremental: false, ..options }).await;
    let users = second.get("users").unwrap();
    assert_eq!(users.outcome, SyncOutcome::Failed, "{second:#?}");
    let message = users.message.as_deref().unwrap();
    assert!(message.contains("getAllUsers") && message.contains("Content-Encoding"), "{message}");
    assert_eq!(users.failure.as_ref().unwrap().code, ErrorCode::Server);
    assert_eq!(digest(&db)["users"], users_before, "the previous users stand");
    assert_eq!(second.get("orgs").unwrap().outcome, SyncOutcome::Complete, "the others go on");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_that_fails_after_some_pages_keeps_the_previous_data() {
    let Fake { behaviour, client, dir: _dir, db } = Fake::start().await;
    // Pages of 5: the first pages are staged before the read fails.
    let options = SyncOptions {
        services: vec![Service::Rostering],
        page_size: 5,
        incremental: false,
        clock: SetClock::new(),
        ..SyncOptions::default()
    };
    let first = run(&client, &db, &options).await;
    assert_eq!(first.get("enrollments").unwrap().outcome, SyncOutcome::Complete, "{first:#?}");
    assert_eq!(counts(&db)[&Collection::Enrollments], 12);
    let before = digest(&db)["enrollments"];

    // Enrollments now fail on their second page, the first one staged.
    behaviour.generation.store(2, Ordering::SeqCst);
    behaviour.broken.store(true, Ordering::SeqCst);
    let second = run(&client, &db, &options).await;
    let enrollments = second.get("enrollments").unwrap();
    assert_eq!(enrollments.outcome, SyncOutcome::Failed, "{second:#?}");
    assert!(enrollments.message.as_deref().unwrap().contains("500"), "it says what failed: {enrollments:?}");
    assert_eq!(digest(&db)["enrollments"], before, "nothing written: the previous enrollments stand");
    assert_eq!(second.get("users").unwrap().outcome, SyncOutcome::Complete, "the others go on");
    let conn = cairn_store::cache::open(&db).unwrap();
    let user: String = conn.query_row("SELECT json FROM users WHERE id = 'users-00'", [], |r| r.get(0)).unwrap();
    assert!(user.contains("generation 2"), "{user}");
    let lines = journal(&db);
    assert_eq!(lines.iter().rev().find(|l| l.collection == "enrollments").unwrap().outcome, "failed");
}
