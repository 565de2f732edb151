//! The crosswalk of two 20,000-item frameworks without a window: the pair the app's bench
//! uses (A, and B whose every second item is an `exactMatchOf` of A's), imported into a fresh
//! cache, then `App::crosswalk` run `CAIRN_BENCH_RUNS` times (default 7, a new app each run so
//! nothing is kept) and its answer written as the JSON the window receives. Prints medians; the
//! window's bench (`scripts/bench-app.sh`) adds the IPC and the paint, its target for the whole
//! ≤ 1 s.
//!
//! `cargo bench -p cairn-explorer --bench crosswalk`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

#[path = "support/allocator.rs"]
mod allocator;

#[path = "support/bench_app.rs"]
mod bench_app;

use std::time::Instant;

use bench_app::{median, ms, new_app};
use cairn_explorer::app::{CACHE_FILE, FrameworkKey};
use cairn_files::ingest::import_package;
use serde_json::{Value, json};

const ITEMS: usize = 20_000;

fn uuid(side: char, n: usize) -> String {
    format!("be0c{side}000-0000-4000-8000-{n:012x}")
}

/// A framework of `ITEMS` items under 100 first-level ones; with `link_to`, every second item
/// is an `exactMatchOf` of the same-numbered item of that side.
fn package(side: char, title: &str, link_to: Option<char>) -> Value {
    let base = "https://case.example.org/ims/case/v1p0";
    let t = "2026-01-01T00:00:00+00:00";
    let reference = |id: &str, title: &str, kind: &str| json!({ "identifier": id, "uri": format!("{base}/{kind}/{id}"), "title": title });
    let doc = uuid(side, 0);
    let tops = 100;
    let (mut items, mut associations) = (Vec::new(), Vec::new());
    for i in 1..=ITEMS {
        let id = uuid(side, i);
        let top = i <= tops;
        let code =
            if top { format!("{side}.{i}") } else { format!("{side}.{}.{}", (i - 1) % tops + 1, (i - 1) / tops) };
        items.push(json!({ "identifier": id, "uri": format!("{base}/CFItems/{id}"), "lastChangeDateTime": t,
            "humanCodingScheme": code, "fullStatement": format!("Statement {i} of {title}") }));
        let parent = if top {
            reference(&doc, title, "CFDocuments")
        } else {
            reference(&uuid(side, (i - 1) % tops + 1), "", "CFItems")
        };
        let association = uuid(side, 0x10_0000 + i);
        associations.push(json!({ "identifier": association, "uri": format!("{base}/CFAssociations/{association}"),
            "lastChangeDateTime": t, "associationType": "isChildOf", "sequenceNumber": i,
            "originNodeURI": reference(&id, &code, "CFItems"), "destinationNodeURI": parent }));
        if let Some(other) = link_to.filter(|_| i % 2 == 0) {
            let association = uuid(side, 0x20_0000 + i);
            associations.push(json!({ "identifier": association, "uri": format!("{base}/CFAssociations/{association}"),
                "lastChangeDateTime": t, "associationType": "exactMatchOf",
                "originNodeURI": reference(&id, &code, "CFItems"), "destinationNodeURI": reference(&uuid(other, i), "", "CFItems") }));
        }
    }
    json!({
        "CFDocument": { "identifier": doc, "uri": format!("{base}/CFDocuments/{doc}"), "lastChangeDateTime": t,
            "creator": "Cairn bench", "title": title },
        "CFItems": items,
        "CFAssociations": associations,
    })
}

#[tokio::main]
async fn main() {
    let runs: usize = std::env::var("CAIRN_BENCH_RUNS").ok().and_then(|r| r.parse().ok()).unwrap_or(7);
    let dir = tempfile::tempdir().unwrap();
    let handle = cairn_store::cache::CacheHandle::open(&dir.path().join(CACHE_FILE)).unwrap();
    let connection_id =
        handle.write_blocking(|tx| cairn_store::cache::connection_id(tx, "bench", "https://bench.test")).unwrap();
    for (side, title, link) in [('a', "Bench: crosswalk A", None), ('b', "Bench: crosswalk B", Some('a'))] {
        let file = dir.path().join(format!("{side}.json"));
        std::fs::write(&file, serde_json::to_vec(&package(side, title, link)).unwrap()).unwrap();
        import_package(&handle, connection_id, &file).unwrap();
    }
    drop(handle);
    let key = |side| FrameworkKey { connection: "bench".into(), identifier: uuid(side, 0) };

    let (mut computed, mut written, mut bytes) = (vec![], vec![], 0);
    for _ in 0..runs {
        let app = new_app(dir.path());
        let started = Instant::now();
        let report = app.crosswalk(key('a'), key('b')).await.unwrap();
        computed.push(started.elapsed());
        let started = Instant::now();
        bytes = serde_json::to_vec(&report).unwrap().len();
        written.push(started.elapsed());
        assert_eq!(report.pairs as usize, ITEMS / 2);
    }
    println!("| crosswalk of two {ITEMS}-item frameworks ({} pairs), median of {runs} | time |", ITEMS / 2);
    println!("|---|---|");
    println!("| `App::crosswalk`: both read from the cache, walked, subtrees placed | {} ms |", ms(median(computed)));
    println!("| its answer written as JSON ({:.1} MB) | {} ms |", bytes as f64 / 1e6, ms(median(written)));
}
