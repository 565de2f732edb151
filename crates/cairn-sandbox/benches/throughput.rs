//! Sandbox benchmark over real HTTPS on loopback: single-record GET throughput and the latency
//! of a filtered, sorted page over the users, at a demo scale (`CAIRN_BENCH_SCALE`, default
//! `state`). Prints a table; targets: ≥ 5,000 GETs/s on 2 cores, p95 page ≤ 20 ms.
//!
//! `cargo bench -p cairn-sandbox --bench throughput` (release build).
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

use std::sync::Arc;
use std::time::{Duration, Instant};

use cairn_sandbox::auth::{SystemClock, SystemEntropy};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::{Collection, Dialect};
use serde_json::Value;

const GETS: usize = 20_000;
const CONCURRENCY: usize = 8;
const PAGES: usize = 200;
/// The `familyName` substrings of the distinct queries whose first pages are timed (every other
/// one sorted descending): nothing about them is remembered before they are asked.
const COLD: [&str; 60] = [
    "an", "er", "el", "ar", "on", "in", "ez", "ri", "la", "ch", "ou", "ng", "is", "ra", "li", "to", "ma", "ss", "ha",
    "es", "en", "or", "al", "le", "re", "ne", "ro", "ta", "na", "st", "ll", "te", "ka", "ni", "de", "mi", "ia", "ti",
    "ur", "ol", "ad", "ey", "ck", "am", "ho", "ba", "sa", "go", "ki", "ya", "be", "wa", "da", "co", "ge", "pe", "ze",
    "hu", "ju", "vo",
];

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let scale: Scale = std::env::var("CAIRN_BENCH_SCALE").unwrap_or_else(|_| "state".into()).parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
    let base = bound.base_url.clone();
    let sandbox = Sandbox::new(SandboxConfig {
        dialect: Dialect::spec(),
        base_url: base.clone(),
        scope_base: DEFAULT_SCOPE_BASE.into(),
        clients: vec!["bench:bench".parse().unwrap()],
        token_lifetime: Duration::from_secs(3600),
        db: None,
        clock: Arc::new(SystemClock),
        entropy: Arc::new(SystemEntropy),
    })
    .unwrap();
    let started = Instant::now();
    let mut users = Vec::new();
    let mut batch = Vec::new();
    let options = DemoOptions::new(scale, base.clone());
    generate(&options, &mut |collection, record: Value| {
        if collection == Collection::Users {
            users.push(record["sourcedId"].as_str().unwrap_or_default().to_owned());
        }
        batch.push((collection, record));
        if batch.len() >= 50_000 {
            sandbox.write(std::mem::take(&mut batch)).unwrap();
        }
    });
    sandbox.write(batch).unwrap();
    eprintln!("loaded {} users in {:.1} s", users.len(), started.elapsed().as_secs_f64());
    let running = serve(bound, sandbox, ServeOptions::default());
    let ca = std::fs::read(dir.path().read_dir().unwrap().next().unwrap().unwrap().path()).unwrap();
    let http =
        reqwest::Client::builder().tls_certs_only([reqwest::Certificate::from_pem(&ca).unwrap()]).build().unwrap();
    let token: Value = http
        .post(format!("{base}/token"))
        .basic_auth("bench", Some("bench"))
        .body("grant_type=client_credentials&scope=roster.readonly")
        .header("Content-Type", "application/x-www-form-urlencoded")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = Arc::new(token["access_token"].as_str().unwrap().to_owned());
    let users = Arc::new(users);

    // Single-record GETs, CONCURRENCY at a time over kept-alive connections.
    let started = Instant::now();
    let mut tasks = Vec::new();
    for worker in 0..CONCURRENCY {
        let (http, token, users, base) = (http.clone(), token.clone(), users.clone(), base.clone());
        tasks.push(tokio::spawn(async move {
            for i in (worker..GETS).step_by(CONCURRENCY) {
                let id = &users[(i * 7919) % users.len()];
                let r = http
                    .get(format!("{base}/api/roster/rostering/v1p2/users/{id}"))
                    .bearer_auth(&*token)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(r.status(), 200);
                r.bytes().await.unwrap();
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
    let gets_per_second = GETS as f64 / started.elapsed().as_secs_f64();

    // Filtered, sorted pages, one request at a time: first pages of distinct queries (nothing
    // remembered), then paging through one query (its answer remembered after the first page).
    let page = |filter: String, order: &'static str, offset: usize| {
        let (http, token, base) = (http.clone(), token.clone(), base.clone());
        async move {
            let query = format!("filter={filter}&sort=familyName&orderBy={order}&limit=50&offset={offset}");
            let t = Instant::now();
            let r = http
                .get(format!("{base}/api/roster/rostering/v1p2/users?{query}"))
                .bearer_auth(&*token)
                .send()
                .await
                .unwrap();
            let total: usize = r.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
            r.bytes().await.unwrap();
            (t.elapsed(), total)
        }
    };
    let filter = |letters: &str| format!("roles.role%3D%27student%27%20AND%20familyName~%27{letters}%27");
    // The very first query on these fields builds their columns.
    let (first, _) = page(filter("zz"), "asc", 0).await;
    let mut cold = Vec::new();
    let mut matching = 0;
    for (i, letters) in COLD.iter().enumerate() {
        let (elapsed, total) = page(filter(letters), if i % 2 == 0 { "asc" } else { "desc" }, 0).await;
        cold.push(elapsed);
        matching += total;
    }
    let mut warm = Vec::new();
    let (_, total) = page(filter("a"), "asc", 0).await;
    for i in 0..PAGES {
        warm.push(page(filter("a"), "asc", (i * 50) % total.max(1)).await.0);
    }
    let pct = |latencies: &mut Vec<Duration>, p: f64| {
        latencies.sort();
        latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)].as_secs_f64() * 1000.0
    };

    println!("| measure ({} users) | value | target |", users.len());
    println!("|---|---|---|");
    println!("| single-record GET throughput ({CONCURRENCY} connections) | {gets_per_second:.0} /s | ≥ 5,000 /s |");
    println!(
        "| first query ever on roles.role and familyName (builds their columns) | {:.1} ms | |",
        first.as_secs_f64() * 1000.0
    );
    println!(
        "| first page of a new filtered sorted query ({} queries), p50 ({} matches on average) | {:.1} ms | |",
        cold.len(),
        matching / cold.len(),
        pct(&mut cold, 0.50)
    );
    println!("| first page of a new filtered sorted query, p95 | {:.1} ms | ≤ 20 ms |", pct(&mut cold, 0.95));
    println!("| paging through a filtered sorted query ({total} matches), p50 | {:.1} ms | |", pct(&mut warm, 0.50));
    println!("| paging through a filtered sorted query, p95 | {:.1} ms | ≤ 20 ms |", pct(&mut warm, 0.95));
    running.shutdown().await;
}
