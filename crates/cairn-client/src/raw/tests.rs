//! Reading collection answers as text while they stream: every record's text exactly as sent,
//! the same records and errors as reading them as values, wherever the chunks split the body;
//! a page of records without end stops at the most a page may hold.

use cairn_spec::operations::operation;
use serde_json::Value;

use super::stream::take_raw_records as streamed;
use super::*;
use crate::reply::take_records;

fn users() -> &'static cairn_spec::operations::Operation {
    operation("getAllUsers").unwrap()
}

/// The records of a whole body, streamed in chunks of one byte, seven bytes and at once; each
/// way must read the same.
fn take_raw_records(
    operation: &'static cairn_spec::operations::Operation,
    body: Vec<u8>,
) -> Result<RawPage, ClientError> {
    let whole = streamed(operation, &body, body.len());
    for chunk in [1, 7] {
        let split = streamed(operation, &body, chunk);
        assert_eq!(format!("{split:?}"), format!("{whole:?}"), "chunks of {chunk}");
    }
    whole
}

#[test]
fn records_keep_their_text_exactly() {
    let body = r#"{ "users" : [ {"sourcedId":"u1","x-ext":{"a":[1,2.50,"\u00e9"]},"n":1e3} ,
        {"sourcedId": "u2", "metadata": {"ext:k": null}}, 7, "s", [1], null ], "extra": {"users": "not these"} }"#;
    let page = take_raw_records(users(), body.as_bytes().to_vec()).unwrap();
    let texts: Vec<&str> = page.records().collect();
    assert_eq!(
        texts,
        [
            r#"{"sourcedId":"u1","x-ext":{"a":[1,2.50,"\u00e9"]},"n":1e3}"#,
            r#"{"sourcedId": "u2", "metadata": {"ext:k": null}}"#,
            "7",
            r#""s""#,
            "[1]",
            "null"
        ]
    );
    assert_eq!((page.len(), page.get(1), page.get(6)), (6, Some(texts[1]), None));
    let values = take_records(users(), serde_json::from_str(body).ok()).unwrap();
    let reparsed: Vec<Value> = texts.iter().map(|t| serde_json::from_str(t).unwrap()).collect();
    assert_eq!(reparsed, values, "the same records as reading values");
}

#[test]
fn a_lone_object_and_a_repeated_property_read_as_values_do() {
    for body in [
        r#"{"users": {"sourcedId": "only"}}"#,
        r#"{"users": [{"sourcedId": "first"}], "users": {"sourcedId": "only"}}"#,
        r#"{"users": {"sourcedId": "first"}, "users": [{"sourcedId": "only"}]}"#,
        r#"{"users": []}"#,
    ] {
        let page = take_raw_records(users(), body.as_bytes().to_vec()).unwrap();
        let values = take_records(users(), serde_json::from_str(body).ok()).unwrap();
        let reparsed: Vec<Value> = page.records().map(|t| serde_json::from_str(t).unwrap()).collect();
        assert_eq!(reparsed, values, "{body}");
    }
}

#[test]
fn answers_without_the_wrapper_or_not_json_are_the_same_errors() {
    for body in ["", r#"{}"#, r#"{"orgs": []}"#, r#"{"users": null}"#, r#"{"users": "x"}"#, "[]", "3"] {
        let error = take_raw_records(users(), body.as_bytes().to_vec()).unwrap_err();
        assert!(matches!(error, ClientError::MissingWrapper { .. }), "{body}: {error}");
        assert_eq!(error.to_string(), "getAllUsers: the answer has no \"users\" array");
    }
    for body in [&b"{\"users\": [{\"sourcedId\": \"u1\"}"[..], b"{\"users\": []} x", b"  ", b"{\"users\": [\"\xff\"]}"]
    {
        let error = take_raw_records(users(), body.to_vec()).unwrap_err();
        assert!(matches!(error, ClientError::MalformedBody { .. }), "{body:?}: {error}");
    }
    assert!(matches!(
        take_raw_records(operation("getUser").unwrap(), b"{}".to_vec()),
        Err(ClientError::NotACollection { .. })
    ));
}

#[test]
fn pages_can_be_made_from_records() {
    let page = RawPage::from_records([r#"{"sourcedId":"a"}"#, r#"{"sourcedId":"b"}"#]);
    assert_eq!(page.records().collect::<Vec<_>>(), [r#"{"sourcedId":"a"}"#, r#"{"sourcedId":"b"}"#]);
    assert!(!page.is_empty() && RawPage::from_records([]).is_empty());
    assert_eq!(format!("{page:?}"), "RawPage { records: 2, bytes: 34 }");
}

#[test]
fn a_page_of_records_without_end_stops_at_the_most_a_page_holds() {
    let most = most_records(100);
    assert_eq!((most, most_records(1000), most_records(5000)), (10_000, 10_000, 50_000));
    let body = |records: u64| format!("{{\"users\": [{}]}}", vec![r#"{"sourcedId":"u"}"#; records as usize].join(","));
    assert_eq!(streamed(users(), body(most).as_bytes(), 4096).unwrap().len() as u64, most);
    let error = streamed(users(), body(most + 1).as_bytes(), 4096).unwrap_err();
    assert!(matches!(error, ClientError::PageTooLong { most: 10_000, .. }), "{error:?}");
    assert!(error.to_string().contains("more than 10000 records"), "{error}");
}
