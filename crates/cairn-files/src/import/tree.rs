//! orgs.csv and academicSessions.csv: read whole (they are small) so that every record gets its
//! `children`, and sessions nested the wrong way round (a school year inside a term) are found.

use std::collections::HashMap;

use cairn_spec::Collection;
use cairn_spec::roster::{OrgType, SessionType};
use serde_json::{Map, Value};

use super::cells::{Cells, put};
use super::state::State;

/// An orgs.csv row.
pub(crate) fn org(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "name", cells.text("name"));
    let kind = cells.term::<OrgType>("type", "type");
    if let Some(Value::String(kind)) = &kind {
        state.org_types.insert(id.to_owned(), kind.clone());
    }
    put(&mut map, "type", kind);
    put(&mut map, "identifier", cells.text("identifier"));
    put(&mut map, "parent", state.reference(cells, "parentSourcedId", Collection::Orgs));
    map
}

/// An academicSessions.csv row.
pub(crate) fn session(state: &mut State<'_>, cells: &mut Cells<'_>, id: &str) -> Map<String, Value> {
    let mut map = cells.common(id);
    put(&mut map, "title", cells.text("title"));
    put(&mut map, "startDate", cells.date("startDate", "startDate"));
    put(&mut map, "endDate", cells.date("endDate", "endDate"));
    put(&mut map, "type", cells.term::<SessionType>("type", "type"));
    put(&mut map, "parent", state.reference(cells, "parentSourcedId", Collection::AcademicSessions));
    put(&mut map, "schoolYear", cells.text("schoolYear"));
    map
}

/// How high a session type sits: school years hold semesters and terms, which hold grading
/// periods.
fn rank(kind: &str) -> Option<u8> {
    match kind {
        "schoolYear" => Some(0),
        "semester" | "term" => Some(1),
        "gradingPeriod" => Some(2),
        _ => None,
    }
}

fn text<'m>(record: &'m Map<String, Value>, key: &str) -> Option<&'m str> {
    record.get(key).and_then(Value::as_str)
}

fn parent_id(record: &Map<String, Value>) -> Option<&str> {
    record.get("parent").and_then(|p| p.get("sourcedId")).and_then(Value::as_str)
}

/// Adds `children` to every record of `collection` that is some record's parent, and (for
/// sessions) warns about parents of a lower type.
pub(crate) fn link(state: &State<'_>, collection: Collection, buffer: &mut [(Cells<'_>, Map<String, Value>)]) {
    let mut children: HashMap<String, Vec<String>> = HashMap::new();
    let mut kinds: HashMap<String, String> = HashMap::new();
    for (_, record) in buffer.iter() {
        let id = text(record, "sourcedId").unwrap_or_default().to_owned();
        if let Some(parent) = parent_id(record) {
            let list = children.entry(parent.to_owned()).or_default();
            if !list.contains(&id) {
                list.push(id.clone());
            }
        }
        if let Some(kind) = text(record, "type") {
            kinds.insert(id, kind.to_owned());
        }
    }
    for (cells, record) in buffer.iter_mut() {
        let id = text(record, "sourcedId").unwrap_or_default().to_owned();
        if let Some(parent) = parent_id(record).map(str::to_owned) {
            if parent == id {
                cells.warn("parentSourcedId", format!("{id:?} is its own parent; kept"));
            } else if collection == Collection::AcademicSessions
                && let (Some(kind), Some(parent_kind)) = (kinds.get(&id), kinds.get(&parent))
                && let (Some(r), Some(p)) = (rank(kind), rank(parent_kind))
                && r < p
            {
                cells.warn("parentSourcedId", format!("a {kind} inside the {parent_kind} {parent:?}; kept"));
            }
        }
        let Some(list) = children.get(&id) else { continue };
        let refs: Vec<Value> = list.iter().map(|c| state.hrefs.guid(collection, c)).collect();
        let school_year = record.remove("schoolYear");
        record.insert("children".into(), Value::Array(refs));
        put(record, "schoolYear", school_year);
    }
}
