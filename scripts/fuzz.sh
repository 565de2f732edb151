#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for SECONDS_PER_TARGET (default 60) over its seed corpus (made
# from the committed fixtures, plus the inputs earlier runs kept), failing on the first crash,
# hang or excess memory. Installs cargo-fuzz if missing; cargo-fuzz, the fuzz build and the
# corpus live under $HOME/.cache/cairn, so a second run is quick.
#   scripts/fuzz.sh [SECONDS_PER_TARGET]
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
cache="$HOME/.cache/cairn"
tools="$cache/tools"
export PATH="$tools/bin:$HOME/.cargo/bin:$PATH"
if ! command -v cargo-fuzz >/dev/null 2>&1; then
    echo "== installing cargo-fuzz into $tools" >&2
    CARGO_TARGET_DIR="$tools/build" cargo install cargo-fuzz --locked --root "$tools" >&2
fi
# libFuzzer needs nightly compiler flags; the stable toolchain allows them with this.
export RUSTC_BOOTSTRAP=1
target_dir="$cache/fuzz-target"
corpus="$cache/fuzz-corpus"
seeds="$(mktemp -d)"
trap 'rm -rf "$seeds"' EXIT
fixtures="$root/tests/fixtures"

# Seeds, in each target's input format (see the targets' first lines).
mkdir -p "$seeds/check_json" "$seeds/csv_bundle" "$seeds/csv_zip" "$seeds/client_replies"
for file in "$fixtures"/case/*.json "$root"/assets/frameworks/*.json; do
    [ -f "$file" ] || continue
    # First byte 0: the class is guessed (a package, bare or wrapped).
    { printf '\0'; head -c 200000 "$file"; } > "$seeds/check_json/$(basename "$file")"
done
for file in "$fixtures"/case/opensalt-utf8-astral.json; do
    # The same package wrapped, as some servers send it.
    { printf '\0{"CFPackage": '; cat "$file"; printf '}'; } > "$seeds/check_json/wrapped-$(basename "$file")"
done
for bundle in "$fixtures"/oneroster/*/; do
    name="$(basename "$bundle")"
    for file in "$bundle"*; do
        printf '%s\037' "$(basename "$file")"
        head -c 20000 "$file"
        printf '\036'
    done > "$seeds/csv_bundle/$name"
    if command -v zip >/dev/null 2>&1; then
        (cd "$bundle" && zip -q -r "$seeds/csv_zip/$name.zip" .)
    elif command -v python3 >/dev/null 2>&1; then
        (cd "$bundle" && python3 -m zipfile -c "$seeds/csv_zip/$name.zip" ./*)
    fi
done
printf '<https://x.test/users?limit=2&offset=2>; rel="next", <https://x.test/users?offset=8>; rel="last"\037{"imsx_codeMajor":"failure","imsx_severity":"error","imsx_CodeMinor":{"imsx_codeMinorField":[{"imsx_codeMinorFieldName":"TargetEndSystem","imsx_codeMinorFieldValue":"unknownobject"}]},"imsx_description":"no such user"}' \
    > "$seeds/client_replies/link-and-status"
printf '120\037{"codeMajor":"failure","severity":"error","codeMinor":"server_busy"}' > "$seeds/client_replies/busy"
printf 'Wed, 21 Oct 2015 07:28:00 GMT' > "$seeds/client_replies/retry-date"
# Inputs that once crashed a target, kept as regression tests.
for kept in "$fixtures"/fuzz/*/; do
    [ -d "$kept" ] || continue
    cp "$kept"* "$seeds/$(basename "$kept")/" 2>/dev/null || true
done

cd "$root/fuzz"
for target in check_json csv_bundle csv_zip client_replies query_parse; do
    mkdir -p "$corpus/$target" "$seeds/$target"
    echo "== fuzz $target for ${seconds}s" >&2
    log="$seeds/$target.log"
    if ! cargo fuzz run --target-dir "$target_dir" "$target" "$corpus/$target" "$seeds/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
        > "$log" 2>&1; then
        tail -n 80 "$log" >&2
        echo "fuzz target $target failed: the input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    grep -E 'stat::number_of_executed_units|Done [0-9]+ runs' "$log" >&2 || true
done
