//! The rubrics of a framework as criteria × levels tables, each criterion linked to the item it
//! names; read in full from the cache (the open framework's outline leaves rubrics out) and
//! kept per framework until its connection's data changes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use cairn_graph::{CriterionView, FrameworkGraph, LevelView, RubricView};
use rusqlite::Connection;

use super::ends::step;
use super::error::AppError;
use super::relation_types::{Rubric, RubricCriterion, RubricLevel};
use super::types::FrameworkKey;
use crate::views::{load_package, resolve_connection};

/// Rubrics already read, per framework.
#[derive(Default)]
pub struct RubricCache(Mutex<HashMap<FrameworkKey, Arc<Vec<Rubric>>>>);

impl RubricCache {
    /// The rubrics of `key`, if read already.
    pub fn get(&self, key: &FrameworkKey) -> Option<Arc<Vec<Rubric>>> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).get(key).cloned()
    }

    /// Keeps the rubrics of `key`.
    pub fn put(&self, key: FrameworkKey, rubrics: Arc<Vec<Rubric>>) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).insert(key, rubrics);
    }

    /// Forgets the rubrics of `connection`'s frameworks.
    pub fn forget(&self, connection: &str) {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).retain(|key, _| key.connection != connection);
    }
}

/// Every rubric the cache holds for the framework `key`.
pub fn read_rubrics(conn: &Connection, key: &FrameworkKey) -> Result<Vec<Rubric>, AppError> {
    let connection = resolve_connection(conn, &key.connection)?;
    let Some((_, package)) = load_package(conn, Some(connection), &key.identifier)? else {
        return Err(AppError::not_found(format!(
            "the framework {} is not in the cache of {}",
            key.identifier, key.connection
        )));
    };
    let graph = FrameworkGraph::from_package(&package);
    Ok(cairn_graph::rubrics(&graph, &package).into_iter().map(rubric).collect())
}

/// The rubrics with a criterion naming `identifier`.
pub fn naming(rubrics: &[Rubric], identifier: &str) -> Vec<Rubric> {
    rubrics
        .iter()
        .filter(|r| r.criteria.iter().any(|c| c.item.as_ref().is_some_and(|i| i.identifier == identifier)))
        .cloned()
        .collect()
}

fn rubric(view: RubricView) -> Rubric {
    Rubric {
        identifier: view.identifier,
        title: view.title,
        criteria: view.criteria.into_iter().map(criterion).collect(),
    }
}

fn criterion(view: CriterionView) -> RubricCriterion {
    RubricCriterion {
        identifier: view.identifier,
        category: view.category,
        description: view.description,
        weight: view.weight,
        item: view.item.as_ref().map(step),
        levels: view.levels.into_iter().map(level).collect(),
    }
}

fn level(view: LevelView) -> RubricLevel {
    RubricLevel {
        identifier: view.identifier,
        position: view.position,
        quality: view.quality,
        score: view.score,
        description: view.description,
        feedback: view.feedback,
    }
}
