//! Swapping one collection into the cache, begun while it is still being read when that pays.
//!
//! - The stager ([`stage`], a blocking thread) stages each page outside the cache
//!   ([`StagedCollection`]), so no lock is held while the network is waited on, then counts
//!   its deviations.
//! - Once reading the rest should take no longer than writing the whole collection (the
//!   server's `X-Total-Count` and the read's pace tell; see [`time_to_write`]), it asks for a
//!   writer. The writer ([`stream_in`], in the cache's one write transaction) takes what was
//!   staged, then the pages still coming, read for their table by the stager as they come. It
//!   commits only once the read has completed, and rolls back otherwise. The transaction so
//!   waits on the network about as long as it writes, where a swap-in after the read would
//!   have held it for the write alone, and the writer no longer idles while a large
//!   collection is read.
//! - A read of unknown size, or one that ends first, is staged whole, then written by
//!   [`swap_in`] in one transaction.

use std::sync::mpsc::{Receiver, Sender, SyncSender, sync_channel};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use cairn_client::{RawPage, ReadProgress};
use cairn_spec::Collection;
use cairn_store::StoreError;
use cairn_store::cache::{self, CollectionWriter, JournalEntry, PreparedRecords, StagedCollection, WriteMode};
use rusqlite::Transaction;
use tokio::sync::{mpsc, oneshot};

use super::deviations::Deviations;

/// Prepared pages waiting for the writer at most (the stager, and then the read, wait beyond).
const PAGES_AHEAD: usize = 4;

/// What a completed read adds to the journal and the cache.
pub(super) struct Fetched {
    /// Records the server announced (`X-Total-Count`), if it did.
    pub(super) total: Option<u64>,
    /// The validators it sent.
    pub(super) validators: cache::Validators,
    /// When the read ended.
    pub(super) finished: String,
}

/// What the writer hands the stager once it holds the transaction: where to send what was
/// staged, and where to send the pages read after.
pub(super) struct Ready {
    staged: SyncSender<StagedCollection>,
    pages: SyncSender<PreparedRecords>,
}

/// The stager's side of the handover: the request for a writer, and the writer's answer.
pub(super) struct Handover {
    /// Fired (once) when it is time to begin writing.
    pub(super) go: oneshot::Sender<()>,
    /// The writer, once it holds the transaction.
    pub(super) ready: Receiver<Ready>,
    /// Records per second the writer is taken to write.
    pub(super) write_rate: f64,
}

/// What the stager ends with.
pub(super) struct Staged {
    /// The collection staged whole, when no writer took it while it was read.
    pub(super) whole: Option<StagedCollection>,
    /// The deviations its records carry.
    pub(super) deviations: Deviations,
}

/// Why the stager stopped.
#[derive(Debug)]
pub(super) enum StageError {
    /// Staging failed.
    Store(StoreError),
    /// The writer stopped (its own error says why).
    WriterStopped,
}

impl From<StoreError> for StageError {
    fn from(error: StoreError) -> StageError {
        StageError::Store(error)
    }
}

/// Where the stager sends a page.
enum Sink {
    /// Staged outside the cache.
    Staging(StagedCollection),
    /// Read for the table and sent to the writer.
    Writing(SyncSender<PreparedRecords>),
}

/// Stages the pages of `collection` as they come, until a writer takes them (see the module's
/// documentation), counting their deviations; `progress` is the read's. Stops (dropping
/// `pages`, which ends the read) when staging fails or the writer stopped.
pub(super) fn stage(
    collection: Collection,
    mut pages: mpsc::Receiver<RawPage>,
    progress: &Mutex<ReadProgress>,
    handover: Handover,
) -> Result<Staged, StageError> {
    let started = Instant::now();
    let Handover { go, ready, write_rate } = handover;
    let mut go = Some(go);
    let mut deviations = Deviations::default();
    let mut sink = Sink::Staging(StagedCollection::new(collection)?);
    while let Some(page) = pages.blocking_recv() {
        sink = match sink {
            Sink::Writing(writer) => {
                let prepared = PreparedRecords::new(collection, page.records());
                writer.send(prepared).map_err(|_| StageError::WriterStopped)?;
                Sink::Writing(writer)
            }
            Sink::Staging(mut staged) => {
                staged.stage(page.records())?;
                let total = progress.lock().unwrap_or_else(PoisonError::into_inner).total;
                if time_to_write(staged.len(), total, started.elapsed(), write_rate)
                    && let Some(go) = go.take()
                {
                    // A read that ends meanwhile leaves nobody listening: the staged
                    // collection is then handed over below all the same.
                    let _ = go.send(());
                }
                match ready.try_recv() {
                    Ok(writer) => hand_over(staged, writer)?,
                    Err(_) => Sink::Staging(staged),
                }
            }
        };
        // Counted once the page went on its way: a writer waiting for it does not wait for this.
        for record in page.records() {
            deviations.add_record(collection, record);
        }
    }
    let whole = match sink {
        Sink::Writing(_) => None,
        // Asked for a writer: it takes the lot (or stopped, the read having failed).
        Sink::Staging(staged) if go.is_none() => {
            let writer = ready.recv().map_err(|_| StageError::WriterStopped)?;
            hand_over(staged, writer)?;
            None
        }
        Sink::Staging(staged) => Some(staged),
    };
    Ok(Staged { whole, deviations })
}

