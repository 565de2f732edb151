//! Progressions: the `precedes` associations read as ordered sequences. Every maximal chain
//! runs from a node nothing precedes to a node that precedes nothing; chains made only of
//! cycles start at their member first in package order. A chain stops before repeating a node
//! and is then marked cyclic.

use std::collections::HashSet;

use petgraph::Direction;
use petgraph::graph::NodeIndex;
use petgraph::visit::EdgeRef;

use crate::framework::FrameworkGraph;

/// Most chains [`progressions`] returns (branches can multiply them).
pub const MAX_PROGRESSIONS: usize = 10_000;

/// One chain of `precedes` associations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Progression {
    /// The nodes, each preceding the next.
    pub steps: Vec<NodeIndex>,
    /// Whether the chain stopped because its last node precedes a node already in it.
    pub cyclic: bool,
}

/// The nodes `node` precedes, by sequence number (absent last), then package order.
fn next_steps(graph: &FrameworkGraph, node: NodeIndex) -> Vec<NodeIndex> {
    let g = graph.graph();
    let mut out: Vec<(Option<i64>, usize, NodeIndex)> = g
        .edges_directed(node, Direction::Outgoing)
        .filter(|e| e.weight().is("precedes"))
        .map(|e| (e.weight().sequence_number, e.weight().association_index, e.target()))
        .collect();
    out.sort_by_key(|(s, i, _)| (s.is_none(), *s, *i));
    let mut seen = HashSet::new();
    out.into_iter().map(|(_, _, n)| n).filter(|n| seen.insert(*n)).collect()
}

/// Every maximal `precedes` chain of the graph (at most [`MAX_PROGRESSIONS`]), by the package
/// order of their first node.
pub fn progressions(graph: &FrameworkGraph) -> Vec<Progression> {
    let g = graph.graph();
    let precedes = |n: NodeIndex, d: Direction| g.edges_directed(n, d).any(|e| e.weight().is("precedes"));
    let mut involved: Vec<NodeIndex> =
        g.node_indices().filter(|&n| precedes(n, Direction::Outgoing) || precedes(n, Direction::Incoming)).collect();
    involved.sort_by_key(|n| (g[*n].item_index.unwrap_or(usize::MAX), n.index()));
    let mut out = Vec::new();
    let mut covered: HashSet<NodeIndex> = HashSet::new();
    let starts: Vec<NodeIndex> = involved.iter().copied().filter(|&n| !precedes(n, Direction::Incoming)).collect();
    for start in starts {
        chains_from(graph, start, &mut out, &mut covered);
    }
    // What is left lies on cycles nothing outside leads into.
    for &node in &involved {
        if !covered.contains(&node) && out.len() < MAX_PROGRESSIONS {
            chains_from(graph, node, &mut out, &mut covered);
        }
    }
    out
}

/// The chains that contain `node`.
pub fn progressions_through(graph: &FrameworkGraph, node: NodeIndex) -> Vec<Progression> {
    progressions(graph).into_iter().filter(|p| p.steps.contains(&node)).collect()
}

/// Every maximal chain from `start`, depth first.
fn chains_from(graph: &FrameworkGraph, start: NodeIndex, out: &mut Vec<Progression>, covered: &mut HashSet<NodeIndex>) {
    let mut path = vec![start];
    let mut nexts = vec![next_steps(graph, start)];
    let mut cursors = vec![0usize];
    // Whether the path as it stands was listed as cyclic already (a node preceding several
    // nodes of its own path gives one cyclic chain, not one per such node).
    let mut listed_cyclic = vec![false];
    covered.insert(start);
    while let (Some(list), Some(cursor), Some(listed)) = (nexts.last(), cursors.last_mut(), listed_cyclic.last_mut()) {
        if out.len() >= MAX_PROGRESSIONS {
            return;
        }
        if list.is_empty() && *cursor == 0 {
            out.push(Progression { steps: path.clone(), cyclic: false });
            *cursor = 1;
            continue;
        }
        match list.get(*cursor).copied() {
            Some(next) => {
                *cursor += 1;
                if path.contains(&next) {
                    if !*listed {
                        out.push(Progression { steps: path.clone(), cyclic: true });
                        *listed = true;
                    }
                    continue;
                }
                covered.insert(next);
                path.push(next);
                nexts.push(next_steps(graph, next));
                cursors.push(0);
                listed_cyclic.push(false);
            }
            None => {
                path.pop();
                nexts.pop();
                cursors.pop();
                listed_cyclic.pop();
            }
        }
    }
}
