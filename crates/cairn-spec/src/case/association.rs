//! `CFAssociation` and `CFPckgAssociation`: typed, ordered edges between framework nodes.

use crate::record::record;
use crate::scalar::{DateTime, Integer, Term, Text, Uri, Uuid};
use crate::wire::{Linked, Open};

use super::link::{LinkGenUri, LinkUri};
use super::vocab::AssociationType;

macro_rules! association {
    ($(#[$meta:meta])* $name:ident = $wire:literal { $($more:tt)* }) => {
        record! {
            $(#[$meta])*
            pub struct $name = $wire {
                /// Identifier.
                identifier: one Uuid = "identifier",
                /// The relation (`isChildOf`, `precedes`, `ext:...`).
                association_type: one Term<AssociationType> = "associationType",
                /// Position among siblings.
                sequence_number: opt Integer = "sequenceNumber",
                /// Network-resolvable URI.
                uri: one Uri = "uri",
                /// The source node.
                origin_node_uri: one Linked<LinkGenUri> = "originNodeURI",
                /// The destination node.
                destination_node_uri: one Linked<LinkGenUri> = "destinationNodeURI",
                /// The grouping the association belongs to.
                grouping_uri: opt Linked<LinkUri> = "CFAssociationGroupingURI",
                /// System-generated time of the last change.
                last_change_date_time: one DateTime = "lastChangeDateTime",
                /// Human-readable notes.
                notes: opt Text = "notes",
                /// Proprietary properties.
                extensions: opt Open = "extensions",
                $($more)*
            }
        }
    };
}

association! {
    /// `CFAssociation` as the service returns it alone.
    CfAssociation = "CFAssociation" {
        /// The document the association belongs to.
        document_uri: opt Linked<LinkUri> = "CFDocumentURI",
    }
}

association! {
    /// `CFPckgAssociation`: an association inside a package.
    CfPckgAssociation = "CFPckgAssociation" {}
}

macro_rules! endpoints {
    ($name:ident) => {
        impl $name {
            /// The origin's identifier, whether the link is an object or a plain string.
            pub fn origin_id(&self) -> Option<&str> {
                link_id(self.origin_node_uri.as_ref())
            }

            /// The destination's identifier, whether the link is an object or a plain string.
            pub fn destination_id(&self) -> Option<&str> {
                link_id(self.destination_node_uri.as_ref())
            }
        }
    };
}
endpoints!(CfAssociation);
endpoints!(CfPckgAssociation);

fn link_id(link: Option<&Linked<LinkGenUri>>) -> Option<&str> {
    match link? {
        Linked::Object(l) => l.identifier.as_deref(),
        Linked::Plain(uri) => Some(uri),
    }
}
