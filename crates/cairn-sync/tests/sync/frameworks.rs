//! Framework packages are fetched again only when their document changed (or when asked for
//! a full sync), and can be chosen one by one.

use cairn_spec::{Collection, Dialect, Service};
use cairn_sync::{SyncOptions, SyncOutcome};

use crate::harness::{Harness, counts, journal, run};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unchanged_packages_are_not_fetched_again() {
    let h = Harness::start(Dialect::spec(), None).await;
    let client = h.client();
    let db = h.db("cache.sqlite");
    let frameworks = SyncOptions { services: vec![Service::Competency], ..h.options(true) };
    let first = run(&client, &db, &frameworks).await;
    assert!(first.is_complete(), "{first:#?}");
    let packages = first.collections.iter().filter(|r| r.collection.starts_with("CFPackages/")).count() as u64;
    assert!(packages >= 1);
    assert_eq!(first.get("CFDocuments").unwrap().total, Some(packages));
    let cached = counts(&db);
    assert_eq!(cached[&Collection::CfDocuments], packages);
    assert_eq!(cached[&Collection::Orgs], 0, "only the frameworks were synced");

    let before = client.stats().requests;
    let second = run(&client, &db, &frameworks).await;
    assert_eq!(client.stats().requests - before, 1, "only the document list: {second:#?}");
    assert!(
        second
            .collections
            .iter()
            .filter(|r| r.collection.starts_with("CFPackages/"))
            .all(|r| r.outcome == SyncOutcome::Unchanged)
    );
    assert_eq!(counts(&db), cached);

    // A full sync fetches every package again and writes the same.
    let before = client.stats().requests;
    let full = run(&client, &db, &SyncOptions { incremental: false, ..frameworks.clone() }).await;
    assert!(full.is_complete());
    assert_eq!(client.stats().requests - before, 1 + packages);
    assert_eq!(counts(&db), cached);

    // One chosen package, and one the server does not list.
    let id = first.collections[1].collection.trim_start_matches("CFPackages/").to_owned();
    let chosen =
        SyncOptions { frameworks: Some(vec![id.clone(), "no-such-document".into()]), incremental: false, ..frameworks };
    let before = client.stats().requests;
    let report = run(&client, &db, &chosen).await;
    assert_eq!(client.stats().requests - before, 2);
    assert_eq!(report.get(&format!("CFPackages/{id}")).unwrap().outcome, SyncOutcome::Complete);
    assert_eq!(report.get("CFPackages/no-such-document").unwrap().outcome, SyncOutcome::Failed);
    assert_eq!(counts(&db), cached);
    let last = journal(&db).into_iter().rev().find(|l| l.collection == format!("CFPackages/{id}")).unwrap();
    assert!(last.records > 0 && last.outcome == "complete", "{last:?}");
    h.stop().await;
}
