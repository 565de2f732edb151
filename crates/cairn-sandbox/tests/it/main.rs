//! The sandbox over real HTTPS: every operation, query mechanics, authentication and scopes,
//! errors, and writes that survive a restart.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod auth;
mod errors;
mod faults;
mod harness;
mod interop;
mod network;
mod operations;
mod persistence;
mod query;
mod world;
