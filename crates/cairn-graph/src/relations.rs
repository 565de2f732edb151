//! Every association of a node, grouped by type and direction, with the other end resolved:
//! what the item page lists under "Relationships".

use std::cmp::Ordering;

use cairn_spec::case::CfPackage;
use petgraph::Direction;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

use crate::end::End;
use crate::framework::FrameworkGraph;

/// The defined association types, in the order views list them (`ext:` types follow).
pub const ASSOCIATION_TYPES: [&str; 10] = [
    "isChildOf",
    "isPartOf",
    "precedes",
    "exactMatchOf",
    "isRelatedTo",
    "isPeerOf",
    "replacedBy",
    "exemplar",
    "hasSkillLevel",
    "isTranslationOf",
];

/// Which end of the association the node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RelationDirection {
    /// The node is the origin (`node isChildOf other`).
    Outgoing,
    /// The node is the destination (`other isChildOf node`).
    Incoming,
}

/// One association seen from a node.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Relation {
    /// Position in the package's `CFAssociations`.
    pub association_index: usize,
    /// The association's identifier.
    pub identifier: Option<String>,
    /// The other end.
    pub other: End,
    /// The association's `sequenceNumber`.
    pub sequence_number: Option<i64>,
    /// The identifier of its grouping.
    pub grouping: Option<String>,
    /// Its notes.
    pub notes: Option<String>,
}

/// The associations of one type in one direction.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RelationGroup {
    /// The association type as given (`isChildOf`, `ext:...`).
    pub association_type: String,
    /// Whether the node is the origin or the destination.
    pub direction: RelationDirection,
    /// The associations, by sequence number (absent last), then package order.
    pub relations: Vec<Relation>,
}

/// Every association of `node`, grouped by type (defined types in [`ASSOCIATION_TYPES`] order,
/// then others by name) and direction (outgoing first). A self-association is listed in both
/// directions.
pub fn relations(graph: &FrameworkGraph, package: &CfPackage, node: NodeIndex) -> Vec<RelationGroup> {
    let g = graph.graph();
    let associations = package.associations.as_ref().map(|m| m.iter().as_slice()).unwrap_or(&[]);
    let mut found: Vec<(usize, &str, RelationDirection, Relation)> = Vec::new();
    for (direction, petgraph_direction) in
        [(RelationDirection::Outgoing, Direction::Outgoing), (RelationDirection::Incoming, Direction::Incoming)]
    {
        for edge in g.edges_directed(node, petgraph_direction) {
            let w = edge.weight();
            let other = if direction == RelationDirection::Outgoing { edge.target() } else { edge.source() };
            let rank = w
                .standard
                .and_then(|s| ASSOCIATION_TYPES.iter().position(|t| *t == s))
                .unwrap_or(ASSOCIATION_TYPES.len());
            let kind = w.standard.unwrap_or(w.kind);
            let relation = Relation {
                association_index: w.association_index,
                identifier: associations
                    .get(w.association_index)
                    .and_then(|a| a.identifier.as_deref())
                    .map(str::to_owned),
                other: End::of(graph, package, other),
                sequence_number: w.sequence_number,
                grouping: w.grouping.map(str::to_owned),
                notes: w.notes.map(str::to_owned),
            };
            found.push((rank, kind, direction, relation));
        }
    }
    found.sort_by(|a, b| {
        (a.0, a.1, a.2)
            .cmp(&(b.0, b.1, b.2))
            .then_with(|| match (a.3.sequence_number, b.3.sequence_number) {
                (Some(x), Some(y)) => x.cmp(&y),
                (Some(_), None) => Ordering::Less,
                (None, Some(_)) => Ordering::Greater,
                (None, None) => Ordering::Equal,
            })
            .then_with(|| a.3.association_index.cmp(&b.3.association_index))
    });
    let mut groups: Vec<RelationGroup> = Vec::new();
    for (_, kind, direction, relation) in found {
        match groups.last_mut() {
            Some(group) if group.association_type == kind && group.direction == direction => {
                group.relations.push(relation)
            }
            _ => groups.push(RelationGroup { association_type: kind.to_owned(), direction, relations: vec![relation] }),
        }
    }
    groups
}
