//! One collection: its pages streamed from the server as text ([`RawPage`], every record's
//! JSON as sent) through a bounded channel to a stager on a blocking thread, and swapped into
//! the cache by a `CollectionWriter` in one IMMEDIATE transaction with its journal line, begun
//! once the read completed (see [`swap`]). A stager that lags holds the read back without
//! blocking an async worker.

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use cairn_client::{ClientError, Conditional, RawPage, ReadProgress, Validators};
use cairn_query::Query;
use cairn_spec::Collection;
use cairn_spec::operations::Operation;
use cairn_store::StoreError;
use cairn_store::cache::{self, JournalEntry, Outcome, WriteMode};
use tokio::sync::{SemaphorePermit, mpsc};

use super::clock::earlier;
use super::deviations::Deviations;
use super::report::{CollectionReport, SyncMode, SyncOutcome};
use super::swap::{self, SwapError, repeated_note};
use super::{Ctx, outcome_of};
use crate::failure::{ErrorCode, Failure};

/// Pages waiting for the stager at most (the read waits beyond). One: the client's pager
/// already keeps up to its window of pages coming behind it.
const PAGES_BUFFERED: usize = 1;

/// How far before the start of the last complete sync an incremental read begins: a change
/// made just after that start can carry an earlier `dateLastModified` (servers that keep
/// whole seconds, clocks a little apart). Reading it again is harmless: merging is idempotent.
pub(crate) const INCREMENTAL_OVERLAP: Duration = Duration::from_secs(300);

/// How one read went wrong.
enum Stop {
    /// The server, the connection or a cancellation.
    Client(ClientError),
    /// The cache.
    Write(StoreError),
    /// The server's pages repeat records and miss others.
    Paging(String),
}

/// One way of reading the collection.
struct Attempt {
    mode: SyncMode,
    /// The start of the last complete sync, for an incremental read.
    since: Option<String>,
    /// Said in the report and the journal (why a full read replaced an incremental one).
    message: Option<String>,
}

/// Syncs `collection` through its getAll operation `op`, read in the `place` given (another is
/// taken for a second attempt).
pub(crate) async fn sync(
    ctx: &Ctx<'_>,
    collection: Collection,
    op: &'static Operation,
    place: Option<SemaphorePermit<'_>>,
) -> CollectionReport {
    let name = collection.name();
    let started = ctx.now();
    ctx.emit(name, 0, None);
    let since = match ctx.options.incremental {
        true => ctx.cache.read(move |conn, id| cache::last_complete(conn, id, name)).await,
        false => Ok(None),
    };
    let since = match since {
        Ok(since) => since,
        Err(e) => {
            let failed = SyncOutcome::Failed;
            return end(ctx, name, SyncMode::Full, &started, failed, ReadProgress::default(), e, Failure::store())
                .await;
        }
    };
    // The validators the server sent last time (for a collection that came in one page),
    // sent back on incremental syncs; `None` for a full one (nothing conditional, none kept).
    let kept = match ctx.options.incremental {
        true => {
            let kept = ctx.cache.read(move |conn, id| cache::validators(conn, id, name)).await.ok().flatten();
            Some(kept.map(|v| Validators { etag: v.etag, last_modified: v.last_modified }).unwrap_or_default())
        }
        false => None,
    };
    let mode = if since.is_some() { SyncMode::Incremental } else { SyncMode::Full };
    let mut attempt = Attempt { mode, since, message: None };
    let mut place = Some(place);
    loop {
        let seen = Arc::new(Mutex::new(ReadProgress::default()));
        let place = match place.take() {
            Some(place) => place,
            None => ctx.place_to_read().await,
        };
        let result = read(ctx, collection, op, &attempt, &started, &seen, kept.as_ref(), place).await;
        let seen = *seen.lock().unwrap_or_else(PoisonError::into_inner);
        let stop = match result {
            Ok(None) => {
                let message = Some("not modified since the last sync (HTTP 304)".to_owned());
                let mut report = CollectionReport::new(name, SyncOutcome::Unchanged, message);
                report.mode = Some(attempt.mode);
                return ctx.finish(report);
            }
            Ok(Some((written, repeated, deviations))) => {
                let message = match repeated {
                    0 => attempt.message,
                    _ => Some(
                        attempt
                            .message
                            .map_or(repeated_note(repeated), |m| format!("{m}; {}", repeated_note(repeated))),
                    ),
                };
                let report = CollectionReport {
                    collection: name.to_owned(),
                    outcome: SyncOutcome::Complete,
                    mode: Some(attempt.mode),
                    records: written,
                    total: seen.total,
                    message,
                    deviations,
                    failure: None,
                };
                return ctx.finish(report);
            }
            Err(stop) => stop,
        };
        match stop {
            // A filtered read refused (400, 422 or 501: the filter is all it adds to a full
            // one) is read in full.
            Stop::Client(e) if attempt.since.is_some() && matches!(e.status(), Some(400 | 422 | 501)) => {
                let message = format!("the server refused the filter on dateLastModified ({e}); read in full");
                attempt = Attempt { mode: SyncMode::Full, since: None, message: Some(message) };
            }
            Stop::Client(e) => {
                let failure = Failure::from(&e);
                return end(ctx, name, attempt.mode, &started, outcome_of(&e), seen, e, failure).await;
            }
            Stop::Write(e) => {
                let (failed, failure) = (SyncOutcome::Failed, Failure::store());
                return end(ctx, name, attempt.mode, &started, failed, seen, e, failure).await;
            }
            Stop::Paging(e) => {
                let (failed, failure) = (SyncOutcome::Failed, Failure::new(ErrorCode::Server));
                return end(ctx, name, attempt.mode, &started, failed, seen, e, failure).await;
            }
        }
    }
}

