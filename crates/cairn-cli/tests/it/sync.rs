//! `cairn sync` against `cairn serve --demo`: the cache then counts what the server says it
//! holds, a second sync is incremental, `--only` chooses services, the secret never shows, and
//! a sync killed mid-way leaves the cache's content as it was.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use cairn_spec::operations::operation;
use cairn_spec::{Collection, Dialect};
use serde_json::Value;

use crate::https::Http;

/// A distinctive secret: no output may contain it.
pub(crate) const SECRET: &str = "Osprey-77c1-secret";
const SECRET_VAR: &str = "CAIRN_TEST_SYNC_SECRET";

pub(crate) struct Server {
    child: Child,
    pub(crate) base_url: String,
    pub(crate) ca_cert: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `cairn serve --demo` on a free port with the client `me` and [`SECRET`].
pub(crate) fn serve() -> Server {
    serve_with(&[])
}

/// [`serve`] with more arguments (`--delay-ms`: a slow link).
pub(crate) fn serve_with(extra: &[&str]) -> Server {
    let client = format!("me:{SECRET}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["serve", "--demo", "--listen", "127.0.0.1:0", "--client", &client])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let ready: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("ready line {line:?}: {e}"));
    let text = |k: &str| ready[k].as_str().unwrap().to_owned();
    Server { base_url: text("base_url"), ca_cert: text("ca_cert"), child }
}

/// The `cairn sync` command with the secret in the environment, not yet run.
fn sync_command(server: &Server, db: &str, secret: &str, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_cairn"));
    command
        .args(["sync", "--base-url", &server.base_url, "--client-id", "me", "--client-secret-env", SECRET_VAR])
        .args(["--ca-cert", &server.ca_cert, "--db", db])
        .args(extra)
        .env(SECRET_VAR, secret);
    command
}

/// Runs `cairn sync` with the secret in the environment; (status, stdout, stderr).
fn sync(server: &Server, db: &str, secret: &str, extra: &[&str]) -> (i32, String, String) {
    let out = sync_command(server, db, secret, extra).output().unwrap();
    let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert!(!stdout.contains(SECRET) && !stderr.contains(SECRET), "the secret was printed");
    (out.status.code().unwrap_or(-1), stdout, stderr)
}

/// `X-Total-Count` of every collection read by getAll (and the document list).
fn server_totals(server: &Server) -> Vec<(Collection, u64)> {
    let http = Http::trusting(&server.ca_cert);
    let token: Value = http
        .post(format!("{}/token", server.base_url))
        .basic_auth("me", Some(SECRET))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("grant_type=client_credentials&scope=roster.readonly%20roster-demographics.readonly%20gradebook.readonly%20assessment.readonly%20resource.readonly%20case.readonly")
        .send()
        .unwrap()
        .json()
        .unwrap();
    let token = token["access_token"].as_str().unwrap();
    let dialect = Dialect::spec();
    let mut totals = Vec::new();
    for collection in Collection::ALL {
        let op = match collection {
            Collection::CfDocuments => operation("getAllCFDocuments"),
            other => cairn_sync::get_all(other),
        };
        let Some(op) = op else { continue };
        let url = format!("{}{}{}?limit=1", server.base_url, dialect.base_path(op.service), op.path);
        let answer = http.get(url).bearer_auth(token).send().unwrap();
        assert_eq!(answer.status(), 200, "{}", op.name);
        let total = answer.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
        totals.push((collection, total));
    }
    totals
}

#[test]
fn sync_then_stats_count_what_the_server_holds() {
    let server = serve();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();

    let (code, out, err) = sync(&server, db, SECRET, &[]);
    assert_eq!(code, 0, "{out}\n{err}");
    assert!(out.contains("users") && out.contains("complete"), "a summary table: {out}");
    let (code, stats, _) = {
        let out = Command::new(env!("CARGO_BIN_EXE_cairn")).args(["stats", "--db", db, "--json"]).output().unwrap();
        (out.status.code(), String::from_utf8(out.stdout).unwrap(), ())
    };
    assert_eq!(code, Some(0));
    let stats: Value = serde_json::from_str(&stats).unwrap();
    for (collection, total) in server_totals(&server) {
        assert_eq!(stats[collection.name()].as_u64(), Some(total), "{}", collection.name());
    }

    // Again: incremental, nothing new, packages unchanged; the report as JSON.
    let (code, out, err) = sync(&server, db, SECRET, &["--json"]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let collections = report["collections"].as_array().unwrap();
    let users = collections.iter().find(|c| c["collection"] == "users").unwrap();
    assert_eq!((users["mode"].as_str(), users["records"].as_u64()), (Some("incremental"), Some(0)));
    assert!(
        collections
            .iter()
            .filter(|c| c["collection"].as_str().unwrap().starts_with("CFPackages/"))
            .all(|c| c["outcome"] == "unchanged")
    );

    // Only the gradebook, in full.
    let (code, out, err) = sync(&server, db, SECRET, &["--only", "gradebook", "--full", "--json"]);
    assert_eq!(code, 0, "{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let names: Vec<&str> =
        report["collections"].as_array().unwrap().iter().map(|c| c["collection"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        ["categories", "scoreScales", "lineItems", "results", "assessmentLineItems", "assessmentResults"]
    );
    assert!(report["collections"].as_array().unwrap().iter().all(|c| c["mode"] == "full"));
}

#[test]
fn progress_bars_show_on_a_terminal_only() {
    let server = serve();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, piped, err) = sync(&server, db, SECRET, &["--only", "rostering"]);
    assert_eq!(code, 0, "{err}");
    assert!(!piped.contains('\u{1b}'), "piped output stays plain: {piped}");
    // On a terminal (script(1) gives the command one): a bar per collection, counts against totals.
    let command = sync_command(&server, db, SECRET, &["--only", "rostering", "--full"]);
    let line = std::iter::once(command.get_program())
        .chain(command.get_args())
        .map(|a| a.to_str().unwrap().to_owned())
        .collect::<Vec<_>>()
        .join(" ");
    let out = Command::new("script").args(["-qec", &line, "/dev/null"]).env(SECRET_VAR, SECRET).output().unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{shown}");
    assert!(shown.contains('\u{1b}') && shown.contains("enrollments"), "bars drawn: {shown}");
    assert!(!shown.contains(SECRET), "the secret was printed");
}

#[test]
fn a_wrong_or_missing_secret_is_a_fatal_error_that_shows_no_secret() {
    let server = serve();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let wrong = format!("{SECRET}-wrong");
    let (code, out, err) = sync(&server, db, &wrong, &[]);
    assert_eq!(code, 2, "{out}\n{err}");
    assert!(err.contains("token") && !err.contains(&wrong), "{err}");
    let (code, _, err) = sync(&server, db, "", &[]);
    assert_eq!(code, 2);
    assert!(err.contains(SECRET_VAR), "{err}");
    let (code, _, err) = sync(&server, db, SECRET, &["--only", "grades"]);
    assert_eq!(code, 2);
    assert!(err.contains("grades"), "{err}");
}

#[test]
fn a_sync_that_read_nothing_fails_saying_why_and_each_error_is_said_once() {
    let server = serve();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    // Scopes that allow none of what is asked for: everything skipped.
    let (code, out, err) = sync(&server, db, SECRET, &["--only", "case", "--scope", "roster.readonly"]);
    assert_eq!(code, 1, "{out}\n{err}");
    assert!(err.contains("the sync read nothing") && err.contains("1 skipped"), "{err}");
    assert!(out.contains("CFDocuments") && out.contains("skipped"), "{out}");
    // A token endpoint that is not there: the cause said once.
    let token_url = format!("{}/no-token-here", server.base_url);
    let (code, _, err) = sync(&server, db, SECRET, &["--token-url", &token_url]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.matches("HTTP 404").count(), 1, "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
}

/// A hand-made server on loopback: its token endpoint answers an `expires_in` no clock can
/// add, and every other request gets a body that never ends.
fn endless_server() -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            std::thread::spawn(move || {
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                    head.push(byte[0]);
                }
                let head = String::from_utf8_lossy(&head).to_ascii_lowercase();
                let length = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse::<usize>().ok())
                    .unwrap_or(0);
                let _ = stream.read_exact(&mut vec![0u8; length]);
                if head.starts_with("post /token") {
                    let body = r#"{"access_token": "t", "token_type": "bearer", "expires_in": "18446744073709551615"}"#;
                    let _ = write!(
                        stream,
                        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    return;
                }
                let _ = stream.write_all(
                    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"orgs\": [",
                );
                let chunk = r#"{"sourcedId": "o", "status": "active"},"#.repeat(1000);
                while stream.write_all(chunk.as_bytes()).is_ok() {}
            });
        }
    });
    base_url
}

