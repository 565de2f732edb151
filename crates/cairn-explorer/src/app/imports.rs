//! Importing files into the cache from the window: CASE package files and OneRoster CSV
//! bundles (folders or zips) under a connection, each in its own IMMEDIATE transaction
//! after it was read, with progress (task `import`, a stage per file) and a cancel checked
//! between rows and files. Each file answers for itself: imported (with its warnings by file,
//! line and column, and the cached copy it replaced), kept back because the cache holds a newer
//! copy of its framework (until the user says replace it anyway), or failed with the reason; a
//! cancelled import keeps the files done before and writes nothing of the one it was reading.
//! Beside it: a warning's row read again, and `cairn check`'s findings for a JSON file.

use std::path::{Path, PathBuf};

use cairn_spec::Issue;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::error::{AppError, ErrorCode};
use super::relay::{sender, with_progress};
use super::{App, BUILTIN_CONNECTION};
use cairn_files::check::{CheckError, check_file};
use cairn_files::import::{BundleRow, ImportWarning, bundle_row};
use cairn_files::ingest::{IngestError, Replaced, import_bundle_with, import_package_forced};
use cairn_files::progress::{OnProgress, task};

/// Warnings sent to the window per file; the count says how many there were in all.
pub const WARNINGS_SHOWN: usize = 2_000;

/// What became of one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub enum ImportOutcome {
    /// Its records are in the cache.
    Imported,
    /// Not imported: the cache holds a newer copy of its framework (see `older`).
    KeptNewer,
    /// Not imported: see `error`.
    Failed,
    /// Not imported: the import was cancelled before or while it was read.
    Cancelled,
}

/// One warning about a file, where it is and what was done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FileWarning {
    /// The file within a bundle (`users.csv`); empty for a package file.
    pub file: String,
    /// The line the row starts on (the header is line 1); 0 for the whole file or a package.
    #[ts(type = "number")]
    pub line: u64,
    /// The column's header as given, or a package value's JSON path.
    pub column: Option<String>,
    /// What was wrong and what was done.
    pub reason: String,
}

/// One file an import read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct ImportedFile {
    /// The file or folder.
    pub path: String,
    /// Whether it is a OneRoster CSV bundle (a folder or zip) rather than a CASE package.
    pub bundle: bool,
    /// What became of it.
    pub outcome: ImportOutcome,
    /// For a package, its CFDocument identifier (when it could be read).
    pub document: Option<String>,
    /// Records written.
    #[ts(type = "number")]
    pub records: u64,
    /// Warnings about rows, fields or deviations: the first [`WARNINGS_SHOWN`].
    pub warnings: Vec<FileWarning>,
    /// How many warnings there were in all.
    pub warning_count: u32,
    /// The cached copy this file replaced, or (kept newer) the cached copy it did not replace.
    pub replaced: Option<Replaced>,
    /// Why it failed.
    pub error: Option<AppError>,
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

/// `cairn check` of one JSON file: what it holds and every finding, by level.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FileCheck {
    /// The file.
    pub path: String,
    /// The class it was read as (`CFPackage`, `UserSet`...); empty when it could not be read.
    pub class: String,
    /// What it holds (`CFItems`, 703).
    pub counts: Vec<(String, u32)>,
    /// What a reader of the specification cannot use.
    pub violations: Vec<FileWarning>,
    /// Deviations that reading tolerates.
    pub deviations: Vec<FileWarning>,
    /// What servers in the field send outside the specification's form (`CFDocumentURI` on a
    /// packaged item, a CASE 1.0 name): nothing to fix.
    pub field_notes: Vec<FileWarning>,
    /// Why it could not be checked.
    pub error: Option<AppError>,
}

impl App {
    /// Imports `paths` under the connection `connection` (created for files if absent; never
    /// the built-in sandbox's), reporting progress; cancel it as task `import`. With `force`, a
    /// package older than the cached copy of its framework replaces it too.
    pub async fn import_files(
        &self,
        connection: String,
        paths: Vec<PathBuf>,
        force: bool,
        progress: OnProgress<'_>,
    ) -> Result<ImportSummary, AppError> {
        if connection.trim().is_empty() {
            return Err(AppError::new(ErrorCode::Invalid, "name the connection the files' records belong to"));
        }
        if connection == BUILTIN_CONNECTION {
            return Err(AppError::new(
                ErrorCode::Invalid,
                "files are not imported into the built-in sandbox's connection",
            ));
        }
        let running = self.tasks.begin(task::IMPORT.as_str());
        let cancel = running.cancel().clone();
        let name = connection.clone();
        let id = self.cache.write(move |tx| cairn_store::cache::connection_id(tx, &name, "file:")).await?;
        let cache = self.cache.clone();
        let files = with_progress(progress, move |reports| {
            let report = sender(&reports);
            let mut files = Vec::new();
            for path in paths {
                if cancel.is_cancelled() {
                    files.push(ImportedFile::new(&path, ImportOutcome::Cancelled));
                    continue;
                }
                let file = match is_bundle(&path) {
                    true => match import_bundle_with(&cache, id, &path, &report, &cancel) {
                        Ok(done) => ImportedFile {
                            records: done.counts.iter().map(|(_, n)| *n as u64).sum(),
                            ..ImportedFile::new(&path, ImportOutcome::Imported)
                                .with_warnings(done.warnings.iter().map(bundle_warning).collect())
                        },
                        Err(error) => ImportedFile::refused(&path, error),
                    },
                    false => match import_package_forced(&cache, id, &path, force, &report, &cancel) {
                        Ok(done) => ImportedFile {
                            records: done.counts.iter().map(|(_, n)| *n).sum(),
                            document: Some(done.document),
                            replaced: done.replaced,
                            ..ImportedFile::new(&path, ImportOutcome::Imported)
                                .with_warnings(done.warnings.iter().map(package_warning).collect())
                        },
                        Err(error) => ImportedFile::refused(&path, error),
                    },
                };
                files.push(file);
            }
            Ok::<_, AppError>(files)
        })
        .await;
        // Files imported before a failure or a cancel are in the cache: the window hears so.
        self.changed(&connection);
        Ok(ImportSummary { connection, files: files? })
    }

