//! Collection answers: filter, sort, page and select over candidate records, with the
//! `X-Total-Count` and `Link` headers and the `invalid_sort_field` warning.

use std::sync::Arc;

use cairn_query::{Query, link_header};
use cairn_spec::shape::Shape;
use cairn_spec::{StatusInfo, StatusNames};
use serde_json::{Map, Value};

use super::response::{ApiError, Response, SYSTEM};

/// The answer to a collection request over `candidates` (in default order):
/// `{wrapper: [records...]}`.
pub(crate) fn list(
    candidates: Vec<&Arc<Value>>,
    query: &Query,
    shape: &Shape,
    wrapper: &str,
    path_and_query: &str,
    names: StatusNames,
) -> Result<Response, ApiError> {
    let warnings = query.check(shape)?;
    let mut matched: Vec<&Arc<Value>> = match &query.filter {
        Some(filter) => candidates.into_iter().filter(|r| filter.matches(r, shape)).collect(),
        None => candidates,
    };
    if let Some(sort) = &query.sort
        && warnings.is_empty()
    {
        sort.apply_by(&mut matched, shape, |record| record.as_ref());
    }
    let total = matched.len();
    let page: Vec<Value> = matched
        .get(query.paging.window(total))
        .unwrap_or_default()
        .iter()
        .map(|record| select(record, query, shape))
        .collect();
    let mut body = Map::new();
    body.insert(wrapper.to_owned(), Value::Array(page));
    let mut response = Response::ok(Value::Object(body)).with_header("X-Total-Count", total.to_string());
    if let Some(link) = link_header(path_and_query, &query.paging, total) {
        response = response.with_header("Link", link);
    }
    for warning in warnings {
        let status = StatusInfo {
            code_major: warning.code_major().to_owned(),
            severity: warning.severity().to_owned(),
            description: Some(warning.to_string()),
            code_minor: vec![(SYSTEM.to_owned(), warning.code_minor().to_owned())],
        };
        response = response.with_header("X-Status", status.to_json(names).to_string());
    }
    Ok(response)
}

/// One record with `fields` applied (the whole record when none are selected).
pub(crate) fn select(record: &Value, query: &Query, shape: &Shape) -> Value {
    match &query.fields {
        Some(selection) => selection.apply(record, shape),
        None => record.clone(),
    }
}

/// The answer to a single-record request: `{wrapper: record}` with `fields` applied.
pub(crate) fn single(record: &Value, query: &Query, shape: &Shape, wrapper: &str) -> Response {
    let mut body = Map::new();
    body.insert(wrapper.to_owned(), select(record, query, shape));
    Response::ok(Value::Object(body))
}
