//! `cairn import PATH... --db FILE`: CASE package files into the cache (OneRoster CSV bundles
//! follow), each file in one transaction, with its warnings.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use cairn_explorer::ingest::import_package;
use cairn_store::cache;

/// Arguments of `cairn import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// CASE package JSON files (bare or wrapped in {"CFPackage": ...}).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
    /// The connection the records belong to in the cache.
    #[arg(long, default_value = "local")]
    connection: String,
    /// Print a JSON report instead of text.
    #[arg(long)]
    json: bool,
}

/// Imports every file; a file that cannot be imported is reported and the others go on
/// (exit status 2 if any failed).
pub fn run(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    let mut conn = cache::open(&args.db).with_context(|| format!("opening {}", args.db.display()))?;
    let connection = cache::connection_id(&conn, &args.connection, "file:")?;
    let mut reports = Vec::new();
    let mut failed = false;
    for path in &args.paths {
        match import_package(&mut conn, connection, path) {
            Ok(report) => {
                if !args.json {
                    let counts: Vec<String> = report.counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
                    println!("{}: {} — {} warnings", report.path, counts.join(", "), report.warnings.len());
                    for warning in report.warnings.iter().take(10) {
                        println!("  warning: {warning}");
                    }
                }
                reports.push(report);
            }
            Err(error) => {
                eprintln!("cairn import: {error}");
                failed = true;
            }
        }
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&reports)?);
    }
    Ok(if failed { ExitCode::from(2) } else { ExitCode::SUCCESS })
}
