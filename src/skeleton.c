#include <stickanim/skeleton.h>

#include <string.h>

#include "internal/lanes.h"
#include "internal/mat4.h"
#include "internal/skeleton_run.h"

/* Whether every component of the n transforms is finite: a NaN or infinity survives a sum, so
 * finite sums say so at once; a sum that overflowed (huge finite parts) is checked part by part. */
static bool rest_finite(const sa_transform *rest, size_t n) {
    size_t j = 0;
#if SAI_HAS_LANES
    /* One sum per vector of a block, so the additions of a block do not wait for each other
     * (a single running sum is a chain of 2.5 additions per joint: a job validates on every run).
     */
    sai_f4 sums[SAI_VECS4];
    SAI_UNROLL
    for (size_t k = 0; k < SAI_VECS4; ++k)
        sums[k] = sai_f4_splat(0.0f);
    for (; j + 4 <= n; j += 4) {
        SAI_UNROLL
        for (size_t k = 0; k < SAI_VECS4; ++k)
            sums[k] += sai_group4_load(&rest[j], k);
    }
    sai_f4 sum = sums[0];
    SAI_UNROLL
    for (size_t k = 1; k < SAI_VECS4; ++k)
        sum += sums[k];
    if (!sai_lanes_true(sai_f4_finite(sum))) j = 0;
#endif
    for (; j < n; ++j) {
        if (!sai_transform_finite(rest[j])) return false;
    }
    return true;
}

static sa_status check_arrays(const int32_t *parents, const sa_transform *rest,
                              size_t joint_count) {
    if (!parents || !rest) return SA_ERR_NULL;
    const sa_status s = sai_check_hierarchy(parents, joint_count);
    if (s != SA_OK) return s;
    return rest_finite(rest, joint_count) ? SA_OK : SA_ERR_NOT_FINITE;
}

sa_status sa_skeleton_init(sa_skeleton *skeleton, const int32_t *parents, const sa_transform *rest,
                           const char *const *names, size_t joint_count) {
    if (!skeleton) return SA_ERR_NULL;
    const sa_status s = check_arrays(parents, rest, joint_count);
    if (s != SA_OK) return s;
    skeleton->parents = parents;
    skeleton->rest = rest;
    skeleton->names = names;
    skeleton->joint_count = joint_count;
    return SA_OK;
}

sa_status sa_skeleton_validate(const sa_skeleton *skeleton) {
    if (!skeleton) return SA_ERR_NULL;
    return check_arrays(skeleton->parents, skeleton->rest, skeleton->joint_count);
}

int32_t sa_skeleton_find(const sa_skeleton *skeleton, const char *name) {
    if (!skeleton || !name || !skeleton->names) return SA_SKELETON_JOINT_NONE;
    const size_t n = skeleton->joint_count < SA_SKELETON_MAX_JOINTS ? skeleton->joint_count
                                                                    : SA_SKELETON_MAX_JOINTS;
    for (size_t i = 0; i < n; ++i) {
        const char *joint_name = skeleton->names[i];
        if (joint_name && strcmp(joint_name, name) == 0) return (int32_t)i;
    }
    return SA_SKELETON_JOINT_NONE;
}

size_t sa_skeleton_fill_subtree(const sa_skeleton *skeleton, int32_t joint, float value, float *out,
                                size_t capacity) {
    if (sai_skeleton_check_hierarchy(skeleton) != SA_OK) return 0;
    const size_t n = skeleton->joint_count;
    if (joint < 0 || (size_t)joint >= n) return 0;
    if (out && capacity < n) return 0;
    /* Parents come first, so one pass marks the subtree: a joint is in it when its parent is. */
    bool in[SA_SKELETON_MAX_JOINTS];
    size_t written = 0;
    for (size_t i = 0; i < n; ++i) {
        const int32_t p = skeleton->parents[i];
        in[i] = (i == (size_t)joint) || (i > (size_t)joint && p != SA_SKELETON_JOINT_NONE && in[p]);
        if (!in[i]) continue;
        if (out) out[i] = value;
        ++written;
    }
    return written;
}

sa_transform sa_skeleton_joint_model(const sa_skeleton *skeleton, const sa_transform *local,
                                     int32_t joint) {
    if (!local || sai_skeleton_check_hierarchy(skeleton) != SA_OK || joint < 0 ||
        (size_t)joint >= skeleton->joint_count) {
        return sai_transform_identity();
    }
    /* Walk up to the root, then compose back down. */
    int32_t chain[SA_SKELETON_MAX_JOINTS];
    size_t depth = 0;
    for (int32_t j = joint; j != SA_SKELETON_JOINT_NONE; j = skeleton->parents[j])
        chain[depth++] = j;
    sa_transform m = sai_transform_clean(local[chain[depth - 1]]);
    for (size_t k = depth - 1; k-- > 0;) {
        m = sai_transform_mul_unit(m, sai_transform_clean(local[chain[k]]));
    }
    return m;
}

