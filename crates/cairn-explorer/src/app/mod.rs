//! The desktop app's logic, without a window: what each of the app's commands does, over the
//! cache (the store's [`CacheHandle`]: one writer, a pool of readers, all on the blocking pool), open framework graphs kept
//! until the cache changes, the built-in sandbox, and the window's session. `src-tauri` only
//! adapts these to Tauri commands.

mod about;
mod builtin;
mod connection_types;
mod connections;
mod detail;
mod error;
mod events;
mod exports_folder;
mod exports_to_file;
mod external;
mod framework_map;
mod frameworks;
mod gradebook;
mod grants;
mod imports;
mod open;
mod print;
mod print_memo;
mod print_sources;
mod relations;
mod relay;
mod roster;
mod search;
mod session;
mod settings;
mod settings_page;
mod tasks;
mod types;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use cairn_client::Client;
use cairn_sandbox::auth::Entropy;

use cairn_files::progress::{OnProgress, task};
use cairn_sync::connections::ConnectionSettings;
use cairn_sync::{Clock, SyncOptions, SyncReport};

pub use about::About;
pub use builtin::BuiltinSandbox;
pub use cairn_files::export::print::{PrintBundle, PrintColumns, PrintDocument};
pub use cairn_files::import::BundleRow;
pub use cairn_files::progress::Progress;
pub use cairn_store::cache::CacheHandle;
pub use cairn_sync::connections::DialectName;
pub use cairn_sync::failure::Failure;
pub use connection_types::{
    CollectionState, ConnectionForm, ConnectionList, ConnectionTest, ConnectionView, ServiceCheck, ServiceName,
    ServicePaths, SyncStatus,
};
pub use connections::{OpenSecrets, sync_task};
pub use error::{AppError, ErrorCode, ErrorDetail, StatusObject, Transport};
pub use events::{AppEvent, CacheChanged, CloseRequested};
pub use exports_to_file::{ExportDone, WorkbookSheet};
pub use framework_map::MAP_ROWS;
pub use frameworks::{list_frameworks, source_kind};
pub use gradebook::{
    BULKS, CellCheck, CellEdit, CellSave, CheckFinding, ClassGradebook, GradebookCategory, GradebookCell,
    GradebookLineItem, GradebookRecordRef, GradebookScale, GradebookStudent, Hrefs, IdPair, KINDS, Kind, OutboxItem,
    OutboxState, RecordState, RefusedCell, ResultDraft, ResultsPost, ScoreLimits, SendOptions, SendReport, UnsentCount,
    WriteAccess, WriteFailure, WriteMethod, access_of, bulk_named, check_result, class_gradebook, fill_hrefs, item_of,
    kind_named, result_record, send_outbox, stage_delete, stage_post, stage_put,
};
pub use grants::{ChosenFile, FileGrants, GrantAccess};
pub use imports::{FileCheck, FileWarning, ImportOutcome, ImportSummary, ImportedFile, WARNINGS_SHOWN};
pub use open::OpenFramework;
pub use print::{PREVIEW_ITEMS, PrintJob, PrintPreview, keep_print_pages, print_stage};
pub use print_sources::{PrintSource, SEARCH_PRINT_LIMIT};
pub use relations::association_types::{AssociationTypeInfo, TypeDefinition};
pub use relations::types::{
    CrosswalkGroup, CrosswalkPair, CrosswalkReport, CrosswalkSide, DIFF_TREE_ROWS, DiffMark, DiffRecord, DiffSection,
    DiffTreeRow, FieldDiff, GraphEdge, GraphNode, GroupingRef, GroupingTree, GroupingTreeRow, ItemSummary,
    NeighbourhoodGraph, Progression, ProgressionStep, Rubric, RubricCriterion, RubricLevel, SnapshotRef, SubtreeRef,
    TypeShare, VersionDiff,
};
pub use roster::{
    AcademicCalendar, AgentEntry, CHECK_ROWS, CalendarSession, CheckRecord, CheckResult, ClassColumn, ClassMember,
    ClassPage, ClassQuery, ClassSort, ClassTable, ClassTableRow, ColumnFilter, DataChecks, DemographicsAccess,
    DemographicsRecord, FieldLine, FieldLink, LineItemEntry, NavCrumb, NavEntry, NavKind, RecordLink, RecordPage,
    RosterError, RosterLevel, RosterMemo, RosterScope, RosterSource, ScopeCounts, SessionEntry, UserEnrollment,
    UserHit, UserNames, UserPage, UserRoleEntry,
};
pub use search::segments;
pub use settings::{AppSettings, SandboxScale, Theme};
pub use types::{
    AssociationDirection, AssociationGroup, AssociationLink, Children, CollectionSummary, Crumb, FetchedEnd,
    FieldMatch, FrameworkGroup, FrameworkKey, FrameworkMap, FrameworkOutline, FrameworkSummary, ItemDetail, LinkEnd,
    Location, MapRow, NodeKind, Publisher, SavedExploration, SearchHit, Segment, Session, SourceKind, StartReport,
    SyncSummary, TreeRow,
};

