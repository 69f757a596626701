#!/usr/bin/env python3
"""Keeps the public headers ASCII, so MSVC reads them in any code page (no C4819 without /utf-8).

usage: scripts/ascii_headers.py          rewrite include/stickanim/*.h (and *.h.in) in ASCII
       scripts/ascii_headers.py --check  exit 1, naming each line, if a header is not ASCII

The docs keep their meaning: each symbol becomes its usual ASCII spelling (see TABLE). A
character with no spelling here stops the rewrite, so the table grows with the headers."""
import glob
import os
import sys

TABLE = [
    ("−", "-"), (" · ", " * "), ("·", " * "), (" × ", " x "), ("≥", ">="), ("≤", "<="), ("→", "->"), ("↔", "<->"),
    ("×", "x"), ("±", "+/-"), ("…", "..."), ("≈", "~"), ("°", " deg"), ("π", "pi"),
    ("⊙", "(*)"), ("⊘", "(/)"), ("∘", "o"), ("Σ", "sum "), ("√", "sqrt "), ("—", "--"),
    ("–", "-"), ("ᵢ", "_i"), ("⁻¹", "^-1"), ("²³", "^23"), ("⁵²", "^52"), ("²", "^2"),
    ("³", "^3"), ("⁴", "^4"), ("¹", "^1"), ("⁵", "^5"), ("⁻", "^-"),
]


def headers(root):
    pattern = os.path.join(root, "include", "stickanim")
    return sorted(glob.glob(os.path.join(pattern, "*.h")) + glob.glob(os.path.join(pattern, "*.h.in")))


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    check = "--check" in sys.argv[1:]
    bad = 0
    for path in headers(root):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        if check:
            for n, line in enumerate(text.splitlines(), 1):
                if any(ord(c) > 127 for c in line):
                    print(f"{os.path.relpath(path, root)}:{n}: not ASCII: {line.strip()}")
                    bad += 1
            continue
        for uni, ascii_ in TABLE:
            text = text.replace(uni, ascii_)
        left = sorted({c for c in text if ord(c) > 127})
        if left:
            print(f"{path}: no ASCII spelling for {''.join(left)}: add it to TABLE", file=sys.stderr)
            return 1
        with open(path, "w", encoding="ascii") as f:
            f.write(text)
    if check and bad:
        print(f"ascii_headers: {bad} line(s) not ASCII: run scripts/ascii_headers.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
