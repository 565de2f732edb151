//! GUIDRef classes: typed references from one OneRoster record to another.

use crate::record::record;
use crate::scalar::{SourcedId, Term, Uri, vocabulary};

record! {
    /// `GUIDRef`: the generic reference with href and sourcedId only.
    pub struct GuidRef = "GUIDRef" {
        /// Where the referenced record can be read.
        href: one Uri = "href",
        /// The referenced record's sourcedId.
        sourced_id: one SourcedId = "sourcedId",
    }
}

macro_rules! guid_ref {
    ($(#[$meta:meta])* $name:ident, $vocab:ident = $wire:literal, $kind:literal) => {
        vocabulary!(
            #[doc = concat!("The `type` of a `", $wire, "`: always `", $kind, "`.")]
            $vocab = concat!($wire, "TypeEnum"),
            None,
            [$kind]
        );

        record! {
            $(#[$meta])*
            pub struct $name = $wire {
                /// Where the referenced record can be read.
                href: one Uri = "href",
                /// The referenced record's sourcedId.
                sourced_id: one SourcedId = "sourcedId",
                /// The kind of record referenced.
                kind: one Term<$vocab> = "type",
            }
        }

        impl $name {
            /// A reference to the record `sourced_id` at `href`.
            pub fn new(href: impl Into<String>, sourced_id: impl Into<String>) -> Self {
                $name {
                    href: Some(Uri(href.into())),
                    sourced_id: Some(SourcedId(sourced_id.into())),
                    kind: Some(Term::new($kind)),
                    rest: Default::default(),
                }
            }

            /// The referenced sourcedId.
            pub fn id(&self) -> Option<&str> {
                self.sourced_id.as_deref()
            }
        }
    };
}

guid_ref!(
    /// `AcadSessionGUIDRef`: a reference to an academic session.
    AcadSessionRef, AcadSessionRefType = "AcadSessionGUIDRef", "academicSession"
);
guid_ref!(
    /// `AssessmentLineItemGUIDRef`: a reference to an assessment line item.
    AssessmentLineItemRef, AssessmentLineItemRefType = "AssessmentLineItemGUIDRef", "assessmentLineItem"
);
guid_ref!(
    /// `CategoryGUIDRef`: a reference to a gradebook category.
    CategoryRef, CategoryRefType = "CategoryGUIDRef", "category"
);
guid_ref!(
    /// `ClassGUIDRef`: a reference to a class.
    ClassRef, ClassRefType = "ClassGUIDRef", "class"
);
guid_ref!(
    /// `CourseGUIDRef`: a reference to a course.
    CourseRef, CourseRefType = "CourseGUIDRef", "course"
);
guid_ref!(
    /// `LineItemGUIDRef`: a reference to a line item.
    LineItemRef, LineItemRefType = "LineItemGUIDRef", "lineItem"
);
guid_ref!(
    /// `OrgGUIDRef`: a reference to an org.
    OrgRef, OrgRefType = "OrgGUIDRef", "org"
);
guid_ref!(
    /// `ResourceGUIDRef`: a reference to a resource.
    ResourceRef, ResourceRefType = "ResourceGUIDRef", "resource"
);
guid_ref!(
    /// `ScoreScaleGUIDRef`: a reference to a score scale.
    ScoreScaleRef, ScoreScaleRefType = "ScoreScaleGUIDRef", "scoreScale"
);
guid_ref!(
    /// `UserGUIDRef`: a reference to a user.
    UserRef, UserRefType = "UserGUIDRef", "user"
);
