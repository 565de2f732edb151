#!/usr/bin/env bash
# Measures Save as PDF of the 20,000-item state-scale framework in the real window: builds the UI
# and release binaries, syncs the state-scale demo with `cairn sync`, drives the window under Xvfb
# through tauri-driver and prints a Markdown table of medians (time, memory added, longest frame).
# Usage: scripts/bench-print.sh [RUNS]   (default 3)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_tauri_driver

build_ui
cargo build --locked --release -p cairn-app -p cairn-cli
export CAIRN_APP_BIN="$CARGO_TARGET_DIR/release/cairn-app" CAIRN_CLI_BIN="$CARGO_TARGET_DIR/release/cairn"
xvfb-run -a --server-args="-screen 0 1280x800x24" node tests/e2e/bench/print-bench.mjs "${1:-3}"
