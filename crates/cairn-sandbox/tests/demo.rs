//! The demo data generator and the CASE package importer: determinism, strict validity,
//! referential integrity and coverage of every vocabulary the services define.

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::time::Instant;

use cairn_sandbox::demo::{
    DemoOptions, DemoSummary, ImportError, Scale, UnknownScale, bundled_packages, generate, import_package,
};
use cairn_spec::Collection;
use cairn_spec::registry::{ClassEntry, classes};
use cairn_spec::scalar::is_uuid;
use serde_json::Value;

const BASE: &str = "https://127.0.0.1:8443";

type Records = BTreeMap<Collection, Vec<Value>>;

fn run(scale: Scale) -> (Records, DemoSummary) {
    let mut records: Records = BTreeMap::new();
    let summary = generate(&DemoOptions::new(scale, BASE), &mut |c, v| records.entry(c).or_default().push(v));
    (records, summary)
}

fn small() -> &'static (Records, DemoSummary) {
    static SMALL: std::sync::OnceLock<(Records, DemoSummary)> = std::sync::OnceLock::new();
    SMALL.get_or_init(|| run(Scale::Small))
}

fn all(records: &Records) -> impl Iterator<Item = (Collection, &Value)> {
    records.iter().flat_map(|(c, list)| list.iter().map(move |v| (*c, v)))
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or_default()
}

fn ref_id(v: &Value, key: &str) -> String {
    v.get(key).map(|r| str_of(r, "sourcedId").to_owned()).unwrap_or_default()
}

fn id_of(c: Collection, v: &Value) -> String {
    str_of(v, c.id_field()).to_owned()
}

fn hash_all(scale: Scale, seed: u64) -> (u64, usize) {
    let mut hasher = DefaultHasher::new();
    let mut n = 0;
    let options = DemoOptions { seed, ..DemoOptions::new(scale, BASE) };
    generate(&options, &mut |c, v| {
        c.name().hash(&mut hasher);
        serde_json::to_string(&v).expect("records serialize").hash(&mut hasher);
        n += 1;
    });
    (hasher.finish(), n)
}

#[test]
fn same_options_give_the_same_bytes() {
    let a = hash_all(Scale::Small, 2026);
    assert_eq!(a, hash_all(Scale::Small, 2026));
    assert_ne!(a.0, hash_all(Scale::Small, 7).0, "another seed gives other data");
}

#[test]
fn scales_parse() {
    assert_eq!("small".parse::<Scale>().unwrap(), Scale::Small);
    assert_eq!("district".parse::<Scale>().unwrap(), Scale::District);
    assert_eq!("state".parse::<Scale>().unwrap(), Scale::State);
    assert_eq!("huge".parse::<Scale>(), Err(UnknownScale("huge".to_owned())));
    assert_eq!(Scale::State.to_string(), "state");
}

fn entries() -> HashMap<&'static str, ClassEntry> {
    classes().into_iter().map(|e| ((e.shape)().name, e)).collect()
}

fn strict_failures(records: &Records) -> Vec<String> {
    let entries = entries();
    let mut failures = Vec::new();
    for (c, v) in all(records) {
        let entry = entries[c.shape().name];
        let (written, issues) = (entry.check)(v.clone()).expect("an object");
        assert_eq!(&written, v, "reading and writing {} loses nothing", c.name());
        for issue in issues {
            failures.push(format!("{} {}: {issue}", c.name(), id_of(c, v)));
        }
    }
    failures
}

#[test]
fn every_record_passes_strict_validation() {
    let (records, summary) = small();
    let failures = strict_failures(records);
    assert!(failures.is_empty(), "{} issues, first: {:#?}", failures.len(), &failures[..failures.len().min(10)]);
    for c in Collection::ALL {
        assert!(!records.get(&c).is_none_or(Vec::is_empty), "{} is empty", c.name());
        assert_eq!(summary.count(c), records[&c].len(), "summary of {}", c.name());
    }
    println!("small: {summary}");
}

#[test]
fn small_has_the_advertised_size() {
    let (_, s) = small();
    let users = s.count(Collection::Users);
    assert!((350..=700).contains(&users), "{users} users");
    assert_eq!(s.count(Collection::Orgs), 4, "a district and three schools");
    let classes = s.count(Collection::Classes);
    assert!((15..=60).contains(&classes), "{classes} classes");
    let items = s.count(Collection::CfItems);
    assert!((120..=260).contains(&items), "{items} items");
}

