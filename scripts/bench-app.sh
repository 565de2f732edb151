#!/usr/bin/env bash
# Measures the app in its real window: builds the UI and release binaries, prepares data folders
# (the built-in sandbox's first launch, the state-scale demo synced with `cairn sync`, a node of
# 1,000 children, two linked 20,000-item frameworks for the crosswalk), drives the window under
# Xvfb through tauri-driver and prints a Markdown table of medians. Usage: scripts/bench-app.sh [RUNS]   (default 5)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_tauri_driver

build_ui
cargo build --locked --release -p cairn-app -p cairn-cli
export CAIRN_APP_BIN="$CARGO_TARGET_DIR/release/cairn-app" CAIRN_CLI_BIN="$CARGO_TARGET_DIR/release/cairn"
xvfb-run -a --server-args="-screen 0 1280x800x24" node tests/e2e/bench/app-bench.mjs "${1:-5}"
