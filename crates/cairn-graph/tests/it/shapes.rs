//! Hand-made packages: sibling order, several parents, cycles, orphans, external nodes,
//! identifiers that are not UUIDs, groupings, breadcrumbs and subtree counts.

use cairn_graph::{FrameworkGraph, Tree};

use super::build::{DOC, built, package};

/// The tree as text: indented identifiers, then `orphans:` and `cycles:` sections.
fn render(items: &[&str], associations: &[&str], groupings: Option<&[&str]>) -> String {
    let package = package(items, associations);
    let graph = FrameworkGraph::from_package(&package);
    let tree = match groupings {
        Some(g) => Tree::with_groupings(&graph, &package, g),
        None => Tree::new(&graph, &package),
    };
    let outline = tree.outline(&graph, &package, None);
    let mut lines = super::tree::graph_lines(&outline.children, &outline.orphans);
    lines.push("cycles:".to_owned());
    for cycle in tree.cycles() {
        lines.push(cycle.iter().map(|n| graph.node(*n).identifier).collect::<Vec<_>>().join(" "));
    }
    lines.join("\n")
}

fn check(name: &str, items: &[&str], associations: &[&str], expect: &str) {
    let got = render(items, associations, None);
    assert_eq!(got, expect.trim(), "{name}");
}

#[test]
fn tree_shapes() {
    let cases: &[(&str, &[&str], &[&str], &str)] = &[
        (
            "sequence numbers first, absent after present",
            &["a", "b", "c"],
            &["a isChildOf doc 2", "b isChildOf doc 1", "c isChildOf doc"],
            "b\na\nc\norphans:\ncycles:",
        ),
        (
            "then listEnumeration in natural order, then codes",
            &["x||10", "y||2", "z|A.1|", "w||2a"],
            &["x isChildOf doc", "y isChildOf doc", "z isChildOf doc", "w isChildOf doc"],
            "y\nw\nx\nz\norphans:\ncycles:",
        ),
        (
            "codes in natural order, then statement, then package order",
            &["p|A.10", "q|A.2", "r||", "s|A.2|", "t||"],
            &["p isChildOf doc", "q isChildOf doc", "r isChildOf doc", "s isChildOf doc", "t isChildOf doc"],
            "q\ns\np\nr\nt\norphans:\ncycles:",
        ),
        (
            "statement when nothing else differs",
            &["m|||beta", "n|||alpha"],
            &["m isChildOf doc", "n isChildOf doc"],
            "n\nm\norphans:\ncycles:",
        ),
        (
            "an item with two parents appears under each, with its subtree",
            &["a|1", "b|2", "x", "y"],
            &["a isChildOf doc", "b isChildOf doc", "x isChildOf a", "x isChildOf b", "y isChildOf x"],
            "a\n  x\n    y\nb\n  x\n    y\norphans:\ncycles:",
        ),
        (
            "one association per pair: the lowest sequence number wins",
            &["a", "b"],
            &["a isChildOf doc 5", "b isChildOf doc 3", "a isChildOf doc 1"],
            "a\nb\norphans:\ncycles:",
        ),
        (
            "a cycle hanging under the document is cut, reported once",
            &["a", "b", "c"],
            &["a isChildOf doc", "b isChildOf a", "c isChildOf b", "a isChildOf c"],
            "a\n  b\n    c\norphans:\ncycles:\na c b",
        ),
        (
            "self-loops: reported, never followed",
            &["s", "t"],
            &["t isChildOf doc", "t isChildOf t", "s isChildOf s"],
            "t\norphans:\ns\ncycles:\ns\nt",
        ),
        (
            "orphans: parentless ones first with their subtrees, then cycles nothing leads into",
            &["a", "o1|2", "o2", "p|1", "q|0"],
            &["a isChildOf doc", "o2 isChildOf o1", "p isChildOf q", "q isChildOf p"],
            "a\norphans:\no1\n  o2\nq\n  p\ncycles:\np q",
        ),
        (
            "external nodes: under items when children, orphan makers when parents",
            &["a", "b"],
            &["a isChildOf doc", "ext:e1 isChildOf a", "b isChildOf ext:e2", "a exactMatchOf ext:e3"],
            "a\n  e1\norphans:\nb\ncycles:",
        ),
        (
            "URL and 32-hex identifiers work like any other",
            &["http://asn.test/S1|1", "0123456789abcdef0123456789ABCDEF|2", "urn:x:y"],
            &[
                "http://asn.test/S1 isChildOf doc",
                "0123456789abcdef0123456789ABCDEF isChildOf doc",
                "urn:x:y isChildOf 0123456789abcdef0123456789ABCDEF",
            ],
            "http://asn.test/S1\n0123456789abcdef0123456789ABCDEF\n  urn:x:y\norphans:\ncycles:",
        ),
        (
            "other association types do not make the tree; the document is never a child",
            &["a", "b"],
            &["a isChildOf doc", "b precedes a", "b isPartOf a", "b ext:isTaughtWith a", "doc isChildOf a"],
            "a\norphans:\nb\ncycles:",
        ),
        ("no items", &[], &[], "orphans:\ncycles:"),
    ];
    for (name, items, associations, expect) in cases {
        check(name, items, associations, expect);
    }
}