#[test]
fn identifiers_match_the_uuid_pattern() {
    let (records, _) = small();
    fn walk(v: &Value, path: &str, bad: &mut Vec<String>) {
        match v {
            Value::Object(map) => {
                for (k, x) in map {
                    let uuid_field = matches!(
                        k.as_str(),
                        "sourcedId" | "identifier" | "rubricId" | "rubricCriterionId" | "learningObjectiveId"
                    );
                    if uuid_field && let Some(s) = x.as_str() {
                        // Org and user `identifier`s are human-readable codes, not record identifiers.
                        let human = k == "identifier" && !path.contains("CF") && !path.contains("URI");
                        if !human && !is_uuid(s) {
                            bad.push(format!("{path}.{k} = {s}"));
                        }
                    }
                    walk(x, &format!("{path}.{k}"), bad);
                }
            }
            Value::Array(list) => {
                for x in list {
                    if path.ends_with("learningObjectiveIds") && !x.as_str().is_some_and(is_uuid) {
                        bad.push(format!("{path}[] = {x}"));
                    }
                    walk(x, path, bad);
                }
            }
            _ => {}
        }
    }
    let mut bad = Vec::new();
    for (c, v) in all(records) {
        walk(v, c.name(), &mut bad);
        assert!(is_uuid(&id_of(c, v)), "{} {}", c.name(), id_of(c, v));
    }
    assert!(bad.is_empty(), "{:#?}", &bad[..bad.len().min(10)]);
}

fn collection_of_ref(kind: &str) -> Option<Collection> {
    Some(match kind {
        "org" => Collection::Orgs,
        "academicSession" => Collection::AcademicSessions,
        "course" => Collection::Courses,
        "class" => Collection::Classes,
        "user" => Collection::Users,
        "category" => Collection::Categories,
        "scoreScale" => Collection::ScoreScales,
        "lineItem" => Collection::LineItems,
        "assessmentLineItem" => Collection::AssessmentLineItems,
        "resource" => Collection::Resources,
        _ => return None,
    })
}

fn link_collection(field: &str) -> Option<Collection> {
    Some(match field {
        "CFDocumentURI" => Collection::CfDocuments,
        "CFItemTypeURI" => Collection::CfItemTypes,
        "subjectURI" => Collection::CfSubjects,
        "conceptKeywordsURI" => Collection::CfConcepts,
        "licenseURI" => Collection::CfLicenses,
        "CFAssociationGroupingURI" => Collection::CfAssociationGroupings,
        "CFItemURI" => Collection::CfItems,
        _ => return None,
    })
}

