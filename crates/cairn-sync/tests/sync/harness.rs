//! The real sandbox in-process over HTTPS with the small demo data and a clock the test sets
//! (shared with the sync), clients for it, what the server says it holds, and what the cache
//! holds (a digest of every table, the journal).

use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cairn_client::{Cancel, Client, ClientConfig, RetryPolicy};
use cairn_files::progress::OnProgress;
use cairn_query::Query;
use cairn_sandbox::auth::SystemEntropy;
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{Running, ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::operations::scopes_of;
use cairn_spec::{Collection, Dialect, Service};
use cairn_store::cache;
use cairn_sync::{SyncOptions, SyncReport};
use serde_json::Value;

/// The secret of every registered client.
pub const SECRET: &str = "Kestrel-9f3b-secret";

/// 2026-01-01T00:00:00Z: after the demo data's changes (2025-08-01).
pub const START: u64 = 1_767_225_600;

/// A clock the test moves by hand, read by the sandbox and the sync alike.
pub struct SetClock(AtomicU64);

impl SetClock {
    pub fn new() -> Arc<SetClock> {
        Arc::new(SetClock(AtomicU64::new(START * 1000)))
    }

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

/// A running sandbox.
pub struct Harness {
    pub base_url: String,
    pub ca_pem: Option<Vec<u8>>,
    pub dialect: Dialect,
    pub clock: Arc<SetClock>,
    pub dir: tempfile::TempDir,
    running: Option<Running>,
}

/// The small demo dataset, generated once.
fn demo() -> &'static [(Collection, Value)] {
    static DEMO: OnceLock<Vec<(Collection, Value)>> = OnceLock::new();
    DEMO.get_or_init(|| {
        let mut records = Vec::new();
        generate(&DemoOptions::new(Scale::Small, "https://sandbox.example"), &mut |c, v| records.push((c, v)));
        records
    })
}

/// Every scope suffix except the demographics one.
fn all_but_demographics() -> String {
    let mut scopes: Vec<&str> = Service::ALL.into_iter().flat_map(scopes_of).collect();
    scopes.sort_unstable();
    scopes.dedup();
    scopes.retain(|s| *s != "roster-demographics.readonly");
    scopes.join(",")
}

impl Harness {
    pub async fn start(dialect: Dialect, chaos: Option<u64>) -> Harness {
        Harness::start_with(dialect, ServeOptions { chaos, ..ServeOptions::default() }).await
    }

    /// The sandbox served with `options` (a slow link, faults).
    pub async fn start_with(dialect: Dialect, options: ServeOptions) -> Harness {
        let dir = tempfile::tempdir().unwrap();
        let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
        let base_url = bound.base_url.clone();
        let ca_pem = bound.ca_cert.as_ref().map(|path: &PathBuf| std::fs::read(path).unwrap());
        let clock = SetClock::new();
        let clients = [format!("cairn:{SECRET}"), format!("nodemo:{SECRET}:{}", all_but_demographics())];
        let sandbox = Sandbox::new(SandboxConfig {
            dialect: dialect.clone(),
            base_url: base_url.clone(),
            scope_base: DEFAULT_SCOPE_BASE.into(),
            clients: clients.iter().map(|c| c.parse().unwrap()).collect(),
            token_lifetime: Duration::from_secs(90 * 86_400),
            db: None,
            clock: clock.clone(),
            entropy: Arc::new(SystemEntropy),
        })
        .unwrap();
        sandbox.write(demo().to_vec()).unwrap();
        let running = serve(bound, sandbox, options);
        Harness { base_url, ca_pem, dialect, clock, dir, running: Some(running) }
    }

    pub fn client_for(&self, client_id: &str) -> Client {
        let mut config = ClientConfig::new(&self.base_url, client_id, SECRET);
        config.dialect = self.dialect.clone();
        config.ca_cert_pem = self.ca_pem.clone();
        config.retry =
            RetryPolicy { max_attempts: 10, base_delay: Duration::from_millis(20), max_delay: Duration::from_secs(2) };
        config.timeout = Duration::from_secs(20);
        Client::new(config).unwrap()
    }

    pub fn client(&self) -> Client {
        self.client_for("cairn")
    }

    /// A cache file in the harness's folder.
    pub fn db(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Options reading the sandbox's clock.
    pub fn options(&self, incremental: bool) -> SyncOptions {
        SyncOptions { incremental, clock: self.clock.clone(), ..SyncOptions::default() }
    }

    pub async fn stop(mut self) {
        if let Some(running) = self.running.take() {
            running.shutdown().await;
        }
    }
}

/// Syncs without progress or cancellation.
pub async fn run(client: &Client, db: &Path, options: &SyncOptions) -> SyncReport {
    run_with(client, db, options, &|_| {}, &Cancel::new()).await
}

pub async fn run_with(
    client: &Client,
    db: &Path,
    options: &SyncOptions,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> SyncReport {
    let cache = cairn_store::cache::CacheHandle::open(db).unwrap();
    cairn_sync::sync(client, &cache, "sandbox", options, progress, cancel).await.unwrap()
}

/// `X-Total-Count` of every getAll collection, asked with `limit=1`.
pub async fn server_totals(client: &Client) -> BTreeMap<Collection, u64> {
    let one = Query::from_params([("limit", "1")]).unwrap();
    let mut totals = BTreeMap::new();
    for collection in Collection::ALL {
        if let Some(op) = cairn_sync::get_all(collection).or_else(|| {
            (collection == Collection::CfDocuments)
                .then(|| cairn_spec::operations::operation("getAllCFDocuments"))
                .flatten()
        }) {
            let reply = client.call(op, &[], Some(&one), None).await.unwrap();
            totals.insert(collection, reply.total.unwrap());
        }
    }
    totals
}

/// CFItems and CFAssociations summed over every served package.
pub async fn package_totals(client: &Client) -> (u64, u64) {
    let documents = cairn_spec::Wire::to_json(&client.get_all_cf_documents(&Query::default()).await.unwrap());
    let mut sums = (0, 0);
    for document in documents["CFDocuments"].as_array().unwrap() {
        let id = document["identifier"].as_str().unwrap();
        let package = cairn_spec::Wire::to_json(&client.get_cf_package(id).await.unwrap());
        let len = |k: &str| package[k].as_array().map_or(0, |a| a.len() as u64);
        sums = (sums.0 + len("CFItems"), sums.1 + len("CFAssociations"));
    }
    sums
}

/// Record counts per collection in the cache.
pub fn counts(db: &Path) -> BTreeMap<Collection, u64> {
    let conn = cache::open(db).unwrap();
    cache::counts(&conn, None).unwrap().into_iter().collect()
}

/// Per table: rows and a hash of every (id, to_be_deleted, json) in id order.
pub fn digest(db: &Path) -> BTreeMap<&'static str, (u64, u64)> {
    let conn = cache::open(db).unwrap();
    let mut out = BTreeMap::new();
    for spec in cache::TABLES {
        let sql = format!("SELECT id, to_be_deleted, json FROM {} ORDER BY id", spec.table);
        let mut statement = conn.prepare(&sql).unwrap();
        let rows = statement
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?, r.get::<_, String>(2)?)))
            .unwrap();
        let mut hasher = DefaultHasher::new();
        let mut n = 0;
        for row in rows {
            row.unwrap().hash(&mut hasher);
            n += 1;
        }
        out.insert(spec.table, (n, hasher.finish()));
    }
    out
}

/// One journal line.
#[derive(Debug, Clone)]
pub struct Line {
    pub collection: String,
    pub mode: String,
    pub started_at: String,
    pub outcome: String,
    pub records: u64,
    pub message: Option<String>,
}

/// The journal, oldest first.
pub fn journal(db: &Path) -> Vec<Line> {
    let conn = cache::open(db).unwrap();
    let mut statement = conn
        .prepare("SELECT collection, mode, started_at, outcome, records, message FROM sync_journal ORDER BY id")
        .unwrap();
    statement
        .query_map([], |r| {
            Ok(Line {
                collection: r.get(0)?,
                mode: r.get(1)?,
                started_at: r.get(2)?,
                outcome: r.get(3)?,
                records: r.get::<_, i64>(4)? as u64,
                message: r.get(5)?,
            })
        })
        .unwrap()
        .map(Result::unwrap)
        .collect()
}
