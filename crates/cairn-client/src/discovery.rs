//! A service's discovery document (its OpenAPI 3 description, published under the reference
//! file's name below the service's base path), read when a caller wants to know what the
//! server says of an operation — whether it asks for a token ([`asks_for_token`]).

use cairn_spec::Service;
use reqwest::header;
use serde_json::Value;

use crate::client::Client;

/// The largest discovery document read (the official references are under 1 MB).
const MAX_DOCUMENT: usize = 8 << 20;

/// The name deployed servers (and the sandbox) publish the document of `service` under: the
/// official reference file's.
pub fn discovery_file(service: Service) -> &'static str {
    match service {
        Service::Resources => "onerosterv1p2resourcesservice_openapi3_v1p0.json",
        Service::Gradebook => "onerosterv1p2gradebookservice_openapi3_v1p0.json",
        Service::Rostering => "onerosterv1p2rostersservice_openapi3_v1p0.json",
        Service::Competency => "case-v1p1-openapi3.json",
    }
}

impl Client {
    /// The discovery document of `service` at `{base_url}{base path}/discovery/{file}`
    /// ([`discovery_file`]), read once without credentials (as anyone finds it); `None` when it
    /// cannot be had: no answer, anything but a 200, not a JSON object, or over 8 MiB.
    pub async fn discovery(&self, service: Service) -> Option<Value> {
        let endpoint = self.endpoint();
        let url = format!(
            "{}{}/discovery/{}",
            endpoint.base_url(),
            endpoint.dialect().base_path(service),
            discovery_file(service)
        );
        let request = self.transport().http.get(&url).header(header::ACCEPT, "application/json");
        let mut response = request.send().await.ok()?;
        if response.status().as_u16() != 200 {
            return None;
        }
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.ok()? {
            if body.len() + chunk.len() > MAX_DOCUMENT {
                return None;
            }
            body.extend_from_slice(&chunk);
        }
        serde_json::from_slice::<Value>(&body).ok().filter(Value::is_object)
    }
}

/// Whether the OpenAPI 3 `document` asks for credentials to call the operation `operation_id`:
/// the operation's `security` (else the document's) lists requirements and none of them is
/// empty (an empty requirement `{}` lets a caller without credentials in).
pub fn asks_for_token(document: &Value, operation_id: &str) -> bool {
    let operation = document
        .get("paths")
        .and_then(Value::as_object)
        .into_iter()
        .flat_map(|paths| paths.values())
        .find_map(|item| {
            item.as_object()?.values().find(|op| op.get("operationId").and_then(Value::as_str) == Some(operation_id))
        });
    let Some(operation) = operation else { return false };
    let security = operation.get("security").or_else(|| document.get("security"));
    match security.and_then(Value::as_array) {
        Some(requirements) if !requirements.is_empty() => {
            requirements.iter().all(|r| r.as_object().is_some_and(|r| !r.is_empty()))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_document_asks_for_a_token_when_every_requirement_names_one() {
        let op = |security: Value| json!({"paths": {"/CFDocuments": {"get": {"operationId": "getAllCFDocuments", "security": security}}}});
        assert!(asks_for_token(&op(json!([{"OAuth2CC": ["case.readonly"]}])), "getAllCFDocuments"));
        assert!(!asks_for_token(&op(json!([{"OAuth2CC": []}, {}])), "getAllCFDocuments"), "{{}}: anyone");
        assert!(!asks_for_token(&op(json!([])), "getAllCFDocuments"));
        assert!(!asks_for_token(&op(json!([{"OAuth2CC": []}])), "getCFPackage"), "no such operation");
        let inherited = json!({"security": [{"OAuth2CC": []}],
            "paths": {"/CFDocuments": {"get": {"operationId": "getAllCFDocuments"}}}});
        assert!(asks_for_token(&inherited, "getAllCFDocuments"), "the document's own requirement");
        let reference: Value =
            serde_json::from_str(include_str!("../../cairn-spec/reference/case-v1p1-openapi3.json")).unwrap();
        assert!(!asks_for_token(&reference, "getAllCFDocuments"), "CASE 1.1's reference defines no security");
    }
}
