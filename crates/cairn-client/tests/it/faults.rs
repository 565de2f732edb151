//! Retries against the sandbox's injected faults: a full read under `--chaos` equals a clean
//! one, `Retry-After` is honoured under `--rate-limit`, a POST is not repeated after a 500.

use std::time::{Duration, Instant};

use cairn_client::{Client, ClientError, RetryPolicy};
use cairn_query::Query;
use cairn_sandbox::http::{Chaos, Fault, ServeOptions};
use cairn_spec::CodeMinor;
use cairn_spec::gradebook::{LineItemSet, SingleCategory};
use serde_json::{Value, json};

use crate::harness::{Harness, Options, read_all};

/// Every collection read whole, and every framework package.
async fn everything(client: &Client) -> Vec<(String, Vec<Value>)> {
    let mut out = Vec::new();
    let page = Query::from_params([("limit", "100")]).unwrap();
    for name in [
        "getAllOrgs",
        "getAllAcademicSessions",
        "getAllCourses",
        "getAllClasses",
        "getAllUsers",
        "getAllEnrollments",
        "getAllDemographics",
        "getAllCategories",
        "getAllScoreScales",
        "getAllLineItems",
        "getAllResults",
        "getAllAssessmentLineItems",
        "getAllAssessmentResults",
        "getAllResources",
        "getAllCFDocuments",
    ] {
        out.push((name.to_owned(), read_all(client, name, &[], &page).await));
    }
    let documents: Vec<String> = out
        .iter()
        .find(|(n, _)| n == "getAllCFDocuments")
        .map(|(_, d)| d.iter().filter_map(|d| d["identifier"].as_str().map(str::to_owned)).collect())
        .unwrap_or_default();
    for document in documents {
        let package = client.get_cf_package(&document).await.unwrap_or_else(|e| panic!("{document}: {e}"));
        out.push((format!("getCFPackage {document}"), vec![cairn_spec::Wire::to_json(&package)]));
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_read_under_chaos_equals_a_clean_one() {
    let clean = Harness::start().await;
    let expected = everything(&clean.client()).await;
    clean.stop().await;
    assert!(expected.iter().map(|(_, r)| r.len()).sum::<usize>() > 5000);

    let serve = ServeOptions { chaos: Some(42), ..ServeOptions::default() };
    let chaotic = Harness::start_with(Options { serve, ..Options::default() }).await;
    let client = chaotic.client();
    let got = everything(&client).await;
    for ((name, want), (_, have)) in expected.iter().zip(&got) {
        assert!(want == have, "{name}: {} records instead of {}", have.len(), want.len());
    }
    assert_eq!(got.len(), expected.len());
    assert!(client.stats().retries >= 5, "{:?}", client.stats());
    chaotic.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn retry_after_is_honoured_under_a_rate_limit() {
    let serve = ServeOptions { rate_limit: Some(2), ..ServeOptions::default() };
    let h = Harness::start_with(Options { serve, ..Options::default() }).await;
    let client = h.client();
    let started = Instant::now();
    for _ in 0..5 {
        client.get_all_orgs(&Query::default()).await.unwrap();
    }
    let stats = client.stats();
    assert!(stats.retries >= 1, "{stats:?}");
    // Each 429 said Retry-After: 1, and each retry waited at least that long.
    assert!(started.elapsed() >= Duration::from_secs(stats.retries), "{:?} for {stats:?}", started.elapsed());

    // A Retry-After beyond the policy's cap ends the retries with the server's answer.
    let mut config = h.config();
    config.retry =
        RetryPolicy { max_attempts: 5, base_delay: Duration::from_millis(10), max_delay: Duration::from_millis(300) };
    let impatient = Client::new(config).unwrap();
    let mut outcome = Ok(());
    for _ in 0..5 {
        if let Err(e) = impatient.get_all_orgs(&Query::default()).await {
            outcome = Err(e);
            break;
        }
    }
    let error = outcome.unwrap_err();
    match &error {
        ClientError::Status { status: 429, retry_after: Some(wait), info: Some(info), .. } => {
            assert_eq!((*wait, info.code()), (Duration::from_secs(1), Some(CodeMinor::ServerBusy)));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(impatient.stats().retries, 0);
    h.stop().await;
}

/// A chaos seed whose first service request gets a 500.
fn seed_with_first_fault_internal() -> u64 {
    (0..10_000).find(|&seed| Chaos::new(seed).next() == Some(Fault::Internal)).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_is_not_repeated_after_a_500_but_a_put_is() {
    let seed = seed_with_first_fault_internal();
    let serve = ServeOptions { chaos: Some(seed), ..ServeOptions::default() };
    let h = Harness::start_with(Options { serve: serve.clone(), ..Options::default() }).await;
    let client = h.client();
    let item = json!({"sourcedId": "p1", "status": "active", "dateLastModified": "2025-09-01T08:00:00Z",
        "title": "Lab", "assignDate": "2025-10-01T00:00:00Z", "dueDate": "2025-10-08T00:00:00Z",
        "category": {"href": "https://x/categories/c", "sourcedId": "c", "type": "category"}});
    let body: LineItemSet = cairn_spec::read(json!({"lineItems": [item]}), "x").unwrap().value;
    let error = client.post_line_items_for_class("any-class", &body).await.unwrap_err();
    assert_eq!((error.status(), error.code_minor()), (Some(500), Some(CodeMinor::InternalServerError)), "{error}");
    let stats = client.stats();
    assert_eq!((stats.requests, stats.retries), (1, 0));
    h.stop().await;

    let h = Harness::start_with(Options { serve, ..Options::default() }).await;
    let client = h.client();
    let category: SingleCategory = cairn_spec::read(
        json!({"category": {"sourcedId": "k1", "status": "active", "dateLastModified": "2025-09-01T08:00:00Z", "title": "Quizzes"}}),
        "x",
    )
    .unwrap()
    .value;
    client.put_category("k1", &category).await.unwrap();
    assert!(client.stats().retries >= 1);
    h.stop().await;
}
