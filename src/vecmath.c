#include <stickanim/vecmath.h>

#include "internal/scalar.h"
#include "internal/mat4.h"
#include "internal/xform.h"

float sa_clamp(float v, float lo, float hi) { return sai_clamp(v, lo, hi); }
float sa_saturate(float v) { return sai_saturate(v); }
float sa_lerp(float a, float b, float t) { return sai_lerp(a, b, t); }
float sa_smooth(float u) { return sai_smooth(u); }
bool sa_is_finite(float v) { return sai_finite(v); }
float sa_phase_wrap(float phase) { return sai_phase_wrap(phase); }
float sa_phase_advance(float phase, float cycles) { return sai_phase_advance(phase, cycles); }

float sa_smooth_range(float e0, float e1, float x) {
    if (!(x == x)) return 0.0f;
    if (!(e1 > e0)) return x >= e0 ? 1.0f : 0.0f;
    return sai_smooth((x - e0) / (e1 - e0));
}

float sa_ease_apply(sa_ease e, float u) { return sai_ease_apply(e, u); }

sa_vec2 sa_v2(float x, float y) { return sai_v2(x, y); }
sa_vec2 sa_v2_add(sa_vec2 a, sa_vec2 b) { return sai_v2_add(a, b); }
sa_vec2 sa_v2_sub(sa_vec2 a, sa_vec2 b) { return sai_v2_sub(a, b); }
sa_vec2 sa_v2_scale(sa_vec2 v, float s) { return sai_v2_scale(v, s); }
float sa_v2_dot(sa_vec2 a, sa_vec2 b) { return sai_v2_dot(a, b); }
float sa_v2_length(sa_vec2 v) { return sai_v2_length(v); }
float sa_v2_distance(sa_vec2 a, sa_vec2 b) {
    const float r = sai_v2_length(sai_v2_sub(a, b));
    if (sai_finite(r) || !sai_v2_finite(a) || !sai_v2_finite(b)) return r;
    /* The difference of two finite points overflowed: measure it in double. */
    return sai_narrow(sai_hypot_d((double)a.x - (double)b.x, (double)a.y - (double)b.y));
}
sa_vec2 sa_v2_lerp(sa_vec2 a, sa_vec2 b, float t) { return sai_v2_lerp(a, b, t); }
bool sa_v2_is_finite(sa_vec2 v) { return sai_v2_finite(v); }

sa_vec2 sa_v2_normalize(sa_vec2 v) { return sai_v2_normalize_or(v, sai_v2(0.0f, 0.0f)); }

sa_vec3 sa_v3(float x, float y, float z) { return sai_v3(x, y, z); }
sa_vec3 sa_v3_add(sa_vec3 a, sa_vec3 b) { return sai_v3_add(a, b); }
sa_vec3 sa_v3_sub(sa_vec3 a, sa_vec3 b) { return sai_v3_sub(a, b); }
sa_vec3 sa_v3_scale(sa_vec3 v, float s) { return sai_v3_scale(v, s); }
sa_vec3 sa_v3_mul(sa_vec3 a, sa_vec3 b) { return sai_v3_mul(a, b); }
float sa_v3_dot(sa_vec3 a, sa_vec3 b) { return sai_v3_dot(a, b); }
sa_vec3 sa_v3_cross(sa_vec3 a, sa_vec3 b) { return sai_v3_cross(a, b); }
float sa_v3_length(sa_vec3 v) { return sai_v3_length(v); }
float sa_v3_distance(sa_vec3 a, sa_vec3 b) {
    const double x = (double)a.x - (double)b.x, y = (double)a.y - (double)b.y,
                 z = (double)a.z - (double)b.z;
    return sai_narrow(sqrt(x * x + y * y + z * z));
}
sa_vec3 sa_v3_lerp(sa_vec3 a, sa_vec3 b, float t) { return sai_v3_lerp(a, b, t); }
sa_vec3 sa_v3_normalize(sa_vec3 v) { return sai_v3_normalize(v); }
bool sa_v3_is_finite(sa_vec3 v) { return sai_v3_finite(v); }

sa_quat sa_quat_make(float x, float y, float z, float w) { return sai_quat(x, y, z, w); }
sa_quat sa_quat_identity(void) { return sai_quat_identity(); }
sa_quat sa_quat_normalize(sa_quat q) { return sai_quat_normalize(q); }
sa_quat sa_quat_conjugate(sa_quat q) { return sai_quat_conjugate(q); }
float sa_quat_dot(sa_quat a, sa_quat b) { return sai_quat_dot(a, b); }
bool sa_quat_is_finite(sa_quat q) { return sai_quat_finite(q); }

