//! Writing records given as JSON text (`CollectionWriter::put_json`, what a sync does): the
//! text is kept exactly as received, the relation columns, links and full-text entries are
//! what writing the parsed record gives, merges replace links and entries, and text that is
//! not a record writes nothing.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use cairn_spec::Collection;
use cairn_store::StoreError;
use cairn_store::cache::{self, CollectionWriter, PreparedRecords, WriteMode};
use serde_json::Value;

fn open() -> (tempfile::TempDir, rusqlite::Connection, i64) {
    let dir = tempfile::tempdir().unwrap();
    let mut conn = cairn_store::open(&dir.path().join("cache.sqlite")).unwrap();
    cache::prepare(&mut conn).unwrap();
    let id = cache::connection_id(&conn, "district", "https://sis.example.org").unwrap();
    (dir, conn, id)
}

/// A user with unknown properties, an extension, escapes, numbers and odd spacing.
const USER: &str = r#"{"sourcedId":"u1", "status":"active","dateLastModified":"2025-08-01T00:00:00Z","givenName":"Zo\u00eb","familyName":"Nguyễn","username":"zoe.n","score":1.50,"big":12345678901234567890123,
 "roles":[{"roleType":"primary","role":"student","org":{"href":"https://x/orgs/s1","sourcedId":"s1","type":"org"}},{"role":"aide","org":{"sourcedId":"s2"}}],
 "agents":[{"sourcedId":"p1"}],"metadata":{"ext:district":{"house":"Ravenclaw","codes":[1,2.0,"3"]}},"x-vendor":null}"#;

