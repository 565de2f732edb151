#!/usr/bin/env bash
# Runs every fuzz target of fuzz/ for SECONDS_PER_TARGET (default 60) over its seed corpus (made
# from the committed fixtures, plus the inputs earlier runs kept), failing on the first crash,
# hang or excess memory; as many targets at once as the machine has cores. With --build it only
# builds them (scripts/test.sh does, beside its other steps). Installs cargo-fuzz if missing;
# cargo-fuzz, the fuzz build and the corpus live under $HOME/.cache/cairn, so a second run is
# quick.
#   scripts/fuzz.sh [SECONDS_PER_TARGET]
#   scripts/fuzz.sh --build
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
targets=(check_json csv_bundle csv_zip client_replies query_parse)
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
# No sanitizer: the crates under test hold no `unsafe`, so what the targets find is a panic, a
# hang or excess memory; AddressSanitizer would slow the build and each input for the
# dependencies' memory errors alone.
fuzz_flags=(--sanitizer none --target-dir "$target_dir")
if [ "$seconds" = --build ]; then
    cd "$root/fuzz"
    echo "== fuzz build" >&2
    exec cargo fuzz build "${fuzz_flags[@]}"
fi
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

# One target's run, its log beside the seeds; on failure the log's tail and a mark.
fuzz_target() {
    local target="$1" log="$seeds/$1.log"
    mkdir -p "$corpus/$target" "$seeds/$target"
    if ! cargo fuzz run "${fuzz_flags[@]}" "$target" "$corpus/$target" "$seeds/$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
        > "$log" 2>&1; then
        tail -n 80 "$log" >&2
        echo "fuzz target $target failed: the input is in fuzz/artifacts/$target/" >&2
        touch "$seeds/failed"
        return
    fi
    echo "== fuzz $target: $(grep -Eo 'Done [0-9]+ runs in [0-9]+ second\(s\)' "$log" || echo done)" >&2
}

cd "$root/fuzz"
# Built once before the runs start, so that the parallel runs do not wait on one another's build.
cargo fuzz build "${fuzz_flags[@]}" >&2
echo "== fuzz ${#targets[@]} targets for ${seconds}s each, $(nproc) at a time" >&2
for target in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
    fuzz_target "$target" &
done
wait
[ ! -e "$seeds/failed" ]
