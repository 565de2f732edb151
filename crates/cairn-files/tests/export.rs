//! Exports from the cache: a framework's items in tree order (checked against an independent
//! reading of the package JSON), and roster bundles that import back into the same records.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::cmp::Ordering;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use cairn_files::export::{
    ExportError, ExportMode, FRAMEWORK_COLUMNS, RosterExport, Source, export_framework, export_framework_with,
    export_roster, resolve_connection,
};
use cairn_files::import::import_roster;
use cairn_files::ingest::{import_bundle, import_package};
use cairn_spec::Collection;
use cairn_store::cache;
use serde_json::{Value, json};

#[path = "export/binding.rs"]
mod binding;
#[path = "export/forms.rs"]
mod forms;

fn fixtures() -> PathBuf {
    Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("../../tests/fixtures")
}

fn local(conn: &rusqlite::Connection) -> Source {
    cache::connection_id(conn, "local", "file:").unwrap();
    resolve_connection(conn, None).unwrap()
}

// ---- the framework table, read independently from the package JSON ----

/// Tokens of a code: numbers and text runs.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Token {
    Number(u128, usize),
    Text(String),
}

fn tokens(s: &str) -> Vec<Token> {
    let mut out = Vec::new();
    let mut digits = String::new();
    let mut other = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !other.is_empty() {
                out.push(Token::Text(std::mem::take(&mut other)));
            }
            digits.push(c);
        } else {
            if !digits.is_empty() {
                out.push(Token::Number(digits.parse().unwrap(), digits.len()));
                digits.clear();
            }
            other.push(c);
        }
    }
    if !digits.is_empty() {
        out.push(Token::Number(digits.parse().unwrap(), digits.len()));
    }
    if !other.is_empty() {
        out.push(Token::Text(other));
    }
    out
}

/// Natural order: numbers before text at the same place, as numbers; text by characters.
fn natural(a: &str, b: &str) -> Ordering {
    let (ta, tb) = (tokens(a), tokens(b));
    for (x, y) in ta.iter().zip(&tb) {
        let order = match (x, y) {
            (Token::Number(m, _), Token::Number(n, _)) => m.cmp(n),
            (Token::Text(s), Token::Text(t)) => {
                // Compare character by character; a prefix sorts first.
                s.chars().cmp(t.chars())
            }
            (Token::Number(..), Token::Text(t)) => {
                if t.starts_with(|c: char| c < '0') {
                    Ordering::Greater
                } else {
                    Ordering::Less
                }
            }
            (Token::Text(s), Token::Number(..)) => {
                if s.starts_with(|c: char| c < '0') {
                    Ordering::Less
                } else {
                    Ordering::Greater
                }
            }
        };
        if order != Ordering::Equal {
            return order;
        }
    }
    ta.len().cmp(&tb.len()).then_with(|| a.cmp(b))
}

fn none_last<T: Ord>(a: Option<T>, b: Option<T>, f: impl Fn(&T, &T) -> Ordering) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => f(&a, &b),
        (a, b) => a.is_none().cmp(&b.is_none()),
    }
}

struct Package {
    doc: String,
    items: HashMap<String, Value>,
    /// parent → [(child, sequenceNumber)]
    children: HashMap<String, Vec<(String, Option<i64>)>>,
    /// child → parents
    parents: HashMap<String, Vec<String>>,
}

