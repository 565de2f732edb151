//! A user's demographics, revealed on request — and only where the connection may show them.

use cairn_spec::Collection;
use rusqlite::Connection;

use super::error::RosterError;
use super::json::{flatten, parse};
use super::source::{Source, demographics_access};
use super::types::DemographicsRecord;

/// The fields the demographics view leaves out (the common ones).
const COMMON: [&str; 3] = ["sourcedId", "status", "dateLastModified"];

/// The demographics of `user`, when the connection may show them.
pub fn demographics(conn: &Connection, source: &Source, user: &str) -> Result<DemographicsRecord, RosterError> {
    let access = demographics_access(conn, source)?;
    if !access.allowed {
        return Err(RosterError::NoDemographicsScope(access.note));
    }
    let raw = cairn_store::cache::record(conn, source.id, Collection::Demographics, user)?.ok_or_else(|| {
        RosterError::NotFound { collection: "demographics".into(), id: user.into(), connection: source.name.clone() }
    })?;
    let fields = flatten(&parse(&raw), 200).into_iter().filter(|f| !COMMON.contains(&f.name.as_str())).collect();
    Ok(DemographicsRecord { user_id: user.to_owned(), fields, raw })
}
