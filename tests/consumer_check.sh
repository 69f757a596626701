#!/bin/sh
# Installs the build tree into a scratch prefix and builds examples/consumer against it four ways:
# find_package shared and static, pkg-config shared and static. Each program checks itself.
# usage: consumer_check.sh <stickanim build dir> <consumer source dir> <scratch dir>
set -eu
build=$1 src=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cmake --install "$build" --prefix "$prefix" >"$work/install.log"

for kind in shared static; do
    static=OFF
    [ "$kind" = static ] && static=ON
    cmake -S "$src" -B "$work/cmake-$kind" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCONSUMER_STATIC=$static >"$work/cmake-$kind.log"
    cmake --build "$work/cmake-$kind" >>"$work/cmake-$kind.log"
    "$work/cmake-$kind/consumer"
done
if ldd "$work/cmake-static/consumer" | grep -q libstickanim; then
    echo "consumer_check: the static build depends on libstickanim.so" >&2
    exit 1
fi
ldd "$work/cmake-shared/consumer" | grep -q libstickanim.so.0 || {
    echo "consumer_check: the shared build does not use libstickanim.so.0" >&2
    exit 1
}

pc=$(find "$prefix" -name stickanim.pc | head -n 1)
[ -n "$pc" ] || { echo "consumer_check: stickanim.pc was not installed" >&2; exit 1; }
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_PATH
cc=${CC:-cc}
# shellcheck disable=SC2046
$cc "$src/main.c" -o "$work/pc-shared" $(pkg-config --cflags --libs stickanim) -lm
LD_LIBRARY_PATH="$(pkg-config --variable=libdir stickanim)" "$work/pc-shared"
# shellcheck disable=SC2046
$cc "$src/main.c" -o "$work/pc-static" -static $(pkg-config --cflags --libs --static stickanim) -lm
"$work/pc-static"

# Only sa_ symbols leave the shared library.
lib=$(find "$prefix" -name 'libstickanim.so.*.*' | head -n 1)
bad=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^sa_' || true)
if [ -n "$bad" ]; then
    echo "consumer_check: the shared library exports non-sa_ symbols:" >&2
    echo "$bad" >&2
    exit 1
fi
echo "consumer_check: find_package and pkg-config, shared and static: ok"
