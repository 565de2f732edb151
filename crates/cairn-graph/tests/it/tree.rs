//! The tree of every real package, checked against a naive reading of the package JSON written
//! here from the plan's rule (no cairn-graph code): a recursive walk from the document over the
//! `isChildOf` associations, siblings sorted by sequenceNumber, listEnumeration,
//! humanCodingScheme, fullStatement, package order.

use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

use cairn_graph::{FrameworkGraph, Tree, TreeNode};
use cairn_spec::case::PackageFile;
use serde_json::Value;

pub const FIXTURES: [&str; 6] = [
    "opensalt-what-standards-could-be-crosswalk.json",
    "act-holistic-math-excerpt-ordering.json",
    "ccss-math-asn-draft-2017.json",
    "opensalt-ordering-sequence-numbers.json",
    "opensalt-markdown-latex.json",
    "opensalt-utf8-astral.json",
];

fn read(name: &str) -> (Value, Vec<u8>) {
    let path = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case")
        .join(name);
    let bytes = std::fs::read(path).unwrap();
    (serde_json::from_slice(&bytes).unwrap(), bytes)
}

/// Digit runs compare as numbers (then fewer leading zeros first), other characters as such.
fn natural(a: &str, b: &str) -> Ordering {
    fn tokens(s: &str) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in s.chars() {
            match out.last_mut() {
                Some(last) if c.is_ascii_digit() && last.chars().all(|d| d.is_ascii_digit()) => last.push(c),
                _ => out.push(c.to_string()),
            }
        }
        out
    }
    let (ta, tb) = (tokens(a), tokens(b));
    for (x, y) in ta.iter().zip(&tb) {
        let digits = |t: &str| t.chars().all(|c| c.is_ascii_digit());
        let order = if digits(x) && digits(y) {
            let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
            (x.len(), x).cmp(&(y.len(), y))
        } else {
            x.chars().next().cmp(&y.chars().next())
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    ta.len().cmp(&tb.len()).then_with(|| a.cmp(b))
}

fn absent_last<T>(a: Option<T>, b: Option<T>, f: impl Fn(T, T) -> Ordering) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => f(a, b),
        (a, b) => b.is_some().cmp(&a.is_some()),
    }
}

/// A package read naively from its JSON.
pub struct Naive {
    doc: String,
    items: HashMap<String, (usize, Value)>,
    /// parent → (child, lowest sequenceNumber)
    children: HashMap<String, Vec<(String, Option<i64>)>>,
    parents: HashMap<String, Vec<String>>,
}

impl Naive {
    pub fn new(json: &Value) -> Naive {
        let json = json.get("CFPackage").unwrap_or(json);
        let doc = json["CFDocument"]["identifier"].as_str().unwrap().to_owned();
        let items = json["CFItems"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
            .map(|(i, item)| (item["identifier"].as_str().unwrap().to_owned(), (i, item.clone())))
            .collect();
        let mut naive = Naive { doc, items, children: HashMap::new(), parents: HashMap::new() };
        for a in json["CFAssociations"].as_array().unwrap() {
            if a["associationType"] != "isChildOf" {
                continue;
            }
            let end = |k: &str| match &a[k] {
                Value::String(s) => s.clone(),
                v => v["identifier"].as_str().unwrap().to_owned(),
            };
            let (child, parent) = (end("originNodeURI"), end("destinationNodeURI"));
            if child == parent || child == naive.doc {
                continue;
            }
            let seq = match &a["sequenceNumber"] {
                Value::Number(n) => n.as_i64(),
                Value::String(s) => s.trim().parse().ok(),
                _ => None,
            };
            let list = naive.children.entry(parent.clone()).or_default();
            match list.iter_mut().find(|(c, _)| *c == child) {
                Some((_, s)) => {
                    *s = match (*s, seq) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    }
                }
                None => {
                    list.push((child.clone(), seq));
                    naive.parents.entry(child).or_default().push(parent);
                }
            }
        }
        naive
    }

    fn text(&self, id: &str, key: &str) -> Option<String> {
        self.items.get(id).and_then(|(_, i)| i[key].as_str().map(str::to_owned))
    }

    fn cmp(&self, a: &(String, Option<i64>), b: &(String, Option<i64>)) -> Ordering {
        let t = |k: &str| (self.text(&a.0, k), self.text(&b.0, k));
        let order = |id: &str| self.items.get(id).map_or(usize::MAX, |(i, _)| *i);
        absent_last(a.1, b.1, |x, y| x.cmp(&y))
            .then_with(|| {
                let (x, y) = t("listEnumeration");
                absent_last(x.as_deref(), y.as_deref(), natural)
            })
            .then_with(|| {
                let (x, y) = t("humanCodingScheme");
                absent_last(x.as_deref(), y.as_deref(), natural)
            })
            .then_with(|| {
                let (x, y) = t("fullStatement");
                absent_last(x, y, |x, y| x.cmp(&y))
            })
            .then_with(|| order(&a.0).cmp(&order(&b.0)))
    }

    fn sorted(&self, parent: &str) -> Vec<(String, Option<i64>)> {
        let mut list = self.children.get(parent).cloned().unwrap_or_default();
        list.sort_by(|a, b| self.cmp(a, b));
        list
    }

    fn walk(&self, node: &str, depth: usize, path: &mut Vec<String>, out: &mut Vec<String>) {
        path.push(node.to_owned());
        for (child, _) in self.sorted(node) {
            if path.contains(&child) {
                continue;
            }
            out.push(format!("{}{child}", "  ".repeat(depth)));
            self.walk(&child, depth + 1, path, out);
        }
        path.pop();
    }