#[test]
fn references_resolve() {
    let (records, _) = small();
    let ids: HashMap<Collection, HashSet<String>> =
        records.iter().map(|(c, list)| (*c, list.iter().map(|v| id_of(*c, v)).collect())).collect();
    let items = &ids[&Collection::CfItems];
    let mut problems = Vec::new();
    fn walk(v: &Value, field: &str, f: &mut dyn FnMut(&str, &Value)) {
        match v {
            Value::Object(map) => {
                f(field, v);
                for (k, x) in map {
                    walk(x, k, f);
                }
            }
            Value::Array(list) => list.iter().for_each(|x| walk(x, field, f)),
            _ => {}
        }
    }
    for (c, v) in all(records) {
        walk(v, "", &mut |field, o| {
            if let (Some(href), Some(id), Some(kind)) = (
                o.get("href").and_then(Value::as_str),
                o.get("sourcedId").and_then(Value::as_str),
                o.get("type").and_then(Value::as_str),
            ) {
                let Some(target) = collection_of_ref(kind) else {
                    problems.push(format!("{} {}: {field} has GUIDRef type {kind}", c.name(), id_of(c, v)));
                    return;
                };
                if !ids[&target].contains(id) {
                    problems.push(format!("{} {}: {field} → {kind} {id} missing", c.name(), id_of(c, v)));
                }
                let path = if target == Collection::Resources {
                    "resources/v1p2"
                } else if matches!(
                    target,
                    Collection::Categories
                        | Collection::ScoreScales
                        | Collection::LineItems
                        | Collection::AssessmentLineItems
                ) {
                    "gradebook/v1p2"
                } else {
                    "rostering/v1p2"
                };
                let expected = format!("{BASE}/api/roster/{path}/{}/{id}", target.name());
                assert_eq!(href, expected);
            }
            if let Some(target) = link_collection(field) {
                let id = str_of(o, "identifier");
                if !ids[&target].contains(id) {
                    problems.push(format!("{} {}: {field} → {id} missing", c.name(), id_of(c, v)));
                }
                assert_eq!(str_of(o, "uri"), format!("{BASE}/api/competency/v1p1/{}/{id}", target.name()));
            }
            if field == "learningObjectiveSet" {
                for id in o.get("learningObjectiveIds").and_then(Value::as_array).into_iter().flatten() {
                    if !items.contains(id.as_str().unwrap_or_default()) {
                        problems.push(format!("{} {}: objective {id} is no item", c.name(), id_of(c, v)));
                    }
                }
                for r in o.get("learningObjectiveResults").and_then(Value::as_array).into_iter().flatten() {
                    if !items.contains(str_of(r, "learningObjectiveId")) {
                        problems.push(format!("{} {}: objective result {r} is no item", c.name(), id_of(c, v)));
                    }
                }
            }
        });
        if c == Collection::CfAssociations {
            for end in ["originNodeURI", "destinationNodeURI"] {
                let id = str_of(&v[end], "identifier");
                if !items.contains(id) && !ids[&Collection::CfDocuments].contains(id) {
                    problems.push(format!("association {}: {end} {id} is not in the framework", id_of(c, v)));
                }
            }
        }
        if c == Collection::Demographics && !ids[&Collection::Users].contains(&id_of(c, v)) {
            problems.push(format!("demographics {} names no user", id_of(c, v)));
        }
    }
    assert!(problems.is_empty(), "{} problems: {:#?}", problems.len(), &problems[..problems.len().min(10)]);
    let students = records[&Collection::Users].iter().filter(|u| str_of(&u["roles"][0], "role") == "student").count();
    assert_eq!(students, records[&Collection::Demographics].len(), "demographics for every student");
}

#[test]
fn every_score_status_and_association_type_appears() {
    let (records, _) = small();
    let statuses: HashSet<&str> = records[&Collection::Results].iter().map(|r| str_of(r, "scoreStatus")).collect();
    for s in [
        "exempt",
        "fully graded",
        "not submitted",
        "partially graded",
        "submitted",
        "late",
        "incomplete",
        "missing",
        "withdrawal",
        "in progress",
    ] {
        assert!(statuses.contains(s), "no result is {s:?}");
    }
    let types: HashSet<&str> =
        records[&Collection::CfAssociations].iter().map(|a| str_of(a, "associationType")).collect();
    for t in [
        "isChildOf",
        "isPeerOf",
        "isPartOf",
        "exactMatchOf",
        "precedes",
        "isRelatedTo",
        "replacedBy",
        "exemplar",
        "hasSkillLevel",
        "isTranslationOf",
    ] {
        assert!(types.contains(t), "no association is {t}");
    }
    assert!(types.iter().any(|t| t.starts_with("ext:")), "an ext: association type");
    assert!(records[&Collection::CfAssociations].iter().any(|a| a.get("CFAssociationGroupingURI").is_some()));
    let session_types: HashSet<&str> =
        records[&Collection::AcademicSessions].iter().map(|s| str_of(s, "type")).collect();
    assert_eq!(session_types, HashSet::from(["schoolYear", "term", "gradingPeriod"]));
}

