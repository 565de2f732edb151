//! The paging strategies against a fake server in memory: every record exactly once and in
//! order, with `Link` only, `X-Total-Count` only, neither, and a server that cuts pages.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use cairn_spec::operations::operation;
use serde_json::json;

use super::*;
use crate::transport::Meta;

/// What the fake server sends.
#[derive(Default)]
struct Fake {
    size: usize,
    total: bool,
    link: bool,
    /// The largest page it answers, whatever the limit.
    cap: Option<usize>,
    /// Answer every offset with the first page.
    ignore_offset: bool,
    /// The page at this offset lacks its last record (deleted after the total was counted).
    short_at: Option<usize>,
    delay: Duration,
    requests: AtomicUsize,
    in_flight: AtomicUsize,
    peak: AtomicUsize,
}

impl Fake {
    fn new(size: usize) -> Fake {
        Fake { size, ..Fake::default() }
    }

    async fn answer(&self, url: &str) -> Result<Fetched<Vec<Value>>, ClientError> {
        self.requests.fetch_add(1, Ordering::SeqCst);
        let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
        self.peak.fetch_max(now, Ordering::SeqCst);
        let _done = Leaves(&self.in_flight);
        tokio::time::sleep(self.delay).await;
        let param = |name: &str| -> usize {
            url.split(['?', '&']).find_map(|p| p.strip_prefix(&format!("{name}="))?.parse().ok()).unwrap_or(0)
        };
        let limit = param("limit").min(self.cap.unwrap_or(usize::MAX));
        let offset = if self.ignore_offset { 0 } else { param("offset") };
        let mut page: Vec<Value> =
            (offset..(offset + limit).min(self.size)).map(|i| json!({"sourcedId": format!("u{i}")})).collect();
        if self.short_at == Some(offset) {
            page.pop();
        }
        let next = offset + limit;
        let meta = Meta {
            total: self.total.then_some(self.size as u64),
            link_next: (self.link && next < self.size).then(|| format!("/users?limit={limit}&offset={next}")),
        };
        Ok(Fetched { meta, page })
    }
}

/// Counts a request out when its future ends or is dropped (aborted).
struct Leaves<'a>(&'a AtomicUsize);

impl Drop for Leaves<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

struct Outcome {
    ids: Vec<String>,
    progress: Vec<ReadProgress>,
    result: Result<u64, ClientError>,
}

async fn read(fake: Arc<Fake>, limit: usize, offset: usize, concurrency: usize, cancel: &Cancel) -> Outcome {
    let fetch: Fetch<Vec<Value>> = {
        let fake = fake.clone();
        Arc::new(move |url: String| {
            let fake = fake.clone();
            Box::pin(async move { fake.answer(&url).await }) as PageFuture<Vec<Value>>
        })
    };
    let page_url = |limit: usize, offset: usize| Ok(format!("https://x/users?limit={limit}&offset={offset}"));
    let resolve = |_: &str, link: &str| Ok(format!("https://x{link}"));
    let pager = Pager {
        operation: operation("getAllUsers").unwrap(),
        limit,
        offset,
        concurrency,
        page_url: &page_url,
        resolve: &resolve,
        fetch,
    };
    let mut ids = Vec::new();
    let mut sink = |page: Vec<Value>| {
        ids.extend(page.into_iter().map(|r| r["sourcedId"].as_str().unwrap_or_default().to_owned()));
        Ok(())
    };
    let progress = Mutex::new(Vec::new());
    let report = |p: ReadProgress| progress.lock().unwrap().push(p);
    let result = pager.run(&mut Callback(&mut sink), &report, cancel).await;
    Outcome { ids, progress: progress.into_inner().unwrap(), result }
}

fn expected(from: usize, to: usize) -> Vec<String> {
    (from..to).map(|i| format!("u{i}")).collect()
}