#[test]
fn an_endless_body_and_a_huge_token_lifetime_end_in_clear_errors_never_a_panic() {
    let base_url = endless_server();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["sync", "--base-url", &base_url, "--client-id", "me", "--client-secret-env", SECRET_VAR])
        .args(["--db", db.to_str().unwrap(), "--only", "resources", "--max-body-mb", "1"])
        .env(SECRET_VAR, SECRET)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stdout.contains("larger than 1048576 bytes"), "{stdout}");
    assert!(stderr.contains("the sync read nothing"), "{stderr}");
}

/// A hand-made public CASE server on loopback: it has no token endpoint (404), serves one
/// framework to anyone, and answers 401 to everything else; the request lines it received.
fn public_case_server() -> (String, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let kept = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let kept = kept.clone();
            std::thread::spawn(move || {
                let mut head = Vec::new();
                let mut byte = [0u8; 1];
                while !head.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap_or(0) == 1 {
                    head.push(byte[0]);
                }
                let head = String::from_utf8_lossy(&head).into_owned();
                let lower = head.to_ascii_lowercase();
                let length = lower
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .and_then(|v| v.trim().parse::<usize>().ok())
                    .unwrap_or(0);
                let _ = stream.read_exact(&mut vec![0u8; length]);
                let line = head.lines().next().unwrap_or_default().to_owned();
                let authorised = lower.contains("\nauthorization:");
                kept.lock().unwrap().push(format!("{line}{}", if authorised { " +auth" } else { "" }));
                let id = "c0ffee00-0000-4000-8000-0000000000aa";
                let document = serde_json::json!({"identifier": id, "uri": "https://case.example/d", "title": "Public",
                    "creator": "Fake", "lastChangeDateTime": "2025-01-01T00:00:00Z"});
                let path = line.split_whitespace().nth(1).unwrap_or_default().split('?').next().unwrap_or_default();
                let (status, body) = match path {
                    "/api/competency/v1p1/CFDocuments" => (200, serde_json::json!({"CFDocuments": [document]})),
                    p if p == format!("/api/competency/v1p1/CFPackages/{id}") => {
                        (200, serde_json::json!({"CFDocument": document, "CFItems": [], "CFAssociations": []}))
                    }
                    "/token" => (404, serde_json::json!({})),
                    _ => (401, serde_json::json!({"imsx_codeMajor": "failure", "imsx_severity": "error"})),
                };
                let body = body.to_string();
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status} X\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
            });
        }
    });
    (base_url, seen)
}

