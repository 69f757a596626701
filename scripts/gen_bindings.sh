#!/bin/sh
# Regenerates every binding from the headers, in order:
#   scripts/gen_api.py     include/stickanim/*.h -> api/stickanim_api.json (clang's AST)
#   scripts/gen_python.py  the JSON -> bindings/python/stickanim/_generated.py
#   scripts/gen_js.py      the JSON -> bindings/js/stickanim.mjs, stickanim.d.ts, package.json
#                          and examples/web/stickanim_binding.js
#   scripts/gen_hostile.py the JSON -> tests/hostile_walk.h (the hostile-input walk's calls)
# Run it after any change to a public header and commit what it writes; the CTest tests
# api_current and bindings_current fail until then. A header change that moves a struct also
# needs a fresh wasm module: cmake --build <dir> --target web_sync (docs/bindings.md).
# usage: scripts/gen_bindings.sh            regenerate
#        scripts/gen_bindings.sh --check    only check that every generated file is current
set -eu
cd "$(dirname "$0")/.."
python=${PYTHON:-python3}
check=""
if [ "${1:-}" = "--check" ]; then
    check="--check"
fi
rc=0
"$python" scripts/gen_api.py $check || rc=$?
if [ "$rc" = 77 ]; then
    echo "gen_bindings.sh: clang is missing: api/stickanim_api.json was not regenerated" >&2
    [ -n "$check" ] || exit 1
elif [ "$rc" != 0 ]; then
    exit "$rc"
fi
"$python" scripts/gen_python.py $check
"$python" scripts/gen_js.py $check
# The hostile-input walk's calls (tests/hostile_walk.h) follow the same JSON.
"$python" scripts/gen_hostile.py $check
