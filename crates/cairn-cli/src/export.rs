//! `cairn export`: a framework's items as one CSV table in tree order
//! (`cairn export framework --db FILE --doc ID [--out FILE.csv]`) or as a workbook with every
//! level, its associations and its document (`--format xlsx --out FILE.xlsx`), or as a
//! self-contained HTML document to print (`--format html`: the window's print renderer inline,
//! see [`crate::print_bundle`]); `--subtree ITEM` for one subtree, any format; and a
//! connection's rosters,
//! gradebooks and resources as a OneRoster 1.2 CSV bundle, bulk or delta
//! (`cairn export roster --db FILE --out DIR [--delta]`), with what it could not carry on stderr.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cache_file::open_existing;

use anyhow::{Context, bail};
use cairn_files::export::print::{PrintColumns, print_document, print_html};
use cairn_files::export::workbook::framework_workbook;
use cairn_files::export::{ExportMode, FrameworkExport, export_roster, export_subtree_with, resolve_connection};
use cairn_files::progress::{Cancel, ignore};

/// Arguments of `cairn export`.
#[derive(Debug, clap::Args)]
pub struct ExportArgs {
    #[command(subcommand)]
    what: What,
}

#[derive(Debug, clap::Subcommand)]
enum What {
    /// A framework's items as CSV, one row per item, in tree order (or as an .xlsx workbook).
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
    /// The file to write (default for CSV: standard output; a workbook needs a file).
    #[arg(long)]
    out: Option<PathBuf>,
    /// `csv`: one table; `xlsx`: a workbook with every level (outline), the associations and the
    /// document; `html`: a document to print (title page, contents, every item indented by level).
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    format: Format,
    /// Only the subtree under this item (its identifier): the item, then what is below it.
    #[arg(long)]
    subtree: Option<String>,
}

/// What `cairn export framework` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// One CSV table.
    Csv,
    /// An .xlsx workbook.
    Xlsx,
    /// A self-contained HTML document to print.
    Html,
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
    let (doc, subtree, cancel) = (&args.doc, args.subtree.as_deref(), Cancel::new());
    let report = match (&args.out, args.format) {
        (Some(path), Format::Xlsx) => {
            let (bytes, report) = framework_workbook(&conn, &source, doc, subtree, path, &ignore, &cancel)?;
            write_whole(path, &bytes)?;
            report
        }
        (None, Format::Xlsx) => bail!("a workbook is written to a file: give --out FILE.xlsx"),
        (out, Format::Html) => {
            let document = print_document(&conn, &source, doc, subtree, PrintColumns::ALL, &ignore, &cancel)?;
            let html = print_html(&document, &crate::print_bundle::BUNDLE).context("writing the document's data")?;
            match out {
                Some(path) => write_whole(path, html.as_bytes())?,
                None => std::io::stdout().lock().write_all(html.as_bytes()).context("writing to standard output")?,
            }
            let orphans = document.items.iter().filter(|i| i.level.is_none()).count();
            FrameworkExport { document: doc.clone(), title: document.title, rows: document.items.len(), orphans }
        }
        (Some(path), Format::Csv) => {
            let file = std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
            let mut out = std::io::BufWriter::new(file);
            let report = export_subtree_with(&conn, &source, doc, subtree, &mut out, path, &ignore, &cancel)?;
            out.flush().with_context(|| format!("writing {}", path.display()))?;
            report
        }
        (None, Format::Csv) => {
            let mut out = std::io::stdout().lock();
            export_subtree_with(&conn, &source, doc, subtree, &mut out, Path::new("<stdout>"), &ignore, &cancel)?
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

/// Writes `bytes` to a file beside `path`, then moves it onto `path`: the file is whole or as it
/// was.
fn write_whole(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    let name = path.file_name().with_context(|| format!("{}: not a file name", path.display()))?;
    let mut partial = name.to_owned();
    partial.push(format!(".partial-{}", std::process::id()));
    let beside = path.with_file_name(partial);
    let written = std::fs::write(&beside, bytes).and_then(|()| std::fs::rename(&beside, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&beside);
    }
    written.with_context(|| format!("writing {}", path.display()))
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
