//! The cache on real SQLite files: swap-in of whole collections, failed writes that change
//! nothing, connections that do not mix, relations, full-text search, the journal.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use cairn_spec::Collection;
use cairn_store::cache::{self, CollectionWriter, JournalEntry, Outcome, WriteMode};
use serde_json::{Value, json};

fn user(id: &str, given: &str, family: &str, school: &str) -> Value {
    json!({"sourcedId": id, "status": "active", "dateLastModified": "2025-08-01T00:00:00Z", "enabledUser": "true",
        "givenName": given, "familyName": family,
        "roles": [{"roleType": "primary", "role": "student", "org": {"href": "https://x/orgs/s", "sourcedId": school, "type": "org"}}]})
}

fn open() -> (tempfile::TempDir, rusqlite::Connection) {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = cairn_store::open(&dir.path().join("cache.sqlite")).unwrap();
    cache::prepare(&mut conn).unwrap();
    (dir, conn)
}

fn write(conn: &mut rusqlite::Connection, connection: i64, collection: Collection, mode: WriteMode, records: &[Value]) {
    let tx = cache::begin(conn).unwrap();
    {
        let mut writer = CollectionWriter::new(&tx, connection, collection, mode).unwrap();
        for r in records {
            assert!(writer.put(r).unwrap());
        }
    }
    tx.commit().unwrap();
}

fn count(conn: &rusqlite::Connection, connection: i64, collection: Collection) -> u64 {
    cache::counts(conn, Some(connection)).unwrap().into_iter().find(|(c, _)| *c == collection).unwrap().1
}

#[test]
fn replace_swaps_a_collection_and_keeps_json_whole() {
    let (_dir, mut conn) = open();
    let a = cache::connection_id(&conn, "district", "https://sis.example.org").unwrap();
    let ada = user("u1", "Ada", "Lovelace", "s1");
    write(&mut conn, a, Collection::Users, WriteMode::Replace, &[ada.clone(), user("u2", "Zoë", "Nguyễn", "s1")]);
    assert_eq!(count(&conn, a, Collection::Users), 2);
    let stored: Value =
        serde_json::from_str(&cache::record(&conn, a, Collection::Users, "u1").unwrap().unwrap()).unwrap();
    assert_eq!(stored, ada);
    write(&mut conn, a, Collection::Users, WriteMode::Replace, &[user("u3", "Amir", "Haddad", "s2")]);
    assert_eq!(count(&conn, a, Collection::Users), 1);
    assert!(cache::record(&conn, a, Collection::Users, "u1").unwrap().is_none());
    let orgs: i64 = conn
        .query_row("SELECT COUNT(*) FROM user_orgs WHERE connection_id = ?1 AND target = 's2'", [a], |r| r.get(0))
        .unwrap();
    assert_eq!(orgs, 1, "link rows follow the records");
}

#[test]
fn an_unfinished_write_leaves_the_previous_data_exactly() {
    let (_dir, mut conn) = open();
    let a = cache::connection_id(&conn, "district", "https://sis.example.org").unwrap();
    write(&mut conn, a, Collection::Users, WriteMode::Replace, &[user("u1", "Ada", "Lovelace", "s1")]);
    {
        let tx = cache::begin(&mut conn).unwrap();
        let mut writer = CollectionWriter::new(&tx, a, Collection::Users, WriteMode::Replace).unwrap();
        writer.put(&user("u9", "Half", "Written", "s1")).unwrap();
        // dropped uncommitted: a failed or cancelled sync
    }
    assert_eq!(count(&conn, a, Collection::Users), 1);
    assert!(cache::record(&conn, a, Collection::Users, "u1").unwrap().is_some());
    assert_eq!(cache::search(&conn, a, Collection::Users, "half", 10).unwrap(), vec![]);
}

#[test]
fn connections_do_not_mix_and_merges_upsert() {
    let (_dir, mut conn) = open();
    let a = cache::connection_id(&conn, "north", "https://north.example.org").unwrap();
    let b = cache::connection_id(&conn, "south", "https://south.example.org").unwrap();
    assert_eq!(cache::connection_id(&conn, "north", "https://north.example.org/").unwrap(), a, "same source");
    let other = cache::connection_id(&conn, "north", "https://south.example.org");
    assert!(
        matches!(&other, Err(cairn_store::StoreError::OtherSource { saved, .. }) if saved == "https://north.example.org"),
        "one name never takes a second source's data: {other:?}"
    );
    write(&mut conn, a, Collection::Users, WriteMode::Replace, &[user("u1", "Ada", "Lovelace", "s1")]);
    write(
        &mut conn,
        b,
        Collection::Users,
        WriteMode::Replace,
        &[user("u1", "Bob", "Other", "s9"), user("u2", "Cy", "Other", "s9")],
    );
    assert_eq!((count(&conn, a, Collection::Users), count(&conn, b, Collection::Users)), (1, 2));
    let mut renamed = user("u1", "Ada", "King", "s1");
    renamed["status"] = json!("tobedeleted");
    write(&mut conn, a, Collection::Users, WriteMode::Merge, &[renamed, user("u4", "Dee", "New", "s1")]);
    assert_eq!(count(&conn, a, Collection::Users), 2);
    let flagged: i64 = conn
        .query_row("SELECT to_be_deleted FROM users WHERE connection_id = ?1 AND id = 'u1'", [a], |r| r.get(0))
        .unwrap();
    assert_eq!(flagged, 1, "tobedeleted records are kept and flagged");
    assert_eq!(cache::search(&conn, a, Collection::Users, "king", 10).unwrap()[0].id, "u1");
    assert!(
        cache::search(&conn, a, Collection::Users, "lovelace", 10).unwrap().is_empty(),
        "the old name left the index"
    );
    assert!(cache::search(&conn, b, Collection::Users, "ada", 10).unwrap().is_empty());
}

