//! The outbox under trouble: a server failure mid-batch, a kill between storing and sending,
//! a 401 and a 429 mid-batch, a refusal with its status object.

use std::sync::Arc;
use std::time::Duration;

use cairn_explorer::app::{RecordState, SendOptions, WriteFailure, kind_named, send_outbox, stage_put};
use cairn_sandbox::http::Fault;
use cairn_spec::Collection;
use cairn_store::cache::CacheHandle;
use cairn_store::cache::outbox::{self, WriteState};
use serde_json::{Value, json};

use super::harness::{CONNECTION, Harness};

/// A staged score change: the write's number, the result and the score sent.
struct Staged {
    write: i64,
    result: String,
    score: f64,
}

fn connection_id(cache: &CacheHandle) -> i64 {
    cache.read_blocking(|conn| cairn_store::cache::find_connection(conn, CONNECTION)).unwrap().unwrap()
}

/// PUTs of `n` of the class's results with a new score each (within the line item's limits).
fn stage_scores(h: &Harness, cache: &CacheHandle, n: usize) -> Vec<Staged> {
    let book = h.class();
    let cid = connection_id(cache);
    let kind = kind_named("results").unwrap();
    let mut staged = Vec::new();
    for (i, cell) in book.cells.iter().filter(|c| c.state == RecordState::Server).take(n).enumerate() {
        let item = book.line_items.iter().find(|l| l.id == cell.line_item).unwrap();
        let max = item.max.unwrap_or(10.0);
        let score = (max - 1.0 - i as f64 * 0.5).max(item.min.unwrap_or(0.0));
        let mut record = h.cached(Collection::Results, &cell.result_id).unwrap();
        record["score"] = json!(score);
        record["scoreStatus"] = json!("fully graded");
        let write = cache
            .write_blocking(|tx| stage_put(tx, cid, kind, &record, &format!("score {i}"), "2026-01-01T00:00:00Z"))
            .unwrap();
        staged.push(Staged { write, result: cell.result_id.clone(), score });
    }
    assert_eq!(staged.len(), n, "the class has {n} results");
    staged
}

fn entry(cache: &CacheHandle, id: i64) -> outbox::OutboxEntry {
    cache.read_blocking(|conn| outbox::get(conn, id)).unwrap().unwrap()
}

async fn send(h: &Harness, cache: &CacheHandle) -> cairn_explorer::app::SendReport {
    send_outbox(&h.client(), cache, CONNECTION, h.clock.clone(), SendOptions::default()).await.unwrap()
}

