//! The competency service's set wrappers.

use crate::record::record;

use super::association::CfPckgAssociation;
use super::definitions::{CfConcept, CfItemType, CfSubject};
use super::document::CfDocument;
use super::item::CfItem;

record! {
    /// `CFDocumentSet`: the answer of getAllCFDocuments.
    pub struct CfDocumentSet = "CFDocumentSet" {
        /// The documents.
        documents: list CfDocument = "CFDocuments",
    }
}

record! {
    /// `CFAssociationSet`: an item and every association it takes part in.
    pub struct CfAssociationSet = "CFAssociationSet" {
        /// The item.
        item: one CfItem = "CFItem",
        /// Its associations.
        associations: list CfPckgAssociation = "CFAssociations",
    }
}

record! {
    /// `CFConceptSet`: a concept followed by its children by hierarchy code.
    pub struct CfConceptSet = "CFConceptSet" {
        /// The concepts.
        concepts: some CfConcept = "CFConcepts",
    }
}

record! {
    /// `CFItemTypeSet`: an item type followed by its children.
    pub struct CfItemTypeSet = "CFItemTypeSet" {
        /// The item types.
        item_types: some CfItemType = "CFItemTypes",
    }
}

record! {
    /// `CFSubjectSet`: a subject followed by its children.
    pub struct CfSubjectSet = "CFSubjectSet" {
        /// The subjects.
        subjects: some CfSubject = "CFSubjects",
    }
}
