//! Migration 5: the gradebook outbox — every write stored before it is sent, with its state,
//! what the server answered and what the record was before and after (the audit reads it).

/// The SQL of migration 5.
pub(crate) const OUTBOX: &str = "
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        connection_id INTEGER NOT NULL REFERENCES connections(id) ON DELETE CASCADE,
        method TEXT NOT NULL CHECK (method IN ('PUT', 'POST', 'DELETE')),
        operation TEXT NOT NULL,
        params TEXT NOT NULL,
        collection TEXT NOT NULL,
        record_id TEXT NOT NULL,
        label TEXT NOT NULL,
        body TEXT,
        before TEXT,
        after TEXT,
        answer TEXT,
        state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'discarded')),
        attempts INTEGER NOT NULL DEFAULT 0,
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL,
        sent_at TEXT
    );
    CREATE INDEX outbox_by_state ON outbox (connection_id, state, id);
    CREATE INDEX outbox_by_record ON outbox (connection_id, record_id, id);
";