/// Reads every page, staged outside the cache as it comes, then swaps the collection in with
/// one IMMEDIATE transaction together with its journal line, begun only once the read
/// completed (see [`swap`]); the records written, how many came again, and the deviations
/// tolerated. `None`: not modified (304). The `place` to read is given back once the last page
/// came (the swap-in may wait for the writer without it).
#[allow(clippy::too_many_arguments)] // each is one fact of the read
async fn read(
    ctx: &Ctx<'_>,
    collection: Collection,
    op: &'static Operation,
    attempt: &Attempt,
    started: &str,
    seen: &Arc<Mutex<ReadProgress>>,
    kept: Option<&Validators>,
    place: Option<SemaphorePermit<'_>>,
) -> Result<Option<(u64, u64, Deviations)>, Stop> {
    let name = collection.name();
    let query = query(ctx.options.page_size, attempt.since.as_deref()).map_err(Stop::Client)?;
    let mode = if attempt.since.is_some() { WriteMode::Merge } else { WriteMode::Replace };
    // Its records and end are set when it is written.
    let entry = JournalEntry::new(
        name,
        attempt.mode.as_str(),
        started.to_owned(),
        String::new(),
        Outcome::Complete,
        0,
        attempt.message.clone(),
    );
    let (sender, pages) = mpsc::channel::<RawPage>(PAGES_BUFFERED);
    // The stager, on a blocking thread. Its failure drops `pages`, which ends the read.
    let stager = tokio::task::spawn_blocking(move || swap::stage(collection, pages));
    let fetched = fetch(ctx, op, &query, &sender, seen, name, kept).await;
    drop((sender, place));
    let staged = stager.await.map_err(|e| Stop::Write(StoreError::Worker(e.to_string())))?;
    let (validators, whole) = match (fetched, staged) {
        // A stager that failed made the read fail: its own error says why.
        (_, Err(e)) => return Err(Stop::Write(e)),
        (Err(e), _) => return Err(Stop::Client(e)),
        (Ok(Conditional::NotModified), _) => return Ok(None),
        (Ok(Conditional::Changed { validators, .. }), Ok(staged)) => (validators, staged),
    };
    // Every row in hand: only now is the writer asked for. A cancel that comes before the swap
    // begins — the read may have ended a moment before it, the window still showing the pages
    // in flight — keeps the previous data; a swap once begun is finished (one short transaction).
    let fetched = ended(ctx, seen, &validators);
    let cancel = ctx.cancel.clone();
    let swapped = ctx.cache.write(move |tx, id| match cancel.is_cancelled() {
        true => Err(SwapError::Cancelled),
        false => swap::swap_in(tx, id, whole, fetched, mode, entry),
    });
    match swapped.await {
        Ok(swap::Swapped { records, repeated, deviations }) => Ok(Some((records, repeated, deviations))),
        Err(SwapError::Cancelled) => Err(Stop::Client(ClientError::Cancelled)),
        Err(SwapError::Store(e)) => Err(Stop::Write(e)),
        Err(SwapError::Inconsistent { records, repeated, total }) => Err(Stop::Paging(format!(
            "{}; only {records} distinct records of the {total} announced were read, so the cached \
             collection stays as it was",
            repeated_note(repeated)
        ))),
    }
}

