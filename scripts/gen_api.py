#!/usr/bin/env python3
"""Writes api/stickanim_api.json: the public C API of libstickanim as data, for binding generators.

Everything comes from the headers through clang (python3's standard library and clang 14 or
later, nothing else):
  * functions, structs, enums and their doc briefs from `clang -Xclang -ast-dump=json` of
    include/stickanim/stickanim.h;
  * every struct's layout (size, alignment, each field's offset and size) from clang's own record
    layouts (`-Xclang -fdump-record-layouts-simple`), for two targets: `lp64` (x86_64 Linux; the
    same on every 64-bit platform the library supports) and `wasm32` (the WebAssembly build);
  * numeric #define constants (SA_...) from `clang -E -dM`, evaluated here with C's rules, with
    the doc comment written above each in the header.
Only sa_/SA_ names declared in include/stickanim/ are written, in header order (the order
stickanim.h includes them), then declaration order: the output is the same on every run.

Every struct must have an ::sa_abi_type (abi.h) so a binding can check it at load; a struct
without one, a bit-field, a union or a function pointer stops the generator with a message
naming the declaration (docs/bindings.md says why).

usage: scripts/gen_api.py                     write api/stickanim_api.json
       scripts/gen_api.py --out FILE          write FILE instead
       scripts/gen_api.py --check             regenerate into a temporary file and fail (exit 1)
                                              when the committed JSON differs
       scripts/gen_api.py --check-lib LIB     also compare every struct's lp64 size and alignment
                                              with LIB's sa_abi_type_size/align (a shared library)
Exit code 77 (with a message) when clang is missing: callers treat it as "skipped".
"""

import argparse
import ctypes
import difflib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INCLUDE = os.path.join(ROOT, "include")
HEADER_DIR = os.path.join(INCLUDE, "stickanim")
DEFAULT_OUT = os.path.join(ROOT, "api", "stickanim_api.json")
FORMAT = 1  # bumped when the shape of the JSON changes (docs/bindings.md)
SKIP = 77

# Data models: name -> clang target triple. lp64 stands for every 64-bit platform (x86_64 and
# aarch64, Linux, macOS and Windows: the API uses no `long`); wasm32 is examples/web's module.
TARGETS = {"lp64": "x86_64-unknown-linux-gnu", "wasm32": "wasm32-unknown-unknown"}

# C spellings of the scalar types a public header may use -> the JSON's scalar names.
SCALARS = {
    "_Bool": "bool", "bool": "bool", "char": "char",
    "signed char": "i8", "int8_t": "i8", "unsigned char": "u8", "uint8_t": "u8",
    "short": "i16", "int16_t": "i16", "unsigned short": "u16", "uint16_t": "u16",
    "int": "i32", "int32_t": "i32", "unsigned int": "u32", "unsigned": "u32", "uint32_t": "u32",
    "long long": "i64", "int64_t": "i64", "unsigned long long": "u64", "uint64_t": "u64",
    "size_t": "usize", "uintptr_t": "usize", "ptrdiff_t": "isize", "intptr_t": "isize",
    "float": "f32", "double": "f64",
}
# One C spelling per scalar name, for the probes that measure them.
SCALAR_C = {"bool": "_Bool", "char": "char", "i8": "int8_t", "u8": "uint8_t", "i16": "int16_t",
            "u16": "uint16_t", "i32": "int32_t", "u32": "uint32_t", "i64": "int64_t",
            "u64": "uint64_t", "usize": "size_t", "isize": "ptrdiff_t", "f32": "float",
            "f64": "double"}


class ApiError(Exception):
    """A header construct this generator cannot describe (or a header without what it needs)."""


# ---- running clang ------------------------------------------------------------------------------
def find_clang():
    for name in (os.environ.get("CLANG"), "clang-14", "clang", "clang-15", "clang-16",
                 "clang-17", "clang-18", "clang-19"):
        if name and shutil.which(name):
            return shutil.which(name)
    return None


def project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r"project\(\s*stickanim\s+VERSION\s+(\d+)\.(\d+)\.(\d+)", f.read())
    if not m:
        raise ApiError("CMakeLists.txt: no `project(stickanim VERSION x.y.z`")
    return tuple(int(x) for x in m.groups())


def write_version_h(tmp):
    """version.h is made by CMake from version.h.in; make the same one for clang."""
    major, minor, patch = project_version()
    with open(os.path.join(HEADER_DIR, "version.h.in"), encoding="utf-8") as f:
        text = f.read()
    for k, v in (("@PROJECT_VERSION_MAJOR@", major), ("@PROJECT_VERSION_MINOR@", minor),
                 ("@PROJECT_VERSION_PATCH@", patch),
                 ("@PROJECT_VERSION@", "%d.%d.%d" % (major, minor, patch))):
        text = text.replace(k, str(v))
    os.makedirs(os.path.join(tmp, "stickanim"), exist_ok=True)
    path = os.path.join(tmp, "stickanim", "version.h")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return "%d.%d.%d" % (major, minor, patch)


