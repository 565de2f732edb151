//! Saved connections ([`connections`]: settings in the cache, the secret in the keyring) and
//! syncing a provider into the cache: the rostering, gradebook and resources collections
//! through their getAll operations, and the competency frameworks (the document list, then
//! the package of every new or changed document).
//!
//! - Everything goes through the caller's [`CacheHandle`]: its one writer, its readers, its
//!   checkpointer. The sync never opens the cache itself.
//! - Each collection (and each framework package) is written in one transaction that commits
//!   only once the whole collection was read: a failed or cancelled sync leaves the previous
//!   data exactly as it was, and the report and the journal say what failed.
//! - Pages stream as text from [`Client::collect_raw_pages`] through a bounded channel to a
//!   stager, each record kept exactly as the server sent it; no collection is held in memory
//!   whole. The stager stages pages outside the cache (a
//!   [`StagedCollection`](cairn_store::cache::StagedCollection), no lock held); once the read
//!   completed, the swap-in's IMMEDIATE transaction begins with every row in hand (see
//!   `swap.rs`). No write transaction is open across a network read: other writers (an import,
//!   a gradebook save, the outbox) wait at most for one swap-in.
//! - Incremental: a collection with a complete sync in the journal is read with
//!   `filter=dateLastModified>'<start of that sync>'` and merged; a server that refuses the
//!   filter (HTTP 400) gets a full read instead. Records deleted outright on the server (rather
//!   than flagged `tobedeleted`) are only dropped by a full sync.
//! - Two collections are read side by side (the client's adaptive window bounds the requests
//!   in flight), each staged on its own; the next read begins as soon as one ends, while the
//!   collection read waits for the writer if it is busy, so that the network never idles while
//!   the writer catches up. Swap-ins go through the one writer in turn, and the report lists
//!   the collections in plan order. The largest start first (by their last full sync, or as a
//!   first sync expects: results, enrollments, users...), so that the longest read does not
//!   begin last and leave the writer idle until it ends. The frameworks go alongside. The
//!   checkpointer copies each commit into the file as the sync goes.
//! - A collection the granted scopes do not allow is skipped; a 403 is reported as forbidden;
//!   either way the other collections go on. Granted scopes Cairn does not recognise (a server
//!   naming them its own way) and anonymous clients skip nothing: the server's answer decides.
//!   Cancellation stops everything.

pub mod connections;
pub mod failure;

mod clock;
mod collection;
mod deviations;
mod empty;
mod frameworks;
mod plan;
mod report;
mod store;
mod swap;

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use cairn_client::{Cancel, Client, ClientError};
use cairn_spec::Service;
use cairn_spec::operations::Operation;
use cairn_store::cache::{self, CacheHandle};

use cairn_files::progress::{OnProgress, Progress, task};

pub use clock::{Clock, SystemClock, timestamp};
pub use deviations::{Deviations, FIRST_DEVIATIONS};
pub use plan::{get_all, parse_service, read_scopes};
pub use report::{CollectionReport, SyncMode, SyncOutcome, SyncReport};

use plan::{Step, plan};
use store::Cache;

/// Collections read at once, each from its read's first request to its last page (a read
/// that ended waits for the writer without holding its place). Two: each queues the client's
/// window of pages (which the window shares between them, so that one whose writer lags
/// leaves its share to the other) and holds them in memory with a staging database; more
/// would only hold more pages.
const READS_AT_ONCE: usize = 2;

/// Records per page asked for by default: few round trips, pages small enough to stream
/// (servers that serve fewer per page are followed at their own size).
pub const DEFAULT_PAGE_SIZE: u32 = 1000;

/// What to sync and how.
#[derive(Clone)]
pub struct SyncOptions {
    /// The services to sync (every one when empty).
    pub services: Vec<Service>,
    /// The framework documents whose packages to sync, by identifier; `None` for all.
    pub frameworks: Option<Vec<String>>,
    /// Read only what changed since the last complete sync where possible (and skip framework
    /// packages whose document did not change); `false` reads everything.
    pub incremental: bool,
    /// Remove the cached frameworks the server no longer lists (with every framework
    /// chosen); without it they stay, marked as no longer listed since the sync that found so.
    pub prune: bool,
    /// Records per page requested.
    pub page_size: u32,
    /// Where the time of the journal and of the incremental filter comes from.
    pub clock: Arc<dyn Clock>,
}

