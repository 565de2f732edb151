//! Writes survive a restart with `--db`; the 1edtech dialect serves the same data at its paths
//! with `imsx_` status objects.

use cairn_spec::Dialect;
use serde_json::json;

use crate::harness::{Harness, Options};
use crate::world::NOW;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.sqlite");
    let h = Harness::start_with(Options { db: Some(db.clone()), ..Options::default() }).await;
    let t = h.admin().await;
    let category =
        json!({"category": {"sourcedId": "kept", "status": "active", "dateLastModified": NOW, "title": "Kept"}});
    assert_eq!(h.call(&t, "putCategory", &["kept"], "", Some(category)).await.status, 201);
    assert_eq!(h.call(&t, "deleteResult", &["res3"], "", None).await.status, 204);
    let posted = h
        .call(&t, "postResultsForLineItem", &["l2"], "", Some(json!({"results": [{"sourcedId": "mine", "status": "active",
            "dateLastModified": NOW, "student": {"href": "https://x/users/student3", "sourcedId": "student3", "type": "user"},
            "scoreStatus": "late", "scoreDate": "2025-09-20", "late": "true"}]})))
        .await;
    assert_eq!(posted.status, 201);
    let allocated = posted.body["sourcedIdPairs"][0]["allocatedSourcedId"].as_str().unwrap().to_owned();
    h.stop().await;

    let h = Harness::start_with(Options { db: Some(db), seed: false, ..Options::default() }).await;
    let t = h.admin().await;
    assert_eq!(h.get(&t, "getCategory", &["kept"], "").await.body["category"]["title"], "Kept");
    assert_eq!(h.get(&t, "getResult", &["res3"], "").await.status, 404);
    assert_eq!(h.get(&t, "getResult", &[&allocated], "").await.body["result"]["scoreStatus"], "late");
    assert_eq!(h.get(&t, "getAllUsers", &[], "").await.ids("users").len(), 5);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_1edtech_dialect() {
    let h = Harness::start_with(Options { dialect: Dialect::one_edtech(), ..Options::default() }).await;
    let t = h.admin().await;
    let url = h.url("getAllUsers", &[], "");
    assert!(url.contains("/ims/oneroster/rostering/v1p2/users"), "{url}");
    assert_eq!(h.get(&t, "getAllUsers", &[], "").await.ids("users").len(), 5);
    let r = h.get(&t, "getUser", &["nobody"], "").await;
    assert_eq!(r.body["imsx_codeMajor"], "failure", "{}", r.body);
    assert_eq!(r.body["imsx_CodeMinor"]["imsx_codeMinorField"][0]["imsx_codeMinorFieldValue"], "unknownobject");
    let r = h.get(&t, "getCFItem", &["nope"], "").await;
    assert_eq!(r.body["imsx_codeMinor"]["imsx_codeMinorField"][0]["imsx_codeMinorFieldValue"], "invalid_uuid");
    let doc = h
        .http
        .get(format!(
            "{}/ims/oneroster/rostering/v1p2/discovery/rosterv1p2rosteringservice_openapi3_v1p0.json",
            h.base_url
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(doc.status(), 200);
    let doc: serde_json::Value = doc.json().await.unwrap();
    assert_eq!(doc["servers"][0]["url"], format!("{}/ims/oneroster/rostering/v1p2", h.base_url));
    h.stop().await;
}