#[test]
fn groupings_filter_the_tree() {
    let items = ["a|1", "b|2", "c"];
    let associations =
        ["a isChildOf doc g=g1", "b isChildOf doc g=g2", "c isChildOf a g=g1", "c isChildOf b g=g2", "b isChildOf doc"];
    assert_eq!(render(&items, &associations, None), "a\n  c\nb\n  c\norphans:\ncycles:");
    assert_eq!(render(&items, &associations, Some(&["g1"])), "a\n  c\norphans:\nb\ncycles:");
    assert_eq!(render(&items, &associations, Some(&["g2"])), "b\n  c\norphans:\na\ncycles:");
    assert_eq!(render(&items, &associations, Some(&["g1", "g2"])), "a\n  c\nb\n  c\norphans:\ncycles:");
    assert_eq!(render(&items, &associations, Some(&["none"])), "orphans:\na\nb\nc\ncycles:");
}

#[test]
fn breadcrumbs_give_every_path_and_counts_distinct_descendants() {
    let (_, graph, tree) = built(
        &["a|1", "b|2", "x", "y", "z"],
        &["a isChildOf doc", "b isChildOf doc", "x isChildOf a", "x isChildOf b", "y isChildOf x", "z isChildOf z"],
    );
    let id = |s: &str| graph.find(s).unwrap();
    let names = |paths: Vec<Vec<_>>| -> Vec<String> {
        paths.iter().map(|p| p.iter().map(|n| graph.node(*n).identifier).collect::<Vec<_>>().join("/")).collect()
    };
    assert_eq!(names(tree.breadcrumbs(id("y"))), ["doc/a/x/y", "doc/b/x/y"]);
    assert_eq!(names(tree.breadcrumbs(id("a"))), ["doc/a"]);
    assert_eq!(names(tree.breadcrumbs(id(DOC))), ["doc"]);
    assert!(tree.breadcrumbs(id("z")).is_empty(), "orphans have no path");
    assert_eq!(tree.subtree_count(id(DOC)), 4);
    assert_eq!(tree.subtree_count(id("a")), 2);
    assert_eq!(tree.subtree_count(id("y")), 0);
    assert_eq!(tree.orphan_count(), 1);
    assert_eq!(tree.parents(id("x")).len(), 2);
    let children: Vec<_> = tree.children(id(DOC)).iter().map(|c| graph.node(c.node).identifier).collect();
    assert_eq!(children, ["a", "b"]);
}

#[test]
fn breadcrumbs_survive_a_cycle_under_the_document() {
    let (_, graph, tree) = built(&["a", "b"], &["a isChildOf doc", "b isChildOf a", "a isChildOf b"]);
    let b = graph.find("b").unwrap();
    assert_eq!(tree.breadcrumbs(b).len(), 1);
    assert_eq!(tree.subtree_count(graph.find("a").unwrap()), 1, "a itself is not counted, though below b");
}

