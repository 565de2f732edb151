//! `cairn sync`: a provider's collections and framework packages into the cache, incremental
//! when a previous sync exists, with a progress line per collection on a terminal and a summary
//! table (or the report as JSON). The client secret comes from an environment variable, or
//! from the OS keyring for a saved connection (`--connection NAME` without `--base-url`), and
//! is never printed.

use std::collections::HashMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

use anyhow::{Context, bail};
use cairn_client::{Cancel, Client, ClientConfig, Secret};
use cairn_files::progress::Progress;
use cairn_store::cache::CacheHandle;
use cairn_sync::connections;
use cairn_sync::{SyncOptions, SyncOutcome, SyncReport};
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Arguments of `cairn sync`.
#[derive(Debug, clap::Args)]
pub struct SyncArgs {
    /// The provider's base URL (https; plain http only to loopback). Without it, the saved
    /// connection --connection NAME is used, its secret from the OS keyring.
    #[arg(long, required_unless_present = "connection")]
    base_url: Option<String>,
    /// The token endpoint (default: {base-url}/token).
    #[arg(long)]
    token_url: Option<String>,
    /// OAuth 2.0 client id.
    #[arg(long, requires = "base_url", conflicts_with = "no_auth")]
    client_id: Option<String>,
    /// The name of the environment variable holding the client secret.
    #[arg(long, requires = "base_url", conflicts_with = "no_auth")]
    client_secret_env: Option<String>,
    /// Send no credentials (servers that serve public frameworks anonymously); a 401 then
    /// says the server wants them.
    #[arg(long, requires = "base_url", conflicts_with = "token_url")]
    no_auth: bool,
    /// A PEM certificate to trust (a sandbox's self-signed one).
    #[arg(long)]
    ca_cert: Option<PathBuf>,
    /// Base paths and status objects: spec or 1edtech.
    #[arg(long, default_value = "spec")]
    dialect: String,
    /// A service served at another base path than the dialect's: SERVICE=/path, SERVICE one
    /// of case, rostering, gradebook, resources (repeatable; with --base-url).
    #[arg(long = "base-path", value_name = "SERVICE=/path", requires = "base_url")]
    base_paths: Vec<String>,
    /// Only these services: case, rostering, gradebook, resources (comma-separated).
    #[arg(long, value_delimiter = ',')]
    only: Vec<String>,
    /// Only these framework documents' packages, by identifier (repeatable; default all).
    #[arg(long = "framework")]
    frameworks: Vec<String>,
    /// Scopes to ask for (suffixes or full URLs; repeatable; default the read-only scopes of
    /// what the sync reads).
    #[arg(long = "scope")]
    scopes: Vec<String>,
    /// The prefix short scope names are put under (and granted ones read back from); '' sends
    /// --scope names exactly as given (servers naming scopes their own way: case.read).
    #[arg(long)]
    scope_base: Option<String>,
    /// Read everything, even where a previous sync exists.
    #[arg(long)]
    full: bool,
    /// Remove the cached frameworks the server no longer lists (without it they stay, marked
    /// as no longer listed).
    #[arg(long)]
    prune: bool,
    /// Records per page asked for (a server serving fewer is followed at its own size).
    #[arg(long, default_value_t = cairn_sync::DEFAULT_PAGE_SIZE)]
    page_size: u32,
    /// The most requests in flight at once: the adaptive window grows toward it while the
    /// throughput grows and halves on 429/503.
    #[arg(long, default_value_t = cairn_client::DEFAULT_CONCURRENCY)]
    max_concurrency: usize,
    /// Ask for uncompressed answers (by default zstd, br or gzip are accepted).
    #[arg(long)]
    no_compression: bool,
    /// The largest answer read, in MiB (a larger one fails its collection).
    #[arg(long, default_value_t = cairn_client::DEFAULT_MAX_BODY_BYTES / (1024 * 1024))]
    max_body_mb: u64,
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
    /// The connection the records belong to in the cache (default: the base URL).
    #[arg(long)]
    connection: Option<String>,
    /// Print the report as JSON instead of a table.
    #[arg(long)]
    json: bool,
}

