//! `cairn stats --db FILE [--json]`: record counts per collection, by set wrapper name.

use std::path::PathBuf;

use anyhow::{Context, bail};
use cairn_store::cache;
use serde_json::{Map, Value};

/// Arguments of `cairn stats`.
#[derive(Debug, clap::Args)]
pub struct StatsArgs {
    /// The cache database.
    #[arg(long)]
    db: PathBuf,
    /// Only this connection's records.
    #[arg(long)]
    connection: Option<String>,
    /// Print `{"<collection>": count, ...}`.
    #[arg(long)]
    json: bool,
}

/// Prints the counts.
pub fn run(args: &StatsArgs) -> anyhow::Result<()> {
    if !args.db.exists() {
        bail!("no cache at {}", args.db.display());
    }
    let conn = cache::open(&args.db).with_context(|| format!("opening {}", args.db.display()))?;
    let connection = match &args.connection {
        Some(name) => {
            Some(cache::find_connection(&conn, name)?.with_context(|| format!("no connection called {name:?}"))?)
        }
        None => None,
    };
    let counts = cache::counts(&conn, connection)?;
    if args.json {
        let map: Map<String, Value> = counts.iter().map(|(c, n)| (c.name().to_owned(), Value::from(*n))).collect();
        println!("{}", Value::Object(map));
    } else {
        for (collection, n) in counts.iter().filter(|(_, n)| *n > 0) {
            println!("{:>10}  {}", n, collection.name());
        }
    }
    Ok(())
}
