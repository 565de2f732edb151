//! The gradebook's commands on [`App`]: a class's gradebook from the cache with unsent writes
//! laid over it, a cell's edit checked ([`checks`]) and stored in the outbox, the six PUT kinds,
//! bulk POSTs and DELETEs stored likewise, the outbox sent ([`sender`]), retried, discarded and
//! listed as the audit. Storing a write changes no cached record, so it announces nothing (the
//! window refreshes its own gradebook views); a send does. Writes go to any saved connection
//! with its secret from the keyring; what its token was granted, and a server that refused
//! writes for the credentials, make the forms read-only with the reason.

pub mod checks;
mod edit;
mod hrefs;
mod kinds;
mod reconcile;
mod sender;
mod stage;
mod types;
mod unsent;
mod view;

use cairn_client::Client;
use cairn_spec::Collection;
use cairn_store::cache::outbox::{self, OutboxEntry};
use serde_json::Value;

pub use checks::{CellCheck, CheckFinding, ResultDraft, ScoreLimits, check_result};
pub use edit::result_record;
pub use hrefs::{Hrefs, fill_hrefs};
pub use kinds::{BULKS, KINDS, Kind, bulk_named, kind_named};
pub use sender::{SendOptions, send_outbox};
pub use stage::{stage_delete, stage_post, stage_put};
pub use types::{
    CellEdit, CellSave, ClassGradebook, GradebookCategory, GradebookCell, GradebookLineItem, GradebookRecordRef,
    GradebookScale, GradebookStudent, IdPair, OutboxItem, OutboxState, RecordState, RefusedCell, ResultsPost,
    SendReport, UnsentCount, WriteAccess, WriteFailure, WriteMethod,
};
pub use view::class_gradebook;

pub(crate) use unsent::UnsentTally;

use std::sync::PoisonError;

use super::{App, AppError, ErrorCode};
use cairn_sync::timestamp;

/// The scopes a write needs (suffixes).
const CREATEPUT: &str = "gradebook.createput";
const DELETE: &str = "gradebook.delete";

impl App {
    /// A class's gradebook.
    pub async fn gradebook_class(&self, connection: String, class_id: String) -> Result<ClassGradebook, AppError> {
        self.cache
            .read(move |conn| {
                let id = connection_id(conn, &connection)?;
                view::class_gradebook(conn, id, &connection, &class_id)
            })
            .await
    }

    /// Whether writes may be made to `connection`, and why not. Offline, the forms stay open
    /// (writes wait in the outbox) with the scopes unknown.
    pub async fn gradebook_access(&self, connection: String) -> Result<WriteAccess, AppError> {
        if let Some(reason) = self.write_refusal(&connection) {
            return Ok(WriteAccess::read_only(reason));
        }
        let client = match self.write_client(&connection).await {
            Ok(client) => client,
            Err(error) => return Ok(WriteAccess::read_only(format!("{connection}: {}", error.message))),
        };
        if client.is_anonymous() {
            return Ok(WriteAccess::read_only(format!(
                "{connection} has no authentication: writes need a client id and secret"
            )));
        }
        match client.granted_scopes().await {
            Ok(granted) => Ok(access_of(&granted)),
            Err(error) => {
                let error = AppError::from(error);
                match error.code {
                    ErrorCode::Offline => Ok(WriteAccess { put: true, delete: true, reason: None, offline: true }),
                    _ => Ok(WriteAccess::read_only(format!("{connection}: {}", error.message))),
                }
            }
        }
    }

    /// Checks a cell's edit and, when it passes, stores the PUT of its result in the outbox.
    pub async fn gradebook_save_cell(&self, connection: String, edit: CellEdit) -> Result<CellSave, AppError> {
        let (today, now, new_id) = (self.today(), self.now(), self.new_uuid());
        let name = connection.clone();
        self.write_outbox(move |tx| {
            let row = connection_row(tx, &name)?;
            let book = view::class_gradebook(tx, row.id, &name, &edit.class_id)?;
            let (check, record) = checked_result(tx, &row, &book, &edit, &new_id, &today, &now)?;
            let Some((record, label)) = record else { return Ok(CellSave { outbox_id: None, check }) };
            let kind = kind_named("results").ok_or_else(|| AppError::internal("results are not a kind"))?;
            let id = stage_put(tx, row.id, kind, &record, &label, &now)?;
            Ok(CellSave { outbox_id: Some(id), check })
        })
        .await
    }

