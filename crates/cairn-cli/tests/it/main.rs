//! The `cairn` binary, run as a user would.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod check;
mod connection;
mod crosswalk;
mod diff;
mod export;
mod hostile;
mod https;
mod keyring;
mod replace;
mod serve;
mod sync;
mod tree;

use std::process::Command;

use serde_json::Value;

fn cairn(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cairn")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// Whether the cache file (or its WAL or shared-memory file) holds `needle` anywhere.
fn cache_holds(db: &std::path::Path, needle: &str) -> bool {
    ["", "-wal", "-shm"].iter().any(|suffix| {
        let mut path = db.as_os_str().to_owned();
        path.push(suffix);
        std::fs::read(&path).is_ok_and(|bytes| bytes.windows(needle.len()).any(|w| w == needle.as_bytes()))
    })
}

fn fixture(name: &str) -> String {
    format!(
        "{}/../../tests/fixtures/case/{name}",
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")
    )
}

#[test]
fn check_reports_every_real_package() {
    let (code, out, err) =
        cairn(&["check", &fixture("act-holistic-math-excerpt-ordering.json"), &fixture("opensalt-utf8-astral.json")]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("act-holistic-math-excerpt-ordering.json: CFPackage (28 CFItems, 28 CFAssociations, 0 CFRubrics)"),
        "{out}"
    );
    assert!(out.contains("violation: $.CFDocument.identifier"), "{out}");
}

#[test]
fn check_json_lists_all_issues_with_paths_and_rules() {
    let (code, out, _) = cairn(&["check", "--json", &fixture("ccss-math-asn-draft-2017.json")]);
    assert_eq!(code, 0);
    let reports: Value = serde_json::from_str(&out).unwrap();
    let report = &reports[0];
    assert_eq!(report["class"], "CFPackage");
    assert!(report["violations"].as_array().unwrap().len() > 700);
    assert!(report["deviations"].as_array().unwrap().iter().any(|w| w["rule"] == "datetime_without_timezone"));
    assert!(report["field_notes"].as_array().unwrap().iter().any(|w| w["rule"] == "field_practice"));
}

#[test]
fn strict_fails_on_findings_and_unreadable_files_say_why() {
    let (code, _, _) = cairn(&["check", "--strict", &fixture("opensalt-markdown-latex.json")]);
    assert_eq!(code, 1);
    let (code, _, err) = cairn(&["check", "/nonexistent/package.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/package.json"), "{err}");
}

#[test]
fn import_packages_then_stats() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let files = [fixture("ccss-math-asn-draft-2017.json"), fixture("opensalt-what-standards-could-be-crosswalk.json")];
    let (code, out, err) = cairn(&["import", "--db", db, &files[0], &files[1]]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("703 CFItems, 703 CFAssociations"), "{out}");
    let (code, out, _) = cairn(&["stats", "--db", db, "--json"]);
    assert_eq!(code, 0);
    let stats: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (stats["CFDocuments"].as_u64(), stats["CFItems"].as_u64(), stats["CFAssociations"].as_u64()),
        (Some(2), Some(719), Some(742))
    );
    // Importing again replaces rather than doubles.
    assert_eq!(cairn(&["import", "--db", db, &files[0]]).0, 0);
    let stats: Value = serde_json::from_str(&cairn(&["stats", "--db", db, "--json"]).1).unwrap();
    assert_eq!(stats["CFItems"].as_u64(), Some(719));
    let (code, _, err) = cairn(&["import", "--db", db, "/nonexistent.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent.json"), "{err}");
}

#[test]
fn import_shows_progress_on_a_terminal_and_nothing_extra_when_piped() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let bundle = format!(
        "{}/../../tests/fixtures/oneroster/nicelion-users-2k",
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")
    );
    let (code, piped, err) = cairn(&["import", "--db", db, &bundle]);
    assert_eq!(code, 0, "{err}");
    assert!(!piped.contains(" records") && !piped.contains('\u{1b}'), "piped output stays plain: {piped}");
    // On a terminal (script(1) gives the command one): the spinner, then the same summary.
    let command = format!("{} import --db {db} {bundle}", env!("CARGO_BIN_EXE_cairn"));
    let out = std::process::Command::new("script").args(["-qec", &command, "/dev/null"]).output().unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{shown}");
    assert!(shown.contains("nicelion-users-2k: ") && shown.contains(" records"), "a spinner: {shown}");
    assert!(shown.contains("1999 users"), "then the summary: {shown}");
}

#[test]
fn import_oneroster_bundles_with_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let bundle = format!(
        "{}/../../tests/fixtures/oneroster/edfi-lms-toolkit-v1p1-grandbend",
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")
    );
    let (code, out, err) = cairn(&["import", "--db", db, &bundle]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("OneRoster CSV 1.1 —"), "{out}");
    assert!(out.contains("warning: "), "a warning per bad row: {out}");
    let stats: Value = serde_json::from_str(&cairn(&["stats", "--db", db, "--json"]).1).unwrap();
    assert_eq!(
        (stats["orgs"].as_u64(), stats["users"].as_u64(), stats["enrollments"].as_u64()),
        (Some(2), Some(10), Some(24))
    );
    // The same bundle again changes nothing.
    assert_eq!(cairn(&["import", "--db", db, &bundle]).0, 0);
    let again: Value = serde_json::from_str(&cairn(&["stats", "--db", db, "--json"]).1).unwrap();
    assert_eq!(stats, again);
    let (code, _, err) = cairn(&["import", "--db", db, dir.path().to_str().unwrap()]);
    assert_eq!(code, 2, "a folder without OneRoster files");
    assert!(!err.is_empty());
}

#[test]
fn import_groups_identical_warnings_and_counts_them_by_kind() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let bundle = format!(
        "{}/../../tests/fixtures/oneroster/nicelion-users-2k",
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")
    );
    let (code, out, err) = cairn(&["import", "--db", db, &bundle]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("; 3,998 warnings"), "{out}");
    assert!(
        out.contains("warning: users.csv: 1,999 rows: column userIds: \"…\" is not a list of {type:identifier} pairs; left out (lines 2, 3, 4, ...)"),
        "{out}"
    );
    assert!(out.contains("    users.csv:2: column userIds: \"74727075\" is not"), "the first lines listed: {out}");
    assert!(out.contains("warnings by kind:"), "{out}");
    assert!(out.contains("note: users.csv: no manifest says how it is given; read as a bulk file"), "{out}");
    assert!(!out.contains("column status"), "blank lifecycle columns of bulk files are no warning: {out}");
    // --json keeps every warning.
    let (code, json, err) = cairn(&["import", "--db", db, "--json", &bundle]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(report[0]["warnings"].as_array().map(Vec::len), Some(3998));
    assert_eq!(report[0]["warnings"][0]["file"], "users.csv");
}
