//! A connection's rosters, gradebooks and resources as a OneRoster 1.2 CSV bundle: one file per
//! collection with exactly the binding's headers in its order (`metadata.<key>` columns after
//! them for metadata), join files (roles, user profiles, resource, score scale and learning
//! objective links) from the records' nested parts, and a manifest that marks every file written
//! `bulk` (or `delta`) and every other one `absent`. Bulk files hold active records with blank
//! `status` and `dateLastModified`; delta files every record with both. Rows stream from SQLite
//! one record at a time; a file is only written when it has rows.
//!
//! Importing the bundle ([`crate::import::import_roster`], same href base) gives back the cached
//! records, except where the CSV binding cannot carry a value:
//!
//! - GUIDRef `href`s and `type`s are rebuilt from the importer's href base.
//! - `children` of orgs and academic sessions are rebuilt from the children's `parentSourcedId`
//!   (so children not in the cache, or listed in another order than the file's, differ).
//! - Values are trimmed, and lists (grades, subjects, terms, ...) are split at commas: values
//!   with surrounding white space do not come back as they were; list elements holding a comma
//!   (or, in `{type:identifier}` pairs, a brace, or a colon in the type) are left out with a
//!   warning naming the record (see `forms`).
//! - Date columns are written as the binding's `YYYY-MM-DD`: a line item's `assignDate` and
//!   `dueDate` come back as midnight UTC of their date (a warning when a time of day was lost).
//! - A result whose `scoreStatus` has a flag column (`late`, `incomplete`, `missing`, `in
//!   progress`) comes back with that flag `"true"`.
//! - `metadata` values that are not text come back as their JSON text.
//! - Bulk files carry no `dateLastModified` (and no `tobedeleted` records, which are left out
//!   with a warning).
//! - With a warning: a line item's `gradingPeriod` (no column in 1.2), a user profile's second and
//!   later credentials, a profile without `profileId`. A `profileId` that is not an absolute URI
//!   comes back as a URI under the href base.
//! - A line item without `school` gets its class's school; learning objective sets with the same
//!   `source` are merged.
//! - Properties outside the binding (unknown properties kept in `rest`, a credential's extra
//!   properties) are lost, and assessment line items and results have no file in the binding.

use std::path::{Path, PathBuf};

use cairn_spec::Collection;
use cairn_store::cache;
use rusqlite::Connection;
use serde_json::Value;

use super::REPORT_EVERY;
use super::sheet::{Sheet, cell, csv_error, text, writer};
use super::warnings::{ExportWarning, Warnings};
use super::{ExportError, Source};
use crate::progress::{Cancel, OnProgress, Progress, check, ignore, task};

mod forms;

use forms::{Out, date, flag, ids, list, pairs};

/// The fields of a demographics record after its sourcedId, status and dateLastModified, in
/// the order of OneRoster's `demographics.csv`.
pub const DEMOGRAPHIC_FIELDS: [&str; 13] = [
    "birthDate",
    "sex",
    "americanIndianOrAlaskaNative",
    "asian",
    "blackOrAfricanAmerican",
    "nativeHawaiianOrOtherPacificIslander",
    "white",
    "demographicRaceTwoOrMoreRaces",
    "hispanicOrLatinoEthnicity",
    "countryOfBirthCode",
    "stateOfBirthAbbreviation",
    "cityOfBirth",
    "publicSchoolResidenceStatus",
];

/// Whether the bundle is the whole set or changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ExportMode {
    /// Every file `bulk`: active records only, `status` and `dateLastModified` blank.
    Bulk,
    /// Every file `delta`: every record (`tobedeleted` ones too) with its `status` and
    /// `dateLastModified`; `now` (an ISO 8601 date-time) stands in for a missing date.
    Delta {
        /// The export's time.
        now: String,
    },
}

/// What a roster export wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RosterExport {
    /// The bundle's folder.
    pub dir: PathBuf,
    /// The files written (`users.csv`) with their rows, in manifest order; manifest.csv not
    /// included.
    pub files: Vec<(String, usize)>,
    /// The mode of every file.
    pub mode: ExportMode,
    /// What the bundle could not carry, grouped by file, property and reason.
    pub warnings: Vec<ExportWarning>,
}

/// Whether a record has a value the bundle cannot carry.
type Lost = fn(&Value) -> bool;

