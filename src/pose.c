#include <stickanim/pose.h>

#include <string.h>

#include "internal/lanes.h"

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

#if SAI_HAS_LANES
typedef struct sai_blend4 {
    sai_f4 tx, ty, tz, sx, sy, sz, qx, qy, qz, qw;
} sai_blend4;

/* The blend of four joints: sums of factor times pose, rotations on the reference's side. Returns
 * the lanes whose inputs were all clean. */
static sai_i4 blend4(const sa_pose_layer *layers, const float *factors, size_t nl, size_t best_i,
                     const size_t idx[4], sai_blend4 *b) {
    const sa_transform *ref = layers[best_i].pose;
    const sai_f4 r0x = SAI_GATHER(ref, idx, rotation.x), r0y = SAI_GATHER(ref, idx, rotation.y),
                 r0z = SAI_GATHER(ref, idx, rotation.z), r0w = SAI_GATHER(ref, idx, rotation.w);
    const sai_f4 rn2 = r0x * r0x + r0y * r0y + r0z * r0z + r0w * r0w;
    sai_f4 rinv;
    for (int k = 0; k < 4; ++k)
        rinv[k] = 1.0f / sqrtf(rn2[k]);
    const sai_f4 rx = r0x * rinv, ry = r0y * rinv, rz = r0z * rinv, rw = r0w * rinv;
    const sai_f4 zero = {0.0f, 0.0f, 0.0f, 0.0f};
    sai_blend4 m = {zero, zero, zero, zero, zero, zero, zero, zero, zero, zero};
    sai_i4 ok = (sai_i4){-1, -1, -1, -1};
    for (size_t i = 0; i < nl; ++i) {
        if (!(factors[i] > 0.0f)) continue;
        const sa_transform *p = layers[i].pose;
        const sai_f4 px = SAI_GATHER(p, idx, translation.x), py = SAI_GATHER(p, idx, translation.y),
                     pz = SAI_GATHER(p, idx, translation.z), ax = SAI_GATHER(p, idx, rotation.x),
                     ay = SAI_GATHER(p, idx, rotation.y), az = SAI_GATHER(p, idx, rotation.z),
                     aw = SAI_GATHER(p, idx, rotation.w), cx = SAI_GATHER(p, idx, scale.x),
                     cy = SAI_GATHER(p, idx, scale.y), cz = SAI_GATHER(p, idx, scale.z);
        ok &= clean4(ax * ax + ay * ay + az * az + aw * aw,
                     px + py + pz + ax + ay + az + aw + cx + cy + cz);
        const float f = factors[i];
        m.tx += px * f;
        m.ty += py * f;
        m.tz += pz * f;
        m.sx += cx * f;
        m.sy += cy * f;
        m.sz += cz * f;
        /* -f where the rotation is on the far side of the reference: f with its sign flipped. */
        const sai_i4 far = (ax * rx + ay * ry + az * rz + aw * rw) < 0.0f;
        sai_f4 fv = {f, f, f, f};
        fv = (sai_f4)((sai_i4)fv ^ (far & (sai_i4){INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN}));
        m.qx += fv * ax;
        m.qy += fv * ay;
        m.qz += fv * az;
        m.qw += fv * aw;
    }
    *b = m;
    return ok;
}

/* The blend when every layer weighs the same at every joint (no joint_weights) and every pose is
 * clean: the weights, the heaviest layer and the factors are the same for all joints, so they are
 * worked out once, as the per-joint path below would at each joint, and the joints are blended
 * four at a time. Bit for bit the per-joint path's result. Returns false (nothing written) when a
 * pose is not clean. Nothing is written before everything is read, so in place works. */
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
    const bool tiny = !(total >= SAI_POSE_TINY_TOTAL);
    const float inv_total = 1.0f / (tiny ? total / best : total);
    float factors[SAI_POSE_CACHED_LAYERS];
    for (size_t i = 0; i < nl; ++i) {
        const float w = cached[i];
        factors[i] = w > 0.0f ? (tiny ? w / best : w) * inv_total : 0.0f;
    }
    sai_blend4 sums[(SA_SKELETON_MAX_JOINTS + 3) / 4];
    sai_i4 ok = (sai_i4){-1, -1, -1, -1};
    for (size_t j0 = 0; j0 < n; j0 += 4) {
        size_t idx[4];
        for (size_t k = 0; k < 4; ++k)
            idx[k] = j0 + k < n ? j0 + k : n - 1;
        ok &= blend4(layers, factors, nl, best_i, idx, &sums[j0 / 4]);
    }
    if ((ok[0] & ok[1] & ok[2] & ok[3]) == 0) return false;
    for (size_t j = 0; j < n; ++j) {
        const sai_blend4 *m = &sums[j / 4];
        const size_t k = j % 4;
        sa_vec3 t = sai_v3(m->tx[k], m->ty[k], m->tz[k]), s = sai_v3(m->sx[k], m->sy[k], m->sz[k]);
        if (!sai_v3_finite_fast(t) || !sai_v3_finite_fast(s))
            blend_wide(layers, cached, nl, j, tiny ? best : 1.0f, &t, &s);
        job->out[j] = sai_transform(
            t, sai_quat_normalize(sai_quat(m->qx[k], m->qy[k], m->qz[k], m->qw[k])), s);
    }
    return true;
}
#else
static bool blend_uniform(const sa_pose_blend_job *job, const float *cached) {
    (void)job, (void)cached;
    return false;
}
#endif

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
