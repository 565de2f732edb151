//! The framework graph: one node per document, item and external target; one edge per
//! association, from origin to destination, with its type, sequence number, grouping and notes.
//! Identifiers need not be UUIDs. The graph borrows its text from the package it was built
//! from, so building it copies no strings.

use cairn_spec::case::{CfPackage, LinkGenUri, LinkUri};
use cairn_spec::wire::Linked;
use petgraph::graph::{DiGraph, NodeIndex};

use crate::hash::FxMap;

/// What a node stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum NodeKind {
    /// The framework's root document.
    Document,
    /// An item of the package.
    Item,
    /// A node outside the package, known only from an association's link.
    External,
}

/// A node of the graph.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Node<'p> {
    /// Document, item or external.
    pub kind: NodeKind,
    /// The identifier (a UUID, a URL, whatever the package uses).
    pub identifier: &'p str,
    /// Position in the package's `CFItems` (items only).
    pub item_index: Option<usize>,
    /// The document's URI, or for external nodes the URI the first link to it carried (items:
    /// see the package).
    pub uri: Option<&'p str>,
    /// Title (documents), or the title the first link to it carried (external nodes).
    pub title: Option<&'p str>,
}

/// An association between two nodes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Edge<'p> {
    /// Position in the package's `CFAssociations`.
    pub association_index: usize,
    /// The association type as given (`isChildOf`, `ext:...`).
    pub kind: &'p str,
    /// The defined type the given one reads as (case folded, aliases applied); `None` for
    /// `ext:` and unknown types.
    pub standard: Option<&'static str>,
    /// The sequenceNumber, if any.
    pub sequence_number: Option<i64>,
    /// The identifier of the association's `CFAssociationGroupingURI`, if any.
    pub grouping: Option<&'p str>,
    /// The association's notes, if any.
    pub notes: Option<&'p str>,
}

impl Edge<'_> {
    /// Whether the association is of the defined type `kind` (`isChildOf`, `precedes`...).
    pub fn is(&self, kind: &str) -> bool {
        self.standard == Some(kind)
    }
}

/// A framework as a directed graph, borrowing from its package.
#[derive(Debug, Default)]
pub struct FrameworkGraph<'p> {
    graph: DiGraph<Node<'p>, Edge<'p>>,
    by_identifier: FxMap<&'p str, NodeIndex>,
    /// The document and items by URI, made when a link's identifier is first not found.
    by_uri: Option<FxMap<&'p str, NodeIndex>>,
    /// Associations left out because an end has neither identifier nor URI (index in
    /// `CFAssociations`).
    pub dangling: Vec<usize>,
}

