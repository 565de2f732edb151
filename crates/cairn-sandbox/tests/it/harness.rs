//! Starts the real sandbox over HTTPS on 127.0.0.1:0 with the hand-made world, and a client
//! that trusts its certificate and records which operations a test exercised.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use cairn_sandbox::auth::{Clock, Entropy};
use cairn_sandbox::demo::{DemoOptions, Scale, bundled_packages, generate};
use cairn_sandbox::http::{Running, ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::Dialect;
use cairn_spec::operations::operation;
use serde_json::Value;

/// A clock tests move by hand.
pub struct FakeClock(pub AtomicU64);

impl Clock for FakeClock {
    fn now(&self) -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(self.0.load(Ordering::SeqCst))
    }
}

/// Deterministic "randomness".
pub struct Counter(AtomicU64);

impl Entropy for Counter {
    fn fill(&self, bytes: &mut [u8]) {
        let n = self.0.fetch_add(1, Ordering::SeqCst);
        for (i, b) in bytes.iter_mut().enumerate() {
            *b = (n.rotate_left(i as u32 * 7) as u8) ^ (i as u8).wrapping_mul(37) ^ (n as u8);
        }
    }
}

/// A running sandbox and an HTTPS client for it.
pub struct Harness {
    pub base_url: String,
    pub dialect: Dialect,
    pub clock: Arc<FakeClock>,
    pub http: reqwest::Client,
    /// The certificate the sandbox made, for tests that build their own client.
    pub ca_pem: Vec<u8>,
    pub running: Option<Running>,
    pub exercised: Mutex<BTreeSet<&'static str>>,
    /// Each repair the sandbox reported (what `cairn serve` prints on stderr).
    pub repairs: Arc<Mutex<Vec<String>>>,
    /// What importing the bundled frameworks said (with `demo`), each line after its file name.
    pub imported: Vec<String>,
    _dir: tempfile::TempDir,
}

pub const CLIENTS: &[&str] = &[
    "all:secret",
    "core:secret:roster-core.readonly",
    "roster:secret:roster.readonly",
    "gradebook:secret:gradebook.readonly,gradebook.createput,gradebook.delete",
];

pub struct Options {
    pub dialect: Dialect,
    pub db: Option<PathBuf>,
    pub seed: bool,
    pub serve: ServeOptions,
    pub strict_writes: bool,
    /// The small demo and the bundled frameworks instead of the hand-made world.
    pub demo: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            dialect: Dialect::spec(),
            db: None,
            seed: true,
            serve: ServeOptions { body_limit: 64 * 1024, ..ServeOptions::default() },
            strict_writes: false,
            demo: false,
        }
    }
}

impl Harness {
    pub async fn start() -> Harness {
        Harness::start_with(Options::default()).await
    }

    pub async fn start_with(options: Options) -> Harness {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let dir = tempfile::tempdir().unwrap();
        let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
        let base_url = bound.base_url.clone();
        let ca_cert = bound.ca_cert.clone().unwrap();
        let clock = Arc::new(FakeClock(AtomicU64::new(1_754_049_600)));
        let sandbox = Sandbox::new(SandboxConfig {
            dialect: options.dialect.clone(),
            base_url: base_url.clone(),
            scope_base: DEFAULT_SCOPE_BASE.into(),
            clients: CLIENTS.iter().map(|c| c.parse().unwrap()).collect(),
            token_lifetime: Duration::from_secs(3600),
            db: options.db,
            clock: clock.clone(),
            entropy: Arc::new(Counter(AtomicU64::new(1))),
        })
        .unwrap();
        let repairs = Arc::new(Mutex::new(Vec::new()));
        let log = repairs.clone();
        let sandbox = sandbox
            .with_strict_writes(options.strict_writes)
            .with_repair_log(Arc::new(move |line: &str| log.lock().unwrap().push(line.to_owned())));
        let mut imported = Vec::new();
        if options.demo {
            let demo = DemoOptions { dialect: options.dialect.clone(), ..DemoOptions::new(Scale::Small, &base_url) };
            let mut records = Vec::new();
            generate(&demo, &mut |c, v| records.push((c, v)));
            sandbox.write(records).unwrap();
            for (name, bytes) in bundled_packages() {
                let report = sandbox.import_package(bytes).unwrap();
                imported.extend(report.warnings.into_iter().map(|w| format!("{name}: {w}")));
            }
        } else if options.seed && sandbox.is_empty() {
            sandbox.write(crate::world::records(&base_url)).unwrap();
        }
        let running = serve(bound, sandbox, options.serve);
        let pem = std::fs::read(&ca_cert).unwrap();
        let http =
            reqwest::Client::builder().tls_certs_only([reqwest::Certificate::from_pem(&pem).unwrap()]).build().unwrap();
        Harness {
            base_url,
            dialect: options.dialect,
            clock,
            http,
            ca_pem: pem,
            running: Some(running),
            exercised: Mutex::new(BTreeSet::new()),
            repairs,
            imported,
            _dir: dir,
        }
    }

