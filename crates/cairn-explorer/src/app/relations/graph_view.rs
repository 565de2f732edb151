//! The relationship graph and the progressions of a node of an open framework, from
//! cairn-graph's neighbourhood and `precedes` chains, with each drawn node's count of
//! associations that lead outside the drawing (its "more" marker).

use std::collections::{BTreeSet, HashMap, HashSet};

use cairn_graph::{ASSOCIATION_TYPES, NodeIndex, neighbourhood, progressions_through};

use super::ends::{step, uri};
use super::graph_layout;
use super::types::{GraphEdge, GraphNode, GroupingRef, NeighbourhoodGraph, Progression};
use crate::app::error::AppError;
use crate::app::open::OpenFramework;

/// Deepest neighbourhood drawn.
pub const MAX_DEPTH: u32 = 3;
/// Most nodes drawn.
pub const MAX_NODES: u32 = 500;

/// The neighbourhood of `identifier`: `depth` (1 to [`MAX_DEPTH`]) associations either way, at
/// most `limit` nodes (up to [`MAX_NODES`]).
pub fn graph(open: &OpenFramework, identifier: &str, depth: u32, limit: u32) -> Result<NeighbourhoodGraph, AppError> {
    let depth = depth.clamp(1, MAX_DEPTH);
    let limit = limit.clamp(1, MAX_NODES);
    open.with_graph(|graph, _, package| {
        let centre = graph
            .find(identifier)
            .ok_or_else(|| AppError::not_found(format!("no node {identifier} in the framework")))?;
        let found = neighbourhood(graph, package, centre, depth as usize, limit as usize);
        let drawn: HashSet<&str> = found.nodes.iter().map(|n| n.end.identifier()).collect();
        let g = graph.graph();
        let hidden = |index: NodeIndex| {
            g.neighbors_undirected(index).filter(|other| !drawn.contains(g[*other].identifier)).count()
        };
        let nodes = found
            .nodes
            .iter()
            .map(|n| {
                let shown = step(&n.end);
                let index = graph.find(n.end.identifier());
                GraphNode {
                    uri: uri(&n.end).or_else(|| index.and_then(|i| graph.node(i).uri.map(str::to_owned))),
                    identifier: shown.identifier,
                    kind: shown.kind,
                    code: shown.code,
                    label: shown.label,
                    distance: u32::try_from(n.distance).unwrap_or(u32::MAX),
                    hidden: index.map_or(0, |i| u32::try_from(hidden(i)).unwrap_or(u32::MAX)),
                    x: 0,
                    y: 0,
                }
            })
            .collect::<Vec<GraphNode>>();
        let associations = package.associations.as_ref().map(|a| a.iter().as_slice()).unwrap_or_default();
        let wanted: HashSet<usize> = found.edges.iter().map(|e| e.association_index).collect();
        let grouping_of: HashMap<usize, &str> = g
            .edge_weights()
            .filter(|w| wanted.contains(&w.association_index))
            .filter_map(|w| Some((w.association_index, w.grouping?)))
            .collect();
        let edges: Vec<GraphEdge> = found
            .edges
            .iter()
            .map(|e| {
                let association = associations.get(e.association_index);
                GraphEdge {
                    id: association
                        .and_then(|a| a.identifier.as_deref())
                        .map(str::to_owned)
                        .unwrap_or_else(|| format!("#{}", e.association_index)),
                    association_type: e.association_type.clone(),
                    origin: e.origin.clone(),
                    destination: e.destination.clone(),
                    grouping: grouping_of.get(&e.association_index).map(|g| (*g).to_owned()),
                }
            })
            .collect();
        let ids: Vec<&str> = nodes.iter().map(|n| n.identifier.as_str()).collect();
        let child_of = edges
            .iter()
            .filter(|e| e.association_type == "isChildOf")
            .map(|e| (e.origin.as_str(), e.destination.as_str()));
        let positions = graph_layout::layered_by_id(&ids, child_of);
        let mut nodes = nodes;
        for (node, (x, y)) in nodes.iter_mut().zip(positions) {
            (node.x, node.y) = (x, y);
        }
        let titles: HashMap<&str, &str> = package
            .definitions
            .iter()
            .flat_map(|d| d.association_groupings.iter().flatten())
            .filter_map(|g| Some((g.identifier.as_deref()?, g.title.as_deref()?)))
            .collect();
        let groupings: BTreeSet<&str> = edges.iter().filter_map(|e| e.grouping.as_deref()).collect();
        Ok(NeighbourhoodGraph {
            key: open.key().clone(),
            centre: identifier.to_owned(),
            depth,
            limit,
            types: type_order(edges.iter().map(|e| e.association_type.as_str())),
            groupings: groupings
                .into_iter()
                .map(|id| GroupingRef { identifier: id.to_owned(), title: titles.get(id).map(|t| (*t).to_owned()) })
                .collect(),
            nodes,
            edges,
            truncated: found.truncated,
        })
    })
}

/// Distinct types: the defined ones in the specification's order, then the others by name.
fn type_order<'a>(types: impl Iterator<Item = &'a str>) -> Vec<String> {
    let distinct: BTreeSet<&str> = types.collect();
    let rank = |t: &str| ASSOCIATION_TYPES.iter().position(|d| *d == t).unwrap_or(ASSOCIATION_TYPES.len());
    let mut out: Vec<&str> = distinct.into_iter().collect();
    out.sort_by_key(|t| (rank(t), *t));
    out.into_iter().map(str::to_owned).collect()
}

/// The `precedes` chains through `identifier`.
pub fn progressions(open: &OpenFramework, identifier: &str) -> Result<Vec<Progression>, AppError> {
    open.with_graph(|graph, _, package| {
        let node = graph
            .find(identifier)
            .ok_or_else(|| AppError::not_found(format!("no node {identifier} in the framework")))?;
        Ok(progressions_through(graph, node)
            .into_iter()
            .map(|p| Progression {
                steps: p.steps.iter().map(|&n| step(&cairn_graph::End::of(graph, package, n))).collect(),
                cyclic: p.cyclic,
            })
            .collect())
    })
}