#[tokio::test]
async fn link_only_is_followed() {
    let fake = Arc::new(Fake { link: true, ..Fake::new(50) });
    let out = read(fake.clone(), 7, 0, 4, &Cancel::new()).await;
    assert_eq!(out.result.unwrap(), 50);
    assert_eq!(out.ids, expected(0, 50));
    assert_eq!(fake.requests.load(Ordering::SeqCst), 8);
    assert_eq!(out.progress.last(), Some(&ReadProgress { records: 50, total: None }));
}

#[tokio::test]
async fn total_only_fetches_concurrently_in_order_and_bounded() {
    let fake = Arc::new(Fake { total: true, delay: Duration::from_millis(20), ..Fake::new(100) });
    let out = read(fake.clone(), 7, 0, 3, &Cancel::new()).await;
    assert_eq!(out.result.unwrap(), 100);
    assert_eq!(out.ids, expected(0, 100));
    assert_eq!(fake.requests.load(Ordering::SeqCst), 15);
    let peak = fake.peak.load(Ordering::SeqCst);
    assert!((2..=3).contains(&peak), "peak {peak}");
    let counts: Vec<u64> = out.progress.iter().map(|p| p.records).collect();
    assert!(counts.windows(2).all(|w| w[0] < w[1]), "{counts:?}");
    assert!(out.progress.iter().all(|p| p.total == Some(100)));
}

