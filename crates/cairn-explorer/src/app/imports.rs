//! Importing files into the cache from the window: CASE package files and OneRoster CSV
//! bundles (folders or zips) under a connection, each in its own IMMEDIATE transaction
//! after it was read, with progress (task `import`, a stage per file) and a cancel checked
//! between rows and files; a cancelled import keeps the files done before, and writes nothing
//! of the one it was reading.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::error::AppError;
use super::relay::{sender, with_progress};
use super::{App, BUILTIN_CONNECTION};
use crate::ingest::{import_bundle_with, import_package_with};
use crate::progress::{OnProgress, task};

/// One file an import read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportedFile {
    /// The file or folder.
    pub path: String,
    /// Records written.
    #[ts(type = "number")]
    pub records: u64,
    /// Warnings about rows, fields or deviations.
    pub warnings: u32,
}

/// What an import did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportSummary {
    /// The connection the records belong to.
    pub connection: String,
    /// Every file, in the order given.
    pub files: Vec<ImportedFile>,
}

impl App {
    /// Imports `paths` under the connection `connection` (created for files if absent; never
    /// the built-in sandbox's), reporting progress; cancel it as task `import`.
    pub async fn import_files(
        &self,
        connection: String,
        paths: Vec<PathBuf>,
        progress: OnProgress<'_>,
    ) -> Result<ImportSummary, AppError> {
        if connection == BUILTIN_CONNECTION {
            return Err(AppError::new("invalid", "files are not imported into the built-in sandbox's connection"));
        }
        let running = self.tasks.begin(task::IMPORT);
        let cancel = running.cancel().clone();
        let name = connection.clone();
        let id = self.cache.write(move |tx| cairn_store::cache::connection_id(tx, &name, "file:")).await?;
        let cache = self.cache.clone();
        let files = with_progress(progress, move |reports| {
            let report = sender(&reports);
            let mut files = Vec::new();
            for path in paths {
                let is_bundle = path.is_dir() || path.extension().is_some_and(|x| x.eq_ignore_ascii_case("zip"));
                let file = match is_bundle {
                    true => import_bundle_with(&cache, id, &path, &report, &cancel).map(|r| ImportedFile {
                        records: r.counts.iter().map(|(_, n)| *n as u64).sum(),
                        warnings: u32::try_from(r.warnings.len()).unwrap_or(u32::MAX),
                        path: r.path,
                    }),
                    false => import_package_with(&cache, id, &path, &report, &cancel).map(|r| ImportedFile {
                        records: r.counts.iter().map(|(_, n)| *n).sum(),
                        warnings: u32::try_from(r.warnings.len()).unwrap_or(u32::MAX),
                        path: r.path,
                    }),
                };
                files.push(file?);
            }
            Ok(files)
        })
        .await;
        // Files imported before a failure or a cancel are in the cache: the window hears so.
        self.changed(&connection);
        Ok(ImportSummary { connection, files: files? })
    }
}
