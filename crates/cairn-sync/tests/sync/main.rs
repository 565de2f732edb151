//! Sync against the real sandbox over HTTPS: full syncs in both dialects and under injected
//! faults, cancellation, incremental syncs, scopes, framework packages fetched only when
//! their document changed, and empty framework lists explained.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)] // tests fail loudly

mod auth;
mod cancel;
mod case;
mod empty_list;
mod exact;
mod fake;
mod frameworks;
mod full;
mod harness;
mod incremental;
mod listing;
mod loopback;
mod network;
mod paging;
mod scopes;
mod slow;
mod validators;
