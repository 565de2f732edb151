//! Crosswalks of hand-made packages covering every association type, URL identifiers, URI-only
//! matches and external ends; and of real packages linked by a hand-made association package.

use std::collections::{BTreeMap, BTreeSet};

use cairn_graph::crosswalk::{Crosswalk, Direction, MatchedBy, crosswalk};
use cairn_spec::Wire;
use cairn_spec::case::{CfPackage, PackageFile};
use serde_json::{Value, json};

fn package(value: Value) -> CfPackage {
    CfPackage::from_json(value).unwrap()
}

fn real(name: &str) -> (Value, CfPackage) {
    let path = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case")
        .join(name);
    let bytes = std::fs::read(path).unwrap();
    (serde_json::from_slice(&bytes).unwrap(), PackageFile::read(&bytes).unwrap().value.package)
}

fn doc(id: &str, title: &str) -> Value {
    json!({"identifier": id, "uri": format!("{id}/uri"), "title": title, "creator": "test",
           "lastChangeDateTime": "2024-01-01T00:00:00Z"})
}

fn item(id: &str, code: Option<&str>) -> Value {
    let mut item = json!({"identifier": id, "uri": format!("https://items.example/{id}"),
                          "fullStatement": format!("statement {id}"), "lastChangeDateTime": "2024-01-01T00:00:00Z"});
    if let Some(code) = code {
        item["humanCodingScheme"] = json!(code);
    }
    item
}

fn link(id: &str) -> Value {
    json!({"title": id, "identifier": id, "uri": format!("https://items.example/{id}")})
}

fn association(id: &str, kind: &str, origin: Value, destination: Value) -> Value {
    json!({"identifier": id, "associationType": kind, "uri": format!("https://links.example/{id}"),
           "originNodeURI": origin, "destinationNodeURI": destination, "lastChangeDateTime": "2024-01-01T00:00:00Z"})
}

const F: &str = "https://frameworks.example/F";
const T: &str = "https://frameworks.example/T";

/// FROM: five items (one with a URL identifier, one without a code); TO: four items.
fn hand_made() -> (CfPackage, CfPackage, CfPackage) {
    let from = package(json!({
        "CFDocument": doc(F, "From"),
        "CFItems": [item("f1", Some("F.1")), item("f2", Some("F.2")), item("f10", Some("F.10")),
                    item("https://frameworks.example/F/items/3", Some("F.3")), item("f-nocode", None)],
        "CFAssociations": [
            association("a-child", "isChildOf", link("f1"), link(F)),
            association("a-exact", "exactMatchOf", link("f1"), link("t1")),
            association("a-related", "isRelatedTo", link("f2"), link("t2")),
            association("a-external", "exactMatchOf", link("f2"), link("somewhere-else")),
            association("a-cross-child", "isChildOf", link("f10"), link("t1")),
        ],
    }));
    let to = package(json!({
        "CFDocument": doc(T, "To"),
        "CFItems": [item("t1", Some("T.1")), item("t2", Some("T.2")), item("t3", Some("T.3")),
                    item("t-uri", Some("T.4"))],
        "CFAssociations": [
            association("a-peer", "isPeerOf", link("t3"), link("https://frameworks.example/F/items/3")),
            association("a-precedes", "precedes", link("t1"), link("f2")),
            association("a-exact", "exactMatchOf", link("f1"), link("t1")),
        ],
    }));
    // A third package holding the other types, a URI-only match and a plain-string link.
    let uri_only = json!({"title": "by uri", "identifier": "old-id-of-t-uri", "uri": "https://items.example/t-uri"});
    let links = package(json!({
        "CFDocument": doc("links", "Links"),
        "CFAssociations": [
            association("a-part", "isPartOf", link("f1"), link("t2")),
            association("a-replaced", "replacedBy", link("f10"), uri_only),
            association("a-exemplar", "exemplar", link("f2"), link("t3")),
            association("a-skill", "hasSkillLevel", link("t2"), link("f10")),
            association("a-translation", "isTranslationOf", json!("f1"), json!("t3")),
            association("a-ext", "ext:crosswalks", link("f2"), link("t1")),
            association("a-case", "ExactMatchOf", link("f10"), link("t3")),
            association("a-same-side", "isRelatedTo", link("f1"), link("f2")),
        ],
    }));
    (from, to, links)
}

