//! The check's levels on real files: packages from the field check with no violation (their
//! field notes and deviations counted apart), and corrupted copies show exactly what was broken.

use std::collections::BTreeSet;

use cairn_spec::Rule;

use super::*;

fn fixture(name: &str) -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case")
        .join(name)
}

#[test]
fn a_real_package_reports_counts_and_each_level_apart() {
    let report = check_file(&fixture("opensalt-what-standards-could-be-crosswalk.json"), None).unwrap();
    assert_eq!(report.class, "CFPackage");
    assert_eq!(report.counts[0], ("CFItems".to_owned(), 16));
    assert!(report.deviations.iter().any(|w| w.path == "$.CFDocument.lastChangeDateTime"));
    assert!(report.field_notes.iter().any(|w| w.path == "$.CFItems[0].CFDocumentURI"));
    assert!(report.field_notes.iter().any(|w| w.path == "$.CFDocument.CFPackageURI"));
    assert!(report.violations.iter().all(|v| v.level() == Level::Violation));
    assert!(report.deviations.iter().all(|v| v.level() == Level::Deviation && v.is_tolerated()));
    assert_eq!(report.levels.field_notes, report.field_notes.len());
    assert!(!report.is_valid());
}

#[test]
fn wrappers_are_recognised_and_classes_can_be_named() {
    let dir = std::env::temp_dir().join(format!("cairn-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("orgs.json");
    std::fs::write(&file, r#"{"orgs": [{"sourcedId": "o1", "status": "active", "dateLastModified": "2024-01-01T00:00:00Z", "name": "North High", "type": "school"}]}"#).unwrap();
    let report = check_file(&file, None).unwrap();
    assert_eq!((report.class.as_str(), report.counts.clone()), ("OrgSet", vec![("orgs".to_owned(), 1)]));
    assert!(report.is_valid(), "{:?}", report.violations);
    let err = check_file(&file, Some("Nope")).unwrap_err();
    assert!(err.to_string().contains("no class called \"Nope\""));
    std::fs::write(&file, "{\"orgs\": [").unwrap();
    let err = check_file(&file, None).unwrap_err();
    assert!(err.to_string().contains("not valid JSON at line 1"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Packages as the field sends them: the OpenSALT exports in `tests/fixtures/case`, and a
/// package with `CFDocumentURI` on every item and association as state CASE APIs send it
/// (made from one of them, see `tests/fixtures/README.md`).
const FIELD_PACKAGES: [&str; 4] = [
    "opensalt-what-standards-could-be-crosswalk.json",
    "act-holistic-math-excerpt-ordering.json",
    "opensalt-ordering-sequence-numbers.json",
    "state-api-cfdocumenturi.json",
];

#[test]
fn packages_from_the_field_have_no_violation_and_their_notes_counted_apart() {
    for name in FIELD_PACKAGES {
        let report = check_file(&fixture(name), None).unwrap();
        assert!(report.violations.is_empty(), "{name}: {:#?}", report.violations);
        let json: Value = serde_json::from_slice(&std::fs::read(fixture(name)).unwrap()).unwrap();
        let records =
            ["CFItems", "CFAssociations"].map(|k| json[k].as_array().map_or(0, Vec::len)).iter().sum::<usize>();
        let linked = report.field_notes.iter().filter(|n| n.path.ends_with(".CFDocumentURI")).count();
        assert_eq!(linked, records, "{name}: a note for CFDocumentURI on every item and association");
        assert!(report.field_notes.iter().all(|n| n.rule == Rule::FieldPractice), "{name}");
        let levels = report.levels;
        assert_eq!(
            (levels.violations, levels.deviations, levels.field_notes),
            (0, report.deviations.len(), report.field_notes.len()),
            "{name}"
        );
        // Field notes alone leave a file valid (as --strict sees it).
        assert_eq!(report.is_valid(), report.deviations.is_empty(), "{name}");
    }
    let state = check_file(&fixture("state-api-cfdocumenturi.json"), None).unwrap();
    assert!(state.is_valid() && state.levels.field_notes == 130, "{:?}", state.levels);
}

#[test]
fn a_corrupted_copy_of_each_shows_exactly_its_real_violations() {
    let dir = tempfile::tempdir().unwrap();
    for name in FIELD_PACKAGES {
        let mut json: Value = serde_json::from_slice(&std::fs::read(fixture(name)).unwrap()).unwrap();
        let clean = check_bytes(&serde_json::to_vec(&json).unwrap(), Path::new(name), None).unwrap();
        // A missing required field, an identifier that is no UUID, an association without its
        // origin, a term outside the vocabulary, a property nobody defines.
        json["CFItems"][0].as_object_mut().unwrap().remove("fullStatement");
        json["CFItems"][1]["identifier"] = Value::from("item-2");
        json["CFAssociations"][0].as_object_mut().unwrap().remove("originNodeURI");
        json["CFAssociations"][1]["associationType"] = Value::from("isFriendOf");
        json["CFDocument"]["colour"] = Value::from("blue");
        let path = dir.path().join(name);
        std::fs::write(&path, serde_json::to_vec(&json).unwrap()).unwrap();
        let report = check_file(&path, None).unwrap();
        let found: BTreeSet<(&str, Rule)> = report.violations.iter().map(|v| (v.path.as_str(), v.rule)).collect();
        let expected = BTreeSet::from([
            ("$.CFItems[0].fullStatement", Rule::Required),
            ("$.CFItems[1].identifier", Rule::UuidPattern),
            ("$.CFAssociations[0].originNodeURI", Rule::Required),
            ("$.CFAssociations[1].associationType", Rule::UnknownTerm),
            ("$.CFDocument.colour", Rule::UnknownProperty),
        ]);
        assert_eq!(found, expected, "{name}");
        assert_eq!(report.levels.field_notes, clean.levels.field_notes, "{name}: the notes stay notes");
        assert!(!report.is_valid());
    }
}
