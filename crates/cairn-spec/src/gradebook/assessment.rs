//! `AssessmentLineItem` and `AssessmentResult`: assessments outside the class gradebook.

use crate::base::oneroster_record;
use crate::refs::{AssessmentLineItemRef, ClassRef, ScoreScaleRef, UserRef};
use crate::scalar::{Date, Float, Term, Text, TrueFalse};

use super::learning_objective::{LearningObjectiveScoreSet, LearningObjectiveSet};
use super::vocab::ScoreStatus;

oneroster_record! {
    /// `AssessmentLineItem`: an assessment, possibly part of a parent assessment.
    pub struct AssessmentLineItem = "AssessmentLineItem" {
        /// Title.
        title: one Text = "title",
        /// Description.
        description: opt Text = "description",
        /// The class.
        class: opt ClassRef = "class",
        /// The parent assessment.
        parent_assessment_line_item: opt AssessmentLineItemRef = "parentAssessmentLineItem",
        /// The score scale.
        score_scale: opt ScoreScaleRef = "scoreScale",
        /// Lowest numeric score.
        result_value_min: opt Float = "resultValueMin",
        /// Highest numeric score.
        result_value_max: opt Float = "resultValueMax",
        /// Objectives assessed.
        learning_objective_set: any LearningObjectiveSet = "learningObjectiveSet",
    }
}

oneroster_record! {
    /// `AssessmentResult`: one student's result on an assessment.
    pub struct AssessmentResult = "AssessmentResult" {
        /// The assessment.
        assessment_line_item: one AssessmentLineItemRef = "assessmentLineItem",
        /// The student.
        student: one UserRef = "student",
        /// Numeric score.
        score: opt Float = "score",
        /// Non-numeric score.
        text_score: opt Text = "textScore",
        /// When it was scored.
        score_date: one Date = "scoreDate",
        /// The score scale.
        score_scale: opt ScoreScaleRef = "scoreScale",
        /// Percentile.
        score_percentile: opt Float = "scorePercentile",
        /// `fully graded`, `submitted`, ... or `ext:...`.
        score_status: one Term<ScoreStatus> = "scoreStatus",
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
