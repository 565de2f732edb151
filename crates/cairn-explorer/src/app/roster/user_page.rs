//! The user page: names (preferred names and pronouns included), identifiers (userIds by
//! type), roles per org with their dates, agents both ways, enrollments with their classes,
//! resources, whether demographics may be shown — and the JSON as the server sent it.

use cairn_spec::Collection;
use cairn_store::cache::roster::{agents_of, labels, user_enrollments};
use rusqlite::Connection;
use serde_json::Value;

use super::dates::within;
use super::error::RosterError;
use super::json::{flag, parse, refs, strings, text};
use super::names::link;
use super::source::{Source, demographics_access};
use super::types::{AgentEntry, FieldLine, RecordLink, UserEnrollment, UserNames, UserPage, UserRoleEntry};

/// The user page of `id`.
pub fn user_page(conn: &Connection, source: &Source, id: &str, today: &str) -> Result<UserPage, RosterError> {
    let raw = cairn_store::cache::record(conn, source.id, Collection::Users, id)?.ok_or_else(|| {
        RosterError::NotFound { collection: "users".into(), id: id.into(), connection: source.name.clone() }
    })?;
    let record = parse(&raw);
    let names = UserNames {
        given_name: text(&record, "givenName"),
        middle_name: text(&record, "middleName"),
        family_name: text(&record, "familyName"),
        preferred_first_name: text(&record, "preferredFirstName"),
        preferred_middle_name: text(&record, "preferredMiddleName"),
        preferred_last_name: text(&record, "preferredLastName"),
        pronouns: text(&record, "pronouns"),
    };
    let shown = [
        names.preferred_first_name.clone().or_else(|| names.given_name.clone()),
        names.preferred_last_name.clone().or_else(|| names.family_name.clone()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    let user_ids = match record.get("userIds") {
        Some(Value::Array(ids)) => ids
            .iter()
            .map(|u| FieldLine {
                name: text(u, "type").unwrap_or_else(|| "(no type)".to_owned()),
                value: text(u, "identifier").unwrap_or_default(),
            })
            .collect(),
        _ => Vec::new(),
    };
    let role_values: Vec<&Value> = match record.get("roles") {
        Some(Value::Array(roles)) => roles.iter().collect(),
        Some(one @ Value::Object(_)) => vec![one],
        _ => Vec::new(),
    };
    let mut org_ids: Vec<String> = role_values.iter().flat_map(|r| refs(r, "org")).collect();
    org_ids.extend(refs(&record, "primaryOrg"));
    let orgs = labels(conn, source.id, Collection::Orgs, &org_ids)?;
    let roles = role_values
        .iter()
        .map(|r| {
            let (begin, end) = (text(r, "beginDate"), text(r, "endDate"));
            UserRoleEntry {
                role_type: text(r, "roleType"),
                role: text(r, "role"),
                org: refs(r, "org").first().map(|o| link(Collection::Orgs.name(), o, &orgs)),
                current: within(today, begin.as_deref(), end.as_deref()),
                begin_date: begin,
                end_date: end,
                user_profile: text(r, "userProfile"),
            }
        })
        .collect();
    let agent_ids = refs(&record, "agents");
    let agent_labels = labels(conn, source.id, Collection::Users, &agent_ids)?;
    let agent_roles = roles_of(conn, source.id, &agent_ids)?;
    let agents = agent_ids
        .iter()
        .map(|a| AgentEntry {
            user: link(Collection::Users.name(), a, &agent_labels),
            roles: agent_roles.get(a).cloned().unwrap_or_default(),
        })
        .collect();
    let agent_of = agents_of(conn, source.id, id)?
        .into_iter()
        .map(|a| AgentEntry {
            user: RecordLink {
                collection: Collection::Users.name().to_owned(),
                label: a.name.filter(|n| !n.is_empty()).unwrap_or_else(|| a.id.clone()),
                id: a.id,
                missing: false,
                inactive: a.inactive,
            },
            roles: a.roles,
        })
        .collect();
    let enrollments = user_enrollments(conn, source.id, id)?
        .into_iter()
        .map(|e| UserEnrollment {
            class: RecordLink {
                collection: Collection::Classes.name().to_owned(),
                label: e.class_title.clone().unwrap_or_else(|| e.class_id.clone()),
                id: e.class_id,
                missing: !e.class_cached,
                inactive: false,
            },
            enrollment_id: e.enrollment_id,
            class_code: e.class_code,
            school: e.school,
            role: e.role.unwrap_or_default(),
            primary: e.primary == Some(true),
            begin_date: e.begin_date,
            end_date: e.end_date,
            inactive: e.inactive,
        })
        .collect();
    let resource_ids = refs(&record, "resources");
    let resource_labels = labels(conn, source.id, Collection::Resources, &resource_ids)?;
    let has_demographics = cairn_store::cache::record(conn, source.id, Collection::Demographics, id)?.is_some();
    Ok(UserPage {
        connection: source.name.clone(),
        link: RecordLink {
            collection: Collection::Users.name().to_owned(),
            id: id.to_owned(),
            label: if shown.is_empty() { id.to_owned() } else { shown },
            missing: false,
            inactive: matches!(text(&record, "status").as_deref(), Some("tobedeleted" | "inactive")),
        },
        status: text(&record, "status"),
        enabled: flag(&record, "enabledUser"),
        names,
        username: text(&record, "username"),
        email: text(&record, "email"),
        sms: text(&record, "sms"),
        phone: text(&record, "phone"),
        identifier: text(&record, "identifier"),
        master_identifier: text(&record, "userMasterIdentifier"),
        user_ids,
        grades: strings(&record, "grades"),
        primary_org: refs(&record, "primaryOrg").first().map(|o| link(Collection::Orgs.name(), o, &orgs)),
        roles,
        agents,
        agent_of,
        enrollments,
        resources: resource_ids.iter().map(|r| link(Collection::Resources.name(), r, &resource_labels)).collect(),
        demographics: demographics_access(conn, source)?,
        has_demographics,
        raw,
    })
}

/// The roles each of `ids` holds.
fn roles_of(
    conn: &Connection,
    connection_id: i64,
    ids: &[String],
) -> Result<std::collections::HashMap<String, Vec<String>>, RosterError> {
    Ok(cairn_store::cache::roster::user_roles(conn, connection_id, ids)?)
}
