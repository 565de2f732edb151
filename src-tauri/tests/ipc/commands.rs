//! The command layer as the web view calls it, without a display: Tauri's mock runtime with the
//! app's real context (so the capability must grant each command, and nothing else answers),
//! the real built-in sandbox and a real cache in a temporary folder; every answer checked, and
//! the window's close held while gradebook changes are unsent.

use std::path::Path;

use serde_json::{Value, json};
use tauri::test::{MockRuntime, mock_builder};
use tauri::{Listener, Manager, WebviewWindow, WebviewWindowBuilder};

use crate::support::{chosen, invoke, window};
use cairn_explorer::app::GrantAccess::{Read, Write};

#[test]
fn the_window_starts_lists_opens_and_searches_through_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(dir.path());

    let start = invoke(&window, "app_start", json!({ "onProgress": "__CHANNEL__:1" })).expect("app_start");
    assert_eq!(start["firstLaunch"], true);

    let groups = invoke(&window, "list_frameworks", json!({})).expect("list_frameworks");
    let frameworks = groups[0]["frameworks"].as_array().expect("a group of frameworks");
    assert_eq!(groups[0]["connection"], "Built-in sandbox");
    assert!(!frameworks.is_empty());
    let key = frameworks[0]["key"].clone();

    let outline = invoke(&window, "open_framework", json!({ "key": key })).expect("open_framework");
    let root = outline["roots"][0]["identifier"].clone();
    let children = invoke(&window, "tree_children", json!({ "key": key, "parents": [root] })).expect("tree_children");
    assert_eq!(children[0]["parent"], root);
    let child = children[0]["children"][0]["identifier"].clone();
    assert!(child.is_string(), "{children}");
    let detail = invoke(&window, "item_detail", json!({ "key": key, "identifier": root })).expect("item_detail");
    assert_eq!(detail["identifier"], root);
    let paths = invoke(&window, "tree_paths", json!({ "key": key, "identifier": child })).expect("tree_paths");
    // An association's end fetched by its URI from the server it lies on (here the sandbox's).
    let listed = invoke(&window, "connections_list", json!({})).expect("connections_list");
    let builtin = listed["connections"].as_array().unwrap().iter().find(|c| c["name"] == "Built-in sandbox").unwrap();
    let uri = format!("{}/ims/case/v1p1/CFItems/{}", builtin["baseUrl"].as_str().unwrap(), child.as_str().unwrap());
    let fetched =
        invoke(&window, "fetch_end", json!({ "connection": "Built-in sandbox", "uri": uri })).expect("fetch_end");
    assert_eq!(
        (fetched["identifier"].clone(), fetched["key"]["connection"].clone()),
        (child.clone(), json!("Built-in sandbox"))
    );
    let elsewhere = json!({ "connection": "Built-in sandbox", "uri": "https://elsewhere.example/CFItems/x" });
    let refused = invoke(&window, "fetch_end", elsewhere).unwrap_err();
    assert!(refused["message"].as_str().is_some_and(|m| m.contains("does not lie on the server")), "{refused}");
    assert!(paths.as_array().is_some_and(|p| p.contains(&json!([root, child]))), "{paths}");
    let below = invoke(&window, "tree_descendants", json!({ "key": key, "node": root })).expect("tree_descendants");
    assert_eq!(below[0], children[0], "the first level below the root is its children");
    // The map: the document first, then the tree depth first (the child among its rows).
    let map = invoke(&window, "framework_map", json!({ "key": key })).expect("framework_map");
    let rows = map["rows"].as_array().expect("the map's rows");
    assert_eq!(rows[0]["parent"], Value::Null, "the document first");
    assert!(rows.iter().any(|r| r["identifier"] == child), "the map holds the tree's rows: {map}");

    let graph = invoke(&window, "relation_graph", json!({ "key": key, "identifier": root, "depth": 2, "limit": 50 }))
        .expect("relation_graph");
    assert_eq!(graph["nodes"][0]["identifier"], root);
    let chains = invoke(&window, "progressions", json!({ "key": key, "identifier": root })).expect("progressions");
    let through_root =
        |chain: &Value| chain["steps"].as_array().is_some_and(|s| s.iter().any(|s| s["identifier"] == root));
    assert!(chains.as_array().is_some_and(|c| c.iter().all(through_root)), "every chain passes the node: {chains}");
    let rubrics = invoke(&window, "rubrics", json!({ "key": key })).expect("rubrics");
    let item_rubrics =
        invoke(&window, "item_rubrics", json!({ "key": key, "identifier": root })).expect("item_rubrics");
    let (all, of_item) = (rubrics.as_array().expect("rubrics"), item_rubrics.as_array().expect("item rubrics"));
    assert!(of_item.iter().all(|r| all.contains(r)), "an item's rubrics are the framework's: {item_rubrics}");
    let walk = invoke(&window, "crosswalk", json!({ "from": key, "to": key })).expect("crosswalk");
    assert!(walk["from"]["items"].as_u64().is_some_and(|n| n > 0));
    let snapshot = json!({ "kind": "cache", "key": key });
    let diff = invoke(&window, "version_diff", json!({ "old": snapshot, "new": snapshot })).expect("version_diff");
    assert_eq!(diff["items"]["added"], json!([]));
    let grouped = invoke(&window, "grouping_tree", json!({ "key": key, "groupings": [] })).expect("grouping_tree");
    assert!(grouped["rows"].as_array().is_some_and(|rows| !rows.is_empty()));
    let svg = dir.path().join("graph.svg");
    let grant = chosen(&window, &svg, Write);
    let written = invoke(&window, "write_file", json!({ "grant": grant, "bytes": [60, 115, 118, 103, 47, 62] }))
        .expect("write_file");
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "<svg/>");
    assert_eq!((written["path"].clone(), written["bytes"].clone()), (json!(svg), json!(6)), "{written}");

    let hits = invoke(&window, "search", json!({ "query": "math", "limit": 5, "onProgress": "__CHANNEL__:3" }))
        .expect("search");
    let hits = hits.as_array().expect("a list of hits");
    assert!(!hits.is_empty() && hits.len() <= 5, "{hits:?}");
    assert!(hits.iter().all(|h| h["key"]["connection"].is_string() && h["identifier"].is_string()), "{hits:?}");

    let exploration = json!({ "framework": key, "root": root, "grown": [root], "nodes": [root] });
    let session = json!({
        "framework": key, "selected": root, "expanded": [[root]], "history": [], "historyIndex": 0,
        "explorations": [exploration], "view": "graph",
    });
    assert_eq!(invoke(&window, "session_save", json!({ "session": session })).expect("session_save"), Value::Null);
    assert_eq!(invoke(&window, "session_load", json!({})).expect("session_load"), session);
    // A window of an older version saves no explorations nor view: they load as none.
    let older = json!({ "framework": key, "selected": root, "expanded": [], "history": [], "historyIndex": 0 });
    assert_eq!(invoke(&window, "session_save", json!({ "session": older })).expect("an older session"), Value::Null);
    let loaded = invoke(&window, "session_load", json!({})).expect("session_load");
    assert_eq!((loaded["explorations"].clone(), loaded["view"].clone()), (json!([]), Value::Null), "{loaded}");
    assert_eq!(invoke(&window, "cancel", json!({ "task": "sync" })).expect("cancel"), false);

    // The user imports a package file, with progress.
    let file = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/case/opensalt-ordering-sequence-numbers.json");
    let grant = chosen(&window, &file, Read);
    let args = json!({ "connection": "files", "grants": [grant], "force": false, "onProgress": "__CHANNEL__:4" });
    let imported = invoke(&window, "import_files", args).expect("import_files");
    assert_eq!(imported["connection"], "files");
    assert_eq!(imported["files"][0]["outcome"], "imported", "{imported}");
    assert!(imported["files"][0]["records"].as_u64().is_some_and(|n| n > 0), "{imported}");

    // ... and exports it where the save dialog said, whole.
    let key = json!({ "connection": "files", "identifier": imported["files"][0]["document"] });
    let out = dir.path().join("framework.csv");
    let grant = chosen(&window, &out, Write);
    let args = json!({ "key": key, "subtree": null, "grant": grant, "onProgress": "__CHANNEL__:5" });
    let exported = invoke(&window, "export_framework_csv", args).expect("export_framework_csv");
    let rows = exported["rows"].as_u64().expect("rows");
    assert_eq!(std::fs::read_to_string(&out).unwrap().lines().count() as u64, rows + 1);

    // The user syncs the built-in sandbox again: incrementally, every collection accounted for.
    let args = json!({ "name": "Built-in sandbox", "full": false, "onProgress": "__CHANNEL__:2" });
    let sync = invoke(&window, "sync_connection", args).expect("sync");
    assert_eq!(sync["connection"], "Built-in sandbox");
    let collections = sync["collections"].as_array().expect("collections");
    assert!(collections.iter().all(|c| c["outcome"] != "failed"), "{sync}");
}