/// Syncs; exit status 0 when everything synced, 1 when a collection failed, was forbidden or
/// the sync was interrupted, or when it read nothing at all (said on stderr).
pub fn run(args: &SyncArgs) -> anyhow::Result<ExitCode> {
    let cache = crate::cache_file::open_cache(&args.db)?;
    let mut config = config(args, &cache)?;
    let mut options =
        SyncOptions { incremental: !args.full, prune: args.prune, page_size: args.page_size, ..SyncOptions::default() };
    if !args.only.is_empty() {
        options.services = args
            .only
            .iter()
            .map(|name| cairn_sync::parse_service(name).with_context(|| format!("unknown service {name:?} in --only")))
            .collect::<anyhow::Result<_>>()?;
    }
    if !args.frameworks.is_empty() {
        options.frameworks = Some(args.frameworks.clone());
    }
    cairn_sync::least_privilege(&mut config, &options.services);
    config.max_body_bytes = args.max_body_mb.saturating_mul(1024 * 1024);
    config.concurrency = args.max_concurrency.max(1);
    config.compression = !args.no_compression;
    let connection = args.connection.clone().or_else(|| args.base_url.clone()).context("--connection is required")?;
    let client = Client::new(config)?;
    let bars = Bars::new(std::io::stdout().is_terminal() && !args.json);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    let report = runtime.block_on(async {
        let cancel = Cancel::new();
        let interrupt = cancel.clone();
        tokio::spawn(async move {
            if tokio::signal::ctrl_c().await.is_ok() {
                interrupt.cancel();
            }
        });
        cairn_sync::sync(&client, &cache, &connection, &options, &|p| bars.show(p), &cancel).await
    })?;
    bars.finish(&report);
    bars.clear();
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_table(&report);
    }
    if let Some(why) = report.read_nothing() {
        eprintln!("cairn: the sync read nothing: {why}");
        return Ok(ExitCode::from(1));
    }
    Ok(if report.is_complete() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// The client configuration; the secret read from the environment.
fn config(args: &SyncArgs, cache: &CacheHandle) -> anyhow::Result<ClientConfig> {
    let Some(base_url) = &args.base_url else {
        // A saved connection: its settings from the cache, its secret from the OS keyring.
        let name = args.connection.as_deref().context("--base-url or --connection is required")?;
        return Ok(connections::saved_client_config(cache, name, &|| Ok(Box::new(connections::Keyring::os()?)))?);
    };
    let mut config = match (&args.client_id, &args.client_secret_env) {
        _ if args.no_auth => ClientConfig::anonymous(base_url),
        (Some(client_id), Some(secret_env)) => {
            let secret = match std::env::var(secret_env) {
                Ok(value) if !value.is_empty() => Secret::new(value),
                _ => bail!("the environment variable {secret_env} (--client-secret-env) is not set"),
            };
            ClientConfig::new(base_url, client_id, secret)
        }
        _ => bail!("--base-url needs --client-id and --client-secret-env, or --no-auth for a server that wants none"),
    };
    config.token_url = args.token_url.clone();
    config.scopes = args.scopes.clone();
    if let Some(base) = &args.scope_base {
        config.scope_base = base.clone();
    }
    let base_paths = args.base_paths.iter().map(|text| connections::parse_base_path(text)).collect::<Result<_, _>>()?;
    config.dialect = connections::dialect_of(connections::DialectName::parse(&args.dialect)?, &base_paths)?;
    if let Some(path) = &args.ca_cert {
        config.ca_cert_pem = Some(std::fs::read(path).with_context(|| format!("reading {}", path.display()))?);
    }
    Ok(config)
}

/// One progress line per collection, on a terminal only.
struct Bars {
    multi: Option<MultiProgress>,
    bars: Mutex<HashMap<String, ProgressBar>>,
}

impl Bars {
    fn new(visible: bool) -> Bars {
        let multi = visible.then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stdout()));
        Bars { multi, bars: Mutex::new(HashMap::new()) }
    }

    fn show(&self, progress: Progress) {
        let Some(multi) = &self.multi else { return };
        let mut bars = self.bars.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let bar = bars.entry(progress.stage.clone()).or_insert_with(|| {
            let style = ProgressStyle::with_template("{prefix:>24} {bar:30} {pos}/{len} {msg}")
                .unwrap_or_else(|_| ProgressStyle::default_bar());
            let bar = multi.add(ProgressBar::new(0).with_style(style));
            bar.set_prefix(short(&progress.stage));
            bar.set_message("…");
            bar
        });
        if let Some(total) = progress.total {
            bar.set_length(total);
        }
        bar.set_position(progress.done);
    }

    /// Every collection's line ends with its outcome.
    fn finish(&self, report: &SyncReport) {
        let bars = self.bars.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        for collection in &report.collections {
            if let Some(bar) = bars.get(&collection.collection) {
                bar.finish_with_message(outcome_name(collection.outcome));
            }
        }
    }

    fn clear(&self) {
        if let Some(multi) = &self.multi {
            let _ = multi.clear();
        }
    }
}

/// A collection's name shortened for a progress line (`CFPackages/1a2b3c4d…`).
fn short(name: &str) -> String {
    match name.chars().count() > 24 {
        true => format!("{}…", name.chars().take(23).collect::<String>()),
        false => name.to_owned(),
    }
}

fn outcome_name(outcome: SyncOutcome) -> &'static str {
    match outcome {
        SyncOutcome::Complete => "complete",
        SyncOutcome::Unchanged => "unchanged",
        SyncOutcome::Skipped => "skipped",
        SyncOutcome::Forbidden => "forbidden",
        SyncOutcome::Failed => "failed",
        SyncOutcome::Cancelled => "cancelled",
    }
}

/// The summary: one line per collection.
fn print_table(report: &SyncReport) {
    let width = report.collections.iter().map(|c| c.collection.chars().count()).max().unwrap_or(10).max(10);
    println!("{:<width$}  {:<10} {:<11} {:>9} {:>9}  note", "collection", "outcome", "mode", "records", "total");
    for c in &report.collections {
        let mode = c.mode.map_or("", |m| m.as_str());
        let total = c.total.map(|t| t.to_string()).unwrap_or_default();
        let mut note = c.message.clone().unwrap_or_default();
        if let Some(first) = c.deviations.first.first() {
            let sep = if note.is_empty() { "" } else { "; " };
            note.push_str(&format!(
                "{sep}{} deviations tolerated (first: {} {}{})",
                c.deviations.count,
                first.path,
                first.rule,
                if c.deviations.count > 1 { "; --json lists the first few" } else { "" }
            ));
        }
        let outcome = outcome_name(c.outcome);
        println!("{:<width$}  {outcome:<10} {mode:<11} {:>9} {total:>9}  {note}", c.collection, c.records);
    }
    let count = |wanted: &[SyncOutcome]| report.collections.iter().filter(|c| wanted.contains(&c.outcome)).count();
    println!(
        "{} synced, {} skipped, {} forbidden, {} failed, {} cancelled",
        count(&[SyncOutcome::Complete, SyncOutcome::Unchanged]),
        count(&[SyncOutcome::Skipped]),
        count(&[SyncOutcome::Forbidden]),
        count(&[SyncOutcome::Failed]),
        count(&[SyncOutcome::Cancelled])
    );
}
