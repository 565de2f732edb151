//! The roster export's choices for readers of the CSV binding, read back with the project's own
//! importer: a score status with a flag column sets that flag, date columns are dates, and list
//! elements that would break a list are left out with a warning naming the record.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use cairn_files::export::{ExportMode, export_roster};
use cairn_files::import::import_roster;
use cairn_spec::Collection;
use cairn_store::cache::{self, CacheHandle, CollectionWriter, WriteMode};
use serde_json::{Value, json};

use super::binding;

const BASE: &str = "https://sis.example";

fn guid(collection: &str, kind: &str, id: &str) -> Value {
    json!({"href": format!("{BASE}/api/roster/rostering/v1p2/{collection}/{id}"), "sourcedId": id, "type": kind})
}

fn common(id: &str) -> Value {
    json!({"sourcedId": id, "status": "active", "dateLastModified": "2025-01-15T09:30:00.000Z"})
}

fn with(mut record: Value, fields: Value) -> Value {
    let map = record.as_object_mut().unwrap();
    map.extend(fields.as_object().unwrap().clone());
    record
}

/// Records as a sync caches them, with what the binding cannot take as it is.
fn records() -> Vec<(Collection, Vec<Value>)> {
    let result = |id: &str, status: &str, extra: Value| {
        with(
            with(
                common(id),
                json!({"lineItem": guid("lineItems", "lineItem", "li1"),
                "student": guid("users", "user", "u1"), "scoreStatus": status, "scoreDate": "2025-01-21"}),
            ),
            extra,
        )
    };
    vec![
        (Collection::Orgs, vec![with(common("s1"), json!({"name": "Lakeside", "type": "school"}))]),
        (
            Collection::AcademicSessions,
            vec![with(
                common("t1"),
                json!({"title": "Spring", "type": "term", "startDate": "2025-01-01", "endDate": "2025-06-30",
                    "schoolYear": "2025"}),
            )],
        ),
        (Collection::Courses, vec![with(common("c1"), json!({"title": "Science", "org": guid("orgs", "org", "s1")}))]),
        (
            Collection::Classes,
            vec![with(
                common("k1"),
                json!({"title": "Science 4A", "classType": "scheduled", "course": guid("courses", "course", "c1"),
                    "school": guid("orgs", "org", "s1"), "terms": [guid("academicSessions", "academicSession", "t1")],
                    "subjects": ["Reading, Writing", "Science"]}),
            )],
        ),
        (
            Collection::Users,
            vec![with(
                common("u1"),
                json!({"enabledUser": "true", "givenName": "Ada", "familyName": "Okafor",
                    "roles": [{"roleType": "primary", "role": "student", "org": guid("orgs", "org", "s1")}],
                    "userIds": [{"type": "LDAP", "identifier": "cn=Ada Okafor,ou=Students,dc=lakeside,dc=example"},
                        {"type": "district", "identifier": "100234"}]}),
            )],
        ),
        (Collection::Categories, vec![with(common("cat1"), json!({"title": "Homework"}))]),
        (
            Collection::LineItems,
            vec![with(
                common("li1"),
                json!({"title": "Plant diary", "assignDate": "2025-01-06T08:00:00Z", "dueDate": "2025-01-20T00:00:00Z",
                    "class": guid("classes", "class", "k1"), "category": guid("categories", "category", "cat1"),
                    "school": guid("orgs", "org", "s1"), "academicSession": guid("academicSessions", "academicSession", "t1")}),
            )],
        ),
        (
            Collection::Results,
            vec![
                result("r-late", "late", json!({})),
                result("r-incomplete", "incomplete", json!({})),
                result("r-missing", "missing", json!({"missing": "false"})),
                result("r-progress", "in progress", json!({})),
                result("r-withdrawal", "withdrawal", json!({})),
                result("r-graded", "fully graded", json!({"score": 9, "late": "true"})),
            ],
        ),
    ]
}

fn rows(path: &Path) -> BTreeMap<String, HashMap<String, String>> {
    let mut reader = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    reader
        .records()
        .map(|r| {
            let r = r.unwrap();
            let row: HashMap<String, String> = header.iter().cloned().zip(r.iter().map(str::to_owned)).collect();
            (row["sourcedId"].clone(), row)
        })
        .collect()
}

