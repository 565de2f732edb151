//! Every real package in `tests/fixtures/case` reads, round-trips losslessly and validates,
//! reporting its known deviations.

use std::collections::BTreeMap;

use cairn_spec::case::PackageFile;
use cairn_spec::{Level, Rule, validate};
use serde_json::Value;

use crate::fixtures_dir;

struct Expect {
    file: &'static str,
    items: usize,
    associations: usize,
    /// Rules that reading must warn about.
    warnings: &'static [Rule],
    /// Rules that strict validation must report (beyond the warnings): violations and field
    /// notes.
    violations: &'static [Rule],
}

const PACKAGES: &[Expect] = &[
    Expect {
        file: "opensalt-what-standards-could-be-crosswalk.json",
        items: 16,
        associations: 39,
        warnings: &[Rule::DateTimeWithoutTimezone, Rule::NumberAsString, Rule::NullValue],
        violations: &[Rule::FieldPractice],
    },
    Expect {
        file: "act-holistic-math-excerpt-ordering.json",
        items: 28,
        associations: 28,
        warnings: &[],
        violations: &[Rule::FieldPractice],
    },
    Expect {
        file: "ccss-math-asn-draft-2017.json",
        items: 703,
        associations: 703,
        warnings: &[Rule::DateTimeWithoutTimezone, Rule::NullValue, Rule::SingleForArray],
        violations: &[Rule::UuidPattern, Rule::FieldPractice, Rule::Required],
    },
    Expect {
        file: "opensalt-ordering-sequence-numbers.json",
        items: 65,
        associations: 65,
        warnings: &[],
        violations: &[Rule::FieldPractice],
    },
    Expect {
        file: "opensalt-markdown-latex.json",
        items: 2,
        associations: 2,
        warnings: &[],
        violations: &[Rule::UuidPattern],
    },
    Expect {
        file: "opensalt-utf8-astral.json",
        items: 1,
        associations: 1,
        warnings: &[],
        violations: &[Rule::UuidPattern],
    },
];

fn rules(issues: &[cairn_spec::Issue]) -> BTreeMap<Rule, usize> {
    let mut counts = BTreeMap::new();
    for issue in issues {
        *counts.entry(issue.rule).or_default() += 1;
    }
    counts
}

#[test]
fn every_real_package_reads_round_trips_and_validates() {
    for expect in PACKAGES {
        let bytes = std::fs::read(fixtures_dir().join("case").join(expect.file)).unwrap();
        let original: Value = serde_json::from_slice(&bytes).unwrap();
        let read = PackageFile::read(&bytes).unwrap_or_else(|e| panic!("{}: {e}", expect.file));
        let package = &read.value.package;

        let items = package.items.as_ref().map_or(0, |m| m.len());
        let associations = package.associations.as_ref().map_or(0, |m| m.len());
        assert_eq!((items, associations), (expect.items, expect.associations), "{}", expect.file);
        assert!(package.items.as_ref().is_none_or(|m| m.rejected().is_empty()), "{}", expect.file);
        assert!(package.document.is_some(), "{}", expect.file);

        assert_eq!(cairn_spec::Wire::to_json(&read.value), original, "{} must round-trip losslessly", expect.file);

        let warned = rules(&read.warnings);
        for rule in expect.warnings {
            assert!(warned.contains_key(rule), "{}: expected a {rule} warning, got {warned:?}", expect.file);
        }
        assert!(read.warnings.iter().all(|w| w.rule.tolerated()), "{}", expect.file);
        if expect.warnings.is_empty() {
            assert!(read.warnings.is_empty(), "{}: unexpected warnings {:?}", expect.file, read.warnings);
        }

        let violations = validate(&read.value);
        let found = rules(&violations);
        for rule in expect.violations.iter().chain(expect.warnings) {
            assert!(found.contains_key(rule), "{}: expected {rule}, got {found:?}", expect.file);
        }
        for v in &violations {
            assert!(v.path.starts_with("$"), "{v}");
        }
    }
}

#[test]
fn deviations_are_reported_where_they_are() {
    let bytes = std::fs::read(fixtures_dir().join("case/opensalt-what-standards-could-be-crosswalk.json")).unwrap();
    let read = PackageFile::read(&bytes).unwrap();
    let paths: Vec<_> = read.warnings.iter().map(|w| (w.path.as_str(), w.rule)).collect();
    assert!(paths.contains(&("$.CFDocument.lastChangeDateTime", Rule::DateTimeWithoutTimezone)), "{paths:?}");
    let violations = validate(&read.value);
    assert!(
        violations.iter().any(|v| v.path == "$.CFItems[0].educationalLevel" && v.rule == Rule::FieldPractice),
        "{violations:#?}"
    );
    assert!(violations.iter().any(|v| v.path == "$.CFItems[0].CFDocumentURI" && v.rule == Rule::FieldPractice));
    assert!(violations.iter().any(|v| v.path == "$.CFDocument.CFPackageURI" && v.level() == Level::FieldNote));
    // The OpenSALT export breaks nothing a reader needs: its findings are deviations and notes.
    assert!(violations.iter().all(|v| v.level() != Level::Violation), "{violations:#?}");
    // A property nobody sends is still a violation.
    let mut json: Value = serde_json::from_slice(&bytes).unwrap();
    json["CFItems"][0]["colour"] = Value::from("blue");
    let read = cairn_spec::read::<PackageFile>(json, "a package").unwrap();
    let violations = validate(&read.value);
    let colour = violations.iter().find(|v| v.path == "$.CFItems[0].colour").unwrap();
    assert_eq!((colour.rule, colour.level()), (Rule::UnknownProperty, Level::Violation));
}

#[test]
fn url_identifiers_are_read_and_flagged() {
    let bytes = std::fs::read(fixtures_dir().join("case/ccss-math-asn-draft-2017.json")).unwrap();
    let read = PackageFile::read(&bytes).unwrap();
    let document = read.value.package.document.as_ref().unwrap();
    assert_eq!(document.identifier.as_deref(), Some("http://purl.org/ASN/resources/D10003FB"));
    let first = read.value.package.associations.as_ref().unwrap().first().unwrap();
    assert_eq!(first.origin_id(), Some("http://asn.jesandco.org/resources/S2366905"));
    let violations = validate(&read.value);
    assert!(violations.iter().any(|v| v.path == "$.CFDocument.identifier" && v.rule == Rule::UuidPattern));
}
