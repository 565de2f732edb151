#!/usr/bin/env bash
# Measures the framework map (the Map tab) and the crosswalk side by side in their real window:
# a 20,000-item framework's map asked, laid out and drawn, a zoom, its colouring by alignment to
# a second one, and the two side by side at levels 1 and 2; prints a Markdown table of medians.
# The times are the web view's and the debug backend's.
# Usage: scripts/bench-map.sh [RUNS]   (default 5)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_tauri_driver

build_ui
cargo build --locked -p cairn-app -p cairn-cli
export CAIRN_APP_BIN="$CARGO_TARGET_DIR/debug/cairn-app" CAIRN_CLI_BIN="$CARGO_TARGET_DIR/debug/cairn"
xvfb-run -a --server-args="-screen 0 1280x800x24" node tests/e2e/bench/map-bench.mjs "${1:-5}"
