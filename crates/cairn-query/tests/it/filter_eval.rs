//! Filter evaluation: every predicate, typing, arrays, dot notation, metadata, connectives.

use cairn_query::{Filter, QueryError};

use crate::shapes::{USER, ids, users};

/// Asserts that `filter` selects exactly the users `expect` (by sourcedId, in input order).
fn check(filter: &str, expect: &[&str]) {
    let parsed = Filter::parse(filter).unwrap_or_else(|e| panic!("{filter:?}: {e}"));
    assert_eq!(parsed.check(&USER), Ok(()), "{filter:?}");
    let matched: Vec<_> = users().into_iter().filter(|u| parsed.matches(u, &USER)).collect();
    assert_eq!(ids(&matched), expect, "filter {filter:?}");
}

#[test]
fn text_equality_is_case_insensitive_and_accent_sensitive() {
    check("givenName='Éva'", &["u1"]);
    check("givenName='éva'", &["u1"]);
    check("givenName='ÉVA'", &["u1"]);
    check("givenName='eva'", &["u2"]);
    check("givenName='EVA'", &["u2"]);
    check("givenName='zoë'", &["u3"]);
    check("givenName='zoe'", &[]);
    check("givenName!='eva'", &["u1", "u3", "u4"]);
    check("status='ACTIVE'", &["u1", "u3", "u4"]);
}

#[test]
fn quotes_in_values() {
    check("familyName='o''brien'", &["u2"]);
    check("familyName~''''", &["u2"]);
    check("familyName='O''Brien' OR familyName='Smith'", &["u1", "u2"]);
}

#[test]
fn missing_fields_match_only_not_equal() {
    check("familyName='smith'", &["u1"]);
    check("familyName!='smith'", &["u2", "u3", "u4"]);
    check("familyName~''", &["u1", "u2", "u3"]);
    check("familyName>''", &["u1", "u2", "u3"]);
    check("score!='10'", &["u2", "u3", "u4"]);
}

#[test]
fn contains() {
    check("familyName~'mit'", &["u1"]);
    check("familyName~'MI'", &["u1"]);
    check("givenName~'É'", &["u1"]);
    check("givenName~'e'", &["u2"]);
    check("familyName~'a,d'", &[]);
}

#[test]
fn ordering_by_collation() {
    check("givenName>'c'", &["u1", "u2", "u3"]);
    check("givenName<='BOB'", &["u4"]);
    check("givenName<'bob'", &[]);
    check("givenName>='eva'", &["u1", "u2", "u3"]);
    check("givenName>'eva'", &["u1", "u3"]);
    check("givenName<'f'", &["u1", "u2", "u4"]);
}

#[test]
fn numbers_compare_numerically() {
    check("score>'9'", &["u1", "u2", "u3"]);
    check("score='10.0'", &["u1"]);
    check("score='1e1'", &["u1"]);
    check("score<'10'", &["u2"]);
    check("score<='10'", &["u1", "u2"]);
    check("score>='100'", &["u3"]);
    check("score~'0'", &["u1", "u3"]);
    // A literal that is not a number falls back to collation of the string forms.
    check("score>'abc'", &[]);
}

#[test]
fn booleans_compare_as_their_string_form() {
    check("enabledUser='true'", &["u1"]);
    check("enabledUser='TRUE'", &["u1"]);
    check("enabledUser='false'", &["u2"]);
}

#[test]
fn dates_compare_chronologically_with_offsets() {
    check("dateLastModified>'2024-03-01T10:00:00Z'", &[]);
    check("dateLastModified>='2024-03-01T10:00:00Z'", &["u1", "u4"]);
    check("dateLastModified='2024-03-01T10:00:00+00:00'", &["u1", "u4"]);
    check("dateLastModified='2024-03-01T12:00:00+02:00'", &["u1", "u4"]);
    check("dateLastModified='2024-03-01T09:30:00Z'", &["u2"]);
    check("dateLastModified<'2024-03-01T10:00:00+01:00'", &["u3"]);
    check("dateLastModified<'2024-03-01T05:00:00-04:30'", &["u3"]);
    check("dateLastModified<='2024-03-01T05:00:00-04:30'", &["u2", "u3"]);
    check("dateLastModified>'2023-12-31'", &["u1", "u2", "u4"]);
    check("dateLastModified='2023-12-31T00:00:00Z'", &["u3"]);
    check("dateLastModified<'2024-03-01'", &["u3"]);
    check("dateLastModified>'2024-03-01'", &["u1", "u2", "u4"]);
    // Not a date: collation of the strings.
    check("dateLastModified~'T10'", &["u1", "u4"]);
}

