//! Versioned migrations tracked in `PRAGMA user_version`, each applied in its own transaction.

use std::borrow::Cow;

use rusqlite::Connection;

use crate::error::StoreError;

/// One schema step: applied once, in order, never edited after release.
#[derive(Debug, Clone)]
pub struct Migration {
    /// What the step does, for error messages.
    pub name: &'static str,
    /// The SQL, run as one batch (generated steps own their text).
    pub sql: Cow<'static, str>,
}

/// Brings the database up to `migrations.len()`; refuses a database from a newer build.
/// Returns the version the database was at before.
pub fn migrate(conn: &mut Connection, migrations: &[Migration]) -> Result<u32, StoreError> {
    let known = u32::try_from(migrations.len()).unwrap_or(u32::MAX);
    let found: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    if found > known {
        return Err(StoreError::TooNew { found, known });
    }
    for (index, migration) in migrations.iter().enumerate().skip(found as usize) {
        let version = index as u32 + 1;
        let failed = |source| StoreError::Migration { version, name: migration.name, source };
        let tx = conn.transaction().map_err(failed)?;
        tx.execute_batch(&migration.sql).map_err(failed)?;
        tx.pragma_update(None, "user_version", version).map_err(failed)?;
        tx.commit().map_err(failed)?;
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::open_in_memory;

    const STEPS: &[Migration] = &[
        Migration { name: "people", sql: Cow::Borrowed("CREATE TABLE people (id TEXT PRIMARY KEY);") },
        Migration { name: "names", sql: Cow::Borrowed("ALTER TABLE people ADD COLUMN name TEXT;") },
    ];

    #[test]
    fn applies_each_step_once() {
        let mut conn = open_in_memory().unwrap();
        assert_eq!(migrate(&mut conn, &STEPS[..1]).unwrap(), 0);
        assert_eq!(migrate(&mut conn, STEPS).unwrap(), 1);
        assert_eq!(migrate(&mut conn, STEPS).unwrap(), 2);
        conn.execute("INSERT INTO people (id, name) VALUES ('1', 'Ada')", []).unwrap();
    }

    #[test]
    fn a_failed_step_leaves_the_database_as_it_was() {
        let mut conn = open_in_memory().unwrap();
        let broken = [
            STEPS[0].clone(),
            Migration { name: "broken", sql: Cow::Borrowed("CREATE TABLE x (a); SELECT nonsense FROM nowhere;") },
        ];
        let err = migrate(&mut conn, &broken).unwrap_err();
        assert!(err.to_string().starts_with("migration 2 (broken) failed"), "{err}");
        let version: u32 = conn.pragma_query_value(None, "user_version", |r| r.get(0)).unwrap();
        assert_eq!(version, 1);
        match conn.prepare("SELECT * FROM x") {
            Err(rusqlite::Error::SqliteFailure(_, Some(message))) => {
                assert!(message.contains("no such table"), "{message}")
            }
            other => panic!("table x was not rolled back: {:?}", other.map(|_| ())),
        }
    }

    #[test]
    fn refuses_a_newer_database() {
        let mut conn = open_in_memory().unwrap();
        migrate(&mut conn, STEPS).unwrap();
        assert!(matches!(migrate(&mut conn, &STEPS[..1]), Err(StoreError::TooNew { found: 2, known: 1 })));
    }
}
