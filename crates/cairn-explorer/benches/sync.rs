//! Sync benchmark over real HTTPS on loopback: full syncs of the district-scale demo
//! (`CAIRN_BENCH_SCALE`, default `district`; pages of `CAIRN_BENCH_PAGE`, default the sync's),
//! each into a new cache (`CAIRN_BENCH_RUNS` of them, default 5; the median counts), timed to
//! their report (every record committed and browsable) and to their cache closed (the
//! checkpoint that copies the sync's commits into the database file written), beside the
//! physical limits measured in the same run: the same pages fetched with nothing done to them
//! (fetch only), and the same rows bulk-inserted into a fresh cache with no network (insert
//! only: read on one thread, written on another, as the sync does; it runs last, after the
//! syncs have filled the OS's page cache). Prints records per second of each and the memory
//! the syncs added at their peak (VmHWM after minus VmRSS before, the sandbox sharing the
//! process). Targets: ≥ 50,000 records/s and ≤ 300 MB.
//!
//! `cargo bench -p cairn-explorer --bench sync`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

#[path = "support/allocator.rs"]
mod allocator;

#[path = "support/demo_sandbox.rs"]
mod demo_sandbox;

use demo_sandbox::demo_sandbox;
use std::path::Path;
use std::time::Instant;

use cairn_client::{Cancel, Client, ClientConfig, RawPage};
use cairn_query::Query;
use cairn_sandbox::demo::Scale;
use cairn_sandbox::http::{ServeOptions, serve};
use cairn_spec::operations::OPERATIONS;
use cairn_spec::{Collection, Service};
use cairn_store::cache::{self, CollectionWriter, PreparedRecords, WriteMode};
use cairn_sync::{SyncOptions, sync};

/// CPU seconds this process has used (user and system, every thread).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which ends with ')'): utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or_default();
    let ticks: u64 = rest.split_whitespace().skip(11).take(2).filter_map(|t| t.parse::<u64>().ok()).sum();
    ticks as f64 / 100.0
}

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
    cairn_malloc::configure();
    let scale: Scale = std::env::var("CAIRN_BENCH_SCALE").unwrap_or_else(|_| "district".into()).parse().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let (bound, sandbox, base, ca) = demo_sandbox(dir.path(), scale);
    let running = serve(bound, sandbox, ServeOptions::default());
    let mut config = ClientConfig::new(base.clone(), "bench", "bench");
    config.ca_cert_pem = Some(ca);
    let client = Client::new(config).unwrap();
    let cancel = Cancel::new();
    let page: u32 =
        std::env::var("CAIRN_BENCH_PAGE").ok().and_then(|p| p.parse().ok()).unwrap_or(cairn_sync::DEFAULT_PAGE_SIZE);
    let options = SyncOptions { page_size: page, incremental: false, ..SyncOptions::default() };

    // Fetch only: every OneRoster collection's pages, as the sync reads them, dropped.
    let cpu = cpu_seconds();
    let started = Instant::now();
    let mut fetched = 0u64;
    for collection in Collection::ALL.into_iter().filter(|c| c.service() != Service::Competency) {
        let op = OPERATIONS.iter().find(|o| o.name == format!("getAll{}", upper_first(collection.name()))).unwrap();
        let query = Query { paging: cairn_query::Paging::new(page as usize, 0).unwrap(), ..Query::default() };
        let (sender, mut receiver) = tokio::sync::mpsc::channel::<RawPage>(4);
        let drain = tokio::spawn(async move { while receiver.recv().await.is_some() {} });
        fetched += client.collect_raw_pages(op, &[], &query, &sender, &|_| {}, &cancel).await.unwrap();
        drop(sender);
        drain.await.unwrap();
    }
    let fetch_seconds = started.elapsed().as_secs_f64();
    let fetch_cpu = cpu_seconds() - cpu;

    // The full sync, `runs` times, each into a new cache: the median is what counts (the
    // machine's disk and the sandbox on the same cores make single runs vary by ±10%).
    let runs: usize = std::env::var("CAIRN_BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(5).max(1);
    let before = memory_kb("VmRSS:");
    // (seconds until the report, CPU seconds meanwhile, seconds until the cache was closed)
    let mut syncs: Vec<(f64, f64, f64)> = Vec::with_capacity(runs);
    let mut synced = 0;
    let mut cache_path = dir.path().join("cache.sqlite");
    let mut first_peak = 0;
    for run in 0..runs {
        cache_path = dir.path().join(format!("cache-{run}.sqlite"));
        let cpu = cpu_seconds();
        let started = Instant::now();
        let cache = cairn_store::cache::CacheHandle::open(&cache_path).unwrap();
        let report = sync(&client, &cache, "bench", &options, &|_| {}, &cancel).await.unwrap();
        let (seconds, cpu) = (started.elapsed().as_secs_f64(), cpu_seconds() - cpu);
        drop(cache);
        syncs.push((seconds, cpu, started.elapsed().as_secs_f64()));
        synced = report.collections.iter().map(|c| c.records).sum();
        assert!(report.is_complete(), "{report:?}");
        if run == 0 {
            first_peak = memory_kb("VmHWM:");
        }
        if run + 1 < runs {
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", cache_path.display()));
            }
        }
    }
    let peak = memory_kb("VmHWM:");
    running.shutdown().await;
    syncs.sort_by(|a, b| a.0.total_cmp(&b.0));
    let (sync_seconds, sync_cpu, _) = syncs[runs / 2];
    let (fastest, slowest) = (syncs[0].0, syncs[runs - 1].0);
    let mut closed: Vec<f64> = syncs.iter().map(|s| s.2).collect();
    closed.sort_by(f64::total_cmp);
    let closed_seconds = closed[runs / 2];

    // Insert only: the rows the sync wrote, bulk-inserted into a fresh cache.
    let rows = cached_rows(&cache_path);
    let inserted: u64 = rows.iter().map(|(_, r)| r.len() as u64).sum();
    let fresh = dir.path().join("fresh.sqlite");
    let cpu = cpu_seconds();
    let started = Instant::now();
    insert(&fresh, &rows);
    let insert_seconds = started.elapsed().as_secs_f64();
    let insert_cpu = cpu_seconds() - cpu;

    let rate = |n: u64, s: f64| format!("{:.0}", n as f64 / s);
    println!("| measure (scale {scale}, pages of {page}) | records | seconds | CPU seconds | records/s | target |");
    println!("|---|---|---|---|---|---|");
    println!(
        "| full sync into a new cache (median of {runs}) | {synced} | {sync_seconds:.2} | {sync_cpu:.2} | {} | ≥ 50,000 |",
        rate(synced, sync_seconds)
    );
    println!(
        "| full sync, slowest and fastest of {runs} | {synced} | {slowest:.2}, {fastest:.2} | | {}, {} | |",
        rate(synced, slowest),
        rate(synced, fastest)
    );
    println!(
        "| the same syncs with their cache closed (the last checkpoint written; median) | {synced} | {closed_seconds:.2} | | {} | |",
        rate(synced, closed_seconds)
    );
    println!(
        "| fetch only (OneRoster pages as text, dropped) | {fetched} | {fetch_seconds:.2} | {fetch_cpu:.2} | {} | |",
        rate(fetched, fetch_seconds)
    );
    println!(
        "| insert only (the same rows into a fresh cache) | {inserted} | {insert_seconds:.2} | {insert_cpu:.2} | {} | |",
        rate(inserted, insert_seconds)
    );
    let added = |peak: u64| peak.saturating_sub(before) / 1024;
    println!("| memory the first sync added at its peak | | | | {} MB | ≤ 300 MB |", added(first_peak));
    println!("| memory added at the peak of all {runs} syncs | | | | {} MB | |", added(peak));
}

