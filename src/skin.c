#include <stickanim/skin.h>

#include "internal/mat4.h"

size_t sa_skin_matrices(const sa_mat4 *model, size_t model_count, const int32_t *joints,
                        const sa_mat4 *inverse_bind, size_t count, sa_mat4 *out, size_t capacity) {
    if (!model || model_count == 0 || count == 0) return 0;
    if (joints) {
        for (size_t k = 0; k < count; ++k)
            if (joints[k] < 0 || (size_t)joints[k] >= model_count) return 0;
    } else if (count > model_count) {
        return 0;
    }
    if (!out) return count;
    if (capacity < count) return 0;
    for (size_t k = 0; k < count; ++k) {
        const sa_mat4 *m = &model[joints ? (size_t)joints[k] : k];
        out[k] = inverse_bind ? sai_mat4_mul(m, &inverse_bind[k]) : *m;
    }
    return count;
}

sa_skin_job sa_skin_job_default(void) {
    sa_skin_job job;
    memset(&job, 0, sizeof job);
    job.influences = SA_SKIN_MAX_INFLUENCES;
    return job;
}

/* A strided array's stride: the given one, or the packed size for 0. */
static size_t stride_of(size_t stride, size_t packed) { return stride ? stride : packed; }

static bool array_ok(const void *p, size_t stride, size_t packed, size_t align) {
    if (stride != 0 && (stride < packed || stride % align != 0)) return false;
    return (uintptr_t)p % align == 0;
}

/* What sa_skin_run() refuses: pointers, counts, strides and alignment, capacity. */
static sa_status check_structure(const sa_skin_job *job) {
    if (!job || !job->matrices || !job->joint_indices || !job->in_positions) return SA_ERR_NULL;
    if (job->out_normals && !job->in_normals) return SA_ERR_NULL;
    if (job->matrix_count == 0 || job->vertex_count == 0) return SA_ERR_COUNT;
    const size_t k = job->influences;
    if (k == 0 || k > SA_SKIN_MAX_INFLUENCES) return SA_ERR_COUNT;
    if (!job->joint_weights && k != 1) return SA_ERR_NULL;
    const size_t v3 = 3 * sizeof(float);
    if (!array_ok(job->matrices, 0, 0, _Alignof(sa_mat4)) ||
        !array_ok(job->joint_indices, job->joint_indices_stride, k * sizeof(uint16_t),
                  sizeof(uint16_t)) ||
        (job->joint_weights && !array_ok(job->joint_weights, job->joint_weights_stride,
                                         k * sizeof(float), sizeof(float))) ||
        !array_ok(job->in_positions, job->in_positions_stride, v3, sizeof(float)) ||
        (job->in_normals &&
         !array_ok(job->in_normals, job->in_normals_stride, v3, sizeof(float))) ||
        (job->out_normals &&
         !array_ok(job->out_normals, job->out_normals_stride, v3, sizeof(float))) ||
        (job->out && !array_ok(job->out, job->out_stride, v3, sizeof(float))))
        return SA_ERR_RANGE;
    if (job->out && job->capacity < job->vertex_count) return SA_ERR_CAPACITY;
    return SA_OK;
}

static const void *at(const void *base, size_t stride, size_t i) {
    return (const unsigned char *)base + stride * i;
}

static float *at_out(float *base, size_t stride, size_t i) {
    return (float *)(void *)((unsigned char *)base + stride * i);
}

/* The largest usable weight: four of them sum without overflow (skin.h). */
#define MAX_WEIGHT 1e30f

sa_status sa_skin_validate(const sa_skin_job *job) {
    const sa_status s = check_structure(job);
    if (s != SA_OK) return s;
    for (size_t m = 0; m < job->matrix_count; ++m)
        if (!sai_mat4_finite(&job->matrices[m])) return SA_ERR_NOT_FINITE;
    const size_t k = job->influences;
    const size_t si = stride_of(job->joint_indices_stride, k * sizeof(uint16_t));
    const size_t sw = stride_of(job->joint_weights_stride, k * sizeof(float));
    for (size_t v = 0; v < job->vertex_count; ++v) {
        const uint16_t *idx = (const uint16_t *)at(job->joint_indices, si, v);
        const float *w = job->joint_weights ? (const float *)at(job->joint_weights, sw, v) : NULL;
        for (size_t i = 0; i < k; ++i) {
            if (idx[i] >= job->matrix_count) return SA_ERR_RANGE;
            if (w && !sai_finite(w[i])) return SA_ERR_NOT_FINITE;
            if (w && !(w[i] >= 0.0f && w[i] <= MAX_WEIGHT)) return SA_ERR_RANGE;
        }
    }
    return SA_OK;
}

static sa_vec3 load3(const float *p) { return sai_v3(p[0], p[1], p[2]); }

static void store3(float *p, sa_vec3 v) {
    p[0] = v.x;
    p[1] = v.y;
    p[2] = v.z;
}

/* M's inverse transpose applied to n, up to a positive factor: cofactor(M)·n times the sign of
 * det(M), where cofactor(M) has the columns b × c, c × a, a × b of M's columns a, b, c. */