fn read_package(json: &Value) -> Package {
    let p = json.get("CFPackage").unwrap_or(json);
    let doc = p["CFDocument"]["identifier"].as_str().unwrap().to_owned();
    let items: HashMap<String, Value> = p["CFItems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| (i["identifier"].as_str().unwrap().to_owned(), i.clone()))
        .collect();
    let mut children: HashMap<String, Vec<(String, Option<i64>)>> = HashMap::new();
    let mut parents: HashMap<String, Vec<String>> = HashMap::new();
    for a in p["CFAssociations"].as_array().unwrap() {
        if a["associationType"] != "isChildOf" {
            continue;
        }
        let child = a["originNodeURI"]["identifier"].as_str().unwrap().to_owned();
        let parent = a["destinationNodeURI"]["identifier"].as_str().unwrap().to_owned();
        children.entry(parent.clone()).or_default().push((child.clone(), a["sequenceNumber"].as_i64()));
        parents.entry(child).or_default().push(parent);
    }
    Package { doc, items, children, parents }
}

impl Package {
    fn key_cmp(&self, a: &(String, Option<i64>), b: &(String, Option<i64>)) -> Ordering {
        let field = |id: &str, k: &str| self.items[id].get(k).and_then(Value::as_str).map(str::to_owned);
        none_last(a.1, b.1, |x, y| x.cmp(y))
            .then_with(|| {
                none_last(field(&a.0, "listEnumeration"), field(&b.0, "listEnumeration"), |x, y| natural(x, y))
            })
            .then_with(|| {
                none_last(field(&a.0, "humanCodingScheme"), field(&b.0, "humanCodingScheme"), |x, y| natural(x, y))
            })
            .then_with(|| none_last(field(&a.0, "fullStatement"), field(&b.0, "fullStatement"), |x, y| x.cmp(y)))
            .then_with(|| a.0.cmp(&b.0))
    }

    fn visit(
        &self,
        node: &str,
        depth: Option<usize>,
        seen: &mut HashSet<String>,
        out: &mut Vec<(String, Option<usize>)>,
    ) {
        let mut kids: Vec<(String, Option<i64>)> = self
            .children
            .get(node)
            .into_iter()
            .flatten()
            .filter(|(c, _)| self.items.contains_key(c))
            .cloned()
            .collect();
        kids.sort_by(|a, b| self.key_cmp(a, b));
        for (kid, _) in kids {
            if seen.insert(kid.clone()) {
                out.push((kid.clone(), depth.map(|d| d + 1)));
                self.visit(&kid, depth.map(|d| d + 1), seen, out);
            }
        }
    }

    /// (identifier, depth) in the order the rule gives.
    fn expected(&self) -> Vec<(String, Option<usize>)> {
        let mut seen = HashSet::new();
        let mut out = Vec::new();
        self.visit(&self.doc, Some(0), &mut seen, &mut out);
        let left: HashSet<String> = self.items.keys().filter(|k| !seen.contains(*k)).cloned().collect();
        let mut roots: Vec<(String, Option<i64>)> = Vec::new();
        let mut cycles: Vec<(String, Option<i64>)> = Vec::new();
        for id in &left {
            let has_orphan_parent = self.parents.get(id).into_iter().flatten().any(|p| left.contains(p));
            if has_orphan_parent { &mut cycles } else { &mut roots }.push((id.clone(), None));
        }
        roots.sort_by(|a, b| self.key_cmp(a, b));
        cycles.sort_by(|a, b| self.key_cmp(a, b));
        for (id, _) in roots.into_iter().chain(cycles) {
            if seen.insert(id.clone()) {
                out.push((id.clone(), None));
                self.visit(&id, None, &mut seen, &mut out);
            }
        }
        out
    }
}

fn export_rows(conn: &rusqlite::Connection, source: &Source, doc: &str) -> Vec<csv::StringRecord> {
    let mut bytes = Vec::new();
    let report = export_framework(conn, source, doc, &mut bytes, Path::new("<memory>")).unwrap();
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(bytes.as_slice());
    assert_eq!(reader.headers().unwrap().iter().collect::<Vec<_>>(), FRAMEWORK_COLUMNS);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), report.rows);
    for row in &rows {
        assert_eq!(row.len(), FRAMEWORK_COLUMNS.len());
    }
    rows
}

