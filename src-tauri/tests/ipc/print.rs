//! The print commands as the web view calls them: Tauri's mock runtime with the app's real
//! context (so the capability must grant each one) and a real cache in a temporary folder — a
//! framework imported, its print preview whole and under a subtree, and the errors Save as PDF
//! and Print… answer before any web view prints (an unknown subtree, a file not chosen). The
//! PDF itself needs WebKit: `tests/e2e/specs/print-pdf.test.mjs` prints it in the real window.

use serde_json::json;

use crate::support::{chosen, import_fixture, invoke, window};
use cairn_explorer::app::GrantAccess::Write;

#[test]
fn a_framework_previews_and_refuses_what_it_cannot_print() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(dir.path());
    let key = import_fixture(&window, "opensalt-ordering-sequence-numbers.json");
    let columns = json!({ "itemType": true, "educationLevel": false, "associations": true });

    let preview = invoke(
        &window,
        "print_preview",
        json!({ "source": { "kind": "framework", "key": key, "subtree": null }, "columns": columns }),
    )
    .expect("print_preview");
    assert_eq!(preview["total"], 65, "{preview}");
    assert_eq!(preview["document"]["items"].as_array().map(Vec::len), Some(65));
    assert_eq!(preview["document"]["columns"], columns);
    assert!(preview["document"]["fields"].as_array().is_some_and(|f| f.iter().any(|f| f["label"] == "Identifier")));
    let outline = invoke(&window, "open_framework", json!({ "key": key })).expect("open_framework");
    let root = outline["roots"][0]["identifier"].clone();
    let part = invoke(
        &window,
        "print_preview",
        json!({ "source": { "kind": "framework", "key": key, "subtree": root }, "columns": columns }),
    )
    .expect("a subtree");
    assert!(part["total"].as_u64().is_some_and(|n| (1..65).contains(&n)), "{part}");
    assert!(part["document"]["scope"].is_string(), "{part}");

    // A search's results print too: the imported framework's section, then its matches.
    let search = json!({ "kind": "search", "query": "the", "limit": 20 });
    let found = invoke(&window, "print_preview", json!({ "source": search, "columns": columns })).expect("a search");
    assert_eq!(found["document"]["title"], "Search results", "{found}");
    assert!(found["total"].as_u64().is_some_and(|n| (1..=20).contains(&n)), "{found}");
    assert_eq!(found["document"]["items"][0]["heading"], true, "{found}");

    let pdf = dir.path().join("framework.pdf");
    std::fs::write(&pdf, b"as it was").unwrap();
    let args = json!({
        "source": { "kind": "framework", "key": key, "subtree": "nowhere" }, "columns": columns, "grant": chosen(&window, &pdf, Write),
        "onProgress": "__CHANNEL__:2",
    });
    let refused = invoke(&window, "save_pdf", args).unwrap_err();
    assert_eq!(refused["code"], "not_found", "{refused}");
    assert_eq!(std::fs::read(&pdf).unwrap(), b"as it was", "a failed print leaves the file as it was");
    let args = json!({
        "source": { "kind": "framework", "key": key, "subtree": null }, "columns": columns, "grant": "never-granted", "onProgress": "__CHANNEL__:3",
    });
    let refused = invoke(&window, "save_pdf", args).unwrap_err();
    assert!(refused["code"].is_string() && refused["message"].is_string(), "{refused}");
    let args = json!({
        "source": { "kind": "framework", "key": key, "subtree": "nowhere" }, "columns": columns, "onProgress": "__CHANNEL__:4",
    });
    let refused = invoke(&window, "print_dialog", args).unwrap_err();
    assert_eq!(refused["code"], "not_found", "refused before the system's dialog shows: {refused}");
    let elsewhere = json!({ "connection": "files", "identifier": "no-such-framework" });
    let args = json!({
        "source": { "kind": "framework", "key": elsewhere, "subtree": null }, "columns": columns, "onProgress": "__CHANNEL__:5",
    });
    let refused = invoke(&window, "print_dialog", args).unwrap_err();
    assert_eq!(refused["code"], "not_found", "{refused}");
    assert!(refused["message"].as_str().is_some_and(|m| m.contains("no-such-framework")), "{refused}");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with(".cairn-print-"))
        .collect();
    assert!(leftovers.is_empty(), "no half-printed file left beside the destination");
}
