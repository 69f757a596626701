#!/usr/bin/env python3
"""Writes the JavaScript binding of libstickanim's WebAssembly build from api/stickanim_api.json:

  bindings/js/stickanim.mjs            an ES module (Node, bundlers, browsers over http)
  bindings/js/stickanim.d.ts           its TypeScript declarations
  examples/web/stickanim_binding.js    the same code as a classic script (sets globalThis.StickAnim)
                                       for the web example, which must load from file://
  bindings/js/package.json             so `npm install ./bindings/js` gives both, typed

`load(bytesOrModule)` instantiates the module (it has no imports), checks the ABI (sa_abi_version()
and every struct's sa_abi_type_size/align against the JSON's wasm32 layout, and each function's
wasm arity against the C ABI's lowering) and returns an object with every sa_* function as a
method, and every struct as a class whose instances are views over wasm memory: field getters and
setters at the JSON's wasm32 offsets, arrays of floats (and of all-float structs such as sa_vec2)
as Float32Array views, other arrays as StructArray. Enums are frozen objects.

Nothing in the output is written by hand: change the headers, then run scripts/gen_bindings.sh.

usage: scripts/gen_js.py [--api JSON] [--check]
"""

import argparse
import difflib
import json
import os
import re
import sys
import textwrap

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_API = os.path.join(ROOT, "api", "stickanim_api.json")
OUT_MJS = os.path.join(ROOT, "bindings", "js", "stickanim.mjs")
OUT_DTS = os.path.join(ROOT, "bindings", "js", "stickanim.d.ts")
OUT_CLASSIC = os.path.join(ROOT, "examples", "web", "stickanim_binding.js")
OUT_PKG = os.path.join(ROOT, "bindings", "js", "package.json")
MODEL = "wasm32"

JS_RESERVED = set("""break case catch class const continue debugger default delete do else enum
export extends false finally for function if import in instanceof new null return super switch
this throw true try typeof var void while with yield let static implements interface package
private protected public await arguments eval""".split())


class GenError(Exception):
    pass


def camel(c_name):
    """sa_figure_input -> SaFigureInput."""
    return "".join(w[:1].upper() + w[1:] for w in c_name.split("_") if w)


def param_name(name):
    return name + "_" if name in JS_RESERVED else name


def jsdoc(text, indent):
    text = (text or "").replace("*/", "*\\/")
    lines = textwrap.wrap(text, 96 - indent)
    pad = " " * indent
    if not lines:
        return ""
    if len(lines) == 1:
        return "%s/** %s */\n" % (pad, lines[0])
    return "%s/**\n%s */\n" % (pad, "".join("%s * %s\n" % (pad, l) for l in lines) + pad)


