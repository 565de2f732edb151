//! The relationship graph and the progressions of a node of an open framework, from
//! cairn-graph's neighbourhood and `precedes` chains over the open framework's own package,
//! with the associations other cached frameworks publish about its nodes added (each edge with
//! its publisher, each node with its framework), and each drawn node's count of associations
//! that lead outside the drawing (its "more" marker).

use std::collections::{BTreeSet, HashMap, HashSet};

use cairn_graph::{ASSOCIATION_TYPES, NodeIndex, neighbourhood, progressions_through};
use rusqlite::Connection;

use super::ends::{step, uri};
use super::foreign_links::foreign_links;
use super::graph_layout;
use super::types::{GraphEdge, GraphNode, GroupingRef, NeighbourhoodGraph, Progression, ProgressionStep};
use crate::app::error::AppError;
use crate::app::open::OpenFramework;
use crate::app::types::NodeKind;

/// Deepest neighbourhood drawn.
pub const MAX_DEPTH: u32 = 3;
/// Most nodes drawn.
pub const MAX_NODES: u32 = 500;

/// The neighbourhood of `identifier`: `depth` (1 to [`MAX_DEPTH`]) associations either way, at
/// most `limit` nodes (up to [`MAX_NODES`]).
pub fn graph(
    conn: &Connection,
    open: &OpenFramework,
    identifier: &str,
    depth: u32,
    limit: u32,
) -> Result<NeighbourhoodGraph, AppError> {
    let depth = depth.clamp(1, MAX_DEPTH);
    let limit = limit.clamp(1, MAX_NODES);
    let (mut nodes, mut edges, truncated, titles) = open.with_graph(|graph, _, package| {
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
                    framework: matches!(shown.kind, NodeKind::Item | NodeKind::Document).then(|| open.key().clone()),
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
                    published_by: None,
                }
            })
            .collect();
        let titles: HashMap<String, String> = package
            .definitions
            .iter()
            .flat_map(|d| d.association_groupings.iter().flatten())
            .filter_map(|g| Some((g.identifier.as_deref()?.to_owned(), g.title.as_deref()?.to_owned())))
            .collect();
        Ok::<_, AppError>((nodes, edges, found.truncated, titles))
    })?;
    let cut = add_foreign(conn, open, depth, limit, &mut nodes, &mut edges)?;
    let ids: Vec<&str> = nodes.iter().map(|n| n.identifier.as_str()).collect();
    let child_of =
        edges.iter().filter(|e| e.association_type == "isChildOf").map(|e| (e.origin.as_str(), e.destination.as_str()));
    let positions = graph_layout::layered_by_id(&ids, child_of);
    for (node, (x, y)) in nodes.iter_mut().zip(positions) {
        (node.x, node.y) = (x, y);
    }
    let groupings: BTreeSet<&str> = edges.iter().filter_map(|e| e.grouping.as_deref()).collect();
    Ok(NeighbourhoodGraph {
        key: open.key().clone(),
        centre: identifier.to_owned(),
        depth,
        limit,
        types: type_order(edges.iter().map(|e| e.association_type.as_str())),
        groupings: groupings
            .into_iter()
            .map(|id| GroupingRef { identifier: id.to_owned(), title: titles.get(id).cloned() })
            .collect(),
        truncated: truncated || cut,
        nodes,
        edges,
    })
}

/// Adds to the drawing the associations other cached frameworks publish about its nodes of the
/// open framework closer than `depth` (their other ends one step further, as the neighbourhood
/// would reach them; not followed beyond). A node past `limit` is counted in its neighbour's
/// `hidden`; answers whether any was.
fn add_foreign(
    conn: &Connection,
    open: &OpenFramework,
    depth: u32,
    limit: u32,
    nodes: &mut Vec<GraphNode>,
    edges: &mut Vec<GraphEdge>,
) -> Result<bool, AppError> {
    let mut drawn: HashSet<String> = nodes.iter().map(|n| n.identifier.clone()).collect();
    let mut edge_ids: HashSet<String> = edges.iter().map(|e| e.id.clone()).collect();
    let searched: Vec<usize> = (0..nodes.len())
        .filter(|&i| nodes[i].distance < depth && nodes[i].framework.as_ref() == Some(open.key()))
        .collect();
    let mut cut = false;
    for i in searched {
        let (centre, distance) = (nodes[i].identifier.clone(), nodes[i].distance);
        for link in foreign_links(conn, open, &centre)? {
            let other = link.other.identifier.clone();
            if !drawn.contains(&other) {
                if nodes.len() >= limit as usize {
                    nodes[i].hidden += 1;
                    cut = true;
                    continue;
                }
                drawn.insert(other.clone());
                nodes.push(GraphNode {
                    identifier: other.clone(),
                    kind: link.other_kind,
                    code: link.other_code,
                    label: link.other_label,
                    uri: link.other.uri,
                    distance: distance + 1,
                    hidden: 0,
                    x: 0,
                    y: 0,
                    framework: link.other.cached,
                });
            }
            if !edge_ids.insert(link.id.clone()) {
                continue;
            }
            let (origin, destination) = if link.outgoing { (centre.clone(), other) } else { (other, centre.clone()) };
            edges.push(GraphEdge {
                id: link.id,
                association_type: link.association_type,
                origin,
                destination,
                grouping: link.grouping,
                published_by: Some(link.publisher),
            });
        }
    }
    Ok(cut)
}

/// Distinct types: the defined ones in the specification's order, then the others by name.
fn type_order<'a>(types: impl Iterator<Item = &'a str>) -> Vec<String> {
    let distinct: BTreeSet<&str> = types.collect();
    let rank = |t: &str| ASSOCIATION_TYPES.iter().position(|d| *d == t).unwrap_or(ASSOCIATION_TYPES.len());
    let mut out: Vec<&str> = distinct.into_iter().collect();
    out.sort_by_key(|t| (rank(t), *t));
    out.into_iter().map(str::to_owned).collect()
}

/// The `precedes` chains through `identifier` in the open framework's package, then each
/// `precedes` another cached framework publishes about it, as a chain of its two ends.
pub fn progressions(conn: &Connection, open: &OpenFramework, identifier: &str) -> Result<Vec<Progression>, AppError> {
    let (mut chains, me) = open.with_graph(|graph, _, package| {
        let node = graph
            .find(identifier)
            .ok_or_else(|| AppError::not_found(format!("no node {identifier} in the framework")))?;
        let chains: Vec<Progression> = progressions_through(graph, node)
            .into_iter()
            .map(|p| Progression {
                steps: p.steps.iter().map(|&n| step(&cairn_graph::End::of(graph, package, n))).collect(),
                cyclic: p.cyclic,
                published_by: None,
            })
            .collect();
        Ok::<_, AppError>((chains, step(&cairn_graph::End::of(graph, package, node))))
    })?;
    for link in foreign_links(conn, open, identifier)?.into_iter().filter(|l| l.association_type == "precedes") {
        let other = ProgressionStep {
            identifier: link.other.identifier,
            kind: link.other_kind,
            code: link.other_code,
            label: link.other_label,
            elsewhere: link.other.cached.filter(|key| key != open.key()),
        };
        let steps = if link.outgoing { vec![me.clone(), other] } else { vec![other, me.clone()] };
        chains.push(Progression { steps, cyclic: false, published_by: Some(link.publisher) });
    }
    Ok(chains)
}