#[test]
fn no_auth_reads_public_frameworks_and_a_401_says_the_server_wants_credentials() {
    let (base_url, seen) = public_case_server();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let run = |only: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
            .args(["sync", "--base-url", &base_url, "--no-auth", "--only", only, "--db", db.to_str().unwrap()])
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = run("case");
    assert_eq!(code, Some(0), "{out}\n{err}");
    assert!(out.contains("2 synced"), "{out}");
    // The server ignores offset (the reference server sends no paging headers): the list is
    // read once, its repeat counted once and said.
    assert!(out.contains("1 documents listed") && out.contains("paging is inconsistent"), "{out}");
    let requests = seen.lock().unwrap().clone();
    assert!(requests.iter().all(|r| !r.contains("/token") && !r.ends_with("+auth")), "{requests:?}");
    // Rostering is not public: each collection's 401 says the server wants credentials, and a
    // sync that read nothing fails.
    let (code, out, err) = run("resources");
    assert_eq!(code, Some(1), "{out}\n{err}");
    assert!(out.contains("the server wants credentials"), "{out}");
    assert!(err.contains("the sync read nothing"), "{err}");
}

/// Every record, link and journal line of the cache, in a fixed order, opening it as the next
/// run of Cairn would (which recovers a write-ahead log left by a killed process).
fn content(db: &str) -> Vec<String> {
    let conn = cairn_store::cache::open(std::path::Path::new(db)).unwrap();
    let check: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(check, "ok", "the cache file is sound");
    let mut out = Vec::new();
    let mut dump = |sql: &str| {
        let mut statement = conn.prepare(sql).unwrap();
        let columns = statement.column_count();
        let rows = statement
            .query_map([], |r| {
                (0..columns).map(|i| r.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}"))).collect()
            })
            .unwrap();
        out.extend(rows.map(|r: rusqlite::Result<Vec<String>>| format!("{sql}: {}", r.unwrap().join(" | "))));
    };
    for spec in cairn_store::cache::TABLES {
        dump(&format!("SELECT connection_id, id, to_be_deleted, json FROM {} ORDER BY connection_id, id", spec.table));
        for link in spec.links {
            dump(&format!("SELECT * FROM {} ORDER BY connection_id, id, target", link.table));
        }
    }
    dump("SELECT collection, mode, outcome, records FROM sync_journal ORDER BY id");
    out
}

