# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# The libFuzzer targets (tests/fuzz): built with clang in $ROOT/build-fuzz (the main build
# uses g++), each run for a bounded time from its seed corpus. Sourced after common.sh
# (which lists their Debian packages in fuzz_packages).

fuzz_targets=(fuzz_connectionspec fuzz_profile fuzz_validation fuzz_lockctl_options)

# build_fuzzers: configure and build the targets into $ROOT/build-fuzz.
build_fuzzers() {
    command -v clang++ >/dev/null || die "clang++ not found: install fuzz_packages (lib/common.sh)"
    log "building the fuzz targets in $ROOT/build-fuzz"
    CXX=clang++ cmake -S "$ROOT" -B "$ROOT/build-fuzz" -G Ninja \
        -DCMAKE_BUILD_TYPE=RelWithDebInfo -DLOCKSCOPE_FUZZ=ON >/dev/null
    cmake --build "$ROOT/build-fuzz" -j "$(nproc)"
}

# run_fuzzers SECONDS: run every target for SECONDS; fail (status 1) if any finds a crash,
# a sanitizer report, a timeout or a violated property. Found inputs are kept in
# $ROOT/build-fuzz/findings/<target>/ (new corpus entries) and crash-*/timeout-* files there.
run_fuzzers() {
    local seconds=$1 target out failed=()
    for target in "${fuzz_targets[@]}"; do
        out=$ROOT/build-fuzz/findings/$target
        mkdir -p "$out/corpus"
        log "fuzzing $target for ${seconds}s"
        # The first corpus directory receives new inputs; the seeds in git stay read-only.
        if ! ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 \
            "$ROOT/build-fuzz/tests/fuzz/$target" -max_total_time="$seconds" -timeout=5 \
            -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix="$out/" \
            "$out/corpus" "$ROOT/tests/fuzz/corpus/$target" >"$out/log" 2>&1; then
            log "error: $target failed; the last lines of $out/log:"
            tail -n 40 "$out/log" >&2
            failed+=("$target")
        else
            log "$target: $(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$out/log" \
                | grep -o '[0-9]*$') inputs, no crash"
        fi
    done
    if [[ ${#failed[@]} -gt 0 ]]; then
        log "error: fuzz targets failed: ${failed[*]} (inputs saved in $ROOT/build-fuzz/findings)"
        return 1
    fi
}