/// Every row of the users table and its link tables for the connection, as text.
fn rows(conn: &rusqlite::Connection, connection: i64) -> Vec<String> {
    let mut out = Vec::new();
    let mut statement = conn
        .prepare(
            "SELECT id, status, date_last_modified, given_name, family_name, username, primary_org_id, to_be_deleted
             FROM users WHERE connection_id = ?1 ORDER BY id",
        )
        .unwrap();
    let users = statement
        .query_map([connection], |r| {
            let mut row = Vec::new();
            for i in 0..7 {
                row.push(r.get::<_, Option<String>>(i)?.unwrap_or_else(|| "NULL".into()));
            }
            row.push(r.get::<_, i64>(7)?.to_string());
            Ok(row.join("|"))
        })
        .unwrap();
    out.extend(users.map(Result::unwrap));
    for table in ["user_roles", "user_orgs", "user_agents"] {
        let mut statement =
            conn.prepare(&format!("SELECT id, target FROM {table} WHERE connection_id = ?1 ORDER BY 1, 2")).unwrap();
        let links = statement
            .query_map([connection], |r| Ok(format!("{table}:{}>{}", r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .unwrap();
        out.extend(links.map(Result::unwrap));
    }
    out
}

fn write_json(conn: &mut rusqlite::Connection, connection: i64, mode: WriteMode, records: &[&str]) -> Vec<bool> {
    let tx = cache::begin(conn).unwrap();
    let written = {
        let mut writer = CollectionWriter::new(&tx, connection, Collection::Users, mode).unwrap();
        records.iter().map(|r| writer.put_json(r).unwrap()).collect()
    };
    tx.commit().unwrap();
    written
}

#[test]
fn the_json_column_holds_the_text_as_received() {
    let (_dir, mut conn, a) = open();
    assert_eq!(write_json(&mut conn, a, WriteMode::Replace, &[USER]), [true]);
    let stored = cache::record(&conn, a, Collection::Users, "u1").unwrap().unwrap();
    assert_eq!(stored, USER, "byte for byte: spacing, escapes, number forms, unknown properties, extensions");
    let parsed: Value = serde_json::from_str(&stored).unwrap();
    assert_eq!(parsed["metadata"]["ext:district"]["house"], "Ravenclaw");
    assert!(parsed.as_object().unwrap().contains_key("x-vendor"));
}

#[test]
fn columns_links_and_search_match_writing_the_parsed_record() {
    let (_dir, mut conn, a) = open();
    let b = cache::connection_id(&conn, "parsed", "https://other.example.org").unwrap();
    write_json(&mut conn, a, WriteMode::Replace, &[USER]);
    {
        let tx = cache::begin(&mut conn).unwrap();
        let mut writer = CollectionWriter::new(&tx, b, Collection::Users, WriteMode::Replace).unwrap();
        assert!(writer.put(&serde_json::from_str(USER).unwrap()).unwrap());
        drop(writer);
        tx.commit().unwrap();
    }
    let from_text = rows(&conn, a);
    assert_eq!(from_text, rows(&conn, b));
    assert_eq!(from_text[0], "u1|active|2025-08-01T00:00:00Z|Zoë|Nguyễn|zoe.n|NULL|0");
    assert!(from_text.contains(&"user_orgs:u1>s2".to_owned()), "{from_text:?}");
    assert!(from_text.contains(&"user_agents:u1>p1".to_owned()), "{from_text:?}");
    for connection in [a, b] {
        let hits = cache::search(&conn, connection, Collection::Users, "zoe nguyen", 5).unwrap();
        assert_eq!(hits.len(), 1);
    }
}

#[test]
fn merging_replaces_links_and_search_entries() {
    let (_dir, mut conn, a) = open();
    write_json(&mut conn, a, WriteMode::Replace, &[USER, r#"{"sourcedId":"u2","givenName":"Other"}"#]);
    let renamed = r#"{"sourcedId":"u1","status":"tobedeleted","givenName":"Ada","familyName":"King","roles":[{"role":"teacher","org":{"sourcedId":"s9"}}]}"#;
    assert_eq!(
        write_json(&mut conn, a, WriteMode::Merge, &[renamed, r#"{"sourcedId":"u3","givenName":"New"}"#]),
        [true, true]
    );
    let rows = rows(&conn, a);
    assert!(rows.contains(&"u1|tobedeleted|NULL|Ada|King|NULL|NULL|1".to_owned()), "{rows:?}");
    let links: Vec<&String> = rows.iter().filter(|r| r.contains(">") && r.contains(":u1>")).collect();
    assert_eq!(links, ["user_roles:u1>teacher", "user_orgs:u1>s9"], "the old links left");
    assert!(cache::search(&conn, a, Collection::Users, "zoe", 5).unwrap().is_empty(), "the old entry left");
    assert_eq!(cache::search(&conn, a, Collection::Users, "king", 5).unwrap()[0].id, "u1");
    assert_eq!(cache::search(&conn, a, Collection::Users, "new", 5).unwrap()[0].id, "u3");
    assert_eq!(cache::search(&conn, a, Collection::Users, "other", 5).unwrap()[0].id, "u2");
}

#[test]
fn a_record_twice_in_one_write_keeps_the_last() {
    let (_dir, mut conn, a) = open();
    let first = r#"{"sourcedId":"u1","givenName":"First","roles":[{"role":"student"}]}"#;
    let second = r#"{"sourcedId":"u1","givenName":"Second","roles":[{"role":"teacher"}]}"#;
    write_json(&mut conn, a, WriteMode::Replace, &[first, second]);
    assert_eq!(cache::record(&conn, a, Collection::Users, "u1").unwrap().unwrap(), second);
    assert!(rows(&conn, a).contains(&"user_roles:u1>teacher".to_owned()));
    assert!(!rows(&conn, a).contains(&"user_roles:u1>student".to_owned()));
    assert!(cache::search(&conn, a, Collection::Users, "first", 5).unwrap().is_empty());
}

#[test]
fn text_that_is_not_a_record_writes_nothing() {
    let (_dir, mut conn, a) = open();
    let skipped = [r#"{"givenName":"no id"}"#, r#"{"sourcedId":7}"#, r#"[{"sourcedId":"u1"}]"#, r#""u1""#, "null"];
    assert_eq!(write_json(&mut conn, a, WriteMode::Replace, &skipped), [false; 5]);
    assert!(rows(&conn, a).is_empty());
    write_json(&mut conn, a, WriteMode::Replace, &[USER]);
    {
        let tx = cache::begin(&mut conn).unwrap();
        let mut writer = CollectionWriter::new(&tx, a, Collection::Users, WriteMode::Replace).unwrap();
        assert!(writer.put_json(r#"{"sourcedId":"u5"}"#).unwrap());
        let error = writer.put_json(r#"{"sourcedId":"u6""#).unwrap_err();
        assert!(
            matches!(error, StoreError::Sqlite(rusqlite::Error::ToSqlConversionFailure(_))),
            "cut-off text: {error:?}"
        );
        // the caller stops on the error: dropping the transaction keeps the previous data
    }
    assert_eq!(cache::record(&conn, a, Collection::Users, "u1").unwrap().unwrap(), USER);
    assert!(cache::record(&conn, a, Collection::Users, "u5").unwrap().is_none());
}

/// The users table and its links, FTS hits and JSON after writing `records` one way.
fn written_with(records: &[&str], prepared: Option<Collection>) -> (Vec<String>, Vec<String>, usize) {
    let (_dir, mut conn, a) = open();
    {
        let tx = cache::begin(&mut conn).unwrap();
        let mut writer = CollectionWriter::new(&tx, a, Collection::Users, WriteMode::Replace).unwrap();
        match prepared {
            Some(collection) => {
                let (first, rest) = records.split_at(records.len() / 2);
                for part in [first, rest] {
                    let batch = PreparedRecords::new(collection, part.iter().copied());
                    assert_eq!(batch.len(), part.len());
                    writer.put_prepared(batch).unwrap();
                }
            }
            None => {
                for record in records {
                    writer.put_json(record).unwrap();
                }
            }
        }
        drop(writer);
        tx.commit().unwrap();
    }
    let mut statement = conn.prepare("SELECT json FROM users ORDER BY rowid").unwrap();
    let json = statement.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
    let hits = cache::search(&conn, a, Collection::Users, "zoe", 5).unwrap().len();
    (rows(&conn, a), json, hits)
}

#[test]
fn prepared_records_write_what_put_json_writes() {
    let records = [
        USER,
        r#"{"sourcedId":"u2","givenName":"Zoe","roles":[{"role":"aide","org":{"sourcedId":"s\u0032"}}],"flag":true}"#,
        r#"[{"sourcedId":"not a record"}]"#,
        r#"{"sourcedId":"u1","givenName":"Again","familyName":"Later"}"#,
    ];
    let expected = written_with(&records, None);
    assert_eq!(expected.1.len(), 2);
    assert_eq!(written_with(&records, Some(Collection::Users)), expected);
    // Read for another collection's table: read again for this one.
    assert_eq!(written_with(&records, Some(Collection::Orgs)), expected);
}

#[test]
fn a_prepared_record_that_is_not_json_stops_the_write() {
    let (_dir, mut conn, a) = open();
    let tx = cache::begin(&mut conn).unwrap();
    let mut writer = CollectionWriter::new(&tx, a, Collection::Users, WriteMode::Replace).unwrap();
    let batch = PreparedRecords::new(Collection::Users, [r#"{"sourcedId":"u1"}"#, r#"{"sourcedId":"#]);
    let error = writer.put_prepared(batch).unwrap_err();
    assert!(matches!(error, StoreError::Sqlite(rusqlite::Error::ToSqlConversionFailure(_))), "{error:?}");
    assert!(PreparedRecords::new(Collection::Users, []).is_empty());
}
