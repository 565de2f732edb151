//! A cached framework rebuilt as a [`CfPackage`]: its document, its items and associations
//! (those the cache files under the document, and those without a document whose origin or
//! destination is the document or one of its items), the definitions they link to, and the
//! rubrics whose criteria assess its items. Items and associations keep the order they were
//! cached in (the package's order for imports and syncs).

use std::collections::HashSet;

use cairn_spec::Collection;
use cairn_spec::Wire;
use cairn_spec::case::CfPackage;
use cairn_store::cache;
use rusqlite::Connection;
use serde_json::{Map, Value};

use cairn_store::cache::ADDED_PREFIX;

use super::error::ViewError;

/// The links the ingest adds to served records, with the original value kept in `extensions`.
const ADDED_LINKS: [&str; 2] = ["CFPackageURI", "CFDocumentURI"];

/// The id of the connection called `name`.
pub fn resolve_connection(conn: &Connection, name: &str) -> Result<i64, ViewError> {
    cache::find_connection(conn, name)?.ok_or_else(|| ViewError::NoConnection(name.to_owned()))
}

/// The package of the framework `document` as cached by `connection` (any connection when
/// `None`, as long as only one holds it), with the id of the connection it came from; `None`
/// when no (chosen) connection cached the document.
pub fn load_package(
    conn: &Connection,
    connection: Option<i64>,
    document: &str,
) -> Result<Option<(i64, CfPackage)>, ViewError> {
    let Some((connection_id, package)) = load_package_json(conn, connection, document)? else { return Ok(None) };
    let package = CfPackage::from_json(package).map_err(|_| ViewError::BadRecord {
        table: "cf_documents",
        id: document.to_owned(),
        message: "not a package".to_owned(),
    })?;
    Ok(Some((connection_id, package)))
}

/// The package of [`load_package`] as the JSON of a CASE package file (`CFDocument`, `CFItems`,
/// `CFAssociations`, and `CFDefinitions` and `CFRubrics` when there are any), records as cached.
pub fn load_package_json(
    conn: &Connection,
    connection: Option<i64>,
    document: &str,
) -> Result<Option<(i64, Value)>, ViewError> {
    let Some((connection_id, document_json)) = cached_document(conn, connection, document)? else {
        return Ok(None);
    };
    let items = unlinked_all("cf_items", cache::document_items(conn, connection_id, document)?)?;
    let associations = unlinked_all("cf_associations", cache::document_associations(conn, connection_id, document)?)?;
    let mut package = Map::new();
    let definitions = definitions(conn, connection_id, &document_json, &items, &associations)?;
    let rubrics = rubrics(conn, connection_id, &items)?;
    package.insert("CFDocument".to_owned(), document_json);
    package.insert("CFItems".to_owned(), Value::Array(items));
    package.insert("CFAssociations".to_owned(), Value::Array(associations));
    if !definitions.is_empty() {
        package.insert("CFDefinitions".to_owned(), Value::Object(definitions));
    }
    if !rubrics.is_empty() {
        package.insert("CFRubrics".to_owned(), Value::Array(rubrics));
    }
    Ok(Some((connection_id, Value::Object(package))))
}

/// The document `document` as cached by `connection` (any connection when `None`, as long as
/// only one holds it) — as the package gave it — with the id of its connection.
pub(super) fn cached_document(
    conn: &Connection,
    connection: Option<i64>,
    document: &str,
) -> Result<Option<(i64, Value)>, ViewError> {
    let holders = cache::document_holders(conn, document, connection)?;
    match holders.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some((one.connection_id, unlinked(parse("cf_documents", document, &one.json)?)))),
        _ => Err(ViewError::Ambiguous {
            document: document.to_owned(),
            connections: holders.into_iter().map(|h| h.connection).collect(),
        }),
    }
}

fn parse(table: &'static str, id: &str, json: &str) -> Result<Value, ViewError> {
    serde_json::from_str(json).map_err(|e| ViewError::BadRecord { table, id: id.to_owned(), message: e.to_string() })
}

