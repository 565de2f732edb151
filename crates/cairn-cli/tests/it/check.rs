//! `cairn check`'s three levels on packages from the field: violations and deviations listed,
//! field notes counted and listed only with `--notes`, all three in `--json`, and `--strict`
//! failing on violations and deviations only.

use serde_json::Value;

use crate::{cairn, fixture};

#[test]
fn field_packages_check_with_no_violation_and_their_notes_out_of_the_way() {
    let state = fixture("state-api-cfdocumenturi.json");
    let (code, out, err) = cairn(&["check", &state]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "CFPackage (65 CFItems, 65 CFAssociations, 0 CFRubrics) — 0 violations, 0 deviations, 130 field notes"
        ),
        "{out}"
    );
    assert!(out.contains("(130 field notes not listed") && out.contains("--notes lists them"), "{out}");
    assert!(!out.contains("field note:"), "notes are not listed by default: {out}");
    // Field notes alone pass --strict.
    assert_eq!(cairn(&["check", "--strict", &state]).0, 0);

    let (code, out, _) = cairn(&["check", "--notes", "--max-issues", "200", &state]);
    assert_eq!(code, 0);
    assert_eq!(out.matches("  field note: ").count(), 130, "{out}");
    assert!(
        out.contains("field note: $.CFItems[0].CFDocumentURI: CFPckgItem has no property \"CFDocumentURI\""),
        "{out}"
    );

    for name in [
        "opensalt-what-standards-could-be-crosswalk.json",
        "act-holistic-math-excerpt-ordering.json",
        "opensalt-ordering-sequence-numbers.json",
    ] {
        let (code, out, err) = cairn(&["check", &fixture(name)]);
        assert_eq!(code, 0, "{err}");
        assert!(out.contains(" — 0 violations, "), "{name}: {out}");
        assert!(!out.contains("violation: "), "{name}: {out}");
    }
    // The crosswalk's deviations (timestamps without a timezone...) still fail --strict.
    assert_eq!(cairn(&["check", "--strict", &fixture("opensalt-what-standards-could-be-crosswalk.json")]).0, 1);
}

#[test]
fn json_carries_every_level_and_a_corrupted_copy_shows_its_violations() {
    let dir = tempfile::tempdir().unwrap();
    let mut json: Value =
        serde_json::from_slice(&std::fs::read(fixture("state-api-cfdocumenturi.json")).unwrap()).unwrap();
    json["CFItems"][3].as_object_mut().unwrap().remove("fullStatement");
    json["CFAssociations"][4]["associationType"] = Value::from("isFriendOf");
    let broken = dir.path().join("broken.json");
    std::fs::write(&broken, serde_json::to_vec(&json).unwrap()).unwrap();
    let broken = broken.to_str().unwrap();

    let (code, out, _) = cairn(&["check", "--json", broken]);
    assert_eq!(code, 0);
    let report = &serde_json::from_str::<Value>(&out).unwrap()[0];
    assert_eq!(report["levels"], serde_json::json!({"violations": 2, "deviations": 0, "field_notes": 130}));
    let paths: Vec<&str> =
        report["violations"].as_array().unwrap().iter().map(|v| v["path"].as_str().unwrap()).collect();
    assert_eq!(paths, ["$.CFItems[3].fullStatement", "$.CFAssociations[4].associationType"]);
    assert_eq!(report["field_notes"].as_array().unwrap().len(), 130);
    assert_eq!(report["deviations"], serde_json::json!([]));

    let (code, out, _) = cairn(&["check", "--strict", broken]);
    assert_eq!(code, 1, "violations fail --strict");
    assert!(out.contains("violation: $.CFItems[3].fullStatement: fullStatement is required (required)"), "{out}");
}
