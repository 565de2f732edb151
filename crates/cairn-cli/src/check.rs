//! `cairn check`: reads files as specification classes and reports warnings and violations.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use cairn_explorer::check::{CheckReport, check_file};

/// Arguments of `cairn check`.
#[derive(Debug, clap::Args)]
pub struct CheckArgs {
    /// Files to check (CASE packages, or any class of the four services).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Read every file as this class (CFPackage, CFItem, User, LineItemSet, ...).
    #[arg(long)]
    class: Option<String>,
    /// Print one JSON report per file (an array) instead of text.
    #[arg(long)]
    json: bool,
    /// Exit with status 1 when any file has a violation or warning.
    #[arg(long)]
    strict: bool,
    /// How many issues to list per file in text output (all with --json).
    #[arg(long, default_value_t = 20)]
    max_issues: usize,
}

/// Runs the command: exit 0 when every file was read (1 with --strict and findings; 2 when a
/// file could not be read at all).
pub fn run(args: &CheckArgs) -> anyhow::Result<ExitCode> {
    let mut reports = Vec::new();
    let mut unreadable = false;
    for path in &args.paths {
        match check_file(path, args.class.as_deref()) {
            Ok(report) => reports.push(report),
            Err(error) => {
                eprintln!("cairn: {error}");
                unreadable = true;
            }
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        serde_json::to_writer_pretty(&mut out, &reports)?;
        writeln!(out)?;
    } else {
        for report in &reports {
            print_text(&mut out, report, args.max_issues)?;
        }
    }
    Ok(if unreadable {
        ExitCode::from(2)
    } else if args.strict && reports.iter().any(|r| !r.is_valid()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

fn print_text(out: &mut impl Write, report: &CheckReport, max: usize) -> std::io::Result<()> {
    let counts: Vec<String> = report.counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
    writeln!(
        out,
        "{}: {}{} — {} warnings, {} violations",
        report.path.display(),
        report.class,
        if counts.is_empty() { String::new() } else { format!(" ({})", counts.join(", ")) },
        report.warnings.len(),
        report.violations.len()
    )?;
    for (label, issues) in [("warning", &report.warnings), ("violation", &report.violations)] {
        for issue in issues.iter().take(max) {
            writeln!(out, "  {label}: {issue}")?;
        }
        if issues.len() > max {
            writeln!(out, "  ... and {} more {label}s (--max-issues, or --json for all)", issues.len() - max)?;
        }
    }
    Ok(())
}
