//! Framework workbooks read back by a reader that is not their writer (`calamine`, and the
//! sheet's XML for outline levels and the frozen header): rows in the plan's order (the CSV
//! table's, itself held to an independent reading of the package by `tests/export.rs`), levels,
//! paths of codes and the associations sheet equal to the cache's tree and the package's
//! associations, read here from the package JSON alone.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

use std::collections::HashMap;
use std::io::{Cursor, Read};
use std::path::Path;

use cairn_files::export::workbook::{
    ASSOCIATION_COLUMNS, CODE_PATH_SEPARATOR, FRAMEWORK_SHEETS, Table, framework_workbook, tables_workbook,
};
use cairn_files::export::{FRAMEWORK_COLUMNS, Source, export_framework, export_subtree_with, resolve_connection};
use cairn_files::ingest::import_package;
use cairn_files::progress::{Cancel, ignore};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_spec::Collection;
use cairn_store::cache::{self, CacheHandle};
use calamine::{Data, Reader, Xlsx, open_workbook_from_rs};
use serde_json::{Value, json};

/// The small demo's framework as a package file, with the groupings its associations carry.
fn demo_package() -> Value {
    let mut by: HashMap<Collection, Vec<Value>> = HashMap::new();
    generate(&DemoOptions::new(Scale::Small, "https://demo.test"), &mut |collection, record| {
        if collection.name().starts_with("CF") {
            by.entry(collection).or_default().push(record);
        }
    });
    let document = by[&Collection::CfDocuments][0].clone();
    let id = document["identifier"].as_str().unwrap().to_owned();
    let of_doc = |collection| -> Vec<Value> {
        by[&collection].iter().filter(|r| r["CFDocumentURI"]["identifier"] == id.as_str()).cloned().collect()
    };
    json!({
        "CFDocument": document,
        "CFItems": of_doc(Collection::CfItems),
        "CFAssociations": of_doc(Collection::CfAssociations),
        "CFDefinitions": {"CFAssociationGroupings": by.get(&Collection::CfAssociationGroupings).cloned().unwrap_or_default()},
    })
}

/// A fresh cache holding `package` under connection `local`.
fn cached(dir: &Path, package: &Value) -> (rusqlite::Connection, Source) {
    let path = dir.join("cache.sqlite");
    let handle = CacheHandle::open(&path).unwrap();
    let id = handle.write_blocking(|tx| cache::connection_id(tx, "local", "file:")).unwrap();
    let file = dir.join("package.json");
    std::fs::write(&file, serde_json::to_vec(package).unwrap()).unwrap();
    import_package(&handle, id, &file).unwrap();
    drop(handle);
    let conn = cache::open(&path).unwrap();
    let source = resolve_connection(&conn, Some("local")).unwrap();
    (conn, source)
}

/// The CSV table's rows (identifier, depth, first parent).
fn csv_rows(conn: &rusqlite::Connection, source: &Source, doc: &str, subtree: Option<&str>) -> Vec<Vec<String>> {
    let mut bytes = Vec::new();
    match subtree {
        None => {
            export_framework(conn, source, doc, &mut bytes, Path::new("<memory>")).unwrap();
        }
        Some(root) => {
            export_subtree_with(
                conn,
                source,
                doc,
                Some(root),
                &mut bytes,
                Path::new("<memory>"),
                &ignore,
                &Cancel::new(),
            )
            .unwrap();
        }
    }
    let mut reader = csv::Reader::from_reader(bytes.as_slice());
    assert_eq!(reader.headers().unwrap().iter().collect::<Vec<_>>(), FRAMEWORK_COLUMNS);
    reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect()
}

fn text(cell: &Data) -> String {
    match cell {
        Data::Empty => String::new(),
        Data::String(s) => s.clone(),
        Data::Float(f) if f.fract() == 0.0 => format!("{}", *f as i64),
        Data::Float(f) => f.to_string(),
        Data::Int(i) => i.to_string(),
        other => panic!("a cell the workbook never writes: {other:?}"),
    }
}

/// Each sheet's rows as text, by name, read by calamine.
fn read_sheets(bytes: &[u8]) -> (Vec<String>, HashMap<String, Vec<Vec<String>>>) {
    let mut workbook: Xlsx<_> = open_workbook_from_rs(Cursor::new(bytes.to_vec())).unwrap();
    let names = workbook.sheet_names();
    let mut out = HashMap::new();
    for name in &names {
        let range = workbook.worksheet_range(name).unwrap();
        assert!(range.start().is_none_or(|s| s == (0, 0)), "{name} starts at A1");
        out.insert(name.clone(), range.rows().map(|r| r.iter().map(text).collect()).collect());
    }
    (names, out)
}

