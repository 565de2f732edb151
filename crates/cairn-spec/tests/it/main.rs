//! Integration tests of the data model: real packages, the official references, tolerance,
//! strict validation and lossless round trips of arbitrary JSON.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // tests fail loudly

mod fixtures;
mod lossless;
mod references;
mod straight;
mod tolerance;
mod validation;

use std::path::PathBuf;

/// The workspace's `tests/fixtures` folder.
pub fn fixtures_dir() -> PathBuf {
    PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
}

/// The official references shipped with the crate.
pub fn reference_dir() -> PathBuf {
    PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR")).join("reference")
}