fn types(cw: &Crosswalk) -> Vec<(&str, usize)> {
    cw.groups.iter().map(|g| (g.association_type.as_str(), g.pairs.len())).collect()
}

#[test]
fn every_association_type_links_the_two_frameworks() {
    let (from, to, links) = hand_made();
    let cw = crosswalk(&from, &to, &[&links]);
    assert_eq!(
        types(&cw),
        [
            ("isChildOf", 1),
            ("isPeerOf", 1),
            ("isPartOf", 1),
            ("exactMatchOf", 2),
            ("precedes", 1),
            ("isRelatedTo", 1),
            ("replacedBy", 1),
            ("exemplar", 1),
            ("hasSkillLevel", 1),
            ("isTranslationOf", 1),
            ("ext:crosswalks", 1),
        ]
    );
    assert_eq!(cw.pairs, 12);
    assert_eq!((cw.associations_scanned, cw.duplicates), (15, 1), "a-exact is in FROM and TO");

    // Pairs of a type follow FROM in tree order: f1 under the document, then orphans by code.
    let exact = &cw.groups[3].pairs;
    assert_eq!(
        exact.iter().map(|p| (p.from.identifier.as_str(), p.to.identifier.as_str())).collect::<Vec<_>>(),
        [("f1", "t1"), ("f10", "t3")]
    );
    assert_eq!(exact[1].association_type, "ExactMatchOf", "the type as stored, grouped under its defined spelling");
    assert_eq!(exact[0].found_in, F);

    let peer = &cw.groups[1].pairs[0];
    assert_eq!(peer.direction, Direction::ToFrom);
    assert_eq!(peer.from.identifier, "https://frameworks.example/F/items/3");
    assert_eq!(peer.from.human_coding_scheme.as_deref(), Some("F.3"));
    assert_eq!(peer.association_identifier.as_deref(), Some("a-peer"));

    let replaced = &cw.groups[6].pairs[0];
    assert_eq!((replaced.to.identifier.as_str(), replaced.matched_by), ("t-uri", MatchedBy::Uri));
    let translation = &cw.groups[9].pairs[0];
    assert_eq!((translation.from.identifier.as_str(), translation.to.identifier.as_str()), ("f1", "t3"));
    assert_eq!(translation.matched_by, MatchedBy::Identifier, "a plain-string link is an identifier");
}

#[test]
fn coverage_counts_items_with_a_counterpart_overall_and_per_type() {
    let (from, to, links) = hand_made();
    let cw = crosswalk(&from, &to, &[&links]);
    assert_eq!((cw.from.document.as_str(), cw.from.title.as_deref()), (F, Some("From")));
    assert_eq!((cw.from.items, cw.from.covered), (5, 4));
    assert!((cw.from.share - 0.8).abs() < 1e-9);
    let uncovered: Vec<_> =
        cw.from.uncovered.iter().map(|i| (i.identifier.as_str(), i.human_coding_scheme.as_deref())).collect();
    assert_eq!(uncovered, [("f-nocode", None)]);
    assert_eq!((cw.to.items, cw.to.covered), (4, 4));
    assert!(cw.to.uncovered.is_empty());
    let exact = cw.from.by_type.iter().find(|t| t.association_type == "exactMatchOf").unwrap();
    assert_eq!(exact.covered, 2);
    assert!((exact.share - 0.4).abs() < 1e-9);
    assert_eq!(cw.from.by_type.len(), cw.groups.len());

    // Without the third package only the links FROM and TO hold themselves count.
    let alone = crosswalk(&from, &to, &[]);
    assert_eq!(
        types(&alone),
        [("isChildOf", 1), ("isPeerOf", 1), ("exactMatchOf", 1), ("precedes", 1), ("isRelatedTo", 1)]
    );
    assert_eq!(alone.from.covered, 4);
    let uncovered: Vec<_> = alone.to.uncovered.iter().map(|i| i.identifier.as_str()).collect();
    assert_eq!(uncovered, ["t-uri"]);

    // The other way round, directions flip and FROM is the other framework.
    let back = crosswalk(&to, &from, &[&links]);
    assert_eq!(back.pairs, 12);
    assert_eq!(back.groups[1].pairs[0].direction, Direction::FromTo);
    assert_eq!(back.from.document, T);
}

