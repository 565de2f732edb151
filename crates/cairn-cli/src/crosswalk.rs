//! `cairn crosswalk --from DOC --to DOC [--links DOC]... [--db FILE] [--json] [--all]`: the
//! associations linking two frameworks' items, grouped by type, and each framework's coverage.
//! DOC is a CASE package file or a CFDocument identifier in the cache (`CONNECTION:IDENTIFIER`
//! to choose the connection).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cache_file::{SHOWN, open_existing};
use cairn_graph::crosswalk::{Coverage, Direction, ItemRef, MatchedBy};
use cairn_views::crosswalk::{CrosswalkView, crosswalk_view};

/// Arguments of `cairn crosswalk`.
#[derive(Debug, clap::Args)]
pub struct CrosswalkArgs {
    /// The cache database (needed when a framework is named by identifier, not by file).
    #[arg(long)]
    db: Option<PathBuf>,
    /// The first framework: a package file, or a CFDocument identifier (CONNECTION:IDENTIFIER).
    #[arg(long)]
    from: String,
    /// The second framework, named the same way.
    #[arg(long)]
    to: String,
    /// Further packages holding associations between the two, named the same way (repeatable).
    #[arg(long)]
    links: Vec<String>,
    /// Print the crosswalk as JSON.
    #[arg(long)]
    json: bool,
    /// List every pair and uncovered item (text output shows the first 10 of each list).
    #[arg(long)]
    all: bool,
}

/// Runs the crosswalk.
pub fn run(args: &CrosswalkArgs) -> anyhow::Result<ExitCode> {
    let conn = args.db.as_deref().map(open_existing).transpose()?;
    let view = crosswalk_view(conn.as_ref(), &args.from, &args.to, &args.links)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&view)?);
    } else {
        print!("{}", text(&view, if args.all { usize::MAX } else { SHOWN }));
    }
    Ok(ExitCode::SUCCESS)
}

fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

fn title(coverage: &Coverage) -> String {
    match &coverage.title {
        Some(title) => format!("{title} ({})", coverage.document),
        None => coverage.document.clone(),
    }
}

/// `CODE  statement` of an item, cut to a line.
fn item(item: &ItemRef) -> String {
    let label = item.human_coding_scheme.as_deref().unwrap_or(&item.identifier);
    match &item.full_statement {
        Some(statement) => clip(&format!("{label}  {statement}"), 60),
        None => label.to_owned(),
    }
}

/// `text` on one line, at most `max` characters.
fn clip(text: &str, max: usize) -> String {
    let line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= max {
        return line;
    }
    let mut cut: String = line.chars().take(max.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

fn more(out: &mut String, total: usize, shown: usize) {
    if total > shown {
        out.push_str(&format!("  ... and {} more (--all lists them all)\n", total - shown));
    }
}

/// The crosswalk as text: summary, pairs by type, coverage by type, uncovered items.
fn text(view: &CrosswalkView, shown: usize) -> String {
    let cw = &view.crosswalk;
    let mut out = format!("Crosswalk {} → {}\n", view.from_source, view.to_source);
    for (side, coverage) in [("from", &cw.from), ("to", &cw.to)] {
        out.push_str(&format!(
            "  {side}: {} — {} of {} items have a counterpart ({})\n",
            title(coverage),
            coverage.covered,
            coverage.items,
            percent(coverage.share)
        ));
    }
    let duplicates = match cw.duplicates {
        0 => String::new(),
        n => format!(", {n} duplicates skipped"),
    };
    out.push_str(&format!("  {} pairs from {} associations read{duplicates}\n", cw.pairs, cw.associations_scanned));
    if !view.link_sources.is_empty() || !view.cached_link_documents.is_empty() {
        let mut sources = view.link_sources.clone();
        sources.extend(view.cached_link_documents.iter().map(|d| format!("cached {d}")));
        out.push_str(&format!("  links also read from: {}\n", sources.join(", ")));
    }
    for group in &cw.groups {
        out.push_str(&format!("\n{} ({})\n", group.association_type, group.pairs.len()));
        for pair in group.pairs.iter().take(shown) {
            let arrow = match pair.direction {
                Direction::FromTo => "→",
                Direction::ToFrom => "←",
            };
            let by_uri = if pair.matched_by == MatchedBy::Uri { "  (by URI)" } else { "" };
            out.push_str(&format!("  {}  {arrow}  {}{by_uri}\n", item(&pair.from), item(&pair.to)));
        }
        more(&mut out, group.pairs.len(), shown);
    }
    for (side, coverage) in [("from", &cw.from), ("to", &cw.to)] {
        if !coverage.by_type.is_empty() {
            let types: Vec<String> = coverage
                .by_type
                .iter()
                .map(|t| format!("{} {} ({})", t.association_type, t.covered, percent(t.share)))
                .collect();
            out.push_str(&format!("\nCoverage of {side} by type: {}\n", types.join(", ")));
        }
    }
    for (side, coverage) in [("from", &cw.from), ("to", &cw.to)] {
        if coverage.uncovered.is_empty() {
            continue;
        }
        out.push_str(&format!("\nWithout a counterpart in {side} ({})\n", coverage.uncovered.len()));
        for uncovered in coverage.uncovered.iter().take(shown) {
            let code = uncovered.human_coding_scheme.as_deref().unwrap_or("-");
            out.push_str(&format!("  {code}  {}\n", uncovered.identifier));
        }
        more(&mut out, coverage.uncovered.len(), shown);
    }
    out
}
