//! The connections that hold roster data, and whether a connection's demographics may be
//! shown: a synced connection's only when its last sync read them (the token held
//! `roster-demographics.readonly`) after its users; an import's when the bundle carried them.

use cairn_spec::Collection;
use cairn_store::cache::roster::latest_journal;
use rusqlite::Connection;

use super::error::RosterError;
use super::types::{DemographicsAccess, RosterSource};
use crate::app::{SourceKind, source_kind};

/// A connection, resolved.
#[derive(Debug, Clone)]
pub struct Source {
    /// Its row id.
    pub id: i64,
    /// Its name.
    pub name: String,
    /// Where its data comes from.
    pub kind: SourceKind,
}

/// The connection called `name`.
pub fn source(conn: &Connection, name: &str) -> Result<Source, RosterError> {
    let row = cairn_store::cache::connection(conn, name)?.ok_or_else(|| RosterError::NoConnection(name.to_owned()))?;
    Ok(Source { id: row.id, kind: source_kind(&row.name, &row.base_url), name: row.name })
}

/// The scope that grants demographics.
pub const DEMOGRAPHICS_SCOPE: &str = "roster-demographics.readonly";

/// Whether `source`'s demographics may be shown.
pub fn demographics_access(conn: &Connection, source: &Source) -> Result<DemographicsAccess, RosterError> {
    let cached = count(conn, source.id, Collection::Demographics)?;
    if source.kind == SourceKind::Import {
        let note = if cached == 0 {
            "The imported files carry no demographics.".to_owned()
        } else {
            "Imported from files that carry demographics: shown masked, each user's revealed on request, never exported unless asked."
                .to_owned()
        };
        return Ok(DemographicsAccess { allowed: cached > 0, cached, note });
    }
    let name = Collection::Demographics.name();
    let last = latest_journal(conn, source.id, name, false)?;
    let complete = latest_journal(conn, source.id, name, true)?;
    let users = latest_journal(conn, source.id, Collection::Users.name(), true)?;
    let read_after_users = match (&complete, &users) {
        (Some((_, demographics)), Some((_, users))) => demographics >= users,
        (Some(_), None) => true,
        _ => false,
    };
    let forbidden = last.as_ref().is_some_and(|(outcome, _)| outcome == "forbidden");
    let allowed = !forbidden && read_after_users;
    let note = if allowed {
        "The connection's token holds the demographics scope: demographics are shown masked, each user's revealed on request, and never exported unless asked.".to_owned()
    } else if forbidden {
        format!(
            "The server refused demographics at the last sync (403): the connection's token does not hold the demographics scope ({DEMOGRAPHICS_SCOPE}). Demographics are not shown."
        )
    } else {
        format!(
            "The connection's token does not hold the demographics scope ({DEMOGRAPHICS_SCOPE}), so its last sync did not read demographics. They are not shown; ask the provider for that scope to see them."
        )
    };
    Ok(DemographicsAccess { allowed, cached, note })
}

/// Every connection with orgs, classes or users cached, by name.
pub fn roster_sources(conn: &Connection) -> Result<Vec<RosterSource>, RosterError> {
    let mut out = Vec::new();
    for row in cairn_store::cache::connections(conn)? {
        let source = Source { id: row.id, kind: source_kind(&row.name, &row.base_url), name: row.name };
        let (orgs, classes, users) = (
            count(conn, source.id, Collection::Orgs)?,
            count(conn, source.id, Collection::Classes)?,
            count(conn, source.id, Collection::Users)?,
        );
        if orgs + classes + users == 0 {
            continue;
        }
        out.push(RosterSource {
            connection: source.name.clone(),
            kind: source.kind,
            orgs,
            classes,
            users,
            enrollments: count(conn, source.id, Collection::Enrollments)?,
            demographics: demographics_access(conn, &source)?,
        });
    }
    Ok(out)
}

/// How many records of `collection` the connection caches (saturating at `u32::MAX`).
fn count(conn: &Connection, connection_id: i64, collection: Collection) -> Result<u32, RosterError> {
    let n = cairn_store::cache::count(conn, connection_id, collection)?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}
