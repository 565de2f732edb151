//! A connection whose gradebook and rostering live under base paths of their own: every write
//! the gradebook makes (a cell's new result, a line item PUT and a bulk POST made in forms, a
//! DELETE) goes to the server's own URLs, and every reference it writes points where the server
//! serves the record — read back from the server.

use cairn_explorer::app::CellEdit;
use cairn_spec::{Collection, Dialect, Service};
use serde_json::{Value, json};

use super::app::{Served, cached, class_with_room, synced};

const NAME: &str = "district";
const GRADES: &str = "/district/grades/v1p2";
const PEOPLE: &str = "/district/people/v1p2";

/// Where the server serves a record of a reference's `type`.
fn served_at(served: &Served, kind: &str, id: &str) -> String {
    let (service, path) = match kind {
        "class" => (Service::Rostering, "classes"),
        "org" => (Service::Rostering, "orgs"),
        "user" => (Service::Rostering, "users"),
        "academicSession" => (Service::Rostering, "academicSessions"),
        "lineItem" => (Service::Gradebook, "lineItems"),
        "category" => (Service::Gradebook, "categories"),
        "scoreScale" => (Service::Gradebook, "scoreScales"),
        other => panic!("a reference of type {other}"),
    };
    format!("{}{}/{path}/{id}", served.base_url, served.layout.base_path(service))
}

/// Every reference of `record` (its fields holding a GUIDRef), each checked to point where the
/// server serves the record it names; how many there were.
fn references_point_home(served: &Served, record: &Value) -> usize {
    let mut seen = 0;
    for (field, value) in record.as_object().unwrap() {
        let (Some(href), Some(id), Some(kind)) = (value.get("href"), value.get("sourcedId"), value.get("type")) else {
            continue;
        };
        let expected = served_at(served, kind.as_str().unwrap(), id.as_str().unwrap());
        assert_eq!(href.as_str(), Some(expected.as_str()), "{field} of {record}");
        seen += 1;
    }
    seen
}

/// A cached record made into one a form sends: another identifier and title, its references as
/// `{sourcedId, type}` alone (the app gives them their `href`).
fn as_from_a_form(mut record: Value, id: &str, title: &str) -> Value {
    record["sourcedId"] = json!(id);
    record["title"] = json!(title);
    for value in record.as_object_mut().unwrap().values_mut() {
        if let Some(reference) = value.as_object_mut()
            && reference.contains_key("sourcedId")
        {
            reference.remove("href");
        }
    }
    record
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn writes_go_and_point_where_the_connections_base_paths_say() {
    let layout = Dialect::spec().with_base_path(Service::Gradebook, GRADES).with_base_path(Service::Rostering, PEOPLE);
    let served = Served::start(layout);
    let dir = tempfile::tempdir().unwrap();
    let app = synced(dir.path(), &served, NAME).await;
    let book = class_with_room(&app, dir.path(), NAME).await;
    let empty = |l: &str, s: &str| !book.cells.iter().any(|c| c.student == s && c.line_item == l);
    let item = book
        .line_items
        .iter()
        .find(|l| l.min.is_some() && book.students.iter().any(|s| empty(&l.id, &s.id)))
        .unwrap()
        .clone();
    let student = book.students.iter().find(|s| empty(&item.id, &s.id)).unwrap().id.clone();
    let graded = book.cells[0].result_id.clone();

    // A cell's new result.
    let edit = CellEdit {
        class_id: book.class_id.clone(),
        line_item: item.id.clone(),
        student: student.clone(),
        score: Some(format!("{}", item.min.unwrap())),
        ..CellEdit::default()
    };
    let saved = app.gradebook_save_cell(NAME.into(), edit).await.unwrap();
    assert!(saved.outbox_id.is_some(), "{saved:?}");
    // A line item PUT and a bulk POST of line items, made in forms.
    let template = cached(dir.path(), NAME, Collection::LineItems, &item.id).unwrap();
    let put = as_from_a_form(template.clone(), "li-under-a-base-path", "Field notes");
    app.gradebook_put(NAME.into(), "lineItems".into(), put, "Field notes".into()).await.unwrap();
    let posted = vec![as_from_a_form(template, "tmp-1", "Lab report")];
    let post = app
        .gradebook_post(NAME.into(), "postLineItemsForClass".into(), book.class_id.clone(), posted, "Lab".into())
        .await
        .unwrap();
    // A DELETE of a result the server holds.
    app.gradebook_delete(NAME.into(), "results".into(), graded.clone(), "delete".into()).await.unwrap();

    let report = app.gradebook_send(NAME.into()).await.unwrap();
    assert_eq!((report.sent, report.pending, report.failed), (4, 0, 0), "{report:?}");

    // Read back from the server, under its own base paths.
    let after = app.gradebook_class(NAME.into(), book.class_id.clone()).await.unwrap();
    let cell = after.cells.iter().find(|c| c.student == student && c.line_item == item.id).unwrap();
    let result = served.record("getResult", &cell.result_id, "result").await.expect("the new result");
    assert_eq!(references_point_home(&served, &result), 3, "lineItem, student and class: {result}");
    let put = served.record("getLineItem", "li-under-a-base-path", "lineItem").await.expect("the PUT line item");
    assert_eq!(put["title"], "Field notes");
    assert!(references_point_home(&served, &put) >= 2, "class and school at least: {put}");
    let audit = app.gradebook_outbox(Some(NAME.into()), false).await.unwrap();
    let pair = &audit.iter().find(|w| w.id == post).unwrap().pairs[0];
    let lab = served.record("getLineItem", &pair.allocated, "lineItem").await.expect("the POSTed line item");
    assert_eq!(lab["title"], "Lab report");
    assert!(references_point_home(&served, &lab) >= 2, "class and school at least: {lab}");
    assert!(served.record("getResult", &graded, "result").await.is_none(), "the DELETE reached the server");
    served.stop().await;
}