/// Rows of one file from one record (with what they could not carry).
type Rows = fn(&Value, &str, &mut Out);

/// One file of the bundle.
struct FileOut {
    /// Its name without `.csv`, as the manifest names it.
    name: &'static str,
    /// The collection its rows come from.
    source: Collection,
    /// Its columns (1.2).
    columns: &'static [&'static str],
    /// Whether its rows are records (with `metadata.<key>` columns) rather than joins.
    records: bool,
    /// The rows of one record.
    rows: Rows,
}

/// Every file of the 1.2 binding, in manifest order.
const MANIFEST: [&str; 21] = [
    "academicSessions",
    "categories",
    "classes",
    "classResources",
    "courses",
    "courseResources",
    "demographics",
    "enrollments",
    "lineItemLearningObjectiveIds",
    "lineItems",
    "lineItemScoreScales",
    "orgs",
    "resources",
    "resultLearningObjectiveIds",
    "results",
    "resultScoreScales",
    "roles",
    "scoreScales",
    "userProfiles",
    "userResources",
    "users",
];

const fn file(name: &'static str, source: Collection, columns: &'static [&'static str], rows: Rows) -> FileOut {
    FileOut { name, source, columns, records: true, rows }
}

const fn join(name: &'static str, source: Collection, columns: &'static [&'static str], rows: Rows) -> FileOut {
    FileOut { name, source, columns, records: false, rows }
}

/// The files written (score scale links go in the `scoreScaleSourcedId` columns).
static FILES: &[FileOut] = &[
    file(
        "academicSessions",
        Collection::AcademicSessions,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "title",
            "type",
            "startDate",
            "endDate",
            "parentSourcedId",
            "schoolYear",
        ],
        |v, _, out| {
            let (start, end) = (date(v, "startDate", out), date(v, "endDate", out));
            out.push(row(
                v,
                &[cell(v, "title"), cell(v, "type"), start, end, id_of(v, "parent")],
                &[cell(v, "schoolYear")],
            ));
        },
    ),
    file(
        "orgs",
        Collection::Orgs,
        &["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
        |v, _, out| out.push(row(v, &[cell(v, "name"), cell(v, "type"), cell(v, "identifier")], &[id_of(v, "parent")])),
    ),
    file(
        "courses",
        Collection::Courses,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "schoolYearSourcedId",
            "title",
            "courseCode",
            "grades",
            "orgSourcedId",
            "subjects",
            "subjectCodes",
        ],
        |v, _, out| {
            let cells = [id_of(v, "schoolYear"), cell(v, "title"), cell(v, "courseCode"), list(v, "grades", out)];
            let more = [id_of(v, "org"), list(v, "subjects", out), list(v, "subjectCodes", out)];
            out.push(row(v, &cells, &more));
        },
    ),
    file(
        "classes",
        Collection::Classes,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "title",
            "grades",
            "courseSourcedId",
            "classCode",
            "classType",
            "location",
            "schoolSourcedId",
            "termSourcedIds",
            "subjects",
            "subjectCodes",
            "periods",
        ],
        |v, _, out| {
            let cells = [
                cell(v, "title"),
                list(v, "grades", out),
                id_of(v, "course"),
                cell(v, "classCode"),
                cell(v, "classType"),
            ];
            let more = [
                cell(v, "location"),
                id_of(v, "school"),
                ids(v, "terms", out),
                list(v, "subjects", out),
                list(v, "subjectCodes", out),
                list(v, "periods", out),
            ];
            out.push(row(v, &cells, &more));
        },
    ),
    file(
        "users",
        Collection::Users,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "enabledUser",
            "username",
            "userIds",
            "givenName",
            "familyName",
            "middleName",
            "identifier",
            "email",
            "sms",
            "phone",
            "agentSourcedIds",
            "grades",
            "password",
            "userMasterIdentifier",
            "preferredGivenName",
            "preferredMiddleName",
            "preferredFamilyName",
            "primaryOrgSourcedId",
            "pronouns",
        ],
        |v, _, out| {
            let cells = [
                cell(v, "enabledUser"),
                cell(v, "username"),
                pairs(v, "userIds", "type", "identifier", out),
                cell(v, "givenName"),
                cell(v, "familyName"),
                cell(v, "middleName"),
                cell(v, "identifier"),
                cell(v, "email"),
                cell(v, "sms"),
                cell(v, "phone"),
                ids(v, "agents", out),
                list(v, "grades", out),
            ];
            out.push(row(
                v,
                &cells,
                &[
                    cell(v, "password"),
                    cell(v, "userMasterIdentifier"),
                    cell(v, "preferredFirstName"),
                    cell(v, "preferredMiddleName"),
                    cell(v, "preferredLastName"),
                    id_of(v, "primaryOrg"),
                    cell(v, "pronouns"),
                ],
            ));
        },
    ),
    join(
        "roles",
        Collection::Users,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "userSourcedId",
            "roleType",
            "role",
            "beginDate",
            "endDate",
            "orgSourcedId",
            "userProfileSourcedId",
        ],
        |v, id, out| {
            for (n, role) in parts(v, "roles").enumerate() {
                let (begin, end) = (date(role, "beginDate", out), date(role, "endDate", out));
                out.push(join_row(
                    v,
                    format!("{id}-role-{}", n + 1),
                    [
                        id.to_owned(),
                        cell(role, "roleType"),
                        cell(role, "role"),
                        begin,
                        end,
                        id_of(role, "org"),
                        cell(role, "userProfile"),
                    ],
                ));
            }
        },
    ),
    join(
        "userProfiles",
        Collection::Users,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "userSourcedId",
            "profileType",
            "vendorId",
            "applicationId",
            "description",
            "credentialType",
            "username",
            "password",
        ],
        |v, id, out| {
            for profile in parts(v, "userProfiles") {
                let credential = parts(profile, "credentials").next().unwrap_or(&Value::Null);
                out.push(join_row(
                    v,
                    cell(profile, "profileId"),
                    [
                        id.to_owned(),
                        cell(profile, "profileType"),
                        cell(profile, "vendorId"),
                        cell(profile, "applicationId"),
                        cell(profile, "description"),
                        cell(credential, "type"),
                        cell(credential, "username"),
                        cell(credential, "password"),
                    ],
                ));
            }
        },
    ),
    join(
        "userResources",
        Collection::Users,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "userSourcedId",
            "orgSourcedId",
            "classSourcedId",
            "resourceSourcedId",
        ],
        |v, id, out| {
            for (n, resource) in parts(v, "resources").enumerate() {
                let cells = [id.to_owned(), String::new(), String::new(), cell(resource, "sourcedId")];
                out.push(join_row(v, format!("{id}-resource-{}", n + 1), cells));
            }
        },
    ),
    file(
        "enrollments",
        Collection::Enrollments,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "classSourcedId",
            "schoolSourcedId",
            "userSourcedId",
            "role",
            "primary",
            "beginDate",
            "endDate",
        ],
        |v, _, out| {
            let more = [cell(v, "primary"), date(v, "beginDate", out), date(v, "endDate", out)];
            out.push(row(v, &[id_of(v, "class"), id_of(v, "school"), id_of(v, "user"), cell(v, "role")], &more));
        },
    ),
    file(
        "demographics",
        Collection::Demographics,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "birthDate",
            "sex",
            "americanIndianOrAlaskaNative",
            "asian",
            "blackOrAfricanAmerican",
            "nativeHawaiianOrOtherPacificIslander",
            "white",
            "demographicRaceTwoOrMoreRaces",
            "hispanicOrLatinoEthnicity",
            "countryOfBirthCode",
            "stateOfBirthAbbreviation",
            "cityOfBirth",
            "publicSchoolResidenceStatus",
        ],
        |v, _, out| {
            let cells: Vec<String> = DEMOGRAPHIC_FIELDS
                .iter()
                .map(|f| if *f == "birthDate" { date(v, f, out) } else { cell(v, f) })
                .collect();
            out.push(row(v, &cells, &[]));
        },
    ),
    file(
        "resources",
        Collection::Resources,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "vendorResourceId",
            "title",
            "roles",
            "importance",
            "vendorId",
            "applicationId",
        ],
        |v, _, out| {
            let cells = [cell(v, "vendorResourceId"), cell(v, "title"), list(v, "roles", out)];
            out.push(row(v, &cells, &[cell(v, "importance"), cell(v, "vendorId"), cell(v, "applicationId")]));
        },
    ),
    join(
        "classResources",
        Collection::Classes,
        &["sourcedId", "status", "dateLastModified", "title", "classSourcedId", "resourceSourcedId"],
        |v, id, out| {
            for (n, resource) in parts(v, "resources").enumerate() {
                let cells = [String::new(), id.to_owned(), cell(resource, "sourcedId")];
                out.push(join_row(v, format!("{id}-resource-{}", n + 1), cells));
            }
        },
    ),
    join(
        "courseResources",
        Collection::Courses,
        &["sourcedId", "status", "dateLastModified", "title", "courseSourcedId", "resourceSourcedId"],
        |v, id, out| {
            for (n, resource) in parts(v, "resources").enumerate() {
                let cells = [String::new(), id.to_owned(), cell(resource, "sourcedId")];
                out.push(join_row(v, format!("{id}-resource-{}", n + 1), cells));
            }
        },
    ),
    file(
        "categories",
        Collection::Categories,
        &["sourcedId", "status", "dateLastModified", "title", "weight"],
        |v, _, out| out.push(row(v, &[cell(v, "title"), cell(v, "weight")], &[])),
    ),
    file(
        "scoreScales",
        Collection::ScoreScales,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "title",
            "type",
            "orgSourcedId",
            "courseSourcedId",
            "classSourcedId",
            "scoreScaleValue",
        ],
        |v, _, out| {
            let values = pairs(v, "scoreScaleValue", "itemValueLHS", "itemValueRHS", out);
            let cells = [cell(v, "title"), cell(v, "type"), String::new(), id_of(v, "course"), id_of(v, "class")];
            out.push(row(v, &cells, &[values]));
        },
    ),
    file(
        "lineItems",
        Collection::LineItems,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "title",
            "description",
            "assignDate",
            "dueDate",
            "classSourcedId",
            "categorySourcedId",
            "academicSessionSourcedId",
            "resultValueMin",
            "resultValueMax",
            "schoolSourcedId",
        ],
        |v, _, out| {
            let (assign, due) = (date(v, "assignDate", out), date(v, "dueDate", out));
            out.push(row(
                v,
                &[cell(v, "title"), cell(v, "description"), assign, due, id_of(v, "class"), id_of(v, "category")],
                &[
                    id_of(v, "academicSession"),
                    cell(v, "resultValueMin"),
                    cell(v, "resultValueMax"),
                    id_of(v, "school"),
                ],
            ));
        },
    ),
    join(
        "lineItemLearningObjectiveIds",
        Collection::LineItems,
        &["sourcedId", "status", "dateLastModified", "lineItemSourcedId", "source", "learningObjectiveId"],
        |v, id, out| {
            let mut n = 0;
            for set in parts(v, "learningObjectiveSet") {
                for objective in parts(set, "learningObjectiveIds") {
                    n += 1;
                    let cells = [id.to_owned(), cell(set, "source"), text(objective)];
                    out.push(join_row(v, format!("{id}-objective-{n}"), cells));
                }
            }
        },
    ),
    file(
        "results",
        Collection::Results,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "lineItemSourcedId",
            "studentSourcedId",
            "scoreStatus",
            "score",
            "scoreDate",
            "comment",
            "textScore",
            "classSourcedId",
            "inProgress",
            "incomplete",
            "late",
            "missing",
        ],
        |v, _, out| {
            let more = [
                date(v, "scoreDate", out),
                cell(v, "comment"),
                cell(v, "textScore"),
                id_of(v, "class"),
                flag(v, "inProgress", out),
                flag(v, "incomplete", out),
                flag(v, "late", out),
                flag(v, "missing", out),
            ];
            out.push(row(
                v,
                &[id_of(v, "lineItem"), id_of(v, "student"), cell(v, "scoreStatus"), cell(v, "score")],
                &more,
            ));
        },
    ),
    join(
        "resultLearningObjectiveIds",
        Collection::Results,
        &[
            "sourcedId",
            "status",
            "dateLastModified",
            "resultSourcedId",
            "source",
            "learningObjectiveId",
            "score",
            "textScore",
        ],
        |v, id, out| {
            let mut n = 0;
            for set in parts(v, "learningObjectiveSet") {
                for objective in parts(set, "learningObjectiveResults") {
                    n += 1;
                    let cells = [
                        id.to_owned(),
                        cell(set, "source"),
                        cell(objective, "learningObjectiveId"),
                        cell(objective, "score"),
                        cell(objective, "textScore"),
                    ];
                    out.push(join_row(v, format!("{id}-objective-{n}"), cells));
                }
            }
        },
    ),
    join(
        "lineItemScoreScales",
        Collection::LineItems,
        &["sourcedId", "status", "dateLastModified", "title", "lineItemSourcedId", "scoreScaleSourcedId"],
        |v, id, out| {
            let scale = id_of(v, "scoreScale");
            if !scale.is_empty() {
                out.push(join_row(v, format!("{id}-scoreScale"), [String::new(), id.to_owned(), scale]));
            }
        },
    ),
    join(
        "resultScoreScales",
        Collection::Results,
        &["sourcedId", "status", "dateLastModified", "title", "resultSourcedId", "scoreScaleSourcedId"],
        |v, id, out| {
            let scale = id_of(v, "scoreScale");
            if !scale.is_empty() {
                out.push(join_row(v, format!("{id}-scoreScale"), [String::new(), id.to_owned(), scale]));
            }
        },
    ),
];

