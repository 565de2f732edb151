//! Files the window writes where the user chose (a save dialog's path): a framework or one of
//! its subtrees as CSV or as a workbook (`.xlsx`), a framework as a CASE package, a connection's
//! rosters as a OneRoster 1.2 CSV bundle (zip), the window's tables (a crosswalk's pairs, a
//! roster's classes) as a workbook, and the bytes of a graph or crosswalk export. Each is written beside its
//! destination first and moved into place only when whole, so a failed or cancelled export
//! never leaves half a file — nor replaces the file that was there. Task `export`, with
//! progress; cancel it by name.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::error::{AppError, ErrorCode};
use super::relay::{sender, with_progress};
use super::{App, FrameworkKey};
use cairn_files::export::workbook::{Table, framework_workbook, tables_workbook};
use cairn_files::export::{ExportError, ExportMode, Source, export_roster_with, export_subtree_with};
use cairn_files::progress::{Cancel, OnProgress, task};
use cairn_views::{load_package_json, resolve_connection};

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ExportDone {
    /// The file written.
    pub path: String,
    /// Rows or records written.
    #[ts(type = "number")]
    pub rows: u64,
    /// Bytes written.
    #[ts(type = "number")]
    pub bytes: u64,
}

/// One sheet of a workbook the window asks for: its name, header row and rows, as shown.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct WorkbookSheet {
    /// The sheet's name (made one a spreadsheet accepts).
    pub name: String,
    /// The header row.
    pub columns: Vec<String>,
    /// The rows: text or numbers (other values are written as JSON).
    #[ts(type = "Array<Array<string | number | null>>")]
    pub rows: Vec<Vec<serde_json::Value>>,
}

impl App {
    /// The framework `key` (or the subtree under the item `subtree`) as a workbook into `path`:
    /// its items with every level, its associations and its document ([`framework_workbook`]).
    pub async fn export_framework_xlsx(
        &self,
        key: FrameworkKey,
        subtree: Option<String>,
        path: PathBuf,
        progress: OnProgress<'_>,
    ) -> Result<ExportDone, AppError> {
        self.framework_export(key, progress, move |conn, source, key, report, cancel| {
            let (workbook, done) =
                framework_workbook(conn, source, &key.identifier, subtree.as_deref(), &path, report, cancel)?;
            let bytes = write_whole(&path, |out| out.write_all(&workbook).map_err(|e| io_error(&path, e)))?;
            Ok(ExportDone { path: path.display().to_string(), rows: done.rows as u64, bytes })
        })
        .await
    }

    /// The window's tables (`sheets`) as a workbook into `path`, one sheet each.
    pub async fn write_workbook(&self, path: PathBuf, sheets: Vec<WorkbookSheet>) -> Result<ExportDone, AppError> {
        cairn_store::cache::blocking(move || {
            let tables: Vec<Table<'_>> =
                sheets.iter().map(|s| Table { name: &s.name, columns: &s.columns, rows: &s.rows }).collect();
            let workbook = tables_workbook(&tables, &path)?;
            let written = write_whole(&path, |out| out.write_all(&workbook).map_err(|e| io_error(&path, e)))?;
            let rows = sheets.iter().map(|s| s.rows.len() as u64).sum();
            Ok(ExportDone { path: path.display().to_string(), rows, bytes: written })
        })
        .await
    }

    /// The framework `key` (or the subtree under the item `subtree`) as CSV into `path`.
    pub async fn export_framework_csv(
        &self,
        key: FrameworkKey,
        subtree: Option<String>,
        path: PathBuf,
        progress: OnProgress<'_>,
    ) -> Result<ExportDone, AppError> {
        self.framework_export(key, progress, move |conn, source, key, report, cancel| {
            let mut rows = 0;
            let bytes = write_whole(&path, |out| {
                let done =
                    export_subtree_with(conn, source, &key.identifier, subtree.as_deref(), out, &path, report, cancel)?;
                rows = done.rows as u64;
                Ok(())
            })?;
            Ok(ExportDone { path: path.display().to_string(), rows, bytes })
        })
        .await
    }

    /// Runs `export` of the framework `key` as task `export` on the blocking pool, over a reader
    /// of the cache and the framework's source, with its progress relayed to `progress` and the
    /// task's cancel.
    pub(super) async fn framework_export<T: Send + 'static>(
        &self,
        key: FrameworkKey,
        progress: OnProgress<'_>,
        export: impl FnOnce(&rusqlite::Connection, &Source, &FrameworkKey, OnProgress<'_>, &Cancel) -> Result<T, AppError>
        + Send
        + 'static,
    ) -> Result<T, AppError> {
        let running = self.tasks.begin(task::EXPORT.as_str());
        let (cancel, cache) = (running.cancel().clone(), self.cache.clone());
        with_progress(progress, move |reports| {
            let report = sender(&reports);
            cache.read_blocking(|conn| {
                let source = framework_source(conn, &key)?;
                export(conn, &source, &key, &report, &cancel)
            })
        })
        .await
    }