#[test]
fn results_agree_with_their_line_items_and_statuses() {
    let (records, _) = small();
    let items: HashMap<&str, &Value> =
        records[&Collection::LineItems].iter().map(|l| (str_of(l, "sourcedId"), l)).collect();
    for item in items.values() {
        assert!(str_of(item, "assignDate") < str_of(item, "dueDate"), "{item}");
    }
    for r in &records[&Collection::Results] {
        let item = items[ref_id(r, "lineItem").as_str()];
        let (min, max) = (item["resultValueMin"].as_f64().unwrap(), item["resultValueMax"].as_f64().unwrap());
        if let Some(score) = r.get("score").and_then(Value::as_f64) {
            assert!(min <= score && score <= max, "{score} outside {min}..{max}");
        }
        let status = str_of(r, "scoreStatus");
        let flag = |k: &str| str_of(r, k) == "true";
        assert_eq!(flag("late"), status == "late");
        assert_eq!(flag("missing"), status == "missing");
        assert_eq!(flag("incomplete"), status == "incomplete");
        assert_eq!(flag("inProgress"), status == "in progress");
        let graded = matches!(status, "fully graded" | "late" | "incomplete" | "partially graded" | "missing");
        assert_eq!(r.get("score").is_some(), graded, "{r}");
    }
    let mut schemes: HashMap<String, f64> = HashMap::new();
    for c in &records[&Collection::Categories] {
        *schemes.entry(str_of(&c["metadata"], "scheme").to_owned()).or_default() += c["weight"].as_f64().unwrap();
    }
    assert!(schemes.values().all(|w| (w - 1.0).abs() < 1e-9), "{schemes:?}");
    let parents =
        records[&Collection::AssessmentLineItems].iter().filter(|a| a.get("parentAssessmentLineItem").is_some());
    assert!(parents.count() > 0);
}

#[test]
fn one_primary_teacher_per_class_and_dates_inside_terms() {
    let (records, _) = small();
    let sessions: HashMap<&str, &Value> =
        records[&Collection::AcademicSessions].iter().map(|s| (str_of(s, "sourcedId"), s)).collect();
    let classes: HashMap<&str, &Value> =
        records[&Collection::Classes].iter().map(|c| (str_of(c, "sourcedId"), c)).collect();
    let mut primaries: HashMap<String, usize> = HashMap::new();
    for e in &records[&Collection::Enrollments] {
        let class = classes[ref_id(e, "class").as_str()];
        if str_of(e, "role") == "teacher" {
            *primaries.entry(ref_id(e, "class")).or_default() += usize::from(str_of(e, "primary") == "true");
        } else {
            assert!(e.get("primary").is_none());
        }
        let terms: Vec<&Value> =
            class["terms"].as_array().unwrap().iter().map(|t| sessions[str_of(t, "sourcedId")]).collect();
        let start = terms.iter().map(|t| str_of(t, "startDate")).min().unwrap();
        let end = terms.iter().map(|t| str_of(t, "endDate")).max().unwrap();
        assert!(start <= str_of(e, "beginDate") && str_of(e, "endDate") <= end, "{e}");
        assert!(str_of(e, "beginDate") < str_of(e, "endDate"));
    }
    assert_eq!(primaries.len(), classes.len(), "every class has teachers");
    assert!(primaries.values().all(|n| *n == 1), "exactly one primary teacher per class");
    assert!(classes.values().any(|c| str_of(c, "classType") == "homeroom"));
}

#[test]
fn guardians_and_students_are_each_others_agents() {
    let (records, _) = small();
    let users: HashMap<&str, &Value> =
        records[&Collection::Users].iter().map(|u| (str_of(u, "sourcedId"), u)).collect();
    let role = |u: &Value| str_of(&u["roles"][0], "role").to_owned();
    let mut linked = 0;
    for (id, u) in &users {
        for agent in u.get("agents").and_then(Value::as_array).into_iter().flatten() {
            let other = users[str_of(agent, "sourcedId")];
            let back: Vec<&str> = other["agents"].as_array().unwrap().iter().map(|a| str_of(a, "sourcedId")).collect();
            assert!(back.contains(id), "{id} → {} is not mutual", str_of(agent, "sourcedId"));
            let pair = (role(u), role(other));
            assert!(
                matches!(
                    (pair.0.as_str(), pair.1.as_str()),
                    ("student", "parent" | "guardian") | ("parent" | "guardian", "student")
                ),
                "{pair:?}"
            );
            linked += 1;
        }
        if role(u) == "student" {
            assert!(u.get("agents").is_some(), "every student has a guardian");
            assert!(u.get("grades").is_some());
        }
        assert_eq!(str_of(u, "enabledUser"), "true");
    }
    assert!(linked > 0);
    let names: String =
        users.values().map(|u| format!("{} {} ", str_of(u, "givenName"), str_of(u, "familyName"))).collect();
    assert!(!names.is_ascii(), "some names are not ASCII");
}