impl Default for SyncOptions {
    /// Every service, every framework, incremental, pages of [`DEFAULT_PAGE_SIZE`], the system
    /// clock.
    fn default() -> Self {
        SyncOptions {
            services: Service::ALL.to_vec(),
            frameworks: None,
            incremental: true,
            prune: false,
            page_size: DEFAULT_PAGE_SIZE,
            clock: Arc::new(SystemClock),
        }
    }
}

impl fmt::Debug for SyncOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SyncOptions")
            .field("services", &self.services)
            .field("frameworks", &self.frameworks)
            .field("incremental", &self.incremental)
            .field("prune", &self.prune)
            .field("page_size", &self.page_size)
            .finish_non_exhaustive()
    }
}

/// Why a sync could not run at all (a collection's own failure is in its report instead).
#[derive(Debug, thiserror::Error)]
pub enum SyncError {
    /// The cache cannot be written.
    #[error("cannot write the cache {path}: {source}")]
    Cache {
        /// The cache file.
        path: String,
        /// Why.
        source: cairn_store::StoreError,
    },
    /// No token: the server or its token endpoint cannot be reached, or refused the client.
    #[error("cannot authenticate with the server: {0}")]
    Connect(ClientError),
}

/// Syncs the provider `client` talks to into `cache`, under the connection called
/// `connection` (created if absent). Reports progress to `progress` (task `sync`, a stage per
/// collection or package: when it starts, after each page, when it ends) and stops promptly
/// when `cancel` fires, keeping the previous data of the collection it was reading (its staged
/// pages are dropped); returns what happened to every collection.
pub async fn sync(
    client: &Client,
    cache: &CacheHandle,
    connection: &str,
    options: &SyncOptions,
    progress: OnProgress<'_>,
    cancel: &Cancel,
) -> Result<SyncReport, SyncError> {
    let cache = Cache::open(cache, connection, client.endpoint().base_url()).await?;
    let granted = tokio::select! {
        biased;
        _ = cancel.cancelled() => None,
        granted = client.granted() => Some(granted.map_err(SyncError::Connect)?),
    };
    let reads = tokio::sync::Semaphore::new(READS_AT_ONCE);
    let ctx = Ctx { client, cache, options, progress, cancel, reads };
    let mut report = SyncReport::default();
    let cancelled = granted.is_none();
    // `None`: the scopes cannot say what is allowed (anonymous, or named the server's own way).
    let granted = granted.flatten().filter(|g| plan::recognised(g));
    let granted = granted.as_deref();
    let steps = plan(&options.services);
    let collections: Vec<_> = steps
        .iter()
        .filter_map(|step| match step {
            Step::Collection(collection, op) => Some((*collection, *op)),
            Step::Frameworks => None,
        })
        .collect();
    // Collections side by side (`READS_AT_ONCE` read at a time, the client's window bounding
    // the requests in flight; the cache's one writer takes their swap-ins one after another),
    // the largest started first, the frameworks alongside; the report lists the collections in
    // plan order. Every collection's future starts at once: each waits for a place to read
    // (the semaphore serves them in the order they asked, the start order), then for the
    // writer.
    let ctx = &ctx;
    let order = start_order(ctx, &collections).await;
    // Futures of a named async fn (a closure returning an async block over the operation's
    // reference would make the whole sync future not `Send`).
    let started: Vec<_> = order
        .into_iter()
        .map(|i| {
            let (collection, op) = collections[i];
            numbered(i, one_collection(ctx, collection, op, granted, cancelled))
        })
        .collect();
    let frameworks = async {
        let mut out = Vec::new();
        if !steps.iter().any(|step| matches!(step, Step::Frameworks)) {
            return out;
        }
        match cancelled {
            true => out.push(ctx.not_started(frameworks::DOCUMENTS)),
            false => frameworks::sync(ctx, granted, &mut out).await,
        }
        out
    };
    let collections = futures_util::future::join_all(started);
    let (mut done, frameworks) = futures_util::future::join(collections, frameworks).await;
    done.sort_by_key(|(i, _)| *i);
    report.collections.extend(done.into_iter().map(|(_, report)| report));
    report.collections.extend(frameworks);
    Ok(report)
}

