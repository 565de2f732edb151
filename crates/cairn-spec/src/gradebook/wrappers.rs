//! Gradebook set and single wrappers.

use crate::record::wrappers;

use super::{AssessmentLineItem, AssessmentResult, Category, GradebookResult, LineItem, ScoreScale};

wrappers! {
    LineItemSet = "LineItemSet" { "lineItems" }, SingleLineItem = "SingleLineItem" { "lineItem" }: LineItem;
    ResultSet = "ResultSet" { "results" }, SingleResult = "SingleResult" { "result" }: GradebookResult;
    CategoriesSet = "CategoriesSet" { "categories" }, SingleCategory = "SingleCategory" { "category" }: Category;
    ScoreScaleSet = "ScoreScaleSet" { "scoreScales" }, SingleScoreScale = "SingleScoreScale" { "scoreScale" }: ScoreScale;
    AssessmentLineItemSet = "AssessmentLineItemSet" { "assessmentLineItems" }, SingleAssessmentLineItem = "SingleAssessmentLineItem" { "assessmentLineItem" }: AssessmentLineItem;
    AssessmentResultSet = "AssessmentResultSet" { "assessmentResults" }, SingleAssessmentResult = "SingleAssessmentResult" { "assessmentResult" }: AssessmentResult;
}
