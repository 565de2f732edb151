//! Importing OneRoster CSV bundles (1.1 and 1.2; a folder or a zip file) as records of the
//! specification's JSON model, streamed to a sink, with a warning for every row or value that
//! did not fit and what was done about it.
//!
//! - Files are read in reference order (orgs before the classes that name them) so that a
//!   reference to a record that is not there is found while streaming; references within one
//!   file (a user's agents, an org's parent) are checked at the file's end. References are
//!   only checked against files read in full (bulk, or no manifest).
//! - Records go to the sink as they are read, except orgs and academic sessions (read whole to
//!   give each its `children`); the rows of join files (roles.csv, userProfiles.csv, the
//!   resource and score scale links, learning objectives) are indexed first and folded in.
//! - A repeated sourcedId is sent again: the sink must treat records as upserts by
//!   (collection, sourcedId), so that the later row wins.
//! - Every record passes strict validation except for what a warning reports.

mod bundle;
mod cells;
mod courses;
mod enrollments;
mod error;
mod files;
mod gradebook;
mod header;
mod joins;
mod manifest;
mod parts;
mod read;
mod refs;
mod row;
mod rows;
mod state;
mod tree;
mod users;
mod values;
mod warnings;

use std::collections::HashMap;
use std::path::Path;

use cairn_spec::Collection;
use serde::Serialize;
use serde_json::Value;

pub use error::{ImportError, SinkError};
pub use row::{BundleRow, RowError, bundle_row};
pub use warnings::{ImportWarning, WarningGroup, count_kinds, group_warnings, thousands};

use bundle::Bundle;
use files::{FILES, Kind};
use manifest::{Manifest, Mode};
use refs::Hrefs;
use state::State;

/// The version of the CSV binding a bundle follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum CsvVersion {
    /// OneRoster 1.1 CSV.
    #[serde(rename = "1.1")]
    V1_1,
    /// OneRoster 1.2 CSV (roles.csv, userProfiles.csv, ...).
    #[serde(rename = "1.2")]
    V1_2,
}

impl CsvVersion {
    /// The version as the binding writes it: `1.1` or `1.2`.
    pub fn as_str(self) -> &'static str {
        match self {
            CsvVersion::V1_1 => "1.1",
            CsvVersion::V1_2 => "1.2",
        }
    }
}

impl std::fmt::Display for CsvVersion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an import did.
#[derive(Debug, Clone)]
pub struct CsvImport {
    /// Distinct records sent to the sink (a repeated sourcedId counts once).
    pub records: usize,
    /// Distinct records by collection, in [`Collection::ALL`] order; collections without
    /// records are left out.
    pub counts: Vec<(Collection, usize)>,
    /// Everything that did not fit, in file order and line order within each file.
    pub warnings: Vec<ImportWarning>,
    /// What the import says once per file: the mode it assumed without a manifest, and that
    /// bulk files' records carry no `dateLastModified`.
    pub notes: Vec<String>,
    /// The version: from manifest.csv, else from the files and columns only 1.2 has.
    pub version: CsvVersion,
    /// The files read, in reading order.
    pub files: Vec<String>,
    /// Collections whose file the manifest marks as a delta: their records are changes to merge
    /// (with `status` `tobedeleted` for deletions), not the whole collection.
    pub delta: Vec<Collection>,
}

