//! Imports every OneRoster CSV bundle under tests/fixtures/oneroster/ and checks record counts,
//! warnings (file, line, column, reason), strict validity of what comes out, zip files, errors,
//! determinism and streaming.
#![allow(clippy::panic)] // tests fail loudly

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::{Path, PathBuf};

use cairn_files::import::{CsvImport, CsvVersion, ImportError, ImportWarning, SinkError, import_roster};
use cairn_spec::Collection;
use serde_json::Value;

const BASE: &str = "https://sis.example.org";

fn fixture(name: &str) -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/oneroster")
        .join(name)
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("csv_import").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

struct Imported {
    report: CsvImport,
    records: Vec<(Collection, Value)>,
}

impl Imported {
    fn count(&self, collection: Collection) -> usize {
        self.records.iter().filter(|(c, _)| *c == collection).count()
    }

    fn all(&self, collection: Collection) -> Vec<&Value> {
        self.records.iter().filter(|(c, _)| *c == collection).map(|(_, v)| v).collect()
    }

    /// The last record of `collection` with `id` (the one that wins).
    fn get(&self, collection: Collection, id: &str) -> &Value {
        self.records
            .iter()
            .rev()
            .find(|(c, v)| *c == collection && v["sourcedId"] == id)
            .map(|(_, v)| v)
            .unwrap_or_else(|| panic!("no {collection:?} {id}"))
    }

    fn warnings(&self) -> Vec<String> {
        self.report.warnings.iter().map(ToString::to_string).collect()
    }

    /// Warnings by (file, column, reason up to the first quote).
    fn warning_kinds(&self) -> BTreeMap<(String, Option<String>, String), usize> {
        let mut kinds = BTreeMap::new();
        for w in &self.report.warnings {
            let reason = w.reason.split('"').next().unwrap_or_default().to_owned();
            *kinds.entry((w.file.clone(), w.column.clone(), reason)).or_insert(0) += 1;
        }
        kinds
    }
}

fn import(path: &Path) -> Imported {
    let mut records = Vec::new();
    let report = import_roster(path, BASE, &mut |c, v| {
        records.push((c, v));
        Ok(())
    })
    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    Imported { report, records }
}

fn import_error(path: &Path) -> ImportError {
    match import_roster(path, BASE, &mut |_, _| Ok(())) {
        Ok(report) => panic!("{} imported: {:?}", path.display(), report.counts),
        Err(e) => e,
    }
}

fn kind(file: &str, column: Option<&str>, reason: &str) -> (String, Option<String>, String) {
    (file.to_owned(), column.map(str::to_owned), reason.to_owned())
}

/// The lines of `file` in `bundle` by the sourcedId in their first column.
fn lines_by_id(bundle: &Path, file: &str) -> HashMap<String, Vec<u64>> {
    let mut lines: HashMap<String, Vec<u64>> = HashMap::new();
    let Ok(mut reader) = csv::ReaderBuilder::new().flexible(true).from_path(bundle.join(file)) else { return lines };
    for record in reader.byte_records().flatten() {
        let id = String::from_utf8_lossy(record.get(0).unwrap_or_default()).trim().to_owned();
        let line = record.position().map_or(0, |p| p.line());
        lines.entry(id).or_default().push(line);
    }
    lines
}

