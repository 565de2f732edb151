//! `cairn connection` and `cairn sync --connection` with a real Secret Service: a private D-Bus
//! session bus and GNOME Keyring, started for the test in a temporary home, so the user's own
//! keyring is never touched. The secret goes into the keyring, never into the cache or the
//! output, and a saved connection syncs with nothing but its name.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::cache_holds;
use super::sync::{SECRET, serve};

const SECRET_VAR: &str = "CAIRN_TEST_KEYRING_SECRET";

/// A session bus with GNOME Keyring's Secret Service on it, unlocked; stopped when dropped.
struct SecretService {
    dir: tempfile::TempDir,
    bus_address: String,
    bus: Child,
    keyring: Child,
}

impl SecretService {
    fn start() -> SecretService {
        for program in ["dbus-daemon", "dbus-send", "gnome-keyring-daemon"] {
            assert!(
                Command::new("sh").args(["-c", &format!("command -v {program}")]).output().unwrap().status.success(),
                "{program} is missing: scripts/setup.sh installs it (packages dbus-daemon, dbus-bin, gnome-keyring)"
            );
        }
        let dir = tempfile::tempdir().unwrap();
        let runtime = dir.path().join("run");
        std::fs::create_dir(&runtime).unwrap();
        let socket = runtime.join("bus");
        let mut bus = Command::new("dbus-daemon")
            .args(["--session", "--nofork", "--print-address=1"])
            .arg(format!("--address=unix:path={}", socket.display()))
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut address = String::new();
        BufReader::new(bus.stdout.take().unwrap()).read_line(&mut address).unwrap();
        let bus_address = address.trim().to_owned();
        assert!(bus_address.starts_with("unix:"), "dbus-daemon printed {address:?}");
        let mut keyring = Command::new("gnome-keyring-daemon")
            .args(["--foreground", "--unlock", "--components=secrets"])
            .envs(session_env(dir.path(), &bus_address))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The login keyring's password on stdin, then end of file.
        keyring.stdin.take().unwrap().write_all(b"cairn-test-login").unwrap();
        let service = SecretService { dir, bus_address, bus, keyring };
        service.wait_for_secrets();
        service
    }

    /// Waits until `org.freedesktop.secrets` has an owner on the bus.
    fn wait_for_secrets(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let out = Command::new("dbus-send")
                .args(["--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus"])
                .args(["org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets"])
                .env("DBUS_SESSION_BUS_ADDRESS", &self.bus_address)
                .output()
                .unwrap();
            if String::from_utf8_lossy(&out.stdout).contains("boolean true") {
                return;
            }
            assert!(Instant::now() < deadline, "GNOME Keyring did not register on the test bus");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Runs `cairn` on this bus; (status, stdout, stderr). Fails if the secret shows.
    fn cairn(&self, args: &[&str]) -> (i32, String, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_cairn"))
            .args(args)
            .envs(session_env(self.dir.path(), &self.bus_address))
            .env(SECRET_VAR, SECRET)
            .output()
            .unwrap();
        let (stdout, stderr) = (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap());
        assert!(!stdout.contains(SECRET) && !stderr.contains(SECRET), "the secret was printed");
        (out.status.code().unwrap_or(-1), stdout, stderr)
    }

    /// Whether the keyring's files hold anything (the login keyring is created on first use).
    fn keyring_dir(&self) -> PathBuf {
        self.dir.path().join("data/keyrings")
    }
}

impl Drop for SecretService {
    fn drop(&mut self) {
        for child in [&mut self.keyring, &mut self.bus] {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The environment of a process in the test's session: its own home, data and runtime folders.
fn session_env(dir: &Path, bus_address: &str) -> Vec<(&'static str, String)> {
    let path = |sub: &str| dir.join(sub).display().to_string();
    vec![
        ("DBUS_SESSION_BUS_ADDRESS", bus_address.to_owned()),
        ("HOME", path("home")),
        ("XDG_DATA_HOME", path("data")),
        ("XDG_RUNTIME_DIR", path("run")),
    ]
}

#[test]
fn a_saved_connection_syncs_by_name_with_its_secret_in_the_keyring() {
    let secrets = SecretService::start();
    let server = serve();
    let dir = tempfile::tempdir().unwrap();
    let db_path = dir.path().join("cache.sqlite");
    let db = db_path.to_str().unwrap();

    let (code, out, err) = secrets.cairn(&[
        "connection",
        "add",
        "sandbox",
        "--base-url",
        &server.base_url,
        "--client-id",
        "me",
        "--client-secret-env",
        SECRET_VAR,
        "--ca-cert",
        &server.ca_cert,
        "--db",
        db,
    ]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("its secret is in the OS keyring"), "{out}");

    let (code, out, err) = secrets.cairn(&["connection", "list", "--db", db, "--json"]);
    assert_eq!(code, 0, "{err}");
    let list: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(list[0]["name"], "sandbox");
    assert_eq!(list[0]["secret_stored"], true, "{list}");

    let (code, out, err) = secrets.cairn(&["connection", "test", "sandbox", "--db", db]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("token granted"), "{out}");
    assert!(out.contains("roster-core.readonly"), "the granted scopes are listed: {out}");

    let (code, out, err) = secrets.cairn(&["sync", "--connection", "sandbox", "--db", db, "--only", "rostering"]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, out, _) = secrets.cairn(&["stats", "--db", db, "--json"]);
    assert_eq!(code, 0);
    let stats: Value = serde_json::from_str(&out).unwrap();
    assert!(stats["users"].as_u64().is_some_and(|n| n > 0), "{stats}");
    assert!(stats["enrollments"].as_u64().is_some_and(|n| n > 0), "{stats}");
    assert!(!cache_holds(&db_path, SECRET), "the secret reached the cache");
    assert!(secrets.keyring_dir().read_dir().is_ok_and(|mut d| d.next().is_some()), "nothing in the keyring");

    let (code, out, err) = secrets.cairn(&["connection", "remove", "sandbox", "--db", db]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("and its secret"), "{out}");
    let (code, _, err) = secrets.cairn(&["sync", "--connection", "sandbox", "--db", db]);
    assert_ne!(code, 0, "a removed connection must not sync");
    assert!(err.contains("sandbox"), "the error names the connection: {err}");
}
