#!/usr/bin/env bash
# Quick start: sets everything up, builds Cairn and runs it. With no arguments it validates the
# real CASE packages shipped in tests/fixtures (the app window and the built-in sandbox come in
# later milestones); any arguments go to the `cairn` command line instead.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

cargo build --locked --release -p cairn-cli
cairn="$CARGO_TARGET_DIR/release/cairn"
if [ "$#" -eq 0 ]; then
  set -- check tests/fixtures/case/*.json
fi
exec "$cairn" "$@"
