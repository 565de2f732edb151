//! `Enrollment`: a user's place in a class.

use crate::base::oneroster_record;
use crate::issue::Rule;
use crate::refs::{ClassRef, OrgRef, UserRef};
use crate::scalar::{Date, Term, TrueFalse};

use super::vocab::EnrolRole;

oneroster_record! {
    /// `Enrollment`.
    pub struct Enrollment = "Enrollment" {
        /// The user.
        user: one UserRef = "user",
        /// The class.
        class: one ClassRef = "class",
        /// The school.
        school: one OrgRef = "school",
        /// `student`, `teacher`, ... or `ext:...`.
        role: one Term<EnrolRole> = "role",
        /// Whether this teacher is the class's primary teacher.
        primary: opt TrueFalse = "primary",
        /// First day (inclusive).
        begin_date: opt Date = "beginDate",
        /// End (exclusive).
        end_date: opt Date = "endDate",
    }
    check(|this, c| {
        if this.primary.as_ref().is_some_and(TrueFalse::get)
            && this.role.as_ref().is_some_and(|r| !r.is("teacher"))
        {
            c.field("primary", |c| c.report(Rule::Inconsistent, "only teachers can be primary"));
        }
    })
}
