//! `cairn connection` without a Secret Service (the child's D-Bus address points nowhere, so no
//! real keyring is ever touched): listing an empty cache works, and saving a connection fails
//! with a plain message, leaving neither settings nor the secret in the cache.

use std::process::Command;

use serde_json::Value;

use super::cache_holds;

/// A distinctive secret: no output and no cache file may contain it.
const SECRET: &str = "Plover-3a9c-secret";
const SECRET_VAR: &str = "CAIRN_TEST_CONNECTION_SECRET";

/// Runs `cairn` with no reachable D-Bus session; (status, stdout, stderr).
fn cairn(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(args)
        .env("DBUS_SESSION_BUS_ADDRESS", "unix:path=/nonexistent/cairn-test/bus")
        .env(SECRET_VAR, SECRET)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert!(!stdout.contains(SECRET) && !stderr.contains(SECRET), "the secret was printed");
    (out.status.code().unwrap_or(-1), stdout, stderr)
}

#[test]
fn list_on_an_empty_cache() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, out, err) = cairn(&["connection", "list", "--db", db]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "no connections");
    let (code, out, err) = cairn(&["connection", "list", "--db", db, "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap(), Value::Array(Vec::new()));
}

#[test]
fn add_without_a_keyring_fails_plainly_and_keeps_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("cache.sqlite");
    let db = db_path.to_str().unwrap();
    let (code, out, err) = cairn(&[
        "connection",
        "add",
        "district",
        "--base-url",
        "https://provider.example",
        "--client-id",
        "cairn-app",
        "--client-secret-env",
        SECRET_VAR,
        "--scope",
        "roster-core.readonly",
        "--db",
        db,
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("the OS keyring is not available (no Secret Service on D-Bus): "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!cache_holds(&db_path, SECRET));
    let (code, out, _) = cairn(&["connection", "list", "--db", db, "--json"]);
    assert_eq!(code, 0);
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap(), Value::Array(Vec::new()), "no settings were saved");

    // Removing needs the keyring and says the same; testing or syncing a connection that was
    // never saved says so before asking the keyring (one without authentication needs none).
    let (code, _, err) = cairn(&["connection", "remove", "district", "--db", db]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("the OS keyring is not available"), "{err}");
    for args in [&["connection", "test", "district", "--db", db][..], &["sync", "--db", db, "--connection", "district"]]
    {
        let (code, _, err) = cairn(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("no connection called \"district\""), "{args:?}: {err}");
    }
    // A missing variable is said before the keyring is asked.
    let (code, _, err) = cairn(&[
        "connection",
        "add",
        "x",
        "--base-url",
        "https://provider.example",
        "--client-id",
        "a",
        "--client-secret-env",
        "CAIRN_TEST_UNSET_VARIABLE",
        "--db",
        db,
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("CAIRN_TEST_UNSET_VARIABLE"), "{err}");
    // sync needs a base URL or a saved connection.
    let (code, _, err) = cairn(&["sync", "--db", db]);
    assert_eq!(code, 2);
    assert!(err.contains("--base-url") || err.contains("--connection"), "{err}");
}

#[test]
fn a_connection_without_authentication_is_saved_and_tested_without_a_keyring() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, out, err) = cairn(&[
        "connection",
        "add",
        "public",
        "--base-url",
        "https://case.example",
        "--no-auth",
        "--scope-base",
        "",
        "--scope",
        "case.read",
        "--db",
        db,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("without authentication"), "{out}");
    let (code, out, _) = cairn(&["connection", "list", "--db", db, "--json"]);
    assert_eq!(code, 0);
    let listed: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((listed[0]["anonymous"].as_bool(), listed[0]["scope_base"].as_str()), (Some(true), Some("")));
    let (code, out, err) = cairn(&["connection", "test", "public", "--db", db]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("no authentication"), "{out}");
    // --no-auth takes no client.
    let (code, _, err) = cairn(&[
        "connection",
        "add",
        "p",
        "--base-url",
        "https://case.example",
        "--no-auth",
        "--client-id",
        "x",
        "--db",
        db,
    ]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn add_keeps_per_service_base_paths_and_refuses_a_bad_one() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, out, err) = cairn(&[
        "connection",
        "add",
        "public",
        "--base-url",
        "https://case.example",
        "--no-auth",
        "--base-path",
        "case=/standards/case/v1p1/",
        "--db",
        db,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, err) = cairn(&["connection", "list", "--db", db, "--json"]);
    assert_eq!(code, 0, "{err}");
    let list: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(list[0]["base_paths"]["competency"], "/standards/case/v1p1/", "{list}");
    let (code, _, err) = cairn(&[
        "connection",
        "add",
        "bad",
        "--base-url",
        "https://case.example",
        "--no-auth",
        "--base-path",
        "case=standards",
        "--db",
        db,
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("must start with /"), "{err}");
}
