//! The `cairn` command line: check files against the specification (and, in later milestones,
//! serve the sandbox, sync, import, inspect).

mod check;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Cairn: an explorer for competency frameworks, rosters and gradebooks.
#[derive(Debug, Parser)]
#[command(name = "cairn", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check JSON files against the specification: tolerated deviations and violations.
    Check(check::CheckArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(args) => check::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(error) => {
            eprintln!("cairn: {error:#}");
            ExitCode::from(2)
        }
    }
}
