//! `cairn diff`: two snapshots of one framework, as files or as the same document imported
//! under two connections; JSON and text; errors for bad files.

use serde_json::{Value, json};

use super::{cairn, fixture};

const ACT: &str = "a33fc64e-5c40-11e7-82c4-3d54268aa9ee";

/// ACT with one statement changed, one item removed, one extension added and twelve items
/// touched only in lastChangeDateTime.
fn version_two(dir: &std::path::Path) -> String {
    let mut json: Value =
        serde_json::from_slice(&std::fs::read(fixture("act-holistic-math-excerpt-ordering.json")).unwrap()).unwrap();
    let items = json["CFItems"].as_array_mut().unwrap();
    items[1]["fullStatement"] = json!("Rewritten.");
    items[2]["extensions"] = json!({"vendor:tag": ["a", "b"]});
    for item in items.iter_mut().skip(10).take(12) {
        item["lastChangeDateTime"] = json!("2031-05-05T00:00:00+00:00");
    }
    let gone = items.remove(27);
    json["CFAssociations"].as_array_mut().unwrap().retain(|a| a["originNodeURI"]["identifier"] != gone["identifier"]);
    let path = dir.join("act-v2.json");
    std::fs::write(&path, serde_json::to_vec(&json).unwrap()).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn diff_two_files_as_json_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let (v1, v2) = (fixture("act-holistic-math-excerpt-ordering.json"), version_two(dir.path()));
    let (code, out, err) = cairn(&["diff", "--old", &v1, "--new", &v2, "--json"]);
    assert_eq!(code, 0, "{err}");
    let view: Value = serde_json::from_str(&out).unwrap();
    let items = &view["summary"]["items"];
    assert_eq!(
        (items["removed"].as_u64(), items["changed"].as_u64(), items["onlyLastChange"].as_u64()),
        (Some(1), Some(2), Some(12))
    );
    assert_eq!(view["summary"]["associations"]["removed"], 1);
    assert_eq!(view["sameDocument"], true);
    let changed = view["items"]["changed"].as_array().unwrap();
    let statement = changed.iter().find(|c| c["changes"][0]["field"] == "fullStatement").unwrap();
    assert_eq!(statement["changes"][0]["new"], "Rewritten.");

    let (code, out, err) = cairn(&["diff", "--old", &v1, "--new", &v2]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("items: 28 → 27: 0 added, 1 removed, 2 changed, 12 with only lastChangeDateTime changed"),
        "{out}"
    );
    assert!(out.contains("\nItems changed (2)\n"), "only-lastChangeDateTime items are counted, not listed: {out}");
    assert!(out.contains("      fullStatement: "), "{out}");
    assert!(out.contains(r#"extensions: (absent) → {"vendor:tag":["a","b"]}"#), "{out}");
    let (_, all, _) = cairn(&["diff", "--old", &v1, "--new", &v2, "--all"]);
    assert!(all.contains("\nItems changed (14)\n"), "{all}");
}

#[test]
fn diff_the_same_document_under_two_connections() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let v2 = version_two(dir.path());
    let v1 = fixture("act-holistic-math-excerpt-ordering.json");
    assert_eq!(cairn(&["import", &v1, "--db", db, "--connection", "v1"]).0, 0);
    assert_eq!(cairn(&["import", &v2, "--db", db, "--connection", "v2"]).0, 0);
    let (code, out, err) =
        cairn(&["diff", "--db", db, "--old", &format!("v1:{ACT}"), "--new", &format!("v2:{ACT}"), "--json"]);
    assert_eq!(code, 0, "{err}");
    let view: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(view["summary"]["items"]["changed"], 2);
    assert_eq!(view["oldSource"], format!("v1:{ACT}"));

    let (code, _, err) = cairn(&["diff", "--db", db, "--old", ACT, "--new", &format!("v2:{ACT}")]);
    assert_eq!(code, 2, "in two connections");
    assert!(err.contains("v1, v2"), "{err}");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, "{not json").unwrap();
    let (code, _, err) = cairn(&["diff", "--old", bad.to_str().unwrap(), "--new", &v2]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.json"), "{err}");
}
