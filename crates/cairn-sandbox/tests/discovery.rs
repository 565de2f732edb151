//! The localized discovery documents: the catalogue's operations, valid OpenAPI 3.0, the
//! dialect's names, the sandbox's server, security and scopes.

use std::collections::{BTreeMap, BTreeSet};

use cairn_sandbox::discovery::{Localization, document, file_name, reference};
use cairn_spec::operations::{Method, OPERATIONS};
use cairn_spec::{Dialect, Service};
use serde_json::Value;

const BASE_URL: &str = "https://127.0.0.1:8443";
const SCOPE_BASE: &str = "https://sandbox.cairn.test/scope";
const REFERENCE_SCOPE_BASE: &str = "https://purl.imsglobal.org/spec/or/v1p2/scope";

/// A small OpenAPI 3.0 checker: returns every problem found.
mod openapi {
    use std::collections::BTreeSet;

    use serde_json::Value;

    pub const METHODS: [&str; 8] = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

    /// Every problem of `doc` as an OpenAPI 3.0.x document.
    pub fn problems(doc: &Value) -> Vec<String> {
        let mut out = Vec::new();
        if !doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.0")) {
            out.push(format!("openapi is {}", doc["openapi"]));
        }
        for key in ["title", "version"] {
            if doc["info"][key].as_str().is_none_or(str::is_empty) {
                out.push(format!("info.{key} is missing"));
            }
        }
        refs(doc, doc, "", &mut out);
        operations(doc, &mut out);
        out
    }

    /// Every `$ref` resolves inside the document.
    fn refs(doc: &Value, value: &Value, at: &str, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for (key, v) in map {
                    match (key.as_str(), v) {
                        ("$ref", Value::String(r)) if resolve(doc, r).is_none() => {
                            out.push(format!("{at}: $ref {r} does not resolve"))
                        }
                        ("$ref", Value::String(_)) => {}
                        _ => refs(doc, v, &format!("{at}/{key}"), out),
                    }
                }
            }
            Value::Array(items) => items.iter().enumerate().for_each(|(i, v)| refs(doc, v, &format!("{at}/{i}"), out)),
            _ => {}
        }
    }

    fn resolve<'d>(doc: &'d Value, reference: &str) -> Option<&'d Value> {
        doc.pointer(reference.strip_prefix('#')?)
    }

    /// A parameter, through its `$ref` if it has one.
    fn parameter<'d>(doc: &'d Value, p: &'d Value) -> &'d Value {
        p["$ref"].as_str().and_then(|r| resolve(doc, r)).unwrap_or(p)
    }

    fn operations(doc: &Value, out: &mut Vec<String>) {
        let Some(paths) = doc["paths"].as_object() else { return out.push("no paths".into()) };
        let mut ids = BTreeSet::new();
        for (path, item) in paths {
            let in_path: BTreeSet<&str> =
                path.split('/').filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}'))).collect();
            let shared = item["parameters"].as_array().map(Vec::as_slice).unwrap_or_default();
            for method in METHODS {
                let op = &item[method];
                if op.is_null() {
                    continue;
                }
                let at = format!("{method} {path}");
                if op["responses"].as_object().is_none_or(|r| r.is_empty()) {
                    out.push(format!("{at}: no responses"));
                }
                match op["operationId"].as_str() {
                    Some(id) if !ids.insert(id.to_owned()) => out.push(format!("{at}: operationId {id} repeated")),
                    Some(_) => {}
                    None => out.push(format!("{at}: no operationId")),
                }
                let own = op["parameters"].as_array().map(Vec::as_slice).unwrap_or_default();
                let declared: BTreeSet<&str> = own
                    .iter()
                    .chain(shared)
                    .map(|p| parameter(doc, p))
                    .filter(|p| p["in"] == "path" && p["required"] == true)
                    .filter_map(|p| p["name"].as_str())
                    .collect();
                if declared != in_path {
                    out.push(format!("{at}: path parameters {declared:?}, path has {in_path:?}"));
                }
                security(doc, &op["security"], &at, out);
            }
        }
        security(doc, &doc["security"], "document", out);
    }

    /// Every security requirement names a declared scheme, and an OAuth 2.0 scheme's scopes.
    fn security(doc: &Value, requirements: &Value, at: &str, out: &mut Vec<String>) {
        let Some(requirements) = requirements.as_array() else { return };
        for (name, scopes) in requirements.iter().filter_map(Value::as_object).flatten() {
            let scheme = &doc["components"]["securitySchemes"][name];
            if scheme.is_null() {
                out.push(format!("{at}: security scheme {name} is not declared"));
                continue;
            }
            let declared: BTreeSet<&str> = scheme["flows"]
                .as_object()
                .into_iter()
                .flat_map(|flows| flows.values())
                .filter_map(|flow| flow["scopes"].as_object())
                .flat_map(|scopes| scopes.keys().map(String::as_str))
                .collect();
            for scope in scopes.as_array().into_iter().flatten().filter_map(Value::as_str) {
                if scheme["type"] == "oauth2" && !declared.contains(scope) {
                    out.push(format!("{at}: scope {scope} is not declared by {name}"));
                }
            }
        }
    }
}