/// Gives the writer what was staged; the pages go to it from now on.
fn hand_over(staged: StagedCollection, writer: Ready) -> Result<Sink, StageError> {
    writer.staged.send(staged).map_err(|_| StageError::WriterStopped)?;
    Ok(Sink::Writing(writer.pages))
}

/// Whether to begin writing a collection of `total` records (when the server says), `read` of
/// them read in `elapsed`: when reading the rest should take no longer than writing them all
/// at `write_rate` records a second.
pub(super) fn time_to_write(read: u64, total: Option<u64>, elapsed: Duration, write_rate: f64) -> bool {
    let Some(total) = total else { return false };
    if read == 0 || read >= total {
        return false;
    }
    let rest = (total - read) as f64 * elapsed.as_secs_f64() / read as f64;
    rest <= total as f64 / write_rate.max(f64::MIN_POSITIVE)
}

/// Why a collection was not swapped in (its transaction rolled back).
#[derive(Debug)]
pub(super) enum SwapError {
    /// The cache failed.
    Store(StoreError),
    /// The read did not complete (its own error says why).
    NotRead,
    /// Records repeated across pages and fewer distinct ones than the server announced: the
    /// read missed records, and swapping it in would lose them.
    Inconsistent { records: u64, repeated: u64, total: u64 },
}

impl From<StoreError> for SwapError {
    fn from(error: StoreError) -> SwapError {
        SwapError::Store(error)
    }
}

/// The writer of a collection begun while it is read: inside the transaction `tx`, asks the
/// stager (through `ready`) for what it staged and the pages after, writes them, and waits for
/// the read's end (`read`: `None` when it failed).
pub(super) fn stream_in(
    tx: &Transaction<'_>,
    id: i64,
    mode: WriteMode,
    ready: Sender<Ready>,
    read: Receiver<Option<Fetched>>,
    entry: JournalEntry,
) -> Result<(u64, u64), SwapError> {
    let (staged_to, staged) = sync_channel(1);
    let (pages_to, pages) = sync_channel(PAGES_AHEAD);
    ready.send(Ready { staged: staged_to, pages: pages_to }).map_err(|_| SwapError::NotRead)?;
    // The stager stopped before handing anything over: its error says why.
    let staged = staged.recv().map_err(|_| SwapError::NotRead)?;
    // A read that failed meanwhile (a cancelled sync) is not written at all.
    let ended = match read.try_recv() {
        Ok(None) => return Err(SwapError::NotRead),
        Ok(Some(fetched)) => Some(fetched),
        Err(_) => None,
    };
    let read = move || ended.or_else(|| read.recv().ok().flatten());
    swap_in(tx, id, staged, pages, read, mode, entry)
}

/// Writes a collection inside the transaction `tx`: what was `staged`, then the pages read
/// `after` it, then (once `read` says the read completed) its journal line and validators;
/// the records written and how many came again.
pub(super) fn swap_in(
    tx: &Transaction<'_>,
    id: i64,
    staged: StagedCollection,
    after: impl IntoIterator<Item = PreparedRecords>,
    read: impl FnOnce() -> Option<Fetched>,
    mode: WriteMode,
    mut entry: JournalEntry,
) -> Result<(u64, u64), SwapError> {
    let collection = staged.collection();
    let mut writer = CollectionWriter::new(tx, id, collection, mode)?;
    staged.write_to(&mut writer)?;
    for page in after {
        writer.put_prepared(page)?;
    }
    let Fetched { total, validators, finished } = read().ok_or(SwapError::NotRead)?;
    let (records, repeated) = (writer.written(), writer.repeated());
    if let Some(total) = total
        && repeated > 0
        && records < total
    {
        return Err(SwapError::Inconsistent { records, repeated, total });
    }
    drop(writer);
    entry.records = records;
    entry.finished_at = finished;
    if repeated > 0 {
        let note = repeated_note(repeated);
        entry.message = Some(entry.message.map_or(note.clone(), |m| format!("{m}; {note}")));
    }
    cache::journal_append(tx, id, &entry)?;
    cache::save_validators(tx, id, collection.name(), &validators)?;
    Ok((records, repeated))
}

/// What the report says of records a server sent more than once.
pub(super) fn repeated_note(repeated: u64) -> String {
    format!(
        "the server's paging is inconsistent: {repeated} records came again on later pages (it ignores offset, \
         or pages before filtering); each was stored and counted once"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writing_begins_once_the_rest_of_the_read_is_shorter_than_the_write() {
        let (second, rate) = (Duration::from_secs(1), 60_000.0);
        // 600,000 records take 10 s to write: begin when the rest reads in 10 s or less.
        assert!(!time_to_write(10_000, Some(600_000), second * 2, rate), "the rest reads in 118 s");
        assert!(time_to_write(60_000, Some(600_000), second, rate), "the rest reads in 9 s");
        // Unknown size, nothing read, or all read: the read ends first.
        assert!(!time_to_write(60_000, None, second, rate));
        assert!(!time_to_write(0, Some(600_000), Duration::ZERO, rate));
        assert!(!time_to_write(600_000, Some(600_000), second, rate));
        // A writer taken to be slow begins at the first page.
        assert!(time_to_write(10, Some(23), Duration::from_millis(5), 1.0));
    }
}
