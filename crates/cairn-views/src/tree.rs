//! The framework tree view: a cached framework's items in tree order under its document, the
//! orphans apart, and the cycles found (what `cairn tree` prints).

use cairn_graph::{FrameworkGraph, Tree, TreeNode};
use rusqlite::Connection;

use super::error::ViewError;
use super::package::{load_package, resolve_connection};

/// What to show of a framework tree.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TreeOptions {
    /// The connection whose copy to show (needed when several cached the document).
    pub connection: Option<String>,
    /// Only the `isChildOf` associations of these groupings (all when empty).
    pub groupings: Vec<String>,
    /// How many levels below the document (all when `None`).
    pub depth: Option<usize>,
}

/// A framework as a tree.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TreeView {
    /// The CFDocument identifier.
    pub identifier: String,
    /// The document's title.
    pub title: Option<String>,
    /// The document's children, in order, each with what is below it.
    pub children: Vec<TreeNode<'static>>,
    /// Items with no path to the document: the roots of their sub-forests.
    pub orphans: Vec<TreeNode<'static>>,
    /// Each cycle of `isChildOf` links once, as its identifiers.
    pub cycles: Vec<Vec<String>>,
    /// Whether the tree was too deep or too large to write out in full.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// The tree of the framework `document` in the cache.
pub fn framework_tree(conn: &Connection, document: &str, options: &TreeOptions) -> Result<TreeView, ViewError> {
    let connection = options.connection.as_deref().map(|name| resolve_connection(conn, name)).transpose()?;
    let Some((_, package)) = load_package(conn, connection, document)? else {
        return Err(ViewError::NotFound { document: document.to_owned(), connection: options.connection.clone() });
    };
    let graph = FrameworkGraph::from_package(&package);
    let tree = if options.groupings.is_empty() {
        Tree::new(&graph, &package)
    } else {
        let groupings: Vec<&str> = options.groupings.iter().map(String::as_str).collect();
        Tree::with_groupings(&graph, &package, &groupings)
    };
    let outline = tree.outline(&graph, &package, options.depth);
    let cycles =
        tree.cycles().iter().map(|c| c.iter().map(|&n| graph.node(n).identifier.to_owned()).collect()).collect();
    Ok(TreeView {
        identifier: document.to_owned(),
        title: package.document.as_ref().and_then(|d| d.title.as_deref()).map(str::to_owned),
        children: outline.children.into_iter().map(TreeNode::into_owned).collect(),
        orphans: outline.orphans.into_iter().map(TreeNode::into_owned).collect(),
        cycles,
        truncated: outline.truncated,
    })
}
