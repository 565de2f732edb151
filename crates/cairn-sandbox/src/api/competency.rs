//! The competency framework service's twelve operations. Records come bare (no wrapper); an
//! identifier that is not a UUID is `invalid_uuid`; a package is its document with every item
//! and association of the document and the definitions and rubrics they reference.

use std::cmp::Ordering;
use std::collections::HashSet;
use std::sync::Arc;

use cairn_spec::scalar::is_uuid;
use cairn_spec::{CodeMinor, Collection, Service};
use serde_json::{Map, Value, json};

use super::listing::{Candidates, list};
use super::lookup::{by_ids, one, ref_ids};
use super::response::{ApiError, Response};
use super::route::Call;
use crate::dataset::{Dataset, Stored};
use crate::state::Sandbox;

use Collection::{
    CfAssociationGroupings, CfAssociations, CfConcepts, CfDocuments, CfItemTypes, CfItems, CfLicenses, CfRubrics,
    CfSubjects,
};

pub(crate) fn handle(sandbox: &Sandbox, call: &Call<'_>) -> Result<Response, ApiError> {
    let data = sandbox.read();
    if call.op.name == "getAllCFDocuments" {
        let names = sandbox.dialect.status_names(Service::Competency);
        return list(Candidates::All(data.table(CfDocuments)), CfDocuments, call, names);
    }
    let id = call.params.first().map(String::as_str).unwrap_or_default();
    if !is_uuid(id) {
        return Err(ApiError::new(
            CodeMinor::InvalidUuid,
            format!("{id:?} is not a UUID (lower-case hex 8-4-4-4-12, version 1-5, variant 8/9/a/b)"),
        ));
    }
    let bare = |collection: Collection, what: &str| -> Result<Response, ApiError> {
        Ok(Response::written(200, one(&data, collection, what, id)?.text().as_bytes().to_vec()))
    };
    match call.op.name {
        "getCFDocument" => bare(CfDocuments, "CFDocument"),
        "getCFItem" => bare(CfItems, "CFItem"),
        "getCFAssociation" => bare(CfAssociations, "CFAssociation"),
        "getCFAssociationGrouping" => bare(CfAssociationGroupings, "CFAssociationGrouping"),
        "getCFLicense" => bare(CfLicenses, "CFLicense"),
        "getCFRubric" => bare(CfRubrics, "CFRubric"),
        "getCFItemAssociations" => {
            let item = one(&data, CfItems, "CFItem", id)?;
            let table = data.table(CfAssociations);
            let mut ids: Vec<String> = table.related("origin", id).iter().map(|a| identifier(a).to_owned()).collect();
            ids.extend(table.related("destination", id).iter().map(|a| identifier(a).to_owned()));
            let associations: Vec<Value> =
                by_ids(table, ids).into_iter().map(|a| in_package(a, "CFDocumentURI")).collect();
            Ok(Response::ok(json!({"CFItem": Value::clone(item), "CFAssociations": associations})))
        }
        "getCFConcept" => hierarchy(&data, CfConcepts, "CFConcept", id),
        "getCFItemType" => hierarchy(&data, CfItemTypes, "CFItemType", id),
        "getCFSubject" => hierarchy(&data, CfSubjects, "CFSubject", id),
        "getCFPackage" => package(&data, id).map(Response::ok),
        other => Err(ApiError::new(CodeMinor::InternalServerError, format!("{other} has no handler"))),
    }
}

fn identifier(record: &Value) -> &str {
    record.get("identifier").and_then(Value::as_str).unwrap_or_default()
}

/// A record in its package form: without the link to its container.
fn in_package(record: &Value, container_link: &str) -> Value {
    let mut record = record.clone();
    if let Some(map) = record.as_object_mut() {
        map.remove(container_link);
    }
    record
}

/// `{"CFConcepts": [the concept, its descendants by hierarchyCode...]}` (likewise subjects and
/// item types).
fn hierarchy(data: &Dataset, collection: Collection, what: &str, id: &str) -> Result<Response, ApiError> {
    let table = data.table(collection);
    let root = one(data, collection, what, id)?;
    let code = root.get("hierarchyCode").and_then(Value::as_str).unwrap_or_default();
    let prefix = format!("{code}.");
    let mut children: Vec<&Arc<Stored>> = table
        .iter()
        .filter(|r| {
            !code.is_empty() && r.get("hierarchyCode").and_then(Value::as_str).is_some_and(|c| c.starts_with(&prefix))
        })
        .collect();
    children.sort_by(|a, b| natural(hierarchy_code(a), hierarchy_code(b)));
    let mut records = vec![Value::clone(root)];
    records.extend(children.into_iter().map(|c| Value::clone(c)));
    let mut body = Map::new();
    body.insert(collection.name().to_owned(), Value::Array(records));
    Ok(Response::ok(Value::Object(body)))
}

