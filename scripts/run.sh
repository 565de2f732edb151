#!/usr/bin/env bash
# Quick start: sets everything up, builds Cairn and runs it. Until the app window exists this
# runs the built-in sandbox provider with demo data (`cairn serve --demo`) on
# https://127.0.0.1:8443; any arguments go to the `cairn` command line instead.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

cargo build --locked --release -p cairn-cli
cairn="$CARGO_TARGET_DIR/release/cairn"
if [ "$#" -eq 0 ]; then
  set -- serve --demo --listen 127.0.0.1:8443
fi
exec "$cairn" "$@"
