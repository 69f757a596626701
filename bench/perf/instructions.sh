#!/bin/sh
# Instructions per figure update under callgrind: bench/perf/instructions.sh BUILD MODE [many] [jitter]
# BUILD is a build tree with the benchmark (SA_BUILD_BENCH, Release); MODE as crowd_drive.c says.
# The count is (frames 40 - frames 0) / (40 * 64): the warm-up cancels out. Needs valgrind.
set -eu
build=$1
mode=$2
shift 2
extra="$*" # many and/or jitter, as crowd_drive.c reads them
drive="$build/bench/stickanim_crowd_drive"
count() {
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$drive" "$mode" "$1" $extra \
        >/dev/null 2>"$out"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$out"
    rm -f "$out"
}
before=$(count 0)
after=$(count 40)
echo "mode $mode${extra:+ $extra}: $(((after - before) / 2560)) instructions per update"
