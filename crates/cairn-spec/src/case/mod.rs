//! The competency framework service (CASE 1.1): documents, items, associations, definitions,
//! rubrics, packages, their set wrappers, links and vocabularies.

mod association;
mod definitions;
mod document;
mod item;
mod link;
mod meaning;
mod package;
mod rubric;
mod sets;
mod vocab;

pub use association::{CfAssociation, CfPckgAssociation};
pub use definitions::{CfAssociationGrouping, CfConcept, CfDefinition, CfItemType, CfLicense, CfSubject};
pub use document::{CfDocument, CfPckgDocument};
pub use item::{CfItem, CfPckgItem};
pub use link::{LinkGenUri, LinkUri};
pub use meaning::ASSOCIATION_MEANINGS;
pub use package::{CfPackage, PackageFile};
pub use rubric::{CfRubric, CfRubricCriterion, CfRubricCriterionLevel};
pub use sets::{CfAssociationSet, CfConceptSet, CfDocumentSet, CfItemTypeSet, CfSubjectSet};
pub use vocab::{AssociationType, CaseVersion, TargetType};