/// Every record passes strict validation, except where its row was warned about for that
/// property (or for the whole row), or a join row folded into it was.
fn assert_valid_except_warned(bundle: &Path, imported: &Imported) {
    let file_of = |c: Collection| {
        imported.report.files.iter().find(|f| f.eq_ignore_ascii_case(&format!("{}.csv", c.name()))).cloned()
    };
    let joined_fields = ["roles", "userProfiles", "resources", "scoreScale", "learningObjectiveSet"];
    let join_files =
        ["roles.csv", "userprofiles.csv", "classresources.csv", "courseresources.csv", "userresources.csv"];
    let mut lines: HashMap<Collection, HashMap<String, Vec<u64>>> = HashMap::new();
    for (collection, value) in &imported.records {
        let entry = cairn_spec::registry::class(collection.shape().name).expect("class");
        let (written, issues) = (entry.check)(value.clone()).expect("an object");
        assert_eq!(&written, value, "reading is lossless");
        if issues.is_empty() {
            continue;
        }
        let file = file_of(*collection).expect("file of a collection with records");
        let by_id = lines.entry(*collection).or_insert_with(|| lines_by_id(bundle, &file));
        let id = value["sourcedId"].as_str().unwrap_or_default();
        let row_lines = by_id.get(id).cloned().unwrap_or_default();
        for issue in issues {
            let field = issue.path.trim_start_matches("$.").split(['.', '[']).next().unwrap_or_default();
            // Bulk files carry no dateLastModified: said once per file, in a note.
            let bulk = format!("{file}: bulk file: ");
            if field == "dateLastModified" && imported.report.notes.iter().any(|n| n.starts_with(&bulk)) {
                continue;
            }
            let stem = field.to_ascii_lowercase();
            let stem = stem.trim_end_matches('s');
            let about_field = |w: &ImportWarning| {
                w.column.as_ref().is_none_or(|c| c.to_ascii_lowercase().replace('_', "").starts_with(stem))
            };
            let warned_row = imported
                .report
                .warnings
                .iter()
                .any(|w| w.file == file && row_lines.contains(&w.line) && about_field(w));
            let warned_join = joined_fields.contains(&field)
                && imported.report.warnings.iter().any(|w| join_files.contains(&w.file.to_ascii_lowercase().as_str()));
            assert!(warned_row || warned_join, "{collection:?} {id}: {issue} without a warning");
        }
    }
}

fn assert_strictly_valid(imported: &Imported) {
    for (collection, value) in &imported.records {
        let entry = cairn_spec::registry::class(collection.shape().name).expect("class");
        let (_, issues) = (entry.check)(value.clone()).expect("an object");
        assert!(issues.is_empty(), "{collection:?} {value}: {issues:?}");
    }
}

#[test]
fn edfi_grand_bend_v1p1() {
    let bundle = fixture("edfi-lms-toolkit-v1p1-grandbend");
    let imported = import(&bundle);
    let report = &imported.report;
    assert_eq!(report.version, CsvVersion::V1_1);
    assert!(report.delta.is_empty());
    let expected = [
        (Collection::Orgs, 2),
        (Collection::AcademicSessions, 3),
        (Collection::Courses, 2),
        (Collection::Classes, 2),
        (Collection::Users, 10),
        (Collection::Enrollments, 24),
        (Collection::Demographics, 8),
    ];
    assert_eq!(report.counts, expected);
    assert_eq!(report.records, 51);
    for (collection, n) in expected {
        assert_eq!(imported.count(collection), n, "{collection:?}");
    }

    // Bulk files (the manifest says so) with blank status and dateLastModified on every row, as
    // the binding wants: no warning for them; the teachers' rows have a 19th, empty field.
    for file in ["orgs.csv", "academicSessions.csv", "courses.csv", "classes.csv", "users.csv", "enrollments.csv"] {
        assert_eq!(filled_lifecycle_cells(&bundle.join(file)), 0, "{file}");
    }
    let kinds = imported.warning_kinds();
    let mut want = BTreeMap::new();
    want.insert(kind("users.csv", None, "19 fields where the header has 18; the extra empty fields are ignored"), 2);
    assert_eq!(kinds, want);
    assert_eq!(report.warnings.len(), 2);
    assert!(report.notes.iter().any(|n| n.starts_with("users.csv: bulk file: its 10 rows carry no dateLastModified")));
    let extra: Vec<u64> =
        report.warnings.iter().filter(|w| w.reason.starts_with("19 fields")).map(|w| w.line).collect();
    assert_eq!(extra, [10, 11]);
    for (_, v) in &imported.records {
        assert_eq!(v["status"], "active");
        assert!(v.get("dateLastModified").is_none());
    }

    // Title and classCode are swapped in the source; the importer keeps them as given.
    let english = imported.get(Collection::Classes, "25590100101Trad120ENG112011");
    assert_eq!((english["title"].as_str(), english["classCode"].as_str()), (Some("ENG-1"), Some("English I")));
    assert_eq!(english["terms"].as_array().map(Vec::len), Some(2));
    assert_eq!(english["school"]["href"], "https://sis.example.org/api/roster/rostering/v1p2/orgs/255901001");

    // Two enrollments per student per class (one per semester) stay separate records.
    let mary: Vec<&Value> =
        imported.all(Collection::Enrollments).into_iter().filter(|e| e["user"]["sourcedId"] == "604863").collect();
    assert_eq!(mary.len(), 4);
    let mut begins: Vec<&str> = mary.iter().filter_map(|e| e["beginDate"].as_str()).collect();
    begins.sort();
    assert_eq!(begins, ["2020-08-17", "2020-08-17", "2021-01-04", "2021-01-04"]);

    // 1.1 users: role + orgSourcedIds become roles; userIds pairs; grades a list.
    let user = imported.get(Collection::Users, "604863");
    assert_eq!(user["roles"][0]["role"], "student");
    assert_eq!(user["roles"][0]["roleType"], "primary");
    assert_eq!(user["roles"][0]["org"]["sourcedId"], "255901001");
    assert_eq!(user["userIds"][0]["type"], "Local");
    assert_eq!(user["userIds"][0]["identifier"], "863");
    assert_eq!(user["grades"][0], "09");
    let district = imported.get(Collection::Orgs, "255901");
    assert_eq!(district["children"][0]["sourcedId"], "255901001");
    assert_valid_except_warned(&bundle, &imported);
}