static sa_vec3 normal_through(const float *m, sa_vec3 n) {
    const sa_vec3 a = sai_v3(m[0], m[1], m[2]), b = sai_v3(m[4], m[5], m[6]),
                  c = sai_v3(m[8], m[9], m[10]);
    const sa_vec3 bc = sai_v3_cross(b, c), ca = sai_v3_cross(c, a), ab = sai_v3_cross(a, b);
    const float sign = sai_v3_dot(a, bc) < 0.0f ? -1.0f : 1.0f;
    return sai_v3_scale(
        sai_v3_add(sai_v3_add(sai_v3_scale(bc, n.x), sai_v3_scale(ca, n.y)), sai_v3_scale(ab, n.z)),
        sign);
}

static const sa_mat4 sai_zero = {{0.0f}};

#if defined(__GNUC__) || defined(__clang__)
typedef float sai_f4 __attribute__((vector_size(16)));
/* out = Σ wᵢ·mᵢ over the 16 elements, four columns at a time (GCC and clang vector extensions:
 * SSE, NEON or wasm SIMD when enabled, scalar code otherwise, the same sums either way). */
static void blend4(const float *const *mats, float w0, float w1, float w2, float w3, float *out) {
    for (int c = 0; c < 4; ++c) {
        sai_f4 a, b, d, e, r;
        memcpy(&a, mats[0] + 4 * c, sizeof a);
        memcpy(&b, mats[1] + 4 * c, sizeof b);
        memcpy(&d, mats[2] + 4 * c, sizeof d);
        memcpy(&e, mats[3] + 4 * c, sizeof e);
        r = a * w0 + b * w1 + d * w2 + e * w3;
        memcpy(out + 4 * c, &r, sizeof r);
    }
}
#else
static void blend4(const float *const *mats, float w0, float w1, float w2, float w3, float *out) {
    for (int e = 0; e < 16; ++e)
        out[e] = w0 * mats[0][e] + w1 * mats[1][e] + w2 * mats[2][e] + w3 * mats[3][e];
}
#endif

/* v normalised in float (finite v: the careful path only for the tiny or huge); 0 for zero. */
static sa_vec3 unit(sa_vec3 v) {
    const float n2 = sai_v3_dot(v, v);
    if (n2 >= 1e-30f && n2 <= 1e30f) return sai_v3_scale(v, 1.0f / sqrtf(n2));
    return sai_v3_normalize(v);
}

size_t sa_skin_run(const sa_skin_job *job) {
    if (check_structure(job) != SA_OK) return 0;
    const size_t n = job->vertex_count;
    if (!job->out) return n; /* count-only call */
    const size_t k = job->influences, nm = job->matrix_count;
    const size_t v3 = 3 * sizeof(float);
    const size_t si = stride_of(job->joint_indices_stride, k * sizeof(uint16_t));
    const size_t sw = stride_of(job->joint_weights_stride, k * sizeof(float));
    const size_t sp = stride_of(job->in_positions_stride, v3), so = stride_of(job->out_stride, v3);
    const bool normals = job->in_normals && job->out_normals;
    const size_t sn = stride_of(job->in_normals_stride, v3);
    const size_t son = stride_of(job->out_normals_stride, v3);
    for (size_t v = 0; v < n; ++v) {
        const uint16_t *idx = (const uint16_t *)at(job->joint_indices, si, v);
        const float *wv = job->joint_weights ? (const float *)at(job->joint_weights, sw, v) : NULL;
        const sa_vec3 p = load3((const float *)at(job->in_positions, sp, v));
        const sa_vec3 nrm =
            normals ? load3((const float *)at(job->in_normals, sn, v)) : sai_v3(0.0f, 0.0f, 0.0f);
        /* The usable influences: positive finite weights on joints in range; the slots left
         * over weigh 0 on a zero matrix, so the blend below is one fixed 4-term sum. */
        const float *mats[SA_SKIN_MAX_INFLUENCES] = {sai_zero.m, sai_zero.m, sai_zero.m,
                                                     sai_zero.m};
        float w[SA_SKIN_MAX_INFLUENCES] = {0.0f, 0.0f, 0.0f, 0.0f};
        size_t used = 0;
        float sum = 0.0f;
        for (size_t i = 0; i < k; ++i) {
            const float wi = wv ? wv[i] : 1.0f;
            if (!(wi > 0.0f && wi <= MAX_WEIGHT) || idx[i] >= nm) continue;
            mats[used] = job->matrices[idx[i]].m;
            w[used++] = wi;
            sum += wi;
        }
        sa_vec3 out_p = p, out_n = nrm;
        if (used > 0) {
            /* The blended matrix, all 16 elements (the bottom row unread): 16 lanes vectorise.
             * One influence is its matrix itself. */
            float blend[16];
            const float *m = mats[0];
            if (used > 1) {
                const float inv = 1.0f / sum;
                const float w0 = w[0] * inv, w1 = w[1] * inv, w2 = w[2] * inv, w3 = w[3] * inv;
                blend4(mats, w0, w1, w2, w3, blend);
                m = blend;
            }
            out_p = sai_v3(m[0] * p.x + m[4] * p.y + m[8] * p.z + m[12],
                           m[1] * p.x + m[5] * p.y + m[9] * p.z + m[13],
                           m[2] * p.x + m[6] * p.y + m[10] * p.z + m[14]);
            if (normals) out_n = normal_through(m, nrm);
        }
        if (!sai_v3_finite(out_p) || (normals && !sai_v3_finite(out_n))) {
            out_p = sai_v3_finite_or(p, sai_v3(0.0f, 0.0f, 0.0f));
            out_n = nrm;
        }
        store3(at_out(job->out, so, v), out_p);
        if (normals) store3(at_out(job->out_normals, son, v), unit(out_n));
    }
    return n;
}
