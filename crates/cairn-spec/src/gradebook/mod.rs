//! The gradebook service (OneRoster 1.2): line items, results, categories, score scales,
//! assessment line items and results, learning objectives, GUID pairs and wrappers.

mod assessment;
mod category;
mod guid_pair;
mod learning_objective;
mod line_item;
mod result;
mod score_scale;
mod vocab;
mod wrappers;

pub use assessment::{AssessmentLineItem, AssessmentResult};
pub use category::Category;
pub use guid_pair::{GuidPair, GuidPairSet};
pub use learning_objective::{LearningObjectiveResults, LearningObjectiveScoreSet, LearningObjectiveSet};
pub use line_item::LineItem;
pub use result::GradebookResult;
pub use score_scale::{ScoreScale, ScoreScaleValue};
pub use vocab::{LearningObjectiveSource, ScoreStatus};
pub use wrappers::*;
