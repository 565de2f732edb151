//! Framework graph benchmark: a generated framework of 20,000 items and 40,000 associations
//! (20,000 `isChildOf` making a tree five levels deep; 20,000 others: `precedes`, `isRelatedTo`,
//! `exactMatchOf` and `ext:` links, many to nodes outside the package). Prints the median and
//! slowest time of each step. Targets: graph and full tree ≤ 50 ms, children of a node ≤ 1 ms,
//! neighbourhood of depth 2 ≤ 5 ms.
//!
//! `cargo bench -p cairn-graph --bench framework`.
#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark fails loudly

use std::collections::HashMap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use cairn_graph::{End, FrameworkGraph, Tree, neighbourhood};
use cairn_spec::case::{CfPackage, PackageFile};
use serde_json::{Value, json};

const ITEMS: usize = 20_000;
/// Items per level, top first.
const LEVELS: [usize; 5] = [20, 200, 2_000, 6_000, 11_780];

/// A tiny linear congruential generator: the same framework every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

fn link(id: &str) -> Value {
    json!({"identifier": id, "uri": format!("https://bench.test/{id}"), "title": id})
}

fn association(n: usize, kind: &str, from: &str, to: &str, seq: Option<usize>) -> Value {
    let mut a = json!({"identifier": format!("a{n:08}"), "uri": format!("https://bench.test/a{n}"),
        "associationType": kind, "originNodeURI": link(from), "destinationNodeURI": link(to),
        "lastChangeDateTime": "2024-01-01T00:00:00Z"});
    if let Some(seq) = seq {
        a["sequenceNumber"] = json!(seq);
    }
    a
}

fn generate() -> CfPackage {
    let mut rng = Lcg(42);
    let id = |i: usize| format!("{i:08x}-0000-4000-8000-{i:012x}");
    let mut items = Vec::with_capacity(ITEMS);
    let mut associations = Vec::with_capacity(2 * ITEMS);
    let mut level_start = vec![0];
    for size in LEVELS {
        level_start.push(level_start.last().unwrap() + size);
    }
    let mut code: Vec<String> = Vec::with_capacity(ITEMS);
    for (level, size) in LEVELS.iter().enumerate() {
        for k in 0..*size {
            let i = level_start[level] + k;
            let (parent, parent_code) = match level {
                0 => ("doc".to_owned(), "M".to_owned()),
                _ => {
                    let p = level_start[level - 1] + rng.below(LEVELS[level - 1]);
                    (id(p), code[p].clone())
                }
            };
            let c = format!("{parent_code}.{}", rng.below(40) + 1);
            let mut item = json!({"identifier": id(i), "uri": format!("https://bench.test/{i}"),
                "fullStatement": format!("Statement {i} about something worth learning at level {level}"),
                "humanCodingScheme": c, "lastChangeDateTime": "2024-01-01T00:00:00Z"});
            if i % 3 == 0 {
                item["listEnumeration"] = json!(format!("{}", rng.below(30)));
            }
            items.push(item);
            code.push(c);
            let seq = (i % 2 == 0).then(|| rng.below(50));
            associations.push(association(associations.len(), "isChildOf", &id(i), &parent, seq));
        }
    }
    for n in 0..ITEMS {
        let (a, b) = (rng.below(ITEMS), rng.below(ITEMS));
        let a = match n % 4 {
            0 => association(associations.len(), "precedes", &id(a), &id(b), None),
            1 => association(associations.len(), "isRelatedTo", &id(a), &id(b), None),
            2 => association(associations.len(), "exactMatchOf", &id(a), &format!("ext-{}", rng.below(5_000)), None),
            _ => association(associations.len(), "ext:alignsTo", &id(a), &format!("https://other.test/{b}"), None),
        };
        associations.push(a);
    }
    let package = json!({"CFDocument": {"identifier": "doc", "uri": "https://bench.test/doc", "creator": "bench",
        "title": "Bench", "lastChangeDateTime": "2024-01-01T00:00:00Z"},
        "CFItems": items, "CFAssociations": associations});
    PackageFile::read(&serde_json::to_vec(&package).unwrap()).unwrap().value.package
}

