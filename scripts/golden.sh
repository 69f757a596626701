#!/bin/sh
# Determinism: the golden checksums of tests/golden (long scripted runs of the figure, the
# controllers and the 3D pose pipeline, hashed bit for bit; the suite's test `golden` compares
# them with tests/golden/golden.txt).
# usage: scripts/golden.sh            build the program (build/golden/check) and compare
#        scripts/golden.sh --update   rewrite tests/golden/golden.txt from a -O2 gcc build; run it
#                                     after any intended change of the library's numbers (e.g.
#                                     new math), and commit the file
#        scripts/golden.sh --matrix   build the library and the program alone with gcc and clang,
#                                     -O0, -O2 and -O3 -march=native, static and shared, and gcc
#                                     with SA_AVX2 on x86-64 (the compilers found), and fail
#                                     unless every build prints the same hashes as
#                                     tests/golden/golden.txt
# Build trees: build/golden/<name>. JOBS (default 2) parallel jobs.
set -eu
cd "$(dirname "$0")/.."
jobs=${JOBS:-2}
golden=tests/golden/golden.txt

# build NAME CC "FLAGS" static|shared|avx2 -> prints the program's path (avx2: static, SA_AVX2)
build() {
    dir=build/golden/$1
    case "$4" in
    shared) libs="-DSA_BUILD_SHARED=ON -DSA_BUILD_STATIC=OFF" ;;
    avx2) libs="-DSA_BUILD_SHARED=OFF -DSA_BUILD_STATIC=ON -DSA_AVX2=ON" ;;
    *) libs="-DSA_BUILD_SHARED=OFF -DSA_BUILD_STATIC=ON" ;;
    esac
    # shellcheck disable=SC2086
    CC=$2 cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="$3" -DSA_BUILD_TESTS=OFF \
        -DSA_BUILD_EXAMPLES=OFF -DSA_BUILD_BENCH=OFF -DSA_BUILD_DOCS=OFF -DSA_INSTALL=OFF \
        -DSA_BUILD_ONLY=golden $libs >/dev/null
    cmake --build "$dir" -j"$jobs" --target golden >/dev/null
    echo "$dir/tests/golden/golden"
}

case "${1:-}" in
--update)
    prog=$(build update "${CC:-gcc}" -O2 static)
    {
        echo "# Golden checksums of tests/golden/golden.c (64-bit FNV-1a of every output float's bits)."
        echo "# Regenerate with scripts/golden.sh --update after an intended change of the numbers."
        "$prog"
    } >"$golden"
    echo "golden.sh: wrote $golden"
    ;;
--matrix)
    status=0
    for cc in gcc clang; do
        command -v $cc >/dev/null 2>&1 || { echo "golden.sh: $cc not found, skipped"; continue; }
        for entry in "O0:-O0:static" "O2:-O2:static" "O3native:-O3 -march=native:static" \
            "O2shared:-O2:shared" "O3nativeshared:-O3 -march=native:shared" "O2avx2:-O2:avx2"; do
            name=${entry%%:*}
            rest=${entry#*:}
            flags=${rest%%:*}
            kind=${rest#*:}
            # Shared builds with one optimisation level per compiler keep the matrix short.
            # SA_AVX2 (x86-64 only) with gcc alone.
            case "$cc:$name" in gcc:O3nativeshared | clang:O2shared | clang:O2avx2) continue ;; esac
            case "$name:$(uname -m)" in O2avx2:x86_64) ;; O2avx2:*) continue ;; esac
            prog=$(build "$cc-$name" "$cc" "$flags" "$kind")
            if "$prog" --check "$golden" >/dev/null 2>build/golden/$cc-$name.log; then
                echo "golden.sh: $cc $flags $kind: same hashes"
            else
                echo "golden.sh: $cc $flags $kind: DIFFERENT hashes:" >&2
                cat build/golden/$cc-$name.log >&2
                status=1
            fi
        done
    done
    exit $status
    ;;
"")
    prog=$(build check "${CC:-gcc}" -O2 static)
    "$prog" --check "$golden"
    ;;
*)
    sed -n '2,17p' "$0" >&2
    exit 2
    ;;
esac
