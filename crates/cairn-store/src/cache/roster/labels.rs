//! The label and status of records named by identifier (a class's title, an org's name, a
//! user's names), for links; a name not found is simply absent from the answer.

use std::collections::HashMap;

use cairn_spec::Collection;
use rusqlite::{Connection, params};

use crate::error::StoreError;

use super::super::tables::spec;

/// What a link to a record shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Label {
    /// Title, name, or "given family".
    pub label: Option<String>,
    /// Status `tobedeleted`.
    pub inactive: bool,
}

/// The SQL expression of a record's label in `collection`'s table (alias `t`).
fn label_expression(collection: Collection) -> &'static str {
    match collection {
        Collection::Orgs => "t.name",
        Collection::Users => "trim(coalesce(t.given_name, '') || ' ' || coalesce(t.family_name, ''))",
        Collection::Enrollments => "t.role",
        Collection::Demographics => "NULL",
        Collection::Results | Collection::AssessmentResults => "t.score_status",
        _ => "t.title",
    }
}

/// The labels of the records `ids` of `collection` that are cached.
pub fn labels(
    conn: &Connection,
    connection_id: i64,
    collection: Collection,
    ids: &[String],
) -> Result<HashMap<String, Label>, StoreError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let table = spec(collection).table;
    let sql = format!(
        "SELECT t.id, {}, t.to_be_deleted FROM {table} t
         WHERE t.connection_id = ?1 AND t.id IN (SELECT value FROM json_each(?2))",
        label_expression(collection)
    );
    let list = serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_owned());
    let mut statement = conn.prepare_cached(&sql)?;
    let rows = statement.query_map(params![connection_id, list], |r| {
        Ok((r.get::<_, String>(0)?, Label { label: r.get(1)?, inactive: r.get(2)? }))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The course codes of the courses `ids` that are cached and have one.
pub fn course_codes(
    conn: &Connection,
    connection_id: i64,
    ids: &[String],
) -> Result<HashMap<String, String>, StoreError> {
    let list = serde_json::to_string(ids).unwrap_or_else(|_| "[]".to_owned());
    let mut statement = conn.prepare_cached(
        "SELECT id, course_code FROM courses WHERE connection_id = ?1 AND course_code IS NOT NULL
         AND id IN (SELECT value FROM json_each(?2))",
    )?;
    let rows = statement.query_map(params![connection_id, list], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
