#!/usr/bin/env bash
# Sets everything up and runs every test: the web UI's lint (ESLint), format (Prettier), tests and
# build, Rust's formatting and lints, the whole workspace's unit, integration and property tests
# (the app's command layer included), the end-to-end tests of the real window under Xvfb, a short
# run of every fuzz target (scripts/fuzz.sh), and last the Linux packages as installed
# (scripts/test-package.sh). Exits non-zero on the first failure.
#
# The builds that no step waits on yet — the fuzzers', the packages' release build, tauri-driver —
# run beside the other steps as background jobs at the lowest priority, on the cores those leave
# idle (the UI's tests, a build's serial stretches, the window's waits). Clippy stays in the
# foreground: it shares the debug build's folder, which cargo locks, with the tests.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/setup.sh"
# A fresh clone never reuses incremental data (its crates hash differently), so do not write it.
export CARGO_INCREMENTAL=0
# Each part's heading says when it began, so a run shows what each part costs.
part() { echo "== $* (at $((SECONDS / 60)) min $((SECONDS % 60)) s)" >&2; }

# Background jobs, named by a word: each a subshell at the lowest priority with its own log, shown
# when it fails.
declare -A job_pids job_logs
start_job() {
  local name="$1"
  shift
  job_logs[$name]="$(mktemp)"
  (renice -n 19 "$BASHPID" >/dev/null && "$@") >"${job_logs[$name]}" 2>&1 &
  job_pids[$name]=$!
}
finish_job() {
  local name="$1"
  part "waiting for $name"
  if ! wait "${job_pids[$name]}"; then
    tail -n 80 "${job_logs[$name]}" >&2
    echo "== $name failed (above, the end of its output)" >&2
    return 1
  fi
  unset "job_pids[$name]"
}
kill_tree() {
  local child
  for child in $(pgrep -P "$1" 2>/dev/null); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
# A run that stops early stops its jobs too (they do not get the terminal's Ctrl-C).
cleanup() {
  local pid
  for pid in "${job_pids[@]}"; do kill_tree "$pid"; done
  rm -rf "${job_logs[@]}"
}
trap cleanup EXIT

# The app embeds the built UI: every cargo build of it needs it first.
build_ui
start_job tauri-driver install_tauri_driver
start_job fuzz-build "$here/fuzz.sh" --build
# scripts/package.sh's own build, so that its build is then done.
start_job package-build cargo build --locked --release -p cairn-app -p cairn-cli

part "ui lint and format"
npm --prefix ui run --silent lint
npm --prefix ui run --silent format:check
part "ui tests"
npm --prefix ui test --silent
part "rustfmt"
cargo fmt --all --check
part "clippy"
cargo clippy --locked --workspace --all-targets -- -D warnings
part "tests"
cargo test --locked --workspace --no-fail-fast
# `cargo test` has just built both binaries (integration tests need them), with the UI embedded.
export CAIRN_APP_BIN="$CARGO_TARGET_DIR/debug/cairn-app" CAIRN_CLI_BIN="$CARGO_TARGET_DIR/debug/cairn"
finish_job tauri-driver
part "end-to-end (the app's window under Xvfb)"
xvfb-run -a --server-args="-screen 0 1280x800x24" npm --prefix tests/e2e test --silent
finish_job fuzz-build
part "fuzz (60 s per target)"
"$here/fuzz.sh" 60
finish_job package-build
part "packages: built, validated, installed, driven and removed"
"$here/test-package.sh"
part "every test passed"
