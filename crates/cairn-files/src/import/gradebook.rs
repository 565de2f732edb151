//! Gradebook and resources rows: resources.csv, categories.csv, scoreScales.csv, lineItems.csv
//! and results.csv as `Resource`, `Category`, `ScoreScale`, `LineItem` and `Result` records.

use cairn_spec::Collection;
use cairn_spec::gradebook::ScoreStatus;
use cairn_spec::resources::{Importance, ResourceRole};
use serde_json::{Map, Value};

use super::cells::{Cells, array, put};
use super::files::Join;
use super::state::State;
use super::values;

/// A resources.csv row.
pub(crate) fn resource(_: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "title", cells.text("title"));
    put(&mut map, "roles", cells.terms::<ResourceRole>("roles", "roles"));
    put(&mut map, "importance", cells.term::<Importance>("importance", "importance"));
    put(&mut map, "vendorResourceId", cells.text("vendorResourceId"));
    put(&mut map, "vendorId", cells.text("vendorId"));
    put(&mut map, "applicationId", cells.text("applicationId"));
    map
}

/// A categories.csv row.
pub(crate) fn category(_: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "title", cells.text("title"));
    put(&mut map, "weight", cells.number("weight", "weight"));
    map
}

/// A scoreScales.csv row; `scoreScaleValue` is a list of `{left:right}` pairs.
pub(crate) fn score_scale(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "title", cells.text("title"));
    put(&mut map, "type", cells.text("type"));
    put(&mut map, "course", state.reference(cells, "courseSourcedId", Collection::Courses));
    put(&mut map, "class", state.reference(cells, "classSourcedId", Collection::Classes));
    if let Some(given) = cells.get("scoreScaleValue").map(str::to_owned) {
        match values::pairs(&given) {
            Ok(pairs) => {
                let items = pairs.into_iter().map(|(lhs, rhs)| {
                    let mut value = Map::new();
                    value.insert("itemValueLHS".into(), Value::String(lhs));
                    value.insert("itemValueRHS".into(), Value::String(rhs));
                    Value::Object(value)
                });
                put(&mut map, "scoreScaleValue", array(items.collect()));
            }
            Err(reason) => {
                cells.warn("scoreScaleValue", format!("{reason}; left out"));
                cells.explain("scoreScaleValue");
            }
        }
    }
    map
}

/// The score scale named in the row, else the one linked through `join` (one at most).
fn score_scale_ref(state: &mut State<'_>, cells: &mut Cells<'_>, join: Join, id: &str) -> Option<Value> {
    let named = state.reference(cells, "scoreScaleSourcedId", Collection::ScoreScales);
    let mut linked = state.joined(join, id);
    if linked.warned {
        cells.explain("scoreScale");
    }
    let extra = linked.values.len().saturating_sub(usize::from(named.is_none()));
    if extra > 0 {
        cells.warn_row(format!("{extra} more score scale(s) linked to {id:?}; a record has one, the first is used"));
    }
    named.or_else(|| (!linked.values.is_empty()).then(|| linked.values.swap_remove(0)))
}

/// Learning objectives linked through `join`, grouped by source into sets.
fn objectives(state: &mut State<'_>, cells: &mut Cells<'_>, join: Join, id: &str) -> Option<Value> {
    let joined = state.joined(join, id);
    if joined.warned {
        cells.explain("learningObjectiveSet");
    }
    let list = if join == Join::ResultObjectives { "learningObjectiveResults" } else { "learningObjectiveIds" };
    let mut sets: Vec<(Value, Vec<Value>)> = Vec::new();
    for mut objective in joined.values {
        let Some(map) = objective.as_object_mut() else { continue };
        let Some(source) = map.remove("source") else { continue };
        let item = if join == Join::ResultObjectives {
            objective
        } else {
            map.remove("learningObjectiveId").unwrap_or_default()
        };
        match sets.iter_mut().find(|(s, _)| *s == source) {
            Some((_, items)) => items.push(item),
            None => sets.push((source, vec![item])),
        }
    }
    let sets = sets.into_iter().map(|(source, items)| {
        let mut set = Map::new();
        set.insert("source".into(), source);
        set.insert(list.into(), Value::Array(items));
        Value::Object(set)
    });
    array(sets.collect())
}

/// A lineItems.csv row; without a school (1.1) the class's school is used.
pub(crate) fn line_item(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "title", cells.text("title"));
    put(&mut map, "description", cells.text("description"));
    // The binding's columns are dates; the REST model's properties date-times.
    put(&mut map, "assignDate", cells.day_time("assignDate", "assignDate"));
    put(&mut map, "dueDate", cells.day_time("dueDate", "dueDate"));
    put(&mut map, "class", state.reference(cells, "classSourcedId", Collection::Classes));
    let school = match state.reference(cells, "schoolSourcedId", Collection::Orgs) {
        Some(school) => Some(school),
        None => {
            let class_school = cells.get("classSourcedId").and_then(|c| state.class_schools.get(c)).cloned();
            class_school.map(|s| state.hrefs.guid(Collection::Orgs, &s))
        }
    };
    put(&mut map, "school", school);
    put(&mut map, "category", state.reference(cells, "categorySourcedId", Collection::Categories));
    put(&mut map, "gradingPeriod", state.reference(cells, "gradingPeriodSourcedId", Collection::AcademicSessions));
    put(&mut map, "academicSession", state.reference(cells, "academicSessionSourcedId", Collection::AcademicSessions));
    put(&mut map, "scoreScale", score_scale_ref(state, cells, Join::LineItemScoreScales, id));
    put(&mut map, "resultValueMin", cells.number("resultValueMin", "resultValueMin"));
    put(&mut map, "resultValueMax", cells.number("resultValueMax", "resultValueMax"));
    put(&mut map, "learningObjectiveSet", objectives(state, cells, Join::LineItemObjectives, id));
    map
}

/// A results.csv row.
pub(crate) fn result(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "lineItem", state.reference(cells, "lineItemSourcedId", Collection::LineItems));
    put(&mut map, "student", state.reference(cells, "studentSourcedId", Collection::Users));
    put(&mut map, "class", state.reference(cells, "classSourcedId", Collection::Classes));
    put(&mut map, "scoreScale", score_scale_ref(state, cells, Join::ResultScoreScales, id));
    put(&mut map, "scoreStatus", cells.term::<ScoreStatus>("scoreStatus", "scoreStatus"));
    put(&mut map, "score", cells.number("score", "score"));
    put(&mut map, "textScore", cells.text("textScore"));
    put(&mut map, "scoreDate", cells.date("scoreDate", "scoreDate"));
    put(&mut map, "comment", cells.text("comment"));
    put(&mut map, "learningObjectiveSet", objectives(state, cells, Join::ResultObjectives, id));
    for flag in ["inProgress", "incomplete", "late", "missing"] {
        put(&mut map, flag, cells.boolean(flag, flag));
    }
    map
}