#[test]
fn nicelion_users_whose_org_is_missing() {
    let bundle = fixture("nicelion-users-2k");
    let imported = import(&bundle);
    let report = &imported.report;
    assert_eq!(report.version, CsvVersion::V1_1);
    assert_eq!(report.counts, [(Collection::Orgs, 2), (Collection::Users, 1999)]);
    let kinds = imported.warning_kinds();
    // No manifest: the first rows give no dateLastModified, so both files are read as bulk (and
    // their filled status kept silently: 1.0 had no modes).
    assert!(
        report.notes.iter().any(|n| n.starts_with("users.csv: no manifest says how it is given; read as a bulk file"))
    );
    let want = BTreeMap::from([
        (kind("users.csv", Some("orgSourcedIds"), "no org "), 1999),
        (kind("users.csv", Some("userIds"), ""), 1999),
    ]);
    assert_eq!(kinds, want);
    assert_eq!(
        imported.warnings()[0..2],
        [
            "users.csv:2: column userIds: \"74727075\" is not a list of {type:identifier} pairs; left out",
            "users.csv:2: column orgSourcedIds: no org \"slksldkmlsk49303\" in orgs.csv; reference kept",
        ]
    );
    // The users are kept, with their reference to the missing org.
    for user in imported.all(Collection::Users) {
        assert_eq!(user["roles"][0]["org"]["sourcedId"], "slksldkmlsk49303");
        assert!(user.get("userIds").is_none());
    }
    // Students point at their parents through agents; every agent is in the file.
    let student = imported.get(Collection::Users, "b63c6c46-f043-40ee-9f43-f3fb7d46c6d7");
    assert_eq!(student["roles"][0]["role"], "student");
    assert_eq!(student["agents"].as_array().map(Vec::len), Some(3));
    assert_eq!(student["agents"][0]["type"], "user");
    assert_valid_except_warned(&bundle, &imported);
}

#[test]
fn minimal_v1p2_bundle_is_clean() {
    let imported = import(&fixture("cairn-v1p2-minimal"));
    let report = &imported.report;
    assert_eq!(report.warnings, Vec::<ImportWarning>::new());
    assert_eq!(report.version, CsvVersion::V1_2);
    assert_eq!(report.files.len(), 21);
    assert_eq!(report.records, 12);
    for collection in [
        Collection::Orgs,
        Collection::AcademicSessions,
        Collection::Courses,
        Collection::Classes,
        Collection::Users,
        Collection::Enrollments,
        Collection::Demographics,
        Collection::Categories,
        Collection::ScoreScales,
        Collection::LineItems,
        Collection::Results,
        Collection::Resources,
    ] {
        assert_eq!(imported.count(collection), 1, "{collection:?}");
    }
    assert_strictly_valid(&imported);

    // 1.2 users: roles and profiles from their files, the role pointing at the profile.
    let user = imported.get(Collection::Users, "usr-ada");
    let profile = "https://sis.example.org/api/roster/rostering/v1p2/userProfiles/prof-ada";
    assert_eq!(user["roles"][0]["userProfile"], profile);
    assert_eq!(user["userProfiles"][0]["profileId"], profile);
    assert_eq!(user["userProfiles"][0]["credentials"][0]["username"], "ada.okafor");
    assert_eq!(user["preferredFirstName"], "Ada");
    assert_eq!(user["primaryOrg"]["sourcedId"], "org-lakeside");
    assert_eq!(user["resources"][0]["href"], "https://sis.example.org/api/roster/resources/v1p2/resources/res-plants");
    assert_eq!(imported.get(Collection::Classes, "cls-sci4-a")["resources"][0]["sourcedId"], "res-plants");
    assert_eq!(imported.get(Collection::Courses, "crs-sci4")["resources"][0]["sourcedId"], "res-plants");
    let line_item = imported.get(Collection::LineItems, "li-plants");
    assert_eq!(
        line_item["scoreScale"]["href"],
        "https://sis.example.org/api/roster/gradebook/v1p2/scoreScales/ss-letter"
    );
    assert_eq!(line_item["learningObjectiveSet"][0]["source"], "case");
    assert_eq!(line_item["description"], "Keep a diary of a bean plant\r\nfor two weeks", "a quoted line break");
    let result = imported.get(Collection::Results, "res-ada-plants");
    assert_eq!(result["score"], 9.5);
    assert_eq!(result["learningObjectiveSet"][0]["learningObjectiveResults"][0]["score"], 9.5);
    assert_eq!(imported.get(Collection::ScoreScales, "ss-letter")["scoreScaleValue"][1]["itemValueLHS"], "B");
}

