//! A class roster as CSV — teachers and students (other members too) with their enrollment
//! dates — written to the data folder's `exports/`; demographics columns only when asked for
//! and only where the connection may show them.

use std::collections::HashMap;

use cairn_spec::Collection;
use rusqlite::Connection;

use super::error::RosterError;
use super::json::{flatten, parse};
use super::source::{Source, demographics_access};
use super::types::{ClassMember, ClassPage};
use cairn_files::export::DEMOGRAPHIC_FIELDS;

/// The demographics fields exported when asked for: the record's own, then its status.
fn demographics_fields() -> impl Iterator<Item = &'static str> {
    DEMOGRAPHIC_FIELDS.into_iter().chain(["status"])
}

/// The roster of `page` as CSV text.
pub fn roster_csv(
    conn: &Connection,
    source: &Source,
    page: &ClassPage,
    with_demographics: bool,
) -> Result<String, RosterError> {
    if with_demographics {
        let access = demographics_access(conn, source)?;
        if !access.allowed {
            return Err(RosterError::NoDemographicsScope(access.note));
        }
    }
    let mut out = csv::WriterBuilder::new().from_writer(Vec::new());
    let mut header: Vec<String> = [
        "role",
        "primary",
        "userSourcedId",
        "familyName",
        "givenName",
        "preferredFirstName",
        "username",
        "identifier",
        "email",
        "enrollmentSourcedId",
        "beginDate",
        "endDate (exclusive)",
        "enrollmentStatus",
        "classSourcedId",
        "classTitle",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    if with_demographics {
        header.extend(demographics_fields().map(|f| format!("demographics.{f}")));
    }
    let write_err = |e: csv::Error| RosterError::Export(format!("cannot write the roster: {e}"));
    out.write_record(&header).map_err(write_err)?;
    let members: Vec<&ClassMember> = page.teachers.iter().chain(&page.students).chain(&page.others).collect();
    for member in members {
        let mut row: Vec<String> = vec![
            member.role.clone(),
            if member.role == "teacher" { member.primary.to_string() } else { String::new() },
            member.user.id.clone(),
            member.family_name.clone().unwrap_or_default(),
            member.given_name.clone().unwrap_or_default(),
            member.preferred_first_name.clone().unwrap_or_default(),
            member.username.clone().unwrap_or_default(),
            member.identifier.clone().unwrap_or_default(),
            member.email.clone().unwrap_or_default(),
            member.enrollment_id.clone(),
            member.begin_date.clone().unwrap_or_default(),
            member.end_date.clone().unwrap_or_default(),
            if member.inactive { "tobedeleted".to_owned() } else { "active".to_owned() },
            page.link.id.clone(),
            page.link.label.clone(),
        ];
        if with_demographics {
            let fields: HashMap<String, String> =
                match cairn_store::cache::record(conn, source.id, Collection::Demographics, &member.user.id)? {
                    Some(raw) => flatten(&parse(&raw), 100).into_iter().map(|f| (f.name, f.value)).collect(),
                    None => HashMap::new(),
                };
            row.extend(demographics_fields().map(|f| fields.get(f).cloned().unwrap_or_default()));
        }
        out.write_record(&row).map_err(write_err)?;
    }
    let bytes = out.into_inner().map_err(|e| RosterError::Export(format!("cannot write the roster: {e}")))?;
    String::from_utf8(bytes).map_err(|e| RosterError::Export(e.to_string()))
}

/// The file name of a class's roster export.
pub fn file_name(page: &ClassPage, with_demographics: bool) -> String {
    let suffix = if with_demographics { " with demographics" } else { "" };
    format!("Roster of {}{suffix}.csv", page.link.label)
}
