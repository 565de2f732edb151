//! A strict reader of the OneRoster 1.2 CSV binding, written from `csv-1.2.md` (the headers
//! table, the modes, the manifest rules) and the value formats of the REST model, independent of
//! the exporter's and the importer's tables: it lists everything such a reader would reject.

use std::collections::BTreeMap;
use std::path::Path;

/// Every file of the binding with its columns, in order, as `csv-1.2.md` lists them.
pub const HEADERS: &[(&str, &str)] = &[
    (
        "academicSessions",
        "sourcedId, status, dateLastModified, title, type, startDate, endDate, parentSourcedId, schoolYear",
    ),
    ("orgs", "sourcedId, status, dateLastModified, name, type, identifier, parentSourcedId"),
    (
        "courses",
        "sourcedId, status, dateLastModified, schoolYearSourcedId, title, courseCode, grades, orgSourcedId, subjects, subjectCodes",
    ),
    (
        "classes",
        "sourcedId, status, dateLastModified, title, grades, courseSourcedId, classCode, classType, location, schoolSourcedId, termSourcedIds, subjects, subjectCodes, periods",
    ),
    (
        "users",
        "sourcedId, status, dateLastModified, enabledUser, username, userIds, givenName, familyName, middleName, identifier, email, sms, phone, agentSourcedIds, grades, password, userMasterIdentifier, preferredGivenName, preferredMiddleName, preferredFamilyName, primaryOrgSourcedId, pronouns",
    ),
    (
        "roles",
        "sourcedId, status, dateLastModified, userSourcedId, roleType, role, beginDate, endDate, orgSourcedId, userProfileSourcedId",
    ),
    (
        "enrollments",
        "sourcedId, status, dateLastModified, classSourcedId, schoolSourcedId, userSourcedId, role, primary, beginDate, endDate",
    ),
    (
        "demographics",
        "sourcedId, status, dateLastModified, birthDate, sex, americanIndianOrAlaskaNative, asian, blackOrAfricanAmerican, nativeHawaiianOrOtherPacificIslander, white, demographicRaceTwoOrMoreRaces, hispanicOrLatinoEthnicity, countryOfBirthCode, stateOfBirthAbbreviation, cityOfBirth, publicSchoolResidenceStatus",
    ),
    (
        "userProfiles",
        "sourcedId, status, dateLastModified, userSourcedId, profileType, vendorId, applicationId, description, credentialType, username, password",
    ),
    ("categories", "sourcedId, status, dateLastModified, title, weight"),
    (
        "lineItems",
        "sourcedId, status, dateLastModified, title, description, assignDate, dueDate, classSourcedId, categorySourcedId, academicSessionSourcedId, resultValueMin, resultValueMax, schoolSourcedId",
    ),
    (
        "results",
        "sourcedId, status, dateLastModified, lineItemSourcedId, studentSourcedId, scoreStatus, score, scoreDate, comment, textScore, classSourcedId, inProgress, incomplete, late, missing",
    ),
    (
        "scoreScales",
        "sourcedId, status, dateLastModified, title, type, orgSourcedId, courseSourcedId, classSourcedId, scoreScaleValue",
    ),
    (
        "lineItemLearningObjectiveIds",
        "sourcedId, status, dateLastModified, lineItemSourcedId, source, learningObjectiveId",
    ),
    ("lineItemScoreScales", "sourcedId, status, dateLastModified, title, lineItemSourcedId, scoreScaleSourcedId"),
    (
        "resultLearningObjectiveIds",
        "sourcedId, status, dateLastModified, resultSourcedId, source, learningObjectiveId, score, textScore",
    ),
    ("resultScoreScales", "sourcedId, status, dateLastModified, title, resultSourcedId, scoreScaleSourcedId"),
    (
        "resources",
        "sourcedId, status, dateLastModified, vendorResourceId, title, roles, importance, vendorId, applicationId",
    ),
    ("classResources", "sourcedId, status, dateLastModified, title, classSourcedId, resourceSourcedId"),
    ("courseResources", "sourcedId, status, dateLastModified, title, courseSourcedId, resourceSourcedId"),
    (
        "userResources",
        "sourcedId, status, dateLastModified, userSourcedId, orgSourcedId, classSourcedId, resourceSourcedId",
    ),
];

/// The format a column's values must have (blank is always allowed here; required columns are
/// checked apart).
#[derive(Clone, Copy)]
enum Format {
    Date,
    Boolean,
    Float,
    Year,
    Terms(&'static [&'static str]),
    Pairs,
}

