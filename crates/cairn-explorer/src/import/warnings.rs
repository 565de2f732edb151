//! Import warnings: what was wrong in which file, line and column, and what the importer did.

use std::collections::HashMap;
use std::fmt;

use serde::Serialize;

/// One thing in a bundle that did not fit the specification, and what the importer did about it.
///
/// Displays as `users.csv:17: column birthDate: "1999-02-30" is not a date (YYYY-MM-DD); left out`
/// (without the line when it concerns the whole file, without the column when it concerns the
/// whole row).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ImportWarning {
    /// The file's name in the bundle (`users.csv`).
    pub file: String,
    /// The 1-based line where the row starts (the header is line 1); 0 for the whole file.
    pub line: u64,
    /// The column's header as given, when the warning concerns one column.
    pub column: Option<String>,
    /// What was wrong and what was done (`"x" is not a date; left out`).
    pub reason: String,
}

impl fmt::Display for ImportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        f.write_str(": ")?;
        if let Some(column) = &self.column {
            write!(f, "column {column}: ")?;
        }
        f.write_str(&self.reason)
    }
}

/// Collects warnings grouped by file, each group in line order at the end, so that warnings
/// found after a file was read (an unused role) still come out next to their line.
#[derive(Debug, Default)]
pub(crate) struct Warnings {
    groups: Vec<Vec<ImportWarning>>,
    by_file: HashMap<String, usize>,
}

impl Warnings {
    /// Adds a warning.
    pub(crate) fn push(&mut self, warning: ImportWarning) {
        let next = self.groups.len();
        let group = *self.by_file.entry(warning.file.clone()).or_insert(next);
        if group == next {
            self.groups.push(Vec::new());
        }
        self.groups[group].push(warning);
    }

    /// Adds a warning about `file`, at `line` (0: the whole file) and `column`.
    pub(crate) fn add(&mut self, file: &str, line: u64, column: Option<&str>, reason: impl Into<String>) {
        self.push(ImportWarning {
            file: file.to_owned(),
            line,
            column: column.map(str::to_owned),
            reason: reason.into(),
        });
    }

    /// Every warning: files by `rank` (then in order of first mention), lines in order within
    /// each file.
    pub(crate) fn into_sorted(self, rank: impl Fn(&str) -> usize) -> Vec<ImportWarning> {
        let mut groups = self.groups;
        groups.sort_by_cached_key(|g| g.first().map_or(usize::MAX, |w| rank(&w.file)));
        groups
            .into_iter()
            .flat_map(|mut group| {
                group.sort_by_key(|w| w.line);
                group
            })
            .collect()
    }
}
