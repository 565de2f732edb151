//! `Org`: districts, schools and other organizations, in a hierarchy.

use crate::base::oneroster_record;
use crate::refs::OrgRef;
use crate::scalar::{Term, Text};

use super::vocab::OrgType;

oneroster_record! {
    /// `Org`: a school, district or other organization.
    pub struct Org = "Org" {
        /// Name.
        name: one Text = "name",
        /// `district`, `school`, ... or `ext:...`.
        kind: one Term<OrgType> = "type",
        /// Human-readable identifier (NCES id, ...).
        identifier: opt Text = "identifier",
        /// The parent org.
        parent: opt OrgRef = "parent",
        /// Child orgs.
        children: any OrgRef = "children",
    }
}
