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

/* One joint of the blend, by the rule of sa_pose_blend_job: the path for per-joint weights, for
 * unclean input and for sums that overflow. */
static void blend_joint(const sa_pose_blend_job *job, const float *cached, size_t j) {
    const sa_pose_layer *layers = job->layers;
    const size_t nl = job->layer_count;
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
        return;
    }
    if (contributors == 1) {
        job->out[j] = sai_transform_clean(layers[best_i].pose[j]);
        return;
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

#if SAI_HAS_LANES
/* Four joints j0 .. j0 + 3 of a blend whose layers weigh the same at every joint: `factors` are
 * the layers' shares (0 for a layer that does not count), `best_i` the heaviest layer. The poses
 * are read as they lie in memory, 40 floats as 10 vectors: translations and scales are summed in
 * place (the rotations' lanes of those sums are not used), and only the rotations are turned
 * across lanes, for the hemisphere test and the normalisation. Every lane does the float
 * operations of blend_joint() in its order, so the result is bit for bit its result. Returns
 * false, with nothing written, when an input is not clean or a sum overflowed: blend_joint() then
 * does those joints. Everything is read before anything is written (in place works). */
static bool blend_group4(const sa_pose_layer *layers, const float *factors, size_t nl,
                         size_t best_i, size_t j0, sa_transform *out) {
    sai_f4 ref[4];
    sai_quats4_load(&layers[best_i].pose[j0], ref);
    const sai_f4 rinv =
        sai_f4_rsqrt(ref[0] * ref[0] + ref[1] * ref[1] + ref[2] * ref[2] + ref[3] * ref[3]);
    SAI_UNROLL
    for (int c = 0; c < 4; ++c)
        ref[c] *= rinv;
    const sai_f4 zero = sai_f4_splat(0.0f);
    const sai_i4 sign = {INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN};
    sai_f4 acc[SAI_VECS4], q[4] = {zero, zero, zero, zero};
    SAI_UNROLL
    for (size_t k = 0; k < SAI_VECS4; ++k)
        acc[k] = zero;
    sai_i4 unit = sai_lanes_all();
    for (size_t i = 0; i < nl; ++i) {
        if (!(factors[i] > 0.0f)) continue;
        const sa_transform *p = &layers[i].pose[j0];
        const sai_f4 f = sai_f4_splat(factors[i]);
        SAI_UNROLL
        for (size_t k = 0; k < SAI_VECS4; ++k)
            acc[k] += sai_group4_load(p, k) * f;
        sai_f4 x[4];
        sai_quats4_load(p, x);
        unit &= sai_quats4_unit(x);
        /* f with its sign flipped where the rotation is on the far side of the reference. */
        const sai_i4 far = (x[0] * ref[0] + x[1] * ref[1] + x[2] * ref[2] + x[3] * ref[3]) < 0.0f;
        const sai_f4 fq = (sai_f4)((sai_i4)f ^ (far & sign));
        SAI_UNROLL
        for (int c = 0; c < 4; ++c)
            q[c] += fq * x[c];
    }
    /* blend_joint() blends in double where the sum of a translation's or a scale's three
     * components is not finite; every sum here no larger than FLT_MAX / 4 in magnitude (which a
     * NaN, an infinity or an overflow is not) keeps those sums finite, so blend_joint() would
     * take the float path too. */
    const sai_i4 magnitude = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    sai_i4 small = sai_lanes_all();
    SAI_UNROLL
    for (size_t k = 0; k < SAI_VECS4; ++k)
        small &= (sai_f4)((sai_i4)acc[k] & magnitude) <= 0.25f * FLT_MAX;
    const sai_f4 n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    const sai_i4 ok = unit & small & (n2 >= 1e-20f) & (n2 <= 1e20f);
    if (!sai_lanes_true(ok)) return false;
    const sai_f4 inv = sai_f4_rsqrt(n2);
    SAI_UNROLL
    for (int c = 0; c < 4; ++c)
        q[c] *= inv;
    SAI_UNROLL
    for (size_t k = 0; k < SAI_VECS4; ++k)
        sai_group4_store(&out[j0], k, acc[k]);
    sai_quats4_store(&out[j0], q);
    return true;
}

/* The blend when every layer weighs the same at every joint (no joint_weights): the weights, the
 * heaviest layer and the factors are the same for all joints, so they are worked out once, as
 * blend_joint() would at each joint, and the joints are blended four at a time; the joints past
 * the last group of four, and groups with unclean input or overflowing sums, go through
 * blend_joint(). Bit for bit blend_joint()'s result. Returns false (nothing written) when fewer
 * than two layers count (a copy, which blend_joint() does as quickly). */
static bool blend_uniform(const sa_pose_blend_job *job, const float *cached) {
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
    if (contributors < 2) return false;
    const bool tiny = !(total >= SAI_POSE_TINY_TOTAL);
    const float inv_total = 1.0f / (tiny ? total / best : total);
    float factors[SAI_POSE_CACHED_LAYERS];
    for (size_t i = 0; i < nl; ++i) {
        const float w = cached[i];
        factors[i] = w > 0.0f ? (tiny ? w / best : w) * inv_total : 0.0f;
    }
    size_t j = 0;
    for (; j + 4 <= n; j += 4) {
        if (blend_group4(job->layers, factors, nl, best_i, j, job->out)) continue;
        for (size_t k = j; k < j + 4; ++k)
            blend_joint(job, cached, k);
    }
    for (; j < n; ++j)
        blend_joint(job, cached, j);
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
    for (size_t j = 0; j < job->joint_count; ++j)
        blend_joint(job, cached, j);
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
