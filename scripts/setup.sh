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
# script(1) (bsdutils), which gives the command-line tests a terminal.
CAIRN_APT_PACKAGES=(build-essential pkg-config ca-certificates curl dbus-daemon dbus-bin gnome-keyring bsdutils)

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

install_apt_packages "${CAIRN_APT_PACKAGES[@]}"
install_rust
cd "$cairn_root"
