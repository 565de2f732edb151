//! What association types mean, as the window receives it: the specification's sentence for
//! each defined type (declared once, in `cairn-spec`), a framework's own definition of an `ext:`
//! type, and the UI's copies held to the declaration — the type list of the graph's styles, and
//! the mock backend's answer, generated from here (regenerate with
//! `UPDATE_BINDINGS=1 cargo test -p cairn-explorer --test it association_types`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};

use cairn_explorer::app::{App, ErrorCode, FrameworkKey, ImportOutcome};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_spec::Collection;
use cairn_spec::case::ASSOCIATION_MEANINGS;
use serde_json::{Value, json};

use crate::{NOW, deterministic_app};

fn ui() -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("../../ui/src")
}

fn app(dir: &Path) -> App {
    deterministic_app(dir, 7, NOW, Box::new(|_| {}))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_mock_backend_answers_what_the_app_answers() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    let types = app.association_types(None).await.unwrap();
    let terms: Vec<&str> = types.iter().map(|t| t.association_type.as_str()).collect();
    let declared: Vec<&str> = ASSOCIATION_MEANINGS.iter().map(|(t, _)| *t).collect();
    assert_eq!(terms, declared);
    assert!(types.iter().all(|t| t.meaning.is_some() && t.defined_as.as_deref() == Some(&t.association_type)));

    let file = ui().join("backend/mock/associationTypes.json");
    let json = serde_json::to_string_pretty(&types).unwrap() + "\n";
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::write(&file, &json).unwrap();
    }
    let kept = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(kept == json, "{} is stale: regenerate with UPDATE_BINDINGS=1", file.display());
    app.shutdown().await;
}

#[test]
fn the_graphs_styles_name_exactly_the_defined_types() {
    let source = std::fs::read_to_string(ui().join("features/relations/graphStyle.ts")).unwrap();
    let start = source.find("const DEFINED").expect("graphStyle.ts declares DEFINED");
    let body = &source[start..start + source[start..].find("};").unwrap()];
    let styled: BTreeSet<&str> = body
        .lines()
        .filter_map(|line| line.trim().split_once(':').map(|(key, _)| key.trim()))
        .filter(|key| key.chars().all(|c| c.is_ascii_alphanumeric()))
        .collect();
    let declared: BTreeSet<&str> = ASSOCIATION_MEANINGS.iter().map(|(t, _)| *t).collect();
    assert_eq!(styled, declared, "graphStyle.ts styles each defined type, and only those");
}

/// The small demo's framework as a package file, with a grouping named after its `ext:` type.
fn demo_package() -> (Value, String) {
    let mut by: HashMap<Collection, Vec<Value>> = HashMap::new();
    generate(&DemoOptions::new(Scale::Small, "https://demo.test"), &mut |collection, record| {
        if collection.name().starts_with("CF") {
            by.entry(collection).or_default().push(record);
        }
    });
    let document = by[&Collection::CfDocuments][0].clone();
    let id = document["identifier"].as_str().unwrap().to_owned();
    let of_doc = |collection| -> Vec<Value> {
        by[&collection].iter().filter(|r| r["CFDocumentURI"]["identifier"] == id.as_str()).cloned().collect()
    };
    let grouping = json!({
        "identifier": "9b8c0f5e-0000-4000-8000-000000000001", "uri": "https://demo.test/groupings/builds-on",
        "title": "buildsOn", "description": "The destination builds on the origin: learn the origin first.",
        "lastChangeDateTime": "2025-08-01T12:00:00+00:00"
    });
    let package = json!({
        "CFDocument": document,
        "CFItems": of_doc(Collection::CfItems),
        "CFAssociations": of_doc(Collection::CfAssociations),
        "CFDefinitions": {"CFAssociationGroupings": [grouping]},
    });
    (package, id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frameworks_ext_type_comes_with_its_definition() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    let (package, document) = demo_package();
    let file = dir.path().join("demo.json");
    std::fs::write(&file, serde_json::to_vec(&package).unwrap()).unwrap();
    let summary = app.import_files("files".to_owned(), vec![file], false, &|_| {}).await.unwrap();
    assert_eq!(summary.files[0].outcome, ImportOutcome::Imported, "{summary:?}");
    let key = FrameworkKey { connection: "files".to_owned(), identifier: document };
    let types = app.association_types(Some(key)).await.unwrap();
    assert_eq!(types.len(), ASSOCIATION_MEANINGS.len() + 1, "the ten, then the framework's own: {types:?}");
    let own = types.last().unwrap();
    assert_eq!(own.association_type, "ext:buildsOn");
    assert_eq!((own.defined_as.as_deref(), own.meaning.as_deref()), (None, None));
    let definition = own.definition.as_ref().expect("the grouping named after it");
    assert_eq!(definition.class, "CFAssociationGrouping");
    assert_eq!(definition.uri.as_deref(), Some("https://demo.test/groupings/builds-on"));
    assert!(definition.description.as_deref().is_some_and(|d| d.starts_with("The destination builds on")));

    let missing = FrameworkKey { connection: "files".to_owned(), identifier: "nowhere".to_owned() };
    assert_eq!(app.association_types(Some(missing)).await.unwrap_err().code, ErrorCode::NotFound);
    app.shutdown().await;
}