fn check_order(conn: &rusqlite::Connection, source: &Source, json: &Value) -> Vec<csv::StringRecord> {
    let package = read_package(json);
    let rows = export_rows(conn, source, &package.doc);
    assert_eq!(rows.len(), package.items.len(), "one row per item");
    let got: Vec<(String, Option<usize>)> =
        rows.iter().map(|r| (r[0].to_owned(), (!r[9].is_empty()).then(|| r[9].parse().unwrap()))).collect();
    assert_eq!(got, package.expected(), "tree order of {}", package.doc);
    rows
}

#[test]
fn framework_rows_come_in_tree_order() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let source = local(&conn);
    for name in ["opensalt-ordering-sequence-numbers.json", "act-holistic-math-excerpt-ordering.json"] {
        let path = fixtures().join("case").join(name);
        import_package(
            &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
            source.id,
            &path,
        )
        .unwrap();
        let json: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        let rows = check_order(&conn, &source, &json);
        let doc = read_package(&json).doc;
        assert!(rows.iter().all(|r| !r[7].is_empty()), "{name}: every item has a parent");
        assert_eq!(rows.first().map(|r| r[7].to_owned()), Some(doc), "{name}: the first row is under the document");
        assert_eq!(rows.first().map(|r| r[9].to_owned()), Some("1".to_owned()));
    }
    // ACT's codes have no sequence numbers: natural order puts L1.2 before L1.10.
    let act = read_package(
        &serde_json::from_slice(
            &std::fs::read(fixtures().join("case/act-holistic-math-excerpt-ordering.json")).unwrap(),
        )
        .unwrap(),
    );
    let rows = export_rows(&conn, &source, &act.doc);
    let codes: Vec<&str> = rows.iter().map(|r| r.get(1).unwrap()).collect();
    let at = |c: &str| codes.iter().position(|x| *x == c).unwrap();
    assert!(at("H.A.MATH.GM.PF.2DFP.L1.2") < at("H.A.MATH.GM.PF.2DFP.L1.10"), "{codes:?}");
}

#[test]
fn several_parents_orphans_cycles_and_line_breaks() {
    let path = fixtures().join("case/opensalt-ordering-sequence-numbers.json");
    let mut json: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let package = read_package(&json);
    let doc = package.doc.clone();
    let first = package.expected();
    // An early item gets the last one as a second parent: it stays under its first parent.
    let (extra_child, extra_parent) = (first[1].0.clone(), first.last().unwrap().0.clone());
    let link = |origin: &str, destination: &str, n: u32| {
        json!({
            "identifier": format!("00000000-0000-4000-8000-0000000000{n:02}"),
            "uri": format!("urn:test:{n}"),
            "CFDocumentURI": {"title": "ordering", "identifier": doc, "uri": "urn:doc"},
            "associationType": "isChildOf",
            "originNodeURI": {"title": "", "identifier": origin, "uri": format!("urn:{origin}")},
            "destinationNodeURI": {"title": "", "identifier": destination, "uri": format!("urn:{destination}")},
            "lastChangeDateTime": "2024-01-01T00:00:00+00:00"
        })
    };
    let item = |id: &str, code: &str, statement: &str| {
        json!({
            "identifier": id, "uri": format!("urn:{id}"), "humanCodingScheme": code, "fullStatement": statement,
            "CFDocumentURI": {"title": "ordering", "identifier": doc, "uri": "urn:doc"},
            "lastChangeDateTime": "2024-01-01T00:00:00+00:00", "educationLevel": ["09", "10"]
        })
    };
    let (orphan, lost_child, cycle_a, cycle_b) = (
        "10000000-0000-4000-8000-000000000001",
        "10000000-0000-4000-8000-000000000002",
        "10000000-0000-4000-8000-000000000003",
        "10000000-0000-4000-8000-000000000004",
    );
    let p = json.as_object_mut().unwrap();
    let items = p.get_mut("CFItems").unwrap().as_array_mut().unwrap();
    items.push(item(orphan, "Z.10", "Orphan, \"quoted\"\r\nsecond line"));
    items.push(item(lost_child, "Z.10.1", "Child of the orphan"));
    items.push(item(cycle_a, "Y.2", "Cycle A"));
    items.push(item(cycle_b, "Y.10", "Cycle B"));
    let associations = p.get_mut("CFAssociations").unwrap().as_array_mut().unwrap();
    associations.push(link(&extra_child, &extra_parent, 1));
    associations.push(link(orphan, "20000000-0000-4000-8000-000000000000", 2));
    associations.push(link(lost_child, orphan, 3));
    associations.push(link(cycle_a, cycle_b, 4));
    associations.push(link(cycle_b, cycle_a, 5));

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("package.json");
    std::fs::write(&file, serde_json::to_vec(&json).unwrap()).unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let source = local(&conn);
    import_package(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        source.id,
        &file,
    )
    .unwrap();
    let rows = check_order(&conn, &source, &json);
    let row = |id: &str| rows.iter().find(|r| &r[0] == id).unwrap();
    let parents = row(&extra_child)[7].to_owned();
    assert_eq!(parents.split(';').count(), 2, "{parents}");
    assert!(parents.ends_with(&format!(";{extra_parent}")), "the parent it is placed under comes first: {parents}");
    assert_eq!(&row(orphan)[3], "Orphan, \"quoted\"\r\nsecond line", "CRLF kept in a quoted field");
    assert_eq!(&row(orphan)[6], "09,10");
    assert_eq!(&row(lost_child)[7], orphan);
    let tail: Vec<&str> = rows[rows.len() - 4..].iter().map(|r| r.get(0).unwrap()).collect();
    assert_eq!(tail, [orphan, lost_child, cycle_a, cycle_b], "orphans last; natural order Y.2 < Y.10");
    assert!(rows[rows.len() - 4..].iter().all(|r| r[9].is_empty()), "orphans have no depth");
}

