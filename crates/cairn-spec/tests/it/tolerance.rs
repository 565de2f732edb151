//! What real servers get wrong is read, kept as given, and reported as a warning.

use cairn_spec::case::{CfAssociation, CfItem, PackageFile};
use cairn_spec::roster::{Enrollment, User};
use cairn_spec::{Read, Rule, Wire, read};
use serde_json::{Value, json};

fn read_as<T: Wire>(value: Value) -> Read<T> {
    let read = read::<T>(value.clone(), "an object").unwrap();
    assert_eq!(read.value.to_json(), value, "lossless");
    read
}

fn warned(read_warnings: &[cairn_spec::Issue]) -> Vec<(&str, Rule)> {
    read_warnings.iter().map(|w| (w.path.as_str(), w.rule)).collect()
}

fn item() -> Value {
    json!({
        "identifier": "a33fc64e-5c40-11e7-82c4-3d54268aa9ee",
        "uri": "https://example.org/CFItems/a33fc64e-5c40-11e7-82c4-3d54268aa9ee",
        "fullStatement": "Add within 20.",
        "lastChangeDateTime": "2024-01-02T03:04:05Z",
        "CFDocumentURI": {"title": "Math", "identifier": "b1750dc6-f058-11e7-b894-8d445e7af8cb", "uri": "https://example.org/d"}
    })
}

#[test]
fn a_clean_item_has_no_warning() {
    let read = read_as::<CfItem>(item());
    assert!(read.warnings.is_empty(), "{:?}", read.warnings);
    assert_eq!(read.value.full_statement.as_deref(), Some("Add within 20."));
}

#[test]
fn a_link_given_as_a_plain_string() {
    let mut v = item();
    v["CFDocumentURI"] = json!("https://example.org/CFDocuments/b1750dc6-f058-11e7-b894-8d445e7af8cb");
    let read = read_as::<CfItem>(v);
    assert_eq!(warned(&read.warnings), [("$.CFDocumentURI", Rule::LinkAsString)]);
}

#[test]
fn a_timestamp_without_timezone() {
    let mut v = item();
    v["lastChangeDateTime"] = json!("2017-05-25T18:05:33");
    let read = read_as::<CfItem>(v);
    assert_eq!(warned(&read.warnings), [("$.lastChangeDateTime", Rule::DateTimeWithoutTimezone)]);
    let instant = read.value.last_change_date_time.unwrap().instant().unwrap();
    assert_eq!(instant.nanos(), 1_495_735_533 * 1_000_000_000, "read as UTC");
}

#[test]
fn a_single_string_where_an_array_belongs() {
    let mut v = item();
    v["educationLevel"] = json!("KG");
    let read = read_as::<CfItem>(v);
    assert_eq!(warned(&read.warnings), [("$.educationLevel", Rule::SingleForArray)]);
    let levels: Vec<_> = read.value.education_level.unwrap().iter().map(|t| t.to_string()).collect();
    assert_eq!(levels, ["KG"]);
}

#[test]
fn a_wrapped_package() {
    let package = json!({"CFPackage": {
        "CFDocument": {"identifier": "b1750dc6-f058-11e7-b894-8d445e7af8cb", "uri": "https://example.org/d",
            "creator": "Cairn", "title": "T", "lastChangeDateTime": "2024-01-02T03:04:05Z"},
        "CFItems": [], "CFAssociations": []
    }});
    let read = PackageFile::read(package.to_string().as_bytes()).unwrap();
    assert!(read.value.wrapped);
    assert_eq!(warned(&read.warnings), [("$", Rule::PackageWrapped)]);
    assert_eq!(read.value.to_json(), package);
    assert_eq!(read.value.package.document.unwrap().title.as_deref(), Some("T"));
}

