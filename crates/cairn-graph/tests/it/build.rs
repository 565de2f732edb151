//! Hand-made packages for tests: a document `doc`, items given as `id|code|enumeration|statement`
//! and associations given as `origin type destination [seq] [grouping]`.

use cairn_graph::{FrameworkGraph, Tree};
use cairn_spec::case::{CfPackage, PackageFile};
use serde_json::{Value, json};

pub const DOC: &str = "doc";

/// The item `id|code|enumeration|statement` (empty parts are absent).
fn item(spec: &str) -> Value {
    let parts: Vec<&str> = spec.split('|').collect();
    let mut item = json!({"identifier": parts[0], "uri": format!("https://x.test/{}", parts[0]),
        "lastChangeDateTime": "2024-01-01T00:00:00Z"});
    for (i, key) in [(1, "humanCodingScheme"), (2, "listEnumeration"), (3, "fullStatement")] {
        if let Some(v) = parts.get(i).filter(|v| !v.is_empty()) {
            item[key] = json!(v);
        }
    }
    if item.get("fullStatement").is_none() {
        item["fullStatement"] = json!(parts[0]);
    }
    item
}

/// The association `origin type destination [seq] [grouping]`; an end written `ext:NAME`
/// becomes a link with a title, one written `bare:NAME` a link with the identifier only, one
/// written `str:NAME` the plain string URI of NAME, one written `uri:NAME` a link with NAME's
/// URI and no identifier.
fn association(n: usize, spec: &str) -> Value {
    let parts: Vec<&str> = spec.split_whitespace().collect();
    let link = |end: &str| {
        if let Some(id) = end.strip_prefix("ext:") {
            json!({"identifier": id, "uri": format!("https://other.test/{id}"), "title": format!("Other {id}")})
        } else if let Some(id) = end.strip_prefix("bare:") {
            json!({"identifier": id})
        } else if let Some(id) = end.strip_prefix("str:") {
            json!(format!("https://x.test/{id}"))
        } else if let Some(id) = end.strip_prefix("uri:") {
            json!({"uri": format!("https://x.test/{id}"), "title": id})
        } else {
            json!({"identifier": end, "uri": format!("https://x.test/{end}"), "title": end})
        }
    };
    let mut a = json!({
        "identifier": format!("a{n}"),
        "uri": format!("https://x.test/a{n}"),
        "associationType": parts[1],
        "originNodeURI": link(parts[0]),
        "destinationNodeURI": link(parts[2]),
        "lastChangeDateTime": "2024-01-01T00:00:00Z",
    });
    for extra in &parts[3..] {
        match extra.parse::<i64>() {
            Ok(seq) => a["sequenceNumber"] = json!(seq),
            Err(_) if extra.starts_with("g=") => {
                a["CFAssociationGroupingURI"] =
                    json!({"identifier": &extra[2..], "uri": "https://x.test/g", "title": "G"})
            }
            Err(_) => a["notes"] = json!(extra),
        }
    }
    a
}

/// The package JSON.
pub fn package_json(items: &[&str], associations: &[&str]) -> Value {
    json!({
        "CFDocument": {"identifier": DOC, "uri": "https://x.test/doc", "creator": "test", "title": "The document",
            "lastChangeDateTime": "2024-01-01T00:00:00Z"},
        "CFItems": items.iter().map(|s| item(s)).collect::<Vec<_>>(),
        "CFAssociations": associations.iter().enumerate().map(|(n, s)| association(n, s)).collect::<Vec<_>>(),
    })
}

/// The package read as the app reads it.
pub fn package(items: &[&str], associations: &[&str]) -> CfPackage {
    let bytes = serde_json::to_vec(&package_json(items, associations)).unwrap();
    PackageFile::read(&bytes).unwrap().value.package
}

/// Package (leaked: the graph borrows from it), graph and tree.
pub fn built(items: &[&str], associations: &[&str]) -> (&'static CfPackage, FrameworkGraph<'static>, Tree) {
    let package: &'static CfPackage = Box::leak(Box::new(package(items, associations)));
    let graph = FrameworkGraph::from_package(package);
    let tree = Tree::new(&graph, package);
    (package, graph, tree)
}