#[tokio::test]
async fn both_headers_with_one_at_a_time_follow_the_links() {
    let fake = Arc::new(Fake { total: true, link: true, ..Fake::new(30) });
    let out = read(fake.clone(), 7, 0, 1, &Cancel::new()).await;
    assert_eq!((out.result.unwrap(), out.ids), (30, expected(0, 30)));
    assert_eq!(fake.peak.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn neither_header_pages_until_a_short_page() {
    // A short first page may be the server's page size: one more request tells.
    for (size, requests) in [(50, 8), (49, 8), (48, 7), (3, 2), (0, 1)] {
        let fake = Arc::new(Fake::new(size));
        let out = read(fake.clone(), 7, 0, 4, &Cancel::new()).await;
        assert_eq!(out.result.unwrap(), size as u64);
        assert_eq!(out.ids, expected(0, size));
        assert_eq!(fake.requests.load(Ordering::SeqCst), requests, "size {size}");
    }
}

#[tokio::test]
async fn a_starting_offset_and_a_server_that_cuts_pages() {
    let fake = Arc::new(Fake { total: true, cap: Some(5), ..Fake::new(40) });
    let out = read(fake, 7, 3, 4, &Cancel::new()).await;
    assert_eq!((out.result.unwrap(), out.ids), (37, expected(3, 40)));
    assert_eq!(out.progress.first().and_then(|p| p.total), Some(37));
    let fake = Arc::new(Fake { total: true, cap: Some(5), ..Fake::new(40) });
    let out = read(fake, 3, 0, 4, &Cancel::new()).await;
    assert_eq!((out.result.unwrap(), out.ids), (40, expected(0, 40)), "a cap above the limit changes nothing");
}

#[tokio::test]
async fn a_server_that_cuts_pages_without_headers_is_read_to_the_end() {
    let fake = Arc::new(Fake { cap: Some(5), ..Fake::new(23) });
    let out = read(fake.clone(), 7, 0, 4, &Cancel::new()).await;
    assert_eq!((out.result.unwrap(), out.ids), (23, expected(0, 23)));
    assert_eq!(fake.requests.load(Ordering::SeqCst), 5, "pages of 5, the last of 3");
}

#[tokio::test]
async fn a_page_short_of_what_the_total_implies_is_an_error_not_a_gap() {
    for concurrency in [1, 4] {
        let fake = Arc::new(Fake { total: true, short_at: Some(10), ..Fake::new(30) });
        let out = read(fake, 5, 0, concurrency, &Cancel::new()).await;
        assert!(matches!(out.result, Err(ClientError::Paging { .. })), "{:?}", out.result);
        assert!(out.ids.len() <= 10, "nothing after the short page was delivered");
    }
    let fake = Arc::new(Fake { total: true, short_at: Some(25), ..Fake::new(30) });
    let out = read(fake, 5, 0, 4, &Cancel::new()).await;
    assert!(matches!(out.result, Err(ClientError::Paging { .. })), "the last page too: {:?}", out.result);
}

#[tokio::test]
async fn a_server_ignoring_offsets_is_an_error_not_a_loop() {
    let fake = Arc::new(Fake { ignore_offset: true, ..Fake::new(20) });
    let out = read(fake, 5, 0, 4, &Cancel::new()).await;
    assert!(matches!(out.result, Err(ClientError::Paging { .. })), "{:?}", out.result.err());
    // Its whole list in one page shorter than the limit: read (the repeat handed over for the
    // sink to see), never a loop.
    let fake = Arc::new(Fake { ignore_offset: true, ..Fake::new(3) });
    let out = read(fake.clone(), 5, 0, 4, &Cancel::new()).await;
    assert_eq!(out.result.unwrap(), 6);
    assert_eq!(out.ids, [expected(0, 3), expected(0, 3)].concat());
    assert_eq!(fake.requests.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn cancellation_and_sink_errors_stop_the_read() {
    let fake = Arc::new(Fake { total: true, delay: Duration::from_millis(30), ..Fake::new(1000) });
    let cancel = Cancel::new();
    let trigger = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(100)).await;
        trigger.cancel();
    });
    let started = std::time::Instant::now();
    let out = read(fake.clone(), 10, 0, 2, &cancel).await;
    assert!(matches!(out.result, Err(ClientError::Cancelled)));
    assert!(started.elapsed() < Duration::from_secs(1));
    assert!(out.ids.len() < 1000);
    tokio::time::sleep(Duration::from_millis(80)).await;
    assert_eq!(fake.in_flight.load(Ordering::SeqCst), 0, "page requests were aborted");

    let fetch: Fetch<Vec<Value>> =
        Arc::new(|_| Box::pin(async { Err(ClientError::Cancelled) }) as PageFuture<Vec<Value>>);
    let page_url = |_: usize, _: usize| Ok(String::new());
    let resolve = |_: &str, _: &str| Ok(String::new());
    let pager = Pager {
        operation: operation("getAllUsers").unwrap(),
        limit: 1,
        offset: 0,
        concurrency: 1,
        page_url: &page_url,
        resolve: &resolve,
        fetch,
    };
    let mut sink = |_: Vec<Value>| Ok(());
    let error = pager.run(&mut Callback(&mut sink), &|_| {}, &Cancel::new()).await.unwrap_err();
    assert!(matches!(error, ClientError::Cancelled), "{error:?}");

    let fake = Arc::new(Fake { total: true, ..Fake::new(30) });
    let fetch: Fetch<Vec<Value>> = Arc::new(move |url: String| {
        let fake = fake.clone();
        Box::pin(async move { fake.answer(&url).await }) as PageFuture<Vec<Value>>
    });
    let page_url = |limit: usize, offset: usize| Ok(format!("https://x/users?limit={limit}&offset={offset}"));
    let pager = Pager {
        operation: operation("getAllUsers").unwrap(),
        limit: 7,
        offset: 0,
        concurrency: 2,
        page_url: &page_url,
        resolve: &resolve,
        fetch,
    };
    let mut pages = 0;
    let mut sink = |_: Vec<Value>| {
        pages += 1;
        if pages == 2 { Err(ClientError::Sink("disk full".into())) } else { Ok(()) }
    };
    let result = pager.run(&mut Callback(&mut sink), &|_| {}, &Cancel::new()).await;
    assert_eq!(result.unwrap_err().to_string(), "storing a page failed: disk full");
}

#[test]
fn link_offsets() {
    assert_eq!(link_offset("/users?filter=a%3D1&limit=7&offset=14"), Some(14));
    assert_eq!(link_offset("https://x/users?offset=3#frag"), Some(3));
    assert_eq!(link_offset("https://x/users?cursor=abc"), None);
}
