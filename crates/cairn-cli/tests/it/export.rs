//! `cairn export`: a framework as CSV on standard output or in a file, or as an .xlsx workbook
//! (whole or one subtree), and a roster bundle that `cairn import` reads back into the same
//! counts.

use serde_json::Value;

use super::{cairn, fixture};

const ACT: &str = "a33fc64e-5c40-11e7-82c4-3d54268aa9ee";

/// RFC 4180 records (quoted fields may hold commas, quotes and line breaks).
fn parse_csv(text: &str) -> Vec<Vec<String>> {
    let (mut records, mut record, mut field) = (Vec::new(), Vec::new(), String::new());
    let (mut quoted, mut chars) = (false, text.chars().peekable());
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    records
}

#[test]
fn export_framework_as_a_workbook_whole_or_one_subtree() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, _, err) = cairn(&["import", "--db", db, &fixture("act-holistic-math-excerpt-ordering.json")]);
    assert_eq!(code, 0, "{err}");
    let file = dir.path().join("act.xlsx");
    let out = file.to_str().unwrap();
    let (code, said, err) = cairn(&["export", "framework", "--db", db, "--doc", ACT, "--format", "xlsx", "--out", out]);
    assert_eq!(code, 0, "{err}");
    assert!(said.contains("28 items") && said.contains("act.xlsx"), "{said}");
    let bytes = std::fs::read(&file).unwrap();
    assert!(bytes.starts_with(b"PK\x03\x04"), "a zip, as an .xlsx is");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(names.iter().all(|n| !n.to_string_lossy().contains(".partial-")), "{names:?}");

    // One subtree, in CSV: the rows under a second-level item with children, the item first.
    let (_, whole, _) = cairn(&["export", "framework", "--db", db, "--doc", ACT]);
    let rows = parse_csv(&whole);
    let at = (1..rows.len() - 1).find(|i| rows[*i][9] == "2" && rows[i + 1][9] == "3").unwrap();
    let first = rows[at][0].clone();
    let (code, part, err) = cairn(&["export", "framework", "--db", db, "--doc", ACT, "--subtree", &first]);
    assert_eq!(code, 0, "{err}");
    let part = parse_csv(&part);
    assert_eq!(part[1][0], first);
    assert!(part.len() > 2 && part.len() < rows.len(), "{} of {}", part.len(), rows.len());
    assert_eq!(&rows[at..at + part.len() - 1], &part[1..], "a run of the whole table");

    // A workbook needs a file; an unknown item is said; the file stays as it was.
    let (code, _, err) = cairn(&["export", "framework", "--db", db, "--doc", ACT, "--format", "xlsx"]);
    assert_ne!(code, 0);
    assert!(err.contains("--out"), "{err}");
    let (code, _, err) = cairn(&[
        "export",
        "framework",
        "--db",
        db,
        "--doc",
        ACT,
        "--format",
        "xlsx",
        "--subtree",
        "nope",
        "--out",
        out,
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("nope"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
}

fn bundle(name: &str) -> String {
    format!(
        "{}/../../tests/fixtures/oneroster/{name}",
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")
    )
}

#[test]
fn export_framework_to_stdout_and_to_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, _, err) = cairn(&["import", "--db", db, &fixture("act-holistic-math-excerpt-ordering.json")]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = cairn(&["export", "framework", "--db", db, "--doc", ACT]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("28 items"), "{err}");
    let records = parse_csv(&out);
    assert_eq!(records[0].len(), 12);
    assert!(records.iter().all(|r| r.len() == 12));
    let rows = &records[1..];
    assert_eq!(rows.len(), 28);
    assert_eq!(&rows[0][7], ACT, "the first item hangs under the document");
    assert!(out.contains("\r\n"), "CRLF line ends");

    let file = dir.path().join("act.csv");
    let (code, _, err) = cairn(&[
        "export",
        "framework",
        "--db",
        db,
        "--doc",
        ACT,
        "--connection",
        "local",
        "--out",
        file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), out, "the same bytes in the file");

    let (code, _, err) = cairn(&["export", "framework", "--db", db, "--doc", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains(&format!("no framework nope in connection local; cached: {ACT} (ACT")), "{err}");
    let (code, _, err) = cairn(&["export", "framework", "--db", "/nonexistent/cache.sqlite", "--doc", ACT]);
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/cache.sqlite"), "{err}");
}

#[test]
fn export_roster_imports_back_into_the_same_counts() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let out = dir.path().join("bundle");
    let out = out.to_str().unwrap();
    for name in ["cairn-v1p2-minimal", "edfi-lms-toolkit-v1p1-grandbend"] {
        let (code, _, err) = cairn(&["import", "--db", db, "--connection", name, &bundle(name)]);
        assert_eq!(code, 0, "{err}");
    }
    let (code, _, err) = cairn(&["export", "roster", "--db", db, "--out", out]);
    assert_eq!(code, 2, "two connections and no local one");
    assert!(err.contains("--connection") && err.contains("cairn-v1p2-minimal"), "{err}");
    for name in ["cairn-v1p2-minimal", "edfi-lms-toolkit-v1p1-grandbend"] {
        let _ = std::fs::remove_dir_all(out);
        let (code, report, err) = cairn(&["export", "roster", "--db", db, "--connection", name, "--out", out]);
        assert_eq!(code, 0, "{err}");
        assert!(report.contains("users.csv") && report.contains("roles.csv"), "{report}");
        let again = format!("{name}-again");
        let (code, report, err) = cairn(&["import", "--db", db, "--connection", &again, out]);
        assert_eq!(code, 0, "{err}");
        assert!(report.contains("OneRoster CSV 1.2 —"), "{report}");
        if name == "cairn-v1p2-minimal" {
            assert!(report.contains("; 0 warnings"), "{report}");
        }
        let stats = |connection: &str| -> Value {
            serde_json::from_str(&cairn(&["stats", "--db", db, "--connection", connection, "--json"]).1).unwrap()
        };
        assert_eq!(stats(name), stats(&again), "{name}");
    }
}

/// Headers of a few files as `csv-1.2.md` gives them.
const BINDING_HEADERS: &[(&str, &str)] = &[
    (
        "users.csv",
        "sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns",
    ),
    (
        "lineItems.csv",
        "sourcedId,status,dateLastModified,title,description,assignDate,dueDate,classSourcedId,categorySourcedId,academicSessionSourcedId,resultValueMin,resultValueMax,schoolSourcedId",
    ),
    (
        "results.csv",
        "sourcedId,status,dateLastModified,lineItemSourcedId,studentSourcedId,scoreStatus,score,scoreDate,comment,textScore,classSourcedId,inProgress,incomplete,late,missing",
    ),
    (
        "scoreScales.csv",
        "sourcedId,status,dateLastModified,title,type,orgSourcedId,courseSourcedId,classSourcedId,scoreScaleValue",
    ),
    (
        "userResources.csv",
        "sourcedId,status,dateLastModified,userSourcedId,orgSourcedId,classSourcedId,resourceSourcedId",
    ),
];

#[test]
fn export_roster_writes_the_bindings_headers_in_bulk_and_delta() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, _, err) = cairn(&["import", "--db", db, &bundle("cairn-v1p2-minimal")]);
    assert_eq!(code, 0, "{err}");
    for delta in [false, true] {
        let out = dir.path().join(if delta { "delta" } else { "bulk" });
        let out = out.to_str().unwrap();
        let mut args = vec!["export", "roster", "--db", db, "--out", out];
        if delta {
            args.push("--delta");
        }
        let (code, report, err) = cairn(&args);
        assert_eq!(code, 0, "{err}");
        let mode = if delta { "delta" } else { "bulk" };
        assert!(report.contains(&format!("OneRoster CSV 1.2, {mode}")), "{report}");
        let manifest = std::fs::read_to_string(format!("{out}/manifest.csv")).unwrap();
        assert!(manifest.contains(&format!("file.users,{mode}\r\n")), "{manifest}");
        assert!(!manifest.contains(if delta { ",bulk" } else { ",delta" }), "{manifest}");
        for (file, header) in BINDING_HEADERS {
            let rows = parse_csv(&std::fs::read_to_string(format!("{out}/{file}")).unwrap());
            assert_eq!(rows[0].join(","), *header, "{file}");
            for row in &rows[1..] {
                let (status, modified) = (&row[1], &row[2]);
                if delta {
                    assert!(status == "active" || status == "tobedeleted", "{file}: {row:?}");
                    assert!(modified.contains('T') && modified.len() >= 20, "{file}: {row:?}");
                } else {
                    assert!(status.is_empty() && modified.is_empty(), "{file}: {row:?}");
                }
            }
        }
    }
}

