//! A CASE package as the records the competency service serves alone: the document with its
//! package link, items and associations with their document link, definitions and rubrics.

use cairn_spec::Collection;
use cairn_spec::Wire;
use cairn_spec::case::CfPackage;
use cairn_store::cache::ADDED_PREFIX;
use serde_json::{Map, Value, json};

/// The package's records, in the form `getCFDocument`, `getCFItem`... answer them. A plain
/// string where the document link belongs is kept in `extensions` and replaced by the link; a
/// link added where there was none is marked in `extensions` ([`ADDED_PREFIX`]).
pub fn served_records(package: &CfPackage) -> Vec<(Collection, Value)> {
    let mut out = Vec::new();
    let Some(document) = &package.document else { return out };
    let id = document.identifier.as_deref().unwrap_or_default();
    let title = document.title.as_deref().unwrap_or_default();
    let uri = document.uri.as_deref().unwrap_or_default();
    let link = json!({"title": title, "identifier": id, "uri": uri});
    out.push((Collection::CfDocuments, with_link(document.to_json(), "CFPackageURI", &link)));
    for item in package.items.iter().flatten() {
        out.push((Collection::CfItems, with_link(item.to_json(), "CFDocumentURI", &link)));
    }
    for association in package.associations.iter().flatten() {
        out.push((Collection::CfAssociations, with_link(association.to_json(), "CFDocumentURI", &link)));
    }
    if let Some(definitions) = &package.definitions {
        let groups: [(Collection, Option<Vec<Value>>); 5] = [
            (Collection::CfConcepts, definitions.concepts.as_ref().map(|m| m.iter().map(Wire::to_json).collect())),
            (Collection::CfSubjects, definitions.subjects.as_ref().map(|m| m.iter().map(Wire::to_json).collect())),
            (Collection::CfLicenses, definitions.licenses.as_ref().map(|m| m.iter().map(Wire::to_json).collect())),
            (Collection::CfItemTypes, definitions.item_types.as_ref().map(|m| m.iter().map(Wire::to_json).collect())),
            (
                Collection::CfAssociationGroupings,
                definitions.association_groupings.as_ref().map(|m| m.iter().map(Wire::to_json).collect()),
            ),
        ];
        for (collection, records) in groups {
            out.extend(records.into_iter().flatten().map(|r| (collection, r)));
        }
    }
    for rubric in package.rubrics.iter().flatten() {
        out.push((Collection::CfRubrics, rubric.to_json()));
    }
    out
}

/// The record with `field` set to `link` (an object already there is kept as it is; a plain
/// string is kept in `extensions` as `cairn:original<field>`; an absent one is marked added).
fn with_link(mut record: Value, field: &str, link: &Value) -> Value {
    let Some(map) = record.as_object_mut() else { return record };
    match map.get(field) {
        Some(Value::Object(_)) => {}
        Some(original) => {
            let original = original.clone();
            let extensions = map.entry("extensions").or_insert_with(|| Value::Object(Map::new()));
            if let Some(extensions) = extensions.as_object_mut() {
                extensions.insert(format!("cairn:original{field}"), original);
            }
            map.insert(field.to_owned(), link.clone());
        }
        None => {
            let extensions = map.entry("extensions").or_insert_with(|| Value::Object(Map::new()));
            if let Some(extensions) = extensions.as_object_mut() {
                extensions.insert(format!("{ADDED_PREFIX}{field}"), Value::Bool(true));
            }
            map.insert(field.to_owned(), link.clone());
        }
    }
    record
}
