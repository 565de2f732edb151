//! Reading one file of a bundle: its rows as records (streamed to the sink, or whole for orgs
//! and sessions), or as join rows indexed for the records they belong to.

use std::io::Read;

use cairn_spec::Collection;
use serde_json::{Map, Value};

use super::cells::Cells;
use super::error::ImportError;
use super::files::{FileSpec, Kind};
use super::header::Header;
use super::manifest::Mode;
use super::rows::CsvRows;
use super::state::State;
use super::{courses, enrollments, gradebook, parts, tree, users};

/// Builds a record from a row with the given sourcedId.
type Build = fn(&mut State<'_>, &mut Cells<'_>, &str) -> Map<String, Value>;

fn builder(collection: Collection) -> Option<Build> {
    Some(match collection {
        Collection::Orgs => tree::org,
        Collection::AcademicSessions => tree::session,
        Collection::Courses => courses::course,
        Collection::Classes => courses::class,
        Collection::Users => users::user,
        Collection::Enrollments => enrollments::enrollment,
        Collection::Demographics => enrollments::demographics,
        Collection::Resources => gradebook::resource,
        Collection::Categories => gradebook::category,
        Collection::ScoreScales => gradebook::score_scale,
        Collection::LineItems => gradebook::line_item,
        Collection::Results => gradebook::result,
        _ => return None,
    })
}

/// Reads `file` (of kind `spec`) from `source` as a bulk or delta file (`mode`), or, when no
/// manifest says, as its first row suggests (blank `status` and `dateLastModified`: bulk), with a
/// note saying which. Gives whether the header has columns only 1.2 has, and the mode used.
pub(crate) fn read_file(
    state: &mut State<'_>,
    source: Box<dyn Read + '_>,
    spec: &'static FileSpec,
    file: &str,
    mode: Option<Mode>,
) -> Result<(bool, Mode), ImportError> {
    let path = state.path.clone();
    let mut rows = CsvRows::new(source, &path, file);
    let Some(header) = rows.header(spec, &mut state.warnings)? else { return Ok((false, Mode::Bulk)) };
    let declared = mode.is_some();
    let mut first = rows.next(&header, &mut state.warnings)?;
    let mode = match mode {
        Some(mode) => mode,
        None => {
            let given = |column: &str| {
                let cells = first.as_ref().map(|r| r.cells.as_slice()).unwrap_or_default();
                header.index(column).and_then(|i| cells.get(i)).is_some_and(|c| !c.trim().is_empty())
            };
            let (mode, why) = match given("dateLastModified") {
                true => (Mode::Delta, "delta file (its first row gives a dateLastModified)"),
                false => (Mode::Bulk, "bulk file (its first row gives no dateLastModified)"),
            };
            state.notes.push(format!("{file}: no manifest says how it is given; read as a {why}"));
            mode
        }
    };
    let delta = (mode == Mode::Delta, declared);
    let mut next = |rows: &mut CsvRows<'_>, state: &mut State<'_>| match first.take() {
        Some(row) => Ok(Some(row)),
        None => rows.next(&header, &mut state.warnings),
    };
    match spec.kind {
        Kind::Join(join) => {
            state.joins.begin(join, file, header.given(parts::owner_column(join)));
            while let Some(row) = next(&mut rows, state)? {
                let mut cells = Cells::new(file, &header, row, delta);
                if let Some((owner, entry)) = parts::build(state, join, spec, &mut cells) {
                    state.joins.add(join, &owner, entry);
                }
                for warning in cells.warnings {
                    state.warnings.push(warning);
                }
            }
        }
        Kind::Records(collection) => {
            let Some(build) = builder(collection) else { return Ok((false, mode)) };
            state.ids.begin(collection, file);
            let whole = matches!(collection, Collection::Orgs | Collection::AcademicSessions);
            let mut buffer = Vec::new();
            let mut records = 0;
            while let Some(row) = next(&mut rows, state)? {
                let Some((cells, record)) = record(state, &header, file, row, build, delta) else { continue };
                records += 1;
                if whole {
                    buffer.push((cells, record));
                } else {
                    state.finish(collection, spec, cells, record)?;
                }
            }
            tree::link(state, collection, &mut buffer);
            for (cells, record) in buffer {
                state.finish(collection, spec, cells, record)?;
            }
            state.end_file(!delta.0);
            if !delta.0 && records > 0 {
                state.notes.push(format!(
                    "{file}: bulk file: its {records} rows carry no dateLastModified (the binding gives none)"
                ));
            }
        }
    }
    Ok((header.has_1_2_columns, mode))
}

/// A row as a record; `None` (with a warning) when it has no sourcedId.
fn record<'h>(
    state: &mut State<'_>,
    header: &'h Header,
    file: &'h str,
    row: super::rows::Row,
    build: Build,
    delta: (bool, bool),
) -> Option<(Cells<'h>, Map<String, Value>)> {
    let mut cells = Cells::new(file, header, row, delta);
    let Some(id) = cells.get("sourcedId").map(str::to_owned) else {
        cells.warn("sourcedId", "empty; row skipped");
        for warning in cells.warnings {
            state.warnings.push(warning);
        }
        return None;
    };
    let record = build(state, &mut cells, &id);
    Some((cells, record))
}
