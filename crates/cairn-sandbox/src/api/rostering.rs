//! The rostering service's 41 read operations. Nested paths mean what they say: the students
//! of a class are the users enrolled in it as students, a term's grading periods are its
//! children, a class in a school must be that school's.

use std::sync::Arc;

use cairn_spec::{Collection, Service};
use serde_json::Value;

use super::listing::{Candidates, list, single};
use super::lookup::{by_ids, one, one_where, ref_ids, related_where};
use super::response::{ApiError, Response};
use super::route::Call;
use crate::dataset::{Dataset, Stored};
use crate::state::Sandbox;

use Collection::{AcademicSessions, Classes, Courses, Demographics, Enrollments, Orgs, Users};

pub(crate) fn handle(sandbox: &Sandbox, call: &Call<'_>) -> Result<Response, ApiError> {
    let data = sandbox.read();
    let names = sandbox.dialect.status_names(Service::Rostering);
    let p = |i: usize| call.param(i);
    let many =
        |collection: Collection, records: Vec<&Arc<Stored>>| list(Candidates::These(records), collection, call, names);
    let all = |collection: Collection| list(Candidates::All(data.table(collection)), collection, call, names);
    let of_type = |collection: Collection, rel: &'static str, value: &'static str| {
        list(Candidates::Related(data.table(collection), rel, value), collection, call, names)
    };
    let one_of = |collection: Collection, record: &Stored| Ok(single(record, collection, call));
    match call.op.name {
        "getAllAcademicSessions" => all(AcademicSessions),
        "getAcademicSession" => one_of(AcademicSessions, one(&data, AcademicSessions, "academic session", p(0))?),
        "getAllGradingPeriods" => of_type(AcademicSessions, "type", "gradingPeriod"),
        "getGradingPeriod" => one_of(AcademicSessions, grading_period(&data, p(0))?),
        "getAllTerms" => of_type(AcademicSessions, "type", "term"),
        "getTerm" => one_of(AcademicSessions, term(&data, p(0))?),
        "getGradingPeriodsForTerm" => {
            term(&data, p(0))?;
            many(AcademicSessions, related_where(data.table(AcademicSessions), "parent", p(0), "type", "gradingPeriod"))
        }
        "getTermsForSchool" => {
            school(&data, p(0))?;
            let terms = data.table(Classes).related("school", p(0)).into_iter().flat_map(|c| ref_ids(c, "terms"));
            let terms = by_ids(data.table(AcademicSessions), terms);
            many(
                AcademicSessions,
                terms.into_iter().filter(|t| t.get("type").and_then(Value::as_str) == Some("term")).collect(),
            )
        }
        "getAllOrgs" => all(Orgs),
        "getOrg" => one_of(Orgs, one(&data, Orgs, "org", p(0))?),
        "getAllSchools" => of_type(Orgs, "type", "school"),
        "getSchool" => one_of(Orgs, school(&data, p(0))?),
        "getAllCourses" => all(Courses),
        "getCourse" => one_of(Courses, one(&data, Courses, "course", p(0))?),
        "getCoursesForSchool" => {
            school(&data, p(0))?;
            many(Courses, data.table(Courses).related("org", p(0)))
        }
        "getAllClasses" => all(Classes),
        "getClass" => one_of(Classes, class(&data, p(0))?),
        "getClassesForCourse" => {
            one(&data, Courses, "course", p(0))?;
            many(Classes, data.table(Classes).related("course", p(0)))
        }
        "getClassesForSchool" => {
            school(&data, p(0))?;
            many(Classes, data.table(Classes).related("school", p(0)))
        }
        "getClassesForTerm" => {
            term(&data, p(0))?;
            many(Classes, data.table(Classes).related("term", p(0)))
        }
        "getClassesForUser" => {
            one(&data, Users, "user", p(0))?;
            let classes = data.table(Enrollments).related("user", p(0)).into_iter().flat_map(|e| ref_ids(e, "class"));
            many(Classes, by_ids(data.table(Classes), classes))
        }
        "getClassesForStudent" => many(Classes, classes_of(&data, p(0), "student")?),
        "getClassesForTeacher" => many(Classes, classes_of(&data, p(0), "teacher")?),
        "getAllUsers" => all(Users),
        "getUser" => one_of(Users, one(&data, Users, "user", p(0))?),
        "getAllStudents" => of_type(Users, "role", "student"),
        "getStudent" => one_of(Users, one_where(&data, Users, "student", p(0), "role", "student")?),
        "getAllTeachers" => of_type(Users, "role", "teacher"),
        "getTeacher" => one_of(Users, one_where(&data, Users, "teacher", p(0), "role", "teacher")?),
        "getStudentsForClass" => {
            class(&data, p(0))?;
            many(Users, enrolled(&data, p(0), "student"))
        }
        "getTeachersForClass" => {
            class(&data, p(0))?;
            many(Users, enrolled(&data, p(0), "teacher"))
        }
        "getStudentsForSchool" => {
            school(&data, p(0))?;
            many(Users, data.table(Users).related("roleAt", &format!("student@{}", p(0))))
        }
        "getTeachersForSchool" => {
            school(&data, p(0))?;
            many(Users, data.table(Users).related("roleAt", &format!("teacher@{}", p(0))))
        }
        "getStudentsForClassInSchool" => {
            class_in_school(&data, p(0), p(1))?;
            many(Users, enrolled(&data, p(1), "student"))
        }
        "getTeachersForClassInSchool" => {
            class_in_school(&data, p(0), p(1))?;
            many(Users, enrolled(&data, p(1), "teacher"))
        }
        "getAllEnrollments" => all(Enrollments),
        "getEnrollment" => one_of(Enrollments, one(&data, Enrollments, "enrollment", p(0))?),
        "getEnrollmentsForSchool" => {
            school(&data, p(0))?;
            many(Enrollments, data.table(Enrollments).related("school", p(0)))
        }
        "getEnrollmentsForClassInSchool" => {
            class_in_school(&data, p(0), p(1))?;
            many(Enrollments, data.table(Enrollments).related("class", p(1)))
        }
        "getAllDemographics" => all(Demographics),
        "getDemographics" => one_of(Demographics, one(&data, Demographics, "demographics", p(0))?),
        other => Err(ApiError::new(cairn_spec::CodeMinor::InternalServerError, format!("{other} has no handler"))),
    }
}

