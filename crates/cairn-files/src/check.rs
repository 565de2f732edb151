//! Checking a JSON file against the specification: which class it is and its findings at three
//! levels, each with its JSON path — violations (a reader of the specification cannot use the
//! value), deviations (what reading tolerates, with a warning) and field notes (outside the
//! specification's form but what servers in the field send: `CFDocumentURI` on packaged items,
//! CASE 1.0 names, ...), counted apart.

use std::path::{Path, PathBuf};

use cairn_spec::case::PackageFile;
use cairn_spec::registry::{ClassEntry, class, classes};
use cairn_spec::{Issue, Level, validate};
use serde::Serialize;
use serde_json::Value;

/// What a file turned out to hold, and what is wrong with it.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// The file.
    pub path: PathBuf,
    /// The class the file was read as (`CFPackage`, `UserSet`...).
    pub class: String,
    /// Counts of what the file holds (`CFItems`: 703, ...).
    pub counts: Vec<(String, usize)>,
    /// How many findings of each level.
    pub levels: LevelCounts,
    /// What a reader of the specification cannot use.
    pub violations: Vec<Issue>,
    /// Deviations that reading accepts with a warning.
    pub deviations: Vec<Issue>,
    /// What servers in the field send outside the specification's form.
    pub field_notes: Vec<Issue>,
}

/// How many findings of each level a file has.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct LevelCounts {
    /// Violations.
    pub violations: usize,
    /// Deviations.
    pub deviations: usize,
    /// Field notes.
    pub field_notes: usize,
}

impl CheckReport {
    /// Whether the file has no violation and no deviation (field notes do not count).
    pub fn is_valid(&self) -> bool {
        self.deviations.is_empty() && self.violations.is_empty()
    }
}

/// Why a file could not be checked.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not JSON, or not of any class.
    #[error("{path}: {message}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What was wrong and where.
        message: String,
    },
    /// The class asked for does not exist.
    #[error("no class called {0:?} (try CFPackage, CFItem, User, LineItemSet, ...)")]
    UnknownClass(String),
}

/// Checks the file at `path` as `class_name`, or as the class it looks like: a CASE package
/// (bare or wrapped), or the wrapper whose single property the object has (`{"users": [...]}`).
pub fn check_file(path: &Path, class_name: Option<&str>) -> Result<CheckReport, CheckError> {
    let bytes = std::fs::read(path).map_err(|source| CheckError::Io { path: path.to_owned(), source })?;
    check_bytes(&bytes, path, class_name)
}

/// [`check_file`] of a file's contents already read (`path` names it in the report and errors).
pub fn check_bytes(bytes: &[u8], path: &Path, class_name: Option<&str>) -> Result<CheckReport, CheckError> {
    let unreadable = |message: String| CheckError::Unreadable { path: path.to_owned(), message };
    let value: Value = serde_json::from_slice(bytes)
        .map_err(|e| unreadable(format!("not valid JSON at line {}, column {}: {e}", e.line(), e.column())))?;
    let entry = match class_name {
        Some(name) => Some(class(name).ok_or_else(|| CheckError::UnknownClass(name.to_owned()))?),
        None => None,
    };
    let is_package = match &entry {
        Some(entry) => (entry.shape)().name == "CFPackage",
        None => looks_like_package(&value),
    };
    let (class, counts, issues) = if is_package {
        let read =
            cairn_spec::read::<PackageFile>(value, "a CFPackage object").map_err(|e| unreadable(e.to_string()))?;
        let package = &read.value.package;
        let counts = vec![
            ("CFItems".to_owned(), package.items.as_ref().map_or(0, |m| m.len())),
            ("CFAssociations".to_owned(), package.associations.as_ref().map_or(0, |m| m.len())),
            ("CFRubrics".to_owned(), package.rubrics.as_ref().map_or(0, |m| m.len())),
        ];
        ("CFPackage".to_owned(), counts, validate(&read.value))
    } else {
        let entry = entry.or_else(|| wrapper_of(&value)).ok_or_else(|| {
            unreadable("could not tell which class this is; name it with --class (CFPackage, CFItem, User, ...)".into())
        })?;
        let name = (entry.shape)().name.to_owned();
        let counts = top_level_counts(&value);
        let (_, issues) = (entry.check)(value).map_err(|v| {
            unreadable(format!("expected a {name} object at $, found {}", cairn_spec::wire::json_type(&v)))
        })?;
        (name, counts, issues)
    };
    let (mut violations, mut deviations, mut field_notes) = (Vec::new(), Vec::new(), Vec::new());
    for issue in issues {
        match issue.level() {
            Level::Violation => violations.push(issue),
            Level::Deviation => deviations.push(issue),
            Level::FieldNote => field_notes.push(issue),
        }
    }
    let levels =
        LevelCounts { violations: violations.len(), deviations: deviations.len(), field_notes: field_notes.len() };
    Ok(CheckReport { path: path.to_owned(), class, counts, levels, violations, deviations, field_notes })
}

fn looks_like_package(value: &Value) -> bool {
    value.get("CFDocument").is_some() || value.get("CFPackage").is_some()
}

/// The wrapper class whose only property is the object's only property.
fn wrapper_of(value: &Value) -> Option<ClassEntry> {
    let map = value.as_object()?;
    let key = match map.len() {
        1 => map.keys().next()?,
        _ => return None,
    };
    classes().into_iter().find(|c| {
        let fields = (c.shape)().fields;
        fields.len() == 1 && fields[0].name == key
    })
}

fn top_level_counts(value: &Value) -> Vec<(String, usize)> {
    value.as_object().into_iter().flatten().filter_map(|(k, v)| v.as_array().map(|a| (k.clone(), a.len()))).collect()
}

#[cfg(test)]
mod tests;
