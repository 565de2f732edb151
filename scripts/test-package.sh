#!/usr/bin/env bash
# Tests Cairn's packages as a user gets them: builds them (scripts/package.sh), checks what they
# hold and say with the distributions' own validators (dpkg-deb, rpm, desktop-file-validate,
# appstreamcli, lintian), installs the .deb with apt, drives the installed app through WebDriver
# to its first-launch tree and runs the installed `cairn`, then removes the package and checks
# that nothing of it is left. Installing needs root (or sudo without a password): without it the
# install, run and removal steps say so and are skipped — never passed. scripts/test.sh runs this
# last; it also runs alone.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/setup.sh"
install_apt_packages lintian rpm desktop-file-utils appstream file dpkg-dev
install_tauri_driver

"$here/package.sh"
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$cairn_root/Cargo.toml" | head -1)"
commit="${CAIRN_COMMIT:-$(git -C "$cairn_root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)}"
deb="$cairn_root/dist/cairn_${version}_amd64.deb"
rpm="$cairn_root/dist/cairn-${version}-1.x86_64.rpm"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

check() {
  local what="$1"
  shift
  if "$@" >"$work/out" 2>&1; then
    echo "ok: $what" >&2
    passed=$((passed + 1))
  else
    echo "FAILED: $what" >&2
    sed 's/^/  /' "$work/out" >&2
    failed=$((failed + 1))
  fi
}

field() { dpkg-deb --field "$deb" "$1"; }
has_file() { grep -qxF "$1" "$work/deb-files"; }

echo "== the .deb: $(basename "$deb")" >&2
dpkg-deb --contents "$deb" | awk '{print $6}' | sed 's|^\./||; s|^|/|; s|/$||' >"$work/deb-files"
dpkg-deb --extract "$deb" "$work/deb"
check "exactly one .deb and one .rpm in dist/" test "$(ls "$cairn_root/dist" | grep -c '\.deb$')-$(ls "$cairn_root/dist" | grep -c '\.rpm$')" = 1-1
check "Package is cairn, Version is $version" test "$(field Package) $(field Version)" = "cairn $version"
check "Maintainer is Name <email>" bash -c "dpkg-deb --field '$deb' Maintainer | grep -Eq '^[^<>]+ <[^@ ]+@[^> ]+>$'"
check "a homepage" bash -c "dpkg-deb --field '$deb' Homepage | grep -q '^https://'"
check "a short and a long description" bash -c "test \"\$(dpkg-deb --field '$deb' Description | wc -l)\" -ge 3"
check "Depends names libc, WebKitGTK 4.1 and GTK 3 (or Ubuntu's t64 GTK)" bash -c \
  "dpkg-deb --field '$deb' Depends | grep -q 'libc6' && dpkg-deb --field '$deb' Depends | grep -q 'libwebkit2gtk-4.1-0' && dpkg-deb --field '$deb' Depends | grep -q 'libgtk-3-0t64 .*| libgtk-3-0'"
check "Installed-Size at most 80 MB ($(field Installed-Size) KiB)" test "$(field Installed-Size)" -le 81920
for path in /usr/bin/cairn-app /usr/bin/cairn /usr/share/applications/Cairn.desktop \
  /usr/share/metainfo/org.cairn.explorer.metainfo.xml /usr/share/doc/cairn/copyright /usr/share/doc/cairn/changelog.gz \
  /usr/share/icons/hicolor/scalable/apps/cairn-app.svg; do
  check "holds $path" has_file "$path"
done
for size in 32 64 128 256 512; do
  check "holds the ${size} px icon" has_file "/usr/share/icons/hicolor/${size}x${size}/apps/cairn-app.png"
done
check "both binaries are stripped" bash -c "file -L '$work/deb/usr/bin/cairn-app' '$work/deb/usr/bin/cairn' | grep -c ', stripped' | grep -qx 2"
check "the desktop entry is valid" desktop-file-validate "$work/deb/usr/share/applications/Cairn.desktop"
check "the desktop entry is in Education and names the icon" bash -c \
  "grep -qx 'Categories=Education;' '$work/deb/usr/share/applications/Cairn.desktop' && grep -qx 'Icon=cairn-app' '$work/deb/usr/share/applications/Cairn.desktop'"
check "the AppStream metadata is valid" appstreamcli validate --no-net "$work/deb/usr/share/metainfo/org.cairn.explorer.metainfo.xml"
check "the copyright file names Cairn's licence, KaTeX and the frameworks" bash -c \
  "grep -q '^License: MIT or Apache-2.0' '$work/deb/usr/share/doc/cairn/copyright' && grep -q '^Files: ui/node_modules/katex/' '$work/deb/usr/share/doc/cairn/copyright' && grep -q '^Files: assets/frameworks/' '$work/deb/usr/share/doc/cairn/copyright'"
lintian --no-tag-display-limit "$deb" >"$work/lintian" 2>&1 || true
check "lintian reports no error" bash -c "! grep '^E:' '$work/lintian'"
grep -E '^(W|I):' "$work/lintian" | sed 's/^/  lintian: /' >&2 || true

echo "== the .rpm: $(basename "$rpm")" >&2
check "rpm reads the package: cairn $version" bash -c "rpm -qp --qf '%{NAME} %{VERSION}\n' '$rpm' | grep -qx 'cairn $version'"
check "the .rpm holds both binaries and the metadata" bash -c \
  "rpm -qlp '$rpm' | grep -qx /usr/bin/cairn-app && rpm -qlp '$rpm' | grep -qx /usr/bin/cairn && rpm -qlp '$rpm' | grep -qx /usr/share/metainfo/org.cairn.explorer.metainfo.xml"
check "the .rpm requires WebKitGTK 4.1 and GTK 3 by soname" bash -c \
  "rpm -qp --requires '$rpm' | grep -qF 'libwebkit2gtk-4.1.so.0()(64bit)' && rpm -qp --requires '$rpm' | grep -qF 'libgtk-3.so.0()(64bit)'"

echo "== installed with apt" >&2
if [ "$(id -u)" -ne 0 ] && ! sudo -n true 2>/dev/null; then
  echo "SKIPPED: installing the .deb, running the installed app and removing it need root (or sudo without a password)" >&2
else
  if dpkg-query -W cairn >/dev/null 2>&1; then
    echo "package: cairn is installed already; removing it first" >&2
    as_root env DEBIAN_FRONTEND=noninteractive apt-get remove --purge -y -qq cairn >&2
  fi
  check "apt installs the .deb, dependencies resolved" as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb"
  dpkg-query -L cairn >"$work/installed" 2>/dev/null || true
  # The installed app and command line, driven as a user would, from nowhere near the repository.
  check "the installed app's first launch, About and cairn serve --demo (WebDriver under Xvfb)" bash -c \
    "cd / && CAIRN_APP_BIN=/usr/bin/cairn-app CAIRN_CLI_BIN=/usr/bin/cairn CAIRN_PACKAGE_VERSION='$version' CAIRN_PACKAGE_COMMIT='$commit' \
     xvfb-run -a --server-args='-screen 0 1280x800x24' node --test --test-concurrency=1 '$cairn_root/tests/e2e/package/'"
  check "apt removes it" as_root env DEBIAN_FRONTEND=noninteractive apt-get remove --purge -y -qq cairn
  check "nothing of the package is left" bash -c \
    "! dpkg-query -W cairn 2>/dev/null && while read -r f; do [ -d \"\$f\" ] || [ ! -e \"\$f\" ] || { echo \"left: \$f\"; exit 1; }; done <'$work/installed'"
fi

echo "package: $passed passed, $failed failed" >&2
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
