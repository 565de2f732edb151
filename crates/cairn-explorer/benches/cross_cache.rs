//! An item's associations across a cache of 50 frameworks and 500,000 associations (issue 35):
//! 50 generated frameworks of 2,000 items, each package holding its 2,000 `isChildOf` links and
//! 8,000 links from its items to items of other frameworks, imported into one cache. Then, for
//! 200 items of the first framework, every association of the cache naming the item is looked
//! up (`cairn_store::cache::node_links`, what the item panel, the graph and the progressions
//! add to the open framework's own links), and the item panel (`App::item_detail`, the open
//! framework's links and the others', each end located) is answered for 50 of them. Prints
//! medians per item; the target is ≤ 20 ms for the lookup.
//!
//! `cargo bench -p cairn-explorer --bench cross_cache`.
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

const FRAMEWORKS: usize = 50;
const ITEMS: usize = 2_000;
/// Links from a framework's items to other frameworks' items, in its package.
const CROSS: usize = 8_000;
const TYPES: [&str; 4] = ["exactMatchOf", "isRelatedTo", "isPeerOf", "precedes"];

fn uuid(framework: usize, n: usize) -> String {
    format!("c0{framework:02x}0000-0000-4000-8000-{n:012x}")
}

/// Framework `f`: its items under 20 first-level ones, and [`CROSS`] links from its items to
/// items of the frameworks after it.
fn package(f: usize) -> Value {
    let base = "https://case.example.org/ims/case/v1p0";
    let t = "2026-01-01T00:00:00+00:00";
    let reference = |id: &str| json!({ "identifier": id, "uri": format!("{base}/CFItems/{id}"), "title": "" });
    let doc = uuid(f, 0);
    let title = format!("Bench: framework {f}");
    let tops = 20;
    let (mut items, mut associations) = (Vec::new(), Vec::new());
    let mut association = |kind: &str, origin: Value, destination: Value, n: usize| {
        let id = uuid(f, 0x10_0000 + n);
        associations.push(json!({ "identifier": id, "uri": format!("{base}/CFAssociations/{id}"),
            "lastChangeDateTime": t, "associationType": kind, "originNodeURI": origin, "destinationNodeURI": destination }));
    };
    for i in 1..=ITEMS {
        let id = uuid(f, i);
        items.push(json!({ "identifier": id, "uri": format!("{base}/CFItems/{id}"), "lastChangeDateTime": t,
            "humanCodingScheme": format!("F{f}.{i}"), "fullStatement": format!("Statement {i} of {title}") }));
        let parent = if i <= tops {
            json!({ "identifier": doc, "uri": format!("{base}/CFDocuments/{doc}"), "title": title })
        } else {
            reference(&uuid(f, (i - 1) % tops + 1))
        };
        association("isChildOf", reference(&id), parent, i);
    }
    for j in 0..CROSS {
        let other = (f + 1 + j / ITEMS * 7) % FRAMEWORKS;
        let (from, to) = (uuid(f, j % ITEMS + 1), uuid(other, (j * 13) % ITEMS + 1));
        association(TYPES[j % TYPES.len()], reference(&from), reference(&to), ITEMS + 1 + j);
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
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(CACHE_FILE);
    let handle = cairn_store::cache::CacheHandle::open(&path).unwrap();
    let connection_id =
        handle.write_blocking(|tx| cairn_store::cache::connection_id(tx, "bench", "https://bench.test")).unwrap();
    let started = Instant::now();
    for f in 0..FRAMEWORKS {
        let file = dir.path().join(format!("{f}.json"));
        std::fs::write(&file, serde_json::to_vec(&package(f)).unwrap()).unwrap();
        import_package(&handle, connection_id, &file).unwrap();
        std::fs::remove_file(&file).unwrap();
    }
    let generated = started.elapsed();
    drop(handle);

    let conn = cairn_store::cache::open(&path).unwrap();
    let total: i64 = conn.query_row("SELECT COUNT(*) FROM cf_associations", [], |r| r.get(0)).unwrap();
    assert_eq!(total as usize, FRAMEWORKS * (ITEMS + CROSS));
    let probes: Vec<String> = (0..200).map(|k| uuid(0, k * 10 + 1)).collect();
    let (mut lookups, mut found) = (Vec::new(), 0);
    for id in &probes {
        let uri = format!("https://case.example.org/ims/case/v1p0/CFItems/{id}");
        let started = Instant::now();
        let links = cairn_store::cache::node_links(&conn, id, Some(&uri)).unwrap();
        lookups.push(started.elapsed());
        found += links.len();
    }

    let app = new_app(dir.path());
    let key = FrameworkKey { connection: "bench".into(), identifier: uuid(0, 0) };
    app.open_framework(key.clone()).await.unwrap();
    let (mut panels, mut listed) = (Vec::new(), 0);
    for id in probes.iter().take(50) {
        let started = Instant::now();
        let detail = app.item_detail(key.clone(), id.clone()).await.unwrap();
        panels.push(started.elapsed());
        listed += detail.associations.iter().map(|g| g.links.len()).sum::<usize>();
    }

    println!(
        "| an item's associations across {FRAMEWORKS} frameworks, {total} associations (cache generated in {:.0} s) | median per item |",
        generated.as_secs_f64()
    );
    println!("|---|---|");
    println!(
        "| every association naming the item, by identifier and URI (`node_links`, {} items, {:.1} found each) | {} ms |",
        probes.len(),
        found as f64 / probes.len() as f64,
        ms(median(lookups))
    );
    println!(
        "| the item panel: own and others' links, ends located (`App::item_detail`, 50 items, {:.1} links each) | {} ms |",
        listed as f64 / 50.0,
        ms(median(panels))
    );
}
