//! A class's gradebook read from the cache: its line items (columns, by due date), its
//! students (rows, active student enrollments, by name), categories and score scales, and a
//! cell per result — with every unsent write of a result laid over what the server holds, so
//! the grid shows what the teacher typed until the server has it.

use std::collections::{HashMap, HashSet};

use cairn_graph::natural_cmp;
use cairn_spec::Collection;
use cairn_store::cache::outbox::{self, WriteState};
use cairn_store::cache::roster::class_members;
use rusqlite::Connection;
use serde_json::Value;

use super::types::{
    ClassGradebook, GradebookCategory, GradebookCell, GradebookLineItem, GradebookRecordRef, GradebookScale,
    GradebookStudent, RecordState, WriteFailure,
};
use crate::app::AppError;

fn text(value: &Value, field: &str) -> Option<String> {
    match value.get(field)? {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

fn number(value: &Value, field: &str) -> Option<f64> {
    match value.get(field)? {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn reference(value: &Value, field: &str) -> Option<String> {
    value.get(field)?.get("sourcedId")?.as_str().map(str::to_owned)
}

fn flag(value: &Value, field: &str) -> bool {
    matches!(value.get(field), Some(Value::String(s)) if s.eq_ignore_ascii_case("true"))
        || value.get(field) == Some(&Value::Bool(true))
}

fn parse(json: &str) -> Value {
    serde_json::from_str(json).unwrap_or(Value::Null)
}

/// A cell from a result record.
pub fn cell_of(result: &Value, state: RecordState) -> Option<GradebookCell> {
    Some(GradebookCell {
        student: reference(result, "student")?,
        line_item: reference(result, "lineItem")?,
        result_id: text(result, "sourcedId")?,
        score: text(result, "score"),
        text_score: text(result, "textScore"),
        score_status: text(result, "scoreStatus"),
        score_date: text(result, "scoreDate"),
        comment: text(result, "comment"),
        late: flag(result, "late"),
        incomplete: flag(result, "incomplete"),
        missing: flag(result, "missing"),
        in_progress: flag(result, "inProgress"),
        state,
        outbox_id: None,
        error: None,
    })
}

/// Lays the unsent writes of the class's line items over the cached ones (oldest first, so
/// the newest wins): a PUT or a bulk POST to the class adds or replaces one, a DELETE marks it.
fn lay_unsent_line_items(
    items: &mut Vec<(Value, RecordState, Option<i64>)>,
    unsent: &[outbox::OutboxEntry],
    class_id: &str,
) {
    let in_class = |record: &Value| reference(record, "class").as_deref() == Some(class_id);
    let put = |items: &mut Vec<(Value, RecordState, Option<i64>)>, record: Value, state: RecordState, id: i64| {
        let sourced = text(&record, "sourcedId");
        let at = items.iter().position(|(v, _, _)| sourced.is_some() && text(v, "sourcedId") == sourced);
        let laid = (record, state, Some(id));
        match at {
            Some(at) => items[at] = laid,
            None => items.push(laid),
        }
    };
    let mut oldest_first: Vec<&outbox::OutboxEntry> = unsent.iter().collect();
    oldest_first.sort_by_key(|e| e.id);
    for entry in oldest_first {
        let body = entry.write.body.as_deref().map(parse).unwrap_or(Value::Null);
        let state = RecordState::of_write(entry.state);
        match entry.write.operation.as_str() {
            "putLineItem" => {
                if let Some(record) = body.get("lineItem").filter(|r| in_class(r)) {
                    put(items, record.clone(), state, entry.id);
                }
            }
            "postLineItemsForClass" if entry.write.record_id == class_id => {
                for record in body.get("lineItems").and_then(Value::as_array).into_iter().flatten() {
                    put(items, record.clone(), state, entry.id);
                }
            }
            "deleteLineItem" => {
                let target = Some(entry.write.record_id.clone());
                if let Some(item) = items.iter_mut().find(|(v, _, _)| text(v, "sourcedId") == target) {
                    item.1 = RecordState::Deleting;
                    item.2 = Some(entry.id);
                }
            }
            _ => {}
        }
    }
}

/// The gradebook of `class_id` in the connection `connection_id` (named `connection`).
pub fn class_gradebook(
    conn: &Connection,
    connection_id: i64,
    connection: &str,
    class_id: &str,
) -> Result<ClassGradebook, AppError> {
    let class = cairn_store::cache::record(conn, connection_id, Collection::Classes, class_id)?
        .map(|j| parse(&j))
        .ok_or_else(|| AppError::not_found(format!("no class {class_id} in {connection}")))?;
    let rows = cairn_store::cache::class_gradebook(conn, connection_id, class_id)?;
    let mut titles: HashMap<(Collection, String), Option<String>> = HashMap::new();
    let mut title_of = |collection: Collection, id: &str| -> Result<Option<String>, AppError> {
        if let Some(t) = titles.get(&(collection, id.to_owned())) {
            return Ok(t.clone());
        }
        let t =
            cairn_store::cache::record(conn, connection_id, collection, id)?.and_then(|j| text(&parse(&j), "title"));
        titles.insert((collection, id.to_owned()), t.clone());
        Ok(t)
    };
    let unsent = outbox::list(conn, connection_id, &[WriteState::Pending, WriteState::Sending, WriteState::Failed])?;
    let mut line_item_json: Vec<(Value, RecordState, Option<i64>)> =
        rows.line_items.iter().map(|j| (parse(j), RecordState::Server, None)).collect();
    lay_unsent_line_items(&mut line_item_json, &unsent, class_id);
    let mut line_items = Vec::with_capacity(line_item_json.len());
    let mut category_ids = Vec::new();
    let mut scale_ids: Vec<String> = Vec::new();
    for (v, state, outbox_id) in line_item_json {
        let Some(id) = text(&v, "sourcedId") else { continue };
        let category_id = reference(&v, "category");
        let grading_period_id = reference(&v, "gradingPeriod");
        let score_scale_id = reference(&v, "scoreScale");
        if let Some(c) = &category_id
            && !category_ids.contains(c)
        {
            category_ids.push(c.clone());
        }
        if let Some(s) = &score_scale_id
            && !scale_ids.contains(s)
        {
            scale_ids.push(s.clone());
        }
        line_items.push(GradebookLineItem {
            title: text(&v, "title").unwrap_or_else(|| id.clone()),
            category: match &category_id {
                Some(c) => title_of(Collection::Categories, c)?,
                None => None,
            },
            grading_period: match &grading_period_id {
                Some(g) => title_of(Collection::AcademicSessions, g)?,
                None => None,
            },
            id,
            category_id,
            grading_period_id,
            assign_date: text(&v, "assignDate"),
            due_date: text(&v, "dueDate"),
            min: number(&v, "resultValueMin"),
            max: number(&v, "resultValueMax"),
            score_scale_id,
            state,
            outbox_id,
        });
    }
    line_items.sort_by(|a, b| {
        a.due_date.cmp(&b.due_date).then_with(|| natural_cmp(&a.title, &b.title)).then_with(|| a.id.cmp(&b.id))
    });
    let mut categories = Vec::new();
    for id in &category_ids {
        if let Some(json) = cairn_store::cache::record(conn, connection_id, Collection::Categories, id)? {
            let v = parse(&json);
            categories.push(GradebookCategory {
                id: id.clone(),
                title: text(&v, "title").unwrap_or_else(|| id.clone()),
                weight: number(&v, "weight"),
            });
        }
    }
    let mut scale_json = rows.score_scales.clone();
    for id in &scale_ids {
        if let Some(json) = cairn_store::cache::record(conn, connection_id, Collection::ScoreScales, id)? {
            scale_json.push(json);
        }
    }
    let mut scales: Vec<GradebookScale> = Vec::new();
    for json in scale_json {
        let v = parse(&json);
        let Some(id) = text(&v, "sourcedId") else { continue };
        if scales.iter().any(|s| s.id == id) {
            continue;
        }
        let values = v.get("scoreScaleValue").and_then(Value::as_array).cloned().unwrap_or_default();
        scales.push(GradebookScale {
            title: text(&v, "title").unwrap_or_else(|| id.clone()),
            id,
            values: values.iter().filter_map(|x| text(x, "itemValueLHS")).collect(),
            meanings: values.iter().map(|x| text(x, "itemValueRHS").unwrap_or_default()).collect(),
        });
    }
    let mut students: Vec<GradebookStudent> = Vec::new();
    let mut seen = HashSet::new();
    for member in class_members(conn, connection_id, class_id)? {
        if member.role.as_deref() != Some("student") || member.inactive || !seen.insert(member.user_id.clone()) {
            continue;
        }
        let given = member.preferred.clone().or(member.given.clone());
        let name = match (&member.family, &given) {
            (Some(f), Some(g)) => format!("{f}, {g}"),
            (Some(f), None) => f.clone(),
            (None, Some(g)) => g.clone(),
            (None, None) => member.user_id.clone(),
        };
        students.push(GradebookStudent { id: member.user_id.clone(), name });
    }
    students.sort_by(|a, b| natural_cmp(&a.name, &b.name).then_with(|| a.id.cmp(&b.id)));
    let items: HashSet<&str> = line_items.iter().map(|l| l.id.as_str()).collect();
    let mut cells: HashMap<(String, String), GradebookCell> = HashMap::new();
    for json in &rows.results {
        if let Some(cell) = cell_of(&parse(json), RecordState::Server) {
            cells.insert((cell.student.clone(), cell.line_item.clone()), cell);
        }
    }
    for entry in &unsent {
        if entry.write.operation == "deleteResult" {
            if let Some(cell) = cells.values_mut().find(|c| c.result_id == entry.write.record_id) {
                cell.state = RecordState::Deleting;
                cell.outbox_id = Some(entry.id);
            }
            continue;
        }
        if entry.write.operation != "putResult" {
            continue;
        }
        let body = entry.write.body.as_deref().map(parse).unwrap_or(Value::Null);
        let Some(mut cell) = body.get("result").and_then(|r| cell_of(r, RecordState::of_write(entry.state))) else {
            continue;
        };
        if !items.contains(cell.line_item.as_str()) {
            continue;
        }
        cell.outbox_id = Some(entry.id);
        cell.error = entry.error.as_deref().and_then(|e| serde_json::from_str::<WriteFailure>(e).ok());
        cells.insert((cell.student.clone(), cell.line_item.clone()), cell);
    }
    let mut cells: Vec<GradebookCell> = cells.into_values().collect();
    cells.sort_by(|a, b| (&a.student, &a.line_item).cmp(&(&b.student, &b.line_item)));
    let mut assessment_line_items = Vec::new();
    for (id, json) in cairn_store::cache::records(conn, connection_id, Collection::AssessmentLineItems)? {
        let v = parse(&json);
        if reference(&v, "class").as_deref() == Some(class_id) {
            assessment_line_items
                .push(GradebookRecordRef { title: text(&v, "title").unwrap_or_else(|| id.clone()), id });
        }
    }
    assessment_line_items.sort_by(|a, b| natural_cmp(&a.title, &b.title).then_with(|| a.id.cmp(&b.id)));
    let mut assessment_results = Vec::new();
    for (id, json) in cairn_store::cache::records(conn, connection_id, Collection::AssessmentResults)? {
        let v = parse(&json);
        let Some(parent) = reference(&v, "assessmentLineItem") else { continue };
        let Some(assessment) = assessment_line_items.iter().find(|a| a.id == parent) else { continue };
        let student = reference(&v, "student").unwrap_or_default();
        let name = students.iter().find(|s| s.id == student).map_or(student.as_str(), |s| s.name.as_str());
        let score = number(&v, "score").map(|s| s.to_string()).or_else(|| text(&v, "textScore")).unwrap_or_default();
        let title = format!(
            "{name} · {}{}",
            assessment.title,
            if score.is_empty() { String::new() } else { format!(": {score}") }
        );
        assessment_results.push(GradebookRecordRef { id, title });
    }
    assessment_results.sort_by(|a, b| natural_cmp(&a.title, &b.title).then_with(|| a.id.cmp(&b.id)));
    Ok(ClassGradebook {
        assessment_line_items,
        assessment_results,
        connection: connection.to_owned(),
        class_id: class_id.to_owned(),
        class_title: text(&class, "title").unwrap_or_else(|| class_id.to_owned()),
        school_id: reference(&class, "school"),
        categories,
        scales,
        line_items,
        students,
        cells,
    })
}