/// The `n`th sheet's XML, read from the zip.
fn sheet_xml(bytes: &[u8], n: usize) -> String {
    let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut xml = String::new();
    zip.by_name(&format!("xl/worksheets/sheet{n}.xml")).unwrap().read_to_string(&mut xml).unwrap();
    xml
}

/// Each row's outline level (row numbers from 1), from the sheet's XML.
fn outline_levels(xml: &str) -> HashMap<usize, usize> {
    xml.split("<row ")
        .skip(1)
        .map(|row| {
            let head = &row[..row.find('>').unwrap()];
            let attr = |name: &str| {
                head.split(&format!("{name}=\"")).nth(1).map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
            };
            (attr("r").unwrap(), attr("outlineLevel").unwrap_or(0))
        })
        .collect()
}

/// An end's (code, statement) as the package JSON gives it: an item's code and statement, the
/// document's title, an outside node's link title.
fn end_of(package: &Value, link: &Value) -> (String, String) {
    let id = link["identifier"].as_str().unwrap_or_default();
    let get = |v: &Value, k: &str| v.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
    if let Some(item) = package["CFItems"].as_array().unwrap().iter().find(|i| i["identifier"] == id) {
        let code = item.get("humanCodingScheme").or(item.get("listEnumeration")).and_then(Value::as_str);
        return (code.unwrap_or_default().to_owned(), in_cell(get(item, "fullStatement")));
    }
    if package["CFDocument"]["identifier"] == id {
        return (String::new(), get(&package["CFDocument"], "title"));
    }
    (String::new(), get(link, "title"))
}

/// Text as a cell holds it: at most 32,767 characters, the last an ellipsis when cut.
fn in_cell(text: String) -> String {
    match text.chars().count() > 32_767 {
        true => text.chars().take(32_766).chain(['…']).collect(),
        false => text,
    }
}

fn grouping_of(package: &Value, association: &Value) -> String {
    let Some(link) = association.get("CFAssociationGroupingURI") else { return String::new() };
    if let Some(title) = link["title"].as_str().filter(|t| !t.is_empty()) {
        return title.to_owned();
    }
    let id = link["identifier"].as_str().unwrap_or_default();
    package["CFDefinitions"]["CFAssociationGroupings"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|g| g["identifier"] == id)
        .and_then(|g| g["title"].as_str())
        .unwrap_or(id)
        .to_owned()
}