#[test]
fn other_seeds_keep_the_guarantees() {
    for seed in [1, 99, u64::MAX] {
        let mut records: Records = BTreeMap::new();
        generate(&DemoOptions { seed, ..DemoOptions::new(Scale::Small, BASE) }, &mut |c, v| {
            records.entry(c).or_default().push(v)
        });
        let failures = strict_failures(&records);
        assert!(failures.is_empty(), "seed {seed}: {:#?}", &failures[..failures.len().min(10)]);
        let statuses: HashSet<&str> = records[&Collection::Results].iter().map(|r| str_of(r, "scoreStatus")).collect();
        assert_eq!(statuses.len(), 10, "seed {seed}: {statuses:?}");
        let types: HashSet<&str> =
            records[&Collection::CfAssociations].iter().map(|a| str_of(a, "associationType")).collect();
        assert_eq!(types.len(), 11, "seed {seed}: {types:?}");
    }
}

fn import(bytes: &[u8]) -> (cairn_sandbox::demo::ImportReport, Records) {
    let mut records: Records = BTreeMap::new();
    let report = import_package(bytes, &mut |c, v| records.entry(c).or_default().push(v)).expect("imports");
    (report, records)
}

#[test]
fn bundled_packages_import_with_uuids_and_consistent_references() {
    let entries = entries();
    let bundled = bundled_packages();
    assert_eq!(bundled.len(), 6);
    for (name, bytes) in bundled {
        let (report, records) = import(bytes);
        let docs = &records[&Collection::CfDocuments];
        assert_eq!(docs.len(), 1, "{name}");
        assert_eq!(str_of(&docs[0], "identifier"), report.document_id);
        let items: HashSet<&str> =
            records.get(&Collection::CfItems).into_iter().flatten().map(|i| str_of(i, "identifier")).collect();
        let original: Value = serde_json::from_slice(bytes).unwrap();
        let original = original.get("CFPackage").unwrap_or(&original);
        let in_package: HashSet<&str> = original["CFItems"]
            .as_array()
            .unwrap()
            .iter()
            .chain([&original["CFDocument"]])
            .map(|i| str_of(i, "identifier"))
            .collect();
        for (c, v) in all(&records) {
            let id = id_of(c, v);
            assert!(is_uuid(&id), "{name}: {} {id}", c.name());
            let (_, issues) = (entries[c.shape().name].check)(v.clone()).unwrap();
            assert!(issues.is_empty(), "{name}: {} {id}: {issues:#?}", c.name());
            if c == Collection::CfItems {
                assert_eq!(str_of(&v["CFDocumentURI"], "identifier"), report.document_id);
            }
        }
        for a in records.get(&Collection::CfAssociations).into_iter().flatten() {
            for (end, note) in [
                ("originNodeURI", "cairn:originalOriginIdentifier"),
                ("destinationNodeURI", "cairn:originalDestinationIdentifier"),
            ] {
                let id = str_of(&a[end], "identifier");
                assert!(is_uuid(id), "{name}: {end} {id}");
                let before = a.get("extensions").and_then(|e| e.get(note)).and_then(Value::as_str).unwrap_or(id);
                if in_package.contains(before) {
                    assert!(
                        items.contains(id) || id == report.document_id,
                        "{name}: {end} {before} → {id} not emitted"
                    );
                }
            }
        }
        println!("{name}: {} rewritten; {:#?}", report.rewritten_ids, report.warnings);
    }
}

#[test]
fn the_ccss_package_arrives_whole_with_its_originals_kept() {
    let bytes = bundled_packages().into_iter().find(|(n, _)| n.starts_with("ccss")).unwrap().1;
    let (report, records) = import(bytes);
    assert_eq!(records[&Collection::CfItems].len(), 703);
    assert_eq!(records[&Collection::CfAssociations].len(), 703);
    assert!(report.rewritten_ids >= 704, "{}", report.rewritten_ids);
    let doc = &records[&Collection::CfDocuments][0];
    assert_eq!(doc["extensions"]["cairn:originalIdentifier"], "http://purl.org/ASN/resources/D10003FB");
    assert_eq!(str_of(&doc["CFPackageURI"], "identifier"), report.document_id);
    let item = records[&Collection::CfItems]
        .iter()
        .find(|i| i["extensions"]["cairn:originalIdentifier"] == "http://asn.jesandco.org/resources/S2366905")
        .unwrap();
    let id = str_of(item, "identifier");
    assert!(is_uuid(id));
    let children =
        records[&Collection::CfAssociations].iter().filter(|a| str_of(&a["originNodeURI"], "identifier") == id).count();
    assert_eq!(children, 1, "the item's association points at its new identifier");
    assert!(report.warnings.iter().any(|w| w.starts_with("703 item identifier")), "{:#?}", report.warnings);
    // The same bytes give the same identifiers.
    assert_eq!(import(bytes).0.document_id, report.document_id);
}

