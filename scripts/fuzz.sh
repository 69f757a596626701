#!/bin/sh
# Builds the libFuzzer targets of tests/fuzz (clang, -fsanitize=fuzzer,address,undefined) and
# runs each for a while: one per public entry-point family, each checking what the headers
# promise, not only that nothing crashes (tests/fuzz/README.md).
#
# usage: scripts/fuzz.sh [SECONDS] [TARGET...]
#   SECONDS  how long each target runs (default 60); scripts/test.sh runs 3
#   TARGET   the targets to run (default all): math ik gait track squash spring verlet fade
#            pose clip inertial blend_tree mode_machine footsteps limb figure rig moves
#
# Each target starts from tests/fuzz/corpus/TARGET and tests/fuzz/regressions/TARGET and keeps
# what it finds new in build/fuzz/work/TARGET. A failing input is saved as
# build/fuzz/crash/TARGET-... and the run stops with an error: fix the bug, copy the input into
# tests/fuzz/regressions/TARGET/ (the suite's replay then runs it forever), and run again.
# JOBS (default 2) targets run at once. The build tree is build/fuzz (CC=clang).
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-"math ik gait track squash spring verlet fade pose clip inertial blend_tree mode_machine footsteps limb figure rig moves"}
jobs=${JOBS:-2}

if ! command -v clang >/dev/null 2>&1; then
    echo "fuzz.sh: clang is not installed (apt-get install clang)" >&2
    exit 2
fi
probe=$(mktemp -d)
printf 'int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' \
    >"$probe/probe.c"
if ! clang -fsanitize=fuzzer,address,undefined "$probe/probe.c" -o "$probe/probe" >/dev/null 2>&1; then
    rm -rf "$probe"
    echo "fuzz.sh: clang cannot link libFuzzer (Debian: apt-get install libclang-rt-14-dev)" >&2
    exit 2
fi
rm -rf "$probe"

# Exit status 2 means "cannot fuzz here" (above); a failed build is 1, like a finding.
CC=clang cmake -S . -B build/fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSA_FUZZ=ON \
    -DSA_BUILD_TESTS=OFF -DSA_BUILD_EXAMPLES=OFF -DSA_BUILD_BENCH=OFF -DSA_BUILD_DOCS=OFF \
    -DSA_BUILD_SHARED=OFF -DSA_INSTALL=OFF >/dev/null || exit 1
cmake --build build/fuzz -j"$jobs" --target fuzzers >/dev/null || exit 1

mkdir -p build/fuzz/work build/fuzz/crash build/fuzz/log
run_one() {
    t=$1
    if [ ! -x "build/fuzz/tests/fuzz/fuzz_$t" ]; then
        echo "fuzz.sh: no fuzz target named $t" >&2
        return 1
    fi
    mkdir -p "build/fuzz/work/$t" "tests/fuzz/corpus/$t" "tests/fuzz/regressions/$t"
    if build/fuzz/tests/fuzz/fuzz_"$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="build/fuzz/crash/$t-" \
        "build/fuzz/work/$t" "tests/fuzz/corpus/$t" "tests/fuzz/regressions/$t" \
        >"build/fuzz/log/$t.log" 2>&1; then
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/log/$t.log")
        echo "fuzz $t: ${runs:-?} runs in ${seconds} s, clean"
    else
        echo "fuzz $t: FAILED (build/fuzz/log/$t.log):" >&2
        grep -E "fuzz check failed|ERROR: |runtime error|Test unit written" "build/fuzz/log/$t.log" \
            | head -5 >&2
        return 1
    fi
}
# JOBS targets at a time, in batches; any failure fails the run.
status=0
pids=""
n=0
for t in $targets; do
    run_one "$t" &
    pids="$pids $!"
    n=$((n + 1))
    if [ "$n" -ge "$jobs" ]; then
        for p in $pids; do wait "$p" || status=1; done
        pids=""
        n=0
    fi
done
for p in $pids; do wait "$p" || status=1; done
if [ "$status" -ne 0 ]; then
    echo "fuzz.sh: a fuzzer found a failing input (build/fuzz/crash/); see above" >&2
    exit 1
fi
echo "fuzz.sh: every target ran ${seconds} s clean"