/// Column formats by (file or `*`, column).
const FORMATS: &[(&str, &str, Format)] = &[
    ("*", "startDate", Format::Date),
    ("*", "endDate", Format::Date),
    ("*", "beginDate", Format::Date),
    ("*", "birthDate", Format::Date),
    ("*", "scoreDate", Format::Date),
    // The binding's lineItems columns are dates, where the REST model has date-times
    // (LongsightGroup/oneroster reads them with its date parser, as csv-1.2.md's source).
    ("*", "assignDate", Format::Date),
    ("*", "dueDate", Format::Date),
    ("*", "enabledUser", Format::Boolean),
    ("*", "primary", Format::Boolean),
    ("*", "americanIndianOrAlaskaNative", Format::Boolean),
    ("*", "asian", Format::Boolean),
    ("*", "blackOrAfricanAmerican", Format::Boolean),
    ("*", "nativeHawaiianOrOtherPacificIslander", Format::Boolean),
    ("*", "white", Format::Boolean),
    ("*", "demographicRaceTwoOrMoreRaces", Format::Boolean),
    ("*", "hispanicOrLatinoEthnicity", Format::Boolean),
    ("*", "inProgress", Format::Boolean),
    ("*", "incomplete", Format::Boolean),
    ("*", "late", Format::Boolean),
    ("*", "missing", Format::Boolean),
    ("categories", "weight", Format::Float),
    ("*", "resultValueMin", Format::Float),
    ("*", "resultValueMax", Format::Float),
    ("*", "score", Format::Float),
    ("academicSessions", "schoolYear", Format::Year),
    ("academicSessions", "type", Format::Terms(&["gradingPeriod", "semester", "schoolYear", "term"])),
    ("orgs", "type", Format::Terms(&["department", "school", "district", "local", "state", "national"])),
    ("classes", "classType", Format::Terms(&["homeroom", "scheduled"])),
    ("enrollments", "role", Format::Terms(&["administrator", "proctor", "student", "teacher"])),
    ("roles", "roleType", Format::Terms(&["primary", "secondary"])),
    (
        "roles",
        "role",
        Format::Terms(&[
            "aide",
            "counselor",
            "districtAdministrator",
            "guardian",
            "parent",
            "principal",
            "proctor",
            "relative",
            "siteAdministrator",
            "student",
            "systemAdministrator",
            "teacher",
        ]),
    ),
    ("demographics", "sex", Format::Terms(&["male", "female", "unspecified", "other"])),
    (
        "results",
        "scoreStatus",
        // The REST model's 1.2 vocabulary (its additions also have flag columns, but for withdrawal).
        Format::Terms(&[
            "exempt",
            "fully graded",
            "not submitted",
            "partially graded",
            "submitted",
            "late",
            "incomplete",
            "missing",
            "withdrawal",
            "in progress",
        ]),
    ),
    ("resources", "importance", Format::Terms(&["primary", "secondary"])),
    ("users", "userIds", Format::Pairs),
    ("scoreScales", "scoreScaleValue", Format::Pairs),
];

/// Columns that may not be blank (besides sourcedId everywhere).
const REQUIRED: &[(&str, &[&str])] = &[
    ("academicSessions", &["title", "type", "startDate", "endDate", "schoolYear"]),
    ("orgs", &["name", "type"]),
    ("courses", &["title", "orgSourcedId"]),
    ("classes", &["title", "courseSourcedId", "classType", "schoolSourcedId", "termSourcedIds"]),
    ("users", &["enabledUser", "givenName", "familyName"]),
    ("roles", &["userSourcedId", "roleType", "role", "orgSourcedId"]),
    ("enrollments", &["classSourcedId", "schoolSourcedId", "userSourcedId", "role"]),
    ("userProfiles", &["userSourcedId", "profileType", "vendorId"]),
    ("categories", &["title"]),
    ("lineItems", &["title", "assignDate", "dueDate", "classSourcedId", "categorySourcedId"]),
    ("results", &["lineItemSourcedId", "studentSourcedId", "scoreStatus", "scoreDate"]),
    ("scoreScales", &["title", "type", "classSourcedId", "scoreScaleValue"]),
    ("resources", &["vendorResourceId"]),
    ("classResources", &["classSourcedId", "resourceSourcedId"]),
    ("courseResources", &["courseSourcedId", "resourceSourcedId"]),
    ("userResources", &["userSourcedId", "resourceSourcedId"]),
    ("lineItemScoreScales", &["lineItemSourcedId", "scoreScaleSourcedId"]),
    ("resultScoreScales", &["resultSourcedId", "scoreScaleSourcedId"]),
    ("lineItemLearningObjectiveIds", &["lineItemSourcedId", "source", "learningObjectiveId"]),
    ("resultLearningObjectiveIds", &["resultSourcedId", "source", "learningObjectiveId"]),
];

