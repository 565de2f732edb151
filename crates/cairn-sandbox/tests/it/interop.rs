//! What deployed clients send and expect (the specification's "What servers in the field do"):
//! short write bodies repaired and reported, or refused with `--strict-writes`; the two-clause
//! filter limit; the 1EdTech dialect as deployed servers behave.

use cairn_spec::{Dialect, StatusInfo};
use serde_json::{Value, json};

use crate::harness::{Harness, Options, Reply};

/// A result as a grade-sync client writes it: references by `sourcedId` alone, no `status`,
/// a date-time in `scoreDate`.
fn short_result() -> Value {
    json!({"result": {"sourcedId": "gc1", "lineItem": {"sourcedId": "l1"}, "student": {"sourcedId": "student1"},
        "scoreStatus": "fully graded", "score": 11, "scoreDate": "2025-09-09T14:30:00.000Z"}})
}

/// A line item as a grade-sync client posts it for a class.
fn short_line_item() -> Value {
    json!({"lineItems": [{"sourcedId": "gc-item", "title": "Essay", "assignDate": "2025-09-01T00:00:00Z",
        "dueDate": "2025-09-08T00:00:00Z", "category": {"sourcedId": "cat1"}}]})
}

/// The descriptions of the warning status objects in the `X-Status` headers.
fn warnings(reply: &Reply) -> Vec<String> {
    reply
        .headers
        .get_all("x-status")
        .iter()
        .filter_map(|v| serde_json::from_str::<Value>(v.to_str().ok()?).ok())
        .filter_map(|v| StatusInfo::from_json(&v))
        .inspect(|s| assert_eq!((s.code_major.as_str(), s.severity.as_str()), ("success", "warning")))
        .filter_map(|s| s.description)
        .collect()
}

