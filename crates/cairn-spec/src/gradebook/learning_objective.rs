//! Learning objectives: which competencies a line item assesses and how a result scored on them.

use crate::issue::Rule;
use crate::record::record;
use crate::scalar::{Float, Term, Text, is_uuid};

use super::vocab::LearningObjectiveSource;

record! {
    /// `LearningObjectiveSet`: the objectives a line item assesses.
    pub struct LearningObjectiveSet = "LearningObjectiveSet" {
        /// `case`, `unknown` or a proprietary source.
        source: one Term<LearningObjectiveSource> = "source",
        /// The objectives (CASE item identifiers when the source is `case`).
        learning_objective_ids: some Text = "learningObjectiveIds",
    }
    check(|this, c| {
        if this.source.as_ref().is_some_and(|s| s.is("case")) {
            for (index, id) in this.learning_objective_ids.iter().flatten().enumerate() {
                if !is_uuid(id) {
                    c.field("learningObjectiveIds", |c| c.index(index, |c| {
                        c.report(Rule::UuidPattern, format!("{:?} is not a UUID; CASE identifiers must be", id.as_str()))
                    }));
                }
            }
        }
    })
}

record! {
    /// `LearningObjectiveResults`: a score on one objective.
    pub struct LearningObjectiveResults = "LearningObjectiveResults" {
        /// The objective.
        learning_objective_id: one Text = "learningObjectiveId",
        /// Numeric score.
        score: opt Float = "score",
        /// Non-numeric score.
        text_score: opt Text = "textScore",
    }
}

record! {
    /// `LearningObjectiveScoreSet`: scores on objectives from one source.
    pub struct LearningObjectiveScoreSet = "LearningObjectiveScoreSet" {
        /// `case`, `unknown` or a proprietary source.
        source: one Term<LearningObjectiveSource> = "source",
        /// The scores.
        learning_objective_results: some LearningObjectiveResults = "learningObjectiveResults",
    }
    check(|this, c| {
        if this.source.as_ref().is_some_and(|s| s.is("case")) {
            for (index, r) in this.learning_objective_results.iter().flatten().enumerate() {
                if let Some(id) = &r.learning_objective_id && !is_uuid(id) {
                    c.field("learningObjectiveResults", |c| c.index(index, |c| c.field("learningObjectiveId", |c| {
                        c.report(Rule::UuidPattern, format!("{:?} is not a UUID; CASE identifiers must be", id.as_str()))
                    })));
                }
            }
        }
    })
}