fn digits(s: &str, n: usize) -> bool {
    s.len() == n && s.bytes().all(|b| b.is_ascii_digit())
}

/// `YYYY-MM-DD`.
fn is_date(s: &str) -> bool {
    let p: Vec<&str> = s.split('-').collect();
    p.len() == 3
        && digits(p[0], 4)
        && digits(p[1], 2)
        && digits(p[2], 2)
        && (1..=12).contains(&p[1].parse::<u32>().unwrap_or(0))
        && (1..=31).contains(&p[2].parse::<u32>().unwrap_or(0))
}

/// `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`.
fn is_date_time(s: &str) -> bool {
    let Some((date, time)) = s.split_once('T') else { return false };
    let (clock, zone) = if let Some(c) = time.strip_suffix('Z') {
        (c, "")
    } else if let Some(at) = time.rfind(['+', '-']) {
        (&time[..at], &time[at + 1..])
    } else {
        return false;
    };
    let zone_ok = zone.is_empty() || zone.split_once(':').is_some_and(|(h, m)| digits(h, 2) && digits(m, 2));
    let (hms, fraction) = clock.split_once('.').unwrap_or((clock, "0"));
    let p: Vec<&str> = hms.split(':').collect();
    is_date(date)
        && zone_ok
        && p.len() == 3
        && p.iter().all(|x| digits(x, 2))
        && !fraction.is_empty()
        && fraction.bytes().all(|b| b.is_ascii_digit())
}

/// `{a:b},{c:d}`.
fn is_pairs(s: &str) -> bool {
    s.split("},").all(|p| {
        let p = p.strip_prefix('{').unwrap_or("");
        let p = p.strip_suffix('}').unwrap_or(p);
        p.split_once(':').is_some_and(|(l, r)| !l.is_empty() && !r.is_empty())
    }) && s.ends_with('}')
}

fn fits(format: Format, value: &str) -> bool {
    match format {
        Format::Date => is_date(value),
        Format::Boolean => value == "true" || value == "false",
        Format::Float => value.parse::<f64>().is_ok_and(f64::is_finite),
        Format::Year => digits(value, 4),
        Format::Terms(terms) => terms.contains(&value) || value.starts_with("ext:"),
        Format::Pairs => is_pairs(value),
    }
}

fn format_of(file: &str, column: &str) -> Option<Format> {
    FORMATS.iter().find(|(f, c, _)| (*f == file || *f == "*") && *c == column).map(|(_, _, f)| *f)
}

/// The manifest's `file.<name>` modes, with every finding about the manifest.
fn manifest(dir: &Path, findings: &mut Vec<String>) -> BTreeMap<String, String> {
    let mut modes = BTreeMap::new();
    let Ok(mut reader) = csv::ReaderBuilder::new().has_headers(true).from_path(dir.join("manifest.csv")) else {
        findings.push("manifest.csv: missing".into());
        return modes;
    };
    let header = reader.headers().cloned().unwrap_or_default();
    if header.iter().collect::<Vec<_>>() != ["propertyName", "value"] {
        findings.push(format!("manifest.csv: header {header:?}"));
    }
    let mut version = None;
    for record in reader.records() {
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                findings.push(format!("manifest.csv: {e}"));
                continue;
            }
        };
        let (property, value) = (&record[0], &record[1]);
        if property == "oneroster.version" {
            version = Some(value.to_owned());
        }
        if let Some(name) = property.strip_prefix("file.") {
            if !HEADERS.iter().any(|(f, _)| *f == name) {
                findings.push(format!("manifest.csv: {property} is not a file of the binding"));
            }
            if !["bulk", "delta", "absent"].contains(&value) {
                findings.push(format!("manifest.csv: {property} = {value:?}"));
            }
            modes.insert(name.to_owned(), value.to_owned());
        }
    }
    if version.as_deref() != Some("1.2") {
        findings.push(format!("manifest.csv: oneroster.version {version:?}"));
    }
    for (name, _) in HEADERS {
        if !modes.contains_key(*name) {
            findings.push(format!("manifest.csv: file.{name} not given"));
        }
    }
    modes
}

/// Everything a strict reader of the binding rejects in the bundle folder `dir`.
pub fn check_bundle(dir: &Path) -> Vec<String> {
    let mut findings = Vec::new();
    let modes = manifest(dir, &mut findings);
    for entry in std::fs::read_dir(dir).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        let Some(stem) = name.strip_suffix(".csv") else { continue };
        if stem == "manifest" {
            continue;
        }
        match modes.get(stem).map(String::as_str) {
            Some("bulk" | "delta") => {}
            other => findings.push(format!("{name}: on disk but the manifest says {other:?}")),
        }
    }
    for (stem, mode) in &modes {
        let path = dir.join(format!("{stem}.csv"));
        match mode.as_str() {
            "absent" => continue,
            _ if !path.exists() => findings.push(format!("{stem}.csv: {mode} in the manifest but missing")),
            _ => check_file(&path, stem, mode, &mut findings),
        }
    }
    findings
}

