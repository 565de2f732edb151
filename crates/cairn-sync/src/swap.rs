//! Swapping one collection into the cache once it is read whole: no write transaction is ever
//! open while the network is waited on.
//!
//! - The stager ([`stage`], a blocking thread) stages each page outside the cache
//!   ([`StagedCollection`], a private temporary file); no lock of the cache is held while
//!   pages come.
//! - Once the read completed, [`swap_in`] writes the staged rows (read back and prepared on a
//!   second thread while the writer writes, which also counts their deviations) in one
//!   IMMEDIATE transaction with the journal line and the validators. The transaction so
//!   begins with every row it will write in hand, and another writer (an import, a gradebook
//!   save, the outbox) waits at most for one such swap, never for a read.
//!
//! The deviations are counted as the rows are written, not as pages come: while reads run,
//! both cores of a small machine are busy (the client, the writer, a local server), and the
//! count (reading every record as its type) took about a seventh of a sync's CPU; while the
//! writer writes, the thread reading its rows back mostly waits for it.
//!
//! Writing a collection while it was still read (issue 32) kept the writer busy sooner, but
//! held its transaction, and so every other writer, across the network's waits whenever the
//! read fell behind the write (issue 37: an import beside a sync over a slow link took 6.8 s
//! on a busy machine instead of under one).

use cairn_client::RawPage;
use cairn_spec::Collection;
use cairn_store::StoreError;
use cairn_store::cache::{self, CollectionWriter, JournalEntry, StagedCollection, WriteMode};
use rusqlite::Transaction;
use tokio::sync::mpsc;

use super::deviations::Deviations;

/// What a completed read adds to the journal and the cache.
pub(super) struct Fetched {
    /// Records the server announced (`X-Total-Count`), if it did.
    pub(super) total: Option<u64>,
    /// The validators it sent.
    pub(super) validators: cache::Validators,
    /// When the read ended.
    pub(super) finished: String,
}

/// Stages the pages of `collection` as they come. Stops (dropping `pages`, which ends the
/// read) when staging fails.
pub(super) fn stage(
    collection: Collection,
    mut pages: mpsc::Receiver<RawPage>,
) -> Result<StagedCollection, StoreError> {
    let mut whole = StagedCollection::new(collection)?;
    while let Some(page) = pages.blocking_recv() {
        whole.stage(page.records())?;
    }
    Ok(whole)
}

/// What a collection's swap wrote.
pub(super) struct Swapped {
    /// Distinct records written.
    pub(super) records: u64,
    /// Records that came again after one with the same identifier.
    pub(super) repeated: u64,
    /// The deviations its records carry.
    pub(super) deviations: Deviations,
}

/// Why a collection was not swapped in (its transaction rolled back).
#[derive(Debug)]
pub(super) enum SwapError {
    /// The cache failed.
    Store(StoreError),
    /// Records repeated across pages and fewer distinct ones than the server announced: the
    /// read missed records, and swapping it in would lose them.
    Inconsistent { records: u64, repeated: u64, total: u64 },
    /// The sync was cancelled before the swap began (while the last pages were staged, or
    /// while it waited for the writer): nothing was written.
    Cancelled,
}

impl From<StoreError> for SwapError {
    fn from(error: StoreError) -> SwapError {
        SwapError::Store(error)
    }
}

/// Writes a collection read whole inside the transaction `tx`: what was `staged`, then its
/// journal line and validators from the read's end (`fetched`); what it wrote. Nothing here
/// waits on the network: every row is in hand before the transaction begins.
pub(super) fn swap_in(
    tx: &Transaction<'_>,
    id: i64,
    staged: StagedCollection,
    fetched: Fetched,
    mode: WriteMode,
    mut entry: JournalEntry,
) -> Result<Swapped, SwapError> {
    let collection = staged.collection();
    let mut writer = CollectionWriter::new(tx, id, collection, mode)?;
    let mut deviations = Deviations::default();
    staged.write_observed(&mut writer, |record| deviations.add_record(collection, record))?;
    let Fetched { total, validators, finished } = fetched;
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
    Ok(Swapped { records, repeated, deviations })
}

/// What the report says of records a server sent more than once.
pub(super) fn repeated_note(repeated: u64) -> String {
    format!(
        "the server's paging is inconsistent: {repeated} records came again on later pages (it ignores offset, \
         or pages before filtering); each was stored and counted once"
    )
}
