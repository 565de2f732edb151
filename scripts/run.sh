#!/usr/bin/env bash
# Quick start: sets everything up, builds the web UI and the app (release), and opens Cairn's
# window — on the built-in sandbox the first time. Arguments go to the app (`--data-dir DIR`).
# The command line (`cairn serve`, `cairn sync`, ...) is built with `cargo build -p cairn-cli`.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

build_ui
cargo build --locked --release -p cairn-app
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  echo "run: no display (DISPLAY and WAYLAND_DISPLAY are unset); to run headless: xvfb-run -a $0" >&2
  exit 1
fi
exec "$CARGO_TARGET_DIR/release/cairn-app" "$@"
