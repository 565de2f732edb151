//! Sync over the wire as a remote provider serves it: compressed or not (the same cached
//! bytes), HTTP/2 or HTTP/1.1, pages cut by the server, and a storm of 429s that shrinks the
//! client's window while the sync still completes.

use cairn_client::{Client, ClientConfig};
use cairn_sandbox::http::ServeOptions;
use cairn_spec::Dialect;

use crate::harness::{Harness, counts, digest, run, server_totals};

/// The harness's client with `edit` applied to its configuration.
fn client_with(h: &Harness, edit: impl FnOnce(&mut ClientConfig)) -> Client {
    let mut config = ClientConfig::new(&h.base_url, "cairn", crate::harness::SECRET);
    config.dialect = h.dialect.clone();
    config.ca_cert_pem = h.ca_pem.clone();
    config.retry = cairn_client::RetryPolicy {
        max_attempts: 10,
        base_delay: std::time::Duration::from_millis(20),
        max_delay: std::time::Duration::from_secs(2),
    };
    edit(&mut config);
    Client::new(config).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compressed_and_plain_answers_cache_the_same_bytes_over_http2() {
    let h = Harness::start(Dialect::spec(), None).await;
    let (compressed, plain) = (h.db("compressed.sqlite"), h.db("plain.sqlite"));
    let zipped = h.client();
    assert!(run(&zipped, &compressed, &h.options(false)).await.is_complete());
    let unzipped = client_with(&h, |c| c.compression = false);
    assert!(run(&unzipped, &plain, &h.options(false)).await.is_complete());
    assert_eq!(digest(&compressed), digest(&plain), "every cached record byte for byte");
    let stats = zipped.stats();
    assert!(stats.http2_answers > 0 && stats.http1_answers == 0, "HTTP/2 when offered: {stats:?}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_http2_or_compression_syncs_over_http1() {
    let serve = ServeOptions { http2: false, compression: false, ..ServeOptions::default() };
    let h = Harness::start_with(Dialect::spec(), serve).await;
    let client = h.client();
    let db = h.db("cache.sqlite");
    assert!(run(&client, &db, &h.options(false)).await.is_complete());
    let stats = client.stats();
    assert!(stats.http1_answers > 0 && stats.http2_answers == 0, "{stats:?}");
    let totals = server_totals(&client).await;
    for (collection, n) in counts(&db) {
        if let Some(total) = totals.get(&collection) {
            assert_eq!(n, *total, "{}", collection.name());
        }
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_cut_by_the_server_are_followed_at_its_size_to_the_end() {
    let serve = ServeOptions { max_page_size: Some(70), ..ServeOptions::default() };
    let h = Harness::start_with(Dialect::spec(), serve).await;
    let client = h.client();
    let db = h.db("cache.sqlite");
    // Pages of 1000 asked for, 70 served: never taken for the end of a collection.
    let report = run(&client, &db, &h.options(false)).await;
    assert!(report.is_complete(), "{report:#?}");
    let totals = server_totals(&client).await;
    let cached = counts(&db);
    let mut compared = 0;
    for (collection, total) in totals {
        if total > 70
            && let Some(n) = cached.get(&collection)
        {
            assert_eq!(*n, total, "{}", collection.name());
            compared += 1;
        }
    }
    assert!(compared >= 3, "collections longer than a page: {compared}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_429s_shrinks_the_window_and_the_sync_completes() {
    // 20 requests a second per client (on the sandbox's clock), then 429 with Retry-After.
    let serve = ServeOptions { rate_limit: Some(20), ..ServeOptions::default() };
    let h = Harness::start_with(Dialect::spec(), serve).await;
    // The sandbox's clock is the test's: it moves a second every 500 ms, so the limit refills
    // at 40 requests a second of real time, far fewer than the client sends on loopback.
    let clock = h.clock.clone();
    let ticking = tokio::spawn(async move {
        loop {
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
            clock.advance(std::time::Duration::from_secs(1));
        }
    });
    let client = client_with(&h, |c| c.retry.max_attempts = 30);
    let db = h.db("cache.sqlite");
    let options = cairn_sync::SyncOptions { page_size: 50, ..h.options(false) };
    let report = run(&client, &db, &options).await;
    assert!(report.is_complete(), "{report:#?}");
    let stats = client.stats();
    assert!(stats.retries > 0, "the server refused some: {stats:?}");
    assert!(stats.window_shrinks > 0, "the window shrank (and climbed back after): {stats:?}");
    assert!(stats.peak_in_flight <= stats.largest_window, "{stats:?}");
    ticking.abort();
    h.stop().await;
}
