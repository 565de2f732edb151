#!/usr/bin/env bash
# Builds Cairn's Linux packages: exactly one .deb and one .rpm in dist/, holding the app
# (/usr/bin/cairn-app) and the command line (/usr/bin/cairn), both stripped, with the desktop
# entry, the icons, the AppStream metadata, the copyright file and the changelog. Tauri's bundler
# (npm's @tauri-apps/cli) writes both archives in-process, offline. Installs what it needs, like
# the other scripts. AppImage is not built: its bundler downloads linuxdeploy at build time.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

# dpkg-shlibdeps computes the .deb's Depends; binutils strips and reads the binaries' NEEDED.
install_apt_packages dpkg-dev binutils gzip
if [ ! -x "$cairn_root/packaging/node_modules/.bin/tauri" ] ||
  [ "$cairn_root/packaging/package-lock.json" -nt "$cairn_root/packaging/node_modules/.package-lock.json" ]; then
  echo "setup: npm ci in packaging" >&2
  (cd "$cairn_root/packaging" && npm ci --silent --no-audit --no-fund >&2)
fi

package=cairn
maintainer="Cairn developers <developers@cairn-edu.org>"
version="$(sed -n 's/^version = "\(.*\)"$/\1/p' "$cairn_root/Cargo.toml" | head -1)"
dist="$cairn_root/dist"
stage="$CARGO_TARGET_DIR/package"

fail() {
  echo "package: $*" >&2
  exit 1
}

