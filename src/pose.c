#include <stickanim/pose.h>

#include <string.h>

#include "internal/xform.h"

/* Caps a layer weight so the sum of many layers stays finite. */
#define SAI_POSE_WEIGHT_CAP 1e30f
/* Below this summed weight at a joint, 1/total could overflow: the blend measures the weights
 * against the heaviest one instead. */
#define SAI_POSE_TINY_TOTAL 1e-30f
/* Layer weights are cleaned once per run into a local array of this many; more layers clean
 * theirs per joint. */
#define SAI_POSE_CACHED_LAYERS 16

/* A layer's weight as the blend counts it: 0 unless positive and finite, capped. */
static float layer_weight(const sa_pose_layer *layer) {
    return sai_clamp(sai_positive_or(layer->weight, 0.0f), 0.0f, SAI_POSE_WEIGHT_CAP);
}

/* Weight of layer i at joint j. */
static float weight_at(const sa_pose_layer *layers, const float *cached, size_t i, size_t j) {
    const float lw = i < SAI_POSE_CACHED_LAYERS ? cached[i] : layer_weight(&layers[i]);
    return layers[i].joint_weights ? lw * sai_saturate(layers[i].joint_weights[j]) : lw;
}

/* The careful path of a blend whose float sums overflowed (values near ±FLT_MAX): the weighted
 * averages of translation and scale again, in double, rounded once. Each is an average of
 * finite values, so it is finite; saturation only guards against its last rounding. */
static void blend_wide(const sa_pose_layer *layers, const float *cached, size_t nl, size_t j,
                       float unit, sa_vec3 *t, sa_vec3 *s) {
    double total = 0.0, tx = 0.0, ty = 0.0, tz = 0.0, sx = 0.0, sy = 0.0, sz = 0.0;
    for (size_t i = 0; i < nl; ++i) {
        const float wf = weight_at(layers, cached, i, j);
        if (!(wf > 0.0f)) continue;
        const double w = (double)wf / (double)unit;
        const sa_transform x = sai_transform_clean(layers[i].pose[j]);
        total += w;
        tx += w * (double)x.translation.x;
        ty += w * (double)x.translation.y;
        tz += w * (double)x.translation.z;
        sx += w * (double)x.scale.x;
        sy += w * (double)x.scale.y;
        sz += w * (double)x.scale.z;
    }
    *t = sai_v3(sai_narrow(tx / total), sai_narrow(ty / total), sai_narrow(tz / total));
    *s = sai_v3(sai_narrow(sx / total), sai_narrow(sy / total), sai_narrow(sz / total));
}

sa_status sa_pose_blend_validate(const sa_pose_blend_job *job) {
    if (!job || !job->layers) return SA_ERR_NULL;
    if (job->layer_count == 0 || job->joint_count == 0) return SA_ERR_COUNT;
    for (size_t i = 0; i < job->layer_count; ++i) {
        if (!job->layers[i].pose) return SA_ERR_NULL;
    }
    if (job->joint_count > SA_SKELETON_MAX_JOINTS) return SA_ERR_TOO_MANY_JOINTS;
    if (job->out && job->capacity < job->joint_count) return SA_ERR_CAPACITY;
    return SA_OK;
}

/* Whether every transform of a pose passes sai_transform_clean() unchanged (finite, unit
 * rotation): one branch-free pass the compiler vectorises, so the blend below needs no per-joint
 * check. */
static bool pose_is_clean(const sa_transform *pose, size_t n) {
    int ok = 1;
    for (size_t j = 0; j < n; ++j) {
        const sa_transform *x = &pose[j];
        const float n2 = sai_quat_dot(x->rotation, x->rotation);
        const float sum = x->translation.x + x->translation.y + x->translation.z + x->rotation.x +
                          x->rotation.y + x->rotation.z + x->rotation.w + x->scale.x + x->scale.y +
                          x->scale.z;
        ok &= (n2 >= 1.0f - 1e-5f) & (n2 <= 1.0f + 1e-5f) & (sum - sum == 0.0f);
    }
    return ok != 0;
}

/* The running sums of a blend, one array per component (structure of arrays), so each loop over
 * the joints is straight-line code the compiler vectorises. */
typedef struct sai_pose_sums {
    float tx[SA_SKELETON_MAX_JOINTS], ty[SA_SKELETON_MAX_JOINTS], tz[SA_SKELETON_MAX_JOINTS];
    float sx[SA_SKELETON_MAX_JOINTS], sy[SA_SKELETON_MAX_JOINTS], sz[SA_SKELETON_MAX_JOINTS];
    float qx[SA_SKELETON_MAX_JOINTS], qy[SA_SKELETON_MAX_JOINTS], qz[SA_SKELETON_MAX_JOINTS],
        qw[SA_SKELETON_MAX_JOINTS];
    float rx[SA_SKELETON_MAX_JOINTS], ry[SA_SKELETON_MAX_JOINTS], rz[SA_SKELETON_MAX_JOINTS],
        rw[SA_SKELETON_MAX_JOINTS];
} sai_pose_sums;

