//! A hand-made rostering server whose paging repeats records: one that ignores `offset`, one
//! whose pages overlap (paging before filtering). Cairn never stores or counts a record twice,
//! and says the server's paging is inconsistent.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

use cairn_client::Client;
use cairn_spec::{Collection, Service};
use cairn_sync::{SyncOptions, SyncOutcome};
use serde_json::json;

use crate::case::config;
use crate::harness::{SetClock, counts, run};
use crate::loopback::{Fake, Request, Response};

const ORGS: usize = 7;
const GOOD: u8 = 0;
const IGNORES_OFFSET: u8 = 1;
const OVERLAPPING: u8 = 2;
/// Ignores offset and sends no `X-Total-Count` (as the reference CASE server sends none).
const IGNORES_OFFSET_NO_TOTAL: u8 = 3;

async fn server(mode: Arc<AtomicU8>) -> Fake {
    Fake::start(Arc::new(move |request: &Request| {
        if request.path == "/token" {
            let scope = request.param("scope").unwrap_or_default();
            return Response::json(200, &json!({"access_token": "t", "token_type": "bearer", "scope": scope}));
        }
        if request.path != "/api/roster/rostering/v1p2/orgs" {
            return Response::json(404, &json!({"codeMajor": "failure", "severity": "error"}));
        }
        let number = |name: &str| request.param(name).and_then(|v| v.parse::<usize>().ok());
        let (offset, limit) = (number("offset").unwrap_or(0), number("limit").unwrap_or(100));
        let mode = mode.load(Ordering::SeqCst);
        let start = match mode {
            IGNORES_OFFSET | IGNORES_OFFSET_NO_TOTAL => 0,
            OVERLAPPING => offset.saturating_sub(1),
            _ => offset,
        };
        // The first org carries a deviation servers commit: a timestamp without a timezone.
        let orgs: Vec<_> = (start..ORGS.min(start + limit))
            .map(|n| {
                let modified = if n == 0 { "2025-01-01T00:00:00" } else { "2025-01-01T00:00:00Z" };
                json!({"sourcedId": format!("org-{n}"), "status": "active", "name": format!("Org {n}"),
                    "dateLastModified": modified, "type": "school"})
            })
            .collect();
        let response = Response::json(200, &json!({ "orgs": orgs }));
        match mode {
            IGNORES_OFFSET_NO_TOTAL => response,
            _ => response.with("X-Total-Count", ORGS),
        }
    }))
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_repeated_across_pages_are_never_stored_or_counted_twice() {
    let mode = Arc::new(AtomicU8::new(GOOD));
    let fake = server(mode.clone()).await;
    let client = Client::new(config(&fake.base_url)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let options = SyncOptions {
        services: vec![Service::Rostering],
        incremental: false,
        page_size: 3,
        clock: SetClock::new(),
        ..SyncOptions::default()
    };
    let report = run(&client, &db, &options).await;
    let orgs = report.get("orgs").unwrap();
    assert_eq!((orgs.outcome, orgs.records), (SyncOutcome::Complete, ORGS as u64), "{orgs:?}");
    assert!(orgs.message.is_none(), "{orgs:?}");
    // The deviation tolerated is counted, with its path and rule.
    assert_eq!(orgs.deviations.count, 1, "{orgs:?}");
    assert_eq!(orgs.deviations.first[0].path, "orgs/org-0.dateLastModified", "{orgs:?}");

    // Pages that overlap: every record is read, one of them twice; stored and counted once.
    mode.store(OVERLAPPING, Ordering::SeqCst);
    let report = run(&client, &db, &options).await;
    let orgs = report.get("orgs").unwrap();
    assert_eq!((orgs.outcome, orgs.records), (SyncOutcome::Complete, ORGS as u64), "{orgs:?}");
    assert!(orgs.message.as_deref().unwrap().contains("paging is inconsistent: 1 records came again"), "{orgs:?}");
    assert_eq!(counts(&db)[&Collection::Orgs], ORGS as u64);

    // A server that ignores offset: the same three records on every page. The read missed
    // records, so nothing is swapped in and the collection fails, saying why.
    mode.store(IGNORES_OFFSET, Ordering::SeqCst);
    let report = run(&client, &db, &options).await;
    let orgs = report.get("orgs").unwrap();
    assert_eq!(orgs.outcome, SyncOutcome::Failed, "{orgs:?}");
    let message = orgs.message.as_deref().unwrap();
    assert!(
        message.contains("paging is inconsistent") && message.contains("only 3 distinct records of the 7"),
        "{message}"
    );
    assert_eq!(counts(&db)[&Collection::Orgs], ORGS as u64, "the previous data stands");

    // Ignoring offset without a total, the whole list in one short page: read once, the
    // repeat counted once and said.
    mode.store(IGNORES_OFFSET_NO_TOTAL, Ordering::SeqCst);
    let report = run(&client, &db, &SyncOptions { page_size: 100, ..options }).await;
    let orgs = report.get("orgs").unwrap();
    assert_eq!((orgs.outcome, orgs.records), (SyncOutcome::Complete, ORGS as u64), "{orgs:?}");
    assert!(orgs.message.as_deref().unwrap().contains("paging is inconsistent: 7 records came again"), "{orgs:?}");
    assert_eq!(counts(&db)[&Collection::Orgs], ORGS as u64);
}