def clang_run(clang, tmp, target, source, extra, mode="-fsyntax-only"):
    """Runs clang on `source` (a file name) as C11, freestanding (no libc headers needed)."""
    cmd = [clang, "--target=" + target, "-std=c11", "-ffreestanding", mode,
           "-fno-color-diagnostics", "-Wno-everything", "-I" + INCLUDE, "-I" + tmp] + extra + [source]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp)
    if p.returncode != 0:
        raise ApiError("clang failed (%s):\n%s" % (" ".join(cmd), p.stderr.decode(errors="replace")))
    return p.stdout.decode("utf-8", errors="replace")


# ---- the AST ------------------------------------------------------------------------------------
def header_of(path):
    """'figure.h' for a file in include/stickanim (or the generated version.h), else None."""
    if not path:
        return None
    path = os.path.normpath(path)
    if os.path.dirname(path) == os.path.normpath(HEADER_DIR) or path.endswith(
            os.sep + os.path.join("stickanim", "version.h")):
        return os.path.basename(path)
    return None


class FileTracker:
    """clang's JSON writes a location's file only when it differs from the last one written:
    reading the nodes in order and remembering the last file gives every node's file."""

    def __init__(self):
        self.file = None

    def visit(self, node):
        if isinstance(node, dict):
            if "file" in node and isinstance(node["file"], str):
                self.file = node["file"]
            for k, v in node.items():
                if k != "includedFrom" and isinstance(v, (dict, list)):
                    self.visit(v)
        elif isinstance(node, list):
            for v in node:
                self.visit(v)


def comment_text(node):
    """The plain text of a comment node: text, inline commands (@p x -> x), collapsed spaces."""
    out = []

    def rec(n):
        kind = n.get("kind")
        if kind == "TextComment":
            out.append(n.get("text", ""))
        elif kind == "InlineCommandComment":
            out.append(" ".join(n.get("args", [])))
        elif kind in ("HTMLStartTagComment", "HTMLEndTagComment"):
            return
        for c in n.get("inner", []):
            rec(c)
        if kind == "ParagraphComment":
            out.append("\n")

    rec(node)
    return tidy_text("".join(out))


def tidy_text(text):
    """One line; Doxygen's `::name` links as plain names (`sa_figure_pose::joints` kept)."""
    return re.sub(r"(?<![\w:])::(?=\w)", "", re.sub(r"\s+", " ", text)).strip()


def doc_of(decl):
    """(brief, {param: text}, return text) from a declaration's doc comment."""
    full = next((c for c in decl.get("inner", []) if c.get("kind") == "FullComment"), None)
    if not full:
        return "", {}, ""
    brief, first, params, ret = "", "", {}, ""
    for c in full.get("inner", []):
        kind = c.get("kind")
        if kind == "BlockCommandComment" and c.get("name") == "brief" and not brief:
            brief = comment_text(c)
        elif kind == "BlockCommandComment" and c.get("name") in ("return", "returns", "result"):
            ret = comment_text(c)
        elif kind == "ParamCommandComment":
            params[c.get("param", "")] = comment_text(c)
        elif kind == "ParagraphComment" and not first:
            first = comment_text(c)
    return brief or first, params, ret


