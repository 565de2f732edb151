//! The Connections area's commands on `App`, without a window, against the real sandbox over
//! HTTPS and a real cache file, with keyring-core's mock store as the keyring: a wrong secret
//! shows the server's `invalid_client`, the right one the granted scopes and every service
//! answering; a sync's counts equal the server's; the secret reaches neither the cache nor a
//! log line; a cancelled sync leaves the previous data; no keyring means nothing is saved;
//! edit, duplicate, remove; per-service base paths; the settings page and resetting the cache.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, Once};
use std::time::Duration;

use cairn_explorer::app::{
    App, AppSettings, BUILTIN_CONNECTION, ConnectionForm, ErrorCode, RecordState, SandboxScale, ServiceName,
    ServicePaths, Theme, sync_task,
};
use cairn_sandbox::auth::{SystemClock, SystemEntropy};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{Running, ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::{Collection, Dialect};
use cairn_sync::connections::KeyringError;
use cairn_sync::{SyncMode, SyncOutcome};
use serde_json::json;

/// A distinctive secret: no file of the data folder and no log line may hold it.
const SECRET: &str = "Quill-7f3a-app-secret-Wx42";

/// Every log line of the process, for the secret check.
static LINES: Mutex<Vec<String>> = Mutex::new(Vec::new());

struct Capture;

impl log::Log for Capture {
    fn enabled(&self, _: &log::Metadata<'_>) -> bool {
        true
    }
    fn log(&self, record: &log::Record<'_>) {
        LINES.lock().unwrap().push(format!("{} {}", record.target(), record.args()));
    }
    fn flush(&self) {}
}

fn setup() {
    static ONCE: Once = Once::new();
    crate::mock_keyring();
    ONCE.call_once(|| {
        log::set_logger(&Capture).unwrap();
        log::set_max_level(log::LevelFilter::Trace);
    });
}

fn app(dir: &Path) -> App {
    setup();
    crate::mock_keyring_app(dir)
}

struct Server {
    running: Running,
    base_url: String,
    ca_cert: PathBuf,
    _dir: tempfile::TempDir,
}

/// The sandbox with the small demo, under `dialect`, with client `cairn` (every scope) and
/// `core` (roster-core only).
fn serve_demo(dialect: Dialect, delay: Option<Duration>) -> Server {
    serve_demo_with(dialect, delay, |_, _| Vec::new())
}

/// [`serve_demo`] with the records `extra` makes from the base URL and the demo's records.
fn serve_demo_with(
    dialect: Dialect,
    delay: Option<Duration>,
    extra: impl FnOnce(&str, &[(Collection, serde_json::Value)]) -> Vec<(Collection, serde_json::Value)>,
) -> Server {
    let dir = tempfile::tempdir().unwrap();
    let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
    let base_url = bound.base_url.clone();
    let ca_cert = bound.ca_cert.clone().unwrap();
    let clients = [format!("cairn:{SECRET}"), format!("core:{SECRET}:roster-core.readonly")];
    let sandbox = Sandbox::new(SandboxConfig {
        dialect,
        base_url: base_url.clone(),
        scope_base: DEFAULT_SCOPE_BASE.into(),
        clients: clients.iter().map(|c| c.parse().unwrap()).collect(),
        token_lifetime: Duration::from_secs(3600),
        db: None,
        clock: Arc::new(SystemClock),
        entropy: Arc::new(SystemEntropy),
    })
    .unwrap();
    let mut records = Vec::new();
    generate(&DemoOptions::new(Scale::Small, &base_url), &mut |c, v| records.push((c, v)));
    let more = extra(&base_url, &records);
    records.extend(more);
    sandbox.write(records).unwrap();
    let running = serve(bound, sandbox, ServeOptions { delay, ..ServeOptions::default() });
    Server { running, base_url, ca_cert, _dir: dir }
}

fn form(name: &str, server: &Server, client_id: &str, secret: &str) -> ConnectionForm {
    ConnectionForm {
        name: name.into(),
        base_url: server.base_url.clone(),
        token_url: None,
        client_id: client_id.into(),
        client_secret: secret.into(),
        scopes: Vec::new(),
        dialect: cairn_sync::connections::DialectName::Spec,
        base_paths: ServicePaths::default(),
        ca_cert: Some(server.ca_cert.display().to_string()),
        anonymous: false,
    }
}

/// Whether any file under `dir` holds `needle`.
fn folder_holds(dir: &Path, needle: &str) -> Option<PathBuf> {
    let mut stack = vec![dir.to_owned()];
    while let Some(folder) = stack.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if let Ok(bytes) = std::fs::read(&path)
                && bytes.windows(needle.len()).any(|w| w == needle.as_bytes())
            {
                return Some(path);
            }
        }
    }
    None
}