    fn below(&self, node: &str, seen: &mut HashSet<String>) {
        for (child, _) in self.sorted(node) {
            if seen.insert(child.clone()) {
                self.below(&child, seen);
            }
        }
    }

    /// The tree as indented identifiers, then `orphans:` and the orphan sub-forests.
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.walk(&self.doc.clone(), 0, &mut Vec::new(), &mut out);
        let mut reachable = HashSet::new();
        self.below(&self.doc, &mut reachable);
        let mut orphans: Vec<(String, Option<i64>)> =
            self.items.keys().filter(|id| !reachable.contains(*id)).map(|id| (id.clone(), None)).collect();
        orphans.sort_by(|a, b| self.cmp(a, b));
        let is_orphan = |id: &String| self.items.contains_key(id) && !reachable.contains(id);
        let (first, rest): (Vec<_>, Vec<_>) =
            orphans.into_iter().partition(|(id, _)| !self.parents.get(id).into_iter().flatten().any(is_orphan));
        out.push("orphans:".to_owned());
        let mut placed = HashSet::new();
        for (id, _) in first.into_iter().chain(rest) {
            if placed.insert(id.clone()) {
                self.below(&id, &mut placed);
                out.push(id.clone());
                self.walk(&id, 1, &mut Vec::new(), &mut out);
            }
        }
        out
    }
}

/// The outline of the graph's tree as indented identifiers, like [`Naive::lines`].
pub fn graph_lines(children: &[TreeNode], orphans: &[TreeNode]) -> Vec<String> {
    fn put(nodes: &[TreeNode], depth: usize, out: &mut Vec<String>) {
        for n in nodes {
            out.push(format!("{}{}", "  ".repeat(depth), n.identifier));
            put(&n.children, depth + 1, out);
        }
    }
    let mut out = Vec::new();
    put(children, 0, &mut out);
    out.push("orphans:".to_owned());
    put(orphans, 0, &mut out);
    out
}

#[test]
fn every_fixture_gives_the_tree_a_naive_reading_gives() {
    for name in FIXTURES {
        let (json, bytes) = read(name);
        let package = PackageFile::read(&bytes).unwrap().value.package;
        let graph = FrameworkGraph::from_package(&package);
        let tree = Tree::new(&graph, &package);
        let outline = tree.outline(&graph, &package, None);
        let expected = Naive::new(&json).lines();
        assert_eq!(graph_lines(&outline.children, &outline.orphans), expected, "{name}");
        assert!(tree.cycles().is_empty(), "{name}");
        assert!(!outline.truncated, "{name}");
        let items = json["CFItems"].as_array().unwrap().len();
        assert!(expected.len() > items, "{name}: every item placed at least once");
    }
}

#[test]
fn nodes_carry_their_code_and_statement() {
    let (json, bytes) = read("act-holistic-math-excerpt-ordering.json");
    let package = PackageFile::read(&bytes).unwrap().value.package;
    let graph = FrameworkGraph::from_package(&package);
    let outline = Tree::new(&graph, &package).outline(&graph, &package, None);
    let mut stack: Vec<&TreeNode> = outline.children.iter().collect();
    let mut seen = 0;
    while let Some(node) = stack.pop() {
        let item = json["CFItems"].as_array().unwrap().iter().find(|i| i["identifier"] == node.identifier.as_ref());
        let item = item.unwrap();
        assert_eq!(node.human_coding_scheme.as_deref(), item["humanCodingScheme"].as_str());
        assert_eq!(node.full_statement.as_deref(), item["fullStatement"].as_str());
        stack.extend(&node.children);
        seen += 1;
    }
    assert_eq!(seen, 28);
}

#[test]
fn sequence_numbers_alone_order_the_sequence_number_package() {
    let (json, bytes) = read("opensalt-ordering-sequence-numbers.json");
    let package = PackageFile::read(&bytes).unwrap().value.package;
    let graph = FrameworkGraph::from_package(&package);
    let outline = Tree::new(&graph, &package).outline(&graph, &package, None);
    assert!(outline.orphans.is_empty());
    let mut depth_max = 0;
    let mut levels = vec![(&outline.children, 1)];
    while let Some((list, depth)) = levels.pop() {
        depth_max = depth_max.max(depth);
        let seqs: Vec<i64> = list.iter().map(|n| n.sequence_number.unwrap()).collect();
        assert!(seqs.windows(2).all(|w| w[0] <= w[1]), "{seqs:?}");
        levels.extend(list.iter().filter(|n| !n.children.is_empty()).map(|n| (&n.children, depth + 1)));
    }
    assert_eq!(depth_max, 6);
    assert!(json["CFItems"].as_array().unwrap().iter().all(|i| i.get("listEnumeration").is_none()));
}

#[test]
fn url_identifiers_build_the_same_tree_as_any_other() {
    let (json, bytes) = read("ccss-math-asn-draft-2017.json");
    let package = PackageFile::read(&bytes).unwrap().value.package;
    let graph = FrameworkGraph::from_package(&package);
    let tree = Tree::new(&graph, &package);
    let root = tree.root().unwrap();
    assert_eq!(graph.node(root).identifier, "http://purl.org/ASN/resources/D10003FB");
    assert_eq!(tree.children(root).len(), 17);
    assert_eq!(tree.subtree_count(root), json["CFItems"].as_array().unwrap().len());
    let leaf = tree.children(tree.children(root)[3].node)[0].node;
    let crumbs = tree.breadcrumbs(leaf);
    assert_eq!(crumbs.len(), 1);
    assert_eq!(crumbs[0].first(), Some(&root));
    assert_eq!(crumbs[0].last(), Some(&leaf));
}
