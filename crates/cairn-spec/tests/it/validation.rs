//! Strict validation: every violation with its JSON path and rule.

use cairn_spec::case::{CfAssociation, CfDocument};
use cairn_spec::gradebook::{GradebookResult, LineItem};
use cairn_spec::roster::{AcademicSession, Class, Demographics, check_demographics_owners};
use cairn_spec::{Issue, Rule, Wire, validate};
use serde_json::{Value, json};

fn issues<T: Wire>(value: Value) -> Vec<(String, Rule)> {
    let t = T::from_json(value).unwrap();
    validate(&t).into_iter().map(|i: Issue| (i.path, i.rule)).collect()
}

fn pairs(expected: &[(&str, Rule)]) -> Vec<(String, Rule)> {
    expected.iter().map(|(p, r)| ((*p).to_owned(), *r)).collect()
}

fn document() -> Value {
    json!({
        "identifier": "b1750dc6-f058-11e7-b894-8d445e7af8cb", "uri": "https://example.org/d",
        "creator": "Cairn", "title": "T", "lastChangeDateTime": "2024-01-02T03:04:05Z", "caseVersion": "1.1",
        "CFPackageURI": {"title": "T", "identifier": "b1750dc6-f058-11e7-b894-8d445e7af8cb", "uri": "https://example.org/p"}
    })
}

#[test]
fn a_valid_document_has_no_violation() {
    assert_eq!(issues::<CfDocument>(document()), []);
}

#[test]
fn required_fields_uuid_case_version_dates_and_uris() {
    let mut d = document();
    d.as_object_mut().unwrap().remove("creator");
    d["identifier"] = json!("B1750DC6-F058-11E7-B894-8D445E7AF8CB");
    d["caseVersion"] = json!("1.0");
    d["statusStartDate"] = json!("2024-13-01");
    d["lastChangeDateTime"] = json!("yesterday");
    d["officialSourceURL"] = json!("www.example.org");
    d["subject"] = json!([]);
    assert_eq!(
        issues::<CfDocument>(d),
        pairs(&[
            ("$.identifier", Rule::UuidPattern),
            ("$.caseVersion", Rule::UnknownTerm),
            ("$.creator", Rule::Required),
            ("$.lastChangeDateTime", Rule::DateTimeFormat),
            ("$.officialSourceURL", Rule::UriFormat),
            ("$.statusStartDate", Rule::DateFormat),
        ])
    );
}

#[test]
fn extensible_vocabularies_accept_ext_terms_only() {
    let association = |kind: &str| {
        json!({
            "identifier": "a5eb02f4-b8df-11e7-b06e-b17e31351e5a", "associationType": kind, "uri": "https://example.org/a",
            "originNodeURI": {"title": "o", "identifier": "o1", "uri": "https://example.org/o"},
            "destinationNodeURI": {"title": "d", "identifier": "d1", "uri": "https://example.org/d", "targetType": "ext:Skill"},
            "lastChangeDateTime": "2024-01-02T03:04:05Z"
        })
    };
    assert_eq!(issues::<CfAssociation>(association("exactMatchOf")), []);
    assert_eq!(issues::<CfAssociation>(association("ext:isPrerequisiteFor")), []);
    assert_eq!(
        issues::<CfAssociation>(association("isPrerequisiteFor")),
        pairs(&[("$.associationType", Rule::UnknownTerm)])
    );
    assert_eq!(issues::<CfAssociation>(association("ext:")), pairs(&[("$.associationType", Rule::UnknownTerm)]));
}

fn class() -> Value {
    json!({
        "sourcedId": "c1", "status": "active", "dateLastModified": "2024-01-02T03:04:05.000Z",
        "title": "Algebra 1", "classType": "scheduled",
        "course": {"href": "https://x/courses/k1", "sourcedId": "k1", "type": "course"},
        "school": {"href": "https://x/orgs/s1", "sourcedId": "s1", "type": "org"},
        "terms": [{"href": "https://x/terms/t1", "sourcedId": "t1", "type": "academicSession"}]
    })
}

