//! `Class`: a section of a course at a school in some terms.

use crate::base::oneroster_record;
use crate::issue::Rule;
use crate::refs::{AcadSessionRef, CourseRef, OrgRef, ResourceRef};
use crate::scalar::{Term, Text};

use super::vocab::ClassType;

oneroster_record! {
    /// `Class`.
    pub struct Class = "Class" {
        /// Title.
        title: one Text = "title",
        /// Class code.
        class_code: opt Text = "classCode",
        /// `homeroom`, `scheduled` or `ext:...`.
        class_type: one Term<ClassType> = "classType",
        /// Location.
        location: opt Text = "location",
        /// Grades.
        grades: any Text = "grades",
        /// Subjects.
        subjects: any Text = "subjects",
        /// The course.
        course: one CourseRef = "course",
        /// The school.
        school: one OrgRef = "school",
        /// Terms within the school year.
        terms: some AcadSessionRef = "terms",
        /// Subject codes (as many as subjects).
        subject_codes: any Text = "subjectCodes",
        /// Periods.
        periods: any Text = "periods",
        /// Resources.
        resources: any ResourceRef = "resources",
    }
    check(|this, c| {
        if let (Some(subjects), Some(codes)) = (&this.subjects, &this.subject_codes)
            && subjects.len() != codes.len()
        {
            c.field("subjectCodes", |c| {
                c.report(Rule::Inconsistent, format!("{} subject codes for {} subjects", codes.len(), subjects.len()))
            });
        }
    })
}