#[test]
fn every_kind_of_reference_is_rewritten_alike() {
    let package = br#"{"CFPackage": {
        "CFDocument": {"identifier": "DOC-1", "uri": "http://x.test/doc/DOC-1", "creator": "C", "title": "Doc",
            "lastChangeDateTime": "2020-01-01T00:00:00", "licenseURI": "http://x.test/lic/L-1"},
        "CFItems": [
            {"identifier": "A33FC64E-5C40-11E7-82C4-3D54268AA9EE", "uri": "http://x.test/item/1", "fullStatement": "One",
             "lastChangeDateTime": "2020-01-01T00:00:00Z", "CFItemTypeURI": "http://x.test/type/T-1",
             "extensions": {"vendor": 1}},
            {"identifier": "item-2", "uri": "http://x.test/item/2", "fullStatement": "Two",
             "lastChangeDateTime": "2020-01-01T00:00:00Z", "subjectURI": {"title": "S", "identifier": "S-1", "uri": null}}
        ],
        "CFAssociations": [
            {"identifier": "assoc-1", "associationType": "isChildOf", "uri": "http://x.test/a/1", "sequenceNumber": "1",
             "originNodeURI": {"title": "One", "identifier": "A33FC64E-5C40-11E7-82C4-3D54268AA9EE", "uri": "http://x.test/item/1"},
             "destinationNodeURI": "http://x.test/doc/DOC-1", "lastChangeDateTime": "2020-01-01T00:00:00Z",
             "CFAssociationGroupingURI": {"title": "G", "identifier": "G-1", "uri": "http://x.test/g/G-1"}},
            {"identifier": "assoc-2", "associationType": "exactMatchOf", "uri": "http://x.test/a/2",
             "originNodeURI": {"title": "Two", "identifier": "item-2", "uri": "http://x.test/item/2"},
             "destinationNodeURI": {"title": "Far", "identifier": "http://elsewhere.test/S9", "uri": "http://elsewhere.test/S9"},
             "lastChangeDateTime": "2020-01-01T00:00:00Z"}
        ],
        "CFDefinitions": {
            "CFItemTypes": [{"identifier": "T-1", "uri": "http://x.test/type/T-1", "title": "Standard", "description": null,
                             "hierarchyCode": "1", "lastChangeDateTime": "2020-01-01T00:00:00Z"}],
            "CFSubjects": [{"identifier": "S-1", "uri": "http://x.test/subject/S-1", "title": "Math", "hierarchyCode": "1",
                            "lastChangeDateTime": "2020-01-01T00:00:00Z"}],
            "CFLicenses": [{"identifier": "L-1", "uri": "http://x.test/lic/L-1", "title": "Lic", "licenseText": "Text",
                            "lastChangeDateTime": "2020-01-01T00:00:00Z"}],
            "CFAssociationGroupings": [{"identifier": "G-1", "uri": "http://x.test/g/G-1", "title": "Group",
                                        "lastChangeDateTime": "2020-01-01T00:00:00Z"}]
        },
        "CFRubrics": [{"identifier": "R-1", "uri": "http://x.test/r/R-1", "lastChangeDateTime": "2020-01-01T00:00:00Z",
            "CFRubricCriteria": [{"identifier": "C-1", "uri": "http://x.test/c/C-1", "rubricId": "R-1",
                "lastChangeDateTime": "2020-01-01T00:00:00Z",
                "CFItemURI": {"title": "Two", "identifier": "item-2", "uri": "http://x.test/item/2"},
                "CFRubricCriterionLevels": [{"identifier": "LV-1", "uri": "http://x.test/l/LV-1", "rubricCriterionId": "C-1",
                    "score": "3", "lastChangeDateTime": "2020-01-01T00:00:00Z"}]}]}]
    }}"#;
    let (report, records) = import(package);
    let entries = entries();
    for (c, v) in all(&records) {
        let (_, issues) = (entries[c.shape().name].check)(v.clone()).unwrap();
        assert!(issues.is_empty(), "{} {v}: {issues:#?}", c.name());
    }
    let id = |c: Collection, original: &str| {
        records[&c]
            .iter()
            .find(|r| r["extensions"]["cairn:originalIdentifier"] == original)
            .map(|r| str_of(r, "identifier").to_owned())
            .unwrap_or_else(|| panic!("no {} from {original}", c.name()))
    };
    let doc = id(Collection::CfDocuments, "DOC-1");
    assert_eq!(doc, report.document_id);
    let one = id(Collection::CfItems, "A33FC64E-5C40-11E7-82C4-3D54268AA9EE");
    let two = id(Collection::CfItems, "item-2");
    let item_type = id(Collection::CfItemTypes, "T-1");
    let subject = id(Collection::CfSubjects, "S-1");
    let licence = id(Collection::CfLicenses, "L-1");
    let grouping = id(Collection::CfAssociationGroupings, "G-1");
    let rubric = id(Collection::CfRubrics, "R-1");
    let items = &records[&Collection::CfItems];
    assert_eq!(str_of(&items[0]["CFItemTypeURI"], "identifier"), item_type);
    assert_eq!(items[0]["extensions"]["vendor"], 1, "existing extensions are kept");
    assert_eq!(str_of(&items[1]["subjectURI"][0], "identifier"), subject);
    assert_eq!(str_of(&records[&Collection::CfDocuments][0]["licenseURI"], "identifier"), licence);
    let associations = &records[&Collection::CfAssociations];
    assert_eq!(str_of(&associations[0]["originNodeURI"], "identifier"), one);
    assert_eq!(str_of(&associations[0]["destinationNodeURI"], "identifier"), doc);
    assert_eq!(str_of(&associations[0]["CFAssociationGroupingURI"], "identifier"), grouping);
    assert_eq!(associations[0]["sequenceNumber"], 1);
    assert_eq!(str_of(&associations[1]["originNodeURI"], "identifier"), two);
    let far = &associations[1]["destinationNodeURI"];
    assert!(is_uuid(str_of(far, "identifier")));
    assert_eq!(str_of(far, "uri"), "http://elsewhere.test/S9", "the outside uri is kept");
    assert_eq!(associations[1]["extensions"]["cairn:originalDestinationIdentifier"], "http://elsewhere.test/S9");
    let criterion = &records[&Collection::CfRubrics][0]["CFRubricCriteria"][0];
    assert_eq!(str_of(criterion, "rubricId"), rubric);
    assert_eq!(str_of(&criterion["CFItemURI"], "identifier"), two);
    let level = &criterion["CFRubricCriterionLevels"][0];
    assert_eq!(str_of(level, "rubricCriterionId"), str_of(criterion, "identifier"));
    assert_eq!(level["extensions"][0]["cairn:originalIdentifier"], "LV-1");
    assert_eq!(report.rewritten_ids, 13, "{:#?}", report.warnings);
}

