//! The built-in sandbox: cairn-sandbox started in-process on loopback with TLS, the demo data
//! at the settings' scale (kept in the data folder, so writes survive), and credentials it makes itself that
//! never leave memory.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use cairn_client::{ClientConfig, Secret};
use cairn_sandbox::auth::{ClientSpec, Entropy, SystemClock};
use cairn_sandbox::demo::{Scale, load_demo};
use cairn_sandbox::http::{Running, ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::Dialect;

use super::App;
use super::error::{AppError, ErrorCode};

/// The sandbox's folder inside the data folder.
const SANDBOX_DIR: &str = "sandbox";
/// The sandbox's database inside its folder.
const DATABASE: &str = "sandbox.sqlite";
/// SQLite's journal files beside a database, named by these suffixes.
const JOURNALS: [&str; 2] = ["-wal", "-shm"];
/// The file naming the scale the sandbox's demo data was made at.
const SCALE_FILE: &str = "scale";

/// A running built-in sandbox and how to reach it.
pub struct BuiltinSandbox {
    running: Running,
    base_url: String,
    ca_cert: PathBuf,
    client_id: String,
    secret: Secret,
}

impl BuiltinSandbox {
    /// Starts the sandbox with its data in `data_dir/sandbox/` (the small demo the first time),
    /// on a free loopback port, registering one client whose id and secret come from `entropy`.
    pub async fn start(data_dir: &Path, entropy: Arc<dyn Entropy>, scale: Scale) -> Result<BuiltinSandbox, AppError> {
        let dir = data_dir.join(SANDBOX_DIR);
        let failed = |what: &str, e: &dyn std::fmt::Display| {
            AppError::new(ErrorCode::Sandbox, format!("the built-in sandbox cannot start: {what}: {e}"))
        };
        std::fs::create_dir_all(&dir).map_err(|e| failed("its folder", &e))?;
        // Another scale than the data was made at: the demo is made anew (the sandbox's own
        // writes go with it).
        let marker = dir.join(SCALE_FILE);
        let loaded = std::fs::read_to_string(&marker).unwrap_or_else(|_| Scale::Small.as_str().to_owned());
        if loaded.trim() != scale.as_str() {
            for suffix in std::iter::once("").chain(JOURNALS) {
                let _ = std::fs::remove_file(dir.join(format!("{DATABASE}{suffix}")));
            }
        }
        std::fs::write(&marker, scale.as_str()).map_err(|e| failed("its folder", &e))?;
        let _ = rustls::crypto::ring::default_provider().install_default();
        let bound =
            bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)), true, &dir).map_err(|e| failed("listening", &e))?;
        let base_url = bound.base_url.clone();
        let ca_cert = bound.ca_cert.clone().ok_or_else(|| failed("TLS", &"no certificate"))?;
        let client_id = format!("cairn-app-{}", hex(&*entropy, 4));
        let secret = hex(&*entropy, 24);
        let config = SandboxConfig {
            dialect: Dialect::spec(),
            base_url: base_url.clone(),
            scope_base: DEFAULT_SCOPE_BASE.to_owned(),
            clients: vec![ClientSpec { id: client_id.clone(), secret: secret.clone(), scopes: None }],
            token_lifetime: Duration::from_secs(3600),
            db: Some(dir.join(DATABASE)),
            clock: Arc::new(SystemClock),
            entropy,
        };
        let href_base = base_url.clone();
        // Named with its file: a damaged one is never replaced here (it holds what was written
        // to the sandbox); the user sets it aside ([`set_data_aside`]) or moves it.
        let data = format!("its data in {}", dir.join(DATABASE).display());
        let sandbox = cairn_store::cache::blocking(move || {
            let sandbox = Sandbox::new(config).map_err(|e| {
                AppError::new(ErrorCode::SandboxData, format!("the built-in sandbox cannot start: {data}: {e}"))
            })?;
            if sandbox.is_empty() {
                load_demo(&sandbox, scale, &href_base, &mut |_| {}).map_err(|e| failed("the demo data", &e))?;
            }
            Ok::<_, AppError>(sandbox)
        })
        .await?;
        let running = serve(bound, sandbox, ServeOptions::default());
        log::info!("built-in sandbox started on {base_url}");
        Ok(BuiltinSandbox { running, base_url, ca_cert, client_id, secret: Secret::from(secret) })
    }

    /// Where it serves.
    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Its certificate (PEM file).
    pub fn ca_cert(&self) -> &Path {
        &self.ca_cert
    }

    /// The client configuration that reaches it.
    pub fn client_config(&self) -> Result<ClientConfig, AppError> {
        let mut config = ClientConfig::new(&self.base_url, &self.client_id, self.secret.clone());
        let pem = std::fs::read(&self.ca_cert)
            .map_err(|e| AppError::new(ErrorCode::Sandbox, format!("the sandbox's certificate: {e}")))?;
        config.ca_cert_pem = Some(pem);
        Ok(config)
    }

    /// The client id it registered.
    pub fn client_id(&self) -> &str {
        &self.client_id
    }

    /// Stops it.
    pub async fn stop(self) {
        self.running.shutdown().await;
    }
}

