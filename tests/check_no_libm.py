#!/usr/bin/env python3
"""Fails when a C library transcendental (sin, cosf, atan2, exp, log, pow, hypot, ...) is called
anywhere in src/: the library uses its own (src/internal/fmath.h) so results are bit-identical
across compilers, targets and C libraries. sqrt, floor, fmod, fabs and the like are exact in IEEE
754 everywhere and allowed. Usage: check_no_libm.py <src dir>"""
import pathlib
import re
import sys

NAMES = ("sin cos tan asin acos atan atan2 sinh cosh tanh asinh acosh atanh exp exp2 expm1 log "
         "log2 log10 log1p logb pow cbrt hypot erf erfc tgamma lgamma sincos").split()
CALL = re.compile(r"(?<![\w.>])(?:__builtin_)?(" + "|".join(NAMES) + r")[fl]?\s*\(")
COMMENT_OR_STRING = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\])*"', re.S)


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "src")
    found = []
    for path in sorted(root.rglob("*.[ch]")):
        code = COMMENT_OR_STRING.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), path.read_text())
        for number, line in enumerate(code.split("\n"), 1):
            for m in CALL.finditer(line):
                found.append(f"{path}:{number}: {m.group(0)} (use sai_* of src/internal/fmath.h)")
    files = len(list(root.rglob("*.[ch]")))
    if not files:
        print(f"check_no_libm: no C files under {root}")
        return 1
    print("\n".join(found) if found else f"check_no_libm: {files} files, no libm transcendental")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