#[test]
fn a_framework_export_reports_its_rows_and_stops_when_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let source = local(&conn);
    let path = fixtures().join("case/act-holistic-math-excerpt-ordering.json");
    import_package(&cache::CacheHandle::open(Path::new(conn.path().unwrap())).unwrap(), source.id, &path).unwrap();
    let doc = read_package(&serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap()).doc;
    let seen = std::sync::Mutex::new(Vec::new());
    let progress = |p: cairn_files::progress::Progress| seen.lock().unwrap().push(p);
    let cancel = cairn_files::progress::Cancel::new();
    let report =
        export_framework_with(&conn, &source, &doc, &mut Vec::new(), Path::new("-"), &progress, &cancel).unwrap();
    let last = seen.lock().unwrap().last().cloned().expect("the end is reported");
    assert_eq!((last.task.as_str(), last.stage.as_str()), ("export", doc.as_str()));
    assert_eq!((last.done, last.total), (report.rows as u64, Some(report.rows as u64)));

    cancel.cancel();
    let mut out = Vec::new();
    let error = export_framework_with(&conn, &source, &doc, &mut out, Path::new("-"), &progress, &cancel).unwrap_err();
    assert!(matches!(error, ExportError::Cancelled), "{error:?}");
}

#[test]
fn a_framework_that_is_not_cached_says_which_are() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let source = local(&conn);
    import_package(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        source.id,
        &fixtures().join("case/act-holistic-math-excerpt-ordering.json"),
    )
    .unwrap();
    let error = export_framework(&conn, &source, "nope", &mut Vec::new(), Path::new("-")).unwrap_err();
    let message = error.to_string();
    assert!(matches!(error, ExportError::NoFramework { .. }));
    assert!(
        message.starts_with("no framework nope in connection local; cached: a33fc64e-5c40-11e7-82c4-3d54268aa9ee (ACT"),
        "{message}"
    );
    let error = resolve_connection(&conn, Some("district")).unwrap_err().to_string();
    assert!(error.contains("\"district\"") && error.contains("local"), "{error}");
}

// ---- roster bundles ----

