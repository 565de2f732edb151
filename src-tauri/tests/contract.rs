//! The command contract cannot drift: the commands the app registers (`lib.rs`), the ones the
//! build script declares (`build.rs`), the ones the capability grants, the ones the window's
//! backend calls (`ui/src/backend/tauri.ts`) and the ones the UI's fake backend answers
//! (`ui/src/backend/mock/`) are the same set, and the IPC tests call every one of them but those
//! that need a person at a native dialog (which the end-to-end tests drive). The arguments and
//! answers are typed on both sides from the same Rust types (`ui/src/bindings`, generated and
//! checked by `cairn-explorer`'s bindings test). The events are one set too: `AppEvent` declares
//! them, `src-tauri` emits nothing else, the generated `AppEvent.ts` names the same ones, and the
//! window's backend listens to each.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::BTreeSet;
use std::path::Path;

use cairn_explorer::app::AppEvent;

/// Commands only a person can answer (a native dialog), driven by the end-to-end tests instead:
/// `tests/e2e/specs/files.test.mjs` and `boundary.test.mjs`.
const NEED_A_PERSON: &[&str] = &["choose_open", "choose_save", "confirm_typed_path", "reveal_file"];

fn read(relative: &str) -> String {
    let path = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The words in `text` between each `open` and the next `close`.
fn between(text: &str, open: &str, close: char) -> BTreeSet<String> {
    text.match_indices(open)
        .filter_map(|(at, _)| {
            let rest = &text[at + open.len()..];
            rest.find(close).map(|end| rest[..end].to_owned())
        })
        .collect()
}

/// The commands `lib.rs` registers with `generate_handler!`.
fn registered() -> BTreeSet<String> {
    let lib = read("src/lib.rs");
    let start = lib.find("generate_handler![").expect("lib.rs registers its commands");
    let list = &lib[start..start + lib[start..].find(']').unwrap()];
    list.split(',')
        .filter_map(|entry| entry.trim().rsplit("::").next().map(str::trim).map(str::to_owned))
        .filter(|name| !name.is_empty() && !name.contains('['))
        .collect()
}

/// The commands `build.rs` declares.
fn declared() -> BTreeSet<String> {
    let build = read("build.rs");
    let start = build.find("let commands = &[").expect("build.rs declares its commands");
    between(&build[start..start + build[start..].find("];").unwrap()], "\"", '"')
        .into_iter()
        .filter(|name| name.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .collect()
}

/// The app's own commands the capability grants (`allow-<name>`, kebab-case).
fn granted() -> BTreeSet<String> {
    let capability: serde_json::Value = serde_json::from_str(&read("capabilities/default.json")).unwrap();
    capability["permissions"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p.as_str())
        .filter(|p| !p.contains(':'))
        .map(|p| p.strip_prefix("allow-").expect("an app permission is allow-<command>").replace('-', "_"))
        .collect()
}

/// The commands the window's backend calls (`call<Answer>("command", …)`).
fn called_by_the_window() -> BTreeSet<String> {
    let command = |name: &String| name.chars().all(|c| c.is_ascii_lowercase() || c == '_');
    let text = read("../ui/src/backend/tauri.ts").split_whitespace().collect::<Vec<_>>().join(" ").replace("( ", "(");
    between(&text, ">(\"", '"').into_iter().filter(command).collect()
}

/// What the fake backend answers that is not an app command: the opener plugin's link opening
/// and the web view's zoom (Tauri's own `set_webview_zoom`, granted as `core:webview:…`).
const MOCK_ONLY: &[&str] = &["open_external", "set_webview_zoom"];

/// The commands the UI's fake backend answers.
fn answered_by_the_mock() -> BTreeSet<String> {
    let folder = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../ui/src/backend/mock");
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        if entry.path().extension().is_some_and(|e| e == "ts") {
            // One line per call whatever the formatter made of it: `answer(\n  "name"` too.
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ").replace("( ", "(");
            names.extend(between(&text, "answer(\"", '"'));
            names.extend(between(&text, "calls.push({ command: \"", '"'));
        }
    }
    names.retain(|name| !MOCK_ONLY.contains(&name.as_str()));
    names
}

/// The commands the IPC tests call.
fn called_by_the_ipc_tests() -> BTreeSet<String> {
    let folder =
        Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("tests/ipc");
    let mut names = BTreeSet::new();
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        if entry.path().extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            names.extend(between(&text, "&window, \"", '"'));
            names.extend(between(&text, "&held, \"", '"'));
            names.extend(between(&text, "call(\"", '"'));
        }
    }
    names
}

fn differ(name: &str, expected: &BTreeSet<String>, actual: &BTreeSet<String>) -> Option<String> {
    let missing: Vec<_> = expected.difference(actual).collect();
    let extra: Vec<_> = actual.difference(expected).collect();
    (!missing.is_empty() || !extra.is_empty()).then(|| format!("{name}: missing {missing:?}, not registered {extra:?}"))
}

#[test]
fn the_commands_are_one_set_everywhere() {
    let registered = registered();
    assert!(registered.len() > 60, "{registered:?}");
    let drift: Vec<String> = [
        differ("build.rs", &registered, &declared()),
        differ("capabilities/default.json", &registered, &granted()),
        differ("ui/src/backend/tauri.ts", &registered, &called_by_the_window()),
        differ("ui/src/backend/mock", &registered, &answered_by_the_mock()),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(drift.is_empty(), "the command contract drifted:\n{}", drift.join("\n"));
}

#[test]
fn the_ipc_tests_call_every_command() {
    let called = called_by_the_ipc_tests();
    let uncalled: Vec<_> =
        registered().into_iter().filter(|c| !called.contains(c) && !NEED_A_PERSON.contains(&c.as_str())).collect();
    assert!(uncalled.is_empty(), "commands no IPC test calls: {uncalled:?}");
}

/// Every `.emit…(` in `src-tauri/src`, with the line it is on.
fn emits() -> Vec<String> {
    let folder = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("src");
    let mut lines = Vec::new();
    for entry in std::fs::read_dir(folder).unwrap().flatten() {
        if entry.path().extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(entry.path()).unwrap();
            let file = entry.file_name().to_string_lossy().into_owned();
            lines.extend(
                text.lines()
                    .filter(|l| l.contains(".emit(") || l.contains(".emit_to("))
                    .map(|l| format!("{file}: {}", l.trim())),
            );
        }
    }
    lines
}

#[test]
fn the_events_are_one_set_everywhere() {
    let declared: BTreeSet<String> = AppEvent::NAMES.iter().map(|n| (*n).to_owned()).collect();
    // What src-tauri emits: only `AppEvent`s, by their name and payload.
    let emitted = emits();
    let untyped: Vec<_> = emitted.iter().filter(|l| !l.contains("event.name(), event.payload()")).collect();
    assert!(untyped.is_empty(), "events emitted without an AppEvent: {untyped:?}");
    let sources: String = ["src/lib.rs", "src/closing.rs", "src/file_dialogs.rs"].map(read).concat();
    let constructed: BTreeSet<String> =
        between(&sources, "AppEvent::", '(').into_iter().filter(|v| v.chars().all(char::is_alphanumeric)).collect();
    assert_eq!(constructed.len(), declared.len(), "each AppEvent is emitted somewhere: {constructed:?}");
    // What the window's bindings declare and what its backend listens to.
    let bindings = between(&read("../ui/src/bindings/AppEvent.ts"), "\"name\": \"", '"');
    let listened = between(&read("../ui/src/backend/tauri.ts"), "listenTo(\"", '"');
    let drift: Vec<String> = [
        differ("ui/src/bindings/AppEvent.ts", &declared, &bindings),
        differ("ui/src/backend/tauri.ts", &declared, &listened),
    ]
    .into_iter()
    .flatten()
    .collect();
    assert!(drift.is_empty(), "the event contract drifted:\n{}", drift.join("\n"));
}
