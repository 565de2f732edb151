//! What an import carries from file to file: hrefs, the ids read, the indexed joins, warnings,
//! counts and the sink; and the last step of every record (checks, duplicates, the sink).

use std::collections::{BTreeMap, HashMap};
use std::path::PathBuf;

use cairn_spec::wire::Record;
use cairn_spec::{Collection, Issue, Rule, gradebook, resources, roster, validate};
use serde_json::{Map, Value};

use super::cells::Cells;
use super::error::{ImportError, SinkError};
use super::files::FileSpec;
use super::joins::Joins;
use super::refs::{Deferred, Hrefs, Known, Registry};
use super::warnings::Warnings;

/// Where records go.
pub(crate) type Sink<'s> = dyn FnMut(Collection, Value) -> Result<(), SinkError> + 's;

/// The state of one import.
pub(crate) struct State<'s> {
    /// The bundle's path (for errors).
    pub path: PathBuf,
    /// Href building.
    pub hrefs: Hrefs,
    /// Every warning so far.
    pub warnings: Warnings,
    /// What the import says once per file (the mode it assumed, dates bulk files lack).
    pub notes: Vec<String>,
    /// The sourcedIds read so far.
    pub ids: Registry,
    /// Rows of join files, by the record they belong to.
    pub joins: Joins,
    /// Org types by sourcedId (for 1.1's `administrator` role).
    pub org_types: HashMap<String, String>,
    /// Each class's school (for 1.1 line items, which have none).
    pub class_schools: HashMap<String, String>,
    /// Distinct records sent, by collection.
    pub counts: BTreeMap<Collection, usize>,
    sink: &'s mut Sink<'s>,
}

impl<'s> State<'s> {
    /// A new import into `sink`.
    pub(crate) fn new(path: PathBuf, hrefs: Hrefs, sink: &'s mut Sink<'s>) -> State<'s> {
        State {
            path,
            hrefs,
            warnings: Warnings::default(),
            notes: Vec::new(),
            ids: Registry::default(),
            joins: Joins::default(),
            org_types: HashMap::new(),
            class_schools: HashMap::new(),
            counts: BTreeMap::new(),
            sink,
        }
    }

    /// Checks a reference from `file:line` (column `column`) to `id` of `target`: a warning
    /// when its file was read in full without it; checked at the end when it is being read.
    pub(crate) fn check(
        &mut self,
        file: &str,
        line: u64,
        column: &str,
        target: Collection,
        id: &str,
    ) -> Option<String> {
        match self.ids.known(target, id) {
            Known::Yes | Known::Unknown => None,
            Known::No(in_file) => Some(no_such(target, id, &in_file)),
            Known::Later => {
                self.ids.defer(Deferred {
                    file: file.to_owned(),
                    line,
                    column: column.to_owned(),
                    target,
                    id: id.to_owned(),
                });
                None
            }
        }
    }

    /// A GUIDRef to the record of `target` named in `column`, checked.
    pub(crate) fn reference(&mut self, cells: &mut Cells<'_>, column: &str, target: Collection) -> Option<Value> {
        let id = cells.get(column)?.to_owned();
        self.reference_to(cells, column, target, &id)
    }

    /// A GUIDRef to `id` of `target`, named in `column`, checked.
    pub(crate) fn reference_to(
        &mut self,
        cells: &mut Cells<'_>,
        column: &str,
        target: Collection,
        id: &str,
    ) -> Option<Value> {
        let given = cells.header.given(column).to_owned();
        if let Some(reason) = self.check(cells.file, cells.line, &given, target, id) {
            cells.warn(column, reason);
        }
        Some(self.hrefs.guid(target, id))
    }

    /// GUIDRefs to the records of `target` listed (comma-separated) in `column`, checked.
    pub(crate) fn references(&mut self, cells: &mut Cells<'_>, column: &str, target: Collection) -> Vec<Value> {
        let Some(ids) = cells.get(column).map(super::values::list) else { return Vec::new() };
        ids.iter().filter_map(|id| self.reference_to(cells, column, target, id)).collect()
    }

    /// Warns about the references to nothing found at the end of the file being read.
    pub(crate) fn end_file(&mut self, complete: bool) {
        for (d, file) in self.ids.end(complete) {
            let reason = no_such(d.target, &d.id, &file);
            self.warnings.add(&d.file, d.line, Some(&d.column), reason);
        }
    }

    /// The last step of a record: strict validation (every finding that no warning explains
    /// yet becomes one), the duplicate check, and the sink.
    pub(crate) fn finish(
        &mut self,
        collection: Collection,
        spec: &FileSpec,
        mut cells: Cells<'_>,
        record: Map<String, Value>,
    ) -> Result<(), ImportError> {
        let id = record.get("sourcedId").and_then(Value::as_str).unwrap_or_default().to_owned();
        let value = Value::Object(record);
        // A delta row that deletes a record need not repeat the record's values.
        let deletes = cells.delta && value.get("status").and_then(Value::as_str) == Some("tobedeleted");
        for issue in issues(collection, &value) {
            if !(deletes && issue.rule == Rule::Required) {
                explain(&mut cells, spec, &issue);
            }
        }
        if let Some(earlier) = self.ids.register(collection, &id, cells.line) {
            cells.warn_row(format!("sourcedId {id:?} was already given on line {earlier}; this row replaces it"));
        } else {
            *self.counts.entry(collection).or_default() += 1;
        }
        let (file, line) = (cells.file.to_owned(), cells.line);
        for warning in cells.warnings {
            self.warnings.push(warning);
        }
        (self.sink)(collection, value).map_err(|source| ImportError::Sink { file, line, source })
    }
}

