//! What the roster views share per connection, read once and kept until the connection's
//! cached data changes: every class's table row, the org hierarchy and the academic sessions.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use cairn_graph::roster::{OrgHierarchy, OrgRecord};
use cairn_store::cache::roster::{ClassRow, OrgRow, SessionRow, class_rows, orgs, sessions};
use rusqlite::Connection;

use super::error::RosterError;
use super::source::Source;

/// A connection's roster as the views share it.
#[derive(Debug)]
pub struct Loaded {
    /// Every class, in cache order.
    pub classes: Vec<ClassRow>,
    /// The org hierarchy.
    pub orgs: OrgHierarchy,
    /// Every org as read (identifier included).
    pub org_rows: HashMap<String, OrgRow>,
    /// Every academic session by sourcedId.
    pub sessions: HashMap<String, SessionRow>,
}

impl Loaded {
    /// Reads a connection's roster.
    pub fn read(conn: &Connection, source: &Source) -> Result<Loaded, RosterError> {
        let org_rows = orgs(conn, source.id)?;
        let hierarchy = OrgHierarchy::new(org_rows.iter().map(|o| OrgRecord {
            id: o.id.clone(),
            name: o.name.clone(),
            kind: o.kind.clone(),
            parent: o.parent.clone(),
            children: o.children.clone(),
            inactive: o.inactive,
        }));
        Ok(Loaded {
            classes: class_rows(conn, source.id)?,
            orgs: hierarchy,
            org_rows: org_rows.into_iter().map(|o| (o.id.clone(), o)).collect(),
            sessions: sessions(conn, source.id)?.into_iter().map(|s| (s.id.clone(), s)).collect(),
        })
    }
}

/// The loaded rosters, by connection name.
#[derive(Debug, Default)]
pub struct RosterMemo {
    loaded: Mutex<HashMap<String, Arc<Loaded>>>,
}

impl RosterMemo {
    /// The connection's roster, read when not kept.
    pub fn get(&self, conn: &Connection, source: &Source) -> Result<Arc<Loaded>, RosterError> {
        if let Some(kept) = self.loaded.lock().unwrap_or_else(PoisonError::into_inner).get(&source.name) {
            return Ok(kept.clone());
        }
        let loaded = Arc::new(Loaded::read(conn, source)?);
        self.loaded.lock().unwrap_or_else(PoisonError::into_inner).insert(source.name.clone(), loaded.clone());
        Ok(loaded)
    }

    /// Forgets what was read of `connection`.
    pub fn forget(&self, connection: &str) {
        let stale = self.loaded.lock().unwrap_or_else(PoisonError::into_inner).remove(connection);
        drop(stale);
    }
}
