//! manifest.csv: the binding's version and, for each file, whether it is a bulk file, a delta
//! or absent.

use std::collections::HashMap;
use std::io::Read;

use super::CsvVersion;
use super::warnings::Warnings;

/// How the manifest says a file is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    /// Every record of the collection.
    Bulk,
    /// Changes only.
    Delta,
    /// Not given.
    Absent,
    /// A value that is none of those (warned about).
    Unknown,
}

/// What manifest.csv says.
#[derive(Debug, Default)]
pub(crate) struct Manifest {
    /// `oneroster.version`.
    pub version: Option<CsvVersion>,
    modes: HashMap<String, (Mode, u64)>,
}

impl Manifest {
    /// Reads manifest.csv (named `file`) from `source`.
    pub(crate) fn read(source: &mut dyn Read, file: &str, warnings: &mut Warnings) -> Manifest {
        let mut manifest = Manifest::default();
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(source);
        let mut record = csv::ByteRecord::new();
        loop {
            match reader.read_byte_record(&mut record) {
                Ok(true) => {}
                Ok(false) => break,
                Err(e) => {
                    warnings.add(file, 0, None, format!("unreadable from here on: {e}"));
                    break;
                }
            }
            let line = record.position().map_or(0, |p| p.line());
            let cell = |i: usize| {
                record
                    .get(i)
                    .map(|b| String::from_utf8_lossy(b).trim().trim_start_matches('\u{feff}').to_owned())
                    .unwrap_or_default()
            };
            let (property, value) = (cell(0), cell(1));
            if property.eq_ignore_ascii_case("propertyName") || property.is_empty() {
                continue;
            }
            if property.eq_ignore_ascii_case("oneroster.version") {
                manifest.version = match value.as_str() {
                    "1.2" | "1.2.0" => Some(CsvVersion::V1_2),
                    "1.1" | "1.1.0" => Some(CsvVersion::V1_1),
                    _ => {
                        warnings.add(
                            file,
                            line,
                            Some("value"),
                            format!(
                                "oneroster.version {value:?} is not 1.1 or 1.2; the version is told from the files"
                            ),
                        );
                        None
                    }
                };
            } else if let Some(name) = property.strip_prefix("file.") {
                let mode = match value.to_ascii_lowercase().as_str() {
                    "bulk" => Mode::Bulk,
                    "delta" => Mode::Delta,
                    "absent" => Mode::Absent,
                    _ => {
                        warnings.add(file, line, Some("value"), format!("{property} is {value:?}, not bulk, delta or absent; the file is read as bulk if it is there"));
                        Mode::Unknown
                    }
                };
                manifest.modes.insert(name.to_ascii_lowercase(), (mode, line));
            }
        }
        manifest
    }

    /// The mode of the file called `name` (without `.csv`) and the manifest's line for it.
    pub(crate) fn mode(&self, name: &str) -> Option<(Mode, u64)> {
        self.modes.get(&name.to_ascii_lowercase()).copied()
    }
}
