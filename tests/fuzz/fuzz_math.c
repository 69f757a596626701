/* vecmath.h and base.h / abi.h: scalars, easing, phases, vectors, quaternions, transforms. The
 * three kinds of vecmath.h: finite for any input, finite for finite input, plain arithmetic. */
#include "fuzz.h"

#include <stickanim/abi.h>
#include <stickanim/base.h>
#include <stickanim/vecmath.h>

static void check_scalars(fz_in *in) {
    const float v = fz_float(in), a = fz_float(in), b = fz_float(in);
    const float lo = fminf(a, b), hi = fmaxf(a, b);
    /* Clamp: finite bounds give a value in them; NaN gives lo. */
    const float c = sa_clamp(v, lo, hi);
    if (fz_finite(lo) && fz_finite(hi)) FZ_CHECK2(c >= lo && c <= hi, c, v);
    if (v != v && fz_finite(lo) && fz_finite(hi)) FZ_CHECK(c == lo);
    const float s = sa_saturate(v);
    FZ_CHECK2(s >= 0.0f && s <= 1.0f, s, v);
    const float sm = sa_smooth(v);
    FZ_CHECK2(sm >= 0.0f && sm <= 1.0f, sm, v);
    const float sr = sa_smooth_range(a, b, v);
    FZ_CHECK2(sr >= 0.0f && sr <= 1.0f, sr, v);
    const sa_ease e = (sa_ease)fz_u32(in);
    const float ea = sa_ease_apply(e, v);
    FZ_CHECK(fz_finite(ea));
    if (e != SA_EASE_OUT_BACK)
        FZ_CHECK2(ea >= 0.0f && ea <= 1.0f, ea, v);
    else
        FZ_CHECK2(ea >= -0.2f && ea <= 1.2f, ea, v);
    FZ_CHECK(sa_is_finite(v) == fz_finite(v));
    const float w = sa_phase_wrap(v);
    FZ_CHECK2(w >= 0.0f && w < 1.0f, w, v);
    const float pa = sa_phase_advance(a, b);
    FZ_CHECK2(pa >= 0.0f && pa < 1.0f, pa, b);
    /* Plain arithmetic, by design: NaN in, NaN out. */
    if (v != v) FZ_CHECK(sa_lerp(a, b, v) != sa_lerp(a, b, v));
}

static void check_v2(fz_in *in) {
    const sa_vec2 a = fz_v2(in), b = fz_v2(in);
    const float len = sa_v2_length(a);
    if (fz_finite_v2(a)) {
        FZ_CHECK2(fz_finite(len) && len >= 0.0f, len, a.x);
        const double want = hypot((double)a.x, (double)a.y);
        FZ_CHECK2(fabs(len - fmin(want, FLT_MAX)) <= 1e-6 * want + 1e-44, len, want);
        const float d = sa_v2_distance(a, b);
        if (fz_finite_v2(b)) FZ_CHECK2(fz_finite(d) && d >= 0.0f, d, a.x);
    } else {
        FZ_CHECK(!fz_finite(len)); /* passes through as hypot() does */
    }
    const sa_vec2 n = sa_v2_normalize(a);
    FZ_CHECK(fz_finite_v2(n));
    const double nl = hypot((double)n.x, (double)n.y);
    if (fz_finite_v2(a) && (a.x != 0.0f || a.y != 0.0f))
        FZ_CHECK2(fabs(nl - 1.0) <= 1e-6, nl, a.x);
    else
        FZ_CHECK(n.x == 0.0f && n.y == 0.0f);
    FZ_CHECK(sa_v2_is_finite(a) == fz_finite_v2(a));
}

static void check_v3(fz_in *in) {
    const sa_vec3 a = fz_v3(in), b = fz_v3(in);
    const float len = sa_v3_length(a), d = sa_v3_distance(a, b);
    FZ_CHECK2(fz_finite(len) && len >= 0.0f, len, a.x);
    FZ_CHECK2(fz_finite(d) && d >= 0.0f, d, a.x);
    const sa_vec3 n = sa_v3_normalize(a);
    FZ_CHECK(fz_finite_v3(n));
    const double nl = sqrt((double)n.x * n.x + (double)n.y * n.y + (double)n.z * n.z);
    FZ_CHECK2(nl == 0.0 || fabs(nl - 1.0) <= 1e-6, nl, a.x);
    if (fz_finite_v3(a) && (a.x != 0.0f || a.y != 0.0f || a.z != 0.0f))
        FZ_CHECK2(fabs(nl - 1.0) <= 1e-6, nl, a.x);
    FZ_CHECK(sa_v3_is_finite(a) == fz_finite_v3(a));
}

