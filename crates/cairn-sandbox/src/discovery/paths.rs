//! Keeps exactly the catalogue's operations: every path and method of the document must be one
//! of [`OPERATIONS`] with the same operationId; anything else is dropped.

use cairn_spec::Service;
use cairn_spec::operations::{Method, OPERATIONS};
use serde_json::Value;

/// The operation keys a path item may hold (OpenAPI 3.0).
const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/// The key a path item holds `method` under.
pub(crate) fn method_key(method: Method) -> &'static str {
    match method {
        Method::Get => "get",
        Method::Put => "put",
        Method::Post => "post",
        Method::Delete => "delete",
    }
}

/// Whether the catalogue has `method path` of `service` called `operation_id`.
fn in_catalogue(service: Service, path: &str, method: &str, operation_id: Option<&str>) -> bool {
    OPERATIONS.iter().any(|o| {
        o.service == service && o.path == path && method_key(o.method) == method && Some(o.name) == operation_id
    })
}

/// Drops every operation the catalogue lacks, and path items left without operations.
pub(super) fn keep_catalogue(doc: &mut Value, service: Service) {
    let Some(paths) = doc.get_mut("paths").and_then(Value::as_object_mut) else { return };
    for (path, item) in paths.iter_mut() {
        let Some(item) = item.as_object_mut() else { continue };
        item.retain(|key, op| {
            !METHODS.contains(&key.as_str())
                || in_catalogue(service, path, key, op.get("operationId").and_then(Value::as_str))
        });
    }
    paths.retain(|_, item| item.as_object().is_some_and(|item| item.keys().any(|k| METHODS.contains(&k.as_str()))));
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn drops_what_the_catalogue_lacks() {
        let mut doc = json!({ "paths": {
            "/resources": {
                "parameters": [],
                "get": { "operationId": "getAllResources" },
                "post": { "operationId": "postResource" }
            },
            "/resources/{sourcedId}": { "get": { "operationId": "readResource" } },
            "/extra": { "get": { "operationId": "getExtra" } }
        }});
        keep_catalogue(&mut doc, Service::Resources);
        assert_eq!(
            doc,
            json!({ "paths": { "/resources": { "parameters": [], "get": { "operationId": "getAllResources" } } } })
        );
    }
}
