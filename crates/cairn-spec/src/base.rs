//! What every OneRoster record shares: the record status vocabulary.

use crate::scalar::vocabulary;

vocabulary!(
    /// `BaseStatusEnum`: `active` or `tobedeleted`; the former `inactive` reads as `tobedeleted`.
    BaseStatus = "BaseStatusEnum",
    None,
    ["active", "tobedeleted"],
    aliases [("inactive", "tobedeleted")]
);

/// Declares a OneRoster record: the common fields (sourcedId, status, dateLastModified,
/// metadata) followed by the class's own.
macro_rules! oneroster_record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident = $wire:literal { $($fields:tt)* }
        $(check(|$this:ident, $c:ident| $extra:block))?
    ) => {
        $crate::record::record! {
            $(#[$meta])*
            pub struct $name = $wire {
                /// The interoperability identifier.
                sourced_id: one $crate::scalar::SourcedId = "sourcedId",
                /// `active` or `tobedeleted`.
                status: one $crate::scalar::Term<$crate::base::BaseStatus> = "status",
                /// Time of the last change (UTC).
                date_last_modified: one $crate::scalar::DateTime = "dateLastModified",
                /// Additional properties.
                metadata: opt $crate::wire::Open = "metadata",
                $($fields)*
            }
            $(check(|$this, $c| $extra))?
        }

        impl $name {
            /// The record's sourcedId.
            pub fn id(&self) -> Option<&str> {
                self.sourced_id.as_deref()
            }

            /// Whether the record is flagged `tobedeleted` (or the former `inactive`).
            pub fn is_to_be_deleted(&self) -> bool {
                self.status.as_ref().is_some_and(|s| s.is("tobedeleted"))
            }
        }
    };
}
pub(crate) use oneroster_record;