#[test]
fn failures_arrive_as_code_message_and_detail() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(dir.path());
    let key = json!({ "connection": "Built-in sandbox", "identifier": "nowhere" });
    let error = invoke(&window, "open_framework", json!({ "key": key })).unwrap_err();
    assert_eq!(error["code"], "not_found", "{error}");
    assert!(error["message"].as_str().is_some_and(|m| m.contains("Built-in sandbox")), "{error}");
    assert!(error.get("detail").is_some(), "{error}");

    // Arguments of the wrong shape are refused by the command layer, not panicked on.
    let refused = invoke(&window, "search", json!({ "query": 3 })).unwrap_err();
    assert!(refused.as_str().is_some_and(|m| m.contains("query")), "{refused}");
}

/// What the capability system answers for a command no capability grants: in a debug build
/// why (`detail`), in a release build only that.
fn not_allowed(command: &str, pretty: &str, detail: &str) -> Value {
    match cfg!(debug_assertions) {
        true => json!(format!("{pretty} not allowed. {detail}")),
        false => json!(format!("Command {command} not allowed by ACL")),
    }
}

#[test]
fn only_the_apps_own_commands_are_callable() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(dir.path());
    let passwd = json!({ "path": "/etc/passwd" });
    // A plugin the app does not have; the one file command of a plugin it has, which the
    // capability does not grant; a command the app does not declare.
    let refusals = [
        ("plugin:fs|read_file", not_allowed("plugin:fs|read_file", "fs.read_file", "Plugin not found")),
        (
            "plugin:opener|open_path",
            not_allowed(
                "plugin:opener|open_path",
                "opener.open_path",
                "Permissions associated with this command: opener:allow-open-path",
            ),
        ),
        ("read_file", not_allowed("read_file", "read_file", "Command not found")),
    ];
    for (command, refusal) in refusals {
        assert_eq!(invoke(&window, command, passwd.clone()).unwrap_err(), refusal, "{command}");
    }
}

