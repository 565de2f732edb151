#!/usr/bin/env bash
# Sets everything up and runs every test: formatting, lints, then the whole workspace's unit,
# integration and property tests, then a short run of every fuzz target (scripts/fuzz.sh). Exits
# non-zero on the first failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

echo "== rustfmt" >&2
cargo fmt --all --check
echo "== clippy" >&2
cargo clippy --locked --workspace --all-targets -- -D warnings
echo "== tests" >&2
cargo test --locked --workspace --no-fail-fast
echo "== fuzz (60 s per target)" >&2
"$(dirname "${BASH_SOURCE[0]}")/fuzz.sh" 60