sa_quat sa_quat_mul(sa_quat a, sa_quat b) {
    return sai_quat_normalize(sai_quat_mul_raw(sai_quat_normalize(a), sai_quat_normalize(b)));
}

sa_vec3 sa_quat_rotate(sa_quat q, sa_vec3 v) {
    return sai_quat_rotate_unit(sai_quat_normalize(q), v);
}

sa_quat sa_quat_from_axis_angle(sa_vec3 axis, float radians) {
    const sa_vec3 n = sai_v3_normalize(axis);
    if (!sai_finite(radians) || (n.x == 0.0f && n.y == 0.0f && n.z == 0.0f)) {
        return sai_quat_identity();
    }
    /* In double: the half angle of a large angle keeps its precision. */
    const double h = 0.5 * (double)radians, s = sai_sin_d(h);
    return sai_quat_normalize(sai_quat((float)((double)n.x * s), (float)((double)n.y * s),
                                       (float)((double)n.z * s), (float)sai_cos_d(h)));
}

sa_quat sa_quat_from_to(sa_vec3 from, sa_vec3 to) {
    const sa_vec3 f = sai_v3_normalize(from), t = sai_v3_normalize(to);
    if (sai_v3_dot(f, f) == 0.0f || sai_v3_dot(t, t) == 0.0f) return sai_quat_identity();
    const float d = sai_v3_dot(f, t);
    if (d < -0.999999f) {
        /* Opposite: a half turn about any axis perpendicular to from. */
        sa_vec3 axis = sai_v3_cross(sai_v3(1.0f, 0.0f, 0.0f), f);
        if (sai_v3_dot(axis, axis) < 1e-6f) axis = sai_v3_cross(sai_v3(0.0f, 1.0f, 0.0f), f);
        axis = sai_v3_normalize(axis);
        return sai_quat(axis.x, axis.y, axis.z, 0.0f);
    }
    const sa_vec3 c = sai_v3_cross(f, t);
    return sai_quat_normalize(sai_quat(c.x, c.y, c.z, 1.0f + d));
}

float sa_quat_angle(sa_quat q) {
    const sa_quat n = sai_quat_normalize(q);
    const float v = sqrtf(n.x * n.x + n.y * n.y + n.z * n.z);
    return 2.0f * sai_atan2f(v, fabsf(n.w));
}

float sa_quat_angle_between(sa_quat a, sa_quat b) {
    return sa_quat_angle(
        sai_quat_mul_raw(sai_quat_conjugate(sai_quat_normalize(a)), sai_quat_normalize(b)));
}

sa_quat sa_quat_nlerp(sa_quat a, sa_quat b, float t) {
    return sai_quat_nlerp_unit(sai_quat_normalize(a), sai_quat_normalize(b), sai_quat_factor(t));
}

sa_quat sa_quat_slerp(sa_quat a, sa_quat b, float t) {
    return sai_quat_slerp_unit(sai_quat_normalize(a), sai_quat_normalize(b), sai_quat_factor(t));
}

sa_transform sa_transform_identity(void) { return sai_transform_identity(); }
sa_transform sa_transform_make(sa_vec3 translation, sa_quat rotation, sa_vec3 scale) {
    return sai_transform(translation, rotation, scale);
}
sa_transform sa_transform_sanitize(sa_transform t) { return sai_transform_sanitize(t); }
bool sa_transform_is_finite(sa_transform t) { return sai_transform_finite(t); }

sa_transform sa_transform_mul(sa_transform parent, sa_transform child) {
    return sai_transform_mul_unit(sai_transform_sanitize(parent), sai_transform_sanitize(child));
}

sa_vec3 sa_transform_point(sa_transform t, sa_vec3 p) {
    return sai_transform_point_unit(sai_transform_sanitize(t), p);
}

sa_mat4 sa_mat4_identity(void) { return sai_mat4_identity(); }

sa_mat4 sa_mat4_from_transform(sa_transform t) {
    return sai_mat4_from_transform_unit(sai_transform_sanitize(t));
}

sa_mat4 sa_mat4_mul(sa_mat4 a, sa_mat4 b) { return sai_mat4_mul(&a, &b); }

sa_vec3 sa_mat4_transform_point(sa_mat4 m, sa_vec3 p) { return sai_mat4_point(&m, p); }

sa_vec3 sa_mat4_transform_vector(sa_mat4 m, sa_vec3 v) { return sai_mat4_vector(&m, v); }

