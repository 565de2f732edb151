//! `Result`: one student's score on one line item.

use crate::base::oneroster_record;
use crate::refs::{ClassRef, LineItemRef, ScoreScaleRef, UserRef};
use crate::scalar::{Date, Float, Term, Text, TrueFalse};

use super::learning_objective::LearningObjectiveScoreSet;
use super::vocab::ScoreStatus;

oneroster_record! {
    /// `Result`: named `GradebookResult` so as not to shadow `std::result::Result`.
    pub struct GradebookResult = "Result" {
        /// The line item.
        line_item: one LineItemRef = "lineItem",
        /// The student.
        student: one UserRef = "student",
        /// The class.
        class: opt ClassRef = "class",
        /// The score scale.
        score_scale: opt ScoreScaleRef = "scoreScale",
        /// `fully graded`, `submitted`, ... or `ext:...`.
        score_status: one Term<ScoreStatus> = "scoreStatus",
        /// Numeric score.
        score: opt Float = "score",
        /// Non-numeric score.
        text_score: opt Text = "textScore",
        /// When it was scored.
        score_date: one Date = "scoreDate",
        /// Comment.
        comment: opt Text = "comment",
        /// Scores on objectives.
        learning_objective_set: any LearningObjectiveScoreSet = "learningObjectiveSet",
        /// Assigned, not yet expected.
        in_progress: opt TrueFalse = "inProgress",
        /// Submitted but incomplete.
        incomplete: opt TrueFalse = "incomplete",
        /// Late.
        late: opt TrueFalse = "late",
        /// Not submitted.
        missing: opt TrueFalse = "missing",
    }
}