/// Every collection a bundle carries.
const ROSTER: [Collection; 12] = [
    Collection::Orgs,
    Collection::AcademicSessions,
    Collection::Courses,
    Collection::Classes,
    Collection::Users,
    Collection::Enrollments,
    Collection::Demographics,
    Collection::Resources,
    Collection::Categories,
    Collection::ScoreScales,
    Collection::LineItems,
    Collection::Results,
];

/// Fields the CSV binding cannot carry for these bundles (see the `export` module's list of
/// exceptions): none, as the records came from CSV in the first place.
const EXCEPTIONS: &[(Collection, &str)] = &[];

fn cached(conn: &rusqlite::Connection, id: i64, collection: Collection) -> BTreeMap<String, Value> {
    let table = cache::spec(collection).table;
    let mut statement = conn.prepare(&format!("SELECT id, json FROM {table} WHERE connection_id = ?1")).unwrap();
    statement
        .query_map([id], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .unwrap()
        .map(|r| {
            let (id, json) = r.unwrap();
            (id, serde_json::from_str(&json).unwrap())
        })
        .collect()
}

/// The export's time in delta tests.
const NOW: &str = "2026-11-24T12:00:00Z";

fn delta() -> ExportMode {
    ExportMode::Delta { now: NOW.to_owned() }
}

/// Imports `bundle`, exports it in `mode`, checks the export with the strict reader and imports
/// it back: every record comes back equal (in bulk, without `tobedeleted` records and without
/// `dateLastModified`, which bulk files do not carry; a line item's dates as the dates the
/// binding's columns hold). Gives the files written and the report.
fn round_trip_in(bundle: &Path, mode: &ExportMode) -> (Vec<String>, RosterExport) {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let source = local(&conn);
    import_bundle(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        source.id,
        bundle,
    )
    .unwrap();
    let out = dir.path().join("bundle");
    let report = export_roster(&conn, &source, &out, mode).unwrap();
    assert!(!report.files.is_empty());
    let findings = binding::check_bundle(&out);
    assert!(findings.is_empty(), "a strict reader rejects:\n{}", findings.join("\n"));

    let mut back: HashMap<Collection, BTreeMap<String, Value>> = HashMap::new();
    let imported = import_roster(&out, "https://cairn.invalid", &mut |collection, record| {
        let id = record[collection.id_field()].as_str().unwrap_or_default().to_owned();
        back.entry(collection).or_default().insert(id, record);
        Ok(())
    })
    .unwrap();
    assert_eq!(imported.version, cairn_files::import::CsvVersion::V1_2);
    assert_eq!(imported.version.to_string(), "1.2", "shown as the binding writes it");
    let bulk = *mode == ExportMode::Bulk;
    let mut compared = 0;
    for collection in ROSTER {
        let mut before = cached(&conn, source.id, collection);
        if bulk {
            before.retain(|_, v| v["status"] != "tobedeleted");
        }
        let after = back.remove(&collection).unwrap_or_default();
        assert_eq!(before.keys().collect::<Vec<_>>(), after.keys().collect::<Vec<_>>(), "{collection:?} ids");
        for (id, old) in &before {
            let new = &after[id];
            let fields: HashSet<&String> =
                old.as_object().unwrap().keys().chain(new.as_object().unwrap().keys()).collect();
            for field in fields {
                if EXCEPTIONS.contains(&(collection, field.as_str())) || (bulk && field == "dateLastModified") {
                    continue;
                }
                let mut expected = old.get(field).cloned();
                match (field.as_str(), &mut expected) {
                    // A record without a date gets the export's time in a delta file.
                    ("dateLastModified", None) => expected = Some(json!(NOW)),
                    // The binding's lineItems date columns carry the date: it comes back as
                    // its midnight UTC.
                    ("assignDate" | "dueDate", Some(Value::String(given))) if collection == Collection::LineItems => {
                        *given = format!("{}T00:00:00Z", given.get(..10).unwrap_or_default());
                    }
                    // Children left out of a bulk file (tobedeleted) are no longer children.
                    ("children", Some(Value::Array(children))) => {
                        children.retain(|c| before.contains_key(c["sourcedId"].as_str().unwrap_or_default()));
                    }
                    _ => {}
                }
                assert_eq!(expected.as_ref(), new.get(field), "{collection:?} {id} .{field}");
                compared += 1;
            }
            if bulk {
                assert_eq!(new.get("dateLastModified"), None, "{collection:?} {id}: bulk rows carry no date");
            }
        }
    }
    assert!(compared >= 10, "{compared} fields compared");
    let mut names: Vec<String> = report.files.iter().map(|(f, _)| f.clone()).collect();
    names.sort();
    let manifest = std::fs::read_to_string(out.join("manifest.csv")).unwrap();
    assert!(manifest.starts_with("propertyName,value\r\nmanifest.version,1.0\r\noneroster.version,1.2\r\n"));
    let given = if bulk { "bulk" } else { "delta" };
    for (file, rows) in &report.files {
        let stem = file.trim_end_matches(".csv");
        assert!(manifest.contains(&format!("file.{stem},{given}\r\n")), "{manifest}");
        let mut reader = csv::Reader::from_path(out.join(file)).unwrap();
        assert_eq!(reader.records().count(), *rows, "{file}");
    }
    assert_eq!(manifest.matches(&format!(",{given}\r\n")).count(), report.files.len());
    assert_eq!(manifest.matches(&format!(",{given}\r\n")).count() + manifest.matches(",absent\r\n").count(), 21);
    (names, report)
}

/// [`round_trip_in`] both modes; the files of the bulk export.
fn round_trip(bundle: &Path) -> Vec<String> {
    let (files, _) = round_trip_in(bundle, &delta());
    round_trip_in(bundle, &ExportMode::Bulk).0.into_iter().filter(|f| files.contains(f)).collect()
}

#[test]
fn the_minimal_1_2_bundle_comes_back_the_same() {
    let files = round_trip(&fixtures().join("oneroster/cairn-v1p2-minimal"));
    for file in [
        "academicSessions.csv",
        "categories.csv",
        "classResources.csv",
        "classes.csv",
        "courseResources.csv",
        "courses.csv",
        "demographics.csv",
        "enrollments.csv",
        "lineItemLearningObjectiveIds.csv",
        "lineItemScoreScales.csv",
        "lineItems.csv",
        "orgs.csv",
        "resources.csv",
        "resultLearningObjectiveIds.csv",
        "resultScoreScales.csv",
        "results.csv",
        "roles.csv",
        "scoreScales.csv",
        "userProfiles.csv",
        "userResources.csv",
        "users.csv",
    ] {
        assert!(files.iter().any(|f| f == file), "{file} in {files:?}");
    }
}

#[test]
fn the_edfi_1_1_bundle_comes_back_the_same_as_1_2() {
    let files = round_trip(&fixtures().join("oneroster/edfi-lms-toolkit-v1p1-grandbend"));
    assert!(files.contains(&"roles.csv".to_owned()), "1.1 roles become roles.csv: {files:?}");
    assert!(!files.contains(&"userProfiles.csv".to_owned()));
    assert!(!files.contains(&"results.csv".to_owned()));
}

#[test]
fn metadata_and_awkward_values_survive() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("in");
    std::fs::create_dir(&bundle).unwrap();
    std::fs::write(
        bundle.join("orgs.csv"),
        "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId,metadata.region,metadata.note\n\
         d1,active,2025-01-01T00:00:00Z,\"District, \"\"One\"\"\",district,,,north,\n\
         s1,active,2025-01-01T00:00:00Z,\"School\r\nAnnex\",school,,d1,,\"a, b\"\n\
         s2,tobedeleted,2025-01-01T00:00:00Z,Ünïcode 𝔘,school,,d1,south,\n",
    )
    .unwrap();
    let files = round_trip(&bundle);
    assert_eq!(files, ["orgs.csv"]);
}