    /// The framework `key` as a CASE package file (JSON, its records as cached) into `path`.
    pub async fn export_framework_package(&self, key: FrameworkKey, path: PathBuf) -> Result<ExportDone, AppError> {
        let _running = self.tasks.begin(task::EXPORT.as_str());
        self.cache
            .read(move |conn| {
                let id = resolve_connection(conn, &key.connection)?;
                let (_, package) = load_package_json(conn, Some(id), &key.identifier)?.ok_or_else(|| {
                    AppError::not_found(format!("{} has no framework {} cached", key.connection, key.identifier))
                })?;
                let rows = ["CFItems", "CFAssociations"]
                    .iter()
                    .filter_map(|set| package.get(set).and_then(|v| v.as_array()).map(Vec::len))
                    .sum::<usize>() as u64
                    + 1;
                let bytes = write_whole(&path, |out| {
                    serde_json::to_writer_pretty(&mut *out, &package).map_err(|e| io_error(&path, e.into()))?;
                    out.write_all(b"\n").map_err(|e| io_error(&path, e))
                })?;
                Ok(ExportDone { path: path.display().to_string(), rows, bytes })
            })
            .await
    }

    /// The connection's rosters, gradebooks and resources as a OneRoster 1.2 CSV bundle (bulk),
    /// zipped into `path`.
    pub async fn export_rosters(
        &self,
        connection: String,
        path: PathBuf,
        progress: OnProgress<'_>,
    ) -> Result<ExportDone, AppError> {
        let running = self.tasks.begin(task::EXPORT.as_str());
        let (cancel, cache) = (running.cancel().clone(), self.cache.clone());
        with_progress(progress, move |reports| {
            let report = sender(&reports);
            cache.read_blocking(|conn| {
                let row = cairn_store::cache::connection(conn, &connection)?
                    .ok_or_else(|| AppError::not_found(format!("no connection {connection} in the cache")))?;
                let source = Source { id: row.id, name: row.name };
                let folder = tempfile::tempdir().map_err(|e| io_error(&path, e))?;
                let done = export_roster_with(conn, &source, folder.path(), &ExportMode::Bulk, &report, &cancel)?;
                let rows = done.files.iter().map(|(_, n)| *n as u64).sum();
                let bytes = write_whole(&path, |out| zip_folder(folder.path(), out, &cancel, &path))?;
                Ok(ExportDone { path: path.display().to_string(), rows, bytes })
            })
        })
        .await
    }

    /// `bytes` (a graph's PNG or SVG, a crosswalk's CSV) into `path`.
    pub async fn write_file(&self, path: PathBuf, bytes: Vec<u8>) -> Result<ExportDone, AppError> {
        cairn_store::cache::blocking(move || {
            let written = write_whole(&path, |out| out.write_all(&bytes).map_err(|e| io_error(&path, e)))?;
            Ok(ExportDone { path: path.display().to_string(), rows: 0, bytes: written })
        })
        .await
    }
}

/// The connection and document of `key`, as the exporter names them.
fn framework_source(conn: &rusqlite::Connection, key: &FrameworkKey) -> Result<Source, AppError> {
    Ok(Source { id: resolve_connection(conn, &key.connection)?, name: key.connection.clone() })
}

/// Writes through `write` into a file beside `path`, then moves it onto `path`; on an error
/// the file beside is removed and `path` is as it was. Answers the bytes written.
pub(super) fn write_whole(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), AppError>,
) -> Result<u64, AppError> {
    let folder = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => return Err(AppError::new(ErrorCode::Invalid, format!("{}: choose a file in a folder", path.display()))),
    };
    if path.is_dir() {
        return Err(AppError::new(ErrorCode::Invalid, format!("{} is a folder: choose a file name", path.display())));
    }
    let mut file =
        tempfile::Builder::new().prefix(".cairn-export-").tempfile_in(folder).map_err(|e| io_error(path, e))?;
    {
        let mut out = std::io::BufWriter::new(file.as_file_mut());
        write(&mut out)?;
        out.flush().map_err(|e| io_error(path, e))?;
    }
    file.as_file().sync_all().map_err(|e| io_error(path, e))?;
    let bytes = file.as_file().metadata().map_err(|e| io_error(path, e))?.len();
    file.persist(path).map_err(|e| io_error(path, e.error))?;
    Ok(bytes)
}

/// The files of `folder` (one level), deflated into a zip written to `out`.
fn zip_folder(folder: &Path, out: &mut dyn Write, cancel: &Cancel, shown: &Path) -> Result<(), AppError> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(folder)
        .map_err(|e| io_error(folder, e))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    names.sort();
    let mut zip = zip::ZipWriter::new_stream(out);
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let zip_error = |e: zip::result::ZipError| AppError::new(ErrorCode::Io, format!("{}: {e}", shown.display()));
    for file in names {
        if cancel.is_cancelled() {
            return Err(AppError::cancelled("the export was cancelled; nothing was written"));
        }
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        zip.start_file(name, options).map_err(zip_error)?;
        let mut source = std::fs::File::open(&file).map_err(|e| io_error(&file, e))?;
        std::io::copy(&mut source, &mut zip).map_err(|e| io_error(shown, e))?;
    }
    zip.finish().map_err(zip_error)?;
    Ok(())
}

fn io_error(path: &Path, error: std::io::Error) -> AppError {
    AppError::new(ErrorCode::Io, format!("cannot write {}: {error}", path.display()))
}

impl From<ExportError> for AppError {
    fn from(error: ExportError) -> AppError {
        match error {
            ExportError::Cancelled => AppError::cancelled("the export was cancelled; nothing was written"),
            ExportError::NoConnection { .. } | ExportError::NoFramework { .. } | ExportError::NoItem { .. } => {
                AppError::not_found(error.to_string())
            }
            ExportError::NothingToExport { .. } => AppError::new(ErrorCode::Invalid, error.to_string()),
            ExportError::Store(e) => e.into(),
            other => AppError::new(ErrorCode::Io, other.to_string()),
        }
    }
}
