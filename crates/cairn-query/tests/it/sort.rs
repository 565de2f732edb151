//! Sorting: collation, types, arrays, missing values, stability, warnings, parameters.

use cairn_query::{Order, QueryError, Sort, Warning};
use serde_json::{Value, json};

use crate::shapes::{USER, ids, users};

/// Sorts `records` by `field` in `order` and asserts the `sourcedId` order.
fn check(records: &[Value], field: &str, order: Order, expect: &[&str]) {
    let sort = Sort { field: field.to_owned(), order };
    assert_eq!(sort.check(&USER), None);
    let mut sorted = records.to_vec();
    sort.apply(&mut sorted, &USER);
    assert_eq!(ids(&sorted), expect, "sort by {field} {order:?}");
    // `compare` agrees with `apply`.
    for pair in sorted.windows(2) {
        assert_ne!(sort.compare(&pair[0], &pair[1], &USER), std::cmp::Ordering::Greater);
    }
}

/// Records with only a sourcedId and a givenName (or none when `name` is None).
fn named(names: &[Option<&str>]) -> Vec<Value> {
    names
        .iter()
        .map(|name| match name {
            Some(name) => json!({"sourcedId": name, "givenName": name}),
            None => json!({"sourcedId": "-"}),
        })
        .collect()
}

#[test]
fn unicode_collation_ignoring_case() {
    let records = named(&[Some("c"), None, Some("é"), Some("B"), Some("f"), Some("a"), Some("e"), Some("É")]);
    check(&records, "givenName", Order::Asc, &["a", "B", "c", "e", "é", "É", "f", "-"]);
    check(&records, "givenName", Order::Desc, &["f", "é", "É", "e", "c", "B", "a", "-"]);
}

#[test]
fn numbers_sort_numerically() {
    // 10, 9.5, "100", null
    check(&users(), "score", Order::Asc, &["u2", "u1", "u3", "u4"]);
    check(&users(), "score", Order::Desc, &["u3", "u1", "u2", "u4"]);
}

#[test]
fn dates_sort_chronologically() {
    // u2 is 09:30Z written with +02:00; u1 and u4 are the same instant (stable order).
    check(&users(), "dateLastModified", Order::Asc, &["u3", "u2", "u1", "u4"]);
    check(&users(), "dateLastModified", Order::Desc, &["u1", "u4", "u2", "u3"]);
}

#[test]
fn arrays_sort_by_their_first_value() {
    // grades: ["09","10"], ["11"], [], ["09","10","11"]; the empty array is missing.
    check(&users(), "grades", Order::Asc, &["u1", "u4", "u2", "u3"]);
    check(&users(), "grades", Order::Desc, &["u2", "u1", "u4", "u3"]);
    // Through an array of objects: the first role's org.
    check(&users(), "roles.org.sourcedId", Order::Desc, &["u2", "u1", "u4", "u3"]);
    check(&users(), "roles.role", Order::Asc, &["u1", "u4", "u2", "u3"]);
}

#[test]
fn metadata_sorts_numbers_before_text() {
    // level: 3, "12", missing, 20
    check(&users(), "metadata.level", Order::Asc, &["u1", "u4", "u2", "u3"]);
    check(&users(), "metadata.level", Order::Desc, &["u2", "u4", "u1", "u3"]);
}

#[test]
fn mixed_values_still_sort_totally() {
    let records: Vec<Value> = [json!(3), json!("abc"), json!("2"), json!(true), json!("x"), json!(1.5), json!(null)]
        .into_iter()
        .enumerate()
        .map(|(i, score)| json!({"sourcedId": i.to_string(), "score": score}))
        .collect();
    check(&records, "score", Order::Asc, &["5", "2", "0", "1", "3", "4", "6"]);
}

#[test]
fn unknown_fields_warn() {
    for field in ["nope", "", "givenName.x", "roles.org.nope"] {
        let sort = Sort::asc(field);
        let warning = sort.check(&USER).unwrap();
        assert_eq!(warning, Warning::InvalidSortField { field: field.to_owned() });
        assert_eq!(warning.code_minor(), "invalid_sort_field");
        assert_eq!((warning.code_major(), warning.severity(), warning.http_status()), ("success", "warning", 200));
    }
    assert_eq!(Sort::desc("metadata.any.thing").check(&USER), None);
}

#[test]
fn parameters() {
    type Row<'a> = (Option<&'a str>, Option<&'a str>, Result<Option<Sort>, QueryError>);
    let table: &[Row<'_>] = &[
        (None, None, Ok(None)),
        (None, Some("desc"), Ok(None)),
        (Some("givenName"), None, Ok(Some(Sort::asc("givenName")))),
        (Some(" givenName "), Some("asc"), Ok(Some(Sort::asc("givenName")))),
        (Some("givenName"), Some("DESC"), Ok(Some(Sort::desc("givenName")))),
        (Some("givenName"), Some(" Desc "), Ok(Some(Sort::desc("givenName")))),
        (Some(""), None, Ok(Some(Sort::asc("")))),
        (Some("givenName"), Some("descending"), Err(QueryError::InvalidOrderBy { value: "descending".into() })),
        (Some("givenName"), Some(""), Err(QueryError::InvalidOrderBy { value: String::new() })),
        (None, Some("up"), Err(QueryError::InvalidOrderBy { value: "up".into() })),
    ];
    for (sort, order_by, expect) in table {
        assert_eq!(&Sort::parse(*sort, *order_by), expect, "{sort:?} {order_by:?}");
    }
    let error = Sort::parse(Some("a"), Some("sideways")).unwrap_err();
    assert_eq!(error.code_minor(), "invaliddata");
    assert_eq!(error.to_string(), "orderBy must be \"asc\" or \"desc\", got \"sideways\"");
}
