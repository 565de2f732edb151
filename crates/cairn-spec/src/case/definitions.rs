//! `CFDefinitions` and what they hold: concepts, subjects, licences, item types, groupings.

use crate::record::record;
use crate::scalar::{DateTime, Text, Uri, Uuid};
use crate::wire::Open;

record! {
    /// `CFAssociationGrouping`: a named set of associations.
    pub struct CfAssociationGrouping = "CFAssociationGrouping" {
        /// Identifier.
        identifier: one Uuid = "identifier",
        /// URI.
        uri: one Uri = "uri",
        /// Title.
        title: one Text = "title",
        /// Description.
        description: opt Text = "description",
        /// Last change.
        last_change_date_time: one DateTime = "lastChangeDateTime",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}

record! {
    /// `CFConcept`: a concept in a hierarchy of concepts.
    pub struct CfConcept = "CFConcept" {
        /// Identifier.
        identifier: one Uuid = "identifier",
        /// URI.
        uri: one Uri = "uri",
        /// Title.
        title: one Text = "title",
        /// Keywords.
        keywords: opt Text = "keywords",
        /// Position in the hierarchy (`1.2.3`).
        hierarchy_code: one Text = "hierarchyCode",
        /// Description.
        description: opt Text = "description",
        /// Last change.
        last_change_date_time: one DateTime = "lastChangeDateTime",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}

record! {
    /// `CFItemType`: a class of statements (standard, cluster, domain...).
    pub struct CfItemType = "CFItemType" {
        /// Identifier.
        identifier: one Uuid = "identifier",
        /// URI.
        uri: one Uri = "uri",
        /// Title.
        title: one Text = "title",
        /// Description.
        description: one Text = "description",
        /// Position in the hierarchy.
        hierarchy_code: one Text = "hierarchyCode",
        /// Type code.
        type_code: opt Text = "typeCode",
        /// Last change.
        last_change_date_time: one DateTime = "lastChangeDateTime",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}

record! {
    /// `CFLicense`: the licence of a framework or item.
    pub struct CfLicense = "CFLicense" {
        /// Identifier.
        identifier: one Uuid = "identifier",
        /// URI.
        uri: one Uri = "uri",
        /// Title.
        title: one Text = "title",
        /// Description.
        description: opt Text = "description",
        /// The licence's text.
        license_text: one Text = "licenseText",
        /// Last change.
        last_change_date_time: one DateTime = "lastChangeDateTime",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}

record! {
    /// `CFSubject`: a subject in a hierarchy of subjects.
    pub struct CfSubject = "CFSubject" {
        /// Identifier.
        identifier: one Uuid = "identifier",
        /// URI.
        uri: one Uri = "uri",
        /// Title.
        title: one Text = "title",
        /// Position in the hierarchy.
        hierarchy_code: one Text = "hierarchyCode",
        /// Description.
        description: opt Text = "description",
        /// Last change.
        last_change_date_time: one DateTime = "lastChangeDateTime",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}

record! {
    /// `CFDefinition`: the definitions a package carries.
    pub struct CfDefinition = "CFDefinition" {
        /// Concepts.
        concepts: any CfConcept = "CFConcepts",
        /// Subjects.
        subjects: any CfSubject = "CFSubjects",
        /// Licences.
        licenses: any CfLicense = "CFLicenses",
        /// Item types.
        item_types: any CfItemType = "CFItemTypes",
        /// Association groupings.
        association_groupings: any CfAssociationGrouping = "CFAssociationGroupings",
        /// Proprietary properties.
        extensions: opt Open = "extensions",
    }
}