/// Records of `table` as they were in the package.
fn unlinked_all(table: &'static str, rows: Vec<cache::RecordRow>) -> Result<Vec<Value>, ViewError> {
    rows.into_iter().map(|(id, json)| Ok(unlinked(parse(table, &id, &json)?))).collect()
}

/// A served record as it was in the package: a document link the ingest added (marked in
/// `extensions`) is removed, or put back to the plain value it replaced; a link the package
/// itself gave stays, as does every link of a record a server served (nothing marks those).
pub fn unlinked(mut record: Value) -> Value {
    let Some(map) = record.as_object_mut() else { return record };
    for field in ADDED_LINKS {
        let extensions = map.get_mut("extensions").and_then(Value::as_object_mut);
        let (original, was_added) = match extensions {
            Some(extensions) => (
                extensions.remove(&format!("cairn:original{field}")),
                extensions.remove(&format!("{ADDED_PREFIX}{field}")) == Some(Value::Bool(true)),
            ),
            None => (None, false),
        };
        match original {
            Some(original) => {
                map.insert(field.to_owned(), original);
            }
            None if was_added => {
                map.remove(field);
            }
            None => {}
        }
        if map.get("extensions").and_then(Value::as_object).is_some_and(Map::is_empty) {
            map.remove("extensions");
        }
    }
    record
}

/// The identifier of the link at `key` of `record` (a link object, or every one of an array).
fn link_ids<'v>(record: &'v Value, key: &str) -> Vec<&'v str> {
    let identifier = |v: &'v Value| v.get("identifier").and_then(Value::as_str);
    match record.get(key) {
        Some(Value::Array(links)) => links.iter().filter_map(identifier).collect(),
        Some(link) => identifier(link).into_iter().collect(),
        None => Vec::new(),
    }
}

/// The definitions the document, items and associations link to, by `CFDefinitions` key.
fn definitions(
    conn: &Connection,
    connection_id: i64,
    document: &Value,
    items: &[Value],
    associations: &[Value],
) -> Result<Map<String, Value>, ViewError> {
    let nodes = || std::iter::once(document).chain(items);
    let wanted: [(Collection, Vec<&str>); 5] = [
        (Collection::CfConcepts, nodes().flat_map(|r| link_ids(r, "conceptKeywordsURI")).collect()),
        (Collection::CfSubjects, nodes().flat_map(|r| link_ids(r, "subjectURI")).collect()),
        (Collection::CfLicenses, nodes().flat_map(|r| link_ids(r, "licenseURI")).collect()),
        (Collection::CfItemTypes, items.iter().flat_map(|r| link_ids(r, "CFItemTypeURI")).collect()),
        (
            Collection::CfAssociationGroupings,
            associations.iter().flat_map(|r| link_ids(r, "CFAssociationGroupingURI")).collect(),
        ),
    ];
    let mut out = Map::new();
    for (collection, ids) in wanted {
        let mut seen = HashSet::new();
        let table = cache::spec(collection).table;
        let mut found = Vec::new();
        for id in ids.into_iter().filter(|id| seen.insert(*id)) {
            if let Some(json) = cache::record(conn, connection_id, collection, id)? {
                found.push(parse(table, id, &json)?);
            }
        }
        if !found.is_empty() {
            out.insert(collection.name().to_owned(), Value::Array(found));
        }
    }
    Ok(out)
}

/// The rubrics of the connection with a criterion that assesses one of `items`.
fn rubrics(conn: &Connection, connection_id: i64, items: &[Value]) -> Result<Vec<Value>, ViewError> {
    let ids: HashSet<&str> = items.iter().filter_map(|i| i.get("identifier").and_then(Value::as_str)).collect();
    let mut out = Vec::new();
    for (id, json) in cache::records(conn, connection_id, Collection::CfRubrics)? {
        let rubric = parse("cf_rubrics", &id, &json)?;
        let assesses = rubric
            .get("CFRubricCriteria")
            .and_then(Value::as_array)
            .is_some_and(|criteria| criteria.iter().any(|c| link_ids(c, "CFItemURI").iter().any(|i| ids.contains(i))));
        if assesses {
            out.push(rubric);
        }
    }
    Ok(out)
}
