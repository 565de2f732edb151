//! Relationships of an item, bounded neighbourhoods, progressions and rubrics, on hand-made
//! packages.

use cairn_graph::{
    ASSOCIATION_TYPES, End, FrameworkGraph, NodeKind, RelationDirection, criteria_of, neighbourhood, progressions,
    progressions_through, relations, rubrics,
};
use cairn_spec::case::PackageFile;
use serde_json::json;

use super::build::{built, package_json};

#[test]
fn every_association_type_is_listed_by_type_and_direction_with_the_other_end_resolved() {
    let mut associations: Vec<String> =
        ASSOCIATION_TYPES.iter().enumerate().map(|(i, t)| format!("a {t} ext:t{i}")).collect();
    associations.push("a ext:isTaughtWith bare:mystery".into());
    associations.push("b isChildOf a 2".into());
    associations.push("c isChildOf a 1".into());
    associations.push("a isChildOf doc".into());
    associations.push("a isRelatedTo b see-also".into());
    associations.push("a ISRELATEDTO c g=grp".into());
    let associations: Vec<&str> = associations.iter().map(String::as_str).collect();
    let (package, graph, _) = built(&["a|A", "b|B", "c|C"], &associations);
    let groups = relations(&graph, package, graph.find("a").unwrap());
    let summary: Vec<String> = groups
        .iter()
        .map(|g| {
            let others: Vec<&str> = g.relations.iter().map(|r| r.other.identifier()).collect();
            format!("{} {:?} {}", g.association_type, g.direction, others.join(","))
        })
        .collect();
    assert_eq!(
        summary,
        [
            "isChildOf Outgoing t0,doc",
            "isChildOf Incoming c,b",
            "isPartOf Outgoing t1",
            "precedes Outgoing t2",
            "exactMatchOf Outgoing t3",
            "isRelatedTo Outgoing t4,b,c",
            "isPeerOf Outgoing t5",
            "replacedBy Outgoing t6",
            "exemplar Outgoing t7",
            "hasSkillLevel Outgoing t8",
            "isTranslationOf Outgoing t9",
            "ext:isTaughtWith Outgoing mystery",
        ]
    );
    let related = &groups[5].relations;
    assert_eq!(related[1].notes.as_deref(), Some("see-also"));
    assert_eq!(related[2].grouping.as_deref(), Some("grp"));
    assert!(matches!(&related[0].other, End::External { title: Some(t), .. } if t == "Other t4"));
    assert!(matches!(&related[1].other, End::Item { human_coding_scheme: Some(c), .. } if c == "B"));
    assert!(matches!(groups[0].relations[1].other, End::Document { .. }));
    assert!(matches!(groups[11].relations[0].other, End::Unknown { .. }));
    assert_eq!(groups[1].direction, RelationDirection::Incoming);
    assert_eq!(groups[1].relations[0].sequence_number, Some(1));
    assert_eq!(graph.count(NodeKind::External), 11);
    let json = serde_json::to_value(&groups[11]).unwrap();
    assert_eq!(
        json,
        json!({"associationType": "ext:isTaughtWith", "direction": "outgoing", "relations": [{"associationIndex": 10,
            "identifier": "a10", "other": {"kind": "unknown", "identifier": "mystery"}, "sequenceNumber": null,
            "grouping": null, "notes": null}]})
    );
}

/// A star of `n` items around `hub`, each also a child of the document.
fn star(n: usize) -> (Vec<String>, Vec<String>) {
    let items: Vec<String> = std::iter::once("hub".to_owned()).chain((0..n).map(|i| format!("s{i}"))).collect();
    let mut associations = vec!["hub isChildOf doc".to_owned()];
    associations.extend((0..n).map(|i| format!("s{i} isRelatedTo hub")));
    associations.extend((0..n).map(|i| format!("s{i} isChildOf doc")));
    (items, associations)
}

#[test]
fn neighbourhoods_stop_at_their_depth_and_size() {
    let (items, associations) = star(10);
    let items: Vec<&str> = items.iter().map(String::as_str).collect();
    let associations: Vec<&str> = associations.iter().map(String::as_str).collect();
    let (package, graph, _) = built(&items, &associations);
    let hub = graph.find("hub").unwrap();
    let one = neighbourhood(&graph, package, hub, 1, 100);
    assert_eq!(one.nodes.len(), 12, "hub, the document, ten spokes");
    assert_eq!(one.nodes[0].distance, 0);
    assert_eq!(one.nodes[1].end.identifier(), "doc", "the first association first");
    assert_eq!(one.edges.len(), 21, "every association among them");
    assert!(!one.truncated);
    let s0 = graph.find("s0").unwrap();
    let from_spoke = neighbourhood(&graph, package, s0, 1, 100);
    assert_eq!(from_spoke.nodes.len(), 3);
    assert_eq!(from_spoke.edges.len(), 3, "hub isChildOf doc joins them");
    let two = neighbourhood(&graph, package, s0, 2, 100);
    assert_eq!(two.nodes.len(), 12);
    assert_eq!(two.nodes.iter().filter(|n| n.distance == 2).count(), 9);
    let capped = neighbourhood(&graph, package, s0, 2, 5);
    assert_eq!(capped.nodes.len(), 5);
    assert!(capped.truncated);
    assert!(capped.edges.iter().all(|e| capped.nodes.iter().any(|n| n.end.identifier() == e.origin)
        && capped.nodes.iter().any(|n| n.end.identifier() == e.destination)));
    assert_eq!(neighbourhood(&graph, package, s0, 0, 5).nodes.len(), 1);
    assert!(neighbourhood(&graph, package, s0, 2, 0).nodes.is_empty());
}