fn dialects() -> [Dialect; 2] {
    [Dialect::spec(), Dialect::one_edtech()]
}

fn localized(service: Service, dialect: &Dialect, scope_base: &str) -> Value {
    document(service, &Localization { base_url: BASE_URL, dialect, scope_base })
}

/// Every (service, dialect, document), localized onto [`SCOPE_BASE`].
fn all() -> Vec<(Service, Dialect, Value)> {
    let mut out = Vec::new();
    for dialect in dialects() {
        for service in Service::ALL {
            let doc = localized(service, &dialect, SCOPE_BASE);
            out.push((service, dialect.clone(), doc));
        }
    }
    out
}

fn method_key(method: Method) -> String {
    method.as_str().to_ascii_lowercase()
}

/// (method, path, operationId) of every operation of a document, sorted.
fn operations_of(doc: &Value) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for (path, item) in doc["paths"].as_object().into_iter().flatten() {
        for method in openapi::METHODS {
            if let Some(op) = item.get(method) {
                out.push((method.to_owned(), path.clone(), op["operationId"].as_str().unwrap_or_default().to_owned()));
            }
        }
    }
    out.sort();
    out
}

fn catalogue_of(service: Service) -> Vec<(String, String, String)> {
    let mut out: Vec<_> = OPERATIONS
        .iter()
        .filter(|o| o.service == service)
        .map(|o| (method_key(o.method), o.path.to_owned(), o.name.to_owned()))
        .collect();
    out.sort();
    out
}

/// Every operation object of a document by operationId.
fn operation_objects(doc: &Value) -> BTreeMap<String, &Value> {
    let mut out = BTreeMap::new();
    for item in doc["paths"].as_object().into_iter().flatten().map(|(_, item)| item) {
        for method in openapi::METHODS {
            if let Some(op) = item.get(method) {
                out.insert(op["operationId"].as_str().unwrap_or_default().to_owned(), op);
            }
        }
    }
    out
}

#[test]
fn file_names() {
    let names: Vec<_> = Service::ALL.into_iter().map(file_name).collect();
    assert_eq!(
        names,
        [
            "rosterv1p2resourcesservice_openapi3_v1p0.json",
            "rosterv1p2gradebookservice_openapi3_v1p0.json",
            "rosterv1p2rosteringservice_openapi3_v1p0.json",
            "competencyv1p1_openapi3_v1p0.json",
        ]
    );
}

#[test]
fn operations_are_the_catalogues() {
    for dialect in dialects() {
        let mut total = 0;
        for service in Service::ALL {
            let doc = localized(service, &dialect, SCOPE_BASE);
            let ops = operations_of(&doc);
            assert_eq!(ops, catalogue_of(service), "{service:?} ({})", dialect.name);
            total += ops.len();
        }
        assert_eq!(total, 93, "{}", dialect.name);
    }
}

#[test]
fn documents_are_valid_openapi_3_0() {
    for (service, dialect, doc) in all() {
        assert_eq!(openapi::problems(&doc), Vec::<String>::new(), "{service:?} ({})", dialect.name);
    }
}

#[test]
fn the_checker_finds_problems() {
    let mut doc = localized(Service::Resources, &Dialect::spec(), SCOPE_BASE);
    doc["openapi"] = "3.1.0".into();
    let op = &mut doc["paths"]["/resources/{sourcedId}"]["get"];
    op["parameters"] = Value::Array(Vec::new());
    op["operationId"] = "getAllResources".into();
    op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"] = "#/components/schemas/Nothing".into();
    op["security"] = serde_json::json!([{ "OAuth2CC": ["https://elsewhere/x"] }, { "Other": [] }]);
    let problems = openapi::problems(&doc);
    for expected in ["openapi is", "does not resolve", "path parameters", "repeated", "not declared by", "Other"] {
        assert!(problems.iter().any(|p| p.contains(expected)), "{expected}: {problems:#?}");
    }
}

