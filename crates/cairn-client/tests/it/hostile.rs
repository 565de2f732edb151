//! Servers that misbehave at the transport level, on a hand-made loopback listener: each ends
//! in a typed error that says which way it failed (timeout, refused, cut off, too large, a
//! page of too many records),
//! never a panic or unbounded memory — and a token lifetime too large for any clock is clamped.

use std::time::{Duration, Instant};

use cairn_client::{Cancel, Client, ClientConfig, ClientError, RetryPolicy, TransportKind};
use cairn_query::Query;
use serde_json::json;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};

use crate::harness::SECRET;

/// What the listener does with a request for users (the token endpoint answers normally,
/// except in `HugeLifetime`).
#[derive(Clone, Copy, PartialEq)]
enum Server {
    /// Accepts the connection and never answers.
    Silent,
    /// A `Content-Length` of a megabyte, ten bytes, then the connection closed.
    CutOff,
    /// A 200 with no length whose body never ends.
    Endless,
    /// A page of 5000 users of 4 KB each: 20 MB, read past the size a body is gathered whole;
    /// then an empty page.
    Huge,
    /// A token whose `expires_in` is `"18446744073709551615"`, then a page of users.
    HugeLifetime,
}

async fn start(server: Server) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            tokio::spawn(answer(stream, server));
        }
    });
    base_url
}

async fn answer(mut stream: TcpStream, server: Server) {
    let Some(target) = super::fake::read_request(&mut stream).await else { return };
    if target == "/token" {
        let expires_in = match server {
            Server::HugeLifetime => json!("18446744073709551615"),
            _ => json!(3600),
        };
        let token = json!({"access_token": "fake-token", "token_type": "bearer", "expires_in": expires_in});
        return send(&mut stream, &token.to_string()).await;
    }
    match server {
        Server::Silent => tokio::time::sleep(Duration::from_secs(60)).await,
        Server::CutOff => {
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1048576\r\n\r\n";
            let _ = stream.write_all(format!("{head}{{\"users\": [").as_bytes()).await;
            let _ = stream.shutdown().await;
        }
        Server::Endless => {
            let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"users\": [";
            if stream.write_all(head.as_bytes()).await.is_err() {
                return;
            }
            let chunk = "{\"sourcedId\": \"u\"},".repeat(1000);
            while stream.write_all(chunk.as_bytes()).await.is_ok() {}
        }
        Server::Huge if target.contains("offset=5000") => send(&mut stream, r#"{"users": []}"#).await,
        Server::Huge => {
            let records: Vec<String> = (0..5000)
                .map(|i| json!({"sourcedId": format!("u{i}"), "x-pad": "é".repeat(2000)}).to_string())
                .collect();
            send(&mut stream, &format!("{{\"users\": [{}]}}", records.join(", "))).await;
        }
        Server::HugeLifetime => send(&mut stream, &json!({"users": [{"sourcedId": "u1"}]}).to_string()).await,
    }
}

async fn send(stream: &mut TcpStream, body: &str) {
    let response = format!(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(response.as_bytes()).await;
    let _ = stream.shutdown().await;
}

fn client(base_url: &str, edit: impl FnOnce(&mut ClientConfig)) -> Client {
    let mut config = ClientConfig::new(base_url, "fake", SECRET);
    config.retry =
        RetryPolicy { max_attempts: 2, base_delay: Duration::from_millis(5), max_delay: Duration::from_millis(50) };
    edit(&mut config);
    Client::new(config).unwrap()
}

fn transport_kind(error: &ClientError) -> TransportKind {
    match error {
        ClientError::Transport { kind, .. } => *kind,
        other => panic!("not a transport error: {other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_port_is_refused() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let error = client(&base_url, |_| {}).get_all_users(&Query::default()).await.unwrap_err();
    assert_eq!(transport_kind(&error), TransportKind::Refused, "{error}");
    assert!(error.to_string().contains("connection refused"), "{error}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_that_never_answers_times_out() {
    let base_url = start(Server::Silent).await;
    let client = client(&base_url, |c| c.timeout = Duration::from_millis(300));
    let started = Instant::now();
    let error = client.get_all_users(&Query::default()).await.unwrap_err();
    assert_eq!(transport_kind(&error), TransportKind::Timeout, "{error}");
    assert!(error.to_string().contains("timed out"), "{error}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_shorter_than_its_length_is_cut_off() {
    let base_url = start(Server::CutOff).await;
    let error = client(&base_url, |_| {}).get_all_users(&Query::default()).await.unwrap_err();
    assert_eq!(transport_kind(&error), TransportKind::CutOff, "{error}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_endless_body_stops_at_the_limit() {
    let base_url = start(Server::Endless).await;
    let client = client(&base_url, |c| c.max_body_bytes = 4 * 1024 * 1024);
    let started = Instant::now();
    let error = client.get_all_users(&Query::default()).await.unwrap_err();
    assert!(matches!(error, ClientError::BodyTooLarge { limit: 4_194_304, .. }), "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_endless_page_read_as_text_stops_at_the_most_records_a_page_holds() {
    let base_url = start(Server::Endless).await;
    let client = client(&base_url, |_| {});
    let (sender, mut pages) = tokio::sync::mpsc::channel(4);
    tokio::spawn(async move { while pages.recv().await.is_some() {} });
    let users = cairn_spec::operations::operation("getAllUsers").unwrap();
    let query = Query::from_params([("limit", "100")]).unwrap();
    let started = Instant::now();
    let read = client.collect_raw_pages(users, &[], &query, &sender, &|_| {}, &Cancel::new()).await;
    let error = read.unwrap_err();
    assert!(matches!(error, ClientError::PageTooLong { most: 10_000, .. }), "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_too_large_to_gather_whole_is_read_as_it_streams() {
    let base_url = start(Server::Huge).await;
    let client = client(&base_url, |_| {});
    let (sender, mut pages) = tokio::sync::mpsc::channel(4);
    let kept = tokio::spawn(async move {
        let mut records = Vec::new();
        while let Some(page) = pages.recv().await {
            let page: cairn_client::RawPage = page;
            records.extend(page.records().map(|r| serde_json::from_str::<serde_json::Value>(r).unwrap()));
        }
        records
    });
    let users = cairn_spec::operations::operation("getAllUsers").unwrap();
    let query = Query::from_params([("limit", "5000")]).unwrap();
    let read = client.collect_raw_pages(users, &[], &query, &sender, &|_| {}, &Cancel::new()).await;
    drop(sender);
    assert_eq!(read.unwrap(), 5000);
    let records = kept.await.unwrap();
    assert_eq!(records.len(), 5000);
    for (i, record) in records.iter().enumerate() {
        assert_eq!(record["sourcedId"], format!("u{i}"));
        assert_eq!(record["x-pad"].as_str().map(|p| p.chars().count()), Some(2000));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_lifetime_past_any_clock_is_clamped_not_a_panic() {
    let base_url = start(Server::HugeLifetime).await;
    let users = client(&base_url, |_| {}).get_all_users(&Query::default()).await.unwrap();
    assert_eq!(users.records.map(|r| r.len()), Some(1));
}
