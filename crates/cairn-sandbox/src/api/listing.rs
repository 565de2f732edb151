//! Collection answers: filter, sort, page and select over candidate records, with the
//! `X-Total-Count` and `Link` headers and the `invalid_sort_field` warning.

use std::sync::Arc;

use cairn_query::{Connective, Order, Query, link_header};
use cairn_spec::shape::Shape;
use cairn_spec::{Collection, StatusInfo, StatusNames};

use super::response::{ApiError, Response, SYSTEM};
use super::route::Call;
use crate::dataset::{Column, Stored, Table};

/// What a collection request ranges over.
pub(crate) enum Candidates<'d> {
    /// A whole collection: answers are remembered per query until the next write.
    All(&'d Table),
    /// The records of a collection with a relation (`type` = `school`): remembered likewise.
    Related(&'d Table, &'static str, &'d str),
    /// Some records (a nested path's), in default order.
    These(Vec<&'d Arc<Stored>>),
}

/// The answer to a collection request of `call` over records of `collection`:
/// `{"<collection>": [records...]}` with the paging headers.
pub(crate) fn list(
    candidates: Candidates<'_>,
    collection: Collection,
    call: &Call<'_>,
    names: StatusNames,
) -> Result<Response, ApiError> {
    let (query, shape, wrapper, path_and_query) =
        (&call.query, collection.shape(), collection.name(), call.path_and_query.as_str());
    let warnings = query.check(shape)?;
    let sort = query.sort.as_ref().filter(|_| warnings.is_empty());
    let matching = |records| matching(records, query, sort, shape);
    let (total, body) = match candidates {
        Candidates::All(table) | Candidates::Related(table, ..) => {
            let subset = match &candidates {
                Candidates::Related(_, rel, value) => Some((*rel, *value)),
                _ => None,
            };
            let key = format!(
                "{:?}\u{0}{}\u{0}{}",
                subset,
                query.filter.as_ref().map(ToString::to_string).unwrap_or_default(),
                sort.map(|s| format!("{} {}", s.field, s.order.as_str())).unwrap_or_default()
            );
            let positions = table.answer(&key, || {
                let positions: Vec<usize> = match subset {
                    Some((rel, value)) => table.related_positions(rel, value),
                    None => table.positions().map(|(p, _)| p).collect(),
                };
                scan(table, positions, query, sort, shape)
            });
            let window = positions.get(query.paging.window(positions.len())).unwrap_or_default();
            let page = window.iter().filter_map(|p| table.at(*p)).map(Arc::as_ref);
            (positions.len(), page_body(wrapper, page, query, shape))
        }
        Candidates::These(records) => {
            let matched = matching(records.into_iter().enumerate().collect());
            let window = matched.get(query.paging.window(matched.len())).unwrap_or_default();
            (matched.len(), page_body(wrapper, window.iter().map(|(_, r)| r.as_ref()), query, shape))
        }
    };
    let mut response = Response::written(200, body).with_header("X-Total-Count", total.to_string());
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

/// Positions of a table's records that pass the filter, in the sort's order (stable) or as
/// given. Reads the table's columns: each clause is tested once per distinct value of its field,
/// then each position looks its verdicts up; the sort orders positions by their field's rank.
fn scan(
    table: &Table,
    positions: Vec<usize>,
    query: &Query,
    sort: Option<&cairn_query::Sort>,
    shape: &Shape,
) -> Vec<usize> {
    let mut matched = match &query.filter {
        Some(filter) => {
            let filter = filter.prepare(shape);
            let tests: Vec<(Arc<Column>, Vec<bool>)> = filter
                .clause_fields()
                .enumerate()
                .map(|(index, field)| {
                    let column = table.column(field);
                    let verdicts = column.verdicts(&filter, index);
                    (column, verdicts)
                })
                .collect();
            let holds = |position: usize, (column, verdicts): &(Arc<Column>, Vec<bool>)| {
                column.code(position).and_then(|code| verdicts.get(code)).copied().unwrap_or(false)
            };
            match filter.connective() {
                Connective::And => positions.into_iter().filter(|p| tests.iter().all(|t| holds(*p, t))).collect(),
                Connective::Or => positions.into_iter().filter(|p| tests.iter().any(|t| holds(*p, t))).collect(),
            }
        }
        None => positions,
    };
    if let Some(sort) = sort {
        let column = table.column(&sort.field);
        // Records without a value last in both directions; ties keep the given order (stable).
        let key = |position: &usize| match (column.rank(*position, sort, shape), sort.order) {
            (Some(rank), Order::Asc) => (false, rank),
            (Some(rank), Order::Desc) => (false, usize::MAX - rank),
            (None, _) => (true, 0),
        };
        matched.sort_by_key(key);
    }
    matched
}

/// The records that pass the filter, in the sort's order (stable) or as given.
fn matching<'r>(
    records: Vec<(usize, &'r Arc<Stored>)>,
    query: &Query,
    sort: Option<&cairn_query::Sort>,
    shape: &Shape,
) -> Vec<(usize, &'r Arc<Stored>)> {
    let mut matched: Vec<(usize, &Arc<Stored>)> = match &query.filter {
        Some(filter) => {
            let filter = filter.prepare(shape);
            records.into_iter().filter(|(_, r)| filter.matches(r)).collect()
        }
        None => records,
    };
    if let Some(sort) = sort {
        sort.apply_by(&mut matched, shape, |(_, record)| record.as_ref());
    }
    matched
}

/// `{"<wrapper>": [records...]}` written from the stored records: their text copied, or with
/// `fields` applied, the selection printed.
fn page_body<'r>(wrapper: &str, records: impl Iterator<Item = &'r Stored>, query: &Query, shape: &Shape) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    out.push(b'{');
    let _ = serde_json::to_writer(&mut out, wrapper); // writing into a vector cannot fail
    out.extend_from_slice(b":[");
    for (n, record) in records.enumerate() {
        if n > 0 {
            out.push(b',');
        }
        write_record(&mut out, record, query, shape);
    }
    out.extend_from_slice(b"]}");
    out
}

/// Appends a record's JSON to `out`: its stored text, or with `fields`, the selection.
fn write_record(out: &mut Vec<u8>, record: &Stored, query: &Query, shape: &Shape) {
    match &query.fields {
        // Writing into a vector cannot fail.
        Some(selection) => drop(serde_json::to_writer(out, &selection.apply(record, shape))),
        None => out.extend_from_slice(record.text().as_bytes()),
    }
}

/// The answer to a single-record request: `{"<single wrapper>": record}` with `fields` applied,
/// written from the stored record.
pub(crate) fn single(record: &Stored, collection: Collection, call: &Call<'_>) -> Response {
    let mut out = Vec::with_capacity(1024);
    out.push(b'{');
    let _ = serde_json::to_writer(&mut out, collection.single().unwrap_or_default());
    out.push(b':');
    write_record(&mut out, record, &call.query, collection.shape());
    out.push(b'}');
    Response::written(200, out)
}
