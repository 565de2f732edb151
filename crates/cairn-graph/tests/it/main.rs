//! The framework graph of every real package, checked against an independent reading of the
//! package JSON.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod build;
mod crosswalk;
mod diff;
mod links;
mod roster;
mod shapes;
mod tree;

use std::collections::BTreeSet;

use cairn_graph::{FrameworkGraph, NodeKind};
use cairn_spec::case::PackageFile;
use serde_json::Value;

fn fixture(name: &str) -> (Value, FrameworkGraph<'static>) {
    let path = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case")
        .join(name);
    let bytes = std::fs::read(path).unwrap();
    let json: Value = serde_json::from_slice(&bytes).unwrap();
    let package = Box::leak(Box::new(PackageFile::read(&bytes).unwrap().value.package));
    let graph = FrameworkGraph::from_package(package);
    (json, graph)
}

/// Identifiers that associations reference but the package does not define.
fn external_ids(json: &Value) -> BTreeSet<String> {
    let mut defined: BTreeSet<String> =
        json["CFItems"].as_array().unwrap().iter().map(|i| i["identifier"].as_str().unwrap().to_owned()).collect();
    defined.insert(json["CFDocument"]["identifier"].as_str().unwrap().to_owned());
    json["CFAssociations"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|a| [&a["originNodeURI"]["identifier"], &a["destinationNodeURI"]["identifier"]])
        .filter_map(|v| v.as_str().map(str::to_owned))
        .filter(|id| !defined.contains(id))
        .collect()
}

#[test]
fn every_fixture_builds_with_one_edge_per_association() {
    for name in [
        "opensalt-what-standards-could-be-crosswalk.json",
        "act-holistic-math-excerpt-ordering.json",
        "ccss-math-asn-draft-2017.json",
        "opensalt-ordering-sequence-numbers.json",
        "opensalt-markdown-latex.json",
        "opensalt-utf8-astral.json",
    ] {
        let (json, graph) = fixture(name);
        let associations = json["CFAssociations"].as_array().unwrap().len();
        assert_eq!(graph.graph().edge_count(), associations, "{name}");
        assert!(graph.dangling.is_empty(), "{name}");
        assert_eq!(graph.count(NodeKind::Document), 1, "{name}");
        assert_eq!(graph.count(NodeKind::Item), json["CFItems"].as_array().unwrap().len(), "{name}");
        assert_eq!(graph.count(NodeKind::External), external_ids(&json).len(), "{name}");
    }
}

#[test]
fn crosswalk_targets_outside_the_package_are_external_nodes() {
    let (json, graph) = fixture("opensalt-what-standards-could-be-crosswalk.json");
    let externals = external_ids(&json);
    let non_child: Vec<_> = graph.graph().edge_indices().filter(|e| graph.graph()[*e].kind != "isChildOf").collect();
    let outside = non_child
        .iter()
        .filter(|e| graph.node(graph.graph().edge_endpoints(**e).unwrap().1).kind == NodeKind::External)
        .count();
    assert_eq!((non_child.len(), outside), (23, 21), "21 of 23 non-child targets are outside the package");
    for id in &externals {
        let node = graph.node(graph.find(id).unwrap());
        assert_eq!(node.kind, NodeKind::External);
        assert!(node.uri.is_some(), "{id}");
    }
}

#[test]
fn url_identifiers_work_like_any_other() {
    let (_, graph) = fixture("ccss-math-asn-draft-2017.json");
    let root = graph.find("http://purl.org/ASN/resources/D10003FB").unwrap();
    let children = graph.graph().neighbors_directed(root, petgraph::Direction::Incoming).count();
    assert_eq!(children, 17, "17 top-level nodes point at the document");
}