/// The order in which to start reading `collections` (indexes into it): the largest first, by
/// the records of their last full sync (see [`plan::start_order`]).
async fn start_order(ctx: &Ctx<'_>, collections: &[(cairn_spec::Collection, &'static Operation)]) -> Vec<usize> {
    // Without the journal (it cannot be read) the reads start as a first sync's would.
    let known: HashMap<String, u64> =
        ctx.cache.read(cache::full_sync_sizes).await.unwrap_or_default().into_iter().collect();
    let names: Vec<cairn_spec::Collection> = collections.iter().map(|(c, _)| *c).collect();
    plan::start_order(&names, &|c| known.get(c.name()).copied())
}

/// `report` with its place in the plan.
async fn numbered(index: usize, report: impl Future<Output = CollectionReport>) -> (usize, CollectionReport) {
    (index, report.await)
}

/// One collection of the plan: not started (cancelled), skipped (not allowed), or synced.
async fn one_collection(
    ctx: &Ctx<'_>,
    collection: cairn_spec::Collection,
    op: &'static Operation,
    granted: Option<&[String]>,
    cancelled: bool,
) -> CollectionReport {
    if cancelled || ctx.cancel.is_cancelled() {
        return ctx.not_started(collection.name());
    }
    if !allowed(op, granted) {
        return ctx.skipped(collection.name(), op);
    }
    let place = ctx.place_to_read().await;
    // Cancelled while it waited for its place: it never started.
    match ctx.cancel.is_cancelled() {
        true => ctx.not_started(collection.name()),
        false => collection::sync(ctx, collection, op, place).await,
    }
}

/// Whether the granted scope suffixes allow `op` (`None`: they cannot tell, so try it).
fn allowed(op: &Operation, granted: Option<&[String]>) -> bool {
    granted.is_none_or(|granted| op.allowed_by(granted.iter().map(String::as_str)))
}

/// Sets `config` to ask for the read-only scopes of what a sync of `services` reads, unless it
/// names its scopes already (least privilege: never a write scope for a sync).
pub fn least_privilege(config: &mut cairn_client::ClientConfig, services: &[Service]) {
    if config.scopes.is_empty() {
        config.scopes = read_scopes(services).into_iter().map(str::to_owned).collect();
    }
}

/// What every step of one sync shares.
pub(crate) struct Ctx<'a> {
    client: &'a Client,
    cache: Cache,
    options: &'a SyncOptions,
    progress: OnProgress<'a>,
    cancel: &'a Cancel,
    /// A place to read a collection (see [`READS_AT_ONCE`]).
    reads: tokio::sync::Semaphore,
}

impl Ctx<'_> {
    /// Waits for a place to read a collection (see [`READS_AT_ONCE`]); the read keeps it
    /// until its last page came. `None` only if the semaphore was closed, which it never is.
    async fn place_to_read(&self) -> Option<tokio::sync::SemaphorePermit<'_>> {
        self.reads.acquire().await.ok()
    }

    /// Now, as the journal and the filter write it.
    fn now(&self) -> String {
        timestamp(self.options.clock.now())
    }

    /// Reports progress.
    fn emit(&self, collection: &str, records: u64, total: Option<u64>) {
        (self.progress)(Progress::new(task::SYNC, collection, records, total));
    }

    /// Reports the end of a collection and hands its report back.
    fn finish(&self, report: CollectionReport) -> CollectionReport {
        self.emit(&report.collection, report.records, report.total);
        report
    }

    /// A collection the sync did not reach because it was cancelled.
    fn not_started(&self, collection: &str) -> CollectionReport {
        let message = Some("the sync was cancelled before it started".to_owned());
        self.finish(CollectionReport::new(collection, SyncOutcome::Cancelled, message))
    }

    /// A collection whose operation the granted scopes do not allow.
    fn skipped(&self, collection: &str, op: &Operation) -> CollectionReport {
        let message = format!("the granted scopes do not allow {} (it needs {})", op.name, op.scopes.join(" or "));
        self.finish(CollectionReport::new(collection, SyncOutcome::Skipped, Some(message)))
    }
}

/// How a failed read or write ends a collection: cancelled, forbidden (403) or failed.
fn outcome_of(error: &ClientError) -> SyncOutcome {
    match error {
        ClientError::Cancelled => SyncOutcome::Cancelled,
        e if e.status() == Some(403) => SyncOutcome::Forbidden,
        _ => SyncOutcome::Failed,
    }
}