#[test]
fn a_connection_without_rosters_has_nothing_to_export() {
    let dir = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir.path().join("cache.sqlite")).unwrap();
    let source = local(&conn);
    let error = export_roster(&conn, &source, &dir.path().join("out"), &ExportMode::Bulk).unwrap_err();
    assert!(matches!(error, ExportError::NothingToExport { .. }), "{error}");
    assert!(!dir.path().join("out").exists());
}

#[test]
fn what_has_no_column_is_a_warning_never_a_column() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("in");
    std::fs::create_dir(&bundle).unwrap();
    let write = |name: &str, text: &str| std::fs::write(bundle.join(name), text).unwrap();
    write(
        "orgs.csv",
        "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n\
         s1,active,2025-01-01T00:00:00Z,School,school,,\n\
         s2,tobedeleted,2025-01-02T00:00:00Z,Gone,school,,\n",
    );
    write(
        "academicSessions.csv",
        "sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear\n\
         t1,active,2025-01-01T00:00:00Z,Term,term,2025-01-01,2025-06-30,,2025\n",
    );
    write(
        "courses.csv",
        "sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes\n\
         c1,active,2025-01-01T00:00:00Z,,Maths,,,s1,,\n",
    );
    write(
        "classes.csv",
        "sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods\n\
         k1,active,2025-01-01T00:00:00Z,Maths 1,,c1,,scheduled,,s1,t1,,,\n",
    );
    write(
        "categories.csv",
        "sourcedId,status,dateLastModified,title,weight\ncat1,active,2025-01-01T00:00:00Z,Tests,0.5\n",
    );
    // 1.1's gradingPeriodSourcedId: read into the record, but 1.2 has no column for it.
    write(
        "lineItems.csv",
        "sourcedId,status,dateLastModified,title,description,assignDate,dueDate,classSourcedId,categorySourcedId,gradingPeriodSourcedId\n\
         li1,active,2025-01-01T00:00:00Z,Quiz,,2025-01-01T00:00:00Z,2025-01-08T00:00:00Z,k1,cat1,t1\n\
         li2,active,2025-01-01T00:00:00Z,Quiz 2,,2025-01-01T00:00:00Z,2025-01-08T00:00:00Z,k1,cat1,t1\n",
    );
    let dir2 = tempfile::tempdir().unwrap();
    let conn = cache::open(&dir2.path().join("cache.sqlite")).unwrap();
    let source = local(&conn);
    import_bundle(
        &cairn_store::cache::CacheHandle::open(std::path::Path::new(conn.path().unwrap())).unwrap(),
        source.id,
        &bundle,
    )
    .unwrap();
    let out = dir2.path().join("out");
    let report = export_roster(&conn, &source, &out, &ExportMode::Bulk).unwrap();
    let text: Vec<String> = report.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(
        text,
        [
            "orgs.csv: 1 record (s2): tobedeleted: a bulk file holds active records only; left out",
            "lineItems.csv: gradingPeriod: 2 records (li1, li2): the CSV binding has no column for it; left out",
        ],
        "{text:#?}"
    );
    assert!(binding::check_bundle(&out).is_empty(), "{:?}", binding::check_bundle(&out));
    let header = std::fs::read_to_string(out.join("lineItems.csv")).unwrap();
    assert!(!header.contains("gradingPeriod"), "{header}");

    let report = export_roster(&conn, &source, &out, &delta()).unwrap();
    let text: Vec<String> = report.warnings.iter().map(ToString::to_string).collect();
    assert_eq!(text.len(), 1, "{text:#?}");
    let orgs = std::fs::read_to_string(out.join("orgs.csv")).unwrap();
    assert!(orgs.contains("s2,tobedeleted,2025-01-02T00:00:00Z,Gone"), "{orgs}");
    assert!(binding::check_bundle(&out).is_empty(), "{:?}", binding::check_bundle(&out));
}
