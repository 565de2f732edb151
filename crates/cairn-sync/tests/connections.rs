//! Saved connections with the keyring-core mock store as the keyring: add, list and remove;
//! the cache file (and its WAL) never holds the secret; a failing keyring leaves nothing
//! behind; and `test` against the real sandbox over HTTPS reports the granted scopes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)] // tests fail loudly

use std::path::{Path, PathBuf};
use std::sync::{Arc, Once};
use std::time::Duration;

use cairn_client::{Cancel, Client, Secret};
use cairn_sandbox::auth::{SystemClock, SystemEntropy};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::Dialect;
use cairn_store::cache;
use cairn_sync::SyncOptions;
use cairn_sync::connections::{
    self, ConnectionError, ConnectionSettings, DialectName, Keyring, KeyringError, NewConnection, SecretStore,
    UnsentChanges,
};

/// A distinctive secret: the cache must never contain it.
const SECRET: &str = "Merlin-4d2e-secret-Zq81";

/// The mock store as the default keyring-core store (process-wide, installed once).
fn keyring() -> Keyring {
    static MOCK: Once = Once::new();
    MOCK.call_once(|| keyring_core::set_default_store(keyring_core::mock::Store::new().unwrap()));
    Keyring::default_store().unwrap()
}

fn settings(client_id: &str) -> ConnectionSettings {
    ConnectionSettings {
        token_url: None,
        client_id: client_id.into(),
        ca_cert: None,
        ca_cert_pem: None,
        dialect: DialectName::Spec,
        base_paths: Default::default(),
        scopes: vec!["roster-core.readonly".into(), "case.readonly".into()],
        scope_base: None,
        anonymous: false,
    }
}

fn new(name: &str, base_url: &str, settings: ConnectionSettings, secret: &str) -> NewConnection {
    NewConnection { name: name.into(), base_url: base_url.into(), settings, client_secret: Secret::new(secret) }
}

/// The bytes of the cache file and of its WAL and shared-memory files.
fn cache_bytes(db: &Path) -> Vec<u8> {
    let mut bytes = Vec::new();
    for suffix in ["", "-wal", "-shm"] {
        let mut path = db.as_os_str().to_owned();
        path.push(suffix);
        if let Ok(b) = std::fs::read(PathBuf::from(path)) {
            bytes.extend(b);
        }
    }
    bytes
}

fn contains(haystack: &[u8], needle: &str) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle.as_bytes())
}

#[test]
fn add_list_remove() {
    let keyring = keyring();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let base = "https://provider.example/ims";
    connections::add(&handle(&db), &new("district", base, settings("cairn-app"), SECRET), &keyring).unwrap();
    let mut other = settings("other-app");
    other.dialect = DialectName::OneEdTech;
    other.scopes.clear();
    other.token_url = Some("https://auth.example/token".into());
    connections::add(&handle(&db), &new("another", "https://other.example", other.clone(), "x-other-secret"), &keyring)
        .unwrap();

    let list = connections::list(&handle(&db), Some(&keyring)).unwrap();
    assert_eq!(list.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["another", "district"]);
    let district = &list[1];
    assert_eq!(district.base_url, base);
    assert_eq!(district.settings.as_ref().unwrap(), &settings("cairn-app"));
    assert_eq!(district.secret_stored, Some(true));
    assert_eq!(list[0].settings.as_ref().unwrap(), &other);
    assert!(!format!("{list:?}").contains(SECRET));
    // Without a keyring the list still works, not knowing about secrets.
    assert!(connections::list(&handle(&db), None).unwrap().iter().all(|c| c.secret_stored.is_none()));

    // The secret is in the keyring under service "cairn", account name@base_url.
    let account = connections::account("district", base);
    assert_eq!(account, "district@https://provider.example/ims");
    assert_eq!(keyring.get(&account).unwrap().unwrap().expose(), SECRET);
    let config = connections::client_config(&handle(&db), "district", &keyring).unwrap();
    assert_eq!((config.base_url.as_str(), config.client_id.as_str()), (base, "cairn-app"));
    assert_eq!(config.client_secret.expose(), SECRET);
    assert_eq!(config.scopes, ["roster-core.readonly", "case.readonly"]);
    let config = connections::client_config(&handle(&db), "another", &keyring).unwrap();
    assert_eq!(config.dialect.name, Dialect::preset("1edtech").unwrap().name);
    assert_eq!(config.token_url.as_deref(), Some("https://auth.example/token"));

    // A name is saved once.
    let again = connections::add(&handle(&db), &new("district", base, settings("x"), "other"), &keyring);
    assert!(matches!(again, Err(ConnectionError::Exists { .. })), "{again:?}");
    assert_eq!(keyring.get(&account).unwrap().unwrap().expose(), SECRET, "the secret was not replaced");

    assert!(connections::remove(&handle(&db), "district", UnsentChanges::Refuse, &keyring).unwrap());
    assert!(keyring.get(&account).unwrap().is_none(), "the keyring entry is gone");
    let names: Vec<_> = connections::list(&handle(&db), Some(&keyring)).unwrap().into_iter().map(|c| c.name).collect();
    assert_eq!(names, ["another"]);
    assert!(matches!(
        connections::remove(&handle(&db), "district", UnsentChanges::Refuse, &keyring),
        Err(ConnectionError::NotFound { .. })
    ));
    assert!(matches!(
        connections::client_config(&handle(&db), "district", &keyring),
        Err(ConnectionError::NotFound { .. })
    ));
    assert!(connections::remove(&handle(&db), "another", UnsentChanges::Refuse, &keyring).unwrap());
    assert!(connections::list(&handle(&db), Some(&keyring)).unwrap().is_empty());
}

