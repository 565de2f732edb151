//! `GUIDPair` and `GUIDPairSet`: what a POST answers, mapping supplied to allocated ids.

use crate::record::record;
use crate::scalar::SourcedId;

record! {
    /// `GUIDPair`: the requester's identifier and the one the provider allocated.
    pub struct GuidPair = "GUIDPair" {
        /// Given by the requester.
        supplied_sourced_id: one SourcedId = "suppliedSourcedId",
        /// Given by the provider.
        allocated_sourced_id: one SourcedId = "allocatedSourcedId",
    }
}

record! {
    /// `GUIDPairSet`: `{"sourcedIdPairs": [...]}`.
    pub struct GuidPairSet = "GUIDPairSet" {
        /// The pairs.
        pairs: list GuidPair = "sourcedIdPairs",
    }
}
