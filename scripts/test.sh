#!/usr/bin/env bash
# Sets everything up and runs every test: the web UI's lint (ESLint), format (Prettier), tests and
# build, Rust's formatting and lints, the whole workspace's unit, integration and property tests
# (the app's command layer included), the end-to-end tests of the real window under Xvfb, a short
# run of every fuzz target (scripts/fuzz.sh), and last the Linux packages as installed
# (scripts/test-package.sh). Exits non-zero on the first failure.
#
# The Rust tests run in the release profile, the packages' own: their dependency build is then the
# packages' too (the end-to-end tests drive the release app), where a debug build would be a
# second build of the whole tree. The builds that no step waits on yet — clippy's, the fuzzers',
# the packages' — run beside the other steps at the lowest priority, on the cores those leave
# idle (a build's serial stretches, the window's waits).
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
e2e_bin="$(mktemp -d)"
# A run that stops early stops its jobs too (they do not get the terminal's Ctrl-C).
cleanup() {
  local pid
  for pid in "${job_pids[@]}"; do kill_tree "$pid"; done
  rm -rf "${job_logs[@]}" "$e2e_bin"
}
trap cleanup EXIT

# The app embeds the built UI: every cargo build of it (clippy's included) needs it first.
build_ui
start_job tauri-driver install_tauri_driver
start_job clippy cargo clippy --locked --workspace --all-targets -- -D warnings
start_job fuzz-build "$here/fuzz.sh" --build

part "ui lint and format"
npm --prefix ui run --silent lint
npm --prefix ui run --silent format:check
part "ui tests"
npm --prefix ui test --silent
part "rustfmt"
cargo fmt --all --check
part "tests: build"
cargo test --locked --release --workspace --no-run
part "tests: run"
cargo test --locked --release --workspace --no-fail-fast
finish_job clippy

# The end-to-end tests drive copies of the binaries `cargo test` built (the UI embedded): the
# packages' build, beside them, writes its own over the originals.
cp "$CARGO_TARGET_DIR/release/cairn-app" "$CARGO_TARGET_DIR/release/cairn" "$e2e_bin/"
export CAIRN_APP_BIN="$e2e_bin/cairn-app" CAIRN_CLI_BIN="$e2e_bin/cairn"
# scripts/package.sh's own build, so that its build is then done.
start_job package-build cargo build --locked --release -p cairn-app -p cairn-cli
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
