//! [`StagedCollection`]: a collection's records as they arrive (from the network, from a
//! file), kept as their JSON text in a private temporary file outside the cache — so a
//! collection is never held in memory whole — until it is complete and can be swapped into the
//! cache in one short write transaction. Nothing is locked in the cache while a collection is
//! staged.
//!
//! The file is written once in order and read once in order: each record is its length (8 bytes,
//! little-endian) and its text. It goes where SQLite put its temporary databases (`/var/tmp`
//! before `/tmp` on Unix, which may be held in memory). A private SQLite database did this before; its row inserts cost
//! the sync about 0.9 CPU s of the district demo's 511,797 records, in the part where reading is
//! short of CPU (docs/performance.md).

use std::fs::File;
use std::io::{BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::PathBuf;
use std::sync::mpsc::sync_channel;

use cairn_spec::Collection;

use super::prepared::PreparedRecords;
use super::writer::CollectionWriter;
use crate::error::StoreError;

/// Records read back and prepared for the writer at a time.
const BATCH: usize = 1_000;

/// Batches prepared ahead of the writer at most.
const BATCHES_AHEAD: usize = 4;

/// The buffer in front of the file, each way.
const BUFFER: usize = 256 * 1024;

/// A collection's records, staged in order.
pub struct StagedCollection {
    file: BufWriter<File>,
    collection: Collection,
    records: u64,
    /// A write failed part way through a record: what is staged cannot be read back.
    broken: bool,
}

impl std::fmt::Debug for StagedCollection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StagedCollection")
            .field("collection", &self.collection)
            .field("records", &self.records)
            .finish_non_exhaustive()
    }
}

impl StagedCollection {
    /// An empty staging area for `collection` (a private temporary file, unnamed, gone when
    /// dropped, in [`staging_folders`]' first that takes it).
    pub fn new(collection: Collection) -> Result<StagedCollection, StoreError> {
        let mut failure = None;
        for folder in staging_folders() {
            match tempfile::tempfile_in(&folder) {
                Ok(file) => {
                    let file = BufWriter::with_capacity(BUFFER, file);
                    return Ok(StagedCollection { file, collection, records: 0, broken: false });
                }
                Err(e) => failure = Some(e),
            }
        }
        Err(StoreError::Staging(failure.unwrap_or_else(|| std::io::Error::other("no temporary folder"))))
    }

    /// The collection staged.
    pub fn collection(&self) -> Collection {
        self.collection
    }

    /// Records staged so far.
    pub fn len(&self) -> u64 {
        self.records
    }

    /// Whether nothing was staged.
    pub fn is_empty(&self) -> bool {
        self.records == 0
    }

    /// Stages records given as their JSON text (a page), after those staged before. After an
    /// error the staging area is broken: [`StagedCollection::write_to`] refuses it.
    pub fn stage<'a>(&mut self, records: impl IntoIterator<Item = &'a str>) -> Result<(), StoreError> {
        if self.broken {
            return Err(broken());
        }
        for record in records {
            let written = (self.file.write_all(&(record.len() as u64).to_le_bytes()))
                .and_then(|()| self.file.write_all(record.as_bytes()));
            if let Err(e) = written {
                self.broken = true;
                return Err(StoreError::Staging(e));
            }
            self.records += 1;
        }
        Ok(())
    }

    /// Writes every staged record with `writer`, in the order staged, as
    /// [`CollectionWriter::put_prepared`] would; returns how many were written. The records
    /// are read back and prepared on a second thread while the writer writes, so the caller's
    /// transaction lasts about as long as SQLite takes to write them.
    pub fn write_to(self, writer: &mut CollectionWriter<'_>) -> Result<u64, StoreError> {
        self.write_observed(writer, |_| {})
    }

    /// Writes like [`StagedCollection::write_to`], calling `observe` with every record's text,
    /// in the order staged, on the thread that reads them back — after the writer was handed
    /// the record's batch, so the observer works while the writer writes and delays it only
    /// when it is the slower of the two. For work on every record that need not slow the read
    /// that staged them (a sync counts the records' deviations so): while reads run, every
    /// core is busy; while a collection is written, the reading-back thread mostly waits for
    /// the writer. Stops early, with the writer's error, when a write fails.
    pub fn write_observed(
        self,
        writer: &mut CollectionWriter<'_>,
        mut observe: impl FnMut(&str) + Send,
    ) -> Result<u64, StoreError> {
        let StagedCollection { file, collection, records, broken: failed } = self;
        if failed {
            return Err(broken());
        }
        let mut file = file.into_inner().map_err(|e| StoreError::Staging(e.into_error()))?;
        file.seek(SeekFrom::Start(0)).map_err(StoreError::Staging)?;
        std::thread::scope(|scope| {
            let (sender, batches) = sync_channel::<PreparedRecords>(BATCHES_AHEAD);
            let reader = scope.spawn(move || -> Result<(), StoreError> {
                let mut file = BufReader::with_capacity(BUFFER, file);
                let mut batch: Vec<String> = Vec::with_capacity(BATCH);
                let mut send = |batch: &mut Vec<String>| {
                    let prepared = PreparedRecords::new(collection, batch.iter().map(String::as_str));
                    // The writer stopped (its error says why): stop reading.
                    let sent = sender.send(prepared).is_ok();
                    if sent {
                        batch.iter().for_each(|record| observe(record));
                    }
                    batch.clear();
                    sent
                };
                for _ in 0..records {
                    batch.push(read_record(&mut file)?);
                    if batch.len() == BATCH && !send(&mut batch) {
                        return Ok(());
                    }
                }
                if !batch.is_empty() {
                    send(&mut batch);
                }
                Ok(())
            });
            let mut written = 0;
            for prepared in batches {
                written += writer.put_prepared(prepared)?;
            }
            reader.join().map_err(|_| StoreError::Worker("the staging reader panicked".into()))??;
            Ok(written)
        })
    }
}

