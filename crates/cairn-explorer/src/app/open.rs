//! An open framework: its graph and tree built once from the cache (read with only the fields
//! they need), kept with owned tables so that children, paths, counts and associations are
//! answered without touching SQLite again, until the cache changes. An item's associations are
//! resolved when it is first shown, not for every item at opening.

use std::collections::{HashMap, HashSet};
use std::sync::{Mutex, OnceLock};

use cairn_graph::{End, FrameworkGraph, NodeIndex, RelationDirection, Tree};
use cairn_spec::case::CfPackage;
use rusqlite::Connection;

use super::error::AppError;
use super::types::{
    AssociationDirection, AssociationGroup, AssociationLink, Children, Crumb, FrameworkKey, FrameworkOutline, LinkEnd,
    MapRow, NodeKind, TreeRow,
};
use cairn_views::{load_package_outline, resolve_connection};

self_cell::self_cell!(
    /// A package and the graph that borrows it.
    struct Graphed {
        owner: CfPackage,
        #[covariant]
        dependent: FrameworkGraph,
    }
);

/// Paths listed at most for one item.
const MAX_PATHS: usize = 64;
/// Characters of a statement a tree row carries: more than a window's width of one line.
const ROW_STATEMENT_CHARS: usize = 240;

/// What a node shows.
#[derive(Debug, Clone)]
struct NodeInfo {
    identifier: String,
    code: Option<String>,
    statement: String,
    kind: NodeKind,
    uri: Option<String>,
    title: Option<String>,
}

/// One framework opened for the explorer.
pub struct OpenFramework {
    key: FrameworkKey,
    title: String,
    language: Option<String>,
    nodes: Vec<NodeInfo>,
    by_identifier: HashMap<String, NodeIndex>,
    tree: Tree,
    cyclic: HashSet<NodeIndex>,
    graphed: Graphed,
    relations: Mutex<HashMap<NodeIndex, Vec<AssociationGroup>>>,
    subtree_counts: Mutex<HashMap<NodeIndex, u32>>,
    own_associations: OnceLock<HashSet<String>>,
    item_count: u32,
}

/// A node of the open framework as other views name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NodeSummary {
    /// Document, item, external or unknown end.
    pub kind: NodeKind,
    /// Code and statement, or the title, or the identifier.
    pub label: String,
    /// `humanCodingScheme`.
    pub code: Option<String>,
    /// The URI the record (or the link) gives.
    pub uri: Option<String>,
}

impl OpenFramework {
    /// Reads the framework `key` from the cache and builds its graph and tree.
    pub fn load(conn: &Connection, key: &FrameworkKey) -> Result<OpenFramework, AppError> {
        let connection = resolve_connection(conn, &key.connection)?;
        let Some((_, package)) = load_package_outline(conn, Some(connection), &key.identifier)? else {
            return Err(AppError::not_found(format!(
                "the framework {} is not in the cache of {}",
                key.identifier, key.connection
            )));
        };
        Ok(OpenFramework::build(key.clone(), package))
    }

    /// Builds the tables of `package`.
    pub fn build(key: FrameworkKey, package: CfPackage) -> OpenFramework {
        let graphed = Graphed::new(package, |package| FrameworkGraph::from_package(package));
        let package = graphed.borrow_owner();
        let graph = graphed.borrow_dependent();
        let tree = Tree::new(graph, package);
        let nodes: Vec<NodeInfo> = graph.graph().node_indices().map(|index| node_info(graph, package, index)).collect();
        let by_identifier = nodes
            .iter()
            .enumerate()
            .map(|(i, node)| (node.identifier.clone(), NodeIndex::new(i)))
            .collect::<HashMap<_, _>>();
        let cyclic = tree.cycles().iter().flatten().copied().collect();
        let title = package
            .document
            .as_ref()
            .and_then(|d| d.title.as_deref())
            .map(str::to_owned)
            .unwrap_or_else(|| key.identifier.clone());
        let language = package
            .document
            .as_ref()
            .and_then(|d| d.language.as_deref())
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .map(str::to_owned);
        let item_count = u32::try_from(graph.count(cairn_graph::NodeKind::Item)).unwrap_or(u32::MAX);
        OpenFramework {
            key,
            title,
            language,
            nodes,
            by_identifier,
            tree,
            cyclic,
            graphed,
            relations: Mutex::new(HashMap::new()),
            subtree_counts: Mutex::new(HashMap::new()),
            own_associations: OnceLock::new(),
            item_count,
        }
    }

