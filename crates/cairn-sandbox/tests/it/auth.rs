//! The token endpoint and scopes: RFC 6749 answers, bearer checks, one scope per operation.

use cairn_sandbox::DEFAULT_SCOPE_BASE;
use cairn_spec::operations::OPERATIONS;
use serde_json::Value;

use crate::harness::{Harness, Reply};

async fn token_request(h: &Harness, basic: Option<(&str, &str)>, body: &str, get: bool) -> Reply {
    let url = format!("{}/token", h.base_url);
    let mut request = if get { h.http.get(format!("{url}?{body}")) } else { h.http.post(url).body(body.to_owned()) };
    request = request.header("Content-Type", "application/x-www-form-urlencoded");
    if let Some((id, secret)) = basic {
        request = request.basic_auth(id, Some(secret));
    }
    Reply::from(request.send().await.unwrap()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_endpoint_follows_rfc_6749() {
    let h = Harness::start().await;
    let scope = format!("{DEFAULT_SCOPE_BASE}/roster.readonly%20{DEFAULT_SCOPE_BASE}/gradebook.readonly");
    let r =
        token_request(&h, Some(("roster", "secret")), &format!("grant_type=client_credentials&scope={scope}"), false)
            .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["token_type"], "bearer");
    assert_eq!(r.body["expires_in"], 3600);
    assert_eq!(r.body["scope"], format!("{DEFAULT_SCOPE_BASE}/roster.readonly"), "only what the client may hold");
    assert_eq!(r.header("cache-control"), Some("no-store"));
    assert_eq!(r.header("pragma"), Some("no-cache"));
    assert!(r.header("content-type").unwrap().starts_with("application/json"));

    let r = token_request(
        &h,
        Some(("all", "secret")),
        &format!("grant_type=client_credentials&scope={DEFAULT_SCOPE_BASE}/case.readonly"),
        true,
    )
    .await;
    assert_eq!(r.status, 200, "GET is allowed too: {}", r.body);

    let r =
        token_request(&h, Some(("all", "wrong")), "grant_type=client_credentials&scope=roster.readonly", false).await;
    assert_eq!((r.status, r.body["error"].as_str()), (401, Some("invalid_client")));
    assert!(r.header("www-authenticate").is_some());
    let r = token_request(&h, None, "grant_type=client_credentials&scope=roster.readonly", false).await;
    assert_eq!((r.status, r.body["error"].as_str()), (401, Some("invalid_client")));
    let r = token_request(&h, Some(("all", "secret")), "scope=roster.readonly", false).await;
    assert_eq!((r.status, r.body["error"].as_str()), (400, Some("invalid_request")));
    let r = token_request(&h, Some(("all", "secret")), "grant_type=client_credentials", false).await;
    assert_eq!((r.status, r.body["error"].as_str()), (400, Some("invalid_request")));
    assert!(r.body["error_description"].as_str().unwrap().contains("scope"));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_needs_a_valid_unexpired_token() {
    let h = Harness::start().await;
    let r = Reply::from(h.http.get(h.url("getAllUsers", &[], "")).send().await.unwrap()).await;
    assert_eq!((r.status, r.code_minor().as_str()), (401, "unauthorised_request"));
    assert!(r.body.get("svc_codeMajor").is_some(), "spec dialect status object: {}", r.body);
    let r = h.get("not-a-token", "getAllUsers", &[], "").await;
    assert_eq!((r.status, r.code_minor().as_str()), (401, "unauthorised_request"));
    let t = h.admin().await;
    assert_eq!(h.get(&t, "getAllUsers", &[], "").await.status, 200);
    h.clock.0.fetch_add(3600, std::sync::atomic::Ordering::SeqCst);
    let r = h.get(&t, "getAllUsers", &[], "").await;
    assert_eq!(r.status, 401, "expired");
    assert!(cairn_spec::StatusInfo::from_json(&r.body).unwrap().description.unwrap().contains("expired"));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_operation_is_allowed_by_its_scopes_and_refused_without() {
    let h = Harness::start().await;
    let all_scopes: Vec<&str> =
        cairn_spec::Service::ALL.into_iter().flat_map(cairn_spec::operations::scopes_of).collect();
    for scope in &all_scopes {
        let token = h.token("all", &[scope]).await;
        for op in OPERATIONS {
            let params: Vec<&str> = op.path_params().map(|_| "zzz-unknown").collect();
            // Writes carry an empty body: a permitted write fails later (404/422), never with 403.
            let body = (op.method.as_str() != "GET" && op.method.as_str() != "DELETE").then(|| serde_json::json!({}));
            let r = h.call(&token, op.name, &params, "", body).await;
            let allowed = op.scopes.contains(scope);
            if allowed {
                assert_ne!(r.status, 403, "{} with {scope}: {}", op.name, r.body);
            } else {
                assert_eq!((r.status, r.code_minor().as_str()), (403, "forbidden"), "{} with {scope}", op.name);
            }
        }
    }
    // Demographics need the demographics scope: roster.readonly is not enough.
    let token = h.token("all", &["roster.readonly"]).await;
    let r = h.get(&token, "getAllDemographics", &[], "").await;
    assert_eq!(r.status, 403);
    let description = cairn_spec::StatusInfo::from_json(&r.body).unwrap().description.unwrap();
    assert!(description.contains("roster-demographics.readonly"), "{description}");
    // A write needs its own scope.
    let token = h.token("gradebook", &["gradebook.readonly"]).await;
    let r = h.call(&token, "deleteCategory", &["cat1"], "", None).await;
    assert_eq!(r.status, 403);
    let _: Value = r.body;
    h.stop().await;
}
