//! Rostering set and single wrappers: what the operations' bodies are.

use crate::record::wrappers;

use super::{AcademicSession, Class, Course, Demographics, Enrollment, Org, User};

wrappers! {
    AcademicSessionSet = "AcademicSessionSet" { "academicSessions" }, SingleAcademicSession = "SingleAcademicSession" { "academicSession" }: AcademicSession;
    ClassSet = "ClassSet" { "classes" }, SingleClass = "SingleClass" { "class" }: Class;
    CourseSet = "CourseSet" { "courses" }, SingleCourse = "SingleCourse" { "course" }: Course;
    DemographicsSet = "DemographicsSet" { "demographics" }, SingleDemographics = "SingleDemographics" { "demographics" }: Demographics;
    EnrollmentSet = "EnrollmentSet" { "enrollments" }, SingleEnrollment = "SingleEnrollment" { "enrollment" }: Enrollment;
    OrgSet = "OrgSet" { "orgs" }, SingleOrg = "SingleOrg" { "org" }: Org;
    UserSet = "UserSet" { "users" }, SingleUser = "SingleUser" { "user" }: User;
}