    /// Which framework this is.
    pub fn key(&self) -> &FrameworkKey {
        &self.key
    }

    /// Its title (the document's, else its identifier).
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The first level, the orphans and the cycles.
    pub fn outline(&self) -> FrameworkOutline {
        let roots = self.tree.root().map(|root| self.rows(root)).unwrap_or_default();
        let orphans = self.tree.orphans().iter().map(|&n| self.row(n)).collect();
        let cycles = self
            .tree
            .cycles()
            .iter()
            .map(|cycle| cycle.iter().map(|&n| self.nodes[n.index()].identifier.clone()).collect())
            .collect();
        FrameworkOutline {
            key: self.key.clone(),
            title: self.title.clone(),
            language: self.language.clone(),
            item_count: self.item_count,
            roots,
            orphans,
            cycles,
        }
    }

    /// The children of each of `parents` (unknown identifiers are left out).
    pub fn children(&self, parents: &[String]) -> Vec<Children> {
        parents
            .iter()
            .filter_map(|parent| {
                let node = self.find(parent)?;
                Some(Children { parent: parent.clone(), children: self.rows(node) })
            })
            .collect()
    }

    /// The children of every node below `node`, each parent once, in tree order.
    pub fn descendants(&self, node: &str) -> Result<Vec<Children>, AppError> {
        let start = self.find(node).ok_or_else(|| self.missing(node))?;
        let mut out = Vec::new();
        let mut seen = HashSet::from([start]);
        let mut stack = vec![start];
        while let Some(parent) = stack.pop() {
            let children = self.tree.children(parent);
            if children.is_empty() {
                continue;
            }
            out.push(Children { parent: self.nodes[parent.index()].identifier.clone(), children: self.rows(parent) });
            for child in children.iter().rev() {
                if seen.insert(child.node) {
                    stack.push(child.node);
                }
            }
        }
        Ok(out)
    }

    /// Every path from a root row (a child of the document, or an orphan) down to `identifier`.
    pub fn paths(&self, identifier: &str) -> Result<Vec<Vec<String>>, AppError> {
        let node = self.find(identifier).ok_or_else(|| self.missing(identifier))?;
        let root = self.tree.root();
        if self.tree.is_reachable(node) {
            let paths = self.tree.breadcrumbs(node);
            return Ok(paths
                .into_iter()
                .take(MAX_PATHS)
                .map(|path| {
                    path.into_iter()
                        .filter(|&n| Some(n) != root)
                        .map(|n| self.nodes[n.index()].identifier.clone())
                        .collect()
                })
                .collect());
        }
        // An orphan's sub-forest: up through first parents to its orphan root.
        let mut path = vec![node];
        let mut seen = HashSet::from([node]);
        while let Some(&parent) = path.last().and_then(|&n| self.tree.parents(n).first()) {
            if !seen.insert(parent) {
                break;
            }
            path.push(parent);
        }
        Ok(vec![path.into_iter().rev().map(|n| self.nodes[n.index()].identifier.clone()).collect()])
    }

    /// Every path from the document down to `node`, as crumbs (the document first).
    pub fn breadcrumbs(&self, identifier: &str) -> Result<Vec<Vec<Crumb>>, AppError> {
        let node = self.find(identifier).ok_or_else(|| self.missing(identifier))?;
        Ok(self
            .tree
            .breadcrumbs(node)
            .into_iter()
            .take(MAX_PATHS)
            .map(|path| path.into_iter().map(|n| self.crumb(n)).collect())
            .collect())
    }

    /// The associations of `identifier`, by type and direction.
    pub fn associations(&self, identifier: &str) -> Result<Vec<AssociationGroup>, AppError> {
        let node = self.find(identifier).ok_or_else(|| self.missing(identifier))?;
        let mut relations = self.relations.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let groups = relations
            .entry(node)
            .or_insert_with(|| groups(&self.key, self.graphed.borrow_dependent(), self.graphed.borrow_owner(), node));
        Ok(groups.clone())
    }

    /// What the node is, its title, URI and identifier.
    pub fn describe(&self, identifier: &str) -> Result<(NodeKind, String), AppError> {
        let node = self.find(identifier).ok_or_else(|| self.missing(identifier))?;
        Ok((self.nodes[node.index()].kind, self.crumb(node).label))
    }

    /// The node `identifier` of this framework's graph, when it has one.
    pub fn summary(&self, identifier: &str) -> Option<NodeSummary> {
        let info = &self.nodes[self.find(identifier)?.index()];
        Some(NodeSummary { kind: info.kind, label: label(info), code: info.code.clone(), uri: info.uri.clone() })
    }

