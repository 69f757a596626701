/* The body of the local -> model job for callers that validated already (skeleton.c, soa.c).
 * Not installed. */
#ifndef STICKANIM_INTERNAL_SKELETON_RUN_H
#define STICKANIM_INTERNAL_SKELETON_RUN_H

#include <stickanim/skeleton.h>

/* model[i] = model[parent(i)] o local[i] for the n joints of a valid skeleton's `parents`, with
 * root (NULL: the identity) above the roots; the rule of sa_skeleton_local_to_model_run(). */
void sai_skeleton_local_to_model(const int32_t *parents, const sa_transform *local,
                                 const sa_transform *root, sa_transform *model, size_t n);

#include <string.h>

#include "lanes.h"

/* The joint count and the parents as sa_skeleton_validate() checks them, with its statuses:
 * parents[i] is -1 or in [0, i) exactly when parents[i] + 1 is in [0, i], unsigned. Branch-free
 * and inline: a job checks its skeleton on every run. */
SAI_INLINE sa_status sai_check_hierarchy(const int32_t *parents, size_t joint_count) {
    if (!parents) return SA_ERR_NULL;
    if (joint_count == 0) return SA_ERR_COUNT;
    if (joint_count > SA_SKELETON_MAX_JOINTS) return SA_ERR_TOO_MANY_JOINTS;
    uint32_t misplaced = 0;
    size_t i = 0;
#if SAI_HAS_LANES
    /* The same test four joints at a time. */
    typedef uint32_t sai_u4 __attribute__((vector_size(16)));
    sai_u4 index = {0, 1, 2, 3};
    sai_i4 bad = {0, 0, 0, 0};
    for (; i + 4 <= joint_count; i += 4) {
        sai_u4 p;
        memcpy(&p, &parents[i], sizeof p);
        bad |= p + 1u > index;
        index += 4u;
    }
    misplaced = sai_lanes_any(bad);
#endif
    for (; i < joint_count; ++i)
        misplaced |= (uint32_t)parents[i] + 1u > (uint32_t)i;
    return misplaced ? SA_ERR_PARENT_ORDER : SA_OK;
}

/* The checks of sa_skeleton_validate() but the rest pose's, for the functions that read only the
 * hierarchy (local -> model, subtrees), which never read the rest pose: 200 floats to test in a
 * 20-joint skeleton, on every run of a per-frame job. */
SAI_INLINE sa_status sai_skeleton_check_hierarchy(const sa_skeleton *skeleton) {
    if (!skeleton) return SA_ERR_NULL;
    return sai_check_hierarchy(skeleton->parents, skeleton->joint_count);
}

/* |q|^2 as the quick local -> model path sums it (norm2_4(), one joint at a time). */
SAI_INLINE float sai_l2m_norm2(sa_quat q) {
    return (q.x * q.x + q.y * q.y) + (q.z * q.z + q.w * q.w);
}

/* The Hamilton product a * b as the quick local -> model path sums it (quat_mul4(), one joint at
 * a time): each component two pairs of terms, so the chain from a parent's rotation to its
 * child's is one multiplication and two additions. */
SAI_INLINE sa_quat sai_l2m_quat_mul(sa_quat a, sa_quat b) {
    return (sa_quat){(a.w * b.x + a.x * b.w) + (a.y * b.z - a.z * b.y),
                     (a.w * b.y - a.x * b.z) + (a.y * b.w + a.z * b.x),
                     (a.w * b.z + a.x * b.y) + (a.z * b.w - a.y * b.x),
                     (a.w * b.w - a.x * b.x) - (a.y * b.y + a.z * b.z)};
}

/* v turned by the rotation raw k (k^2 = k2), as the quick local -> model pass turns a child's
 * translation: raw is the parent's unnormalised product and k its Newton factor, so the turn
 * starts from the product itself, not waiting for the factor, which joins at the end
 * (rotating by k raw is rotating by raw with both cross terms scaled by k^2). */
