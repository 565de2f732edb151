//! A bundle of CSV files: a folder, or a zip file (whose CSV files may sit in a folder inside).

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::{Path, PathBuf};

use zip::ZipArchive;

use super::error::ImportError;
use super::files;

/// An open bundle.
pub(crate) enum Bundle {
    /// A folder: its files (not its subfolders).
    Folder {
        /// The folder.
        dir: PathBuf,
        /// Its file names, sorted.
        names: Vec<String>,
    },
    /// A zip file: the files of the folder inside that holds the most OneRoster files.
    Zip {
        /// The zip file.
        path: PathBuf,
        /// The archive.
        archive: Box<ZipArchive<BufReader<File>>>,
        /// File names (without the folder), sorted, with their full names in the archive.
        entries: Vec<(String, String)>,
    },
}

impl Bundle {
    /// Opens the folder or zip file at `path`.
    pub(crate) fn open(path: &Path) -> Result<Bundle, ImportError> {
        let io = |source| ImportError::Io { path: path.to_owned(), source };
        let meta = std::fs::metadata(path).map_err(io)?;
        if meta.is_dir() {
            let mut names = Vec::new();
            for entry in std::fs::read_dir(path).map_err(io)? {
                let entry = entry.map_err(io)?;
                if entry.file_type().map_err(io)?.is_file()
                    && let Ok(name) = entry.file_name().into_string()
                {
                    names.push(name);
                }
            }
            names.sort();
            return Ok(Bundle::Folder { dir: path.to_owned(), names });
        }
        let mut file = File::open(path).map_err(io)?;
        let mut magic = [0u8; 2];
        let is_zip_name = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("zip"));
        let starts_pk = file.read_exact(&mut magic).is_ok() && &magic == b"PK";
        if !is_zip_name && !starts_pk {
            return Err(ImportError::NotABundle { path: path.to_owned() });
        }
        let file = File::open(path).map_err(io)?;
        let zip_error = |e: zip::result::ZipError| ImportError::Zip { path: path.to_owned(), message: e.to_string() };
        let archive = ZipArchive::new(BufReader::new(file)).map_err(zip_error)?;
        let entries = zip_entries(&archive);
        Ok(Bundle::Zip { path: path.to_owned(), archive: Box::new(archive), entries })
    }

    /// The file names of the bundle, sorted.
    pub(crate) fn names(&self) -> Vec<String> {
        match self {
            Bundle::Folder { names, .. } => names.clone(),
            Bundle::Zip { entries, .. } => entries.iter().map(|(n, _)| n.clone()).collect(),
        }
    }

    /// The contents of the file `name`, as a stream.
    pub(crate) fn open_file(&mut self, name: &str) -> Result<Box<dyn Read + '_>, ImportError> {
        match self {
            Bundle::Folder { dir, .. } => {
                let path = dir.join(name);
                let file = File::open(&path).map_err(|source| ImportError::Io { path, source })?;
                Ok(Box::new(BufReader::new(file)))
            }
            Bundle::Zip { path, archive, entries } => {
                let full = entries.iter().find(|(n, _)| n == name).map_or(name, |(_, f)| f.as_str());
                let entry = archive
                    .by_name(full)
                    .map_err(|e| ImportError::Zip { path: path.clone(), message: format!("{full}: {e}") })?;
                Ok(Box::new(entry))
            }
        }
    }
}

/// The files of the zip's folder that holds the most OneRoster CSV files (the top folder on a
/// tie), without `__MACOSX` and hidden files.
fn zip_entries(archive: &ZipArchive<BufReader<File>>) -> Vec<(String, String)> {
    let mut folders: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for full in archive.file_names().flatten() {
        let full: &str = &full;
        if full.ends_with('/') || full.starts_with("__MACOSX/") {
            continue;
        }
        let (folder, name) = full.rsplit_once('/').unwrap_or(("", full));
        if name.is_empty() || name.starts_with('.') {
            continue;
        }
        folders.entry(folder.to_owned()).or_default().push((name.to_owned(), full.to_owned()));
    }
    let known = |entries: &Vec<(String, String)>| {
        entries
            .iter()
            .filter(|(n, _)| {
                files::csv_stem(n)
                    .is_some_and(|stem| files::find(stem).is_some() || stem.eq_ignore_ascii_case("manifest"))
            })
            .count()
    };
    let best = folders
        .iter()
        .max_by(|(a_dir, a), (b_dir, b)| {
            known(a).cmp(&known(b)).then(b_dir.len().cmp(&a_dir.len())).then(b_dir.cmp(a_dir))
        })
        .map(|(dir, _)| dir.clone());
    let mut entries = best.and_then(|dir| folders.remove(&dir)).unwrap_or_default();
    entries.sort();
    entries
}
