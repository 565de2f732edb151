//! Whole collections over real HTTPS: every record exactly once and in order, with links
//! followed or pages fetched concurrently (bounded), the query kept on every page, progress,
//! cancellation and the paging headers.

use std::sync::Mutex;

use cairn_client::{Cancel, Client, ClientError, ReadProgress};
use cairn_query::Query;
use cairn_spec::{CodeMinor, Collection};
use serde_json::Value;

use crate::harness::{Harness, demo_count, ids, op, read_all};

fn query(params: &[(&str, &str)]) -> Query {
    Query::from_params(params.iter().copied()).unwrap()
}

fn assert_unique(ids: &[String]) {
    let mut sorted = ids.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), ids.len(), "a record arrived twice");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pages_of_seven_by_links_and_concurrently_give_every_record_once_in_order() {
    let h = Harness::start().await;
    let users = demo_count(Collection::Users);
    let reference = ids(&read_all(&h.client(), "getAllUsers", &[], &query(&[("limit", "1000")])).await);
    assert_eq!(reference.len(), users);
    assert_unique(&reference);

    // One page at a time: the Link header's next page is followed.
    let mut config = h.config();
    config.concurrency = 1;
    let sequential = Client::new(config).unwrap();
    let got = ids(&read_all(&sequential, "getAllUsers", &[], &query(&[("limit", "7")])).await);
    assert_eq!(got, reference);
    let stats = sequential.stats();
    assert_eq!((stats.requests, stats.peak_in_flight), (users.div_ceil(7) as u64, 1));

    // Several at a time from the total: same records, same order, never more in flight than
    // the adaptive window allowed (at most the configured maximum).
    let concurrent = h.client();
    let got = ids(&read_all(&concurrent, "getAllUsers", &[], &query(&[("limit", "7")])).await);
    assert_eq!(got, reference);
    let stats = concurrent.stats();
    assert_eq!(stats.requests, users.div_ceil(7) as u64);
    assert!((1..=stats.largest_window).contains(&stats.peak_in_flight), "{stats:?}");
    assert!(stats.largest_window <= cairn_client::DEFAULT_CONCURRENCY as u64, "{stats:?}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn filter_sort_and_fields_stay_on_every_page() {
    let h = Harness::start().await;
    let client = h.client();
    let base = [
        ("filter", "roles.role='student'"),
        ("sort", "familyName"),
        ("orderBy", "desc"),
        ("fields", "sourcedId,familyName"),
    ];
    let whole = read_all(&client, "getAllUsers", &[], &query(&[base.as_slice(), &[("limit", "1000")]].concat())).await;
    let paged =
        read_all(&client, "getAllUsers", &[], &query(&[base.as_slice(), &[("limit", "9"), ("offset", "4")]].concat()))
            .await;
    assert!(whole.len() > 100);
    assert_eq!(paged, whole[4..]);
    assert!(paged.iter().all(|r| r.as_object().is_some_and(|o| o.len() <= 2)), "fields applied");
    let mut config = h.config();
    config.concurrency = 1;
    let by_links = read_all(
        &Client::new(config).unwrap(),
        "getAllUsers",
        &[],
        &query(&[base.as_slice(), &[("limit", "9")]].concat()),
    )
    .await;
    assert_eq!(by_links, whole);
    // A nested collection with path parameters.
    let class = ids(&read_all(&client, "getAllClasses", &[], &query(&[("limit", "1")])).await)[0].clone();
    let students = read_all(&client, "getStudentsForClass", &[&class], &query(&[("limit", "3")])).await;
    let one_page = client.get_students_for_class(&class, &query(&[("limit", "1000")])).await.unwrap();
    assert_eq!(students.len(), one_page.records.map(|r| r.len()).unwrap_or(0));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn progress_grows_to_the_total_and_cancellation_stops_the_read() {
    let h = Harness::start().await;
    let client = h.client();
    let users = demo_count(Collection::Users) as u64;
    let reports = Mutex::new(Vec::new());
    let record = |p: ReadProgress| reports.lock().unwrap().push(p);
    let mut sink = |_: Vec<Value>| Ok(());
    let count = client
        .collect_pages(op("getAllUsers"), &[], &query(&[("limit", "50")]), &mut sink, &record, &Cancel::new())
        .await
        .unwrap();
    assert_eq!(count, users);
    let reports = reports.into_inner().unwrap();
    assert_eq!(reports.len() as u64, users.div_ceil(50));
    assert!(reports.windows(2).all(|w| w[0].records < w[1].records), "{reports:?}");
    assert!(reports.iter().all(|p| p.total == Some(users)));
    assert_eq!(reports.last().map(|p| p.records), Some(users));

    // Cancelled from the progress callback after five pages of one record.
    let cancel = Cancel::new();
    let trigger = cancel.clone();
    let stop_after_five = move |p: ReadProgress| {
        if p.records == 5 {
            trigger.cancel();
        }
    };
    let mut delivered = 0;
    let mut sink = |page: Vec<Value>| {
        delivered += page.len();
        Ok(())
    };
    let started = std::time::Instant::now();
    let result = client
        .collect_pages(op("getAllUsers"), &[], &query(&[("limit", "1")]), &mut sink, &stop_after_five, &cancel)
        .await;
    assert!(matches!(result, Err(ClientError::Cancelled)), "{result:?}");
    assert_eq!(delivered, 5);
    assert!(started.elapsed() < std::time::Duration::from_secs(2));
    // Already cancelled: nothing is sent.
    let before = client.stats().requests;
    let mut ignore = |_: Vec<Value>| Ok(());
    let result = client.collect_pages(op("getAllOrgs"), &[], &Query::default(), &mut ignore, &|_| {}, &cancel).await;
    assert!(result.unwrap_err().is_cancelled());
    assert_eq!(client.stats().requests, before);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_generic_call_exposes_the_paging_headers_and_warnings() {
    let h = Harness::start().await;
    let client = h.client();
    let reply = client.call(op("getAllCourses"), &[], Some(&query(&[("limit", "10")])), None).await.unwrap();
    assert_eq!(reply.status, 200);
    assert_eq!(reply.total, Some(demo_count(Collection::Courses) as u64));
    assert!(reply.link_next.as_deref().is_some_and(|l| l.contains("offset=10")), "{:?}", reply.link_next);
    assert_eq!(reply.warning, None);
    assert_eq!(reply.into_records(op("getAllCourses")).unwrap().len(), 10);
    let reply = client.call(op("getAllCourses"), &[], Some(&query(&[("sort", "noSuchField")])), None).await.unwrap();
    assert_eq!(reply.warning.and_then(|w| w.code()), Some(CodeMinor::InvalidSortField));

    let mut pages = 0;
    let mut failing = |_: Vec<Value>| {
        pages += 1;
        Err(ClientError::Sink("the cache is full".into()))
    };
    let error = client
        .collect_pages(op("getAllCourses"), &[], &query(&[("limit", "5")]), &mut failing, &|_| {}, &Cancel::new())
        .await
        .unwrap_err();
    assert_eq!((error.to_string().as_str(), pages), ("storing a page failed: the cache is full", 1));
    let error = client
        .collect_pages(op("getCourse"), &["x"], &Query::default(), &mut |_| Ok(()), &|_| {}, &Cancel::new())
        .await
        .unwrap_err();
    assert!(matches!(error, ClientError::NotACollection { operation: "getCourse" }));
    h.stop().await;
}
