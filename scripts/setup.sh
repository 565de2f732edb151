#!/usr/bin/env bash
# Installs what building and testing Cairn needs and is missing: Debian/Ubuntu packages
# (apt-get, through sudo when not root) and a Rust toolchain. Safe to run again: it only
# installs what is absent. Sourced by run.sh and test.sh; prints what it does on stderr.
set -euo pipefail

cairn_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Build artefacts live outside the clone so that fresh clones (and CI) reuse them.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/cairn/target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"

# System packages the workspace needs: a C toolchain for the bundled SQLite and ring; a D-Bus
# session bus and GNOME Keyring, which the tests start privately to store secrets for real;
# script(1) (bsdutils), which gives the command-line tests a terminal; WebKitGTK and GTK for the
# app's window (Tauri 2); Xvfb and WebKitWebDriver, which the window's end-to-end tests drive;
# xwd and netpbm, which picture the X screen where WebDriver's screenshot stops answering (a
# window with a session bus, as the keyring's end-to-end test gives it); xdotool, with which the
# end-to-end tests answer the app's native confirmations as a user would, by keyboard.
CAIRN_APT_PACKAGES=(build-essential pkg-config ca-certificates curl dbus-daemon dbus-bin gnome-keyring bsdutils
  libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libssl-dev libdbus-1-dev file xvfb xauth webkit2gtk-driver
  x11-apps netpbm xdotool poppler-utils python3)

# Tools installed outside the system: Node (when the system's is missing or older than the UI's
# build needs) and tauri-driver, cached so that fresh clones reuse them.
cairn_tools="$HOME/.cache/cairn/tools"
export PATH="$cairn_tools/bin:$cairn_tools/node/node_modules/node/bin:$PATH"

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_apt_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: installing ${missing[*]}" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
  fi
}

install_rust() {
  if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
  if ! command -v cargo >/dev/null 2>&1; then
    echo "setup: no Rust toolchain; installing Debian's cargo and rustc" >&2
    install_apt_packages cargo rustc
  fi
  if ! command -v cargo-clippy >/dev/null 2>&1 && command -v rustup >/dev/null 2>&1; then
    rustup component add clippy rustfmt >&2 || true
  fi
}

# Node 20.19 or newer (Vite 8): the system's when it is new enough, else npm's `node` package.
install_node() {
  local major=0 minor=0
  if command -v node >/dev/null 2>&1; then
    IFS=. read -r major minor _ <<<"$(node --version | tr -d v)"
  fi
  if [ "$major" -gt 20 ] || { [ "$major" -eq 20 ] && [ "$minor" -ge 19 ]; }; then
    return
  fi
  command -v npm >/dev/null 2>&1 || install_apt_packages nodejs npm
  echo "setup: installing Node 22 into $cairn_tools/node" >&2
  npm install --silent --no-audit --no-fund --prefix "$cairn_tools/node" node@22 >&2
  hash -r
}

# The UI's and the end-to-end tests' npm packages, exactly as locked, when the lock changed.
install_npm_packages() {
  local dir
  for dir in ui tests/e2e; do
    if [ ! -f "$dir/node_modules/.package-lock.json" ] || [ "$dir/package-lock.json" -nt "$dir/node_modules/.package-lock.json" ]; then
      echo "setup: npm ci in $dir" >&2
      (cd "$dir" && npm ci --silent --no-audit --no-fund >&2)
    fi
  done
}

install_tauri_driver() {
  if ! command -v tauri-driver >/dev/null 2>&1; then
    echo "setup: installing tauri-driver into $cairn_tools" >&2
    CARGO_TARGET_DIR="$HOME/.cache/cairn/tools-target" cargo install --locked --quiet --root "$cairn_tools" tauri-driver >&2
  fi
}