#[test]
fn the_crosswalk_serialises_with_camel_case_names() {
    let (from, to, links) = hand_made();
    let value = serde_json::to_value(crosswalk(&from, &to, &[&links])).unwrap();
    assert_eq!(value["groups"][0]["associationType"], "isChildOf");
    assert_eq!(value["groups"][0]["pairs"][0]["direction"], "fromTo");
    assert_eq!(value["groups"][6]["pairs"][0]["matchedBy"], "uri");
    assert_eq!(value["from"]["uncovered"][0]["identifier"], "f-nocode");
    assert_eq!(value["to"]["byType"][0]["covered"], 1);
}

#[test]
fn a_real_crosswalk_package_against_the_targets_it_names() {
    let (json, wscb) = real("opensalt-what-standards-could-be-crosswalk.json");
    let defined: BTreeSet<&str> =
        json["CFItems"].as_array().unwrap().iter().map(|i| i["identifier"].as_str().unwrap()).collect();
    // TO: one item per external target of an exactMatchOf or isRelatedTo link.
    let mut targets = BTreeSet::new();
    let mut expected: BTreeMap<String, usize> = BTreeMap::new();
    for a in json["CFAssociations"].as_array().unwrap() {
        let kind = a["associationType"].as_str().unwrap();
        let destination = a["destinationNodeURI"]["identifier"].as_str().unwrap();
        if matches!(kind, "exactMatchOf" | "isRelatedTo") && !defined.contains(destination) {
            targets.insert(destination);
        }
    }
    for a in json["CFAssociations"].as_array().unwrap() {
        let (o, d) = (
            a["originNodeURI"]["identifier"].as_str().unwrap(),
            a["destinationNodeURI"]["identifier"].as_str().unwrap(),
        );
        if (defined.contains(o) && targets.contains(d)) || (targets.contains(o) && defined.contains(d)) {
            *expected.entry(a["associationType"].as_str().unwrap().to_owned()).or_default() += 1;
        }
    }
    let items: Vec<Value> = targets.iter().map(|t| item(t, None)).collect();
    let to = package(json!({"CFDocument": doc("asn", "ASN targets"), "CFItems": items}));
    let cw = crosswalk(&wscb, &to, &[]);
    let got: BTreeMap<String, usize> = cw.groups.iter().map(|g| (g.association_type.clone(), g.pairs.len())).collect();
    assert_eq!(got, expected);
    assert_eq!(got.get("exactMatchOf"), Some(&16));
    assert_eq!(cw.to.covered, targets.len());
    assert_eq!(cw.from.items, 16);
}