#[test]
fn unreadable_packages_are_errors_not_panics() {
    let mut sink = |_: Collection, _: Value| {};
    assert!(matches!(import_package(b"not json", &mut sink), Err(ImportError::Read(_))));
    assert!(matches!(import_package(b"[1,2]", &mut sink), Err(ImportError::Read(_))));
    assert!(matches!(import_package(b"{}", &mut sink), Err(ImportError::NoDocument)));
    let no_id = import_package(br#"{"CFDocument": {"title": "no id"}}"#, &mut sink);
    assert!(matches!(no_id, Err(ImportError::NoIdentifier)));
    let minimal = br#"{"CFDocument": {"identifier": "X-1", "title": "T", "creator": "C", "uri": "http://x/1", "lastChangeDateTime": "2020-01-01T00:00:00Z"}, "CFItems": [null, 3]}"#;
    let report = import_package(minimal, &mut sink).unwrap();
    assert!(is_uuid(&report.document_id));
}

#[test]
fn import_survives_every_value_of_the_wrong_type() {
    fn paths(v: &Value, at: Vec<String>, out: &mut Vec<Vec<String>>) {
        out.push(at.clone());
        match v {
            Value::Object(map) => map.iter().for_each(|(k, x)| paths(x, [at.clone(), vec![k.clone()]].concat(), out)),
            Value::Array(list) => {
                list.iter().enumerate().for_each(|(i, x)| paths(x, [at.clone(), vec![i.to_string()]].concat(), out))
            }
            _ => {}
        }
    }
    fn at<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
        path.iter().fold(v, |v, k| match v {
            Value::Array(list) => &mut list[k.parse::<usize>().unwrap()],
            other => &mut other[k.as_str()],
        })
    }
    let bytes = bundled_packages().into_iter().find(|(n, _)| n.contains("crosswalk")).unwrap().1;
    let original: Value = serde_json::from_slice(bytes).unwrap();
    let mut all_paths = Vec::new();
    paths(&original, Vec::new(), &mut all_paths);
    let replacements =
        [Value::Null, serde_json::json!(7), serde_json::json!("x"), serde_json::json!([]), serde_json::json!({})];
    let mut imported = 0;
    for path in all_paths.iter().step_by(8) {
        for replacement in &replacements {
            let mut mutated = original.clone();
            *at(&mut mutated, path) = replacement.clone();
            let bytes = serde_json::to_vec(&mutated).unwrap();
            if import_package(&bytes, &mut |_, _| {}).is_ok() {
                imported += 1;
            }
        }
    }
    assert!(imported > 0);
}

