#!/bin/sh
# Line and branch coverage of src/ by the suite (gcc --coverage, gcov; no other tool needed):
# builds build/coverage (library and tests, -O0, static), runs the suite there (the unit tests,
# the fuzz replay, the hostile walk, golden and threads; not the packaging, bindings or example
# tests, which do not build here), then prints each source file's line and branch coverage and
# the totals (scripts/coverage_report.py). The figures are the README's. The counters are updated
# atomically: the threads test updates figures from several threads, and racing counters gave
# negative line counts (gcov derives some from others), so the figures moved from run to run.
# usage: scripts/coverage.sh              the table and the totals
#        scripts/coverage.sh --missed     also every line and branch never taken, file:line
# Needs gcc and gcov (Debian: build-essential); JOBS (default 2) parallel jobs.
set -eu
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
dir=build/coverage
CC=${CC:-gcc} cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS="--coverage -fprofile-update=atomic -O0 -DSAI_COVERAGE" \
    -DSA_BUILD_EXAMPLES=OFF -DSA_BUILD_BENCH=OFF -DSA_BUILD_DOCS=OFF -DSA_BUILD_SHARED=OFF \
    -DSA_INSTALL=OFF >/dev/null
cmake --build "$dir" -j"$jobs"
find "$dir" -name '*.gcda' -delete
(cd "$dir" && ctest -j"$jobs" -LE bindings -E 'consumer|_current|covers_every' --output-on-failure >/dev/null) || {
    echo "coverage.sh: the suite failed in $dir (run ctest there)" >&2
    exit 1
}
python3 scripts/coverage_report.py "$dir" "$@"