    /// The row of `file` in the bundle at `path` that starts on `line`, as a warning names it.
    pub async fn import_row(&self, path: PathBuf, file: String, line: u64) -> Result<BundleRow, AppError> {
        tokio::task::spawn_blocking(move || bundle_row(&path, &file, line))
            .await
            .map_err(|e| AppError::new(ErrorCode::Internal, format!("reading the row stopped: {e}")))?
            .map_err(|e| AppError::new(ErrorCode::Invalid, e.to_string()))
    }

    /// `cairn check` of each JSON file in `paths` (bundles are checked by importing them).
    pub async fn check_files(&self, paths: Vec<PathBuf>) -> Result<Vec<FileCheck>, AppError> {
        tokio::task::spawn_blocking(move || paths.iter().map(|p| check_one(p)).collect())
            .await
            .map_err(|e| AppError::new(ErrorCode::Internal, format!("the check stopped: {e}")))
    }
}

impl ImportedFile {
    fn new(path: &Path, outcome: ImportOutcome) -> ImportedFile {
        ImportedFile {
            path: path.display().to_string(),
            bundle: is_bundle(path),
            outcome,
            document: None,
            records: 0,
            warnings: Vec::new(),
            warning_count: 0,
            replaced: None,
            error: None,
        }
    }

    fn with_warnings(mut self, mut warnings: Vec<FileWarning>) -> ImportedFile {
        self.warning_count = u32::try_from(warnings.len()).unwrap_or(u32::MAX);
        warnings.truncate(WARNINGS_SHOWN);
        self.warnings = warnings;
        self
    }

    /// A file that was not imported, and why.
    fn refused(path: &Path, error: IngestError) -> ImportedFile {
        match error {
            IngestError::Older { document, cached, imported, .. } => ImportedFile {
                document: Some(document),
                replaced: Some(Replaced { cached: *cached, imported: *imported }),
                ..ImportedFile::new(path, ImportOutcome::KeptNewer)
            },
            IngestError::Cancelled => ImportedFile::new(path, ImportOutcome::Cancelled),
            error => ImportedFile { error: Some(error.into()), ..ImportedFile::new(path, ImportOutcome::Failed) },
        }
    }
}

/// Whether `path` is a OneRoster CSV bundle (a folder or a zip file) rather than a package.
fn is_bundle(path: &Path) -> bool {
    path.is_dir() || path.extension().is_some_and(|x| x.eq_ignore_ascii_case("zip"))
}

fn bundle_warning(warning: &ImportWarning) -> FileWarning {
    FileWarning {
        file: warning.file.clone(),
        line: warning.line,
        column: warning.column.clone(),
        reason: warning.reason.clone(),
    }
}

fn package_warning(issue: &Issue) -> FileWarning {
    FileWarning { file: String::new(), line: 0, column: Some(issue.path.clone()), reason: issue.message.clone() }
}

fn check_one(path: &Path) -> FileCheck {
    let mut check = FileCheck {
        path: path.display().to_string(),
        class: String::new(),
        counts: Vec::new(),
        violations: Vec::new(),
        deviations: Vec::new(),
        field_notes: Vec::new(),
        error: None,
    };
    if is_bundle(path) {
        check.error = Some(AppError::new(
            ErrorCode::Invalid,
            "a CSV bundle is checked by importing it: its warnings are the findings",
        ));
        return check;
    }
    match check_file(path, None) {
        Ok(report) => {
            check.class = report.class;
            check.counts =
                report.counts.into_iter().map(|(name, n)| (name, u32::try_from(n).unwrap_or(u32::MAX))).collect();
            check.violations = report.violations.iter().map(package_warning).collect();
            check.deviations = report.deviations.iter().map(package_warning).collect();
            check.field_notes = report.field_notes.iter().map(package_warning).collect();
        }
        Err(error) => {
            let code = match &error {
                CheckError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => ErrorCode::NotFound,
                _ => ErrorCode::Invalid,
            };
            check.error = Some(AppError::new(code, error.to_string()));
        }
    }
    check
}
