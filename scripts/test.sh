#!/bin/sh
# The whole test suite: installs what is missing (Debian, as root), then
#  0. checks the formatting of every .c/.h in include/ src/ tests/ examples/ bench/ against
#     .clang-format (clang-format --dry-run -Werror; skipped with a message without clang-format),
#     and that the public headers are ASCII (scripts/ascii_headers.py --check),
#  1. builds everything with warnings as errors and the docs with Doxygen (fails on any
#     undocumented public symbol),
#  2. runs the cmocka suite, the header checks (every public header as C99, C11, C++), the
#     consumer check (find_package, pkg-config, add_subdirectory and FetchContent, consumers
#     built with -ffast-math; it installs the docs built in 1), the example tests (Python FFI;
#     the browser test when Chromium and playwright-core are there) and the generated bindings'
#     checks (api/stickanim_api.json and the generated files current — else "run
#     scripts/gen_bindings.sh" —, the Python package pip-installed offline into a venv, the JS
#     module in Node),
#  3. builds the library and runs the suite with clang too, when it is installed,
#  4. runs the suite again under AddressSanitizer + UndefinedBehaviorSanitizer,
#  5. checks determinism: the golden checksums of tests/golden built with gcc and clang, -O0,
#     -O2 and -O3 -march=native, static and shared, and SA_AVX2 (scripts/golden.sh --matrix),
#  6. runs the threads test under ThreadSanitizer (build/tsan) when the compiler supports it,
#  7. runs the unit tests under valgrind memcheck when valgrind is installed
#     (scripts/memcheck.sh),
#  8. runs each libFuzzer target of tests/fuzz for 3 s (scripts/fuzz.sh 3), when clang can link
#     libFuzzer (Debian: libclang-rt-14-dev); `scripts/fuzz.sh SECONDS` runs them longer.
#     (Step 2's suite replays every fuzz corpus and regression input, on any compiler.)
# usage: scripts/test.sh            (build trees in build/test, build/clang, build/asan,
#                                    build/golden, build/tsan and build/fuzz)
set -eu
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}

need=""
command -v cmake >/dev/null 2>&1 || need="$need cmake"
command -v pkg-config >/dev/null 2>&1 || need="$need pkg-config"
command -v g++ >/dev/null 2>&1 || need="$need g++"
command -v doxygen >/dev/null 2>&1 || need="$need doxygen"
command -v python3 >/dev/null 2>&1 || need="$need python3"
command -v clang-format >/dev/null 2>&1 || need="$need clang-format"
[ -f /usr/include/cmocka.h ] || need="$need libcmocka-dev"
if [ -n "$need" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "test.sh: installing$need"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $need >/dev/null
    else
        echo "test.sh: missing$need (install them, or run as root on Debian)" >&2
    fi
fi

# clang-format 14 (Debian 12's) is the reference: other versions may format a few lines otherwise.
clang_format=$(command -v clang-format-14 || command -v clang-format || true)
if [ -n "$clang_format" ]; then
    echo "== formatting ($("$clang_format" --version | sed 's/.*version \([0-9.]*\).*/clang-format \1/'), .clang-format)"
    unformatted=""
    for f in $(find include src tests examples bench -name node_modules -prune -o \
        \( -name '*.c' -o -name '*.h' \) -print | sort); do
        "$clang_format" --dry-run -Werror "$f" >/dev/null 2>&1 || unformatted="$unformatted $f"
    done
    if [ -n "$unformatted" ]; then
        echo "test.sh: not formatted as .clang-format says:$unformatted" >&2
        echo "test.sh: fix with: $clang_format -i$unformatted" >&2
        exit 1
    fi
else
    echo "== formatting: skipped, clang-format is not installed (apt-get install clang-format)"
fi

# Public headers are ASCII, so MSVC reads them in any code page (no C4819 without /utf-8).
echo "== public headers are ASCII (scripts/ascii_headers.py)"
python3 scripts/ascii_headers.py --check

echo "== build and test (warnings are errors)"
cmake -S . -B build/test -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/test -j"$jobs"
if command -v doxygen >/dev/null 2>&1; then
    echo "== docs (Doxygen, undocumented public symbols fail)"
    cmake --build build/test --target docs
fi
(cd build/test && ctest --output-on-failure -j"$jobs")

if command -v clang >/dev/null 2>&1; then
    echo "== the library and the suite with clang (its warnings differ from gcc's)"
    CC=clang cmake -S . -B build/clang -DCMAKE_BUILD_TYPE=Release -DSA_BUILD_EXAMPLES=OFF \
        -DSA_BUILD_BENCH=OFF -DSA_BUILD_DOCS=OFF >/dev/null
    cmake --build build/clang -j"$jobs"
    (cd build/clang && ctest --output-on-failure -j"$jobs" -E consumer)
fi

echo "== the suite again under AddressSanitizer + UndefinedBehaviorSanitizer"
cmake -S . -B build/asan -DCMAKE_BUILD_TYPE=Debug -DSA_SANITIZE=address,undefined \
    -DSA_BUILD_BENCH=OFF -DSA_BUILD_DOCS=OFF >/dev/null
cmake --build build/asan -j"$jobs"
(cd build/asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
    ctest --output-on-failure -j"$jobs" -LE no_sanitize)

echo "== determinism: the golden checksums from gcc and clang, -O0, -O2, -O3 -march=native, static and shared, SA_AVX2"
JOBS=$jobs scripts/golden.sh --matrix

# ThreadSanitizer: the library and the threads test alone, when the compiler can link TSan.
tsan_probe=build/tsan_probe
mkdir -p build
if printf 'int main(void) { return 0; }\n' | cc -fsanitize=thread -x c - -o "$tsan_probe" >/dev/null 2>&1 &&
    "$tsan_probe" >/dev/null 2>&1; then
    echo "== ThreadSanitizer: figures and controllers on 8 threads (tests/threads)"
    cmake -S . -B build/tsan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSA_SANITIZE=thread \
        -DSA_BUILD_TESTS=OFF -DSA_BUILD_EXAMPLES=OFF -DSA_BUILD_BENCH=OFF -DSA_BUILD_DOCS=OFF \
        -DSA_INSTALL=OFF -DSA_BUILD_SHARED=OFF -DSA_BUILD_ONLY=threads >/dev/null
    cmake --build build/tsan -j"$jobs" --target threads
    TSAN_OPTIONS="halt_on_error=1 exitcode=66" build/tsan/tests/threads/threads 8
else
    echo "== ThreadSanitizer: skipped (the compiler cannot link -fsanitize=thread)"
fi
rm -f "$tsan_probe"

# valgrind memcheck of the unit tests built in step 1 (not the packaging, bindings or example
# tests: they run other programs, and the whole suite under valgrind would not fit CI's time).
if command -v valgrind >/dev/null 2>&1; then
    echo "== valgrind memcheck: the unit tests but the figure's, the hostile walk, golden (scripts/memcheck.sh)"
    JOBS=$jobs scripts/memcheck.sh build/test
else
    echo "== valgrind memcheck: skipped (apt-get install valgrind)"
fi

echo "== the fuzzers, 3 s each (scripts/fuzz.sh SECONDS runs them longer)"
fuzz_status=0
JOBS=$jobs scripts/fuzz.sh 3 || fuzz_status=$?
if [ "$fuzz_status" -eq 2 ]; then
    echo "== fuzzers: skipped (clang with libFuzzer is not available; see above)"
elif [ "$fuzz_status" -ne 0 ]; then
    exit 1
fi

echo "test.sh: all passed"
