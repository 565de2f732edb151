//! Sending the outbox: a connection's pending writes (and those found `sending`, left on the
//! wire when the app stopped) go out in the order they were made — writes to one record one
//! after the other, different records a few at a time. Each is marked `sending` in a committed
//! transaction first; once the server accepts it, the record is read back and cached and the
//! write marked `sent` in one transaction, so the cache holds what the server holds.
//!
//! Nothing is sent blindly: a PUT or DELETE found `sending` is sent again (they are idempotent);
//! a POST that went out before is sent again only after reading what the server holds
//! ([`reconcile`](super::reconcile)). The client retries what it may (PUT on a 5xx, any
//! method on a 429 after its `Retry-After`, one token refresh on a 401). A write the server
//! refuses (4xx) becomes `failed` with the server's status object; one it failed on (5xx) or
//! that could not reach it stays `pending` with the error, and when the server cannot be
//! reached at all the rest wait for the next send.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use cairn_client::Client;
use cairn_spec::Collection;
use cairn_spec::operations::operation;
use cairn_store::cache::outbox::{self, OutboxEntry, WriteState};
use cairn_store::cache::{CacheHandle, CollectionWriter, WriteMode};
use serde_json::Value;
use tokio::sync::Semaphore;
use tokio::task::JoinSet;

use super::kinds::{bulk_named, kind_named};
use super::reconcile::{Held, held};
use super::types::{IdPair, SendReport, WriteFailure, WriteMethod};
use crate::app::AppError;
use cairn_sync::failure::{ErrorCode, Failure};
use cairn_sync::{Clock, timestamp};

/// How the outbox is sent.
#[derive(Debug, Clone, Copy)]
pub struct SendOptions {
    /// Different records written at once.
    pub concurrency: usize,
}

impl Default for SendOptions {
    fn default() -> Self {
        SendOptions { concurrency: 8 }
    }
}

/// How one write ended.
#[derive(Debug)]
enum Outcome {
    Sent,
    Pending,
    Failed,
    /// Another sender has it, or it is no longer unsent.
    Skipped,
}

/// What each sending task shares.
#[derive(Clone)]
struct Sender {
    client: Client,
    cache: CacheHandle,
    connection_id: i64,
    clock: Arc<dyn Clock>,
    offline: Arc<AtomicBool>,
    /// Why the server refused writes for the credentials, once it did.
    refused: Arc<std::sync::Mutex<Option<String>>>,
}

/// Sends `connection`'s pending writes; what became of each.
pub async fn send_outbox(
    client: &Client,
    cache: &CacheHandle,
    connection: &str,
    clock: Arc<dyn Clock>,
    options: SendOptions,
) -> Result<SendReport, AppError> {
    let name = connection.to_owned();
    let (connection_id, entries) = cache
        .read(move |conn| {
            let id = cairn_store::cache::find_connection(conn, &name)?
                .ok_or_else(|| AppError::not_found(format!("no connection {name:?}")))?;
            let entries = outbox::list(conn, id, &[WriteState::Pending, WriteState::Sending])?;
            Ok::<_, AppError>((id, entries))
        })
        .await?;
    let mut groups: Vec<Vec<OutboxEntry>> = Vec::new();
    let mut by_record: HashMap<(String, String), usize> = HashMap::new();
    for entry in entries {
        let key = (entry.write.collection.clone(), entry.write.record_id.clone());
        let at = *by_record.entry(key).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[at].push(entry);
    }
    let sender = Sender {
        client: client.clone(),
        cache: cache.clone(),
        connection_id,
        clock,
        offline: Arc::new(AtomicBool::new(false)),
        refused: Arc::default(),
    };
    let permits = Arc::new(Semaphore::new(options.concurrency.max(1)));
    let mut tasks = JoinSet::new();
    for group in groups {
        let permit = permits.clone().acquire_owned().await.map_err(|e| AppError::internal(e.to_string()))?;
        let sender = sender.clone();
        tasks.spawn(async move {
            let _permit = permit;
            let mut done = Vec::with_capacity(group.len());
            for entry in group {
                let outcome = if sender.offline.load(Ordering::SeqCst) {
                    Ok(Outcome::Pending)
                } else {
                    sender.send_one(&entry).await
                };
                let failed = outcome.is_err();
                done.push((entry.id, outcome));
                if failed {
                    break;
                }
            }
            done
        });
    }
    let mut report = SendReport::default();
    let mut first_error = None;
    while let Some(joined) = tasks.join_next().await {
        let done = joined.map_err(|e| AppError::internal(format!("a sending task stopped: {e}")))?;
        for (id, outcome) in done {
            match outcome {
                Ok(Outcome::Sent) => report.sent_ids.push(id),
                Ok(Outcome::Pending) => report.pending_ids.push(id),
                Ok(Outcome::Failed) => report.failed_ids.push(id),
                Ok(Outcome::Skipped) => {}
                Err(error) => {
                    report.pending_ids.push(id);
                    first_error.get_or_insert(error);
                }
            }
        }
    }
    if let Some(error) = first_error {
        return Err(error);
    }
    for ids in [&mut report.sent_ids, &mut report.pending_ids, &mut report.failed_ids] {
        ids.sort_unstable();
    }
    report.sent = report.sent_ids.len() as u32;
    report.pending = report.pending_ids.len() as u32;
    report.failed = report.failed_ids.len() as u32;
    report.refused = sender.refused.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take();
    report.offline = sender.offline.load(Ordering::SeqCst) && report.refused.is_none();
    Ok(report)
}

