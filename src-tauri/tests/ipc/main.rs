//! The command layer as the web view calls it, without a display: Tauri's mock runtime with the
//! app's real context and a real cache in a temporary folder. One test binary for all of it:
//! each binary of its own would build the app's commands over the mock runtime again, minutes
//! apiece in the release profile that `scripts/test.sh` tests in.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod boundary;
mod commands;
mod print;
mod support;
mod workbooks;
