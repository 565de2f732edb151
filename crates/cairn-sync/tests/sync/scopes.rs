//! A client without the demographics scope: demographics is skipped — by the client-side
//! scope check, before any request (a request would be answered 403: forbidden, not
//! skipped) — and everything else syncs.

use cairn_spec::{Collection, Dialect};
use cairn_sync::SyncOutcome;

use crate::harness::{Harness, counts, run, server_totals};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_collection_the_scopes_do_not_allow_is_skipped_and_the_rest_syncs() {
    let h = Harness::start(Dialect::spec(), None).await;
    let client = h.client_for("nodemo");
    assert!(!client.granted_scopes().await.unwrap().iter().any(|s| s == "roster-demographics.readonly"));
    let db = h.db("cache.sqlite");
    let report = run(&client, &db, &h.options(true)).await;
    let demographics = report.get("demographics").unwrap();
    assert_eq!(demographics.outcome, SyncOutcome::Skipped, "not asked of the server: {demographics:?}");
    assert_eq!((demographics.mode, demographics.failure.as_ref()), (None, None), "never attempted");
    let message = demographics.message.as_deref().unwrap();
    assert!(message.contains("granted scopes do not allow getAllDemographics"), "{message}");
    assert!(message.contains("roster-demographics.readonly"), "{message}");
    assert!(report.is_complete(), "skipped is not failed: {report:#?}");
    for r in report.collections.iter().filter(|r| r.collection != "demographics") {
        assert_eq!(r.outcome, SyncOutcome::Complete, "{r:?}");
    }
    let cached = counts(&db);
    assert_eq!(cached[&Collection::Demographics], 0);
    let totals = server_totals(&h.client()).await;
    for (collection, total) in totals.iter().filter(|(c, _)| **c != Collection::Demographics) {
        assert_eq!(cached[collection], *total, "{}", collection.name());
    }
    h.stop().await;
}