impl Sender {
    fn now(&self) -> String {
        timestamp(self.clock.now())
    }

    async fn send_one(&self, entry: &OutboxEntry) -> Result<Outcome, AppError> {
        let write = &entry.write;
        let op = operation(&write.operation)
            .ok_or_else(|| AppError::internal(format!("the outbox names an unknown operation {}", write.operation)))?;
        let params: Vec<String> = serde_json::from_str(&write.params)
            .map_err(|e| AppError::internal(format!("write {}: its path parameters: {e}", entry.id)))?;
        let body: Option<Value> = match &write.body {
            Some(text) => Some(
                serde_json::from_str(text)
                    .map_err(|e| AppError::internal(format!("write {}: its body: {e}", entry.id)))?,
            ),
            None => None,
        };
        let param_refs: Vec<&str> = params.iter().map(String::as_str).collect();
        if write.method == WriteMethod::Post.as_str() && entry.attempts > 0 {
            let bulk = bulk_named(&write.operation)
                .ok_or_else(|| AppError::internal(format!("{} is not a bulk POST", write.operation)))?;
            let posted = posted_records(body.as_ref(), bulk.collection);
            match held(&self.client, bulk, &write.record_id, &posted).await {
                Ok(Held::All(pairs)) => {
                    let (id, now) = (entry.id, self.now());
                    let marked = self.cache.write(move |tx| outbox::mark_sending(tx, id, &now)).await?;
                    if !marked {
                        return Ok(Outcome::Skipped);
                    }
                    return self.accepted(entry, bulk.collection, Some(pairs)).await;
                }
                Ok(Held::None) => {}
                Ok(Held::Some(n, of)) => {
                    let message = format!(
                        "the server holds {n} of the {of} records this POST sent before: it may have acted on \
                         part of it, so it is not sent again; check the records, then discard or edit it"
                    );
                    let failure = WriteFailure { message, failure: Failure::new(ErrorCode::Server) };
                    return self.settle(entry.id, WriteState::Failed, &failure).await;
                }
                Err(error) => return self.not_sent(entry.id, app_failure(&error)).await,
            }
        }
        let (id, now) = (entry.id, self.now());
        if !self.cache.write(move |tx| outbox::mark_sending(tx, id, &now)).await? {
            return Ok(Outcome::Skipped);
        }
        match self.client.call(op, &param_refs, None, body.as_ref()).await {
            Ok(reply) => {
                let collection = Collection::from_name(&write.collection)
                    .ok_or_else(|| AppError::internal(format!("unknown collection {}", write.collection)))?;
                let pairs = (write.method == WriteMethod::Post.as_str()).then(|| pairs_of(reply.body.as_ref()));
                self.accepted(entry, collection, pairs).await
            }
            Err(error) => {
                let failure = WriteFailure { message: error.to_string(), failure: Failure::from(&error) };
                self.not_sent(entry.id, failure).await
            }
        }
    }

