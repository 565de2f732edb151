//! A typed grade is never lost by removing its connection: on a real SQLite file, a connection
//! holding unsent gradebook changes is removed only when the caller says they may go.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use cairn_store::StoreError;
use cairn_store::cache::{self, UnsentChanges, outbox};

fn open() -> (tempfile::TempDir, rusqlite::Connection) {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = cairn_store::open(&dir.path().join("cache.sqlite")).unwrap();
    cache::prepare(&mut conn).unwrap();
    (dir, conn)
}

fn put(id: &str) -> outbox::NewWrite {
    outbox::NewWrite {
        method: "PUT".into(),
        operation: "putResult".into(),
        params: format!("[\"{id}\"]"),
        collection: "results".into(),
        record_id: id.into(),
        label: format!("Result {id}"),
        body: Some("{\"result\":{\"score\":7}}".into()),
        before: None,
    }
}

fn outbox_rows(conn: &rusqlite::Connection) -> i64 {
    conn.query_row("SELECT COUNT(*) FROM outbox", [], |r| r.get(0)).unwrap()
}

#[test]
fn a_connection_with_unsent_changes_is_kept_unless_they_may_be_discarded() {
    let (_dir, conn) = open();
    let sis = cache::connection_id(&conn, "sis", "https://sis.example").unwrap();
    let other = cache::connection_id(&conn, "other", "https://other.example").unwrap();
    let pending = outbox::add(&conn, sis, &put("a"), "t0").unwrap();
    let failed = outbox::add(&conn, sis, &put("b"), "t0").unwrap();
    outbox::mark_sending(&conn, failed, "t1").unwrap();
    outbox::mark_failed(&conn, failed, "t1", "{}").unwrap();
    let sent = outbox::add(&conn, other, &put("c"), "t0").unwrap();
    outbox::mark_sending(&conn, sent, "t1").unwrap();
    outbox::mark_sent(&conn, sent, "t2", None, None).unwrap();

    let error = cache::remove_connection(&conn, "sis", UnsentChanges::Refuse).unwrap_err();
    assert!(
        matches!(&error, StoreError::UnsentChanges { connections } if connections == &[("sis".to_owned(), 2)]),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        "2 unsent gradebook changes would be lost (2 to \"sis\"): send them, or discard them in the gradebook's \
         outbox, first — or confirm that they may be discarded"
    );
    assert!(cache::connection(&conn, "sis").unwrap().is_some(), "the connection stays");
    assert_eq!(outbox::get(&conn, pending).unwrap().unwrap().state, outbox::WriteState::Pending);
    assert_eq!(outbox_rows(&conn), 3);

    // Only sent changes: nothing unsent is lost, the connection goes.
    assert!(cache::remove_connection(&conn, "other", UnsentChanges::Refuse).unwrap());
    assert!(cache::refuse_unsent(&conn, Some("other")).is_ok());
    let error = cache::refuse_unsent(&conn, None).unwrap_err();
    assert!(error.to_string().starts_with("2 unsent gradebook changes"), "{error}");

    // Confirmed: they go with it.
    assert!(cache::remove_connection(&conn, "sis", UnsentChanges::Discard).unwrap());
    assert_eq!(outbox_rows(&conn), 0);
    assert!(cache::refuse_unsent(&conn, None).is_ok());
}
