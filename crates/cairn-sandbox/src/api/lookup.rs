//! Finding records for handlers: one by identifier (404 when unknown), related ones, and the
//! checks nested paths need ("is this class in that school?").

use std::sync::Arc;

use cairn_spec::Collection;
use serde_json::Value;

use super::response::ApiError;
use crate::dataset::{Dataset, Stored, Table};

/// A record, or 404 `unknownobject` naming what was looked for.
pub(crate) fn one<'d>(
    data: &'d Dataset,
    collection: Collection,
    what: &str,
    id: &str,
) -> Result<&'d Arc<Stored>, ApiError> {
    data.table(collection).get(id).ok_or_else(|| ApiError::unknown(what, id))
}

/// A record that must also have `rel` = `value` (a school is an org of type school).
pub(crate) fn one_where<'d>(
    data: &'d Dataset,
    collection: Collection,
    what: &str,
    id: &str,
    rel: &str,
    value: &str,
) -> Result<&'d Arc<Stored>, ApiError> {
    let table = data.table(collection);
    match table.locate(id) {
        Some((position, record)) if table.related_positions(rel, value).binary_search(&position).is_ok() => Ok(record),
        _ => Err(ApiError::unknown(what, id)),
    }
}

/// The sourcedId of a GUIDRef field (`class`), or of each element of an array of them.
pub(crate) fn ref_ids(record: &Value, field: &str) -> Vec<String> {
    let id = |v: &Value| v.get("sourcedId").or_else(|| v.get("identifier")).and_then(Value::as_str).map(str::to_owned);
    match record.get(field) {
        Some(Value::Array(items)) => items.iter().filter_map(id).collect(),
        Some(v) => id(v).into_iter().collect(),
        None => Vec::new(),
    }
}

/// Records of `table` with the given ids, in the table's default order, each once.
pub(crate) fn by_ids(table: &Table, ids: impl IntoIterator<Item = String>) -> Vec<&Arc<Stored>> {
    let mut found: Vec<(usize, &Arc<Stored>)> = ids.into_iter().filter_map(|id| table.locate(&id)).collect();
    found.sort_unstable_by_key(|(position, _)| *position);
    found.dedup_by_key(|(position, _)| *position);
    found.into_iter().map(|(_, record)| record).collect()
}

/// Records of `table` related to `target` by `rel` and also by `rel2` = `value2`.
pub(crate) fn related_where<'d>(
    table: &'d Table,
    rel: &str,
    target: &str,
    rel2: &str,
    value2: &str,
) -> Vec<&'d Arc<Stored>> {
    let second = table.related_positions(rel2, value2);
    table
        .related_positions(rel, target)
        .into_iter()
        .filter(|p| second.binary_search(p).is_ok())
        .filter_map(|p| table.at(p))
        .collect()
}
