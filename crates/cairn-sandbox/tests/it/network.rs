//! The sandbox on the wire: answers compressed by the client's preference (with `Vary`), or
//! not at all when the server is told to ignore `Accept-Encoding`; HTTP/2 offered through
//! ALPN (or HTTP/1.1 only); pages cut to `--max-page-size`; `--net-delay` in front of every
//! request.

use std::time::{Duration, Instant};

use cairn_sandbox::http::{NetLink, ServeOptions};
use reqwest::header::{ACCEPT_ENCODING, CONTENT_ENCODING, VARY};

use crate::harness::{Harness, Options};

/// A client that shows answers as sent: no decompression, HTTP/2 when offered.
fn raw_client(h: &Harness) -> reqwest::Client {
    reqwest::Client::builder()
        .tls_certs_only([reqwest::Certificate::from_pem(&h.ca_pem).unwrap()])
        .no_gzip()
        .no_brotli()
        .no_zstd()
        .no_deflate()
        .build()
        .unwrap()
}

/// The demo sandbox with `serve`.
async fn demo(serve: ServeOptions) -> Harness {
    Harness::start_with(Options { demo: true, serve, ..Options::default() }).await
}

/// A GET with `Accept-Encoding: accept` (none when `None`), as it came.
async fn fetch(http: &reqwest::Client, token: &str, url: &str, accept: Option<&str>) -> Answer {
    let mut request = http.get(url).bearer_auth(token);
    if let Some(accept) = accept {
        request = request.header(ACCEPT_ENCODING, accept);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200, "{url}");
    let text =
        |name| response.headers().get(name).map(|v: &reqwest::header::HeaderValue| v.to_str().unwrap().to_owned());
    let (encoding, vary, version) = (text(CONTENT_ENCODING), text(VARY), response.version());
    let total = response.headers().get("x-total-count").map(|v| v.to_str().unwrap().to_owned());
    let bytes = response.bytes().await.unwrap();
    Answer { encoding, vary, length: bytes.len(), version, total, body: bytes.to_vec() }
}

struct Answer {
    encoding: Option<String>,
    vary: Option<String>,
    length: usize,
    version: reqwest::Version,
    total: Option<String>,
    body: Vec<u8>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_are_compressed_as_the_client_prefers_and_say_they_vary() {
    let h = demo(ServeOptions::default()).await;
    let (http, token) = (raw_client(&h), h.admin().await);
    let users = h.url("getAllUsers", &[], "limit=500");
    let plain = fetch(&http, &token, &users, None).await;
    assert_eq!(plain.encoding, None, "nothing asked, nothing compressed");
    assert_eq!(plain.vary.as_deref(), Some("accept-encoding"));
    for (accept, chosen) in [
        ("gzip", "gzip"),
        ("br", "br"),
        ("zstd", "zstd"),
        ("zstd, br;q=0.9, gzip;q=0.8", "zstd"),
        ("gzip, br;q=0.5, zstd;q=0.1", "gzip"),
    ] {
        let answer = fetch(&http, &token, &users, Some(accept)).await;
        assert_eq!(answer.encoding.as_deref(), Some(chosen), "{accept}");
        assert!(answer.vary.unwrap_or_default().contains("accept-encoding"), "{accept}");
        assert!(answer.length * 5 < plain.length, "{accept}: {} of {} bytes", answer.length, plain.length);
    }
    // A small answer is not worth compressing; it still says it could have been.
    let one = fetch(&http, &token, &h.url("getAllOrgs", &[], "limit=1&fields=sourcedId"), Some("zstd")).await;
    assert_eq!(one.encoding, None);
    assert_eq!(one.vary.as_deref(), Some("accept-encoding"));
    assert_eq!(plain.version, reqwest::Version::HTTP_2, "HTTP/2 is offered through ALPN");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_told_to_ignore_accept_encoding_and_http2_sends_plain_http1() {
    let h = demo(ServeOptions { compression: false, http2: false, ..ServeOptions::default() }).await;
    let (http, token) = (raw_client(&h), h.admin().await);
    let answer = fetch(&http, &token, &h.url("getAllUsers", &[], "limit=500"), Some("zstd, gzip")).await;
    assert_eq!(answer.encoding, None);
    assert_eq!(answer.version, reqwest::Version::HTTP_11);
    assert!(serde_json::from_slice::<serde_json::Value>(&answer.body).is_ok());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_capped_server_serves_its_own_page_size_and_links_on_with_it() {
    let h = demo(ServeOptions { max_page_size: Some(20), ..ServeOptions::default() }).await;
    let token = h.admin().await;
    let page = h.get(&token, "getAllUsers", &[], "limit=500&offset=40").await;
    assert_eq!(page.ids("users").len(), 20);
    let link = page.header("link").unwrap_or_default().to_owned();
    assert!(link.contains("limit=20") && link.contains("offset=60"), "{link}");
    let all: usize = page.header("x-total-count").unwrap().parse().unwrap();
    assert!(all > 60, "the total is the collection's, not the page's: {all}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_net_delay_comes_before_every_answer() {
    let link = NetLink::new(Duration::from_millis(150), Some(100.0));
    let h = demo(ServeOptions { link: Some(link), ..ServeOptions::default() }).await;
    let (http, token) = (raw_client(&h), h.admin().await);
    let started = Instant::now();
    let answer = fetch(&http, &token, &h.url("getAllOrgs", &[], ""), Some("gzip")).await;
    assert!(started.elapsed() >= Duration::from_millis(150), "{:?}", started.elapsed());
    assert!(answer.total.is_some());
    h.stop().await;
}