#[test]
fn the_crate_reads_the_top_level_tauri_conf_json() {
    let here = std::path::PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let linked = std::fs::canonicalize(here.join("tauri.conf.json")).expect("src-tauri/tauri.conf.json resolves");
    let top = std::fs::canonicalize(here.join("../tauri.conf.json")).expect("the top-level tauri.conf.json");
    assert_eq!(linked, top, "src-tauri/tauri.conf.json must be a link to the top-level file");
}

#[test]
fn a_data_folder_that_cannot_be_opened_is_an_answer_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let not_a_folder = dir.path().join("file");
    std::fs::write(&not_a_folder, b"not a folder").unwrap();
    let (_app, window) = window(&not_a_folder);
    let error = invoke(&window, "app_start", json!({ "onProgress": "__CHANNEL__:1" })).unwrap_err();
    assert!(error["code"].is_string() && error["message"].as_str().is_some_and(|m| !m.is_empty()), "{error}");
    let again = invoke(&window, "list_frameworks", json!({})).unwrap_err();
    assert_eq!(again, error, "every command answers why");
}

#[test]
fn a_damaged_sandbox_database_is_set_aside_through_its_command_and_the_start_made_afresh() {
    let dir = tempfile::tempdir().unwrap();
    let sandbox = dir.path().join("sandbox");
    std::fs::create_dir_all(&sandbox).unwrap();
    std::fs::write(sandbox.join("scale"), "small").unwrap();
    std::fs::write(sandbox.join("sandbox.sqlite"), b"not a database".repeat(100)).unwrap();
    let (_app, window) = window(dir.path());
    let error = invoke(&window, "app_start", json!({ "onProgress": "__CHANNEL__:1" })).unwrap_err();
    assert_eq!(error["code"], "sandbox_data", "{error}");
    let aside = invoke(&window, "sandbox_set_data_aside", json!({})).expect("sandbox_set_data_aside");
    let aside = Path::new(aside.as_str().expect("the path it went to"));
    assert_eq!(aside.parent(), Some(sandbox.as_path()), "{}", aside.display());
    assert_eq!(std::fs::read(aside).unwrap(), b"not a database".repeat(100));
    let start = invoke(&window, "app_start", json!({ "onProgress": "__CHANNEL__:1" })).expect("a fresh start");
    assert_eq!(start["firstLaunch"], true, "{start}");
}