SAI_INLINE sa_vec3 sai_l2m_rotate(sa_quat raw, float k2, sa_vec3 v) {
    const sa_vec3 r = sai_v3(raw.x, raw.y, raw.z);
    const sa_vec3 t2 = sai_v3_scale(sai_v3_cross(r, v), 2.0f);
    const sa_vec3 u = sai_v3_add(sai_v3_scale(t2, raw.w), sai_v3_cross(r, t2));
    return sai_v3_add(v, sai_v3_scale(u, k2));
}

/* The quick local -> model path renormalises rotation products with one Newton step, whose error
 * is 3/8 (n2 - 1)^2: it runs while the squares of every product's |n2 - 1| sum to at most this
 * (so each |n2 - 1| <= 3e-4 and the error is below 4e-8); else the careful path runs. */
#define SAI_L2M_NEWTON_DEV2 9e-8f
/* A root joint with no root transform is copied, so its rotation must be unit as
 * sai_transform_clean() sees it. */
#define SAI_L2M_UNIT_DEV 1e-5f

#if SAI_HAS_LANES
/* The quick local -> model path's pieces, shared by the AoS job (skeleton.c) and the SoA one
 * (soa.c) so that both compute the same bits. */
/* One joint's model transform as vectors: translation and scale in lanes 0-2, the rotation, its
 * raw product x, y, z, w and the square of the Newton factor between them in every lane. */
typedef struct sai_model4 {
    sai_f4 t, q, s, raw, k2;
} sai_model4;

/* r = a x b, lanes 0-2, in the float operations of sai_v3_cross(): u = a b.yzx - a.yzx b holds
 * the components y, z, x (lane 1 is a.y b.z - a.z b.y, ...), so r = u.yzx; three shuffles, and
 * a.yzx is shared by the two products of a rotation. */
SAI_INLINE sai_f4 cross4(sai_f4 a, sai_f4 b) {
    const sai_f4 u = a * SAI_SHUFFLE(b, b, 1, 2, 0, 3) - SAI_SHUFFLE(a, a, 1, 2, 0, 3) * b;
    return SAI_SHUFFLE(u, u, 1, 2, 0, 3);
}

/* The Hamilton product a * b, sai_l2m_quat_mul()'s float operations: the signs sit on b's
 * shuffled copies (exact), so a (the chain) meets one multiplication and two additions. */
SAI_INLINE sai_f4 quat_mul4(sai_f4 a, sai_f4 b) {
    const sai_i4 s2 = {0, INT32_MIN, 0, INT32_MIN}, s3 = {0, 0, INT32_MIN, INT32_MIN},
                 s4 = {INT32_MIN, 0, 0, INT32_MIN};
    const sai_f4 b2 = (sai_f4)((sai_i4)SAI_SHUFFLE(b, b, 3, 2, 1, 0) ^ s2);
    const sai_f4 b3 = (sai_f4)((sai_i4)SAI_SHUFFLE(b, b, 2, 3, 0, 1) ^ s3);
    const sai_f4 b4 = (sai_f4)((sai_i4)SAI_SHUFFLE(b, b, 1, 0, 3, 2) ^ s4);
    return (SAI_SHUFFLE(a, a, 3, 3, 3, 3) * b + SAI_SHUFFLE(a, a, 0, 0, 0, 0) * b2) +
           (SAI_SHUFFLE(a, a, 1, 1, 1, 1) * b3 + SAI_SHUFFLE(a, a, 2, 2, 2, 2) * b4);
}

/* |q|^2 in every lane, summed x, y, z, w in sai_quat_dot()'s order: the test of a root's
 * rotation copied as it is, exactly sai_transform_clean()'s. */
SAI_INLINE sai_f4 dot2_4(sai_f4 q) {
    const sai_f4 sq = q * q;
    const sai_f4 n2 = sq + SAI_SHUFFLE(sq, sq, 1, 1, 1, 1) + SAI_SHUFFLE(sq, sq, 2, 2, 2, 2) +
                      SAI_SHUFFLE(sq, sq, 3, 3, 3, 3);
    return SAI_SHUFFLE(n2, n2, 0, 0, 0, 0);
}