#[test]
fn two_real_frameworks_linked_by_a_third_package() {
    let (act_json, act) = real("act-holistic-math-excerpt-ordering.json");
    let (ccss_json, ccss) = real("ccss-math-asn-draft-2017.json");
    let pick = |json: &Value, n: usize| json["CFItems"][n]["identifier"].as_str().unwrap().to_owned();
    let (a0, a1, a2) = (pick(&act_json, 0), pick(&act_json, 1), pick(&act_json, 2));
    let (c0, c1, c2) = (pick(&ccss_json, 10), pick(&ccss_json, 20), pick(&ccss_json, 30));
    assert!(c0.starts_with("http"), "CCSS identifiers are URLs");
    let links = package(json!({
        "CFDocument": doc("links", "ACT to CCSS"),
        "CFAssociations": [
            association("l1", "exactMatchOf", link(&a0), link(&c0)),
            association("l2", "exactMatchOf", link(&a1), link(&c1)),
            association("l3", "isRelatedTo", link(&c2), link(&a2)),
            association("l4", "isRelatedTo", link(&a2), link(&c2)),
            association("l5", "exactMatchOf", link(&a0), link("not-in-either")),
        ],
    }));
    let cw = crosswalk(&act, &ccss, &[&links]);
    assert_eq!(types(&cw), [("exactMatchOf", 2), ("isRelatedTo", 2)]);
    assert_eq!(cw.associations_scanned, 28 + 703 + 5);
    assert_eq!((cw.from.items, cw.from.covered, cw.from.uncovered.len()), (28, 3, 25));
    assert_eq!((cw.to.items, cw.to.covered, cw.to.uncovered.len()), (703, 3, 700));
    let related = &cw.groups[1].pairs;
    assert_eq!(related.iter().map(|p| p.direction).collect::<Vec<_>>(), [Direction::ToFrom, Direction::FromTo]);
    // Uncovered items come in tree order: each after its parent.
    let position: std::collections::HashMap<&str, usize> =
        cw.to.uncovered.iter().enumerate().map(|(i, item)| (item.identifier.as_str(), i)).collect();
    let mut checked = 0;
    for a in ccss_json["CFAssociations"].as_array().unwrap() {
        let (child, parent) = (
            a["originNodeURI"]["identifier"].as_str().unwrap(),
            a["destinationNodeURI"]["identifier"].as_str().unwrap(),
        );
        if let (Some(c), Some(p)) = (position.get(child), position.get(parent)) {
            assert!(p < c, "{parent} before {child}");
            checked += 1;
        }
    }
    assert!(checked > 600, "{checked}");
}

/// Every pair's (from, to, type).
fn pairs(walk: &Crosswalk) -> BTreeSet<(String, String, String)> {
    walk.groups
        .iter()
        .flat_map(|g| g.pairs.iter())
        .map(|p| (p.from.identifier.clone(), p.to.identifier.clone(), p.association_type.clone()))
        .collect()
}

#[test]
fn numbered_associations_in_two_packages_are_told_apart_by_their_ends() {
    // Both packages number their associations from a1: FROM's a1 is its tree, the links
    // package's a1 is a match.
    let from = package(json!({"CFDocument": doc(F, "From"), "CFItems": [item("f1", None)],
        "CFAssociations": [association("a1", "isChildOf", link("f1"), link(F))]}));
    let to = package(json!({"CFDocument": doc(T, "To"), "CFItems": [item("t1", None)], "CFAssociations": []}));
    let links = package(json!({"CFDocument": doc("L", "Links"), "CFItems": [],
        "CFAssociations": [association("a1", "exactMatchOf", link("f1"), link("t1"))]}));
    let walk = crosswalk(&from, &to, &[&links]);
    assert_eq!(pairs(&walk), BTreeSet::from([("f1".into(), "t1".into(), "exactMatchOf".into())]));
    assert_eq!((walk.from.covered, walk.to.covered), (1, 1));
}

#[test]
fn links_within_one_framework_are_not_pairs_even_over_shared_items() {
    // Both frameworks hold the item s; FROM's own tree links s under f1.
    let from = package(json!({"CFDocument": doc(F, "From"), "CFItems": [item("f1", None), item("s", None)],
        "CFAssociations": [association("a-tree", "isChildOf", link("s"), link("f1")),
                           association("a-match", "exactMatchOf", link("f1"), link("t1"))]}));
    let to = package(json!({"CFDocument": doc(T, "To"), "CFItems": [item("t1", None), item("s", None)],
        "CFAssociations": []}));
    let walk = crosswalk(&from, &to, &[]);
    assert_eq!(pairs(&walk), BTreeSet::from([("f1".into(), "t1".into(), "exactMatchOf".into())]));
    let same = crosswalk(&from, &from, &[]);
    assert!(pairs(&same).is_empty(), "a framework against itself has no pairs: {:?}", pairs(&same));
}
