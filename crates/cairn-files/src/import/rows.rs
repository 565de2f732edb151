//! Reading a CSV stream row by row: the header, line numbers, fields that are not UTF-8, rows
//! with the wrong number of fields and blank rows.

use std::io::Read;
use std::path::{Path, PathBuf};

use csv::ByteRecord;

use super::error::ImportError;
use super::files::{FileSpec, Kind};
use super::header::Header;
use super::warnings::Warnings;

/// One row: the line it starts on and its fields, as many as the header has.
#[derive(Debug)]
pub(crate) struct Row {
    /// 1-based line where the row starts.
    pub line: u64,
    /// The fields, decoded.
    pub cells: Vec<String>,
}

/// The rows of one file of a bundle, read as they come.
pub(crate) struct CsvRows<'r> {
    reader: csv::Reader<Box<dyn Read + 'r>>,
    record: ByteRecord,
    file: String,
    bundle: PathBuf,
    line: u64,
    /// Whether the file's records end with CRLF (told by its first record).
    crlf: bool,
}

impl<'r> CsvRows<'r> {
    /// Rows of `file` (in the bundle at `bundle`) from `source`.
    pub(crate) fn new(source: Box<dyn Read + 'r>, bundle: &Path, file: &str) -> CsvRows<'r> {
        let reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(source);
        CsvRows {
            reader,
            record: ByteRecord::new(),
            file: file.to_owned(),
            bundle: bundle.to_owned(),
            line: 0,
            crlf: false,
        }
    }

    /// The next record's fields and line, undecoded; `None` at the end.
    fn next_record(&mut self) -> Result<Option<u64>, ImportError> {
        match self.reader.read_byte_record(&mut self.record) {
            Ok(false) => Ok(None),
            Ok(true) => {
                // With LF line ends the reader's start line is right. With CRLF it is the line
                // where the previous record ended (the `\n` after its `\r`, and any blank lines,
                // are skipped only once the next record is read), but the reader's position
                // after a CRLF record is on the record's own last line: the start is that line
                // less the line breaks inside the record. The first record tells which ends the
                // file uses (after it, the reader is a line further on only with LF).
                let reported = self.record.position().map_or(0, |p| p.line());
                let after = self.reader.position().line();
                let inside: u64 = self.record.iter().map(|f| f.iter().filter(|&&b| b == b'\n').count() as u64).sum();
                if self.line == 0 {
                    self.crlf = after == reported + inside;
                }
                let start = if self.crlf { after.saturating_sub(inside) } else { reported };
                self.line = start.max(self.line + 1);
                Ok(Some(self.line))
            }
            Err(e) => Err(ImportError::Read {
                path: self.bundle.clone(),
                file: self.file.clone(),
                line: self.line,
                message: e.to_string(),
            }),
        }
    }

    /// The fields of the current record, decoded (Latin-1 when not UTF-8, with a warning).
    fn decode(&self, warnings: &mut Warnings, header: Option<&Header>) -> Vec<String> {
        self.record
            .iter()
            .enumerate()
            .map(|(i, bytes)| match std::str::from_utf8(bytes) {
                Ok(s) => s.to_owned(),
                Err(_) => {
                    let text: String = bytes.iter().map(|&b| char::from(b)).collect();
                    let column = header.and_then(|h| h.name_at(i));
                    warnings.add(&self.file, self.line, column, format!("not UTF-8; read as Latin-1 ({text:?})"));
                    text
                }
            })
            .collect()
    }

    /// The next record as it is, blank or not, with the line it starts on; `None` at the end.
    pub(crate) fn next_raw(&mut self) -> Result<Option<(u64, Vec<String>)>, ImportError> {
        let Some(line) = self.next_record()? else { return Ok(None) };
        Ok(Some((line, self.decode(&mut Warnings::default(), None))))
    }

    /// Reads the header; `None` (with a warning) when the file is empty or has no sourcedId
    /// column.
    pub(crate) fn header(
        &mut self,
        spec: &'static FileSpec,
        warnings: &mut Warnings,
    ) -> Result<Option<Header>, ImportError> {
        if self.next_record()?.is_none() {
            warnings.add(&self.file, 0, None, "empty file (not even a header); skipped");
            return Ok(None);
        }
        let cells = self.decode(warnings, None);
        let header = Header::new(spec, &self.file, cells, warnings);
        if matches!(spec.kind, Kind::Records(_)) && !header.has("sourcedId") {
            warnings.add(&self.file, 1, None, "no sourcedId column; file skipped");
            return Ok(None);
        }
        Ok(Some(header))
    }

    /// The next row with as many fields as the header: blank rows are skipped; a row with
    /// fewer fields is padded, one with extra empty fields cut (both with a warning); a row with
    /// extra values is skipped with a warning, as its values cannot be matched to columns.
    pub(crate) fn next(&mut self, header: &Header, warnings: &mut Warnings) -> Result<Option<Row>, ImportError> {
        while let Some(line) = self.next_record()? {
            let mut cells = self.decode(warnings, Some(header));
            if cells.iter().all(|c| c.trim().is_empty()) {
                continue;
            }
            let (n, width) = (cells.len(), header.width);
            if n > width {
                let literal = header.slots().len();
                if cells[width..].iter().any(|c| !c.trim().is_empty()) {
                    warnings.add(
                        &self.file,
                        line,
                        None,
                        format!(
                            "{n} fields where the header has {width}; row skipped (a value with an unquoted comma?)"
                        ),
                    );
                    continue;
                }
                if n > literal {
                    warnings.add(
                        &self.file,
                        line,
                        None,
                        format!("{n} fields where the header has {width}; the extra empty fields are ignored"),
                    );
                }
                cells.truncate(width);
            } else if n < width {
                warnings.add(
                    &self.file,
                    line,
                    None,
                    format!("{n} fields where the header has {width}; the missing ones are read as empty"),
                );
                cells.resize(width, String::new());
            }
            return Ok(Some(Row { line, cells }));
        }
        Ok(None)
    }
}
