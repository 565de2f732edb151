//! How a sync authenticates with servers in the field (the hand-made CASE server): least
//! privilege, scopes named the server's own way, and servers that want no token at all.

use cairn_client::{Client, ClientConfig, DEFAULT_SCOPE_BASE};
use cairn_spec::Service;
use cairn_sync::{SyncOptions, SyncOutcome};

use crate::case::{CaseServer, Doc, Token, config};
use crate::harness::{SetClock, run};

fn options(services: &[Service]) -> SyncOptions {
    SyncOptions { services: services.to_vec(), clock: SetClock::new(), ..SyncOptions::default() }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_asks_only_for_the_read_only_scopes_it_reads() {
    let server = CaseServer::new(vec![Doc::new(1, "Mathematics")]);
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&fake.base_url);
    cairn_sync::least_privilege(&mut config, &[Service::Competency]);
    let report =
        run(&Client::new(config).unwrap(), &dir.path().join("c.sqlite"), &options(&[Service::Competency])).await;
    assert!(report.is_complete(), "{report:#?}");
    let asked = fake.received("/token")[0].param("scope").unwrap();
    assert_eq!(asked, format!("{DEFAULT_SCOPE_BASE}/case.readonly"));

    // A whole sync asks for read-only scopes only, never a write scope.
    let mut config = config_of(&fake.base_url);
    cairn_sync::least_privilege(&mut config, &[]);
    let scopes = config.requested_scope();
    assert!(scopes.split(' ').all(|s| s.ends_with(".readonly")), "{scopes}");
    assert!(scopes.contains("/roster.readonly") && scopes.contains("/gradebook.readonly"), "{scopes}");
    // Scopes given by the user stay as given.
    let mut config = config_of(&fake.base_url);
    config.scopes = vec!["roster-core.readonly".into()];
    cairn_sync::least_privilege(&mut config, &[]);
    assert_eq!(config.scopes, ["roster-core.readonly"]);
}

fn config_of(base_url: &str) -> ClientConfig {
    config(base_url)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scopes_named_the_servers_own_way_are_sent_verbatim_and_skip_nothing() {
    let server = CaseServer::new(vec![Doc::new(1, "Mathematics"), Doc::new(2, "Science")]);
    *server.token.lock().unwrap() = Token::Grant("case.read".into());
    server.forbidden.lock().unwrap().insert(crate::case::uuid(2, 0));
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let mut config = config(&fake.base_url);
    config.scope_base = String::new();
    config.scopes = vec!["case.read".into()];
    let client = Client::new(config).unwrap();
    let report = run(&client, &dir.path().join("c.sqlite"), &options(&[Service::Competency])).await;
    assert_eq!(fake.received("/token")[0].param("scope").as_deref(), Some("case.read"));
    assert_eq!(report.get("CFDocuments").unwrap().outcome, SyncOutcome::Complete, "{report:#?}");
    let math = report.get(&format!("CFPackages/{}", crate::case::uuid(1, 0))).unwrap();
    assert_eq!(math.outcome, SyncOutcome::Complete, "{math:?}");
    // What the server refuses is reported as forbidden, with its status.
    let science = report.get(&format!("CFPackages/{}", crate::case::uuid(2, 0))).unwrap();
    assert_eq!(science.outcome, SyncOutcome::Forbidden, "{science:?}");
    assert!(science.message.as_deref().unwrap().contains("403"), "{science:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn granted_scopes_cairn_does_not_recognise_never_skip_a_collection() {
    let server = CaseServer::new(vec![Doc::new(1, "Mathematics")]);
    *server.token.lock().unwrap() = Token::Grant("https://auth.example/realms/case case.read profile".into());
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let client = Client::new(config(&fake.base_url)).unwrap();
    let report = run(&client, &dir.path().join("c.sqlite"), &options(&[Service::Competency])).await;
    assert!(report.is_complete(), "{report:#?}");
    assert!(report.collections.iter().all(|c| c.outcome == SyncOutcome::Complete), "{report:#?}");

    // Scopes Cairn knows that do not allow CASE still skip it.
    *server.token.lock().unwrap() = Token::Grant(format!("{DEFAULT_SCOPE_BASE}/roster.readonly"));
    let client = Client::new(config(&fake.base_url)).unwrap();
    let report = run(&client, &dir.path().join("d.sqlite"), &options(&[Service::Competency])).await;
    assert_eq!(report.get("CFDocuments").unwrap().outcome, SyncOutcome::Skipped, "{report:#?}");
    assert!(report.read_nothing().unwrap().contains("1 skipped"), "{report:#?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn public_frameworks_are_read_without_any_token() {
    let server = CaseServer::new(vec![Doc::new(1, "Mathematics")]);
    *server.token.lock().unwrap() = Token::Missing;
    let fake = server.start().await;
    let dir = tempfile::tempdir().unwrap();
    let client =
        Client::new(ClientConfig { retry: config(&fake.base_url).retry, ..ClientConfig::anonymous(&fake.base_url) })
            .unwrap();
    let report = run(&client, &dir.path().join("c.sqlite"), &options(&[Service::Competency])).await;
    assert!(report.is_complete(), "{report:#?}");
    assert_eq!(report.collections.len(), 2, "{report:#?}");
    assert!(fake.received("/token").is_empty());
    assert!(fake.requests.lock().unwrap().iter().all(|r| r.header("authorization").is_none()));

    // A framework that is not public: the 401 says the server wants credentials.
    server.documents.lock().unwrap().push(Doc { public: false, ..Doc::new(2, "Private") });
    let report = run(&client, &dir.path().join("c.sqlite"), &options(&[Service::Competency])).await;
    let list = report.get("CFDocuments").unwrap();
    assert_eq!(list.outcome, SyncOutcome::Failed, "{list:?}");
    assert!(list.message.as_deref().unwrap().contains("wants credentials"), "{list:?}");
    assert_eq!(list.message.as_deref().unwrap().matches("401").count(), 1, "{list:?}");
}