/// The reason for a reference to nothing.
pub(crate) fn no_such(target: Collection, id: &str, file: &str) -> String {
    format!("no {} {id:?} in {file}; reference kept", target.single().unwrap_or_default())
}

/// Turns a finding of strict validation into a warning unless one already explains it.
pub(crate) fn explain(cells: &mut Cells<'_>, spec: &FileSpec, issue: &Issue) {
    let rest = issue.path.strip_prefix("$.").unwrap_or(&issue.path);
    let end = rest.find(['.', '[']).unwrap_or(rest.len());
    let field = &rest[..end];
    if cells.explained.contains(&field) {
        return;
    }
    let column = cells.header.column_of(spec, field);
    let reason = if issue.rule == Rule::Required && end == rest.len() {
        format!("empty; {field} is required, left out")
    } else if end == rest.len() {
        issue.message.clone()
    } else {
        format!("{} (at {})", issue.message, issue.path)
    };
    cells.warnings.push(super::warnings::ImportWarning {
        file: cells.file.to_owned(),
        line: cells.line,
        column: Some(column),
        reason,
    });
}

/// Strict validation of a record of `collection`.
fn issues(collection: Collection, value: &Value) -> Vec<Issue> {
    match collection {
        Collection::Orgs => check::<roster::Org>(value),
        Collection::AcademicSessions => check::<roster::AcademicSession>(value),
        Collection::Courses => check::<roster::Course>(value),
        Collection::Classes => check::<roster::Class>(value),
        Collection::Users => check::<roster::User>(value),
        Collection::Enrollments => check::<roster::Enrollment>(value),
        Collection::Demographics => check::<roster::Demographics>(value),
        Collection::Categories => check::<gradebook::Category>(value),
        Collection::ScoreScales => check::<gradebook::ScoreScale>(value),
        Collection::LineItems => check::<gradebook::LineItem>(value),
        Collection::Results => check::<gradebook::GradebookResult>(value),
        Collection::Resources => check::<resources::Resource>(value),
        _ => Vec::new(),
    }
}

/// Strict validation of `value` as `T`.
pub(crate) fn check<T: Record>(value: &Value) -> Vec<Issue> {
    T::from_json(value.clone()).map(|t| validate(&t)).unwrap_or_default()
}
