//! Sync benchmark over a remote provider's link: the sandbox serves the district-scale demo
//! (`CAIRN_BENCH_SCALE`, default `district`) through `--net-delay 40 --net-rate 50` (each
//! request 40 ms late, answers sharing 50 Mbit/s; `CAIRN_BENCH_DELAY_MS`, `CAIRN_BENCH_MBIT`),
//! over real HTTPS. Measured, beside each other:
//!
//! - a full default sync (Cairn's defaults: compression, HTTP/2, the adaptive window, pages of
//!   1000 or `CAIRN_BENCH_PAGE`, collections side by side) into a new cache, `CAIRN_BENCH_RUNS`
//!   times (default 3; the median counts): until its report is ready, every record committed
//!   and browsable, and until its cache is closed, the checkpoint that copies the sync's
//!   commits into the database file written (the app does that in the background; the command
//!   line waits for it before it exits);
//! - the floor: the bytes that sync sent through the link (compressed), at the link's rate;
//! - a plain sequential client: pages of 100, no compression, HTTP/1.1, one request at a time,
//!   every OneRoster collection read to its total and parsed (`CAIRN_BENCH_PLAIN_RUNS`
//!   times, default 1: it takes minutes). `CAIRN_BENCH_PLAIN_RUNS=0` skips it.
//!
//! Prints a table. Targets: the sync ≤ 2× the floor, the plain client ≥ 10× slower than it.
//! `cargo bench -p cairn-explorer --bench network`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

#[path = "support/allocator.rs"]
mod allocator;

#[path = "support/demo_sandbox.rs"]
mod demo_sandbox;

use demo_sandbox::demo_sandbox;
use std::time::{Duration, Instant};

use cairn_client::{Cancel, Client, ClientConfig};
use cairn_sandbox::DEFAULT_SCOPE_BASE;
use cairn_sandbox::demo::Scale;
use cairn_sandbox::http::{NetLink, ServeOptions, serve};
use cairn_spec::{Collection, Dialect, Service};
use cairn_sync::{SyncOptions, sync};

fn env<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The load average over the last minute (the machine is shared).
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg").unwrap_or_default().split_whitespace().next().unwrap_or("?").to_owned()
}

