//! `cairn import` of a package whose CFDocument identifier is cached already: it says which
//! copy it replaces, and an older copy (here another framework sharing the identifier) never
//! replaces a newer one without `--force`.

use serde_json::{Value, json};

use crate::cairn;

const ID: &str = "c0ffee00-0000-4000-8000-000000000001";

fn package(dir: &std::path::Path, title: &str, last_change: &str) -> String {
    let document = json!({"identifier": ID, "uri": format!("https://case.example/uri/{ID}"), "creator": "Test",
        "title": title, "lastChangeDateTime": last_change, "CFPackageURI": {"title": title, "identifier": ID,
        "uri": format!("https://case.example/packages/{ID}")}});
    let path = dir.join(format!("{title}.json"));
    std::fs::write(&path, json!({"CFDocument": document, "CFItems": [], "CFAssociations": []}).to_string()).unwrap();
    path.to_str().unwrap().to_owned()
}

fn cached_title(db: &str) -> String {
    let (code, out, err) = cairn(&["tree", "--db", db, "--doc", ID, "--json"]);
    assert_eq!(code, 0, "{err}");
    serde_json::from_str::<Value>(&out).unwrap()["title"].as_str().unwrap().to_owned()
}

#[test]
fn an_older_copy_never_replaces_a_newer_one_without_force_and_every_replacement_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let math = package(dir.path(), "Mathematics", "2025-03-01T00:00:00Z");
    let science = package(dir.path(), "Science", "2024-01-01T00:00:00Z");
    let (code, out, err) = cairn(&["import", "--db", db, &math]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("replaced"), "{out}");

    // Another framework with the same identifier, older: refused, both copies named.
    let (code, out, err) = cairn(&["import", "--db", db, &science]);
    assert_eq!(code, 2, "{out}");
    for needle in [
        "\"Mathematics\" (lastChangeDateTime 2025-03-01T00:00:00Z)",
        "\"Science\" (lastChangeDateTime 2024-01-01T00:00:00Z)",
        ID,
        "--force",
    ] {
        assert!(err.contains(needle), "{needle} in {err}");
    }
    assert_eq!(err.lines().count(), 1, "{err}");
    assert_eq!(cached_title(db), "Mathematics");

    // Forced: it replaces, and says what it replaced.
    let (code, out, err) = cairn(&["import", "--db", db, "--force", &science]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("replaced the cached CFDocument {ID}: \"Mathematics\" (lastChangeDateTime 2025-03-01T00:00:00Z) by \"Science\" (lastChangeDateTime 2024-01-01T00:00:00Z)")),
        "{out}"
    );
    assert_eq!(cached_title(db), "Science");

    // A newer copy replaces without --force, and says so (in --json too).
    let (code, out, err) = cairn(&["import", "--db", db, "--json", &math]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report[0]["replaced"]["cached"]["title"], "Science", "{report}");
    assert_eq!(report[0]["replaced"]["imported"]["lastChange"], "2025-03-01T00:00:00Z", "{report}");
    assert_eq!(cached_title(db), "Mathematics");
}