    /// Checks the edits of cells of one line item (new results: "fill empty cells") and, when
    /// every one passes, stores them as one bulk POST (`postResultsForLineItem`); else stores
    /// nothing and answers each refused cell's checks.
    pub async fn gradebook_post_results(
        &self,
        connection: String,
        edits: Vec<CellEdit>,
        label: String,
    ) -> Result<ResultsPost, AppError> {
        let Some(first) = edits.first() else { return Err(AppError::new(ErrorCode::Invalid, "no cell to post")) };
        let (class_id, line_item) = (first.class_id.clone(), first.line_item.clone());
        if edits.iter().any(|e| e.class_id != class_id || e.line_item != line_item) {
            return Err(AppError::new(
                ErrorCode::Invalid,
                "a results POST holds the cells of one line item of one class",
            ));
        }
        let (today, now) = (self.today(), self.now());
        let ids: Vec<String> = edits.iter().map(|_| self.new_uuid()).collect();
        let name = connection.clone();
        self.write_outbox(move |tx| {
            let row = connection_row(tx, &name)?;
            let book = view::class_gradebook(tx, row.id, &name, &class_id)?;
            let (mut records, mut refused) = (Vec::new(), Vec::new());
            for (edit, new_id) in edits.iter().zip(&ids) {
                match checked_result(tx, &row, &book, edit, new_id, &today, &now)? {
                    (_, Some((record, _))) => records.push(record),
                    (check, None) => refused.push(RefusedCell { student: edit.student.clone(), check }),
                }
            }
            if !refused.is_empty() {
                return Ok(ResultsPost { outbox_id: None, refused });
            }
            let bulk = bulk_named("postResultsForLineItem")
                .ok_or_else(|| AppError::internal("postResultsForLineItem is not a bulk POST"))?;
            let id = stage_post(tx, row.id, bulk, &line_item, &records, &label, &now)?;
            Ok(ResultsPost { outbox_id: Some(id), refused })
        })
        .await
    }

    /// Stores a PUT of any of the six kinds (`collection` by name: `lineItems`, ...).
    pub async fn gradebook_put(
        &self,
        connection: String,
        collection: String,
        record: Value,
        label: String,
    ) -> Result<i64, AppError> {
        let kind = kind_named(&collection).ok_or_else(|| {
            AppError::new(ErrorCode::Invalid, format!("{collection} is not written from the gradebook"))
        })?;
        let (now, name) = (self.now(), connection.clone());
        let id = self
            .write_outbox(move |tx| {
                let row = connection_row(tx, &name)?;
                let mut record = record;
                fill_hrefs(&mut record, &Hrefs::of(&row)?);
                stage_put(tx, row.id, kind, &record, &label, &now)
            })
            .await?;
        Ok(id)
    }

    /// Stores a bulk POST (`postLineItemsForClass` or `postResultsForLineItem`) to `parent`.
    pub async fn gradebook_post(
        &self,
        connection: String,
        operation: String,
        parent: String,
        records: Vec<Value>,
        label: String,
    ) -> Result<i64, AppError> {
        let bulk = bulk_named(&operation).ok_or_else(|| {
            AppError::new(ErrorCode::Invalid, format!("{operation} is not a bulk POST the gradebook makes"))
        })?;
        let (now, name) = (self.now(), connection.clone());
        let id = self
            .write_outbox(move |tx| {
                let row = connection_row(tx, &name)?;
                let hrefs = Hrefs::of(&row)?;
                let mut records = records;
                records.iter_mut().for_each(|r| fill_hrefs(r, &hrefs));
                stage_post(tx, row.id, bulk, &parent, &records, &label, &now)
            })
            .await?;
        Ok(id)
    }