/// The name of the built-in sandbox's connection.
pub const BUILTIN_CONNECTION: &str = "Built-in sandbox";
/// The cache file's name in the data folder.
pub const CACHE_FILE: &str = "cache.sqlite";
/// Frameworks kept open at once.
const OPEN_LIMIT: usize = 6;

/// How to build an [`App`].
pub struct AppOptions {
    /// Where the cache, the session and the built-in sandbox's data live.
    pub data_dir: PathBuf,
    /// The random source (the built-in sandbox's credentials).
    pub entropy: Arc<dyn Entropy>,
    /// The clock syncs use.
    pub clock: Arc<dyn Clock>,
    /// Called with a connection's name whenever its cached data changed.
    pub on_cache_change: Box<dyn Fn(&str) + Send + Sync>,
}

/// A framework being opened or open: every caller asking for it while it is built waits for
/// the one build.
type Opening = Arc<tokio::sync::OnceCell<Arc<OpenFramework>>>;

/// The app's state: everything its commands share.
pub struct App {
    data_dir: PathBuf,
    cache: CacheHandle,
    open: Mutex<HashMap<FrameworkKey, Opening>>,
    builtin: tokio::sync::Mutex<Option<BuiltinSandbox>>,
    /// Whether the built-in sandbox's last start found its database unreadable: only then may
    /// it be set aside (`set_sandbox_data_aside`), never on the page's word alone.
    builtin_unreadable: std::sync::atomic::AtomicBool,
    tasks: tasks::Tasks,
    entropy: Arc<dyn Entropy>,
    clock: Arc<dyn Clock>,
    on_cache_change: Box<dyn Fn(&str) + Send + Sync>,
    rubrics: relations::rubrics::RubricCache,
    roster: Arc<roster::RosterMemo>,
    /// The last print document built (the print dialog's preview), for the print that follows.
    print_memo: print_memo::PrintMemo,
    secrets: OpenSecrets,
    /// Connections whose server refused a write for the credentials (401 or 403), with why:
    /// their gradebook forms are read-only until the connection is saved again.
    write_refusals: Mutex<HashMap<String, String>>,
    /// Held while the outbox is sent: one send at a time, so that no write goes out twice.
    sending: tokio::sync::Mutex<()>,
    /// How many gradebook writes are unsent, kept so that closing the window reads no database.
    unsent: Arc<gradebook::UnsentTally>,
}

impl App {
    /// Opens the cache in the data folder (creating both if needed).
    pub fn new(options: AppOptions) -> Result<App, AppError> {
        let path = options.data_dir.join(CACHE_FILE);
        let cache = CacheHandle::open(&path)
            .map_err(|e| AppError::store(format!("cannot open the cache {}: {e}", path.display())))?;
        let unsent = cache.read_blocking(gradebook::UnsentTally::read)?;
        Ok(App {
            data_dir: options.data_dir,
            cache,
            open: Mutex::new(HashMap::new()),
            builtin: tokio::sync::Mutex::new(None),
            builtin_unreadable: std::sync::atomic::AtomicBool::new(false),
            tasks: tasks::Tasks::default(),
            entropy: options.entropy,
            clock: options.clock,
            on_cache_change: options.on_cache_change,
            rubrics: relations::rubrics::RubricCache::default(),
            roster: Arc::default(),
            print_memo: print_memo::PrintMemo::default(),
            secrets: connections::os_keyring(),
            write_refusals: Mutex::new(HashMap::new()),
            sending: tokio::sync::Mutex::new(()),
            unsent: Arc::new(unsent),
        })
    }

    /// The data folder.
    pub fn data_dir(&self) -> &Path {
        &self.data_dir
    }

    /// The cache.
    pub fn cache(&self) -> &CacheHandle {
        &self.cache
    }

