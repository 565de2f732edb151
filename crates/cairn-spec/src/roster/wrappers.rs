//! Rostering set and single wrappers: what the operations' bodies are.

use crate::record::record;

use super::{AcademicSession, Class, Course, Demographics, Enrollment, Org, User};

macro_rules! wrappers {
    ($($set:ident = $set_wire:literal { $many:literal }, $single:ident = $single_wire:literal { $one:literal } : $ty:ident;)*) => {$(
        record! {
            #[doc = concat!("`", $set_wire, "`: `{\"", $many, "\": [...]}`.")]
            pub struct $set = $set_wire {
                /// The records.
                records: list $ty = $many,
            }
        }
        record! {
            #[doc = concat!("`", $single_wire, "`: `{\"", $one, "\": {...}}`.")]
            pub struct $single = $single_wire {
                /// The record.
                record: one $ty = $one,
            }
        }
    )*};
}

wrappers! {
    AcademicSessionSet = "AcademicSessionSet" { "academicSessions" }, SingleAcademicSession = "SingleAcademicSession" { "academicSession" }: AcademicSession;
    ClassSet = "ClassSet" { "classes" }, SingleClass = "SingleClass" { "class" }: Class;
    CourseSet = "CourseSet" { "courses" }, SingleCourse = "SingleCourse" { "course" }: Course;
    DemographicsSet = "DemographicsSet" { "demographics" }, SingleDemographics = "SingleDemographics" { "demographics" }: Demographics;
    EnrollmentSet = "EnrollmentSet" { "enrollments" }, SingleEnrollment = "SingleEnrollment" { "enrollment" }: Enrollment;
    OrgSet = "OrgSet" { "orgs" }, SingleOrg = "SingleOrg" { "org" }: Org;
    UserSet = "UserSet" { "users" }, SingleUser = "SingleUser" { "user" }: User;
}
