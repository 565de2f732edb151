//! `cairn tree`: a framework imported into a new cache, shown as JSON (the plan's shape, in
//! tree order) and as indented text with its orphans and cycles.

use serde_json::{Value, json};

use super::{cairn, fixture};

const ACT: &str = "a33fc64e-5c40-11e7-82c4-3d54268aa9ee";

/// A new cache with the packages imported (under `connection`).
fn imported(dir: &tempfile::TempDir, connection: &str, files: &[&str]) -> String {
    let db = dir.path().join("cache.sqlite").to_str().unwrap().to_owned();
    for file in files {
        let (code, _, err) = cairn(&["import", "--db", &db, "--connection", connection, file]);
        assert_eq!(code, 0, "{err}");
    }
    db
}

fn tree_json(args: &[&str]) -> Value {
    let mut all = vec!["tree", "--json"];
    all.extend(args);
    let (code, out, err) = cairn(&all);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// Every node in preorder, with its depth.
fn preorder(nodes: &Value, depth: usize, out: &mut Vec<(usize, Value)>) {
    for node in nodes.as_array().unwrap() {
        out.push((depth, node.clone()));
        preorder(&node["children"], depth + 1, out);
    }
}

#[test]
fn json_has_the_plans_shape_in_tree_order() {
    let dir = tempfile::tempdir().unwrap();
    let db = imported(&dir, "local", &[&fixture("act-holistic-math-excerpt-ordering.json")]);
    let tree = tree_json(&["--db", &db, "--doc", ACT]);
    let keys: Vec<&str> = tree.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["identifier", "title", "children", "orphans", "cycles"]);
    assert_eq!(tree["identifier"], ACT);
    assert_eq!(tree["orphans"], json!([]));
    assert_eq!(tree["cycles"], json!([]));
    let mut nodes = Vec::new();
    preorder(&tree["children"], 1, &mut nodes);
    assert_eq!(nodes.len(), 28, "every item once");
    assert_eq!(nodes.iter().map(|(d, _)| *d).max(), Some(5));
    for (_, node) in &nodes {
        for key in ["identifier", "humanCodingScheme", "fullStatement", "children"] {
            assert!(node.get(key).is_some(), "{key} in {node}");
        }
    }
    let codes: Vec<&str> = nodes.iter().map(|(_, n)| n["humanCodingScheme"].as_str().unwrap()).collect();
    let at = |c: &str| codes.iter().position(|x| *x == c).unwrap();
    assert!(at("H.A.MATH.GM.PF.2DFP.L1.2") < at("H.A.MATH.GM.PF.2DFP.L1.10"), "natural order: {codes:?}");
    let shallow = tree_json(&["--db", &db, "--doc", ACT, "--depth", "1"]);
    let top = shallow["children"].as_array().unwrap();
    assert_eq!(top.len(), tree["children"].as_array().unwrap().len());
    assert!(top.iter().all(|n| n["children"] == json!([])));
}

#[test]
fn sequence_numbers_order_siblings_and_urls_work_as_identifiers() {
    let dir = tempfile::tempdir().unwrap();
    let db = imported(
        &dir,
        "local",
        &[&fixture("opensalt-ordering-sequence-numbers.json"), &fixture("ccss-math-asn-draft-2017.json")],
    );
    let package: Value =
        serde_json::from_slice(&std::fs::read(fixture("opensalt-ordering-sequence-numbers.json")).unwrap()).unwrap();
    let doc = package["CFDocument"]["identifier"].as_str().unwrap();
    let tree = tree_json(&["--db", &db, "--doc", doc]);
    let mut lists = vec![tree["children"].clone()];
    let mut count = 0;
    while let Some(list) = lists.pop() {
        let seqs: Vec<i64> = list.as_array().unwrap().iter().map(|n| n["sequenceNumber"].as_i64().unwrap()).collect();
        assert!(seqs.windows(2).all(|w| w[0] <= w[1]), "{seqs:?}");
        count += seqs.len();
        lists.extend(list.as_array().unwrap().iter().map(|n| n["children"].clone()));
    }
    assert_eq!(count, 65);
    let ccss = tree_json(&["--db", &db, "--doc", "http://purl.org/ASN/resources/D10003FB"]);
    assert_eq!(ccss["children"].as_array().unwrap().len(), 17);
    let mut nodes = Vec::new();
    preorder(&ccss["children"], 1, &mut nodes);
    assert_eq!(nodes.len(), 703);
    assert!(nodes.iter().all(|(_, n)| n["identifier"].as_str().unwrap().starts_with("http://")));
}

