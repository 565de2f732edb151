//! `cairn serve` as integrators run it: the ready line, HTTPS with the printed certificate, the
//! demo data, and refusing plain HTTP off loopback.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

struct Server {
    child: Child,
    ready: Value,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let ready: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("ready line {line:?}: {e}"));
    Server { child, ready }
}

fn client(ca_cert: &str) -> reqwest::blocking::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let pem = std::fs::read(ca_cert).unwrap();
    reqwest::blocking::Client::builder()
        .tls_certs_only([reqwest::Certificate::from_pem(&pem).unwrap()])
        .build()
        .unwrap()
}

#[test]
fn serve_demo_over_https() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("sandbox.sqlite");
    let server = start(&["--demo", "--listen", "127.0.0.1:0", "--db", db.to_str().unwrap(), "--client", "me:pw"]);
    let base = server.ready["base_url"].as_str().unwrap().to_owned();
    assert!(base.starts_with("https://127.0.0.1:"), "{}", server.ready);
    assert_eq!(server.ready["token_url"], format!("{base}/token"));
    assert_eq!(server.ready["scope_base"], "https://purl.imsglobal.org/spec/or/v1p2/scope");
    let http = client(server.ready["ca_cert"].as_str().unwrap());
    let token: Value = http
        .post(server.ready["token_url"].as_str().unwrap())
        .basic_auth("me", Some("pw"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body("grant_type=client_credentials&scope=roster.readonly%20case.readonly")
        .send()
        .unwrap()
        .json()
        .unwrap();
    let token = token["access_token"].as_str().unwrap();
    let users = http.get(format!("{base}/api/roster/rostering/v1p2/users?limit=5")).bearer_auth(token).send().unwrap();
    assert_eq!(users.status(), 200);
    let total: usize = users.headers()["x-total-count"].to_str().unwrap().parse().unwrap();
    assert!(total > 300, "{total} demo users");
    let docs: Value =
        http.get(format!("{base}/api/competency/v1p1/CFDocuments")).bearer_auth(token).send().unwrap().json().unwrap();
    let titles: Vec<&str> =
        docs["CFDocuments"].as_array().unwrap().iter().filter_map(|d| d["title"].as_str()).collect();
    assert!(titles.len() >= 7, "the generated framework and the bundled real ones: {titles:?}");
    for doc in docs["CFDocuments"].as_array().unwrap() {
        assert!(cairn_spec::scalar::is_uuid(doc["identifier"].as_str().unwrap()), "{doc}");
    }
}

#[test]
fn plain_http_only_on_loopback() {
    let out =
        Command::new(env!("CARGO_BIN_EXE_cairn")).args(["serve", "--http", "--listen", "0.0.0.0:0"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("loopback"));
    let server = start(&["--http", "--listen", "127.0.0.1:0"]);
    assert!(server.ready["base_url"].as_str().unwrap().starts_with("http://127.0.0.1:"));
    assert_eq!(server.ready["ca_cert"], Value::Null);
}
