//! `cairn diff --old SNAPSHOT --new SNAPSHOT [--db FILE] [--json] [--all]`: what changed between
//! two snapshots of a framework — document fields, items and associations added, removed and
//! changed, field by field. SNAPSHOT is a CASE package file or a CFDocument identifier in the
//! cache, `CONNECTION:IDENTIFIER` to choose the connection (the same document imported under
//! two connections is two snapshots).

use std::path::PathBuf;
use std::process::ExitCode;

use crate::cache_file::{SHOWN, open_existing};
use cairn_graph::diff::{AssociationRef, Changed, Counts, FieldChange, ItemRef, MatchedBy};
use cairn_views::diff::{DiffView, diff_view};
use serde_json::Value;

/// Arguments of `cairn diff`.
#[derive(Debug, clap::Args)]
pub struct DiffArgs {
    /// The cache database (needed when a snapshot is named by identifier, not by file).
    #[arg(long)]
    db: Option<PathBuf>,
    /// The old snapshot: a package file, or a CFDocument identifier (CONNECTION:IDENTIFIER).
    #[arg(long)]
    old: String,
    /// The new snapshot, named the same way.
    #[arg(long)]
    new: String,
    /// Print the diff as JSON.
    #[arg(long)]
    json: bool,
    /// List every record, those whose lastChangeDateTime alone changed included (text output
    /// shows the first 10 of each list and counts the latter).
    #[arg(long)]
    all: bool,
}

/// Runs the diff.
pub fn run(args: &DiffArgs) -> anyhow::Result<ExitCode> {
    let conn = args.db.as_deref().map(open_existing).transpose()?;
    let view = diff_view(conn.as_ref(), &args.old, &args.new)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&view)?);
    } else {
        print!("{}", text(&view, args.all));
    }
    Ok(ExitCode::SUCCESS)
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

fn value(v: Option<&Value>) -> String {
    match v {
        None => "(absent)".to_owned(),
        Some(v) => clip(&v.to_string(), 70),
    }
}

fn counts(c: &Counts) -> String {
    format!(
        "{} → {}: {} added, {} removed, {} changed, {} with only lastChangeDateTime changed, {} unchanged",
        c.old, c.new, c.added, c.removed, c.changed, c.only_last_change, c.unchanged
    )
}

fn item(i: &ItemRef) -> String {
    let code = i.human_coding_scheme.as_deref().map(|c| format!("{c}  ")).unwrap_or_default();
    let statement = i.full_statement.as_deref().map(|s| format!("  {}", clip(s, 60))).unwrap_or_default();
    format!("{code}{}{statement}", i.identifier)
}

fn association(a: &AssociationRef) -> String {
    let end = |id: &str, code: Option<&str>| code.map_or_else(|| id.to_owned(), str::to_owned);
    format!(
        "{} {} {}  ({})",
        end(&a.origin, a.origin_code.as_deref()),
        a.association_type,
        end(&a.destination, a.destination_code.as_deref()),
        a.identifier
    )
}

fn fields(out: &mut String, changes: &[FieldChange]) {
    for change in changes {
        out.push_str(&format!(
            "      {}: {} → {}\n",
            change.field,
            value(change.old.as_ref()),
            value(change.new.as_ref())
        ));
    }
}

/// A list with a heading and a count of what is not shown.
fn list<T>(out: &mut String, heading: &str, records: &[T], all: bool, line: impl Fn(&mut String, &T)) {
    if records.is_empty() {
        return;
    }
    out.push_str(&format!("\n{heading} ({})\n", records.len()));
    let shown = if all { records.len() } else { SHOWN };
    for record in records.iter().take(shown) {
        line(out, record);
    }
    if records.len() > shown {
        out.push_str(&format!("  ... and {} more (--all lists them all)\n", records.len() - shown));
    }
}

fn changed<R>(out: &mut String, heading: &str, records: &[Changed<R>], all: bool, show: impl Fn(&R) -> String) {
    let listed: Vec<&Changed<R>> = records.iter().filter(|c| all || !c.only_last_change).collect();
    list(out, heading, &listed, all, |out, c| {
        let by_ends = if c.matched_by == MatchedBy::Ends { "  (matched by ends: identifier changed)" } else { "" };
        out.push_str(&format!("  ~ {}{by_ends}\n", show(&c.record)));
        fields(out, &c.changes);
    });
}

/// The diff as text: summary, then each list.
fn text(view: &DiffView, all: bool) -> String {
    let d = &view.diff;
    let title = d.document.title.as_deref().map(|t| format!(" ({t})")).unwrap_or_default();
    let mut out = format!("Diff {} → {}\n", view.old_source, view.new_source);
    if view.same_document {
        out.push_str(&format!("  framework: {}{title}\n", d.document.new_identifier));
    } else {
        out.push_str(&format!(
            "  warning: different documents ({} → {}); matching is by identifier, so little will match\n",
            d.document.old_identifier, d.document.new_identifier
        ));
    }
    let document = match (d.document.changes.len(), d.document.only_last_change) {
        (0, _) => "unchanged".to_owned(),
        (_, true) => "only lastChangeDateTime changed".to_owned(),
        _ => {
            let names: Vec<&str> = d.document.changes.iter().map(|c| c.field.as_str()).collect();
            format!("changed ({})", names.join(", "))
        }
    };
    out.push_str(&format!("  document: {document}\n"));
    out.push_str(&format!("  items: {}\n", counts(&d.summary.items)));
    out.push_str(&format!("  associations: {}\n", counts(&d.summary.associations)));
    if !d.package.is_empty() {
        let names: Vec<&str> = d.package.iter().map(|c| c.field.as_str()).collect();
        out.push_str(&format!("  package: changed ({})\n", names.join(", ")));
    }
    if !d.document.changes.is_empty() && !d.document.only_last_change {
        out.push_str("\nDocument\n");
        fields(&mut out, &d.document.changes);
    }
    list(&mut out, "Items added", &d.items.added, all, |out, i| out.push_str(&format!("  + {}\n", item(i))));
    list(&mut out, "Items removed", &d.items.removed, all, |out, i| out.push_str(&format!("  - {}\n", item(i))));
    changed(&mut out, "Items changed", &d.items.changed, all, item);
    list(&mut out, "Associations added", &d.associations.added, all, |out, a| {
        out.push_str(&format!("  + {}\n", association(a)));
    });
    list(&mut out, "Associations removed", &d.associations.removed, all, |out, a| {
        out.push_str(&format!("  - {}\n", association(a)));
    });
    changed(&mut out, "Associations changed", &d.associations.changed, all, association);
    out
}