    /// Stores a DELETE.
    pub async fn gradebook_delete(
        &self,
        connection: String,
        collection: String,
        id: String,
        label: String,
    ) -> Result<i64, AppError> {
        let kind = kind_named(&collection).ok_or_else(|| {
            AppError::new(ErrorCode::Invalid, format!("{collection} is not written from the gradebook"))
        })?;
        let (now, name) = (self.now(), connection.clone());
        let entry = self
            .write_outbox(move |tx| {
                let cid = connection_id(tx, &name)?;
                stage_delete(tx, cid, kind, &id, &label, &now)
            })
            .await?;
        Ok(entry)
    }

    /// Sends `connection`'s pending writes. A server that refuses them for the credentials
    /// (401 after a new token, or 403) makes its forms read-only until the connection is saved
    /// again.
    pub async fn gradebook_send(&self, connection: String) -> Result<SendReport, AppError> {
        // A send already running (the window's retry, a click) is waited for, never overlapped.
        let _one_at_a_time = self.sending.lock().await;
        let client = self.write_client(&connection).await?;
        let report = send_outbox(&client, &self.cache, &connection, self.clock.clone(), SendOptions::default()).await;
        self.recount_unsent().await;
        self.changed(&connection);
        if let Ok(SendReport { refused: Some(reason), .. }) = &report {
            log::warn!("{connection} refused gradebook writes: {reason}");
            self.write_refusals.lock().unwrap_or_else(PoisonError::into_inner).insert(connection, reason.clone());
        }
        report
    }

    /// Why `connection`'s server refused writes this session, if it did.
    fn write_refusal(&self, connection: &str) -> Option<String> {
        self.write_refusals.lock().unwrap_or_else(PoisonError::into_inner).get(connection).cloned()
    }

    /// Forgets that `connection` refused writes (its settings or secret changed).
    pub(crate) fn forget_write_refusal(&self, connection: &str) {
        self.write_refusals.lock().unwrap_or_else(PoisonError::into_inner).remove(connection);
    }

    /// The writes of a connection (every connection with `None`), newest first: every write
    /// made from this computer, or only those not yet sent.
    pub async fn gradebook_outbox(
        &self,
        connection: Option<String>,
        unsent_only: bool,
    ) -> Result<Vec<OutboxItem>, AppError> {
        self.cache
            .read(move |conn| {
                let mut items = Vec::new();
                for row in cairn_store::cache::connections(conn)? {
                    if connection.as_ref().is_some_and(|c| c != &row.name) {
                        continue;
                    }
                    for entry in outbox::list(conn, row.id, &[])? {
                        if !unsent_only || entry.state.is_unsent() {
                            items.push(item_of(&row.name, entry)?);
                        }
                    }
                }
                items.sort_by_key(|item| std::cmp::Reverse(item.id));
                Ok::<_, AppError>(items)
            })
            .await
    }

    /// Unsent writes per connection (the app says so at start).
    pub async fn gradebook_unsent(&self) -> Result<Vec<UnsentCount>, AppError> {
        let counts = self.cache.read(outbox::unsent_counts).await?;
        Ok(counts
            .into_iter()
            .map(|(connection, count)| UnsentCount { connection, count: count.min(u64::from(u32::MAX)) as u32 })
            .collect())
    }

    /// How many writes are unsent in every connection, from memory: no database is read, so the
    /// window asks on its own thread before it closes.
    pub fn gradebook_unsent_total(&self) -> u64 {
        self.unsent.total()
    }

