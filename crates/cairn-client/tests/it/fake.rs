//! A tiny hand-made HTTP/1.1 server on loopback (plain HTTP, allowed there) for what the
//! sandbox never does: collections without paging headers or with `X-Total-Count` only, a 200
//! without its wrapper, a body cut short on every try, and no server at all.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use cairn_client::{Client, ClientConfig, ClientError, RetryPolicy};
use cairn_query::Query;
use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use crate::harness::{SECRET, ids, read_all};

/// What the fake answers for `/api/roster/rostering/v1p2/users`.
#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// Records only, no paging headers.
    Bare,
    /// Records and `X-Total-Count`.
    TotalOnly,
    /// `{}` with status 200.
    NoWrapper,
    /// Half a JSON body with status 200.
    Truncated,
}

const USERS: usize = 23;

struct Fake {
    base_url: String,
    requests: Arc<AtomicUsize>,
}

async fn start(mode: Mode) -> Fake {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    let requests = Arc::new(AtomicUsize::new(0));
    let counter = requests.clone();
    tokio::spawn(async move {
        while let Ok((stream, _)) = listener.accept().await {
            let counter = counter.clone();
            tokio::spawn(async move { answer(stream, mode, &counter).await });
        }
    });
    Fake { base_url, requests }
}

/// Reads a request's head and body (by `Content-Length`); its target.
pub async fn read_request(stream: &mut TcpStream) -> Option<String> {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if stream.read(&mut byte).await.ok()? == 0 {
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
    stream.read_exact(&mut body).await.ok()?;
    Some(head.split_whitespace().nth(1).unwrap_or("/").to_owned())
}

async fn answer(mut stream: TcpStream, mode: Mode, requests: &AtomicUsize) {
    let Some(target) = read_request(&mut stream).await else { return };
    let (status, headers, body) = if target == "/token" {
        let token = json!({"access_token": "fake-token", "token_type": "bearer", "expires_in": 3600, "scope": "x/roster.readonly"});
        (200, String::new(), token.to_string())
    } else {
        requests.fetch_add(1, Ordering::SeqCst);
        let param = |name: &str| -> usize {
            target.split(['?', '&']).find_map(|p| p.strip_prefix(&format!("{name}="))?.parse().ok()).unwrap_or(0)
        };
        let (limit, offset) = (param("limit"), param("offset"));
        let page: Vec<_> =
            (offset..(offset + limit).min(USERS)).map(|i| json!({"sourcedId": format!("u{i:02}")})).collect();
        let full = json!({ "users": page }).to_string();
        match mode {
            Mode::Bare => (200, String::new(), full),
            Mode::TotalOnly => (200, format!("X-Total-Count: {USERS}\r\n"), full),
            Mode::NoWrapper => (200, String::new(), "{}".to_owned()),
            Mode::Truncated => (200, String::new(), full[..full.len() / 2].to_owned()),
        }
    };
    let response = format!(
        "HTTP/1.1 {status} OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{headers}Connection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.write_all(response.as_bytes()).await;
    let _ = stream.shutdown().await;
}

fn client(base_url: &str, concurrency: usize) -> Client {
    let mut config = ClientConfig::new(base_url, "fake", SECRET);
    config.concurrency = concurrency;
    config.retry =
        RetryPolicy { max_attempts: 3, base_delay: Duration::from_millis(5), max_delay: Duration::from_secs(1) };
    Client::new(config).unwrap()
}

fn expected() -> Vec<String> {
    (0..USERS).map(|i| format!("u{i:02}")).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_paging_headers_pages_run_until_a_short_one() {
    let fake = start(Mode::Bare).await;
    let query = Query::from_params([("limit", "5")]).unwrap();
    let got = ids(&read_all(&client(&fake.base_url, 4), "getAllUsers", &[], &query).await);
    assert_eq!(got, expected());
    assert_eq!(fake.requests.load(Ordering::SeqCst), 5, "4 full pages and a short one");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_the_total_only_pages_are_fetched_concurrently() {
    let fake = start(Mode::TotalOnly).await;
    let query = Query::from_params([("limit", "5")]).unwrap();
    let client = client(&fake.base_url, 3);
    let got = ids(&read_all(&client, "getAllUsers", &[], &query).await);
    assert_eq!(got, expected());
    assert_eq!(fake.requests.load(Ordering::SeqCst), 5);
    assert!(client.stats().peak_in_flight <= 3);
    assert_eq!(client.granted_scopes().await.unwrap(), ["roster.readonly"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_200_without_its_wrapper_is_an_error_not_an_empty_list() {
    let fake = start(Mode::NoWrapper).await;
    let error = client(&fake.base_url, 4).get_all_users(&Query::default()).await.unwrap_err();
    assert!(matches!(error, ClientError::MissingWrapper { operation: "getAllUsers", .. }), "{error}");
    assert_eq!(fake.requests.load(Ordering::SeqCst), 1, "not retried");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_cut_short_is_retried_then_reported() {
    let fake = start(Mode::Truncated).await;
    let client = client(&fake.base_url, 4);
    let error = client.get_all_users(&Query::default()).await.unwrap_err();
    assert!(matches!(error, ClientError::MalformedBody { .. }), "{error}");
    assert_eq!((fake.requests.load(Ordering::SeqCst), client.stats().retries), (3, 2));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_server_is_a_transport_error_after_the_retries() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    let client = client(&base_url, 4);
    let error = client.get_all_users(&Query::default()).await.unwrap_err();
    let refused = cairn_client::TransportKind::Refused;
    assert!(matches!(error, ClientError::Transport { operation: "token", kind, .. } if kind == refused), "{error}");
    assert_eq!((client.stats().token_requests, client.stats().retries), (3, 2));
}