#[test]
fn the_roster_inspector_answers_through_its_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(dir.path());
    let start = invoke(&window, "app_start", json!({ "onProgress": "__CHANNEL__:1" })).expect("app_start");
    assert_eq!(start["firstLaunch"], true, "{start}");

    let sources = invoke(&window, "roster_sources", json!({})).expect("roster_sources");
    let source = sources.as_array().and_then(|s| s.first()).expect("the built-in sandbox holds a roster").clone();
    let connection = source["connection"].clone();
    assert!(source["classes"].as_u64().is_some_and(|n| n > 0), "{source}");

    let top = invoke(&window, "roster_level", json!({ "connection": connection, "scope": {} })).expect("roster_level");
    assert!(top["children"].as_array().is_some_and(|c| !c.is_empty()), "{top}");
    let calendar = invoke(&window, "roster_calendar", json!({ "connection": connection })).expect("roster_calendar");
    assert!(calendar["roots"].as_array().is_some_and(|r| !r.is_empty()), "{calendar}");
    let query = json!({ "scope": {}, "sort": { "column": "students", "descending": true }, "filters": [] });
    let table =
        invoke(&window, "roster_classes", json!({ "connection": connection, "query": query })).expect("roster_classes");
    let class = table["rows"][0]["id"].clone();
    let page = invoke(&window, "roster_class", json!({ "connection": connection, "id": class })).expect("roster_class");
    let member = page["students"][0].clone();
    let user = member["user"]["id"].clone();
    let page = invoke(&window, "roster_user", json!({ "connection": connection, "id": user })).expect("roster_user");
    assert_eq!(page["link"]["id"], user, "{page}");
    let hits = invoke(&window, "roster_search_users", json!({ "connection": connection, "query": user, "limit": 5 }))
        .expect("roster_search_users");
    assert!(hits.as_array().is_some_and(|h| h.iter().any(|h| h["link"]["id"] == user)), "{hits}");
    // The built-in sandbox's token holds every scope: demographics are shown on request.
    let revealed = invoke(&window, "roster_demographics", json!({ "connection": connection, "user": user }))
        .expect("roster_demographics");
    assert_eq!(revealed["userId"], user, "{revealed}");
    let checks = invoke(&window, "roster_checks", json!({ "connection": connection })).expect("roster_checks");
    assert!(checks["checks"].as_array().is_some_and(|c| !c.is_empty()), "{checks}");
    let record = invoke(
        &window,
        "roster_record",
        json!({ "connection": connection, "collection": "enrollments", "id": member["enrollmentId"] }),
    )
    .expect("roster_record");
    assert!(record["links"].as_array().is_some_and(|l| !l.is_empty()), "{record}");
    let path = invoke(
        &window,
        "roster_export_class",
        json!({ "connection": connection, "class": class, "demographics": false }),
    )
    .expect("roster_export_class");
    assert!(std::fs::read_to_string(path.as_str().unwrap()).unwrap().lines().count() > 1);

    let missing =
        invoke(&window, "roster_class", json!({ "connection": connection, "id": "no-such-class" })).unwrap_err();
    assert_eq!(missing["code"], "not_found", "{missing}");
}