#[test]
fn records_are_written_as_readers_of_the_binding_read_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("cache.sqlite");
    let handle = CacheHandle::open(&path).unwrap();
    handle
        .write_blocking(|tx| {
            let id = cache::connection_id(tx, "sis", BASE)?;
            for (collection, records) in records() {
                let mut writer = CollectionWriter::new(tx, id, collection, WriteMode::Replace)?;
                for record in &records {
                    writer.put(record)?;
                }
            }
            Ok::<_, cairn_store::StoreError>(())
        })
        .unwrap();
    drop(handle);
    let conn = cache::open(&path).unwrap();
    let source = cairn_files::export::resolve_connection(&conn, Some("sis")).unwrap();

    for mode in [ExportMode::Delta { now: "2026-11-24T12:00:00Z".into() }, ExportMode::Bulk] {
        let out = dir.path().join(format!("bundle-{}", matches!(mode, ExportMode::Bulk)));
        let report = export_roster(&conn, &source, &out, &mode).unwrap();
        let findings = binding::check_bundle(&out);
        assert!(findings.is_empty(), "a strict reader of the binding rejects:\n{}", findings.join("\n"));

        // Each value the bundle changed or left out is a warning naming its record.
        let text: Vec<String> = report.warnings.iter().map(ToString::to_string).collect();
        let has = |start: &str| text.iter().any(|w| w.starts_with(start));
        assert!(has("classes.csv: subjects: 1 record (k1): an element holds a comma"), "{text:#?}");
        assert!(has("users.csv: userIds: 1 record (u1): an element holds a comma"), "{text:#?}");
        assert!(has("lineItems.csv: assignDate: 1 record (li1): the binding's column is a date"), "{text:#?}");
        assert!(has("results.csv: missing: 1 record (r-missing): scoreStatus is \"missing\" but missing"), "{text:#?}");
        assert_eq!(text.len(), 4, "the midnight dueDate and the dates loses nothing: {text:#?}");

        // The files hold the binding's forms.
        let results = rows(&out.join("results.csv"));
        let flags = |id: &str| {
            let r = &results[id];
            [&r["scoreStatus"], &r["inProgress"], &r["incomplete"], &r["late"], &r["missing"]].map(String::as_str)
        };
        assert_eq!(flags("r-late"), ["late", "", "", "true", ""]);
        assert_eq!(flags("r-incomplete"), ["incomplete", "", "true", "", ""]);
        assert_eq!(flags("r-missing"), ["missing", "", "", "", "true"]);
        assert_eq!(flags("r-progress"), ["in progress", "true", "", "", ""]);
        assert_eq!(flags("r-withdrawal"), ["withdrawal", "", "", "", ""], "withdrawal has no flag column");
        assert_eq!(flags("r-graded"), ["fully graded", "", "", "true", ""], "a record's own flag stays");
        let line_item = &rows(&out.join("lineItems.csv"))["li1"];
        assert_eq!((line_item["assignDate"].as_str(), line_item["dueDate"].as_str()), ("2025-01-06", "2025-01-20"));
        assert_eq!(rows(&out.join("users.csv"))["u1"]["userIds"], "{district:100234}");
        assert_eq!(rows(&out.join("classes.csv"))["k1"]["subjects"], "Science");

        // The project's importer reads the bundle back without a warning, with those values.
        let mut back: HashMap<(Collection, String), Value> = HashMap::new();
        let imported = import_roster(&out, BASE, &mut |collection, record| {
            let id = record["sourcedId"].as_str().unwrap_or_default().to_owned();
            back.insert((collection, id), record);
            Ok(())
        })
        .unwrap();
        assert!(imported.warnings.is_empty(), "{:#?}", imported.warnings);
        let result = |id: &str| &back[&(Collection::Results, id.to_owned())];
        assert_eq!((&result("r-late")["scoreStatus"], &result("r-late")["late"]), (&json!("late"), &json!("true")));
        assert_eq!(result("r-incomplete")["incomplete"], "true");
        assert_eq!(result("r-missing")["missing"], "true");
        assert_eq!(result("r-progress")["inProgress"], "true");
        assert_eq!(result("r-withdrawal").get("missing"), None);
        assert_eq!(result("r-late")["scoreDate"], "2025-01-21");
        let line_item = &back[&(Collection::LineItems, "li1".to_owned())];
        assert_eq!(line_item["assignDate"], "2025-01-06T00:00:00Z", "a date is read as its midnight UTC");
        assert_eq!(line_item["dueDate"], "2025-01-20T00:00:00Z", "the cached value exactly");
        let user = &back[&(Collection::Users, "u1".to_owned())];
        assert_eq!(user["userIds"], json!([{"type": "district", "identifier": "100234"}]));
        assert_eq!(back[&(Collection::Classes, "k1".to_owned())]["subjects"], json!(["Science"]));
        assert_eq!(back[&(Collection::AcademicSessions, "t1".to_owned())]["startDate"], "2025-01-01");
    }
}
