//! `AcademicSession`: school years, semesters, terms and grading periods.

use crate::base::oneroster_record;
use crate::issue::Rule;
use crate::refs::AcadSessionRef;
use crate::scalar::{Date, Term, Text};

use super::vocab::SessionType;

oneroster_record! {
    /// `AcademicSession`: a span of the school calendar; `endDate` is exclusive.
    pub struct AcademicSession = "AcademicSession" {
        /// Title.
        title: one Text = "title",
        /// First day (inclusive).
        start_date: one Date = "startDate",
        /// End (exclusive).
        end_date: one Date = "endDate",
        /// `schoolYear`, `semester`, `term`, `gradingPeriod` or `ext:...`.
        kind: one Term<SessionType> = "type",
        /// The enclosing session.
        parent: opt AcadSessionRef = "parent",
        /// Enclosed sessions.
        children: any AcadSessionRef = "children",
        /// The school year (`2025`).
        school_year: one Text = "schoolYear",
    }
    check(|this, c| {
        if let (Some(start), Some(end)) = (
            this.start_date.as_ref().and_then(|d| d.ymd()),
            this.end_date.as_ref().and_then(|d| d.ymd()),
        ) && end <= start
        {
            c.field("endDate", |c| c.report(Rule::Inconsistent, "endDate (exclusive) must come after startDate"));
        }
    })
}
