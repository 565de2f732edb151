//! Any roster record as a page: its scalar fields by path, the records it references (found
//! by their `sourcedId`, resolved to labels), and its JSON as the server sent it. Demographics
//! are not shown here: the user page reveals them, where the connection may show them.

use std::collections::HashMap;

use cairn_spec::Collection;
use rusqlite::Connection;
use serde_json::Value;

use super::error::RosterError;
use super::json::{flatten, parse, text};
use super::names::link;
use super::source::Source;
use super::types::{FieldLink, RecordLink, RecordPage};

/// Fields listed at most.
const MAX_FIELDS: usize = 500;

/// The collections a record page shows.
fn collection(name: &str) -> Result<Collection, RosterError> {
    match Collection::from_name(name) {
        Some(c) if c == Collection::Demographics || c.name().starts_with("CF") => {
            Err(RosterError::UnknownCollection(name.to_owned()))
        }
        Some(c) => Ok(c),
        None => Err(RosterError::UnknownCollection(name.to_owned())),
    }
}

/// The page of record `id` of `collection_name`.
pub fn record_page(
    conn: &Connection,
    source: &Source,
    collection_name: &str,
    id: &str,
) -> Result<RecordPage, RosterError> {
    let collection = collection(collection_name)?;
    let raw = cairn_store::cache::record(conn, source.id, collection, id)?.ok_or_else(|| RosterError::NotFound {
        collection: collection.name().to_owned(),
        id: id.to_owned(),
        connection: source.name.clone(),
    })?;
    let record = parse(&raw);
    let mut found: Vec<(String, Collection, String)> = Vec::new();
    references(&record, "", collection, &mut found);
    let mut by_collection: HashMap<Collection, Vec<String>> = HashMap::new();
    for (_, c, target) in &found {
        by_collection.entry(*c).or_default().push(target.clone());
    }
    let mut labels = HashMap::new();
    for (c, ids) in by_collection {
        labels.insert(c, cairn_store::cache::roster::labels(conn, source.id, c, &ids)?);
    }
    let links = found
        .into_iter()
        .map(|(field, c, target)| FieldLink {
            field,
            link: link(c.name(), &target, labels.get(&c).unwrap_or(&HashMap::new())),
        })
        .collect();
    let label = ["title", "name"]
        .iter()
        .find_map(|f| text(&record, f))
        .or_else(|| {
            let names: Vec<String> = ["givenName", "familyName"].iter().filter_map(|f| text(&record, f)).collect();
            (!names.is_empty()).then(|| names.join(" "))
        })
        .or_else(|| text(&record, "role"))
        .unwrap_or_else(|| id.to_owned());
    Ok(RecordPage {
        connection: source.name.clone(),
        link: RecordLink {
            collection: collection.name().to_owned(),
            id: id.to_owned(),
            label,
            missing: false,
            inactive: matches!(text(&record, "status").as_deref(), Some("tobedeleted" | "inactive")),
        },
        fields: flatten(&record, MAX_FIELDS),
        links,
        raw,
    })
}

/// Every object below the root holding a `sourcedId`, as (path, collection, sourcedId).
fn references(value: &Value, path: &str, owner: Collection, out: &mut Vec<(String, Collection, String)>) {
    let mut stack: Vec<(String, &Value)> = vec![(path.to_owned(), value)];
    while let Some((path, value)) = stack.pop() {
        match value {
            Value::Object(map) => {
                if !path.is_empty()
                    && let Some(Value::String(target)) = map.get("sourcedId")
                {
                    let kind = map.get("type").and_then(Value::as_str);
                    if let Some(c) = target_collection(kind, &path, owner) {
                        out.push((path.clone(), c, target.clone()));
                    }
                    continue;
                }
                for (key, child) in map.iter().rev() {
                    stack.push((if path.is_empty() { key.clone() } else { format!("{path}.{key}") }, child));
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate().rev() {
                    stack.push((format!("{path}[{i}]"), child));
                }
            }
            _ => {}
        }
    }
}

/// The collection a reference points into, from its `type` or else its field.
fn target_collection(kind: Option<&str>, path: &str, owner: Collection) -> Option<Collection> {
    let by_type = match kind {
        Some("org" | "school" | "district") => Some(Collection::Orgs),
        Some("academicSession" | "term" | "gradingPeriod" | "schoolYear" | "semester") => {
            Some(Collection::AcademicSessions)
        }
        Some("course") => Some(Collection::Courses),
        Some("class") => Some(Collection::Classes),
        Some("user" | "student" | "teacher" | "guardian" | "parent" | "relative" | "aide" | "proctor") => {
            Some(Collection::Users)
        }
        Some("enrollment") => Some(Collection::Enrollments),
        Some("resource") => Some(Collection::Resources),
        Some("lineItem") => Some(Collection::LineItems),
        Some("category") => Some(Collection::Categories),
        Some("scoreScale") => Some(Collection::ScoreScales),
        Some("result") => Some(Collection::Results),
        _ => None,
    };
    if by_type.is_some() {
        return by_type;
    }
    let field = path.rsplit('.').next().unwrap_or(path);
    let field = field.split('[').next().unwrap_or(field);
    match field {
        "user" | "student" | "agents" => Some(Collection::Users),
        "class" => Some(Collection::Classes),
        "course" => Some(Collection::Courses),
        "school" | "org" | "primaryOrg" => Some(Collection::Orgs),
        "parent" | "children" if owner == Collection::Orgs => Some(Collection::Orgs),
        "parent" | "children" | "terms" | "gradingPeriod" | "schoolYear" => Some(Collection::AcademicSessions),
        "resources" => Some(Collection::Resources),
        "lineItem" => Some(Collection::LineItems),
        "category" => Some(Collection::Categories),
        _ => None,
    }
}