fn hierarchy_code(record: &Value) -> &str {
    record.get("hierarchyCode").and_then(Value::as_str).unwrap_or_default()
}

/// Natural order: digit runs compare as numbers ("1.2" < "1.10").
pub(crate) fn natural(a: &str, b: &str) -> Ordering {
    let chunks = |s: &str| {
        let mut out: Vec<(bool, String)> = Vec::new();
        for c in s.chars() {
            match out.last_mut() {
                Some((digit, run)) if *digit == c.is_ascii_digit() => run.push(c),
                _ => out.push((c.is_ascii_digit(), c.to_string())),
            }
        }
        out
    };
    for (x, y) in chunks(a).iter().zip(chunks(b).iter()) {
        let order = match (x, y) {
            ((true, x), (true, y)) => {
                let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                x.len().cmp(&y.len()).then_with(|| x.cmp(y))
            }
            ((_, x), (_, y)) => x.cmp(y),
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    chunks(a).len().cmp(&chunks(b).len())
}

/// The package of document `id`.
fn package(data: &Dataset, id: &str) -> Result<Value, ApiError> {
    let document = one(data, CfDocuments, "CFDocument", id)?;
    let items = data.table(CfItems).related("document", id);
    let associations = data.table(CfAssociations).related("document", id);
    let item_ids: HashSet<&str> = items.iter().map(|i| identifier(i)).collect();

    let linked = |records: &[&Arc<Stored>], fields: &[&str]| -> Vec<String> {
        records.iter().flat_map(|r| fields.iter().flat_map(|f| ref_ids(r, f))).collect()
    };
    let item_types = by_ids(data.table(CfItemTypes), linked(&items, &["CFItemTypeURI"]));
    let concepts = by_ids(data.table(CfConcepts), linked(&items, &["conceptKeywordsURI"]));
    let mut subject_ids = linked(&items, &["subjectURI"]);
    subject_ids.extend(ref_ids(document, "subjectURI"));
    let subjects = by_ids(data.table(CfSubjects), subject_ids);
    let mut license_ids = linked(&items, &["licenseURI"]);
    license_ids.extend(ref_ids(document, "licenseURI"));
    let licenses = by_ids(data.table(CfLicenses), license_ids);
    let groupings = by_ids(data.table(CfAssociationGroupings), linked(&associations, &["CFAssociationGroupingURI"]));
    let rubrics: Vec<Value> = data
        .table(CfRubrics)
        .iter()
        .filter(|r| {
            r.get("CFRubricCriteria")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .any(|c| ref_ids(c, "CFItemURI").iter().any(|i| item_ids.contains(i.as_str())))
        })
        .map(|r| Value::clone(r))
        .collect();

    let values = |records: Vec<&Arc<Stored>>| Value::Array(records.into_iter().map(|r| Value::clone(r)).collect());
    let mut definitions = Map::new();
    for (key, records) in [
        ("CFConcepts", concepts),
        ("CFSubjects", subjects),
        ("CFLicenses", licenses),
        ("CFItemTypes", item_types),
        ("CFAssociationGroupings", groupings),
    ] {
        if !records.is_empty() {
            definitions.insert(key.to_owned(), values(records));
        }
    }
    let mut package = Map::new();
    package.insert("CFDocument".into(), in_package(document, "CFPackageURI"));
    package.insert("CFItems".into(), Value::Array(items.iter().map(|i| in_package(i, "CFDocumentURI")).collect()));
    package.insert(
        "CFAssociations".into(),
        Value::Array(associations.iter().map(|a| in_package(a, "CFDocumentURI")).collect()),
    );
    if !definitions.is_empty() {
        package.insert("CFDefinitions".into(), Value::Object(definitions));
    }
    if !rubrics.is_empty() {
        package.insert("CFRubrics".into(), Value::Array(rubrics));
    }
    Ok(Value::Object(package))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order() {
        let mut codes = vec!["1.10", "1.2", "1", "1.2.1", "A.10", "A.9"];
        codes.sort_by(|a, b| natural(a, b));
        assert_eq!(codes, ["1", "1.2", "1.2.1", "1.10", "A.9", "A.10"]);
    }
}
