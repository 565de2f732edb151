//! The plan of a framework export: which items become rows, in which order, at which depth and
//! under which parent — the one order the CSV table and the workbook share.
//!
//! The framework comes from the cache as its outline ([`load_package_outline`]: the columns the
//! tree is ordered by, no record parsed), joined by the `isChildOf`
//! associations of other documents whose child is one of its items, and by cached items of
//! other documents that its associations place under its nodes. Sibling order, orphans and
//! cycles are those of the framework tree of `cairn-graph` ([`Tree`]): children of a node come
//! in order of their association's `sequenceNumber` (absent last), then `listEnumeration` and
//! `humanCodingScheme` in natural order, then `fullStatement` (absent last), then package order.
//! The placement is the export's own: the tree is walked depth first from the document and an
//! item with several parents appears once, under the parent that reaches it first; a node
//! already placed is never followed again (so cycles end). Items with no path to the document
//! (orphans) come last, each orphan root of the tree followed by what is below it and not yet
//! placed. Orphans have no depth. A row's full record is read when it is written
//! ([`Plan::record`], through [`Records`]).

use std::collections::{HashMap, HashSet};

use cairn_graph::{FrameworkGraph, NodeIndex, NodeKind, Tree};
use cairn_spec::case::{CfPackage, CfPckgAssociation, CfPckgItem};
use cairn_spec::{Collection, Wire};
use cairn_store::cache;
use rusqlite::Connection;
use serde_json::Value;

use super::records::Records;
use super::{ExportError, Source};
use cairn_views::{ViewError, load_package_outline};

/// A row of the export: the item's node, the parent it was placed under, its depth (1 for the
/// document's children; `None` for orphans and what is below them).
pub(crate) struct Placed {
    /// The item's node in the graph.
    pub(crate) node: NodeIndex,
    /// The node it is placed under (`None` for an orphan root).
    pub(crate) parent: Option<NodeIndex>,
    /// Its depth below the document.
    pub(crate) depth: Option<usize>,
}

/// The rows of an export over the package's graph and tree.
pub(crate) struct Plan<'p> {
    /// The package (joined as the module says).
    pub(crate) package: &'p CfPackage,
    /// Its graph.
    pub(crate) graph: FrameworkGraph<'p>,
    /// Its `isChildOf` tree.
    pub(crate) tree: Tree,
    /// The rows, in order.
    pub(crate) rows: Vec<Placed>,
    /// Each row's node's place in `rows`, from 1.
    pub(crate) position: HashMap<NodeIndex, usize>,
    /// The full records behind the rows.
    pub(crate) records: Records<'p>,
}

impl<'p> Plan<'p> {
    /// The plan of `package`'s items, or of the subtree under the item `subtree` only (the item
    /// first, its descendants after it, in tree order, depths and parents as in the whole
    /// framework).
    pub(crate) fn new(
        package: &'p CfPackage,
        records: Records<'p>,
        doc: &str,
        subtree: Option<&str>,
    ) -> Result<Plan<'p>, ExportError> {
        let graph = FrameworkGraph::from_package(package);
        let tree = Tree::new(&graph, package);
        let mut rows = place(&graph, &tree);
        if let Some(root) = subtree {
            rows = only_subtree(&graph, rows, root)
                .ok_or_else(|| ExportError::NoItem { doc: doc.to_owned(), item: root.to_owned() })?;
        }
        let position = rows.iter().enumerate().map(|(i, p)| (p.node, i + 1)).collect();
        Ok(Plan { package, graph, tree, rows, position, records })
    }

    /// The items of the package, by their index in `CFItems`.
    pub(crate) fn items(&self) -> &'p [CfPckgItem] {
        self.package.items.as_ref().map(|m| m.iter().as_slice()).unwrap_or(&[])
    }

    /// The item a row stands for (`None` if its node is no item of the package).
    pub(crate) fn item(&self, row: &Placed) -> Option<&'p CfPckgItem> {
        self.graph.node(row.node).item_index.and_then(|i| self.items().get(i))
    }

    /// The full record of the item a row stands for, as JSON (`None` if its node is no item of
    /// the package, or the item is no longer cached).
    pub(crate) fn record(&self, row: &Placed) -> Result<Option<Value>, ExportError> {
        match self.item(row) {
            Some(_) => self.records.item(self.graph.node(row.node).identifier),
            None => Ok(None),
        }
    }

    /// A row's parents: the one it is placed under first, then the others in output order (the
    /// document first), then those not in the table, by identifier.
    pub(crate) fn parents(&self, row: &Placed) -> Vec<NodeIndex> {
        let (graph, tree) = (&self.graph, &self.tree);
        let mut parents: Vec<NodeIndex> = tree.parents(row.node).to_vec();
        let rank = |p: NodeIndex| {
            if Some(p) == row.parent {
                (0, 0)
            } else if Some(p) == tree.root() {
                (1, 0)
            } else {
                self.position.get(&p).map_or((3, 0), |i| (2, *i))
            }
        };
        parents.sort_by(|a, b| {
            rank(*a).cmp(&rank(*b)).then_with(|| graph.node(*a).identifier.cmp(graph.node(*b).identifier))
        });
        parents
    }

    /// The `sequenceNumber` of the link that places `row` under its first parent.
    pub(crate) fn sequence(&self, row: &Placed, parents: &[NodeIndex]) -> Option<i64> {
        parents.first().and_then(|first| {
            self.tree.children(*first).iter().find(|c| c.node == row.node).and_then(|c| c.sequence_number)
        })
    }
}

