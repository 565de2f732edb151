//! `cairn export`: a framework's items as one CSV table in tree order
//! (`cairn export framework --db FILE --doc ID [--out FILE.csv]`), and a connection's rosters,
//! gradebooks and resources as a OneRoster 1.2 CSV bundle, bulk or delta
//! (`cairn export roster --db FILE --out DIR [--delta]`), with what it could not carry on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cache_file::open_existing;

use anyhow::Context;
use cairn_explorer::export::{ExportMode, export_framework, export_roster, resolve_connection};

/// Arguments of `cairn export`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, clap::Subcommand)]
enum What {
    /// A framework's items as CSV, one row per item, in tree order.
    Framework(FrameworkArgs),
    /// A connection's rosters (and gradebooks and resources) as a OneRoster 1.2 CSV bundle.
    Roster(RosterArgs),
}

/// Arguments of `cairn export framework`.
#[derive(Debug, clap::Args)]
struct FrameworkArgs {
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
    /// The framework's CFDocument identifier.
    #[arg(long)]
    doc: String,
    /// The connection (default: the only one, else `local`).
    #[arg(long)]
    connection: Option<String>,
    /// The CSV file to write (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
}

/// Arguments of `cairn export roster`.
#[derive(Debug, clap::Args)]
struct RosterArgs {
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
    /// The connection (default: the only one, else `local`).
    #[arg(long)]
    connection: Option<String>,
    /// The folder to write the bundle to (created if needed).
    #[arg(long)]
    out: PathBuf,
    /// Write delta files (every record with its status and dateLastModified, tobedeleted ones
    /// too) rather than bulk files (active records, status and dateLastModified blank).
    #[arg(long)]
    delta: bool,
}

/// Runs the export.
pub fn run(args: &ExportArgs) -> anyhow::Result<ExitCode> {
    match &args.what {
        What::Framework(args) => framework(args),
        What::Roster(args) => roster(args),
    }
    .map(|()| ExitCode::SUCCESS)
}

/// Fails unless the cache exists (an export never creates one).
fn framework(args: &FrameworkArgs) -> anyhow::Result<()> {
    let conn = open_existing(&args.db)?;
    let source = resolve_connection(&conn, args.connection.as_deref())?;
    let report = match &args.out {
        Some(path) => {
            let file = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
            let mut out = std::io::BufWriter::new(file);
            let report = export_framework(&conn, &source, &args.doc, &mut out, path)?;
            out.flush().with_context(|| format!("writing {}", path.display()))?;
            report
        }
        None => {
            let mut out = std::io::stdout().lock();
            export_framework(&conn, &source, &args.doc, &mut out, Path::new("<stdout>"))?
        }
    };
    let orphans = match report.orphans {
        0 => String::new(),
        n => format!(" ({n} with no path to the document, last)"),
    };
    let line = format!("{} ({}): {} items{orphans}", report.document, report.title, report.rows);
    match &args.out {
        Some(path) => println!("{line} → {}", path.display()),
        None => eprintln!("{line}"),
    }
    Ok(())
}

fn roster(args: &RosterArgs) -> anyhow::Result<()> {
    let conn = open_existing(&args.db)?;
    let source = resolve_connection(&conn, args.connection.as_deref())?;
    let mode = match args.delta {
        true => ExportMode::Delta { now: cairn_spec::time::timestamp(std::time::SystemTime::now()) },
        false => ExportMode::Bulk,
    };
    let report = export_roster(&conn, &source, &args.out, &mode)?;
    let files: Vec<String> = report.files.iter().map(|(f, n)| format!("{f} ({n})")).collect();
    let kind = if args.delta { "delta" } else { "bulk" };
    println!("{}: OneRoster CSV 1.2, {kind} — manifest.csv, {}", report.dir.display(), files.join(", "));
    for warning in &report.warnings {
        eprintln!("warning: {warning}");
    }
    Ok(())
}
