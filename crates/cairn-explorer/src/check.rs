//! Checking a JSON file against the specification: which class it is, what reading tolerated
//! (warnings) and what strict validation finds (violations), each with its JSON path.

use std::path::{Path, PathBuf};

use cairn_spec::case::PackageFile;
use cairn_spec::registry::{ClassEntry, class, classes};
use cairn_spec::{Issue, validate};
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
    /// Deviations that reading accepted.
    pub warnings: Vec<Issue>,
    /// Violations of the specification that are not tolerated deviations.
    pub violations: Vec<Issue>,
}

impl CheckReport {
    /// Whether strict validation found nothing at all.
    pub fn is_valid(&self) -> bool {
        self.warnings.is_empty() && self.violations.is_empty()
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
    let (warnings, violations) = issues.into_iter().partition(Issue::is_tolerated);
    Ok(CheckReport { path: path.to_owned(), class, counts, warnings, violations })
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
mod tests {
    use super::*;

    fn fixture(name: &str) -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/case").join(name)
    }

    #[test]
    fn a_real_package_reports_counts_warnings_and_violations() {
        let report = check_file(&fixture("opensalt-what-standards-could-be-crosswalk.json"), None).unwrap();
        assert_eq!(report.class, "CFPackage");
        assert_eq!(report.counts[0], ("CFItems".to_owned(), 16));
        assert!(report.warnings.iter().any(|w| w.path == "$.CFDocument.lastChangeDateTime"));
        assert!(report.violations.iter().all(|v| !v.is_tolerated()));
        assert!(!report.is_valid());
    }

    #[test]
    fn wrappers_are_recognised_and_classes_can_be_named() {
        let dir = std::env::temp_dir().join(format!("cairn-check-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("orgs.json");
        std::fs::write(&file, r#"{"orgs": [{"sourcedId": "o1", "status": "active", "dateLastModified": "2024-01-01T00:00:00Z", "name": "North High", "type": "school"}]}"#).unwrap();
        let report = check_file(&file, None).unwrap();
        assert_eq!((report.class.as_str(), report.counts.clone()), ("OrgSet", vec![("orgs".to_owned(), 1)]));
        assert!(report.is_valid(), "{:?}", report.violations);
        let err = check_file(&file, Some("Nope")).unwrap_err();
        assert!(err.to_string().contains("no class called \"Nope\""));
        std::fs::write(&file, "{\"orgs\": [").unwrap();
        let err = check_file(&file, None).unwrap_err();
        assert!(err.to_string().contains("not valid JSON at line 1"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
