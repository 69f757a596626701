/* Inline copies of the hot scalar and vec2 helpers for use inside the library, so inner loops
 * need no call. The exported functions in vecmath.c are defined from these, and
 * tests/test_vecmath.c checks that both agree. Not installed. */
#ifndef STICKANIM_INTERNAL_SCALAR_H
#define STICKANIM_INTERNAL_SCALAR_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <stickanim/vecmath.h>
#include "fmath.h"

/* Finite unless the exponent bits are all ones (infinity, NaN): a bit test, so it holds even in a
 * translation unit built with -ffast-math, where isfinite() may be folded to true. */
SAI_INLINE bool sai_finite(float v) {
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    return (bits & 0x7F800000u) != 0x7F800000u;
}

/* NaN compares false everywhere, so it falls through to lo. */
SAI_INLINE float sai_clamp(float v, float lo, float hi) {
    if (v >= lo && v <= hi) return v;
    if (v > hi && hi >= lo) return hi;
    return lo;
}

/* C's fminf and fmaxf as the x86-64 C library computes them, without its call (a compiler cannot
 * inline them unless NaN is ruled out): a NaN argument gives the other one (a, when both are
 * NaN), and of two equal numbers (+0 and -0) b. Quiet NaN only: the library makes no other. */
SAI_INLINE float sai_fminf(float a, float b) { return (a < b || b != b) ? a : b; }
SAI_INLINE float sai_fmaxf(float a, float b) { return (a > b || b != b) ? a : b; }

SAI_INLINE float sai_saturate(float v) { return sai_clamp(v, 0.0f, 1.0f); }
SAI_INLINE float sai_lerp(float a, float b, float t) { return a + (b - a) * t; }

SAI_INLINE float sai_smooth(float u) {
    u = sai_saturate(u);
    return u * u * (3.0f - 2.0f * u);
}

/* sa_ease_apply(), which is defined from it (a track's samples ease without a call). */
SAI_INLINE float sai_ease_apply(sa_ease e, float u) {
    u = sai_saturate(u);
    const float v = 1.0f - u;
    switch (e) {
    case SA_EASE_LINEAR:
        return u;
    case SA_EASE_SMOOTH:
        return u * u * (3.0f - 2.0f * u);
    case SA_EASE_IN_QUAD:
        return u * u;
    case SA_EASE_OUT_QUAD:
        return 1.0f - v * v;
    case SA_EASE_IN_OUT_QUAD:
        return u < 0.5f ? 2.0f * u * u : 1.0f - 2.0f * v * v;
    case SA_EASE_IN_CUBIC:
        return u * u * u;
    case SA_EASE_OUT_CUBIC:
        return 1.0f - v * v * v;
    case SA_EASE_IN_OUT_CUBIC:
        return u < 0.5f ? 4.0f * u * u * u : 1.0f - 4.0f * v * v * v;
    case SA_EASE_OUT_BACK: {
        /* Penner's back curve with the customary overshoot constant (about 10% past 1). */
        const float c1 = 1.70158f, c3 = c1 + 1.0f;
        return 1.0f - c3 * v * v * v + c1 * v * v;
    }
    case SA_EASE_COUNT_:
    case SA_EASE_FORCE_U32_:
        break;
    }
    return u;
}

/* sai_narrow()'s rare cases: beyond the float range (a finite v rounding to an infinity, or an
 * infinite v) the largest float of v's sign, and 0 for a NaN. Out of line from the common path. */
SAI_COLD_FN float sai_narrow_rare(double v) {
    if (v > (double)FLT_MAX) return FLT_MAX;
    if (v < -(double)FLT_MAX) return -FLT_MAX;
    return v == v ? (float)v : 0.0f;
}

/* double -> float without overflow to infinity: results of finite input stay finite. The float v
 * rounds to is the answer when it is finite (as nearly always): a conversion and one test; only an
 * infinity or a NaN there looks at v again (a v that rounds to FLT_MAX gives it either way). */
SAI_INLINE float sai_narrow(double v) {
    const float f = (float)v;
    return SAI_LIKELY(sai_finite(f)) ? f : sai_narrow_rare(v);
}

/* Saturating arithmetic for per-frame results that must stay finite: the float result when it is
 * finite (so ordinary values keep their exact bits), else the same formula in double, rounded
 * once and clamped to ±FLT_MAX. Finite inputs always give a finite result; a non-finite input
 * passes through as in plain float arithmetic (callers clean their inputs first). */
SAI_INLINE float sai_sat_lerp(float a, float b, float t) {
    const float r = a + (b - a) * t;
    if (sai_finite(r) || !sai_finite(a) || !sai_finite(b) || !sai_finite(t)) return r;
    return sai_narrow((double)a + ((double)b - (double)a) * (double)t);
}
SAI_INLINE float sai_sat_madd(float a, float b, float k) {
    const float r = a + b * k;
    if (sai_finite(r) || !sai_finite(a) || !sai_finite(b) || !sai_finite(k)) return r;
    return sai_narrow((double)a + (double)b * (double)k);
}
SAI_INLINE float sai_sat_mul(float a, float b) {
    const float r = a * b;
    if (sai_finite(r) || !sai_finite(a) || !sai_finite(b)) return r;
    return sai_narrow((double)a * (double)b);
}
SAI_INLINE float sai_sat_sub(float a, float b) {
    const float r = a - b;
    if (sai_finite(r) || !sai_finite(a) || !sai_finite(b)) return r;
    return sai_narrow((double)a - (double)b);
}

