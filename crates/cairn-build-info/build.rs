//! Finds the commit the binaries are built from: `CAIRN_COMMIT` when set (a build from a source
//! archive, which has no `.git`), else `git rev-parse` on the checkout, else `unknown`. Cargo runs
//! this again when `HEAD` moves (a commit, a checkout), so the answer never goes stale.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=CAIRN_COMMIT");
    let here = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let commit = match std::env::var("CAIRN_COMMIT") {
        Ok(commit) if !commit.trim().is_empty() => commit.trim().to_owned(),
        _ => {
            watch_head(&here);
            git(&here, &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".to_owned())
        }
    };
    println!("cargo:rustc-env=CAIRN_COMMIT={commit}");
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    println!("cargo:rustc-env=CAIRN_VERSION_LINE={version} (commit {commit})");
}

/// Asks cargo to run this script again when the checkout's `HEAD` or the branch it names moves.
fn watch_head(here: &Path) {
    let Some(git_dir) = git(here, &["rev-parse", "--absolute-git-dir"]).map(PathBuf::from) else {
        return;
    };
    let head = git_dir.join("HEAD");
    println!("cargo:rerun-if-changed={}", head.display());
    println!("cargo:rerun-if-changed={}", git_dir.join("packed-refs").display());
    if let Some(branch) = std::fs::read_to_string(&head).ok().and_then(|h| h.strip_prefix("ref: ").map(|r| r.trim().to_owned())) {
        println!("cargo:rerun-if-changed={}", git_dir.join(branch).display());
    }
}

/// What `git args` prints in `dir`, when git is there and answers.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).current_dir(dir).output().ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
}
