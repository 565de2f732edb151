//! `LinkURI` and `LinkGenURI`: references to other nodes, inside or outside a framework.

use crate::record::record;
use crate::scalar::{Term, Text, Uri, Uuid};

use super::vocab::TargetType;

record! {
    /// `LinkURI`: a link to a CASE node whose identifier is a UUID.
    pub struct LinkUri = "LinkURI" {
        /// What the link shows to people.
        title: one Text = "title",
        /// The target's identifier.
        identifier: one Uuid = "identifier",
        /// Where the target resolves.
        uri: one Uri = "uri",
    }
}

record! {
    /// `LinkGenURI`: a link to any node; the identifier need not be a UUID.
    pub struct LinkGenUri = "LinkGenURI" {
        /// What the link shows to people.
        title: one Text = "title",
        /// The target's identifier (may be a URL).
        identifier: one Text = "identifier",
        /// Where the target resolves.
        uri: one Uri = "uri",
        /// The kind of node the link points at.
        target_type: opt Term<TargetType> = "targetType",
    }
}
