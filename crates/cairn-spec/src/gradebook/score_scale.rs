//! `ScoreScale` and its values: how scores map to labels.

use crate::base::oneroster_record;
use crate::record::record;
use crate::refs::{ClassRef, CourseRef};
use crate::scalar::Text;

record! {
    /// `ScoreScaleValue`: one mapping of the scale (`A` ↔ `90-100`).
    pub struct ScoreScaleValue = "ScoreScaleValue" {
        /// Left-hand side.
        item_value_lhs: one Text = "itemValueLHS",
        /// Right-hand side.
        item_value_rhs: one Text = "itemValueRHS",
    }
}

oneroster_record! {
    /// `ScoreScale`.
    pub struct ScoreScale = "ScoreScale" {
        /// Title.
        title: one Text = "title",
        /// Scale type.
        kind: one Text = "type",
        /// The course.
        course: opt CourseRef = "course",
        /// The class.
        class: one ClassRef = "class",
        /// The values.
        score_scale_value: some ScoreScaleValue = "scoreScaleValue",
    }
}
