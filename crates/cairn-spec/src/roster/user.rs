//! `User` and its parts: roles, profiles, credentials and external identifiers.

use crate::base::oneroster_record;
use crate::issue::Rule;
use crate::record::record;
use crate::refs::{OrgRef, ResourceRef, UserRef};
use crate::scalar::{Date, Term, Text, TrueFalse, Uri};

use super::vocab::{RoleName, RoleType};

record! {
    /// `UserId`: an identifier of the user in another system.
    pub struct UserId = "UserId" {
        /// The system.
        kind: one Text = "type",
        /// The identifier.
        identifier: one Text = "identifier",
    }
}

record! {
    /// `Credential`: a login for a user profile; the password is never revealed unencrypted.
    pub struct Credential = "Credential" [open] {
        /// Credential type.
        kind: one Text = "type",
        /// Username.
        username: one Text = "username",
        /// Password (encrypted, if at all).
        password: opt Text = "password",
    }
}

record! {
    /// `UserProfile`: the user's account in some application.
    pub struct UserProfile = "UserProfile" {
        /// Profile identifier (a URI).
        profile_id: one Uri = "profileId",
        /// Profile type.
        profile_type: one Text = "profileType",
        /// Vendor.
        vendor_id: one Text = "vendorId",
        /// Application.
        application_id: opt Text = "applicationId",
        /// Description.
        description: opt Text = "description",
        /// Credentials.
        credentials: any Credential = "credentials",
    }
}

record! {
    /// `Role`: one role of a user at one org.
    pub struct Role = "Role" {
        /// `primary` or `secondary` (one primary per org).
        role_type: one Term<RoleType> = "roleType",
        /// The role.
        role: one Term<RoleName> = "role",
        /// The org.
        org: one OrgRef = "org",
        /// The matching user profile's profileId.
        user_profile: opt Uri = "userProfile",
        /// First day (inclusive).
        begin_date: opt Date = "beginDate",
        /// End (exclusive).
        end_date: opt Date = "endDate",
    }
}

oneroster_record! {
    /// `User`: students, teachers, guardians and staff alike.
    pub struct User = "User" {
        /// Master identifier (not the sourcedId).
        user_master_identifier: opt Text = "userMasterIdentifier",
        /// Username (kept for compatibility; prefer userProfiles).
        username: opt Text = "username",
        /// Identifiers in other systems.
        user_ids: any UserId = "userIds",
        /// Whether the account is enabled.
        enabled_user: one TrueFalse = "enabledUser",
        /// Given name.
        given_name: one Text = "givenName",
        /// Family name.
        family_name: one Text = "familyName",
        /// Middle name.
        middle_name: opt Text = "middleName",
        /// Preferred first name.
        preferred_first_name: opt Text = "preferredFirstName",
        /// Preferred middle name.
        preferred_middle_name: opt Text = "preferredMiddleName",
        /// Preferred last name.
        preferred_last_name: opt Text = "preferredLastName",
        /// Pronouns.
        pronouns: opt Text = "pronouns",
        /// Roles at orgs.
        roles: some Role = "roles",
        /// Application profiles.
        user_profiles: any UserProfile = "userProfiles",
        /// The primary org.
        primary_org: opt OrgRef = "primaryOrg",
        /// Human-readable identifier.
        identifier: opt Text = "identifier",
        /// Email.
        email: opt Text = "email",
        /// SMS number.
        sms: opt Text = "sms",
        /// Phone.
        phone: opt Text = "phone",
        /// Related people (a student's guardians; a guardian's students).
        agents: any UserRef = "agents",
        /// Grades.
        grades: any Text = "grades",
        /// Password (never revealed unencrypted).
        password: opt Text = "password",
        /// Resources.
        resources: any ResourceRef = "resources",
    }
    check(|this, c| {
        let Some(roles) = &this.roles else { return };
        let mut primary_orgs: Vec<&str> = Vec::new();
        for (index, role) in roles.iter().enumerate() {
            let primary = role.role_type.as_ref().is_some_and(|t| t.is("primary"));
            let org = role.org.as_ref().and_then(|o| o.id()).unwrap_or_default();
            if primary && primary_orgs.contains(&org) {
                c.field("roles", |c| c.index(index, |c| {
                    c.report(Rule::Inconsistent, format!("a second primary role at org {org:?}"))
                }));
            }
            if primary {
                primary_orgs.push(org);
            }
        }
    })
}

impl User {
    /// The user's roles (`student`, `teacher`...) as their canonical terms.
    pub fn role_names(&self) -> impl Iterator<Item = &str> {
        self.roles.iter().flatten().filter_map(|r| r.role.as_ref()).map(|r| r.canonical().unwrap_or(r.as_str()))
    }
}
