//! OAuth 2.0 client credentials: one token for many calls, refreshed shortly before it
//! expires, one refresh and retry after a 401, and the granted scopes.

use std::time::Duration;

use cairn_client::{Client, ClientError};
use cairn_query::Query;

use crate::harness::{Harness, Options, SECRET};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_token_serves_many_concurrent_calls() {
    let h = Harness::start().await;
    let client = h.client();
    let query = Query::default();
    let calls = (0..20).map(|_| {
        let client = client.clone();
        let query = query.clone();
        tokio::spawn(async move { client.get_all_orgs(&query).await.map(|set| set.records.map(|r| r.len())) })
    });
    for call in calls {
        assert_eq!(call.await.unwrap().unwrap(), Some(4));
    }
    let stats = client.stats();
    assert_eq!((stats.token_requests, stats.requests, stats.reauthentications), (1, 20, 0));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_token_is_refreshed_shortly_before_it_expires() {
    let h = Harness::start_with(Options { token_lifetime: Duration::from_secs(5), ..Options::default() }).await;
    let client = h.client();
    let query = Query::default();
    client.get_all_orgs(&query).await.unwrap();
    client.get_all_courses(&query).await.unwrap();
    assert_eq!(client.stats().token_requests, 1);
    // Past the refresh point (a fifth of the lifetime early: 4 s), before the server's expiry.
    tokio::time::sleep(Duration::from_millis(4300)).await;
    client.get_all_orgs(&query).await.unwrap();
    let stats = client.stats();
    assert_eq!((stats.token_requests, stats.reauthentications), (2, 0), "refreshed without a 401");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_is_replaced_once_and_the_call_retried() {
    let h = Harness::start().await;
    let client = h.client();
    client.get_all_orgs(&Query::default()).await.unwrap();
    // The server's clock moves two hours on: the cached token has expired there only.
    h.clock.advance(Duration::from_secs(7200));
    let orgs = client.get_all_orgs(&Query::default()).await.unwrap();
    assert_eq!(orgs.records.map(|r| r.len()), Some(4));
    let stats = client.stats();
    assert_eq!((stats.token_requests, stats.reauthentications, stats.requests), (2, 1, 3));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_401_after_the_refresh_is_an_error_not_a_loop() {
    // Tokens issued already expired on the server: every call is refused.
    let h = Harness::start_with(Options { token_lifetime: Duration::ZERO, ..Options::default() }).await;
    let client = h.client();
    let error = client.get_all_orgs(&Query::default()).await.unwrap_err();
    assert_eq!(error.status(), Some(401));
    assert_eq!(error.code_minor(), Some(cairn_spec::CodeMinor::UnauthorisedRequest));
    let stats = client.stats();
    assert_eq!((stats.requests, stats.reauthentications), (2, 1));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn granted_scopes_tell_what_a_connection_may_do() {
    let h = Harness::start().await;
    let core = Client::new(h.config_for("core")).unwrap();
    assert_eq!(core.granted_scopes().await.unwrap(), ["roster-core.readonly"]);
    assert!(core.allows(crate::harness::op("getAllUsers")).await.unwrap());
    assert!(!core.allows(crate::harness::op("getAllLineItems")).await.unwrap());
    let mut config = h.config();
    config.scopes = vec!["roster.readonly".into(), "gradebook.createput".into()];
    let some = Client::new(config).unwrap();
    assert_eq!(some.granted_scopes().await.unwrap(), ["roster.readonly", "gradebook.createput"]);
    let all = h.client().granted_scopes().await.unwrap();
    assert!(all.len() > 10 && all.iter().any(|s| s == "case.readonly"), "{all:?}");
    assert_eq!(core.stats().token_requests, 1, "the scopes come with the cached token");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_credentials_are_a_typed_error_without_the_secret() {
    let h = Harness::start().await;
    let mut config = h.config();
    config.client_secret = format!("{SECRET}-wrong").into();
    let client = Client::new(config).unwrap();
    let error = client.get_all_orgs(&Query::default()).await.unwrap_err();
    match &error {
        ClientError::Token { status: 401, error: Some(code), .. } => assert_eq!(code, "invalid_client"),
        other => panic!("{other:?}"),
    }
    for text in [error.to_string(), format!("{error:?}")] {
        assert!(!text.contains(SECRET), "{text}");
    }
    assert_eq!(client.stats().token_requests, 1, "a refusal is not retried");
    let mut config = h.config();
    config.scopes = vec!["no-such.scope".into()];
    let error = Client::new(config).unwrap().granted_scopes().await.unwrap_err();
    assert!(
        matches!(&error, ClientError::Token { status: 400, error: Some(e), .. } if e == "invalid_scope"),
        "{error}"
    );
    h.stop().await;
}