    /// Runs `work` in a write transaction that changes the outbox, and keeps the count of unsent
    /// writes that transaction leaves.
    async fn write_outbox<T, F>(&self, work: F) -> Result<T, AppError>
    where
        T: Send + 'static,
        F: FnOnce(&rusqlite::Transaction<'_>) -> Result<T, AppError> + Send + 'static,
    {
        let tally = self.unsent.clone();
        let (answer, counted) = self
            .cache
            .write(move |tx| {
                let answer = work(tx)?;
                Ok::<_, AppError>((answer, tally.count(tx)?))
            })
            .await?;
        self.unsent.keep(counted);
        Ok(answer)
    }

    /// Counts the unsent writes again, after the outbox changed in transactions of their own (a
    /// send, a connection removed). A count that fails keeps the one before, which is never
    /// lower than the truth after those changes: at worst the window asks once too often.
    pub(crate) async fn recount_unsent(&self) {
        if let Err(error) = self.write_outbox(|_| Ok(())).await {
            log::warn!("the unsent gradebook writes could not be counted again: {}", error.message);
        }
    }

    /// Puts a failed write back in line, with a new body when given.
    pub async fn gradebook_retry(&self, id: i64, body: Option<Value>) -> Result<bool, AppError> {
        let now = self.now();
        let body = body.map(|b| b.to_string());
        let (done, connection) = self
            .write_outbox(move |tx| {
                let done = outbox::retry(tx, id, &now, body.as_deref())?;
                Ok::<_, AppError>((done, entry_connection(tx, id)?))
            })
            .await?;
        if let Some(connection) = connection {
            self.changed(&connection);
        }
        Ok(done)
    }

    /// Gives up an unsent write (kept in the audit).
    pub async fn gradebook_discard(&self, id: i64) -> Result<bool, AppError> {
        let now = self.now();
        let (done, connection) = self
            .write_outbox(move |tx| {
                let done = outbox::discard(tx, id, &now)?;
                Ok::<_, AppError>((done, entry_connection(tx, id)?))
            })
            .await?;
        if let Some(connection) = connection {
            self.changed(&connection);
        }
        Ok(done)
    }

    /// A new identifier (a version-4 UUID from the app's random source).
    pub fn new_uuid(&self) -> String {
        let mut b = [0u8; 16];
        self.entropy.fill(&mut b);
        b[6] = (b[6] & 0x0f) | 0x40;
        b[8] = (b[8] & 0x3f) | 0x80;
        let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
        format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
    }

    fn now(&self) -> String {
        timestamp(self.clock.now())
    }

    /// A client for writing to `connection` (the built-in sandbox started when it is not
    /// running; a saved one with its secret from the keyring) with the app's settings.
    async fn write_client(&self, connection: &str) -> Result<Client, AppError> {
        Ok(Client::new(self.client_config(connection).await?)?)
    }
}

/// A cell's edit checked against its line item, scale and class, and when it passes the
/// result record to write (with its outbox label); `new_id` names a result not yet made.
fn checked_result(
    conn: &rusqlite::Connection,
    row: &cairn_store::cache::ConnectionRow,
    book: &ClassGradebook,
    edit: &CellEdit,
    new_id: &str,
    today: &str,
    now: &str,
) -> Result<(CellCheck, Option<(Value, String)>), AppError> {
    let item = book.line_items.iter().find(|l| l.id == edit.line_item).ok_or_else(|| {
        AppError::not_found(format!("no line item {} in the class {}", edit.line_item, edit.class_id))
    })?;
    if item.state != RecordState::Server {
        return Err(AppError::new(
            ErrorCode::Invalid,
            format!("{} is not on the server yet: send changes first, then enter its results", item.title),
        ));
    }
    let cell = book.cells.iter().find(|c| c.student == edit.student && c.line_item == edit.line_item);
    let existing = match cell {
        Some(c) if c.state == RecordState::Server => {
            cairn_store::cache::record(conn, row.id, Collection::Results, &c.result_id)?
                .and_then(|j| serde_json::from_str::<Value>(&j).ok())
        }
        Some(c) => pending_result(conn, c.outbox_id)?,
        None => None,
    };
    let draft = edit::draft_of(edit, existing.as_ref(), today);
    let check =
        check_result(&draft, &edit::limits_of(item, &book.scales), |s| book.students.iter().any(|st| st.id == s));
    if !check.passes() {
        return Ok((check, None));
    }
    let record = result_record(edit, existing.as_ref(), new_id, &Hrefs::of(row)?, today, now);
    let student = book.students.iter().find(|s| s.id == edit.student).map_or(edit.student.as_str(), |s| &s.name);
    Ok((check, Some((record, format!("Result: {student} · {}", item.title)))))
}

/// What the granted scopes (suffixes) allow to write, and why not.
pub fn access_of(granted: &[String]) -> WriteAccess {
    let (put, delete) = (granted.iter().any(|s| s == CREATEPUT), granted.iter().any(|s| s == DELETE));
    let missing: Vec<&str> =
        [(put, CREATEPUT), (delete, DELETE)].iter().filter(|(ok, _)| !ok).map(|(_, s)| *s).collect();
    let reason = (!missing.is_empty())
        .then(|| format!("the server did not grant {}: those writes are read-only", missing.join(" and ")));
    WriteAccess { put, delete, reason, offline: false }
}

/// The saved row of the connection called `name`.
fn connection_row(conn: &rusqlite::Connection, name: &str) -> Result<cairn_store::cache::ConnectionRow, AppError> {
    cairn_store::cache::connection(conn, name)?.ok_or_else(|| AppError::not_found(format!("no connection {name:?}")))
}

/// The id of the connection called `name`.
fn connection_id(conn: &rusqlite::Connection, name: &str) -> Result<i64, AppError> {
    cairn_store::cache::find_connection(conn, name)?
        .ok_or_else(|| AppError::not_found(format!("no connection {name:?}")))
}

fn entry_connection(conn: &rusqlite::Connection, id: i64) -> Result<Option<String>, AppError> {
    let Some(entry) = outbox::get(conn, id)? else { return Ok(None) };
    Ok(cairn_store::cache::connections(conn)?.into_iter().find(|c| c.id == entry.connection_id).map(|c| c.name))
}

/// The result an unsent write will make.
fn pending_result(conn: &rusqlite::Connection, id: Option<i64>) -> Result<Option<Value>, AppError> {
    let Some(id) = id else { return Ok(None) };
    let body = outbox::get(conn, id)?.and_then(|e| e.write.body);
    Ok(body.and_then(|b| serde_json::from_str::<Value>(&b).ok()).and_then(|mut b| b.get_mut("result").map(Value::take)))
}

fn json(text: Option<&str>) -> Option<Value> {
    text.and_then(|t| serde_json::from_str(t).ok())
}

/// An outbox row as the window shows it; a method the app never stores is the cache's damage.
pub fn item_of(connection: &str, entry: OutboxEntry) -> Result<OutboxItem, AppError> {
    let method = WriteMethod::parse(&entry.write.method).ok_or_else(|| {
        AppError::store(format!("the outbox's write {} has an unknown method {:?}", entry.id, entry.write.method))
    })?;
    let pairs = json(entry.answer.as_deref())
        .and_then(|a| a.as_array().cloned())
        .unwrap_or_default()
        .iter()
        .filter_map(|p| {
            Some(IdPair {
                supplied: p.get("suppliedSourcedId")?.as_str()?.to_owned(),
                allocated: p.get("allocatedSourcedId")?.as_str()?.to_owned(),
            })
        })
        .collect();
    Ok(OutboxItem {
        id: entry.id,
        connection: connection.to_owned(),
        method,
        operation: entry.write.operation,
        collection: entry.write.collection,
        record_id: entry.write.record_id,
        label: entry.write.label,
        state: entry.state.into(),
        attempts: entry.attempts,
        body: json(entry.write.body.as_deref()),
        before: json(entry.write.before.as_deref()),
        after: json(entry.after.as_deref()),
        pairs,
        error: entry.error.as_deref().and_then(|e| serde_json::from_str(e).ok()),
        created_at: entry.created_at,
        updated_at: entry.updated_at,
        sent_at: entry.sent_at,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_are_read_only_without_their_scopes_and_say_why() {
        let all = access_of(&["gradebook.readonly".into(), CREATEPUT.into(), DELETE.into()]);
        assert_eq!((all.put, all.delete, all.reason), (true, true, None));
        let read = access_of(&["gradebook.readonly".into()]);
        assert_eq!((read.put, read.delete), (false, false));
        assert_eq!(
            read.reason.as_deref(),
            Some("the server did not grant gradebook.createput and gradebook.delete: those writes are read-only")
        );
        let no_delete = access_of(&[CREATEPUT.into()]);
        assert_eq!((no_delete.put, no_delete.delete), (true, false));
        assert!(no_delete.reason.unwrap_or_default().contains("gradebook.delete"));
    }
}