static void check_quat(fz_in *in) {
    const sa_quat a = fz_quat(in), b = fz_quat(in);
    const float t = fz_float(in);
    const sa_vec3 axis = fz_v3(in), v = fz_v3(in);
    FZ_CHECK(fz_unit(sa_quat_normalize(a)));
    FZ_CHECK(fz_unit(sa_quat_mul(a, b)));
    FZ_CHECK(fz_unit(sa_quat_from_axis_angle(axis, t)));
    FZ_CHECK(fz_unit(sa_quat_from_to(axis, v)));
    FZ_CHECK(fz_unit(sa_quat_nlerp(a, b, t)));
    FZ_CHECK(fz_unit(sa_quat_slerp(a, b, t)));
    const float an = sa_quat_angle(a), ab = sa_quat_angle_between(a, b);
    FZ_CHECK2(an >= 0.0f && an <= 3.1416f, an, a.w);
    FZ_CHECK2(ab >= 0.0f && ab <= 3.1416f, ab, a.w);
    /* Rotation: finite for a finite vector, the same length where no component saturates. */
    const sa_vec3 r = sa_quat_rotate(a, v);
    if (fz_finite_v3(v)) {
        FZ_CHECK(fz_finite_v3(r));
        const double lv = sqrt((double)v.x * v.x + (double)v.y * v.y + (double)v.z * v.z);
        const double lr = sqrt((double)r.x * r.x + (double)r.y * r.y + (double)r.z * r.z);
        if (lv < 1e38) FZ_CHECK2(fabs(lr - lv) <= 1e-5 * lv + 1e-37, lr, lv);
    } else {
        FZ_CHECK(!fz_finite_v3(r)); /* the vector passes through */
    }
    FZ_CHECK(sa_quat_is_finite(a) == fz_finite_quat(a));
}

static void check_transform(fz_in *in) {
    const sa_transform p = fz_transform(in), c = fz_transform(in);
    const sa_vec3 pt = fz_v3(in);
    const sa_transform s = sa_transform_sanitize(p);
    FZ_CHECK(fz_finite_transform(s) && fz_unit(s.rotation));
    const sa_transform m = sa_transform_mul(p, c);
    FZ_CHECK(fz_finite_transform(m) && fz_unit(m.rotation));
    const sa_vec3 x = sa_transform_point(p, pt);
    if (fz_finite_v3(pt)) FZ_CHECK(fz_finite_v3(x));
    FZ_CHECK(sa_transform_is_finite(p) == fz_finite_transform(p));
    /* The composition places points as the two transforms one after the other do, where the
     * values are moderate (no saturation, rounding small). */
    if (fz_finite_transform(p) && fz_finite_transform(c) && fz_finite_v3(pt) &&
        fz_absmax3(p.translation) < 1e3 && fz_absmax3(c.translation) < 1e3 &&
        fz_absmax3(p.scale) < 1e2 && fz_absmax3(c.scale) < 1e2 && fz_absmax3(pt) < 1e3 &&
        p.scale.x == p.scale.y && p.scale.y == p.scale.z) {
        const sa_vec3 one = sa_transform_point(m, pt);
        const sa_vec3 two = sa_transform_point(p, sa_transform_point(c, pt));
        FZ_CHECK2(fz_dist3(one, two) <= 1e-3 * (1.0 + fz_absmax3(two)), one.x, two.x);
    }
}

/* Both the same float: equal bits, or both NaN (whose payloads may differ). */
static bool same(float a, float b) { return (a != a && b != b) || memcmp(&a, &b, sizeof a) == 0; }