#[test]
fn depth_limits_the_outline_without_truncating() {
    let (package, graph, tree) = built(&["a", "b", "c"], &["a isChildOf doc", "b isChildOf a", "c isChildOf b"]);
    let outline = tree.outline(&graph, package, Some(2));
    assert_eq!(super::tree::graph_lines(&outline.children, &outline.orphans), ["a", "  b", "orphans:"]);
    assert!(!outline.truncated);
    assert!(tree.outline(&graph, package, Some(0)).children.is_empty());
}

#[test]
fn very_deep_chains_are_cut_and_marked() {
    let items: Vec<String> = (0..2000).map(|i| format!("i{i}")).collect();
    let mut associations = vec!["i0 isChildOf doc".to_owned()];
    associations.extend((1..2000).map(|i| format!("i{i} isChildOf i{}", i - 1)));
    let items: Vec<&str> = items.iter().map(String::as_str).collect();
    let associations: Vec<&str> = associations.iter().map(String::as_str).collect();
    let (package, graph, tree) = built(&items, &associations);
    let outline = tree.outline(&graph, package, None);
    assert!(outline.truncated);
    let json = serde_json::to_string(&outline).unwrap();
    assert!(json.contains("\"i511\"") && !json.contains("\"i512\""));
    assert_eq!(tree.breadcrumbs(graph.find("i1999").unwrap())[0].len(), 2001);
}

#[test]
fn a_cycle_beside_a_very_deep_chain_is_found_without_deep_recursion() {
    // 20,000 items in a chain listed leaf first, and a two-item cycle: the search for cycles
    // walks the whole chain. On a 256 KiB stack, a recursive search overflows long before.
    let n = 20_000;
    let mut items: Vec<String> = (0..n).rev().map(|i| format!("i{i}")).collect();
    items.extend(["p".to_owned(), "q".to_owned()]);
    let mut associations = vec!["i0 isChildOf doc".to_owned(), "p isChildOf q".to_owned(), "q isChildOf p".to_owned()];
    associations.extend((1..n).map(|i| format!("i{i} isChildOf i{}", i - 1)));
    let package = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let items: Vec<&str> = items.iter().map(String::as_str).collect();
            let associations: Vec<&str> = associations.iter().map(String::as_str).collect();
            let (package, graph, tree) = built(&items, &associations);
            let cycles: Vec<Vec<&str>> =
                tree.cycles().iter().map(|c| c.iter().map(|n| graph.node(*n).identifier).collect()).collect();
            (package.items.as_ref().map_or(0, |m| m.len()), cycles, tree.orphan_count())
        })
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert_eq!(package.0, n + 2);
    assert_eq!(package.1.len(), 1, "{:?}", package.1);
    assert_eq!(package.2, 2, "p and q have no path to the document");
}

#[test]
fn links_given_by_uri_reach_the_item_or_document_they_name() {
    // c's parent is p given as p's URI in a plain string, d's as a link with p's URI and no
    // identifier; p's own parent is the document by URI; x points at a URI nobody has.
    check(
        "ends by URI",
        &["p", "c", "d", "x"],
        &["p isChildOf str:doc", "c isChildOf str:p 1", "d isChildOf uri:p 2", "x isChildOf uri:nowhere"],
        "p\n  c\n  d\norphans:\nx\ncycles:",
    );
    let (_, graph, _) = built(&["p", "x"], &["x isChildOf uri:nowhere", "x isRelatedTo str:elsewhere"]);
    let external = graph.find("https://x.test/nowhere").expect("an external node keyed by its URI");
    assert_eq!(graph.node(external).kind, cairn_graph::NodeKind::External);
    assert!(graph.find("https://x.test/elsewhere").is_some());
    assert!(graph.dangling.is_empty());
}