impl<'p> FrameworkGraph<'p> {
    /// Builds the graph of a package. A link end is found by identifier (links given as plain
    /// URI strings, or with a URI and no identifier, by URI too); ends not in the package
    /// become external nodes. Associations with an end that has neither identifier nor URI are
    /// listed in [`dangling`](Self::dangling).
    pub fn from_package(package: &'p CfPackage) -> FrameworkGraph<'p> {
        let items = package.items.as_ref().map_or(0, |m| m.len());
        let associations = package.associations.as_ref().map_or(0, |m| m.len());
        let mut by_identifier = FxMap::default();
        by_identifier.reserve(items + 1);
        let mut g = FrameworkGraph {
            graph: DiGraph::with_capacity(items + 1, associations),
            by_identifier,
            by_uri: None,
            dangling: Vec::new(),
        };
        if let Some(document) = &package.document
            && let Some(id) = document.identifier.as_deref()
        {
            g.add(Node {
                kind: NodeKind::Document,
                identifier: id,
                item_index: None,
                uri: document.uri.as_deref(),
                title: document.title.as_deref(),
            });
        }
        for (index, item) in package.items.iter().flatten().enumerate() {
            if let Some(id) = item.identifier.as_deref() {
                g.add(Node { kind: NodeKind::Item, identifier: id, item_index: Some(index), uri: None, title: None });
            }
        }
        for (index, association) in package.associations.iter().flatten().enumerate() {
            let origin = association.origin_node_uri.as_ref().and_then(|l| g.endpoint(l, package));
            let destination = association.destination_node_uri.as_ref().and_then(|l| g.endpoint(l, package));
            let (Some(origin), Some(destination)) = (origin, destination) else {
                g.dangling.push(index);
                continue;
            };
            let kind = association.association_type.as_ref();
            let edge = Edge {
                association_index: index,
                kind: kind.map(|t| t.as_str()).unwrap_or_default(),
                standard: kind.and_then(|t| t.canonical()),
                sequence_number: association.sequence_number.as_ref().map(|n| n.get()),
                grouping: association.grouping_uri.as_ref().and_then(link_uri_id),
                notes: association.notes.as_deref(),
            };
            g.graph.add_edge(origin, destination, edge);
        }
        g
    }

    fn add(&mut self, node: Node<'p>) -> NodeIndex {
        if let Some(&existing) = self.by_identifier.get(node.identifier) {
            return existing;
        }
        let id = node.identifier;
        let index = self.graph.add_node(node);
        self.by_identifier.insert(id, index);
        index
    }

    /// The node a link points at: the node with its identifier; for a link given as a plain
    /// URI string, or with a URI and no identifier, else the document or item with that URI;
    /// else an external node, added the first time. (A link object's identifier is its key:
    /// one not in the package is outside it, whatever its URI.)
    fn endpoint(&mut self, link: &'p Linked<LinkGenUri>, package: &'p CfPackage) -> Option<NodeIndex> {
        let (identifier, uri, title, by_uri) = match link {
            Linked::Object(l) => {
                let identifier = l.identifier.as_deref().filter(|id| !id.is_empty());
                (identifier, l.uri.as_deref(), l.title.as_deref(), identifier.is_none())
            }
            Linked::Plain(uri) => (Some(uri.as_str()), Some(uri.as_str()), None, true),
        };
        if let Some(found) = identifier.and_then(|id| self.by_identifier.get(id)) {
            return Some(*found);
        }
        let uri = uri.filter(|u| !u.is_empty());
        if by_uri && let Some(found) = uri.and_then(|u| self.by_uri(package).get(u)) {
            return Some(*found);
        }
        let identifier = identifier.or(uri)?;
        Some(self.add(Node { kind: NodeKind::External, identifier, item_index: None, uri, title }))
    }

    /// The document and items by URI (the first of each URI), made on first use. Cold: most
    /// packages link by identifier.
    #[cold]
    fn by_uri(&mut self, package: &'p CfPackage) -> &FxMap<&'p str, NodeIndex> {
        let FrameworkGraph { graph, by_identifier, by_uri, .. } = self;
        by_uri.get_or_insert_with(|| {
            let mut map = FxMap::default();
            let document = package.document.as_ref();
            let document_uri = document.and_then(|d| Some((d.identifier.as_deref()?, d.uri.as_deref()?)));
            let items =
                package.items.iter().flatten().filter_map(|i| Some((i.identifier.as_deref()?, i.uri.as_deref()?)));
            for (identifier, uri) in document_uri.into_iter().chain(items) {
                if let Some(&node) = by_identifier.get(identifier)
                    && graph[node].kind != NodeKind::External
                {
                    map.entry(uri).or_insert(node);
                }
            }
            map
        })
    }

    /// The underlying petgraph graph.
    pub fn graph(&self) -> &DiGraph<Node<'p>, Edge<'p>> {
        &self.graph
    }

    /// The node with `identifier`.
    pub fn find(&self, identifier: &str) -> Option<NodeIndex> {
        self.by_identifier.get(identifier).copied()
    }

    /// The node at `index`.
    pub fn node(&self, index: NodeIndex) -> &Node<'p> {
        &self.graph[index]
    }

    /// How many nodes are of `kind`.
    pub fn count(&self, kind: NodeKind) -> usize {
        self.graph.node_weights().filter(|n| n.kind == kind).count()
    }
}

/// The identifier a `LinkURI` (or a plain string in its place) names.
fn link_uri_id(link: &Linked<LinkUri>) -> Option<&str> {
    match link {
        Linked::Object(l) => l.identifier.as_deref(),
        Linked::Plain(uri) => Some(uri.as_str()),
    }
}