/// A package with an item under two parents, an orphan with a child, and a cycle.
fn awkward(dir: &tempfile::TempDir) -> String {
    let item = |id: &str, code: &str| {
        json!({"identifier": id, "uri": format!("urn:{id}"), "humanCodingScheme": code,
            "fullStatement": format!("Statement of {code}"), "lastChangeDateTime": "2024-01-01T00:00:00Z"})
    };
    let child = |n: usize, origin: &str, destination: &str| {
        json!({"identifier": format!("a{n}"), "uri": format!("urn:a{n}"), "associationType": "isChildOf",
            "originNodeURI": {"identifier": origin, "uri": format!("urn:{origin}"), "title": origin},
            "destinationNodeURI": {"identifier": destination, "uri": format!("urn:{destination}"), "title": destination},
            "lastChangeDateTime": "2024-01-01T00:00:00Z"})
    };
    let package = json!({
        "CFDocument": {"identifier": "doc-1", "uri": "urn:doc-1", "creator": "test", "title": "Awkward framework",
            "lastChangeDateTime": "2024-01-01T00:00:00Z"},
        "CFItems": [item("a", "A"), item("b", "B"), item("x", "X"), item("o", "O"), item("o1", "O.1"),
            item("p", "P"), item("q", "Q")],
        "CFAssociations": [child(1, "a", "doc-1"), child(2, "b", "doc-1"), child(3, "x", "a"), child(4, "x", "b"),
            child(5, "o1", "o"), child(6, "p", "q"), child(7, "q", "p")],
    });
    let path = dir.path().join("awkward.json");
    std::fs::write(&path, serde_json::to_vec(&package).unwrap()).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn several_parents_orphans_and_cycles_in_json_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let file = awkward(&dir);
    let db = imported(&dir, "local", &[&file]);
    let tree = tree_json(&["--db", &db, "--doc", "doc-1"]);
    let ids = |nodes: &Value| -> Vec<String> {
        let mut all = Vec::new();
        preorder(nodes, 0, &mut all);
        all.iter().map(|(d, n)| format!("{}{}", "  ".repeat(*d), n["identifier"].as_str().unwrap())).collect()
    };
    assert_eq!(ids(&tree["children"]), ["a", "  x", "b", "  x"]);
    assert_eq!(ids(&tree["orphans"]), ["o", "  o1", "p", "  q"]);
    assert_eq!(tree["cycles"], json!([["p", "q"]]));

    let (code, out, err) = cairn(&["tree", "--db", &db, "--doc", "doc-1"]);
    assert_eq!(code, 0, "{err}");
    let expected = "Awkward framework (doc-1)\n  A  Statement of A\n    X  Statement of X\n  B  Statement of B\n    X  \
        Statement of X\n\nOrphans (no path to the document):\n  O  Statement of O\n    O.1  Statement of O.1\n  P  \
        Statement of P\n    Q  Statement of Q\n\nCycles (isChildOf links that loop; not followed):\n  p -> q -> p\n";
    assert_eq!(out, expected);
}

#[test]
fn long_statements_are_cut_to_a_line() {
    let dir = tempfile::tempdir().unwrap();
    let db = imported(&dir, "local", &[&fixture("opensalt-markdown-latex.json")]);
    let package: Value =
        serde_json::from_slice(&std::fs::read(fixture("opensalt-markdown-latex.json")).unwrap()).unwrap();
    let doc = package["CFDocument"]["identifier"].as_str().unwrap();
    let (code, out, err) = cairn(&["tree", "--db", &db, "--doc", doc]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3, "title and two items, one line each: {out}");
    assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
    assert!(out.lines().skip(1).all(|l| l.starts_with("  ")), "{out}");
}

#[test]
fn unknown_frameworks_missing_caches_and_ambiguous_connections_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let file = fixture("act-holistic-math-excerpt-ordering.json");
    let db = imported(&dir, "first", &[&file]);
    imported(&dir, "second", &[&file]);
    let (code, _, err) = cairn(&["tree", "--db", &db, "--doc", ACT]);
    assert_eq!(code, 2);
    assert!(err.contains("cached by several connections (first, second)"), "{err}");
    let tree = tree_json(&["--db", &db, "--doc", ACT, "--connection", "second"]);
    assert_eq!(tree["identifier"], ACT);
    let (code, _, err) = cairn(&["tree", "--db", &db, "--doc", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no framework nope in the cache"), "{err}");
    let (code, _, err) = cairn(&["tree", "--db", &db, "--doc", ACT, "--connection", "third"]);
    assert_eq!(code, 2);
    assert!(err.contains("no connection \"third\""), "{err}");
    let (code, _, err) = cairn(&["tree", "--db", "/nonexistent/cache.sqlite", "--doc", ACT]);
    assert_eq!(code, 2);
    assert!(err.contains("no cache at"), "{err}");
}
