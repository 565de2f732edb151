//! Sync benchmark over real HTTPS on loopback: a full sync of the district-scale demo
//! (`CAIRN_BENCH_SCALE`, default `district`) into a new cache, beside the physical limit — the
//! same collections fetched with nothing done to the records. Prints records per second and the
//! memory the sync added at its peak (VmHWM after minus VmRSS before, the sandbox sharing the
//! process). Targets: ≥ 50,000 records/s and ≤ 300 MB.
//!
//! `cargo bench -p cairn-explorer --bench sync`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

use std::sync::Arc;
use std::time::{Duration, Instant};

use cairn_client::{Cancel, Client, ClientConfig};
use cairn_explorer::sync::{SyncOptions, sync};
use cairn_query::Query;
use cairn_sandbox::auth::{SystemClock, SystemEntropy};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::operations::OPERATIONS;
use cairn_spec::{Collection, Dialect, Service};

fn memory_kb(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let scale: Scale = std::env::var("CAIRN_BENCH_SCALE").unwrap_or_else(|_| "district".into()).parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
    let base = bound.base_url.clone();
    let ca = std::fs::read(bound.ca_cert.clone().unwrap()).unwrap();
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
    let mut batch = Vec::new();
    generate(&DemoOptions::new(scale, base.clone()), &mut |c, v| {
        batch.push((c, v));
        if batch.len() >= 50_000 {
            sandbox.write(std::mem::take(&mut batch)).unwrap();
        }
    });
    sandbox.write(batch).unwrap();
    let running = serve(bound, sandbox, ServeOptions::default());
    let mut config = ClientConfig::new(base.clone(), "bench", "bench");
    config.ca_cert_pem = Some(ca);
    let client = Client::new(config).unwrap();
    let cancel = Cancel::new();
    let options = SyncOptions { page_size: 1000, incremental: false, ..SyncOptions::default() };

    // The physical limit: every OneRoster collection fetched, records dropped.
    let started = Instant::now();
    let mut fetched = 0u64;
    for collection in Collection::ALL.into_iter().filter(|c| c.service() != Service::Competency) {
        let op = OPERATIONS.iter().find(|o| o.name == format!("getAll{}", upper_first(collection.name()))).unwrap();
        let query = Query { paging: cairn_query::Paging::new(1000, 0).unwrap(), ..Query::default() };
        fetched += client.collect_pages(op, &[], &query, &mut |_| Ok(()), &|_| {}, &cancel).await.unwrap();
    }
    let fetch_seconds = started.elapsed().as_secs_f64();

    let before = memory_kb("VmRSS:");
    let cache_path = dir.path().join("cache.sqlite");
    let started = Instant::now();
    let report = sync(&client, &cache_path, "bench", &options, &|_| {}, &cancel).await.unwrap();
    let sync_seconds = started.elapsed().as_secs_f64();
    let peak = memory_kb("VmHWM:");
    let synced: u64 = report.collections.iter().map(|c| c.records).sum();
    assert!(report.is_complete(), "{report:?}");

    println!("| measure ({synced} records, scale {scale}) | value | target |");
    println!("|---|---|---|");
    println!(
        "| fetch only, OneRoster collections ({fetched} records) | {:.0} records/s | |",
        fetched as f64 / fetch_seconds
    );
    println!(
        "| full sync into a new cache | {:.0} records/s ({sync_seconds:.1} s) | ≥ 50,000 records/s |",
        synced as f64 / sync_seconds
    );
    println!("| memory the sync added at its peak | {} MB | ≤ 300 MB |", peak.saturating_sub(before) / 1024);
    running.shutdown().await;
}

fn upper_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
