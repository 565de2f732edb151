//! What Cairn does, without a window, for the app and the command line alike. So far: checking
//! files against the specification ([`check`]).

pub mod app;
pub mod check;
pub mod connections;
pub mod export;
pub mod failure;
pub mod import;
pub mod ingest;
pub mod malloc;
pub mod progress;
pub mod sync;
pub mod views;