#[test]
fn one_server_at_the_dialects_base_path() {
    for (service, dialect, doc) in all() {
        let servers = doc["servers"].as_array().expect("servers");
        assert_eq!(servers.len(), 1);
        assert_eq!(servers[0]["url"], format!("{BASE_URL}{}", dialect.base_path(service)));
        assert!(servers[0].get("variables").is_none());
    }
    let dialect = Dialect::spec();
    let loc = Localization { base_url: "https://localhost:9000/", dialect: &dialect, scope_base: SCOPE_BASE };
    let doc = document(Service::Competency, &loc);
    assert_eq!(doc["servers"][0]["url"], "https://localhost:9000/api/competency/v1p1");
    assert_eq!(
        doc["components"]["securitySchemes"]["OAuth2CC"]["flows"]["clientCredentials"]["tokenUrl"],
        "https://localhost:9000/token"
    );
}

#[test]
fn svc_names_replace_imsx() {
    let dialect = Dialect::spec();
    for service in Service::ALL {
        let doc = localized(service, &dialect, SCOPE_BASE);
        assert!(!doc.to_string().contains("imsx_"), "{service:?}");
        let schemas = &doc["components"]["schemas"];
        let status = &schemas["svc_StatusInfoDType"];
        let keys: Vec<_> = status["properties"].as_object().expect("status properties").keys().cloned().collect();
        assert_eq!(keys, ["svc_codeMajor", "svc_severity", "svc_description", "svc_codeMinor"], "{service:?}");
        assert_eq!(status["required"], serde_json::json!(["svc_codeMajor", "svc_severity"]));
        assert_eq!(status["properties"]["svc_codeMinor"]["$ref"], "#/components/schemas/svc_CodeMinorDType");
        let field = &schemas["svc_CodeMinorDType"]["properties"]["svc_codeMinorField"];
        assert_eq!(field["items"]["$ref"], "#/components/schemas/svc_CodeMinorFieldDType");
        let field = &schemas["svc_CodeMinorFieldDType"]["properties"];
        assert!(field["svc_codeMinorFieldName"].is_object() && field["svc_codeMinorFieldValue"].is_object());
    }
}

#[test]
fn imsx_names_stay_in_the_1edtech_dialect() {
    let dialect = Dialect::one_edtech();
    for service in Service::ALL {
        let doc = localized(service, &dialect, SCOPE_BASE);
        assert!(!doc.to_string().contains("svc_"), "{service:?}");
        let names = dialect.status_names(service);
        let keys: Vec<_> = doc["components"]["schemas"]["imsx_StatusInfoDType"]["properties"]
            .as_object()
            .expect("status properties")
            .keys()
            .cloned()
            .collect();
        let container = format!("imsx_{}", names.code_minor);
        assert_eq!(keys, ["imsx_codeMajor", "imsx_severity", "imsx_description", container.as_str()], "{service:?}");
    }
}

#[test]
fn code_minor_values_include_what_the_sandbox_sends() {
    for (service, dialect, doc) in all() {
        let p = &dialect.status_prefix;
        let values = &doc["components"]["schemas"][format!("{p}CodeMinorFieldDType")]["properties"]
            [format!("{p}codeMinorFieldValue")]["enum"];
        let values: BTreeSet<&str> = values.as_array().expect("enum").iter().filter_map(Value::as_str).collect();
        for word in cairn_sandbox::api::sent_words(&dialect, service) {
            assert!(values.contains(word), "{service:?} ({}) lacks {word}", dialect.name);
        }
        if service == Service::Competency {
            assert!(!values.contains("invaliddata"), "CASE has no invaliddata");
        } else if dialect.status_prefix == "imsx_" {
            assert!(values.contains("unauthorisedrequest"), "{service:?}");
        }
        let original = &reference(service)["components"]["schemas"]["imsx_CodeMinorFieldDType"]["properties"]["imsx_codeMinorFieldValue"]
            ["enum"];
        for code in original.as_array().expect("reference enum").iter().filter_map(Value::as_str) {
            assert!(values.contains(code), "{service:?} lost {code}");
        }
    }
}

/// Every scope a document mentions: the schemes' and the security requirements'.
fn scopes_in(doc: &Value) -> Vec<String> {
    let mut out = Vec::new();
    for scheme in doc["components"]["securitySchemes"].as_object().into_iter().flatten().map(|(_, s)| s) {
        for flow in scheme["flows"].as_object().into_iter().flatten().map(|(_, f)| f) {
            out.extend(flow["scopes"].as_object().into_iter().flatten().map(|(k, _)| k.clone()));
        }
    }
    let requirements = operation_objects(doc).into_values().map(|op| &op["security"]).chain([&doc["security"]]);
    for requirement in requirements.filter_map(Value::as_array).flatten().filter_map(Value::as_object) {
        for scopes in requirement.values().filter_map(Value::as_array) {
            out.extend(scopes.iter().filter_map(Value::as_str).map(str::to_owned));
        }
    }
    out
}

