//! Opening the cache a reading command works on: it must exist (reading never creates one).

use std::path::Path;

use anyhow::{Context, bail};
use cairn_store::cache::CacheHandle;
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

/// The cache at `db` (created if needed) as the one handle a writing command goes through.
pub fn open_cache(db: &Path) -> anyhow::Result<CacheHandle> {
    CacheHandle::open(db).with_context(|| format!("opening {}", db.display()))
}