async fn short_bodies_are_repaired_in(dialect: Dialect) {
    let h = Harness::start_with(Options { dialect: dialect.clone(), ..Options::default() }).await;
    let t = h.admin().await;
    let gradebook = format!("{}{}", h.base_url, dialect.gradebook);
    let rostering = format!("{}{}", h.base_url, dialect.rostering);

    let r = h.call(&t, "putResult", &["gc1"], "", Some(short_result())).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let said = warnings(&r);
    for path in ["$.result.lineItem", "$.result.student", "$.result.status", "$.result.scoreDate"] {
        assert!(said.iter().any(|w| w.starts_with(&format!("repaired {path}: "))), "{path} in {said:?}");
    }
    assert!(
        said.iter().any(|w| w.contains("\"2025-09-09T14:30:00.000Z\"") && w.contains("\"2025-09-09\"")),
        "{said:?}"
    );
    let logged = h.repairs.lock().unwrap().clone();
    assert_eq!(logged.len(), said.len(), "{logged:?}");
    assert!(logged.iter().all(|l| l.starts_with("PUT ") && l.contains("repaired $.result.")), "{logged:?}");

    let stored = h.get(&t, "getResult", &["gc1"], "").await.body["result"].clone();
    assert_eq!(stored["status"], "active");
    assert_eq!(stored["scoreDate"], "2025-09-09");
    assert_eq!(stored["score"], 11, "a score above the maximum (extra credit) is kept");
    assert_eq!(
        stored["lineItem"],
        json!({"sourcedId": "l1", "href": format!("{gradebook}/lineItems/l1"), "type": "lineItem"})
    );
    assert_eq!(
        stored["student"],
        json!({"sourcedId": "student1", "href": format!("{rostering}/users/student1"), "type": "user"})
    );
    // The filled-in href answers.
    let href = stored["lineItem"]["href"].as_str().unwrap();
    assert_eq!(h.http.get(href).bearer_auth(&t).send().await.unwrap().status(), 200, "{href}");

    // Replacing with the same short body is as good; a POST of short line items too.
    assert_eq!(h.call(&t, "putResult", &["gc1"], "", Some(short_result())).await.status, 201);
    let r = h.call(&t, "postLineItemsForClass", &["c1"], "", Some(short_line_item())).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let said = warnings(&r);
    assert!(said.iter().any(|w| w.starts_with("repaired $.lineItems[0].status: ")), "{said:?}");
    assert!(said.iter().any(|w| w.starts_with("repaired $.lineItems[0].category: ")), "{said:?}");
    let id = r.body["sourcedIdPairs"][0]["allocatedSourcedId"].as_str().unwrap().to_owned();
    let item = h.get(&t, "getLineItem", &[&id], "").await.body["lineItem"].clone();
    assert_eq!((item["status"].as_str(), item["category"]["type"].as_str()), (Some("active"), Some("category")));
    assert_eq!(item["category"]["href"], format!("{gradebook}/categories/cat1"));

    // A complete body is stored without a warning.
    let mut full = h.get(&t, "getResult", &["gc1"], "").await.body;
    full["result"]["score"] = json!(7);
    let r = h.call(&t, "putResult", &["gc1"], "", Some(full)).await;
    assert_eq!((r.status, warnings(&r).len()), (201, 0));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_bodies_are_repaired_and_reported_in_the_spec_dialect() {
    short_bodies_are_repaired_in(Dialect::spec()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn short_bodies_are_repaired_and_reported_in_the_1edtech_dialect() {
    short_bodies_are_repaired_in(Dialect::one_edtech()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn strict_writes_refuse_short_bodies() {
    for dialect in [Dialect::spec(), Dialect::one_edtech()] {
        let prefix = dialect.status_prefix.clone();
        let h = Harness::start_with(Options { dialect, strict_writes: true, ..Options::default() }).await;
        let t = h.admin().await;
        let r = h.call(&t, "putResult", &["gc1"], "", Some(short_result())).await;
        assert_eq!((r.status, r.code_minor().as_str()), (422, "invaliddata"), "{}", r.body);
        let description = r.body[format!("{prefix}description")].as_str().unwrap().to_owned();
        for path in ["$.result.lineItem.href", "$.result.status", "$.result.scoreDate"] {
            assert!(description.contains(path), "{path} in {description}");
        }
        assert!(description.contains("\"2025-09-09T14:30:00.000Z\" is a date-time where a date"), "{description}");
        assert!(!description.contains("is used"), "{description}");
        // Another deviation reading tolerates is refused in the body's terms too.
        let mut no_zone = short_line_item();
        no_zone["lineItems"][0]["dueDate"] = json!("2025-09-08T00:00:00");
        let r = h.call(&t, "postLineItemsForClass", &["c1"], "", Some(no_zone)).await;
        let description = r.body[format!("{prefix}description")].as_str().unwrap().to_owned();
        assert!(description.contains("$.lineItems[0].dueDate"), "{description}");
        assert!(!description.contains("read as"), "{description}");
        assert!(h.repairs.lock().unwrap().is_empty());
        let r = h.call(&t, "postLineItemsForClass", &["c1"], "", Some(short_line_item())).await;
        assert_eq!(r.status, 422, "{}", r.body);
        assert_eq!(h.get(&t, "getResult", &["gc1"], "").await.status, 404, "nothing stored");
        h.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn filters_of_more_than_two_clauses_are_refused() {
    let h = Harness::start().await;
    let t = h.admin().await;
    let two = "filter=status%3D%27active%27%20AND%20givenName%3D%27Ada%27";
    assert_eq!(h.get(&t, "getAllUsers", &[], two).await.status, 200);
    let three = "filter=status%3D%27active%27%20AND%20givenName%3D%27Ada%27%20AND%20familyName%3D%27L%27";
    let r = h.get(&t, "getAllUsers", &[], three).await;
    assert_eq!((r.status, r.code_minor().as_str()), (400, "invalid_filter_field"), "{}", r.body);
    let description = r.body["svc_description"].as_str().unwrap();
    assert!(description.contains("3 clauses") && description.contains("at most 2"), "{description}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_401_word_is_the_dialects() {
    for (dialect, oneroster_word) in
        [(Dialect::spec(), "unauthorised_request"), (Dialect::one_edtech(), "unauthorisedrequest")]
    {
        let h = Harness::start_with(Options { dialect, ..Options::default() }).await;
        let r = h.get("not-a-token", "getAllUsers", &[], "").await;
        assert_eq!((r.status, r.code_minor().as_str()), (401, oneroster_word), "{}", r.body);
        let r = h.get("not-a-token", "getAllLineItems", &[], "").await;
        assert_eq!((r.status, r.code_minor().as_str()), (401, oneroster_word), "{}", r.body);
        // CASE has one spelling only.
        let r = h.get("not-a-token", "getAllCFDocuments", &[], "").await;
        assert_eq!((r.status, r.code_minor().as_str()), (401, "unauthorised_request"), "{}", r.body);
        h.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn discovery_documents_are_served_under_the_reference_names_too() {
    let h = Harness::start_with(Options { dialect: Dialect::one_edtech(), ..Options::default() }).await;
    for (path, name) in [
        ("/ims/oneroster/rostering/v1p2", "onerosterv1p2rostersservice_openapi3_v1p0.json"),
        ("/ims/oneroster/gradebook/v1p2", "onerosterv1p2gradebookservice_openapi3_v1p0.json"),
        ("/ims/oneroster/resources/v1p2", "onerosterv1p2resourcesservice_openapi3_v1p0.json"),
        ("/ims/case/v1p1", "case-v1p1-openapi3.json"),
    ] {
        let r = Reply::from(h.http.get(format!("{}{path}/discovery/{name}", h.base_url)).send().await.unwrap()).await;
        assert_eq!(r.status, 200, "{name}");
        assert_eq!(r.body["servers"][0]["url"], format!("{}{path}", h.base_url), "{name}");
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_competency_service_speaks_only_case_words() {
    let case_words = [
        "fullsuccess",
        "invalid_sort_field",
        "invalid_selection_field",
        "invalid_filter_field",
        "unauthorised_request",
        "forbidden",
        "internal_server_error",
        "unknownobject",
        "server_busy",
        "invalid_uuid",
    ];
    for dialect in [Dialect::spec(), Dialect::one_edtech()] {
        let h = Harness::start_with(Options { dialect, ..Options::default() }).await;
        let t = h.admin().await;
        for query in ["limit=0", "limit=ten", "offset=-1", "fields=title,,uri", "filter=nosuch%3D%27x%27"] {
            let r = h.get(&t, "getAllCFDocuments", &[], query).await;
            assert_eq!(r.status, 400, "{query}: {}", r.body);
            assert!(case_words.contains(&r.code_minor().as_str()), "{query}: {}", r.body);
        }
        let r = h.get(&t, "getAllCFDocuments", &[], "limit=0").await;
        assert_eq!(r.code_minor(), "invalid_selection_field");
        let url = h.url("getCFDocument", &[crate::world::DOC], "");
        let r = Reply::from(h.http.put(url).bearer_auth(&t).body("{}").send().await.unwrap()).await;
        assert_eq!(r.status, 405);
        let status = StatusInfo::from_json(&r.body).unwrap();
        assert!(status.code_minor.iter().all(|(_, w)| case_words.contains(&w.as_str())), "{}", r.body);
        assert!(status.description.is_some_and(|d| d.contains("PUT")), "{}", r.body);
        for (op, id) in [("getCFItem", "not-a-uuid"), ("getCFItem", "99999999-9999-4999-8999-999999999999")] {
            let r = h.get(&t, op, &[id], "").await;
            assert!(case_words.contains(&r.code_minor().as_str()), "{}", r.body);
        }
        h.stop().await;
    }
}

/// Every `uri` and `href` below `value`.
fn addresses(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                match (key.as_str(), inner) {
                    ("uri" | "href", Value::String(s)) => out.push(s.clone()),
                    ("extensions", _) => {}
                    _ => addresses(inner, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| addresses(v, out)),
        _ => {}
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn served_records_point_at_the_served_base_paths_and_every_bundled_framework_is_served() {
    let dialect = Dialect::one_edtech();
    let h = Harness::start_with(Options { dialect: dialect.clone(), demo: true, ..Options::default() }).await;
    let t = h.admin().await;
    let docs = h.get(&t, "getAllCFDocuments", &[], "").await;
    assert_eq!(docs.status, 200);
    let titles: Vec<&str> =
        docs.body["CFDocuments"].as_array().unwrap().iter().filter_map(|d| d["title"].as_str()).collect();
    for title in ["Test Markdown Framework", "UTF8 𝑑 Test", "Common Core State Standards for Mathematics"] {
        assert!(titles.contains(&title), "{title} in {titles:?}");
    }
    assert_eq!(titles.len(), 8, "the two generated frameworks and the six bundled ones: {titles:?}");
    // The later of the two sharing an identifier got derived identifiers, and it was said.
    assert!(
        h.imported.iter().any(|w| w.starts_with("opensalt-utf8-astral.json: the CFDocument identifier")
            && w.contains("\"Test Markdown Framework\"")),
        "{:#?}",
        h.imported
    );
    let utf8 = docs.body["CFDocuments"].as_array().unwrap().iter().find(|d| d["title"] == "UTF8 𝑑 Test").unwrap();
    assert_eq!(utf8["extensions"]["cairn:originalIdentifier"], "d0000000-0000-0000-0000-000000000000");

    // Every uri and href of every package, and of rostering and gradebook records, is served here.
    let served = [&dialect.competency, &dialect.rostering, &dialect.gradebook, &dialect.resources]
        .map(|path| format!("{}{path}/", h.base_url));
    let mut seen = Vec::new();
    for doc in docs.body["CFDocuments"].as_array().unwrap() {
        let id = doc["identifier"].as_str().unwrap();
        let package = h.get(&t, "getCFPackage", &[id], "").await;
        assert_eq!(package.status, 200, "{id}");
        let mut found = Vec::new();
        addresses(&package.body, &mut found);
        let own: Vec<String> = found.into_iter().filter(|u| u.starts_with(&h.base_url)).collect();
        assert!(own.len() > 2, "{id}: {own:?}");
        assert!(own.iter().all(|u| u.starts_with(&served[0])), "{id}: {own:?}");
        seen.extend(own.into_iter().take(3));
    }
    for (op, wrapper) in [("getAllUsers", "users"), ("getAllEnrollments", "enrollments"), ("getAllResults", "results")]
    {
        let mut found = Vec::new();
        addresses(&h.get(&t, op, &[], "limit=20").await.body[wrapper], &mut found);
        assert!(!found.is_empty(), "{op}");
        assert!(found.iter().all(|u| served.iter().any(|s| u.starts_with(s))), "{op}: {found:?}");
        seen.extend(found.into_iter().take(2));
    }
    // ... and answers there.
    for uri in seen {
        let address = uri.split('#').next().unwrap();
        let status = h.http.get(address).bearer_auth(&t).send().await.unwrap().status();
        assert_eq!(status, 200, "{uri}");
    }
    // An imported item keeps its publisher's uri in its extensions.
    let items = h.get(&t, "getCFPackage", &[utf8["identifier"].as_str().unwrap()], "").await.body["CFItems"].clone();
    assert_eq!(
        items[0]["extensions"]["cairn:originalURI"],
        "https://server/ims/case/v1p0/CFItems/00000000-0000-0000-0000-000000000001"
    );
    h.stop().await;
}
