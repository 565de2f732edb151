//! The client against the real sandbox over HTTPS: authentication and scopes, the HTTPS rule
//! and secrets, paging, retries under injected faults, typed errors, typed operations in both
//! dialects, cancellation and progress.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)] // tests fail loudly

mod auth;
mod errors;
mod fake;
mod faults;
mod harness;
mod hostile;
mod paging;
mod raw;
mod security;
mod typed;
