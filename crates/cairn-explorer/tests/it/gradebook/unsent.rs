//! The count of unsent writes the window reads when it closes: kept in memory (no database
//! read), counted from the cache when the app opens and again with every change — a cell
//! saved, a PUT, a send, a refusal, a retry, a discard, a connection removed; and unsent
//! writes are never lost to a removal or a reset the user did not confirm.

use cairn_explorer::app::{CellEdit, ErrorCode};
use cairn_spec::Dialect;
use serde_json::json;

use super::app::{Served, app, class_with_room, synced};

const NAME: &str = "district";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_count_of_unsent_writes_follows_every_change_and_starts_from_the_cache() {
    let served = Served::start(Dialect::spec());
    let dir = tempfile::tempdir().unwrap();
    let app1 = synced(dir.path(), &served, NAME).await;
    assert_eq!(app1.gradebook_unsent_total(), 0);
    let book = class_with_room(&app1, dir.path(), NAME).await;
    let item = book.line_items.iter().find(|l| l.min.is_some()).unwrap();
    assert!(book.students.len() >= 2);
    let edit = |student: &str, score: f64| CellEdit {
        class_id: book.class_id.clone(),
        line_item: item.id.clone(),
        student: student.to_owned(),
        score: Some(format!("{score}")),
        ..CellEdit::default()
    };
    let (first, second) = (book.students[0].id.clone(), book.students[1].id.clone());
    let min = item.min.unwrap();

    // A cell saved; saved again before it went out (its PUT's body replaced); one refused.
    app1.gradebook_save_cell(NAME.into(), edit(&first, min)).await.unwrap();
    assert_eq!(app1.gradebook_unsent_total(), 1);
    app1.gradebook_save_cell(NAME.into(), edit(&first, min + 1.0)).await.unwrap();
    assert_eq!(app1.gradebook_unsent_total(), 1);
    let refused = app1.gradebook_save_cell(NAME.into(), edit(&second, min - 1.0)).await.unwrap();
    assert!(refused.outbox_id.is_none());
    assert_eq!(app1.gradebook_unsent_total(), 1);

    // A category PUT, and a POST the server will refuse.
    let category = json!({"sourcedId": "cat-unsent", "status": "active", "dateLastModified": "2026-01-01T00:00:00Z",
                          "title": "Projects", "weight": 0.1});
    app1.gradebook_put(NAME.into(), "categories".into(), category, "Projects".into()).await.unwrap();
    let bad = app1
        .gradebook_post(
            NAME.into(),
            "postLineItemsForClass".into(),
            book.class_id.clone(),
            vec![json!({"sourcedId": "x"})],
            "bad".into(),
        )
        .await
        .unwrap();
    assert_eq!(app1.gradebook_unsent_total(), 3);

    // Sent: two accepted, the refused one still unsent; retried, then given up.
    let report = app1.gradebook_send(NAME.into()).await.unwrap();
    assert_eq!((report.sent, report.failed), (2, 1), "{report:?}");
    assert_eq!(app1.gradebook_unsent_total(), 1);
    assert!(app1.gradebook_retry(bad, None).await.unwrap());
    assert_eq!(app1.gradebook_unsent_total(), 1);
    assert!(app1.gradebook_discard(bad).await.unwrap());
    assert_eq!(app1.gradebook_unsent_total(), 0);

    // Kept in memory: a write another handle stores behind the app's back is not read (the
    // window's close asks no database); the app's next change counts it.
    app1.gradebook_save_cell(NAME.into(), edit(&second, min)).await.unwrap();
    assert_eq!(app1.gradebook_unsent_total(), 1);
    let behind = cairn_store::cache::CacheHandle::open(&dir.path().join("cache.sqlite")).unwrap();
    behind
        .write_blocking(|tx| {
            let cid = cairn_store::cache::find_connection(tx, NAME)?.unwrap();
            tx.execute(
                "INSERT INTO outbox (connection_id, method, operation, params, collection, record_id, label, state,
                                     created_at, updated_at)
                 SELECT connection_id, method, operation, params, collection, 'other', label, 'pending', created_at,
                        updated_at FROM outbox WHERE connection_id = ?1 LIMIT 1",
                [cid],
            )?;
            Ok::<_, cairn_store::StoreError>(())
        })
        .unwrap();
    drop(behind);
    assert_eq!(app1.gradebook_unsent_total(), 1);

    // The app opened again: counted from the cache.
    drop(app1);
    let app2 = app(dir.path());
    assert_eq!(app2.gradebook_unsent_total(), 2);

    // Neither removing the connection nor emptying the cache loses them unasked: refused with
    // how many and where, nothing removed.
    let refused = app2.connection_remove(NAME.into(), false).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Unsent, "{refused:?}");
    assert!(refused.message.starts_with("2 unsent gradebook changes would be lost (2 to \"district\")"), "{refused:?}");
    let refused = app2.reset_cache(false).await.unwrap_err();
    assert_eq!(refused.code, ErrorCode::Unsent, "{refused:?}");
    assert_eq!(app2.gradebook_unsent_total(), 2);
    assert_eq!(app2.gradebook_outbox(Some(NAME.into()), true).await.unwrap().len(), 2, "every unsent write stays");
    assert!(app2.connections().await.unwrap().connections.iter().any(|c| c.name == NAME));

    // Confirmed: the cache emptied with them (the saved connection stays), then removed.
    app2.reset_cache(true).await.unwrap();
    assert_eq!(app2.gradebook_unsent_total(), 0);
    assert!(app2.connections().await.unwrap().connections.iter().any(|c| c.name == NAME));
    app2.connection_remove(NAME.into(), false).await.unwrap();
    assert_eq!(app2.gradebook_unsent_total(), 0);
    served.stop().await;
}
