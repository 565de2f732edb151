//! Starts the real sandbox in-process on 127.0.0.1:0 (HTTPS with its self-signed certificate,
//! or plain HTTP), seeded with the small demo dataset, and makes client configurations for it.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime};

use cairn_client::{Cancel, Client, ClientConfig, RetryPolicy};
use cairn_sandbox::auth::{Clock, SystemEntropy};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{Running, ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::operations::{Operation, operation};
use cairn_spec::{Collection, Dialect};
use serde_json::Value;

/// A distinctive secret: no output may ever contain it.
pub const SECRET: &str = "Kestrel-9f3b-secret";

/// The system clock, moved forward by hand (to expire tokens on the server only).
#[derive(Default)]
pub struct ShiftClock(AtomicU64);

impl ShiftClock {
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_secs(), Ordering::SeqCst);
    }
}

impl Clock for ShiftClock {
    fn now(&self) -> SystemTime {
        SystemTime::now() + Duration::from_secs(self.0.load(Ordering::SeqCst))
    }
}

/// How to start the sandbox.
pub struct Options {
    pub dialect: Dialect,
    pub tls: bool,
    pub serve: ServeOptions,
    pub token_lifetime: Duration,
    pub demo: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            dialect: Dialect::spec(),
            tls: true,
            serve: ServeOptions::default(),
            token_lifetime: Duration::from_secs(3600),
            demo: true,
        }
    }
}

/// A running sandbox.
pub struct Harness {
    pub base_url: String,
    pub ca_pem: Option<Vec<u8>>,
    pub dialect: Dialect,
    pub clock: Arc<ShiftClock>,
    running: Option<Running>,
    _dir: tempfile::TempDir,
}

/// The small demo dataset, generated once (hrefs under a fixed base so that every sandbox
/// serves identical records).
pub fn demo() -> &'static [(Collection, Value)] {
    static DEMO: OnceLock<Vec<(Collection, Value)>> = OnceLock::new();
    DEMO.get_or_init(|| {
        let mut records = Vec::new();
        generate(&DemoOptions::new(Scale::Small, "https://sandbox.example"), &mut |c, v| records.push((c, v)));
        records
    })
}

impl Harness {
    pub async fn start() -> Harness {
        Harness::start_with(Options::default()).await
    }

    pub async fn start_with(options: Options) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let bound = bind("127.0.0.1:0".parse().unwrap(), options.tls, dir.path()).unwrap();
        let base_url = bound.base_url.clone();
        let ca_pem = bound.ca_cert.as_ref().map(|path: &PathBuf| std::fs::read(path).unwrap());
        let clock = Arc::new(ShiftClock::default());
        let clients = [
            format!("cairn:{SECRET}"),
            format!("core:{SECRET}:roster-core.readonly"),
            format!("gradebook:{SECRET}:gradebook.readonly,gradebook.createput,gradebook.delete"),
        ];
        let sandbox = Sandbox::new(SandboxConfig {
            dialect: options.dialect.clone(),
            base_url: base_url.clone(),
            scope_base: DEFAULT_SCOPE_BASE.into(),
            clients: clients.iter().map(|c| c.parse().unwrap()).collect(),
            token_lifetime: options.token_lifetime,
            db: None,
            clock: clock.clone(),
            entropy: Arc::new(SystemEntropy),
        })
        .unwrap();
        if options.demo {
            sandbox.write(demo().to_vec()).unwrap();
        }
        let running = serve(bound, sandbox, options.serve);
        Harness { base_url, ca_pem, dialect: options.dialect, clock, running: Some(running), _dir: dir }
    }

    /// A configuration of the all-scopes client, trusting the sandbox's certificate, with
    /// quick retries.
    pub fn config(&self) -> ClientConfig {
        self.config_for("cairn")
    }

    pub fn config_for(&self, client_id: &str) -> ClientConfig {
        let mut config = ClientConfig::new(&self.base_url, client_id, SECRET);
        config.dialect = self.dialect.clone();
        config.ca_cert_pem = self.ca_pem.clone();
        config.retry =
            RetryPolicy { max_attempts: 8, base_delay: Duration::from_millis(20), max_delay: Duration::from_secs(3) };
        config.timeout = Duration::from_secs(20);
        config
    }

    pub fn client(&self) -> Client {
        Client::new(self.config()).unwrap()
    }

    pub async fn stop(mut self) {
        if let Some(running) = self.running.take() {
            running.shutdown().await;
        }
    }
}

pub fn op(name: &str) -> &'static Operation {
    operation(name).unwrap_or_else(|| panic!("no operation {name}"))
}

/// Every record of a collection operation, read with `collect_pages`.
pub async fn read_all(client: &Client, name: &str, params: &[&str], query: &cairn_query::Query) -> Vec<Value> {
    let mut records = Vec::new();
    let mut sink = |page: Vec<Value>| {
        records.extend(page);
        Ok(())
    };
    let count = client
        .collect_pages(op(name), params, query, &mut sink, &cairn_client::no_progress, &Cancel::new())
        .await
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(count as usize, records.len());
    records
}

/// The identifiers of records (`sourcedId`, or `identifier` in CASE).
pub fn ids(records: &[Value]) -> Vec<String> {
    records
        .iter()
        .map(|r| r.get("sourcedId").or_else(|| r.get("identifier")).and_then(Value::as_str).unwrap_or("?").to_owned())
        .collect()
}

/// How many demo records a collection holds.
pub fn demo_count(collection: Collection) -> usize {
    demo().iter().filter(|(c, _)| *c == collection).count()
}
