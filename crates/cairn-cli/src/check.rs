//! `cairn check`: reads files as specification classes and reports their findings at three
//! levels — violations, deviations and field notes (listed only with `--notes` in text).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use cairn_files::check::{CheckReport, check_file};

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
    /// Exit with status 1 when any file has a violation or deviation (field notes never count).
    #[arg(long)]
    strict: bool,
    /// List field notes in text output too (what servers in the field send outside the
    /// specification's form; --json always carries them).
    #[arg(long)]
    notes: bool,
    /// How many issues of each level to list per file in text output (all with --json).
    #[arg(long, default_value_t = 20)]
    max_issues: usize,
}

/// Runs the command: exit 0 when every file was read (1 with --strict and a violation or
/// deviation; 2 when a file could not be read at all).
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
            print_text(&mut out, report, args.max_issues, args.notes)?;
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

fn print_text(out: &mut impl Write, report: &CheckReport, max: usize, notes: bool) -> std::io::Result<()> {
    let counts: Vec<String> = report.counts.iter().map(|(k, n)| format!("{n} {k}")).collect();
    let levels = &report.levels;
    writeln!(
        out,
        "{}: {}{} — {}, {}, {}",
        report.path.display(),
        report.class,
        if counts.is_empty() { String::new() } else { format!(" ({})", counts.join(", ")) },
        counted(levels.violations, "violation"),
        counted(levels.deviations, "deviation"),
        counted(levels.field_notes, "field note"),
    )?;
    let mut shown = vec![("violation", &report.violations), ("deviation", &report.deviations)];
    if notes {
        shown.push(("field note", &report.field_notes));
    }
    for (label, issues) in shown {
        for issue in issues.iter().take(max) {
            writeln!(out, "  {label}: {issue}")?;
        }
        if issues.len() > max {
            writeln!(out, "  ... and {} more {label}s (--max-issues, or --json for all)", issues.len() - max)?;
        }
    }
    if !notes && levels.field_notes > 0 {
        writeln!(
            out,
            "  ({} not listed: what servers in the field send outside the specification's form; --notes lists them)",
            counted(levels.field_notes, "field note")
        )?;
    }
    Ok(())
}

/// `1 violation`, `2 violations`.
fn counted(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}