/// Checks the whole framework's workbook against the CSV plan and the package; answers it.
fn check_whole(conn: &rusqlite::Connection, source: &Source, package: &Value) -> HashMap<String, Vec<Vec<String>>> {
    let doc = package["CFDocument"]["identifier"].as_str().unwrap();
    let (bytes, report) =
        framework_workbook(conn, source, doc, None, Path::new("whole.xlsx"), &ignore, &Cancel::new()).unwrap();
    let (names, sheets) = read_sheets(&bytes);
    assert_eq!(names, FRAMEWORK_SHEETS);
    let items = &sheets["Items"];
    let header = &items[0];
    assert_eq!(&header[..4], ["level", "path", "humanCodingScheme", "fullStatement"]);
    let column = |name: &str| header.iter().position(|h| h == name).unwrap_or_else(|| panic!("column {name}"));
    let identifier = column("identifier");

    // One row per item, in the plan's order, with the plan's depths.
    let plan = csv_rows(conn, source, doc, None);
    assert_eq!(items.len() - 1, plan.len(), "a header and a row per item");
    assert_eq!(report.rows, plan.len());
    let by_id: HashMap<&str, &Value> =
        package["CFItems"].as_array().unwrap().iter().map(|i| (i["identifier"].as_str().unwrap(), i)).collect();
    let code = |id: &str| {
        let item = by_id[id];
        ["humanCodingScheme", "listEnumeration"]
            .iter()
            .find_map(|k| item.get(*k).and_then(Value::as_str).filter(|c| !c.trim().is_empty()))
            .unwrap_or(id)
            .to_owned()
    };
    let first_parent: HashMap<&str, &str> =
        plan.iter().map(|r| (r[0].as_str(), r[7].split(';').next().unwrap_or_default())).collect();
    let xml = sheet_xml(&bytes, 1);
    let levels = outline_levels(&xml);
    assert!(xml.contains("ySplit=\"1\"") && xml.contains("state=\"frozen\""), "the header row is frozen");
    assert!(xml.contains("summaryBelow=\"0\""), "the outline's parent rows are above their children");
    let wrapped = |n: usize| {
        let (at, _) = xml.match_indices(&format!("<c r=\"D{n}\"")).next().unwrap();
        xml[at..at + xml[at..].find('>').unwrap()].contains(" s=\"")
    };
    assert!(wrapped(2) && wrapped(items.len()), "statements carry the wrapped body style");
    let mut styles = String::new();
    let mut zip = zip::ZipArchive::new(Cursor::new(&bytes)).unwrap();
    zip.by_name("xl/styles.xml").unwrap().read_to_string(&mut styles).unwrap();
    assert!(styles.contains("wrapText=\"1\""), "text wraps");
    for (n, (row, planned)) in items[1..].iter().zip(&plan).enumerate() {
        let id = planned[0].as_str();
        assert_eq!(row[identifier], id, "row {n}");
        assert_eq!(row[0], planned[9], "the level of {id} is the plan's depth");
        // The path: the codes from the top of the tree down to the item, through first parents.
        let mut codes = vec![code(id)];
        let mut at = id;
        while let Some(parent) = first_parent.get(at).filter(|p| by_id.contains_key(**p)) {
            codes.push(code(parent));
            at = parent;
        }
        codes.reverse();
        assert_eq!(row[1], codes.join(CODE_PATH_SEPARATOR), "the path of {id}");
        let depth: usize = planned[9].parse().unwrap_or(codes.len());
        assert_eq!(levels.get(&(n + 2)).copied().unwrap_or(0), (depth - 1).min(7), "the outline level of {id}");
        let statement = by_id[id]["fullStatement"].as_str().unwrap_or_default();
        if statement.chars().count() < 32_767 {
            assert_eq!(row[column("fullStatement")], statement, "the statement of {id}");
        }
    }

    // Every association, with its ends' codes and statements and its grouping.
    let associations = &sheets["Associations"];
    assert_eq!(associations[0], ASSOCIATION_COLUMNS);
    let mut got: Vec<Vec<String>> = associations[1..].iter().map(|r| r[..6].to_vec()).collect();
    let mut expected: Vec<Vec<String>> = package["CFAssociations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let (origin, destination) =
                (end_of(package, &a["originNodeURI"]), end_of(package, &a["destinationNodeURI"]));
            vec![
                a["associationType"].as_str().unwrap().to_owned(),
                origin.0,
                origin.1,
                destination.0,
                destination.1,
                grouping_of(package, a),
            ]
        })
        .collect();
    got.sort();
    expected.sort();
    assert!(got == expected, "the associations sheet: {} rows, expected {}", got.len(), expected.len());

    // The document's fields.
    let document: HashMap<&str, &str> =
        sheets["Document"][1..].iter().map(|r| (r[0].as_str(), r[1].as_str())).collect();
    for field in ["identifier", "title", "creator", "lastChangeDateTime"] {
        assert_eq!(document.get(field).copied(), package["CFDocument"][field].as_str(), "{field}");
    }
    sheets
}

#[test]
fn the_demo_framework_reads_back_with_its_levels_paths_and_associations() {
    let dir = tempfile::tempdir().unwrap();
    let package = demo_package();
    let (conn, source) = cached(dir.path(), &package);
    let sheets = check_whole(&conn, &source, &package);
    let types: std::collections::BTreeSet<&str> = sheets["Associations"][1..].iter().map(|r| r[0].as_str()).collect();
    for kind in ["isChildOf", "precedes", "exactMatchOf", "isPartOf", "hasSkillLevel", "ext:buildsOn"] {
        assert!(types.contains(kind), "{kind} in {types:?}");
    }
    assert!(sheets["Associations"][1..].iter().any(|r| !r[5].is_empty()), "groupings by title");

    // A subtree: its rows are a run of the whole's, its associations those touching it.
    let doc = package["CFDocument"]["identifier"].as_str().unwrap();
    let whole = &sheets["Items"];
    let identifier = whole[0].iter().position(|h| h == "identifier").unwrap();
    let root = whole[1][identifier].clone();
    let (bytes, report) =
        framework_workbook(&conn, &source, doc, Some(&root), Path::new("part.xlsx"), &ignore, &Cancel::new()).unwrap();
    let (_, part) = read_sheets(&bytes);
    let rows = &part["Items"][1..];
    assert_eq!(rows.len(), report.rows);
    assert_eq!(rows.len(), csv_rows(&conn, &source, doc, Some(&root)).len());
    assert!(rows.len() > 1 && rows.len() < whole.len() - 1);
    assert_eq!(&whole[1..=rows.len()], rows, "the subtree is a run of the whole, levels and paths alike");
    let inside: std::collections::HashSet<&str> = rows.iter().map(|r| r[identifier].as_str()).collect();
    assert!(part["Associations"][1..].iter().all(|r| inside.contains(r[8].as_str()) || inside.contains(r[9].as_str())));
    let missing = framework_workbook(&conn, &source, doc, Some("nope"), Path::new("x.xlsx"), &ignore, &Cancel::new())
        .unwrap_err();
    assert!(missing.to_string().contains("nope"), "{missing}");
}