/// The outline of the framework `doc` of connection `source`, joined with what other documents
/// place in its tree; [`ExportError::NoFramework`] when it is not cached.
pub(crate) fn load_framework(conn: &Connection, source: &Source, doc: &str) -> Result<CfPackage, ExportError> {
    let no_framework = || -> Result<ExportError, ExportError> {
        Ok(ExportError::NoFramework {
            doc: doc.to_owned(),
            connection: source.name.clone(),
            cached: cached_documents(conn, source.id)?,
        })
    };
    let mut package = match load_package_outline(conn, Some(source.id), doc) {
        Ok(Some((_, package))) => package,
        Ok(None) => return Err(no_framework()?),
        Err(ViewError::Store(e)) => return Err(ExportError::Store(e)),
        Err(ViewError::Sql(e)) => return Err(ExportError::Sql(e)),
        Err(ViewError::BadRecord { table, id, message }) => return Err(ExportError::BadRecord { table, id, message }),
        Err(_) => return Err(no_framework()?),
    };
    join_other_documents(conn, source.id, doc, &mut package)?;
    Ok(package)
}

/// `identifier (title)` of every document of the connection.
fn cached_documents(conn: &Connection, connection_id: i64) -> Result<Vec<String>, ExportError> {
    Ok(cache::document_titles(conn, connection_id)?
        .into_iter()
        .map(|(id, title)| match title {
            Some(title) if !title.is_empty() => format!("{id} ({title})"),
            _ => id,
        })
        .collect())
}

fn parse(table: &'static str, id: &str, json: &str) -> Result<Value, ExportError> {
    serde_json::from_str(json).map_err(|e| ExportError::BadRecord { table, id: id.to_owned(), message: e.to_string() })
}

/// Adds the `isChildOf` associations of other documents whose child is one of the package's
/// items, then the cached items that the package's `isChildOf` associations place under its
/// nodes but that belong to other documents.
fn join_other_documents(
    conn: &Connection,
    connection_id: i64,
    doc: &str,
    package: &mut CfPackage,
) -> Result<(), ExportError> {
    for (id, json) in cache::child_links_from_other_documents(conn, connection_id, doc)? {
        if let Ok(association) = CfPckgAssociation::from_json(parse("cf_associations", &id, &json)?) {
            package.associations.get_or_insert_with(Default::default).push(association);
        }
    }
    let known: HashSet<String> =
        package.items.iter().flatten().filter_map(|i| i.identifier.as_deref().map(str::to_owned)).collect();
    let wanted: Vec<String> = package
        .associations
        .iter()
        .flatten()
        .filter(|a| a.association_type.as_ref().is_some_and(|t| t.is("isChildOf")))
        .filter_map(|a| a.origin_id().map(str::to_owned))
        .filter(|id| id != doc && !known.contains(id))
        .collect();
    let mut added = HashSet::new();
    for id in wanted {
        if !added.insert(id.clone()) {
            continue;
        }
        let Some(json) = cache::record(conn, connection_id, Collection::CfItems, &id)? else { continue };
        if let Ok(item) = CfPckgItem::from_json(parse("cf_items", &id, &json)?) {
            package.items.get_or_insert_with(Default::default).push(item);
        }
    }
    Ok(())
}

/// The rows of the subtree under the item `root`: it and the rows after it placed under it
/// (rows come in depth-first order, so they follow it without a gap); `None` when no row is it.
fn only_subtree(graph: &FrameworkGraph<'_>, placed: Vec<Placed>, root: &str) -> Option<Vec<Placed>> {
    let start = placed.iter().position(|p| graph.node(p.node).identifier == root)?;
    let mut inside = HashSet::from([placed[start].node]);
    let mut rows = placed.into_iter().skip(start);
    let mut kept: Vec<Placed> = rows.next().into_iter().collect();
    for row in rows {
        if !row.parent.is_some_and(|p| inside.contains(&p)) {
            break;
        }
        inside.insert(row.node);
        kept.push(row);
    }
    Some(kept)
}

/// Every item once, in tree order, then the orphans.
fn place(graph: &FrameworkGraph<'_>, tree: &Tree) -> Vec<Placed> {
    let n = graph.graph().node_count();
    let mut seen = vec![false; n];
    let mut placed = Vec::with_capacity(n);
    if let Some(root) = tree.root() {
        seen[root.index()] = true;
        walk(graph, tree, root, Some(0), &mut seen, &mut placed);
    }
    for &orphan in tree.orphans() {
        if !seen[orphan.index()] {
            seen[orphan.index()] = true;
            placed.push(Placed { node: orphan, parent: None, depth: None });
            walk(graph, tree, orphan, None, &mut seen, &mut placed);
        }
    }
    placed
}

/// Places the items below `root` (at `depth`), depth first, skipping what is placed already.
fn walk(
    graph: &FrameworkGraph<'_>,
    tree: &Tree,
    root: NodeIndex,
    depth: Option<usize>,
    seen: &mut [bool],
    placed: &mut Vec<Placed>,
) {
    let mut stack: Vec<(NodeIndex, usize, Option<usize>)> = vec![(root, 0, depth)];
    while let Some((node, next, depth)) = stack.last_mut() {
        let Some(child) = tree.children(*node).get(*next).map(|c| c.node) else {
            stack.pop();
            continue;
        };
        *next += 1;
        if graph.node(child).kind != NodeKind::Item || seen[child.index()] {
            continue;
        }
        seen[child.index()] = true;
        let (parent, child_depth) = (*node, depth.map(|d| d + 1));
        placed.push(Placed { node: child, parent: Some(parent), depth: child_depth });
        stack.push((child, 0, child_depth));
    }
}