#[test]
fn export_roster_warns_about_what_a_bulk_file_cannot_hold() {
    let dir = tempfile::tempdir().unwrap();
    let bundle = dir.path().join("in");
    std::fs::create_dir(&bundle).unwrap();
    std::fs::write(
        bundle.join("orgs.csv"),
        "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\n\
         s1,active,2025-01-01T00:00:00Z,School,school,,\n\
         s2,tobedeleted,2025-01-02T00:00:00Z,Gone,school,,\n",
    )
    .unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, _, err) = cairn(&["import", "--db", db, bundle.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let out = dir.path().join("out");
    let (code, _, err) = cairn(&["export", "roster", "--db", db, "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("warning: orgs.csv: 1 record (s2): tobedeleted: a bulk file holds active records only; left out"),
        "{err}"
    );
    let orgs = std::fs::read_to_string(out.join("orgs.csv")).unwrap();
    assert_eq!(
        orgs,
        "sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId\r\ns1,,,School,school,,\r\n"
    );
}

/// The JSON of the document model in an HTML export's data block.
fn print_data(html: &str) -> Value {
    let open = "<script type=\"application/json\" id=\"cairn-print-data\">";
    let start = html.find(open).expect("a data block") + open.len();
    let end = start + html[start..].find("</script>").expect("its end");
    serde_json::from_str(&html[start..end]).expect("JSON")
}

#[test]
fn export_framework_as_html_to_print() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    for file in ["act-holistic-math-excerpt-ordering.json", "opensalt-markdown-latex.json"] {
        let (code, _, err) = cairn(&["import", "--db", db, &fixture(file)]);
        assert_eq!(code, 0, "{err}");
    }
    let file = dir.path().join("act.html");
    let out = file.to_str().unwrap();
    let (code, said, err) = cairn(&["export", "framework", "--db", db, "--doc", ACT, "--format", "html", "--out", out]);
    assert_eq!(code, 0, "{err}");
    assert!(said.contains("28 items") && said.contains("act.html"), "{said}");
    let html = std::fs::read_to_string(&file).unwrap();

    // Self-contained: the print renderer and its style inline, nothing to load, only that script
    // allowed to run; the data block, the part block (the whole document) and the script are the
    // only scripts.
    assert!(html.starts_with("<!doctype html>"), "{}", &html[..100]);
    assert!(html.contains("Content-Security-Policy") && html.contains("script-src 'sha256-"), "a policy");
    assert!(html.contains("default-src 'none'"));
    assert_eq!(html.matches("<script").count(), 3);
    assert_eq!(html.matches("</script>").count(), 3);
    assert!(html.contains("font/woff2;base64") || html.contains("data:font/woff2"), "KaTeX's fonts inline");
    assert!(!html.contains("src=\"http") && !html.contains("href=\"http"), "nothing loaded from outside");

    // The same items in the same order as the CSV table, each with its code and statement.
    let (_, csv, _) = cairn(&["export", "framework", "--db", db, "--doc", ACT]);
    let rows = parse_csv(&csv);
    let data = print_data(&html);
    let items = data["items"].as_array().unwrap();
    assert_eq!(items.len(), rows.len() - 1);
    for (item, row) in items.iter().zip(&rows[1..]) {
        let code = if row[1].is_empty() { &row[2] } else { &row[1] };
        assert_eq!(item["code"].as_str().unwrap(), code, "{item}");
        assert_eq!(item["statement"].as_str().unwrap(), row[3]);
        let level = row[9].parse::<u64>().ok();
        assert_eq!(item["level"].as_u64(), level);
    }
    assert!(data["title"].as_str().unwrap().len() > 3);
    let labels: Vec<&str> = data["fields"].as_array().unwrap().iter().map(|f| f["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"Identifier"), "{labels:?}");

    // To standard output, and one subtree: its root first, at level 1.
    let root = rows.iter().skip(1).find(|r| r[9] == "2").unwrap()[0].clone();
    let (code, part, err) =
        cairn(&["export", "framework", "--db", db, "--doc", ACT, "--format", "html", "--subtree", &root]);
    assert_eq!(code, 0, "{err}");
    let part = print_data(&part);
    assert_eq!(part["items"][0]["level"], 1);
    assert!(part["scope"].is_string());

    // Markdown and LaTeX travel as the framework gave them, for the renderer to render.
    let (code, md, err) = cairn(&[
        "export",
        "framework",
        "--db",
        db,
        "--doc",
        "d0000000-0000-0000-0000-000000000000",
        "--format",
        "html",
    ]);
    assert_eq!(code, 0, "{err}");
    let statements: Vec<String> = print_data(&md)["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["statement"].as_str().unwrap().to_owned())
        .collect();
    assert!(statements.iter().any(|s| s.contains("$x^2$")), "{statements:?}");
}
