//! Bulk POSTs and DELETEs through the outbox: the identifier pairs the server allocated, the
//! allocated records read back and cached, a POST found on the wire at start resent only after
//! reading what the server holds, and a DELETE taking the record out of the cache.

use std::time::Duration;

use cairn_explorer::app::{
    IdPair, RecordState, SendOptions, bulk_named, kind_named, send_outbox, stage_delete, stage_post,
};
use cairn_spec::Collection;
use cairn_store::cache::outbox::{self, WriteState};
use serde_json::{Value, json};

use super::harness::{CONNECTION, Harness};

fn line_items(h: &Harness, titles: &[&str]) -> Vec<Value> {
    let book = h.class();
    let template = h.cached(Collection::LineItems, &book.line_items[0].id).unwrap();
    titles
        .iter()
        .enumerate()
        .map(|(i, title)| {
            let mut record = template.clone();
            record["sourcedId"] = json!(format!("tmp-{i}"));
            record["title"] = json!(title);
            record
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bulk_post_answers_pairs_and_a_delete_takes_the_record_away() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let cache = h.cache();
    let cid = cache.read_blocking(|c| cairn_store::cache::find_connection(c, CONNECTION)).unwrap().unwrap();
    let class = h.class().class_id;
    let records = line_items(&h, &["Essay 1", "Essay 2"]);
    let bulk = bulk_named("postLineItemsForClass").unwrap();
    let write = cache.write_blocking(|tx| stage_post(tx, cid, bulk, &class, &records, "two essays", "t")).unwrap();
    // Unsent, they are in the grid already, marked with their write.
    let pending: Vec<_> = h.class().line_items.into_iter().filter(|l| l.state != RecordState::Server).collect();
    assert_eq!(
        pending.iter().map(|l| (l.title.as_str(), l.state)).collect::<Vec<_>>(),
        [("Essay 1", RecordState::Pending), ("Essay 2", RecordState::Pending)]
    );
    assert!(pending.iter().all(|l| l.outbox_id == Some(write)));
    let report = send_outbox(&h.client(), &cache, CONNECTION, h.clock.clone(), SendOptions::default()).await.unwrap();
    assert_eq!(report.sent_ids, vec![write]);
    let entry = cache.read_blocking(|c| outbox::get(c, write)).unwrap().unwrap();
    let pairs: Vec<Value> = serde_json::from_str(entry.answer.as_deref().unwrap()).unwrap();
    assert_eq!(pairs.len(), 2);
    assert_eq!(pairs[0]["suppliedSourcedId"], "tmp-0");
    let allocated = pairs[0]["allocatedSourcedId"].as_str().unwrap().to_owned();
    assert_ne!(allocated, "tmp-0");
    let cached = h.cached(Collection::LineItems, &allocated).expect("the allocated record is read back and cached");
    assert_eq!(cached["title"], "Essay 1");
    assert!(h.class().line_items.iter().any(|l| l.id == allocated), "the grid shows it");
    // Deleting it.
    let kind = kind_named("lineItems").unwrap();
    let delete = cache.write_blocking(|tx| stage_delete(tx, cid, kind, &allocated, "Essay 1", "t")).unwrap();
    let marked = h.class().line_items.into_iter().find(|l| l.id == allocated).unwrap();
    assert_eq!((marked.state, marked.outbox_id), (RecordState::Deleting, Some(delete)));
    let report = send_outbox(&h.client(), &cache, CONNECTION, h.clock.clone(), SendOptions::default()).await.unwrap();
    assert_eq!(report.sent_ids, vec![delete]);
    assert!(h.cached(Collection::LineItems, &allocated).is_none());
    assert!(h.server("getLineItem", &allocated, "lineItem").await.is_none());
    let audit = cache.read_blocking(|c| outbox::get(c, delete)).unwrap().unwrap();
    assert_eq!(serde_json::from_str::<Value>(audit.write.before.as_deref().unwrap()).unwrap()["title"], "Essay 1");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_post_found_on_the_wire_is_not_sent_again_when_the_server_holds_it() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let class = h.class().class_id;
    let records = line_items(&h, &["Lab A", "Lab B"]);
    let bulk = bulk_named("postLineItemsForClass").unwrap();
    let write = {
        let cache = h.cache();
        let cid = cache.read_blocking(|c| cairn_store::cache::find_connection(c, CONNECTION)).unwrap().unwrap();
        let write = cache.write_blocking(|tx| stage_post(tx, cid, bulk, &class, &records, "labs", "t")).unwrap();
        cache.write_blocking(|tx| outbox::mark_sending(tx, write, "t")).unwrap();
        // It reached the server, and then the app was killed before the answer was stored.
        let op = cairn_spec::operations::operation("postLineItemsForClass").unwrap();
        h.client().call(op, &[&class], None, Some(&json!({"lineItems": records}))).await.unwrap();
        write
    };
    let cache = h.cache();
    let report = send_outbox(&h.client(), &cache, CONNECTION, h.clock.clone(), SendOptions::default()).await.unwrap();
    assert_eq!(report.sent_ids, vec![write]);
    assert_eq!(h.count("POST", &format!("/classes/{class}/lineItems")), 1, "not posted twice");
    let entry = cache.read_blocking(|c| outbox::get(c, write)).unwrap().unwrap();
    assert_eq!(entry.state, WriteState::Sent);
    let pairs: Vec<IdPair> = serde_json::from_str::<Vec<Value>>(entry.answer.as_deref().unwrap())
        .unwrap()
        .iter()
        .map(|p| IdPair {
            supplied: p["suppliedSourcedId"].as_str().unwrap().into(),
            allocated: p["allocatedSourcedId"].as_str().unwrap().into(),
        })
        .collect();
    assert_eq!(pairs.iter().map(|p| p.supplied.as_str()).collect::<Vec<_>>(), ["tmp-0", "tmp-1"]);
    for pair in &pairs {
        assert!(h.cached(Collection::LineItems, &pair.allocated).is_some());
    }
    // One found on the wire that never reached the server is sent.
    let again = {
        let cid = cache.read_blocking(|c| cairn_store::cache::find_connection(c, CONNECTION)).unwrap().unwrap();
        let records = line_items(&h, &["Lab C"]);
        let write = cache.write_blocking(|tx| stage_post(tx, cid, bulk, &class, &records, "lab C", "t")).unwrap();
        cache.write_blocking(|tx| outbox::mark_sending(tx, write, "t")).unwrap();
        write
    };
    let report = send_outbox(&h.client(), &cache, CONNECTION, h.clock.clone(), SendOptions::default()).await.unwrap();
    assert_eq!(report.sent_ids, vec![again]);
    assert_eq!(h.count("POST", &format!("/classes/{class}/lineItems")), 2);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_result_being_deleted_is_marked_in_its_cell_then_gone() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let cache = h.cache();
    let cid = cache.read_blocking(|c| cairn_store::cache::find_connection(c, CONNECTION)).unwrap().unwrap();
    let served = h.class().cells.into_iter().find(|c| c.state == RecordState::Server).expect("a served result");
    let kind = kind_named("results").unwrap();
    let delete = cache.write_blocking(|tx| stage_delete(tx, cid, kind, &served.result_id, "a result", "t")).unwrap();
    let marked = h.class().cells.into_iter().find(|c| c.result_id == served.result_id).unwrap();
    assert_eq!((marked.state, marked.outbox_id), (RecordState::Deleting, Some(delete)));
    let report = send_outbox(&h.client(), &cache, CONNECTION, h.clock.clone(), SendOptions::default()).await.unwrap();
    assert_eq!(report.sent_ids, vec![delete]);
    assert!(h.class().cells.iter().all(|c| c.result_id != served.result_id), "the cell is empty");
    assert!(h.server("getResult", &served.result_id, "result").await.is_none());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_class_offers_its_assessment_line_items_and_results_by_title() {
    let h = Harness::start(Duration::from_secs(3600)).await;
    let cache = h.cache();
    let (offered, cached) = cache
        .read_blocking(|conn| {
            let id = cairn_store::cache::find_connection(conn, CONNECTION)?.unwrap();
            let (mut offered, mut results) = (0, 0);
            for class in cairn_store::cache::ids(conn, id, Collection::Classes)? {
                let book = cairn_explorer::app::class_gradebook(conn, id, CONNECTION, &class).unwrap();
                assert!(book.assessment_line_items.iter().all(|a| !a.title.is_empty()));
                offered += book.assessment_line_items.len();
                results += book.assessment_results.len();
            }
            let cached = cairn_store::cache::records(conn, id, Collection::AssessmentLineItems)?.len();
            let cached_results = cairn_store::cache::records(conn, id, Collection::AssessmentResults)?.len();
            assert!(results > 0 && results == cached_results, "{results} results offered of {cached_results}");
            Ok::<_, cairn_store::StoreError>((offered, cached))
        })
        .unwrap();
    assert!(offered > 0 && offered == cached, "{offered} offered of {cached}");
    h.stop().await;
}