#[test]
fn invalid_settings_are_refused_before_anything_is_written() {
    let keyring = keyring();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let cases = [
        new("plain", "http://provider.example", settings("a"), SECRET),
        new("", "https://provider.example", settings("a"), SECRET),
        new("nosecret", "https://provider.example", settings("a"), ""),
        new(
            "ca",
            "https://provider.example",
            ConnectionSettings { ca_cert: Some(dir.path().join("missing.pem")), ..settings("a") },
            SECRET,
        ),
    ];
    for case in &cases {
        let error = connections::add(&handle(&db), case, &keyring).unwrap_err();
        assert!(!error.to_string().contains(SECRET), "{error}");
        assert!(keyring.get(&connections::account(&case.name, &case.base_url)).unwrap().is_none());
    }
    assert!(!db.exists() || connections::list(&handle(&db), None).unwrap().is_empty());
    // A dialect is one of two names: another is refused where it is read (the command line's
    // flag, settings in the cache), naming the choices.
    let error = DialectName::parse("v9").unwrap_err();
    assert!(error.to_string().contains("unknown dialect \"v9\" (spec or 1edtech)"), "{error}");
    assert!(serde_json::from_str::<ConnectionSettings>(r#"{"client_id": "a", "dialect": "v9"}"#).is_err());
    assert_eq!(DialectName::parse("1edtech").unwrap(), DialectName::OneEdTech);
}

#[test]
fn the_cache_never_holds_the_secret() {
    let keyring = keyring();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    // A second connection kept open keeps the WAL file from being checkpointed away.
    let reader = cache::open(&db).unwrap();
    connections::add(&handle(&db), &new("wal", "https://wal.example", settings("wal-app"), SECRET), &keyring).unwrap();
    let wal = {
        let mut path = db.as_os_str().to_owned();
        path.push("-wal");
        PathBuf::from(path)
    };
    assert!(wal.exists(), "the write went through the WAL");
    let bytes = cache_bytes(&db);
    assert!(contains(&bytes, "wal-app"), "the settings are in the cache files (the search works)");
    assert!(!contains(&bytes, SECRET), "the secret reached the cache");
    drop(reader);
    let bytes = cache_bytes(&db);
    assert!(contains(&bytes, "wal-app") && !contains(&bytes, SECRET));
    // The settings column holds no secret either.
    let conn = cache::open(&db).unwrap();
    let row = cache::connection(&conn, "wal").unwrap().unwrap();
    assert!(!row.settings.contains(SECRET) && row.settings.contains("wal-app"), "{}", row.settings);
    assert!(connections::remove(&handle(&db), "wal", UnsentChanges::Refuse, &keyring).unwrap());
}

/// A keyring that refuses every write.
struct Locked;

impl SecretStore for Locked {
    fn set(&self, account: &str, _: &Secret) -> Result<(), KeyringError> {
        Err(KeyringError::Failed { account: account.into(), reason: "the collection is locked".into() })
    }
    fn get(&self, _: &str) -> Result<Option<Secret>, KeyringError> {
        Ok(None)
    }
    fn contains(&self, _: &str) -> Result<bool, KeyringError> {
        Ok(false)
    }
    fn delete(&self, account: &str) -> Result<bool, KeyringError> {
        Err(KeyringError::Failed { account: account.into(), reason: "the collection is locked".into() })
    }
}

#[test]
fn a_failing_keyring_leaves_the_cache_as_it_was() {
    let keyring = keyring();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let error =
        connections::add(&handle(&db), &new("locked", "https://locked.example", settings("a"), SECRET), &Locked)
            .unwrap_err();
    assert!(matches!(error, ConnectionError::Keyring(KeyringError::Failed { .. })), "{error:?}");
    assert!(error.to_string().contains("locked") && !error.to_string().contains(SECRET), "{error}");
    assert!(connections::list(&handle(&db), None).unwrap().is_empty(), "no settings without the secret");
    assert!(!contains(&cache_bytes(&db), SECRET));

    // A keyring that does not answer: nothing is removed.
    connections::add(&handle(&db), &new("kept", "https://kept.example", settings("a"), SECRET), &keyring).unwrap();
    let error = connections::remove(&handle(&db), "kept", UnsentChanges::Refuse, &Unreachable).unwrap_err();
    assert!(matches!(error, ConnectionError::Keyring(KeyringError::Failed { .. })), "{error:?}");
    assert_eq!(
        connections::list(&handle(&db), Some(&keyring)).unwrap()[0].secret_stored,
        Some(true),
        "nothing was removed"
    );
    // A keyring that answers but fails to delete: the connection is gone (its deletion was
    // committed first), and the error names the account whose secret is left.
    let account = connections::account("kept", "https://kept.example");
    let error = connections::remove(&handle(&db), "kept", UnsentChanges::Refuse, &Locked).unwrap_err();
    assert!(matches!(&error, ConnectionError::SecretLeft { account: left, .. } if *left == account), "{error:?}");
    assert!(connections::list(&handle(&db), Some(&keyring)).unwrap().is_empty());
    assert!(keyring.contains(&account).unwrap(), "the secret a failed delete left");
    // Adding the connection again overwrites that secret; removing it deletes it.
    connections::add(&handle(&db), &new("kept", "https://kept.example", settings("a"), "x-new-secret"), &keyring)
        .unwrap();
    assert!(connections::remove(&handle(&db), "kept", UnsentChanges::Refuse, &keyring).unwrap());
    assert!(!keyring.contains(&account).unwrap());
}

/// A keyring that answers nothing.
struct Unreachable;

impl SecretStore for Unreachable {
    fn set(&self, account: &str, _: &Secret) -> Result<(), KeyringError> {
        Err(KeyringError::Failed { account: account.into(), reason: "no keyring".into() })
    }
    fn get(&self, account: &str) -> Result<Option<Secret>, KeyringError> {
        Err(KeyringError::Failed { account: account.into(), reason: "no keyring".into() })
    }
    fn contains(&self, account: &str) -> Result<bool, KeyringError> {
        Err(KeyringError::Failed { account: account.into(), reason: "no keyring".into() })
    }
    fn delete(&self, account: &str) -> Result<bool, KeyringError> {
        Err(KeyringError::Failed { account: account.into(), reason: "no keyring".into() })
    }
}

#[test]
fn a_connection_without_authentication_needs_no_keyring() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let public = ConnectionSettings {
        client_id: String::new(),
        scopes: vec!["case.read".into()],
        scope_base: Some(String::new()),
        anonymous: true,
        ..settings("")
    };
    // The keyring is never asked: a locked one does not matter.
    connections::add(&handle(&db), &new("public", "https://case.example", public.clone(), ""), &Locked).unwrap();
    let listed = connections::list(&handle(&db), None).unwrap();
    assert_eq!(listed[0].settings.as_ref(), Some(&public));
    let config = connections::client_config(&handle(&db), "public", &Locked).unwrap();
    assert!(config.anonymous && config.scope_base.is_empty(), "{config:?}");
    assert_eq!(config.requested_scope(), "case.read");
    let opened =
        connections::saved_client_config(&handle(&db), "public", &|| panic!("the keyring was opened")).unwrap();
    assert!(opened.anonymous);
    // With a token URL, a client or a secret it is refused.
    let with_secret =
        connections::add(&handle(&db), &new("p2", "https://case.example", public.clone(), SECRET), &Locked);
    assert!(matches!(with_secret, Err(ConnectionError::Invalid { .. })), "{with_secret:?}");
    let with_token = ConnectionSettings { token_url: Some("https://case.example/token".into()), ..public };
    let refused = connections::add(&handle(&db), &new("p3", "https://case.example", with_token, ""), &Locked);
    assert!(matches!(refused, Err(ConnectionError::Invalid { .. })), "{refused:?}");
}

#[test]
fn a_missing_secret_is_reported() {
    let keyring = keyring();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    connections::add(&handle(&db), &new("gone", "https://gone.example", settings("a"), SECRET), &keyring).unwrap();
    assert!(keyring.delete(&connections::account("gone", "https://gone.example")).unwrap());
    assert_eq!(connections::list(&handle(&db), Some(&keyring)).unwrap()[0].secret_stored, Some(false));
    let error = connections::client_config(&handle(&db), "gone", &keyring).unwrap_err();
    assert!(matches!(error, ConnectionError::NoSecret { .. }), "{error:?}");
    // A connection a sync made without saving: no settings, and adding it adopts the name.
    let conn = cache::open(&db).unwrap();
    cache::connection_id(&conn, "synced", "https://synced.example").unwrap();
    let listed = connections::list(&handle(&db), Some(&keyring)).unwrap();
    let synced = listed.iter().find(|c| c.name == "synced").unwrap();
    assert!(synced.settings.is_none() && synced.secret_stored.is_none());
    let error = connections::client_config(&handle(&db), "synced", &keyring).unwrap_err();
    assert!(matches!(error, ConnectionError::NotSaved { .. }), "{error:?}");
    connections::add(&handle(&db), &new("synced", "https://synced.example", settings("s"), SECRET), &keyring).unwrap();
    assert!(connections::client_config(&handle(&db), "synced", &keyring).is_ok());
    let other =
        connections::add(&handle(&db), &new("gone", "https://elsewhere.example", settings("a"), SECRET), &keyring);
    assert!(matches!(other, Err(ConnectionError::Exists { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn test_against_the_sandbox_reports_granted_scopes_and_remove_clears_the_records() {
    let keyring = keyring();
    let dir = tempfile::tempdir().unwrap();
    let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
    let base_url = bound.base_url.clone();
    let ca_cert = bound.ca_cert.clone().unwrap();
    let clients = [format!("cairn:{SECRET}"), format!("core:{SECRET}:roster-core.readonly")];
    let sandbox = Sandbox::new(SandboxConfig {
        dialect: Dialect::spec(),
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
    generate(&DemoOptions::new(Scale::Small, "https://sandbox.example"), &mut |c, v| records.push((c, v)));
    sandbox.write(records).unwrap();
    let running = serve(bound, sandbox, ServeOptions::default());

    let db = dir.path().join("cache.sqlite");
    let with_ca = |client_id: &str, scopes: &[&str]| ConnectionSettings {
        ca_cert: Some(ca_cert.clone()),
        ca_cert_pem: None,
        scopes: scopes.iter().map(|s| s.to_string()).collect(),
        ..settings(client_id)
    };
    connections::add(&handle(&db), &new("core", &base_url, with_ca("core", &[]), SECRET), &keyring).unwrap();
    connections::add(&handle(&db), &new("all", &base_url, with_ca("cairn", &[]), SECRET), &keyring).unwrap();
    let some = with_ca("cairn", &["roster-core.readonly", "case.readonly"]);
    connections::add(&handle(&db), &new("some", &base_url, some, SECRET), &keyring).unwrap();
    connections::add(&handle(&db), &new("wrong", &base_url, with_ca("cairn", &[]), "not-the-secret"), &keyring)
        .unwrap();

    let core = connections::test(connections::client_config(&handle(&db), "core", &keyring).unwrap()).await.unwrap();
    assert_eq!(core, ["roster-core.readonly"]);
    let some = connections::test(connections::client_config(&handle(&db), "some", &keyring).unwrap()).await.unwrap();
    assert_eq!(some, ["case.readonly", "roster-core.readonly"]);
    let all = connections::test(connections::client_config(&handle(&db), "all", &keyring).unwrap()).await.unwrap();
    assert!(all.len() > 5 && all.contains(&"gradebook.createput".to_owned()), "{all:?}");
    let error =
        connections::test(connections::client_config(&handle(&db), "wrong", &keyring).unwrap()).await.unwrap_err();
    let message = error.to_string();
    assert!(matches!(error, ConnectionError::Client(_)), "{error:?}");
    assert!(message.contains("invalid_client") || message.contains("401"), "the server's error: {message}");
    assert!(!message.contains("not-the-secret") && !message.contains(SECRET), "{message}");

    // Sync with the saved connection, then remove it: its records, search entries and journal go.
    let client = Client::new(connections::client_config(&handle(&db), "core", &keyring).unwrap()).unwrap();
    let report = cairn_sync::sync(&client, &handle(&db), "core", &SyncOptions::default(), &|_| {}, &Cancel::new())
        .await
        .unwrap();
    assert!(report.is_complete(), "{report:?}");
    let conn = cache::open(&db).unwrap();
    let id = cache::find_connection(&conn, "core").unwrap().unwrap();
    let total =
        |conn: &rusqlite::Connection| -> u64 { cache::counts(conn, Some(id)).unwrap().iter().map(|c| c.1).sum() };
    assert!(total(&conn) > 0);
    let fts = |conn: &rusqlite::Connection| -> i64 {
        cache::TABLES
            .iter()
            .filter(|s| !s.search.is_empty())
            .map(|s| {
                conn.query_row(&format!("SELECT COUNT(*) FROM {}_fts", s.table), [], |r| r.get::<_, i64>(0)).unwrap()
            })
            .sum()
    };
    assert!(fts(&conn) > 0);
    let journal = |conn: &rusqlite::Connection| -> i64 {
        conn.query_row("SELECT COUNT(*) FROM sync_journal", [], |r| r.get(0)).unwrap()
    };
    assert!(journal(&conn) > 0);
    drop(conn);
    assert!(connections::remove(&handle(&db), "core", UnsentChanges::Refuse, &keyring).unwrap());
    let conn = cache::open(&db).unwrap();
    assert_eq!(total(&conn), 0);
    assert_eq!(fts(&conn), 0, "no search entry is left behind");
    assert_eq!(journal(&conn), 0);
    assert!(!contains(&cache_bytes(&db), SECRET));
    running.shutdown().await;
}

/// The cache at `db` as the one handle its users go through.
fn handle(db: &std::path::Path) -> cairn_store::cache::CacheHandle {
    cairn_store::cache::CacheHandle::open(db).unwrap()
}

#[test]
fn a_ca_certificate_is_read_when_the_connection_is_saved_and_never_quoted() {
    let keyring = keyring();
    let dir = tempfile::tempdir().unwrap();
    let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
    let chosen = dir.path().join("chosen.pem");
    std::fs::copy(bound.ca_cert.clone().unwrap(), &chosen).unwrap();
    let db = dir.path().join("cache.sqlite");
    let with = |path: &Path| ConnectionSettings { ca_cert: Some(path.to_owned()), ..settings("a") };
    connections::add(&handle(&db), &new("tls", &bound.base_url, with(&chosen), SECRET), &keyring).unwrap();

    // The file the user chose may go: the certificate was kept when the connection was saved.
    std::fs::remove_file(&chosen).unwrap();
    let config = connections::client_config(&handle(&db), "tls", &keyring).unwrap();
    assert!(config.ca_cert_pem.is_some_and(|pem| pem.starts_with(b"-----BEGIN CERTIFICATE-----")));
    // Editing it with the same (now missing) file keeps the certificate; a new one is read.
    let edited = new("tls", &bound.base_url, with(&chosen), SECRET);
    connections::edit(&handle(&db), "tls", &edited, &keyring).unwrap();
    assert!(connections::client_config(&handle(&db), "tls", &keyring).unwrap().ca_cert_pem.is_some());

    // A file that is not a certificate is refused, and what it holds is never in the error.
    let secret = dir.path().join("id_secret");
    std::fs::write(&secret, "TOP-SECRET-KEY-MATERIAL\n").unwrap();
    let error = connections::add(&handle(&db), &new("bad", &bound.base_url, with(&secret), SECRET), &keyring)
        .unwrap_err()
        .to_string();
    assert!(error.contains("not a PEM certificate") && error.contains("id_secret"), "{error}");
    assert!(!error.contains("TOP-SECRET"), "{error}");
}