/// CPU time this process used so far (user and system, every thread: the sandbox's and the
/// client's), in seconds, and its minor page faults; 0 where /proc cannot tell.
fn cpu_and_faults() -> (f64, f64) {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis: minflt is the 8th, utime and stime
    // the 12th and 13th.
    let fields: Vec<&str> =
        stat.rsplit_once(')').map(|(_, rest)| rest.split_whitespace().collect()).unwrap_or_default();
    let field = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // Linux counts them in USER_HZ, 100 a second on every architecture it supports.
    ((field(11) + field(12)) / 100.0, field(7))
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    cairn_malloc::configure();
    let _ = rustls::crypto::ring::default_provider().install_default();
    let scale: Scale = std::env::var("CAIRN_BENCH_SCALE").unwrap_or_else(|_| "district".into()).parse().unwrap();
    let delay_ms: u64 = env("CAIRN_BENCH_DELAY_MS", 40);
    let mbit: f64 = env("CAIRN_BENCH_MBIT", 50.0);
    let runs: usize = env("CAIRN_BENCH_RUNS", 3usize).max(1);
    let plain_runs: usize = env("CAIRN_BENCH_PLAIN_RUNS", 1usize);

    let dir = tempfile::tempdir().unwrap();
    let (bound, sandbox, base, ca) = demo_sandbox(dir.path(), scale);
    let link = NetLink::new(Duration::from_millis(delay_ms), Some(mbit));
    let rate = link.bytes_per_second().unwrap();
    let running = serve(bound, sandbox, ServeOptions { link: Some(link.clone()), ..ServeOptions::default() });
    let cancel = Cancel::new();
    eprintln!("load before: {}", load());

    // Cairn's full default sync, each run into a new cache with a new client (new connections).
    let mut seconds = Vec::new();
    let mut closed = Vec::new();
    let mut sent = Vec::new();
    let mut records = 0;
    let mut windows = Vec::new();
    for run in 0..runs {
        let mut config = ClientConfig::new(base.clone(), "bench", "bench");
        config.ca_cert_pem = Some(ca.clone());
        let client = Client::new(config).unwrap();
        let path = dir.path().join(format!("cache-{run}.sqlite"));
        let cache = cairn_store::cache::CacheHandle::open(&path).unwrap();
        let page_size = env("CAIRN_BENCH_PAGE", cairn_sync::DEFAULT_PAGE_SIZE);
        let options = SyncOptions { incremental: false, page_size, ..SyncOptions::default() };
        let before = link.bytes_sent();
        let (started, (cpu_before, faults_before)) = (Instant::now(), cpu_and_faults());
        let report = sync(&client, &cache, "bench", &options, &|_| {}, &cancel).await.unwrap();
        seconds.push(started.elapsed().as_secs_f64());
        let (cpu, faults) = cpu_and_faults();
        let (cpu, faults) = (cpu - cpu_before, faults - faults_before);
        sent.push((link.bytes_sent() - before) as f64);
        assert!(report.is_complete(), "{report:?}");
        records = report.collections.iter().map(|c| c.records).sum::<u64>();
        let stats = client.stats();
        windows.push(format!(
            "{} requests, window ≤ {}, HTTP/2 {}",
            stats.requests, stats.largest_window, stats.http2_answers
        ));
        eprintln!(
            "sync {}: {:.2} s, {:.1} CPU s (sandbox and client), {:.0}k page faults, {:.1} MB sent; {}",
            run + 1,
            seconds[run],
            cpu,
            faults / 1000.0,
            sent[run] / 1e6,
            windows[run]
        );
        drop(cache);
        closed.push(started.elapsed().as_secs_f64());
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
    let (fastest, slowest) =
        (seconds.iter().copied().fold(f64::MAX, f64::min), seconds.iter().copied().fold(0.0, f64::max));
    let sync_seconds = median(&mut seconds.clone());
    let sent_bytes = median(&mut sent.clone());
    let floor = sent_bytes / rate;

    // The plain sequential client.
    let mut plain = Vec::new();
    let mut plain_bytes = 0;
    let mut plain_records = 0;
    for run in 0..plain_runs {
        let started = Instant::now();
        let (n, bytes) = plain_client(&base, &ca).await;
        plain.push(started.elapsed().as_secs_f64());
        (plain_records, plain_bytes) = (n, bytes);
        eprintln!("plain {}: {:.1} s, {n} records, {:.1} MB", run + 1, plain[run], bytes as f64 / 1e6);
    }
    running.shutdown().await;
    eprintln!("load after: {}", load());

    println!(
        "| measure (scale {scale}, link {delay_ms} ms, {mbit} Mbit/s) | records | MB over the link | seconds | vs floor | target |"
    );
    println!("|---|---|---|---|---|---|");
    println!(
        "| floor: the sync's compressed bytes at {mbit} Mbit/s | | {:.1} | {floor:.2} | 1.0× | |",
        sent_bytes / 1e6
    );
    println!(
        "| Cairn, full default sync (median of {runs}) | {records} | {:.1} | {sync_seconds:.2} | {:.2}× | ≤ 2× floor |",
        sent_bytes / 1e6,
        sync_seconds / floor
    );
    println!("| Cairn, fastest and slowest of {runs} | | | {fastest:.2}, {slowest:.2} | | |");
    let closed_seconds = median(&mut closed);
    println!(
        "| Cairn, the same syncs with their cache closed (the last checkpoint written; median) | | | {closed_seconds:.2} | {:.2}× | |",
        closed_seconds / floor
    );
    if !plain.is_empty() {
        let plain_seconds = median(&mut plain.clone());
        println!(
            "| plain sequential client (pages of 100, no compression, one at a time; median of {}) | {plain_records} | {:.1} | {plain_seconds:.1} | {:.1}× | ≥ 10× Cairn ({:.1}× Cairn) |",
            plain.len(),
            plain_bytes as f64 / 1e6,
            plain_seconds / floor,
            plain_seconds / sync_seconds
        );
    }
    eprintln!("{}", windows.join("; "));
}

/// What a plain script does: a token, then every OneRoster collection page by page (100 a
/// page, no compression, HTTP/1.1, one request at a time), each page parsed; the records and
/// body bytes read.
async fn plain_client(base: &str, ca: &[u8]) -> (u64, u64) {
    let http = reqwest::Client::builder()
        .tls_certs_only([reqwest::Certificate::from_pem(ca).unwrap()])
        .http1_only()
        .no_gzip()
        .no_brotli()
        .no_zstd()
        .no_deflate()
        .build()
        .unwrap();
    let scope: Vec<String> = cairn_sync::read_scopes(&[]).iter().map(|s| format!("{DEFAULT_SCOPE_BASE}/{s}")).collect();
    let scope = scope.join(" ");
    let token: serde_json::Value = http
        .post(format!("{base}/token"))
        .basic_auth("bench", Some("bench"))
        .form(&[("grant_type", "client_credentials"), ("scope", &scope)])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = token["access_token"].as_str().unwrap().to_owned();
    let (mut records, mut bytes) = (0u64, 0u64);
    for collection in Collection::ALL.into_iter().filter(|c| c.service() != Service::Competency) {
        let Some(op) = cairn_sync::get_all(collection) else { continue };
        let path = Dialect::spec().base_path(op.service).to_owned() + op.path;
        let mut offset = 0u64;
        loop {
            let answer =
                http.get(format!("{base}{path}?limit=100&offset={offset}")).bearer_auth(&token).send().await.unwrap();
            let total: u64 = answer.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
            let body = answer.bytes().await.unwrap();
            bytes += body.len() as u64;
            let page: serde_json::Value = serde_json::from_slice(&body).unwrap();
            let n = page[collection.name()].as_array().map_or(0, Vec::len) as u64;
            records += n;
            offset += n;
            if n == 0 || offset >= total {
                break;
            }
        }
    }
    (records, bytes)
}
