//! The cache keeps every synced record exactly as the server sent it: the JSON column holds
//! the record's text from the answer, byte for byte (extensions and unknown properties
//! included), and the relation columns are what the record says.

use cairn_client::{Cancel, RawPage};
use cairn_query::Query;
use cairn_spec::{Collection, Dialect};
use cairn_store::cache;
use serde_json::Value;
use tokio::sync::mpsc;

use crate::harness::{Harness, digest, run};

/// Every record of `collection` as the server sends it, by identifier.
async fn served_text(client: &cairn_client::Client, collection: Collection) -> Vec<(String, String)> {
    let (sender, mut receiver) = mpsc::channel::<RawPage>(4);
    let collect = tokio::spawn(async move {
        let mut out = Vec::new();
        while let Some(page) = receiver.recv().await {
            for text in page.records() {
                let value: Value = serde_json::from_str(text).unwrap();
                out.push((value[collection.id_field()].as_str().unwrap().to_owned(), text.to_owned()));
            }
        }
        out
    });
    let query = Query::from_params([("limit", "37")]).unwrap();
    let op = cairn_sync::get_all(collection).unwrap();
    client.collect_raw_pages(op, &[], &query, &sender, &|_| {}, &Cancel::new()).await.unwrap();
    drop(sender);
    collect.await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cache_holds_each_record_as_the_server_sent_it() {
    let h = Harness::start(Dialect::spec(), None).await;
    let client = h.client();
    let db = h.db("cache.sqlite");
    assert!(run(&client, &db, &h.options(false)).await.is_complete());
    let conn = cache::open(&db).unwrap();
    let id = cache::find_connection(&conn, "sandbox").unwrap().unwrap();
    for collection in [Collection::Users, Collection::Results, Collection::Categories, Collection::Classes] {
        let served = served_text(&client, collection).await;
        assert!(!served.is_empty());
        for (record_id, text) in &served {
            let cached = cache::record(&conn, id, collection, record_id).unwrap().unwrap();
            assert_eq!(&cached, text, "{} {record_id}", collection.name());
        }
    }
    let with_extensions: i64 = conn
        .query_row("SELECT COUNT(*) FROM categories WHERE json_type(json, '$.metadata.scheme') = 'text'", [], |r| {
            r.get(0)
        })
        .unwrap();
    assert!(with_extensions > 0, "the demo's categories carry their scheme in metadata");
    let (student, class): (String, String) = conn
        .query_row("SELECT student_id, class_id FROM results WHERE connection_id = ?1 LIMIT 1", [id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })
        .unwrap();
    assert!(!student.is_empty() && !class.is_empty());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn collections_staged_page_by_page_hold_what_one_page_holds() {
    let h = Harness::start(Dialect::spec(), None).await;
    let client = h.client();
    // Pages of 37: the larger collections come in several, staged one after another; pages of
    // 10,000 bring each in one.
    let (after, during) = (h.db("after.sqlite"), h.db("during.sqlite"));
    let options = |page_size| cairn_sync::SyncOptions { page_size, ..h.options(false) };
    assert!(run(&client, &after, &options(10_000)).await.is_complete());
    let report = run(&client, &during, &options(37)).await;
    assert!(report.is_complete(), "{report:#?}");
    assert_eq!(digest(&during), digest(&after), "the same records, byte for byte");
    // The columns, links and full-text entries read from them too.
    let rows = |db: &std::path::Path, sql: &str| -> Vec<String> {
        let conn = cache::open(db).unwrap();
        let mut statement = conn.prepare(sql).unwrap();
        statement.query_map([], |r| r.get::<_, String>(0)).unwrap().map(Result::unwrap).collect()
    };
    for sql in [
        "SELECT quote(id) || quote(student_id) || quote(class_id) || quote(line_item_id) FROM results ORDER BY id",
        "SELECT quote(id) || quote(target) FROM user_roles ORDER BY id, target",
        "SELECT quote(u.id) FROM users_fts JOIN users u ON u.rowid = users_fts.rowid WHERE users_fts MATCH 'a*' ORDER BY u.id",
    ] {
        let (during, after) = (rows(&during, sql), rows(&after, sql));
        assert!(!after.is_empty(), "{sql}");
        assert_eq!(during, after, "{sql}");
    }
    h.stop().await;
}