/* |q|^2 in every lane as sai_l2m_norm2() sums it, (x^2 + y^2) + (z^2 + w^2): two shuffles, where
 * the left-to-right sum of sai_quat_dot() takes four and a longer chain. Every lane gets the
 * same bits (float addition commutes exactly). */
SAI_INLINE sai_f4 norm2_4(sai_f4 q) {
    const sai_f4 sq = q * q;
    const sai_f4 pairs = sq + SAI_SHUFFLE(sq, sq, 1, 0, 3, 2);
    return pairs + SAI_SHUFFLE(pairs, pairs, 2, 3, 0, 1);
}

/* What the checks of a whole pose need: the sum of every product's (n2 - 1)^2, and a sum of
 * every translation and scale (a NaN, an infinity or an overflow anywhere stays in these; a sum
 * that overflows from huge finite parts merely sends the pose down the careful path). */
typedef struct sai_model_checks {
    sai_f4 dev2, sum;
} sai_model_checks;

/* One joint below its parent (or the root transform) par. */
SAI_INLINE void compose4(const sai_model4 *par, sai_f4 lt, sai_f4 lq, sai_f4 ls, sai_model4 *m,
                         sai_model_checks *c) {
    const sai_f4 v = par->s * lt;
    const sai_f4 cr = cross4(par->raw, v);
    const sai_f4 t2 = cr + cr;
    const sai_f4 u = t2 * SAI_SHUFFLE(par->raw, par->raw, 3, 3, 3, 3) + cross4(par->raw, t2);
    m->t = par->t + (v + u * par->k2);
    /* Constants as vectors in memory, operands of the arithmetic (splatted scalars would be
     * built again at every joint). */
    static const sai_f4 one = {1.0f, 1.0f, 1.0f, 1.0f}, half = {0.5f, 0.5f, 0.5f, 0.5f},
                        three_halves = {1.5f, 1.5f, 1.5f, 1.5f};
    m->raw = quat_mul4(par->raw, lq);
    const sai_f4 n2 = norm2_4(m->raw);
    const sai_f4 k = three_halves - half * n2;
    m->q = m->raw * k;
    m->k2 = k * k;
    m->s = par->s * ls;
    const sai_f4 dev = n2 - one;
    c->dev2 += dev * dev;
    c->sum += m->t + m->s;
}

/* Writes one joint's model transform. */
SAI_INLINE void store_model4(const sai_model4 *x, sa_transform *out) {
    sai_f4_store(&out->translation, SAI_SHUFFLE(x->t, x->q, 0, 1, 2, 4));
    sai_f4_store(&out->rotation.y, SAI_SHUFFLE(x->q, x->s, 1, 2, 3, 4));
    const sai_f4 sy = SAI_SHUFFLE(x->s, x->s, 1, 2, 1, 2);
    memcpy(&out->scale.y, &sy, 2 * sizeof(float));
}

/* Writes one joint's model transform with three whole-vector stores, in this order: the
 * translation's lane 3 lands on rotation.x, which the rotation's store then writes, and the
 * scale's lane 3 lands on out[1].translation.x. Only for a joint whose next one is written
 * after it (the last joint takes store_model4()). */
SAI_INLINE void store_model4_spill(const sai_model4 *x, sa_transform *out) {
    sai_f4_store(&out->translation, x->t);
    sai_f4_store(&out->rotation, x->q);
    sai_f4_store(&out->scale, x->s);
}

/* Writes the n model transforms m[0 .. n - 1] to out, in order. */
SAI_INLINE void store_models4(const sai_model4 *m, sa_transform *out, size_t n) {
    for (size_t i = 0; i + 1 < n; ++i)
        store_model4_spill(&m[i], &out[i]);
    store_model4(&m[n - 1], &out[n - 1]);
}
#endif

#endif