#[test]
fn connections_and_settings_answer_through_their_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(dir.path());

    let about = invoke(&window, "about", json!({})).expect("about");
    assert_eq!(about["version"], cairn_build_info::VERSION);
    assert_eq!(about["commit"], cairn_build_info::COMMIT);
    assert_eq!(about["dataFolder"], dir.path().display().to_string());

    let settings = invoke(&window, "settings_load", json!({})).expect("settings_load");
    assert_eq!(settings["pageSize"], 1000);
    let mut chosen = settings.clone();
    chosen["theme"] = json!("dark");
    // No retries: the server below refuses every request at once.
    chosen["retryAttempts"] = json!(1);
    assert_eq!(invoke(&window, "settings_save", json!({ "settings": chosen })).expect("settings_save"), Value::Null);
    assert_eq!(invoke(&window, "settings_load", json!({})).unwrap()["theme"], "dark");
    let bad = invoke(&window, "settings_save", json!({ "settings": { "pageSize": 0 } })).unwrap_err();
    assert_eq!(bad["code"], "invalid", "{bad}");

    // A public server (no keyring needed) that nothing answers for: saved, tested, synced.
    let form = json!({
        "name": "Public", "baseUrl": "https://127.0.0.1:9", "tokenUrl": null, "clientId": "", "clientSecret": "",
        "scopes": [], "dialect": "spec", "basePaths": { "competency": "/case/v1p1" }, "caCert": null, "anonymous": true,
    });
    let saved = invoke(&window, "connection_save", json!({ "form": form, "original": null })).expect("connection_save");
    assert_eq!(saved, Value::Null);
    let list = invoke(&window, "connections_list", json!({})).expect("connections_list");
    let public = list["connections"].as_array().unwrap().iter().find(|c| c["name"] == "Public").unwrap().clone();
    assert_eq!(public["basePaths"]["competency"], "/case/v1p1");
    let test = invoke(&window, "connection_test", json!({ "name": "Public" })).expect("connection_test");
    assert_eq!(test["services"].as_array().unwrap().len(), 4);
    assert_eq!(test["services"][0]["error"]["code"], "offline", "{test}");
    let summary =
        invoke(&window, "sync_connection", json!({ "name": "Public", "full": true, "onProgress": "__CHANNEL__:7" }))
            .expect("sync_connection");
    assert!(summary["collections"].as_array().unwrap().iter().all(|c| c["outcome"] == "failed"), "{summary}");
    let status = invoke(&window, "sync_status", json!({ "name": "Public" })).expect("sync_status");
    assert!(!status["collections"].as_array().unwrap().is_empty());
    assert_eq!(invoke(&window, "reset_cache", json!({})).expect("reset_cache"), Value::Null);
    assert_eq!(invoke(&window, "sync_status", json!({ "name": "Public" })).unwrap()["collections"], json!([]));
    let names = |window: &WebviewWindow<MockRuntime>| -> Vec<Value> {
        let list = invoke(window, "connections_list", json!({})).expect("connections_list");
        list["connections"].as_array().unwrap().iter().map(|c| c["name"].clone()).collect()
    };
    let copy = invoke(&window, "connection_duplicate", json!({ "name": "Public", "copy": "Public 2" }));
    assert_eq!(copy, Ok(Value::Null));
    assert!(names(&window).contains(&json!("Public 2")));
    assert_eq!(invoke(&window, "connection_remove", json!({ "name": "Public 2" })), Ok(Value::Null));
    assert!(!names(&window).contains(&json!("Public 2")) && names(&window).contains(&json!("Public")));
    assert_eq!(invoke(&window, "connection_remove", json!({ "name": "Public" })), Ok(Value::Null));
    assert_eq!(invoke(&window, "sync_status", json!({ "name": "Public" })).unwrap_err()["code"], "not_found");
}

