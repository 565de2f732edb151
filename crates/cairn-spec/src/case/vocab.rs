//! CASE vocabularies: association types, link target types, the CASE version.

use crate::scalar::vocabulary;

vocabulary!(
    /// `CFAssociationTypeExtEnum`: the ten association types plus `ext:` terms.
    AssociationType = "CFAssociationTypeExtEnum",
    Prefixed,
    [
        "isChildOf", "isPeerOf", "isPartOf", "exactMatchOf", "precedes",
        "isRelatedTo", "replacedBy", "exemplar", "hasSkillLevel", "isTranslationOf",
    ]
);

vocabulary!(
    /// `TargetTypeExtEnum`: what a `LinkGenURI` points at.
    TargetType = "TargetTypeExtEnum",
    Prefixed,
    ["CASE"]
);

vocabulary!(
    /// `CaseVersionEnum`: only `1.1`.
    CaseVersion = "CaseVersionEnum",
    None,
    ["1.1"]
);
