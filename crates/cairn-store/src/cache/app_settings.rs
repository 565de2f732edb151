//! The app's own settings (page size, timeouts, theme, ...) as JSON values by key in the
//! `app_settings` table (migration 5), so they live with the cache they tune.

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::StoreError;

/// Migration 5: the app's settings.
pub(crate) const APP_SETTINGS: &str = "
    CREATE TABLE app_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID;
";

/// The value saved under `key`.
pub fn app_setting(conn: &Connection, key: &str) -> Result<Option<String>, StoreError> {
    let mut statement = conn.prepare_cached("SELECT value FROM app_settings WHERE key = ?1")?;
    Ok(statement.query_row([key], |r| r.get(0)).optional()?)
}

/// Saves `value` under `key`, replacing what was there.
pub fn save_app_setting(conn: &Connection, key: &str, value: &str) -> Result<(), StoreError> {
    conn.prepare_cached(
        "INSERT INTO app_settings (key, value) VALUES (?1, ?2) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    )?
    .execute(params![key, value])?;
    Ok(())
}
