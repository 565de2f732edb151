//! Serving an imported package's records at the sandbox's own addresses: every record's `uri`
//! (and every link to a record of the package) becomes `{base_url}{competency base path}/
//! {collection}/{identifier}`, so that it answers in the served dialect; a record's original
//! `uri` is kept in its extensions. Links to what the package does not define keep theirs.

use std::collections::HashMap;

use cairn_spec::{Collection, Dialect};
use serde_json::{Map, Value, json};

use super::import_fix::{Tally, extensions_are_array, with_extensions};

/// Where a record's original `uri` is kept inside `extensions`.
pub const ORIGINAL_URI: &str = "cairn:originalURI";

/// Where the sandbox serves: its base URL and dialect.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServedAt {
    /// Scheme, host and port (`https://127.0.0.1:8443`), no trailing slash needed.
    pub base_url: String,
    /// The base paths.
    pub dialect: Dialect,
}

impl ServedAt {
    /// The served address of the record `id` of `collection`.
    fn uri(&self, collection: Collection, id: &str) -> String {
        let base = self.base_url.trim_end_matches('/');
        format!("{base}{}/{}/{id}", self.dialect.base_path(collection.service()), collection.name())
    }
}

/// Points every record's `uri`, and every link to a record of the package, at `served`.
pub(crate) fn serve_at(records: &mut [(Collection, Map<String, Value>)], served: &ServedAt, tally: &mut Tally) {
    let mut uris: HashMap<String, String> = HashMap::new();
    for (collection, record) in records.iter() {
        let Some(id) = record.get("identifier").and_then(Value::as_str) else { continue };
        let uri = served.uri(*collection, id);
        for criterion in record.get("CFRubricCriteria").and_then(Value::as_array).into_iter().flatten() {
            if let Some(cid) = criterion.get("identifier").and_then(Value::as_str) {
                uris.entry(cid.to_owned()).or_insert_with(|| format!("{uri}#criterion-{cid}"));
            }
            for level in criterion.get("CFRubricCriterionLevels").and_then(Value::as_array).into_iter().flatten() {
                if let Some(lid) = level.get("identifier").and_then(Value::as_str) {
                    uris.entry(lid.to_owned()).or_insert_with(|| format!("{uri}#level-{lid}"));
                }
            }
        }
        uris.entry(id.to_owned()).or_insert(uri);
    }
    for (collection, record) in records.iter_mut() {
        let original = record.get("uri").and_then(Value::as_str).map(str::to_owned);
        for (key, value) in record.iter_mut() {
            if key == "CFPackageURI" {
                if let Some(link) = value.as_object_mut()
                    && let Some(id) = link.get("identifier").and_then(Value::as_str).map(str::to_owned)
                {
                    let package = served.uri(Collection::CfDocuments, &id).replace("/CFDocuments/", "/CFPackages/");
                    link.insert("uri".into(), json!(package));
                }
            } else if key != "uri" {
                relink(value, &uris);
            }
        }
        let Some(id) = record.get("identifier").and_then(Value::as_str).map(str::to_owned) else { continue };
        let Some(uri) = uris.get(&id).cloned() else { continue };
        if original.as_deref() == Some(uri.as_str()) {
            continue;
        }
        record.insert("uri".into(), json!(uri));
        if let Some(original) = original {
            tally.add(format!("uri made the served address, the original kept in extensions.{ORIGINAL_URI}"), || {
                original.clone()
            });
            with_extensions(record, extensions_are_array(collection.shape()), |ext| {
                ext.insert(ORIGINAL_URI.into(), json!(original));
            });
        }
    }
}

/// Rewrites the `uri` of every object below `value` whose `identifier` is a record of the package.
fn relink(value: &mut Value, uris: &HashMap<String, String>) {
    match value {
        Value::Object(map) => {
            let served = map.get("identifier").and_then(Value::as_str).and_then(|id| uris.get(id)).cloned();
            if let Some(uri) = served
                && map.contains_key("uri")
            {
                map.insert("uri".into(), json!(uri));
            }
            for (key, inner) in map.iter_mut() {
                if key != "uri" && key != "extensions" {
                    relink(inner, uris);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|v| relink(v, uris)),
        _ => {}
    }
}
