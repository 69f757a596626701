#!/usr/bin/env python3
"""Generates tests/hostile_walk.h, the calls of the hostile-input walk (tests/test_hostile.c).

For every function of api/stickanim_api.json (so every function the headers declare) it writes
one walker that calls the function with every parameter sane, then each parameter in turn taking
every value of its type's hostile set (the others sane), then all parameters hostile at once, and
checks each result against docs/bad_input.md: statuses are documented codes, floats, vectors and
returned structs finite (except the plain arithmetic vecmath.h lists), counts within capacity,
what a per-frame function wrote finite. The hostile sets, by type:

  float           NaN, +-inf, +-FLT_MAX, denormals, +-0, -1, +-1e30, 1e-20
  count (size_t)  0, 1, 2, 16, 17, 256, 257, HX_N and SIZE_MAX (SIZE_MAX only where the doc
                  bounds the count; see UNBOUNDED_COUNTS); the count of an array of a large
                  struct (one element in the walk): 0, 1 and SIZE_MAX
  index (size_t)  1, 2, 7, 8, 15, 16, 17, 255, 256, SIZE_MAX
  int32_t         -1, -2, 1, 2, 255, 256, 257, INT32_MAX, INT32_MIN
  enum            every listed value, -1 and 999
  bool            true
  struct value    sane from <name>_default() / _identity() / a fixture, then every float field
                  in turn and all at once hostile, counts huge, indices and enums out of range
  pointer         NULL, then the pointee's own hostile variants (element 0, or all elements for
                  the all-floats variants); arrays are HX_N elements long

Structs with pointer fields (or internal state) are built by a hand-written fixture,
`static void hx_fixture_<name>(<name> *s, size_t i)` in tests/test_hostile.c; a new parameter type
the generator does not know makes it fail with a message saying what to add.

usage: scripts/gen_hostile.py [--api JSON] [--out FILE] [--check]
"""
import argparse
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HAND = os.path.join(ROOT, "tests", "test_hostile.c")