#[test]
fn gradebook_v1p1_bundle_without_manifest_is_clean() {
    let imported = import(&fixture("cairn-v1p1-gradebook"));
    assert_eq!(imported.report.warnings, Vec::<ImportWarning>::new());
    assert_eq!(imported.report.version, CsvVersion::V1_1);
    assert_eq!(imported.report.records, 18);
    assert_strictly_valid(&imported);
    // 1.1 `administrator` at a district; a guardian at two orgs has a primary role at each.
    assert_eq!(imported.get(Collection::Users, "u-admin")["roles"][0]["role"], "districtAdministrator");
    let guardian = imported.get(Collection::Users, "u-guard");
    assert_eq!(guardian["roles"].as_array().map(Vec::len), Some(2));
    // 1.1 line items name no school: the class's school is used.
    assert_eq!(imported.get(Collection::LineItems, "li-q1")["school"]["sourcedId"], "s-bay");
    assert_eq!(imported.get(Collection::Orgs, "s-bay")["metadata"]["city"], "Harbor");
    let sessions = imported.get(Collection::AcademicSessions, "s1-2024");
    assert_eq!(sessions["children"][0]["sourcedId"], "gp1-2024");
}

const DIRTY: &[&str] = &[
    "manifest.csv:13: file.categories is given, but the bundle has no categories.csv; nothing read",
    "manifest.csv:14: column value: file.scoreScales is \"\", not bulk, delta or absent; the file is read as bulk if it is there",
    "userprofiles.csv: the binding calls it userProfiles.csv; read as that",
    "userprofiles.csv:3: column vendorId: empty; vendorId is required, left out",
    "roles.csv:1: column dataLastModified: not a column of roles.csv (did you mean dateLastModified?); its values are left out (what this file's rows become has no metadata)",
    "roles.csv:2: column role: \"Teacher\" differs in case from the RoleEnumExt term; read as \"teacher\"",
    "roles.csv:5: column userSourcedId: no user \"usr-gone\" in users.csv; role left out",
    "roles.csv:6: column status: \"tobedeleted\": the role is to be deleted; left out",
    "roles.csv:7: column orgSourcedId: no org \"org-zz\" in orgs.csv; reference kept",
    "resources.csv: in the bundle, but manifest.csv (line 12) marks it absent; skipped",
    "orgs.csv:2: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "orgs.csv:2: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "orgs.csv:3: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "orgs.csv:3: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "orgs.csv:3: column type: \"SCHOOL\" differs in case from the OrgTypeEnumExt term; read as \"school\"",
    "orgs.csv:4: column status: \"inactive\" in a bulk file, where the binding leaves status blank; kept",
    "orgs.csv:4: column status: \"inactive\" is no longer a BaseStatusEnum term; read as \"tobedeleted\"",
    "orgs.csv:4: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "orgs.csv:4: column parentSourcedId: no org \"org-d9\" in orgs.csv; reference kept",
    "academicSessions.csv:2: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "academicSessions.csv:2: column dateLastModified: \"2025-01-15\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "academicSessions.csv:2: column dateLastModified: \"2025-01-15\" is a date where a date-time belongs; read as \"2025-01-15T00:00:00Z\"",
    "academicSessions.csv:3: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "academicSessions.csv:3: column startDate: \"2024-09-01T00:00:00Z\" is a date-time where a date belongs; its date part \"2024-09-01\" is used",
    "academicSessions.csv:4: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "academicSessions.csv:4: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "academicSessions.csv:4: column parentSourcedId: a schoolYear inside the term \"as-t1\"; kept",
    "academicSessions.csv:5: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "academicSessions.csv:5: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "academicSessions.csv:5: column startDate: \"2024-11-31\" is not a date (YYYY-MM-DD); left out",
    "academicSessions.csv:6: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "academicSessions.csv:6: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "academicSessions.csv:6: column endDate: endDate (exclusive) must come after startDate",
    "courses.csv: not listed in manifest.csv; read as bulk",
    "courses.csv:2: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "courses.csv:2: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "classes.csv:2: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "classes.csv:2: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "classes.csv:2: column classType: \"Scheduled\" differs in case from the ClassTypeEnumExt term; read as \"scheduled\"",
    "classes.csv:2: column subjectCodes: 1 subject codes for 2 subjects",
    "classes.csv:3: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "classes.csv:3: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "classes.csv:3: column courseSourcedId: no course \"crs-hist\" in courses.csv; reference kept",
    "classes.csv:3: column termSourcedIds: empty; terms is required, left out",
    "classes.csv:4: 15 fields where the header has 14; row skipped (a value with an unquoted comma?)",
    "users.csv:1: column prefferedGivenName: not a column of users.csv (did you mean preferredGivenName?); its values are kept in metadata",
    "users.csv:2: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "users.csv:2: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "users.csv:2: column enabledUser: \"TRUE\" where \"true\" belongs; read as \"true\"",
    "users.csv:3: column dateLastModified: \"1/05/2023\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "users.csv:3: column dateLastModified: \"1/05/2023\" is not a date-time (YYYY-MM-DDThh:mm:ss.sssZ); left out",
    "users.csv:3: column enabledUser: \"1\" where \"true\" belongs; read as \"true\"",
    "users.csv:3: column agentSourcedIds: no user \"usr-g9\" in users.csv; reference kept",
    "users.csv:4: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "users.csv:4: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "users.csv:4: column userIds: {LDAP} in \"{LDAP}\" has no colon between type and identifier; left out",
    "users.csv:5: column sourcedId: empty; row skipped",
    "users.csv:6: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "users.csv:6: column dateLastModified: \"2025-01-16T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "users.csv:6: sourcedId \"usr-s1\" was already given on line 3; this row replaces it",
    "users.csv:7: column givenName: not UTF-8; read as Latin-1 (\"José\")",
    "users.csv:7: column Family_Name: not UTF-8; read as Latin-1 (\"García\")",
    "users.csv:7: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "users.csv:7: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "users.csv:7: no role for this user in roles.csv; roles is required, left out",
    "enrollments.csv:2: column role: \"TEACHER\" differs in case from the EnrolRoleEnumExt term; read as \"teacher\"",
    "enrollments.csv:2: column primary: \"yes\" is not true or false; left out",
    "enrollments.csv:3: column primary: \"FALSE\" where \"false\" belongs; read as \"false\"",
    "enrollments.csv:3: column beginDate: \"2024-09-01T08:00:00Z\" is a date-time where a date belongs; its date part \"2024-09-01\" is used",
    "enrollments.csv:4: column classSourcedId: no class \"cls-9\" in classes.csv; reference kept",
    "enrollments.csv:5: column primary: only teachers can be primary",
    "demographics.csv:2: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "demographics.csv:2: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "demographics.csv:2: column birthDate: \"1999-02-30\" is not a date (YYYY-MM-DD); left out",
    "demographics.csv:3: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "demographics.csv:3: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "demographics.csv:3: column sex: \"F\" is not a GenderEnumExt term (one of male, female, unspecified, other); left out",
    "demographics.csv:3: column white: \"1\" where \"true\" belongs; read as \"true\"",
    "demographics.csv:4: column sourcedId: no user \"usr-nobody\" in users.csv; a demographics record's sourcedId must be its user's; kept",
    "demographics.csv:4: column status: \"active\" in a bulk file, where the binding leaves status blank; kept",
    "demographics.csv:4: column dateLastModified: \"2025-01-15T09:30:00Z\" in a bulk file, where the binding leaves dateLastModified blank; kept",
    "notes.csv: not a file of the OneRoster CSV binding; skipped",
];