fn count(dir: &Path, name: &str, collection: Collection) -> u64 {
    let conn = cairn_store::cache::open(&dir.join("cache.sqlite")).unwrap();
    let id = cairn_store::cache::find_connection(&conn, name).unwrap().unwrap();
    cairn_store::cache::count(&conn, id, collection).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_form_is_tested_as_typed_before_it_is_saved() {
    let server = serve_demo(Dialect::spec(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());

    // Unsaved and wrong, then right: nothing is saved either way.
    let test = app.connection_test_form(form("district", &server, "cairn", "not-the-secret"), None).await.unwrap();
    assert!(test.token_error.expect("a wrong secret").message.contains("invalid_client"));
    let test = app.connection_test_form(form("district", &server, "cairn", SECRET), None).await.unwrap();
    assert!(test.token_error.is_none(), "{:?}", test.token_error);
    assert!(test.services.iter().all(|s| s.ok), "{:?}", test.services);
    assert!(app.connections().await.unwrap().connections.iter().all(|c| c.name != "district"));

    // Editing a saved one with the secret left empty tests the stored secret.
    app.connection_save(form("district", &server, "cairn", SECRET), None).await.unwrap();
    let edited = form("district (renamed)", &server, "cairn", "");
    let test = app.connection_test_form(edited.clone(), Some("district".into())).await.unwrap();
    assert!(test.token_error.is_none(), "{:?}", test.token_error);
    // Without a saved one to borrow from, an empty secret is refused by the server.
    let test = app.connection_test_form(edited, None).await.unwrap();
    assert!(test.token_error.is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn add_test_correct_sync_without_the_secret_leaking() {
    let server = serve_demo(Dialect::spec(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());

    // A wrong secret: saved, and the test says what the token endpoint said.
    app.connection_save(form("district", &server, "cairn", "not-the-secret"), None).await.unwrap();
    let test = app.connection_test("district".into()).await.unwrap();
    let refusal = test.token_error.expect("no token with a wrong secret");
    assert!(refusal.message.contains("invalid_client"), "{refusal:?}");
    assert_eq!(refusal.detail.as_ref().and_then(|d| d.http_status), Some(401));
    assert!(test.services.is_empty());

    // Corrected (the form sends the secret again): the granted scopes, every service answers.
    app.connection_save(form("district", &server, "cairn", SECRET), Some("district".into())).await.unwrap();
    let test = app.connection_test("district".into()).await.unwrap();
    assert!(test.token_error.is_none(), "{:?}", test.token_error);
    assert!(test.granted_scopes.contains(&"roster-core.readonly".to_owned()), "{:?}", test.granted_scopes);
    let services: Vec<_> = test.services.iter().map(|s| (s.service, s.ok)).collect();
    let every = [ServiceName::Competency, ServiceName::Rostering, ServiceName::Gradebook, ServiceName::Resources];
    assert_eq!(services, every.map(|service| (service, true)));
    assert!(test.services.iter().all(|s| s.total.is_some_and(|n| n > 0)), "{:?}", test.services);

    // Listed without its secret; the keyring holds it.
    let list = app.connections().await.unwrap();
    assert!(list.keyring_problem.is_none());
    let listed = list.connections.iter().find(|c| c.name == "district").unwrap();
    assert_eq!(listed.secret_stored, Some(true));
    assert!(!serde_json::to_string(&list).unwrap().contains(SECRET));

    // Sync: the counts are the server's; every collection says when it last synced.
    let stages = Mutex::new(Vec::new());
    let summary =
        app.sync_connection("district".into(), true, &|p| stages.lock().unwrap().push(p.stage)).await.unwrap();
    assert!(summary.is_complete(), "{summary:?}");
    let users = summary.get("users").unwrap();
    assert_eq!(Some(users.records), users.total);
    assert_eq!(count(dir.path(), "district", Collection::Users), users.records);
    assert!(stages.lock().unwrap().iter().any(|s| s == "users"));
    let status = app.sync_status("district".into()).await.unwrap();
    let users = status.collections.iter().find(|c| c.collection == "users").unwrap();
    assert_eq!((users.outcome, users.mode), (SyncOutcome::Complete, SyncMode::Full));
    assert!(users.last_complete.is_some());

    // The secret is in no file of the data folder and in no log line.
    drop(app);
    assert_eq!(folder_holds(dir.path(), SECRET), None);
    let lines = LINES.lock().unwrap().clone();
    assert!(lines.iter().any(|l| l.contains("district")), "the commands logged nothing");
    assert!(!lines.iter().any(|l| l.contains(SECRET)), "a log line holds the secret");
    server.running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scope_the_token_lacks_is_a_403_in_the_test_and_a_skip_in_the_sync() {
    let server = serve_demo(Dialect::spec(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    app.connection_save(form("core", &server, "core", SECRET), None).await.unwrap();
    let test = app.connection_test("core".into()).await.unwrap();
    assert_eq!(test.granted_scopes, ["roster-core.readonly"]);
    let gradebook = test.services.iter().find(|s| s.service == ServiceName::Gradebook).unwrap();
    let error = gradebook.error.as_ref().unwrap();
    let detail = error.detail.as_ref().unwrap();
    assert_eq!(detail.http_status, Some(403), "{error:?}");
    assert!(detail.status.as_ref().is_some_and(|s| s.code_major == "failure"), "{error:?}");
    assert!(test.services.iter().find(|s| s.service == ServiceName::Rostering).unwrap().ok);
    server.running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn per_service_base_paths_reach_a_server_of_another_layout() {
    // The server serves the 1EdTech paths; the connection says spec but moves every service.
    let server = serve_demo(Dialect::one_edtech(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    let mut moved = form("moved", &server, "cairn", SECRET);
    let one = Dialect::one_edtech();
    moved.base_paths = ServicePaths {
        competency: Some(one.competency.clone()),
        rostering: Some(one.rostering.clone()),
        gradebook: Some(one.gradebook.clone()),
        resources: Some(one.resources.clone()),
    };
    app.connection_save(moved, None).await.unwrap();
    let test = app.connection_test("moved".into()).await.unwrap();
    assert!(test.services.iter().all(|s| s.ok), "{:?}", test.services);
    let listed = app.connections().await.unwrap();
    let view = listed.connections.iter().find(|c| c.name == "moved").unwrap();
    assert_eq!(view.base_paths.rostering.as_deref(), Some("/ims/oneroster/rostering/v1p2"));

    // A path that is not one is refused, and nothing is saved.
    let mut bad = form("bad", &server, "cairn", SECRET);
    bad.base_paths.rostering = Some("oneroster?x".into());
    let error = app.connection_save(bad, None).await.unwrap_err();
    assert!(error.message.contains("must start with /"), "{error:?}");
    assert!(app.connections().await.unwrap().connections.iter().all(|c| c.name != "bad"));
    server.running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancelled_sync_leaves_the_previous_data() {
    // A slow link, so that the cancel lands while collections are being read.
    let server = serve_demo(Dialect::spec(), Some(Duration::from_millis(20)));
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    app.settings_save(AppSettings { page_size: 50, ..AppSettings::default() }).await.unwrap();
    app.connection_save(form("district", &server, "cairn", SECRET), None).await.unwrap();
    assert!(app.sync_connection("district".into(), true, &|_| {}).await.unwrap().is_complete());
    let before: Vec<u64> = [Collection::Users, Collection::Enrollments, Collection::Classes]
        .map(|c| count(dir.path(), "district", c))
        .into();

    let cancelled = AtomicBool::new(false);
    let report = app
        .sync_connection("district".into(), true, &|p| {
            if p.stage == "users" && p.done > 0 && !cancelled.swap(true, Ordering::SeqCst) {
                assert!(app.cancel(&sync_task("district")));
            }
        })
        .await
        .unwrap();
    assert!(report.is_cancelled(), "{report:?}");
    assert_eq!(report.get("users").unwrap().outcome, cairn_sync::SyncOutcome::Cancelled);
    let after: Vec<u64> = [Collection::Users, Collection::Enrollments, Collection::Classes]
        .map(|c| count(dir.path(), "district", c))
        .into();
    assert_eq!(before, after);
    let status = app.sync_status("district".into()).await.unwrap();
    let users = status.collections.iter().find(|c| c.collection == "users").unwrap();
    assert_eq!(users.outcome, SyncOutcome::Cancelled);
    assert!(users.last_complete.is_some(), "the previous complete sync is still known");
    server.running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_keyring_nothing_is_saved_and_the_form_says_what_to_install() {
    let server = serve_demo(Dialect::spec(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path()).with_secrets(Arc::new(|| {
        Err(KeyringError::Unavailable {
            reason: "org.freedesktop.secrets was not provided by any .service files".into(),
        })
    }));
    let error = app.connection_save(form("district", &server, "cairn", SECRET), None).await.unwrap_err();
    assert_eq!(error.code, ErrorCode::Keyring);
    let advice = error.detail.as_ref().and_then(|d| d.text.clone()).unwrap();
    assert!(advice.contains("gnome-keyring") && advice.contains("nothing was saved"), "{advice}");
    let list = app.connections().await.unwrap();
    assert!(list.connections.is_empty());
    assert_eq!(list.keyring_problem.map(|p| p.code), Some(ErrorCode::Keyring));
    drop(app);
    assert_eq!(folder_holds(dir.path(), SECRET), None);
    server.running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edit_duplicate_rename_and_remove() {
    let server = serve_demo(Dialect::spec(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    app.connection_save(form("a", &server, "cairn", SECRET), None).await.unwrap();
    let account = |name: &str| format!("{name}@{}", server.base_url);
    let keyring = crate::mock_keyring();

    // Edited without a secret: the stored one stays.
    let mut scoped = form("a", &server, "cairn", "");
    scoped.scopes = vec!["roster-core.readonly".into()];
    app.connection_save(scoped, Some("a".into())).await.unwrap();
    assert_eq!(keyring.get(&account("a")).unwrap().unwrap().expose(), SECRET);
    assert_eq!(app.connection_test("a".into()).await.unwrap().granted_scopes, ["roster-core.readonly"]);

    // Duplicated: the copy has the settings and the secret, which never left Rust.
    app.connection_duplicate("a".into(), "b".into()).await.unwrap();
    assert_eq!(keyring.get(&account("b")).unwrap().unwrap().expose(), SECRET);
    let list = app.connections().await.unwrap();
    let b = list.connections.iter().find(|c| c.name == "b").unwrap();
    assert_eq!(b.scopes, ["roster-core.readonly"]);

    // Renamed: the secret moves to the new account; the old name is free.
    app.sync_connection("b".into(), true, &|_| {}).await.unwrap();
    let orgs = count(dir.path(), "b", Collection::Orgs);
    app.connection_save(form("c", &server, "cairn", ""), Some("b".into())).await.unwrap();
    assert_eq!(keyring.get(&account("b")).unwrap(), None);
    assert_eq!(keyring.get(&account("c")).unwrap().unwrap().expose(), SECRET);
    assert_eq!(count(dir.path(), "c", Collection::Orgs), orgs, "the records follow the name");

    // Another base URL under a connection holding records is refused.
    let mut elsewhere = form("c", &server, "cairn", "");
    elsewhere.base_url = "https://elsewhere.example".into();
    let error = app.connection_save(elsewhere, Some("c".into())).await.unwrap_err();
    assert!(error.message.contains("Duplicate"), "{error:?}");

    // Removed: its records and its secret go.
    app.connection_remove("c".into(), false).await.unwrap();
    assert_eq!(keyring.get(&account("c")).unwrap(), None);
    assert!(app.connections().await.unwrap().connections.iter().all(|c| c.name != "c"));
    server.running.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_saved_in_the_cache_and_reset_empties_it() {
    let server = serve_demo(Dialect::spec(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    assert_eq!(app.settings().await.unwrap(), AppSettings::default());
    let chosen = AppSettings {
        page_size: 250,
        concurrent_pages: 2,
        timeout_seconds: 10,
        retry_attempts: 2,
        retry_max_delay_seconds: 5,
        sandbox_scale: SandboxScale::District,
        theme: Theme::Dark,
        zoom: 200,
        active_connection: Some("district".into()),
        slash_focuses_search: false,
    };
    app.settings_save(chosen.clone()).await.unwrap();
    let error = app.settings_save(AppSettings { concurrent_pages: 0, ..chosen.clone() }).await.unwrap_err();
    assert!(error.message.contains("concurrent pages"), "{error:?}");
    let error = app.settings_save(AppSettings { zoom: 20, ..chosen.clone() }).await.unwrap_err();
    assert!(error.message.contains("zoom must be between 50 and 300"), "{error:?}");
    drop(app);
    let app = self::app(dir.path());
    assert_eq!(app.settings().await.unwrap(), chosen, "read back from the cache file");

    app.connection_save(form("district", &server, "cairn", SECRET), None).await.unwrap();
    app.sync_connection("district".into(), true, &|_| {}).await.unwrap();
    assert!(count(dir.path(), "district", Collection::Users) > 0);
    app.reset_cache(false).await.unwrap();
    assert_eq!(count(dir.path(), "district", Collection::Users), 0);
    let list = app.connections().await.unwrap();
    assert_eq!(list.connections[0].secret_stored, Some(true), "the saved connection stays");
    assert!(app.sync_status("district".into()).await.unwrap().collections.is_empty());
    assert_eq!(app.settings().await.unwrap(), chosen);
    server.running.shutdown().await;
}

async fn builtin_url(app: &App) -> String {
    let list = app.connections().await.unwrap();
    list.connections.into_iter().find(|c| c.name == BUILTIN_CONNECTION).unwrap().base_url
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_sandbox_scale_restarts_the_builtin_sandbox_at_its_next_sync() {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    app.sync_builtin(true, &|_| {}).await.unwrap();
    let first = builtin_url(&app).await;

    // The same settings saved again: the sandbox keeps running where it was.
    app.settings_save(app.settings().await.unwrap()).await.unwrap();
    app.sync_builtin(false, &|_| {}).await.unwrap();
    assert_eq!(builtin_url(&app).await, first);

    // Another scale stops it; the next sync starts it again (at a new address).
    let rescaled = AppSettings { sandbox_scale: SandboxScale::District, ..app.settings().await.unwrap() };
    app.settings_save(rescaled.clone()).await.unwrap();
    app.settings_save(AppSettings { sandbox_scale: SandboxScale::Small, ..rescaled }).await.unwrap();
    app.sync_builtin(false, &|_| {}).await.unwrap();
    assert_ne!(builtin_url(&app).await, first, "a sandbox started anew listens on a new port");
    app.shutdown().await;
}

/// A cached line item of `connection`, as a new one titled `title`.
fn new_line_item(dir: &Path, connection: &str, sourced_id: &str, title: &str) -> serde_json::Value {
    let conn = cairn_store::cache::open(&dir.join("cache.sqlite")).unwrap();
    let id = cairn_store::cache::find_connection(&conn, connection).unwrap().unwrap();
    let (_, json) = cairn_store::cache::records(&conn, id, Collection::LineItems).unwrap().remove(0);
    let mut record: serde_json::Value = serde_json::from_str(&json).unwrap();
    record["sourcedId"] = sourced_id.into();
    record["title"] = title.into();
    record
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_saved_connection_takes_writes_and_one_that_refuses_them_turns_read_only() {
    let server = serve_demo(Dialect::spec(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());

    // Every scope: writable, and a write goes to the server with the keyring's secret.
    app.connection_save(form("district", &server, "cairn", SECRET), None).await.unwrap();
    app.sync_connection("district".into(), true, &|_| {}).await.unwrap();
    let access = app.gradebook_access("district".into()).await.unwrap();
    assert!(access.put && access.delete && access.reason.is_none(), "{access:?}");
    let record = new_line_item(dir.path(), "district", "li-from-the-app", "Field trip report");
    app.gradebook_put("district".into(), "lineItems".into(), record.clone(), "Field trip report".into()).await.unwrap();
    // Two sends at once (a click and the window's retry): the write goes out once.
    let (one, other) = tokio::join!(app.gradebook_send("district".into()), app.gradebook_send("district".into()));
    let (one, other) = (one.unwrap(), other.unwrap());
    assert_eq!(one.sent + other.sent, 1, "{one:?} {other:?}");
    assert_eq!((one.pending + other.pending, one.refused.or(other.refused)), (0, None));

    // Rostering only: the scopes say read-only, and a write staged anyway is refused by the
    // server, stays pending, and keeps the forms read-only with the server's words.
    app.connection_save(form("core", &server, "core", SECRET), None).await.unwrap();
    let access = app.gradebook_access("core".into()).await.unwrap();
    assert!(!access.put && access.reason.as_deref().is_some_and(|r| r.contains("gradebook.createput")), "{access:?}");
    app.gradebook_put("core".into(), "lineItems".into(), record, "Field trip report".into()).await.unwrap();
    let report = app.gradebook_send("core".into()).await.unwrap();
    assert_eq!((report.sent, report.pending), (0, 1), "{report:?}");
    let refused = report.refused.expect("the server refused the write");
    assert!(refused.contains("403") || refused.contains("401"), "{refused}");
    let access = app.gradebook_access("core".into()).await.unwrap();
    assert_eq!(access.reason.as_deref(), Some(refused.as_str()));

    // Saved again (new credentials, say): the scopes decide again.
    app.connection_save(form("core", &server, "core", ""), Some("core".into())).await.unwrap();
    let access = app.gradebook_access("core".into()).await.unwrap();
    assert!(access.reason.as_deref().is_some_and(|r| r.contains("did not grant")), "{access:?}");

    // Unreachable: the forms stay open (writes wait in the outbox) and say offline.
    server.running.shutdown().await;
    let access = app.gradebook_access("district".into()).await.unwrap();
    assert!(access.put && access.offline, "{access:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_columns_empty_cells_go_as_one_results_post_or_not_at_all() {
    let server = serve_demo(Dialect::spec(), None);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    app.connection_save(form("district", &server, "cairn", SECRET), None).await.unwrap();
    app.sync_connection("district".into(), true, &|_| {}).await.unwrap();

    // A class with a line item some of whose students have no result yet.
    let conn = cairn_store::cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let id = cairn_store::cache::find_connection(&conn, "district").unwrap().unwrap();
    let mut classes = cairn_store::cache::ids(&conn, id, Collection::Classes).unwrap();
    classes.sort();
    let (book, line_item, empty) = {
        let mut found = None;
        for class in classes {
            let book = app.gradebook_class("district".into(), class).await.unwrap();
            let column = book.line_items.iter().find_map(|l| {
                let empty: Vec<String> = book
                    .students
                    .iter()
                    .filter(|s| !book.cells.iter().any(|c| c.student == s.id && c.line_item == l.id))
                    .map(|s| s.id.clone())
                    .collect();
                (!empty.is_empty() && l.min.is_some()).then(|| (l.clone(), empty))
            });
            if let Some((line_item, empty)) = column {
                found = Some((book, line_item, empty));
                break;
            }
        }
        found.expect("a column with empty cells")
    };
    let edits = |score: &str| -> Vec<cairn_explorer::app::CellEdit> {
        empty
            .iter()
            .map(|student| cairn_explorer::app::CellEdit {
                class_id: book.class_id.clone(),
                line_item: line_item.id.clone(),
                student: student.clone(),
                score: Some(score.into()),
                text_score: None,
                score_status: None,
                score_date: None,
                comment: None,
                late: false,
                incomplete: false,
                missing: false,
                in_progress: false,
                extra_credit: false,
            })
            .collect()
    };

    // Below the minimum: every cell refused, nothing stored.
    let below = format!("{}", line_item.min.unwrap() - 1.0);
    let posted = app.gradebook_post_results("district".into(), edits(&below), "fill".into()).await.unwrap();
    assert_eq!((posted.outbox_id, posted.refused.len()), (None, empty.len()));
    assert!(app.gradebook_outbox(Some("district".into()), true).await.unwrap().is_empty());

    // Within range: one POST, sent once, and every cell then holds what the server allocated.
    let score = format!("{}", line_item.min.unwrap());
    let posted = app.gradebook_post_results("district".into(), edits(&score), "fill".into()).await.unwrap();
    let write = posted.outbox_id.expect("stored");
    let report = app.gradebook_send("district".into()).await.unwrap();
    assert_eq!(report.sent_ids, vec![write], "{report:?}");
    let after = app.gradebook_class("district".into(), book.class_id.clone()).await.unwrap();
    for student in &empty {
        let cell = after.cells.iter().find(|c| &c.student == student && c.line_item == line_item.id).unwrap();
        assert_eq!(cell.state, RecordState::Server);
    }
    server.running.shutdown().await;
}

/// A framework of one item ("Outside"), and an association to it from the first item of the
/// demo's first framework: (that framework, its item, the new framework, its item, its URI).
const OUTSIDE_DOC: &str = "0dd5e1de-0000-4000-8000-000000000001";
const OUTSIDE_ITEM: &str = "0dd5e1de-0000-4000-8000-000000000002";

fn outside_framework(base: &str, demo: &[(Collection, serde_json::Value)]) -> Vec<(Collection, serde_json::Value)> {
    let case = format!("{base}/api/competency/v1p1");
    let doc = demo.iter().find(|(c, _)| *c == Collection::CfDocuments).unwrap().1.clone();
    let doc_id = doc["identifier"].as_str().unwrap();
    let item = demo
        .iter()
        .find(|(c, v)| {
            *c == Collection::CfItems && v.pointer("/CFDocumentURI/identifier").and_then(|x| x.as_str()) == Some(doc_id)
        })
        .unwrap()
        .1
        .clone();
    let link = |id: &str, kind: &str, title: &str| json!({"identifier": id, "uri": format!("{case}/{kind}/{id}"), "title": title});
    vec![
        (
            Collection::CfDocuments,
            json!({
                "identifier": OUTSIDE_DOC, "uri": format!("{case}/CFDocuments/{OUTSIDE_DOC}"), "title": "Outside",
                "creator": "Elsewhere", "lastChangeDateTime": "2025-01-01T00:00:00Z",
                "CFPackageURI": link(OUTSIDE_DOC, "CFPackages", "Outside"),
            }),
        ),
        (
            Collection::CfItems,
            json!({
                "identifier": OUTSIDE_ITEM, "uri": format!("{case}/CFItems/{OUTSIDE_ITEM}"), "fullStatement": "Reads maps",
                "humanCodingScheme": "OUT.1", "lastChangeDateTime": "2025-01-01T00:00:00Z",
                "CFDocumentURI": link(OUTSIDE_DOC, "CFDocuments", "Outside"),
            }),
        ),
        (
            Collection::CfAssociations,
            json!({
                "identifier": "0dd5e1de-0000-4000-8000-000000000003", "uri": format!("{case}/CFAssociations/0dd5e1de-0000-4000-8000-000000000003"),
                "associationType": "exactMatchOf", "lastChangeDateTime": "2025-01-01T00:00:00Z",
                "originNodeURI": link(item["identifier"].as_str().unwrap(), "CFItems", "origin"),
                "destinationNodeURI": link(OUTSIDE_ITEM, "CFItems", "OUT.1"),
                "CFDocumentURI": link(doc_id, "CFDocuments", doc["title"].as_str().unwrap_or("")),
            }),
        ),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_end_on_a_saved_connections_server_is_fetched_cached_and_opened() {
    let server = serve_demo_with(Dialect::spec(), None, outside_framework);
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path());
    app.connection_save(form("district", &server, "cairn", SECRET), None).await.unwrap();
    let demo = outside_framework(&server.base_url, &{
        let mut records = Vec::new();
        generate(&DemoOptions::new(Scale::Small, &server.base_url), &mut |c, v| records.push((c, v)));
        records
    });
    let association = &demo[2].1;
    let from = association.pointer("/CFDocumentURI/identifier").unwrap().as_str().unwrap().to_owned();
    let origin = association.pointer("/originNodeURI/identifier").unwrap().as_str().unwrap().to_owned();
    let uri = association.pointer("/destinationNodeURI/uri").unwrap().as_str().unwrap().to_owned();
    let (to, destination) = (OUTSIDE_DOC.to_owned(), OUTSIDE_ITEM.to_owned());

    // Only the origin's framework cached.
    let mut config = cairn_client::ClientConfig::new(&server.base_url, "cairn", SECRET);
    config.ca_cert_pem = Some(std::fs::read(&server.ca_cert).unwrap());
    let client = cairn_client::Client::new(config).unwrap();
    let options = cairn_sync::SyncOptions {
        services: vec![cairn_spec::Service::Competency],
        frameworks: Some(vec![from.clone()]),
        ..Default::default()
    };
    cairn_sync::sync(&client, app.cache(), "district", &options, &|_| {}, &cairn_client::Cancel::new()).await.unwrap();
    let key = cairn_explorer::app::FrameworkKey { connection: "district".into(), identifier: from };
    let detail = app.item_detail(key, origin).await.unwrap();
    let link = detail
        .associations
        .iter()
        .flat_map(|g| g.links.iter())
        .find(|l| l.other.identifier == destination)
        .expect("the link across frameworks");
    assert_eq!((link.other.cached.as_ref(), link.other.fetch_from.as_deref()), (None, Some("district")));

    // Fetched: its framework is cached, and it opens like any item.
    let fetched = app.fetch_end("district".into(), uri.clone()).await.unwrap();
    assert_eq!((fetched.key.identifier.as_str(), fetched.identifier.as_str()), (to.as_str(), destination.as_str()));
    let opened = app.item_detail(fetched.key.clone(), destination.clone()).await.unwrap();
    assert_eq!(opened.kind, cairn_explorer::app::NodeKind::Item);
    assert!(opened.record.get("fullStatement").is_some(), "{}", opened.record);

    // A URI no saved connection serves is refused, saying so.
    let error = app.fetch_end("district".into(), "https://elsewhere.example/CFItems/x".into()).await.unwrap_err();
    assert!(error.message.contains("does not lie on the server"), "{error:?}");
    server.running.shutdown().await;
}