/* The library's input repairs: one family, one naming. Each returns v when it is usable and the
 * fallback otherwise (NaN and infinities are never usable); sai_clamp and sai_saturate above are
 * the range repairs. */
SAI_INLINE float sai_finite_or(float v, float fallback) { return sai_finite(v) ? v : fallback; }
SAI_INLINE float sai_positive_or(float v, float fallback) {
    return (sai_finite(v) && v > 0.0f) ? v : fallback;
}
SAI_INLINE float sai_nonneg_or(float v, float fallback) {
    return (sai_finite(v) && v >= 0.0f) ? v : fallback;
}

/* A phase wrapped into [0, 1); NaN and infinities give 0. A tiny negative phase plus one rounds to
 * 1.0f, which is the next cycle's 0. */
SAI_INLINE float sai_phase_wrap(float phase) {
    if (phase > 0.0f && phase < 1.0f) return phase; /* already wrapped (the usual case) */
    if (!sai_finite(phase)) return 0.0f;
    const float w = phase - floorf(phase);
    return w < 1.0f ? w : 0.0f;
}

/* phase + cycles wrapped into [0, 1), summed in double so a long run of small steps neither drifts
 * nor sticks; non-finite cycles count as 0. */
SAI_INLINE float sai_phase_advance(float phase, float cycles) {
    const double x = (double)sai_phase_wrap(phase) + (sai_finite(cycles) ? (double)cycles : 0.0);
    const float w = (float)(x - floor(x));
    return (w >= 0.0f && w < 1.0f) ? w : 0.0f;
}

SAI_INLINE sa_vec2 sai_v2(float x, float y) {
    sa_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}
SAI_INLINE sa_vec2 sai_v2_add(sa_vec2 a, sa_vec2 b) { return sai_v2(a.x + b.x, a.y + b.y); }
SAI_INLINE sa_vec2 sai_v2_sub(sa_vec2 a, sa_vec2 b) { return sai_v2(a.x - b.x, a.y - b.y); }
SAI_INLINE sa_vec2 sai_v2_scale(sa_vec2 v, float s) { return sai_v2(v.x * s, v.y * s); }
SAI_INLINE float sai_v2_dot(sa_vec2 a, sa_vec2 b) { return a.x * b.x + a.y * b.y; }
/* hypot, so no overflow in the squares; a length past FLT_MAX (two components near it) saturates
 * to FLT_MAX, so finite components always give a finite length. NaN and infinity pass through. */
SAI_INLINE float sai_v2_length(sa_vec2 v) {
    const float r = sai_hypotf(v.x, v.y);
    return (r <= FLT_MAX || !sai_finite(v.x) || !sai_finite(v.y)) ? r : FLT_MAX;
}
/* Unit vector along v, or the fallback when v is zero or not finite. A tiny vector (denormal
 * components) is scaled up by a power of two first, and a huge one down, exactly, so its
 * direction keeps its precision and the result has length 1 (hypot alone would round a
 * denormal length, or overflow to infinity near FLT_MAX). */
SAI_INLINE sa_vec2 sai_v2_normalize_or(sa_vec2 v, sa_vec2 fallback) {
    if (!sai_finite(v.x) || !sai_finite(v.y)) return fallback;
    const float m = fabsf(v.x) > fabsf(v.y) ? fabsf(v.x) : fabsf(v.y);
    if (!(m > 0.0f)) return fallback;
    if (m < 0x1p-60f) v = sai_v2(v.x * 0x1p100f, v.y * 0x1p100f);
    if (m > 0x1p100f) v = sai_v2(v.x * 0x1p-60f, v.y * 0x1p-60f);
    const float len = sai_hypotf(v.x, v.y);
    return sai_v2(v.x / len, v.y / len);
}
SAI_INLINE sa_vec2 sai_v2_lerp(sa_vec2 a, sa_vec2 b, float t) {
    return sai_v2(sai_lerp(a.x, b.x, t), sai_lerp(a.y, b.y, t));
}
SAI_INLINE bool sai_v2_finite(sa_vec2 v) { return sai_finite(v.x) && sai_finite(v.y); }
SAI_INLINE sa_vec2 sai_v2_finite_or(sa_vec2 v, sa_vec2 fallback) {
    return sai_v2(sai_finite_or(v.x, fallback.x), sai_finite_or(v.y, fallback.y));
}
SAI_INLINE sa_vec3 sai_v3_finite_or(sa_vec3 v, sa_vec3 fallback) {
    sa_vec3 r;
    r.x = sai_finite_or(v.x, fallback.x);
    r.y = sai_finite_or(v.y, fallback.y);
    r.z = sai_finite_or(v.z, fallback.z);
    return r;
}

#endif