/* local -> model, quickly, for any pose; returns false, with nothing written to `out`, when the
 * pose needs the careful path (a non-finite part, a rotation far from unit length, a translation
 * or scale that overflowed). The rotation chain runs on raw products: raw(i) = raw(parent) *
 * local(i).rotation, and model(i).rotation = raw(i) * (1.5 - 0.5 n2) with n2 = |raw(i)|^2, one
 * Newton step of 1/sqrt. Normalising the product once is normalising each factor first (the
 * clean rule for a rotation off unit length), and the product of near-unit rotations stays near
 * unit length, so one step is exact to float precision; no normalisation sits between a parent's
 * rotation and its child's, so the chain from parent to child is one quaternion product.
 * Translations turn by the normalised rotations, as sai_transform_mul_unit() does, computed as the
 * turn by the raw product with the factor's square applied last (sai_l2m_rotate()), so a child's
 * translation does not wait for its parent's normalisation. Nothing is written
 * before everything is read (in place works). */
#if SAI_HAS_LANES
static bool local_to_model_quick(const int32_t *parents, const sa_transform *local,
                                 const sa_transform *root, sa_transform *out, size_t n) {
    sai_model4 m[SA_SKELETON_MAX_JOINTS], base;
    if (root) {
        base.t = (sai_f4){root->translation.x, root->translation.y, root->translation.z, 0.0f};
        base.q = base.raw = sai_f4_load(&root->rotation);
        base.k2 = sai_f4_splat(1.0f);
        base.s = (sai_f4){root->scale.x, root->scale.y, root->scale.z, 1.0f};
    }
    sai_model_checks c = {sai_f4_splat(0.0f), sai_f4_splat(0.0f)};
    sai_i4 copies_unit = sai_lanes_all();
    sai_model4 prev; /* m[i - 1] in registers (a joint is most often its parent's next), not
                      * read back from memory just written, which would lengthen the chain */
    for (size_t i = 0; i < n; ++i) {
        const sa_transform *l = &local[i];
        const sai_f4 lt = sai_f4_load(&l->translation), lq = sai_f4_load(&l->rotation);
        const sai_f4 s = sai_f4_load(&l->rotation.w); /* w, then the scale */
        const sai_f4 ls = SAI_SHUFFLE(s, s, 1, 2, 3, 0);
        const int32_t p = parents[i];
        sai_model4 cur;
        if (p != SA_SKELETON_JOINT_NONE && (size_t)p + 1 == i) {
            compose4(&prev, lt, lq, ls, &cur, &c);
        } else if (p != SA_SKELETON_JOINT_NONE) {
            compose4(&m[p], lt, lq, ls, &cur, &c);
        } else if (root) {
            compose4(&base, lt, lq, ls, &cur, &c);
        } else {
            cur = (sai_model4){lt, lq, ls, lq, sai_f4_splat(1.0f)};
            const sai_f4 n2 = dot2_4(lq);
            copies_unit &= (n2 >= 1.0f - SAI_L2M_UNIT_DEV) & (n2 <= 1.0f + SAI_L2M_UNIT_DEV);
            c.sum += lt + ls;
        }
        m[i] = prev = cur;
    }
    if (!sai_lanes_true(copies_unit & (c.dev2 <= SAI_L2M_NEWTON_DEV2) & sai_f4_finite(c.sum)))
        return false;
    store_models4(m, out, n);
    return true;
}
#else
/* The same float operations one joint at a time. */
static bool local_to_model_quick(const int32_t *parents, const sa_transform *local,
                                 const sa_transform *root, sa_transform *out, size_t n) {
    sa_transform model[SA_SKELETON_MAX_JOINTS];
    sa_quat raw[SA_SKELETON_MAX_JOINTS];
    float k2[SA_SKELETON_MAX_JOINTS];
    float dev2 = 0.0f, sum = 0.0f;
    int copies_unit = 1;
    for (size_t i = 0; i < n; ++i) {
        const sa_transform *l = &local[i];
        const int32_t p = parents[i];
        const sa_transform *par = p == SA_SKELETON_JOINT_NONE ? root : &model[p];
        if (!par) {
            model[i] = *l;
            raw[i] = l->rotation;
            k2[i] = 1.0f;
            const float n2 = sai_quat_dot(l->rotation, l->rotation);
            copies_unit &= (n2 >= 1.0f - SAI_L2M_UNIT_DEV) & (n2 <= 1.0f + SAI_L2M_UNIT_DEV);
            sum += (l->translation.x + l->translation.y + l->translation.z) +
                   (l->scale.x + l->scale.y + l->scale.z);
            continue;
        }
        const bool under_root = p == SA_SKELETON_JOINT_NONE;
        const sa_quat *par_raw = under_root ? &root->rotation : &raw[p];
        const sa_vec3 t =
            sai_v3_add(par->translation, sai_l2m_rotate(*par_raw, under_root ? 1.0f : k2[p],
                                                        sai_v3_mul(par->scale, l->translation)));
        const sa_quat q = sai_l2m_quat_mul(*par_raw, l->rotation);
        const float n2 = sai_l2m_norm2(q);
        const sa_vec3 s = sai_v3_mul(par->scale, l->scale);
        const float dev = n2 - 1.0f, inv = 1.5f - 0.5f * n2;
        dev2 += dev * dev;
        sum += (t.x + t.y + t.z) + (s.x + s.y + s.z);
        raw[i] = q;
        k2[i] = inv * inv;
        model[i] = sai_transform(t, sai_quat(q.x * inv, q.y * inv, q.z * inv, q.w * inv), s);
    }
    if (!copies_unit || !(dev2 <= SAI_L2M_NEWTON_DEV2) || !sai_finite(sum)) return false;
    memcpy(out, model, n * sizeof *out);
    return true;
}
#endif

