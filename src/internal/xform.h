/* Inline copies of the vec3, quaternion and transform helpers for use inside the library (the
 * skeleton, pose and clip loops), so inner loops need no call. The exported functions in vecmath.c
 * are defined from these, and tests/test_vecmath.c checks that both agree. Not installed.
 * Functions named *_unit assume unit quaternions and skip the normalisation. */
#ifndef STICKANIM_INTERNAL_XFORM_H
#define STICKANIM_INTERNAL_XFORM_H

#include "scalar.h"

/* Factors of slerp/nlerp are kept in this range so nothing overflows. */
#define SAI_QUAT_T_LIMIT 1e6f

SAI_INLINE sa_vec3 sai_v3(float x, float y, float z) {
    sa_vec3 v;
    v.x = x;
    v.y = y;
    v.z = z;
    return v;
}
SAI_INLINE sa_vec3 sai_v3_add(sa_vec3 a, sa_vec3 b) {
    return sai_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}
SAI_INLINE sa_vec3 sai_v3_sub(sa_vec3 a, sa_vec3 b) {
    return sai_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}
SAI_INLINE sa_vec3 sai_v3_scale(sa_vec3 v, float s) { return sai_v3(v.x * s, v.y * s, v.z * s); }
SAI_INLINE sa_vec3 sai_v3_mul(sa_vec3 a, sa_vec3 b) {
    return sai_v3(a.x * b.x, a.y * b.y, a.z * b.z);
}
SAI_INLINE float sai_v3_dot(sa_vec3 a, sa_vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
SAI_INLINE sa_vec3 sai_v3_cross(sa_vec3 a, sa_vec3 b) {
    return sai_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
SAI_INLINE sa_vec3 sai_v3_lerp(sa_vec3 a, sa_vec3 b, float t) {
    return sai_v3(sai_lerp(a.x, b.x, t), sai_lerp(a.y, b.y, t), sai_lerp(a.z, b.z, t));
}
SAI_INLINE bool sai_v3_finite(sa_vec3 v) {
    return sai_finite(v.x) && sai_finite(v.y) && sai_finite(v.z);
}
/* Length in double: no overflow for components up to FLT_MAX. NaN gives 0, infinity FLT_MAX. */
SAI_INLINE float sai_v3_length(sa_vec3 v) {
    const double x = (double)v.x, y = (double)v.y, z = (double)v.z;
    return sai_narrow(sqrt(x * x + y * y + z * z));
}
SAI_INLINE sa_vec3 sai_v3_normalize(sa_vec3 v) {
    if (!sai_v3_finite(v)) return sai_v3(0.0f, 0.0f, 0.0f);
    const double x = (double)v.x, y = (double)v.y, z = (double)v.z;
    const double len = sqrt(x * x + y * y + z * z);
    if (!(len > 0.0)) return sai_v3(0.0f, 0.0f, 0.0f);
    return sai_v3((float)(x / len), (float)(y / len), (float)(z / len));
}

SAI_INLINE sa_quat sai_quat(float x, float y, float z, float w) {
    sa_quat q;
    q.x = x;
    q.y = y;
    q.z = z;
    q.w = w;
    return q;
}
SAI_INLINE sa_quat sai_quat_identity(void) { return sai_quat(0.0f, 0.0f, 0.0f, 1.0f); }
SAI_INLINE float sai_quat_dot(sa_quat a, sa_quat b) {
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
}
SAI_INLINE sa_quat sai_quat_conjugate(sa_quat q) { return sai_quat(-q.x, -q.y, -q.z, q.w); }
SAI_INLINE sa_quat sai_quat_neg(sa_quat q) { return sai_quat(-q.x, -q.y, -q.z, -q.w); }
SAI_INLINE bool sai_quat_finite(sa_quat q) {
    return sai_finite(q.x) && sai_finite(q.y) && sai_finite(q.z) && sai_finite(q.w);
}

/* The rare path: tiny, huge, zero or non-finite quaternions, in double after scaling by the
 * largest component so nothing under- or overflows. */
SAI_INLINE sa_quat sai_quat_normalize_slow(sa_quat q) {
    if (!sai_quat_finite(q)) return sai_quat_identity();
    double m = fabs((double)q.x);
    if (fabs((double)q.y) > m) m = fabs((double)q.y);
    if (fabs((double)q.z) > m) m = fabs((double)q.z);
    if (fabs((double)q.w) > m) m = fabs((double)q.w);
    if (!(m > 0.0)) return sai_quat_identity();
    const double x = (double)q.x / m, y = (double)q.y / m, z = (double)q.z / m, w = (double)q.w / m;
    const double len = sqrt(x * x + y * y + z * z + w * w);
    return sai_quat((float)(x / len), (float)(y / len), (float)(z / len), (float)(w / len));
}

SAI_INLINE sa_quat sai_quat_normalize(sa_quat q) {
    const float n2 = sai_quat_dot(q, q);
    /* Also false for NaN, so bad input takes the slow path. */
    if (n2 >= 1e-20f && n2 <= 1e20f) {
        const float inv = 1.0f / sqrtf(n2);
        return sai_quat(q.x * inv, q.y * inv, q.z * inv, q.w * inv);
    }
    return sai_quat_normalize_slow(q);
}

/* Hamilton product a·b: b first, then a. Not normalised. */
SAI_INLINE sa_quat sai_quat_mul_raw(sa_quat a, sa_quat b) {
    return sai_quat(a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
                    a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
                    a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
                    a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z);
}

/* NaN and infinity survive a sum, so one finite sum says all three parts are finite (a sum that
 * overflows merely takes the careful path). */
SAI_INLINE bool sai_v3_finite_fast(sa_vec3 v) { return sai_finite(v.x + v.y + v.z); }

/* (The careful paths below are rare: SAI_COLD_FN keeps them out of line, so the hot loops stay
 * small.) */

/* The careful path of the rotation and the transforms below, in double: finite float inputs
 * (each at most FLT_MAX) give products and sums far inside double's range, and the result is
 * rounded once and clamped to ±FLT_MAX. */
typedef struct sai_dvec3 {
    double x, y, z;
} sai_dvec3;
SAI_INLINE sai_dvec3 sai_dvec3_rotate(sa_quat q, sai_dvec3 v) {
    const double ux = (double)q.x, uy = (double)q.y, uz = (double)q.z, w = (double)q.w;
    const double tx = 2.0 * (uy * v.z - uz * v.y), ty = 2.0 * (uz * v.x - ux * v.z),
                 tz = 2.0 * (ux * v.y - uy * v.x);
    sai_dvec3 r;
    r.x = v.x + w * tx + (uy * tz - uz * ty);
    r.y = v.y + w * ty + (uz * tx - ux * tz);
    r.z = v.z + w * tz + (ux * ty - uy * tx);
    return r;
}
SAI_INLINE sa_vec3 sai_dvec3_narrow(sai_dvec3 v) {
    return sai_v3(sai_narrow(v.x), sai_narrow(v.y), sai_narrow(v.z));
}

/* v' = v + w·t + u × t with t = 2·(u × v), u the vector part; q must be unit. Plain float: a
 * huge v can overflow (the callers below check once, at the end). */
SAI_INLINE sa_vec3 sai_quat_rotate_raw(sa_quat q, sa_vec3 v) {
    const sa_vec3 u = sai_v3(q.x, q.y, q.z);
    const sa_vec3 t = sai_v3_scale(sai_v3_cross(u, v), 2.0f);
    return sai_v3_add(sai_v3_add(v, sai_v3_scale(t, q.w)), sai_v3_cross(u, t));
}

/* The rotation above, finite for a finite v: a rotated vector too long for a float saturates at
 * ±FLT_MAX per component. A non-finite v passes through as float arithmetic does. */
SAI_COLD_FN sa_vec3 sai_quat_rotate_wide(sa_quat q, sa_vec3 v) {
    const sai_dvec3 dv = {(double)v.x, (double)v.y, (double)v.z};
    return sai_dvec3_narrow(sai_dvec3_rotate(q, dv));
}
SAI_INLINE sa_vec3 sai_quat_rotate_unit(sa_quat q, sa_vec3 v) {
    const sa_vec3 r = sai_quat_rotate_raw(q, v);
    if (sai_v3_finite_fast(r) || sai_v3_finite(r) || !sai_v3_finite(v)) return r;
    return sai_quat_rotate_wide(q, v);
}

SAI_INLINE float sai_quat_factor(float t) {
    if (!sai_finite(t)) return 0.0f;
    return sai_clamp(t, -SAI_QUAT_T_LIMIT, SAI_QUAT_T_LIMIT);
}

/* nlerp of unit quaternions along the shortest arc; t already cleaned. */
SAI_INLINE sa_quat sai_quat_nlerp_unit(sa_quat a, sa_quat b, float t) {
    if (sai_quat_dot(a, b) < 0.0f) b = sai_quat_neg(b);
    return sai_quat_normalize(sai_quat(sai_lerp(a.x, b.x, t), sai_lerp(a.y, b.y, t),
                                       sai_lerp(a.z, b.z, t), sai_lerp(a.w, b.w, t)));
}

/* slerp of unit quaternions along the shortest arc; t already cleaned. The angle φ between a
 * and b on the 4-sphere comes from 2·atan2(|a − b|, |a + b|), which stays accurate for tiny
 * angles where acos(dot) does not; only rotations equal to float precision take nlerp. */
SAI_INLINE sa_quat sai_quat_slerp_unit(sa_quat a, sa_quat b, float t) {
    if (sai_quat_dot(a, b) < 0.0f) b = sai_quat_neg(b);
    const sa_quat d = sai_quat(a.x - b.x, a.y - b.y, a.z - b.z, a.w - b.w);
    const sa_quat s = sai_quat(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    const float d2 = sai_quat_dot(d, d), s2 = sai_quat_dot(s, s);
    const float ld = sqrtf(d2), ls = sqrtf(s2);
    const float phi = 2.0f * sai_atan2f(ld, ls);
    /* sin φ = 2·sin(φ/2)·cos(φ/2), with |a − b| = 2·sin(φ/2) and |a + b| = 2·cos(φ/2) on the unit
     * sphere (d2 + s2 = 4): no sinf needed. */
    const float sin_phi = 2.0f * ld * ls / (d2 + s2);
    if (!(sin_phi > 1e-7f)) return sai_quat_nlerp_unit(a, b, t);
    const float wa = sai_sinf((1.0f - t) * phi) / sin_phi, wb = sai_sinf(t * phi) / sin_phi;
    return sai_quat_normalize(sai_quat(wa * a.x + wb * b.x, wa * a.y + wb * b.y,
                                       wa * a.z + wb * b.z, wa * a.w + wb * b.w));
}

SAI_INLINE sa_transform sai_transform(sa_vec3 t, sa_quat r, sa_vec3 s) {
    sa_transform x;
    x.translation = t;
    x.rotation = r;
    x.scale = s;
    return x;
}
SAI_INLINE sa_transform sai_transform_identity(void) {
    return sai_transform(sai_v3(0.0f, 0.0f, 0.0f), sai_quat_identity(), sai_v3(1.0f, 1.0f, 1.0f));
}
SAI_INLINE bool sai_transform_finite(sa_transform t) {
    return sai_v3_finite(t.translation) && sai_quat_finite(t.rotation) && sai_v3_finite(t.scale);
}
/* NaN and infinity survive a sum, so one finite sum says all ten parts are finite (a sum that
 * overflows merely takes the careful path). */
SAI_INLINE bool sai_transform_finite_fast(sa_transform t) {
    const float sum = t.translation.x + t.translation.y + t.translation.z + t.rotation.x +
                      t.rotation.y + t.rotation.z + t.rotation.w + t.scale.x + t.scale.y +
                      t.scale.z;
    return sai_finite(sum);
}
SAI_INLINE sa_transform sai_transform_sanitize(sa_transform t) {
    sa_transform r;
    if (sai_transform_finite_fast(t)) {
        r = t;
        r.rotation = sai_quat_normalize(t.rotation);
        return r;
    }
    r.translation =
        sai_v3(sai_finite_or(t.translation.x, 0.0f), sai_finite_or(t.translation.y, 0.0f),
               sai_finite_or(t.translation.z, 0.0f));
    r.rotation = sai_quat_normalize(t.rotation);
    r.scale = sai_v3(sai_finite_or(t.scale.x, 1.0f), sai_finite_or(t.scale.y, 1.0f),
                     sai_finite_or(t.scale.z, 1.0f));
    return r;
}
/* A transform that is already clean (finite, unit rotation to float precision) passes through
 * unchanged, bit for bit, so copies of poses stay exact; anything else is sanitized. */
SAI_INLINE sa_transform sai_transform_clean(sa_transform t) {
    const float n2 = sai_quat_dot(t.rotation, t.rotation);
    /* The exact test behind the quick one: a huge but finite transform is clean too. */
    if (n2 >= 1.0f - 1e-5f && n2 <= 1.0f + 1e-5f &&
        (sai_transform_finite_fast(t) || sai_transform_finite(t)))
        return t;
    return sai_transform_sanitize(t);
}
/* Component-wise a + (b − a)·t, a + b·k and a·b that stay finite for finite input (see
 * sai_sat_lerp() and its siblings): what poses and clips interpolate and compose with. */
SAI_COLD_FN sa_vec3 sai_v3_sat_lerp_wide(sa_vec3 a, sa_vec3 b, float t) {
    return sai_v3(sai_sat_lerp(a.x, b.x, t), sai_sat_lerp(a.y, b.y, t), sai_sat_lerp(a.z, b.z, t));
}
SAI_INLINE sa_vec3 sai_v3_sat_lerp(sa_vec3 a, sa_vec3 b, float t) {
    const sa_vec3 r = sai_v3_lerp(a, b, t);
    return sai_v3_finite_fast(r) ? r : sai_v3_sat_lerp_wide(a, b, t);
}
SAI_COLD_FN sa_vec3 sai_v3_sat_madd_wide(sa_vec3 a, sa_vec3 b, float k) {
    return sai_v3(sai_sat_madd(a.x, b.x, k), sai_sat_madd(a.y, b.y, k), sai_sat_madd(a.z, b.z, k));
}
SAI_INLINE sa_vec3 sai_v3_sat_madd(sa_vec3 a, sa_vec3 b, float k) {
    const sa_vec3 r = sai_v3_add(a, sai_v3_scale(b, k));
    return sai_v3_finite_fast(r) ? r : sai_v3_sat_madd_wide(a, b, k);
}
SAI_INLINE sa_vec3 sai_v3_sat_mul(sa_vec3 a, sa_vec3 b) {
    return sai_v3(sai_sat_mul(a.x, b.x), sai_sat_mul(a.y, b.y), sai_sat_mul(a.z, b.z));
}

/* t.translation + t.rotation·(t.scale ⊙ p) for a clean transform (finite, unit rotation). A
 * finite p gives a finite point: when the float result overflows (a huge scale or offset) it
 * is computed again in double and saturated at ±FLT_MAX. A non-finite p passes through. */
SAI_COLD_FN sa_vec3 sai_transform_point_wide(sa_transform t, sa_vec3 p) {
    const sai_dvec3 sp = {(double)t.scale.x * (double)p.x, (double)t.scale.y * (double)p.y,
                          (double)t.scale.z * (double)p.z};
    sai_dvec3 d = sai_dvec3_rotate(t.rotation, sp);
    d.x += (double)t.translation.x;
    d.y += (double)t.translation.y;
    d.z += (double)t.translation.z;
    return sai_dvec3_narrow(d);
}
SAI_INLINE sa_vec3 sai_transform_point_unit(sa_transform t, sa_vec3 p) {
    /* One check at the end: an overflow anywhere on the way leaves an infinity or a NaN (the
     * parts' sum first; only when that overflows are the parts checked one by one, so a finite
     * result is the float result, as the four-lane local -> model gives it). */
    const sa_vec3 r =
        sai_v3_add(t.translation, sai_quat_rotate_raw(t.rotation, sai_v3_mul(t.scale, p)));
    if (sai_v3_finite_fast(r) || sai_v3_finite(r) || !sai_v3_finite(p)) return r;
    return sai_transform_point_wide(t, p);
}

/* parent ∘ child for clean transforms with unit rotations; the product rotation is
 * renormalised so long chains do not drift. Clean inputs give a clean result: translation and
 * scale saturate at ±FLT_MAX instead of overflowing. */
SAI_INLINE sa_transform sai_transform_mul_unit(sa_transform p, sa_transform c) {
    sa_transform r;
    r.translation = sai_transform_point_unit(p, c.translation);
    r.rotation = sai_quat_normalize(sai_quat_mul_raw(p.rotation, c.rotation));
    r.scale = sai_v3_mul(p.scale, c.scale);
    if (!sai_v3_finite_fast(r.scale)) r.scale = sai_v3_sat_mul(p.scale, c.scale);
    return r;
}

#endif
