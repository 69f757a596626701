/* Inline copies of the 4×4 matrix helpers for use inside the library (the skeleton's matrix path
 * and skinning), so inner loops need no call. The exported functions in vecmath.c are defined
 * from these, and tests/test_vecmath.c checks that both agree. Column-major: m[4·col + row].
 * Not installed. */
#ifndef STICKANIM_INTERNAL_MAT4_H
#define STICKANIM_INTERNAL_MAT4_H

#include "xform.h"

SAI_INLINE sa_mat4 sai_mat4_identity(void) {
    sa_mat4 r;
    for (int i = 0; i < 16; ++i)
        r.m[i] = (i % 5 == 0) ? 1.0f : 0.0f;
    return r;
}

/* translation · rotation · scale of a clean transform (finite, unit rotation). */
SAI_INLINE sa_mat4 sai_mat4_from_transform_unit(sa_transform t) {
    const sa_quat q = t.rotation;
    const float x2 = q.x + q.x, y2 = q.y + q.y, z2 = q.z + q.z;
    const float xx = q.x * x2, yy = q.y * y2, zz = q.z * z2;
    const float xy = q.x * y2, xz = q.x * z2, yz = q.y * z2;
    const float wx = q.w * x2, wy = q.w * y2, wz = q.w * z2;
    sa_mat4 r;
    r.m[0] = (1.0f - (yy + zz)) * t.scale.x;
    r.m[1] = (xy + wz) * t.scale.x;
    r.m[2] = (xz - wy) * t.scale.x;
    r.m[3] = 0.0f;
    r.m[4] = (xy - wz) * t.scale.y;
    r.m[5] = (1.0f - (xx + zz)) * t.scale.y;
    r.m[6] = (yz + wx) * t.scale.y;
    r.m[7] = 0.0f;
    r.m[8] = (xz + wy) * t.scale.z;
    r.m[9] = (yz - wx) * t.scale.z;
    r.m[10] = (1.0f - (xx + yy)) * t.scale.z;
    r.m[11] = 0.0f;
    r.m[12] = t.translation.x;
    r.m[13] = t.translation.y;
    r.m[14] = t.translation.z;
    r.m[15] = 1.0f;
    return r;
}

/* a·b in general. */
SAI_INLINE sa_mat4 sai_mat4_mul(const sa_mat4 *a, const sa_mat4 *b) {
    sa_mat4 r;
    for (int c = 0; c < 4; ++c) {
        for (int row = 0; row < 4; ++row) {
            r.m[4 * c + row] = a->m[row] * b->m[4 * c] + a->m[4 + row] * b->m[4 * c + 1] +
                               a->m[8 + row] * b->m[4 * c + 2] + a->m[12 + row] * b->m[4 * c + 3];
        }
    }
    return r;
}

/* a·b for affine matrices (bottom rows 0, 0, 0, 1, not read): 36 multiplications instead of 64.
 * The same sums in the same order as sai_mat4_mul() where the bottom row's terms are zero. */
SAI_INLINE sa_mat4 sai_mat4_mul_affine(const sa_mat4 *a, const sa_mat4 *b) {
    sa_mat4 r;
    for (int c = 0; c < 3; ++c) {
        for (int row = 0; row < 3; ++row) {
            r.m[4 * c + row] = a->m[row] * b->m[4 * c] + a->m[4 + row] * b->m[4 * c + 1] +
                               a->m[8 + row] * b->m[4 * c + 2];
        }
        r.m[4 * c + 3] = 0.0f;
    }
    for (int row = 0; row < 3; ++row) {
        r.m[12 + row] = a->m[row] * b->m[12] + a->m[4 + row] * b->m[13] + a->m[8 + row] * b->m[14] +
                        a->m[12 + row];
    }
    r.m[15] = 1.0f;
    return r;
}

/* a·b for affine matrices in double, each element saturated to +-FLT_MAX: the slow path for
 * a product whose float one overflowed (huge finite scales and translations). */
SAI_INLINE sa_mat4 sai_mat4_mul_affine_saturating(const sa_mat4 *a, const sa_mat4 *b) {
    sa_mat4 r;
    for (int c = 0; c < 4; ++c) {
        for (int row = 0; row < 3; ++row) {
            double v = (double)a->m[row] * (double)b->m[4 * c] +
                       (double)a->m[4 + row] * (double)b->m[4 * c + 1] +
                       (double)a->m[8 + row] * (double)b->m[4 * c + 2];
            if (c == 3) v += (double)a->m[12 + row];
            r.m[4 * c + row] = v > (double)FLT_MAX    ? FLT_MAX
                               : v < -(double)FLT_MAX ? -FLT_MAX
                                                      : (float)v;
        }
        r.m[4 * c + 3] = c == 3 ? 1.0f : 0.0f;
    }
    return r;
}

SAI_INLINE sa_vec3 sai_mat4_point(const sa_mat4 *m, sa_vec3 p) {
    return sai_v3(m->m[0] * p.x + m->m[4] * p.y + m->m[8] * p.z + m->m[12],
                  m->m[1] * p.x + m->m[5] * p.y + m->m[9] * p.z + m->m[13],
                  m->m[2] * p.x + m->m[6] * p.y + m->m[10] * p.z + m->m[14]);
}

SAI_INLINE sa_vec3 sai_mat4_vector(const sa_mat4 *m, sa_vec3 v) {
    return sai_v3(m->m[0] * v.x + m->m[4] * v.y + m->m[8] * v.z,
                  m->m[1] * v.x + m->m[5] * v.y + m->m[9] * v.z,
                  m->m[2] * v.x + m->m[6] * v.y + m->m[10] * v.z);
}

SAI_INLINE bool sai_mat4_finite(const sa_mat4 *m) {
    float sum = 0.0f; /* NaN and infinity survive a sum; an overflowing sum takes the slow path */
    for (int i = 0; i < 16; ++i)
        sum += m->m[i];
    if (sai_finite(sum)) return true;
    for (int i = 0; i < 16; ++i)
        if (!sai_finite(m->m[i])) return false;
    return true;
}

#endif