# The runtime: the same in every output; the generated parts follow it.
RUNTIME = r"""
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Thrown by load() when the module's ABI is not the one this binding was generated for. */
class AbiMismatch extends Error {
  constructor(message) { super(message); this.name = 'AbiMismatch'; }
}

function ptrOf(v, what) {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return v;
  if (typeof v === 'object' && typeof v.ptr === 'number') return v.ptr;
  throw new TypeError(`${what}: expected a struct, a StructArray, an address or null`);
}

const registry = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(held => held.sa._free(held.ptr)) : null;

/** A C struct in wasm memory. `new sa.SaX(init?)` allocates one (zeroed, then `init` copied or its
 * fields assigned; freed with free() or when collected); `sa.SaX.at(ptr)` views existing memory. */
class Struct {
  constructor(sa, init) {
    const type = this.constructor;
    this._sa = sa;
    this._owner = null;
    this.ptr = sa._alloc(type.SIZE, type.ALIGN);
    this._owned = true;
    if (registry) registry.register(this, { sa, ptr: this.ptr }, this);
    if (init !== undefined && init !== null) this.set(init);
  }
  /** Frees the memory of a struct made with `new` (views of other memory: nothing). */
  free() {
    if (this._owned && this.ptr) {
      if (registry) registry.unregister(this);
      this._sa._free(this.ptr);
    }
    this.ptr = 0;
    this._owned = false;
  }
  /** Copies another struct of the same type byte for byte, or assigns a plain object's fields. */
  set(v) {
    const type = this.constructor;
    if (v instanceof Struct) {
      if (v.constructor.C_NAME !== type.C_NAME) {
        throw new TypeError(`cannot copy ${v.constructor.C_NAME} into ${type.C_NAME}`);
      }
      this._sa._copy(this.ptr, v.ptr, type.SIZE);
      return this;
    }
    for (const k of Object.keys(v)) {
      if (!type.FIELDS.includes(k)) throw new TypeError(`${type.C_NAME} has no field ${k}`);
      this[k] = v[k];
    }
    return this;
  }
  /** The struct as a plain object (arrays as plain arrays), e.g. for JSON or a test. */
  toObject() {
    const o = {};
    for (const k of this.constructor.FIELDS) o[k] = plain(this[k]);
    return o;
  }
  toJSON() { return this.toObject(); }
}

function plain(v) {
  if (v instanceof Struct || v instanceof StructArray) return v.toObject();
  if (ArrayBuffer.isView(v)) return Array.from(v);
  return v;
}

/** `length` structs of one type side by side in wasm memory (a C array). */
class StructArray {
  constructor(type, ptr, length, owner, owned) {
    this.type = type;
    this.ptr = ptr;
    this.length = length;
    this._owner = owner || null;
    this._owned = !!owned;
  }
  get(i) {
    if (!(i >= 0 && i < this.length)) throw new RangeError(`index ${i} outside 0..${this.length - 1}`);
    return this.type.at(this.ptr + i * this.type.SIZE, this);
  }
  set(values) {
    for (let i = 0; i < values.length; i++) this.get(i).set(values[i]);
    return this;
  }
  *[Symbol.iterator]() { for (let i = 0; i < this.length; i++) yield this.get(i); }
  toObject() { return Array.from(this, v => v.toObject()); }
  toJSON() { return this.toObject(); }
  free() {
    if (this._owned && this.ptr) {
      if (registry) registry.unregister(this);
      this.type._sa._free(this.ptr);
    }
    this.ptr = 0;
    this._owned = false;
  }
}

function bindStruct(sa, Base) {
  const Bound = class extends Base {
    constructor(init) { super(sa, init); }
    /** A view of the struct at `ptr` (no copy, not owned). */
    static at(ptr, owner) {
      const o = Object.create(Bound.prototype);
      o._sa = sa;
      o.ptr = ptr;
      o._owner = owner || null;
      o._owned = false;
      return o;
    }
    /** `n` zeroed structs side by side, freed with free() or when collected. */
    static array(n) {
      const a = new StructArray(Bound, sa._alloc(Base.SIZE * n, Base.ALIGN), n, null, true);
      if (registry) registry.register(a, { sa, ptr: a.ptr }, a);
      return a;
    }
  };
  Object.defineProperty(Bound, 'name', { value: Base.name });
  Bound._sa = sa;
  return Bound;
}

function toBytes(source) {
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  throw new TypeError('load(): expected the module\'s bytes (ArrayBuffer, typed array) or a WebAssembly.Module');
}

/**
 * Instantiates libstickanim's WebAssembly module and checks its ABI.
 * @param source the module's bytes (ArrayBuffer, Uint8Array, Node Buffer), a WebAssembly.Module,
 *        or a promise of one of these
 * @returns a promise of the StickAnim object: every sa_* function, every struct class
 */
async function load(source) {
  source = await source;
  const module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(toBytes(source));
  // The library imports nothing; a module built with a libc call that needs the host would
  // import WASI functions: those are stubbed and listed in `imports`.
  const imports = {};
  const stubbed = [];
  for (const imp of WebAssembly.Module.imports(module)) {
    imports[imp.module] = imports[imp.module] || {};
    if (imp.kind === 'function') { imports[imp.module][imp.name] = () => 0; stubbed.push(`${imp.module}.${imp.name}`); }
  }
  const instance = await WebAssembly.instantiate(module, imports);
  return new StickAnim(instance, stubbed);
}

class StickAnimBase {
  constructor(instance, stubbed) {
    this.instance = instance;
    this.exports = instance.exports;
    this.memory = instance.exports.memory;
    this.imports = stubbed;
    this._view = new DataView(this.memory.buffer);
    if (typeof this.exports.malloc !== 'function' || typeof this.exports.free !== 'function') {
      throw new AbiMismatch('the wasm module exports no malloc/free: build it with -Wl,--export=malloc,--export=free (examples/web/CMakeLists.txt)');
    }
    for (const Base of STRUCTS) this[Base.name] = bindStruct(this, Base);
    this.missing = [];
    this._x = {};
    const wrong = [];
    for (const [name, arity] of Object.entries(ARITY)) {
      const fn = this.exports[name];
      if (typeof fn !== 'function') {
        this.missing.push(name);
        this._x[name] = () => { throw new Error(`${name} is not exported by this wasm module (older than the binding?)`); };
      } else {
        if (fn.length !== arity) wrong.push(`${name} takes ${fn.length} wasm parameters, the binding passes ${arity}`);
        this._x[name] = fn;
      }
    }
    this.checkAbi();
    if (wrong.length) throw new AbiMismatch(`functions lowered otherwise than the binding expects:\n  ${wrong.join('\n  ')}`);
  }
  /** Throws AbiMismatch unless the module's ABI version and every struct's size and alignment
   * are the ones this binding was generated for (the JSON's wasm32 layout). */
  checkAbi(structs = STRUCTS) {
    if (this.missing.includes('sa_abi_version')) throw new AbiMismatch('the wasm module has no sa_abi_version(): it predates the ABI check');
    const version = this.sa_abi_version();
    if (version !== ABI_VERSION) {
      throw new AbiMismatch(`the wasm module has ABI version ${version}, this binding was generated for ${ABI_VERSION}: regenerate both (scripts/gen_bindings.sh, cmake --build <dir> --target web_sync)`);
    }
    const wrong = [];
    for (const s of structs) {
      const size = this.sa_abi_type_size(s.ABI_TYPE), align = this.sa_abi_type_align(s.ABI_TYPE);
      if (size !== s.SIZE || align !== s.ALIGN) {
        wrong.push(`${s.C_NAME}: the module says ${size} bytes (align ${align}), the binding ${s.SIZE} (align ${s.ALIGN})`);
      }
    }
    if (wrong.length) throw new AbiMismatch(`the binding's structs differ from the module's (ABI version ${version}):\n  ${wrong.join('\n  ')}`);
    return version;
  }
  /** A DataView of the whole memory (re-made after the memory grows). */
  _dv() {
    if (this._view.buffer !== this.memory.buffer) this._view = new DataView(this.memory.buffer);
    return this._view;
  }
  /** `size` zeroed bytes of wasm memory aligned to `align`; give them back with free(). */
  alloc(size, align = 8) { return this._alloc(size, align); }
  free(ptr) { if (ptr) this._free(ptr); }
  _alloc(size, align) {
    const p = this.exports.malloc(Math.max(1, size)) >>> 0;
    if (!p) throw new RangeError(`out of wasm memory (${size} bytes)`);
    if (p % align) { this.exports.free(p); throw new RangeError(`malloc returned memory aligned to less than ${align}`); }
    new Uint8Array(this.memory.buffer, p, size).fill(0);
    return p;
  }
  _free(ptr) { this.exports.free(ptr); }
  _copy(dst, src, n) { if (dst !== src) new Uint8Array(this.memory.buffer).copyWithin(dst, src, src + n); }
  /** The NUL-terminated UTF-8 string at `ptr` (null for NULL). */
  string(ptr) {
    if (!ptr) return null;
    const u8 = new Uint8Array(this.memory.buffer);
    let end = ptr;
    while (u8[end]) end++;
    return decoder.decode(u8.subarray(ptr, end));
  }
  _cstr(v, temps, what) {
    if (typeof v !== 'string') return ptrOf(v, what);
    const bytes = encoder.encode(v);
    const p = this._alloc(bytes.length + 1, 1);
    new Uint8Array(this.memory.buffer).set(bytes, p);
    temps.push(p);
    return p;
  }
  /** A by-value struct argument: the C ABI passes a pointer to a copy the callee may change. */
  _byval(Type, v, temps) {
    const p = this._alloc(Type.SIZE, Type.ALIGN);
    temps.push(p);
    Type.at(p).set(v);
    return p;
  }
  _release(temps) { for (const p of temps) this._free(p); }
}
"""