    /// The server accepted the write: the record read back and cached (removed for a DELETE),
    /// and the write marked sent, in one transaction.
    async fn accepted(
        &self,
        entry: &OutboxEntry,
        collection: Collection,
        pairs: Option<Vec<IdPair>>,
    ) -> Result<Outcome, AppError> {
        let write = &entry.write;
        let kind = kind_named(&write.collection)
            .ok_or_else(|| AppError::internal(format!("{} is not written from the gradebook", write.collection)))?;
        let mut read = Vec::new();
        let ids: Vec<String> = match &pairs {
            Some(pairs) => pairs.iter().map(|p| p.allocated.clone()).collect(),
            None if write.method == WriteMethod::Put.as_str() => vec![write.record_id.clone()],
            None => Vec::new(),
        };
        for id in &ids {
            read.push(self.read_back(kind.get, collection, id).await);
        }
        // A record the server would not answer for is cached as it was sent (it was accepted).
        if write.method == WriteMethod::Put.as_str() && read.first().is_some_and(Option::is_none) {
            let sent = write.body.as_deref().and_then(|b| serde_json::from_str::<Value>(b).ok());
            read = vec![sent.and_then(|b| b.get(collection.single().unwrap_or_default()).cloned())];
        }
        let records: Vec<Value> = read.into_iter().flatten().collect();
        let after = match (WriteMethod::parse(&write.method), records.as_slice()) {
            (Some(WriteMethod::Put), [one]) => Some(one.to_string()),
            (Some(WriteMethod::Post), many) => Some(Value::Array(many.to_vec()).to_string()),
            _ => None,
        };
        let answer = pairs.as_ref().map(|pairs| {
            Value::Array(
                pairs
                    .iter()
                    .map(|p| serde_json::json!({"suppliedSourcedId": p.supplied, "allocatedSourcedId": p.allocated}))
                    .collect(),
            )
            .to_string()
        });
        let (id, now, connection_id) = (entry.id, self.now(), self.connection_id);
        let (delete, record_id) = (write.method == WriteMethod::Delete.as_str(), write.record_id.clone());
        self.cache
            .write(move |tx| {
                let mut writer = CollectionWriter::new(tx, connection_id, collection, WriteMode::Merge)?;
                if delete {
                    writer.remove(&record_id)?;
                }
                for record in &records {
                    writer.put(record)?;
                }
                drop(writer);
                outbox::mark_sent(tx, id, &now, after.as_deref(), answer.as_deref())?;
                Ok::<_, AppError>(())
            })
            .await?;
        Ok(Outcome::Sent)
    }

    /// The record as the server now holds it; `None` when it would not say.
    async fn read_back(&self, get: &str, collection: Collection, id: &str) -> Option<Value> {
        let op = operation(get)?;
        let reply = self.client.call(op, &[id], None, None).await.ok()?;
        reply.body?.get(collection.single()?).cloned()
    }

    /// The write did not go through: failed when the server refused it, pending otherwise
    /// (and when the server could not be reached, the rest wait too).
    async fn not_sent(&self, id: i64, failure: WriteFailure) -> Result<Outcome, AppError> {
        let state = match failure.failure.http_status {
            Some(401 | 403 | 408 | 429) => WriteState::Pending,
            Some(status) if (400..500).contains(&status) => WriteState::Failed,
            Some(_) => WriteState::Pending,
            None => {
                self.offline.store(true, Ordering::SeqCst);
                WriteState::Pending
            }
        };
        if matches!(failure.failure.http_status, Some(401 | 403)) {
            // The credentials do not allow writing: nothing else will go through either.
            self.offline.store(true, Ordering::SeqCst);
            self.refused
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .get_or_insert_with(|| failure.message.clone());
        }
        self.settle(id, state, &failure).await
    }

    async fn settle(&self, id: i64, state: WriteState, failure: &WriteFailure) -> Result<Outcome, AppError> {
        let text = serde_json::to_string(failure).map_err(|e| AppError::internal(e.to_string()))?;
        let now = self.now();
        self.cache
            .write(move |tx| match state {
                WriteState::Failed => outbox::mark_failed(tx, id, &now, &text),
                _ => outbox::mark_pending(tx, id, &now, &text),
            })
            .await?;
        Ok(if state == WriteState::Failed { Outcome::Failed } else { Outcome::Pending })
    }
}

/// An app error as a write's failure.
fn app_failure(error: &AppError) -> WriteFailure {
    let detail = error.detail.as_deref();
    WriteFailure {
        message: error.message.clone(),
        failure: Failure {
            code: error.code,
            http_status: detail.and_then(|d| d.http_status),
            status: detail.and_then(|d| d.status.clone()),
            transport: detail.and_then(|d| d.transport),
        },
    }
}

/// The records of a bulk POST's body.
fn posted_records(body: Option<&Value>, collection: Collection) -> Vec<Value> {
    body.and_then(|b| b.get(collection.name())).and_then(Value::as_array).cloned().unwrap_or_default()
}

/// The identifier pairs of a POST's answer.
fn pairs_of(body: Option<&Value>) -> Vec<IdPair> {
    let pairs = body.and_then(|b| b.get("sourcedIdPairs")).and_then(Value::as_array);
    pairs
        .into_iter()
        .flatten()
        .filter_map(|p| {
            Some(IdPair {
                supplied: p.get("suppliedSourcedId")?.as_str()?.to_owned(),
                allocated: p.get("allocatedSourcedId")?.as_str()?.to_owned(),
            })
        })
        .collect()
}