/// Reads the next record staged in `file`.
fn read_record(file: &mut impl Read) -> Result<String, StoreError> {
    let invalid = |e: &dyn std::fmt::Display| {
        StoreError::Staging(std::io::Error::new(std::io::ErrorKind::InvalidData, e.to_string()))
    };
    let mut length = [0; 8];
    file.read_exact(&mut length).map_err(StoreError::Staging)?;
    let length = u64::from_le_bytes(length);
    // Read up to the length given, allocated ahead by at most a mebibyte (a length read wrong
    // must not ask for exabytes).
    let mut text = Vec::with_capacity(usize::try_from(length.min(1 << 20)).unwrap_or(0));
    file.take(length).read_to_end(&mut text).map_err(StoreError::Staging)?;
    if text.len() as u64 != length {
        return Err(invalid(&format_args!("a staged record ends after {} of its {length} bytes", text.len())));
    }
    String::from_utf8(text).map_err(|e| invalid(&e))
}

/// The staging file's error once a write failed part way through a record.
fn broken() -> StoreError {
    StoreError::Staging(std::io::Error::other("an earlier write to the staging file failed"))
}

/// Where staging files go, in order: SQLite's temporary folders, which its staging databases
/// used before — `$SQLITE_TMPDIR`, `$TMPDIR`, then `/var/tmp` on Unix (on disk where `/tmp` may
/// be a RAM-backed tmpfs: a collection must not be held in memory whole), then the system's
/// temporary folder.
fn staging_folders() -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = ["SQLITE_TMPDIR", "TMPDIR"]
        .iter()
        .filter_map(std::env::var_os)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .collect();
    if cfg!(unix) {
        folders.push(PathBuf::from("/var/tmp"));
    }
    folders.push(std::env::temp_dir());
    folders
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // tests fail loudly

    use super::*;

    #[test]
    fn records_come_back_in_the_order_staged_byte_for_byte() {
        let mut staged = StagedCollection::new(Collection::Users).unwrap();
        staged.stage([r#"{"sourcedId":"a"}"#, ""]).unwrap();
        staged.stage([r#"{"givenName":"Zoë 🦉","x":"a\"b"}"#]).unwrap();
        assert_eq!(staged.len(), 3);
        let mut file = staged.file.into_inner().map_err(|e| e.into_error()).unwrap();
        file.seek(SeekFrom::Start(0)).unwrap();
        let mut file = BufReader::new(file);
        let read: Vec<String> = (0..3).map(|_| read_record(&mut file).unwrap()).collect();
        assert_eq!(read, [r#"{"sourcedId":"a"}"#, "", r#"{"givenName":"Zoë 🦉","x":"a\"b"}"#]);
        assert!(matches!(read_record(&mut file), Err(StoreError::Staging(_))), "nothing after the last");
    }

    #[test]
    fn an_observed_write_shows_every_record_in_order_as_the_writer_writes_it() {
        let mut conn = crate::cache::open(std::path::Path::new(":memory:")).unwrap();
        let tx = super::super::begin(&mut conn).unwrap();
        let id = crate::cache::connection_id(&tx, "sis", "https://sis.example").unwrap();
        let mut staged = StagedCollection::new(Collection::Orgs).unwrap();
        // More than a batch, a record without an identifier and one that comes again.
        let records: Vec<String> = (0..2_500).map(|n| format!(r#"{{"sourcedId":"o{n}","name":"Ø {n}"}}"#)).collect();
        staged.stage(records.iter().map(String::as_str)).unwrap();
        staged.stage([r#"{"name":"no id"}"#, r#"{"sourcedId":"o7","name":"again"}"#]).unwrap();
        let mut writer = CollectionWriter::new(&tx, id, Collection::Orgs, super::super::WriteMode::Replace).unwrap();
        let mut seen = Vec::new();
        let written = staged.write_observed(&mut writer, |record| seen.push(record.to_owned())).unwrap();
        assert_eq!(written, 2_500);
        assert_eq!(seen.len(), 2_502);
        assert_eq!(seen[..2_500], records[..]);
        assert_eq!(seen[2_500..], [r#"{"name":"no id"}"#, r#"{"sourcedId":"o7","name":"again"}"#]);
    }

    #[test]
    fn a_length_past_the_end_is_an_error_not_an_allocation() {
        let mut bytes = u64::MAX.to_le_bytes().to_vec();
        bytes.extend_from_slice(b"{}");
        let error = read_record(&mut bytes.as_slice()).unwrap_err();
        assert!(error.to_string().contains("ends after 2 of its"), "{error}");
    }

    #[test]
    fn staging_files_go_to_disk_before_the_system_temporary_folder() {
        let folders = staging_folders();
        assert_eq!(folders.last(), Some(&std::env::temp_dir()));
        if cfg!(unix) && std::env::var_os("TMPDIR").is_none() && std::env::var_os("SQLITE_TMPDIR").is_none() {
            assert_eq!(folders[0], PathBuf::from("/var/tmp"));
        }
    }
}
