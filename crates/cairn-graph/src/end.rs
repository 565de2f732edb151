//! What a node of the framework graph is, as views show it: the document, an item of the
//! package, an external node known from a link, or an identifier nothing else is known of.

use cairn_spec::case::CfPackage;
use petgraph::graph::NodeIndex;

use crate::framework::{FrameworkGraph, NodeKind};

/// A node resolved for display.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum End {
    /// The framework's document.
    Document {
        /// Its identifier.
        identifier: String,
        /// Its title.
        title: Option<String>,
    },
    /// An item of the package.
    Item {
        /// Its identifier.
        identifier: String,
        /// Its `humanCodingScheme`.
        #[serde(rename = "humanCodingScheme")]
        human_coding_scheme: Option<String>,
        /// Its `fullStatement`.
        #[serde(rename = "fullStatement")]
        full_statement: Option<String>,
    },
    /// A node outside the package whose link carries a URI or a title.
    External {
        /// Its identifier.
        identifier: String,
        /// The URI the link gives.
        uri: Option<String>,
        /// The title the link gives.
        title: Option<String>,
    },
    /// A node known by its identifier only.
    Unknown {
        /// Its identifier.
        identifier: String,
    },
}

impl End {
    /// The node at `index` of `graph` (items read from `package`).
    pub fn of(graph: &FrameworkGraph, package: &CfPackage, index: NodeIndex) -> End {
        let node = graph.node(index);
        let identifier = node.identifier.to_owned();
        match node.kind {
            NodeKind::Document => End::Document { identifier, title: node.title.map(str::to_owned) },
            NodeKind::Item => {
                let item = node.item_index.and_then(|i| package.items.as_ref()?.iter().as_slice().get(i));
                End::Item {
                    identifier,
                    human_coding_scheme: item.and_then(|i| i.human_coding_scheme.as_deref()).map(str::to_owned),
                    full_statement: item.and_then(|i| i.full_statement.as_deref()).map(str::to_owned),
                }
            }
            NodeKind::External if node.uri.is_none() && node.title.is_none() => End::Unknown { identifier },
            NodeKind::External => {
                End::External { identifier, uri: node.uri.map(str::to_owned), title: node.title.map(str::to_owned) }
            }
        }
    }

    /// The identifier `identifier` resolved in `graph`: its node, or unknown.
    pub fn find(graph: &FrameworkGraph, package: &CfPackage, identifier: &str) -> End {
        match graph.find(identifier) {
            Some(index) => End::of(graph, package, index),
            None => End::Unknown { identifier: identifier.to_owned() },
        }
    }

    /// The node's identifier.
    pub fn identifier(&self) -> &str {
        match self {
            End::Document { identifier, .. }
            | End::Item { identifier, .. }
            | End::External { identifier, .. }
            | End::Unknown { identifier } => identifier,
        }
    }
}
