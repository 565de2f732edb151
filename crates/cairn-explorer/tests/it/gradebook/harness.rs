//! The real sandbox in-process over HTTPS with the small demo, a clock the test moves, a fault
//! hook the test sets per request, every service request counted by method and path, and a
//! cache synced from it (rostering and gradebook) under the connection `sandbox`.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cairn_client::{Cancel, Client, ClientConfig, RetryPolicy};
use cairn_explorer::app::{ClassGradebook, class_gradebook};
use cairn_sandbox::auth::SystemEntropy;
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{Fault, FaultHook, Running, ServeOptions, bind, serve_with_faults};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::{Collection, Dialect, Service};
use cairn_store::cache::CacheHandle;
use cairn_sync::SyncOptions;
use serde_json::Value;

pub const SECRET: &str = "Kestrel-9f3b-secret";
pub const CONNECTION: &str = "sandbox";
/// 2026-01-01T00:00:00Z.
const START: u64 = 1_767_225_600;

/// A clock the test moves, read by the sandbox and the sender alike.
pub struct SetClock(AtomicU64);

impl SetClock {
    pub fn advance(&self, by: Duration) {
        self.0.fetch_add(by.as_millis() as u64, Ordering::SeqCst);
    }

    fn time(&self) -> SystemTime {
        UNIX_EPOCH + Duration::from_millis(self.0.load(Ordering::SeqCst))
    }
}

impl cairn_sandbox::auth::Clock for SetClock {
    fn now(&self) -> SystemTime {
        self.time()
    }
}

impl cairn_sync::Clock for SetClock {
    fn now(&self) -> SystemTime {
        self.time()
    }
}

/// What the test's hook decides for a request (method, path), given how many times that
/// method and path came before.
pub type Decide = dyn Fn(&str, &str, u64) -> Option<Fault> + Send + Sync;

/// A running sandbox, its request counts and a synced cache.
pub struct Harness {
    pub base_url: String,
    ca_pem: Vec<u8>,
    pub clock: Arc<SetClock>,
    pub requests: Arc<Mutex<HashMap<(String, String), u64>>>,
    pub decide: Arc<Mutex<Option<Box<Decide>>>>,
    pub dir: tempfile::TempDir,
    running: Option<Running>,
}

fn demo() -> &'static [(Collection, Value)] {
    static DEMO: OnceLock<Vec<(Collection, Value)>> = OnceLock::new();
    DEMO.get_or_init(|| {
        let mut records = Vec::new();
        generate(&DemoOptions::new(Scale::Small, "https://sandbox.example"), &mut |c, v| records.push((c, v)));
        records
    })
}

impl Harness {
    /// The sandbox (tokens valid `lifetime`) and a cache synced from it.
    pub async fn start(lifetime: Duration) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
        let base_url = bound.base_url.clone();
        let ca_pem = std::fs::read(bound.ca_cert.as_ref().unwrap()).unwrap();
        let clock = Arc::new(SetClock(AtomicU64::new(START * 1000)));
        let sandbox = Sandbox::new(SandboxConfig {
            dialect: Dialect::spec(),
            base_url: base_url.clone(),
            scope_base: DEFAULT_SCOPE_BASE.into(),
            clients: vec![format!("cairn:{SECRET}").parse().unwrap()],
            token_lifetime: lifetime,
            db: None,
            clock: clock.clone(),
            entropy: Arc::new(SystemEntropy),
        })
        .unwrap();
        sandbox.write(demo().to_vec()).unwrap();
        let requests: Arc<Mutex<HashMap<(String, String), u64>>> = Arc::default();
        let decide: Arc<Mutex<Option<Box<Decide>>>> = Arc::default();
        let (counted, decider) = (requests.clone(), decide.clone());
        let hook: FaultHook = Arc::new(move |method: &str, path: &str| {
            let before = {
                let mut counts = counted.lock().unwrap();
                let n = counts.entry((method.to_owned(), path.to_owned())).or_insert(0);
                *n += 1;
                *n - 1
            };
            decider.lock().unwrap().as_ref().and_then(|d| d(method, path, before))
        });
        let running = serve_with_faults(bound, sandbox, ServeOptions::default(), Some(hook));
        let harness = Harness { base_url, ca_pem, clock, requests, decide, dir, running: Some(running) };
        let cache = harness.cache();
        let options = SyncOptions {
            services: vec![Service::Rostering, Service::Gradebook],
            clock: harness.clock.clone(),
            ..SyncOptions::default()
        };
        cairn_sync::sync(&harness.client(), &cache, CONNECTION, &options, &|_| {}, &Cancel::new()).await.unwrap();
        harness.requests.lock().unwrap().clear();
        harness
    }

    pub fn client(&self) -> Client {
        let mut config = ClientConfig::new(&self.base_url, "cairn", SECRET);
        config.ca_cert_pem = Some(self.ca_pem.clone());
        config.retry =
            RetryPolicy { max_attempts: 3, base_delay: Duration::from_millis(10), max_delay: Duration::from_secs(2) };
        config.timeout = Duration::from_secs(20);
        Client::new(config).unwrap()
    }

    pub fn db(&self) -> PathBuf {
        self.dir.path().join("cache.sqlite")
    }

    /// A handle on the cache file (a new one each call, as a restarted app opens it).
    pub fn cache(&self) -> CacheHandle {
        CacheHandle::open(&self.db()).unwrap()
    }

    /// Sets what the hook decides.
    pub fn set_faults(&self, decide: impl Fn(&str, &str, u64) -> Option<Fault> + Send + Sync + 'static) {
        *self.decide.lock().unwrap() = Some(Box::new(decide));
    }

    pub fn clear_faults(&self) {
        *self.decide.lock().unwrap() = None;
    }

    /// How many requests reached the server with `method` on a path ending with `suffix`.
    pub fn count(&self, method: &str, suffix: &str) -> u64 {
        let counts = self.requests.lock().unwrap();
        counts.iter().filter(|((m, p), _)| m == method && p.ends_with(suffix)).map(|(_, n)| *n).sum()
    }

    /// The first class with at least three line items and three students.
    pub fn class(&self) -> ClassGradebook {
        let cache = self.cache();
        cache
            .read_blocking(|conn| {
                let id = cairn_store::cache::find_connection(conn, CONNECTION)?.unwrap();
                let mut classes = cairn_store::cache::ids(conn, id, Collection::Classes)?;
                classes.sort();
                for class in classes {
                    let book = class_gradebook(conn, id, CONNECTION, &class).unwrap();
                    if book.line_items.len() >= 3 && book.students.len() >= 3 && !book.cells.is_empty() {
                        return Ok::<_, cairn_store::StoreError>(book);
                    }
                }
                panic!("no class with a gradebook in the demo")
            })
            .unwrap()
    }

    /// A record as the server holds it.
    pub async fn server(&self, get: &'static str, id: &str, wrapper: &str) -> Option<Value> {
        let op = cairn_spec::operations::operation(get).unwrap();
        let reply = self.client().call(op, &[id], None, None).await.ok()?;
        reply.body?.get(wrapper).cloned()
    }

    /// A record as the cache holds it.
    pub fn cached(&self, collection: Collection, id: &str) -> Option<Value> {
        let cache = self.cache();
        cache
            .read_blocking(|conn| {
                let cid = cairn_store::cache::find_connection(conn, CONNECTION)?.unwrap();
                cairn_store::cache::record(conn, cid, collection, id)
            })
            .unwrap()
            .map(|j| serde_json::from_str(&j).unwrap())
    }

    pub async fn stop(mut self) {
        if let Some(running) = self.running.take() {
            running.shutdown().await;
        }
    }
}
