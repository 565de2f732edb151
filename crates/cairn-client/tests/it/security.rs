//! HTTPS only (plain HTTP to loopback), certificates, and secrets that never show.

use std::time::Duration;

use cairn_client::{Client, ClientConfig, ClientError, Secret};
use cairn_query::Query;

use crate::harness::{Harness, Options, SECRET};

#[test]
fn plain_http_is_refused_off_loopback() {
    for url in ["http://sis.example.org", "http://10.1.2.3:8080", "http://localhost.example.org"] {
        let error = Client::new(ClientConfig::new(url, "id", SECRET)).unwrap_err();
        assert!(matches!(error, ClientError::InsecureUrl { .. }), "{url}: {error}");
    }
    let mut config = ClientConfig::new("https://sis.example.org", "id", SECRET);
    config.token_url = Some("http://auth.example.org/token".into());
    assert!(matches!(Client::new(config).unwrap_err(), ClientError::InsecureUrl { .. }));
    let mut config = ClientConfig::new("https://sis.example.org", "id", SECRET);
    config.ca_cert_pem = Some(b"not a certificate".to_vec());
    assert!(matches!(Client::new(config).unwrap_err(), ClientError::Config { .. }));
    for url in ["https://sis.example.org", "http://127.0.0.1:9", "http://localhost:9", "http://[::1]:9"] {
        assert!(Client::new(ClientConfig::new(url, "id", SECRET)).is_ok(), "{url}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_http_to_loopback_works() {
    let h = Harness::start_with(Options { tls: false, ..Options::default() }).await;
    assert!(h.base_url.starts_with("http://127.0.0.1:"), "{}", h.base_url);
    let orgs = h.client().get_all_orgs(&Query::default()).await.unwrap();
    assert_eq!(orgs.records.map(|r| r.len()), Some(4));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_untrusted_certificate_fails_at_once() {
    let h = Harness::start().await;
    let mut config = h.config();
    config.ca_cert_pem = None;
    let client = Client::new(config).unwrap();
    let started = std::time::Instant::now();
    let error = client.get_all_orgs(&Query::default()).await.unwrap_err();
    let tls = cairn_client::TransportKind::Tls;
    assert!(matches!(error, ClientError::Transport { operation: "token", kind, .. } if kind == tls), "{error}");
    assert!(error.to_string().to_lowercase().contains("certificate"), "{error}");
    assert_eq!(client.stats().retries, 0, "a TLS refusal is not retried");
    assert!(started.elapsed() < Duration::from_secs(5));
    h.stop().await;
}

/// Whether `text` holds a run of 32 or more hex digits (what the sandbox's tokens look like).
fn holds_token(text: &str) -> bool {
    let mut run = 0;
    for c in text.chars() {
        run = if c.is_ascii_hexdigit() { run + 1 } else { 0 };
        if run >= 32 {
            return true;
        }
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn secrets_and_tokens_never_show() {
    let h = Harness::start_with(Options { token_lifetime: Duration::ZERO, ..Options::default() }).await;
    let config = h.config();
    let client = Client::new(config.clone()).unwrap();
    // Every call is refused with 401 after a token was fetched and sent twice.
    let error = client.get_all_users(&Query::default()).await.unwrap_err();
    assert_eq!(error.status(), Some(401));
    let secret = Secret::from(SECRET);
    let outputs = [
        format!("{config:?}"),
        format!("{config:#?}"),
        format!("{client:?}"),
        format!("{:?}", client.stats()),
        format!("{error}"),
        format!("{error:?}"),
        format!("{secret} {secret:?}"),
    ];
    for text in outputs {
        assert!(!text.contains(SECRET), "{text}");
        assert!(!holds_token(&text), "{text}");
    }
    assert!(holds_token(&"ab12".repeat(16)));
    h.stop().await;
}