/// Values of the REST model that no column of the binding holds: (collection, property, whether
/// a record has a value there that would be lost).
static NO_COLUMN: &[(Collection, &str, Lost)] = &[
    (Collection::LineItems, "gradingPeriod", |v| !id_of(v, "gradingPeriod").is_empty()),
    (Collection::Users, "userProfiles[].credentials[1..]", |v| {
        parts(v, "userProfiles").any(|p| parts(p, "credentials").count() > 1)
    }),
    (Collection::Users, "userProfiles[] without profileId", |v| {
        parts(v, "userProfiles").any(|p| cell(p, "profileId").is_empty())
    }),
];

/// A record's row: sourcedId, status, dateLastModified, then `cells` and `more`.
fn row(v: &Value, cells: &[String], more: &[String]) -> Vec<String> {
    let mut row = vec![cell(v, "sourcedId"), cell(v, "status"), cell(v, "dateLastModified")];
    row.extend_from_slice(cells);
    row.extend_from_slice(more);
    row
}

/// A join row: its own sourcedId, the owner's status and dateLastModified, then `cells`.
fn join_row<const N: usize>(owner: &Value, id: String, cells: [String; N]) -> Vec<String> {
    let mut row = vec![id, cell(owner, "status"), cell(owner, "dateLastModified")];
    row.extend(cells);
    row
}

