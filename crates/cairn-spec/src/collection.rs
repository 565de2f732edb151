//! The kinds of record the services hold, by the name of their set wrapper (`users`,
//! `CFItems`): what the sandbox stores, the cache mirrors and `cairn stats` counts.

use crate::dialect::Service;
use crate::shape::Shape;
use crate::wire::Record;
use crate::{case, gradebook, resources, roster};

/// A kind of record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Collection {
    /// Orgs (districts, schools, ...).
    Orgs,
    /// Academic sessions (school years, terms, grading periods).
    AcademicSessions,
    /// Courses.
    Courses,
    /// Classes.
    Classes,
    /// Users.
    Users,
    /// Enrollments.
    Enrollments,
    /// Demographics.
    Demographics,
    /// Gradebook categories.
    Categories,
    /// Score scales.
    ScoreScales,
    /// Line items.
    LineItems,
    /// Results.
    Results,
    /// Assessment line items.
    AssessmentLineItems,
    /// Assessment results.
    AssessmentResults,
    /// Learning resources.
    Resources,
    /// Framework documents.
    CfDocuments,
    /// Framework items.
    CfItems,
    /// Framework associations.
    CfAssociations,
    /// Association groupings.
    CfAssociationGroupings,
    /// Concepts.
    CfConcepts,
    /// Item types.
    CfItemTypes,
    /// Licences.
    CfLicenses,
    /// Subjects.
    CfSubjects,
    /// Rubrics.
    CfRubrics,
}

impl Collection {
    /// Every collection, rostering first.
    pub const ALL: [Collection; 23] = [
        Collection::Orgs,
        Collection::AcademicSessions,
        Collection::Courses,
        Collection::Classes,
        Collection::Users,
        Collection::Enrollments,
        Collection::Demographics,
        Collection::Categories,
        Collection::ScoreScales,
        Collection::LineItems,
        Collection::Results,
        Collection::AssessmentLineItems,
        Collection::AssessmentResults,
        Collection::Resources,
        Collection::CfDocuments,
        Collection::CfItems,
        Collection::CfAssociations,
        Collection::CfAssociationGroupings,
        Collection::CfConcepts,
        Collection::CfItemTypes,
        Collection::CfLicenses,
        Collection::CfSubjects,
        Collection::CfRubrics,
    ];

    /// The set wrapper's property (`users`, `CFItems`): the collection's stable name.
    pub fn name(self) -> &'static str {
        match self {
            Collection::Orgs => "orgs",
            Collection::AcademicSessions => "academicSessions",
            Collection::Courses => "courses",
            Collection::Classes => "classes",
            Collection::Users => "users",
            Collection::Enrollments => "enrollments",
            Collection::Demographics => "demographics",
            Collection::Categories => "categories",
            Collection::ScoreScales => "scoreScales",
            Collection::LineItems => "lineItems",
            Collection::Results => "results",
            Collection::AssessmentLineItems => "assessmentLineItems",
            Collection::AssessmentResults => "assessmentResults",
            Collection::Resources => "resources",
            Collection::CfDocuments => "CFDocuments",
            Collection::CfItems => "CFItems",
            Collection::CfAssociations => "CFAssociations",
            Collection::CfAssociationGroupings => "CFAssociationGroupings",
            Collection::CfConcepts => "CFConcepts",
            Collection::CfItemTypes => "CFItemTypes",
            Collection::CfLicenses => "CFLicenses",
            Collection::CfSubjects => "CFSubjects",
            Collection::CfRubrics => "CFRubrics",
        }
    }

    /// The collection called `name`.
    pub fn from_name(name: &str) -> Option<Collection> {
        Collection::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The single wrapper's property (`user`, `demographics`); `None` for CASE, whose records
    /// come bare.
    pub fn single(self) -> Option<&'static str> {
        Some(match self {
            Collection::Orgs => "org",
            Collection::AcademicSessions => "academicSession",
            Collection::Courses => "course",
            Collection::Classes => "class",
            Collection::Users => "user",
            Collection::Enrollments => "enrollment",
            Collection::Demographics => "demographics",
            Collection::Categories => "category",
            Collection::ScoreScales => "scoreScale",
            Collection::LineItems => "lineItem",
            Collection::Results => "result",
            Collection::AssessmentLineItems => "assessmentLineItem",
            Collection::AssessmentResults => "assessmentResult",
            Collection::Resources => "resource",
            _ => return None,
        })
    }

    /// The service that serves it.
    pub fn service(self) -> Service {
        match self {
            Collection::Orgs
            | Collection::AcademicSessions
            | Collection::Courses
            | Collection::Classes
            | Collection::Users
            | Collection::Enrollments
            | Collection::Demographics => Service::Rostering,
            Collection::Categories
            | Collection::ScoreScales
            | Collection::LineItems
            | Collection::Results
            | Collection::AssessmentLineItems
            | Collection::AssessmentResults => Service::Gradebook,
            Collection::Resources => Service::Resources,
            _ => Service::Competency,
        }
    }

    /// The property holding a record's identifier: `sourcedId`, or `identifier` in CASE.
    pub fn id_field(self) -> &'static str {
        match self.service() {
            Service::Competency => "identifier",
            _ => "sourcedId",
        }
    }

    /// The shape of one record (the form the service returns alone: `CFItem`, not `CFPckgItem`).
    pub fn shape(self) -> &'static Shape {
        match self {
            Collection::Orgs => roster::Org::shape(),
            Collection::AcademicSessions => roster::AcademicSession::shape(),
            Collection::Courses => roster::Course::shape(),
            Collection::Classes => roster::Class::shape(),
            Collection::Users => roster::User::shape(),
            Collection::Enrollments => roster::Enrollment::shape(),
            Collection::Demographics => roster::Demographics::shape(),
            Collection::Categories => gradebook::Category::shape(),
            Collection::ScoreScales => gradebook::ScoreScale::shape(),
            Collection::LineItems => gradebook::LineItem::shape(),
            Collection::Results => gradebook::GradebookResult::shape(),
            Collection::AssessmentLineItems => gradebook::AssessmentLineItem::shape(),
            Collection::AssessmentResults => gradebook::AssessmentResult::shape(),
            Collection::Resources => resources::Resource::shape(),
            Collection::CfDocuments => case::CfDocument::shape(),
            Collection::CfItems => case::CfItem::shape(),
            Collection::CfAssociations => case::CfAssociation::shape(),
            Collection::CfAssociationGroupings => case::CfAssociationGrouping::shape(),
            Collection::CfConcepts => case::CfConcept::shape(),
            Collection::CfItemTypes => case::CfItemType::shape(),
            Collection::CfLicenses => case::CfLicense::shape(),
            Collection::CfSubjects => case::CfSubject::shape(),
            Collection::CfRubrics => case::CfRubric::shape(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry::class;

    #[test]
    fn names_are_set_wrapper_properties() {
        for c in Collection::ALL {
            assert_eq!(Collection::from_name(c.name()), Some(c));
            assert!(c.shape().field(c.id_field()).is_some(), "{c:?}");
            if let Some(single) = c.single() {
                let wrapper = class(&format!("Single{}", c.shape().name)).map(|e| (e.shape)().fields[0].name);
                assert!(wrapper.is_none() || wrapper == Some(single), "{c:?}");
            }
        }
    }
}
