"""libstickanim from Python: the generated ctypes binding (_generated.py) over the shared library.

    import stickanim as sa
    fig = sa.Figure()
    sa.sa_figure_init(fig, None)
    inp = sa.sa_figure_input_default()
    inp.motion = sa.FigureMotion.WALK
    sa.sa_figure_update(fig, inp, 1 / 60)
    print(sa.sa_figure_get_pose(fig).contents.joints[sa.SA_FIGURE_JOINT_HEAD])

Every public C function is here under its C name, every struct as a ctypes.Structure in CamelCase
without `sa_` (sa_figure_pose -> FigurePose), every enum as an IntEnum (FigureMotion.WALK) and
every enumerator and numeric #define under its C name. A struct passed where the C function takes
a pointer is passed by reference; None is NULL; a `const char *` result is a str.

Importing loads the library from, in order: the path in the STICKANIM_LIBRARY environment
variable; a libstickanim shared library next to this file (put one there before `pip install` to
ship it in the package); the system's search (ctypes.util.find_library). It then checks the ABI:
sa_abi_version() must be the ABI_VERSION the binding was generated for, and every struct's size
and alignment must be the library's (sa_abi_type_size / sa_abi_type_align); otherwise the import
raises AbiMismatch naming what differs.

This file is written by hand and knows no struct: everything about the API comes from
_generated.py, which scripts/gen_python.py writes from api/stickanim_api.json.
"""

import ctypes
import ctypes.util
import glob
import os

from . import _generated
from ._generated import *  # noqa: F401,F403  (constants, enums, structs, functions)
from ._generated import ABI_VERSION, STRUCTS, VERSION

__version__ = VERSION

ENV_VAR = "STICKANIM_LIBRARY"


class AbiMismatch(ImportError):
    """The library's ABI is not the one this binding was generated for (see abi.h)."""


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    names = []
    for pattern in ("libstickanim.so", "libstickanim.so.*", "libstickanim*.dylib", "stickanim.dll"):
        names += sorted(glob.glob(os.path.join(here, pattern)))
    return names


def find_library():
    """The path (or name) of the library this package loads, or None."""
    path = os.environ.get(ENV_VAR)
    if path:
        return path
    near = _candidates()
    if near:
        return near[0]
    return ctypes.util.find_library("stickanim")


def check_abi(structs=None):
    """Raises AbiMismatch unless the library's ABI version is ABI_VERSION and every struct in
    `structs` (default: all, as (class, sa_abi_type, C name)) has the library's size and
    alignment."""
    if "sa_abi_version" in _missing:
        raise AbiMismatch("%s has no sa_abi_version(): it predates the ABI check; this binding is "
                          "for ABI version %d" % (library_path, ABI_VERSION))
    version = _generated.sa_abi_version()
    if version != ABI_VERSION:
        raise AbiMismatch("%s has ABI version %d, this binding was generated for version %d: use "
                          "the binding of the same build (scripts/gen_bindings.sh)"
                          % (library_path, version, ABI_VERSION))
    wrong = []
    for cls, abi_type, c_name in (STRUCTS if structs is None else structs):
        size = _generated.sa_abi_type_size(abi_type)
        align = _generated.sa_abi_type_align(abi_type)
        if (size, align) != (ctypes.sizeof(cls), ctypes.alignment(cls)):
            wrong.append("%s: the library says %d bytes (align %d), %s is %d bytes (align %d)" % (
                _generated.sa_abi_type_name(abi_type) if size else c_name, size, align,
                cls.__name__, ctypes.sizeof(cls), ctypes.alignment(cls)))
    if wrong:
        raise AbiMismatch("the structs of this binding differ from %s's (ABI version %d):\n  %s" % (
            library_path, version, "\n  ".join(wrong)))


library_path = find_library()
if not library_path:
    raise ImportError("libstickanim not found: set %s to the path of libstickanim.so, put the "
                      "library next to %s, or install it where the system finds it"
                      % (ENV_VAR, os.path.dirname(os.path.abspath(__file__))))
try:
    lib = ctypes.CDLL(library_path)
except OSError as e:
    raise ImportError("cannot load libstickanim from %s: %s" % (library_path, e)) from None
_missing = _generated.bind(lib)
#: C functions of the binding that the loaded library lacks (calling one raises).
missing = list(_missing)
check_abi()