#[test]
fn dirty_v1p2_bundle_warns_about_each_quirk() {
    let bundle = fixture("cairn-v1p2-dirty");
    let imported = import(&bundle);
    let report = &imported.report;
    assert_eq!(imported.warnings(), DIRTY);
    assert_eq!(report.version, CsvVersion::V1_2);
    assert_eq!(report.delta, [Collection::Enrollments]);
    assert_eq!(
        report.counts,
        [
            (Collection::Orgs, 3),
            (Collection::AcademicSessions, 5),
            (Collection::Courses, 1),
            (Collection::Classes, 2),
            (Collection::Users, 4),
            (Collection::Enrollments, 4),
            (Collection::Demographics, 3),
        ]
    );
    // The duplicate is sent twice (the sink upserts), the later row last.
    assert_eq!(imported.count(Collection::Users), 5);
    assert_eq!(imported.get(Collection::Users, "usr-s1")["dateLastModified"], "2025-01-16T09:30:00Z");
    assert!(
        report
            .warnings
            .iter()
            .any(|w| (w.file.as_str(), w.line, w.column.as_deref()) == ("users.csv", 3, Some("dateLastModified"))
                && w.reason.contains("is not a date-time"))
    );

    assert_eq!(imported.get(Collection::Orgs, "org-s2")["status"], "tobedeleted");
    assert_eq!(imported.get(Collection::Orgs, "org-s1")["type"], "school");
    let nested = imported.get(Collection::AcademicSessions, "as-y-nested");
    assert_eq!(nested["parent"]["sourcedId"], "as-t1");
    assert_eq!(imported.get(Collection::AcademicSessions, "as-y2025")["dateLastModified"], "2025-01-15T00:00:00Z");
    assert!(imported.get(Collection::AcademicSessions, "as-gp1").get("startDate").is_none());
    let teacher = imported.get(Collection::Users, "usr-t1");
    assert_eq!(teacher["metadata"]["prefferedGivenName"], "Johnny");
    assert_eq!(teacher["enabledUser"], "true");
    assert_eq!(teacher["roles"].as_array().map(Vec::len), Some(2));
    assert_eq!(teacher["roles"][0]["role"], "teacher");
    assert_eq!(imported.get(Collection::Users, "usr-x")["givenName"], "José");
    assert!(imported.get(Collection::Users, "usr-s2").get("userIds").is_none());
    let s2_roles = &imported.get(Collection::Users, "usr-s2")["roles"];
    assert_eq!(s2_roles.as_array().map(Vec::len), Some(1), "the role to be deleted is left out");
    // The delta file's rows keep their status; the class reference to nothing is kept.
    assert_eq!(imported.get(Collection::Enrollments, "enr-2")["status"], "tobedeleted");
    assert_eq!(imported.get(Collection::Enrollments, "enr-3")["class"]["sourcedId"], "cls-9");
    assert!(imported.get(Collection::Enrollments, "enr-1").get("primary").is_none());
    assert!(imported.get(Collection::Demographics, "usr-s1").get("birthDate").is_none());
    assert!(!imported.records.iter().any(|(c, _)| *c == Collection::Resources), "resources.csv is marked absent");
    assert_valid_except_warned(&bundle, &imported);
}

