//! A small hand-made world with known answers for every nested operation: one district, two
//! schools, a year with terms and grading periods, courses, classes, users, enrollments,
//! demographics, resources, a gradebook and a framework.

use cairn_spec::Collection;
use serde_json::{Value, json};

pub const NOW: &str = "2025-08-01T12:00:00.000Z";
pub const DOC: &str = "b1750dc6-f058-11e7-b894-8d445e7af8cb";
pub const ITEM1: &str = "a5eafca0-b8df-11e7-8d17-8dc52d8205bc";
pub const ITEM2: &str = "c496e222-b8df-11e7-ba24-039ffdae3771";
pub const ASSOC1: &str = "a5eb02f4-b8df-11e7-b06e-b17e31351e5a";
pub const ASSOC2: &str = "b779c70c-f058-11e7-b74b-db02c749845a";
pub const ASSOC3: &str = "6667866c-b415-11e7-a2d3-31b52d3214c8";
pub const GROUPING: &str = "5a411e1a-7137-11e6-92a8-0242ac130002";
pub const CONCEPT: &str = "11111111-1111-4111-8111-111111111111";
pub const CONCEPT_CHILD: &str = "11111111-1111-4111-8111-111111111112";
pub const CONCEPT_OTHER: &str = "11111111-1111-4111-8111-111111111113";
pub const SUBJECT: &str = "22222222-2222-4222-8222-222222222221";
pub const SUBJECT_CHILD: &str = "22222222-2222-4222-8222-222222222222";
pub const ITEM_TYPE: &str = "33333333-3333-4333-8333-333333333331";
pub const LICENSE: &str = "44444444-4444-4444-8444-444444444441";
pub const RUBRIC: &str = "55555555-5555-4555-8555-555555555551";

fn guid(base: &str, service: &str, path: &str, id: &str, kind: &str) -> Value {
    json!({"href": format!("{base}/api/roster/{service}/v1p2/{path}/{id}"), "sourcedId": id, "type": kind})
}

fn base(id: &str) -> serde_json::Map<String, Value> {
    let mut m = serde_json::Map::new();
    m.insert("sourcedId".into(), json!(id));
    m.insert("status".into(), json!("active"));
    m.insert("dateLastModified".into(), json!(NOW));
    m
}

fn record(id: &str, fields: Value) -> Value {
    let mut m = base(id);
    if let Value::Object(f) = fields {
        m.extend(f);
    }
    Value::Object(m)
}

fn link(base: &str, kind: &str, id: &str, title: &str) -> Value {
    json!({"title": title, "identifier": id, "uri": format!("{base}/api/competency/v1p1/{kind}/{id}")})
}