    pub async fn stop(mut self) {
        if let Some(running) = self.running.take() {
            running.shutdown().await;
        }
    }

    /// A token for a registered client with the given scope suffixes.
    pub async fn token(&self, client: &str, scopes: &[&str]) -> String {
        let scope = scopes.iter().map(|s| format!("{DEFAULT_SCOPE_BASE}/{s}")).collect::<Vec<_>>().join(" ");
        let response = self
            .http
            .post(format!("{}/token", self.base_url))
            .basic_auth(client, Some("secret"))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body(format!(
                "grant_type=client_credentials&scope={}",
                scope.replace(' ', "%20").replace(':', "%3A").replace('/', "%2F")
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{:?}", response.text().await);
        let body: Value = response.json().await.unwrap();
        body["access_token"].as_str().unwrap().to_owned()
    }

    /// A token of the all-scopes client holding every scope.
    pub async fn admin(&self) -> String {
        let all: Vec<&str> = cairn_spec::Service::ALL.into_iter().flat_map(cairn_spec::operations::scopes_of).collect();
        self.token("all", &all).await
    }

    /// The URL of an operation.
    pub fn url(&self, name: &str, params: &[&str], query: &str) -> String {
        let op = operation(name).unwrap_or_else(|| panic!("no operation {name}"));
        let q = if query.is_empty() { String::new() } else { format!("?{query}") };
        format!("{}{}{}{q}", self.base_url, self.dialect.base_path(op.service), op.render(params))
    }

    /// Calls an operation (recording it as exercised): status, headers, JSON body (Null if none).
    pub async fn call(
        &self,
        token: &str,
        name: &'static str,
        params: &[&str],
        query: &str,
        body: Option<Value>,
    ) -> Reply {
        let op = operation(name).unwrap();
        self.exercised.lock().unwrap().insert(op.name);
        let url = self.url(name, params, query);
        let method = reqwest::Method::from_bytes(op.method.as_str().as_bytes()).unwrap();
        let mut request = self.http.request(method, url).bearer_auth(token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        Reply::from(request.send().await.unwrap()).await
    }

    pub async fn get(&self, token: &str, name: &'static str, params: &[&str], query: &str) -> Reply {
        self.call(token, name, params, query, None).await
    }
}

/// A response, read whole.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl Reply {
    pub async fn from(response: reqwest::Response) -> Reply {
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let text = response.text().await.unwrap();
        let body =
            if text.is_empty() { Value::Null } else { serde_json::from_str(&text).unwrap_or(Value::String(text)) };
        Reply { status, headers, body }
    }

    /// The sourcedIds (or CASE identifiers) of the records under `wrapper`.
    pub fn ids(&self, wrapper: &str) -> Vec<String> {
        self.body[wrapper]
            .as_array()
            .unwrap_or_else(|| panic!("no {wrapper} array in {}", self.body))
            .iter()
            .map(|r| {
                r.get("sourcedId")
                    .or_else(|| r.get("identifier"))
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned()
            })
            .collect()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// The codeMinor of a status-object body, whichever prefix.
    pub fn code_minor(&self) -> String {
        cairn_spec::StatusInfo::from_json(&self.body)
            .and_then(|s| s.code_minor.first().map(|(_, c)| c.clone()))
            .unwrap_or_else(|| panic!("not a status object: {}", self.body))
    }
}