#[test]
fn warnings_display_and_fields() {
    let w = ImportWarning {
        file: "users.csv".into(),
        line: 17,
        column: Some("birthDate".into()),
        reason: "\"1999-02-30\" is not a date; left out".into(),
    };
    assert_eq!(w.to_string(), "users.csv:17: column birthDate: \"1999-02-30\" is not a date; left out");
    let whole = ImportWarning { file: "notes.csv".into(), line: 0, column: None, reason: "skipped".into() };
    assert_eq!(whole.to_string(), "notes.csv: skipped");
}

/// Zips the files of `bundle` into `zip` under `folder/`, with a macOS resource fork beside.
fn zip_bundle(bundle: &Path, zip: &Path, folder: &str, method: zip::CompressionMethod) {
    let file = std::fs::File::create(zip).expect("zip file");
    let mut writer = zip::ZipWriter::new(file);
    let options = zip::write::SimpleFileOptions::default().compression_method(method);
    let mut names: Vec<_> = std::fs::read_dir(bundle).expect("bundle").flatten().map(|e| e.file_name()).collect();
    names.sort();
    writer.start_file(format!("__MACOSX/{folder}/._users.csv"), options).expect("entry");
    writer.write_all(b"\0\x05\x16\x07junk").expect("write");
    for name in names {
        let name = name.to_string_lossy().into_owned();
        writer.start_file(format!("{folder}/{name}"), options).expect("entry");
        writer.write_all(&std::fs::read(bundle.join(&name)).expect("read")).expect("write");
    }
    writer.finish().expect("finish");
}

