//! Rostering vocabularies; most are extensible with `ext:` terms.

use crate::scalar::vocabulary;

vocabulary!(
    /// `SessionTypeEnumExt`.
    SessionType = "SessionTypeEnumExt", Prefixed, ["gradingPeriod", "semester", "schoolYear", "term"]
);
vocabulary!(
    /// `ClassTypeEnumExt`.
    ClassType = "ClassTypeEnumExt", Prefixed, ["homeroom", "scheduled"]
);
vocabulary!(
    /// `OrgTypeEnumExt`.
    OrgType = "OrgTypeEnumExt", Prefixed, ["department", "district", "local", "national", "school", "state"]
);
vocabulary!(
    /// `EnrolRoleEnumExt`: a user's role in a class.
    EnrolRole = "EnrolRoleEnumExt", Prefixed, ["administrator", "proctor", "student", "teacher"]
);
vocabulary!(
    /// `GenderEnumExt`.
    Gender = "GenderEnumExt", Prefixed, ["male", "female", "unspecified", "other"]
);
vocabulary!(
    /// `RoleTypeEnum`: whether a role is a user's primary role at an org.
    RoleType = "RoleTypeEnum", None, ["primary", "secondary"]
);
vocabulary!(
    /// `RoleEnumExt`: a user's role at an org.
    RoleName = "RoleEnumExt",
    Prefixed,
    [
        "aide", "counselor", "districtAdministrator", "guardian", "parent", "principal", "proctor",
        "relative", "siteAdministrator", "student", "systemAdministrator", "teacher",
    ]
);
