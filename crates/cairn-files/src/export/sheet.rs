//! Writing CSV the way the bundle and the framework table want it: RFC 4180 quoting, CRLF
//! between records (and kept as it is inside quoted fields), UTF-8; files created on their
//! first row, so that a file without rows is never written.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::ExportError;

/// A CSV writer on `out`.
pub(crate) fn writer<W: Write>(out: W) -> csv::Writer<W> {
    csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(out)
}

/// One file of a bundle, created when its first row comes.
pub(crate) struct Sheet {
    path: PathBuf,
    header: Vec<String>,
    writer: Option<csv::Writer<BufWriter<File>>>,
    rows: usize,
}

impl Sheet {
    /// The file `name` in `dir`, with the columns `header`.
    pub(crate) fn new(dir: &Path, name: &str, header: Vec<String>) -> Sheet {
        Sheet { path: dir.join(name), header, writer: None, rows: 0 }
    }

    /// Writes a row (the header first, on the first row).
    pub(crate) fn row(&mut self, cells: &[String]) -> Result<(), ExportError> {
        let writer = match &mut self.writer {
            Some(writer) => writer,
            None => {
                let file =
                    File::create(&self.path).map_err(|source| ExportError::Io { path: self.path.clone(), source })?;
                let mut writer = writer(BufWriter::new(file));
                writer.write_record(&self.header).map_err(|e| csv_error(&self.path, e))?;
                self.writer.insert(writer)
            }
        };
        writer.write_record(cells).map_err(|e| csv_error(&self.path, e))?;
        self.rows += 1;
        Ok(())
    }

    /// Flushes the file; the number of rows written (0: no file).
    pub(crate) fn finish(self) -> Result<usize, ExportError> {
        if let Some(mut writer) = self.writer {
            writer.flush().map_err(|source| ExportError::Io { path: self.path.clone(), source })?;
        }
        Ok(self.rows)
    }
}

/// A CSV error at `path`.
pub(crate) fn csv_error(path: &Path, source: csv::Error) -> ExportError {
    ExportError::Csv { path: path.to_owned(), source }
}

/// A value of `json` as a cell: text as it is, arrays comma-joined, other values as JSON text.
pub(crate) fn cell(json: &Value, key: &str) -> String {
    match json.get(key) {
        None | Some(Value::Null) => String::new(),
        Some(Value::Array(values)) => values.iter().map(text).collect::<Vec<_>>().join(","),
        Some(other) => text(other),
    }
}

/// A value as text: strings as they are, others as JSON.
pub(crate) fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}
