#!/usr/bin/env bash
# Renders the one source image, assets/icon.svg, into every icon the app and its packages carry
# (src-tauri/icons/): the hicolor PNG sizes the Linux packages install (32 to 512 px), and the
# .ico and .icns that Windows and macOS bundles would need. Run it after changing the SVG and
# commit what it writes; scripts/package.sh checks that the committed PNGs are this script's
# (the .icns carries a time stamp, so it differs from run to run).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$root/src-tauri/icons}"
cd "$root/packaging"
[ -x node_modules/.bin/tauri ] || npm ci --silent --no-audit --no-fund >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Tauri's icon command lists every file it writes; only a failure's output is worth showing.
tauri_icon() {
  local log
  log="$(npx --no-install tauri icon "$root/assets/icon.svg" "$@" 2>&1)" || { echo "$log" >&2; return 1; }
}
tauri_icon -o "$work/png" -p 32 -p 64 -p 128 -p 256 -p 512
tauri_icon -o "$work/all"
mkdir -p "$out"
cp "$work"/png/*.png "$work/all/icon.ico" "$work/all/icon.icns" "$out/"
