//! The workbook and association-type commands as the web view calls them: Tauri's mock runtime
//! with the app's real context (so the capability must grant each one) and a real cache in a
//! temporary folder — a framework imported, then exported as `.xlsx` whole and as a subtree, the
//! window's tables written as a workbook, and what each association type means.

use std::path::Path;

use serde_json::json;

use crate::support::{chosen, import_fixture, invoke, window};
use cairn_explorer::app::GrantAccess::Write;

/// Whether `path` holds a zip (an `.xlsx` is one) of more than a few bytes.
fn is_workbook(path: &Path) -> bool {
    std::fs::read(path).is_ok_and(|bytes| bytes.len() > 1_000 && bytes.starts_with(b"PK\x03\x04"))
}

#[test]
fn frameworks_and_tables_become_workbooks_and_types_say_what_they_mean() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(dir.path());
    let key = import_fixture(&window, "opensalt-ordering-sequence-numbers.json");

    let whole = dir.path().join("framework.xlsx");
    let args =
        json!({ "key": key, "subtree": null, "grant": chosen(&window, &whole, Write), "onProgress": "__CHANNEL__:2" });
    let done = invoke(&window, "export_framework_xlsx", args).expect("export_framework_xlsx");
    assert_eq!(done["rows"], 65, "{done}");
    assert!(is_workbook(&whole));
    let outline = invoke(&window, "open_framework", json!({ "key": key })).expect("open_framework");
    let root = outline["roots"][0]["identifier"].clone();
    let part = dir.path().join("part.xlsx");
    let part_grant = chosen(&window, &part, Write);
    let args = json!({ "key": key, "subtree": root, "grant": part_grant, "onProgress": "__CHANNEL__:3" });
    let done = invoke(&window, "export_framework_xlsx", args).expect("a subtree");
    assert!(done["rows"].as_u64().is_some_and(|n| (1..65).contains(&n)), "{done}");
    let args = json!({ "key": key, "subtree": "nowhere", "grant": part_grant, "onProgress": "__CHANNEL__:4" });
    let refused = invoke(&window, "export_framework_xlsx", args).unwrap_err();
    assert_eq!(refused["code"], "not_found", "{refused}");
    assert!(is_workbook(&part), "a failed export leaves the file as it was");

    let table = dir.path().join("classes.xlsx");
    let sheets =
        json!([{ "name": "Classes", "columns": ["title", "students"], "rows": [["Math 7", 24], ["Art", null]] }]);
    let grant = chosen(&window, &table, Write);
    let done = invoke(&window, "write_workbook", json!({ "grant": grant, "sheets": sheets })).expect("write_workbook");
    assert_eq!(done["rows"], 2);
    assert!(std::fs::read(&table).unwrap().starts_with(b"PK\x03\x04"));

    let defined = invoke(&window, "association_types", json!({ "key": null })).expect("association_types");
    let types = defined.as_array().unwrap();
    assert_eq!(types.len(), 10);
    assert!(types.iter().all(|t| t["meaning"].as_str().is_some_and(|m| m.ends_with('.'))), "{defined}");
    let framework = invoke(&window, "association_types", json!({ "key": key })).expect("with a framework");
    assert!(framework.as_array().is_some_and(|t| t.len() >= 10), "{framework}");
}