#[test]
fn inactive_status_means_tobedeleted() {
    let enrollment = json!({
        "sourcedId": "e1", "status": "inactive", "dateLastModified": "2024-01-02T03:04:05.000Z",
        "user": {"href": "https://x/users/u1", "sourcedId": "u1", "type": "user"},
        "class": {"href": "https://x/classes/c1", "sourcedId": "c1", "type": "class"},
        "school": {"href": "https://x/orgs/s1", "sourcedId": "s1", "type": "org"},
        "role": "student"
    });
    let read = read_as::<Enrollment>(enrollment);
    assert!(read.value.is_to_be_deleted());
    assert_eq!(warned(&read.warnings), [("$.status", Rule::DeprecatedTerm)]);
}

#[test]
fn booleans_in_the_wrong_form_and_terms_in_the_wrong_case() {
    let user = json!({
        "sourcedId": "u1", "status": "Active", "dateLastModified": "2024-01-02T03:04:05.000Z",
        "enabledUser": "TRUE", "givenName": "Ada", "familyName": "Lovelace",
        "roles": [{"roleType": "primary", "role": "student",
            "org": {"href": "https://x/orgs/s1", "sourcedId": "s1", "type": "org"}}],
        "agents": [], "x-vendor": {"kept": true}
    });
    let read = read_as::<User>(user);
    assert_eq!(warned(&read.warnings), [("$.status", Rule::TermCase), ("$.enabledUser", Rule::TrueFalse)]);
    assert!(read.value.enabled_user.unwrap().get());
    assert_eq!(read.value.rest["x-vendor"], json!({"kept": true}), "unknown properties survive");
}

#[test]
fn nulls_mistyped_values_and_numbers_as_strings_are_kept() {
    let association = json!({
        "identifier": "a5eb02f4-b8df-11e7-b06e-b17e31351e5a", "associationType": "isChildOf",
        "sequenceNumber": "7", "uri": "https://example.org/a",
        "originNodeURI": {"title": "o", "identifier": "http://asn/S1", "uri": "https://example.org/o"},
        "destinationNodeURI": {"title": "d", "identifier": "http://asn/D1", "uri": "https://example.org/d"},
        "CFAssociationGroupingURI": {"title": "g", "identifier": "5a411e1a-7137-11e6-92a8-0242ac130002", "uri": null},
        "lastChangeDateTime": "2024-01-02T03:04:05Z",
        "notes": 42
    });
    let read = read_as::<CfAssociation>(association);
    assert_eq!(read.value.sequence_number.as_ref().map(|n| n.get()), Some(7));
    assert_eq!(
        warned(&read.warnings),
        [
            ("$.sequenceNumber", Rule::NumberAsString),
            ("$.CFAssociationGroupingURI.uri", Rule::NullValue),
            ("$.notes", Rule::Mistyped)
        ]
    );
    assert_eq!(read.value.origin_id(), Some("http://asn/S1"));
}

#[test]
fn a_bad_element_of_a_list_keeps_the_others() {
    let package = json!({
        "CFDocument": {"identifier": "b1750dc6-f058-11e7-b894-8d445e7af8cb", "uri": "https://example.org/d",
            "creator": "Cairn", "title": "T", "lastChangeDateTime": "2024-01-02T03:04:05Z"},
        "CFItems": [item(), "not an item", item()]
    });
    let read = PackageFile::read(package.to_string().as_bytes()).unwrap();
    let items = read.value.package.items.as_ref().unwrap();
    assert_eq!((items.len(), items.rejected().len()), (2, 1));
    assert_eq!(warned(&read.warnings), [("$.CFItems[1]", Rule::Mistyped)]);
    assert_eq!(read.value.to_json(), package, "the bad element stays where it was");
}

#[test]
fn what_cannot_be_read_at_all_is_a_clear_error() {
    let err = PackageFile::read(b"{\"CFDocument\": ").unwrap_err();
    assert!(err.to_string().contains("line 1"), "{err}");
    let err = PackageFile::read(b"[1, 2]").unwrap_err();
    assert_eq!(err.to_string(), "expected a CFPackage object at $, found an array");
}
