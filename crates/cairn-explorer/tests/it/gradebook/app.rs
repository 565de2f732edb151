//! The gradebook as the window's commands reach it: an [`App`] in a temporary data folder with
//! keyring-core's mock store as the keyring, a connection saved and synced from the real
//! sandbox over HTTPS, served in a layout the test chooses.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use cairn_client::{Client, ClientConfig};
use cairn_explorer::app::{App, ClassGradebook, ConnectionForm, ServicePaths};
use cairn_sandbox::auth::{SystemClock, SystemEntropy};
use cairn_sandbox::demo::{DemoOptions, Scale, generate};
use cairn_sandbox::http::{Running, ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::{Collection, Dialect};
use serde_json::Value;

const SECRET: &str = "Heron-41c7-gradebook-secret";

/// The sandbox with the small demo, serving under `layout`'s base paths (its records' `href`s
/// too).
pub struct Served {
    running: Running,
    pub base_url: String,
    ca_cert: PathBuf,
    pub layout: Dialect,
    _dir: tempfile::TempDir,
}

impl Served {
    pub fn start(layout: Dialect) -> Served {
        let dir = tempfile::tempdir().unwrap();
        let bound = bind("127.0.0.1:0".parse().unwrap(), true, dir.path()).unwrap();
        let (base_url, ca_cert) = (bound.base_url.clone(), bound.ca_cert.clone().unwrap());
        let sandbox = Sandbox::new(SandboxConfig {
            dialect: layout.clone(),
            base_url: base_url.clone(),
            scope_base: DEFAULT_SCOPE_BASE.into(),
            clients: vec![format!("cairn:{SECRET}").parse().unwrap()],
            token_lifetime: Duration::from_secs(3600),
            db: None,
            clock: Arc::new(SystemClock),
            entropy: Arc::new(SystemEntropy),
        })
        .unwrap();
        let mut records = Vec::new();
        let demo = DemoOptions { dialect: layout.clone(), ..DemoOptions::new(Scale::Small, &base_url) };
        generate(&demo, &mut |c, v| records.push((c, v)));
        sandbox.write(records).unwrap();
        let running = serve(bound, sandbox, ServeOptions::default());
        Served { running, base_url, ca_cert, layout, _dir: dir }
    }

    /// The connection form that reaches it: the specification's dialect, with every service
    /// the layout moves given its base path.
    pub fn form(&self, name: &str) -> ConnectionForm {
        let (spec, layout) = (Dialect::spec(), &self.layout);
        let moved = |theirs: &String, ours: &String| (theirs != ours).then(|| theirs.clone());
        ConnectionForm {
            name: name.into(),
            base_url: self.base_url.clone(),
            token_url: None,
            client_id: "cairn".into(),
            client_secret: SECRET.into(),
            scopes: Vec::new(),
            dialect: cairn_sync::connections::DialectName::Spec,
            base_paths: ServicePaths {
                competency: moved(&layout.competency, &spec.competency),
                rostering: moved(&layout.rostering, &spec.rostering),
                gradebook: moved(&layout.gradebook, &spec.gradebook),
                resources: moved(&layout.resources, &spec.resources),
            },
            ca_cert: Some(self.ca_cert.display().to_string()),
            anonymous: false,
        }
    }

    /// A client of the server's own layout, to read what it holds.
    pub fn client(&self) -> Client {
        let mut config = ClientConfig::new(&self.base_url, "cairn", SECRET);
        config.dialect = self.layout.clone();
        config.ca_cert_pem = Some(std::fs::read(&self.ca_cert).unwrap());
        Client::new(config).unwrap()
    }

    /// A record as the server holds it (`get` by its operation's name).
    pub async fn record(&self, get: &str, id: &str, wrapper: &str) -> Option<Value> {
        let op = cairn_spec::operations::operation(get).unwrap();
        let reply = self.client().call(op, &[id], None, None).await.ok()?;
        reply.body?.get(wrapper).cloned()
    }

    pub async fn stop(self) {
        self.running.shutdown().await;
    }
}

/// The app on `dir`, its keyring the mock store.
pub fn app(dir: &Path) -> App {
    crate::mock_keyring_app(dir)
}

/// The app on `dir` with `served` saved as `name` and synced.
pub async fn synced(dir: &Path, served: &Served, name: &str) -> App {
    let app = app(dir);
    app.connection_save(served.form(name), None).await.unwrap();
    let report = app.sync_connection(name.into(), true, &|_| {}).await.unwrap();
    assert!(report.is_complete(), "{report:?}");
    app
}

/// The first class (by id) with a result, and a line item with a minimum that a student has no
/// result in.
pub async fn class_with_room(app: &App, dir: &Path, name: &str) -> ClassGradebook {
    let mut classes = {
        let conn = cairn_store::cache::open(&dir.join("cache.sqlite")).unwrap();
        let id = cairn_store::cache::find_connection(&conn, name).unwrap().unwrap();
        cairn_store::cache::ids(&conn, id, Collection::Classes).unwrap()
    };
    classes.sort();
    for class in classes {
        let book = app.gradebook_class(name.into(), class).await.unwrap();
        let roomy = !book.cells.is_empty()
            && book.line_items.iter().any(|l| {
                l.min.is_some()
                    && book
                        .students
                        .iter()
                        .any(|s| !book.cells.iter().any(|c| c.student == s.id && c.line_item == l.id))
            });
        if roomy {
            return book;
        }
    }
    panic!("no class with a result and an empty cell")
}

/// A record cached for `name`.
pub fn cached(dir: &Path, name: &str, collection: Collection, id: &str) -> Option<Value> {
    let conn = cairn_store::cache::open(&dir.join("cache.sqlite")).unwrap();
    let cid = cairn_store::cache::find_connection(&conn, name).unwrap().unwrap();
    cairn_store::cache::record(&conn, cid, collection, id).unwrap().map(|j| serde_json::from_str(&j).unwrap())
}
