//! Reading one file of a bundle: its rows as records (streamed to the sink, or whole for orgs
//! and sessions), or as join rows indexed for the records they belong to.

use std::io::Read;

use cairn_spec::Collection;
use serde_json::{Map, Value};

use super::cells::Cells;
use super::error::ImportError;
use super::files::{FileSpec, Kind};
use super::header::Header;
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

/// Reads `file` (of kind `spec`) from `source`; `complete` when it is a bulk file. Gives
/// whether the header has columns only 1.2 has.
pub(crate) fn read_file(
    state: &mut State<'_>,
    source: Box<dyn Read + '_>,
    spec: &'static FileSpec,
    file: &str,
    complete: bool,
) -> Result<bool, ImportError> {
    let path = state.path.clone();
    let mut rows = CsvRows::new(source, &path, file);
    let Some(header) = rows.header(spec, &mut state.warnings)? else { return Ok(false) };
    match spec.kind {
        Kind::Join(join) => {
            state.joins.begin(join, file, header.given(parts::owner_column(join)));
            while let Some(row) = rows.next(&header, &mut state.warnings)? {
                let mut cells = Cells::new(file, &header, row);
                if let Some((owner, entry)) = parts::build(state, join, spec, &mut cells) {
                    state.joins.add(join, &owner, entry);
                }
                for warning in cells.warnings {
                    state.warnings.push(warning);
                }
            }
        }
        Kind::Records(collection) => {
            let Some(build) = builder(collection) else { return Ok(false) };
            state.ids.begin(collection, file);
            let whole = matches!(collection, Collection::Orgs | Collection::AcademicSessions);
            let mut buffer = Vec::new();
            while let Some(row) = rows.next(&header, &mut state.warnings)? {
                let Some((cells, record)) = record(state, &header, file, row, build) else { continue };
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
            state.end_file(complete);
        }
    }
    Ok(header.has_1_2_columns)
}

/// A row as a record; `None` (with a warning) when it has no sourcedId.
fn record<'h>(
    state: &mut State<'_>,
    header: &'h Header,
    file: &'h str,
    row: super::rows::Row,
    build: Build,
) -> Option<(Cells<'h>, Map<String, Value>)> {
    let mut cells = Cells::new(file, header, row);
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
