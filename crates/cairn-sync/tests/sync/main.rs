//! Sync against the real sandbox over HTTPS: full syncs in both dialects and under injected
//! faults, cancellation, incremental syncs, scopes, framework packages fetched only when
//! their document changed, empty framework lists explained, and a server whose answer never
//! ends (in a child process, its memory measured).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)] // tests fail loudly

mod auth;
mod cancel;
mod case;
mod empty_list;
mod endless;
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