/* Plain arithmetic, by design: exactly the IEEE formula, NaN and overflow included. */
static void check_plain(fz_in *in) {
    const sa_vec2 a = fz_v2(in), b = fz_v2(in);
    const float s = fz_float(in);
    const sa_vec2 v2 = sa_v2(a.x, a.y);
    FZ_CHECK(same(v2.x, a.x) && same(v2.y, a.y));
    sa_vec2 r = sa_v2_add(a, b);
    FZ_CHECK(same(r.x, a.x + b.x) && same(r.y, a.y + b.y));
    r = sa_v2_sub(a, b);
    FZ_CHECK(same(r.x, a.x - b.x) && same(r.y, a.y - b.y));
    r = sa_v2_scale(a, s);
    FZ_CHECK(same(r.x, a.x * s) && same(r.y, a.y * s));
    FZ_CHECK(same(sa_v2_dot(a, b), a.x * b.x + a.y * b.y));
    r = sa_v2_lerp(a, b, s);
    FZ_CHECK(same(r.x, a.x + (b.x - a.x) * s) && same(r.y, a.y + (b.y - a.y) * s));
    FZ_CHECK(same(sa_lerp(a.x, b.x, s), a.x + (b.x - a.x) * s));

    const sa_vec3 p = fz_v3(in), q = fz_v3(in);
    const sa_vec3 v3 = sa_v3(p.x, p.y, p.z);
    FZ_CHECK(same(v3.x, p.x) && same(v3.y, p.y) && same(v3.z, p.z));
    sa_vec3 t = sa_v3_add(p, q);
    FZ_CHECK(same(t.x, p.x + q.x) && same(t.y, p.y + q.y) && same(t.z, p.z + q.z));
    t = sa_v3_sub(p, q);
    FZ_CHECK(same(t.x, p.x - q.x) && same(t.y, p.y - q.y) && same(t.z, p.z - q.z));
    t = sa_v3_scale(p, s);
    FZ_CHECK(same(t.x, p.x * s) && same(t.y, p.y * s) && same(t.z, p.z * s));
    t = sa_v3_mul(p, q);
    FZ_CHECK(same(t.x, p.x * q.x) && same(t.y, p.y * q.y) && same(t.z, p.z * q.z));
    FZ_CHECK(same(sa_v3_dot(p, q), p.x * q.x + p.y * q.y + p.z * q.z));
    t = sa_v3_cross(p, q);
    FZ_CHECK(same(t.x, p.y * q.z - p.z * q.y) && same(t.y, p.z * q.x - p.x * q.z) &&
             same(t.z, p.x * q.y - p.y * q.x));
    t = sa_v3_lerp(p, q, s);
    FZ_CHECK(same(t.x, p.x + (q.x - p.x) * s) && same(t.z, p.z + (q.z - p.z) * s));

    const sa_quat u = fz_quat(in), w = fz_quat(in);
    const sa_quat m = sa_quat_make(u.x, u.y, u.z, u.w);
    FZ_CHECK(same(m.x, u.x) && same(m.y, u.y) && same(m.z, u.z) && same(m.w, u.w));
    const sa_quat c = sa_quat_conjugate(u);
    FZ_CHECK(same(c.x, -u.x) && same(c.y, -u.y) && same(c.z, -u.z) && same(c.w, u.w));
    FZ_CHECK(same(sa_quat_dot(u, w), u.x * w.x + u.y * w.y + u.z * w.z + u.w * w.w));
    const sa_quat id = sa_quat_identity();
    FZ_CHECK(id.x == 0.0f && id.y == 0.0f && id.z == 0.0f && id.w == 1.0f);
    const sa_transform x = sa_transform_make(p, u, q);
    FZ_CHECK(memcmp(&x.translation, &p, sizeof p) == 0 && memcmp(&x.rotation, &u, sizeof u) == 0 &&
             memcmp(&x.scale, &q, sizeof q) == 0);
    const sa_transform i = sa_transform_identity();
    FZ_CHECK(sa_transform_is_finite(i) && i.rotation.w == 1.0f && i.scale.y == 1.0f);
}

static void check_base(fz_in *in) {
    const uint32_t code = fz_u32(in);
    FZ_CHECK(sa_status_string((sa_status)code) != NULL);
    FZ_CHECK(sa_version() != NULL);
    const sa_abi_type t = (sa_abi_type)fz_u32(in);
    const size_t size = sa_abi_type_size(t), align = sa_abi_type_align(t);
    FZ_CHECK(sa_abi_type_name(t) != NULL);
    FZ_CHECK((size == 0) == (align == 0));
    if (align) FZ_CHECK((align & (align - 1)) == 0 && size % align == 0);
    FZ_CHECK(sa_abi_version() == SA_ABI_VERSION);
}

void sa_fuzz_math(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    do {
        switch (fz_u8(&in) % 7) {
        case 0:
            check_scalars(&in);
            break;
        case 1:
            check_v2(&in);
            break;
        case 2:
            check_v3(&in);
            break;
        case 3:
            check_quat(&in);
            break;
        case 4:
            check_transform(&in);
            break;
        case 5:
            check_plain(&in);
            break;
        default:
            check_base(&in);
            break;
        }
    } while (fz_more(&in));
}
