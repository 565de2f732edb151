//! The window's boundary as a hostile page meets it: every command that reads or writes a file,
//! called as a script in the page would call it — with paths it made up (the data folder's own
//! files, a home folder's `.bashrc` and secret, `/etc/passwd`, a folder), with made-up grants, and
//! with the grant of a file chosen for the other purpose. Nothing is written, no file changes,
//! and no byte of any file comes back, in an answer or in an error.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use cairn_explorer::app::GrantAccess::{Read, Write};
use serde_json::{Value, json};

use crate::support::{chosen, invoke, window};

/// What a secret file holds; no answer may contain it.
const SECRET: &str = "SECRET-d41d8cd98f00b204";

/// Every file under `dir` with its bytes and modification time.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, (Vec<u8>, SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let modified = entry.metadata().unwrap().modified().unwrap();
                out.insert(path.clone(), (std::fs::read(&path).unwrap(), modified));
            }
        }
    }
    out
}

#[test]
fn a_page_that_names_files_writes_nothing_and_reads_nothing() {
    let root = tempfile::tempdir().unwrap();
    let (data, home) = (root.path().join("data"), root.path().join("home"));
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::write(home.join(".bashrc"), format!("# {SECRET}\nexport PATH\n")).unwrap();
    std::fs::write(home.join(".ssh/id_ed25519"), format!("-----BEGIN OPENSSH PRIVATE KEY-----\n{SECRET}\n")).unwrap();
    std::fs::write(home.join("secret.json"), format!("{{\"CFDocument\": {{\"title\": \"{SECRET}\"}}}}")).unwrap();
    let (_app, window) = window(&data);
    invoke(&window, "app_start", json!({ "onProgress": "__CHANNEL__:1" })).expect("app_start");
    let cache = data.join("cache.sqlite");
    assert!(cache.exists());
    let cached = |window| {
        let listed = invoke(window, "connections_list", json!({})).unwrap();
        (listed, invoke(window, "list_frameworks", json!({})).unwrap())
    };
    let before = (snapshot(&home), cached(&window));

    // What a page could name: the data folder's files, the home folder's, the system's, a
    // folder; and grants it made up or was given for reading only.
    let read_grant = chosen(&window, &home.join("secret.json"), Read);
    let write_grant = chosen(&window, &home.join("export.csv"), Write);
    let mut named: Vec<Value> = [
        cache.clone(),
        data.clone(),
        home.join(".bashrc"),
        home.join(".ssh/id_ed25519"),
        home.join("secret.json"),
        home.clone(),
        PathBuf::from("/etc/passwd"),
    ]
    .iter()
    .map(|p| json!(p))
    .collect();
    named.extend([json!("read-99"), json!(""), json!("../../.bashrc")]);
    let key = json!({ "connection": "Built-in sandbox", "identifier": "anything" });
    let sheets = json!([{ "name": "x", "columns": ["a"], "rows": [["x"]] }]);
    let bytes = json!(format!("echo {SECRET}").into_bytes());

    let mut answers = Vec::new();
    let mut call = |command: &str, args: Value| {
        let answer = invoke(&window, command, args.clone());
        assert!(answer.is_err(), "{command} {args} was answered: {answer:?}");
        answers.push(format!("{command}: {answer:?}"));
    };
    for name in named.iter().chain([&json!(read_grant)]) {
        let progress = "__CHANNEL__:2";
        // As the commands' arguments are now, and as they were (`path`, `paths`).
        for field in ["grant", "path"] {
            call("write_file", json!({ field: name, "bytes": bytes }));
            call("write_workbook", json!({ field: name, "sheets": sheets }));
            call("export_framework_csv", json!({ "key": key, "subtree": null, field: name, "onProgress": progress }));
            call("export_framework_xlsx", json!({ "key": key, "subtree": null, field: name, "onProgress": progress }));
            call("export_framework_package", json!({ "key": key, field: name }));
            call("export_rosters", json!({ "connection": "Built-in sandbox", field: name, "onProgress": progress }));
            call("import_row", json!({ field: name, "file": "users.csv", "line": 2 }));
        }
        if *name == json!(read_grant) {
            continue; // chosen for reading: the reads below may read it, and it may be shown
        }
        call("reveal_file", json!({ "grant": name }));
        for field in ["grants", "paths"] {
            call("import_files", json!({ "connection": "x", field: [name], "force": true, "onProgress": progress }));
            call("check_files", json!({ field: [name] }));
        }
        if *name == json!("") {
            continue; // no certificate at all: a connection form like any other
        }
        let form = json!({
            "name": "Hostile", "baseUrl": "https://127.0.0.1:9", "tokenUrl": null, "clientId": "c",
            "clientSecret": "s", "scopes": [], "dialect": "spec",
            "basePaths": { "competency": null, "rostering": null, "gradebook": null, "resources": null },
            "caCert": name, "anonymous": false
        });
        call("connection_save", json!({ "form": form, "original": null }));
        call("connection_test_form", json!({ "form": form, "original": null }));
    }
    // A grant given for writing does not read.
    call(
        "import_files",
        json!({ "connection": "x", "grants": [write_grant], "force": true, "onProgress": "__CHANNEL__:3" }),
    );
    call("check_files", json!({ "grants": [write_grant] }));

    for answer in &answers {
        assert!(!answer.contains(SECRET) && !answer.contains("root:x:0"), "a file's bytes came back: {answer}");
        assert!(!answer.contains("PRIVATE KEY"), "{answer}");
    }
    let after = (snapshot(&home), cached(&window));
    assert_eq!(before.0.keys().collect::<Vec<_>>(), after.0.keys().collect::<Vec<_>>(), "no file appeared at home");
    assert!(before.0 == after.0, "no file at home changed");
    assert_eq!(before.1, after.1, "no connection was saved and nothing imported into the cache");
}

#[test]
fn a_chosen_file_is_read_and_written_only_as_chosen() {
    let dir = tempfile::tempdir().unwrap();
    let (_app, window) = window(&dir.path().join("data"));
    let package = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../tests/fixtures/case/opensalt-ordering-sequence-numbers.json");
    let read = chosen(&window, &package, Read);
    let checked = invoke(&window, "check_files", json!({ "grants": [read] })).expect("a chosen file is checked");
    assert_eq!(checked[0]["path"], json!(package));
    let out = dir.path().join("graph.svg");
    let write = chosen(&window, &out, Write);
    invoke(&window, "write_file", json!({ "grant": write, "bytes": [60, 115, 118, 103, 47, 62] })).expect("written");
    assert_eq!(std::fs::read(&out).unwrap(), b"<svg/>");
    // The grant stays for the session: the same export again replaces the file whole.
    invoke(&window, "write_file", json!({ "grant": write, "bytes": [60, 98, 47, 62] })).expect("again");
    assert_eq!(std::fs::read(&out).unwrap(), b"<b/>");
    let refused = invoke(&window, "write_file", json!({ "grant": read, "bytes": [1] })).unwrap_err();
    assert_eq!(refused["code"], "invalid", "{refused}");
    assert!(refused["message"].as_str().is_some_and(|m| m.starts_with("that file was chosen to be read")), "{refused}");
    assert!(std::fs::read(&package).unwrap().starts_with(b"{"), "the package is as it was");
}
