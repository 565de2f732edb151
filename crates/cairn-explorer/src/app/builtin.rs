//! The built-in sandbox: cairn-sandbox started in-process on loopback with TLS, the demo data
//! at the settings' scale (kept in the data folder, so writes survive), and credentials it makes itself that
//! never leave memory.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use cairn_client::{ClientConfig, Secret};
use cairn_sandbox::auth::{ClientSpec, Entropy, SystemClock};
use cairn_sandbox::demo::{Scale, load_demo};
use cairn_sandbox::http::{Running, ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::Dialect;

use super::error::{AppError, ErrorCode};

/// The sandbox's folder inside the data folder.
const SANDBOX_DIR: &str = "sandbox";
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
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(dir.join(format!("sandbox.sqlite{suffix}")));
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
            db: Some(dir.join("sandbox.sqlite")),
            clock: Arc::new(SystemClock),
            entropy,
        };
        let href_base = base_url.clone();
        // Named with its file: a damaged one is the user's to move aside (it holds what was
        // written to the sandbox), never replaced here.
        let data = format!("its data in {}", dir.join("sandbox.sqlite").display());
        let sandbox = cairn_store::cache::blocking(move || {
            let sandbox = Sandbox::new(config).map_err(|e| failed(&data, &e))?;
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

/// `bytes` random bytes as lowercase hex.
fn hex(entropy: &dyn Entropy, bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    entropy.fill(&mut buffer);
    buffer.iter().map(|b| format!("{b:02x}")).collect()
}
