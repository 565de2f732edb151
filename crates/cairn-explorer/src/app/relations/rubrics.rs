//! The rubrics of a framework as criteria × levels tables, each criterion linked to the item it
//! names; read from the cache's rubrics of the framework's connection (the open framework's
//! outline leaves rubrics out) and kept per framework until its connection's data changes.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex, PoisonError};

use cairn_graph::{CriterionView, End, FrameworkGraph, LevelView, RubricView};
use cairn_spec::Wire;
use cairn_spec::case::CfPackage;
use rusqlite::Connection;
use serde_json::{Value, json};

use super::ends::step;
use super::types::{Rubric, RubricCriterion, RubricLevel};
use crate::app::error::AppError;
use crate::app::open::OpenFramework;
use crate::app::types::FrameworkKey;
use cairn_views::resolve_connection;

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

/// Every rubric of the connection of `open` with a criterion naming one of its items (read
/// straight from the cache's rubrics, not with the whole framework), criteria resolved in it.
pub fn read_rubrics(conn: &Connection, open: &OpenFramework) -> Result<Vec<Rubric>, AppError> {
    let connection_id = resolve_connection(conn, &open.key().connection)?;
    let items: HashSet<String> = open.with_graph(|_, _, package| {
        package.items.iter().flatten().filter_map(|i| i.identifier.as_deref().map(str::to_owned)).collect()
    });
    let mut kept = Vec::new();
    for (_, json) in cairn_store::cache::records(conn, connection_id, cairn_spec::Collection::CfRubrics)? {
        let Ok(rubric) = serde_json::from_str::<Value>(&json) else { continue };
        if named_items(&rubric).iter().any(|id| items.contains(*id)) {
            kept.push(rubric);
        }
    }
    if kept.is_empty() {
        return Ok(Vec::new());
    }
    let Ok(package) = CfPackage::from_json(json!({ "CFRubrics": kept })) else {
        return Err(AppError::internal("the cached rubrics could not be read as a package"));
    };
    let graph = FrameworkGraph::from_package(&package);
    let views = cairn_graph::rubrics(&graph, &package);
    Ok(open.with_graph(|graph, _, package| {
        views
            .into_iter()
            .map(|view| {
                let mut out = rubric(view);
                for criterion in &mut out.criteria {
                    if let Some(item) = criterion.item.as_mut() {
                        *item = step(&End::find(graph, package, &item.identifier));
                    }
                }
                out
            })
            .collect()
    }))
}

/// The identifiers (or plain URIs) the criteria of `rubric` name as their item.
fn named_items(rubric: &Value) -> Vec<&str> {
    rubric
        .get("CFRubricCriteria")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| match c.get("CFItemURI") {
            Some(Value::String(uri)) => Some(uri.as_str()),
            Some(link) => link.get("identifier").and_then(Value::as_str),
            None => None,
        })
        .collect()
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
