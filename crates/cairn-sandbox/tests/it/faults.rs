//! `--rate-limit` and `--chaos`: 429 with Retry-After beyond the limit, and a deterministic
//! sequence of injected faults.

use cairn_sandbox::http::ServeOptions;

use crate::harness::{Harness, Options};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn beyond_the_rate_limit_is_server_busy_with_retry_after() {
    let serve = ServeOptions { rate_limit: Some(3), ..ServeOptions::default() };
    let h = Harness::start_with(Options { serve, ..Options::default() }).await;
    let t = h.admin().await;
    let mut statuses = Vec::new();
    for _ in 0..5 {
        statuses.push(h.get(&t, "getAllOrgs", &[], "").await);
    }
    assert_eq!(statuses.iter().filter(|r| r.status == 200).count(), 3, "a burst of three");
    let busy = statuses.iter().find(|r| r.status == 429).unwrap();
    assert_eq!(busy.code_minor(), "server_busy");
    assert_eq!(busy.header("retry-after"), Some("1"));
    h.stop().await;
}

async fn fault_sequence(seed: u64) -> Vec<String> {
    let serve = ServeOptions { chaos: Some(seed), ..ServeOptions::default() };
    let h = Harness::start_with(Options { serve, ..Options::default() }).await;
    let t = h.admin().await;
    let mut seen = Vec::new();
    for _ in 0..40 {
        let r = h.get(&t, "getAllOrgs", &[], "").await;
        seen.push(match (r.status, r.body.is_string()) {
            (200, true) => "truncated".to_owned(),
            (status, _) => status.to_string(),
        });
    }
    h.stop().await;
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chaos_is_deterministic_per_seed() {
    let a = fault_sequence(42).await;
    let b = fault_sequence(42).await;
    assert_eq!(a, b);
    for kind in ["200", "429", "500", "truncated"] {
        assert!(a.iter().any(|s| s == kind), "{kind} in {a:?}");
    }
}
