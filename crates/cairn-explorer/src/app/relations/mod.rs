//! The commands of the relationship views: the graph of a node's neighbourhood, its
//! progressions and rubrics, the crosswalk of two frameworks and the diff of two versions.

pub(super) mod association_types;
mod crosswalk;
mod diff;
mod ends;
pub(super) mod foreign_links;
mod graph_layout;
mod graph_view;
mod grouping_tree;
pub(super) mod rubrics;
pub(super) mod types;

use std::sync::Arc;

use super::types::FrameworkKey;
use super::{App, AppError};
use cairn_store::cache;
use types::{CrosswalkReport, GroupingTree, NeighbourhoodGraph, Progression, Rubric, SnapshotRef, VersionDiff};

impl App {
    /// The neighbourhood of `identifier`: `depth` (1–3) associations either way, at most
    /// `limit` nodes, with how many associations of each node lead outside the drawing.
    pub async fn relation_graph(
        &self,
        key: FrameworkKey,
        identifier: String,
        depth: u32,
        limit: u32,
    ) -> Result<NeighbourhoodGraph, AppError> {
        let open = self.framework(key).await?;
        self.cache.read(move |conn| graph_view::graph(conn, &open, &identifier, depth, limit)).await
    }

    /// The `precedes` chains through `identifier`.
    pub async fn progressions(&self, key: FrameworkKey, identifier: String) -> Result<Vec<Progression>, AppError> {
        let open = self.framework(key).await?;
        self.cache.read(move |conn| graph_view::progressions(conn, &open, &identifier)).await
    }

    /// Every rubric of the framework `key`.
    pub async fn rubrics(&self, key: FrameworkKey) -> Result<Vec<Rubric>, AppError> {
        Ok(self.all_rubrics(key).await?.as_ref().clone())
    }

    /// The rubrics with a criterion naming `identifier`.
    pub async fn item_rubrics(&self, key: FrameworkKey, identifier: String) -> Result<Vec<Rubric>, AppError> {
        Ok(rubrics::naming(&self.all_rubrics(key).await?, &identifier))
    }

    /// The tree of `key` built from the `isChildOf` links of the `groupings` chosen (every link
    /// when none is).
    pub async fn grouping_tree(&self, key: FrameworkKey, groupings: Vec<String>) -> Result<GroupingTree, AppError> {
        let open = self.framework(key).await?;
        cache::blocking(move || Ok(grouping_tree::grouping_tree(&open, &groupings))).await
    }

    /// The crosswalk of two cached frameworks, their outlines read side by side.
    pub async fn crosswalk(&self, from: FrameworkKey, to: FrameworkKey) -> Result<CrosswalkReport, AppError> {
        let (from_key, to_key) = (from.clone(), to.clone());
        let (from_snapshot, to_snapshot) = tokio::try_join!(
            self.cache.read(move |conn| crosswalk::outline_snapshot(conn, &from_key)),
            self.cache.read(move |conn| crosswalk::outline_snapshot(conn, &to_key)),
        )?;
        self.cache.read(move |conn| crosswalk::crosswalk(conn, &from, &to, &from_snapshot, &to_snapshot)).await
    }

    /// What changed from the snapshot `old` to `new`.
    pub async fn version_diff(&self, old: SnapshotRef, new: SnapshotRef) -> Result<VersionDiff, AppError> {
        self.cache.read(move |conn| diff::version_diff(conn, &old, &new)).await
    }

    async fn all_rubrics(&self, key: FrameworkKey) -> Result<Arc<Vec<Rubric>>, AppError> {
        if let Some(found) = self.rubrics.get(&key) {
            return Ok(found);
        }
        let open = self.framework(key.clone()).await?;
        let read = Arc::new(self.cache.read(move |conn| rubrics::read_rubrics(conn, &open)).await?);
        self.rubrics.put(key, read.clone());
        Ok(read)
    }
}
