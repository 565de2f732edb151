//! The resources service (OneRoster 1.2): learning resources and their wrappers.

use crate::base::oneroster_record;
use crate::record::wrappers;
use crate::scalar::{Term, Text, vocabulary};

vocabulary!(
    /// The roles a resource is meant for.
    ResourceRole = "RoleEnumExt",
    Prefixed,
    ["administrator", "aide", "guardian", "parent", "proctor", "relative", "student", "teacher"]
);

vocabulary!(
    /// `ImportanceEnum`.
    Importance = "ImportanceEnum", None, ["primary", "secondary"]
);

oneroster_record! {
    /// `Resource`: a description of a learning resource (not the resource itself).
    pub struct Resource = "Resource" {
        /// Title.
        title: opt Text = "title",
        /// Roles the resource is meant for.
        roles: any Term<ResourceRole> = "roles",
        /// `primary` or `secondary`.
        importance: opt Term<Importance> = "importance",
        /// The vendor's identifier of the resource.
        vendor_resource_id: one Text = "vendorResourceId",
        /// Vendor.
        vendor_id: opt Text = "vendorId",
        /// Application.
        application_id: opt Text = "applicationId",
    }
}

wrappers! {
    ResourceSet = "ResourceSet" { "resources" }, SingleResource = "SingleResource" { "resource" }: Resource;
}