# Keeps the shared build cache bounded. Every clone builds the workspace's own crates under new
# hashes (their path is part of them), so the cache only grows: past CAIRN_CACHE_LIMIT_GB (30 by
# default) it first drops every build of the workspace's own crates (this run builds its own
# anyway; the dependencies stay), then the incremental data, then whole profiles, and the next
# build starts colder.
trim_build_cache() {
  local limit_kb=$(( ${CAIRN_CACHE_LIMIT_GB:-30} * 1024 * 1024 )) members dir
  [ -d "$CARGO_TARGET_DIR" ] || return 0
  cache_over_limit() {
    local used
    used=$(du -sk "$CARGO_TARGET_DIR" 2>/dev/null | cut -f1)
    [ "${used:-0}" -gt "$limit_kb" ] && echo "setup: build cache is $((used / 1024 / 1024)) GB" >&2
  }
  cache_over_limit || return 0
  members="$(cd "$cairn_root" && cargo metadata --no-deps --format-version 1 --offline 2>/dev/null |
    python3 -c 'import json, sys; print(" ".join("-p " + p["name"] for p in json.load(sys.stdin)["packages"]))')" || true
  if [ -n "$members" ]; then
    echo "setup: removing the builds of the workspace's own crates" >&2
    # shellcheck disable=SC2086 # one word per -p and name
    (cd "$cairn_root" && cargo clean --offline --release $members >&2 && cargo clean --offline $members >&2) || true
  fi
  for dir in "$CARGO_TARGET_DIR/debug/incremental" "$CARGO_TARGET_DIR/release/incremental" \
    "$CARGO_TARGET_DIR/release" "$CARGO_TARGET_DIR/debug"; do
    cache_over_limit || return 0
    echo "setup: removing $dir" >&2
    rm -rf "$dir"
  done
}

install_apt_packages "${CAIRN_APT_PACKAGES[@]}"
install_rust
trim_build_cache
install_node
cd "$cairn_root"
install_npm_packages

# The fingerprint of everything the web UI's build reads: its sources, configuration, lockfile
# and installed packages.
ui_inputs_hash() {
  (cd "$cairn_root/ui" && find src index.html package.json package-lock.json tsconfig.json vite.config.ts \
    vite.print.config.ts node_modules/.package-lock.json -type f -print0 | sort -z | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
}

# Copies the files of the build in $1 that differ into $2 and removes those it no longer has:
# cargo's build scripts watch the files, so untouched ones let cargo skip recompiling.
sync_build() {
  local scratch="$1" dest="$2" file
  mkdir -p "$dest"
  (cd "$scratch" && find . -type f) | while read -r file; do
    if ! cmp -s "$scratch/$file" "$dest/$file"; then
      mkdir -p "$(dirname "$dest/$file")"
      cp "$scratch/$file" "$dest/$file"
    fi
  done
  (cd "$dest" && find . -type f) | while read -r file; do
    [ -e "$scratch/$file" ] || rm -f "$dest/$file"
  done
  rm -rf "$scratch"
}

# Builds the web UI into ui/dist, which the app embeds (cargo builds of cairn-app need it), and
# the print renderer into ui/dist-print, which the command line inlines into
# `cairn export --format html` — only when what the builds read changed since the last build.
# Each build goes to a scratch folder and only the files that differ are copied (sync_build).
build_ui() {
  local stamp="$cairn_root/ui/node_modules/.cairn-ui-build" hash scratch
  hash="$(ui_inputs_hash)"
  if [ -f "$cairn_root/ui/dist/index.html" ] && [ -f "$cairn_root/ui/dist-print/print.js" ] &&
    [ "$(cat "$stamp" 2>/dev/null)" = "$hash" ]; then
    echo "== ui build: unchanged since the last build" >&2
    return
  fi
  echo "== ui build" >&2
  scratch="$(mktemp -d)"
  npm --prefix "$cairn_root/ui" run --silent build -- --outDir "$scratch" --emptyOutDir >&2
  sync_build "$scratch" "$cairn_root/ui/dist"
  scratch="$(mktemp -d)"
  npm --prefix "$cairn_root/ui" run --silent build:print -- --outDir "$scratch" --emptyOutDir >&2
  sync_build "$scratch" "$cairn_root/ui/dist-print"
  echo "$hash" >"$stamp"
}
