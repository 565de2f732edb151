//! Opening the cache a reading command works on: it must exist (reading never creates one).

use std::path::Path;

use anyhow::{Context, bail};
use rusqlite::Connection;

/// How many entries of a list text output shows without `--all`.
pub const SHOWN: usize = 10;

/// The cache at `db`, which must already exist.
pub fn open_existing(db: &Path) -> anyhow::Result<Connection> {
    if !db.exists() {
        bail!("no cache at {}", db.display());
    }
    cairn_store::cache::open(db).with_context(|| format!("opening {}", db.display()))
}