# vecmath.h's plain arithmetic: IEEE formulas by design, NaN passes through, sums overflow.
PLAIN_ARITHMETIC = {
    "sa_lerp", "sa_v2_lerp", "sa_v3_lerp", "sa_v2", "sa_v3", "sa_quat_make", "sa_transform_make",
    "sa_v2_add", "sa_v2_sub", "sa_v2_scale", "sa_v3_add", "sa_v3_sub", "sa_v3_scale",
    "sa_v3_mul", "sa_v2_dot", "sa_v3_dot", "sa_v3_cross", "sa_quat_dot", "sa_quat_conjugate",
    "sa_mat4_mul", "sa_mat4_transform_point", "sa_mat4_transform_vector",
}
# vecmath.h's "finite for finite input": the result is finite when these parameters are.
PASS_THROUGH = {
    "sa_clamp": ["lo", "hi"],
    "sa_v2_length": ["v"],
    "sa_v2_distance": ["a", "b"],
    "sa_quat_rotate": ["v"],
    "sa_transform_point": ["p"],
    # skeleton.h: the value is written as given; verlet.h: a chain with a non-finite point is
    # left as it is (sa_verlet_chain_step() repairs it).
    "sa_skeleton_fill_subtree": ["value"],
    "sa_verlet_chain_collide_circle": ["points"],
}
# Calls that do not promise to repair the corrupted state they are given (fade.h: a fade is
# repaired by sa_fade_switch(), sa_fade_push() and sa_fade_step(); merge and finish work on the
# layers as they are), and queries that return a corrupted struct's field as stored.
STATE_UNPROMISED = {
    "sa_fade_merge": "fade.h: merges the layers as stored; the next switch, push or step repairs",
    "sa_fade_finish": "fade.h: keeps the target layer as stored; the next switch, push or step repairs",
}
RESULT_UNPROMISED = {
    "sa_fade_target_layer": "fade.h: the target layer as stored (its time and user data are the caller's)",
}
# Outputs that are plain arithmetic on the caller's matrices (skin.h): not checked finite.
PLAIN_OUTPUT = {"sa_skin_matrices"}
# Input arrays whose length the caller promises (no maximum to check it against): the walk
# never passes a count beyond the HX_N elements it gives them.
UNBOUNDED_COUNTS = {
    ("sa_track_sample", "count"): "keys holds count keys",
    ("sa_squash_apply", "count"): "points holds count points",
    ("sa_verlet_chain_init", "count"): "points holds count points",
    ("sa_verlet_chain_step", "count"): "points holds count points",
    ("sa_verlet_chain_collide_circle", "count"): "points holds count points",
    ("sa_inertial_quats_apply", "count"): "rec and to hold count quaternions",
    ("sa_clip_init", "frame_count"): "frames holds frame_count x joint_count transforms",
    ("sa_clip_set_touchdowns", "count"): "markers holds count markers",
    ("sa_clip_measure_touchdowns", "foot_count"): "foot_joints holds foot_count joints",
    ("sa_skin_matrices", "model_count"): "model holds model_count matrices",
    ("sa_skin_matrices", "count"): "joints and inverse_bind hold count entries",
    ("sa_blend_tree_space_set_markers", "count"): "markers holds count markers",
}
# Lengths of arrays of a large struct, which the walk gives one element (LARGE_STRUCT): the
# count takes 0, 1 and, unless it is in UNBOUNDED_COUNTS too, SIZE_MAX.
LARGE_ARRAY_COUNTS = {
    ("sa_figure_update_many", "count"): "figures holds count figures",
}
# A struct's sane value when its constructor is not named <struct>_default or _identity.
SANE_CONSTRUCTOR = {"sa_gait": "sa_gait_walk()"}
# Structs a hand fixture builds (pointer fields are detected; these hold internal state).
STATEFUL = {"sa_fade", "sa_mode_machine", "sa_figure", "sa_blend_tree_space", "sa_verlet_point"}
# State that is opaque (no field of it documented as writable by hand): only NULL and sane.
NO_CORRUPTION = {
    "sa_track_multi": "track.h: the layout (pointers, count, channels, stride) is trusted; "
                      "sa_track_multi_validate() checks it once at setup",
    "sa_figure": "figure.h: the figure's fields are the library's; no repair of hand edits is promised",
}
# Fields of a fixture struct whose corruption is a broken caller promise, not bad input.
KEEP_FIELDS = {}
# Per-frame calls: after them every float the call could write is finite (bad_input.md).
PER_FRAME = re.compile(r"_(step|update|update_many|switch|push|finish|run|apply|collide_circle|sample\w*|solve|merge)$")
COUNT_NAME = re.compile(r"(count|capacity)$")
TIME_NAME = re.compile(r"^(t|time|at|phase)$")
LARGE_STRUCT = 512  # bytes: larger structs get one element, not an array


class GenError(Exception):
    pass


