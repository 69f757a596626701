#include <stickanim/skeleton.h>

#include <string.h>

#include "internal/mat4.h"

static sa_status check_arrays(const int32_t *parents, const sa_transform *rest,
                              size_t joint_count) {
    if (!parents || !rest) return SA_ERR_NULL;
    if (joint_count == 0) return SA_ERR_COUNT;
    if (joint_count > SA_SKELETON_MAX_JOINTS) return SA_ERR_TOO_MANY_JOINTS;
    for (size_t i = 0; i < joint_count; ++i) {
        const int32_t p = parents[i];
        if (p != SA_SKELETON_JOINT_NONE && (p < 0 || (size_t)p >= i)) return SA_ERR_PARENT_ORDER;
    }
    for (size_t i = 0; i < joint_count; ++i) {
        if (!sai_transform_finite(rest[i])) return SA_ERR_NOT_FINITE;
    }
    return SA_OK;
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
    if (sa_skeleton_validate(skeleton) != SA_OK) return 0;
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
    if (!local || sa_skeleton_validate(skeleton) != SA_OK || joint < 0 ||
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

/* local -> model for a clean local pose. A joint whose product overflowed or whose rotation
 * product is not within 1e-3 of unit length takes sai_transform_mul_unit(); the others are
 * renormalised by one Newton step: n2 = 1 + e with |e| ~ 1e-6 for two clean rotations, and
 * 1/sqrt(n2) = 1 - e/2 up to 3e^2/8, far below float rounding, so no square root or division
 * lengthens the chain from parent to child. In place works: local[i] is read before model[i] is
 * written. */
static void local_to_model_clean(const int32_t *parents, const sa_transform *local,
                                 const sa_transform *root, sa_transform *model, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        const sa_transform l = local[i];
        const int32_t p = parents[i];
        const sa_transform *par = p == SA_SKELETON_JOINT_NONE ? root : &model[p];
        if (!par) {
            model[i] = l;
            continue;
        }
        const sa_vec3 t =
            sai_v3_add(par->translation,
                       sai_quat_rotate_raw(par->rotation, sai_v3_mul(par->scale, l.translation)));
        const sa_quat q = sai_quat_mul_raw(par->rotation, l.rotation);
        const float n2 = sai_quat_dot(q, q);
        const sa_vec3 s = sai_v3_mul(par->scale, l.scale);
        const float st = t.x + t.y + t.z, ss = s.x + s.y + s.z;
        if ((n2 >= 1.0f - 1e-3f) & (n2 <= 1.0f + 1e-3f) & (st - st == 0.0f) & (ss - ss == 0.0f)) {
            const float inv = 1.5f - 0.5f * n2;
            model[i] = sai_transform(t, sai_quat(q.x * inv, q.y * inv, q.z * inv, q.w * inv), s);
        } else {
            model[i] = sai_transform_mul_unit(*par, l);
        }
    }
}

sa_status sa_skeleton_local_to_model_validate(const sa_skeleton_local_to_model_job *job) {
    if (!job || !job->skeleton || !job->local) return SA_ERR_NULL;
    const sa_status s = sa_skeleton_validate(job->skeleton);
    if (s != SA_OK) return s;
    if (job->out && job->capacity < job->skeleton->joint_count) return SA_ERR_CAPACITY;
    return SA_OK;
}

size_t sa_skeleton_local_to_model_run(const sa_skeleton_local_to_model_job *job) {
    if (sa_skeleton_local_to_model_validate(job) != SA_OK) return 0;
    const sa_skeleton *sk = job->skeleton;
    if (!job->out) return sk->joint_count; /* count-only call */
    const int32_t *parents = sk->parents;
    const sa_transform root =
        job->root ? sai_transform_clean(*job->root) : sai_transform_identity();
    const bool root_is_identity = job->root == NULL;
    const sa_transform *local = job->local;
    sa_transform *model = job->out;
    const size_t n = sk->joint_count;
    if (sai_pose_is_clean(local, n)) {
        local_to_model_clean(parents, local, job->root ? &root : NULL, model, n);
        return n;
    }
    /* In place works too: local[i] is read before model[i] is written, and model[parent] is
     * already in model space when a child reads it. */
    for (size_t i = 0; i < n; ++i) {
        const sa_transform l = sai_transform_clean(local[i]);
        const int32_t p = parents[i];
        if (p == SA_SKELETON_JOINT_NONE) {
            model[i] = root_is_identity ? l : sai_transform_mul_unit(root, l);
        } else {
            model[i] = sai_transform_mul_unit(model[p], l);
        }
    }
    return n;
}

size_t sa_skeleton_local_to_model_matrices(const sa_skeleton *skeleton, const sa_transform *local,
                                           const sa_transform *root, sa_mat4 *out,
                                           size_t capacity) {
    if (!local || sa_skeleton_validate(skeleton) != SA_OK) return 0;
    const size_t n = skeleton->joint_count;
    if (!out) return n;
    if (capacity < n) return 0;
    const sa_mat4 root_m =
        sai_mat4_from_transform_unit(root ? sai_transform_clean(*root) : sai_transform_identity());
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
