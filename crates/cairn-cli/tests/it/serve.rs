//! `cairn serve` as integrators run it: the ready line, HTTPS with the printed certificate, the
//! demo data, and refusing plain HTTP off loopback.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use serde_json::Value;

use crate::https::Http;

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

fn client(ca_cert: &str) -> Http {
    Http::trusting(ca_cert)
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

/// `start`, with stderr collected line by line.
fn start_capturing(args: &[&str]) -> (Server, std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let stderr = BufReader::new(child.stderr.take().unwrap());
    let sink = lines.clone();
    std::thread::spawn(move || stderr.lines().map_while(Result::ok).for_each(|l| sink.lock().unwrap().push(l)));
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let ready: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("ready line {line:?}: {e}"));
    (Server { child, ready }, lines)
}

/// The lines the server said on stderr, once one of them is `wanted` or 10 s have passed.
fn said_within(lines: &std::sync::Mutex<Vec<String>>, wanted: impl Fn(&str) -> bool) -> Vec<String> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let said = lines.lock().unwrap().clone();
        if said.iter().any(|l| wanted(l)) || std::time::Instant::now() > deadline {
            return said;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

fn token(http: &Http, server: &Server, scopes: &str) -> String {
    let token: Value = http
        .post(server.ready["token_url"].as_str().unwrap())
        .basic_auth("me", Some("pw"))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .body(format!("grant_type=client_credentials&scope={scopes}"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    token["access_token"].as_str().unwrap().to_owned()
}

/// A result as a deployed grade-sync client writes it.
fn short_result(line_item: &str, student: &str) -> Value {
    serde_json::json!({"result": {"sourcedId": "00000000-1111-4222-8333-444444444444",
        "lineItem": {"sourcedId": line_item}, "student": {"sourcedId": student},
        "scoreStatus": "fully graded", "score": 12, "scoreDate": "2025-09-09T14:30:00Z"}})
}

#[test]
fn serve_the_1edtech_dialect_as_deployed_servers_do() {
    let (server, stderr) = start_capturing(&["--demo", "--dialect", "1edtech", "--client", "me:pw"]);
    let base = server.ready["base_url"].as_str().unwrap().to_owned();
    let http = client(server.ready["ca_cert"].as_str().unwrap());
    let t = token(&http, &server, "roster.readonly%20gradebook.readonly%20gradebook.createput%20case.readonly");
    let get =
        |path: &str| -> Value { http.get(format!("{base}{path}")).bearer_auth(&t).send().unwrap().json().unwrap() };
    let roster = format!("{base}/ims/oneroster/rostering/v1p2");
    let gradebook = format!("{base}/ims/oneroster/gradebook/v1p2");

    // A short write is repaired, answered with warnings, and said on stderr.
    let line_item = get("/ims/oneroster/gradebook/v1p2/lineItems?limit=1")["lineItems"][0]["sourcedId"].clone();
    let student = get("/ims/oneroster/rostering/v1p2/students?limit=1")["users"][0]["sourcedId"].clone();
    let body = short_result(line_item.as_str().unwrap(), student.as_str().unwrap());
    let url = format!("{gradebook}/results/00000000-1111-4222-8333-444444444444");
    let put = http.put(&url).bearer_auth(&t).json(&body).send().unwrap();
    assert_eq!(put.status(), 201);
    assert!(put.headers().get_all("x-status").iter().count() >= 4, "{:?}", put.headers());
    let stored = get("/ims/oneroster/gradebook/v1p2/results/00000000-1111-4222-8333-444444444444");
    assert_eq!(stored["result"]["scoreDate"], "2025-09-09");
    assert_eq!(stored["result"]["lineItem"]["href"], format!("{gradebook}/lineItems/{}", line_item.as_str().unwrap()));
    // The server says it on stderr as it answers: the line may come a moment after the answer.
    let said = said_within(&stderr, |l| {
        l.contains("PUT /ims/oneroster/gradebook/v1p2/results/") && l.contains("repaired $.result.status")
    });
    assert!(said.iter().any(|l| l.contains("PUT /ims/oneroster/gradebook/v1p2/results/") && l.contains("repaired $.result.status")), "{said:#?}");

    // Records' addresses answer in this dialect; both frameworks that share an identifier are served.
    let enrollments = get("/ims/oneroster/rostering/v1p2/enrollments?limit=1");
    let href = enrollments["enrollments"][0]["class"]["href"].as_str().unwrap().to_owned();
    assert!(href.starts_with(&format!("{roster}/classes/")), "{href}");
    assert_eq!(http.get(&href).bearer_auth(&t).send().unwrap().status(), 200, "{href}");
    let docs = get("/ims/case/v1p1/CFDocuments");
    let titles: Vec<&str> =
        docs["CFDocuments"].as_array().unwrap().iter().filter_map(|d| d["title"].as_str()).collect();
    assert!(titles.contains(&"Test Markdown Framework") && titles.contains(&"UTF8 𝑑 Test"), "{titles:?}");
    for doc in docs["CFDocuments"].as_array().unwrap() {
        let uri = doc["uri"].as_str().unwrap();
        assert!(uri.starts_with(&format!("{base}/ims/case/v1p1/CFDocuments/")), "{uri}");
        assert_eq!(http.get(uri).bearer_auth(&t).send().unwrap().status(), 200, "{uri}");
    }
    assert!(said.iter().any(|l| l.contains("opensalt-utf8-astral.json: the CFDocument identifier")), "{said:#?}");

    // The 401 word, and discovery under the reference file's name.
    let refused: Value = http.get(format!("{roster}/users")).bearer_auth("nope").send().unwrap().json().unwrap();
    assert_eq!(refused["imsx_CodeMinor"]["imsx_codeMinorField"][0]["imsx_codeMinorFieldValue"], "unauthorisedrequest");
    let discovery =
        http.get(format!("{roster}/discovery/onerosterv1p2rostersservice_openapi3_v1p0.json")).send().unwrap();
    assert_eq!(discovery.status(), 200);
}

#[test]
fn strict_writes_refuse_short_bodies() {
    let (server, stderr) = start_capturing(&["--strict-writes", "--client", "me:pw"]);
    let base = server.ready["base_url"].as_str().unwrap().to_owned();
    let http = client(server.ready["ca_cert"].as_str().unwrap());
    let t = token(&http, &server, "gradebook.createput");
    let url = format!("{base}/api/roster/gradebook/v1p2/results/00000000-1111-4222-8333-444444444444");
    let put = http.put(&url).bearer_auth(&t).json(&short_result("l1", "s1")).send().unwrap();
    assert_eq!(put.status(), 422);
    let refused: Value = put.json().unwrap();
    let description = refused["svc_description"].as_str().unwrap();
    assert!(description.contains("$.result.status") && !description.contains("is used"), "{description}");
    assert!(!stderr.lock().unwrap().iter().any(|l| l.contains("repaired")));
}