#[test]
fn orphans_extensions_and_hostile_text_survive_as_plain_text() {
    let path = Path::new(&std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures/case/opensalt-ordering-sequence-numbers.json");
    let mut package: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let doc = package["CFDocument"]["identifier"].as_str().unwrap().to_owned();
    let long = "ä".repeat(40_000);
    let item = |id: &str, code: &str, statement: &str| {
        json!({
            "identifier": id, "uri": format!("urn:{id}"), "humanCodingScheme": code, "fullStatement": statement,
            "CFDocumentURI": {"title": "t", "identifier": doc, "uri": "urn:doc"},
            "lastChangeDateTime": "2024-01-01T00:00:00+00:00", "educationLevel": ["09", "10"],
            "extensions": {"difficulty": 3}, "customField": "kept"
        })
    };
    let (orphan, formula) = ("10000000-0000-4000-8000-000000000001", "10000000-0000-4000-8000-000000000002");
    let items = package["CFItems"].as_array_mut().unwrap();
    items.push(item(orphan, "Z.1", &format!("=HYPERLINK(\"http://evil\")\u{1}\r\n{long}")));
    items.push(item(formula, "Z.2", "=1+1"));
    let link = |origin: &str, destination: &str| {
        json!({
            "identifier": "00000000-0000-4000-8000-000000000042", "uri": "urn:a", "associationType": "isChildOf",
            "originNodeURI": {"title": "", "identifier": origin, "uri": format!("urn:{origin}")},
            "destinationNodeURI": {"title": "", "identifier": destination, "uri": format!("urn:{destination}")},
            "lastChangeDateTime": "2024-01-01T00:00:00+00:00"
        })
    };
    package["CFAssociations"].as_array_mut().unwrap().push(link(formula, orphan));
    let dir = tempfile::tempdir().unwrap();
    let (conn, source) = cached(dir.path(), &package);
    let sheets = check_whole(&conn, &source, &package);
    let items = &sheets["Items"];
    let column = |name: &str| items[0].iter().position(|h| h == name).unwrap();
    let row = |id: &str| items.iter().find(|r| r[column("identifier")] == id).unwrap();
    let statement = &row(orphan)[column("fullStatement")];
    assert!(statement.starts_with("=HYPERLINK(\"http://evil\")\u{1}\r\n"), "text as given, never a formula");
    assert_eq!(statement.chars().count(), 32_767, "cut to what a cell holds");
    assert_eq!(row(formula)[column("fullStatement")], "=1+1");
    assert_eq!(row(orphan)[0], "", "orphans have no level");
    assert_eq!(row(formula)[1], format!("Z.1{CODE_PATH_SEPARATOR}Z.2"), "the path from the orphan root");
    assert_eq!(row(orphan)[column("educationLevel")], "09\n10");
    assert_eq!(row(orphan)[column("extensions.difficulty")], "3");
    assert_eq!(row(orphan)[column("customField")], "kept");
    let last = items[0].len() - 1;
    assert!(
        column("extensions.difficulty") > column("lastChangeDateTime") && column("customField") == last,
        "extensions and other properties come last: {:?}",
        items[0]
    );
}

#[test]
fn the_windows_tables_become_sheets() {
    let columns = vec!["code".to_owned(), "count".to_owned()];
    let rows = vec![vec![json!("A.1"), json!(3)], vec![json!("=SUM(1)"), Value::Null]];
    let tables = [
        Table { name: "Pairs: from/to", columns: &columns, rows: &rows },
        Table { name: "Pairs: from/to", columns: &columns, rows: &[] },
    ];
    let bytes = tables_workbook(&tables, Path::new("t.xlsx")).unwrap();
    let (names, sheets) = read_sheets(&bytes);
    assert_eq!(names, ["Pairs  from to", "Pairs  from to (2)"]);
    assert_eq!(sheets[&names[0]], [vec!["code", "count"], vec!["A.1", "3"], vec!["=SUM(1)", ""]]);
    assert_eq!(sheets[&names[1]], [vec!["code", "count"]]);
    let empty = tables_workbook(&[], Path::new("t.xlsx")).unwrap();
    assert_eq!(read_sheets(&empty).0.len(), 1, "a workbook has a sheet");
}
