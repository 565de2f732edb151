//! The framework tree: the projection of the `isChildOf` associations onto the document.
//!
//! Children of a node are the origins of `isChildOf` associations whose destination is that
//! node; the document is the root. Siblings come in [`sibling_cmp`] order. An item with several
//! parents appears under each. Items with no path to the root are orphans, listed apart as the
//! roots of their own sub-forests (those without a parent among the other orphans first, then
//! what cycles leave, each in sibling order). Every strongly connected set of `isChildOf` links
//! (a self-loop included) is reported once as a cycle and never followed: a walk never enters a
//! node already on its path. Optionally only the associations of chosen groupings count.

use std::collections::HashSet;

use cairn_spec::case::CfPackage;
use petgraph::algo::kosaraju_scc;
use petgraph::graph::NodeIndex;
use petgraph::visit::{EdgeFiltered, EdgeRef};

use crate::framework::{Edge, FrameworkGraph, NodeKind};
use crate::hash::FxSet;
use crate::order::{SiblingKey, sibling_cmp};

/// Most paths [`Tree::breadcrumbs`] returns (shared sub-paths can multiply them).
pub const MAX_BREADCRUMBS: usize = 1_000;

/// A child of a node in the tree: the child and the association that places it there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Child {
    /// The child node.
    pub node: NodeIndex,
    /// Position of the `isChildOf` association in the package's `CFAssociations` (the first
    /// one in sibling order when several link the same child and parent).
    pub association_index: usize,
    /// The association's sequence number (the lowest when several link the same pair).
    pub sequence_number: Option<i64>,
}

/// The tree projection of a framework graph, with children listed per node in order.
#[derive(Debug, Clone, Default)]
pub struct Tree {
    root: Option<NodeIndex>,
    child_start: Vec<usize>,
    children: Vec<Child>,
    parent_start: Vec<usize>,
    parents: Vec<NodeIndex>,
    reachable: Vec<bool>,
    orphans: Vec<NodeIndex>,
    orphan_count: usize,
    cycles: Vec<Vec<NodeIndex>>,
}

/// A child→parent link while the tree is built.
#[derive(Debug, Clone, Copy)]
struct Link {
    parent: usize,
    child: Child,
}

impl Tree {
    /// The tree of every `isChildOf` association of the package.
    pub fn new(graph: &FrameworkGraph, package: &CfPackage) -> Tree {
        Tree::build(graph, package, None)
    }

    /// The tree of the `isChildOf` associations whose grouping (`CFAssociationGroupingURI`
    /// identifier) is one of `groupings`.
    pub fn with_groupings(graph: &FrameworkGraph, package: &CfPackage, groupings: &[&str]) -> Tree {
        let chosen: HashSet<&str> = groupings.iter().copied().collect();
        Tree::build(graph, package, Some(&chosen))
    }

