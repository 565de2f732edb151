//! The sandbox's generated demo written into a cache as a sync writes it (the roster,
//! demographics, resources and line items, with journal lines saying users and demographics
//! were read), for the roster tests and the roster bench.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashMap;
use std::path::Path;

use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_spec::Collection;
use cairn_store::cache::{self, CacheHandle, CollectionWriter, JournalEntry, Outcome, WriteMode};
use serde_json::Value;

/// The collections written.
pub const WRITTEN: [Collection; 10] = [
    Collection::Orgs,
    Collection::AcademicSessions,
    Collection::Courses,
    Collection::Classes,
    Collection::Users,
    Collection::Enrollments,
    Collection::Demographics,
    Collection::Resources,
    Collection::Categories,
    Collection::LineItems,
];

/// The demo's records of the written collections.
pub fn demo_records(scale: Scale) -> HashMap<Collection, Vec<Value>> {
    let mut out: HashMap<Collection, Vec<Value>> = HashMap::new();
    generate(&DemoOptions::new(scale, "https://demo.test"), &mut |collection, record| {
        if WRITTEN.contains(&collection) {
            out.entry(collection).or_default().push(record);
        }
    });
    out
}

/// Writes `records` into the cache at `path` as connection `name`; with `demographics_read`
/// the journal says the last sync read demographics after users (the token held the scope),
/// without it that the sync read users only.
pub fn write_cache(path: &Path, name: &str, records: &HashMap<Collection, Vec<Value>>, demographics_read: bool) {
    let handle = CacheHandle::open(path).unwrap();
    handle
        .write_blocking(|tx| {
            let id = cache::connection_id(tx, name, "https://demo.test")?;
            for collection in WRITTEN {
                if collection == Collection::Demographics && !demographics_read {
                    continue;
                }
                let mut writer = CollectionWriter::new(tx, id, collection, WriteMode::Replace)?;
                for record in records.get(&collection).into_iter().flatten() {
                    writer.put(record)?;
                }
            }
            let line = |collection: &str, minute: u32| {
                JournalEntry::new(
                    collection,
                    "full",
                    format!("2025-10-01T08:{minute:02}:00.000Z"),
                    format!("2025-10-01T08:{minute:02}:30.000Z"),
                    Outcome::Complete,
                    0,
                    None,
                )
            };
            cache::journal_append(tx, id, &line("users", 1))?;
            if demographics_read {
                cache::journal_append(tx, id, &line("demographics", 2))?;
            }
            Ok::<_, cairn_store::StoreError>(())
        })
        .unwrap();
}
