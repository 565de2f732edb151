//! The class page: the record's fields, its course, school and terms, its teachers (primary
//! first), students and other members with their enrollment dates and roles, its resources and
//! line items, and its JSON as the server sent it.

use cairn_graph::natural_cmp;
use cairn_spec::Collection;
use cairn_store::cache::roster::{MemberRow, class_line_items, class_members, labels};
use rusqlite::Connection;

use super::dates::within;
use super::error::RosterError;
use super::json::{parse, refs, strings, text};
use super::memo::Loaded;
use super::names::{link, list_name};
use super::source::Source;
use super::types::{ClassMember, ClassPage, LineItemEntry, RecordLink, ScopeCounts, SessionEntry};

/// The class page of `id`.
pub fn class_page(
    conn: &Connection,
    source: &Source,
    loaded: &Loaded,
    id: &str,
    today: &str,
) -> Result<ClassPage, RosterError> {
    let raw = cairn_store::cache::record(conn, source.id, Collection::Classes, id)?.ok_or_else(|| {
        RosterError::NotFound { collection: "classes".into(), id: id.into(), connection: source.name.clone() }
    })?;
    let record = parse(&raw);
    let row = loaded.classes.iter().find(|c| c.id == id);
    let one = |collection: Collection, field: &str| -> Result<Option<RecordLink>, RosterError> {
        let ids = refs(&record, field);
        let Some(first) = ids.first() else { return Ok(None) };
        Ok(Some(link(collection.name(), first, &labels(conn, source.id, collection, &ids)?)))
    };
    let course = one(Collection::Courses, "course")?;
    let school = one(Collection::Orgs, "school")?;
    let term_ids = refs(&record, "terms");
    let terms: Vec<SessionEntry> = term_ids
        .iter()
        .map(|term| {
            let session = loaded.sessions.get(term);
            SessionEntry {
                link: RecordLink {
                    collection: Collection::AcademicSessions.name().to_owned(),
                    id: term.clone(),
                    label: session.and_then(|s| s.title.clone()).unwrap_or_else(|| term.clone()),
                    missing: session.is_none(),
                    inactive: session.is_some_and(|s| s.inactive),
                },
                kind: session.and_then(|s| s.kind.clone()),
                start_date: session.and_then(|s| s.start_date.clone()),
                end_date: session.and_then(|s| s.end_date.clone()),
                current: session.is_some_and(|s| within(today, s.start_date.as_deref(), s.end_date.as_deref())),
            }
        })
        .collect();
    let first = terms.iter().filter_map(|t| t.start_date.clone()).min();
    let last = terms.iter().filter_map(|t| t.end_date.clone()).max();
    let mut teachers = Vec::new();
    let mut students = Vec::new();
    let mut others = Vec::new();
    for member in class_members(conn, source.id, id)? {
        let entry = member_entry(&member, first.as_deref(), last.as_deref());
        match entry.role.as_str() {
            "teacher" => teachers.push(entry),
            "student" => students.push(entry),
            _ => others.push(entry),
        }
    }
    let by_name = |a: &ClassMember, b: &ClassMember| {
        natural_cmp(&a.user.label, &b.user.label).then_with(|| a.begin_date.cmp(&b.begin_date))
    };
    teachers.sort_by(|a, b| b.primary.cmp(&a.primary).then_with(|| by_name(a, b)));
    students.sort_by(by_name);
    others.sort_by(|a, b| a.role.cmp(&b.role).then_with(|| by_name(a, b)));
    let distinct = |members: &[ClassMember]| {
        members.iter().filter(|m| !m.inactive).map(|m| &m.user.id).collect::<std::collections::HashSet<_>>().len()
            as u32
    };
    let counts = ScopeCounts {
        classes: 1,
        teachers: distinct(&teachers),
        students: row.map_or_else(|| distinct(&students), |r| r.students),
    };
    let resource_ids = refs(&record, "resources");
    let resource_labels = labels(conn, source.id, Collection::Resources, &resource_ids)?;
    let resources = resource_ids.iter().map(|r| link(Collection::Resources.name(), r, &resource_labels)).collect();
    let line_items = class_line_items(conn, source.id, id)?
        .into_iter()
        .map(|l| LineItemEntry {
            link: RecordLink {
                collection: Collection::LineItems.name().to_owned(),
                label: l.title.clone().unwrap_or_else(|| l.id.clone()),
                id: l.id,
                missing: false,
                inactive: l.inactive,
            },
            assign_date: l.assign_date,
            due_date: l.due_date,
            category: l.category,
            grading_period: l.grading_period,
        })
        .collect();
    Ok(ClassPage {
        connection: source.name.clone(),
        link: RecordLink {
            collection: Collection::Classes.name().to_owned(),
            id: id.to_owned(),
            label: text(&record, "title").unwrap_or_else(|| id.to_owned()),
            missing: false,
            inactive: row.is_some_and(|r| r.inactive),
        },
        class_code: text(&record, "classCode"),
        class_type: text(&record, "classType"),
        location: text(&record, "location"),
        status: text(&record, "status"),
        course,
        school,
        terms,
        periods: strings(&record, "periods"),
        subjects: strings(&record, "subjects"),
        subject_codes: strings(&record, "subjectCodes"),
        grades: strings(&record, "grades"),
        teachers,
        students,
        others,
        counts,
        resources,
        line_items,
        raw,
    })
}

/// An enrollment as the class page lists it; `first` and `last` bound the class's terms.
pub fn member_entry(member: &MemberRow, first: Option<&str>, last: Option<&str>) -> ClassMember {
    let outside = match (first, last) {
        (Some(first), Some(last)) => {
            member.begin_date.as_deref().is_some_and(|b| b < first || b >= last)
                || member.end_date.as_deref().is_some_and(|e| e > last || e <= first)
        }
        _ => false,
    };
    ClassMember {
        enrollment_id: member.enrollment_id.clone(),
        user: RecordLink {
            collection: Collection::Users.name().to_owned(),
            id: member.user_id.clone(),
            label: list_name(member.given.as_deref(), member.family.as_deref(), &member.user_id),
            missing: !member.user_cached,
            inactive: member.user_inactive,
        },
        given_name: member.given.clone(),
        family_name: member.family.clone(),
        preferred_first_name: member.preferred.clone(),
        username: member.username.clone(),
        identifier: member.identifier.clone(),
        email: member.email.clone(),
        role: member.role.clone().unwrap_or_default(),
        primary: member.primary == Some(true),
        begin_date: member.begin_date.clone(),
        end_date: member.end_date.clone(),
        inactive: member.inactive,
        disabled: member.enabled == Some(false),
        outside_terms: outside && !member.inactive,
    }
}
