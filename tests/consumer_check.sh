#!/bin/sh
# The four ways a game gets stickanim, each building examples/consumer/main.c (which checks the
# IK, the version and the NaN guarantees itself and exits non-zero on a failure):
#  1. the installed package with find_package, shared and static (and the version rule: 0.x
#     accepts the same minor only), plus the installed licence and docs;
#  2. the installed package with pkg-config, shared and static;
#  3. add_subdirectory from a Debug parent built with CMAKE_C_FLAGS=-ffast-math and
#     BUILD_SHARED_LIBS=OFF;
#  4. FetchContent (the README's declaration, pointed at this checkout with
#     FETCHCONTENT_SOURCE_DIR_STICKANIM: no network) from a parent with no build type,
#     BUILD_SHARED_LIBS=ON and add_compile_options(-ffast-math).
# For 3 and 4 it checks the parent is untouched: its build type, its own compile line (no -Werror,
# -O3, -DNDEBUG or our fp flags), its install tree (the game only), and that one library was built,
# each source compiled once. A consumer built with -ffast-math (1, 3, 4) keeps every NaN guarantee.
# usage: consumer_check.sh <stickanim build dir> <stickanim source dir> <scratch dir>
set -eu
build=$1 top=$2 work=$3
src="$top/examples/consumer"
rm -rf "$work"
mkdir -p "$work"
prefix="$work/prefix"
cc=${CC:-cc}
jobs=${JOBS:-2}

fail() {
    echo "consumer_check: $*" >&2
    exit 1
}

# ---- 1. find_package ------------------------------------------------------------------------
cmake --install "$build" --prefix "$prefix" >"$work/install.log"
doc="$prefix/share/doc/stickanim"
[ -f "$doc/LICENSE" ] || fail "LICENSE was not installed in share/doc/stickanim"
if [ -f "$build/docs/html/index.html" ] && [ ! -f "$doc/html/index.html" ]; then
    fail "the HTML manual was built but not installed in share/doc/stickanim/html"
fi

for kind in shared static; do
    static=OFF flags=""
    [ "$kind" = static ] && static=ON
    [ "$kind" = shared ] && flags=-ffast-math
    cmake -S "$src" -B "$work/cmake-$kind" -DCMAKE_PREFIX_PATH="$prefix" \
        -DCONSUMER_STATIC=$static -DCMAKE_C_FLAGS="$flags" >"$work/cmake-$kind.log"
    cmake --build "$work/cmake-$kind" >>"$work/cmake-$kind.log"
    "$work/cmake-$kind/consumer"
done
if ldd "$work/cmake-static/consumer" | grep -q libstickanim; then
    fail "the static build depends on libstickanim.so"
fi
ldd "$work/cmake-shared/consumer" | grep -q libstickanim.so.0 ||
    fail "the shared build does not use libstickanim.so.0"