/* Adds factor f times a clean pose to the sums; the rotation joins on the reference's side. */
static void sums_add(sai_pose_sums *restrict m, const sa_transform *restrict pose, size_t n,
                     float f) {
    for (size_t j = 0; j < n; ++j) {
        const sa_transform *x = &pose[j];
        m->tx[j] += x->translation.x * f;
        m->ty[j] += x->translation.y * f;
        m->tz[j] += x->translation.z * f;
        m->sx[j] += x->scale.x * f;
        m->sy[j] += x->scale.y * f;
        m->sz[j] += x->scale.z * f;
        const float d = x->rotation.x * m->rx[j] + x->rotation.y * m->ry[j] +
                        x->rotation.z * m->rz[j] + x->rotation.w * m->rw[j];
        const float fq = d < 0.0f ? -f : f;
        m->qx[j] += fq * x->rotation.x;
        m->qy[j] += fq * x->rotation.y;
        m->qz[j] += fq * x->rotation.z;
        m->qw[j] += fq * x->rotation.w;
    }
}

/* The blend when every layer weighs the same at every joint (no joint_weights) and every pose is
 * clean: the weights, the heaviest layer and the factors are the same for all joints, so they are
 * worked out once, as the per-joint path below would at each joint, and the joints are summed in
 * vectorised loops. Bit for bit the per-joint path's result. Returns false (nothing written) when
 * a pose is not clean. */
static bool blend_uniform(const sa_pose_blend_job *job, const float *cached) {
    const sa_pose_layer *layers = job->layers;
    const size_t nl = job->layer_count, n = job->joint_count;
    float total = 0.0f, best = 0.0f;
    size_t best_i = 0, contributors = 0;
    for (size_t i = 0; i < nl; ++i) {
        const float w = cached[i];
        if (w > 0.0f) {
            total += w;
            ++contributors;
            if (w > best) {
                best = w;
                best_i = i;
            }
        }
    }
    if (contributors < 2) return false; /* a copy: the per-joint path is as quick */
    for (size_t i = 0; i < nl; ++i) {
        if (cached[i] > 0.0f && !pose_is_clean(layers[i].pose, n)) return false;
    }
    sai_pose_sums m;
    const size_t bytes = n * sizeof(float);
    memset(m.tx, 0, bytes), memset(m.ty, 0, bytes), memset(m.tz, 0, bytes);
    memset(m.sx, 0, bytes), memset(m.sy, 0, bytes), memset(m.sz, 0, bytes);
    memset(m.qx, 0, bytes), memset(m.qy, 0, bytes), memset(m.qz, 0, bytes), memset(m.qw, 0, bytes);
    const sa_transform *ref = layers[best_i].pose;
    for (size_t j = 0; j < n; ++j) {
        const sa_quat r = ref[j].rotation; /* clean: sai_quat_normalize()'s fast path */
        const float inv = 1.0f / sqrtf(sai_quat_dot(r, r));
        m.rx[j] = r.x * inv;
        m.ry[j] = r.y * inv;
        m.rz[j] = r.z * inv;
        m.rw[j] = r.w * inv;
    }
    const bool tiny = !(total >= SAI_POSE_TINY_TOTAL);
    const float inv_total = 1.0f / (tiny ? total / best : total);
    for (size_t i = 0; i < nl; ++i) {
        const float w = cached[i];
        if (w > 0.0f) sums_add(&m, layers[i].pose, n, (tiny ? w / best : w) * inv_total);
    }
    /* Out: normalised rotations; a joint whose sums overflowed or whose rotation sum is too short
     * or too long for the fast normalisation takes the careful paths afterwards. */
    bool careful = false;
    for (size_t j = 0; j < n; ++j) {
        const float n2 =
            m.qx[j] * m.qx[j] + m.qy[j] * m.qy[j] + m.qz[j] * m.qz[j] + m.qw[j] * m.qw[j];
        const float inv = 1.0f / sqrtf(n2);
        sa_transform *o = &job->out[j];
        o->translation = sai_v3(m.tx[j], m.ty[j], m.tz[j]);
        o->rotation = sai_quat(m.qx[j] * inv, m.qy[j] * inv, m.qz[j] * inv, m.qw[j] * inv);
        o->scale = sai_v3(m.sx[j], m.sy[j], m.sz[j]);
        const float st = m.tx[j] + m.ty[j] + m.tz[j], ss = m.sx[j] + m.sy[j] + m.sz[j];
        careful |= !((n2 >= 1e-20f) & (n2 <= 1e20f) & (st - st == 0.0f) & (ss - ss == 0.0f));
    }
    if (!careful) return true;
    for (size_t j = 0; j < n; ++j) {
        sa_vec3 t = sai_v3(m.tx[j], m.ty[j], m.tz[j]), s = sai_v3(m.sx[j], m.sy[j], m.sz[j]);
        if (!sai_v3_finite_fast(t) || !sai_v3_finite_fast(s))
            blend_wide(layers, cached, nl, j, tiny ? best : 1.0f, &t, &s);
        job->out[j] =
            sai_transform(t, sai_quat_normalize(sai_quat(m.qx[j], m.qy[j], m.qz[j], m.qw[j])), s);
    }
    return true;
}