impl App {
    /// Sets the built-in sandbox's database aside (see [`set_data_aside`]) so that its next
    /// start makes fresh demo data; answers where it went. Only after its last start found the
    /// database unreadable: a healthy one (running or not) is the user's, and stays.
    pub async fn set_sandbox_data_aside(&self) -> Result<PathBuf, AppError> {
        let builtin = self.builtin.lock().await;
        if builtin.is_some() || !self.builtin_unreadable.load(std::sync::atomic::Ordering::SeqCst) {
            return Err(AppError::new(
                ErrorCode::Invalid,
                "the built-in sandbox's data did not fail to open: nothing was set aside",
            ));
        }
        let (data_dir, now) = (self.data_dir.clone(), self.clock.now());
        let moved = cairn_store::cache::blocking(move || set_data_aside(&data_dir, now)).await?;
        self.builtin_unreadable.store(false, std::sync::atomic::Ordering::SeqCst);
        log::info!("the built-in sandbox's database was set aside as {}", moved.display());
        drop(builtin);
        Ok(moved)
    }
}

/// Renames the built-in sandbox's database in `data_dir` (and its journal files with it) to
/// `sandbox-damaged-<now>.sqlite` beside it, a name no other file has: nothing is deleted, and
/// the next start makes fresh demo data. Answers the new path.
pub fn set_data_aside(data_dir: &Path, now: SystemTime) -> Result<PathBuf, AppError> {
    let dir = data_dir.join(SANDBOX_DIR);
    let database = dir.join(DATABASE);
    if !database.is_file() {
        return Err(AppError::not_found(format!(
            "there is no built-in sandbox database to set aside at {}",
            database.display()
        )));
    }
    // 2026-11-30T08:01:02.345Z → 2026-11-30T08-01-02Z: no colon, which some systems refuse.
    let stamp = cairn_sync::timestamp(now);
    let stamp = format!("{}Z", stamp.get(..19).unwrap_or(&stamp).replace(':', "-"));
    let free = |name: &Path| std::iter::once("").chain(JOURNALS).all(|s| !with_suffix(name, s).exists());
    let target = (1..)
        .map(|n| match n {
            1 => dir.join(format!("sandbox-damaged-{stamp}.sqlite")),
            n => dir.join(format!("sandbox-damaged-{stamp}-{n}.sqlite")),
        })
        .find(|path| free(path))
        .unwrap_or_else(|| dir.join("sandbox-damaged.sqlite"));
    let failed = |from: &Path, e: std::io::Error| {
        AppError::new(ErrorCode::Io, format!("cannot set {} aside as {}: {e}", from.display(), target.display()))
    };
    // The journals first (a fresh database must never meet the old one's journal), put back
    // if the database itself cannot follow.
    let mut moved = Vec::new();
    let result = JOURNALS
        .iter()
        .map(|suffix| (with_suffix(&database, suffix), with_suffix(&target, suffix)))
        .filter(|(journal, _)| journal.exists())
        .try_for_each(|(journal, to)| {
            std::fs::rename(&journal, &to).map_err(|e| failed(&journal, e))?;
            moved.push((journal, to));
            Ok(())
        })
        .and_then(|()| std::fs::rename(&database, &target).map_err(|e| failed(&database, e)));
    if result.is_err() {
        for (journal, to) in moved {
            let _ = std::fs::rename(to, journal);
        }
    }
    result.map(|()| target)
}

/// `path` with `suffix` appended to its file name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// `bytes` random bytes as lowercase hex.
fn hex(entropy: &dyn Entropy, bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    entropy.fill(&mut buffer);
    buffer.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)] // tests fail loudly

    use std::time::{Duration, UNIX_EPOCH};

    use super::*;

    #[test]
    fn set_aside_the_database_goes_with_its_journals_under_a_name_no_file_has() {
        let data = tempfile::tempdir().unwrap();
        let dir = data.path().join(SANDBOX_DIR);
        std::fs::create_dir_all(&dir).unwrap();
        let now = UNIX_EPOCH + Duration::from_millis(1_790_000_000_250);
        let missing = set_data_aside(data.path(), now).unwrap_err();
        assert_eq!(missing.code, ErrorCode::NotFound, "{missing:?}");

        for (file, text) in [("sandbox.sqlite", "db"), ("sandbox.sqlite-wal", "wal"), ("sandbox.sqlite-shm", "shm")] {
            std::fs::write(dir.join(file), text).unwrap();
        }
        let first = set_data_aside(data.path(), now).unwrap();
        assert_eq!(first, dir.join("sandbox-damaged-2026-09-21T14-13-20Z.sqlite"));
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "db");
        assert_eq!(std::fs::read_to_string(with_suffix(&first, "-wal")).unwrap(), "wal");
        assert_eq!(std::fs::read_to_string(with_suffix(&first, "-shm")).unwrap(), "shm");
        assert!(!dir.join("sandbox.sqlite").exists() && !dir.join("sandbox.sqlite-wal").exists());

        // The same second again: the first one set aside is kept, the second named apart.
        std::fs::write(dir.join("sandbox.sqlite"), "db 2").unwrap();
        let second = set_data_aside(data.path(), now).unwrap();
        assert_eq!(second, dir.join("sandbox-damaged-2026-09-21T14-13-20Z-2.sqlite"));
        assert_eq!(std::fs::read_to_string(&second).unwrap(), "db 2");
        assert_eq!(std::fs::read_to_string(&first).unwrap(), "db");
    }
}
