#!/usr/bin/env python3
"""Line and branch coverage of src/ from a gcc --coverage build tree (scripts/coverage.sh).

Runs gcov's JSON output over every .gcda of the library's objects, merges the counts of each
source line across objects (an inline function of src/internal/*.h counts once per line, taken
if any object took it), and prints per file and in total: lines executed / executable lines and
branches taken at least once / branches, as gcovr counts them.

usage: scripts/coverage_report.py BUILD_DIR [--missed]
"""
import gzip
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def merge(gcdas, prefix, lines, branches):
    """Adds the counts gcov gives for the .gcda files `gcdas`, for source files under `prefix`."""
    with tempfile.TemporaryDirectory() as tmp:
        for g in gcdas:
            subprocess.run(["gcov", "-b", "-j", "-o", os.path.dirname(g), g], cwd=tmp,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        for f in os.listdir(tmp):
            if not f.endswith(".gcov.json.gz"):
                continue
            with gzip.open(os.path.join(tmp, f), "rt") as fh:
                data = json.load(fh)
            cwd = data.get("current_working_directory", "")
            for entry in data["files"]:
                path = os.path.normpath(os.path.join(cwd, entry["file"]))
                if not path.startswith(prefix):
                    continue
                fl = lines.setdefault(path, {})
                fb = branches.setdefault(path, {})
                for ln in entry["lines"]:
                    n = ln["line_number"]
                    fl[n] = fl.get(n, 0) + ln["count"]
                    for i, br in enumerate(ln.get("branches", [])):
                        if br.get("throw"):
                            continue
                        fb[(n, i)] = fb.get((n, i), 0) + br["count"]


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    build = os.path.abspath(sys.argv[1])
    missed = "--missed" in sys.argv[2:]
    src = os.path.join(ROOT, "src") + os.sep
    # The library's objects count for every file of src/; the unit tests' objects count only for
    # the internal headers (src/internal/), whose helpers some tests call directly (test_fmath
    # sweeps the library's own math over its whole domain, huge arguments included).
    library, tests = [], []
    for d, _, files in os.walk(build):
        found = [os.path.join(d, f) for f in files if f.endswith(".gcda")]
        if "stickanim_static.dir" in d:
            library += found
        elif os.sep + "test_" in d:
            tests += found
    if not library:
        print("coverage_report.py: no .gcda files under %s (did the suite run?)" % build,
              file=sys.stderr)
        return 1
    lines = {}  # file -> line -> count
    branches = {}  # file -> (line, index) -> count
    merge(library, src, lines, branches)
    merge(tests, os.path.join(src, "internal") + os.sep, lines, branches)
    tot_l = tot_lh = tot_b = tot_bh = 0
    rows = []
    for path in sorted(lines):
        fl, fb = lines[path], branches[path]
        lh = sum(1 for c in fl.values() if c > 0)
        bh = sum(1 for c in fb.values() if c > 0)
        tot_l += len(fl)
        tot_lh += lh
        tot_b += len(fb)
        tot_bh += bh
        rows.append((os.path.relpath(path, ROOT), lh, len(fl), bh, len(fb)))
    pct = lambda a, b: 100.0 * a / b if b else 100.0
    print("%-34s %16s %16s" % ("file", "lines", "branches"))
    for name, lh, l, bh, b in rows:
        print("%-34s %6d/%-5d %5.1f%% %6d/%-5d %5.1f%%" % (name, lh, l, pct(lh, l), bh, b, pct(bh, b)))
    print("%-34s %6d/%-5d %5.1f%% %6d/%-5d %5.1f%%" % ("TOTAL src/", tot_lh, tot_l, pct(tot_lh, tot_l),
                                                       tot_bh, tot_b, pct(tot_bh, tot_b)))
    if missed:
        print("\nnever executed (line) / never taken (line: branch index):")
        for path in sorted(lines):
            rel = os.path.relpath(path, ROOT)
            for n in sorted(k for k, c in lines[path].items() if c == 0):
                print("  %s:%d line" % (rel, n))
            for (n, i) in sorted(k for k, c in branches[path].items() if c == 0):
                if lines[path].get(n, 0) > 0:
                    print("  %s:%d branch %d" % (rel, n, i))
    return 0


if __name__ == "__main__":
    sys.exit(main())
