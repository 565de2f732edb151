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

impl ImportWarning {
    /// What kind of warning it is: the reason with quoted values and numbers blanked out, after
    /// the column (`column status: "…" in a bulk file, ...`), so that warnings that differ only
    /// in their values are of one kind.
    pub fn kind(&self) -> String {
        let mut kind = String::new();
        if let Some(column) = &self.column {
            kind.push_str("column ");
            kind.push_str(column);
            kind.push_str(": ");
        }
        let mut quoted = false;
        let mut digits = false;
        let mut escaped = false;
        for c in self.reason.chars() {
            if quoted {
                match (escaped, c) {
                    (false, '\\') => escaped = true,
                    (false, '"') => {
                        quoted = false;
                        kind.push_str("…\"");
                    }
                    _ => escaped = false,
                }
                continue;
            }
            if c.is_ascii_digit() {
                if !digits {
                    kind.push('N');
                }
                digits = true;
                continue;
            }
            digits = false;
            kind.push(c);
            quoted = c == '"';
        }
        kind
    }
}

/// Warnings of one kind about one file, with the first few listed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WarningGroup {
    /// The file.
    pub file: String,
    /// The kind ([`ImportWarning::kind`]).
    pub kind: String,
    /// How many warnings.
    pub count: usize,
    /// Whether they all say the same (then the first one's words describe the group).
    pub identical: bool,
    /// The first few, as they are.
    pub first: Vec<ImportWarning>,
}

/// How many warnings of a group are listed.
const LISTED: usize = 3;

impl fmt::Display for WarningGroup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.count, self.first.first()) {
            (1, Some(only)) => only.fmt(f),
            _ => {
                let lines: Vec<String> = self.first.iter().map(|w| w.line.to_string()).collect();
                let more = if self.count > self.first.len() { ", ..." } else { "" };
                let what = match (self.identical, self.first.first()) {
                    (true, Some(first)) => match &first.column {
                        Some(column) => format!("column {column}: {}", first.reason),
                        None => first.reason.clone(),
                    },
                    _ => self.kind.clone(),
                };
                write!(f, "{}: {} rows: {what} (lines {}{more})", self.file, thousands(self.count), lines.join(", "))
            }
        }
    }
}

/// Identical warnings (same file and kind) grouped, in order of each group's first warning.
pub fn group_warnings(warnings: &[ImportWarning]) -> Vec<WarningGroup> {
    let mut groups: Vec<WarningGroup> = Vec::new();
    let mut index: HashMap<(String, String), usize> = HashMap::new();
    for warning in warnings {
        let kind = warning.kind();
        let at = *index.entry((warning.file.clone(), kind.clone())).or_insert_with(|| {
            let group = WarningGroup { file: warning.file.clone(), kind, count: 0, identical: true, first: Vec::new() };
            groups.push(group);
            groups.len() - 1
        });
        let group = &mut groups[at];
        group.count += 1;
        group.identical &= group.first.first().is_none_or(|f| f.reason == warning.reason && f.column == warning.column);
        if group.first.len() < LISTED {
            group.first.push(warning.clone());
        }
    }
    groups
}

/// Warnings counted by kind, most frequent first (then by kind).
pub fn count_kinds(warnings: &[ImportWarning]) -> Vec<(String, usize)> {
    let mut counts: HashMap<String, usize> = HashMap::new();
    for warning in warnings {
        *counts.entry(warning.kind()).or_default() += 1;
    }
    let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    counts
}

/// `1998` as `1,998`.
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warning(line: u64, column: Option<&str>, reason: &str) -> ImportWarning {
        ImportWarning { file: "users.csv".into(), line, column: column.map(str::to_owned), reason: reason.into() }
    }

    #[test]
    fn warnings_that_differ_in_values_only_are_one_group() {
        let warnings = [
            warning(2, Some("birthDate"), "\"1999-02-30\" is not a date (YYYY-MM-DD); left out"),
            warning(3, Some("birthDate"), "\"x \\\" y\" is not a date (YYYY-MM-DD); left out"),
            warning(4, Some("sex"), "\"m\" is not a term; left out"),
        ];
        let groups = group_warnings(&warnings);
        assert_eq!(groups.len(), 2);
        assert_eq!(
            groups[0].to_string(),
            "users.csv: 2 rows: column birthDate: \"…\" is not a date (YYYY-MM-DD); left out (lines 2, 3)"
        );
        assert_eq!(groups[1].to_string(), "users.csv:4: column sex: \"m\" is not a term; left out");
        assert_eq!(count_kinds(&warnings)[0].1, 2);
        let same = [warning(10, None, "19 fields; ignored"), warning(11, None, "19 fields; ignored")];
        assert_eq!(group_warnings(&same)[0].to_string(), "users.csv: 2 rows: 19 fields; ignored (lines 10, 11)");
        assert_eq!(thousands(1998), "1,998");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(12), "12");
    }
}
