//! The model against the official references: every class there has a struct here with the
//! same properties, and an instance built from the reference schema (every property filled)
//! reads with no issue and writes back unchanged.

use std::collections::{BTreeMap, BTreeSet};

use cairn_spec::registry::{ClassEntry, class, classes};
use serde_json::{Map, Value, json};

use crate::reference_dir;

const REFERENCES: &[&str] = &[
    "case-v1p1-openapi3.json",
    "case-v1p1-cfpackage.schema.json",
    "onerosterv1p2rostersservice_openapi3_v1p0.json",
    "onerosterv1p2gradebookservice_openapi3_v1p0.json",
    "onerosterv1p2resourcesservice_openapi3_v1p0.json",
];

/// Where the specification documents win over the references: (class, property, required here).
const DOCUMENTS_WIN: &[(&str, &str, bool)] = &[
    ("Course", "courseCode", false),
    ("Course", "org", true),
    ("Class", "classType", true),
    ("Org", "identifier", false),
    // Set wrappers: the property is what the body is; an answer without it is an error.
    ("AcademicSessionSet", "academicSessions", true),
    ("ClassSet", "classes", true),
    ("CourseSet", "courses", true),
    ("DemographicsSet", "demographics", true),
    ("EnrollmentSet", "enrollments", true),
    ("OrgSet", "orgs", true),
    ("UserSet", "users", true),
    ("LineItemSet", "lineItems", true),
    ("ResultSet", "results", true),
    ("CategoriesSet", "categories", true),
    ("ScoreScaleSet", "scoreScales", true),
    ("AssessmentLineItemSet", "assessmentLineItems", true),
    ("AssessmentResultSet", "assessmentResults", true),
    ("ResourceSet", "resources", true),
    ("GUIDPairSet", "sourcedIdPairs", true),
];

const UUID: &str = "a33fc64e-5c40-11e7-82c4-3d54268aa9ee";

struct Reference {
    file: &'static str,
    doc: Value,
}

impl Reference {
    fn load(file: &'static str) -> Reference {
        let text = std::fs::read_to_string(reference_dir().join(file)).unwrap();
        Reference { file, doc: serde_json::from_str(&text).unwrap() }
    }

    fn schemas(&self) -> &Map<String, Value> {
        self.doc.pointer("/components/schemas").or_else(|| self.doc.get("$defs")).and_then(Value::as_object).unwrap()
    }

    fn resolve(&self, reference: &str) -> &Value {
        let name = reference.rsplit('/').next().unwrap();
        &self.schemas()[name]
    }

    /// Model classes: not the status object (tested apart), extension or metadata containers.
    fn classes(&self) -> impl Iterator<Item = (String, &Value)> {
        self.schemas().iter().filter_map(|(name, schema)| {
            let name = name.strip_suffix("DType").unwrap_or(name);
            let skip = name.starts_with("imsx_") || name.ends_with("Extension") || name == "Metadata";
            (!skip).then(|| (name.to_owned(), schema))
        })
    }

    /// An instance with every property filled with a valid value.
    fn instance(&self, schema: &Value, property: &str) -> Value {
        if let Some(r) = schema.get("$ref").and_then(Value::as_str) {
            return self.instance(self.resolve(r), property);
        }
        if let Some(alternatives) = schema.get("anyOf").or_else(|| schema.get("oneOf")).and_then(Value::as_array) {
            let chosen = alternatives.iter().find(|a| a.get("enum").is_some()).unwrap_or(&alternatives[0]);
            return self.instance(chosen, property);
        }
        if let Some(values) = schema.get("enum").and_then(Value::as_array) {
            return values.last().cloned().unwrap();
        }
        match schema.get("type").and_then(Value::as_str) {
            Some("object") => {
                let mut map = Map::new();
                match schema.get("properties").and_then(Value::as_object) {
                    Some(properties) => {
                        for (name, p) in properties {
                            map.insert(name.clone(), self.instance(p, name));
                        }
                    }
                    None => {
                        map.insert("vendor.example".into(), json!({"nested": [1, "two", null], "flag": true}));
                    }
                }
                Value::Object(map)
            }
            Some("array") => json!([self.instance(&schema["items"], property)]),
            Some("number") => json!(1.5),
            Some("integer") => json!(3),
            Some("boolean") => json!(true),
            _ => match (schema.get("format").and_then(Value::as_str), property) {
                (Some("date-time"), "dueDate") => json!("2025-01-01T00:00:00.000Z"),
                (Some("date-time"), _) => json!("2024-01-02T03:04:05.000Z"),
                (Some("date"), "endDate" | "statusEndDate") => json!("2025-01-01"),
                (Some("date"), _) => json!("2024-01-02"),
                (Some("uri"), _) | (_, "uri" | "href" | "officialSourceURL" | "profileId" | "userProfile") => {
                    json!("https://example.org/x")
                }
                _ => json!(UUID),
            },
        }
    }
}

fn properties(schema: &Value) -> BTreeMap<String, bool> {
    let required: BTreeSet<&str> =
        schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
    schema
        .get("properties")
        .and_then(Value::as_object)
        .into_iter()
        .flatten()
        .map(|(name, _)| (name.clone(), required.contains(name.as_str())))
        .collect()
}

