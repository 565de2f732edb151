//! Rubrics with their criteria linked to the items they assess: criteria and levels ordered by
//! `position` (absent last, then as given).

use cairn_spec::case::{CfPackage, CfRubricCriterion, CfRubricCriterionLevel};
use cairn_spec::wire::Linked;

use crate::end::End;
use crate::framework::FrameworkGraph;

/// A rubric with its criteria in order.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RubricView {
    /// The rubric's identifier.
    pub identifier: Option<String>,
    /// Its title.
    pub title: Option<String>,
    /// Its criteria, by position.
    pub criteria: Vec<CriterionView>,
}

/// A criterion and the item it assesses.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CriterionView {
    /// The criterion's identifier.
    pub identifier: Option<String>,
    /// Its position.
    pub position: Option<i64>,
    /// Its category.
    pub category: Option<String>,
    /// Its description.
    pub description: Option<String>,
    /// Its weight.
    pub weight: Option<f64>,
    /// The item it assesses (`CFItemURI`), resolved in the graph.
    pub item: Option<End>,
    /// Its levels, by position.
    pub levels: Vec<LevelView>,
}

/// A level of a criterion.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct LevelView {
    /// The level's identifier.
    pub identifier: Option<String>,
    /// Its position.
    pub position: Option<i64>,
    /// Its quality label.
    pub quality: Option<String>,
    /// Its score.
    pub score: Option<f64>,
    /// Its description.
    pub description: Option<String>,
    /// Its feedback.
    pub feedback: Option<String>,
}

/// Every rubric of the package, criteria linked to their items.
pub fn rubrics(graph: &FrameworkGraph, package: &CfPackage) -> Vec<RubricView> {
    package
        .rubrics
        .iter()
        .flatten()
        .map(|rubric| RubricView {
            identifier: rubric.identifier.as_deref().map(str::to_owned),
            title: rubric.title.as_deref().map(str::to_owned),
            criteria: by_position(rubric.criteria.iter().flatten(), |c| c.position.as_ref().map(|p| p.get()))
                .into_iter()
                .map(|c| criterion(graph, package, c))
                .collect(),
        })
        .collect()
}

/// The criteria (with their rubric's identifier and title) that assess the item `identifier`.
pub fn criteria_of(graph: &FrameworkGraph, package: &CfPackage, identifier: &str) -> Vec<(RubricView, CriterionView)> {
    let mut out = Vec::new();
    for rubric in rubrics(graph, package) {
        for c in &rubric.criteria {
            if c.item.as_ref().is_some_and(|i| i.identifier() == identifier) {
                let header = RubricView {
                    identifier: rubric.identifier.clone(),
                    title: rubric.title.clone(),
                    criteria: Vec::new(),
                };
                out.push((header, c.clone()));
            }
        }
    }
    out
}

fn criterion(graph: &FrameworkGraph, package: &CfPackage, c: &CfRubricCriterion) -> CriterionView {
    let item = c.item_uri.as_ref().and_then(|link| match link {
        Linked::Object(l) => l.identifier.as_deref(),
        Linked::Plain(uri) => Some(uri.as_str()),
    });
    CriterionView {
        identifier: c.identifier.as_deref().map(str::to_owned),
        position: c.position.as_ref().map(|p| p.get()),
        category: c.category.as_deref().map(str::to_owned),
        description: c.description.as_deref().map(str::to_owned),
        weight: c.weight.as_ref().map(|w| w.get()),
        item: item.map(|id| End::find(graph, package, id)),
        levels: by_position(c.levels.iter().flatten(), |l| l.position.as_ref().map(|p| p.get()))
            .into_iter()
            .map(level)
            .collect(),
    }
}

fn level(l: &CfRubricCriterionLevel) -> LevelView {
    LevelView {
        identifier: l.identifier.as_deref().map(str::to_owned),
        position: l.position.as_ref().map(|p| p.get()),
        quality: l.quality.as_deref().map(str::to_owned),
        score: l.score.as_ref().map(|s| s.get()),
        description: l.description.as_deref().map(str::to_owned),
        feedback: l.feedback.as_deref().map(str::to_owned),
    }
}

/// `items` by position, absent last, ties as given.
fn by_position<'a, T>(items: impl Iterator<Item = &'a T>, position: impl Fn(&T) -> Option<i64>) -> Vec<&'a T> {
    let mut out: Vec<&T> = items.collect();
    out.sort_by_key(|t| (position(t).is_none(), position(t)));
    out
}
