#!/usr/bin/env python3
"""Picks a small seed corpus for one fuzz target from a long run's corpus.

usage: tests/fuzz/pick_seeds.py TARGET [COUNT]

Runs build/fuzz/tests/fuzz/fuzz_TARGET in merge mode over build/fuzz/work/TARGET (what
scripts/fuzz.sh found) and the committed corpus/TARGET: it measures the coverage features of
160 of their inputs (the largest half and a spread of the rest), one libFuzzer merge each, and
keeps the COUNT inputs (default 8) that together cover the most features, chosen greedily (the
smaller input on a tie). They replace the seed-* files of
tests/fuzz/corpus/TARGET/, named by their content's hash. Needs a build of scripts/fuzz.sh.
"""
import concurrent.futures
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def file_features(fuzzer, path):
    """The coverage features of one input: a merge of that file alone, whose control file then
    lists every feature it reaches (a merge of many lists only each file's new ones)."""
    with tempfile.TemporaryDirectory() as tmp:
        control, one, out = (os.path.join(tmp, n) for n in ("control", "one", "out"))
        os.mkdir(one)
        os.mkdir(out)
        shutil.copy(path, one)
        subprocess.run([fuzzer, "-merge=1", "-merge_control_file=" + control, out, one],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        with open(control) as f:
            for line in f:
                parts = line.split()
                if parts and parts[0] == "FT":
                    return set(parts[2:])
    return set()


def candidates(dirs, most):
    """The largest inputs (they tend to reach furthest) and an even spread of the others."""
    files = sorted((os.path.join(d, n) for d in dirs for n in os.listdir(d)),
                   key=lambda p: (-os.path.getsize(p), p))
    if len(files) <= most:
        return files
    half = most // 2
    rest = files[half:]
    step = len(rest) / (most - half)
    return files[:half] + [rest[int(i * step)] for i in range(most - half)]


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    target = sys.argv[1]
    want = int(sys.argv[2]) if len(sys.argv) == 3 else 8
    fuzzer = os.path.join(ROOT, "build", "fuzz", "tests", "fuzz", "fuzz_" + target)
    corpus = os.path.join(ROOT, "tests", "fuzz", "corpus", target)
    work = os.path.join(ROOT, "build", "fuzz", "work", target)
    os.makedirs(corpus, exist_ok=True)
    sources = [d for d in (work, corpus) if os.path.isdir(d) and os.listdir(d)]
    if not sources:
        sys.exit("pick_seeds.py: nothing to pick from; run scripts/fuzz.sh first")
    with concurrent.futures.ThreadPoolExecutor(int(os.environ.get("JOBS", "2"))) as pool:
        files = candidates(sources, 160)
        found = dict(zip(files, pool.map(lambda p: file_features(fuzzer, p), files)))
    covered, picked = set(), []
    while len(picked) < want:
        best = max(found, key=lambda p: (len(found[p] - covered), -os.path.getsize(p)),
                   default=None)
        if best is None or not found[best] - covered:
            break
        covered |= found.pop(best)
        picked.append(best)
    data = [open(p, "rb").read() for p in picked]
    for name in os.listdir(corpus):
        if name.startswith("seed-"):
            os.remove(os.path.join(corpus, name))
    for blob in data:
        with open(os.path.join(corpus, "seed-" + hashlib.sha1(blob).hexdigest()[:12]), "wb") as f:
            f.write(blob)
    print("%s: %d seeds cover %d features" % (target, len(data), len(covered)))


if __name__ == "__main__":
    main()
