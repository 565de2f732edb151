//! `CFRubric`, its criteria and their levels.

use crate::record::record;
use crate::scalar::{DateTime, Float, Integer, Text, Uri, Uuid};
use crate::wire::{Linked, Open};

use super::link::LinkUri;

record! {
    /// `CFRubricCriterionLevel`: one level of a criterion.
    pub struct CfRubricCriterionLevel = "CFRubricCriterionLevel" {
        /// Identifier.
        identifier: one Uuid = "identifier",
        /// URI.
        uri: one Uri = "uri",
        /// Description.
        description: opt Text = "description",
        /// Quality label.
        quality: opt Text = "quality",
        /// Score.
        score: opt Float = "score",
        /// Feedback.
        feedback: opt Text = "feedback",
        /// Position among the levels.
        position: opt Integer = "position",
        /// The parent criterion.
        rubric_criterion_id: opt Uuid = "rubricCriterionId",
        /// Last change.
        last_change_date_time: one DateTime = "lastChangeDateTime",
        /// Proprietary properties (an array in CASE 1.1).
        extensions: any Open = "extensions",
    }
}

record! {
    /// `CFRubricCriterion`: one criterion of a rubric, usually tied to an item.
    pub struct CfRubricCriterion = "CFRubricCriterion" {
        /// Identifier.
        identifier: one Uuid = "identifier",
        /// URI.
        uri: one Uri = "uri",
        /// Category.
        category: opt Text = "category",
        /// Description.
        description: opt Text = "description",
        /// The item the criterion assesses.
        item_uri: opt Linked<LinkUri> = "CFItemURI",
        /// Weight (scored rubrics).
        weight: opt Float = "weight",
        /// Position in the criteria list.
        position: opt Integer = "position",
        /// The parent rubric.
        rubric_id: opt Uuid = "rubricId",
        /// Last change.
        last_change_date_time: one DateTime = "lastChangeDateTime",
        /// Levels.
        levels: any CfRubricCriterionLevel = "CFRubricCriterionLevels",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}

record! {
    /// `CFRubric`: a scoring guide.
    pub struct CfRubric = "CFRubric" {
        /// Identifier.
        identifier: one Uuid = "identifier",
        /// URI.
        uri: one Uri = "uri",
        /// Title.
        title: opt Text = "title",
        /// Description (may hold markup).
        description: opt Text = "description",
        /// Last change.
        last_change_date_time: one DateTime = "lastChangeDateTime",
        /// Criteria.
        criteria: any CfRubricCriterion = "CFRubricCriteria",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}
