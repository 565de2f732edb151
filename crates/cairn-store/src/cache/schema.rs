//! The cache's schema, generated from the table specs: connections, one table per collection
//! (full JSON plus relation columns), link tables, full-text indexes, and the sync journal.

use std::borrow::Cow;

use crate::migrate::Migration;

use super::tables::TABLES;

/// The cache database's migrations, in order.
pub fn migrations() -> Vec<Migration> {
    vec![
        Migration { name: "cache", sql: Cow::Owned(initial()) },
        Migration { name: "unlisted frameworks and HTTP validators", sql: Cow::Borrowed(LISTING_AND_VALIDATORS) },
        Migration { name: "the columns a framework's outline is read from", sql: Cow::Owned(added_columns(3)) },
        Migration { name: "the roster inspector's indexes", sql: Cow::Borrowed(super::roster::ROSTER_INDEXES) },
        Migration { name: "the app's settings", sql: Cow::Borrowed(super::app_settings::APP_SETTINGS) },
        Migration { name: "the gradebook outbox", sql: Cow::Borrowed(super::outbox::OUTBOX) },
        Migration {
            name: "covering indexes for a framework's outline",
            sql: Cow::Borrowed(super::outline::OUTLINE_INDEXES),
        },
        Migration {
            name: "association ends indexed across connections",
            sql: Cow::Borrowed(super::node_links::NODE_LINK_INDEXES),
        },
        Migration { name: "indexes no read uses, dropped", sql: Cow::Borrowed(super::unread_indexes::UNREAD_INDEXES) },
    ]
}

/// The columns migration `version` adds, filled from the records already cached as the writer
/// fills them: a scalar at the dotted path as text (`true`/`false` for booleans), else NULL.
/// None of these paths crosses an array.
fn added_columns(version: u32) -> String {
    let mut sql = String::new();
    for spec in TABLES {
        let added: Vec<_> = spec.columns.iter().filter(|c| c.since == version).collect();
        if added.is_empty() {
            continue;
        }
        let t = spec.table;
        for column in &added {
            sql.push_str(&format!("ALTER TABLE {t} ADD COLUMN {} TEXT;\n", column.name));
        }
        let sets: Vec<String> = added
            .iter()
            .map(|c| {
                let path = format!("'$.{}'", c.path);
                format!(
                    "{} = CASE WHEN json_valid(json) THEN CASE json_type(json, {path}) \
                     WHEN 'text' THEN json_extract(json, {path}) WHEN 'integer' THEN json_extract(json, {path}) \
                     WHEN 'real' THEN json_extract(json, {path}) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' \
                     END END",
                    c.name
                )
            })
            .collect();
        sql.push_str(&format!("UPDATE {t} SET {};\n", sets.join(", ")));
    }
    sql
}

/// Migration 2: when a framework's document stopped being listed by its server (kept until
/// the user prunes it), and the `ETag` / `Last-Modified` a server sent per resource.
const LISTING_AND_VALIDATORS: &str = "
    ALTER TABLE cf_documents ADD COLUMN unlisted_since TEXT;
    CREATE TABLE http_validators (
        connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        resource TEXT NOT NULL,
        etag TEXT,
        last_modified TEXT,
        PRIMARY KEY (connection_id, resource)
    ) WITHOUT ROWID;
";

fn initial() -> String {
    let mut sql = String::from(
        "CREATE TABLE connections (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            base_url TEXT NOT NULL,
            settings TEXT NOT NULL DEFAULT '{}'
        );
        CREATE TABLE sync_journal (
            id INTEGER PRIMARY KEY,
            connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
            collection TEXT NOT NULL,
            mode TEXT NOT NULL,
            started_at TEXT NOT NULL,
            finished_at TEXT,
            outcome TEXT NOT NULL,
            records INTEGER NOT NULL DEFAULT 0,
            message TEXT
        );
        CREATE INDEX sync_journal_by_connection ON sync_journal (connection_id, collection, id);
        ",
    );
    for spec in TABLES {
        let t = spec.table;
        let columns: String =
            spec.columns.iter().filter(|c| c.since == 1).map(|c| format!("{} TEXT, ", c.name)).collect();
        sql.push_str(&format!(
            "CREATE TABLE {t} (
                connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
                id TEXT NOT NULL,
                {columns}to_be_deleted INTEGER NOT NULL DEFAULT 0,
                json TEXT NOT NULL,
                UNIQUE (connection_id, id)
            );\n"
        ));
        for column in spec.columns.iter().filter(|c| c.indexed && c.since == 1) {
            sql.push_str(&format!("CREATE INDEX {t}_{c} ON {t} (connection_id, {c});\n", c = column.name));
        }
        for link in spec.links {
            let l = link.table;
            sql.push_str(&format!(
                "CREATE TABLE {l} (
                    connection_id INTEGER NOT NULL,
                    id TEXT NOT NULL,
                    target TEXT NOT NULL,
                    PRIMARY KEY (connection_id, id, target),
                    FOREIGN KEY (connection_id, id) REFERENCES {t} (connection_id, id) ON DELETE CASCADE
                ) WITHOUT ROWID;
                CREATE INDEX {l}_target ON {l} (connection_id, target);\n"
            ));
        }
        if !spec.search.is_empty() {
            sql.push_str(&format!(
                "CREATE VIRTUAL TABLE {t}_fts USING fts5(text, content='', contentless_delete=1, \
                 tokenize='unicode61 remove_diacritics 2');\n"
            ));
        }
    }
    sql
}