#[test]
fn the_gradebook_answers_through_its_commands() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(dir.path());
    let start = invoke(&window, "app_start", json!({ "onProgress": "__CHANNEL__:1" })).expect("app_start");
    assert_eq!(start["firstLaunch"], true, "{start}");
    let connection = json!("Built-in sandbox");
    let query = json!({ "scope": {}, "sort": { "column": "students", "descending": true }, "filters": [] });
    let table =
        invoke(&window, "roster_classes", json!({ "connection": connection, "query": query })).expect("roster_classes");
    let book = table["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find_map(|row| {
            let book = invoke(&window, "gradebook_class", json!({ "connection": connection, "classId": row["id"] }))
                .expect("gradebook_class");
            (book["lineItems"].as_array().is_some_and(|l| !l.is_empty())).then_some(book)
        })
        .expect("a class with line items");
    let access = invoke(&window, "gradebook_access", json!({ "connection": connection })).expect("gradebook_access");
    assert_eq!((access["put"].clone(), access["delete"].clone()), (json!(true), json!(true)), "{access}");
    let item = &book["lineItems"][0];
    let student = &book["students"][0]["id"];
    let edit = |score: &str| {
        json!({ "connection": connection, "edit": {
            "classId": book["classId"], "lineItem": item["id"], "student": student, "score": score,
            "late": false, "incomplete": false, "missing": false, "inProgress": false, "extraCredit": false } })
    };
    let below = invoke(&window, "gradebook_save_cell", edit("-5")).expect("gradebook_save_cell");
    assert_eq!(below["outboxId"], Value::Null);
    assert_eq!(below["check"]["refusals"][0]["rule"], "below_min", "{below}");
    let saved = invoke(&window, "gradebook_save_cell", edit("1")).expect("gradebook_save_cell");
    assert!(saved["outboxId"].as_i64().is_some(), "{saved}");
    let unsent = invoke(&window, "gradebook_unsent", json!({})).expect("gradebook_unsent");
    assert_eq!(unsent[0]["count"], 1, "{unsent}");
    let report = invoke(&window, "gradebook_send", json!({ "connection": connection })).expect("gradebook_send");
    assert_eq!(report["sent"], 1, "{report}");
    let after = invoke(&window, "gradebook_class", json!({ "connection": connection, "classId": book["classId"] }))
        .expect("gradebook_class");
    let cell =
        after["cells"].as_array().unwrap().iter().find(|c| c["student"] == *student && c["lineItem"] == item["id"]);
    assert_eq!(cell.map(|c| (c["score"].clone(), c["state"].clone())), Some((json!("1"), json!("server"))));
    // A line item's new results as one bulk POST, checked cell by cell first.
    let bulk = |score: &str| {
        json!({ "connection": connection, "label": "bulk", "edits": [{
            "classId": book["classId"], "lineItem": item["id"], "student": book["students"][1]["id"], "score": score,
            "late": false, "incomplete": false, "missing": false, "inProgress": false, "extraCredit": false }] })
    };
    let refused = invoke(&window, "gradebook_post_results", bulk("-5")).expect("gradebook_post_results");
    assert_eq!((refused["outboxId"].clone(), refused["refused"].as_array().map(Vec::len)), (Value::Null, Some(1)));
    let posted = invoke(&window, "gradebook_post_results", bulk("2")).expect("gradebook_post_results");
    assert_eq!(posted["refused"], json!([]), "{posted}");
    let bulk_id = posted["outboxId"].clone();
    assert!(bulk_id.as_i64().is_some(), "{posted}");
    assert_eq!(invoke(&window, "gradebook_discard", json!({ "id": bulk_id })).expect("gradebook_discard"), true);
    let id = invoke(&window, "gradebook_new_id", json!({})).expect("gradebook_new_id");
    assert_eq!(id.as_str().map(str::len), Some(36));
    let category = json!({ "sourcedId": id, "status": "active", "dateLastModified": "2026-01-01T00:00:00Z", "title": "Projects", "weight": 0.1 });
    let put = invoke(
        &window,
        "gradebook_put",
        json!({ "connection": connection, "collection": "categories", "record": category, "label": "Projects" }),
    )
    .expect("gradebook_put");
    assert!(put.as_i64().is_some(), "{put}");
    assert_eq!(invoke(&window, "gradebook_discard", json!({ "id": put })).expect("gradebook_discard"), true);
    let post = invoke(
        &window,
        "gradebook_post",
        json!({ "connection": connection, "operation": "postLineItemsForClass", "parent": book["classId"], "records": [{"sourcedId": "x"}], "label": "bad" }),
    )
    .expect("gradebook_post");
    let refused = invoke(&window, "gradebook_send", json!({ "connection": connection })).expect("gradebook_send");
    assert_eq!(refused["failed"], 1, "{refused}");
    assert_eq!(invoke(&window, "gradebook_retry", json!({ "id": post, "body": null })).expect("gradebook_retry"), true);
    assert_eq!(invoke(&window, "gradebook_discard", json!({ "id": post })).expect("gradebook_discard"), true);
    // Given up already: nothing to discard.
    assert_eq!(invoke(&window, "gradebook_discard", json!({ "id": post })).expect("gradebook_discard"), false);
    let delete = invoke(
        &window,
        "gradebook_delete",
        json!({ "connection": connection, "collection": "results", "id": cell.unwrap()["resultId"], "label": "x" }),
    )
    .expect("gradebook_delete");
    assert!(delete.as_i64().is_some_and(|d| d > post.as_i64().unwrap()), "{delete}");
    assert_eq!(invoke(&window, "gradebook_discard", json!({ "id": delete })).expect("gradebook_discard"), true);
    let audit = invoke(&window, "gradebook_outbox", json!({ "connection": null, "unsentOnly": false }))
        .expect("gradebook_outbox");
    let states: Vec<&str> = audit.as_array().unwrap().iter().filter_map(|e| e["state"].as_str()).collect();
    assert_eq!(states, ["discarded", "discarded", "discarded", "discarded", "sent"]);
}

