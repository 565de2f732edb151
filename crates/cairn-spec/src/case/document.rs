//! `CFDocument` (served alone) and `CFPckgDocument` (inside a package): a framework's root.

use crate::record::record;
use crate::scalar::{Date, DateTime, Term, Text, Uri, Uuid};
use crate::wire::{Linked, Open};

use super::link::LinkUri;
use super::vocab::CaseVersion;

macro_rules! document {
    ($(#[$meta:meta])* $name:ident = $wire:literal { $($more:tt)* }) => {
        record! {
            $(#[$meta])*
            pub struct $name = $wire {
                /// Globally unique identifier.
                identifier: one Uuid = "identifier",
                /// Network-resolvable URI.
                uri: one Uri = "uri",
                /// `CourseCodes` is the only predefined value.
                framework_type: opt Text = "frameworkType",
                /// If present, `1.1`.
                case_version: opt Term<CaseVersion> = "caseVersion",
                /// The authority that promulgates the framework.
                creator: one Text = "creator",
                /// Title.
                title: one Text = "title",
                /// System-generated time of the last change.
                last_change_date_time: one DateTime = "lastChangeDateTime",
                /// The official source.
                official_source_url: opt Uri = "officialSourceURL",
                /// Publisher.
                publisher: opt Text = "publisher",
                /// Description (may hold markup).
                description: opt Text = "description",
                /// Subjects.
                subject: any Text = "subject",
                /// Links to subject definitions.
                subject_uri: any Linked<LinkUri> = "subjectURI",
                /// ISO 639-2 language.
                language: opt Text = "language",
                /// Version.
                version: opt Text = "version",
                /// Publication status (free text).
                adoption_status: opt Text = "adoptionStatus",
                /// Status start.
                status_start_date: opt Date = "statusStartDate",
                /// Status end.
                status_end_date: opt Date = "statusEndDate",
                /// Licence.
                license_uri: opt Linked<LinkUri> = "licenseURI",
                /// Notes.
                notes: opt Text = "notes",
                /// Proprietary properties.
                extensions: opt Open = "extensions",
                $($more)*
            }
        }
    };
}

document! {
    /// `CFDocument` as the service returns it alone: with its package link.
    CfDocument = "CFDocument" {
        /// The package this document roots.
        package_uri: one Linked<LinkUri> = "CFPackageURI",
    }
}

document! {
    /// `CFPckgDocument`: the document inside a package.
    CfPckgDocument = "CFPckgDocument" {}
}
