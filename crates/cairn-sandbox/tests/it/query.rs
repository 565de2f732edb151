//! Query mechanics over HTTP: paging with Link and X-Total-Count, filter, sort, fields.

use crate::harness::Harness;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paging_filter_sort_and_fields() {
    let h = Harness::start().await;
    let t = h.admin().await;
    let r = h.get(&t, "getAllUsers", &[], "limit=2&offset=2").await;
    assert_eq!(r.ids("users"), ["student2", "student3"]);
    assert_eq!(r.header("x-total-count"), Some("5"));
    let link = r.header("link").unwrap();
    let links = cairn_query::parse_link_header(link);
    let rel = |name: &str| links.iter().find(|l| l.rel == name).map(|l| l.url.clone());
    assert!(rel("next").unwrap().ends_with("/users?limit=2&offset=4"), "{link}");
    assert!(rel("prev").unwrap().ends_with("/users?limit=2&offset=0"), "{link}");
    assert!(rel("last").unwrap().ends_with("/users?limit=1&offset=4"), "{link}");

    let r = h.get(&t, "getAllUsers", &[], "filter=familyName%3D%27%C3%A1lvarez%27").await;
    assert_eq!(r.ids("users"), ["student1", "guardian1"], "case-insensitive, accent-sensitive");
    let r = h.get(&t, "getAllUsers", &[], "filter=roles.role%3D%27student%27%20AND%20givenName~%27o%27").await;
    assert_eq!(r.ids("users"), ["student1", "student2"]);
    let r = h.get(&t, "getAllClasses", &[], "filter=terms.sourcedId%3D%27t1%27%20OR%20title~%27P2%27").await;
    assert_eq!(r.ids("classes"), ["c1", "c2", "c3"]);
    let r = h.get(&t, "getAllResults", &[], "filter=score%3E%278%27").await;
    assert_eq!(r.ids("results"), ["res1"], "numeric comparison: 9 > 8");

    let r = h.get(&t, "getAllUsers", &[], "sort=givenName&orderBy=desc").await;
    assert_eq!(
        r.ids("users"),
        ["student2", "guardian1", "student1", "student3", "teacher1"],
        "Zoë, María, José, Amir, Ada"
    );
    let r = h.get(&t, "getAllUsers", &[], "fields=sourcedId,givenName&limit=1").await;
    assert_eq!(r.body["users"][0], serde_json::json!({"sourcedId": "teacher1", "givenName": "Ada"}));
    let r = h.get(&t, "getUser", &["student1"], "fields=familyName").await;
    assert_eq!(r.body["user"], serde_json::json!({"familyName": "Álvarez"}));
    let r = h.get(&t, "getAllCFDocuments", &[], "filter=title~%27math%27&fields=identifier").await;
    assert_eq!(r.body["CFDocuments"][0].as_object().unwrap().len(), 1);
    h.stop().await;
}

/// Filtered, sorted answers are remembered (and their fields' columns kept) until a write: after
/// every PUT, POST and DELETE the same query shows the change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn filtered_sorted_answers_follow_writes() {
    let h = Harness::start().await;
    let t = h.admin().await;
    let query = "filter=scoreStatus~%27ED%27%20OR%20score%3E%2710%27&sort=score&orderBy=desc";
    let ask = || async { h.get(&t, "getAllResults", &[], query).await };
    let r = ask().await;
    assert_eq!(r.ids("results"), ["res1", "res2"], "graded 9, then submitted without a score");
    assert_eq!(r.header("x-total-count"), Some("2"));
    let result = |id: &str, status: &str, score: f64| {
        serde_json::json!({"sourcedId": id, "status": "active", "dateLastModified": "2025-09-18T00:00:00.000Z",
        "lineItem": {"href": "https://x/lineItems/l1", "sourcedId": "l1", "type": "lineItem"},
        "student": {"href": "https://x/users/student3", "sourcedId": "student3", "type": "user"},
        "scoreStatus": status, "score": score, "scoreDate": "2025-09-18"})
    };

    let (harness, token) = (&h, &t);
    let put = |id: &'static str, body| async move {
        let r = harness.call(token, "putResult", &[id], "", Some(serde_json::json!({"result": body}))).await;
        assert!([200, 201].contains(&r.status), "{}", r.body);
    };
    put("res9", result("res9", "not submitted", 12.0)).await;
    assert_eq!(ask().await.ids("results"), ["res9", "res1", "res2"], "a new record, by its score");
    put("res9", result("res9", "partially graded", 1.0)).await;
    assert_eq!(ask().await.ids("results"), ["res1", "res9", "res2"], "a replaced record moves");
    put("res1", result("res1", "missing", 9.0)).await;
    assert_eq!(ask().await.ids("results"), ["res9", "res2"], "a replaced record leaves");

    let posted = h
        .call(
            &t,
            "postResultsForLineItem",
            &["l1"],
            "",
            Some(serde_json::json!({"results": [result("p1", "submitted", 5.0)]})),
        )
        .await;
    assert_eq!(posted.status, 201, "{}", posted.body);
    let allocated = posted.body["sourcedIdPairs"][0]["allocatedSourcedId"].as_str().unwrap().to_owned();
    let r = ask().await;
    assert_eq!(r.ids("results"), [allocated.as_str(), "res9", "res2"], "a posted record");
    assert_eq!(r.header("x-total-count"), Some("3"));

    assert_eq!(h.call(&t, "deleteResult", &["res9"], "", None).await.status, 204);
    let r = ask().await;
    assert_eq!(r.ids("results"), [allocated.as_str(), "res2"], "a deleted record");
    assert_eq!(r.header("x-total-count"), Some("2"));
    h.stop().await;
}
