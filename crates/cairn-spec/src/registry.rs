//! Every wire class of the model by its specification name, type-erased, for tools and tests
//! that work on classes named at run time (`cairn check --class User`, the reference tests).

use serde_json::Value;

use crate::direct::read_str;
use crate::issue::Issue;
use crate::shape::Shape;
use crate::wire::{Record, read_slice, validate};
use crate::{case, gradebook, refs, resources, roster};

/// What checking a value as a class gives: the value written back and every issue found; or,
/// when the value cannot be the class at all (not an object), the value itself.
pub type Checked = Result<(Value, Vec<Issue>), Value>;

/// What reading JSON text as a class gives: the value written back and every issue found; or
/// why the text could not be read as the class.
pub type TextRead = Result<(Value, Vec<Issue>), String>;

/// One class: its shape and a lossless read → (write, validate) for JSON values.
#[derive(Debug, Clone, Copy)]
pub struct ClassEntry {
    /// The class's static description; `shape.name` is the specification's class name.
    pub shape: fn() -> &'static Shape,
    /// Reads a value as this class: gives back what reading writes and every issue found,
    /// or the value when it cannot be this class at all (not an object).
    pub check: fn(Value) -> Checked,
    /// Reads JSON text as this class — straight ([`read_str`]) when `straight`, else through a
    /// parsed value ([`read_slice`]) — giving what reading writes back and every issue found,
    /// or why it could not.
    pub read_text: fn(text: &str, straight: bool) -> TextRead,
}

fn entry<T: Record>() -> ClassEntry {
    ClassEntry {
        shape: T::shape,
        check: |value| T::from_json(value).map(|t| (t.to_json(), validate(&t))),
        read_text: |text, straight| {
            let read = match straight {
                true => read_str::<T>(text, "the class"),
                false => read_slice::<T>(text.as_bytes(), "the class"),
            };
            read.map(|read| (read.value.to_json(), validate(&read.value))).map_err(|e| e.to_string())
        },
    }
}

/// Every class, competency first.
pub fn classes() -> Vec<ClassEntry> {
    vec![
        entry::<case::LinkUri>(),
        entry::<case::LinkGenUri>(),
        entry::<case::CfDocument>(),
        entry::<case::CfPckgDocument>(),
        entry::<case::CfItem>(),
        entry::<case::CfPckgItem>(),
        entry::<case::CfAssociation>(),
        entry::<case::CfPckgAssociation>(),
        entry::<case::CfAssociationGrouping>(),
        entry::<case::CfConcept>(),
        entry::<case::CfItemType>(),
        entry::<case::CfLicense>(),
        entry::<case::CfSubject>(),
        entry::<case::CfDefinition>(),
        entry::<case::CfRubric>(),
        entry::<case::CfRubricCriterion>(),
        entry::<case::CfRubricCriterionLevel>(),
        entry::<case::CfPackage>(),
        entry::<case::CfDocumentSet>(),
        entry::<case::CfAssociationSet>(),
        entry::<case::CfConceptSet>(),
        entry::<case::CfItemTypeSet>(),
        entry::<case::CfSubjectSet>(),
        entry::<refs::GuidRef>(),
        entry::<refs::AcadSessionRef>(),
        entry::<refs::AssessmentLineItemRef>(),
        entry::<refs::CategoryRef>(),
        entry::<refs::ClassRef>(),
        entry::<refs::CourseRef>(),
        entry::<refs::LineItemRef>(),
        entry::<refs::OrgRef>(),
        entry::<refs::ResourceRef>(),
        entry::<refs::ScoreScaleRef>(),
        entry::<refs::UserRef>(),
        entry::<roster::AcademicSession>(),
        entry::<roster::Org>(),
        entry::<roster::Course>(),
        entry::<roster::Class>(),
        entry::<roster::User>(),
        entry::<roster::Role>(),
        entry::<roster::UserProfile>(),
        entry::<roster::Credential>(),
        entry::<roster::UserId>(),
        entry::<roster::Enrollment>(),
        entry::<roster::Demographics>(),
        entry::<roster::AcademicSessionSet>(),
        entry::<roster::SingleAcademicSession>(),
        entry::<roster::ClassSet>(),
        entry::<roster::SingleClass>(),
        entry::<roster::CourseSet>(),
        entry::<roster::SingleCourse>(),
        entry::<roster::DemographicsSet>(),
        entry::<roster::SingleDemographics>(),
        entry::<roster::EnrollmentSet>(),
        entry::<roster::SingleEnrollment>(),
        entry::<roster::OrgSet>(),
        entry::<roster::SingleOrg>(),
        entry::<roster::UserSet>(),
        entry::<roster::SingleUser>(),
        entry::<gradebook::LineItem>(),
        entry::<gradebook::GradebookResult>(),
        entry::<gradebook::Category>(),
        entry::<gradebook::ScoreScale>(),
        entry::<gradebook::ScoreScaleValue>(),
        entry::<gradebook::AssessmentLineItem>(),
        entry::<gradebook::AssessmentResult>(),
        entry::<gradebook::LearningObjectiveSet>(),
        entry::<gradebook::LearningObjectiveScoreSet>(),
        entry::<gradebook::LearningObjectiveResults>(),
        entry::<gradebook::GuidPair>(),
        entry::<gradebook::GuidPairSet>(),
        entry::<gradebook::LineItemSet>(),
        entry::<gradebook::SingleLineItem>(),
        entry::<gradebook::ResultSet>(),
        entry::<gradebook::SingleResult>(),
        entry::<gradebook::CategoriesSet>(),
        entry::<gradebook::SingleCategory>(),
        entry::<gradebook::ScoreScaleSet>(),
        entry::<gradebook::SingleScoreScale>(),
        entry::<gradebook::AssessmentLineItemSet>(),
        entry::<gradebook::SingleAssessmentLineItem>(),
        entry::<gradebook::AssessmentResultSet>(),
        entry::<gradebook::SingleAssessmentResult>(),
        entry::<resources::Resource>(),
        entry::<resources::ResourceSet>(),
        entry::<resources::SingleResource>(),
    ]
}

/// The class called `name` (`CFItem`, `User`, `LineItemSet`).
pub fn class(name: &str) -> Option<ClassEntry> {
    classes().into_iter().find(|c| (c.shape)().name == name)
}