class Types:
    """Turns clang's type spellings into the JSON's type objects."""

    def __init__(self):
        self.typedefs = {}  # public typedef name -> ("struct"|"enum", name) or ("alias", spelling)

    def parse(self, spelling, where):
        s = spelling.strip()
        if "(" in s or ")" in s:
            raise ApiError("%s: type `%s` (a function pointer or a pointer to an array) is not "
                           "supported by gen_api.py" % (where, s))
        m = re.match(r"^([^*\[]*?)\s*((?:\*|\bconst\b|\bvolatile\b|\brestrict\b|\[\d*\]|\s)*)$", s)
        if not m:
            raise ApiError("%s: cannot read the type `%s`" % (where, s))
        base_words = m.group(1).split()
        base_const = any(w == "const" for w in base_words)
        words = [w for w in base_words if w not in ("const", "volatile", "restrict")]
        t = self.base(" ".join(words), where)
        t = dict(t, const=True) if base_const else t
        dims = []
        for tok in re.findall(r"\*|\bconst\b|\[\d*\]", m.group(2)):
            if tok == "*":
                t = {"kind": "pointer", "to": t}
            elif tok == "const":
                pass  # a const pointer (`float *const p`): the same thing to a binding
            else:
                if not tok[1:-1]:
                    raise ApiError("%s: array `%s` has no length" % (where, s))
                dims.append(int(tok[1:-1]))
        for n in reversed(dims):
            t = {"kind": "array", "of": t, "count": n}
        t["c"] = re.sub(r"\s+", " ", s)
        return self.tidy(t)

    def tidy(self, t):
        """Keys in one order; `const` kept on the pointee only (what a binding cares about)."""
        order = ("kind", "name", "c", "const", "to", "of", "count")
        out = {k: t[k] for k in order if k in t}
        for k in ("to", "of"):
            if k in out:
                out[k] = self.tidy(out[k])
        if out.get("kind") == "pointer":
            out.pop("const", None)
        return out

    def base(self, name, where):
        if name.startswith("union "):
            raise ApiError("%s: unions are not supported by gen_api.py (%s)" % (where, name))
        name = re.sub(r"^(struct|enum)\s+", "", name)
        if name == "void":
            return {"kind": "void"}
        if name in SCALARS:
            return {"kind": "scalar", "name": SCALARS[name]}
        if name in self.typedefs:
            kind, target = self.typedefs[name]
            if kind in ("struct", "enum"):
                return {"kind": kind, "name": target}
            return self.parse(target, where)
        raise ApiError("%s: unknown type `%s` (not a public sa_ type nor a fixed-size scalar; "
                       "`long` is not allowed: its size differs between platforms)" % (where, name))


def read_ast(clang, tmp):
    src = os.path.join(tmp, "api.c")
    with open(src, "w", encoding="utf-8") as f:
        f.write("#include <stickanim/stickanim.h>\n")
    ast = json.loads(clang_run(clang, tmp, TARGETS["lp64"], src, ["-Xclang", "-ast-dump=json"]))
    tracker = FileTracker()
    decls = []
    for node in ast.get("inner", []):
        tracker.visit({"loc": node.get("loc", {})})
        header = header_of(tracker.file)
        tracker.visit({k: v for k, v in node.items() if k != "loc"})
        if header:
            decls.append((header, node))
    return decls


def enum_value(node):
    """An enumerator's explicit value (clang evaluates it into a ConstantExpr), or None."""
    for c in node.get("inner", []):
        if c.get("kind") == "ConstantExpr" and "value" in c:
            return int(c["value"])
    return None


def collect(decls):
    types = Types()
    records, enums, functions, order = {}, {}, [], []
    record_names = {}  # RecordDecl/EnumDecl id -> public name (the typedef's)
    headers = []
    for header, node in decls:
        if header not in headers:
            headers.append(header)
        if node["kind"] == "TypedefDecl":
            name = node.get("name", "")
            owned = None
            for c in node.get("inner", []):
                if c.get("kind") == "ElaboratedType" and "ownedTagDecl" in c:
                    owned = c["ownedTagDecl"]
                elif c.get("kind") == "ElaboratedType":
                    for cc in c.get("inner", []):
                        if "decl" in cc:
                            owned = cc["decl"]
            if owned and owned.get("kind") in ("RecordDecl", "EnumDecl"):
                kind = "struct" if owned["kind"] == "RecordDecl" else "enum"
                record_names[owned["id"]] = name
                types.typedefs[name] = (kind, name)
            else:
                types.typedefs[name] = ("alias", node["type"]["qualType"])
    for header, node in decls:
        kind = node["kind"]
        if kind == "RecordDecl" and node.get("completeDefinition"):
            name = record_names.get(node["id"]) or node.get("name")
            if node.get("tagUsed") == "union":
                raise ApiError("%s: union %s is not supported by gen_api.py" % (header, name))
            if not name or not name.startswith("sa_"):
                continue
            records[name] = (header, node)
            order.append(("struct", name))
            types.typedefs.setdefault(name, ("struct", name))
        elif kind == "EnumDecl":
            name = record_names.get(node["id"]) or node.get("name")
            if not name or not name.startswith("sa_"):
                continue
            enums[name] = (header, node)
            order.append(("enum", name))
            types.typedefs.setdefault(name, ("enum", name))
        elif kind == "FunctionDecl" and node.get("name", "").startswith("sa_"):
            if node.get("storageClass") == "static" or node.get("inline"):
                continue  # a header-only helper: not in the library, nothing to bind
            functions.append((header, node))
    return types, headers, records, enums, functions, order