class Gen:
    def __init__(self, api):
        self.api = api
        self.structs = {s["name"]: s for s in api["structs"]}
        self.enums = {e["name"]: e for e in api["enums"]}
        self.cls = {n: camel(n) for n in list(self.structs) + list(self.enums)}
        seen = {}
        for c, js in self.cls.items():
            if js in seen:
                raise GenError("%s and %s both become %s" % (seen[js], c, js))
            seen[js] = c
        self.scalars = api["scalars"]

    # ---- types ---------------------------------------------------------------------------------
    def scalar_size(self, name):
        return self.scalars[name]["layout"][MODEL]["size"]

    def access(self, t):
        """(DataView getter suffix, kind) for a scalar-like type: kind is 'num', 'bool', 'big'."""
        k = t["kind"]
        if k == "pointer":
            return "Uint32", "num"
        if k == "enum":
            name = self.enums[t["name"]]["type"]
        else:
            name = t["name"]
        if name == "f32":
            return "Float32", "num"
        if name == "f64":
            return "Float64", "num"
        if name == "bool":
            return "Uint8", "bool"
        size = self.scalar_size(name)
        signed = name[0] == "i" or name == "char"
        if size == 8:
            return ("BigInt64" if signed else "BigUint64"), "big"
        return ("Int" if signed else "Uint") + str(size * 8), "num"

    def flat_scalar(self, t):
        """(element type, count) when `t` is an array of scalars, or of structs made only of
        f32 with no padding (sa_vec2, sa_quat...), else None."""
        count = 1
        while t["kind"] == "array":
            count *= t["count"]
            t = t["of"]
        if t["kind"] in ("scalar", "enum", "pointer"):
            return t, count
        if t["kind"] == "struct":
            n = self.all_f32(t["name"])
            if n:
                return {"kind": "scalar", "name": "f32"}, count * n
        return None

    def all_f32(self, name):
        """Number of floats when the struct is only f32s (recursively) with no padding, else 0."""
        s = self.structs[name]
        n = 0
        for f in s["fields"]:
            t, c = f["type"], 1
            while t["kind"] == "array":
                c *= t["count"]
                t = t["of"]
            if t["kind"] == "scalar" and t["name"] == "f32":
                n += c
            elif t["kind"] == "struct":
                m = self.all_f32(t["name"])
                if not m:
                    return 0
                n += c * m
            else:
                return 0
        return n if n * 4 == s["layout"][MODEL]["size"] else 0

    TYPED = {"Float32": "Float32Array", "Float64": "Float64Array", "Int8": "Int8Array",
             "Uint8": "Uint8Array", "Int16": "Int16Array", "Uint16": "Uint16Array",
             "Int32": "Int32Array", "Uint32": "Uint32Array", "BigInt64": "BigInt64Array",
             "BigUint64": "BigUint64Array"}

    def single_element(self, name):
        """clang's wasm32 ABI passes and returns a struct whose only member (through one-element
        arrays and nested structs) is a scalar of the struct's size as that scalar:
        (offset, type) of it, else None."""
        s = self.structs[name]
        if len(s["fields"]) != 1:
            return None
        f = s["fields"][0]
        t = f["type"]
        while t["kind"] == "array" and t["count"] == 1:
            t = t["of"]
        off = f["layout"][MODEL]["offset"]
        if t["kind"] == "struct":
            inner = self.single_element(t["name"])
            if not inner:
                return None
            res = (off + inner[0], inner[1])
        elif t["kind"] in ("scalar", "enum", "pointer"):
            res = (off, t)
        else:
            return None
        size = 4 if res[1]["kind"] == "pointer" else (
            self.enums[res[1]["name"]]["layout"][MODEL]["size"] if res[1]["kind"] == "enum"
            else self.scalar_size(res[1]["name"]))
        return res if size == s["layout"][MODEL]["size"] else None

    def ts_type(self, t, role):
        """TypeScript type of a field ('field'), a parameter ('param') or a result ('result')."""
        k = t["kind"]
        if k == "void":
            return "void"
        if k == "scalar":
            if t["name"] == "bool":
                return "boolean"
            if self.access(t)[1] == "big":
                return "bigint"
            return "number"
        if k == "enum":
            return "number" if role == "param" else self.cls[t["name"]]
        if k == "struct":
            cls = self.cls[t["name"]]
            return cls if role != "param" else "%s | Partial<%sFields>" % (cls, cls)
        if k == "pointer":
            to = t["to"]
            if to["kind"] == "scalar" and to["name"] == "char":
                return "string | null" if role == "result" else (
                    "string | Pointer" if role == "param" else "number")
            if to["kind"] == "struct" and to["name"] in self.structs:
                cls = self.cls[to["name"]]
                if role == "result":
                    return "%s | null" % cls
                if role == "param":
                    return "Pointer<%s>" % cls
            return "number" if role != "param" else "Pointer"
        if k == "array":
            flat = self.flat_scalar(t)
            if flat:
                return self.TYPED[self.access(flat[0])[0]]
            inner = t
            while inner["kind"] == "array":
                inner = inner["of"]
            return "StructArray<%s>" % self.cls[inner["name"]]
        raise GenError("no TypeScript type for %s" % t)

    # ---- structs -------------------------------------------------------------------------------
    def struct_js(self, s):
        cls = self.cls[s["name"]]
        lay = s["layout"][MODEL]
        o = [jsdoc("%s (C: %s, %s)" % (s["brief"], s["name"], s["header"]), 0).rstrip("\n"),
             "class %s extends Struct {" % cls]
        for f in s["fields"]:
            off = f["layout"][MODEL]["offset"]
            t = f["type"]
            name = f["name"]
            doc = jsdoc(f["brief"], 2).rstrip("\n")
            if doc:
                o.append(doc)
            if t["kind"] in ("scalar", "enum", "pointer"):
                acc, kind = self.access(t)
                get = "this._sa._dv().get%s(this.ptr + %d, true)" % (acc, off)
                if kind == "bool":
                    o.append("  get %s() { return %s !== 0; }" % (name, get))
                    o.append("  set %s(v) { this._sa._dv().set%s(this.ptr + %d, v ? 1 : 0, true); }"
                             % (name, acc, off))
                elif t["kind"] == "pointer":
                    o.append("  get %s() { return %s; }" % (name, get))
                    o.append("  set %s(v) { this._sa._dv().set%s(this.ptr + %d, ptrOf(v, '%s.%s'), true); }"
                             % (name, acc, off, s["name"], name))
                elif kind == "big":
                    o.append("  get %s() { return %s; }" % (name, get))
                    o.append("  set %s(v) { this._sa._dv().set%s(this.ptr + %d, BigInt(v), true); }"
                             % (name, acc, off))
                else:
                    o.append("  get %s() { return %s; }" % (name, get))
                    o.append("  set %s(v) { this._sa._dv().set%s(this.ptr + %d, v, true); }"
                             % (name, acc, off))
            elif t["kind"] == "struct":
                o.append("  get %s() { return this._sa.%s.at(this.ptr + %d, this); }"
                         % (name, self.cls[t["name"]], off))
                o.append("  set %s(v) { this.%s.set(v); }" % (name, name))
            elif t["kind"] == "array":
                flat = self.flat_scalar(t)
                if flat:
                    typed = self.TYPED[self.access(flat[0])[0]]
                    o.append("  get %s() { return new %s(this._sa.memory.buffer, this.ptr + %d, %d); }"
                             % (name, typed, off, flat[1]))
                else:
                    inner, count = t, 1
                    while inner["kind"] == "array":
                        count *= inner["count"]
                        inner = inner["of"]
                    o.append("  get %s() { return new StructArray(this._sa.%s, this.ptr + %d, %d, this); }"
                             % (name, self.cls[inner["name"]], off, count))
                o.append("  set %s(v) { this.%s.set(v); }" % (name, name))
            else:
                raise GenError("%s::%s: no accessor for %s" % (s["name"], name, t))
        o.append("}")
        o.append("%s.C_NAME = %s;" % (cls, json.dumps(s["name"])))
        o.append("%s.SIZE = %d;" % (cls, lay["size"]))
        o.append("%s.ALIGN = %d;" % (cls, lay["align"]))
        o.append("%s.ABI_TYPE = %d; // %s" % (cls, s["abi_type"]["value"], s["abi_type"]["name"]))
        o.append("%s.FIELDS = Object.freeze([%s]);" % (
            cls, ", ".join(json.dumps(f["name"]) for f in s["fields"])))
        return "\n".join(o)

    # ---- functions -----------------------------------------------------------------------------
    def function_js(self, f):
        name = f["name"]
        params = [param_name(p["name"]) for p in f["params"]]
        ret = f["returns"]
        args, needs_temps = [], False
        for p, pn in zip(f["params"], params):
            t = p["type"]
            where = "%s(%s)" % (name, p["name"])
            k = t["kind"]
            if k == "scalar" and t["name"] == "bool":
                args.append("%s ? 1 : 0" % pn)
            elif k in ("scalar", "enum"):
                args.append("BigInt(%s)" % pn if self.access(t)[1] == "big" else pn)
            elif k == "pointer":
                to = t["to"]
                if to["kind"] == "scalar" and to["name"] == "char":
                    args.append("this._cstr(%s, $t, '%s')" % (pn, where))
                    needs_temps = True
                else:
                    args.append("ptrOf(%s, '%s')" % (pn, where))
            elif k == "struct":
                cls = self.cls[t["name"]]
                single = self.single_element(t["name"])
                needs_temps = True
                if single:
                    acc = self.access(single[1])[0]
                    args.append("this._dv().get%s(this._byval(this.%s, %s, $t) + %d, true)"
                                % (acc, cls, pn, single[0]))
                else:
                    args.append("this._byval(this.%s, %s, $t)" % (cls, pn))
            else:
                raise GenError("%s: no JS lowering for %s" % (where, t))
        call = "this._x.%s(%s)" % (name, ", ".join(args))
        body = []
        k = ret["kind"]
        if k == "struct":
            cls = self.cls[ret["name"]]
            single = self.single_element(ret["name"])
            body.append("const $r = new this.%s();" % cls)
            if single:
                acc = self.access(single[1])[0]
                body.append("this._dv().set%s($r.ptr + %d, %s, true);" % (acc, single[0], call))
            else:
                body.append("this._x.%s(%s);" % (name, ", ".join(["$r.ptr"] + args)))
            body.append("return $r;")
        elif k == "void":
            body.append("%s;" % call)
        elif k == "pointer":
            to = ret["to"]
            if to["kind"] == "scalar" and to["name"] == "char":
                body.append("return this.string(%s);" % call)
            elif to["kind"] == "struct" and to["name"] in self.structs:
                body.append("const $r = %s;" % call)
                body.append("return $r ? this.%s.at($r) : null;" % self.cls[to["name"]])
            else:
                body.append("return %s >>> 0;" % call)
        else:
            acc, kind = self.access(ret)
            if kind == "bool":
                body.append("return %s !== 0;" % call)
            elif acc == "Uint32":
                body.append("return %s >>> 0;" % call)
            elif acc == "Uint16":
                body.append("return %s & 0xFFFF;" % call)
            elif acc == "Uint8":
                body.append("return %s & 0xFF;" % call)
            elif acc == "Int16":
                body.append("return (%s << 16) >> 16;" % call)
            elif acc == "Int8":
                body.append("return (%s << 24) >> 24;" % call)
            elif acc == "BigUint64":
                body.append("return BigInt.asUintN(64, %s);" % call)
            else:
                body.append("return %s;" % call)
        lines = [jsdoc("%s (%s)" % (f["brief"], f["header"]), 2).rstrip("\n"),
                 "  %s(%s) {" % (name, ", ".join(params))]
        if needs_temps:
            lines.append("    const $t = [];")
            lines.append("    try {")
            lines += ["      " + b for b in body]
            lines.append("    } finally {")
            lines.append("      this._release($t);")
            lines.append("    }")
        else:
            lines += ["    " + b for b in body]
        lines.append("  }")
        arity = len(f["params"]) + (1 if k == "struct" and not self.single_element(ret["name"]) else 0)
        return "\n".join(lines), arity

    # ---- the outputs ---------------------------------------------------------------------------
    def body(self):
        a = self.api
        o = []
        w = o.append
        w("const VERSION = %s;" % json.dumps(a["version"]))
        w("/** The ABI version (abi.h) the binding was generated for; load() checks the module's. */")
        w("const ABI_VERSION = %d;" % a["abi_version"])
        w(RUNTIME)
        w("// ---- constants (#define) " + "-" * 73)
        for c in a["constants"]:
            v = c.get("value_by_target", {}).get(MODEL, c["value"])
            w(jsdoc("%s (%s)" % (c["brief"], c["header"]), 0).rstrip("\n"))
            w("const %s = %s;" % (c["name"], json.dumps(v) if not isinstance(v, int) or abs(v) < 2 ** 53
                                  else "%dn" % v))
        w("\n// ---- enums " + "-" * 87)
        for e in a["enums"]:
            for v in e["values"]:
                w("const %s = %d;" % (v["name"], v["value"]))
            w(jsdoc("%s (C: %s, %s; sentinels are constants only)" % (e["brief"], e["name"], e["header"]), 0).rstrip("\n"))
            members = self.enum_members(e)
            w("const %s = Object.freeze({ %s });" % (
                self.cls[e["name"]], ", ".join("%s: %d" % (n, v) for n, v in members)))
        w("\n// ---- structs (views over wasm memory; offsets of the wasm32 layout) " + "-" * 30)
        for s in a["structs"]:
            w(self.struct_js(s))
        w("const STRUCTS = Object.freeze([%s]);" % ", ".join(self.cls[s["name"]] for s in a["structs"]))
        w("\n// ---- functions " + "-" * 83)
        methods, arity = [], {}
        for f in a["functions"]:
            m, n = self.function_js(f)
            methods.append(m)
            arity[f["name"]] = n
        w("// Each function's number of wasm parameters under clang's wasm32 C ABI: a struct result")
        w("// adds a leading pointer (sret); a by-value struct is passed as a pointer to a copy.")
        w("const ARITY = Object.freeze({")
        for name, n in arity.items():
            w("  %s: %d," % (name, n))
        w("});")
        w("")
        w("/** The loaded module: every sa_* function as a method, every struct class (sa.SaVec2 ...). */")
        w("class StickAnim extends StickAnimBase {")
        w("\n\n".join(methods))
        w("}")
        return "\n".join(o) + "\n"

    def enum_members(self, e):
        names = [v["name"] for v in e["values"] if not v.get("sentinel")]
        prefix = "SA_" + e["name"][3:].upper() + "_"
        if not all(n.startswith(prefix) for n in names):
            prefix = os.path.commonprefix(names)
            prefix = prefix[:prefix.rfind("_") + 1]
        out = []
        for v in e["values"]:
            if v.get("sentinel"):
                continue
            short = v["name"][len(prefix):]
            if not short or short[0].isdigit():
                short = v["name"]
            out.append((short, v["value"]))
        return out

    def export_names(self):
        a = self.api
        names = ["VERSION", "ABI_VERSION", "load", "AbiMismatch", "Struct", "StructArray", "StickAnim"]
        names += [c["name"] for c in a["constants"]]
        for e in a["enums"]:
            names += [v["name"] for v in e["values"]] + [self.cls[e["name"]]]
        names += [self.cls[s["name"]] for s in a["structs"]]
        return names

    def header(self, kind):
        a = self.api
        return ("// libstickanim %s (ABI version %d): the JavaScript binding of its WebAssembly build, %s.\n"
                "// Generated by scripts/gen_js.py from api/stickanim_api.json: do not edit; change the\n"
                "// headers and run scripts/gen_bindings.sh. Types: bindings/js/stickanim.d.ts.\n"
                % (a["version"], a["abi_version"], kind))

    def mjs(self):
        body = self.body()
        exports = self.export_names()
        return (self.header("an ES module") + "\n" + body + "\nexport {\n" +
                textwrap.fill(", ".join(exports), 98, initial_indent="  ", subsequent_indent="  ") +
                "\n};\n")

    def classic(self):
        # The page loads this on every visit: the same code without the doc comments (the
        # ES module and the .d.ts keep them).
        body = re.sub(r"^[ \t]*/\*\*.*?\*/[ \t]*\n", "", self.body(), flags=re.S | re.M)
        exports = self.export_names()
        indented = "\n".join(("  " + l) if l else l for l in body.split("\n"))
        return (self.header("as a classic script for examples/web (sets globalThis.StickAnim)") +
                "(function (root) {\n  'use strict';\n" + indented + "\n  root.StickAnim = Object.freeze({\n" +
                textwrap.fill(", ".join(exports), 96, initial_indent="    ", subsequent_indent="    ") +
                "\n  });\n})(typeof globalThis !== 'undefined' ? globalThis : window);\n")

    def package_json(self):
        pkg = {"name": "stickanim", "version": self.api["version"],
               "description": "JavaScript/TypeScript binding of libstickanim's WebAssembly build "
                              "(generated by scripts/gen_js.py; do not edit)",
               "license": "MIT", "type": "module", "main": "./stickanim.mjs",
               "types": "./stickanim.d.ts",
               "exports": {".": {"types": "./stickanim.d.ts", "default": "./stickanim.mjs"}},
               "files": ["stickanim.mjs", "stickanim.d.ts"]}
        return json.dumps(pkg, indent=2) + "\n"

    def dts(self):
        a = self.api
        o = [self.header("TypeScript declarations of stickanim.mjs").replace(
            " Types: bindings/js/stickanim.d.ts.", "")]
        w = o.append
        w("export declare const VERSION: string;")
        w("export declare const ABI_VERSION: %d;" % a["abi_version"])
        w("")
        w("/** An address in wasm memory, a struct or StructArray (its address), or null (NULL). */")
        w("export type Pointer<T = unknown> = number | null | { readonly ptr: number } | T | StructArray<any>;")
        w("")
        w("export declare class AbiMismatch extends Error {}")
        w("")
        w("export declare class Struct {")
        w("  /** Its address in wasm memory (0 after free()). */")
        w("  readonly ptr: number;")
        w("  /** Frees a struct made with `new` (views of other memory: nothing). */")
        w("  free(): void;")
        w("  /** Copies a struct of the same type, or assigns a plain object's fields. */")
        w("  set(v: this | Record<string, unknown>): this;")
        w("  toObject(): Record<string, unknown>;")
        w("  toJSON(): Record<string, unknown>;")
        w("}")
        w("")
        w("export declare class StructArray<T extends Struct> implements Iterable<T> {")
        w("  readonly ptr: number;")
        w("  readonly length: number;")
        w("  get(i: number): T;")
        w("  set(values: ArrayLike<T | Record<string, unknown>>): this;")
        w("  [Symbol.iterator](): Iterator<T>;")
        w("  toObject(): Record<string, unknown>[];")
        w("  free(): void;")
        w("}")
        w("")
        w("/** A struct class of a loaded module (sa.SaVec2 ...). */")
        w("export interface StructClass<T extends Struct, F> {")
        w("  /** Allocates a zeroed struct in wasm memory, then copies `init` or assigns its fields. */")
        w("  new (init?: T | Partial<F>): T;")
        w("  /** A view of the struct at `ptr` (no copy, not owned). */")
        w("  at(ptr: number): T;")
        w("  /** `n` zeroed structs side by side. */")
        w("  array(n: number): StructArray<T>;")
        w("  readonly C_NAME: string;")
        w("  readonly SIZE: number;")
        w("  readonly ALIGN: number;")
        w("  readonly ABI_TYPE: number;")
        w("  readonly FIELDS: readonly string[];")
        w("}")
        w("")
        for c in a["constants"]:
            v = c.get("value_by_target", {}).get(MODEL, c["value"])
            w(jsdoc(c["brief"], 0).rstrip("\n"))
            w("export declare const %s: %s;" % (c["name"], "number" if not isinstance(v, int) or abs(v) < 2 ** 53 else "bigint"))
        w("")
        for e in a["enums"]:
            for v in e["values"]:
                w("export declare const %s: %d;" % (v["name"], v["value"]))
            cls = self.cls[e["name"]]
            members = self.enum_members(e)
            w(jsdoc("%s (C: %s)" % (e["brief"], e["name"]), 0).rstrip("\n"))
            w("export declare const %s: Readonly<{ %s }>;" % (cls, "; ".join("%s: %d" % m for m in members)))
            w("export type %s = %s;" % (cls, " | ".join(sorted({str(m[1]) for m in members}, key=int)) or "number"))
            w("")
        for s in a["structs"]:
            cls = self.cls[s["name"]]
            w("export interface %sFields {" % cls)
            for f in s["fields"]:
                t = f["type"]
                ft = self.ts_type(t, "field")
                if t["kind"] == "struct":
                    ft = "%s | Partial<%sFields>" % (ft, ft)
                w("  %s: %s;" % (f["name"], ft))
            w("}")
            w(jsdoc("%s (C: %s)" % (s["brief"], s["name"]), 0).rstrip("\n"))
            w("export declare class %s extends Struct {" % cls)
            for f in s["fields"]:
                d = jsdoc(f["brief"], 2).rstrip("\n")
                if d:
                    w(d)
                w("  %s: %s;" % (f["name"], self.ts_type(f["type"], "field")))
            w("}")
            w("")
        w("/** The loaded module (what load() resolves to). */")
        w("export declare class StickAnim {")
        w("  readonly instance: WebAssembly.Instance;")
        w("  readonly exports: WebAssembly.Exports;")
        w("  readonly memory: WebAssembly.Memory;")
        w("  /** Host functions the module imports, stubbed (none for the library). */")
        w("  readonly imports: string[];")
        w("  /** Functions of the binding the module does not export (calling one throws). */")
        w("  readonly missing: string[];")
        w("  /** Throws AbiMismatch unless the ABI version and every struct's size and alignment match. */")
        w("  checkAbi(structs?: readonly StructClass<any, any>[]): number;")
        w("  /** `size` zeroed bytes of wasm memory; give them back with free(). */")
        w("  alloc(size: number, align?: number): number;")
        w("  free(ptr: number): void;")
        w("  /** The NUL-terminated UTF-8 string at `ptr` (null for NULL). */")
        w("  string(ptr: number): string | null;")
        for s in a["structs"]:
            cls = self.cls[s["name"]]
            w("  readonly %s: StructClass<%s, %sFields>;" % (cls, cls, cls))
        for f in a["functions"]:
            w(jsdoc("%s (%s)" % (f["brief"], f["header"]), 2).rstrip("\n"))
            params = ", ".join("%s: %s" % (param_name(p["name"]), self.ts_type(p["type"], "param"))
                               for p in f["params"])
            r = f["returns"]
            rt = "void" if r["kind"] == "void" else self.ts_type(r, "result")
            w("  %s(%s): %s;" % (f["name"], params, rt))
        w("}")
        w("")
        w("/** Instantiates the module (its bytes or a WebAssembly.Module) and checks its ABI. */")
        w("export declare function load(source: BufferSource | WebAssembly.Module | "
          "PromiseLike<BufferSource | WebAssembly.Module>): Promise<StickAnim>;")
        return "\n".join(o) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--api", default=DEFAULT_API)
    ap.add_argument("--check", action="store_true",
                    help="fail when a committed output differs from what the JSON gives")
    args = ap.parse_args()
    with open(args.api, encoding="utf-8") as f:
        api = json.load(f)
    try:
        gen = Gen(api)
        outputs = {OUT_MJS: gen.mjs(), OUT_DTS: gen.dts(), OUT_CLASSIC: gen.classic(),
                   OUT_PKG: gen.package_json()}
    except GenError as e:
        print("gen_js.py: %s" % e, file=sys.stderr)
        return 1
    stale = []
    for path, text in outputs.items():
        rel = os.path.relpath(path, ROOT)
        if args.check:
            try:
                with open(path, encoding="utf-8") as f:
                    old = f.read()
            except OSError:
                old = ""
            if old != text:
                diff = list(difflib.unified_diff(old.splitlines(), text.splitlines(),
                                                 rel + " (committed)", "from the JSON", lineterm="", n=1))
                print("\n".join(diff[:30]) + ("\n..." if len(diff) > 30 else ""))
                stale.append(rel)
            continue
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print("gen_js.py: wrote %s" % rel)
    if stale:
        print("gen_js.py: %s not current with api/stickanim_api.json: run scripts/gen_bindings.sh "
              "and commit the result" % ", ".join(stale), file=sys.stderr)
        return 1
    if args.check:
        print("gen_js.py: %s are current" % ", ".join(os.path.relpath(p, ROOT) for p in outputs))
    return 0


if __name__ == "__main__":
    sys.exit(main())