    /// Starts the app: on the first launch (no data in the cache, or only a built-in sandbox
    /// whose first sync never completed — cancelled or failed) starts the built-in sandbox,
    /// saves it as a connection and syncs it, reporting progress; otherwise answers at once,
    /// with no network.
    pub async fn start(&self, progress: OnProgress<'_>) -> Result<StartReport, AppError> {
        if !self.cache.read(needs_first_launch).await? {
            return Ok(StartReport { first_launch: false, session: self.session_load().await? });
        }
        let report = self.sync_builtin(true, progress).await?;
        if report.is_cancelled() {
            return Err(AppError::new(
                ErrorCode::Cancelled,
                "the built-in sandbox's first sync was cancelled: start it again to have something to explore",
            ));
        }
        if !report.collections.iter().any(|c| c.outcome.is_success()) {
            let reasons: Vec<String> = report
                .collections
                .iter()
                .filter_map(|c| c.message.as_ref().map(|m| format!("{}: {m}", c.collection)))
                .collect();
            let message = "the built-in sandbox could not be synced";
            // The first failure's code, HTTP status and status object, as the server sent them.
            let mut error = match report.collections.iter().find_map(|c| c.failure.as_ref()) {
                Some(failure) => AppError::from_failure(failure, message),
                None => AppError::new(ErrorCode::Sync, message),
            };
            error.code = ErrorCode::Sync;
            return Err(error.with_text(reasons.join("\n")));
        }
        Ok(StartReport { first_launch: true, session: None })
    }

    /// Syncs the built-in sandbox (starting it first when it is not running): in full, or
    /// incrementally; reports progress and can be cancelled as task `sync`.
    pub async fn sync_builtin(&self, full: bool, progress: OnProgress<'_>) -> Result<SyncReport, AppError> {
        self.sync_builtin_as(task::SYNC.as_str(), full, progress).await
    }

    /// [`App::sync_builtin`] as the task `task`, with the app's settings.
    async fn sync_builtin_as(&self, task: &str, full: bool, progress: OnProgress<'_>) -> Result<SyncReport, AppError> {
        let settings = self.settings().await?;
        let mut config = self.builtin_config().await?;
        settings.apply(&mut config);
        let client = Client::new(config)?;
        let options = SyncOptions {
            incremental: !full,
            page_size: settings.page_size,
            clock: self.clock.clone(),
            ..SyncOptions::default()
        };
        let running = self.tasks.begin(task);
        let report =
            cairn_sync::sync(&client, &self.cache, BUILTIN_CONNECTION, &options, progress, running.cancel()).await?;
        drop(running);
        self.changed(BUILTIN_CONNECTION);
        Ok(report)
    }

    /// The built-in sandbox's client configuration, starting it (with the scale the settings
    /// name) when it is not running, and its connection saved at its current address.
    async fn builtin_config(&self) -> Result<cairn_client::ClientConfig, AppError> {
        let mut builtin = self.builtin.lock().await;
        if builtin.is_none() {
            let scale = self.settings().await?.sandbox_scale.scale();
            let started = BuiltinSandbox::start(&self.data_dir, self.entropy.clone(), scale).await;
            let unreadable = started.as_ref().is_err_and(|e| e.code == ErrorCode::SandboxData);
            self.builtin_unreadable.store(unreadable, std::sync::atomic::Ordering::SeqCst);
            *builtin = Some(started?);
        }
        let Some(sandbox) = builtin.as_ref() else { return Err(AppError::internal("the sandbox did not start")) };
        let settings = ConnectionSettings {
            token_url: None,
            client_id: sandbox.client_id().to_owned(),
            ca_cert: Some(sandbox.ca_cert().to_owned()),
            ca_cert_pem: None,
            dialect: DialectName::Spec,
            base_paths: Default::default(),
            scopes: Vec::new(),
            scope_base: None,
            anonymous: false,
        };
        let json = serde_json::to_string(&settings).map_err(|e| AppError::internal(e.to_string()))?;
        let base_url = sandbox.base_url().to_owned();
        self.cache
            .write(move |tx| {
                cairn_store::cache::save_connection(tx, BUILTIN_CONNECTION, &base_url, &json)?;
                Ok::<_, AppError>(())
            })
            .await?;
        sandbox.client_config()
    }

    /// Every cached framework, grouped by connection.
    pub async fn list_frameworks(&self) -> Result<Vec<FrameworkGroup>, AppError> {
        self.cache.read(list_frameworks).await
    }

    /// Opens a framework (built once, then kept) and answers its first level.
    pub async fn open_framework(&self, key: FrameworkKey) -> Result<FrameworkOutline, AppError> {
        Ok(self.framework(key).await?.outline())
    }

    /// The open framework's whole tree with each item's type and education levels, for the map.
    pub async fn framework_map(&self, key: FrameworkKey) -> Result<FrameworkMap, AppError> {
        let open = self.framework(key).await?;
        self.cache.read(move |conn| framework_map::framework_map(conn, &open)).await
    }

    /// The children of each of `parents`.
    pub async fn tree_children(&self, key: FrameworkKey, parents: Vec<String>) -> Result<Vec<Children>, AppError> {
        Ok(self.framework(key).await?.children(&parents))
    }