#[test]
fn search_items_and_users_ignoring_accents_and_case() {
    let (_dir, mut conn) = open();
    let a = cache::connection_id(&conn, "district", "https://sis.example.org").unwrap();
    write(&mut conn, a, Collection::Users, WriteMode::Replace, &[user("u2", "Zoë", "Nguyễn", "s1")]);
    assert_eq!(cache::search(&conn, a, Collection::Users, "zoe nguy", 5).unwrap()[0].id, "u2");
    let item = json!({"identifier": "a5eafca0-b8df-11e7-8d17-8dc52d8205bc", "fullStatement": "Interpret products of whole numbers.",
        "humanCodingScheme": "3.OA.A.1", "uri": "https://x/i", "lastChangeDateTime": "2025-08-01T00:00:00Z",
        "CFDocumentURI": {"title": "M", "identifier": "b1750dc6-f058-11e7-b894-8d445e7af8cb", "uri": "https://x/d"}});
    write(&mut conn, a, Collection::CfItems, WriteMode::Replace, &[item]);
    let hits = cache::search(&conn, a, Collection::CfItems, "product \"whole", 5).unwrap();
    assert_eq!(hits.len(), 1);
    let document: String =
        conn.query_row("SELECT document_id FROM cf_items WHERE connection_id = ?1", [a], |r| r.get(0)).unwrap();
    assert_eq!(document, "b1750dc6-f058-11e7-b894-8d445e7af8cb");
}

#[test]
fn the_journal_remembers_the_last_complete_sync() {
    let (_dir, conn) = open();
    let a = cache::connection_id(&conn, "district", "https://sis.example.org").unwrap();
    let entry = |start: &str, outcome| JournalEntry::new("users", "full", start.into(), start.into(), outcome, 3, None);
    cache::journal_append(&conn, a, &entry("2025-08-01T00:00:00Z", Outcome::Complete)).unwrap();
    cache::journal_append(&conn, a, &entry("2025-08-02T00:00:00Z", Outcome::Failed)).unwrap();
    assert_eq!(cache::last_complete(&conn, a, "users").unwrap().as_deref(), Some("2025-08-01T00:00:00Z"));
    assert_eq!(cache::last_complete(&conn, a, "orgs").unwrap(), None);
}

#[test]
fn the_journal_knows_each_collections_size_from_its_last_full_sync() {
    let (_dir, conn) = open();
    let a = cache::connection_id(&conn, "district", "https://sis.example.org").unwrap();
    let b = cache::connection_id(&conn, "other", "https://other.example.org").unwrap();
    let entry = |collection: &str, mode: &str, outcome, records| {
        JournalEntry::new(
            collection,
            mode,
            "2025-08-01T00:00:00Z".into(),
            "2025-08-01T00:01:00Z".into(),
            outcome,
            records,
            None,
        )
    };
    cache::journal_append(&conn, a, &entry("users", "full", Outcome::Complete, 500)).unwrap();
    // Neither an incremental sync (what changed) nor a failed full one says how large it is.
    cache::journal_append(&conn, a, &entry("users", "incremental", Outcome::Complete, 3)).unwrap();
    cache::journal_append(&conn, a, &entry("users", "full", Outcome::Failed, 7)).unwrap();
    cache::journal_append(&conn, a, &entry("results", "full", Outcome::Complete, 9)).unwrap();
    cache::journal_append(&conn, a, &entry("results", "full", Outcome::Complete, 9000)).unwrap();
    cache::journal_append(&conn, b, &entry("orgs", "full", Outcome::Complete, 1)).unwrap();
    let mut sizes = cache::full_sync_sizes(&conn, a).unwrap();
    sizes.sort();
    assert_eq!(sizes, vec![("results".to_owned(), 9000), ("users".to_owned(), 500)]);
}