sa_status sa_skeleton_local_to_model_validate(const sa_skeleton_local_to_model_job *job) {
    if (!job || !job->skeleton || !job->local) return SA_ERR_NULL;
    const sa_status s = sai_skeleton_check_hierarchy(job->skeleton);
    if (s != SA_OK) return s;
    if (job->out && job->capacity < job->skeleton->joint_count) return SA_ERR_CAPACITY;
    return SA_OK;
}

void sai_skeleton_local_to_model(const int32_t *parents, const sa_transform *local,
                                 const sa_transform *root_in, sa_transform *model, size_t n) {
    const sa_transform root = root_in ? sai_transform_clean(*root_in) : sai_transform_identity();
    if (local_to_model_quick(parents, local, root_in ? &root : NULL, model, n)) return;
    /* In place works too: local[i] is read before model[i] is written, and model[parent] is
     * already in model space when a child reads it. */
    for (size_t i = 0; i < n; ++i) {
        const sa_transform l = sai_transform_clean(local[i]);
        const int32_t p = parents[i];
        if (p == SA_SKELETON_JOINT_NONE) {
            model[i] = root_in == NULL ? l : sai_transform_mul_unit(root, l);
        } else {
            model[i] = sai_transform_mul_unit(model[p], l);
        }
    }
}

size_t sa_skeleton_local_to_model_run(const sa_skeleton_local_to_model_job *job) {
    if (sa_skeleton_local_to_model_validate(job) != SA_OK) return 0;
    const sa_skeleton *sk = job->skeleton;
    if (!job->out) return sk->joint_count; /* count-only call */
    sai_skeleton_local_to_model(sk->parents, job->local, job->root, job->out, sk->joint_count);
    return sk->joint_count;
}

size_t sa_skeleton_local_to_model_matrices(const sa_skeleton *skeleton, const sa_transform *local,
                                           const sa_transform *root, sa_mat4 *out,
                                           size_t capacity) {
    if (!local || sai_skeleton_check_hierarchy(skeleton) != SA_OK) return 0;
    const size_t n = skeleton->joint_count;
    if (!out) return n;
    if (capacity < n) return 0;
    sa_mat4 root_m; /* the root transform's matrix, when there is one */
    if (root) root_m = sai_mat4_from_transform_unit(sai_transform_clean(*root));
    for (size_t i = 0; i < n; ++i) {
        const sa_mat4 l = sai_mat4_from_transform_unit(sai_transform_clean(local[i]));
        const int32_t p = skeleton->parents[i];
        const sa_mat4 *parent = p == SA_SKELETON_JOINT_NONE ? (root ? &root_m : NULL) : &out[p];
        if (!parent) {
            out[i] = l;
            continue;
        }
        out[i] = sai_mat4_mul_affine(parent, &l);
        /* Huge finite scales or translations overflow the float product: saturate instead. */
        if (!sai_mat4_finite(&out[i])) out[i] = sai_mat4_mul_affine_saturating(parent, &l);
    }
    return n;
}