    fn build(graph: &FrameworkGraph, package: &CfPackage, groupings: Option<&HashSet<&str>>) -> Tree {
        let g = graph.graph();
        let n = g.node_count();
        let keys = SiblingKey::all(graph, package);
        let counts =
            |e: &Edge| e.is("isChildOf") && groupings.is_none_or(|c| e.grouping.is_some_and(|id| c.contains(id)));
        let is_document = |node: NodeIndex| g[node].kind == NodeKind::Document;
        let mut cycles: Vec<Vec<NodeIndex>> = Vec::new();
        let mut links: Vec<Link> = Vec::new();
        for edge in g.edge_references().filter(|e| counts(e.weight())) {
            let (child, parent) = (edge.source(), edge.target());
            if is_document(child) {
                continue;
            }
            if child == parent {
                if !cycles.iter().any(|c| c.as_slice() == [child]) {
                    cycles.push(vec![child]);
                }
                continue;
            }
            let w = edge.weight();
            links.push(Link {
                parent: parent.index(),
                child: Child {
                    node: child,
                    association_index: w.association_index,
                    sequence_number: w.sequence_number,
                },
            });
        }
        // One link per (parent, child): the first in sibling order.
        let order = |a: &Link, b: &Link| {
            a.parent.cmp(&b.parent).then_with(|| {
                sibling_cmp(
                    (a.child.sequence_number, &keys[a.child.node.index()]),
                    (b.child.sequence_number, &keys[b.child.node.index()]),
                )
                .then_with(|| a.child.association_index.cmp(&b.child.association_index))
            })
        };
        links.sort_unstable_by(order);
        let mut seen_pairs: FxSet<(usize, usize)> = FxSet::default();
        seen_pairs.reserve(links.len());
        links.retain(|l| seen_pairs.insert((l.parent, l.child.node.index())));

        let mut child_start = vec![0; n + 1];
        for l in &links {
            child_start[l.parent + 1] += 1;
        }
        for i in 0..n {
            child_start[i + 1] += child_start[i];
        }
        let children: Vec<Child> = links.iter().map(|l| l.child).collect();
        let mut by_child: Vec<(usize, usize)> = links.iter().map(|l| (l.child.node.index(), l.parent)).collect();
        by_child
            .sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| keys[a.1].package_order.cmp(&keys[b.1].package_order)));
        let mut parent_start = vec![0; n + 1];
        for (child, _) in &by_child {
            parent_start[child + 1] += 1;
        }
        for i in 0..n {
            parent_start[i + 1] += parent_start[i];
        }
        let parents = by_child.into_iter().map(|(_, p)| NodeIndex::new(p)).collect();

        let root = g.node_indices().find(|&i| g[i].kind == NodeKind::Document);
        let mut tree = Tree {
            root,
            child_start,
            children,
            parent_start,
            parents,
            reachable: vec![false; n],
            orphans: Vec::new(),
            orphan_count: 0,
            cycles: Vec::new(),
        };
        if let Some(root) = root {
            tree.mark(root);
            tree.reachable[root.index()] = true;
        }

        // Cycles: strongly connected sets of two or more nodes (looked for only when peeling
        // leaves off leaves something).
        if tree.has_cycle() {
            let filtered = EdgeFiltered::from_fn(g, |e| counts(e.weight()) && !is_document(e.source()));
            for component in kosaraju_scc(&filtered).into_iter().filter(|c| c.len() > 1) {
                cycles.push(tree.cycle_order(component, &keys));
            }
        }
        cycles.sort_by_key(|c| c.first().map(|n| keys[n.index()].package_order));
        tree.cycles = cycles;

        // Orphans: first those with no orphan parent, then what cycles leave.
        let orphan = |i: NodeIndex, tree: &Tree| g[i].kind == NodeKind::Item && !tree.reachable[i.index()];
        let mut orphans: Vec<NodeIndex> = g.node_indices().filter(|&i| orphan(i, &tree)).collect();
        tree.orphan_count = orphans.len();
        orphans.sort_by(|a, b| sibling_cmp((None, &keys[a.index()]), (None, &keys[b.index()])));
        let (first, rest): (Vec<NodeIndex>, Vec<NodeIndex>) =
            orphans.into_iter().partition(|&i| !tree.parents(i).iter().any(|&p| orphan(p, &tree)));
        let mut placed = vec![false; n];
        for candidate in first.into_iter().chain(rest) {
            if !placed[candidate.index()] {
                tree.orphans.push(candidate);
                placed[candidate.index()] = true;
                tree.walk_marking(candidate, &mut placed);
            }
        }
        tree
    }

    /// Marks everything reachable from `from` as reachable from the root.
    fn mark(&mut self, from: NodeIndex) {
        let mut reachable = std::mem::take(&mut self.reachable);
        self.walk_marking(from, &mut reachable);
        self.reachable = reachable;
    }

    /// Whether the child→parent links (self-loops aside) hold a cycle: taking off nodes
    /// without children, and then parents whose children are all gone, leaves some nodes.
    fn has_cycle(&self) -> bool {
        let n = self.child_start.len().saturating_sub(1);
        let mut left: Vec<usize> = (0..n).map(|i| self.children(NodeIndex::new(i)).len()).collect();
        let mut ready: Vec<usize> = (0..n).filter(|&i| left[i] == 0).collect();
        let mut removed = 0;
        while let Some(i) = ready.pop() {
            removed += 1;
            for p in self.parents(NodeIndex::new(i)) {
                left[p.index()] -= 1;
                if left[p.index()] == 0 {
                    ready.push(p.index());
                }
            }
        }
        removed < n
    }

    /// Marks what is below `from` in `placed`.
    fn walk_marking(&self, from: NodeIndex, placed: &mut [bool]) {
        let mut stack = vec![from];
        while let Some(node) = stack.pop() {
            for c in self.children(node) {
                if !placed[c.node.index()] {
                    placed[c.node.index()] = true;
                    stack.push(c.node);
                }
            }
        }
    }

    /// The members of a cycle in the order the links run (child, its parent, ...), from the
    /// member first in package order.
    fn cycle_order(&self, component: Vec<NodeIndex>, keys: &[SiblingKey<'_>]) -> Vec<NodeIndex> {
        let members: HashSet<NodeIndex> = component.iter().copied().collect();
        let Some(&start) = component.iter().min_by_key(|n| keys[n.index()].package_order) else {
            return component;
        };
        let mut out = Vec::with_capacity(component.len());
        let mut seen = HashSet::new();
        let mut stack = vec![start];
        while let Some(node) = stack.pop() {
            if !seen.insert(node) {
                continue;
            }
            out.push(node);
            for &p in self.parents(node).iter().rev() {
                if members.contains(&p) && !seen.contains(&p) {
                    stack.push(p);
                }
            }
        }
        out
    }

    /// The root (the document), if the package has one.
    pub fn root(&self) -> Option<NodeIndex> {
        self.root
    }

    /// The children of `node`, in order.
    pub fn children(&self, node: NodeIndex) -> &[Child] {
        let i = node.index();
        match (self.child_start.get(i), self.child_start.get(i + 1)) {
            (Some(&from), Some(&to)) => self.children.get(from..to).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// The parents of `node` (the nodes it `isChildOf`), in package order.
    pub fn parents(&self, node: NodeIndex) -> &[NodeIndex] {
        let i = node.index();
        match (self.parent_start.get(i), self.parent_start.get(i + 1)) {
            (Some(&from), Some(&to)) => self.parents.get(from..to).unwrap_or(&[]),
            _ => &[],
        }
    }

    /// Whether `node` has a path to the root (the root itself included).
    pub fn is_reachable(&self, node: NodeIndex) -> bool {
        self.reachable.get(node.index()).copied().unwrap_or(false)
    }

    /// The roots of the orphan sub-forests, in order.
    pub fn orphans(&self) -> &[NodeIndex] {
        &self.orphans
    }

    /// How many items have no path to the root.
    pub fn orphan_count(&self) -> usize {
        self.orphan_count
    }

    /// The cycles, each once, as its members in link order.
    pub fn cycles(&self) -> &[Vec<NodeIndex>] {
        &self.cycles
    }

    /// Every path from the root to `node` (root first, `node` last), parents taken in package
    /// order, at most [`MAX_BREADCRUMBS`]; none for nodes without a path to the root.
    pub fn breadcrumbs(&self, node: NodeIndex) -> Vec<Vec<NodeIndex>> {
        let mut out = Vec::new();
        let Some(root) = self.root else { return out };
        if !self.is_reachable(node) {
            return out;
        }
        // Walk up from `node` through reachable parents, never revisiting a node on the path.
        let mut path = vec![node];
        let mut cursors = vec![0usize];
        while let (Some(&top), Some(cursor)) = (path.last(), cursors.last_mut()) {
            if top == root {
                out.push(path.iter().rev().copied().collect());
                if out.len() >= MAX_BREADCRUMBS {
                    break;
                }
                path.pop();
                cursors.pop();
                continue;
            }
            let next = self.parents(top).get(*cursor).copied();
            *cursor += 1;
            match next {
                Some(p) if self.is_reachable(p) && !path.contains(&p) => {
                    path.push(p);
                    cursors.push(0);
                }
                Some(_) => {}
                None => {
                    path.pop();
                    cursors.pop();
                }
            }
        }
        out
    }

    /// How many distinct nodes are below `node`.
    pub fn subtree_count(&self, node: NodeIndex) -> usize {
        let mut seen = HashSet::new();
        let mut stack = vec![node];
        while let Some(n) = stack.pop() {
            for c in self.children(n) {
                if c.node != node && seen.insert(c.node) {
                    stack.push(c.node);
                }
            }
        }
        seen.len()
    }
}
