//! What an export could not carry, grouped: one warning per file, property and reason, with the
//! number of records and the first few of their sourcedIds.

use std::fmt;

use serde::Serialize;

/// How many sourcedIds a warning names.
const FIRST: usize = 5;

/// Records of one file whose value of one property the bundle does not carry (or carries
/// differently), and why.
///
/// Displays as `lineItems.csv: gradingPeriod: 3 records (li-1, li-2, li-3): the CSV binding has
/// no column for it; left out`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ExportWarning {
    /// The file (`users.csv`).
    pub file: String,
    /// The property, when the warning concerns one.
    pub field: Option<String>,
    /// What was done.
    pub reason: String,
    /// How many records.
    pub records: usize,
    /// The first few records' sourcedIds.
    pub first: Vec<String>,
}

impl fmt::Display for ExportWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.file)?;
        if let Some(field) = &self.field {
            write!(f, "{field}: ")?;
        }
        let more = if self.records > self.first.len() { ", ..." } else { "" };
        let noun = if self.records == 1 { "record" } else { "records" };
        write!(f, "{} {noun} ({}{more}): {}", self.records, self.first.join(", "), self.reason)
    }
}

/// Warnings being collected.
#[derive(Debug, Default)]
pub(crate) struct Warnings(pub(crate) Vec<ExportWarning>);

impl Warnings {
    /// One more record `id` of `file` with this warning.
    pub(crate) fn add(&mut self, file: &str, field: Option<&str>, reason: &str, id: &str) {
        let found = self.0.iter_mut().find(|w| w.file == file && w.field.as_deref() == field && w.reason == reason);
        let warning = match found {
            Some(warning) => warning,
            None => {
                self.0.push(ExportWarning {
                    file: file.to_owned(),
                    field: field.map(str::to_owned),
                    reason: reason.to_owned(),
                    records: 0,
                    first: Vec::new(),
                });
                let last = self.0.len() - 1;
                &mut self.0[last]
            }
        };
        warning.records += 1;
        if warning.first.len() < FIRST {
            warning.first.push(id.to_owned());
        }
    }
}