/// Runs an app on `data_dir` whose window is closed as soon as it runs, staging a gradebook
/// change first when `unsent`; what the window was told (`close-requested` payloads). The mock
/// runtime hands window events to the run loop only, so the loop gives the close request to
/// the app's handler as the real runtime does. A held close is answered with `close_window`, as
/// the user's "close anyway" is.
fn close_the_window(data_dir: &Path, unsent: bool) -> Vec<String> {
    let app = cairn_app::with_commands(mock_builder())
        .manage(cairn_app::closing::CloseGate::default())
        .build(tauri::generate_context!())
        .expect("the app builds with its real context");
    app.manage(cairn_app::app_state(app.handle(), data_dir.to_owned()));
    let window = WebviewWindowBuilder::new(&app, "main", Default::default()).build().expect("the main window");
    if unsent {
        let form = json!({
            "name": "Public", "baseUrl": "https://127.0.0.1:9", "tokenUrl": null, "clientId": "", "clientSecret": "",
            "scopes": [], "dialect": "spec", "basePaths": {}, "caCert": null, "anonymous": true,
        });
        invoke(&window, "connection_save", json!({ "form": form, "original": null })).expect("connection_save");
        let category = json!({ "sourcedId": "c1", "status": "active", "dateLastModified": "2026-01-01T00:00:00Z", "title": "Labs" });
        let args = json!({ "connection": "Public", "collection": "categories", "record": category, "label": "Labs" });
        invoke(&window, "gradebook_put", args).expect("gradebook_put");
    }
    let heard = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let (listening, held) = (heard.clone(), window.clone());
    app.listen_any(cairn_explorer::app::AppEvent::CLOSE_REQUESTED, move |event| {
        listening.lock().unwrap().push(event.payload().to_owned());
        // The user's "close anyway": the window closes, the changes stay in the outbox.
        assert_eq!(invoke(&held, "close_window", json!({})), Ok(Value::Null), "close_window");
    });
    app.run(move |handle, event| match event {
        tauri::RunEvent::Ready => window.close().expect("the close is asked"),
        tauri::RunEvent::WindowEvent { label, event, .. } => {
            let window = handle.get_webview_window(&label).expect("the window asked about");
            cairn_app::closing::on_window_event(&window.as_ref().window(), &event);
        }
        _ => {}
    });
    heard.lock().unwrap().clone()
}

#[test]
fn a_close_with_unsent_gradebook_changes_is_held_and_says_how_many() {
    let dir = tempfile::tempdir().unwrap();
    assert_eq!(close_the_window(dir.path(), true), [r#"{"unsent":1}"#]);
    let dir = tempfile::tempdir().unwrap();
    assert!(close_the_window(dir.path(), false).is_empty(), "nothing unsent: the window just closes");
}
