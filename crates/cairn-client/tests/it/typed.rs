//! Typed operations of each service against the sandbox in both dialects: reads into the
//! model's wrappers, PUT / GET / DELETE, and POST answering the identifier pairs.

use cairn_client::Client;
use cairn_query::Query;
use cairn_spec::gradebook::{LineItemSet, SingleCategory};
use cairn_spec::{Collection, Dialect, Wire};
use serde_json::json;

use crate::harness::{Harness, Options, demo_count};

const NOW: &str = "2025-09-01T08:00:00.000Z";

fn read<T: Wire>(value: serde_json::Value) -> T {
    cairn_spec::read::<T>(value, "a test body").unwrap().value
}

async fn exercise(dialect: Dialect) {
    let h = Harness::start_with(Options { dialect: dialect.clone(), ..Options::default() }).await;
    let client: Client = h.client();
    let page = Query::from_params([("limit", "5"), ("sort", "familyName")]).unwrap();

    // Rostering.
    let users = client.get_all_users(&page).await.unwrap();
    assert_eq!(users.records.as_ref().map(|r| r.len()), Some(5), "{}", dialect.name);
    let classes = client.get_all_classes(&Query::default()).await.unwrap().records.unwrap();
    assert_eq!(classes.len(), demo_count(Collection::Classes));
    let class_id = classes.first().and_then(|c| c.id()).unwrap().to_owned();
    let class = client.get_class(&class_id).await.unwrap();
    assert_eq!(class.record.as_ref().and_then(|c| c.id()), Some(class_id.as_str()));
    let students = client.get_students_for_class(&class_id, &Query::default()).await.unwrap();
    let students = students.records.unwrap();
    assert!(!students.is_empty());
    let student = client.get_student(students.first().and_then(|s| s.id()).unwrap()).await.unwrap();
    assert!(student.record.is_some());

    // Competency.
    let documents = client.get_all_cf_documents(&Query::default()).await.unwrap().to_json();
    let document = documents["CFDocuments"][0]["identifier"].as_str().unwrap().to_owned();
    let package = client.get_cf_package(&document).await.unwrap().to_json();
    assert_eq!(package["CFDocument"]["identifier"], document.as_str());
    assert!(package["CFItems"].as_array().is_some_and(|items| !items.is_empty()));
    let item = package["CFItems"][0]["identifier"].as_str().unwrap().to_owned();
    let associations = client.get_cf_item_associations(&item).await.unwrap().to_json();
    assert_eq!(associations["CFItem"]["identifier"], item.as_str());

    // Resources.
    let resources = client.get_all_resources(&Query::default()).await.unwrap();
    assert_eq!(resources.records.map(|r| r.len()), Some(demo_count(Collection::Resources)));

    // Gradebook: PUT, GET, DELETE.
    let category: SingleCategory = read(json!({"category": {"sourcedId": "cairn-test-category", "status": "active",
        "dateLastModified": NOW, "title": "Client projects", "weight": 0.25}}));
    client.put_category("cairn-test-category", &category).await.unwrap();
    let back = client.get_category("cairn-test-category").await.unwrap().to_json();
    assert_eq!(back["category"]["title"], "Client projects");
    client.delete_category("cairn-test-category").await.unwrap();
    let gone = client.get_category("cairn-test-category").await.unwrap_err();
    assert_eq!(gone.status(), Some(404));

    // Gradebook: POST answers the pairs.
    let any_category = client.get_all_categories(&Query::default()).await.unwrap().to_json();
    let category_id = any_category["categories"][0]["sourcedId"].as_str().unwrap().to_owned();
    let item = |id: &str| {
        json!({"sourcedId": id, "status": "active", "dateLastModified": NOW, "title": format!("Lab {id}"),
            "assignDate": "2025-10-01T00:00:00Z", "dueDate": "2025-10-08T00:00:00Z",
            "category": {"href": "https://x/categories", "sourcedId": category_id, "type": "category"}})
    };
    let body: LineItemSet = read(json!({"lineItems": [item("mine-1"), item("mine-2")]}));
    let pairs = client.post_line_items_for_class(&class_id, &body).await.unwrap().to_json();
    let pairs = pairs["sourcedIdPairs"].as_array().unwrap().clone();
    assert_eq!(pairs.len(), 2, "{}", dialect.name);
    assert_eq!(pairs[0]["suppliedSourcedId"], "mine-1");
    let allocated = pairs[0]["allocatedSourcedId"].as_str().unwrap();
    let created = client.get_line_item(allocated).await.unwrap().to_json();
    assert_eq!(created["lineItem"]["title"], "Lab mine-1");
    assert_eq!(created["lineItem"]["class"]["sourcedId"], class_id.as_str(), "the path fills the class");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_operations_in_the_spec_dialect() {
    exercise(Dialect::spec()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn typed_operations_in_the_1edtech_dialect() {
    exercise(Dialect::one_edtech()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dialect_mismatch_is_a_typed_404_not_an_empty_answer() {
    let h = Harness::start_with(Options { dialect: Dialect::one_edtech(), ..Options::default() }).await;
    let mut config = h.config();
    config.dialect = Dialect::spec();
    let error = Client::new(config).unwrap().get_all_users(&Query::default()).await.unwrap_err();
    assert_eq!(error.status(), Some(404));
    assert_eq!(error.code_minor(), Some(cairn_spec::CodeMinor::UnknownObject), "the imsx_ status object is read");
    // A custom base path per service reaches the same server.
    let mut config = h.config();
    config.dialect = Dialect::spec().with_base_path(cairn_spec::Service::Rostering, "/ims/oneroster/rostering/v1p2");
    config.dialect.status_prefix = "imsx_".into();
    let users = Client::new(config).unwrap().get_all_users(&Query::default()).await.unwrap();
    assert_eq!(users.records.map(|r| r.len()), Some(100));
    h.stop().await;
}