static bool has_joint_weights(const sa_pose_layer *layers, size_t nl) {
    for (size_t i = 0; i < nl; ++i) {
        if (layers[i].joint_weights) return true;
    }
    return false;
}

size_t sa_pose_blend_run(const sa_pose_blend_job *job) {
    if (sa_pose_blend_validate(job) != SA_OK) return 0;
    if (!job->out) return job->joint_count; /* count-only call */
    const sa_pose_layer *layers = job->layers;
    const size_t nl = job->layer_count;
    float cached[SAI_POSE_CACHED_LAYERS];
    for (size_t i = 0; i < nl && i < SAI_POSE_CACHED_LAYERS; ++i) {
        cached[i] = layer_weight(&layers[i]);
    }
    if (nl <= SAI_POSE_CACHED_LAYERS && !has_joint_weights(layers, nl) &&
        blend_uniform(job, cached))
        return job->joint_count;
    for (size_t j = 0; j < job->joint_count; ++j) {
        /* First pass: total weight, the heaviest layer (the hemisphere reference), how many. */
        float total = 0.0f, best = 0.0f;
        size_t best_i = 0, contributors = 0;
        for (size_t i = 0; i < nl; ++i) {
            const float w = weight_at(layers, cached, i, j);
            if (w > 0.0f) {
                total += w;
                ++contributors;
                if (w > best) {
                    best = w;
                    best_i = i;
                }
            }
        }
        if (contributors == 0) {
            job->out[j] = sai_transform_clean(job->rest ? job->rest[j] : layers[0].pose[j]);
            continue;
        }
        if (contributors == 1) {
            job->out[j] = sai_transform_clean(layers[best_i].pose[j]);
            continue;
        }
        const sa_quat ref = sai_quat_normalize(layers[best_i].pose[j].rotation);
        sa_vec3 t = sai_v3(0.0f, 0.0f, 0.0f), s = sai_v3(0.0f, 0.0f, 0.0f);
        sa_quat q = sai_quat(0.0f, 0.0f, 0.0f, 0.0f);
        /* Weights so small that 1/total overflows (two layers of 1e-39) are measured against the
         * heaviest one instead: w/best is in (0, 1] and total/best in [1, contributors]. */
        const bool tiny = !(total >= SAI_POSE_TINY_TOTAL);
        const float inv_total = 1.0f / (tiny ? total / best : total);
        for (size_t i = 0; i < nl; ++i) {
            const float w = weight_at(layers, cached, i, j);
            if (!(w > 0.0f)) continue;
            const sa_transform x = sai_transform_clean(layers[i].pose[j]);
            const float f = (tiny ? w / best : w) * inv_total;
            t = sai_v3_add(t, sai_v3_scale(x.translation, f));
            s = sai_v3_add(s, sai_v3_scale(x.scale, f));
            const float fq = sai_quat_dot(x.rotation, ref) < 0.0f ? -f : f;
            q = sai_quat(q.x + fq * x.rotation.x, q.y + fq * x.rotation.y, q.z + fq * x.rotation.z,
                         q.w + fq * x.rotation.w);
        }
        if (!sai_v3_finite_fast(t) || !sai_v3_finite_fast(s))
            blend_wide(layers, cached, nl, j, tiny ? best : 1.0f, &t, &s);
        job->out[j] = sai_transform(t, sai_quat_normalize(q), s);
    }
    return job->joint_count;
}

