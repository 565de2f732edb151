//! Whole queries: reading parameters, writing them back, running them in memory.

use cairn_query::{Filter, Order, Page, Paging, Pred, Query, QueryError, Selection, Sort, Warning};
use serde_json::json;

use crate::shapes::{USER, ids, users};

#[test]
fn from_params() {
    let query = Query::from_params([
        ("filter", "status='active'"),
        ("sort", "givenName"),
        ("orderBy", "desc"),
        ("fields", "sourcedId,givenName"),
        ("limit", "2"),
        ("offset", "1"),
        ("unknown", "ignored"),
        ("Limit", "not me: names are case-sensitive"),
    ])
    .unwrap();
    assert_eq!(
        query,
        Query {
            paging: Paging::new(2, 1).unwrap(),
            filter: Some(Filter::clause("status", Pred::Eq, "active").unwrap()),
            sort: Some(Sort::desc("givenName")),
            fields: Some(Selection::new(["sourcedId", "givenName"]).unwrap()),
        }
    );
    assert_eq!(Query::from_params(Vec::<(String, String)>::new()), Ok(Query::default()));
}

#[test]
fn repeated_parameters_last_wins() {
    let query = Query::from_params([("limit", "0"), ("limit", "5"), ("sort", "a"), ("sort", "b")]).unwrap();
    assert_eq!(query.paging.limit(), 5);
    assert_eq!(query.sort, Some(Sort::asc("b")));
}

#[test]
fn errors() {
    let table: &[(&[(&str, &str)], &str)] = &[
        (&[("limit", "0")], "invaliddata"),
        (&[("offset", "-1")], "invaliddata"),
        (&[("orderBy", "sideways")], "invaliddata"),
        (&[("filter", "a=b")], "invalid_filter_field"),
        (&[("filter", "")], "invalid_filter_field"),
        (&[("fields", "a,,b")], "invalid_selection_field"),
        (&[("fields", "")], "invalid_selection_field"),
        // limit is checked before filter.
        (&[("filter", "a=b"), ("limit", "x")], "invaliddata"),
    ];
    for (params, code) in table {
        let error = Query::from_params(params.iter().copied()).unwrap_err();
        assert_eq!(error.code_minor(), *code, "{params:?}");
        assert_eq!((error.http_status(), error.code_major(), error.severity()), (400, "failure", "error"));
    }
}

#[test]
fn to_params_round_trips() {
    let query = Query {
        paging: Paging::new(7, 14).unwrap(),
        filter: Some(Filter::clause("givenName", Pred::Contains, "O'Br & co").unwrap()),
        sort: Some(Sort::asc("roles.org.sourcedId")),
        fields: Some(Selection::new(["sourcedId", "roles.role"]).unwrap()),
    };
    let params = query.to_params();
    assert_eq!(
        params,
        [
            ("filter", "givenName~'O''Br & co'".to_owned()),
            ("sort", "roles.org.sourcedId".to_owned()),
            ("orderBy", "asc".to_owned()),
            ("fields", "sourcedId,roles.role".to_owned()),
            ("limit", "7".to_owned()),
            ("offset", "14".to_owned()),
        ]
    );
    assert_eq!(Query::from_params(params), Ok(query.clone()));
    assert_eq!(
        query.to_query_string(),
        "filter=givenName~%27O%27%27Br%20%26%20co%27&sort=roles.org.sourcedId&orderBy=asc\
         &fields=sourcedId%2Croles.role&limit=7&offset=14"
    );
    assert_eq!(Query::default().to_query_string(), "limit=100&offset=0");
    assert_eq!(Query::from_query_string(&query.to_query_string()), Ok(query));
}

#[test]
fn from_query_string_decodes() {
    let query = Query::from_query_string("?filter=givenName%3D%27Ann+Lee%27&&limit=5&flag&sort=a%2Eb").unwrap();
    assert_eq!(query.filter, Some(Filter::clause("givenName", Pred::Eq, "Ann Lee").unwrap()));
    assert_eq!(query.sort, Some(Sort::asc("a.b")));
    assert_eq!(query.paging.limit(), 5);
    assert_eq!(Query::from_query_string(""), Ok(Query::default()));
    assert_eq!(Query::from_query_string("limit").unwrap_err(), QueryError::InvalidLimit { value: String::new() });
}

#[test]
fn run_filters_sorts_pages_and_selects() {
    let query = Query::from_params([
        ("filter", "status='active'"),
        ("sort", "givenName"),
        ("fields", "sourcedId,givenName"),
        ("limit", "2"),
        ("offset", "1"),
    ])
    .unwrap();
    let page = query.run(users(), &USER).unwrap();
    assert_eq!(
        page,
        Page {
            // active users sorted by givenName: bob (u4), Éva (u1), Zoë (u3); page 1..3.
            records: vec![
                json!({"sourcedId": "u1", "givenName": "Éva"}),
                json!({"sourcedId": "u3", "givenName": "Zoë"})
            ],
            total: 3,
            warnings: vec![],
        }
    );
}

#[test]
fn run_keeps_default_order_for_unknown_sort_fields() {
    let query = Query { sort: Some(Sort { field: "nope".into(), order: Order::Desc }), ..Query::default() };
    let page = query.run(users(), &USER).unwrap();
    assert_eq!(ids(&page.records), ["u1", "u2", "u3", "u4"]);
    assert_eq!(page.warnings, [Warning::InvalidSortField { field: "nope".into() }]);
    assert_eq!(page.total, 4);
}

#[test]
fn run_rejects_unknown_filter_fields() {
    let query = Query::from_params([("filter", "nope='x'")]).unwrap();
    assert_eq!(query.run(users(), &USER), Err(QueryError::InvalidFilterField { field: "nope".into() }));
}

#[test]
fn run_past_the_end() {
    let query = Query { paging: Paging::new(10, 50).unwrap(), ..Query::default() };
    let page = query.run(users(), &USER).unwrap();
    assert!(page.records.is_empty());
    assert_eq!(page.total, 4);
}
