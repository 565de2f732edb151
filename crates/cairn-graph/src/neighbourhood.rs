//! A bounded neighbourhood for the graph view: the nodes within `depth` associations of a node,
//! following associations both ways, at most `limit` of them, and every association among them.

use std::collections::HashMap;

use cairn_spec::case::CfPackage;
use petgraph::Direction;
use petgraph::graph::{EdgeIndex, NodeIndex};
use petgraph::visit::EdgeRef;

use crate::end::End;
use crate::framework::FrameworkGraph;

/// A node of a neighbourhood.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct NeighbourNode {
    /// The node resolved.
    #[serde(flatten)]
    pub end: End,
    /// How many associations away from the centre.
    pub distance: usize,
}

/// An association between two nodes of a neighbourhood.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct NeighbourEdge {
    /// Position in the package's `CFAssociations`.
    pub association_index: usize,
    /// The association type as given.
    pub association_type: String,
    /// The origin's identifier.
    pub origin: String,
    /// The destination's identifier.
    pub destination: String,
    /// The `sequenceNumber`.
    pub sequence_number: Option<i64>,
}

/// A node's neighbourhood.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Neighbourhood {
    /// The nodes, the centre first, then by distance (breadth first, associations in package order).
    pub nodes: Vec<NeighbourNode>,
    /// The associations among the nodes, in package order.
    pub edges: Vec<NeighbourEdge>,
    /// Whether nodes within `depth` were left out to stay within `limit`.
    pub truncated: bool,
}

/// The nodes within `depth` associations of `centre` (either way), at most `limit` nodes
/// (the centre included), and the associations among them.
pub fn neighbourhood(
    graph: &FrameworkGraph,
    package: &CfPackage,
    centre: NodeIndex,
    depth: usize,
    limit: usize,
) -> Neighbourhood {
    let g = graph.graph();
    let mut distance: HashMap<NodeIndex, usize> = HashMap::new();
    let mut order: Vec<NodeIndex> = Vec::new();
    let mut truncated = false;
    if limit > 0 && g.node_weight(centre).is_some() {
        distance.insert(centre, 0);
        order.push(centre);
    }
    let mut next = 0;
    let mut edges: Vec<(usize, EdgeIndex, NodeIndex)> = Vec::new();
    'bfs: while let Some(&node) = order.get(next) {
        next += 1;
        let d = distance.get(&node).copied().unwrap_or(0);
        if d >= depth {
            continue;
        }
        edges.clear();
        for direction in [Direction::Outgoing, Direction::Incoming] {
            for e in g.edges_directed(node, direction) {
                let other = if direction == Direction::Outgoing { e.target() } else { e.source() };
                edges.push((e.weight().association_index, e.id(), other));
            }
        }
        edges.sort_unstable_by_key(|(index, _, _)| *index);
        for &(_, _, other) in &edges {
            if distance.contains_key(&other) {
                continue;
            }
            if order.len() >= limit {
                truncated = true;
                break 'bfs;
            }
            distance.insert(other, d + 1);
            order.push(other);
        }
    }
    let mut among: Vec<EdgeIndex> = order
        .iter()
        .flat_map(|&n| g.edges_directed(n, Direction::Outgoing))
        .filter(|e| distance.contains_key(&e.target()))
        .map(|e| e.id())
        .collect();
    among.sort_unstable_by_key(|e| g[*e].association_index);
    let edges = among
        .into_iter()
        .filter_map(|e| {
            let (from, to) = g.edge_endpoints(e)?;
            let w = &g[e];
            Some(NeighbourEdge {
                association_index: w.association_index,
                association_type: w.kind.to_string(),
                origin: g[from].identifier.to_owned(),
                destination: g[to].identifier.to_owned(),
                sequence_number: w.sequence_number,
            })
        })
        .collect();
    let nodes = order
        .into_iter()
        .map(|n| NeighbourNode { end: End::of(graph, package, n), distance: distance.get(&n).copied().unwrap_or(0) })
        .collect();
    Neighbourhood { nodes, edges, truncated }
}