#[test]
fn a_killed_sync_leaves_the_cache_as_it_was() {
    let server = serve();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, _, err) = sync(&server, db, SECRET, &[]);
    assert_eq!(code, 0, "{err}");
    let before = content(db);
    assert!(before.len() > 1_000, "a cache worth keeping: {} rows", before.len());

    // A full sync (every collection replaced inside its own transaction) in small pages, killed
    // once it has written to the log: mid-collection, or at worst between two.
    let wal = format!("{db}-wal");
    let mut child = sync_command(&server, db, SECRET, &["--full", "--page-size", "5"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while std::fs::metadata(&wal).map_or(0, |m| m.len()) < 256 * 1024 {
        assert!(child.try_wait().unwrap().is_none(), "the sync ended before it could be killed");
        assert!(started.elapsed() < std::time::Duration::from_secs(60), "the sync wrote nothing");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    let status = child.wait().unwrap();
    assert!(!status.success(), "killed, not finished: {status:?}");

    // The same server data: every collection the killed run completed holds what it held, the
    // one it was writing was rolled back, none is half-written; the journal gained only the
    // lines of completed collections.
    let after = content(db);
    let records = |rows: &[String]| rows.iter().filter(|r| !r.contains("sync_journal")).cloned().collect::<Vec<_>>();
    assert_eq!(records(&after), records(&before), "no record, link or flag changed");
    let journal = |rows: &[String]| rows.iter().filter(|r| r.contains("sync_journal")).cloned().collect::<Vec<_>>();
    let (old, new) = (journal(&before), journal(&after));
    assert_eq!(new[..old.len()], old[..], "earlier journal lines stay");
    assert!(new[old.len()..].iter().all(|l| l.contains("\"complete\"")), "only completed collections: {new:#?}");
    assert!(new.len() < 2 * old.len(), "the killed run did not complete: {new:#?}");

    // The next sync runs normally on the recovered cache.
    let (code, _, err) = sync(&server, db, SECRET, &["--full"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(records(&content(db)), records(&before));
}

/// `cairn import` of a bundle into `db`: (status, stdout, stderr) and how long it took.
fn timed_import(db: &str) -> ((i32, String, String), std::time::Duration) {
    let bundle = format!(
        "{}/../../tests/fixtures/oneroster/nicelion-users-2k",
        std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")
    );
    let started = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["import", "--db", db, "--connection", "local", &bundle])
        .output()
        .unwrap();
    let took = started.elapsed();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    ((out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr)), took)
}

#[test]
fn an_import_while_a_sync_runs_over_a_slow_link_takes_about_its_solo_time() {
    let server = serve_with(&["--delay-ms", "40"]);
    let dir = tempfile::tempdir().unwrap();
    let (solo, shared) = (dir.path().join("solo.sqlite"), dir.path().join("shared.sqlite"));
    let ((code, _, err), alone) = timed_import(solo.to_str().unwrap());
    assert_eq!(code, 0, "{err}");

    let shared = shared.to_str().unwrap();
    // Pages of 5 over a link that answers 40 ms late: the sync is mid-collection for seconds.
    let mut sync = sync_command(&server, shared, SECRET, &["--only", "rostering", "--page-size", "5", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Once the sync has written the cache's schema and its connection, it is reading pages.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !std::path::Path::new(shared).exists() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    let ((code, out, err), beside) = timed_import(shared);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("OneRoster CSV 1.1 —"), "{out}");
    assert!(sync.try_wait().unwrap().is_none(), "the sync ended before the import did: they did not overlap");
    let budget = alone * 2 + std::time::Duration::from_secs(1);
    assert!(beside < budget, "the import took {beside:?} beside the sync, {alone:?} alone");

    let done = sync.wait_with_output().unwrap();
    let report: Value = serde_json::from_slice(&done.stdout).unwrap();
    assert!(done.status.success(), "{report}\n{}", String::from_utf8_lossy(&done.stderr));
    let collections = report["collections"].as_array().unwrap();
    assert!(collections.iter().all(|c| c["outcome"] == "complete"), "{report}");
    // Both results are complete: the import's connection as imported alone, the sync's as served.
    let stats = |db: &str, connection: &str| -> Value {
        let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
            .args(["stats", "--db", db, "--connection", connection, "--json"])
            .output()
            .unwrap();
        serde_json::from_slice(&out.stdout).unwrap()
    };
    assert_eq!(stats(shared, "local"), stats(solo.to_str().unwrap(), "local"));
    let synced = stats(shared, &server.base_url);
    for c in collections {
        let name = c["collection"].as_str().unwrap();
        assert_eq!(c["records"], c["total"], "{name}: every record the server announced");
        assert_eq!(synced[name], c["records"], "{name}: {synced}");
    }
}

#[test]
fn base_paths_per_service_reach_a_server_of_another_layout() {
    // The server lays its services out as deployed 1EdTech servers do; the sync says spec and
    // moves rostering alone: rostering reads, the unmoved competency service is not found.
    let server = serve_with(&["--dialect", "1edtech"]);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let moved = ["--only", "rostering,case", "--base-path", "rostering=/ims/oneroster/rostering/v1p2", "--json"];
    let (code, out, err) = sync(&server, db, SECRET, &moved);
    assert_eq!(code, 1, "{out}\n{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let outcome = |name: &str| {
        report["collections"].as_array().unwrap().iter().find(|c| c["collection"] == name).unwrap()["outcome"].clone()
    };
    assert_eq!(outcome("orgs"), "complete", "{out}");
    assert_eq!(outcome("CFDocuments"), "failed", "{out}");
    let (code, _, err) = sync(&server, db, SECRET, &["--base-path", "grades=/x"]);
    assert_eq!(code, 2);
    assert!(err.contains("grades"), "{err}");
}

#[test]
fn a_sync_through_a_slow_capped_link_reads_every_record() {
    // A remote provider's link (20 ms a request, 100 Mbit/s shared) serving pages of 40 at most.
    let server = serve_with(&["--net-delay", "20", "--net-rate", "100", "--max-page-size", "40"]);
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let db = db.to_str().unwrap();
    let (code, out, err) = sync(&server, db, SECRET, &["--json", "--max-concurrency", "6"]);
    assert_eq!(code, 0, "{out}\n{err}");
    let report: Value = serde_json::from_str(&out).unwrap();
    let collections = report["collections"].as_array().unwrap();
    for (collection, total) in server_totals(&server) {
        if collection == Collection::CfDocuments {
            continue;
        }
        let entry = collections.iter().find(|c| c["collection"] == collection.name()).unwrap();
        assert_eq!(entry["records"].as_u64(), Some(total), "{}: {entry}", collection.name());
    }
    // Plain answers asked for: the same records.
    let plain = dir.path().join("plain.sqlite");
    let (code, out, err) = sync(&server, plain.to_str().unwrap(), SECRET, &["--json", "--no-compression"]);
    assert_eq!(code, 0, "{out}\n{err}");
}