#[test]
fn a_zip_gives_the_same_records_as_the_folder() {
    let dir = scratch("zip");
    for name in ["cairn-v1p2-dirty", "edfi-lms-toolkit-v1p1-grandbend", "cairn-v1p2-minimal"] {
        let folder = import(&fixture(name));
        let zip = dir.join(format!("{name}.zip"));
        zip_bundle(&fixture(name), &zip, "export", zip::CompressionMethod::Deflated);
        let zipped = import(&zip);
        assert_eq!(zipped.records, folder.records, "{name}");
        assert_eq!(zipped.report.warnings, folder.report.warnings, "{name}");
        assert_eq!(zipped.report.files, folder.report.files, "{name}");
        assert_eq!(zipped.report.counts, folder.report.counts, "{name}");
    }
}

#[test]
fn unreadable_bundles_are_errors() {
    let dir = scratch("errors");

    let garbage = dir.join("garbage.zip");
    std::fs::write(&garbage, b"PK\x03\x04 this is not really a zip file").expect("write");
    let e = import_error(&garbage);
    assert!(matches!(e, ImportError::Zip { .. }), "{e}");
    assert!(e.to_string().contains("garbage.zip: not a readable zip file"), "{e}");

    let empty = dir.join("empty");
    std::fs::create_dir_all(&empty).expect("folder");
    let e = import_error(&empty);
    assert!(matches!(&e, ImportError::NoRosterFiles { found, .. } if found.is_empty()), "{e}");
    assert!(e.to_string().ends_with("no OneRoster CSV file (users.csv, orgs.csv, ...) found (it is empty)"), "{e}");

    let unrelated = dir.join("unrelated");
    std::fs::create_dir_all(&unrelated).expect("folder");
    std::fs::write(unrelated.join("grades.csv"), "a,b\n1,2\n").expect("write");
    std::fs::write(unrelated.join("manifest.csv"), "propertyName,value\n").expect("write");
    let e = import_error(&unrelated);
    assert!(e.to_string().ends_with("found among grades.csv, manifest.csv"), "{e}");

    let text = dir.join("users.txt");
    std::fs::write(&text, "sourcedId\n1\n").expect("write");
    assert!(matches!(import_error(&text), ImportError::NotABundle { .. }));

    assert!(matches!(import_error(&dir.join("missing")), ImportError::Io { .. }));

    let e = import_roster(&fixture("cairn-v1p2-minimal"), "sis.example.org", &mut |_, _| Ok(())).err();
    assert!(matches!(e, Some(ImportError::HrefBase(_))), "{e:?}");

    // A zip whose users.csv is damaged after its first rows: an error that names the file.
    let damaged = dir.join("damaged.zip");
    zip_bundle(&fixture("nicelion-users-2k"), &damaged, "x", zip::CompressionMethod::Stored);
    let mut bytes = std::fs::read(&damaged).expect("read");
    let users = bytes.windows(14).position(|w| w == b"Columbus_Kutch").expect("a user row, stored");
    bytes[users] = b'X';
    std::fs::write(&damaged, &bytes).expect("write");
    let e = import_error(&damaged);
    assert!(matches!(&e, ImportError::Read { file, .. } if file == "users.csv"), "{e}");
}

#[test]
fn imports_are_deterministic() {
    for name in ["cairn-v1p2-dirty", "nicelion-users-2k"] {
        let (a, b) = (import(&fixture(name)), import(&fixture(name)));
        assert_eq!(a.records, b.records);
        assert_eq!(a.report.warnings, b.report.warnings);
    }
}

/// A bundle of one school and `n` students.
fn big_bundle(dir: &Path, n: usize) {
    let t = "2025-01-15T09:30:00Z";
    std::fs::write(
        dir.join("orgs.csv"),
        format!("sourcedId,status,dateLastModified,name,type\ns1,active,{t},School,school\n"),
    )
    .expect("orgs");
    let mut users = String::from(
        "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName\n",
    );
    for i in 0..n {
        users.push_str(&format!("u{i},active,{t},true,s1,student,user{i},{{SIS:{i}}},Given{i},Family{i}\n"));
    }
    std::fs::write(dir.join("users.csv"), users).expect("users");
}

