//! A framework as a workbook, without a window: the state-scale demo framework (about 20,000
//! items) imported into a fresh cache, then exported as `.xlsx` — read from the cache, placed in
//! the plan's order, the three sheets written and zipped, the file written — `CAIRN_BENCH_RUNS`
//! times (default 5; the median counts). Prints the median time and the memory the exports
//! added at their peak (VmHWM after, reset once the setup is done, minus VmRSS before), against
//! the targets of ≤ 3 s and ≤ 300 MB, then the time of the CSV table of the same framework
//! (the same reading and order) for comparison.
//!
//! `cargo bench -p cairn-explorer --bench xlsx`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

#[path = "support/allocator.rs"]
mod allocator;
#[path = "support/state_package.rs"]
mod state_package;

use std::path::Path;
use std::time::{Duration, Instant};

use cairn_files::export::workbook::framework_workbook;
use cairn_files::export::{export_framework, resolve_connection};
use cairn_files::ingest::import_package;
use cairn_files::progress::{Cancel, ignore};
use state_package::state_package;

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
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

fn main() {
    cairn_malloc::configure();
    let runs: usize = std::env::var("CAIRN_BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let dir = tempfile::tempdir().unwrap();
    let (package, document) = state_package();
    let items = package["CFItems"].as_array().map_or(0, Vec::len);
    let associations = package["CFAssociations"].as_array().map_or(0, Vec::len);
    let file = dir.path().join("state.json");
    std::fs::write(&file, serde_json::to_vec(&package).unwrap()).unwrap();
    drop(package);
    let path = dir.path().join("cache.sqlite");
    let handle = cairn_store::cache::CacheHandle::open(&path).unwrap();
    let connection_id =
        handle.write_blocking(|tx| cairn_store::cache::connection_id(tx, "bench", "https://bench.test")).unwrap();
    import_package(&handle, connection_id, &file).unwrap();
    drop(handle);

    let conn = cairn_store::cache::open(&path).unwrap();
    let source = resolve_connection(&conn, Some("bench")).unwrap();
    // The setup's own peak (the generated demo) is forgotten: from here the peak is the exports'.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let before = memory_kb("VmRSS:");
    let out = dir.path().join("state.xlsx");

    let (mut times, mut rows, mut bytes) = (Vec::new(), 0, 0);
    for _ in 0..runs {
        let started = Instant::now();
        let (workbook, report) =
            framework_workbook(&conn, &source, &document, None, Path::new("state.xlsx"), &ignore, &Cancel::new())
                .unwrap();
        std::fs::write(&out, &workbook).unwrap();
        times.push(started.elapsed());
        (rows, bytes) = (report.rows, workbook.len());
    }
    let added_mb = memory_kb("VmHWM:").saturating_sub(before) / 1024;
    // Then the CSV table of the same framework, timed (its memory is the workbook's read's, already
    // counted above): the reading and ordering both exports share.
    let mut csv_times = Vec::new();
    for _ in 0..runs {
        let started = Instant::now();
        let mut sink = std::io::sink();
        export_framework(&conn, &source, &document, &mut sink, Path::new("state.csv")).unwrap();
        csv_times.push(started.elapsed());
    }
    let secs = median(times).as_secs_f64();
    println!("The state-scale framework ({items} items, {associations} associations) as .xlsx, median of {runs}:\n");
    println!("| measure | value | target |");
    println!("|---|---:|---:|");
    println!("| export, in all (read, order, three sheets, zip, write) | {secs:.2} s | ≤ 3 s |");
    println!("| memory added at the peak | {added_mb} MB | ≤ 300 MB |");
    println!(
        "| the CSV table of the same, for comparison (same reading and order) | {:.2} s | |",
        median(csv_times).as_secs_f64()
    );
    println!("| item rows | {rows} | |");
    println!("| file | {:.1} MB | |", bytes as f64 / 1_048_576.0);
}
