//! Error answers: the status object with the right codeMajor, severity and codeMinor.

use serde_json::json;

use crate::harness::{Harness, Reply};
use crate::world::NOW;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn query_errors() {
    let h = Harness::start().await;
    let t = h.admin().await;
    for (query, code) in [
        ("filter=nosuchfield%3D%27x%27", "invalid_filter_field"),
        ("filter=givenName%3D%27unterminated", "invalid_filter_field"),
        ("fields=givenName,,familyName", "invalid_selection_field"),
        ("limit=0", "invaliddata"),
        ("limit=ten", "invaliddata"),
        ("offset=-1", "invaliddata"),
    ] {
        let r = h.get(&t, "getAllUsers", &[], query).await;
        assert_eq!((r.status, r.code_minor().as_str()), (400, code), "{query}: {}", r.body);
        let status = cairn_spec::StatusInfo::from_json(&r.body).unwrap();
        assert_eq!((status.code_major.as_str(), status.severity.as_str()), ("failure", "error"));
        assert!(!status.description.unwrap_or_default().is_empty());
    }
    // An unknown sort field is a 200 with a warning, in default order.
    let r = h.get(&t, "getAllUsers", &[], "sort=shoeSize").await;
    assert_eq!(r.status, 200);
    assert_eq!(r.ids("users")[0], "teacher1");
    let warning: serde_json::Value = serde_json::from_str(r.header("x-status").unwrap()).unwrap();
    assert_eq!(warning["svc_codeMajor"], "success");
    assert_eq!(warning["svc_severity"], "warning");
    assert_eq!(warning["svc_codeMinor"]["svc_codeMinorField"][0]["svc_codeMinorFieldValue"], "invalid_sort_field");
    // Unknown records, paths and methods.
    let r = h.get(&t, "getUser", &["nobody"], "").await;
    assert_eq!((r.status, r.code_minor().as_str()), (404, "unknownobject"));
    let r = Reply::from(
        h.http.get(format!("{}/api/roster/rostering/v1p2/nothing", h.base_url)).bearer_auth(&t).send().await.unwrap(),
    )
    .await;
    assert_eq!(r.status, 404);
    let r = Reply::from(h.http.delete(h.url("getUser", &["student1"], "")).bearer_auth(&t).send().await.unwrap()).await;
    assert_eq!(r.status, 405);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rejected_writes_say_why_and_change_nothing() {
    let h = Harness::start().await;
    let t = h.admin().await;
    let put = |body| h.call(&t, "putResult", &["r9"], "", Some(body));
    let result = json!({"result": {"sourcedId": "r9", "status": "active", "dateLastModified": NOW,
        "lineItem": {"href": "https://x/lineItems/l1", "sourcedId": "l1", "type": "lineItem"},
        "student": {"href": "https://x/users/student1", "sourcedId": "student1", "type": "user"},
        "scoreStatus": "fully graded", "score": 7, "scoreDate": "2025-09-09"}});

    let mut wrong_id = result.clone();
    wrong_id["result"]["sourcedId"] = json!("r10");
    let r = put(wrong_id).await;
    assert_eq!((r.status, r.code_minor().as_str()), (422, "invaliddata"));
    assert!(r.body["svc_description"].as_str().unwrap().contains("must be equal"), "{}", r.body);

    let mut invalid = result.clone();
    invalid["result"]["scoreStatus"] = json!("great");
    invalid["result"]["scoreDate"] = json!("yesterday");
    let r = put(invalid).await;
    assert_eq!(r.status, 422);
    let description = r.body["svc_description"].as_str().unwrap();
    assert!(
        description.contains("$.result.scoreStatus") && description.contains("$.result.scoreDate"),
        "{description}"
    );

    let mut dangling = result.clone();
    dangling["result"]["lineItem"]["sourcedId"] = json!("no-such-line-item");
    let r = put(dangling).await;
    assert_eq!(r.status, 422);
    assert!(r.body["svc_description"].as_str().unwrap().contains("no line item"), "{}", r.body);

    let r = Reply::from(
        h.http
            .put(h.url("putResult", &["r9"], ""))
            .bearer_auth(&t)
            .header("Content-Type", "application/json")
            .body("{\"result\": ")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(r.status, 422);
    assert!(r.body["svc_description"].as_str().unwrap().contains("not JSON"));

    // Over the size limit: refused from Content-Length without reading the body. The client may
    // see the 413 or, still writing when the server closes, a broken connection.
    let huge = format!("{{\"result\": \"{}\"}}", "x".repeat(100 * 1024));
    match h.http.put(h.url("putResult", &["r9"], "")).bearer_auth(&t).body(huge).send().await {
        Ok(response) => assert_eq!(response.status(), 413),
        Err(error) => assert!(error.is_request(), "{error}"),
    }

    assert_eq!(h.get(&t, "getResult", &["r9"], "").await.status, 404, "nothing was stored");
    assert_eq!(put(result).await.status, 201);
    let stored = h.get(&t, "getResult", &["r9"], "").await;
    assert_eq!(stored.body["result"]["dateLastModified"], "2025-08-01T12:00:00.000Z", "the server sets the time");

    // A POST with one bad record stores none of them.
    let good = json!({"sourcedId": "p1", "status": "active", "dateLastModified": NOW,
        "student": {"href": "https://x/users/student1", "sourcedId": "student1", "type": "user"}, "scoreStatus": "submitted", "scoreDate": "2025-10-09"});
    let mut bad = good.clone();
    bad["student"]["sourcedId"] = json!("ghost");
    let r = h.call(&t, "postResultsForLineItem", &["l1"], "", Some(json!({"results": [good, bad]}))).await;
    assert_eq!(r.status, 422);
    assert!(r.body["svc_description"].as_str().unwrap().contains("$.results[1].student"), "{}", r.body);
    assert_eq!(
        h.get(&t, "getResultsForLineItemForClass", &["c1", "l1"], "").await.ids("results"),
        ["res1", "res2", "r9"]
    );
    let r = h.call(&t, "postResultsForLineItem", &["nope"], "", Some(json!({"results": []}))).await;
    assert_eq!(r.status, 404);
    h.stop().await;
}
