//! `cairn serve`: the sandbox provider of the four services. Prints one JSON line when ready:
//! `{"base_url", "token_url", "scope_base", "ca_cert"}`.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, bail};
use cairn_sandbox::auth::{ClientSpec, SystemClock, SystemEntropy};
use cairn_sandbox::demo::{Scale, load_demo, load_package};
use cairn_sandbox::http::{NetLink, ServeOptions, bind, serve};
use cairn_sandbox::{DEFAULT_SCOPE_BASE, Sandbox, SandboxConfig};
use cairn_spec::Dialect;
use serde_json::json;

/// The client registered when none is given (loopback only).
const DEFAULT_CLIENT: &str = "cairn:cairn-sandbox";

/// Arguments of `cairn serve`.
#[derive(Debug, clap::Args)]
pub struct ServeArgs {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:0")]
    listen: SocketAddr,
    /// Plain HTTP instead of TLS (loopback addresses only).
    #[arg(long)]
    http: bool,
    /// SQLite file holding the data (kept across restarts); in memory when absent.
    #[arg(long)]
    db: Option<PathBuf>,
    /// Load generated demo data (when the database is empty) and the bundled real frameworks.
    #[arg(long)]
    demo: bool,
    /// Size of the demo data.
    #[arg(long, default_value = "small", value_parser = ["small", "district", "state"])]
    scale: String,
    /// CASE package files (or folders of them) to load.
    #[arg(long = "import")]
    imports: Vec<PathBuf>,
    /// A client: ID:SECRET (every scope) or ID:SECRET:SCOPE,SCOPE,... (repeatable).
    #[arg(long = "client")]
    clients: Vec<ClientSpec>,
    /// The scope namespace.
    #[arg(long, default_value = DEFAULT_SCOPE_BASE)]
    scope_base: String,
    /// Base paths and status-object names: the specification's or deployed servers'.
    #[arg(long, default_value = "spec", value_parser = ["spec", "1edtech"])]
    dialect: String,
    /// Requests per second per client before 429 server_busy.
    #[arg(long)]
    rate_limit: Option<u32>,
    /// Inject deterministic faults (429, 500, delays, truncated bodies) seeded with this.
    #[arg(long)]
    chaos: Option<u64>,
    /// A slow link: answer every service request this many milliseconds late.
    #[arg(long)]
    delay_ms: Option<u64>,
    /// A remote provider's link: every request (the token's too) is answered this many
    /// milliseconds late, as a round trip would.
    #[arg(long, value_name = "MS")]
    net_delay: Option<u64>,
    /// A remote provider's link: answers leave at most this many megabits per second, shared by
    /// every connection (the bytes as sent, compressed when they are).
    #[arg(long, value_name = "MBIT")]
    net_rate: Option<f64>,
    /// Serve pages of at most this many records, whatever limit is asked for.
    #[arg(long, value_name = "N")]
    max_page_size: Option<usize>,
    /// Send every answer uncompressed, whatever Accept-Encoding asks for.
    #[arg(long)]
    no_compression: bool,
    /// Offer HTTP/1.1 only (no HTTP/2 through ALPN).
    #[arg(long)]
    no_http2: bool,
    /// Refuse (422) write bodies that deployed clients send short — references by sourcedId
    /// alone, no status, a date-time where a date belongs — instead of repairing them.
    #[arg(long)]
    strict_writes: bool,
    /// Token lifetime in seconds.
    #[arg(long, default_value_t = 3600)]
    token_lifetime: u64,
}

/// Runs the server until interrupted.
pub fn run(args: ServeArgs) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(run_async(args))
}