def build_enum(header, name, node):
    brief = doc_of(node)[0]
    values, nxt = [], 0
    for c in node.get("inner", []):
        if c.get("kind") != "EnumConstantDecl":
            continue
        v = enum_value(c)
        v = nxt if v is None else v
        nxt = v + 1
        entry = {"name": c["name"], "value": v}
        if c["name"].endswith("_"):
            entry["sentinel"] = True  # SA_..._COUNT_ / _FORCE_U32_: not a value (api_conventions)
        entry["brief"] = doc_of(c)[0]
        values.append(entry)
    lo = min(v["value"] for v in values)
    hi = max(v["value"] for v in values)
    repr_ = "i32" if -2 ** 31 <= lo and hi < 2 ** 31 else ("u32" if lo >= 0 and hi < 2 ** 32 else "i64")
    return {"name": name, "header": header, "brief": brief, "type": repr_, "values": values}


def build_struct(types, header, name, node):
    fields = []
    for c in node.get("inner", []):
        if c.get("kind") != "FieldDecl":
            continue
        where = "%s: %s::%s" % (header, name, c.get("name"))
        if c.get("isBitfield"):
            raise ApiError("%s is a bit-field; bit-fields are not supported by gen_api.py" % where)
        if not c.get("name"):
            raise ApiError("%s: an anonymous member is not supported by gen_api.py" % where)
        fields.append({"name": c["name"], "type": types.parse(c["type"]["qualType"], where),
                       "brief": doc_of(c)[0]})
    if not fields:
        raise ApiError("%s: struct %s has no fields" % (header, name))
    return {"name": name, "header": header, "brief": doc_of(node)[0], "fields": fields}


