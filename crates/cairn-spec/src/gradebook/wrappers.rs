//! Gradebook set and single wrappers.

use crate::record::record;

use super::{AssessmentLineItem, AssessmentResult, Category, GradebookResult, LineItem, ScoreScale};

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
    LineItemSet = "LineItemSet" { "lineItems" }, SingleLineItem = "SingleLineItem" { "lineItem" }: LineItem;
    ResultSet = "ResultSet" { "results" }, SingleResult = "SingleResult" { "result" }: GradebookResult;
    CategoriesSet = "CategoriesSet" { "categories" }, SingleCategory = "SingleCategory" { "category" }: Category;
    ScoreScaleSet = "ScoreScaleSet" { "scoreScales" }, SingleScoreScale = "SingleScoreScale" { "scoreScale" }: ScoreScale;
    AssessmentLineItemSet = "AssessmentLineItemSet" { "assessmentLineItems" }, SingleAssessmentLineItem = "SingleAssessmentLineItem" { "assessmentLineItem" }: AssessmentLineItem;
    AssessmentResultSet = "AssessmentResultSet" { "assessmentResults" }, SingleAssessmentResult = "SingleAssessmentResult" { "assessmentResult" }: AssessmentResult;
}
