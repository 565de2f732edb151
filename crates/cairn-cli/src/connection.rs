//! `cairn connection add|list|remove|test`: saved connections, their settings in the cache and
//! their client secret in the OS keyring (never in the cache, never printed).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cache_file::open_cache;
use anyhow::bail;
use cairn_client::Secret;
use cairn_sync::connections::{
    self, ConnectionInfo, ConnectionSettings, Keyring, KeyringError, NewConnection, SecretStore,
};
use serde_json::json;

/// Arguments of `cairn connection`.
#[derive(Debug, clap::Args)]
pub struct ConnectionArgs {
    #[command(subcommand)]
    command: ConnectionCommand,
}

#[derive(Debug, clap::Subcommand)]
enum ConnectionCommand {
    /// Save a connection: settings in the cache, the client secret in the OS keyring.
    Add(Box<AddArgs>),
    /// List the saved connections (never their secrets).
    List(ListArgs),
    /// Remove a connection, everything cached for it and its secret (refused while it has
    /// unsent gradebook changes, unless --discard-unsent).
    Remove(RemoveArgs),
    /// Fetch a token with a saved connection and print the granted scopes.
    Test(NameArgs),
}

#[derive(Debug, clap::Args)]
struct AddArgs {
    /// The connection's name.
    name: String,
    /// The provider's base URL (https; plain http only to loopback).
    #[arg(long)]
    base_url: String,
    /// The token endpoint (default: {base-url}/token).
    #[arg(long)]
    token_url: Option<String>,
    /// OAuth 2.0 client id.
    #[arg(long, required_unless_present = "no_auth", conflicts_with = "no_auth")]
    client_id: Option<String>,
    /// The name of the environment variable holding the client secret.
    #[arg(long, required_unless_present = "no_auth", conflicts_with = "no_auth")]
    client_secret_env: Option<String>,
    /// No authentication (servers that serve public frameworks anonymously): no token URL,
    /// client or secret; nothing goes to the keyring.
    #[arg(long, conflicts_with = "token_url")]
    no_auth: bool,
    /// A PEM certificate to trust (a sandbox's self-signed one).
    #[arg(long)]
    ca_cert: Option<PathBuf>,
    /// Base paths and status objects: spec or 1edtech.
    #[arg(long, default_value = "spec")]
    dialect: String,
    /// A service served at another base path than the dialect's: SERVICE=/path, SERVICE one
    /// of case, rostering, gradebook, resources (repeatable).
    #[arg(long = "base-path", value_name = "SERVICE=/path")]
    base_paths: Vec<String>,
    /// Scopes to ask for (suffixes or full URLs; repeatable; default the read-only scopes of
    /// what a sync reads).
    #[arg(long = "scope")]
    scopes: Vec<String>,
    /// The prefix short scope names are put under; '' sends --scope names exactly as given.
    #[arg(long)]
    scope_base: Option<String>,
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
}

#[derive(Debug, clap::Args)]
struct ListArgs {
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, clap::Args)]
struct NameArgs {
    /// The connection's name.
    name: String,
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
}

#[derive(Debug, clap::Args)]
struct RemoveArgs {
    #[command(flatten)]
    connection: NameArgs,
    /// Remove it even though gradebook changes made from this computer were never sent: they
    /// are lost.
    #[arg(long)]
    discard_unsent: bool,
}

/// Runs a `cairn connection` command; `test` exits with 1 when the server refuses.
pub fn run(args: &ConnectionArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        ConnectionCommand::Add(args) => add(args),
        ConnectionCommand::List(args) => list(args),
        ConnectionCommand::Remove(args) => remove(args),
        ConnectionCommand::Test(args) => test(args),
    }
}

fn add(args: &AddArgs) -> anyhow::Result<ExitCode> {
    let secret = match &args.client_secret_env {
        None => Secret::new(""),
        Some(var) => match std::env::var(var) {
            Ok(value) if !value.is_empty() => Secret::new(value),
            _ => bail!("the environment variable {var} (--client-secret-env) is not set"),
        },
    };
    let new = NewConnection {
        name: args.name.clone(),
        base_url: args.base_url.clone(),
        settings: ConnectionSettings {
            token_url: args.token_url.clone(),
            client_id: args.client_id.clone().unwrap_or_default(),
            ca_cert: args.ca_cert.clone(),
            ca_cert_pem: None,
            dialect: connections::DialectName::parse(&args.dialect)?,
            base_paths: args
                .base_paths
                .iter()
                .map(|text| connections::parse_base_path(text))
                .collect::<Result<_, _>>()?,
            scopes: args.scopes.clone(),
            scope_base: args.scope_base.clone(),
            anonymous: args.no_auth,
        },
        client_secret: secret,
    };
    if args.no_auth {
        connections::add(&open_cache(&args.db)?, &new, &NoSecrets)?;
        println!("saved {} ({}) without authentication", args.name, args.base_url);
        return Ok(ExitCode::SUCCESS);
    }
    let keyring = Keyring::os()?;
    connections::add(&open_cache(&args.db)?, &new, &keyring)?;
    println!("saved {} ({}); its secret is in the OS keyring", args.name, args.base_url);
    Ok(ExitCode::SUCCESS)
}

/// The secret store of a connection without authentication: it is never asked.
struct NoSecrets;