#[test]
fn records_stream_to_the_sink_as_they_are_read() {
    let dir = scratch("stream");
    big_bundle(&dir, 20_000);
    // The sink fails on the first user: the import stops there, at users.csv line 2.
    let mut seen = Vec::new();
    let result = import_roster(&dir, BASE, &mut |c, v| {
        seen.push((c, v["sourcedId"].clone()));
        if c == Collection::Users { Err(SinkError::new("disk full")) } else { Ok(()) }
    });
    match result {
        Err(ImportError::Sink { file, line, source }) => {
            assert_eq!((file.as_str(), line, source.to_string().as_str()), ("users.csv", 2, "disk full"));
        }
        other => panic!("{:?}", other.map(|r| r.counts)),
    }
    assert_eq!(seen.len(), 2);
    // The whole bundle, without warnings.
    let mut n = 0;
    let report = import_roster(&dir, BASE, &mut |_, _| {
        n += 1;
        Ok(())
    })
    .expect("import");
    assert_eq!((n, report.records), (20_001, 20_001));
    assert!(report.warnings.is_empty(), "{:?}", &report.warnings[..1]);
}

#[test]
fn garbage_rows_never_stop_an_import() {
    let dir = scratch("garbage");
    let pieces: [&[u8]; 16] = [
        b",",
        b"\"",
        b"{",
        b"}",
        b":",
        b"\n",
        b"\r\n",
        b"\xef\xbb\xbf",
        b"\xff\xfe",
        b"true",
        b"2024-02-30",
        b"u1",
        b"org",
        b"  ",
        b"\xc3\xa9",
        b"ext:x",
    ];
    let headers: [&str; 4] = [
        "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,userIds,givenName,familyName,agentSourcedIds\n",
        "sourcedId,userSourcedId,roleType,role,orgSourcedId,userProfileSourcedId\n",
        "",
        "sourcedId,,,status\n",
    ];
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    for round in 0..200u64 {
        let mut files: Vec<Vec<u8>> = Vec::new();
        for _ in 0..3 {
            let mut bytes = headers[(next() % 4) as usize].as_bytes().to_vec();
            for _ in 0..(next() % 120) {
                bytes.extend_from_slice(pieces[(next() % 16) as usize]);
            }
            files.push(bytes);
        }
        for (name, bytes) in ["users.csv", "roles.csv", "orgs.csv"].iter().zip(&files) {
            std::fs::write(dir.join(name), bytes).expect("write");
        }
        let result = import_roster(&dir, BASE, &mut |_, v| {
            assert!(v.get("sourcedId").and_then(Value::as_str).is_some_and(|id| !id.is_empty()));
            Ok(())
        });
        assert!(result.is_ok(), "round {round}: {:?}", result.err());
    }
}

#[test]
fn crlf_files_report_the_lines_their_rows_are_on() {
    let bundle = scratch("crlf");
    for entry in std::fs::read_dir(fixture("edfi-lms-toolkit-v1p1-grandbend")).unwrap() {
        let entry = entry.unwrap();
        let text = std::fs::read_to_string(entry.path()).unwrap();
        std::fs::write(bundle.join(entry.file_name()), text.replace("\r\n", "\n").replace('\n', "\r\n")).unwrap();
    }
    let crlf = import(&bundle);
    let lf = import(&fixture("edfi-lms-toolkit-v1p1-grandbend"));
    let lines = |i: &Imported| i.report.warnings.iter().map(|w| (w.file.clone(), w.line)).collect::<Vec<_>>();
    assert_eq!(lines(&crlf), lines(&lf));
    assert!(
        crlf.report.warnings.iter().any(|w| w.file == "users.csv" && w.line == 10),
        "the teachers' rows: {:?}",
        lines(&crlf)
    );
}

/// Status and dateLastModified cells that are not blank in the CSV file at `path` (read
/// independently of the importer).
fn filled_lifecycle_cells(path: &Path) -> usize {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_path(path).expect("readable CSV");
    let header: Vec<String> =
        reader.headers().expect("readable CSV").iter().map(|h| h.trim_start_matches('\u{feff}').to_owned()).collect();
    let at: Vec<usize> =
        header.iter().enumerate().filter(|(_, h)| *h == "status" || *h == "dateLastModified").map(|(i, _)| i).collect();
    assert_eq!(at.len(), 2, "{path:?} has both columns");
    reader
        .records()
        .map(|r| {
            let r = r.expect("readable CSV");
            at.iter().filter(|i| !r.get(**i).unwrap_or("").trim().is_empty()).count()
        })
        .sum()
}
