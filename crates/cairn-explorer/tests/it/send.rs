//! The futures the app spawns on a multi-threaded runtime are `Send`: this file compiles only
//! if they are (nothing here needs to run).
#![allow(clippy::unwrap_used, missing_docs)] // tests fail loudly

use std::path::PathBuf;

use cairn_client::{Cancel, Client, ClientConfig};
use cairn_explorer::app::{App, FrameworkKey};
use cairn_store::cache::CacheHandle;
use cairn_sync::SyncOptions;
use cairn_sync::connections;

fn assert_send<T: Send>(_: &T) {}

/// Every async entry point the window's commands and tasks call.
#[allow(dead_code)]
fn app_futures_are_send(app: &App, key: FrameworkKey) {
    assert_send(&app.start(&|_| {}));
    assert_send(&app.sync_builtin(true, &|_| {}));
    assert_send(&app.list_frameworks());
    assert_send(&app.open_framework(key.clone()));
    assert_send(&app.item_detail(key.clone(), String::new()));
    assert_send(&app.search(String::new(), 10, &|_| {}));
    assert_send(&app.session_load());
    assert_send(&app.import_files(String::new(), Vec::new(), false, &|_| {}));
    assert_send(&app.export_framework_csv(key.clone(), None, PathBuf::new(), &|_| {}));
    assert_send(&app.export_rosters(String::new(), PathBuf::new(), &|_| {}));
    assert_send(&app.export_framework_package(key, PathBuf::new()));
    assert_send(&app.write_file(PathBuf::new(), Vec::new()));
}

#[test]
fn the_sync_and_the_cache_handles_futures_are_send() {
    let dir = tempfile::tempdir().unwrap();
    let cache = CacheHandle::open(&dir.path().join("cache.sqlite")).unwrap();
    let client = Client::new(ClientConfig::new("https://sis.example", "id", "secret")).unwrap();
    let (options, cancel) = (SyncOptions::default(), Cancel::new());
    let sync = cairn_sync::sync(&client, &cache, "sis", &options, &|_| {}, &cancel);
    assert_send(&sync);
    assert_send(&connections::test(ClientConfig::new("https://sis.example", "id", "secret")));
    assert_send(&cache.read(cairn_store::cache::connections));
    assert_send(&cache.write(|tx| cairn_store::cache::connection_id(tx, "sis", "https://sis.example")));
    // The cache is shared by the app's tasks.
    fn shared<T: Send + Sync + Clone>(_: &T) {}
    shared(&cache);
}
