//! `LineItem`: an assessed activity of a class, whose results students get.

use crate::base::oneroster_record;
use crate::issue::Rule;
use crate::refs::{AcadSessionRef, CategoryRef, ClassRef, OrgRef, ScoreScaleRef};
use crate::scalar::{DateTime, Float, Text};

use super::learning_objective::LearningObjectiveSet;

oneroster_record! {
    /// `LineItem`.
    pub struct LineItem = "LineItem" {
        /// Title.
        title: one Text = "title",
        /// Description.
        description: opt Text = "description",
        /// When it was assigned.
        assign_date: one DateTime = "assignDate",
        /// When it is due.
        due_date: one DateTime = "dueDate",
        /// The class.
        class: one ClassRef = "class",
        /// The school.
        school: one OrgRef = "school",
        /// The category.
        category: one CategoryRef = "category",
        /// The grading period.
        grading_period: opt AcadSessionRef = "gradingPeriod",
        /// The academic session (not with a grading period).
        academic_session: opt AcadSessionRef = "academicSession",
        /// The score scale.
        score_scale: opt ScoreScaleRef = "scoreScale",
        /// Lowest numeric score.
        result_value_min: opt Float = "resultValueMin",
        /// Highest numeric score.
        result_value_max: opt Float = "resultValueMax",
        /// Objectives assessed.
        learning_objective_set: any LearningObjectiveSet = "learningObjectiveSet",
    }
    check(|this, c| {
        if let (Some(min), Some(max)) = (&this.result_value_min, &this.result_value_max) && min.get() > max.get() {
            c.field("resultValueMax", |c| c.report(Rule::Inconsistent, "resultValueMax is below resultValueMin"));
        }
        if let (Some(a), Some(d)) = (
            this.assign_date.as_ref().and_then(|d| d.instant()),
            this.due_date.as_ref().and_then(|d| d.instant()),
        ) && d < a
        {
            c.field("dueDate", |c| c.report(Rule::Inconsistent, "dueDate is before assignDate"));
        }
    })
}