fn model(entry: &ClassEntry) -> BTreeMap<String, bool> {
    (entry.shape)().fields.iter().map(|f| (f.name.to_owned(), f.required)).collect()
}

#[test]
fn every_reference_class_has_the_same_properties_here() {
    let mut seen = BTreeSet::new();
    for file in REFERENCES {
        let reference = Reference::load(file);
        for (name, schema) in reference.classes() {
            let entry = class(&name).unwrap_or_else(|| panic!("{file}: no model class for {name}"));
            let mut expected = properties(schema);
            for (class, property, required) in DOCUMENTS_WIN {
                if *class == name {
                    expected.insert((*property).to_owned(), *required);
                }
            }
            assert_eq!(model(&entry), expected, "{file}: {name}");
            seen.insert(name);
        }
    }
    let only_here: Vec<_> = classes().iter().map(|c| (c.shape)().name).filter(|n| !seen.contains(*n)).collect();
    assert_eq!(only_here, ["GUIDRef"], "classes of the model that no reference defines");
}

#[test]
fn a_full_instance_of_every_reference_class_reads_cleanly_and_round_trips() {
    let mut count = 0;
    for file in REFERENCES {
        let reference = Reference::load(file);
        for (name, schema) in reference.classes() {
            let instance = reference.instance(schema, "");
            let entry = class(&name).unwrap();
            let (written, issues) = (entry.check)(instance.clone()).unwrap();
            assert!(issues.is_empty(), "{}: {name}: {issues:#?}\n{instance:#}", reference.file);
            assert_eq!(written, instance, "{}: {name}", reference.file);
            count += 1;
        }
    }
    assert!(count > 90, "only {count} classes exercised");
}

#[test]
fn a_minimal_instance_reads_and_an_empty_object_lists_what_is_missing() {
    for file in REFERENCES {
        let reference = Reference::load(file);
        for (name, schema) in reference.classes() {
            let entry = class(&name).unwrap();
            let (written, issues) = (entry.check)(json!({})).unwrap();
            assert_eq!(written, json!({}));
            let missing: BTreeSet<_> = issues.iter().map(|i| i.path.trim_start_matches("$.").to_owned()).collect();
            let required: BTreeSet<_> = (entry.shape)().required().map(str::to_owned).collect();
            assert_eq!(missing, required, "{file}: {name}");
            let _ = schema;
        }
    }
}

#[test]
fn the_operation_catalogue_is_the_references_operations() {
    use cairn_spec::operations::{OPERATIONS, Query, operation};
    let mut seen = 0;
    for file in REFERENCES {
        let reference = Reference::load(file);
        let Some(paths) = reference.doc.get("paths").and_then(Value::as_object) else { continue };
        for (path, methods) in paths {
            for (method, op) in methods.as_object().unwrap() {
                let name = op["operationId"].as_str().unwrap();
                let ours = operation(name).unwrap_or_else(|| panic!("{name} missing"));
                assert_eq!(
                    (ours.method.as_str(), ours.path),
                    (method.to_uppercase().as_str(), path.as_str()),
                    "{name}"
                );
                let query: Vec<&str> = op
                    .get("parameters")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter(|p| p["in"] == "query")
                    .filter_map(|p| p["name"].as_str())
                    .collect();
                let expected = match ours.query {
                    Query::Collection => vec!["limit", "offset", "sort", "orderBy", "filter", "fields"],
                    Query::Fields => vec!["fields"],
                    Query::None => vec![],
                };
                assert_eq!(query, expected, "{name}");
                let success = op["responses"].as_object().unwrap().keys().find(|c| c.starts_with('2')).unwrap();
                assert_eq!(ours.success.to_string(), *success, "{name}");
                let schema = |v: &Value| {
                    v.pointer("/content/application~1json/schema/$ref")
                        .and_then(Value::as_str)
                        .map(|r| r.rsplit('/').next().unwrap().trim_end_matches("DType").to_owned())
                };
                assert_eq!(ours.response.map(str::to_owned), schema(&op["responses"][success]), "{name}");
                assert_eq!(ours.request.map(str::to_owned), op.get("requestBody").and_then(schema), "{name}");
                let mut scopes: Vec<&str> = op
                    .get("security")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .flat_map(|s| s.as_object().unwrap().values())
                    .flat_map(|v| v.as_array().unwrap())
                    .filter_map(|s| s.as_str()?.rsplit('/').next())
                    .collect();
                scopes.sort_unstable();
                if scopes.is_empty() {
                    scopes = vec!["case.readonly"]; // CASE defines none; the project uses case.readonly
                }
                assert_eq!(ours.scopes, scopes.as_slice(), "{name}");
                for wrapper in ours.request.iter().chain(&ours.response) {
                    assert!(class(wrapper).is_some(), "{name}: no model class {wrapper}");
                }
                seen += 1;
            }
        }
    }
    assert_eq!(seen, OPERATIONS.len());
    assert_eq!(seen, 93);
}
