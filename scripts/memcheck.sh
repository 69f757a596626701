#!/bin/sh
# valgrind memcheck of the suite's programs in a build tree, under
# `valgrind --error-exitcode=99 --leak-check=full`, so any invalid read or write, use of an
# uninitialised value or definite leak fails.
#
# By default (what scripts/test.sh runs, to keep CI within its time): the cmocka unit tests, the
# hostile walk and golden, but not
#   - test_figure: about 10 minutes under valgrind; the figure's code runs under valgrind in
#     golden (every motion and a body session) and the hostile walk, and under ASan + UBSan in
#     the whole suite,
#   - the fuzz replays and threads: ASan + UBSan and ThreadSanitizer run them,
#   - the packaging, bindings and example tests: they run other programs (shell, Python, Node,
#     a browser).
# --all adds test_figure, the fuzz replays and threads (every CTest test that is a program built
# under tests/).
# usage: scripts/memcheck.sh [--all] [BUILD_DIR]    (default build/test; JOBS, default 2)
set -eu
cd "$(dirname "$0")/.."
skip='^(figure|threads|fuzz_replay_.*)$'
if [ "${1:-}" = "--all" ]; then
    skip='^$'
    shift
fi
dir=${1:-build/test}
jobs=${JOBS:-2}
command -v valgrind >/dev/null 2>&1 || { echo "memcheck.sh: valgrind is not installed" >&2; exit 2; }
list=$(mktemp)
trap 'rm -f "$list"' EXIT
# name TAB command, for every test whose program is built under $dir/tests/.
(cd "$dir" && ctest --show-only=json-v1) | python3 -c '
import json, os, re, shlex, sys
tests_dir = os.path.join(os.path.abspath(sys.argv[1]), "tests") + os.sep
skip = re.compile(sys.argv[2])
for t in json.load(sys.stdin)["tests"]:
    cmd = t.get("command") or []
    if cmd and os.path.abspath(cmd[0]).startswith(tests_dir) and not skip.match(t["name"]):
        print(t["name"] + "\t" + " ".join(shlex.quote(c) for c in cmd))
' "$dir" "$skip" >"$list"
echo "memcheck.sh: $(wc -l <"$list") programs under valgrind ($jobs at a time)"
log_dir=$dir/memcheck
mkdir -p "$log_dir"
status=0
cut -f1 "$list" | xargs -P "$jobs" -I{} sh -c '
    cmd=$(grep "^{}	" "$1" | head -n 1 | cut -f2-)
    if eval "valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect $cmd" >"$2/{}.log" 2>&1; then
        echo "memcheck: {} clean"
    else
        echo "memcheck: {} FAILED (log: $2/{}.log)"; grep -A12 "^==[0-9]*== [A-Z]" "$2/{}.log" | head -n 40; exit 1
    fi' sh "$list" "$log_dir" || status=1
[ "$status" = 0 ] && echo "memcheck.sh: every program clean"
exit $status
