//! Field selection: exactly the listed fields, unknown names, blank names, nesting.

use cairn_query::{QueryError, Selection};
use serde_json::{Value, json};

use crate::shapes::{USER, users};

/// Applies `fields` to the first user and asserts the result.
fn check(fields: &str, expect: Value) {
    let selection = Selection::parse(fields).unwrap_or_else(|e| panic!("{fields:?}: {e}"));
    let user = &users()[0];
    assert_eq!(selection.apply(user, &USER), expect, "fields={fields}");
}

#[test]
fn exactly_the_listed_fields() {
    check("sourcedId,givenName", json!({"sourcedId": "u1", "givenName": "Éva"}));
    check(" givenName , sourcedId ", json!({"sourcedId": "u1", "givenName": "Éva"}));
    check("grades", json!({"grades": ["09", "10"]}));
    check("sourcedId,sourcedId", json!({"sourcedId": "u1"}));
}

#[test]
fn fields_the_record_lacks_are_left_out() {
    let user = &users()[3];
    let selection = Selection::parse("sourcedId,familyName,metadata").unwrap();
    assert_eq!(selection.apply(user, &USER), json!({"sourcedId": "u4", "metadata": {"level": 20}}));
}

#[test]
fn unknown_names_return_the_whole_record() {
    let user = users()[0].clone();
    for fields in ["nope", "sourcedId,nope", "givenName.first", "roles.nope", "SOURCEDID"] {
        check(fields, user.clone());
        assert!(Selection::parse(fields).unwrap().unknown(&USER).is_some());
    }
}

#[test]
fn dotted_names_keep_the_nesting() {
    check("sourcedId,roles.role", json!({"sourcedId": "u1", "roles": [{"role": "student"}]}));
    check("roles.org.sourcedId", json!({"roles": [{"org": {"sourcedId": "org-a"}}]}));
    check("roles.org.sourcedId,roles.role", json!({"roles": [{"role": "student", "org": {"sourcedId": "org-a"}}]}));
    check("roles,roles.role", json!({"roles": users()[0]["roles"].clone()}));
    check("metadata.tag,metadata.none", json!({"metadata": {"tag": "Blue"}}));
    let teacher = Selection::parse("roles.org.sourcedId").unwrap().apply(&users()[1], &USER);
    assert_eq!(teacher, json!({"roles": [{"org": {"sourcedId": "org-b"}}, {"org": {"sourcedId": "x"}}]}));
}

#[test]
fn blank_names_are_errors() {
    for fields in ["", " ", "a,,b", "a,", ",a", "a, ,b"] {
        let error = Selection::parse(fields).unwrap_err();
        assert!(matches!(error, QueryError::InvalidSelectionField { .. }), "{fields:?}");
        assert_eq!(error.code_minor(), "invalid_selection_field");
        assert_eq!(error.http_status(), 400);
    }
    let error = Selection::parse("a,,b").unwrap_err();
    assert_eq!(error.to_string(), "invalid selection field: field name 2 of \"a,,b\" is blank");
}

#[test]
fn builder_and_rendering() {
    let selection = Selection::new(["sourcedId", " givenName "]).unwrap();
    assert_eq!(selection.to_string(), "sourcedId,givenName");
    assert_eq!(Selection::parse(&selection.to_string()), Ok(selection));
    for bad in [vec!["a,b"], vec![""], vec![]] {
        let error = Selection::new(bad.clone());
        assert!(matches!(error, Err(QueryError::InvalidSelectionField { .. })), "{bad:?}: {error:?}");
    }
}

#[test]
fn non_objects_are_returned_unchanged() {
    let selection = Selection::parse("sourcedId").unwrap();
    assert_eq!(selection.apply(&json!([1, 2]), &USER), json!([1, 2]));
    assert_eq!(selection.apply(&json!("x"), &USER), json!("x"));
}
