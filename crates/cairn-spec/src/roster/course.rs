//! `Course`: what classes are sections of.

use crate::base::oneroster_record;
use crate::refs::{AcadSessionRef, OrgRef, ResourceRef};
use crate::scalar::Text;

oneroster_record! {
    /// `Course`.
    pub struct Course = "Course" {
        /// Title.
        title: one Text = "title",
        /// The school year.
        school_year: opt AcadSessionRef = "schoolYear",
        /// Course code.
        course_code: opt Text = "courseCode",
        /// Grades.
        grades: any Text = "grades",
        /// Subjects.
        subjects: any Text = "subjects",
        /// The org that offers the course.
        org: one OrgRef = "org",
        /// Subject codes.
        subject_codes: any Text = "subjectCodes",
        /// Resources.
        resources: any ResourceRef = "resources",
    }
}