bool sa_mat4_is_finite(sa_mat4 m) { return sai_mat4_finite(&m); }

/* The adjugate over the determinant, by 2×2 sub-determinants of the top and bottom row pairs, in
 * double. */
sa_mat4 sa_mat4_invert(sa_mat4 m) {
    if (!sai_mat4_finite(&m)) return sai_mat4_identity();
    double a[16];
    for (int i = 0; i < 16; ++i)
        a[i] = (double)m.m[i];
        /* e(r, c) = element at row r, column c. */
#define E(r, c) a[4 * (c) + (r)]
    const double s0 = E(0, 0) * E(1, 1) - E(1, 0) * E(0, 1);
    const double s1 = E(0, 0) * E(1, 2) - E(1, 0) * E(0, 2);
    const double s2 = E(0, 0) * E(1, 3) - E(1, 0) * E(0, 3);
    const double s3 = E(0, 1) * E(1, 2) - E(1, 1) * E(0, 2);
    const double s4 = E(0, 1) * E(1, 3) - E(1, 1) * E(0, 3);
    const double s5 = E(0, 2) * E(1, 3) - E(1, 2) * E(0, 3);
    const double c5 = E(2, 2) * E(3, 3) - E(3, 2) * E(2, 3);
    const double c4 = E(2, 1) * E(3, 3) - E(3, 1) * E(2, 3);
    const double c3 = E(2, 1) * E(3, 2) - E(3, 1) * E(2, 2);
    const double c2 = E(2, 0) * E(3, 3) - E(3, 0) * E(2, 3);
    const double c1 = E(2, 0) * E(3, 2) - E(3, 0) * E(2, 2);
    const double c0 = E(2, 0) * E(3, 1) - E(3, 0) * E(2, 1);
    const double det = s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
    double scale = 1.0;
    for (int c = 0; c < 4; ++c)
        scale *= sqrt(a[4 * c] * a[4 * c] + a[4 * c + 1] * a[4 * c + 1] +
                      a[4 * c + 2] * a[4 * c + 2] + a[4 * c + 3] * a[4 * c + 3]);
    if (!(fabs(det) > 1e-30 * scale)) return sai_mat4_identity();
    const double k = 1.0 / det;
    double r[16];
#define R(row, col) r[4 * (col) + (row)]
    R(0, 0) = (E(1, 1) * c5 - E(1, 2) * c4 + E(1, 3) * c3) * k;
    R(0, 1) = (-E(0, 1) * c5 + E(0, 2) * c4 - E(0, 3) * c3) * k;
    R(0, 2) = (E(3, 1) * s5 - E(3, 2) * s4 + E(3, 3) * s3) * k;
    R(0, 3) = (-E(2, 1) * s5 + E(2, 2) * s4 - E(2, 3) * s3) * k;
    R(1, 0) = (-E(1, 0) * c5 + E(1, 2) * c2 - E(1, 3) * c1) * k;
    R(1, 1) = (E(0, 0) * c5 - E(0, 2) * c2 + E(0, 3) * c1) * k;
    R(1, 2) = (-E(3, 0) * s5 + E(3, 2) * s2 - E(3, 3) * s1) * k;
    R(1, 3) = (E(2, 0) * s5 - E(2, 2) * s2 + E(2, 3) * s1) * k;
    R(2, 0) = (E(1, 0) * c4 - E(1, 1) * c2 + E(1, 3) * c0) * k;
    R(2, 1) = (-E(0, 0) * c4 + E(0, 1) * c2 - E(0, 3) * c0) * k;
    R(2, 2) = (E(3, 0) * s4 - E(3, 1) * s2 + E(3, 3) * s0) * k;
    R(2, 3) = (-E(2, 0) * s4 + E(2, 1) * s2 - E(2, 3) * s0) * k;
    R(3, 0) = (-E(1, 0) * c3 + E(1, 1) * c1 - E(1, 2) * c0) * k;
    R(3, 1) = (E(0, 0) * c3 - E(0, 1) * c1 + E(0, 2) * c0) * k;
    R(3, 2) = (-E(3, 0) * s3 + E(3, 1) * s1 - E(3, 2) * s0) * k;
    R(3, 3) = (E(2, 0) * s3 - E(2, 1) * s1 + E(2, 2) * s0) * k;
#undef R
#undef E
    sa_mat4 out;
    for (int i = 0; i < 16; ++i) {
        if (!(fabs(r[i]) <= (double)FLT_MAX)) return sai_mat4_identity();
        out.m[i] = (float)r[i];
    }
    return out;
}