/// District scale in a debug build takes longer than a unit test should; run with
/// `cargo test -p cairn-sandbox --test demo -- --ignored` (release recommended).
#[test]
#[ignore]
fn district_scale_is_valid_and_sized() {
    let started = Instant::now();
    let (records, summary) = run(Scale::District);
    println!("district generated in {:?}: {summary}", started.elapsed());
    let failures = strict_failures(&records);
    assert!(failures.is_empty(), "{} issues, first: {:#?}", failures.len(), &failures[..failures.len().min(10)]);
    assert_sized(&summary, 25_000, 1_000, 100_000);
    assert!((1_200..=1_900).contains(&summary.count(Collection::CfItems)));
}

/// Users, classes and enrollments within 10% of a scale's advertised sizes.
fn assert_sized(summary: &DemoSummary, users: usize, classes: usize, enrollments: usize) {
    for (collection, advertised) in
        [(Collection::Users, users), (Collection::Classes, classes), (Collection::Enrollments, enrollments)]
    {
        let count = summary.count(collection);
        let range = advertised * 9 / 10..=advertised * 11 / 10;
        assert!(range.contains(&count), "{count} {}, advertised {advertised}", collection.name());
    }
}

/// The state scale's sizes (generation only; about half a minute in a release build):
/// `cargo test --release -p cairn-sandbox --test demo -- --ignored state_scale_is_sized`.
#[test]
#[ignore]
fn state_scale_is_sized() {
    let summary = generate(&DemoOptions::new(Scale::State, BASE), &mut |_, _| {});
    println!("state: {summary}");
    assert_sized(&summary, 100_000, 4_000, 400_000);
    assert!((19_000..=21_000).contains(&summary.count(Collection::CfItems)), "a 20,000-item framework");
}

/// Writes a scale's records as lines (`collection<TAB>JSON`) to `$CAIRN_DEMO_DUMP` (`-`: only
/// time the generation), for looking at the data and timing it:
/// `CAIRN_DEMO_SCALE=state CAIRN_DEMO_DUMP=- cargo test --release -p cairn-sandbox --test demo -- --ignored dump --nocapture`.
#[test]
#[ignore]
fn dump() {
    use std::io::Write;
    let Ok(path) = std::env::var("CAIRN_DEMO_DUMP") else { return };
    let scale = std::env::var("CAIRN_DEMO_SCALE").unwrap_or_else(|_| "small".into()).parse().unwrap();
    let mut file = (path != "-").then(|| std::io::BufWriter::new(std::fs::File::create(&path).unwrap()));
    let started = Instant::now();
    let summary = generate(&DemoOptions::new(scale, BASE), &mut |c, v| {
        if let Some(file) = &mut file {
            writeln!(file, "{}\t{}", c.name(), v).unwrap();
        }
    });
    println!("{scale} in {:?}: {summary}", started.elapsed());
}