# find_package's version rule: while the major version is 0, only the same minor is compatible.
version=$(sed -n 's/^#define SA_VERSION_STRING "\(.*\)"/\1/p' "$build/include/stickanim/version.h")
major=${version%%.*} rest=${version#*.}
minor=${rest%%.*}
vfile=$(find "$prefix" -name stickanimConfigVersion.cmake | head -n 1)
[ -n "$vfile" ] || fail "stickanimConfigVersion.cmake was not installed"
cat >"$work/version.cmake" <<EOF
foreach(v ${major}.${minor} ${major}.${minor}.0 ${major}.$((minor + 1)) $((major + 1)).0)
  set(PACKAGE_FIND_VERSION \${v})
  string(REPLACE "." ";" parts "\${v}.0")
  list(GET parts 0 PACKAGE_FIND_VERSION_MAJOR)
  list(GET parts 1 PACKAGE_FIND_VERSION_MINOR)
  unset(PACKAGE_VERSION_COMPATIBLE)
  include("$vfile")
  if(PACKAGE_VERSION_COMPATIBLE)
    message("\${v}=found")
  else()
    message("\${v}=missing")
  endif()
endforeach()
EOF
found=$(cmake -P "$work/version.cmake" 2>&1 | tr '\n' ' ')
newer_minor=missing
[ "$major" -gt 0 ] && newer_minor=found
expected="$major.$minor=found $major.$minor.0=found $major.$((minor + 1))=$newer_minor $((major + 1)).0=missing "
[ "$found" = "$expected" ] || fail "find_package versions: got '$found', expected '$expected'"

# ---- 2. pkg-config ----------------------------------------------------------------------------
pc=$(find "$prefix" -name stickanim.pc | head -n 1)
[ -n "$pc" ] || fail "stickanim.pc was not installed"
PKG_CONFIG_PATH=$(dirname "$pc")
export PKG_CONFIG_PATH
# shellcheck disable=SC2046
$cc "$src/main.c" -o "$work/pc-shared" $(pkg-config --cflags --libs stickanim) -lm
LD_LIBRARY_PATH="$(pkg-config --variable=libdir stickanim)" "$work/pc-shared" >/dev/null
# shellcheck disable=SC2046
$cc "$src/main.c" -o "$work/pc-static" -static $(pkg-config --cflags --libs --static stickanim) -lm
"$work/pc-static" >/dev/null

# Only sa_ symbols leave the shared library.
lib=$(find "$prefix" -name 'libstickanim.so.*.*' | head -n 1)
bad=$(nm -D --defined-only "$lib" | awk '{print $3}' | grep -v '^sa_' || true)
[ -z "$bad" ] || fail "the shared library exports non-sa_ symbols: $bad"

# ---- 3 and 4. stickanim inside a parent's build ------------------------------------------------
# check_parent <dir> <expected build type> <the library files expected in the build tree>
check_parent() {
    dir=$1 type=$2 libnames=$3
    got=$(sed -n 's/^CMAKE_BUILD_TYPE:[A-Z]*=//p' "$dir/CMakeCache.txt")
    [ "$got" = "$type" ] || fail "$dir: the parent's build type became '$got' (was '$type')"
    cmds="$dir/compile_commands.json"
    game=$(grep '"command".* -c [^ ]*/consumer/main\.c"' "$cmds") ||
        fail "$dir: the game's compile line is missing"
    for flag in -Werror -O3 -DNDEBUG -fno-fast-math -ffp-contract=off -Wconversion; do
        case " $game " in *" $flag "*)
            fail "$dir: stickanim put $flag on the parent's own compile line: $game" ;;
        esac
    done
    [ "$(grep -c '"command".* -c [^ ]*/src/vecmath\.c"' "$cmds")" = 1 ] ||
        fail "$dir: the library's sources are compiled more than once"
    ! grep '"command".*/src/.*\.c"' "$cmds" | grep -q -e ' -Werror ' -e ' -Werror=' ||
        fail "$dir: the library is built with -Werror inside a parent"
    # The library's fp flags come after the parent's fast-math, so they win.
    lib=$(grep '"command".* -c [^ ]*/src/vecmath\.c"' "$cmds")
    case "$lib" in *" -fno-finite-math-only "*) ;; *) fail "$dir: no fp guard flags: $lib" ;; esac
    case "${lib##* -fno-finite-math-only }" in *-ffast-math* | *-Ofast*)
        fail "$dir: the parent's fast-math comes after the library's guard: $lib" ;;
    esac
    libs=$(cd "$dir" && find . -name 'libstickanim*' \( -type f -o -type l \) -print |
        sed 's|.*/||' | sort | tr '\n' ' ')
    [ "$libs" = "$libnames" ] || fail "$dir: built '$libs', expected '$libnames' (one library)"
    [ -z "$(find "$dir" -name 'test_vecmath' -o -name 'stickanim_bench')" ] ||
        fail "$dir: stickanim's tests or benchmarks were built inside a parent"
    "$dir/game"
    cmake --install "$dir" --prefix "$dir/install" >"$dir/install.log"
    installed=$(cd "$dir/install" && find . -type f -o -type l | sort | tr '\n' ' ')
    [ "$installed" = "./bin/game " ] ||
        fail "$dir: 'cmake --install' of the parent installed '$installed', not the game only"
}

parent="$src/parent"
cmake -S "$parent" -B "$work/subdir" -DPARENT_STICKANIM_DIR="$top" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_C_FLAGS=-ffast-math -DBUILD_SHARED_LIBS=OFF -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    >"$work/subdir.log"
cmake --build "$work/subdir" -j"$jobs" >>"$work/subdir.log"
check_parent "$work/subdir" Debug "libstickanim.a "

cmake -S "$parent" -B "$work/fetch" -DPARENT_USE_FETCHCONTENT=ON \
    -DFETCHCONTENT_SOURCE_DIR_STICKANIM="$top" -DFETCHCONTENT_FULLY_DISCONNECTED=ON \
    -DPARENT_FAST_MATH=ON -DBUILD_SHARED_LIBS=ON -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    >"$work/fetch.log"
cmake --build "$work/fetch" -j"$jobs" >>"$work/fetch.log"
check_parent "$work/fetch" "" "libstickanim.so libstickanim.so.$major libstickanim.so.$version "
ldd "$work/fetch/game" | grep -q libstickanim.so.0 ||
    fail "the FetchContent parent with BUILD_SHARED_LIBS=ON does not use libstickanim.so.0"

echo "consumer_check: find_package and pkg-config (shared, static), add_subdirectory and" \
    "FetchContent (parent untouched), fast-math consumers: ok"