/// The elements of the array `key` (none when it is not an array).
fn parts<'v>(v: &'v Value, key: &str) -> impl Iterator<Item = &'v Value> {
    v.get(key).and_then(Value::as_array).into_iter().flatten()
}

/// The sourcedId of the GUIDRef `key`.
fn id_of(v: &Value, key: &str) -> String {
    v.get(key).map(|r| cell(r, "sourcedId")).unwrap_or_default()
}

/// Writes the bundle of connection `source` into the folder `dir` (created if needed; files of
/// the same names are replaced), every file in `mode`.
pub fn export_roster(
    conn: &Connection,
    source: &Source,
    dir: &Path,
    mode: &ExportMode,
) -> Result<RosterExport, ExportError> {
    export_roster_with(conn, source, dir, mode, &ignore, &Cancel::new())
}

/// [`export_roster`], reporting the records read per file (task `export`, the file as the
/// stage, every [`REPORT_EVERY`] records and at the file's end) and stopping between records
/// once `cancel` fires ([`ExportError::Cancelled`]; the files written so far stay, the
/// manifest is not written).
pub fn export_roster_with(
    conn: &Connection,
    source: &Source,
    dir: &Path,
    mode: &ExportMode,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<RosterExport, ExportError> {
    let counts = cache::counts(conn, Some(source.id))?;
    if !FILES.iter().any(|f| counts.iter().any(|(c, n)| *c == f.source && *n > 0)) {
        return Err(ExportError::NothingToExport { connection: source.name.clone() });
    }
    std::fs::create_dir_all(dir).map_err(|source| ExportError::Io { path: dir.to_owned(), source })?;
    let mut written: Vec<(&'static str, usize)> = Vec::new();
    let mut warnings = Warnings::default();
    let mut out = Out::default();
    for spec in FILES {
        let table = cache::spec(spec.source).table;
        let file = format!("{}.csv", spec.name);
        let keys = if spec.records { cache::metadata_keys(conn, source.id, spec.source)? } else { Vec::new() };
        let header =
            spec.columns.iter().map(|c| (*c).to_owned()).chain(keys.iter().map(|k| format!("metadata.{k}"))).collect();
        let mut sheet = Sheet::new(dir, &file, header);
        let total = counts.iter().find(|(c, _)| *c == spec.source).map(|(_, n)| *n);
        let report = |done| progress(Progress::new(task::EXPORT, file.as_str(), done, total));
        let mut read = 0;
        cache::each_record(conn, source.id, spec.source, |id, json| {
            check(cancel).map_err(|_| ExportError::Cancelled)?;
            read += 1;
            if read % REPORT_EVERY == 0 {
                report(read);
            }
            let value: Value = serde_json::from_str(&json).map_err(|e| ExportError::BadRecord {
                table,
                id: id.clone(),
                message: e.to_string(),
            })?;
            let deleted = cell(&value, "status") == "tobedeleted";
            if *mode == ExportMode::Bulk && deleted {
                if spec.records {
                    warnings.add(&file, None, "tobedeleted: a bulk file holds active records only; left out", &id);
                }
                return Ok(());
            }
            if spec.records {
                for (collection, field, lost) in NO_COLUMN {
                    if *collection == spec.source && lost(&value) {
                        let reason = "the CSV binding has no column for it; left out";
                        warnings.add(&file, Some(field), reason, &id);
                    }
                }
            }
            (spec.rows)(&value, &id, &mut out);
            for (field, reason) in out.notes.drain(..) {
                warnings.add(&file, Some(field), &reason, &id);
            }
            for mut cells in out.rows.drain(..) {
                lifecycle(&mut cells, mode, &file, &id, spec.records, &mut warnings);
                if !keys.is_empty() {
                    let metadata = value.get("metadata").unwrap_or(&Value::Null);
                    cells.extend(keys.iter().map(|k| cell(metadata, k)));
                }
                sheet.row(&cells)?;
            }
            Ok::<_, ExportError>(())
        })?;
        report(read);
        let rows = sheet.finish()?;
        if rows > 0 {
            written.push((spec.name, rows));
        }
    }
    write_manifest(dir, &written, mode)?;
    let files = MANIFEST
        .iter()
        .filter_map(|name| written.iter().find(|(w, _)| w == name))
        .map(|(name, rows)| (format!("{name}.csv"), *rows))
        .collect();
    Ok(RosterExport { dir: dir.to_owned(), files, mode: mode.clone(), warnings: warnings.0 })
}

/// Sets a row's `status` and `dateLastModified` as `mode` wants them: blank in bulk files; in
/// delta files given, the export's time standing in for a missing date (with a warning).
fn lifecycle(cells: &mut [String], mode: &ExportMode, file: &str, id: &str, record: bool, warnings: &mut Warnings) {
    let [_, status, modified, ..] = cells else { return };
    match mode {
        ExportMode::Bulk => {
            status.clear();
            modified.clear();
        }
        ExportMode::Delta { now } => {
            if status.is_empty() {
                "active".clone_into(status);
            }
            if modified.is_empty() {
                if record {
                    let reason = "no dateLastModified in the cache; the export's time is written";
                    warnings.add(file, Some("dateLastModified"), reason, id);
                }
                now.clone_into(modified);
            }
        }
    }
}

/// manifest.csv: versions, then every file of the binding as `bulk` (or `delta`) or `absent`.
fn write_manifest(dir: &Path, written: &[(&'static str, usize)], mode: &ExportMode) -> Result<(), ExportError> {
    let path = dir.join("manifest.csv");
    let file = std::fs::File::create(&path).map_err(|source| ExportError::Io { path: path.clone(), source })?;
    let mut csv = writer(std::io::BufWriter::new(file));
    let mut lines: Vec<[String; 2]> = vec![
        ["propertyName".into(), "value".into()],
        ["manifest.version".into(), "1.0".into()],
        ["oneroster.version".into(), "1.2".into()],
    ];
    let given = match mode {
        ExportMode::Bulk => "bulk",
        ExportMode::Delta { .. } => "delta",
    };
    for name in MANIFEST {
        let mode = if written.iter().any(|(w, _)| *w == name) { given } else { "absent" };
        lines.push([format!("file.{name}"), mode.into()]);
    }
    lines.push(["source.systemName".into(), "Cairn".into()]);
    lines.push(["source.systemCode".into(), "cairn".into()]);
    for line in &lines {
        csv.write_record(line).map_err(|e| csv_error(&path, e))?;
    }
    csv.flush().map_err(|source| ExportError::Io { path, source })
}