/// Every record of the world, by collection.
pub fn records(b: &str) -> Vec<(Collection, Value)> {
    let org = |id: &str| guid(b, "rostering", "orgs", id, "org");
    let session = |id: &str| guid(b, "rostering", "academicSessions", id, "academicSession");
    let class = |id: &str| guid(b, "rostering", "classes", id, "class");
    let course = |id: &str| guid(b, "rostering", "courses", id, "course");
    let user = |id: &str| guid(b, "rostering", "users", id, "user");
    let resource = |id: &str| guid(b, "resources", "resources", id, "resource");
    let line_item = |id: &str| guid(b, "gradebook", "lineItems", id, "lineItem");
    let category = |id: &str| guid(b, "gradebook", "categories", id, "category");
    let ali = |id: &str| guid(b, "gradebook", "assessmentLineItems", id, "assessmentLineItem");
    let role = |r: &str, at: &str| json!({"roleType": "primary", "role": r, "org": org(at)});
    let person = |id: &str, given: &str, family: &str, r: &str, at: &str, extra: Value| {
        let mut v = record(
            id,
            json!({"enabledUser": "true", "givenName": given, "familyName": family, "roles": [role(r, at)]}),
        );
        if let (Some(m), Value::Object(e)) = (v.as_object_mut(), extra) {
            m.extend(e);
        }
        v
    };
    let enrol = |id: &str, u: &str, c: &str, s: &str, r: &str| {
        record(id, json!({"user": user(u), "class": class(c), "school": org(s), "role": r}))
    };
    use Collection::*;
    let mut out = vec![
        (
            Orgs,
            record("d1", json!({"name": "Maple Grove USD", "type": "district", "children": [org("s1"), org("s2")]})),
        ),
        (Orgs, record("s1", json!({"name": "Cedar Ridge High", "type": "school", "parent": org("d1")}))),
        (Orgs, record("s2", json!({"name": "Birch Elementary", "type": "school", "parent": org("d1")}))),
        (
            AcademicSessions,
            record(
                "y1",
                json!({"title": "2025-26", "startDate": "2025-08-15", "endDate": "2026-06-13", "type": "schoolYear", "schoolYear": "2026", "children": [session("t1"), session("t2")]}),
            ),
        ),
        (
            AcademicSessions,
            record(
                "t1",
                json!({"title": "Fall", "startDate": "2025-08-15", "endDate": "2026-01-01", "type": "term", "schoolYear": "2026", "parent": session("y1")}),
            ),
        ),
        (
            AcademicSessions,
            record(
                "t2",
                json!({"title": "Spring", "startDate": "2026-01-05", "endDate": "2026-06-13", "type": "term", "schoolYear": "2026", "parent": session("y1")}),
            ),
        ),
        (
            AcademicSessions,
            record(
                "g1",
                json!({"title": "Q1", "startDate": "2025-08-15", "endDate": "2025-10-20", "type": "gradingPeriod", "schoolYear": "2026", "parent": session("t1")}),
            ),
        ),
        (
            AcademicSessions,
            record(
                "g2",
                json!({"title": "Q2", "startDate": "2025-10-20", "endDate": "2026-01-01", "type": "gradingPeriod", "schoolYear": "2026", "parent": session("t1")}),
            ),
        ),
        (
            AcademicSessions,
            record(
                "g3",
                json!({"title": "Q3", "startDate": "2026-01-05", "endDate": "2026-03-20", "type": "gradingPeriod", "schoolYear": "2026", "parent": session("t2")}),
            ),
        ),
        (
            Courses,
            record(
                "k1",
                json!({"title": "Algebra I", "courseCode": "ALG1", "org": org("s1"), "resources": [resource("r2")]}),
            ),
        ),
        (Courses, record("k2", json!({"title": "Reading 3", "courseCode": "RD3", "org": org("s2")}))),
        (
            Classes,
            record(
                "c1",
                json!({"title": "Algebra I - P1", "classType": "scheduled", "course": course("k1"), "school": org("s1"), "terms": [session("t1")], "resources": [resource("r1")]}),
            ),
        ),
        (
            Classes,
            record(
                "c2",
                json!({"title": "Algebra I - P2", "classType": "scheduled", "course": course("k1"), "school": org("s1"), "terms": [session("t2")]}),
            ),
        ),
        (
            Classes,
            record(
                "c3",
                json!({"title": "Reading 3 - Homeroom", "classType": "homeroom", "course": course("k2"), "school": org("s2"), "terms": [session("t1")]}),
            ),
        ),
        (Users, person("teacher1", "Ada", "Lovelace", "teacher", "s1", json!({}))),
        (
            Users,
            person(
                "student1",
                "José",
                "Álvarez",
                "student",
                "s1",
                json!({"agents": [user("guardian1")], "resources": [resource("r3")]}),
            ),
        ),
        (Users, person("student2", "Zoë", "Nguyễn", "student", "s1", json!({}))),
        (Users, person("student3", "Amir", "Haddad", "student", "s2", json!({}))),
        (Users, person("guardian1", "María", "Álvarez", "parent", "s1", json!({"agents": [user("student1")]}))),
        (Enrollments, enrol("e1", "teacher1", "c1", "s1", "teacher")),
        (Enrollments, enrol("e2", "student1", "c1", "s1", "student")),
        (Enrollments, enrol("e3", "student2", "c1", "s1", "student")),
        (Enrollments, enrol("e4", "student1", "c2", "s1", "student")),
        (Enrollments, enrol("e5", "student3", "c3", "s2", "student")),
        (
            Demographics,
            record("student1", json!({"birthDate": "2010-03-04", "sex": "male", "hispanicOrLatinoEthnicity": "true"})),
        ),
        (Resources, record("r1", json!({"title": "Algebra textbook", "vendorResourceId": "ALG-TXT"}))),
        (Resources, record("r2", json!({"title": "Graphing tool", "vendorResourceId": "GRAPH"}))),
        (Resources, record("r3", json!({"title": "Reading app", "vendorResourceId": "READ"}))),
        (Categories, record("cat1", json!({"title": "Homework", "weight": 0.4}))),
        (Categories, record("cat2", json!({"title": "Tests", "weight": 0.6}))),
        (
            ScoreScales,
            record(
                "ss1",
                json!({"title": "Letter grades", "type": "letter", "class": class("c1"), "scoreScaleValue": [{"itemValueLHS": "A", "itemValueRHS": "90-100"}]}),
            ),
        ),
        (
            LineItems,
            record(
                "l1",
                json!({"title": "Quiz 1", "assignDate": "2025-09-01T00:00:00Z", "dueDate": "2025-09-08T00:00:00Z", "class": class("c1"), "school": org("s1"), "category": category("cat1"), "resultValueMin": 0, "resultValueMax": 10}),
            ),
        ),
        (
            LineItems,
            record(
                "l2",
                json!({"title": "Reading log", "assignDate": "2025-09-01T00:00:00Z", "dueDate": "2025-09-08T00:00:00Z", "class": class("c3"), "school": org("s2"), "category": category("cat2")}),
            ),
        ),
        (
            Results,
            record(
                "res1",
                json!({"lineItem": line_item("l1"), "student": user("student1"), "scoreStatus": "fully graded", "score": 9, "scoreDate": "2025-09-09"}),
            ),
        ),
        (
            Results,
            record(
                "res2",
                json!({"lineItem": line_item("l1"), "student": user("student2"), "scoreStatus": "submitted", "scoreDate": "2025-09-09"}),
            ),
        ),
        (
            Results,
            record(
                "res3",
                json!({"lineItem": line_item("l2"), "student": user("student3"), "scoreStatus": "missing", "scoreDate": "2025-09-09", "missing": "true"}),
            ),
        ),
        (AssessmentLineItems, record("a1", json!({"title": "Unit test", "class": class("c1")}))),
        (
            AssessmentLineItems,
            record(
                "a2",
                json!({"title": "Unit test part B", "class": class("c1"), "parentAssessmentLineItem": ali("a1")}),
            ),
        ),
        (
            AssessmentResults,
            record(
                "ar1",
                json!({"assessmentLineItem": ali("a1"), "student": user("student1"), "scoreStatus": "fully graded", "score": 88.5, "scoreDate": "2025-10-01"}),
            ),
        ),
    ];
    let doc_link = link(b, "CFDocuments", DOC, "Demo Math");
    out.extend([
        (CfDocuments, json!({"identifier": DOC, "uri": format!("{b}/api/competency/v1p1/CFDocuments/{DOC}"), "creator": "Cairn", "title": "Demo Math", "lastChangeDateTime": NOW, "caseVersion": "1.1", "subject": ["Math"], "subjectURI": [link(b, "CFSubjects", SUBJECT, "Math")], "licenseURI": link(b, "CFLicenses", LICENSE, "CC BY 4.0"), "CFPackageURI": link(b, "CFPackages", DOC, "Demo Math")})),
        (CfItems, json!({"identifier": ITEM1, "uri": format!("{b}/api/competency/v1p1/CFItems/{ITEM1}"), "fullStatement": "Operations and algebraic thinking", "humanCodingScheme": "3.OA", "CFItemType": "Domain", "CFItemTypeURI": link(b, "CFItemTypes", ITEM_TYPE, "Domain"), "conceptKeywordsURI": link(b, "CFConcepts", CONCEPT, "Multiplication"), "lastChangeDateTime": NOW, "CFDocumentURI": doc_link})),
        (CfItems, json!({"identifier": ITEM2, "uri": format!("{b}/api/competency/v1p1/CFItems/{ITEM2}"), "fullStatement": "Interpret products of whole numbers.", "humanCodingScheme": "3.OA.A.1", "lastChangeDateTime": NOW, "CFDocumentURI": doc_link})),
        (CfAssociations, json!({"identifier": ASSOC1, "associationType": "isChildOf", "sequenceNumber": 1, "uri": format!("{b}/api/competency/v1p1/CFAssociations/{ASSOC1}"), "originNodeURI": link(b, "CFItems", ITEM1, "3.OA"), "destinationNodeURI": link(b, "CFDocuments", DOC, "Demo Math"), "lastChangeDateTime": NOW, "CFDocumentURI": doc_link})),
        (CfAssociations, json!({"identifier": ASSOC2, "associationType": "isChildOf", "sequenceNumber": 1, "uri": format!("{b}/api/competency/v1p1/CFAssociations/{ASSOC2}"), "originNodeURI": link(b, "CFItems", ITEM2, "3.OA.A.1"), "destinationNodeURI": link(b, "CFItems", ITEM1, "3.OA"), "lastChangeDateTime": NOW, "CFDocumentURI": doc_link})),
        (CfAssociations, json!({"identifier": ASSOC3, "associationType": "exactMatchOf", "uri": format!("{b}/api/competency/v1p1/CFAssociations/{ASSOC3}"), "originNodeURI": link(b, "CFItems", ITEM2, "3.OA.A.1"), "destinationNodeURI": {"title": "CCSS.Math.3.OA.A.1", "identifier": "http://asn.jesandco.org/resources/S114342", "uri": "http://asn.jesandco.org/resources/S114342"}, "CFAssociationGroupingURI": link(b, "CFAssociationGroupings", GROUPING, "Crosswalk"), "lastChangeDateTime": NOW, "CFDocumentURI": doc_link})),
        (CfAssociationGroupings, json!({"identifier": GROUPING, "uri": format!("{b}/x/{GROUPING}"), "title": "Crosswalk", "lastChangeDateTime": NOW})),
        (CfConcepts, json!({"identifier": CONCEPT, "uri": format!("{b}/x/{CONCEPT}"), "title": "Multiplication", "hierarchyCode": "1", "lastChangeDateTime": NOW})),
        (CfConcepts, json!({"identifier": CONCEPT_CHILD, "uri": format!("{b}/x/{CONCEPT_CHILD}"), "title": "Arrays", "hierarchyCode": "1.1", "lastChangeDateTime": NOW})),
        (CfConcepts, json!({"identifier": CONCEPT_OTHER, "uri": format!("{b}/x/{CONCEPT_OTHER}"), "title": "Fractions", "hierarchyCode": "2", "lastChangeDateTime": NOW})),
        (CfSubjects, json!({"identifier": SUBJECT, "uri": format!("{b}/x/{SUBJECT}"), "title": "Math", "hierarchyCode": "1", "lastChangeDateTime": NOW})),
        (CfSubjects, json!({"identifier": SUBJECT_CHILD, "uri": format!("{b}/x/{SUBJECT_CHILD}"), "title": "Algebra", "hierarchyCode": "1.1", "lastChangeDateTime": NOW})),
        (CfItemTypes, json!({"identifier": ITEM_TYPE, "uri": format!("{b}/x/{ITEM_TYPE}"), "title": "Domain", "description": "A domain", "hierarchyCode": "1", "lastChangeDateTime": NOW})),
        (CfLicenses, json!({"identifier": LICENSE, "uri": format!("{b}/x/{LICENSE}"), "title": "CC BY 4.0", "licenseText": "Creative Commons Attribution 4.0", "lastChangeDateTime": NOW})),
        (CfRubrics, json!({"identifier": RUBRIC, "uri": format!("{b}/x/{RUBRIC}"), "title": "Multiplication rubric", "lastChangeDateTime": NOW, "CFRubricCriteria": [{"identifier": "55555555-5555-4555-8555-555555555552", "uri": format!("{b}/x/c"), "CFItemURI": link(b, "CFItems", ITEM2, "3.OA.A.1"), "lastChangeDateTime": NOW, "CFRubricCriterionLevels": [{"identifier": "55555555-5555-4555-8555-555555555553", "uri": format!("{b}/x/l"), "score": 4, "lastChangeDateTime": NOW}]}]})),
    ]);
    out
}
