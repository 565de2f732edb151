//! One row of a bundle's file, read again to show the row a warning names: its header and its
//! fields, numbered by line exactly as the import numbered them.

use std::path::Path;

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::bundle::Bundle;
use super::error::ImportError;
use super::rows::CsvRows;

/// A row of a file in a bundle, beside its file's header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct BundleRow {
    /// The file's name in the bundle (`users.csv`).
    pub file: String,
    /// The line the row starts on (the header is line 1).
    #[ts(type = "number")]
    pub line: u64,
    /// The file's header, as given.
    pub header: Vec<String>,
    /// The row's fields, as given (as many as the row has).
    pub cells: Vec<String>,
}

/// Why a row cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum RowError {
    /// The bundle or its file could not be read.
    #[error(transparent)]
    Import(#[from] ImportError),
    /// The bundle has no file of that name.
    #[error("{bundle}: no file {file:?} in the bundle")]
    NoFile {
        /// The folder or zip file.
        bundle: String,
        /// The file asked for.
        file: String,
    },
    /// The file has no row starting on that line.
    #[error("{file}: no row starts on line {line} (the file has {last} lines of rows)")]
    NoRow {
        /// The file.
        file: String,
        /// The line asked for.
        line: u64,
        /// The line the last row starts on.
        last: u64,
    },
}

/// The row of `file` in the bundle at `bundle` (a folder or a zip file) that starts on `line`
/// (1 is the header itself).
pub fn bundle_row(bundle: &Path, file: &str, line: u64) -> Result<BundleRow, RowError> {
    let mut opened = Bundle::open(bundle)?;
    if !opened.names().iter().any(|n| n == file) {
        return Err(RowError::NoFile { bundle: bundle.display().to_string(), file: file.to_owned() });
    }
    let source = opened.open_file(file)?;
    let mut rows = CsvRows::new(source, bundle, file);
    let mut header = Vec::new();
    let mut last = 0;
    while let Some((at, cells)) = rows.next_raw()? {
        if at == 1 || header.is_empty() && last == 0 {
            header.clone_from(&cells);
        }
        if at == line {
            return Ok(BundleRow { file: file.to_owned(), line, header, cells });
        }
        if at > line {
            break;
        }
        last = at;
    }
    Err(RowError::NoRow { file: file.to_owned(), line, last })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    #[test]
    fn a_row_is_found_by_the_line_it_starts_on() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("users.csv"),
            "sourcedId,givenName,familyName\r\nu1,Ann,\"Multi\nLine\"\r\nu2,Bo,Ek\r\n",
        )
        .unwrap();
        let row = bundle_row(dir.path(), "users.csv", 4).unwrap();
        assert_eq!(row.header, ["sourcedId", "givenName", "familyName"]);
        assert_eq!(row.cells, ["u2", "Bo", "Ek"]);
        let multi = bundle_row(dir.path(), "users.csv", 2).unwrap();
        assert_eq!(multi.cells[2], "Multi\nLine");
        assert!(matches!(bundle_row(dir.path(), "users.csv", 3), Err(RowError::NoRow { .. })));
        // A blank line between CRLF rows counts as a line too.
        std::fs::write(dir.path().join("orgs.csv"), "sourcedId,name\r\no1,\"A\r\nB\"\r\n\r\no2,C\r\n").unwrap();
        assert_eq!(bundle_row(dir.path(), "orgs.csv", 5).unwrap().cells, ["o2", "C"]);
        std::fs::write(dir.path().join("courses.csv"), "sourcedId,title\nc1,\"A\nB\"\nc2,C").unwrap();
        assert_eq!(bundle_row(dir.path(), "courses.csv", 4).unwrap().cells, ["c2", "C"]);
        assert!(matches!(bundle_row(dir.path(), "classes.csv", 2), Err(RowError::NoFile { .. })));
    }
}