#[test]
fn scopes_are_rebased_and_the_catalogues() {
    for scope_base in [SCOPE_BASE, REFERENCE_SCOPE_BASE] {
        for dialect in dialects() {
            for service in Service::ALL {
                let doc = localized(service, &dialect, scope_base);
                let scopes = scopes_in(&doc);
                assert!(!scopes.is_empty());
                for scope in &scopes {
                    assert!(scope.starts_with(&format!("{scope_base}/")), "{service:?}: {scope}");
                }
                let scheme = &doc["components"]["securitySchemes"]["OAuth2CC"];
                assert_eq!(scheme["type"], "oauth2");
                assert_eq!(scheme["flows"]["clientCredentials"]["tokenUrl"], format!("{BASE_URL}/token"));
                let ops = operation_objects(&doc);
                for entry in OPERATIONS.iter().filter(|o| o.service == service) {
                    let security = ops[entry.name]["security"].as_array().expect("operation security");
                    assert_eq!(security.len(), 1, "{}", entry.name);
                    let mut got: Vec<&str> =
                        security[0]["OAuth2CC"].as_array().expect("scopes").iter().filter_map(Value::as_str).collect();
                    got.sort_unstable();
                    let mut want: Vec<String> = entry.scopes.iter().map(|s| format!("{scope_base}/{s}")).collect();
                    want.sort_unstable();
                    assert_eq!(got, want, "{}", entry.name);
                }
            }
        }
    }
}

#[test]
fn case_gets_security() {
    assert!(reference(Service::Competency)["components"].get("securitySchemes").is_none());
    for dialect in dialects() {
        let doc = localized(Service::Competency, &dialect, SCOPE_BASE);
        let flow = &doc["components"]["securitySchemes"]["OAuth2CC"]["flows"]["clientCredentials"];
        assert_eq!(flow["tokenUrl"], format!("{BASE_URL}/token"));
        let scope = format!("{SCOPE_BASE}/case.readonly");
        let keys: Vec<_> = flow["scopes"].as_object().expect("scopes").keys().cloned().collect();
        assert_eq!(keys, std::slice::from_ref(&scope));
        let ops = operation_objects(&doc);
        assert_eq!(ops.len(), 12);
        for (name, op) in ops {
            assert_eq!(op["security"], serde_json::json!([{ "OAuth2CC": [scope] }]), "{name}");
        }
    }
}

#[test]
fn info_keeps_title_and_version_and_says_whose_copy() {
    for (service, dialect, doc) in all() {
        let original = &reference(service)["info"];
        assert_eq!(doc["info"]["title"], original["title"]);
        assert_eq!(doc["info"]["version"], original["version"]);
        let description = doc["info"]["description"].as_str().expect("description");
        let original = original["description"].as_str().expect("reference description").trim_end();
        assert!(description.starts_with(original), "{service:?}");
        assert!(description.contains("Cairn sandbox's localized copy"), "{service:?}");
        assert!(description.contains(&format!("{} dialect", dialect.name)), "{service:?}");
    }
}

#[test]
fn building_leaves_the_reference_alone() {
    let first = localized(Service::Rostering, &Dialect::spec(), SCOPE_BASE);
    assert_eq!(first, localized(Service::Rostering, &Dialect::spec(), SCOPE_BASE));
    let reference = reference(Service::Rostering);
    assert!(reference["components"]["schemas"].get("imsx_StatusInfoDType").is_some());
    assert!(reference["servers"][0].get("variables").is_some());
}

/// Writes the eight documents to `$TMPDIR/cairn-discovery/{dialect}/` for outside validators
/// (`cargo test -p cairn-sandbox --test discovery -- --ignored dump`).
#[test]
#[ignore = "writes files for outside validators"]
fn dump() {
    let root = std::env::temp_dir().join("cairn-discovery");
    for (service, dialect, doc) in all() {
        let dir = root.join(&dialect.name);
        std::fs::create_dir_all(&dir).expect("create the dump directory");
        let text = serde_json::to_string_pretty(&doc).expect("serialize");
        std::fs::write(dir.join(file_name(service)), text).expect("write a document");
    }
    println!("wrote {}", root.display());
}