/// Every cached record's JSON, by collection, in the order written.
fn cached_rows(path: &Path) -> Vec<(Collection, Vec<String>)> {
    let conn = cache::open(path).unwrap();
    cache::TABLES
        .iter()
        .map(|spec| {
            let mut statement = conn.prepare(&format!("SELECT json FROM {} ORDER BY rowid", spec.table)).unwrap();
            let rows = statement.query_map([], |r| r.get::<_, String>(0)).unwrap();
            (spec.collection, rows.map(Result::unwrap).collect())
        })
        .collect()
}

/// Writes `rows` into a new cache at `path` as a sync does: one transaction per collection,
/// pages of records read for their table on one thread and written on another.
fn insert(path: &Path, rows: &[(Collection, Vec<String>)]) {
    let mut conn = cache::open(path).unwrap();
    let id = cache::connection_id(&conn, "bench", "https://bench.example").unwrap();
    std::thread::scope(|scope| {
        let (sender, receiver) = std::sync::mpsc::sync_channel::<Option<PreparedRecords>>(4);
        scope.spawn(move || {
            for (collection, records) in rows {
                for page in records.chunks(1000) {
                    sender.send(Some(PreparedRecords::new(*collection, page.iter().map(String::as_str)))).unwrap();
                }
                sender.send(None).unwrap();
            }
        });
        for (collection, _) in rows {
            let tx = cache::begin(&mut conn).unwrap();
            let mut writer = CollectionWriter::new(&tx, id, *collection, WriteMode::Replace).unwrap();
            while let Some(page) = receiver.recv().unwrap() {
                writer.put_prepared(page).unwrap();
            }
            drop(writer);
            tx.commit().unwrap();
        }
    });
}

fn upper_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}