async fn server_score(h: &Harness, result: &str) -> Option<f64> {
    h.server("getResult", result, "result").await?.get("score")?.as_f64()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_failure_mid_batch_leaves_that_write_pending_and_sends_the_others_once() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let cache = h.cache();
    let staged = stage_scores(&h, &cache, 6);
    let broken = staged[2].result.clone();
    let path = format!("/results/{broken}");
    h.set_faults(move |method, p, _| (method == "PUT" && p.ends_with(&path)).then_some(Fault::Internal));
    let report = send(&h, &cache).await;
    assert_eq!((report.sent, report.pending, report.failed, report.offline), (5, 1, 0, false));
    assert_eq!(report.pending_ids, vec![staged[2].write]);
    let failed = entry(&cache, staged[2].write);
    assert_eq!(failed.state, WriteState::Pending);
    let error: WriteFailure = serde_json::from_str(failed.error.as_deref().unwrap()).unwrap();
    assert_eq!(error.failure.http_status, Some(500));
    let status = error.failure.status.expect("the server's status object is kept");
    assert_eq!((status.code_major.as_str(), status.code_minor.as_deref()), ("failure", Some("internal_server_error")));
    assert_eq!(h.count("PUT", &format!("/results/{broken}")), 3, "a PUT is retried by the client (3 attempts)");
    for s in staged.iter().filter(|s| s.result != broken) {
        assert_eq!(h.count("PUT", &format!("/results/{}", s.result)), 1, "sent exactly once");
        assert_eq!(entry(&cache, s.write).state, WriteState::Sent);
        assert_eq!(server_score(&h, &s.result).await, Some(s.score));
        let cached = h.cached(Collection::Results, &s.result).unwrap();
        assert_eq!(cached["score"].as_f64(), Some(s.score), "the cache holds what the server read back");
        assert_eq!(cached["dateLastModified"], "2026-01-01T00:00:00.000Z", "the server's own stamp");
    }
    // The server is back: only the pending write goes out.
    h.clear_faults();
    let again = send(&h, &cache).await;
    assert_eq!((again.sent, again.pending, again.sent_ids.clone()), (1, 0, vec![staged[2].write]));
    for s in &staged {
        let expected = if s.result == broken { 4 } else { 1 };
        assert_eq!(h.count("PUT", &format!("/results/{}", s.result)), expected);
    }
    assert_eq!(server_score(&h, &broken).await, Some(staged[2].score));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_between_storing_and_sending_leaves_the_writes_in_the_outbox() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let staged = {
        let cache = h.cache();
        let staged = stage_scores(&h, &cache, 3);
        // The app is killed while the second write is on the wire.
        cache.write_blocking(|tx| outbox::mark_sending(tx, staged[1].write, "2026-01-01T00:00:01Z")).unwrap();
        staged
    };
    let cache = h.cache();
    let cid = connection_id(&cache);
    let found = cache.read_blocking(|conn| outbox::list(conn, cid, &[])).unwrap();
    let states: Vec<WriteState> = found.iter().map(|e| e.state).collect();
    assert_eq!(states, [WriteState::Pending, WriteState::Sending, WriteState::Pending]);
    assert_eq!(cache.read_blocking(outbox::unsent_counts).unwrap(), vec![(CONNECTION.to_owned(), 3)]);
    let report = send(&h, &cache).await;
    assert_eq!(report.sent, 3);
    for s in &staged {
        assert_eq!(h.count("PUT", &format!("/results/{}", s.result)), 1);
        assert_eq!(server_score(&h, &s.result).await, Some(s.score));
        assert_eq!(entry(&cache, s.write).state, WriteState::Sent);
    }
    assert_eq!(entry(&cache, staged[1].write).attempts, 2, "the attempt cut short is counted");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_401_mid_batch_refreshes_the_token_and_sends_nothing_twice() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let cache = h.cache();
    let staged = stage_scores(&h, &cache, 5);
    let (clock, path) = (h.clock.clone(), format!("/results/{}", staged[2].result));
    // The third write finds the token expired on the server's clock.
    h.set_faults(move |method, p, before| {
        if method == "PUT" && p.ends_with(&path) && before == 0 {
            clock.advance(Duration::from_secs(2 * 3600));
        }
        None
    });
    // One at a time, so that exactly that write meets the 401.
    let one = SendOptions { concurrency: 1 };
    let report = send_outbox(&h.client(), &cache, CONNECTION, h.clock.clone(), one).await.unwrap();
    assert_eq!((report.sent, report.pending, report.failed), (5, 0, 0));
    for (i, s) in staged.iter().enumerate() {
        let expected = if i == 2 { 2 } else { 1 };
        assert_eq!(h.count("PUT", &format!("/results/{}", s.result)), expected, "write {i}");
        assert_eq!(server_score(&h, &s.result).await, Some(s.score));
        assert_eq!(entry(&cache, s.write).attempts, 1, "one attempt: the 401 was answered before acting");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_429_is_waited_out_for_its_retry_after_then_sent_once() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let cache = h.cache();
    let staged = stage_scores(&h, &cache, 3);
    let path = format!("/results/{}", staged[1].result);
    h.set_faults(move |method, p, before| {
        (method == "PUT" && p.ends_with(&path) && before == 0).then_some(Fault::Busy)
    });
    let started = std::time::Instant::now();
    let report = send(&h, &cache).await;
    assert!(started.elapsed() >= Duration::from_millis(900), "Retry-After: 1 was honoured");
    assert_eq!((report.sent, report.pending), (3, 0));
    for (i, s) in staged.iter().enumerate() {
        assert_eq!(h.count("PUT", &format!("/results/{}", s.result)), if i == 1 { 2 } else { 1 });
        assert_eq!(server_score(&h, &s.result).await, Some(s.score));
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_write_fails_with_the_servers_status_object_and_goes_after_an_edit() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let cache = h.cache();
    let cid = connection_id(&cache);
    let staged = stage_scores(&h, &cache, 1);
    let record = h.cached(Collection::Results, &staged[0].result).unwrap();
    let mut bad = record.clone();
    bad["lineItem"] =
        json!({"href": "https://x.example/lineItems/none", "sourcedId": "no-such-line-item", "type": "lineItem"});
    let kind = kind_named("results").unwrap();
    // A second edit of a record not yet sent replaces the first.
    let same = cache.write_blocking(|tx| stage_put(tx, cid, kind, &bad, "bad", "t")).unwrap();
    assert_eq!(same, staged[0].write);
    let report = send(&h, &cache).await;
    assert_eq!((report.sent, report.failed), (0, 1));
    let failed = entry(&cache, staged[0].write);
    assert_eq!(failed.state, WriteState::Failed);
    let error: WriteFailure = serde_json::from_str(failed.error.as_deref().unwrap()).unwrap();
    assert_eq!(error.failure.http_status, Some(422));
    let description = error.failure.status.unwrap().description.unwrap_or_default();
    assert!(description.contains("no-such-line-item"), "{description}");
    assert_eq!(send(&h, &cache).await.sent, 0, "a failed write is not sent again by itself");
    let body = json!({"result": record}).to_string();
    assert!(cache.write_blocking(|tx| outbox::retry(tx, staged[0].write, "t", Some(&body))).unwrap());
    assert_eq!(send(&h, &cache).await.sent, 1);
    assert_eq!(entry(&cache, staged[0].write).state, WriteState::Sent);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_server_leaves_every_write_pending() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let cache = h.cache();
    let staged = stage_scores(&h, &cache, 3);
    let client = h.client();
    h.stop().await;
    let report =
        send_outbox(&client, &cache, CONNECTION, Arc::new(std::time::SystemTime::now), SendOptions { concurrency: 1 })
            .await
            .unwrap();
    assert!(report.offline);
    assert_eq!((report.sent, report.pending), (0, 3));
    for s in &staged {
        let e = entry(&cache, s.write);
        assert_eq!(e.state, WriteState::Pending);
        assert!(e.attempts <= 1);
    }
    let first = entry(&cache, staged[0].write);
    let error: Value = serde_json::from_str(first.error.as_deref().unwrap()).unwrap();
    assert_eq!(error["failure"]["code"], "offline");
}