/// Median and slowest of `runs` runs of `f` (what it makes is dropped after the clock stops).
fn time<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, Duration) {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            let made = black_box(f());
            let took = start.elapsed();
            drop(made);
            took
        })
        .collect();
    times.sort();
    (times[runs / 2], times[runs - 1])
}

fn row(name: &str, (median, max): (Duration, Duration), target: &str) {
    println!("{name:<44} {:>10.3} ms {:>10.3} ms   {target}", median.as_secs_f64() * 1e3, max.as_secs_f64() * 1e3);
}

fn main() {
    let package = generate();
    let graph = FrameworkGraph::from_package(&package);
    let tree = Tree::new(&graph, &package);
    println!(
        "{} items, {} associations, {} nodes ({} external), {} cycles, {} orphans",
        package.items.as_ref().unwrap().len(),
        graph.graph().edge_count(),
        graph.graph().node_count(),
        graph.count(cairn_graph::NodeKind::External),
        tree.cycles().len(),
        tree.orphan_count(),
    );
    println!("{:<44} {:>13} {:>13}   target", "step", "median", "slowest");
    // What any graph pays: one map of the items' identifiers and a look-up per association end.
    let items: Vec<&str> = package.items.iter().flatten().filter_map(|i| i.identifier.as_deref()).collect();
    let ends: Vec<&str> =
        package.associations.iter().flatten().flat_map(|a| [a.origin_id(), a.destination_id()]).flatten().collect();
    row(
        "reference: std HashMap of ids, look-up of ends",
        time(30, || {
            let mut map: HashMap<&str, usize> = HashMap::with_capacity(items.len());
            map.extend(items.iter().enumerate().map(|(i, id)| (*id, i)));
            ends.iter().filter(|e| map.contains_key(*e)).count()
        }),
        "",
    );
    row("graph", time(30, || FrameworkGraph::from_package(&package)), "");
    row("tree (children lists, orphans, cycles)", time(30, || Tree::new(&graph, &package)), "");
    row("outline (full tree written out)", time(30, || tree.outline(&graph, &package, None)), "");
    row(
        "graph + tree + outline",
        time(30, || {
            let graph = FrameworkGraph::from_package(&package);
            let tree = Tree::new(&graph, &package);
            let outline = tree.outline(&graph, &package, None);
            (graph, tree, outline)
        }),
        "≤ 50 ms",
    );
    // The node with the most children, and a few ordinary ones.
    let busiest = graph.graph().node_indices().max_by_key(|n| tree.children(*n).len()).unwrap();
    println!("busiest node: {} children", tree.children(busiest).len());
    row(
        "children of the busiest node, resolved",
        time(200, || tree.children(busiest).iter().map(|c| End::of(&graph, &package, c.node)).collect::<Vec<End>>()),
        "≤ 1 ms",
    );
    let middle = graph.find(&format!("{0:08x}-0000-4000-8000-{0:012x}", 1_000)).unwrap();
    row(
        "neighbourhood depth 2, at most 200 (level 3)",
        time(200, || neighbourhood(&graph, &package, middle, 2, 200)),
        "≤ 5 ms",
    );
    row(
        "neighbourhood depth 2, at most 200 (document)",
        time(200, || neighbourhood(&graph, &package, tree.root().unwrap(), 2, 200)),
        "≤ 5 ms",
    );
    let leaf = graph.find(&format!("{0:08x}-0000-4000-8000-{0:012x}", ITEMS - 1)).unwrap();
    row("breadcrumbs of a leaf", time(200, || tree.breadcrumbs(leaf)), "");
    row("subtree count of the document", time(30, || tree.subtree_count(tree.root().unwrap())), "");
}
