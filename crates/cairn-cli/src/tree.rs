//! `cairn tree --db FILE --doc IDENTIFIER [--connection NAME] [--grouping ID]... [--depth N]
//! [--json]`: a cached framework as a tree (children in sequence, enumeration and code order,
//! items with several parents under each), then its orphans and the cycles found.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use crate::cache_file::open_existing;
use cairn_graph::TreeNode;
use cairn_views::{TreeOptions, TreeView, framework_tree};

/// Arguments of `cairn tree`.
#[derive(Debug, clap::Args)]
pub struct TreeArgs {
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
    /// The framework's CFDocument identifier.
    #[arg(long)]
    doc: String,
    /// The connection whose copy to show (needed when several cached the framework).
    #[arg(long)]
    connection: Option<String>,
    /// Only the isChildOf associations of this association grouping (repeatable).
    #[arg(long = "grouping", value_name = "ID")]
    groupings: Vec<String>,
    /// How many levels below the document to show.
    #[arg(long)]
    depth: Option<usize>,
    /// Print the tree as JSON.
    #[arg(long)]
    json: bool,
}

/// Longest line of text output, indentation included.
const WIDTH: usize = 100;

/// Prints the tree.
pub fn run(args: &TreeArgs) -> anyhow::Result<ExitCode> {
    let conn = open_existing(&args.db)?;
    let options =
        TreeOptions { connection: args.connection.clone(), groupings: args.groupings.clone(), depth: args.depth };
    let view = framework_tree(&conn, &args.doc, &options)?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&view)?);
    } else {
        print!("{}", text(&view));
    }
    Ok(ExitCode::SUCCESS)
}

/// The tree as indented lines, then the orphans and cycles sections.
fn text(view: &TreeView) -> String {
    let mut out = String::new();
    let title = view.title.as_deref().unwrap_or("(untitled)");
    let _ = writeln!(out, "{}", clip(&one_line(&format!("{title} ({})", view.identifier)), WIDTH));
    lines(&view.children, 1, &mut out);
    if !view.orphans.is_empty() {
        let _ = writeln!(out, "\nOrphans (no path to the document):");
        lines(&view.orphans, 1, &mut out);
    }
    if !view.cycles.is_empty() {
        let _ = writeln!(out, "\nCycles (isChildOf links that loop; not followed):");
        for cycle in &view.cycles {
            let mut path: Vec<&str> = cycle.iter().map(String::as_str).collect();
            path.extend(cycle.first().map(String::as_str));
            let _ = writeln!(out, "  {}", path.join(" -> "));
        }
    }
    if view.truncated {
        let _ = writeln!(out, "\n(the tree is too deep or too large to show in full; it was cut off)");
    }
    out
}

fn lines(nodes: &[TreeNode<'_>], depth: usize, out: &mut String) {
    // Nested nodes are walked with an explicit stack: the depth is bounded, but deep anyway.
    let mut stack: Vec<(&TreeNode<'_>, usize)> = nodes.iter().rev().map(|n| (n, depth)).collect();
    while let Some((node, depth)) = stack.pop() {
        let indent = "  ".repeat(depth);
        let _ = writeln!(out, "{indent}{}", clip(&label(node), WIDTH.saturating_sub(indent.len()).max(20)));
        stack.extend(node.children.iter().rev().map(|c| (c, depth + 1)));
    }
}

/// `CODE  statement`, or what there is of it.
fn label(node: &TreeNode<'_>) -> String {
    if node.external {
        return match node.title.as_deref() {
            Some(title) => format!("[external] {} <{}>", one_line(title), node.identifier),
            None => format!("[external] <{}>", node.identifier),
        };
    }
    match (node.human_coding_scheme.as_deref().map(one_line), node.full_statement.as_deref().map(one_line)) {
        (Some(code), Some(statement)) => format!("{code}  {statement}"),
        (Some(text), None) | (None, Some(text)) => text,
        (None, None) => node.identifier.to_string(),
    }
}

/// `text` with its line breaks and runs of white space made single spaces.
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` (one line) at most `max` characters, cut with an ellipsis.
fn clip(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let cut: String = text.chars().take(max.saturating_sub(1)).collect();
    format!("{}…", cut.trim_end())
}
