//! What a Cairn binary says of itself: the workspace's version and the commit it was built from,
//! shared by `cairn --version` and the app's About so that the two never disagree.

/// The release, the workspace's version (`Cargo.toml`), which the packages carry too.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The commit the binary was built from (twelve hex digits), or `unknown` when it was built
/// outside a git checkout with no `CAIRN_COMMIT` given.
pub const COMMIT: &str = env!("CAIRN_COMMIT");

/// The version as `--version` prints it: `0.2.0 (commit 0123456789ab)`.
pub const VERSION_LINE: &str = env!("CAIRN_VERSION_LINE");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_line_names_the_version_and_the_commit() {
        assert_eq!(VERSION_LINE, format!("{VERSION} (commit {COMMIT})"));
        assert!(!COMMIT.is_empty());
        assert!(COMMIT == "unknown" || COMMIT.chars().all(|c| c.is_ascii_hexdigit()), "{COMMIT}");
    }
}