impl SecretStore for NoSecrets {
    fn set(&self, account: &str, _: &Secret) -> Result<(), KeyringError> {
        Err(KeyringError::Unavailable { reason: format!("{account} has no authentication: no secret to store") })
    }
    fn get(&self, _: &str) -> Result<Option<Secret>, KeyringError> {
        Ok(None)
    }
    fn delete(&self, _: &str) -> Result<bool, KeyringError> {
        Ok(false)
    }
    fn contains(&self, _: &str) -> Result<bool, KeyringError> {
        Ok(false)
    }
}

fn list(args: &ListArgs) -> anyhow::Result<ExitCode> {
    let keyring = Keyring::os();
    let secrets = keyring.as_ref().ok().map(|k| k as &dyn SecretStore);
    let list = connections::list(&open_cache(&args.db)?, secrets)?;
    if let Err(error) = &keyring
        && list.iter().any(|c| c.settings.is_some())
    {
        eprintln!("cairn: cannot tell which secrets are stored: {error}");
    }
    if args.json {
        let rows: Vec<_> = list.iter().map(to_json).collect();
        println!("{}", serde_json::to_string_pretty(&rows)?);
        return Ok(ExitCode::SUCCESS);
    }
    if list.is_empty() {
        println!("no connections");
        return Ok(ExitCode::SUCCESS);
    }
    let rows: Vec<[String; 6]> = list.iter().map(row).collect();
    let header = ["name", "base url", "client id", "dialect", "scopes", "secret"].map(String::from);
    let widths: Vec<usize> =
        (0..6).map(|i| rows.iter().chain([&header]).map(|r| r[i].chars().count()).max().unwrap_or(0)).collect();
    for r in [&header].into_iter().chain(&rows) {
        let cells: Vec<String> = r.iter().zip(&widths).map(|(cell, w)| format!("{cell:<w$}")).collect();
        println!("{}", cells.join("  ").trim_end());
    }
    Ok(ExitCode::SUCCESS)
}

fn row(c: &ConnectionInfo) -> [String; 6] {
    let (client_id, dialect, scopes) = match &c.settings {
        Some(s) if s.anonymous => ("(no auth)".to_owned(), s.dialect.as_str().to_owned(), "-".to_owned()),
        Some(s) => (
            s.client_id.clone(),
            s.dialect.as_str().to_owned(),
            if s.scopes.is_empty() { "(all)".to_owned() } else { s.scopes.join(",") },
        ),
        None => ("-".to_owned(), "-".to_owned(), "-".to_owned()),
    };
    let secret = match (&c.settings, c.secret_stored) {
        (None, _) => "- (not saved)",
        (_, Some(true)) => "stored",
        (_, Some(false)) => "missing",
        (_, None) => "unknown",
    };
    [c.name.clone(), c.base_url.clone(), client_id, dialect, scopes, secret.to_owned()]
}

fn to_json(c: &ConnectionInfo) -> serde_json::Value {
    let s = c.settings.as_ref();
    json!({
        "name": c.name,
        "base_url": c.base_url,
        "saved": s.is_some(),
        "token_url": s.and_then(|s| s.token_url.clone()),
        "client_id": s.map(|s| s.client_id.clone()),
        "ca_cert": s.and_then(|s| s.ca_cert.as_ref().map(|p| p.display().to_string())),
        "dialect": s.map(|s| s.dialect.as_str()),
        "base_paths": s.map(|s| s.base_paths.iter().map(|(k, v)| (k.as_str(), v.clone())).collect::<std::collections::BTreeMap<_, _>>()),
        "scopes": s.map(|s| s.scopes.clone()),
        "scope_base": s.and_then(|s| s.scope_base.clone()),
        "anonymous": s.is_some_and(|s| s.anonymous),
        "secret_stored": c.secret_stored,
    })
}

fn remove(args: &RemoveArgs) -> anyhow::Result<ExitCode> {
    let keyring = Keyring::os()?;
    let unsent = match args.discard_unsent {
        true => connections::UnsentChanges::Discard,
        false => connections::UnsentChanges::Refuse,
    };
    let args_db = &args.connection;
    let had_secret = connections::remove(&open_cache(&args_db.db)?, &args_db.name, unsent, &keyring)?;
    let secret = if had_secret { "and its secret" } else { "(no secret was stored)" };
    println!("removed {} with its cached records {secret}", args_db.name);
    Ok(ExitCode::SUCCESS)
}

fn test(args: &NameArgs) -> anyhow::Result<ExitCode> {
    let config =
        connections::saved_client_config(&open_cache(&args.db)?, &args.name, &|| Ok(Box::new(Keyring::os()?)))?;
    let base_url = config.base_url.clone();
    if config.anonymous {
        println!("{}: no authentication: there is no token to fetch for {base_url}", args.name);
        return Ok(ExitCode::SUCCESS);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    match runtime.block_on(connections::test(config)) {
        Ok(scopes) => {
            println!("{}: token granted for {base_url}", args.name);
            if scopes.is_empty() {
                println!("no scopes granted");
            }
            for scope in scopes {
                println!("{scope}");
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(error) => {
            eprintln!("cairn: the connection {} failed its test: {error}", args.name);
            Ok(ExitCode::from(1))
        }
    }
}