/* One joint of an interpolation with a cleaned factor; exact copies at 0 and 1. */
static sa_transform lerp_joint(sa_transform a, sa_transform b, float t) {
    if (t == 0.0f) return sai_transform_clean(a);
    if (t == 1.0f) return sai_transform_clean(b);
    const sa_transform x = sai_transform_clean(a), y = sai_transform_clean(b);
    return sai_transform(sai_v3_sat_lerp(x.translation, y.translation, t),
                         sai_quat_slerp_unit(x.rotation, y.rotation, t),
                         sai_v3_sat_lerp(x.scale, y.scale, t));
}

/* The number of transforms a per-frame pose function writes: joint_count when both input poses
 * are given and the count is in range, else 0 (bad input). */
static size_t pose_size(const sa_transform *a, const sa_transform *b, size_t joint_count) {
    return (a && b && joint_count > 0 && joint_count <= SA_SKELETON_MAX_JOINTS) ? joint_count : 0;
}

/* Whether to write: a usable pose and room for all of it (a count-only call writes nothing). */
static bool pose_writes(size_t n, const sa_transform *out, size_t capacity) {
    return n > 0 && out && capacity >= n;
}

size_t sa_pose_lerp(const sa_transform *a, const sa_transform *b, float t, size_t joint_count,
                    sa_transform *out, size_t capacity) {
    return sa_pose_lerp_masked(a, b, t, NULL, joint_count, out, capacity);
}

size_t sa_pose_lerp_masked(const sa_transform *a, const sa_transform *b, float t,
                           const float *joint_weights, size_t joint_count, sa_transform *out,
                           size_t capacity) {
    const size_t n = pose_size(a, b, joint_count);
    if (!out) return n;
    if (!pose_writes(n, out, capacity)) return 0;
    t = sai_quat_factor(t);
    for (size_t j = 0; j < n; ++j) {
        const float w = joint_weights ? sai_saturate(joint_weights[j]) : 1.0f;
        const float f = w == 1.0f ? t : 1.0f + (t - 1.0f) * w;
        out[j] = lerp_joint(a[j], b[j], f);
    }
    return n;
}

size_t sa_pose_morph(const sa_transform *from, const sa_transform *to, float k, size_t joint_count,
                     sa_transform *out, size_t capacity) {
    return sa_pose_lerp(to, from, sai_saturate(k), joint_count, out, capacity);
}

static float scale_ratio(float a, float b) {
    if (!(fabsf(b) > 1e-6f)) return 1.0f;
    const float r = a / b;
    return sai_finite(r) ? r : sai_narrow((double)a / (double)b); /* saturates: a huge ratio */
}

size_t sa_pose_difference(const sa_transform *a, const sa_transform *b, size_t joint_count,
                          sa_transform *out, size_t capacity) {
    const size_t n = pose_size(a, b, joint_count);
    if (!out) return n;
    if (!pose_writes(n, out, capacity)) return 0;
    for (size_t j = 0; j < n; ++j) {
        const sa_transform x = sai_transform_clean(a[j]), y = sai_transform_clean(b[j]);
        sa_quat r =
            sai_quat_normalize(sai_quat_mul_raw(x.rotation, sai_quat_conjugate(y.rotation)));
        if (r.w < 0.0f) r = sai_quat_neg(r); /* the short way round */
        const sa_vec3 d = sai_v3(sai_sat_sub(x.translation.x, y.translation.x),
                                 sai_sat_sub(x.translation.y, y.translation.y),
                                 sai_sat_sub(x.translation.z, y.translation.z));
        out[j] = sai_transform(d, r,
                               sai_v3(scale_ratio(x.scale.x, y.scale.x),
                                      scale_ratio(x.scale.y, y.scale.y),
                                      scale_ratio(x.scale.z, y.scale.z)));
    }
    return n;
}

size_t sa_pose_apply_offset(const sa_transform *base, const sa_transform *offset, float k,
                            size_t joint_count, sa_transform *out, size_t capacity) {
    const size_t n = pose_size(base, offset, joint_count);
    if (!out) return n;
    if (!pose_writes(n, out, capacity)) return 0;
    k = sai_quat_factor(k);
    const sa_vec3 one = sai_v3(1.0f, 1.0f, 1.0f);
    for (size_t j = 0; j < n; ++j) {
        if (k == 0.0f) {
            out[j] = sai_transform_clean(base[j]);
            continue;
        }
        const sa_transform x = sai_transform_clean(base[j]), o = sai_transform_clean(offset[j]);
        const sa_quat r = sai_quat_slerp_unit(sai_quat_identity(), o.rotation, k);
        out[j] = sai_transform(sai_v3_sat_madd(x.translation, o.translation, k),
                               sai_quat_normalize(sai_quat_mul_raw(r, x.rotation)),
                               sai_v3_sat_mul(x.scale, sai_v3_sat_lerp(one, o.scale, k)));
    }
    return n;
}
