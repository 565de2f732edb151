//! `cairn sync` against a hostile server on loopback — a token whose `expires_in` is
//! `"18446744073709551615"` and collections whose body never ends — ends with a clear error
//! per collection and exit status 1, never a panic, reading at most `--max-body-mb`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::Command;

const SECRET_VAR: &str = "CAIRN_TEST_HOSTILE_SECRET";

/// Answers one connection: the token endpoint with an absurd lifetime, anything else with an
/// endless 200.
fn answer(stream: TcpStream) {
    let mut reader = BufReader::new(match stream.try_clone() {
        Ok(s) => s,
        Err(_) => return,
    });
    let mut request_line = String::new();
    if reader.read_line(&mut request_line).is_err() {
        return;
    }
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
            break;
        }
        if let Some(value) = line.to_ascii_lowercase().strip_prefix("content-length:") {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0u8; length];
    let _ = reader.read_exact(&mut body);
    let mut stream = stream;
    if request_line.split_whitespace().nth(1).is_some_and(|target| target.starts_with("/token")) {
        let token = r#"{"access_token":"t","token_type":"bearer","expires_in":"18446744073709551615"}"#;
        let _ = write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{token}",
            token.len()
        );
        return;
    }
    let _ = stream
        .write_all(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"users\": [");
    let chunk = "{\"sourcedId\": \"u\"},".repeat(1000);
    while stream.write_all(chunk.as_bytes()).is_ok() {}
}

#[test]
fn a_huge_token_lifetime_and_endless_bodies_end_in_clear_errors() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base_url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            std::thread::spawn(move || answer(stream));
        }
    });
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("cache.sqlite");
    let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
        .args(["sync", "--base-url", &base_url, "--client-id", "me", "--client-secret-env", SECRET_VAR])
        .args(["--only", "rostering", "--max-body-mb", "1", "--json", "--db"])
        .arg(&db)
        .env(SECRET_VAR, "s")
        .output()
        .unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert_eq!(out.status.code(), Some(1), "an error, not a panic (101):\n{stdout}\n{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    let collections = report["collections"].as_array().unwrap();
    assert!(!collections.is_empty());
    for collection in collections {
        assert_eq!(collection["outcome"], "failed", "{collection}");
        let message = collection["message"].as_str().unwrap_or_default();
        assert!(message.contains("larger than 1048576 bytes"), "{message}");
    }
}