/// What the writer needs of a read that completed with `validators`.
fn ended(ctx: &Ctx<'_>, seen: &Mutex<ReadProgress>, validators: &Validators) -> swap::Fetched {
    swap::Fetched {
        total: seen.lock().unwrap_or_else(PoisonError::into_inner).total,
        validators: cache::Validators {
            etag: validators.etag.clone(),
            last_modified: validators.last_modified.clone(),
        },
        finished: ctx.now(),
    }
}

/// Streams the pages to the writer, reporting progress.
async fn fetch(
    ctx: &Ctx<'_>,
    op: &'static Operation,
    query: &Query,
    sender: &mpsc::Sender<RawPage>,
    seen: &Mutex<ReadProgress>,
    name: &str,
    kept: Option<&Validators>,
) -> Result<Conditional<u64>, ClientError> {
    let report = |p: ReadProgress| {
        *seen.lock().unwrap_or_else(PoisonError::into_inner) = p;
        ctx.emit(name, p.records, p.total);
    };
    // A writer that stopped closes the channel: the read ends with a sink error, and the
    // writer's own error says why.
    match kept {
        Some(kept) => ctx.client.collect_raw_pages_if_changed(op, &[], query, sender, &report, ctx.cancel, kept).await,
        None => {
            let records = ctx.client.collect_raw_pages(op, &[], query, sender, &report, ctx.cancel).await?;
            Ok(Conditional::Changed { value: records, validators: Validators::default() })
        }
    }
}

/// Pages of `page_size`, filtered to records modified after `since` (less
/// [`INCREMENTAL_OVERLAP`]) when given.
fn query(page_size: u32, since: Option<&str>) -> Result<Query, ClientError> {
    let mut params = vec![("limit", page_size.max(1).to_string())];
    if let Some(since) = since {
        let from = earlier(since, INCREMENTAL_OVERLAP);
        params.push(("filter", format!("dateLastModified>'{}'", from.replace('\'', "''"))));
    }
    Query::from_params(params).map_err(|e| ClientError::Config { reason: format!("cannot build the query: {e}") })
}

/// Journals and reports a collection that did not complete.
#[allow(clippy::too_many_arguments)] // each is one fact of the report
async fn end(
    ctx: &Ctx<'_>,
    name: &str,
    mode: SyncMode,
    started: &str,
    outcome: SyncOutcome,
    seen: ReadProgress,
    error: impl std::fmt::Display,
    failure: Failure,
) -> CollectionReport {
    let mut message = error.to_string();
    if let Some(journal) = outcome.journal() {
        let entry =
            JournalEntry::new(name, mode.as_str(), started.to_owned(), ctx.now(), journal, 0, Some(message.clone()));
        if let Err(e) = ctx.cache.journal(entry).await {
            message.push_str(&format!(" (and the journal could not be written: {e})"));
        }
    }
    ctx.finish(CollectionReport {
        collection: name.to_owned(),
        outcome,
        mode: Some(mode),
        records: seen.records,
        total: seen.total,
        message: Some(message),
        deviations: Deviations::default(),
        failure: Some(failure),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_incremental_read_starts_a_little_before_the_last_sync() {
        let filtered = query(100, Some("2026-01-01T00:02:00.500Z")).unwrap();
        let filter = filtered.filter.map(|f| f.to_string()).unwrap_or_default();
        assert!(filter.contains("2025-12-31T23:57:00.500Z"), "{filter}");
        assert!(query(100, None).unwrap().filter.is_none());
    }
}