class Gen:
    def __init__(self, api, hand_text):
        self.api = api
        self.hand = hand_text
        self.structs = {s["name"]: s for s in api["structs"]}
        self.enums = {e["name"]: e for e in api["enums"]}
        self.functions = {f["name"]: f for f in api["functions"]}
        self.out = []
        self.struct_done = set()
        self.struct_order = []

    def w(self, line=""):
        self.out.append(line)

    # ---- struct analysis -----------------------------------------------------------------
    def has_pointer(self, name, seen=None):
        seen = seen or set()
        if name in seen:
            return False
        seen.add(name)
        for f in self.structs[name]["fields"]:
            t = f["type"]
            while t["kind"] == "array":
                t = t["of"]
            if t["kind"] == "pointer":
                return True
            if t["kind"] == "struct" and self.has_pointer(t["name"], seen):
                return True
        return False

    def needs_fixture(self, name):
        return name in STATEFUL or self.has_pointer(name)

    def leaves(self, name, prefix="s->"):
        """(kind, lvalue, c type) of every field that can be corrupted."""
        out = []
        for f in self.structs[name]["fields"]:
            if (name, f["name"]) in KEEP_FIELDS:
                continue
            out += self.type_leaves(f["type"], prefix + f["name"])
        return out

    def type_leaves(self, t, lv):
        k = t["kind"]
        if k == "array":
            res = []
            for i in range(t["count"]):
                res += self.type_leaves(t["of"], "%s[%d]" % (lv, i))
            return res
        if k == "struct":
            if t["name"] not in self.structs:
                raise GenError("field %s: struct %s is not in the API JSON" % (lv, t["name"]))
            return self.leaves(t["name"], lv + ".")
        if k == "scalar":
            n = t["name"]
            if n in ("f32", "f64"):
                return [("float", lv, n)]
            if n == "usize":
                return [("count", lv, n)]
            if n == "i32":
                return [("i32", lv, n)]
            if n in ("bool", "u32", "u16", "u8", "i8", "i16", "u64", "i64", "char", "isize"):
                return []  # any value is a value (bool: only true/false exist)
            raise GenError("field %s: scalar type %s is unknown to scripts/gen_hostile.py; "
                           "add its hostile values to type_leaves()" % (lv, n))
        if k == "enum":
            return [("enum", lv, t["name"])]
        if k == "pointer":
            return [("pointer", lv, "")]
        raise GenError("field %s: type kind %s is unknown to scripts/gen_hostile.py" % (lv, k))

    def ensure_struct(self, name):
        if name in self.struct_done:
            return
        if name not in self.structs:
            raise GenError("struct %s is not in the API JSON" % name)
        self.struct_done.add(name)
        for f in self.structs[name]["fields"]:
            t = f["type"]
            while t["kind"] == "array":
                t = t["of"]
            if t["kind"] == "struct":
                self.ensure_struct(t["name"])
        self.struct_order.append(name)

    def emit_struct(self, name):
        s = self.structs[name]
        size = s["layout"]["lp64"]["size"]
        n = "1" if size > LARGE_STRUCT else "HX_N"
        w = self.w
        w("/* ---- %s ---- */" % name)
        w("#define HX_N_%s %s" % (name, n))
        # sane value
        w("static void hx_sane_%s(%s *s, size_t i) {" % (name, name))
        if self.needs_fixture(name):
            if ("hx_fixture_%s(" % name) not in self.hand:
                why = "has pointer fields" if self.has_pointer(name) else "holds internal state"
                raise GenError(
                    "struct %s %s: write `static void hx_fixture_%s(%s *s, size_t i)` in "
                    "tests/test_hostile.c (a sane element i, built with the library's own setup "
                    "functions)" % (name, why, name, name))
            w("    hx_fixture_%s(s, i);" % name)
        elif name in SANE_CONSTRUCTOR:
            w("    (void)i;")
            w("    *s = %s;" % SANE_CONSTRUCTOR[name])
        elif name + "_default" in self.functions and not self.functions[name + "_default"]["params"]:
            w("    (void)i;")
            w("    *s = %s_default();" % name)
        elif name + "_identity" in self.functions and not self.functions[name + "_identity"]["params"]:
            w("    (void)i;")
            w("    *s = %s_identity();" % name)
        else:
            w("    memset(s, 0, sizeof *s);")
            w("    (void)i;")
            for f in s["fields"]:
                self.emit_sane_field(f["type"], "s->" + f["name"], f["name"])
        w("}")
        # corruption variants
        leaves = [] if name in NO_CORRUPTION else self.leaves(name)
        fl = [lv for k, lv, _ in leaves if k == "float"]
        # A struct's counts describe the arrays it points at (the fixtures' are HX_N long): up to
        # HX_N, never SIZE_MAX, which would be a broken caller promise, not bad input.
        sets = {"float": "HX_F32_N", "count": "HX_COUNT_SMALL_N", "i32": "HX_I32_N", "enum": "2",
                "pointer": "1"}
        w("static size_t hx_variants_%s(void) {" % name)
        terms = ["(size_t)%d * %s" % (len([1 for k, _, _ in leaves if k == kind]), sets[kind])
                 for kind in ("float", "count", "i32", "enum", "pointer")]
        terms.append("(size_t)%s" % ("HX_F32_N" if fl else "0"))
        w("    return %s;" % " + ".join(terms))
        w("}")
        w("/* Variant v: one field hostile (floats, then counts, ints, enums, pointers), then every")
        w(" * float field at once; returns true for the all-floats variants. */")
        w("static bool hx_corrupt_%s(%s *s, size_t v) {" % (name, name))
        if not leaves:
            w("    (void)s;")
            w("    (void)v;")
            w("    return false;")
            w("}")
            return
        for kind, value in (("float", "hx_f32_set[v % HX_F32_N]"),
                            ("count", "hx_count_set[v % HX_COUNT_SMALL_N]"),
                            ("i32", "hx_i32_set[v % HX_I32_N]"),
                            ("enum", None), ("pointer", None)):
            ks = [(lv, ct) for k, lv, ct in leaves if k == kind]
            if not ks:
                continue
            w("    if (v < (size_t)%d * %s) {" % (len(ks), sets[kind]))
            w("        switch (v / %s) {" % sets[kind])
            for i, (lv, ct) in enumerate(ks):
                if kind == "float":
                    val = "(double)" + value if ct == "f64" else value
                elif kind == "enum":
                    val = "(%s)(v %% 2 ? 999 : -1)" % ct
                elif kind == "pointer":
                    val = "NULL"
                else:
                    val = value
                w("        case %d: %s = %s; break;" % (i, lv, val))
            w("        default: break;")
            w("        }")
            w("        return false;")
            w("    }")
            w("    v -= (size_t)%d * %s;" % (len(ks), sets[kind]))
        if fl:
            w("    {")
            w("        const float x = hx_f32_set[v % HX_F32_N];")
            for lv in fl:
                ct = [c for k, l, c in leaves if l == lv][0]
                w("        %s = %sx;" % (lv, "(double)" if ct == "f64" else ""))
            w("    }")
            w("    return true;")
        else:
            w("    return false;")
        w("}")

    def emit_sane_field(self, t, lv, fname):
        k = t["kind"]
        if k == "array":
            for i in range(t["count"]):
                self.emit_sane_field(t["of"], "%s[%d]" % (lv, i), fname)
        elif k == "struct":
            self.w("    hx_sane_%s(&%s, i);" % (t["name"], lv))
        elif k == "scalar":
            n = t["name"]
            if n in ("f32", "f64"):
                if TIME_NAME.match(fname):
                    self.w("    %s = (float)i * 0.25f;" % lv)
                else:
                    self.w("    %s = 0.5f;" % lv)
            elif n == "i32":
                self.w("    %s = (int32_t)i - 1;" % lv)
            # other scalars stay 0
        elif k == "enum":
            self.w("    %s = %s;" % (lv, self.enums[t["name"]]["values"][0]["name"]))
        # pointers stay NULL

    def finite_fn(self, name):
        """hx_finite_<name>(const T *): every float leaf finite."""
        leaves = [lv for k, lv, _ in self.all_float_leaves(name)]
        self.w("static bool hx_finite_%s(const %s *s) {" % (name, name))
        if not leaves:
            self.w("    (void)s;")
            self.w("    return true;")
        else:
            self.w("    return %s;" % "\n        && ".join("isfinite(%s)" % lv for lv in leaves))
        self.w("}")

    def all_float_leaves(self, name, prefix="s->"):
        out = []
        for f in self.structs[name]["fields"]:
            out += [x for x in self.type_leaves(f["type"], prefix + f["name"]) if x[0] == "float"]
        return out

    # ---- parameters ------------------------------------------------------------------------
    def counts_large_array(self, fn, i):
        """Parameter i is the length of an array of a large struct (LARGE_ARRAY_COUNTS)."""
        return (fn["name"], fn["params"][i]["name"]) in LARGE_ARRAY_COUNTS

    def param_kind(self, fn, i):
        """(decl prefix, variants expr, value expr template with {h} and {slot}, elem info)."""
        p = fn["params"][i]
        t = p["type"]
        name = p["name"]
        k = t["kind"]
        ctype = t.get("c")
        where = "%s(%s)" % (fn["name"], name)
        if k == "scalar":
            n = t["name"]
            if n == "f32":
                sane = "1.0f / 60.0f" if name == "dt" else "0.5f"
                return dict(c="float", n="HX_F32_N",
                            v="{h} < 0 ? %s : hx_f32_set[{h}]" % sane, kind="f32")
            if n == "usize":
                if COUNT_NAME.search(name) and self.counts_large_array(fn, i):
                    bounded = (fn["name"], name) not in UNBOUNDED_COUNTS
                    return dict(c="size_t", n="HX_COUNT_ONE_N" if bounded else "(HX_COUNT_ONE_N - 1)",
                                v="{h} < 0 ? (size_t)1 : hx_count_one_set[{h}]", kind="count")
                if COUNT_NAME.search(name):
                    bounded = (fn["name"], name) not in UNBOUNDED_COUNTS
                    return dict(c="size_t", n="HX_COUNT_N" if bounded else "HX_COUNT_SMALL_N",
                                v="{h} < 0 ? (size_t)3 : hx_count_set[{h}]", kind="count")
                return dict(c="size_t", n="HX_INDEX_N", v="{h} < 0 ? (size_t)0 : hx_index_set[{h}]",
                            kind="index")
            if n == "i32":
                return dict(c="int32_t", n="HX_I32_N", v="{h} < 0 ? 0 : hx_i32_set[{h}]", kind="i32")
            if n == "bool":
                return dict(c="bool", n="1", v="{h} >= 0", kind="bool")
            raise GenError("%s: scalar parameter type %s is unknown to scripts/gen_hostile.py; "
                           "add its hostile set to param_kind()" % (where, n))
        if k == "enum":
            e = self.enums.get(t["name"])
            if not e:
                raise GenError("%s: enum %s is not in the API JSON" % (where, t["name"]))
            return dict(c=t["name"], n="HX_ENUM_N_%s" % t["name"],
                        v="hx_enum_%s({h})" % t["name"], kind="enum", enum=t["name"])
        if k == "struct":
            self.ensure_struct(t["name"])
            return dict(c=t["name"], n="hx_variants_%s()" % t["name"],
                        v="hx_value_%s({h})" % t["name"], kind="struct", struct=t["name"])
        if k == "pointer":
            to = t["to"]
            const = "const " if to.get("const") else ""
            if to["kind"] == "struct":
                self.ensure_struct(to["name"])
                return dict(c="%s%s *" % (const, to["name"]), n="(hx_variants_%s() + 1)" % to["name"],
                            v="hx_ptr_%s({slot}, {h})" % to["name"], kind="ptr_struct",
                            struct=to["name"], const=bool(const))
            if to["kind"] == "scalar" and to["name"] == "char":
                return dict(c="const char *", n="HX_STRING_N", v="hx_string({h})", kind="string")
            if to["kind"] == "scalar" and to["name"] in ("f32", "i32", "usize", "u16"):
                sc = {"f32": "float", "i32": "int32_t", "usize": "size_t", "u16": "uint16_t"}[to["name"]]
                return dict(c="%s%s *" % (const, sc), n="HX_PTR_N_%s" % to["name"],
                            v="hx_ptr_%s({slot}, {h})" % to["name"], kind="ptr_scalar",
                            scalar=to["name"], const=bool(const))
            if to["kind"] == "pointer" and to["to"]["kind"] == "scalar" and to["to"]["name"] == "char":
                return dict(c="const char *const *", n="HX_NAMES_N", v="hx_names({h})", kind="names")
            raise GenError("%s: pointer type %s is unknown to scripts/gen_hostile.py; add it to "
                           "param_kind() and its hostile values to tests/test_hostile.c"
                           % (where, ctype))
        raise GenError("%s: parameter kind %s is unknown to scripts/gen_hostile.py" % (where, k))

    def emit_value_helpers(self):
        w = self.w
        for e in sorted(self.enums_used):
            vals = [v["name"] for v in self.enums[e]["values"]]
            w("#define HX_ENUM_N_%s %d" % (e, len(vals) + 2))
            w("static %s hx_enum_%s(long h) {" % (e, e))
            w("    static const int64_t values[] = {%s, -1, 999};" % ", ".join(
                "(int64_t)" + v for v in vals))
            w("    return h < 0 ? %s : (%s)values[h];" % (vals[0], e))
            w("}")
        for s in self.struct_order:
            w("static %s hx_value_%s(long h) {" % (s, s))
            w("    %s x;" % s)
            w("    hx_sane_%s(&x, 0);" % s)
            w("    if (h >= 0) hx_corrupt_%s(&x, (size_t)h);" % s)
            w("    return x;")
            w("}")
            w("static %s hx_buf_%s[HX_SLOTS][HX_N_%s];" % (s, s, s))
            w("static %s hx_pristine_%s[HX_N_%s];" % (s, s, s))
            w("static bool hx_pristine_done_%s;" % s)
            w("/* Parameter slot's buffer, all sane, then NULL (h = 0) or variant h - 1: element 0")
            w(" * hostile, every element for the all-floats variants. */")
            w("static %s *hx_ptr_%s(size_t slot, long h) {" % (s, s))
            w("    if (!hx_pristine_done_%s) {" % s)
            w("        for (size_t i = 0; i < HX_N_%s; ++i) hx_sane_%s(&hx_pristine_%s[i], i);" % (s, s, s))
            w("        hx_pristine_done_%s = true;" % s)
            w("    }")
            w("    memcpy(hx_buf_%s[slot], hx_pristine_%s, sizeof hx_pristine_%s);" % (s, s, s))
            w("    if (h == 0) return NULL;")
            w("    if (h > 0 && hx_corrupt_%s(&hx_buf_%s[slot][0], (size_t)(h - 1)))" % (s, s))
            w("        for (size_t i = 1; i < HX_N_%s; ++i) hx_corrupt_%s(&hx_buf_%s[slot][i], (size_t)(h - 1));" % (s, s, s))
            w("    return hx_buf_%s[slot];" % s)
            w("}")
            self.finite_fn(s)

    # ---- walkers -----------------------------------------------------------------------------
    def emit_walker(self, fn):
        w = self.w
        name = fn["name"]
        params = fn["params"]
        kinds = [self.param_kind(fn, i) for i in range(len(params))]
        for k in kinds:
            if k["kind"] == "enum":
                self.enums_used.add(k["enum"])
        ret = fn["returns"]
        body = []
        b = body.append
        b("static void hx_walk_%s(void) {" % name)
        np_ = len(params)
        if np_:
            b("    const size_t n[%d] = {%s};" % (np_, ", ".join(k["n"] for k in kinds)))
            b("    for (size_t mode = 0; mode <= %d; ++mode) {" % (np_ + 1))
            b("        size_t vmax = 1;")
            b("        if (mode >= 1 && mode <= %d) vmax = n[mode - 1];" % np_)
            b("        if (mode == %d)" % (np_ + 1))
            b("            for (size_t j = 0; j < %d; ++j) vmax = n[j] > vmax ? n[j] : vmax;" % np_)
            b("        for (size_t v = 0; v < vmax; ++v) {")
            b("            long h[%d];" % np_)
            b("            for (size_t j = 0; j < %d; ++j)" % np_)
            b("                h[j] = (mode == j + 1 || mode == %d) ? (long)(v %% n[j]) : -1;" % (np_ + 1))
            b("            static const char *const names[%d] = {%s};" % (np_, ", ".join('"%s"' % p["name"] for p in params)))
            b("            hx_at(\"%s\", names, %d, mode, v);" % (name, np_))
            ind = "            "
        else:
            b("    hx_at(\"%s\", NULL, 0, 0, 0);" % name)
            ind = "    "
        for i, (p, k) in enumerate(zip(params, kinds)):
            b(ind + "%s a%d = %s;" % (k["c"] if k["c"].endswith("*") else k["c"] + " ", i,
                                        k["v"].format(h="h[%d]" % i, slot=i)))
        args = ", ".join("a%d" % i for i in range(np_))
        rk = ret["kind"]
        if rk == "void":
            b(ind + "%s(%s);" % (name, args))
        else:
            b(ind + "%s r = %s(%s);" % (ret["c"], name, args))
            b(ind + "(void)r;")
        self.emit_checks(fn, kinds, ind, b)
        if np_:
            b("        }")
            b("    }")
        b("}")
        self.walkers.append(body)

    def emit_checks(self, fn, kinds, ind, b):
        name = fn["name"]
        ret = fn["returns"]
        rk = ret["kind"]
        params = fn["params"]
        finite_needed = None  # C condition under which returned floats must be finite
        if name in PLAIN_ARITHMETIC or name in RESULT_UNPROMISED:
            finite_needed = None
        elif name in PASS_THROUGH:
            conds = []
            for pn in PASS_THROUGH[name]:
                i = [p["name"] for p in params].index(pn)
                k = kinds[i]
                if k["kind"] == "f32":
                    conds.append("isfinite(a%d)" % i)
                elif k["kind"] == "struct":
                    conds.append("hx_finite_%s(&a%d)" % (k["struct"], i))
                elif k["kind"] == "ptr_struct":
                    conds.append("(a%d == NULL || hx_finite_%s(&a%d[0]))" % (i, k["struct"], i))
                    conds.append("h[%d] < (long)(1 + hx_variants_%s() - HX_F32_N)" % (i, k["struct"]))
                else:
                    raise GenError("%s: pass-through parameter %s has an unexpected type" % (name, pn))
            finite_needed = " && ".join(conds)
        else:
            finite_needed = "true"
        if rk == "enum" and ret["name"] == "sa_status":
            b(ind + "HX_CHECK(hx_status_known(r), \"a documented sa_status\");")
        elif rk == "enum":
            self.enums_used.add(ret["name"])
        elif rk == "scalar" and ret["name"] == "f32" and finite_needed:
            b(ind + "if (%s) HX_CHECK(isfinite(r), \"a finite float\");" % finite_needed)
        elif rk == "struct" and finite_needed:
            self.ensure_struct(ret["name"])
            b(ind + "if (%s) HX_CHECK(hx_finite_%s(&r), \"a finite %s\");" % (finite_needed, ret["name"], ret["name"]))
        elif rk == "pointer" and ret["to"]["kind"] == "scalar" and ret["to"]["name"] == "char":
            b(ind + "HX_CHECK(r != NULL, \"a name, never NULL\");")
        elif rk == "pointer":
            b(ind + "(void)r;")
        elif rk == "scalar" and ret["name"] == "usize":
            cap = [i for i, p in enumerate(params) if p["name"] == "capacity"]
            outs = [i for i, p in enumerate(params) if p["name"] == "out"]
            if cap and outs and name not in PLAIN_OUTPUT:
                ci, oi = cap[0], outs[0]
                b(ind + "if (a%d != NULL) HX_CHECK(r <= a%d, \"a count within capacity\");" % (oi, ci))
                k = kinds[oi]
                if k["kind"] == "ptr_struct" and not k["const"]:
                    b(ind + "if (a%d != NULL && (%s))" % (oi, finite_needed or "false"))
                    b(ind + "    for (size_t e = 0; e < r && e < a%d && e < HX_N_%s; ++e)" % (ci, k["struct"]))
                    b(ind + "        HX_CHECK(hx_finite_%s(&a%d[e]), \"written elements finite\");" % (k["struct"], oi))
                elif k["kind"] == "ptr_scalar" and k["scalar"] == "f32" and not k["const"]:
                    b(ind + "if (a%d != NULL && (%s))" % (oi, finite_needed or "false"))
                    b(ind + "    for (size_t e = 0; e < r && e < a%d && e < HX_N; ++e)" % ci)
                    b(ind + "        HX_CHECK(isfinite(a%d[e]), \"written floats finite\");" % oi)
            else:
                self.emit_job_checks(params, kinds, ind, b)
        elif rk == "scalar" or rk == "enum":
            b(ind + "(void)r;")
        # state a per-frame call wrote
        if PER_FRAME.search(name) and name not in STATE_UNPROMISED:
            for i, (p, k) in enumerate(zip(params, kinds)):
                if k["kind"] == "ptr_struct" and not k["const"] and p["name"] != "out":
                    cnt = [j for j in range(i + 1, len(params)) if kinds[j]["kind"] == "count"]
                    lim = "a%d" % cnt[0] if cnt else "1"
                    hook = "hx_state_ok_%s" % k["struct"]
                    check = hook if (hook + "(") in self.hand else "hx_finite_%s" % k["struct"]
                    b(ind + "if (a%d != NULL && (%s))" % (i, finite_needed or "false"))
                    b(ind + "    for (size_t e = 0; e < %s && e < HX_N_%s; ++e)" % (lim, k["struct"]))
                    b(ind + "        HX_CHECK(%s(&a%d[e]), \"state finite after a per-frame call\");" % (check, i))

    def emit_job_checks(self, params, kinds, ind, b):
        """A job (a struct with `out` and `capacity`): the count within its capacity and the
        elements written finite."""
        for i, k in enumerate(kinds):
            if k["kind"] != "ptr_struct":
                continue
            fields = {f["name"]: f["type"] for f in self.structs[k["struct"]]["fields"]}
            out, cap = fields.get("out"), fields.get("capacity")
            if not out or not cap or out["kind"] != "pointer" or cap.get("name") != "usize":
                continue
            b(ind + "if (a%d != NULL && a%d->out != NULL) {" % (i, i))
            b(ind + "    HX_CHECK(r <= a%d->capacity, \"a count within the job's capacity\");" % i)
            to = out["to"]
            if to["kind"] == "struct":
                self.ensure_struct(to["name"])
                b(ind + "    for (size_t e = 0; e < r && e < a%d->capacity && e < HX_N; ++e)" % i)
                b(ind + "        HX_CHECK(hx_finite_%s(&a%d->out[e]), \"the job's output finite\");"
                  % (to["name"], i))
            b(ind + "}")

    def generate(self):
        self.enums_used = {"sa_status"}
        self.walkers = []
        names = [f["name"] for f in self.api["functions"]]
        for fn in self.api["functions"]:
            self.emit_walker(fn)
        for fn in self.api["functions"]:
            if fn["returns"]["kind"] == "struct":
                self.ensure_struct(fn["returns"]["name"])
        w = self.w
        w("/* Generated by scripts/gen_hostile.py from api/stickanim_api.json: do not edit. Run")
        w(" * scripts/gen_hostile.py (scripts/gen_bindings.sh does) after a change to a public header;")
        w(" * the test hostile_walk_current fails until then. Included by tests/test_hostile.c. */")
        w("/* clang-format off */")
        w("")
        w("static bool hx_status_known(sa_status s) {")
        w("    switch (s) {")
        for v in self.enums["sa_status"]["values"]:
            if v["name"].endswith("_"):
                continue
            w("    case %s:" % v["name"])
        w("        return true;")
        w("    default:")
        w("        return false;")
        w("    }")
        w("}")
        w("")
        for s in self.struct_order:
            self.emit_struct(s)
            w("")
        self.emit_value_helpers()
        w("")
        for body in self.walkers:
            for line in body:
                w(line)
            w("")
        w("/* Every function of the API, in the headers' order. */")
        w("static const struct hx_walker {")
        w("    const char *name;")
        w("    void (*walk)(void);")
        w("} hx_walkers[] = {")
        for n in names:
            w("    {\"%s\", hx_walk_%s}," % (n, n))
        w("};")
        w("#define HX_WALKER_COUNT %d" % len(names))
        w("/* clang-format on */")
        return "\n".join(self.out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--api", default=os.path.join(ROOT, "api", "stickanim_api.json"))
    ap.add_argument("--out", default=os.path.join(ROOT, "tests", "hostile_walk.h"))
    ap.add_argument("--check", action="store_true",
                    help="only check that --out is what the JSON gives (exit 1 if not)")
    args = ap.parse_args()
    with open(args.api, encoding="utf-8") as f:
        api = json.load(f)
    with open(HAND, encoding="utf-8") as f:
        hand = f.read()
    try:
        text = Gen(api, hand).generate()
    except GenError as e:
        print("gen_hostile.py: %s" % e, file=sys.stderr)
        return 1
    if args.check:
        try:
            with open(args.out, encoding="utf-8") as f:
                old = f.read()
        except FileNotFoundError:
            old = None
        if old != text:
            print("gen_hostile.py: %s is out of date with %s; run scripts/gen_hostile.py "
                  "(or scripts/gen_bindings.sh)" % (os.path.relpath(args.out, ROOT),
                                                    os.path.relpath(args.api, ROOT)), file=sys.stderr)
            return 1
        return 0
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