    /// The children of every node below `node`.
    pub async fn tree_descendants(&self, key: FrameworkKey, node: String) -> Result<Vec<Children>, AppError> {
        self.framework(key).await?.descendants(&node)
    }

    /// Every path from a root row down to `identifier`.
    pub async fn tree_paths(&self, key: FrameworkKey, identifier: String) -> Result<Vec<Vec<String>>, AppError> {
        self.framework(key).await?.paths(&identifier)
    }

    /// What the item panel shows.
    pub async fn item_detail(&self, key: FrameworkKey, identifier: String) -> Result<ItemDetail, AppError> {
        let open = self.framework(key).await?;
        self.cache.read(move |conn| detail::item_detail(conn, &open, &identifier)).await
    }

    /// Full-text search over every cached framework, reporting the hits read as task
    /// `search`; a new search cancels the one still running, and so does `cancel("search")`
    /// (the query is interrupted inside SQLite).
    pub async fn search(
        &self,
        query: String,
        limit: u32,
        progress: OnProgress<'_>,
    ) -> Result<Vec<SearchHit>, AppError> {
        let limit = limit.clamp(1, 500);
        let running = self.tasks.begin(task::SEARCH.as_str());
        let (cancel, cache) = (running.cancel().clone(), self.cache.clone());
        relay::with_progress(progress, move |reports| {
            cache.read_blocking(|conn| search::search(conn, &query, limit, &cancel, &relay::sender(&reports)))
        })
        .await
    }

    /// The saved session, read on the blocking pool (never on the caller's thread).
    pub async fn session_load(&self) -> Result<Option<Session>, AppError> {
        let dir = self.data_dir.clone();
        cairn_store::cache::blocking(move || Ok::<_, AppError>(session::load(&dir))).await
    }

    /// Saves the session, written on the blocking pool.
    pub async fn session_save(&self, session: Session) -> Result<(), AppError> {
        let dir = self.data_dir.clone();
        cairn_store::cache::blocking(move || session::save(&dir, &session)).await
    }

    /// Cancels the running task `task` (`sync`, `sync:<connection>`, `search`, `import`);
    /// whether one was running.
    pub fn cancel(&self, task: &str) -> bool {
        self.tasks.cancel(task)
    }

    /// Stops the built-in sandbox if it runs.
    pub async fn shutdown(&self) {
        if let Some(sandbox) = self.builtin.lock().await.take() {
            sandbox.stop().await;
        }
    }

    /// The open framework `key`, opened on a blocking thread if needed (once, however many ask).
    async fn framework(&self, key: FrameworkKey) -> Result<Arc<OpenFramework>, AppError> {
        let opening = {
            let mut frameworks = self.open.lock().unwrap_or_else(PoisonError::into_inner);
            match frameworks.get(&key) {
                Some(opening) => opening.clone(),
                None => {
                    if frameworks.len() >= OPEN_LIMIT {
                        drop_later(std::mem::take(&mut *frameworks));
                    }
                    frameworks.entry(key.clone()).or_default().clone()
                }
            }
        };
        let open = opening
            .get_or_try_init(|| async {
                let open = self.cache.read(move |conn| OpenFramework::load(conn, &key)).await?;
                Ok::<_, AppError>(Arc::new(open))
            })
            .await?;
        Ok(open.clone())
    }

    /// Forgets what was built from `connection`'s data and tells the window.
    fn changed(&self, connection: &str) {
        let mut frameworks = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let (stale, kept) =
            std::mem::take(&mut *frameworks).into_iter().partition(|(key, _)| key.connection == connection);
        *frameworks = kept;
        drop(frameworks);
        drop_later(stale);
        self.rubrics.forget(connection);
        self.roster.forget(connection);
        self.print_memo.forget();
        (self.on_cache_change)(connection);
    }
}

/// Frees frameworks on the blocking pool: a large one takes tens of milliseconds to free, which
/// no command should wait for.
fn drop_later(frameworks: HashMap<FrameworkKey, Opening>) {
    if let (false, Ok(runtime)) = (frameworks.is_empty(), tokio::runtime::Handle::try_current()) {
        drop(runtime.spawn_blocking(move || drop(frameworks)));
    }
}

/// Whether the cache holds nothing to explore yet: no connection, or only the built-in
/// sandbox without a completed framework sync.
fn needs_first_launch(conn: &rusqlite::Connection) -> Result<bool, AppError> {
    let connections = cairn_store::cache::connections(conn)?;
    Ok(match connections.as_slice() {
        [] => true,
        [only] if only.name == BUILTIN_CONNECTION => {
            cairn_store::cache::last_complete(conn, only.id, "CFDocuments")?.is_none()
        }
        _ => false,
    })
}
