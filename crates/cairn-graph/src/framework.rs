//! The framework graph: one node per document, item and external target; one edge per
//! association, from origin to destination. Identifiers need not be UUIDs.

use std::collections::HashMap;

use cairn_spec::case::{CfPackage, LinkGenUri};
use cairn_spec::wire::Linked;
use petgraph::graph::{DiGraph, NodeIndex};

/// What a node stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeKind {
    /// The framework's root document.
    Document,
    /// An item of the package.
    Item,
    /// A node outside the package, known only from an association's link.
    External,
}

/// A node of the graph.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Document, item or external.
    pub kind: NodeKind,
    /// The identifier (a UUID, a URL, whatever the package uses).
    pub identifier: String,
    /// Position in the package's `CFItems` (items only).
    pub item_index: Option<usize>,
    /// For external nodes: the URI and title the first link to it carried.
    pub uri: Option<String>,
    /// Title (documents), or the link's title (external nodes).
    pub title: Option<String>,
}

/// An association between two nodes.
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    /// Position in the package's `CFAssociations`.
    pub association_index: usize,
    /// The association type as given (`isChildOf`, `ext:...`).
    pub kind: String,
    /// The sequenceNumber, if any.
    pub sequence_number: Option<i64>,
}

/// A framework as a directed graph.
#[derive(Debug, Default)]
pub struct FrameworkGraph {
    graph: DiGraph<Node, Edge>,
    by_identifier: HashMap<String, NodeIndex>,
    /// Associations left out because an end has no identifier (index in `CFAssociations`).
    pub dangling: Vec<usize>,
}

impl FrameworkGraph {
    /// Builds the graph of a package. Associations whose ends are not in the package become
    /// external nodes; associations without an origin or destination identifier are listed in
    /// [`dangling`](Self::dangling).
    pub fn from_package(package: &CfPackage) -> FrameworkGraph {
        let mut g = FrameworkGraph::default();
        if let Some(document) = &package.document
            && let Some(id) = document.identifier.as_deref()
        {
            g.add(Node {
                kind: NodeKind::Document,
                identifier: id.to_owned(),
                item_index: None,
                uri: document.uri.as_deref().map(str::to_owned),
                title: document.title.as_deref().map(str::to_owned),
            });
        }
        for (index, item) in package.items.iter().flatten().enumerate() {
            if let Some(id) = item.identifier.as_deref() {
                g.add(Node {
                    kind: NodeKind::Item,
                    identifier: id.to_owned(),
                    item_index: Some(index),
                    uri: item.uri.as_deref().map(str::to_owned),
                    title: None,
                });
            }
        }
        for (index, association) in package.associations.iter().flatten().enumerate() {
            let origin = association.origin_node_uri.as_ref().and_then(|l| g.endpoint(l));
            let destination = association.destination_node_uri.as_ref().and_then(|l| g.endpoint(l));
            let (Some(origin), Some(destination)) = (origin, destination) else {
                g.dangling.push(index);
                continue;
            };
            let edge = Edge {
                association_index: index,
                kind: association.association_type.as_ref().map(|t| t.as_str().to_owned()).unwrap_or_default(),
                sequence_number: association.sequence_number.as_ref().map(|n| n.get()),
            };
            g.graph.add_edge(origin, destination, edge);
        }
        g
    }

    fn add(&mut self, node: Node) -> NodeIndex {
        if let Some(&existing) = self.by_identifier.get(&node.identifier) {
            return existing;
        }
        let id = node.identifier.clone();
        let index = self.graph.add_node(node);
        self.by_identifier.insert(id, index);
        index
    }

    /// The node a link points at, adding an external node the first time.
    fn endpoint(&mut self, link: &Linked<LinkGenUri>) -> Option<NodeIndex> {
        let (identifier, uri, title) = match link {
            Linked::Object(l) => (l.identifier.as_deref()?, l.uri.as_deref(), l.title.as_deref()),
            Linked::Plain(uri) => (uri.as_str(), Some(uri.as_str()), None),
        };
        if identifier.is_empty() {
            return None;
        }
        Some(self.add(Node {
            kind: NodeKind::External,
            identifier: identifier.to_owned(),
            item_index: None,
            uri: uri.map(str::to_owned),
            title: title.map(str::to_owned),
        }))
    }

    /// The underlying petgraph graph.
    pub fn graph(&self) -> &DiGraph<Node, Edge> {
        &self.graph
    }

    /// The node with `identifier`.
    pub fn find(&self, identifier: &str) -> Option<NodeIndex> {
        self.by_identifier.get(identifier).copied()
    }

    /// The node at `index`.
    pub fn node(&self, index: NodeIndex) -> &Node {
        &self.graph[index]
    }

    /// How many nodes are of `kind`.
    pub fn count(&self, kind: NodeKind) -> usize {
        self.graph.node_weights().filter(|n| n.kind == kind).count()
    }
}
