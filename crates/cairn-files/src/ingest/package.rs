//! Importing a CASE package file into the cache: one transaction for the whole package, so a
//! failure leaves the cache as it was; a new version of a package replaces the old one's items
//! and associations. A package whose CFDocument identifier is cached already says which copy
//! it replaces (title, version and `lastChangeDateTime` of both); an older one never replaces a newer
//! one unless forced.

use std::path::Path;

use cairn_spec::Issue;
use cairn_spec::case::PackageFile;
use cairn_store::cache::{self, CacheHandle};

use super::served::served_records;
use super::{Counter, IngestError};
use crate::progress::{Cancel, OnProgress, check, ignore};

/// What importing one package did.
#[derive(Debug, Clone, serde::Serialize)]
pub struct PackageImport {
    /// The file.
    pub path: String,
    /// The document's identifier.
    pub document: String,
    /// Records written per collection (set wrapper names).
    pub counts: Vec<(String, u64)>,
    /// Deviations that reading accepted, each with its JSON path.
    pub warnings: Vec<Issue>,
    /// The cached copy of the document this package replaced, if there was one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replaced: Option<Replaced>,
}

/// A cached copy of a document replaced by an import, and what replaced it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
pub struct Replaced {
    /// The cached copy: title and `lastChangeDateTime`.
    pub cached: Copy,
    /// The imported copy.
    pub imported: Copy,
}

/// One copy of a CFDocument, as an import tells it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
#[serde(rename_all = "camelCase")]
pub struct Copy {
    /// Its title.
    pub title: Option<String>,
    /// Its `version`.
    pub version: Option<String>,
    /// Its `lastChangeDateTime`.
    pub last_change: Option<String>,
}

impl std::fmt::Display for Copy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.title.as_deref().unwrap_or("untitled"))?;
        if let Some(version) = &self.version {
            write!(f, " version {version}")?;
        }
        write!(f, " (lastChangeDateTime {})", self.last_change.as_deref().unwrap_or("not given"))
    }
}

impl Copy {
    /// Whether this copy is older than `other` (both dates readable, this one earlier).
    pub fn older_than(&self, other: &Copy) -> bool {
        let at = |c: &Copy| c.last_change.as_deref().and_then(cairn_spec::time::Instant::parse);
        matches!((at(self), at(other)), (Some(a), Some(b)) if a < b)
    }
}

/// Imports the package file at `path` for the connection.
pub fn import_package(cache: &CacheHandle, connection_id: i64, path: &Path) -> Result<PackageImport, IngestError> {
    import_package_with(cache, connection_id, path, &ignore, &Cancel::new())
}

/// [`import_package`], reporting the records written so far to `progress` (task `import`, the
/// file as the stage); cancelled ([`IngestError::Cancelled`], nothing written) when `cancel`
/// fired before the write began.
pub fn import_package_with(
    cache: &CacheHandle,
    connection_id: i64,
    path: &Path,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<PackageImport, IngestError> {
    import_package_forced(cache, connection_id, path, false, progress, cancel)
}

/// [`import_package_with`]; with `force`, an older copy replaces a newer cached one too. The
/// file is read and checked before the cache's write lock is taken.
pub fn import_package_forced(
    cache: &CacheHandle,
    connection_id: i64,
    path: &Path,
    force: bool,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<PackageImport, IngestError> {
    let shown = path.display().to_string();
    let mut counter = Counter::new(shown.clone(), progress);
    let bytes = std::fs::read(path).map_err(|source| IngestError::Io { path: shown.clone(), source })?;
    let read = PackageFile::read(&bytes)
        .map_err(|e| IngestError::Unreadable { path: shown.clone(), message: e.to_string() })?;
    let package = &read.value.package;
    let document = package
        .document
        .as_ref()
        .and_then(|d| d.identifier.as_deref())
        .ok_or_else(|| IngestError::Unreadable {
            path: shown.clone(),
            message: "the package has no CFDocument identifier".into(),
        })?
        .to_owned();
    let records = served_records(package);
    let imported = Copy {
        title: package.document.as_ref().and_then(|d| d.title.as_deref()).map(str::to_owned),
        version: package.document.as_ref().and_then(|d| d.version.as_deref()).map(str::to_owned),
        last_change: package
            .document
            .as_ref()
            .and_then(|d| d.last_change_date_time.as_ref())
            .map(|t| t.as_str().to_owned()),
    };
    check(cancel)?;
    let (replaced, counts) = cache.write_blocking(|tx| {
        let replaced =
            cached_copy(tx, connection_id, &document)?.map(|cached| Replaced { cached, imported: imported.clone() });
        if let Some(replaced) = &replaced
            && !force
            && replaced.imported.older_than(&replaced.cached)
        {
            return Err(IngestError::Older {
                path: shown.clone(),
                document: document.clone(),
                cached: Box::new(replaced.cached.clone()),
                imported: Box::new(replaced.imported.clone()),
            });
        }
        let counts = cache::write_package(tx, connection_id, &document, &records, &mut || counter.add())?;
        Ok((replaced, counts))
    })?;
    let counts = counts.into_iter().map(|(c, n)| (c.name().to_owned(), n)).collect();
    counter.finish();
    Ok(PackageImport { path: shown, document, counts, warnings: read.warnings, replaced })
}

/// The cached copy of the document `id` of the connection, if there is one: its title and
/// `lastChangeDateTime` as indexed, its version from the record.
fn cached_copy(conn: &rusqlite::Connection, connection_id: i64, id: &str) -> Result<Option<Copy>, IngestError> {
    let Some(cached) = cache::cached_document(conn, connection_id, id)? else { return Ok(None) };
    let version = cache::record(conn, connection_id, cairn_spec::Collection::CfDocuments, id)?
        .and_then(|json| serde_json::from_str::<serde_json::Value>(&json).ok())
        .and_then(|record| record.get("version").and_then(|v| v.as_str()).map(str::to_owned));
    Ok(Some(Copy { title: cached.title, version, last_change: cached.last_change }))
}
