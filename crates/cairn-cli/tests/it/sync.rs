//! `cairn sync` against `cairn serve --demo`: the cache then counts what the server says it
//! holds, a second sync is incremental, `--only` chooses services, and the secret never shows.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use cairn_spec::operations::operation;
use cairn_spec::{Collection, Dialect};
use serde_json::Value;

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
    let client = format!("me:{SECRET}");
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["serve", "--demo", "--listen", "127.0.0.1:0", "--client", &client])
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

/// Runs `cairn sync` with the secret in the environment; (status, stdout, stderr).
fn sync(server: &Server, db: &str, secret: &str, extra: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["sync", "--base-url", &server.base_url, "--client-id", "me", "--client-secret-env", SECRET_VAR])
        .args(["--ca-cert", &server.ca_cert, "--db", db])
        .args(extra)
        .env(SECRET_VAR, secret)
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
    assert!(!stdout.contains(SECRET) && !stderr.contains(SECRET), "the secret was printed");
    (out.status.code().unwrap_or(-1), stdout, stderr)
}

/// `X-Total-Count` of every collection read by getAll (and the document list).
fn server_totals(server: &Server) -> Vec<(Collection, u64)> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let pem = std::fs::read(&server.ca_cert).unwrap();
    let http = reqwest::blocking::Client::builder()
        .tls_certs_only([reqwest::Certificate::from_pem(&pem).unwrap()])
        .build()
        .unwrap();
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
            other => cairn_explorer::sync::get_all(other),
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
    let (code, out, _) = sync(&server, db, SECRET, &["--only", "gradebook", "--full", "--json"]);
    assert_eq!(code, 0);
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