# One version everywhere: the workspace's, the changelog's newest entry, the metainfo's newest
# release.
changelog_version="$(sed -n 's/^## \([^ ]*\) — .*/\1/p' "$cairn_root/CHANGELOG.md" | head -1)"
metainfo="$cairn_root/packaging/linux/org.cairn.explorer.metainfo.xml"
metainfo_version="$(sed -n 's/.*<release version="\([^"]*\)".*/\1/p' "$metainfo" | head -1)"
[ "$changelog_version" = "$version" ] || fail "CHANGELOG.md's newest entry is $changelog_version, the workspace is $version"
[ "$metainfo_version" = "$version" ] || fail "$metainfo's newest release is $metainfo_version, the workspace is $version"

# The icons are assets/icon.svg's, as scripts/icons.sh renders them.
icons_now="$(mktemp -d)"
trap 'rm -rf "$icons_now"' EXIT
"$cairn_root/scripts/icons.sh" "$icons_now"
for png in "$icons_now"/*.png; do
  cmp -s "$png" "$cairn_root/src-tauri/icons/$(basename "$png")" ||
    fail "src-tauri/icons/$(basename "$png") is not assets/icon.svg's: run scripts/icons.sh and commit"
done

# The release build, shared with the benches (same profile, same target folder).
build_ui
# The commit comes from the checkout (cairn-build-info reads it); setting CAIRN_COMMIT here
# when the user did not would make the next plain `cargo build` (run.sh) recompile the app.
echo "== release build of $version ($(git -C "$cairn_root" rev-parse --short=12 HEAD 2>/dev/null || echo "${CAIRN_COMMIT:-unknown}"))" >&2
cargo build --locked --release -p cairn-app -p cairn-cli

# The bundler takes the binaries from its target folder: a staged one holding stripped copies,
# so that the shared release build keeps its symbols for profiling.
rm -rf "$stage"
mkdir -p "$stage/target/release" "$stage/doc"
for bin in cairn-app cairn; do
  strip --strip-all -o "$stage/target/release/$bin" "$CARGO_TARGET_DIR/release/$bin"
done

# Depends, computed from the libraries the binaries link (dpkg-shlibdeps reads a control file).
# Ubuntu 24.04 renamed some of them for 64-bit time_t (libgtk-3-0t64, ...): those still Provide
# the old name on amd64, and each is named as an alternative too, the new name first.
mkdir -p "$stage/shlibs/debian"
printf 'Source: %s\n\nPackage: %s\nArchitecture: any\n' "$package" "$package" >"$stage/shlibs/debian/control"
depends="$(cd "$stage/shlibs" && dpkg-shlibdeps -O "$stage/target/release/cairn-app" "$stage/target/release/cairn" 2>/dev/null |
  sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependency"
t64_renamed=(libglib2.0-0 libgtk-3-0 libatk1.0-0 libatk-bridge2.0-0 libssl3 libcups2)
deb_depends=()
IFS=',' read -ra parts <<<"$depends"
for dep in "${parts[@]}"; do
  dep="$(echo "$dep" | sed 's/^ *//; s/ *$//')"
  name="${dep%% *}"
  constraint="${dep#"$name"}"
  for renamed in "${t64_renamed[@]}"; do
    if [ "$name" = "$renamed" ]; then
      dep="${name}t64${constraint} | ${dep}"
    fi
  done
  deb_depends+=("$dep")
done
# The rpm requires the same libraries, by soname.
rpm_requires=()
while read -r soname; do
  rpm_requires+=("${soname}()(64bit)")
done < <(objdump -p "$stage/target/release/cairn-app" "$stage/target/release/cairn" | awk '/NEEDED/ {print $2}' | sort -u)

# The copyright file: Cairn's licence and the licences of everything compiled in.
cargo metadata --locked --format-version 1 --filter-platform x86_64-unknown-linux-gnu >"$stage/metadata.json"
npm ls --prefix "$cairn_root/ui" --omit=dev --all --json >"$stage/npm.json"
node "$cairn_root/packaging/copyright.mjs" "$stage/metadata.json" "$stage/npm.json" >"$stage/doc/copyright"
node "$cairn_root/packaging/debian-changelog.mjs" "$cairn_root/CHANGELOG.md" "$package" "$maintainer" |
  gzip -9n >"$stage/doc/changelog.gz"

# What the bundler adds to tauri.conf.json for this build: dependencies and the extra files.
node - "$stage/tauri.package.json" "$cairn_root" "$stage" "${deb_depends[*]/%/,}" "${rpm_requires[*]}" <<'EOF'
const [out, root, stage, debDepends, rpmRequires] = process.argv.slice(2);
const files = {
  "/usr/share/doc/cairn/copyright": `${stage}/doc/copyright`,
  "/usr/share/doc/cairn/changelog.gz": `${stage}/doc/changelog.gz`,
  "/usr/share/metainfo/org.cairn.explorer.metainfo.xml": `${root}/packaging/linux/org.cairn.explorer.metainfo.xml`,
  "/usr/share/icons/hicolor/scalable/apps/cairn-app.svg": `${root}/assets/icon.svg`,
  "/usr/bin/cairn": `${stage}/target/release/cairn`,
};
const deb = debDepends.split(",").map((d) => d.trim()).filter(Boolean);
const rpm = rpmRequires.split(" ").filter(Boolean);
require("node:fs").writeFileSync(
  out,
  JSON.stringify({ bundle: { linux: { deb: { depends: deb, files }, rpm: { depends: rpm, files } } } }, null, 2),
);
EOF

echo "== bundling .deb and .rpm" >&2
(cd "$cairn_root/src-tauri" && CARGO_TARGET_DIR="$stage/target" CI=true \
  "$cairn_root/packaging/node_modules/.bin/tauri" bundle --bundles deb,rpm --config "$stage/tauri.package.json" >&2)

rm -rf "$dist"
mkdir -p "$dist"
debs=("$stage"/target/release/bundle/deb/*.deb)
rpms=("$stage"/target/release/bundle/rpm/*.rpm)
[ "${#debs[@]}" -eq 1 ] && [ "${#rpms[@]}" -eq 1 ] || fail "the bundler wrote ${#debs[@]} .deb and ${#rpms[@]} .rpm"
cp "${debs[0]}" "$dist/${package}_${version}_amd64.deb"
cp "${rpms[0]}" "$dist/${package}-${version}-1.x86_64.rpm"
ls -l "$dist" >&2