#[test]
fn cardinalities_and_reference_types() {
    assert_eq!(issues::<Class>(class()), []);
    let mut c = class();
    c["terms"] = json!([]);
    c["course"]["type"] = json!("class");
    c["subjects"] = json!(["Math", "Science"]);
    c["subjectCodes"] = json!(["M"]);
    c["classType"] = json!("ext:lab");
    assert_eq!(
        issues::<Class>(c),
        pairs(&[
            ("$.course.type", Rule::UnknownTerm),
            ("$.terms", Rule::Cardinality),
            ("$.subjectCodes", Rule::Inconsistent),
        ])
    );
}

#[test]
fn booleans_must_be_the_strings_true_and_false() {
    let mut c = class();
    c["status"] = json!("deleted");
    let demographics = json!({
        "sourcedId": "u1", "status": "active", "dateLastModified": "2024-01-02T03:04:05.000Z",
        "birthDate": "2010-02-30", "sex": "female", "asian": true, "white": "false", "hispanicOrLatinoEthnicity": "yes"
    });
    assert_eq!(
        issues::<Demographics>(demographics),
        pairs(&[
            ("$.birthDate", Rule::DateFormat),
            ("$.asian", Rule::TrueFalse),
            ("$.hispanicOrLatinoEthnicity", Rule::Mistyped)
        ])
    );
    assert_eq!(issues::<Class>(c), pairs(&[("$.status", Rule::UnknownTerm)]));
}

#[test]
fn demographics_belong_to_a_user() {
    let make = |id: &str| {
        Demographics::from_json(
            json!({"sourcedId": id, "status": "active", "dateLastModified": "2024-01-02T03:04:05Z"}),
        )
        .unwrap()
    };
    let records = [make("u1"), make("u9")];
    let found = check_demographics_owners(&records, |id| id == "u1");
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].path.as_str(), found[0].rule), ("$[1].sourcedId", Rule::DemographicsOwner));
}

#[test]
fn sessions_line_items_and_results() {
    let session = json!({
        "sourcedId": "t1", "status": "active", "dateLastModified": "2024-01-02T03:04:05.000Z", "title": "Fall",
        "startDate": "2024-09-01", "endDate": "2024-08-01", "type": "term", "schoolYear": "2025"
    });
    assert_eq!(issues::<AcademicSession>(session), pairs(&[("$.endDate", Rule::Inconsistent)]));

    let line_item = json!({
        "sourcedId": "l1", "status": "active", "dateLastModified": "2024-01-02T03:04:05.000Z", "title": "Quiz 1",
        "assignDate": "2024-09-10T00:00:00Z", "dueDate": "2024-09-01T00:00:00Z",
        "class": {"href": "https://x/classes/c1", "sourcedId": "c1", "type": "class"},
        "school": {"href": "https://x/orgs/s1", "sourcedId": "s1", "type": "org"},
        "category": {"href": "https://x/categories/k1", "sourcedId": "k1", "type": "category"},
        "resultValueMin": 10, "resultValueMax": 0,
        "learningObjectiveSet": [{"source": "case", "learningObjectiveIds": ["not-a-uuid"]}]
    });
    assert_eq!(
        issues::<LineItem>(line_item),
        pairs(&[
            ("$.learningObjectiveSet[0].learningObjectiveIds[0]", Rule::UuidPattern),
            ("$.resultValueMax", Rule::Inconsistent),
            ("$.dueDate", Rule::Inconsistent),
        ])
    );

    let result = json!({
        "sourcedId": "r1", "status": "active", "dateLastModified": "2024-01-02T03:04:05.000Z",
        "lineItem": {"href": "https://x/lineItems/l1", "sourcedId": "l1", "type": "lineItem"},
        "student": {"href": "https://x/users/u1", "sourcedId": "u1", "type": "user"},
        "scoreStatus": "partially graded", "score": 7.5, "scoreDate": "2024-09-02T10:00:00Z"
    });
    assert_eq!(issues::<GradebookResult>(result), pairs(&[("$.scoreDate", Rule::DateTimeForDate)]));
}
