//! Users as you type: by name (preferred first name too), email, username, identifier or
//! sourcedId, through the cache's full-text index, sorted by name.

use cairn_graph::natural_cmp;
use cairn_spec::Collection;
use rusqlite::Connection;

use super::error::RosterError;
use super::names::list_name;
use super::source::Source;
use super::types::{RecordLink, UserHit};

/// At most `limit` users matching `query`.
pub fn search_users(conn: &Connection, source: &Source, query: &str, limit: u32) -> Result<Vec<UserHit>, RosterError> {
    let hits = cairn_store::cache::roster::search_users(conn, source.id, query, limit)?;
    let exact = hits.first().filter(|h| h.id == query.trim()).map(|h| h.id.clone());
    let mut out: Vec<UserHit> = hits
        .into_iter()
        .map(|h| UserHit {
            link: RecordLink {
                collection: Collection::Users.name().to_owned(),
                label: list_name(h.given.as_deref(), h.family.as_deref(), &h.id),
                id: h.id,
                missing: false,
                inactive: h.inactive,
            },
            preferred_first_name: h.preferred,
            username: h.username,
            email: h.email,
            identifier: h.identifier,
            roles: h.roles,
        })
        .collect();
    // The user whose sourcedId was typed stays first; the rest by name.
    out.sort_by(|a, b| {
        let first = |h: &UserHit| Some(&h.link.id) != exact.as_ref();
        first(a).cmp(&first(b)).then_with(|| natural_cmp(&a.link.label, &b.link.label))
    });
    Ok(out)
}
