//! `cairn import PATH... --db FILE`: CASE package files and OneRoster CSV bundles (folders or
//! zips) into the cache, each in one transaction, with a warning per bad row or field (grouped
//! by kind for bundles, with a count per kind; `--json` keeps every one).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use cairn_files::import::{count_kinds, group_warnings, thousands};
use cairn_files::ingest::{import_bundle_with, import_package_forced};
use cairn_files::progress::{Cancel, Progress};
use cairn_store::cache;

/// Arguments of `cairn import`.
#[derive(Debug, clap::Args)]
pub struct ImportArgs {
    /// CASE package JSON files (bare or wrapped in {"CFPackage": ...}) and OneRoster CSV bundles
    /// (folders or .zip files, CSV 1.1 or 1.2).
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
    /// How many warnings to list per file in text output (for CSV bundles: how many groups of
    /// identical warnings, each with its first lines).
    #[arg(long, default_value_t = 10)]
    max_warnings: usize,
    /// Let a package replace a cached copy of its document with a later lastChangeDateTime.
    #[arg(long)]
    force: bool,
}

/// Imports every file; a file that cannot be imported is reported and the others go on
/// (exit status 2 if any failed).
pub fn run(args: &ImportArgs) -> anyhow::Result<ExitCode> {
    let handle = crate::cache_file::open_cache(&args.db)?;
    let connection = handle.write_blocking(|tx| cache::connection_id(tx, &args.connection, "file:"))?;
    let mut reports = Vec::new();
    let mut failed = false;
    let visible = std::io::stdout().is_terminal() && !args.json;
    for path in &args.paths {
        let is_bundle = path.is_dir() || path.extension().is_some_and(|x| x.eq_ignore_ascii_case("zip"));
        let spinner = Spinner::new(visible, path);
        let progress = |p: Progress| spinner.show(p.done);
        let cancel = Cancel::new();
        let report = if is_bundle {
            import_bundle_with(&handle, connection, path, &progress, &cancel).map(|r| {
                let counts: Vec<String> = r.counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
                let marked = match r.marked {
                    0 => String::new(),
                    n => format!(", {n} marked tobedeleted"),
                };
                let line = format!(
                    "{}: OneRoster CSV {} — {}{marked}; {} warnings",
                    r.path,
                    r.version,
                    counts.join(", "),
                    thousands(r.warnings.len())
                );
                let mut text: Vec<String> = r.notes.iter().map(|n| format!("note: {n}")).collect();
                let groups = group_warnings(&r.warnings);
                for group in groups.iter().take(args.max_warnings) {
                    text.push(format!("warning: {group}"));
                    if group.count > 1 {
                        text.extend(group.first.iter().map(|w| format!("  {w}")));
                    }
                }
                if groups.len() > args.max_warnings {
                    text.push(format!(
                        "... and {} more kinds of warnings (--json lists every warning)",
                        groups.len() - args.max_warnings
                    ));
                }
                let kinds = count_kinds(&r.warnings);
                if kinds.len() > 1 {
                    text.push("warnings by kind:".to_owned());
                    text.extend(kinds.iter().map(|(kind, n)| format!("  {:>7} × {kind}", thousands(*n))));
                }
                (line, text, serde_json::to_value(&r))
            })
        } else {
            import_package_forced(&handle, connection, path, args.force, &progress, &cancel).map(|r| {
                let counts: Vec<String> = r.counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
                let mut line = format!("{}: {} — {} warnings", r.path, counts.join(", "), r.warnings.len());
                if let Some(replaced) = &r.replaced {
                    line.push_str(&format!(
                        "\n  replaced the cached CFDocument {}: {} by {}",
                        r.document, replaced.cached, replaced.imported
                    ));
                }
                let mut text: Vec<String> =
                    r.warnings.iter().take(args.max_warnings).map(|w| format!("warning: {w}")).collect();
                if r.warnings.len() > args.max_warnings {
                    text.push(format!(
                        "... and {} more warnings (--json lists them all)",
                        r.warnings.len() - args.max_warnings
                    ));
                }
                (line, text, serde_json::to_value(&r))
            })
        };
        spinner.clear();
        match report {
            Ok((line, text, json)) => {
                if !args.json {
                    println!("{line}");
                    for line in &text {
                        println!("  {line}");
                    }
                }
                reports.push(json?);
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

/// The records an import has written so far, on a terminal only (piped output stays clean).
struct Spinner(Option<indicatif::ProgressBar>);

impl Spinner {
    fn new(visible: bool, path: &Path) -> Spinner {
        Spinner(visible.then(|| {
            let style = indicatif::ProgressStyle::with_template("{spinner} {prefix}: {pos} records")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner());
            let bar = indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stdout())
                .with_style(style)
                .with_prefix(path.display().to_string());
            bar.tick();
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            bar
        }))
    }

    fn show(&self, records: u64) {
        if let Some(bar) = &self.0 {
            bar.set_position(records);
        }
    }

    fn clear(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
