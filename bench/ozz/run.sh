#!/bin/sh
# The 3D frame against ozz-animation 0.16 (bench/ozz/ozz_bench.cpp), for three builds of the
# library: gcc -O3 (the Release default), gcc -O2 and clang -O2 (distribution builds).
#   bench/ozz/run.sh [OZZ_SOURCE_DIR] [--json]
# OZZ_SOURCE_DIR (default: $SA_OZZ_DIR, else /work/ozz) is an ozz-animation checkout; it is built
# there (build/, Release, no samples/tests/tools) when its libraries are missing. The library
# variants go to build/ozz-<compiler>-<level>; nothing here is part of the library or its tests.
# SA_OZZ_VARIANTS (default "gcc-O3 gcc-O2 clang-O2") picks the builds.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ozz=${SA_OZZ_DIR:-/work/ozz}
json=""
for a in "$@"; do
    case $a in
    --json) json=--json ;;
    *) ozz=$a ;;
    esac
done
jobs=${SA_JOBS:-2}

lib_dir() { find "$ozz/build/src" -name "$1" | head -n 1; }
if [ -z "$(lib_dir libozz_animation_offline_r.a)" ]; then
    cmake -S "$ozz" -B "$ozz/build" -DCMAKE_BUILD_TYPE=Release -Dozz_build_samples=OFF \
        -Dozz_build_tests=OFF -Dozz_build_howtos=OFF -Dozz_build_tools=OFF -Dozz_build_fbx=OFF \
        -Dozz_build_gltf=OFF >/dev/null
    cmake --build "$ozz/build" -j"$jobs" --target ozz_animation_offline ozz_animation ozz_base >/dev/null
fi
ozz_libs="$(lib_dir libozz_animation_offline_r.a) $(lib_dir libozz_animation_r.a) $(lib_dir libozz_base_r.a)"

for variant in ${SA_OZZ_VARIANTS:-gcc-O3 gcc-O2 clang-O2}; do
    cc=${variant%-*} level=-${variant#*-}
    [ "$cc" = clang ] && cc=$(command -v clang-14 || command -v clang)
    [ "$cc" = gcc ] && cc=$(command -v gcc)
    dir="$root/build/ozz-$variant"
    cmake -S "$root" -B "$dir" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_COMPILER="$cc" \
        -DCMAKE_C_FLAGS_RELEASE="$level -DNDEBUG" -DSA_BUILD_SHARED=OFF -DSA_BUILD_STATIC=ON \
        -DSA_BUILD_TESTS=OFF -DSA_BUILD_EXAMPLES=OFF -DSA_BUILD_BENCH=OFF -DSA_BUILD_DOCS=OFF \
        -DSA_INSTALL=OFF >/dev/null
    cmake --build "$dir" -j"$jobs" >/dev/null
    lib=$(find "$dir" -name 'libstickanim*.a' | head -n 1)
    c++ -std=c++17 -O2 -DNDEBUG -Wno-ignored-attributes -I"$ozz/include" -I"$root/include" -I"$dir/include" \
        "$here/ozz_bench.cpp" "$lib" $ozz_libs -o "$dir/ozz_bench"
    echo "== libstickanim built with $variant (ozz: its Release build; bench program g++ -O2)"
    "$dir/ozz_bench" $json
done