#[test]
fn array_fields_follow_the_specification() {
    check("grades='09,10'", &["u1"]);
    check("grades='09'", &[]);
    check("grades='09, 10'", &[]);
    check("grades='09,10,11'", &["u4"]);
    check("grades='11'", &["u2"]);
    check("grades!='09,10'", &["u2", "u3", "u4"]);
    check("grades~'10,11'", &["u1", "u2", "u4"]);
    check("grades~'11'", &["u2", "u4"]);
    check("grades~'12, 1'", &["u1", "u2", "u4"]);
    check("grades~'12,13'", &[]);
    check("grades>'10'", &["u2", "u4"]);
    check("grades<'10'", &["u1", "u4"]);
    // An empty array counts as missing.
    check("grades=''", &[]);
    check("grades!=''", &["u1", "u2", "u3", "u4"]);
}

#[test]
fn dot_notation_through_arrays_of_objects() {
    check("roles.org.sourcedId='x'", &["u2"]);
    check("roles.org.sourcedId='ORG-A'", &["u1", "u4"]);
    check("roles.role='student'", &["u1", "u4"]);
    check("roles.role='teacher'", &["u2"]);
    check("roles.role!='student'", &["u2", "u3"]);
    check("roles.role~'TEACH'", &["u2"]);
    check("roles.org.type='org'", &["u1"]);
}

#[test]
fn metadata_is_loosely_typed() {
    // 3 and 20 are JSON numbers (numeric comparison); "12" is a string (collation).
    check("metadata.level>'5'", &["u4"]);
    check("metadata.level<'5'", &["u1", "u2"]);
    check("metadata.level='3'", &["u1"]);
    check("metadata.level='3.0'", &["u1"]);
    check("metadata.level='12'", &["u2"]);
    check("metadata.tag='blue'", &["u1"]);
    check("metadata.codes~'y'", &["u1"]);
    check("metadata.codes='x1,y2'", &["u1"]);
    check("metadata.deep.er.path='x'", &[]);
    check("metadata.nothing!='x'", &["u1", "u2", "u3", "u4"]);
}

#[test]
fn connectives() {
    check("status='active' AND score>'9'", &["u1", "u3"]);
    check("status='active' AND score>'9' AND grades~'10'", &["u1"]);
    check("givenName='bob' OR familyName='adams'", &["u3", "u4"]);
    check("givenName='bob' OR familyName='adams' OR roles.org.sourcedId='x'", &["u2", "u3", "u4"]);
    check("status='active' and givenName='bob'", &["u4"]);
    check("  givenName = 'bob'   Or\tfamilyName  =  'adams'  ", &["u3", "u4"]);
}

#[test]
fn unknown_fields_are_errors() {
    for (filter, field) in [
        ("nope='x'", "nope"),
        ("givenName='x' AND nope.deeper='y'", "nope.deeper"),
        ("givenName.first='x'", "givenName.first"),
        ("roles.org.nope='x'", "roles.org.nope"),
        ("roles..role='x'", "roles..role"),
        ("GIVENNAME='x'", "GIVENNAME"),
    ] {
        let error = Filter::parse(filter).unwrap().check(&USER).unwrap_err();
        assert_eq!(error, QueryError::InvalidFilterField { field: field.to_owned() }, "{filter}");
        assert_eq!(error.code_minor(), "invalid_filter_field");
        assert_eq!(error.http_status(), 400);
    }
    // Open containers and nested records are known.
    for known in ["metadata.anything.at.all='x'", "roles='x'", "roles.org='x'"] {
        assert_eq!(Filter::parse(known).unwrap().check(&USER), Ok(()), "{known}");
    }
}

#[test]
fn fields_lists_paths() {
    let filter = Filter::parse("a='1' OR b.c='2' OR a='3'").unwrap();
    assert_eq!(filter.fields().collect::<Vec<_>>(), ["a", "b.c", "a"]);
}
