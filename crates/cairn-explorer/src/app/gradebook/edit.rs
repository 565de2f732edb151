//! A cell's edit made into the result record a PUT sends: the cached result with the edited
//! fields, or a new one (identifier from the caller, references with their `href` where the
//! connection lays out its services: [`Hrefs`]), and the line item's limits the checks need.

use cairn_spec::{Collection, Service};
use serde_json::{Map, Number, Value};

use super::checks::{ResultDraft, ScoreLimits, parse_score};
use super::hrefs::Hrefs;
use super::types::{CellEdit, GradebookLineItem, GradebookScale};

/// The draft the checks read from an edit (defaults filled as [`result_record`] fills them).
pub fn draft_of(edit: &CellEdit, existing: Option<&Value>, today: &str) -> ResultDraft {
    let keep = |field: &str| existing.and_then(|e| e.get(field)).and_then(Value::as_str).map(str::to_owned);
    ResultDraft {
        student: edit.student.clone(),
        score: edit.score.clone(),
        text_score: edit.text_score.clone(),
        score_date: edit.score_date.clone().or_else(|| keep("scoreDate")).or_else(|| Some(today.to_owned())),
        score_status: Some(status_of(edit, existing)),
        extra_credit: edit.extra_credit,
    }
}

fn status_of(edit: &CellEdit, existing: Option<&Value>) -> String {
    let typed = edit.score_status.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let has_score = edit.score.as_deref().is_some_and(|s| !s.trim().is_empty())
        || edit.text_score.as_deref().is_some_and(|s| !s.trim().is_empty());
    match typed {
        Some(status) => status.to_owned(),
        None => match existing.and_then(|e| e.get("scoreStatus")).and_then(Value::as_str) {
            Some(kept) if has_score && kept == "not submitted" => "fully graded".to_owned(),
            Some(kept) => kept.to_owned(),
            None if has_score => "fully graded".to_owned(),
            None => "not submitted".to_owned(),
        },
    }
}

/// The line item's limits, with its score scale's values.
pub fn limits_of(item: &GradebookLineItem, scales: &[GradebookScale]) -> ScoreLimits {
    let scale_values = item
        .score_scale_id
        .as_ref()
        .and_then(|id| scales.iter().find(|s| &s.id == id))
        .map(|s| s.values.clone())
        .unwrap_or_default();
    ScoreLimits { min: item.min, max: item.max, scale_values }
}

fn set_text(map: &mut Map<String, Value>, field: &str, value: Option<&str>) {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        Some(v) => {
            map.insert(field.to_owned(), Value::String(v.to_owned()));
        }
        None => {
            map.remove(field);
        }
    }
}

fn set_flag(map: &mut Map<String, Value>, field: &str, on: bool) {
    if on || map.contains_key(field) {
        map.insert(field.to_owned(), Value::String(on.to_string()));
    }
}

/// The result record an edit makes: `existing` (the cached result) changed, or a new result
/// called `new_id`.
pub fn result_record(
    edit: &CellEdit,
    existing: Option<&Value>,
    new_id: &str,
    hrefs: &Hrefs,
    today: &str,
    now: &str,
) -> Value {
    let mut map = match existing {
        Some(Value::Object(map)) => map.clone(),
        _ => {
            let mut map = Map::new();
            map.insert("sourcedId".into(), Value::String(new_id.to_owned()));
            map.insert("status".into(), Value::String("active".into()));
            map.insert(
                "lineItem".into(),
                hrefs.reference(Service::Gradebook, Collection::LineItems.name(), &edit.line_item, "lineItem"),
            );
            map.insert("student".into(), hrefs.reference(Service::Rostering, "users", &edit.student, "user"));
            map.insert("class".into(), hrefs.reference(Service::Rostering, "classes", &edit.class_id, "class"));
            map
        }
    };
    map.insert("dateLastModified".into(), Value::String(now.to_owned()));
    let draft = draft_of(edit, existing, today);
    map.insert("scoreStatus".into(), Value::String(draft.score_status.unwrap_or_default()));
    map.insert("scoreDate".into(), Value::String(draft.score_date.unwrap_or_default()));
    match edit.score.as_deref().and_then(parse_score).and_then(Number::from_f64) {
        Some(n) => {
            let n = n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 1e15).map_or(n, |f| Number::from(f as i64));
            map.insert("score".into(), Value::Number(n));
        }
        None => {
            map.remove("score");
        }
    }
    set_text(&mut map, "textScore", edit.text_score.as_deref());
    set_text(&mut map, "comment", edit.comment.as_deref());
    set_flag(&mut map, "late", edit.late);
    set_flag(&mut map, "incomplete", edit.incomplete);
    set_flag(&mut map, "missing", edit.missing);
    set_flag(&mut map, "inProgress", edit.in_progress);
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use cairn_spec::Dialect;
    use serde_json::json;

    use super::*;

    fn hrefs() -> Hrefs {
        Hrefs { base_url: "https://sis.example/".into(), dialect: Dialect::spec() }
    }

    fn edit(score: &str) -> CellEdit {
        CellEdit {
            class_id: "c1".into(),
            line_item: "li1".into(),
            student: "s1".into(),
            score: Some(score.into()),
            ..CellEdit::default()
        }
    }

    #[test]
    fn a_new_result_has_its_references_and_defaults() {
        let record = result_record(&edit("8"), None, "r-new", &hrefs(), "2026-01-05", "2026-01-05T10:00:00.000Z");
        assert_eq!(record["sourcedId"], "r-new");
        assert_eq!(record["score"], json!(8));
        assert_eq!(record["scoreStatus"], "fully graded");
        assert_eq!(record["scoreDate"], "2026-01-05");
        assert_eq!(record["student"]["sourcedId"], "s1");
        assert!(record["lineItem"]["href"].as_str().unwrap_or_default().ends_with("/lineItems/li1"));
        assert!(record.get("late").is_none());
    }

    #[test]
    fn an_edit_keeps_what_it_does_not_change() {
        let existing = json!({"sourcedId": "r1", "status": "active", "score": 3, "scoreStatus": "late",
                              "scoreDate": "2025-12-01", "comment": "old", "late": "true", "x": 1});
        let mut e = edit("7.5");
        e.comment = Some("".into());
        let record = result_record(&e, Some(&existing), "unused", &hrefs(), "2026-01-05", "now");
        assert_eq!((record["sourcedId"].clone(), record["score"].clone()), (json!("r1"), json!(7.5)));
        assert_eq!((record["scoreDate"].clone(), record["scoreStatus"].clone()), (json!("2025-12-01"), json!("late")));
        assert_eq!(record["late"], "false");
        assert!(record.get("comment").is_none());
        assert_eq!(record["x"], 1);
    }
}
