//! Writes stored in the outbox before anything is sent: a PUT of one record (a second edit of a
//! record whose PUT has not gone out yet replaces that PUT's body), a bulk POST, a DELETE. Each
//! keeps the record as cached before, for the audit.

use cairn_spec::Collection;
use cairn_store::cache::outbox::{self, NewWrite};
use rusqlite::Connection;
use serde_json::{Value, json};

use super::kinds::{Bulk, Kind};
use super::types::WriteMethod;
use crate::app::{AppError, ErrorCode};

/// The sourcedId of a record, which a PUT needs.
fn sourced_id(record: &Value, noun: &str) -> Result<String, AppError> {
    match record.get("sourcedId").and_then(Value::as_str) {
        Some(id) if !id.trim().is_empty() => Ok(id.to_owned()),
        _ => Err(AppError::new(
            ErrorCode::Invalid,
            format!("the {noun} has no sourcedId: a PUT names the record it writes"),
        )),
    }
}

fn params(ids: &[&str]) -> String {
    Value::Array(ids.iter().map(|id| Value::String((*id).to_owned())).collect()).to_string()
}

fn cached(conn: &Connection, connection_id: i64, collection: Collection, id: &str) -> Result<Option<String>, AppError> {
    Ok(cairn_store::cache::record(conn, connection_id, collection, id)?)
}

/// Stores a PUT of `record`; the write's number.
pub fn stage_put(
    conn: &Connection,
    connection_id: i64,
    kind: &Kind,
    record: &Value,
    label: &str,
    now: &str,
) -> Result<i64, AppError> {
    let id = sourced_id(record, kind.noun)?;
    let wrapper = kind.collection.single().unwrap_or_default();
    let body = json!({ wrapper: record }).to_string();
    if let Some(waiting) = outbox::waiting(conn, connection_id, kind.put, &id)?
        && outbox::replace_pending_body(conn, waiting, now, &body)?
    {
        return Ok(waiting);
    }
    let write = NewWrite {
        method: WriteMethod::Put.as_str().into(),
        operation: kind.put.into(),
        params: params(&[&id]),
        collection: kind.collection.name().into(),
        record_id: id.clone(),
        label: label.to_owned(),
        body: Some(body),
        before: cached(conn, connection_id, kind.collection, &id)?,
    };
    Ok(outbox::add(conn, connection_id, &write, now)?)
}

/// Stores a bulk POST of `records` to `parent` (a class, a line item); the write's number.
/// Every record needs a sourcedId (the server pairs it with the one it allocates).
pub fn stage_post(
    conn: &Connection,
    connection_id: i64,
    bulk: &Bulk,
    parent: &str,
    records: &[Value],
    label: &str,
    now: &str,
) -> Result<i64, AppError> {
    if records.is_empty() {
        return Err(AppError::new(ErrorCode::Invalid, "a bulk POST needs at least one record"));
    }
    for (index, record) in records.iter().enumerate() {
        sourced_id(record, &format!("record {} of the bulk POST", index + 1))?;
    }
    let write = NewWrite {
        method: WriteMethod::Post.as_str().into(),
        operation: bulk.operation.into(),
        params: params(&[parent]),
        collection: bulk.collection.name().into(),
        record_id: parent.to_owned(),
        label: label.to_owned(),
        body: Some(json!({ bulk.collection.name(): records }).to_string()),
        before: None,
    };
    Ok(outbox::add(conn, connection_id, &write, now)?)
}

/// Stores a DELETE of one record; the write's number.
pub fn stage_delete(
    conn: &Connection,
    connection_id: i64,
    kind: &Kind,
    id: &str,
    label: &str,
    now: &str,
) -> Result<i64, AppError> {
    let write = NewWrite {
        method: WriteMethod::Delete.as_str().into(),
        operation: kind.delete.into(),
        params: params(&[id]),
        collection: kind.collection.name().into(),
        record_id: id.to_owned(),
        label: label.to_owned(),
        body: None,
        before: cached(conn, connection_id, kind.collection, id)?,
    };
    Ok(outbox::add(conn, connection_id, &write, now)?)
}
