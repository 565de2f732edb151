//! The framework tree written out in full for display and JSON: every path from the document,
//! an item with several parents under each, cycles cut where they would repeat a node of the
//! path, then the orphan sub-forests.

use std::borrow::Cow;

use cairn_spec::case::{CfPackage, CfPckgItem};
use petgraph::graph::NodeIndex;

use crate::framework::{FrameworkGraph, NodeKind};
use crate::tree::Tree;

/// Deepest level written out, whatever is asked (deeper levels are cut and the outline marked
/// truncated), so that writing, printing and dropping it stay within the stack.
pub const MAX_OUTLINE_DEPTH: usize = 512;

/// Most nodes written out (shared subtrees under many parents can multiply them).
pub const MAX_OUTLINE_NODES: usize = 2_000_000;

/// One node of the outline, its text borrowed from the package or owned
/// ([`TreeNode::into_owned`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TreeNode<'a> {
    /// The node's identifier.
    pub identifier: Cow<'a, str>,
    /// The item's `humanCodingScheme` (`null` when absent).
    pub human_coding_scheme: Option<Cow<'a, str>>,
    /// The item's `fullStatement` (`null` when absent, and for external nodes).
    pub full_statement: Option<Cow<'a, str>>,
    /// The item's `listEnumeration`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub list_enumeration: Option<Cow<'a, str>>,
    /// The `sequenceNumber` of the association placing the node under its parent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sequence_number: Option<i64>,
    /// Whether the node is outside the package (known only from a link).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub external: bool,
    /// For external nodes: the title the link carries.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<Cow<'a, str>>,
    /// The children, in order.
    pub children: Vec<TreeNode<'a>>,
}

impl TreeNode<'_> {
    /// The node with its text (and its children's) copied out of the package.
    pub fn into_owned(self) -> TreeNode<'static> {
        let own = |c: Option<Cow<'_, str>>| c.map(|c| Cow::Owned(c.into_owned()));
        TreeNode {
            identifier: Cow::Owned(self.identifier.into_owned()),
            human_coding_scheme: own(self.human_coding_scheme),
            full_statement: own(self.full_statement),
            list_enumeration: own(self.list_enumeration),
            sequence_number: self.sequence_number,
            external: self.external,
            title: own(self.title),
            children: self.children.into_iter().map(TreeNode::into_owned).collect(),
        }
    }
}

/// The tree written out: the document's children, then the orphan sub-forests.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize)]
pub struct Outline<'a> {
    /// The document's children.
    pub children: Vec<TreeNode<'a>>,
    /// The roots of the orphan sub-forests with what is below them.
    pub orphans: Vec<TreeNode<'a>>,
    /// Whether [`MAX_OUTLINE_DEPTH`] or [`MAX_OUTLINE_NODES`] cut something off.
    pub truncated: bool,
}

/// A node being written, with the next child to visit.
struct Frame<'a> {
    node: TreeNode<'a>,
    index: NodeIndex,
    cursor: usize,
    depth: usize,
}

/// What writing the outline carries along.
struct Writer<'w, 'p> {
    tree: &'w Tree,
    graph: &'w FrameworkGraph<'p>,
    items: &'p [CfPckgItem],
    on_path: Vec<bool>,
    depth: usize,
    capped: bool,
    budget: usize,
    truncated: bool,
}

impl Tree {
    /// The whole tree written out, `depth` levels deep at most (the document's children are
    /// level 1; orphan roots too).
    pub fn outline<'p>(&self, graph: &FrameworkGraph<'p>, package: &'p CfPackage, depth: Option<usize>) -> Outline<'p> {
        let capped = depth.is_none_or(|d| d > MAX_OUTLINE_DEPTH);
        let mut w = Writer {
            tree: self,
            graph,
            items: package.items.as_ref().map(|m| m.iter().as_slice()).unwrap_or(&[]),
            on_path: vec![false; graph.graph().node_count()],
            depth: depth.unwrap_or(MAX_OUTLINE_DEPTH).min(MAX_OUTLINE_DEPTH),
            capped,
            budget: MAX_OUTLINE_NODES,
            truncated: false,
        };
        let mut outline = Outline::default();
        if w.depth == 0 {
            return outline;
        }
        if let Some(root) = self.root() {
            w.on_path[root.index()] = true;
            for child in self.children(root) {
                if let Some(node) = w.subtree(child.node, child.sequence_number) {
                    outline.children.push(node);
                }
            }
            w.on_path[root.index()] = false;
        }
        for &orphan in self.orphans() {
            if let Some(node) = w.subtree(orphan, None) {
                outline.orphans.push(node);
            }
        }
        outline.truncated = w.truncated;
        outline
    }
}

impl<'p> Writer<'_, 'p> {
    /// The node `top` (at level 1) with what is below it, or `None` when out of budget.
    fn subtree(&mut self, top: NodeIndex, sequence_number: Option<i64>) -> Option<TreeNode<'p>> {
        if self.on_path[top.index()] {
            return None;
        }
        if !self.spend() {
            return None;
        }
        self.on_path[top.index()] = true;
        let tree = self.tree;
        let mut stack = vec![Frame { node: self.node(top, sequence_number), index: top, cursor: 0, depth: 1 }];
        loop {
            let frame = stack.last_mut()?;
            let children = tree.children(frame.index);
            let next = children.get(frame.cursor).copied();
            if let Some(child) = next.filter(|_| frame.depth < self.depth) {
                frame.cursor += 1;
                let depth = frame.depth + 1;
                if self.on_path[child.node.index()] || !self.spend() {
                    continue;
                }
                self.on_path[child.node.index()] = true;
                let node = self.node(child.node, child.sequence_number);
                stack.push(Frame { node, index: child.node, cursor: 0, depth });
                continue;
            }
            if next.is_some() && self.capped {
                self.truncated = true;
            }
            let done = stack.pop()?;
            self.on_path[done.index.index()] = false;
            match stack.last_mut() {
                Some(parent) => parent.node.children.push(done.node),
                None => return Some(done.node),
            }
        }
    }

    /// Takes one node from the budget; `false` (and the outline truncated) when none is left.
    fn spend(&mut self) -> bool {
        if self.budget == 0 {
            self.truncated = true;
            return false;
        }
        self.budget -= 1;
        true
    }

    fn node(&self, index: NodeIndex, sequence_number: Option<i64>) -> TreeNode<'p> {
        let node = self.graph.node(index);
        let item = node.item_index.and_then(|i| self.items.get(i));
        let text = |f: fn(&'p CfPckgItem) -> Option<&'p str>| item.and_then(f).map(Cow::Borrowed);
        let external = node.kind == NodeKind::External;
        TreeNode {
            identifier: Cow::Borrowed(node.identifier),
            human_coding_scheme: text(|i| i.human_coding_scheme.as_deref()),
            full_statement: text(|i| i.full_statement.as_deref()),
            list_enumeration: text(|i| i.list_enumeration.as_deref()),
            sequence_number,
            external,
            title: if external { node.title.map(Cow::Borrowed) } else { None },
            children: Vec::with_capacity(self.tree.children(index).len()),
        }
    }
}