async fn run_async(args: ServeArgs) -> anyhow::Result<()> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut clients = args.clients.clone();
    if clients.is_empty() {
        if !args.listen.ip().is_loopback() {
            bail!("off loopback, name the clients that may connect with --client ID:SECRET[:SCOPES]");
        }
        clients.push(DEFAULT_CLIENT.parse().context("the default client")?);
        eprintln!(
            "cairn serve: no --client given; registered client id \"cairn\" with secret \"cairn-sandbox\" (every scope)"
        );
    }
    let dialect = Dialect::preset(&args.dialect).context("unknown dialect")?;
    let cert_dir = args.db.as_deref().and_then(Path::parent).map(Path::to_owned).unwrap_or_else(std::env::temp_dir);
    let bound =
        bind(args.listen, !args.http, if cert_dir.as_os_str().is_empty() { Path::new(".") } else { &cert_dir })?;
    let base_url = bound.base_url.clone();
    let ca_cert = bound.ca_cert.clone();
    let sandbox = Sandbox::new(SandboxConfig {
        dialect,
        base_url: base_url.clone(),
        scope_base: args.scope_base.clone(),
        clients,
        token_lifetime: Duration::from_secs(args.token_lifetime),
        db: args.db.clone(),
        clock: Arc::new(SystemClock),
        entropy: Arc::new(SystemEntropy),
    })?
    .with_strict_writes(args.strict_writes)
    .with_repair_log(Arc::new(|line: &str| eprintln!("cairn serve: {line}")));
    let mut warn = |warning: String| eprintln!("cairn serve: {warning}");
    if args.demo && sandbox.is_empty() {
        let scale: Scale = args.scale.parse().map_err(|e| anyhow::anyhow!("{e}"))?;
        load_demo(&sandbox, scale, &base_url, &mut warn)?;
    }
    for path in &args.imports {
        for file in package_files(path)? {
            let bytes = std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            load_package(&sandbox, &file.display().to_string(), &bytes, &mut warn)?;
        }
    }
    let counts: Vec<String> = sandbox.counts().iter().map(|(c, n)| format!("{n} {}", c.name())).collect();
    eprintln!("cairn serve: serving {}", if counts.is_empty() { "no data".to_owned() } else { counts.join(", ") });
    let scope_base = sandbox.scope_base().to_owned();
    let running = serve(
        bound,
        sandbox,
        ServeOptions {
            rate_limit: args.rate_limit,
            chaos: args.chaos,
            delay: args.delay_ms.map(std::time::Duration::from_millis),
            link: net_link(&args)?,
            max_page_size: args.max_page_size.filter(|n| *n > 0),
            compression: !args.no_compression,
            http2: !args.no_http2,
            ..ServeOptions::default()
        },
    );
    let ready = json!({
        "base_url": base_url,
        "token_url": format!("{base_url}/token"),
        "scope_base": scope_base,
        "ca_cert": ca_cert.map(|p| p.display().to_string()),
    });
    let mut out = std::io::stdout().lock();
    writeln!(out, "{ready}")?;
    out.flush()?;
    drop(out);
    tokio::select! {
        result = running_wait(running) => result,
        _ = tokio::signal::ctrl_c() => Ok(()),
    }
}

/// The link of `--net-delay` and `--net-rate`, if either is given.
fn net_link(args: &ServeArgs) -> anyhow::Result<Option<NetLink>> {
    if let Some(rate) = args.net_rate
        && !(rate.is_finite() && rate > 0.0)
    {
        bail!("--net-rate must be a positive number of megabits per second (got {rate})");
    }
    if args.net_delay.is_none() && args.net_rate.is_none() {
        return Ok(None);
    }
    Ok(Some(NetLink::new(Duration::from_millis(args.net_delay.unwrap_or(0)), args.net_rate)))
}

async fn running_wait(running: cairn_sandbox::http::Running) -> anyhow::Result<()> {
    running.wait().await.context("the server stopped")
}

/// A file, or the `.json` files of a folder.
fn package_files(path: &Path) -> anyhow::Result<Vec<PathBuf>> {
    if path.is_dir() {
        let mut files: Vec<PathBuf> = std::fs::read_dir(path)
            .with_context(|| format!("reading {}", path.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .collect();
        files.sort();
        Ok(files)
    } else {
        Ok(vec![path.to_owned()])
    }
}
