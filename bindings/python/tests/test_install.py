#!/usr/bin/env python3
"""Installs the Python binding the way its README says, offline, and uses it: copies
bindings/python with the built library next to the package, creates a venv (with
--system-site-packages, so Debian's python3-setuptools and python3-pip are seen), runs
`pip install --no-build-isolation --no-index`, then runs walk_check.py with the venv's python
from another folder, with no STICKANIM_LIBRARY: the installed package must load the library it
shipped with and check its ABI.

usage: test_install.py --lib build/libstickanim.so [--python /usr/bin/python3]
Exits 77 with a message (CTest: skipped) when venv, pip or setuptools is missing.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE_SRC = os.path.dirname(HERE)
SKIP = 77


def run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, **kw)


def skip(why):
    print("python_pip_install SKIPPED: %s (Debian: apt-get install python3-venv python3-pip "
          "python3-setuptools)" % why)
    return SKIP


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--python", default=sys.executable)
    args = ap.parse_args()
    env = {k: v for k, v in os.environ.items()
           if k not in ("STICKANIM_LIBRARY", "PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")
           and not k.startswith("PIP_")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    with tempfile.TemporaryDirectory(prefix="sa_pip_") as tmp:
        src = os.path.join(tmp, "src")
        shutil.copytree(PACKAGE_SRC, src, ignore=shutil.ignore_patterns(
            "build", "*.egg-info", "__pycache__", "tests", "libstickanim*", "*.dll", "*.dylib"))
        shutil.copy(args.lib, os.path.join(src, "stickanim", "libstickanim.so"))  # ships with it

        venv = os.path.join(tmp, "venv")
        p = run([args.python, "-m", "venv", "--system-site-packages", venv], env=env)
        if p.returncode != 0:
            print(p.stdout)
            p = run([args.python, "-m", "venv", "--system-site-packages", "--without-pip", venv], env=env)
            if p.returncode != 0:
                print(p.stdout)
                return skip("%s -m venv failed" % args.python)
        py = os.path.join(venv, "bin", "python")
        if not os.path.exists(py):
            py = os.path.join(venv, "Scripts", "python.exe")
        # setuptools before 70.1 builds wheels with the separate `wheel` package (python3-wheel,
        # which Debian's python3-pip brings).
        p = run([py, "-c", "import setuptools, pip\n"
                           "v = tuple(int(x) for x in setuptools.__version__.split('.')[:2])\n"
                           "v < (70, 1) and __import__('wheel')\n"
                           "print('pip', pip.__version__, 'setuptools', setuptools.__version__)"],
                env=env)
        print(p.stdout.strip())
        if p.returncode != 0:
            return skip("pip, setuptools or wheel is not importable in a venv of %s" % args.python)

        p = run([py, "-m", "pip", "install", "--no-build-isolation", "--no-index", "--no-cache-dir",
                 src], env=env, cwd=tmp)
        print(p.stdout.strip()[-3000:])
        if p.returncode != 0:
            print("python_pip_install: pip install failed", file=sys.stderr)
            return 1
        p = run([py, os.path.join(HERE, "walk_check.py")], env=env, cwd=tmp)
        print(p.stdout.strip())
        if p.returncode != 0:
            print("python_pip_install: the installed binding failed", file=sys.stderr)
            return 1
        if os.path.join(venv, "") not in p.stdout:
            print("python_pip_install: the binding was not imported from the venv", file=sys.stderr)
            return 1
    print("python_pip_install: installed offline into a venv and walked a figure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
