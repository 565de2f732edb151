//! Typed errors: the HTTP status with the server's status object (codeMajor, codeMinor,
//! description), in both dialects.

use cairn_client::{Client, ClientError};
use cairn_query::Query;
use cairn_spec::{CodeMajor, CodeMinor, Dialect};

use crate::harness::{Harness, Options};

async fn unknown_and_forbidden(dialect: Dialect) {
    let h = Harness::start_with(Options { dialect, ..Options::default() }).await;
    let error = h.client().get_user("no-such-user").await.unwrap_err();
    let ClientError::Status { operation, status, info: Some(info), .. } = &error else { panic!("{error:?}") };
    assert_eq!((*operation, *status), ("getUser", 404));
    assert_eq!((info.major(), info.code()), (Some(CodeMajor::Failure), Some(CodeMinor::UnknownObject)));
    assert!(info.description.as_deref().is_some_and(|d| d.contains("no-such-user")), "{info:?}");
    assert!(error.to_string().starts_with("getUser: HTTP 404: failure/error unknownobject"), "{error}");

    let core = Client::new(h.config_for("core")).unwrap();
    let error = core.get_all_line_items(&Query::default()).await.unwrap_err();
    assert_eq!((error.status(), error.code_minor()), (Some(403), Some(CodeMinor::Forbidden)));
    assert_eq!(core.stats().retries, 0, "a 403 is final");

    let bad = Query::from_params([("filter", "noSuchField='x'")]).unwrap();
    let error = h.client().get_all_users(&bad).await.unwrap_err();
    assert_eq!((error.status(), error.code_minor()), (Some(400), Some(CodeMinor::InvalidFilterField)));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_object_and_forbidden_are_typed_in_the_spec_dialect() {
    unknown_and_forbidden(Dialect::spec()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_object_and_forbidden_are_typed_in_the_1edtech_dialect() {
    unknown_and_forbidden(Dialect::one_edtech()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_write_is_refused_with_its_reason() {
    let h = Harness::start().await;
    let body =
        cairn_spec::read(serde_json::json!({"category": {"sourcedId": "c-x", "status": "active"}}), "x").unwrap().value;
    let error = h.client().put_category("c-x", &body).await.unwrap_err();
    assert_eq!((error.status(), error.code_minor()), (Some(422), Some(CodeMinor::InvalidData)));
    assert!(error.info().and_then(|i| i.description.as_deref()).is_some_and(|d| d.contains("title")), "{error}");
    h.stop().await;
}
