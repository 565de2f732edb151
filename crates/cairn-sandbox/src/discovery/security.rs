//! Security: OAuth 2.0 client credentials against the sandbox's token endpoint, with its scopes.

use cairn_spec::Service;
use cairn_spec::operations::{OPERATIONS, scopes_of};
use serde_json::{Map, Value, json};

use super::Localization;
use super::paths::method_key;

/// The scope base of the OneRoster references.
const REFERENCE_SCOPE_BASE: &str = "https://purl.imsglobal.org/spec/or/v1p2/scope";

/// The security scheme's name in every document.
const SCHEME: &str = "OAuth2CC";

/// Points every OAuth 2.0 flow at `{base_url}/token`, re-bases every scope onto the sandbox's
/// scope base, declares every catalogue scope of `service` and gives every operation without a
/// `security` requirement (all of CASE's) the catalogue's scopes.
pub(super) fn localize(doc: &mut Value, service: Service, loc: &Localization) {
    let Some(root) = doc.as_object_mut() else { return };
    if let Some(security) = root.get_mut("security") {
        rebase_requirements(security, loc);
    }
    if let Some(schemes) = object_entry(root, "components").and_then(|c| object_entry(c, "securitySchemes")) {
        if !schemes.contains_key(SCHEME) {
            schemes.insert(SCHEME.into(), new_scheme());
        }
        for scheme in schemes.values_mut() {
            localize_scheme(scheme, service, loc);
        }
    }
    if let Some(paths) = root.get_mut("paths").and_then(Value::as_object_mut) {
        for (path, item) in paths.iter_mut() {
            let Some(item) = item.as_object_mut() else { continue };
            for (method, op) in item.iter_mut() {
                localize_operation(op, service, path, method, loc);
            }
        }
    }
}

/// `map[key]` as an object, created if absent; `None` if it is something else.
fn object_entry<'m>(map: &'m mut Map<String, Value>, key: &str) -> Option<&'m mut Map<String, Value>> {
    map.entry(key).or_insert_with(|| Value::Object(Map::new())).as_object_mut()
}

/// The scheme CASE lacks; [`localize_scheme`] fills in the token URL and scopes.
fn new_scheme() -> Value {
    json!({
        "type": "oauth2",
        "description": "OAuth 2.0 Client Credentials (RFC 6749 section 4.4) with a Bearer token, as for the OneRoster services.",
        "flows": { "clientCredentials": { "tokenUrl": "", "scopes": {} } }
    })
}

fn localize_scheme(scheme: &mut Value, service: Service, loc: &Localization) {
    let Some(flows) = scheme.get_mut("flows").and_then(Value::as_object_mut) else { return };
    for flow in flows.values_mut() {
        let Some(flow) = flow.as_object_mut() else { continue };
        if flow.contains_key("tokenUrl") {
            flow.insert("tokenUrl".into(), Value::from(format!("{}/token", loc.base_url())));
        }
        let Some(scopes) = object_entry(flow, "scopes") else { continue };
        let mut rebased: Map<String, Value> =
            std::mem::take(scopes).into_iter().map(|(scope, text)| (rebase(&scope, loc), text)).collect();
        for suffix in scopes_of(service) {
            rebased.entry(loc.scope(suffix)).or_insert_with(|| Value::from(scope_description(service, suffix)));
        }
        *scopes = rebased;
    }
}

fn scope_description(service: Service, suffix: &str) -> String {
    match service {
        Service::Competency => {
            "Read access to every operation of the competency service (CASE 1.1 defines no scopes; this is Cairn's)."
                .to_owned()
        }
        _ => format!("The {suffix} scope of the {} service.", service.as_str()),
    }
}

fn localize_operation(op: &mut Value, service: Service, path: &str, method: &str, loc: &Localization) {
    let Some(op) = op.as_object_mut() else { return };
    match op.get_mut("security") {
        Some(security) => rebase_requirements(security, loc),
        None => {
            let name = op.get("operationId").and_then(Value::as_str);
            let entry = OPERATIONS.iter().find(|o| {
                o.service == service && o.path == path && method_key(o.method) == method && Some(o.name) == name
            });
            if let Some(entry) = entry {
                let scopes: Vec<Value> = entry.scopes.iter().map(|s| Value::from(loc.scope(s))).collect();
                op.insert("security".into(), json!([{ SCHEME: scopes }]));
            }
        }
    }
}

/// Re-bases the scopes of a list of security requirement objects.
fn rebase_requirements(security: &mut Value, loc: &Localization) {
    let Some(requirements) = security.as_array_mut() else { return };
    for scopes in requirements.iter_mut().filter_map(Value::as_object_mut).flat_map(|r| r.values_mut()) {
        if let Some(scopes) = scopes.as_array_mut() {
            for scope in scopes.iter_mut() {
                if let Value::String(s) = scope {
                    *s = rebase(s, loc);
                }
            }
        }
    }
}

/// `scope` moved from the references' scope base onto the sandbox's.
fn rebase(scope: &str, loc: &Localization) -> String {
    match scope.strip_prefix(REFERENCE_SCOPE_BASE).and_then(|rest| rest.strip_prefix('/')) {
        Some(suffix) => loc.scope(suffix),
        None => scope.to_owned(),
    }
}
