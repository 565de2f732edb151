#!/usr/bin/env bash
# Sets everything up and runs every test: the web UI's lint (ESLint), format (Prettier), tests and
# build, Rust's formatting and lints, the
# whole workspace's unit, integration and property tests (the app's command layer included), the
# end-to-end tests of the real window under Xvfb, then a short run of every fuzz target
# (scripts/fuzz.sh), and last the Linux packages as installed (scripts/test-package.sh). Exits
# non-zero on the first failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_tauri_driver
# A fresh clone never reuses incremental data (its crates hash differently), so do not write it.
export CARGO_INCREMENTAL=0
# Each part's heading says when it began, so a run shows what each part costs.
part() { echo "== $* (at $((SECONDS / 60)) min $((SECONDS % 60)) s)" >&2; }

part "ui lint and format"
npm --prefix ui run --silent lint
npm --prefix ui run --silent format:check
part "ui tests"
npm --prefix ui test --silent
build_ui
part "rustfmt"
cargo fmt --all --check
part "clippy"
cargo clippy --locked --workspace --all-targets -- -D warnings
part "tests"
cargo test --locked --workspace --no-fail-fast
# The packages' release build (scripts/package.sh's own command, so that its build is then done)
# runs beside the end-to-end tests and the fuzzing at the lowest priority: it takes the cores
# they leave idle (the window mostly waits, a fuzz target uses one core) and yields them when
# they want them. From nothing it is the longest build of the run.
release_log="$(mktemp)"
nice -n 19 cargo build --locked --release -p cairn-app -p cairn-cli >"$release_log" 2>&1 &
release_build=$!
# A run that stops early stops it too (a background job does not get the terminal's Ctrl-C).
trap 'kill "$release_build" 2>/dev/null || true; rm -f "$release_log"' EXIT
part "end-to-end (the app's window under Xvfb)"
# `cargo test` has just built both binaries (integration tests need them), with the features the
# tests use; building them again with `cargo build` would compile Tauri a second time.
export CAIRN_APP_BIN="$CARGO_TARGET_DIR/debug/cairn-app" CAIRN_CLI_BIN="$CARGO_TARGET_DIR/debug/cairn"
xvfb-run -a --server-args="-screen 0 1280x800x24" npm --prefix tests/e2e test --silent
part "fuzz (60 s per target)"
"$(dirname "${BASH_SOURCE[0]}")/fuzz.sh" 60
part "packages: built, validated, installed, driven and removed"
if ! wait "$release_build"; then
  # package.sh builds again in the foreground, where the error shows and fails the run.
  echo "== the release build beside the tests failed; building again:" >&2
  tail -n 20 "$release_log" >&2
fi
"$(dirname "${BASH_SOURCE[0]}")/test-package.sh"
part "every test passed"