#[test]
fn progressions_are_maximal_chains_and_survive_cycles() {
    let (_, graph, _) = built(
        &["a", "b", "c", "d", "p", "q", "x"],
        &["a precedes b", "b precedes d 2", "b precedes c 1", "p precedes q", "q precedes p", "x isChildOf doc"],
    );
    let names = |steps: &[petgraph::graph::NodeIndex]| {
        steps.iter().map(|n| graph.node(*n).identifier).collect::<Vec<_>>().join(">")
    };
    let all: Vec<(String, bool)> = progressions(&graph).iter().map(|p| (names(&p.steps), p.cyclic)).collect();
    assert_eq!(all, [("a>b>c".into(), false), ("a>b>d".into(), false), ("p>q".into(), true)]);
    let through_d: Vec<String> =
        progressions_through(&graph, graph.find("d").unwrap()).iter().map(|p| names(&p.steps)).collect();
    assert_eq!(through_d, ["a>b>d"]);

    // c precedes two nodes of its own path: one cyclic chain, listed once.
    let (_, graph, _) = built(&["a", "b", "c"], &["a precedes b", "b precedes c", "c precedes a", "c precedes b"]);
    let names = |steps: &[petgraph::graph::NodeIndex]| {
        steps.iter().map(|n| graph.node(*n).identifier).collect::<Vec<_>>().join(">")
    };
    let all: Vec<(String, bool)> = progressions(&graph).iter().map(|p| (names(&p.steps), p.cyclic)).collect();
    assert_eq!(all, [("a>b>c".into(), true)]);
}

#[test]
fn rubric_criteria_link_to_their_items_in_position_order() {
    let mut json = package_json(&["a|A.1", "b|B.1"], &["a isChildOf doc", "b isChildOf doc"]);
    let level = |id: &str, pos: i64| {
        json!({"identifier": id, "uri": "https://x.test/l", "position": pos,
        "quality": id, "score": pos as f64, "lastChangeDateTime": "2024-01-01T00:00:00Z"})
    };
    let criterion = |id: &str, pos: Option<i64>, item: &str| {
        let mut c = json!({"identifier": id, "uri": "https://x.test/c", "description": id,
            "CFItemURI": {"identifier": item, "uri": "https://x.test/i", "title": item},
            "lastChangeDateTime": "2024-01-01T00:00:00Z",
            "CFRubricCriterionLevels": [level("high", 2), level("low", 1)]});
        if let Some(pos) = pos {
            c["position"] = json!(pos);
        }
        c
    };
    json["CFRubrics"] = json!([{"identifier": "r1", "uri": "https://x.test/r", "title": "Rubric",
        "lastChangeDateTime": "2024-01-01T00:00:00Z",
        "CFRubricCriteria": [criterion("c3", None, "elsewhere"), criterion("c2", Some(2), "a"), criterion("c1", Some(1), "b")]}]);
    let package = PackageFile::read(&serde_json::to_vec(&json).unwrap()).unwrap().value.package;
    let graph = FrameworkGraph::from_package(&package);
    let views = rubrics(&graph, &package);
    assert_eq!(views.len(), 1);
    let order: Vec<_> = views[0].criteria.iter().map(|c| c.identifier.as_deref().unwrap()).collect();
    assert_eq!(order, ["c1", "c2", "c3"]);
    assert!(matches!(&views[0].criteria[0].item, Some(End::Item { human_coding_scheme: Some(c), .. }) if c == "B.1"));
    assert!(matches!(&views[0].criteria[2].item, Some(End::Unknown { identifier }) if identifier == "elsewhere"));
    let levels: Vec<_> = views[0].criteria[0].levels.iter().map(|l| l.quality.as_deref().unwrap()).collect();
    assert_eq!(levels, ["low", "high"]);
    let of_a = criteria_of(&graph, &package, "a");
    assert_eq!(of_a.len(), 1);
    assert_eq!((of_a[0].0.title.as_deref(), of_a[0].1.identifier.as_deref()), (Some("Rubric"), Some("c2")));
}
