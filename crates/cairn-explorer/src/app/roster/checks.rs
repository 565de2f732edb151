//! The data checks view: each check's count and its first records, with what is wrong with
//! each, so that district staff can fix their exports.

use cairn_store::cache::roster::{DataCheck, data_check};
use rusqlite::Connection;

use super::error::RosterError;
use super::source::Source;
use super::types::{CheckRecord, CheckResult, DataChecks, RecordLink};

/// Every check of a connection, each with at most `limit` records.
pub fn data_checks(conn: &Connection, source: &Source, limit: u32) -> Result<DataChecks, RosterError> {
    let mut checks = Vec::new();
    for check in DataCheck::ALL {
        let found = data_check(conn, source.id, check, limit)?;
        let (id, group, title, explanation) = describe(check);
        checks.push(CheckResult {
            id: id.to_owned(),
            group: group.to_owned(),
            title: title.to_owned(),
            explanation: explanation.to_owned(),
            count: u32::try_from(found.count).unwrap_or(u32::MAX),
            records: found
                .rows
                .into_iter()
                .map(|r| CheckRecord {
                    link: RecordLink {
                        label: r.label.filter(|l| !l.trim().is_empty()).unwrap_or_else(|| r.id.clone()),
                        collection: r.collection,
                        id: r.id,
                        missing: false,
                        inactive: check == DataCheck::ToBeDeleted,
                    },
                    detail: r.detail.unwrap_or_default(),
                })
                .collect(),
        });
    }
    Ok(DataChecks { connection: source.name.clone(), checks })
}

/// A check's stable name, group, title and explanation.
fn describe(check: DataCheck) -> (&'static str, &'static str, &'static str, &'static str) {
    match check {
        DataCheck::ToBeDeleted => (
            "to_be_deleted",
            "Status",
            "Records to be deleted",
            "Status tobedeleted (or the older inactive): the source system is removing them; they are kept and left out of counts.",
        ),
        DataCheck::DisabledUsers => (
            "disabled_users",
            "People",
            "Disabled users",
            "enabledUser is false: these people cannot sign in to connected systems.",
        ),
        DataCheck::OutsideTerms => (
            "enrollments_outside_terms",
            "Enrollments",
            "Enrollments outside their class's terms",
            "Active enrollments whose begin or end date falls outside the span of their class's terms (end dates are exclusive).",
        ),
        DataCheck::NoTeacher => (
            "classes_without_teacher",
            "Classes",
            "Classes without a teacher",
            "Active classes with no active teacher enrollment.",
        ),
        DataCheck::UnknownCourse => (
            "unknown_course",
            "References",
            "Classes naming an unknown course",
            "The course a class names is not in the cache.",
        ),
        DataCheck::UnknownSchool => (
            "unknown_school",
            "References",
            "Classes naming an unknown school",
            "The school a class names is not in the cache.",
        ),
        DataCheck::UnknownTerm => (
            "unknown_term",
            "References",
            "Classes naming an unknown term",
            "An academic session a class names among its terms is not in the cache.",
        ),
        DataCheck::UnknownUser => (
            "unknown_user",
            "References",
            "Enrollments naming an unknown user",
            "The user an enrollment names is not in the cache: the person is missing from the export.",
        ),
        DataCheck::UnknownClass => (
            "unknown_class",
            "References",
            "Enrollments naming an unknown class",
            "The class an enrollment names is not in the cache.",
        ),
        DataCheck::UnknownOrg => (
            "unknown_org",
            "References",
            "References to unknown orgs",
            "Courses, orgs (their parent) and users (their roles and primary org) naming an org that is not in the cache.",
        ),
        DataCheck::UnknownAgent => (
            "unknown_agent",
            "References",
            "Users naming an unknown agent",
            "A guardian or other agent a user names is not in the cache.",
        ),
        DataCheck::UnknownSession => (
            "unknown_session",
            "References",
            "Sessions naming an unknown parent",
            "The parent an academic session names is not in the cache.",
        ),
        DataCheck::OrphanDemographics => (
            "orphan_demographics",
            "References",
            "Demographics of no known user",
            "A demographics record's sourcedId must be its user's; no cached user has it.",
        ),
    }
}
