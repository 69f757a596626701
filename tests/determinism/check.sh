#!/bin/sh
# Native and wasm agree bit for bit: runs determinism_run (native) and determinism_run.mjs (the wasm
# module in Node) and compares their per-frame hashes.
# Usage: check.sh <determinism_run executable> <node> <determinism_run.mjs> <out dir>
set -eu
native=$1 node=$2 script=$3 out=$4
mkdir -p "$out"
"$native" > "$out/native.txt"
"$node" "$script" > "$out/wasm.txt"
total=$(wc -l < "$out/native.txt")
differ=$(paste -d' ' "$out/native.txt" "$out/wasm.txt" | awk '$1 != $4 || $2 != $5 || $3 != $6' | wc -l)
echo "native vs wasm: $differ of $total frames differ"
[ "$total" -gt 0 ] && [ "$(wc -l < "$out/wasm.txt")" -eq "$total" ] && [ "$differ" -eq 0 ]
