//! Frameworks and rosters in and out of the cache: checking JSON files against the
//! specification ([`check`]), reading OneRoster CSV bundles ([`import`]), writing CASE packages
//! and roster bundles into the cache ([`ingest`], which a sync's framework packages go through
//! too), and exporting CSV tables, workbooks, print documents and roster bundles ([`export`]),
//! all reporting through one progress and cancel model ([`progress`]).

pub mod check;
pub mod export;
pub mod import;
pub mod ingest;
pub mod progress;
