//! The `cairn` command line: check files against the specification and serve the sandbox
//! provider (sync, import and the views come in later milestones).

mod cache_file;
mod check;
mod connection;
mod crosswalk;
mod diff;
mod export;
mod import;
mod print_bundle;
mod serve;
mod stats;
mod sync;
mod tree;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Cairn: an explorer for competency frameworks, rosters and gradebooks.
#[derive(Debug, Parser)]
#[command(name = "cairn", version = cairn_build_info::VERSION_LINE, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check JSON files against the specification: tolerated deviations and violations.
    Check(check::CheckArgs),
    /// Serve the four services (the sandbox provider) over HTTPS.
    Serve(serve::ServeArgs),
    /// Import CASE package files into the cache.
    Import(import::ImportArgs),
    /// Count the cache's records per collection.
    Stats(stats::StatsArgs),
    /// Sync a provider's collections and frameworks into the cache.
    Sync(sync::SyncArgs),
    /// Save, list, remove and test connections (client secrets in the OS keyring).
    Connection(connection::ConnectionArgs),
    /// Export a framework's items as CSV, or a connection's rosters as a OneRoster 1.2 CSV bundle.
    Export(export::ExportArgs),
    /// The associations linking two frameworks' items, by type, and each framework's coverage.
    Crosswalk(crosswalk::CrosswalkArgs),
    /// What changed between two snapshots of a framework: document, items, associations.
    Diff(diff::DiffArgs),
    /// A cached framework as a tree, with its orphans and cycles.
    Tree(tree::TreeArgs),
}

/// mimalloc (see `cairn_malloc`).
#[global_allocator]
static ALLOCATOR: cairn_malloc::Allocator = cairn_malloc::Allocator;

fn main() -> ExitCode {
    cairn_malloc::configure();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => check::run(&args),
        Command::Serve(args) => serve::run(args).map(|()| ExitCode::SUCCESS),
        Command::Import(args) => import::run(&args),
        Command::Stats(args) => stats::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Sync(args) => sync::run(&args),
        Command::Connection(args) => connection::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Crosswalk(args) => crosswalk::run(&args),
        Command::Diff(args) => diff::run(&args),
        Command::Tree(args) => tree::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("cairn: {}", chain(&error));
            ExitCode::from(2)
        }
    }
}

/// The error and its causes, each said once: a cause whose text the message already holds
/// (many errors print their source) is not repeated.
fn chain(error: &anyhow::Error) -> String {
    let mut text = error.to_string();
    for cause in error.chain().skip(1) {
        let message = cause.to_string();
        if !text.contains(&message) {
            text.push_str(": ");
            text.push_str(&message);
        }
    }
    text
}
