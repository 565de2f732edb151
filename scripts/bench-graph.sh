#!/usr/bin/env bash
# Measures the full-size graph (the Graph tab) in its real window: a 500-node graph asked, laid
# out and drawn in each layout, and the frames while panning and zooming it; prints a Markdown
# table of medians. The times are the web view's (the same script in a debug or a release build),
# so it uses the debug binaries. Usage: scripts/bench-graph.sh [RUNS]   (default 5)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
install_tauri_driver

build_ui
cargo build --locked -p cairn-app -p cairn-cli
export CAIRN_APP_BIN="$CARGO_TARGET_DIR/debug/cairn-app" CAIRN_CLI_BIN="$CARGO_TARGET_DIR/debug/cairn"
xvfb-run -a --server-args="-screen 0 1280x800x24" node tests/e2e/bench/graph-bench.mjs "${1:-5}"
