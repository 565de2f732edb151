//! `CFItem` (served alone) and `CFPckgItem` (inside a package): one statement of a framework.

use crate::record::record;
use crate::scalar::{Date, DateTime, Text, Uri, Uuid};
use crate::wire::{Linked, Open};

use super::link::LinkUri;

macro_rules! item {
    ($(#[$meta:meta])* $name:ident = $wire:literal { $($more:tt)* }) => {
        record! {
            $(#[$meta])*
            pub struct $name = $wire {
                /// Identifier.
                identifier: one Uuid = "identifier",
                /// The statement (may hold markup).
                full_statement: one Text = "fullStatement",
                /// Alternative label.
                alternative_label: opt Text = "alternativeLabel",
                /// Textual label of the statement's class.
                item_type: opt Text = "CFItemType",
                /// Network-resolvable URI.
                uri: one Uri = "uri",
                /// Human coding scheme (`6.RP.A.1`).
                human_coding_scheme: opt Text = "humanCodingScheme",
                /// List enumeration.
                list_enumeration: opt Text = "listEnumeration",
                /// Abbreviated statement.
                abbreviated_statement: opt Text = "abbreviatedStatement",
                /// Concept keywords.
                concept_keywords: any Text = "conceptKeywords",
                /// Link to a concept.
                concept_keywords_uri: opt Linked<LinkUri> = "conceptKeywordsURI",
                /// Notes.
                notes: opt Text = "notes",
                /// Subjects.
                subject: any Text = "subject",
                /// Links to subjects.
                subject_uri: any Linked<LinkUri> = "subjectURI",
                /// ISO 639-2 language.
                language: opt Text = "language",
                /// Education levels.
                education_level: any Text = "educationLevel",
                /// Link to the item type.
                item_type_uri: opt Linked<LinkUri> = "CFItemTypeURI",
                /// Licence.
                license_uri: opt Linked<LinkUri> = "licenseURI",
                /// Status start.
                status_start_date: opt Date = "statusStartDate",
                /// Status end.
                status_end_date: opt Date = "statusEndDate",
                /// System-generated time of the last change.
                last_change_date_time: one DateTime = "lastChangeDateTime",
                /// Proprietary properties.
                extensions: opt Open = "extensions",
                $($more)*
            }
        }
    };
}

item! {
    /// `CFItem` as the service returns it alone: with its document link.
    CfItem = "CFItem" {
        /// The document the item belongs to.
        document_uri: one Linked<LinkUri> = "CFDocumentURI",
    }
}

item! {
    /// `CFPckgItem`: an item inside a package.
    CfPckgItem = "CFPckgItem" {}
}