    /// Whether this framework's package holds the association `identifier` (the set is built
    /// when first asked).
    pub fn publishes(&self, identifier: &str) -> bool {
        self.own_associations
            .get_or_init(|| {
                let package = self.graphed.borrow_owner();
                let associations = package.associations.iter().flat_map(|a| a.iter());
                associations.filter_map(|a| a.identifier.as_deref().map(str::to_owned)).collect()
            })
            .contains(identifier)
    }

    /// The document's identifier (the root of the tree).
    pub fn document(&self) -> &str {
        &self.key.identifier
    }

    /// Runs `f` over the framework's graph, its tree and the package they were built from (read
    /// with the outline's fields): what the relationship views compute from.
    pub fn with_graph<R>(&self, f: impl FnOnce(&FrameworkGraph<'_>, &Tree, &CfPackage) -> R) -> R {
        f(self.graphed.borrow_dependent(), &self.tree, self.graphed.borrow_owner())
    }

    /// The document's tree depth first, as the map draws it: each row with its parent's place,
    /// code, short label, kind and descendants (its facts left for the caller to read from the
    /// cache); at most `limit` rows (whether cut), and how many items the tree holds outside it
    /// (orphans and below).
    pub fn map_rows(&self, limit: usize) -> (Vec<MapRow>, bool, u32) {
        let mut rows = Vec::new();
        let mut truncated = false;
        if let Some(root) = self.tree.root() {
            // (node, parent row); a node under several parents is visited under each, the tree
            // having cut the links that close a cycle.
            let mut stack = vec![(root, None)];
            while let Some((node, parent)) = stack.pop() {
                if rows.len() >= limit {
                    truncated = true;
                    break;
                }
                let info = &self.nodes[node.index()];
                let at = u32::try_from(rows.len()).unwrap_or(u32::MAX);
                rows.push(MapRow {
                    identifier: info.identifier.clone(),
                    parent,
                    code: info.code.clone(),
                    label: short_label(info),
                    kind: info.kind,
                    descendants: self.subtree_count(node),
                    item_type: None,
                    education_levels: Vec::new(),
                });
                for child in self.tree.children(node).iter().rev() {
                    stack.push((child.node, Some(at)));
                }
            }
        }
        let left_out = self.tree.orphans().iter().map(|&n| 1 + self.subtree_count(n)).fold(0u32, u32::saturating_add);
        (rows, truncated, left_out)
    }

    fn find(&self, identifier: &str) -> Option<NodeIndex> {
        self.by_identifier.get(identifier).copied()
    }

    fn missing(&self, identifier: &str) -> AppError {
        AppError::not_found(format!("no node {identifier} in the framework {}", self.title))
    }

    fn rows(&self, parent: NodeIndex) -> Vec<TreeRow> {
        self.tree.children(parent).iter().map(|child| self.row(child.node)).collect()
    }

    fn row(&self, node: NodeIndex) -> TreeRow {
        let info = &self.nodes[node.index()];
        TreeRow {
            identifier: info.identifier.clone(),
            human_coding_scheme: info.code.clone(),
            statement: one_line(&info.statement),
            kind: info.kind,
            child_count: u32::try_from(self.tree.children(node).len()).unwrap_or(u32::MAX),
            subtree_count: self.subtree_count(node),
            multi_parent: self.tree.parents(node).len() > 1,
            cyclic: self.cyclic.contains(&node),
        }
    }

    fn subtree_count(&self, node: NodeIndex) -> u32 {
        if self.tree.children(node).is_empty() {
            return 0;
        }
        let mut counts = self.subtree_counts.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *counts.entry(node).or_insert_with(|| u32::try_from(self.tree.subtree_count(node)).unwrap_or(u32::MAX))
    }

    fn crumb(&self, node: NodeIndex) -> Crumb {
        let info = &self.nodes[node.index()];
        Crumb { identifier: info.identifier.clone(), label: label(info) }
    }
}

/// Characters of a statement a map segment carries (its tooltip and spoken name).
const MAP_LABEL_CHARS: usize = 120;

/// A node's statement or title for the map, cut to [`MAP_LABEL_CHARS`].
fn short_label(info: &NodeInfo) -> String {
    let text = if info.kind == NodeKind::Document {
        info.title.as_deref().unwrap_or(&info.statement)
    } else {
        &info.statement
    };
    cut(text, MAP_LABEL_CHARS)
}

/// `statement` cut to [`ROW_STATEMENT_CHARS`] characters (ending with `…` when cut).
fn one_line(statement: &str) -> String {
    cut(statement, ROW_STATEMENT_CHARS)
}

/// `text` cut to `chars` characters, ending with `…` when cut.
fn cut(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Code and statement, or the title, or the identifier.
fn label(info: &NodeInfo) -> String {
    match (&info.code, info.kind) {
        (_, NodeKind::Document) => info.title.clone().unwrap_or_else(|| info.identifier.clone()),
        (Some(code), _) if !info.statement.is_empty() => format!("{code} {}", info.statement),
        (Some(code), _) => code.clone(),
        (None, _) => info.statement.clone(),
    }
}

fn node_info(graph: &FrameworkGraph, package: &CfPackage, index: NodeIndex) -> NodeInfo {
    let node = graph.node(index);
    let identifier = node.identifier.to_owned();
    let uri = node.uri.map(str::to_owned);
    let title = node.title.map(str::to_owned);
    match End::of(graph, package, index) {
        End::Document { title, .. } => NodeInfo {
            statement: title.clone().unwrap_or_else(|| identifier.clone()),
            identifier,
            code: None,
            kind: NodeKind::Document,
            uri,
            title,
        },
        End::Item { human_coding_scheme, full_statement, .. } => {
            let item = node.item_index.and_then(|i| package.items.as_ref()?.iter().as_slice().get(i));
            let abbreviated = item.and_then(|i| i.abbreviated_statement.as_deref()).filter(|s| !s.trim().is_empty());
            let statement = abbreviated.map(str::to_owned).or(full_statement).unwrap_or_default();
            let uri = item.and_then(|i| i.uri.as_deref()).map(str::to_owned);
            NodeInfo { identifier, code: human_coding_scheme, statement, kind: NodeKind::Item, uri, title: None }
        }
        End::External { .. } => NodeInfo {
            statement: title.clone().or_else(|| uri.clone()).unwrap_or_else(|| identifier.clone()),
            identifier,
            code: None,
            kind: NodeKind::External,
            uri,
            title,
        },
        End::Unknown { .. } => {
            NodeInfo { statement: identifier.clone(), identifier, code: None, kind: NodeKind::Unknown, uri, title }
        }
    }
}

/// The associations of `index` in the app's terms; ends inside the package are cached in `key`.
fn groups(key: &FrameworkKey, graph: &FrameworkGraph, package: &CfPackage, index: NodeIndex) -> Vec<AssociationGroup> {
    // An end inside the package is in its CFDocument's `language`, as the tree's statements are
    // (the outline the window opens holds no item's own).
    let language = package
        .document
        .as_ref()
        .and_then(|d| d.language.as_deref())
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_owned);
    cairn_graph::relations(graph, package, index)
        .into_iter()
        .map(|group| AssociationGroup {
            association_type: group.association_type,
            direction: match group.direction {
                RelationDirection::Outgoing => AssociationDirection::Outgoing,
                RelationDirection::Incoming => AssociationDirection::Incoming,
            },
            links: group
                .relations
                .into_iter()
                .map(|relation| {
                    let other = graph.find(relation.other.identifier()).map(|n| node_info(graph, package, n));
                    let cached = matches!(relation.other, End::Item { .. } | End::Document { .. });
                    AssociationLink {
                        association_identifier: relation.identifier.unwrap_or_default(),
                        other: LinkEnd {
                            identifier: relation.other.identifier().to_owned(),
                            uri: other.as_ref().and_then(|o| o.uri.clone()),
                            title: other.as_ref().map(label).filter(|_| cached).or_else(|| match &relation.other {
                                End::External { title, .. } => title.clone(),
                                _ => None,
                            }),
                            cached: cached.then(|| key.clone()),
                            language: language.clone().filter(|_| cached),
                            fetch_from: None,
                        },
                        sequence_number: relation.sequence_number,
                        grouping: relation.grouping,
                        published_by: None,
                    }
                })
                .collect(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_carries_one_line_of_a_long_statement() {
        assert_eq!(one_line("short"), "short");
        let long = "é".repeat(ROW_STATEMENT_CHARS + 1);
        let cut = one_line(&long);
        assert_eq!(cut.chars().count(), ROW_STATEMENT_CHARS + 1);
        assert!(cut.ends_with('…') && cut.starts_with("éé"));
        assert_eq!(one_line(&"x".repeat(ROW_STATEMENT_CHARS)), "x".repeat(ROW_STATEMENT_CHARS));
    }
}
