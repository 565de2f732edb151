//! `cairn crosswalk`: two frameworks from files or the cache, as JSON and as text; errors for
//! names that are neither.

use serde_json::{Value, json};

use super::{cairn, fixture};

const ACT: &str = "a33fc64e-5c40-11e7-82c4-3d54268aa9ee";
const CCSS: &str = "http://purl.org/ASN/resources/D10003FB";

/// A package of 12 exactMatchOf associations from ACT items to CCSS items, and one isRelatedTo
/// the other way.
fn links(dir: &std::path::Path) -> String {
    let read = |name: &str| -> Value { serde_json::from_slice(&std::fs::read(fixture(name)).unwrap()).unwrap() };
    let (act, ccss) = (read("act-holistic-math-excerpt-ordering.json"), read("ccss-math-asn-draft-2017.json"));
    let id = |p: &Value, n: usize| p["CFItems"][n]["identifier"].as_str().unwrap().to_owned();
    let link = |id: String| json!({"title": "t", "identifier": id, "uri": "https://x.example/"});
    let association = |n: usize, kind: &str, origin: String, destination: String| {
        json!({"identifier": format!("link-{n}"), "associationType": kind, "uri": format!("https://x.example/{n}"),
               "originNodeURI": link(origin), "destinationNodeURI": link(destination),
               "lastChangeDateTime": "2024-01-01T00:00:00Z"})
    };
    let mut associations: Vec<Value> =
        (0..12).map(|n| association(n, "exactMatchOf", id(&act, n), id(&ccss, 100 + n))).collect();
    associations.push(association(99, "isRelatedTo", id(&ccss, 5), id(&act, 20)));
    let package = json!({"CFDocument": {"identifier": "links-doc", "uri": "https://x.example/links", "title": "Links",
                                        "creator": "t", "lastChangeDateTime": "2024-01-01T00:00:00Z"},
                         "CFAssociations": associations});
    let path = dir.join("links.json");
    std::fs::write(&path, serde_json::to_vec(&package).unwrap()).unwrap();
    path.to_str().unwrap().to_owned()
}

#[test]
fn crosswalk_files_as_json_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let links = links(dir.path());
    let (act, ccss) = (fixture("act-holistic-math-excerpt-ordering.json"), fixture("ccss-math-asn-draft-2017.json"));
    let (code, out, err) = cairn(&["crosswalk", "--from", &act, "--to", &ccss, "--links", &links, "--json"]);
    assert_eq!(code, 0, "{err}");
    let view: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(view["pairs"], 13);
    assert_eq!(view["groups"][0]["associationType"], "exactMatchOf");
    assert_eq!(view["groups"][1]["pairs"][0]["direction"], "toFrom");
    assert_eq!((view["from"]["items"].as_u64(), view["from"]["covered"].as_u64()), (Some(28), Some(13)));
    assert_eq!(view["to"]["uncovered"].as_array().unwrap().len(), 703 - 13);
    assert_eq!(view["linkSources"][0], links.as_str());

    let (code, out, err) = cairn(&["crosswalk", "--from", &act, "--to", &ccss, "--links", &links]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("13 of 28 items have a counterpart (46.4%)"), "{out}");
    assert!(out.contains("\nexactMatchOf (12)\n"), "{out}");
    assert!(out.contains("  ... and 2 more (--all lists them all)"), "{out}");
    assert!(out.contains("Without a counterpart in to (690)"), "{out}");
    let (_, all, _) = cairn(&["crosswalk", "--from", &act, "--to", &ccss, "--links", &links, "--all"]);
    assert!(!all.contains("... and"), "--all lists everything");
    assert!(all.lines().count() > 690);
}

#[test]
fn crosswalk_cached_frameworks_by_identifier() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let links = links(dir.path());
    let files = [fixture("act-holistic-math-excerpt-ordering.json"), fixture("ccss-math-asn-draft-2017.json"), links];
    let (code, _, err) = cairn(&["import", "--db", db, &files[0], &files[1], &files[2]]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = cairn(&["crosswalk", "--db", db, "--from", ACT, "--to", &format!("local:{CCSS}"), "--json"]);
    assert_eq!(code, 0, "{err}");
    let view: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(view["pairs"], 13, "the links cached beside the frameworks");
    assert_eq!(view["cachedLinkDocuments"], json!(["links-doc"]));
    assert_eq!(view["toSource"], format!("local:{CCSS}"));

    let (code, _, err) = cairn(&["crosswalk", "--db", db, "--from", "nope", "--to", CCSS]);
    assert_eq!(code, 2);
    assert!(err.contains("nope: no such file, and no framework nope in the cache"), "{err}");
    let (code, _, err) = cairn(&["crosswalk", "--from", ACT, "--to", CCSS]);
    assert_eq!(code, 2);
    assert!(err.contains("give --db"), "{err}");
    let (code, _, err) = cairn(&["crosswalk", "--db", "/nonexistent/cache.sqlite", "--from", ACT, "--to", CCSS]);
    assert_eq!(code, 2);
    assert!(err.contains("no cache at /nonexistent/cache.sqlite"), "{err}");
}