def build_function(types, header, node):
    name = node["name"]
    if node.get("variadic"):
        raise ApiError("%s: %s is variadic; not supported by gen_api.py" % (header, name))
    if not any(c.get("kind") == "VisibilityAttr" for c in node.get("inner", [])):
        raise ApiError("%s: %s is declared without SA_API, so the shared library does not export "
                       "it" % (header, name))
    brief, pdocs, rdoc = doc_of(node)
    qual = node["type"]["qualType"]
    depth, cut = 0, None
    for i in range(len(qual) - 1, -1, -1):  # the return type is what precedes the last (...)
        if qual[i] == ")":
            depth += 1
        elif qual[i] == "(":
            depth -= 1
            if depth == 0:
                cut = i
                break
    if cut is None:
        raise ApiError("%s: cannot read the type of %s: %s" % (header, name, qual))
    ret = types.parse(qual[:cut], "%s: %s's result" % (header, name))
    params = []
    for i, c in enumerate(p for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"):
        pname = c.get("name") or "arg%d" % i
        params.append({"name": pname,
                       "type": types.parse(c["type"]["qualType"], "%s: %s(%s)" % (header, name, pname)),
                       "brief": pdocs.get(pname, "")})
    out = {"name": name, "header": header, "brief": brief, "returns": ret}
    if rdoc:
        out["returns_brief"] = rdoc
    out["params"] = params
    return out


# ---- layouts ------------------------------------------------------------------------------------
def leaf_types(structs, functions):
    """Every scalar, enum and pointer a struct field uses, for the probes that measure them."""
    seen = {}

    def rec(t):
        if t["kind"] == "array":
            rec(t["of"])
        elif t["kind"] in ("scalar", "enum"):
            seen[(t["kind"], t["name"])] = True
        elif t["kind"] == "pointer":
            seen[("pointer", "")] = True
    for s in structs:
        for f in s["fields"]:
            rec(f["type"])
    seen = {k: v for k, v in seen.items() if k[0] != "enum"}  # every enum is probed anyway
    for name in SCALAR_C:  # every scalar, so the JSON's table does not depend on use
        seen[("scalar", name)] = True
    seen[("pointer", "")] = True
    return sorted(seen)


def probe_name(kind, name):
    return "sa__probe_%s_%s" % (kind, name or "ptr")


def read_layouts(clang, tmp, structs, enums, leaves):
    src = os.path.join(tmp, "layout.c")
    with open(src, "w", encoding="utf-8") as f:
        f.write("#include <stickanim/stickanim.h>\n")
        for kind, name in leaves:
            ctype = {"scalar": SCALAR_C.get(name), "enum": name, "pointer": "void *"}[kind]
            f.write("struct %s { %s v; };\n" % (probe_name(kind, name), ctype))
        for e in enums:
            f.write("struct %s { %s v; };\n" % (probe_name("enum", e["name"]), e["name"]))
    out = {}
    for model, triple in TARGETS.items():
        text = clang_run(clang, tmp, triple, src, [
            "-Xclang", "-fdump-record-layouts-simple", "-Xclang", "-fdump-record-layouts-complete"])
        records = {}
        for block in text.split("*** Dumping AST Record Layout")[1:]:
            m = re.search(r"Type: struct (\w+)", block)
            if not m:
                continue
            size = int(re.search(r"\bSize:(\d+)", block).group(1))
            align = int(re.search(r"\bAlignment:(\d+)", block).group(1))
            offs = re.search(r"FieldOffsets: \[([^\]]*)\]", block).group(1)
            offsets = [int(x) for x in offs.replace(",", " ").split()]
            if size % 8 or align % 8 or any(o % 8 for o in offsets):
                raise ApiError("struct %s on %s has a field that does not start on a byte (a "
                               "bit-field?)" % (m.group(1), model))
            records[m.group(1)] = (size // 8, align // 8, [o // 8 for o in offsets])
        out[model] = records
    return out


def apply_layouts(api, layouts):
    for model, records in layouts.items():
        def leaf(kind, name):
            size, align, _ = records[probe_name(kind, name)]
            return size, align
        api["scalars"] = api.get("scalars", {})
        for name in SCALAR_C:
            s, a = leaf("scalar", name)
            api["scalars"].setdefault(name, {"c": SCALAR_C[name], "layout": {}})["layout"][model] = \
                {"size": s, "align": a}
        s, a = leaf("pointer", "")
        api["pointer"] = api.get("pointer", {"layout": {}})
        api["pointer"]["layout"][model] = {"size": s, "align": a}
        struct_size = {}
        for e in api["enums"]:
            s, a = leaf("enum", e["name"])
            e.setdefault("layout", {})[model] = {"size": s, "align": a}

        def size_of(t):
            k = t["kind"]
            if k == "array":
                return t["count"] * size_of(t["of"])
            if k == "struct":
                return struct_size[t["name"]]
            if k == "pointer":
                return leaf("pointer", "")[0]
            return leaf(k, t["name"])[0]

        for st in api["structs"]:
            if st["name"] not in records:
                raise ApiError("clang printed no layout for struct %s" % st["name"])
            size, align, offsets = records[st["name"]]
            if len(offsets) != len(st["fields"]):
                raise ApiError("struct %s: %d fields in the AST, %d in the layout" % (
                    st["name"], len(st["fields"]), len(offsets)))
            st.setdefault("layout", {})[model] = {"size": size, "align": align}
            struct_size[st["name"]] = size
            end = 0
            for f, off in zip(st["fields"], offsets):
                fsize = size_of(f["type"])
                if off < end or off + fsize > size:
                    raise ApiError("struct %s: field %s at %d (+%d) does not fit (%s)" % (
                        st["name"], f["name"], off, fsize, model))
                end = off + fsize
                f.setdefault("layout", {})[model] = {"offset": off, "size": fsize}


# ---- #define constants --------------------------------------------------------------------------
TOKEN = re.compile(r"\s*(?:(?P<num>(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?[fFuUlL]*|0[xX][0-9a-fA-F]+[uUlL]*)"
                   r"|(?P<id>[A-Za-z_]\w*)|(?P<op><<|>>|[-+*/%()~&|^]))")
CAST_TYPES = {"size_t": "usize", "int32_t": "i32", "uint32_t": "u32", "int": "i32",
              "unsigned": "u32", "float": "f32", "double": "f64", "int64_t": "i64",
              "uint64_t": "u64"}


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


class MacroEval:
    """Evaluates a macro's expansion with C's types: int, unsigned, float (each step rounded to
    float32), double, size_t (its width per data model); raises ValueError for anything else."""

    def __init__(self, defs, usize_bits):
        self.defs = defs
        self.usize_bits = usize_bits

    def tokens(self, text, depth=0):
        out, pos = [], 0
        while pos < len(text):
            m = TOKEN.match(text, pos)
            if not m or m.end() == pos:
                if text[pos:].strip():
                    raise ValueError("cannot read %r" % text[pos:])
                break
            pos = m.end()
            if m.group("id") and m.group("id") in self.defs and m.group("id") not in CAST_TYPES:
                if depth > 20:
                    raise ValueError("macro recursion")
                out += ["("] + self.tokens(self.defs[m.group("id")], depth + 1) + [")"]
            else:
                out.append(m.group("num") or m.group("id") or m.group("op"))
        return out

    def value(self, text):
        self.toks, self.i = self.tokens(text), 0
        v = self.expr()
        if self.i != len(self.toks):
            raise ValueError("trailing tokens")
        return v

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self):
        self.i += 1
        return self.toks[self.i - 1]

    def fix(self, v, t):
        bits = {"i32": 32, "u32": 32, "i64": 64, "u64": 64, "usize": self.usize_bits}.get(t)
        if t == "f32":
            return f32(float(v)), t
        if t == "f64":
            return float(v), t
        v = int(v) & ((1 << bits) - 1)
        if t.startswith("i") and v >= 1 << (bits - 1):
            v -= 1 << bits
        return v, t

    def join(self, a, b):
        rank = ["i32", "u32", "i64", "u64", "f32", "f64"]
        norm = lambda t: ("u64" if self.usize_bits == 64 else "u32") if t == "usize" else t
        ta, tb = norm(a), norm(b)
        t = rank[max(rank.index(ta), rank.index(tb))]
        return "usize" if t == norm("usize") and "usize" in (a, b) else t

    def expr(self, level=0):
        ops = [["|"], ["^"], ["&"], ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]
        if level == len(ops):
            return self.unary()
        v, t = self.expr(level + 1)
        while self.peek() in ops[level]:
            op = self.take()
            w, u = self.expr(level + 1)
            rt = self.join(t, u) if op not in ("<<", ">>") else t
            if rt in ("f32", "f64") and op in ("|", "^", "&", "<<", ">>", "%"):
                raise ValueError("bit operation on a float")
            if op == "+":
                r = v + w
            elif op == "-":
                r = v - w
            elif op == "*":
                r = v * w
            elif op == "/":
                r = v / w if rt in ("f32", "f64") else int(abs(v) // abs(w)) * (1 if (v < 0) == (w < 0) else -1)
            elif op == "%":
                r = v - w * (int(abs(v) // abs(w)) * (1 if (v < 0) == (w < 0) else -1))
            elif op == "<<":
                r = v << w
            elif op == ">>":
                r = v >> w
            elif op == "&":
                r = v & w
            elif op == "|":
                r = v | w
            else:
                r = v ^ w
            v, t = self.fix(r, rt)
        return v, t

    def unary(self):
        tok = self.peek()
        if tok in ("-", "+", "~"):
            self.take()
            v, t = self.unary()
            return self.fix(-v if tok == "-" else (~v if tok == "~" else v), t)
        if tok == "(":
            if self.i + 2 < len(self.toks) and self.toks[self.i + 1] in CAST_TYPES and self.toks[self.i + 2] == ")":
                cast = CAST_TYPES[self.toks[self.i + 1]]
                self.i += 3
                v, _ = self.unary()
                return self.fix(v, cast)
            self.take()
            v = self.expr()
            if self.take() != ")":
                raise ValueError("missing )")
            return v
        if tok is None:
            raise ValueError("empty")
        self.take()
        m = re.fullmatch(r"(0[xX][0-9a-fA-F]+|\d+)([uUlL]*)", tok)
        if m:
            n = int(m.group(1), 0) if m.group(1).lower().startswith("0x") else int(m.group(1))
            suffix = m.group(2).lower()
            if "ll" in suffix or "l" in suffix:
                t = "u64" if "u" in suffix else "i64"
            elif "u" in suffix:
                t = "u32" if n < 2 ** 32 else "u64"
            else:
                t = "i32" if n < 2 ** 31 else "i64"
            return self.fix(n, t)
        m = re.fullmatch(r"([\d.]+(?:[eE][+-]?\d+)?)([fFlL]?)", tok)
        if m:
            return self.fix(float(m.group(1)), "f32" if m.group(2) in ("f", "F") else "f64")
        raise ValueError("not a number: %s" % tok)


def short_float(v, t):
    """The shortest decimal that reads back as the same float32 (or double)."""
    if t == "f64":
        return float(repr(v))
    for p in range(1, 10):
        s = float("%.*g" % (p, v))
        if f32(s) == v:
            return s
    return v


BLOCK_COMMANDS = "param|returns?|result|note|see|sa|warning|code|pre|post|def|brief|details|par"


def macro_docs():
    """name -> (header, brief) for every object-like `#define SA_...` in include/stickanim."""
    docs = {}
    for fname in sorted(os.listdir(HEADER_DIR)):
        if not fname.endswith((".h", ".h.in")):
            continue
        header = fname[:-3] if fname.endswith(".in") else fname
        with open(os.path.join(HEADER_DIR, fname), encoding="utf-8") as f:
            lines = f.read().split("\n")
        for i, line in enumerate(lines):
            m = re.match(r"\s*#\s*define\s+(SA_\w+)(?!\()\b(.*)", line)
            if not m:
                continue
            brief = ""
            tail = re.search(r"/\*\*<(.*?)\*/", m.group(2))
            if tail:
                brief = tail.group(1)
            else:
                j = i - 1
                if j >= 0 and lines[j].rstrip().endswith("*/"):
                    k = j
                    while k >= 0 and "/**" not in lines[k]:
                        k -= 1
                    if k >= 0:
                        block = "\n".join(lines[k:j + 1])
                        block = block[block.index("/**") + 3:block.rindex("*/")]
                        body = [re.sub(r"^\s*\*?\s?", "", l) for l in block.split("\n")]
                        text = "\n".join(body).strip()
                        end = r"(?:\n\s*\n|\n\s*[@\\](?:%s)\b|$)" % BLOCK_COMMANDS
                        bm = re.search(r"[@\\]brief\s+(.*?)" + end, text, re.S)
                        brief = bm.group(1) if bm else re.split(end, text)[0]
            brief = re.sub(r"[@\\](?:ref|p|c|a|e|b)\s+", "", brief)
            brief = tidy_text(brief)
            docs.setdefault(m.group(1), (header, brief))
    return docs


def read_constants(clang, tmp):
    src = os.path.join(tmp, "macros.c")
    with open(src, "w", encoding="utf-8") as f:
        f.write("#include <stickanim/stickanim.h>\n")
    defs, order = {}, []
    for model, triple in TARGETS.items():
        text = clang_run(clang, tmp, triple, src, ["-dM"], mode="-E")
        for line in text.splitlines():
            m = re.match(r"#define (\w+)(\(.*?\))?\s*(.*)$", line)
            if m and not m.group(2):
                defs.setdefault(model, {})[m.group(1)] = m.group(3)
    docs = macro_docs()
    out = []
    for name, (header, brief) in docs.items():
        order.append((header, name))
    headers_seen = {}
    for header, name in order:
        if name not in defs["lp64"]:
            continue
        values = {}
        try:
            for model in TARGETS:
                values[model] = MacroEval(defs[model], 64 if model == "lp64" else 32).value(defs[model][name])
        except (ValueError, ZeroDivisionError, KeyError):
            continue  # not numeric (SA_API, SA_VERSION_STRING, ...)
        v, t = values["lp64"]
        entry = {"name": name, "header": header, "type": t,
                 "value": short_float(v, t) if t in ("f32", "f64") else v}
        others = {m: vt[0] for m, vt in values.items() if vt[0] != v}
        if others:
            entry["value_by_target"] = {m: vt[0] for m, vt in values.items()}
        entry["expr"] = re.sub(r"\s+", " ", defs["lp64"][name]).strip()
        entry["brief"] = docs[name][1]
        headers_seen.setdefault(header, []).append(entry)
    return headers_seen


# ---- the whole API ------------------------------------------------------------------------------
def generate(clang):
    with tempfile.TemporaryDirectory(prefix="sa_api_") as tmp:
        version = write_version_h(tmp)
        decls = read_ast(clang, tmp)
        types, headers, records, enums, functions, order = collect(decls)
        api = {"format": FORMAT, "generator": "scripts/gen_api.py", "library": "stickanim",
               "version": version, "abi_version": None, "targets": dict(TARGETS)}
        enum_list = [build_enum(h, n, node) for n, (h, node) in enums.items()]
        struct_list = [build_struct(types, h, n, node) for n, (h, node) in records.items()]
        func_list = [build_function(types, h, node) for h, node in functions]
        by_header = {h: i for i, h in enumerate(headers)}
        key = lambda d: by_header[d["header"]]
        enum_list.sort(key=key)
        struct_list.sort(key=key)
        func_list.sort(key=key)
        consts = read_constants(clang, tmp)
        const_list = []
        for h in headers + sorted(set(consts) - set(headers)):
            const_list += consts.get(h, [])
        abi = next((c for c in const_list if c["name"] == "SA_ABI_VERSION"), None)
        if not abi:
            raise ApiError("abi.h: no SA_ABI_VERSION")
        api["abi_version"] = abi["value"]

        # Each struct's sa_abi_type, from the enumerator's brief (::sa_vec2) or its name.
        abi_enum = next((e for e in enum_list if e["name"] == "sa_abi_type"), None)
        if not abi_enum:
            raise ApiError("abi.h: no enum sa_abi_type")
        by_struct = {}
        for v in abi_enum["values"]:
            if v.get("sentinel"):
                continue
            m = re.match(r"::?(sa_\w+)", v["brief"])
            target = m.group(1) if m else "sa_" + v["name"][len("SA_ABI_TYPE_"):].lower()
            by_struct[target] = v
        missing = []
        for st in struct_list:
            v = by_struct.get(st["name"])
            if not v:
                missing.append(st["name"])
                continue
            st["abi_type"] = {"name": v["name"], "value": v["value"]}
        if missing:
            raise ApiError("no sa_abi_type for %s: append SA_ABI_TYPE_<NAME> = <next number> to "
                           "sa_abi_type in abi.h (and its size/align/name in src/abi.c) so bindings "
                           "can check the struct at load" % ", ".join(missing))
        stale = sorted(set(by_struct) - {s["name"] for s in struct_list})
        if stale:
            raise ApiError("abi.h names structs the headers do not define: %s" % ", ".join(stale))

        api["headers"] = headers
        api["constants"] = const_list
        api["enums"] = enum_list
        # Struct keys in a fixed order: name, header, brief, abi_type, layout, fields.
        layouts = read_layouts(clang, tmp, struct_list, enum_list, leaf_types(struct_list, func_list))
        api["structs"] = struct_list
        apply_layouts(api, layouts)
        api["structs"] = [{k: s[k] for k in ("name", "header", "brief", "abi_type", "layout", "fields")}
                          for s in struct_list]
        for s in api["structs"]:
            s["fields"] = [{k: f[k] for k in ("name", "type", "layout", "brief")} for f in s["fields"]]
        api["enums"] = [{k: e[k] for k in ("name", "header", "brief", "type", "layout", "values")}
                        for e in enum_list]
        api["functions"] = func_list
        ordered = {}
        for k in ("format", "generator", "library", "version", "abi_version", "targets", "scalars",
                  "pointer", "headers", "constants", "enums", "structs", "functions"):
            ordered[k] = api[k]
        return ordered


def dump(obj, indent=0, width=100, lead=0):
    """JSON with short containers on one line and long ones expanded, the same on every run."""
    flat = json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(obj, (dict, list)) or len(flat) + indent + lead <= width:
        return flat
    pad = " " * (indent + 2)
    if isinstance(obj, dict):
        items = ["%s%s: %s" % (pad, json.dumps(k), dump(v, indent + 2, width, len(k) + 4))
                 for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dump(v, indent + 2, width) for v in obj]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def check_lib(api, path):
    """Compares the lp64 sizes and alignments with a built shared library's sa_abi_type_*()."""
    if ctypes.sizeof(ctypes.c_void_p) != 8:
        print("gen_api.py: --check-lib skipped: this Python is not 64-bit")
        return True
    lib = ctypes.CDLL(path)
    lib.sa_abi_version.restype = ctypes.c_int32
    for fn in ("sa_abi_type_size", "sa_abi_type_align"):
        getattr(lib, fn).restype = ctypes.c_size_t
        getattr(lib, fn).argtypes = [ctypes.c_int32]
    ok = lib.sa_abi_version() == api["abi_version"]
    if not ok:
        print("gen_api.py: %s has ABI version %d, the headers say %d" % (
            path, lib.sa_abi_version(), api["abi_version"]), file=sys.stderr)
    for st in api["structs"]:
        t = st["abi_type"]["value"]
        got = (lib.sa_abi_type_size(t), lib.sa_abi_type_align(t))
        want = (st["layout"]["lp64"]["size"], st["layout"]["lp64"]["align"])
        if got != want:
            ok = False
            print("gen_api.py: %s: the library says size %d align %d, clang's layout %d, %d" % (
                st["name"], got[0], got[1], want[0], want[1]), file=sys.stderr)
    if ok:
        print("gen_api.py: %d struct layouts agree with %s" % (len(api["structs"]), path))
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--check-lib")
    args = ap.parse_args()
    clang = find_clang()
    if not clang:
        print("gen_api.py SKIPPED: clang not found (apt-get install clang); the API description "
              "was not checked")
        return SKIP
    try:
        api = generate(clang)
    except ApiError as e:
        print("gen_api.py: %s" % e, file=sys.stderr)
        return 1
    text = dump(api) + "\n"
    ok = True
    if args.check_lib:
        ok = check_lib(api, args.check_lib)
    if args.check:
        try:
            with open(args.out, encoding="utf-8") as f:
                old = f.read()
        except OSError:
            old = ""
        if old != text:
            diff = list(difflib.unified_diff(old.splitlines(), text.splitlines(),
                                             os.path.relpath(args.out, ROOT) + " (committed)",
                                             "from the headers", lineterm="", n=1))
            print("\n".join(diff[:60]) + ("\n..." if len(diff) > 60 else ""))
            print("gen_api.py: %s is not current with the headers: run scripts/gen_api.py "
                  "(or scripts/gen_bindings.sh for every binding) and commit the result"
                  % os.path.relpath(args.out, ROOT), file=sys.stderr)
            return 1
        print("gen_api.py: %s is current (%d functions, %d structs, %d enums, %d constants)" % (
            os.path.relpath(args.out, ROOT), len(api["functions"]), len(api["structs"]),
            len(api["enums"]), len(api["constants"])))
        return 0 if ok else 1
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    print("gen_api.py: wrote %s (%d functions, %d structs, %d enums, %d constants)" % (
        os.path.relpath(os.path.abspath(args.out), ROOT), len(api["functions"]), len(api["structs"]),
        len(api["enums"]), len(api["constants"])))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
