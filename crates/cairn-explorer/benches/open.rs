//! Opening a framework for the explorer, without a window: the state-scale demo framework
//! (about 20,000 items) imported into a fresh cache, then opened `CAIRN_BENCH_RUNS` times
//! (default 7; the median counts). Prints the median of each step — reading the package from
//! SQLite's outline columns, building the graph and tree tables, and writing the first level as
//! the JSON the window receives. The window's own bench (`scripts/bench-app.sh`) adds the IPC
//! and the paint; its target for the whole is ≤ 300 ms.
//!
//! `cargo bench -p cairn-explorer --bench open`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

#[path = "support/allocator.rs"]
mod allocator;
#[path = "support/state_package.rs"]
mod state_package;

use std::time::{Duration, Instant};

use cairn_explorer::app::{FrameworkKey, OpenFramework};
use cairn_files::ingest::import_package;
use state_package::state_package;

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let runs: usize = std::env::var("CAIRN_BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
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

    let key = FrameworkKey { connection: "bench".into(), identifier: document };
    let reader = cairn_store::cache::open(&path).unwrap();
    let (mut total, mut read, mut build, mut first_level) = (vec![], vec![], vec![], vec![]);
    for _ in 0..runs {
        let started = Instant::now();
        let connection = cairn_views::resolve_connection(&reader, "bench").unwrap();
        let (_, outline) =
            cairn_views::load_package_outline(&reader, Some(connection), &key.identifier).unwrap().unwrap();
        let loaded = Instant::now();
        let open = OpenFramework::build(key.clone(), outline);
        let built = Instant::now();
        let json = serde_json::to_string(&open.outline()).unwrap();
        let done = Instant::now();
        std::hint::black_box(json);
        read.push(loaded - started);
        build.push(built - loaded);
        first_level.push(done - built);
        total.push(done - started);
        drop(open);
    }
    let ms = |d: Duration| format!("{:.1}", d.as_secs_f64() * 1000.0);
    println!("Opening the state-scale framework ({items} items, {associations} associations), median of {runs}:\n");
    println!("| step | median ms |");
    println!("|---|---:|");
    println!("| read the package's outline fields from SQLite | {} |", ms(median(read)));
    println!("| build the graph, tree and row tables | {} |", ms(median(build)));
    println!("| the first level as JSON | {} |", ms(median(first_level)));
    println!("| **open, in all** | **{}** |", ms(median(total)));
}
