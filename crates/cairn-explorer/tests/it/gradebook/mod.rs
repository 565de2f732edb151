//! The gradebook's writes against the real sandbox over HTTPS: the outbox under a server
//! failure mid-batch, a kill between storing and sending, a 401 and a 429 mid-batch, refusals,
//! bulk POSTs and DELETEs — each write checked on the server and in the cache; through the
//! app's commands, writes to a connection whose services live under base paths of their own,
//! and the count of unsent writes the window reads when it closes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)] // tests fail loudly

mod app;
mod base_paths;
mod harness;
mod outbox;
mod posts;
mod unsent;