/// Imports the OneRoster CSV bundle at `path` (a folder or a .zip file), sending each record
/// as JSON of the specification's model to `sink` as it is read. GUIDRefs get hrefs
/// `{href_base}/api/roster/{service}/v1p2/{collection}/{sourcedId}`.
///
/// Rows and values that do not fit are reported as warnings and never stop the import; an
/// error means the bundle could not be read at all (or the sink failed), and records sent so
/// far should be discarded.
pub fn import_roster(
    path: &Path,
    href_base: &str,
    sink: &mut dyn FnMut(Collection, Value) -> Result<(), SinkError>,
) -> Result<CsvImport, ImportError> {
    let hrefs = Hrefs::new(href_base)?;
    let mut bundle = Bundle::open(path)?;
    let names = bundle.names();
    let mut state = State::new(path.to_owned(), hrefs, sink);
    let (present, manifest_name) = classify(&names, &mut state);
    if present.is_empty() {
        return Err(ImportError::NoRosterFiles { path: path.to_owned(), found: names });
    }
    let manifest = match &manifest_name {
        Some(name) => Some(Manifest::read(&mut bundle.open_file(name)?, name, &mut state.warnings)),
        None => None,
    };
    let mut files = Vec::new();
    let mut delta = Vec::new();
    let mut saw_1_2 = false;
    for spec in FILES {
        let mode = manifest.as_ref().and_then(|m| m.mode(spec.name));
        let Some(file) = present.get(spec.name) else {
            if let (Some((Mode::Bulk | Mode::Delta, line)), Some(manifest_file)) = (mode, &manifest_name) {
                let reason =
                    format!("file.{} is given, but the bundle has no {}; nothing read", spec.name, spec.file_name());
                state.warnings.add(manifest_file, line, None, reason);
            }
            continue;
        };
        match mode {
            Some((Mode::Absent, line)) => {
                let reason = format!("in the bundle, but manifest.csv (line {line}) marks it absent; skipped");
                state.warnings.add(file, 0, None, reason);
                continue;
            }
            None if manifest.is_some() => {
                state.warnings.add(file, 0, None, "not listed in manifest.csv; read as bulk");
            }
            _ => {}
        }
        let given = match mode {
            Some((Mode::Bulk | Mode::Unknown, _)) => Some(Mode::Bulk),
            Some((Mode::Delta, _)) => Some(Mode::Delta),
            None if manifest.is_some() => Some(Mode::Bulk),
            _ => None,
        };
        let (has_1_2, used) = read::read_file(&mut state, bundle.open_file(file)?, spec, file, given)?;
        saw_1_2 |= spec.since_1_2 | has_1_2;
        if used == Mode::Delta
            && let Kind::Records(collection) = spec.kind
        {
            delta.push(collection);
        }
        files.push(file.clone());
    }
    state.unused_joins();
    let version = manifest.and_then(|m| m.version).unwrap_or(if saw_1_2 { CsvVersion::V1_2 } else { CsvVersion::V1_1 });
    let counts: Vec<(Collection, usize)> =
        Collection::ALL.into_iter().filter_map(|c| state.counts.get(&c).map(|n| (c, *n))).collect();
    Ok(CsvImport {
        records: counts.iter().map(|(_, n)| n).sum(),
        counts,
        warnings: state.warnings.into_sorted(reading_rank),
        notes: state.notes,
        version,
        files,
        delta,
    })
}

/// Where warnings about `file` go: the manifest's first, then files in reading order, then
/// files that are not part of the binding.
fn reading_rank(file: &str) -> usize {
    let stem = files::csv_stem(file).unwrap_or(file);
    if stem.eq_ignore_ascii_case("manifest") {
        return 0;
    }
    FILES.iter().position(|f| f.name.eq_ignore_ascii_case(stem)).map_or(FILES.len() + 1, |i| i + 1)
}

/// The bundle's files of the binding by the binding's name (`users`), and its manifest's
/// name; other CSV files and misnamed ones are warned about.
fn classify(names: &[String], state: &mut State<'_>) -> (HashMap<&'static str, String>, Option<String>) {
    let mut present: HashMap<&'static str, String> = HashMap::new();
    let mut manifest = None;
    for name in names {
        let Some(stem) = files::csv_stem(name) else { continue };
        if stem.eq_ignore_ascii_case("manifest") {
            manifest = Some(name.clone());
            continue;
        }
        let Some(spec) = files::find(stem) else {
            state.warnings.add(name, 0, None, "not a file of the OneRoster CSV binding; skipped");
            continue;
        };
        if let Some(first) = present.get(spec.name) {
            state.warnings.add(name, 0, None, format!("a second {} besides {first}; skipped", spec.file_name()));
            continue;
        }
        if stem != spec.name {
            state.warnings.add(name, 0, None, format!("the binding calls it {}; read as that", spec.file_name()));
        }
        present.insert(spec.name, name.clone());
    }
    (present, manifest)
}
