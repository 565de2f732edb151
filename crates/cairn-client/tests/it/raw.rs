//! Collections read as text over real HTTPS (`collect_raw_pages`): the same records in the
//! same order as reading values, by links or concurrently, under injected faults; a full
//! channel holds the read back; a closed one or a cancellation ends it.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cairn_client::{Cancel, Client, ClientError, RawPage, ReadProgress};
use cairn_query::Query;
use cairn_sandbox::http::ServeOptions;
use serde_json::Value;
use tokio::sync::mpsc;

use crate::harness::{Harness, Options, op, read_all};

/// Every record of a collection read as text, each parsed back, and the count returned.
async fn read_raw(client: &Client, name: &str, query: &Query) -> (Vec<Value>, u64) {
    let (sender, mut receiver) = mpsc::channel::<RawPage>(2);
    let collect = tokio::spawn(async move {
        let mut records = Vec::new();
        while let Some(page) = receiver.recv().await {
            records.extend(page.records().map(|text| serde_json::from_str::<Value>(text).unwrap()));
        }
        records
    });
    let count =
        client.collect_raw_pages(op(name), &[], query, &sender, &cairn_client::no_progress, &Cancel::new()).await;
    drop(sender);
    (collect.await.unwrap(), count.unwrap_or_else(|e| panic!("{name}: {e}")))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn text_pages_hold_the_records_values_hold_in_order() {
    let h = Harness::start().await;
    let seven = Query::from_params([("limit", "7")]).unwrap();
    for name in ["getAllUsers", "getAllResults", "getAllCFDocuments"] {
        let reference = read_all(&h.client(), name, &[], &seven).await;
        assert!(!reference.is_empty());
        let (concurrent, count) = read_raw(&h.client(), name, &seven).await;
        assert_eq!((count as usize, &concurrent), (reference.len(), &reference), "{name}");
        let mut config = h.config();
        config.concurrency = 1;
        let (by_links, _) = read_raw(&Client::new(config).unwrap(), name, &seven).await;
        assert_eq!(by_links, reference, "{name} by links");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_read_under_chaos_equals_a_clean_one() {
    let clean = Harness::start().await;
    let page = Query::from_params([("limit", "50")]).unwrap();
    let expected = read_all(&clean.client(), "getAllEnrollments", &[], &page).await;
    clean.stop().await;
    let serve = ServeOptions { chaos: Some(11), ..ServeOptions::default() };
    let chaotic = Harness::start_with(Options { serve, ..Options::default() }).await;
    let client = chaotic.client();
    let (got, _) = read_raw(&client, "getAllEnrollments", &page).await;
    assert_eq!(got, expected);
    assert!(client.stats().retries > 0, "faults were met: {:?}", client.stats());
    chaotic.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_channel_holds_the_read_back_and_a_closed_one_ends_it() {
    let h = Harness::start().await;
    let client = h.client();
    let ten = Query::from_params([("limit", "10")]).unwrap();
    let (sender, mut receiver) = mpsc::channel::<RawPage>(1);
    let taken = AtomicU64::new(0);
    let ahead = Mutex::new(0u64);
    let progress = |p: ReadProgress| {
        let mut ahead = ahead.lock().unwrap();
        *ahead = (*ahead).max(p.records - taken.load(Ordering::SeqCst));
    };
    let cancel = Cancel::new();
    let read = client.collect_raw_pages(op("getAllUsers"), &[], &ten, &sender, &progress, &cancel);
    let consume = async {
        while let Some(page) = receiver.recv().await {
            tokio::time::sleep(Duration::from_millis(5)).await;
            taken.fetch_add(page.len() as u64, Ordering::SeqCst);
            if taken.load(Ordering::SeqCst) >= 200 {
                break;
            }
        }
        drop(receiver);
    };
    let (result, ()) = tokio::join!(read, consume);
    let error = result.unwrap_err();
    assert!(matches!(error, ClientError::Sink(_)), "{error}");
    // Handed over but not yet taken: the page in the channel and the one being received.
    assert!(*ahead.lock().unwrap() <= 20, "{} records ran ahead of the consumer", ahead.lock().unwrap());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cancelling_a_read_waiting_on_a_full_channel_stops_it() {
    let h = Harness::start().await;
    let client = h.client();
    let (sender, _receiver) = mpsc::channel::<RawPage>(1);
    let cancel = Cancel::new();
    let trigger = cancel.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        trigger.cancel();
    });
    let started = Instant::now();
    let ten = Query::from_params([("limit", "10")]).unwrap();
    let result = client.collect_raw_pages(op("getAllUsers"), &[], &ten, &sender, &|_| {}, &cancel).await;
    assert!(matches!(result, Err(ClientError::Cancelled)), "{result:?}");
    assert!(started.elapsed() < Duration::from_secs(5));
    h.stop().await;
}