fn check_file(path: &Path, stem: &str, mode: &str, findings: &mut Vec<String>) {
    let file = format!("{stem}.csv");
    let expected: Vec<&str> = HEADERS.iter().find(|(f, _)| *f == stem).unwrap().1.split(", ").collect();
    let bytes = std::fs::read(path).unwrap();
    if std::str::from_utf8(&bytes).is_err() {
        findings.push(format!("{file}: not UTF-8"));
    }
    let mut reader = csv::ReaderBuilder::new().flexible(false).from_reader(&bytes[..]);
    let header: Vec<String> = reader.headers().unwrap().iter().map(str::to_owned).collect();
    let own = header.len().min(expected.len());
    if header[..own] != expected[..own] || header.len() < expected.len() {
        findings.push(format!("{file}: header {header:?}, the binding's is {expected:?}"));
        return;
    }
    for extra in &header[expected.len()..] {
        if extra.strip_prefix("metadata.").is_none_or(str::is_empty) {
            findings.push(format!("{file}: column {extra:?} is not the binding's nor metadata.<name>"));
        }
    }
    let required = REQUIRED.iter().find(|(f, _)| *f == stem).map_or(&[][..], |(_, r)| *r);
    let mut rows = 0;
    for (n, record) in reader.records().enumerate() {
        let line = n + 2;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                findings.push(format!("{file}:{line}: {e}"));
                continue;
            }
        };
        rows += 1;
        let value = |column: &str| header.iter().position(|h| h == column).map_or("", |i| &record[i]);
        if value("sourcedId").is_empty() {
            findings.push(format!("{file}:{line}: sourcedId blank"));
        }
        let (status, modified) = (value("status"), value("dateLastModified"));
        match mode {
            "bulk" if !status.is_empty() || !modified.is_empty() => {
                findings.push(format!("{file}:{line}: bulk row with status {status:?}, dateLastModified {modified:?}"));
            }
            "delta" if !(status == "active" || status == "tobedeleted") || !is_date_time(modified) => {
                findings
                    .push(format!("{file}:{line}: delta row with status {status:?}, dateLastModified {modified:?}"));
            }
            _ => {}
        }
        for column in required {
            if value(column).is_empty() && status != "tobedeleted" {
                findings.push(format!("{file}:{line}: {column} blank"));
            }
        }
        for (i, column) in header.iter().enumerate() {
            let cell = &record[i];
            if cell.is_empty() {
                continue;
            }
            if let Some(format) = format_of(stem, column) {
                let parts: Vec<&str> = match format {
                    Format::Terms(_) if column == "roles" => cell.split(',').collect(),
                    _ => vec![cell],
                };
                if !parts.iter().all(|p| fits(format, p)) {
                    findings.push(format!("{file}:{line}: {column} {cell:?} is not in the binding's format"));
                }
            }
        }
    }
    if rows == 0 {
        findings.push(format!("{file}: no rows"));
    }
}

#[test]
fn the_checker_rejects_what_it_should() {
    let dir = tempfile::tempdir().unwrap();
    let mut manifest = String::from("propertyName,value\nmanifest.version,1.0\noneroster.version,1.2\n");
    for (name, _) in HEADERS {
        let mode = match *name {
            "orgs" => "bulk",
            "users" => "delta",
            _ => "absent",
        };
        manifest.push_str(&format!("file.{name},{mode}\n"));
    }
    std::fs::write(dir.path().join("manifest.csv"), manifest).unwrap();
    std::fs::write(
        dir.path().join("orgs.csv"),
        "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId,extra\n\
         o1,active,,North,school,,,\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("classes.csv"), "sourcedId\n").unwrap();
    let findings = check_bundle(dir.path());
    let text = findings.join("\n");
    for expected in [
        "orgs.csv: column \"extra\"",
        "orgs.csv:2: bulk row with status \"active\"",
        "users.csv: delta in the manifest but missing",
        "classes.csv: on disk but the manifest says Some(\"absent\")",
    ] {
        assert!(text.contains(expected), "{expected} in:\n{text}");
    }
    assert!(is_date_time("2025-01-01T00:00:00Z") && is_date_time("2025-01-01T00:00:00.123+01:00"));
    assert!(!is_date_time("2025-01-01") && !is_date_time("2025-01-01T00:00:00"));
    assert!(is_pairs("{a:b},{c:d}") && !is_pairs("a:b"));
}
