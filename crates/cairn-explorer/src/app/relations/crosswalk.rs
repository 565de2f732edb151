//! The crosswalk of two cached frameworks (of one connection or two), computed as `cairn
//! crosswalk` computes it, with each item placed in its framework's first-level subtree for the
//! view's filter.

use std::collections::HashMap;

use cairn_graph::crosswalk::{Coverage, Direction, ItemRef, MatchedBy};
use cairn_graph::{FrameworkGraph, Tree};
use cairn_spec::case::CfPackage;
use rusqlite::Connection;

use super::ends::item_label;
use super::types::{CrosswalkGroup, CrosswalkPair, CrosswalkReport, CrosswalkSide, ItemSummary, SubtreeRef, TypeShare};
use crate::app::error::AppError;
use crate::app::types::FrameworkKey;
use cairn_views::crosswalk::crosswalk_snapshots;
use cairn_views::{Snapshot, SnapshotSource, ViewError, load_package, load_package_outline, resolve_connection};

/// The framework `key` read in full from the cache.
pub fn snapshot(conn: &Connection, key: &FrameworkKey) -> Result<Snapshot, AppError> {
    read_snapshot(conn, key, load_package)
}

/// The framework `key` as its outline (identifiers, URIs, codes, statements, association ends and
/// types, from the cache's columns: no record JSON parsed) — all a crosswalk reads of it.
/// `App::crosswalk` reads the two sides side by side, each on a reader of its own.
pub fn outline_snapshot(conn: &Connection, key: &FrameworkKey) -> Result<Snapshot, AppError> {
    read_snapshot(conn, key, load_package_outline)
}

/// How a cached framework is read: in full or as its outline.
type PackageReader = fn(&Connection, Option<i64>, &str) -> Result<Option<(i64, CfPackage)>, ViewError>;

fn read_snapshot(conn: &Connection, key: &FrameworkKey, read: PackageReader) -> Result<Snapshot, AppError> {
    let connection_id = resolve_connection(conn, &key.connection)?;
    let Some((_, package)) = read(conn, Some(connection_id), &key.identifier)? else {
        return Err(AppError::not_found(format!(
            "the framework {} is not in the cache of {}",
            key.identifier, key.connection
        )));
    };
    let source =
        SnapshotSource::Cache { connection: key.connection.clone(), connection_id, document: key.identifier.clone() };
    Ok(Snapshot { source, package })
}

/// The crosswalk from `from` to `to`, over the two frameworks' outlines (see
/// [`outline_snapshot`]). Each item's subtree is found on a second thread while the pairs are.
pub fn crosswalk(
    conn: &Connection,
    from: &FrameworkKey,
    to: &FrameworkKey,
    from_snapshot: &Snapshot,
    to_snapshot: &Snapshot,
) -> Result<CrosswalkReport, AppError> {
    let (view, places) = std::thread::scope(|scope| {
        let places = scope.spawn(|| (subtrees(&from_snapshot.package), subtrees(&to_snapshot.package)));
        let view = crosswalk_snapshots(Some(conn), from_snapshot, to_snapshot, &[]);
        (view, places.join())
    });
    let view = view?;
    let ((from_places, from_subtrees), (to_places, to_subtrees)) =
        places.map_err(|_| AppError::internal("placing the crosswalk's items in their subtrees failed"))?;
    let walk = view.crosswalk;
    let groups = walk
        .groups
        .into_iter()
        .map(|group| CrosswalkGroup {
            association_type: group.association_type,
            pairs: group
                .pairs
                .into_iter()
                .map(|pair| CrosswalkPair {
                    from: summary(pair.from, &from_places),
                    to: summary(pair.to, &to_places),
                    association_type: pair.association_type,
                    association_identifier: pair.association_identifier,
                    from_to: pair.direction == Direction::FromTo,
                    by_uri: pair.matched_by == MatchedBy::Uri,
                })
                .collect(),
        })
        .collect();
    Ok(CrosswalkReport {
        from: side(from, walk.from, &from_places, from_subtrees, language(from_snapshot)),
        to: side(to, walk.to, &to_places, to_subtrees, language(to_snapshot)),
        pairs: count(walk.pairs),
        groups,
    })
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The framework's `language`, as its document gives it.
fn language(snapshot: &Snapshot) -> Option<String> {
    let language = snapshot.package.document.as_ref()?.language.as_deref()?;
    (!language.trim().is_empty()).then(|| language.to_owned())
}

fn side(
    key: &FrameworkKey,
    coverage: Coverage,
    places: &HashMap<String, String>,
    subtrees: Vec<SubtreeRef>,
    language: Option<String>,
) -> CrosswalkSide {
    CrosswalkSide {
        key: key.clone(),
        language,
        title: coverage.title.unwrap_or_else(|| coverage.document.clone()),
        items: count(coverage.items),
        covered: count(coverage.covered),
        share: coverage.share,
        by_type: coverage
            .by_type
            .into_iter()
            .map(|t| TypeShare { association_type: t.association_type, covered: count(t.covered), share: t.share })
            .collect(),
        uncovered: coverage.uncovered.into_iter().map(|item| summary(item, places)).collect(),
        subtrees,
    }
}

fn summary(item: ItemRef, places: &HashMap<String, String>) -> ItemSummary {
    ItemSummary {
        subtree: places.get(&item.identifier).cloned(),
        identifier: item.identifier,
        code: item.human_coding_scheme,
        statement: item.full_statement,
    }
}

/// Each item's first-level subtree (by identifier), and the first-level subtrees in order.
fn subtrees(package: &CfPackage) -> (HashMap<String, String>, Vec<SubtreeRef>) {
    let graph = FrameworkGraph::from_package(package);
    let tree = Tree::new(&graph, package);
    let mut places = HashMap::new();
    let mut list = Vec::new();
    let Some(root) = tree.root() else { return (places, list) };
    for top in tree.children(root) {
        let top_id = graph.node(top.node).identifier.to_owned();
        let end = cairn_graph::End::of(&graph, package, top.node);
        let label = match &end {
            cairn_graph::End::Item { human_coding_scheme, full_statement, identifier } => {
                item_label(human_coding_scheme.as_deref(), full_statement.as_deref(), identifier)
            }
            other => other.identifier().to_owned(),
        };
        list.push(SubtreeRef { identifier: top_id.clone(), label });
        let mut stack = vec![top.node];
        while let Some(node) = stack.pop() {
            let id = graph.node(node).identifier.to_owned();
            if places.contains_key(&id) {
                continue;
            }
            places.insert(id, top_id.clone());
            stack.extend(tree.children(node).iter().map(|c| c.node));
        }
    }
    (places, list)
}