fn school<'d>(data: &'d Dataset, id: &str) -> Result<&'d Arc<Stored>, ApiError> {
    one_where(data, Orgs, "school", id, "type", "school")
}

fn term<'d>(data: &'d Dataset, id: &str) -> Result<&'d Arc<Stored>, ApiError> {
    one_where(data, AcademicSessions, "term", id, "type", "term")
}

fn grading_period<'d>(data: &'d Dataset, id: &str) -> Result<&'d Arc<Stored>, ApiError> {
    one_where(data, AcademicSessions, "grading period", id, "type", "gradingPeriod")
}

fn class<'d>(data: &'d Dataset, id: &str) -> Result<&'d Arc<Stored>, ApiError> {
    one(data, Classes, "class", id)
}

/// The class, which must belong to the school.
fn class_in_school<'d>(data: &'d Dataset, school_id: &str, class_id: &str) -> Result<&'d Arc<Stored>, ApiError> {
    school(data, school_id)?;
    let found = class(data, class_id)?;
    if ref_ids(found, "school").iter().any(|s| s == school_id) {
        Ok(found)
    } else {
        Err(ApiError::new(
            cairn_spec::CodeMinor::UnknownObject,
            format!("class {class_id:?} is not a class of school {school_id:?}"),
        ))
    }
}

/// Users enrolled in a class with a role.
fn enrolled<'d>(data: &'d Dataset, class_id: &str, role: &str) -> Vec<&'d Arc<Stored>> {
    let users = related_where(data.table(Enrollments), "class", class_id, "role", role)
        .into_iter()
        .flat_map(|e| ref_ids(e, "user"));
    by_ids(data.table(Users), users)
}

/// Classes a user is enrolled in with a role; the user must hold that role.
fn classes_of<'d>(data: &'d Dataset, user_id: &str, role: &str) -> Result<Vec<&'d Arc<Stored>>, ApiError> {
    one_where(data, Users, role, user_id, "role", role)?;
    let classes = related_where(data.table(Enrollments), "user", user_id, "role", role)
        .into_iter()
        .flat_map(|e| ref_ids(e, "class"));
    Ok(by_ids(data.table(Classes), classes))
}
