//! Every operation of the four services, with the answers the hand-made world implies; the last
//! assertion fails if any operation of the specification was not exercised.

use cairn_spec::operations::OPERATIONS;
use serde_json::json;

use crate::harness::Harness;
use crate::world::*;

fn sorted(mut ids: Vec<String>) -> Vec<String> {
    ids.sort();
    ids
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_operation_answers_as_specified() {
    let h = Harness::start().await;
    let t = h.admin().await;

    // Rostering: collections and their wrappers.
    for (op, wrapper, expected) in [
        ("getAllAcademicSessions", "academicSessions", vec!["y1", "t1", "t2", "g1", "g2", "g3"]),
        ("getAllGradingPeriods", "academicSessions", vec!["g1", "g2", "g3"]),
        ("getAllTerms", "academicSessions", vec!["t1", "t2"]),
        ("getAllOrgs", "orgs", vec!["d1", "s1", "s2"]),
        ("getAllSchools", "orgs", vec!["s1", "s2"]),
        ("getAllCourses", "courses", vec!["k1", "k2"]),
        ("getAllClasses", "classes", vec!["c1", "c2", "c3"]),
        ("getAllUsers", "users", vec!["teacher1", "student1", "student2", "student3", "guardian1"]),
        ("getAllStudents", "users", vec!["student1", "student2", "student3"]),
        ("getAllTeachers", "users", vec!["teacher1"]),
        ("getAllEnrollments", "enrollments", vec!["e1", "e2", "e3", "e4", "e5"]),
        ("getAllDemographics", "demographics", vec!["student1"]),
    ] {
        let r = h.get(&t, op, &[], "").await;
        assert_eq!(r.status, 200, "{op}: {}", r.body);
        assert_eq!(r.ids(wrapper), expected, "{op}");
        assert_eq!(r.header("x-total-count"), Some(expected.len().to_string().as_str()), "{op}");
    }
    // Rostering: single records.
    for (op, id, wrapper) in [
        ("getAcademicSession", "y1", "academicSession"),
        ("getGradingPeriod", "g2", "academicSession"),
        ("getTerm", "t2", "academicSession"),
        ("getOrg", "d1", "org"),
        ("getSchool", "s2", "org"),
        ("getCourse", "k1", "course"),
        ("getClass", "c3", "class"),
        ("getUser", "guardian1", "user"),
        ("getStudent", "student2", "user"),
        ("getTeacher", "teacher1", "user"),
        ("getEnrollment", "e4", "enrollment"),
        ("getDemographics", "student1", "demographics"),
    ] {
        let r = h.get(&t, op, &[id], "").await;
        assert_eq!(r.status, 200, "{op}: {}", r.body);
        assert_eq!(r.body[wrapper]["sourcedId"], id, "{op}");
    }
    // A term is not a grading period, a district is not a school, a teacher is not a student.
    assert_eq!(h.get(&t, "getGradingPeriod", &["t1"], "").await.status, 404);
    assert_eq!(h.get(&t, "getSchool", &["d1"], "").await.status, 404);
    assert_eq!(h.get(&t, "getStudent", &["teacher1"], "").await.status, 404);
    assert_eq!(h.get(&t, "getTeacher", &["student1"], "").await.status, 404);
    assert_eq!(h.get(&t, "getTerm", &["g1"], "").await.status, 404);

    // Rostering: nested collections.
    for (op, params, wrapper, expected) in [
        ("getGradingPeriodsForTerm", vec!["t1"], "academicSessions", vec!["g1", "g2"]),
        ("getTermsForSchool", vec!["s1"], "academicSessions", vec!["t1", "t2"]),
        ("getCoursesForSchool", vec!["s2"], "courses", vec!["k2"]),
        ("getClassesForCourse", vec!["k1"], "classes", vec!["c1", "c2"]),
        ("getClassesForSchool", vec!["s1"], "classes", vec!["c1", "c2"]),
        ("getClassesForTerm", vec!["t1"], "classes", vec!["c1", "c3"]),
        ("getClassesForUser", vec!["student1"], "classes", vec!["c1", "c2"]),
        ("getClassesForStudent", vec!["student1"], "classes", vec!["c1", "c2"]),
        ("getClassesForTeacher", vec!["teacher1"], "classes", vec!["c1"]),
        ("getStudentsForClass", vec!["c1"], "users", vec!["student1", "student2"]),
        ("getTeachersForClass", vec!["c1"], "users", vec!["teacher1"]),
        ("getStudentsForSchool", vec!["s1"], "users", vec!["student1", "student2"]),
        ("getTeachersForSchool", vec!["s1"], "users", vec!["teacher1"]),
        ("getStudentsForClassInSchool", vec!["s1", "c1"], "users", vec!["student1", "student2"]),
        ("getTeachersForClassInSchool", vec!["s1", "c1"], "users", vec!["teacher1"]),
        ("getEnrollmentsForSchool", vec!["s2"], "enrollments", vec!["e5"]),
        ("getEnrollmentsForClassInSchool", vec!["s1", "c1"], "enrollments", vec!["e1", "e2", "e3"]),
    ] {
        let r = h.get(&t, op, &params, "").await;
        assert_eq!(r.status, 200, "{op}: {}", r.body);
        assert_eq!(r.ids(wrapper), expected, "{op}");
    }
    // A class of another school is not found in this one; unknown parents are 404.
    let r = h.get(&t, "getStudentsForClassInSchool", &["s2", "c1"], "").await;
    assert_eq!((r.status, r.code_minor().as_str()), (404, "unknownobject"));
    assert_eq!(h.get(&t, "getClassesForTerm", &["nope"], "").await.status, 404);
    assert_eq!(h.get(&t, "getStudentsForClass", &["nope"], "").await.status, 404);

    // Resources.
    assert_eq!(h.get(&t, "getAllResources", &[], "").await.ids("resources"), ["r1", "r2", "r3"]);
    assert_eq!(h.get(&t, "getResource", &["r2"], "").await.body["resource"]["title"], "Graphing tool");
    assert_eq!(h.get(&t, "getResourcesForClass", &["c1"], "").await.ids("resources"), ["r1"]);
    assert_eq!(h.get(&t, "getResourcesForCourse", &["k1"], "").await.ids("resources"), ["r2"]);
    assert_eq!(h.get(&t, "getResourcesForUser", &["student1"], "").await.ids("resources"), ["r3"]);

    // Gradebook reads.
    for (op, params, wrapper, expected) in [
        ("getAllLineItems", vec![], "lineItems", vec!["l1", "l2"]),
        ("getAllResults", vec![], "results", vec!["res1", "res2", "res3"]),
        ("getAllCategories", vec![], "categories", vec!["cat1", "cat2"]),
        ("getAllScoreScales", vec![], "scoreScales", vec!["ss1"]),
        ("getAllAssessmentLineItems", vec![], "assessmentLineItems", vec!["a1", "a2"]),
        ("getAllAssessmentResults", vec![], "assessmentResults", vec!["ar1"]),
        ("getLineItemsForClass", vec!["c1"], "lineItems", vec!["l1"]),
        ("getCategoriesForClass", vec!["c3"], "categories", vec!["cat2"]),
        ("getResultsForClass", vec!["c1"], "results", vec!["res1", "res2"]),
        ("getResultsForLineItemForClass", vec!["c1", "l1"], "results", vec!["res1", "res2"]),
        ("getResultsForStudentForClass", vec!["c1", "student2"], "results", vec!["res2"]),
        ("getScoreScalesForClass", vec!["c1"], "scoreScales", vec!["ss1"]),
        ("getScoreScalesForSchool", vec!["s1"], "scoreScales", vec!["ss1"]),
    ] {
        let r = h.get(&t, op, &params, "").await;
        assert_eq!(r.status, 200, "{op}: {}", r.body);
        assert_eq!(r.ids(wrapper), expected, "{op}");
    }
    for (op, id, wrapper) in [
        ("getLineItem", "l2", "lineItem"),
        ("getResult", "res3", "result"),
        ("getCategory", "cat2", "category"),
        ("getScoreScale", "ss1", "scoreScale"),
        ("getAssessmentLineItem", "a2", "assessmentLineItem"),
        ("getAssessmentResult", "ar1", "assessmentResult"),
    ] {
        let r = h.get(&t, op, &[id], "").await;
        assert_eq!((r.status, r.body[wrapper]["sourcedId"].as_str()), (200, Some(id)), "{op}");
    }
    assert_eq!(h.get(&t, "getResultsForLineItemForClass", &["c3", "l1"], "").await.status, 404);
    assert_eq!(h.get(&t, "getScoreScalesForSchool", &["s2"], "").await.ids("scoreScales"), Vec::<String>::new());

    // Gradebook writes: PUT creates (201), GET reads it back, DELETE removes (204).
    let category = json!({"category": {"sourcedId": "cat3", "status": "active", "dateLastModified": NOW, "title": "Projects", "weight": 0.2}});
    assert_eq!(h.call(&t, "putCategory", &["cat3"], "", Some(category)).await.status, 201);
    assert_eq!(h.get(&t, "getCategory", &["cat3"], "").await.body["category"]["title"], "Projects");
    let scale = json!({"scoreScale": {"sourcedId": "ss2", "status": "active", "dateLastModified": NOW, "title": "Pass/fail", "type": "pf",
        "class": {"href": "https://x/classes/c2", "sourcedId": "c2", "type": "class"}, "scoreScaleValue": [{"itemValueLHS": "P", "itemValueRHS": "pass"}]}});
    assert_eq!(h.call(&t, "putScoreScale", &["ss2"], "", Some(scale)).await.status, 201);
    let line_item = json!({"lineItem": {"sourcedId": "l3", "status": "active", "dateLastModified": NOW, "title": "Quiz 2",
        "assignDate": "2025-09-10T00:00:00Z", "dueDate": "2025-09-17T00:00:00Z",
        "class": {"href": "https://x/classes/c1", "sourcedId": "c1", "type": "class"},
        "school": {"href": "https://x/orgs/s1", "sourcedId": "s1", "type": "org"},
        "category": {"href": "https://x/categories/cat3", "sourcedId": "cat3", "type": "category"}}});
    assert_eq!(h.call(&t, "putLineItem", &["l3"], "", Some(line_item)).await.status, 201);
    let result = json!({"result": {"sourcedId": "res4", "status": "active", "dateLastModified": NOW,
        "lineItem": {"href": "https://x/lineItems/l3", "sourcedId": "l3", "type": "lineItem"},
        "student": {"href": "https://x/users/student2", "sourcedId": "student2", "type": "user"},
        "scoreStatus": "partially graded", "score": 4.5, "scoreDate": "2025-09-18"}});
    assert_eq!(h.call(&t, "putResult", &["res4"], "", Some(result)).await.status, 201);
    assert_eq!(
        sorted(h.get(&t, "getResultsForStudentForClass", &["c1", "student2"], "").await.ids("results")),
        ["res2", "res4"]
    );
    let ali = json!({"assessmentLineItem": {"sourcedId": "a3", "status": "active", "dateLastModified": NOW, "title": "Final",
        "parentAssessmentLineItem": {"href": "https://x/assessmentLineItems/a1", "sourcedId": "a1", "type": "assessmentLineItem"}}});
    assert_eq!(h.call(&t, "putAssessmentLineItem", &["a3"], "", Some(ali)).await.status, 201);
    let ar = json!({"assessmentResult": {"sourcedId": "ar2", "status": "active", "dateLastModified": NOW,
        "assessmentLineItem": {"href": "https://x/assessmentLineItems/a3", "sourcedId": "a3", "type": "assessmentLineItem"},
        "student": {"href": "https://x/users/student3", "sourcedId": "student3", "type": "user"},
        "scoreStatus": "exempt", "scoreDate": "2025-12-01"}});
    assert_eq!(h.call(&t, "putAssessmentResult", &["ar2"], "", Some(ar)).await.status, 201);

    // POST: the provider allocates identifiers and answers the pairs; the path fills the context.
    let new_item = |id: &str| {
        json!({"sourcedId": id, "status": "active", "dateLastModified": NOW, "title": format!("Lab {id}"),
        "assignDate": "2025-10-01T00:00:00Z", "dueDate": "2025-10-08T00:00:00Z",
        "category": {"href": "https://x/categories/cat1", "sourcedId": "cat1", "type": "category"}})
    };
    let r = h
        .call(
            &t,
            "postLineItemsForClass",
            &["c2"],
            "",
            Some(json!({"lineItems": [new_item("mine-1"), new_item("mine-2")]})),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let pairs = r.body["sourcedIdPairs"].as_array().unwrap().clone();
    assert_eq!(pairs.len(), 2);
    assert_eq!(pairs[0]["suppliedSourcedId"], "mine-1");
    let allocated = pairs[0]["allocatedSourcedId"].as_str().unwrap().to_owned();
    assert!(cairn_spec::scalar::is_uuid(&allocated), "{allocated}");
    let lab = h.get(&t, "getLineItem", &[&allocated], "").await;
    assert_eq!(
        (lab.body["lineItem"]["class"]["sourcedId"].as_str(), lab.body["lineItem"]["school"]["sourcedId"].as_str()),
        (Some("c2"), Some("s1"))
    );
    let r = h
        .call(
            &t,
            "postLineItemsForSchool",
            &["s2"],
            "",
            Some(json!({"lineItems": [{
        "sourcedId": "mine-3", "status": "active", "dateLastModified": NOW, "title": "Reading quiz",
        "assignDate": "2025-10-01T00:00:00Z", "dueDate": "2025-10-08T00:00:00Z",
        "class": {"href": "https://x/classes/c3", "sourcedId": "c3", "type": "class"},
        "category": {"href": "https://x/categories/cat2", "sourcedId": "cat2", "type": "category"}}]})),
        )
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let new_result = |id: &str, student: &str| {
        json!({"sourcedId": id, "status": "active", "dateLastModified": NOW,
        "student": {"href": "https://x/users/x", "sourcedId": student, "type": "user"}, "scoreStatus": "submitted", "scoreDate": "2025-10-09"})
    };
    let r = h
        .call(&t, "postResultsForLineItem", &[&allocated], "", Some(json!({"results": [new_result("x1", "student1")]})))
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let mut for_class = new_result("x2", "student1");
    for_class["lineItem"] = json!({"href": "https://x/lineItems/l1", "sourcedId": "l1", "type": "lineItem"});
    let r = h
        .call(&t, "postResultsForAcademicSessionForClass", &["c1", "g1"], "", Some(json!({"results": [for_class]})))
        .await;
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(h.get(&t, "getResultsForClass", &["c1"], "").await.ids("results").len(), 4);

    for (op, id) in [
        ("deleteAssessmentResult", "ar2"),
        ("deleteAssessmentLineItem", "a3"),
        ("deleteResult", "res4"),
        ("deleteLineItem", "l3"),
        ("deleteScoreScale", "ss2"),
        ("deleteCategory", "cat3"),
    ] {
        assert_eq!(h.call(&t, op, &[id], "", None).await.status, 204, "{op}");
        assert_eq!(h.call(&t, op, &[id], "", None).await.status, 404, "{op} twice");
    }
    assert_eq!(h.get(&t, "getCategory", &["cat3"], "").await.status, 404);

    // Competency.
    let docs = h.get(&t, "getAllCFDocuments", &[], "").await;
    assert_eq!(docs.ids("CFDocuments"), [DOC]);
    assert_eq!(h.get(&t, "getCFDocument", &[DOC], "").await.body["title"], "Demo Math");
    assert_eq!(h.get(&t, "getCFItem", &[ITEM2], "").await.body["humanCodingScheme"], "3.OA.A.1");
    assert_eq!(h.get(&t, "getCFAssociation", &[ASSOC3], "").await.body["associationType"], "exactMatchOf");
    let set = h.get(&t, "getCFItemAssociations", &[ITEM2], "").await;
    assert_eq!(set.body["CFItem"]["identifier"], ITEM2);
    assert_eq!(set.ids("CFAssociations"), [ASSOC2, ASSOC3]);
    assert!(set.body["CFAssociations"][0].get("CFDocumentURI").is_none(), "package form");
    assert_eq!(h.get(&t, "getCFRubric", &[RUBRIC], "").await.body["title"], "Multiplication rubric");
    assert_eq!(h.get(&t, "getCFAssociationGrouping", &[GROUPING], "").await.body["title"], "Crosswalk");
    assert_eq!(h.get(&t, "getCFConcept", &[CONCEPT], "").await.ids("CFConcepts"), [CONCEPT, CONCEPT_CHILD]);
    assert_eq!(h.get(&t, "getCFItemType", &[ITEM_TYPE], "").await.ids("CFItemTypes"), [ITEM_TYPE]);
    assert_eq!(h.get(&t, "getCFLicense", &[LICENSE], "").await.body["licenseText"], "Creative Commons Attribution 4.0");
    assert_eq!(h.get(&t, "getCFSubject", &[SUBJECT], "").await.ids("CFSubjects"), [SUBJECT, SUBJECT_CHILD]);
    let package = h.get(&t, "getCFPackage", &[DOC], "").await.body;
    assert_eq!(package["CFDocument"]["identifier"], DOC);
    assert!(package["CFDocument"].get("CFPackageURI").is_none());
    assert_eq!(package["CFItems"].as_array().unwrap().len(), 2);
    assert_eq!(package["CFAssociations"].as_array().unwrap().len(), 3);
    assert_eq!(package["CFDefinitions"]["CFItemTypes"][0]["identifier"], ITEM_TYPE);
    assert_eq!(package["CFDefinitions"]["CFConcepts"].as_array().unwrap().len(), 1);
    assert_eq!(package["CFDefinitions"]["CFAssociationGroupings"][0]["identifier"], GROUPING);
    assert_eq!(package["CFRubrics"][0]["identifier"], RUBRIC);
    let read = cairn_spec::case::PackageFile::read(package.to_string().as_bytes()).unwrap();
    assert!(cairn_spec::validate(&read.value).is_empty(), "the served package is valid");
    let r = h.get(&t, "getCFItem", &["not-a-uuid"], "").await;
    assert_eq!((r.status, r.code_minor().as_str()), (404, "invalid_uuid"));
    let r = h.get(&t, "getCFItem", &["99999999-9999-4999-8999-999999999999"], "").await;
    assert_eq!((r.status, r.code_minor().as_str()), (404, "unknownobject"));

    let exercised = h.exercised.lock().unwrap().clone();
    let missing: Vec<_> = OPERATIONS.iter().map(|o| o.name).filter(|n| !exercised.contains(n)).collect();
    assert!(missing.is_empty(), "operations not exercised: {missing:?}");
    h.stop().await;
}
