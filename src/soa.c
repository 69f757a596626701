#include <stickanim/soa.h>

#include <string.h>

#include "internal/lanes.h"
#include "internal/mat4.h"
#include "internal/skeleton_run.h"
#include "internal/soa_isa.h"

#if SAI_SOA_AVX2
#include <immintrin.h>
#endif

/* A group is 40 floats: the 10 components (translation x, y, z, rotation x, y, z, w, scale x, y,
 * z) of four joints, component by component. */
#define SAI_SOA_COMPONENTS 10
typedef char sai_soa_is_40_floats[sizeof(sa_soa_transform) == 40 * sizeof(float) ? 1 : -1];

/* Caps a layer weight so the sum of many layers stays finite (as pose.c). */
#define SAI_SOA_WEIGHT_CAP 1e30f
/* Below this summed weight the blend measures the weights against the heaviest one (as pose.c). */
#define SAI_SOA_TINY_TOTAL 1e-30f

/* Lane k of a group as a transform, and back. */
static sa_transform soa_get(const sa_soa_transform *g, size_t k) {
    return sai_transform(
        sai_v3(g->translation.x[k], g->translation.y[k], g->translation.z[k]),
        sai_quat(g->rotation.x[k], g->rotation.y[k], g->rotation.z[k], g->rotation.w[k]),
        sai_v3(g->scale.x[k], g->scale.y[k], g->scale.z[k]));
}

static void soa_set(sa_soa_transform *g, size_t k, sa_transform t) {
    g->translation.x[k] = t.translation.x;
    g->translation.y[k] = t.translation.y;
    g->translation.z[k] = t.translation.z;
    g->rotation.x[k] = t.rotation.x;
    g->rotation.y[k] = t.rotation.y;
    g->rotation.z[k] = t.rotation.z;
    g->rotation.w[k] = t.rotation.w;
    g->scale.x[k] = t.scale.x;
    g->scale.y[k] = t.scale.y;
    g->scale.z[k] = t.scale.z;
}

/* Number of real joints in group g of an n-joint pose (1 ... 4). */
static size_t lanes_in(size_t g, size_t n) { return n - 4 * g < 4 ? n - 4 * g : 4; }

/* Lanes k of group g past the last joint: the identity. */
static void pad_identity(sa_soa_transform *g, size_t real) {
    for (size_t k = real; k < 4; ++k)
        soa_set(g, k, sai_transform_identity());
}

static bool joint_count_ok(size_t n) { return n > 0 && n <= SA_SKELETON_MAX_JOINTS; }

#if SAI_SOA_AVX2
/* 0 until a job asks, then 1 (the SSE2 copy) or 2 (the AVX2 copy). Threads that race to fill it
 * write the same answer; relaxed atomics keep the race defined. */
static int soa_isa;

static bool use_avx2(void) {
    int isa = __atomic_load_n(&soa_isa, __ATOMIC_RELAXED);
    if (isa == 0) {
        __builtin_cpu_init(); /* a job may run before the constructor that does this */
        isa = __builtin_cpu_supports("avx2") ? 2 : 1;
        __atomic_store_n(&soa_isa, isa, __ATOMIC_RELAXED);
    }
    return isa == 2;
}
#endif

bool sai_soa_force_sse2(bool force) {
#if SAI_SOA_AVX2
    __atomic_store_n(&soa_isa, force ? 1 : 0, __ATOMIC_RELAXED);
    return use_avx2();
#else
    (void)force;
    return false;
#endif
}

#if SAI_HAS_LANES
SAI_INLINE sai_f4 soa_load(const sa_soa_transform *g, size_t c) {
    return sai_f4_load((const float *)(const void *)g + 4 * c);
}
SAI_INLINE void soa_store(sa_soa_transform *g, size_t c, sai_f4 v) {
    sai_f4_store((float *)(void *)g + 4 * c, v);
}

/* Four whole joints pose[0..3] into one group: each joint is read as the vectors at floats 0, 4
 * and 6 of its 10 (the last overlaps the middle one, so nothing past the joint is read), and
 * three 4x4 transposes turn them into components. */
SAI_INLINE void pack4(const sa_transform *pose, sa_soa_transform *g) {
    sai_f4 r[3][4];
    SAI_UNROLL
    for (int part = 0; part < 3; ++part) {
        const size_t at = part == 0 ? 0 : part == 1 ? 4 : 6;
        sai_f4 row[4];
        SAI_UNROLL
        for (int k = 0; k < 4; ++k)
            row[k] = sai_f4_load((const float *)(const void *)&pose[k] + at);
        sai_f4_transpose(row[0], row[1], row[2], row[3], r[part]);
    }
    /* r[0]: t.x t.y t.z q.x; r[1]: q.y q.z q.w s.x; r[2]: q.w s.x s.y s.z */
    const sai_f4 c[SAI_SOA_COMPONENTS] = {r[0][0], r[0][1], r[0][2], r[0][3], r[1][0],
                                          r[1][1], r[1][2], r[1][3], r[2][2], r[2][3]};
    SAI_UNROLL
    for (size_t k = 0; k < SAI_SOA_COMPONENTS; ++k)
        soa_store(g, k, c[k]);
}

/* Whether the four lanes of a group are clean (finite, unit rotation), so that
 * sai_transform_clean() leaves them as they are; a sum of huge finite parts that overflows says
 * no (the per-joint path then decides). */
SAI_INLINE bool soa_group_clean(const sa_soa_transform *g) {
    sai_f4 sum = soa_load(g, 0), q[4];
    SAI_UNROLL
    for (size_t k = 1; k < SAI_SOA_COMPONENTS; ++k)
        sum += soa_load(g, k);
    SAI_UNROLL
    for (size_t c = 0; c < 4; ++c)
        q[c] = soa_load(g, 3 + c);
    return sai_lanes_true(sai_quats4_unit(q) & sai_f4_finite(sum));
}

/* One group into four whole joints out[0..3] (the inverse of pack4()). */
SAI_INLINE void unpack4(const sa_soa_transform *g, sa_transform *out) {
    sai_f4 c[SAI_SOA_COMPONENTS], r[3][4];
    SAI_UNROLL
    for (size_t k = 0; k < SAI_SOA_COMPONENTS; ++k)
        c[k] = soa_load(g, k);
    sai_f4_transpose(c[0], c[1], c[2], c[3], r[0]);
    sai_f4_transpose(c[4], c[5], c[6], c[7], r[1]);
    sai_f4_transpose(c[6], c[7], c[8], c[9], r[2]);
    SAI_UNROLL
    for (int k = 0; k < 4; ++k) {
        float *p = (float *)(void *)&out[k];
        sai_f4_store(p, r[0][k]);
        sai_f4_store(p + 4, r[1][k]);
        sai_f4_store(p + 6, r[2][k]);
    }
}
#endif

/* Packs n transforms into their groups; `clean` says they are all clean already (a clip's
 * sample), so no group needs testing. */
static void pack_groups(const sa_transform *pose, size_t n, sa_soa_transform *out, bool clean) {
    for (size_t g = 0; g < SA_SOA_GROUPS(n); ++g) {
        const size_t real = lanes_in(g, n);
#if SAI_HAS_LANES
        if (real == 4 && (clean || sai_group4_clean(&pose[4 * g]))) {
            pack4(&pose[4 * g], &out[g]);
            continue;
        }
#endif
        for (size_t k = 0; k < real; ++k)
            soa_set(&out[g], k, clean ? pose[4 * g + k] : sai_transform_clean(pose[4 * g + k]));
        pad_identity(&out[g], real);
    }
}

size_t sa_soa_pack(const sa_transform *pose, size_t joint_count, sa_soa_transform *out,
                   size_t capacity) {
    if (!pose || !joint_count_ok(joint_count)) return 0;
    const size_t groups = SA_SOA_GROUPS(joint_count);
    if (!out) return groups;
    if (capacity < groups) return 0;
    pack_groups(pose, joint_count, out, false);
    return groups;
}

size_t sa_soa_unpack(const sa_soa_transform *soa, size_t joint_count, sa_transform *out,
                     size_t capacity) {
    if (!soa || !joint_count_ok(joint_count)) return 0;
    if (!out) return joint_count;
    if (capacity < joint_count) return 0;
    const size_t groups = SA_SOA_GROUPS(joint_count);
    for (size_t g = 0; g < groups; ++g) {
        const size_t real = lanes_in(g, joint_count);
#if SAI_HAS_LANES
        if (real == 4 && soa_group_clean(&soa[g])) {
            unpack4(&soa[g], &out[4 * g]);
            continue;
        }
#endif
        for (size_t k = 0; k < real; ++k)
            out[4 * g + k] = sai_transform_clean(soa_get(&soa[g], k));
    }
    return joint_count;
}

size_t sa_soa_sample_time(const sa_clip *clip, float time, sa_soa_transform *out, size_t capacity) {
    if (sa_clip_validate(clip) != SA_OK) return 0;
    const size_t n = clip->joint_count, groups = SA_SOA_GROUPS(n);
    if (!out) return groups;
    if (capacity < groups) return 0;
    sa_transform pose[SA_SKELETON_MAX_JOINTS];
    if (sa_clip_sample_time(clip, time, pose, n) != n) return 0;
    pack_groups(pose, n, out, true); /* every transform a sample writes is clean */
    return groups;
}

/* ---- blend */

sa_status sa_soa_blend_validate(const sa_soa_blend_job *job) {
    if (!job || !job->layers) return SA_ERR_NULL;
    if (job->layer_count == 0 || job->layer_count > SA_SOA_MAX_LAYERS || job->joint_count == 0)
        return SA_ERR_COUNT;
    for (size_t i = 0; i < job->layer_count; ++i) {
        if (!job->layers[i].pose) return SA_ERR_NULL;
    }
    if (job->joint_count > SA_SKELETON_MAX_JOINTS) return SA_ERR_TOO_MANY_JOINTS;
    if (job->out && job->capacity < SA_SOA_GROUPS(job->joint_count)) return SA_ERR_CAPACITY;
    return SA_OK;
}

/* A layer's weight as the blend counts it: 0 unless positive and finite, capped. */
static float layer_weight(float w) {
    return sai_clamp(sai_positive_or(w, 0.0f), 0.0f, SAI_SOA_WEIGHT_CAP);
}

/* The exact path for group g: each real joint through sa_pose_blend_run() on its own, which
 * cleans, blends in double where sums overflow and falls back as the AoS rule says. Each lane is
 * read before it is written, and no lane reads another (in place works). */
static void blend_group_exact(const sa_soa_blend_job *job, size_t g) {
    const size_t nl = job->layer_count, real = lanes_in(g, job->joint_count);
    for (size_t k = 0; k < real; ++k) {
        const size_t j = 4 * g + k;
        sa_transform in[SA_SOA_MAX_LAYERS], rest, out;
        sa_pose_layer layers[SA_SOA_MAX_LAYERS];
        float jw[SA_SOA_MAX_LAYERS];
        for (size_t i = 0; i < nl; ++i) {
            const sa_soa_layer *l = &job->layers[i];
            in[i] = soa_get(&l->pose[g], k);
            layers[i].pose = &in[i];
            layers[i].weight = l->weight;
            layers[i].joint_weights = NULL;
            if (l->joint_weights) {
                jw[i] = l->joint_weights[j];
                layers[i].joint_weights = &jw[i];
            }
        }
        if (job->rest) rest = soa_get(&job->rest[g], k);
        const sa_pose_blend_job one = {layers, nl, job->rest ? &rest : NULL, 1, &out, 1};
        sa_pose_blend_run(&one);
        soa_set(&job->out[g], k, out);
    }
    pad_identity(&job->out[g], real);
}

#if SAI_HAS_LANES
/* A group's components in registers: translation 0-2, rotation 3-6, scale 7-9. */
typedef struct sai_group {
    sai_f4 c[SAI_SOA_COMPONENTS];
} sai_group;

enum { SAI_T = 0, SAI_Q = 3, SAI_S = 7 };

SAI_INLINE void group_load(const sa_soa_transform *g, sai_group *x) {
    SAI_UNROLL
    for (size_t k = 0; k < SAI_SOA_COMPONENTS; ++k)
        x->c[k] = soa_load(g, k);
}

/* Lanes 0 ... real - 1 set. */
SAI_INLINE sai_i4 real_lanes(size_t real) {
    const sai_i4 index = {0, 1, 2, 3};
    return index < (int32_t)real;
}

/* Stores x with the lanes outside `real` set to the identity. */
SAI_INLINE void group_store(sa_soa_transform *g, const sai_group *x, sai_i4 real) {
    static const float identity[SAI_SOA_COMPONENTS] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
    SAI_UNROLL
    for (size_t k = 0; k < SAI_SOA_COMPONENTS; ++k)
        soa_store(g, k, sai_f4_select(real, x->c[k], sai_f4_splat(identity[k])));
}

/* |q|^2 per lane, in sai_quat_dot()'s order. */
SAI_INLINE sai_f4 quat_norm2(const sai_f4 *q) {
    return q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
}

/* Lanes where the rotation q has unit length as sai_transform_clean() tests it. */
SAI_INLINE sai_i4 quat_unit(const sai_f4 *q) { return sai_quats4_unit(q); }

/* Lanes where a group is clean (finite, unit rotation): sai_transform_clean() leaves them as
 * they are. A sum of huge finite parts that overflows says no (the exact path then decides). */
SAI_INLINE sai_i4 group_clean(const sai_group *x) {
    sai_f4 sum = x->c[0];
    SAI_UNROLL
    for (size_t k = 1; k < SAI_SOA_COMPONENTS; ++k)
        sum += x->c[k];
    return quat_unit(&x->c[SAI_Q]) & sai_f4_finite(sum);
}

/* The rotation q normalised per lane as sai_quat_normalize() does in its fast range. */
SAI_INLINE void quat_normalize(sai_f4 *q, sai_f4 n2) {
    const sai_f4 inv = sai_f4_rsqrt(n2);
    SAI_UNROLL
    for (int c = 0; c < 4; ++c)
        q[c] *= inv;
}

/* The weighted sums of a group: acc += f x for translation and scale, q += (+/-f) x for the
 * rotation turned into ref's hemisphere. Returns the lanes where the rotation is unit (the
 * lanes of `counts` only). */
SAI_INLINE sai_i4 accumulate(sai_group *acc, const sai_group *x, sai_f4 f, const sai_f4 *ref,
                             sai_i4 counts) {
    SAI_UNROLL
    for (size_t k = 0; k < 3; ++k) {
        acc->c[SAI_T + k] += x->c[SAI_T + k] * f;
        acc->c[SAI_S + k] += x->c[SAI_S + k] * f;
    }
    const sai_f4 *q = &x->c[SAI_Q];
    const sai_i4 far = (q[0] * ref[0] + q[1] * ref[1] + q[2] * ref[2] + q[3] * ref[3]) < 0.0f;
    const sai_f4 fq = sai_f4_negate_where(f, far);
    SAI_UNROLL
    for (int c = 0; c < 4; ++c)
        acc->c[SAI_Q + c] += fq * q[c];
    return quat_unit(q) | ~counts;
}

/* Finishes a blended group: the checks of the fast path (the sums of the translation's and of
 * the scale's components finite, as the per-joint path tests them; the rotation sum in
 * sai_quat_normalize()'s fast range), then the normalised rotation. Returns the
 * lanes that passed. */
SAI_INLINE sai_i4 finish(sai_group *acc) {
    const sai_f4 t = acc->c[SAI_T] + acc->c[SAI_T + 1] + acc->c[SAI_T + 2];
    const sai_f4 sc = acc->c[SAI_S] + acc->c[SAI_S + 1] + acc->c[SAI_S + 2];
    const sai_f4 n2 = quat_norm2(&acc->c[SAI_Q]);
    const sai_i4 ok = sai_f4_finite(t) & sai_f4_finite(sc) & (n2 >= 1e-20f) & (n2 <= 1e20f);
    quat_normalize(&acc->c[SAI_Q], n2);
    return ok;
}

/* The hemisphere reference: ref = the rotation q normalised (as sai_quat_normalize(); lanes
 * outside its fast range are unclean inputs, which the unit test sends to the exact path). */
SAI_INLINE void make_ref(const sai_f4 *q, sai_f4 *ref) {
    SAI_UNROLL
    for (int c = 0; c < 4; ++c)
        ref[c] = q[c];
    quat_normalize(ref, quat_norm2(ref));
}

/* GCC at -O2 leaves the loops over the layers rolled (a blend of three layers then costs an
 * eighth more instructions); clang unrolls them itself, better than the pragma would. */
#if defined(__clang__)
#define SAI_UNROLL_LAYERS
#else
#define SAI_UNROLL_LAYERS SAI_UNROLL
#endif

/* The hemisphere test without the reference's normalisation: the AoS blend takes the sign of
 * x . ref with ref = h / |h| (h the heaviest layer's rotation); x . h has the same sign whenever
 * |x . h| exceeds this, for x and h of unit length to 1e-5 (each float dot is within 2.4e-7 of
 * its exact value, and normalising h moves the exact one by less than 1e-7). Lanes at or below
 * it (rotations 180 degrees apart, to float precision) take the exact path. */
#define SAI_SOA_SIDE_MARGIN 1e-6f

/* Group g of the uniform blend: the `count` layers poses[i] with the shares factors[i], rotations
 * turned into the hemisphere of the heaviest layer poses[heaviest]'s, the sum's rotation
 * normalised, in sa_pose_blend_run()'s float operations lane by lane. Writes out[g] and returns
 * true when every lane that counts (`pad` marks the others) took the AoS blend's float path:
 * clean inputs (finite, unit rotations), finite sums of a translation's and a scale's
 * components, the rotation sum in sai_quat_normalize()'s fast range, and no rotation on the
 * border of the hemisphere. Else writes nothing and returns false. */
SAI_INLINE bool blend_group_fast(const sa_soa_transform *const *poses, const sai_f4 *factors,
                                 size_t count, size_t heaviest, size_t g, sai_i4 pad,
                                 sa_soa_transform *out) {
    /* Constants as vectors in memory: the loop takes them as operands (splatted scalars it
     * would build again in every group). */
    static const sai_f4 lo = {1e-20f, 1e-20f, 1e-20f, 1e-20f}, hi = {1e20f, 1e20f, 1e20f, 1e20f},
                        unit_lo = {1.0f - 1e-5f, 1.0f - 1e-5f, 1.0f - 1e-5f, 1.0f - 1e-5f},
                        unit_hi = {1.0f + 1e-5f, 1.0f + 1e-5f, 1.0f + 1e-5f, 1.0f + 1e-5f},
                        margin = {SAI_SOA_SIDE_MARGIN, SAI_SOA_SIDE_MARGIN, SAI_SOA_SIDE_MARGIN,
                                  SAI_SOA_SIDE_MARGIN},
                        huge = {FLT_MAX, FLT_MAX, FLT_MAX, FLT_MAX};
    static const sai_i4 magnitude = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    const sai_f4 zero = sai_f4_splat(0.0f);
    const sa_soa_transform *h = &poses[heaviest][g];
    const sai_f4 hx = soa_load(h, SAI_Q), hy = soa_load(h, SAI_Q + 1), hz = soa_load(h, SAI_Q + 2),
                 hw = soa_load(h, SAI_Q + 3);
    /* Rotations first, then translations and scales: each pass keeps its sums in registers. The
     * smallest |x . h| and the smallest and largest input |x|^2 (for the unit test of
     * sai_transform_clean()) are kept as they go; a min or max may drop a NaN, but a NaN or an
     * infinite rotation leaves the rotation sum NaN or infinite, which the range test of its
     * |q|^2 refuses. */
    sai_f4 qx = zero, qy = zero, qz = zero, qw = zero, nearest = huge, n2_min = huge, n2_max = zero;
    SAI_UNROLL_LAYERS
    for (size_t i = 0; i < count; ++i) {
        const sa_soa_transform *p = &poses[i][g];
        const sai_f4 x = soa_load(p, SAI_Q), y = soa_load(p, SAI_Q + 1), z = soa_load(p, SAI_Q + 2),
                     w = soa_load(p, SAI_Q + 3);
        /* The heaviest rotation is on its own side (its dot with ref is a sum of squares). */
        sai_f4 fq = factors[i];
        if (i != heaviest) {
            const sai_f4 d = x * hx + y * hy + z * hz + w * hw;
            nearest = sai_f4_min_fast(nearest, (sai_f4)((sai_i4)d & magnitude));
            fq = sai_f4_negate_where(fq, d < zero);
        }
        qx += fq * x;
        qy += fq * y;
        qz += fq * z;
        qw += fq * w;
        const sai_f4 xn2 = x * x + y * y + z * z + w * w;
        n2_min = sai_f4_min_fast(n2_min, xn2);
        n2_max = sai_f4_max_fast(n2_max, xn2);
    }
    sai_f4 tx = zero, ty = zero, tz = zero, sx = zero, sy = zero, sz = zero;
    SAI_UNROLL_LAYERS
    for (size_t i = 0; i < count; ++i) {
        const sa_soa_transform *p = &poses[i][g];
        const sai_f4 f = factors[i];
        tx += soa_load(p, SAI_T) * f;
        ty += soa_load(p, SAI_T + 1) * f;
        tz += soa_load(p, SAI_T + 2) * f;
        sx += soa_load(p, SAI_S) * f;
        sy += soa_load(p, SAI_S + 1) * f;
        sz += soa_load(p, SAI_S + 2) * f;
    }
    const sai_f4 n2 = qx * qx + qy * qy + qz * qz + qw * qw;
    /* The tests of sa_pose_blend_run()'s per-joint path, which blends in double where the sum of
     * a translation's or a scale's three components is not finite. */
    const sai_i4 ok = (nearest > margin) & (n2_min >= unit_lo) & (n2_max <= unit_hi) &
                      sai_f4_finite(tx + ty + tz) & sai_f4_finite(sx + sy + sz) & (n2 >= lo) &
                      (n2 <= hi);
    if (!sai_lanes_true(ok | pad)) return false;
    const sai_f4 inv = sai_f4_rsqrt(n2);
    sai_group sum = {{tx, ty, tz, qx * inv, qy * inv, qz * inv, qw * inv, sx, sy, sz}};
    if (sai_lanes_any(pad)) {
        group_store(&out[g], &sum, ~pad);
        return true;
    }
    SAI_UNROLL
    for (size_t k = 0; k < SAI_SOA_COMPONENTS; ++k)
        soa_store(&out[g], k, sum.c[k]);
    return true;
}

/* Copies group g of src when all its real lanes are clean; else the exact path. */
static void copy_group(const sa_soa_blend_job *job, const sa_soa_transform *src, size_t g) {
    sai_group x;
    group_load(&src[g], &x);
    const sai_i4 real = real_lanes(lanes_in(g, job->joint_count));
    if (!sai_lanes_true(group_clean(&x) | ~real)) {
        blend_group_exact(job, g);
        return;
    }
    group_store(&job->out[g], &x, real);
}

/* Group by group from group `first`: a group's output is written after all its inputs are read,
 * and no group reads another (in place works). Two, three and four layers (the usual blends) with
 * the count known to the compiler, which then unrolls the loop over the layers; the groups of
 * four real joints, then the last group when it has padding lanes. */
SAI_INLINE void blend_uniform_groups_body(const sa_soa_blend_job *job,
                                          const sa_soa_transform *const *poses,
                                          const sai_f4 *factors, size_t count, size_t heaviest,
                                          size_t first) {
    const size_t n = job->joint_count, groups = SA_SOA_GROUPS(n);
    const size_t full = n / 4;
    const sai_i4 none = {0, 0, 0, 0};
#define SAI_SOA_BLEND(layers)                                                                      \
    for (size_t g = first; g < full; ++g) {                                                        \
        if (!blend_group_fast(poses, factors, layers, heaviest, g, none, job->out))                \
            blend_group_exact(job, g);                                                             \
    }
    switch (count) {
    case 2:
        SAI_SOA_BLEND(2) break;
    case 3:
        SAI_SOA_BLEND(3) break;
    case 4:
        SAI_SOA_BLEND(4) break;
    default:
        SAI_SOA_BLEND(count) break;
    }
    if (full < groups && !blend_group_fast(poses, factors, count, heaviest, full,
                                           ~real_lanes(n - 4 * full), job->out))
        blend_group_exact(job, full);
#undef SAI_SOA_BLEND
}

static void blend_uniform_groups_sse2(const sa_soa_blend_job *job,
                                      const sa_soa_transform *const *poses, const sai_f4 *factors,
                                      size_t count, size_t heaviest) {
    blend_uniform_groups_body(job, poses, factors, count, heaviest, 0);
}

#if SAI_SOA_AVX2
/* Eight lanes for the AVX2 copy: two neighbouring groups at once, g in lanes 0-3 and g + 1 in
 * lanes 4-7. Every function that takes or returns them is compiled for AVX2 only. */
typedef float sai_f8 __attribute__((vector_size(32)));
typedef int32_t sai_i8 __attribute__((vector_size(32)));

#define SAI_AVX2_INLINE SAI_TARGET_AVX2 SAI_INLINE

/* Component c of the groups g[0] and g[1], and back. */
SAI_AVX2_INLINE sai_f8 pair_load(const sa_soa_transform *g, size_t c) {
    return (sai_f8)_mm256_set_m128((__m128)soa_load(&g[1], c), (__m128)soa_load(&g[0], c));
}
SAI_AVX2_INLINE void pair_store(sa_soa_transform *g, size_t c, sai_f8 v) {
    soa_store(&g[0], c, (sai_f4)_mm256_castps256_ps128((__m256)v));
    soa_store(&g[1], c, (sai_f4)_mm256_extractf128_ps((__m256)v, 1));
}
SAI_AVX2_INLINE sai_f8 f8_splat(float f) { return (sai_f8){f, f, f, f, f, f, f, f}; }
SAI_AVX2_INLINE sai_f8 f8_min_fast(sai_f8 a, sai_f8 b) {
    return (sai_f8)_mm256_min_ps((__m256)a, (__m256)b);
}
SAI_AVX2_INLINE sai_f8 f8_max_fast(sai_f8 a, sai_f8 b) {
    return (sai_f8)_mm256_max_ps((__m256)a, (__m256)b);
}
SAI_AVX2_INLINE sai_i8 f8_finite(sai_f8 v) { return v - v == 0.0f; }

/* blend_group_fast() on the groups g and g + 1 (both of four real joints) in eight lanes: the
 * same float operations lane by lane, the same tests. Writes both groups and returns true when
 * all eight lanes pass, else writes nothing. */
SAI_AVX2_INLINE bool blend_pair_fast(const sa_soa_transform *const *poses, const sai_f8 *factors,
                                     size_t count, size_t heaviest, size_t g,
                                     sa_soa_transform *out) {
    static const sai_f8 lo = {1e-20f, 1e-20f, 1e-20f, 1e-20f, 1e-20f, 1e-20f, 1e-20f, 1e-20f},
                        hi = {1e20f, 1e20f, 1e20f, 1e20f, 1e20f, 1e20f, 1e20f, 1e20f},
                        unit_lo = {1.0f - 1e-5f, 1.0f - 1e-5f, 1.0f - 1e-5f, 1.0f - 1e-5f,
                                   1.0f - 1e-5f, 1.0f - 1e-5f, 1.0f - 1e-5f, 1.0f - 1e-5f},
                        unit_hi = {1.0f + 1e-5f, 1.0f + 1e-5f, 1.0f + 1e-5f, 1.0f + 1e-5f,
                                   1.0f + 1e-5f, 1.0f + 1e-5f, 1.0f + 1e-5f, 1.0f + 1e-5f},
                        margin = {SAI_SOA_SIDE_MARGIN, SAI_SOA_SIDE_MARGIN, SAI_SOA_SIDE_MARGIN,
                                  SAI_SOA_SIDE_MARGIN, SAI_SOA_SIDE_MARGIN, SAI_SOA_SIDE_MARGIN,
                                  SAI_SOA_SIDE_MARGIN, SAI_SOA_SIDE_MARGIN},
                        huge = {FLT_MAX, FLT_MAX, FLT_MAX, FLT_MAX,
                                FLT_MAX, FLT_MAX, FLT_MAX, FLT_MAX},
                        one = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};
    static const sai_i8 magnitude = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX,
                                     INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX},
                        sign = {INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN,
                                INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN};
    const sai_f8 zero = f8_splat(0.0f);
    const sa_soa_transform *h = &poses[heaviest][g];
    const sai_f8 hx = pair_load(h, SAI_Q), hy = pair_load(h, SAI_Q + 1),
                 hz = pair_load(h, SAI_Q + 2), hw = pair_load(h, SAI_Q + 3);
    sai_f8 qx = zero, qy = zero, qz = zero, qw = zero, nearest = huge, n2_min = huge, n2_max = zero;
    SAI_UNROLL_LAYERS
    for (size_t i = 0; i < count; ++i) {
        const sa_soa_transform *p = &poses[i][g];
        const sai_f8 x = pair_load(p, SAI_Q), y = pair_load(p, SAI_Q + 1),
                     z = pair_load(p, SAI_Q + 2), w = pair_load(p, SAI_Q + 3);
        sai_f8 fq = factors[i];
        if (i != heaviest) {
            const sai_f8 d = x * hx + y * hy + z * hz + w * hw;
            nearest = f8_min_fast(nearest, (sai_f8)((sai_i8)d & magnitude));
            fq = (sai_f8)((sai_i8)fq ^ ((d < zero) & sign));
        }
        qx += fq * x;
        qy += fq * y;
        qz += fq * z;
        qw += fq * w;
        const sai_f8 xn2 = x * x + y * y + z * z + w * w;
        n2_min = f8_min_fast(n2_min, xn2);
        n2_max = f8_max_fast(n2_max, xn2);
    }
    sai_f8 tx = zero, ty = zero, tz = zero, sx = zero, sy = zero, sz = zero;
    SAI_UNROLL_LAYERS
    for (size_t i = 0; i < count; ++i) {
        const sa_soa_transform *p = &poses[i][g];
        const sai_f8 f = factors[i];
        tx += pair_load(p, SAI_T) * f;
        ty += pair_load(p, SAI_T + 1) * f;
        tz += pair_load(p, SAI_T + 2) * f;
        sx += pair_load(p, SAI_S) * f;
        sy += pair_load(p, SAI_S + 1) * f;
        sz += pair_load(p, SAI_S + 2) * f;
    }
    const sai_f8 n2 = qx * qx + qy * qy + qz * qz + qw * qw;
    const sai_i8 ok = (nearest > margin) & (n2_min >= unit_lo) & (n2_max <= unit_hi) &
                      f8_finite(tx + ty + tz) & f8_finite(sx + sy + sz) & (n2 >= lo) & (n2 <= hi);
    if (_mm256_movemask_ps((__m256)ok) != 0xFF) return false;
    const sai_f8 inv = one / (sai_f8)_mm256_sqrt_ps((__m256)n2);
    const sai_f8 c[SAI_SOA_COMPONENTS] = {tx,       ty,       tz, qx * inv, qy * inv,
                                          qz * inv, qw * inv, sx, sy,       sz};
    SAI_UNROLL
    for (size_t k = 0; k < SAI_SOA_COMPONENTS; ++k)
        pair_store(&out[g], k, c[k]);
    return true;
}

/* Group g on its own: four lanes, else the exact path. Not inlined: inlined, GCC kept a copy of
 * every load of the pair's fast path for it (a fifth more instructions). */
__attribute__((noinline)) static void blend_group_alone(const sa_soa_blend_job *job,
                                                        const sa_soa_transform *const *poses,
                                                        const sai_f4 *factors, size_t count,
                                                        size_t heaviest, size_t g) {
    const sai_i4 none = {0, 0, 0, 0};
    if (!blend_group_fast(poses, factors, count, heaviest, g, none, job->out))
        blend_group_exact(job, g);
}

/* The groups g and g + 1 in eight lanes; where a lane fails, each group on its own. */
SAI_AVX2_INLINE void blend_pair(const sa_soa_blend_job *job, const sa_soa_transform *const *poses,
                                const sai_f8 *factors8, const sai_f4 *factors, size_t count,
                                size_t heaviest, size_t g) {
    if (blend_pair_fast(poses, factors8, count, heaviest, g, job->out)) return;
    blend_group_alone(job, poses, factors, count, heaviest, g);
    blend_group_alone(job, poses, factors, count, heaviest, g + 1);
}

/* The AVX2 copy: pairs of whole groups in eight lanes, then what is left group by group. */
SAI_TARGET_AVX2 static void blend_uniform_groups_avx2(const sa_soa_blend_job *job,
                                                      const sa_soa_transform *const *poses,
                                                      const sai_f4 *factors, size_t count,
                                                      size_t heaviest) {
    sai_f8 factors8[SA_SOA_MAX_LAYERS];
    for (size_t i = 0; i < count; ++i)
        factors8[i] = (sai_f8)_mm256_set_m128((__m128)factors[i], (__m128)factors[i]);
    const size_t pairs = job->joint_count / 8;
#define SAI_SOA_BLEND_PAIRS(layers)                                                                \
    for (size_t p = 0; p < pairs; ++p)                                                             \
        blend_pair(job, poses, factors8, factors, layers, heaviest, 2 * p);
    switch (count) {
    case 2:
        SAI_SOA_BLEND_PAIRS(2) break;
    case 3:
        SAI_SOA_BLEND_PAIRS(3) break;
    case 4:
        SAI_SOA_BLEND_PAIRS(4) break;
    default:
        SAI_SOA_BLEND_PAIRS(count) break;
    }
#undef SAI_SOA_BLEND_PAIRS
    blend_uniform_groups_body(job, poses, factors, count, heaviest, 2 * pairs);
}
#endif

static void blend_uniform_groups(const sa_soa_blend_job *job, const sa_soa_transform *const *poses,
                                 const sai_f4 *factors, size_t count, size_t heaviest) {
#if SAI_SOA_AVX2
    if (use_avx2()) {
        blend_uniform_groups_avx2(job, poses, factors, count, heaviest);
        return;
    }
#endif
    blend_uniform_groups_sse2(job, poses, factors, count, heaviest);
}

/* The blend when no layer has per-joint weights: the weights, the heaviest layer and each
 * layer's share are the same at every joint, so they are worked out once, in the float
 * operations sa_pose_blend_run() does at each joint, and the groups are summed with splatted
 * shares. */
static void blend_uniform(const sa_soa_blend_job *job, const float *lw) {
    const size_t nl = job->layer_count, groups = SA_SOA_GROUPS(job->joint_count);
    float total = 0.0f, best = 0.0f;
    size_t best_i = 0, contributors = 0;
    for (size_t i = 0; i < nl; ++i) {
        if (lw[i] > 0.0f) {
            total += lw[i];
            ++contributors;
            if (lw[i] > best) {
                best = lw[i];
                best_i = i;
            }
        }
    }
    if (contributors < 2) {
        const sa_soa_transform *src = contributors == 1 ? job->layers[best_i].pose
                                      : job->rest       ? job->rest
                                                        : job->layers[0].pose;
        for (size_t g = 0; g < groups; ++g)
            copy_group(job, src, g);
        return;
    }
    const bool tiny = !(total >= SAI_SOA_TINY_TOTAL);
    const float inv_total = 1.0f / (tiny ? total / best : total);
    /* The layers that count, in order, and their shares. */
    const sa_soa_transform *poses[SA_SOA_MAX_LAYERS];
    sai_f4 factors[SA_SOA_MAX_LAYERS];
    size_t count = 0, heaviest = 0;
    for (size_t i = 0; i < nl; ++i) {
        if (!(lw[i] > 0.0f)) continue;
        if (i == best_i) heaviest = count;
        poses[count] = job->layers[i].pose;
        factors[count++] = sai_f4_splat((tiny ? lw[i] / best : lw[i]) * inv_total);
    }
    blend_uniform_groups(job, poses, factors, count, heaviest);
}

/* sai_saturate() per lane: v in [0, 1] as it is, above 1 gives 1, below 0 or NaN gives 0. */
SAI_INLINE sai_f4 saturate4(sai_f4 v) {
    const sai_f4 zero = sai_f4_splat(0.0f), one = sai_f4_splat(1.0f);
    return sai_f4_select((v >= 0.0f) & (v <= 1.0f), v, sai_f4_select(v > 1.0f, one, zero));
}

/* Layer i's weight at the four joints of group g (0 in padding lanes). */
SAI_INLINE sai_f4 lane_weights(const sa_soa_blend_job *job, const float *lw, size_t i, size_t g) {
    const float *jw = job->layers[i].joint_weights;
    if (!jw) return sai_f4_splat(lw[i]);
    const size_t real = lanes_in(g, job->joint_count);
    float w[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    memcpy(w, &jw[4 * g], real * sizeof *w);
    return sai_f4_splat(lw[i]) * saturate4(sai_f4_load(w));
}

/* One group of a blend with per-joint weights: every lane works out its own weights, heaviest
 * layer, shares and number of layers that count, in sa_pose_blend_run()'s float operations, and
 * takes the blend (two or more layers count), the single layer that counts, or the rest pose. */
SAI_INLINE void blend_group_masked(const sa_soa_blend_job *job, const float *lw, size_t g) {
    const size_t nl = job->layer_count;
    const sai_f4 zero = sai_f4_splat(0.0f);
    sai_f4 w[SA_SOA_MAX_LAYERS], total = zero, best = zero;
    sai_f4 ref[4] = {zero, zero, zero, sai_f4_splat(1.0f)};
    sai_i4 count = {0, 0, 0, 0}, counts[SA_SOA_MAX_LAYERS];
    sai_group single = {{{0}}}, x;
    for (size_t i = 0; i < nl; ++i) {
        w[i] = lane_weights(job, lw, i, g);
        counts[i] = w[i] > 0.0f;
        if (!sai_lanes_any(counts[i])) continue;
        group_load(&job->layers[i].pose[g], &x);
        total += sai_f4_select(counts[i], w[i], zero);
        count -= counts[i];
        const sai_i4 heavier = w[i] > best;
        best = sai_f4_select(heavier, w[i], best);
        SAI_UNROLL
        for (int c = 0; c < 4; ++c)
            ref[c] = sai_f4_select(heavier, x.c[SAI_Q + c], ref[c]);
        SAI_UNROLL
        for (size_t k = 0; k < SAI_SOA_COMPONENTS; ++k)
            single.c[k] = sai_f4_select(counts[i], x.c[k], single.c[k]);
    }
    make_ref(ref, ref);
    const sai_i4 tiny = ~(total >= SAI_SOA_TINY_TOTAL);
    const bool any_tiny = sai_lanes_any(tiny & (count >= 2));
    const sai_f4 inv_total =
        sai_f4_splat(1.0f) / (any_tiny ? sai_f4_select(tiny, total / best, total) : total);
    sai_group acc = {{{0}}};
    sai_i4 unit = sai_lanes_all();
    for (size_t i = 0; i < nl; ++i) {
        if (!sai_lanes_any(counts[i])) continue;
        const sai_f4 share = any_tiny ? sai_f4_select(tiny, w[i] / best, w[i]) : w[i];
        const sai_f4 f = sai_f4_select(counts[i], share * inv_total, zero);
        group_load(&job->layers[i].pose[g], &x);
        unit &= accumulate(&acc, &x, f, ref, counts[i]);
    }
    const sai_i4 blended_ok = unit & finish(&acc);
    sai_group rest;
    group_load(job->rest ? &job->rest[g] : &job->layers[0].pose[g], &rest);
    const sai_i4 one = count == 1, none = count == 0;
    SAI_UNROLL
    for (size_t k = 0; k < SAI_SOA_COMPONENTS; ++k)
        acc.c[k] = sai_f4_select(none, rest.c[k], sai_f4_select(one, single.c[k], acc.c[k]));
    const sai_i4 ok =
        (none & group_clean(&rest)) | (one & group_clean(&single)) | (~none & ~one & blended_ok);
    const sai_i4 real = real_lanes(lanes_in(g, job->joint_count));
    if (!sai_lanes_true(ok | ~real)) {
        blend_group_exact(job, g);
        return;
    }
    group_store(&job->out[g], &acc, real);
}

/* The blend with per-joint weights, group by group; copies as blend_uniform_groups(). */
static void blend_masked_sse2(const sa_soa_blend_job *job, const float *lw) {
    for (size_t g = 0; g < SA_SOA_GROUPS(job->joint_count); ++g)
        blend_group_masked(job, lw, g);
}

#if SAI_SOA_AVX2
SAI_TARGET_AVX2 static void blend_masked_avx2(const sa_soa_blend_job *job, const float *lw) {
    for (size_t g = 0; g < SA_SOA_GROUPS(job->joint_count); ++g)
        blend_group_masked(job, lw, g);
}
#endif

static void blend_masked(const sa_soa_blend_job *job, const float *lw) {
#if SAI_SOA_AVX2
    if (use_avx2()) {
        blend_masked_avx2(job, lw);
        return;
    }
#endif
    blend_masked_sse2(job, lw);
}
#endif

size_t sa_soa_blend_run(const sa_soa_blend_job *job) {
    if (sa_soa_blend_validate(job) != SA_OK) return 0;
    const size_t groups = SA_SOA_GROUPS(job->joint_count);
    if (!job->out) return groups; /* count-only call */
#if SAI_HAS_LANES
    float lw[SA_SOA_MAX_LAYERS];
    bool masked = false;
    for (size_t i = 0; i < job->layer_count; ++i) {
        lw[i] = layer_weight(job->layers[i].weight);
        masked |= job->layers[i].joint_weights != NULL;
    }
    if (!masked) {
        blend_uniform(job, lw);
        return groups;
    }
    blend_masked(job, lw);
#else
    (void)layer_weight;
    for (size_t g = 0; g < groups; ++g)
        blend_group_exact(job, g);
#endif
    return groups;
}

/* ---- local -> model */

/* sa_soa_local_to_model_validate(), inline in the run. */
SAI_INLINE sa_status local_to_model_status(const sa_soa_local_to_model_job *job) {
    if (!job || !job->skeleton || !job->local) return SA_ERR_NULL;
    const sa_status s = sai_skeleton_check_hierarchy(job->skeleton);
    if (s != SA_OK) return s;
    if (job->out && job->capacity < job->skeleton->joint_count) return SA_ERR_CAPACITY;
    return SA_OK;
}

sa_status sa_soa_local_to_model_validate(const sa_soa_local_to_model_job *job) {
    return local_to_model_status(job);
}

#if SAI_HAS_LANES
/* One joint of the quick pass below: model = parent o local by compose4(), kept in m[i] (for a
 * later child) and in prev (for the next joint), written to out. */
SAI_INLINE void soa_compose(const sai_model4 *par, sai_f4 lt, sai_f4 lq, sai_f4 ls, size_t i,
                            sai_model4 *m, sai_model4 *prev, sai_model_checks *c, sa_transform *out,
                            size_t n) {
    sai_model4 cur;
    compose4(par, lt, lq, ls, &cur, c);
    m[i] = cur;
    *prev = cur;
    if (i + 1 < n) {
        store_model4_spill(&cur, &out[i]);
    } else {
        store_model4(&cur, &out[i]);
    }
}

/* The quick pass of sai_skeleton_local_to_model() on groups, with its float operations and its
 * tests (compose4(), the same bits): each group's joints turned into vectors in registers by
 * three 4x4 transposes (no copy of the pose through memory), the parent taken from registers
 * when it is the joint before. Returns false when the pose needs the careful path; `out` is
 * then partly written (the caller writes all of it again). */
/* The quick pass over the `real` joints of group g (`real` a constant in the loop over whole
 * groups). Lane 3 of a translation and a scale is 0: finite, and never read into lanes 0-2. */
SAI_INLINE void soa_model_group(const int32_t *parents, const sa_soa_transform *local, size_t g,
                                size_t real, size_t n, const sai_model4 *base, sai_model4 *m,
                                sai_model4 *prev, sai_model_checks *c, sai_i4 *copies_unit,
                                sa_transform *out) {
    const sa_soa_transform *x = &local[g];
    const sai_f4 zero = sai_f4_splat(0.0f);
    sai_f4 lt[4], lq[4], ls[4];
    sai_f4_transpose(soa_load(x, SAI_T), soa_load(x, SAI_T + 1), soa_load(x, SAI_T + 2), zero, lt);
    sai_f4_transpose(soa_load(x, SAI_Q), soa_load(x, SAI_Q + 1), soa_load(x, SAI_Q + 2),
                     soa_load(x, SAI_Q + 3), lq);
    sai_f4_transpose(soa_load(x, SAI_S), soa_load(x, SAI_S + 1), soa_load(x, SAI_S + 2), zero, ls);
    SAI_UNROLL
    for (size_t k = 0; k < 4; ++k) {
        if (k >= real) break;
        const size_t i = 4 * g + k;
        const int32_t p = parents[i];
        if (p != SA_SKELETON_JOINT_NONE && (size_t)p + 1 == i) {
            soa_compose(prev, lt[k], lq[k], ls[k], i, m, prev, c, out, n);
        } else if (p != SA_SKELETON_JOINT_NONE) {
            soa_compose(&m[p], lt[k], lq[k], ls[k], i, m, prev, c, out, n);
        } else if (base) {
            soa_compose(base, lt[k], lq[k], ls[k], i, m, prev, c, out, n);
        } else {
            const sai_model4 cur = {lt[k], lq[k], ls[k], lq[k], sai_f4_splat(1.0f)};
            const sai_f4 n2 = dot2_4(lq[k]);
            *copies_unit &= (n2 >= 1.0f - SAI_L2M_UNIT_DEV) & (n2 <= 1.0f + SAI_L2M_UNIT_DEV);
            c->sum += lt[k] + ls[k];
            m[i] = *prev = cur;
            if (i + 1 < n) {
                store_model4_spill(&cur, &out[i]);
            } else {
                store_model4(&cur, &out[i]);
            }
        }
    }
}

SAI_INLINE bool soa_local_to_model_quick_body(const int32_t *parents, const sa_soa_transform *local,
                                              const sa_transform *root, sa_transform *out,
                                              size_t n) {
    sai_model4 m[SA_SKELETON_MAX_JOINTS];
    const sai_f4 zero = sai_f4_splat(0.0f);
    sai_model4 base = {zero, zero, zero, zero, zero}, prev = base;
    if (root) {
        base.t = (sai_f4){root->translation.x, root->translation.y, root->translation.z, 0.0f};
        base.q = base.raw = sai_f4_load(&root->rotation);
        base.k2 = sai_f4_splat(1.0f);
        base.s = (sai_f4){root->scale.x, root->scale.y, root->scale.z, 1.0f};
    }
    sai_model_checks c = {zero, zero};
    sai_i4 copies_unit = sai_lanes_all();
    const size_t full = n / 4;
    for (size_t g = 0; g < full; ++g)
        soa_model_group(parents, local, g, 4, n, root ? &base : NULL, m, &prev, &c, &copies_unit,
                        out);
    if (4 * full < n)
        soa_model_group(parents, local, full, n - 4 * full, n, root ? &base : NULL, m, &prev, &c,
                        &copies_unit, out);
    return sai_lanes_true(copies_unit & (c.dev2 <= SAI_L2M_NEWTON_DEV2) & sai_f4_finite(c.sum));
}

/* The quick pass in the SSE2 and the AVX2 copy, and the choice between them (with clang too
 * since the chain was shortened: its AVX2 copy 1.05x -> 1.01x ozz, where it used to be slower). */

static bool soa_local_to_model_quick_sse2(const int32_t *parents, const sa_soa_transform *local,
                                          const sa_transform *root, sa_transform *out, size_t n) {
    return soa_local_to_model_quick_body(parents, local, root, out, n);
}

#if SAI_SOA_AVX2
SAI_TARGET_AVX2 static bool soa_local_to_model_quick_avx2(const int32_t *parents,
                                                          const sa_soa_transform *local,
                                                          const sa_transform *root,
                                                          sa_transform *out, size_t n) {
    return soa_local_to_model_quick_body(parents, local, root, out, n);
}
#endif

static bool soa_local_to_model_quick(const int32_t *parents, const sa_soa_transform *local,
                                     const sa_transform *root, sa_transform *out, size_t n) {
#if SAI_SOA_AVX2
    if (use_avx2()) return soa_local_to_model_quick_avx2(parents, local, root, out, n);
#endif
    return soa_local_to_model_quick_sse2(parents, local, root, out, n);
}
#endif

/* The careful path: the lanes as they are, cleaned by the AoS job as it cleans what needs it. Out
 * of line, so its 10 KB pose stays off the quick path's stack. */
__attribute__((noinline)) static void local_to_model_careful(const sa_soa_local_to_model_job *job,
                                                             size_t n) {
    sa_transform local[SA_SKELETON_MAX_JOINTS];
    for (size_t g = 0; g < SA_SOA_GROUPS(n); ++g) {
        const size_t real = lanes_in(g, n);
#if SAI_HAS_LANES
        if (real == 4) {
            unpack4(&job->local[g], &local[4 * g]);
            continue;
        }
#endif
        for (size_t k = 0; k < real; ++k)
            local[4 * g + k] = soa_get(&job->local[g], k);
    }
    sai_skeleton_local_to_model(job->skeleton->parents, local, job->root, job->out, n);
}

size_t sa_soa_local_to_model_run(const sa_soa_local_to_model_job *job) {
    if (local_to_model_status(job) != SA_OK) return 0;
    const size_t n = job->skeleton->joint_count;
    if (!job->out) return n;
#if SAI_HAS_LANES
    const int32_t *parents = job->skeleton->parents;
    if (job->root) {
        const sa_transform root = sai_transform_clean(*job->root);
        if (soa_local_to_model_quick(parents, job->local, &root, job->out, n)) return n;
    } else if (soa_local_to_model_quick(parents, job->local, NULL, job->out, n)) {
        return n;
    }
#endif
    local_to_model_careful(job, n);
    return n;
}

/* ---- local -> model as matrices */

/* Lane k of a group as its local matrix, the rule of sa_skeleton_local_to_model_matrices(). */
static sa_mat4 lane_matrix(const sa_soa_transform *g, size_t k) {
    return sai_mat4_from_transform_unit(sai_transform_clean(soa_get(g, k)));
}

#if SAI_HAS_LANES
/* The 12 elements of the local matrices of a group's four joints (columns 0-3, rows 0-2), lane by
 * lane in the float operations of sai_mat4_from_transform_unit(), from the lanes as they are.
 * Returns the lanes whose rotation has unit length as sai_transform_clean() tests it. */
SAI_INLINE sai_i4 group_matrices_raw(const sa_soa_transform *g, sai_f4 e[12]) {
    sai_group x;
    group_load(g, &x);
    const sai_f4 qx = x.c[SAI_Q], qy = x.c[SAI_Q + 1], qz = x.c[SAI_Q + 2], qw = x.c[SAI_Q + 3];
    const sai_f4 sx = x.c[SAI_S], sy = x.c[SAI_S + 1], sz = x.c[SAI_S + 2];
    const sai_f4 x2 = qx + qx, y2 = qy + qy, z2 = qz + qz;
    const sai_f4 xx = qx * x2, yy = qy * y2, zz = qz * z2;
    const sai_f4 xy = qx * y2, xz = qx * z2, yz = qy * z2;
    const sai_f4 wx = qw * x2, wy = qw * y2, wz = qw * z2;
    const sai_f4 one = sai_f4_splat(1.0f);
    e[0] = (one - (yy + zz)) * sx;
    e[1] = (xy + wz) * sx;
    e[2] = (xz - wy) * sx;
    e[3] = (xy - wz) * sy;
    e[4] = (one - (xx + zz)) * sy;
    e[5] = (yz + wx) * sy;
    e[6] = (xz + wy) * sz;
    e[7] = (yz - wx) * sz;
    e[8] = (one - (xx + yy)) * sz;
    e[9] = x.c[SAI_T];
    e[10] = x.c[SAI_T + 1];
    e[11] = x.c[SAI_T + 2];
    return quat_unit(&x.c[SAI_Q]);
}

/* The real lanes of e worked out one by one from the cleaned transforms (a clean lane comes out
 * as it was). */
static void group_matrices_clean(const sa_soa_transform *g, size_t real, sai_f4 e[12]) {
    for (size_t k = 0; k < real; ++k) {
        const sa_mat4 m = lane_matrix(g, k);
        for (size_t i = 0; i < 12; ++i)
            e[i][k] = m.m[4 * (i / 3) + i % 3];
    }
}

/* group_matrices_raw() with every lane that is not clean (finite, unit rotation) cleaned. */
static void group_matrices(const sa_soa_transform *g, size_t real, sai_f4 e[12]) {
    group_matrices_raw(g, e);
    sai_group x;
    group_load(g, &x);
    if (!sai_lanes_true(group_clean(&x) | ~real_lanes(real))) group_matrices_clean(g, real, e);
}

/* Lane k of the elements as a matrix. */
static sa_mat4 elements_matrix(const sai_f4 e[12], size_t k) {
    sa_mat4 m;
    for (size_t c = 0; c < 4; ++c) {
        for (size_t row = 0; row < 3; ++row)
            m.m[4 * c + row] = e[3 * c + row][k];
        m.m[4 * c + 3] = c == 3 ? 1.0f : 0.0f;
    }
    return m;
}

/* out = parent * (lane k's local matrix), sai_mat4_mul_affine() with each column in a register;
 * the saturating product where the float one overflowed, as the AoS job does. */
SAI_INLINE void mul_affine_lane(const sa_mat4 *parent, const sai_f4 e[12], size_t k, sa_mat4 *out) {
    const sai_f4 p0 = sai_f4_load(&parent->m[0]), p1 = sai_f4_load(&parent->m[4]),
                 p2 = sai_f4_load(&parent->m[8]), p3 = sai_f4_load(&parent->m[12]);
    const sai_i4 xyz = {-1, -1, -1, 0};
    sai_f4 col[4];
    SAI_UNROLL
    for (size_t c = 0; c < 4; ++c) {
        const float *l = (const float *)(const void *)&e[3 * c] + k; /* lane k, element 3c */
        const sai_f4 v =
            p0 * sai_f4_splat(l[0]) + p1 * sai_f4_splat(l[4]) + p2 * sai_f4_splat(l[8]);
        col[c] = c < 3 ? sai_f4_select(xyz, v, sai_f4_splat(0.0f))
                       : sai_f4_select(xyz, v + p3, sai_f4_splat(1.0f));
    }
    const sai_f4 sum = (col[0] + col[1]) + (col[2] + col[3]);
    SAI_UNROLL
    for (size_t c = 0; c < 4; ++c)
        sai_f4_store(&out->m[4 * c], col[c]);
    if (sai_lanes_true(sai_f4_finite(sum)) || sai_mat4_finite(out)) return;
    const sa_mat4 l = elements_matrix(e, k);
    *out = sai_mat4_mul_affine_saturating(parent, &l);
}

/* Lane k (0 ... 3: a constant once inlined and unrolled) of the vector at v in every lane. On
 * SSE2 one pshufd straight from memory (v is a 16-byte aligned local array), not a copy and a
 * shufps of a register. */
SAI_INLINE sai_f4 lane_splat(const sai_f4 *v, size_t k) {
#if defined(__SSE2__)
#define SAI_SPLAT_MEM(imm)                                                                         \
    (sai_f4)                                                                                       \
        _mm_castsi128_ps(_mm_shuffle_epi32(_mm_load_si128((const __m128i *)(const void *)v), imm))
    switch (k) {
    case 0:
        return SAI_SPLAT_MEM(0x00);
    case 1:
        return SAI_SPLAT_MEM(0x55);
    case 2:
        return SAI_SPLAT_MEM(0xAA);
    default:
        return SAI_SPLAT_MEM(0xFF);
    }
#undef SAI_SPLAT_MEM
#else
    switch (k) {
    case 0:
        return SAI_SHUFFLE(*v, *v, 0, 0, 0, 0);
    case 1:
        return SAI_SHUFFLE(*v, *v, 1, 1, 1, 1);
    case 2:
        return SAI_SHUFFLE(*v, *v, 2, 2, 2, 2);
    default:
        return SAI_SHUFFLE(*v, *v, 3, 3, 3, 3);
    }
#endif
}

/* col = parent * (lane k's local matrix) in sai_mat4_mul_affine()'s float operations, the
 * parent's columns in p[0..3], each element splatted: column c is p0 e[3c] + p1 e[3c + 1] +
 * p2 e[3c + 2] (+ p3 for the translation). The bottom row of the first three columns is +-0
 * (store_affine() clears it), the translation's is 0 + 1 = 1. */
SAI_INLINE void mul_affine_splat(const sai_f4 p[4], const sai_f4 e[12], size_t k, sai_f4 col[4]) {
    SAI_UNROLL
    for (size_t c = 0; c < 4; ++c) {
        const sai_f4 v = p[0] * lane_splat(&e[3 * c], k) + p[1] * lane_splat(&e[3 * c + 1], k) +
                         p[2] * lane_splat(&e[3 * c + 2], k);
        col[c] = c < 3 ? v : v + p[3];
    }
}

/* Writes a product of mul_affine_splat(): its first three columns' bottom row cleared (0 times a
 * negative element is -0). The chain carries the columns uncleared, one operation shorter: their
 * bottom row is +-0, and lanes never mix. */
SAI_INLINE void store_affine(const sai_f4 col[4], sa_mat4 *out) {
    const sai_i4 xyz = {-1, -1, -1, 0};
    SAI_UNROLL
    for (size_t c = 0; c < 4; ++c)
        sai_f4_store(&out->m[4 * c], c < 3 ? (sai_f4)((sai_i4)col[c] & xyz) : col[c]);
}

/* Lane k of the elements as a matrix's columns, in registers (elements_matrix() stores floats one
 * by one, and a vector read of them right after waits for those stores). */
SAI_INLINE void elements_columns(const sai_f4 e[12], size_t k, sai_f4 col[4]) {
    const sai_f4 zero = sai_f4_splat(0.0f), one = sai_f4_splat(1.0f);
    SAI_UNROLL
    for (size_t c = 0; c < 4; ++c) {
        const sai_f4 x = lane_splat(&e[3 * c], k), y = lane_splat(&e[3 * c + 1], k),
                     z = lane_splat(&e[3 * c + 2], k);
        col[c] = SAI_SHUFFLE(SAI_SHUFFLE(x, y, 0, 4, 0, 4),
                             SAI_SHUFFLE(z, c < 3 ? zero : one, 0, 4, 0, 4), 0, 1, 4, 5);
    }
}

/* What the quick pass carries from joint to joint: the last model matrix's columns, and a sum of
 * every column written for the finite test. */
typedef struct sai_matrix_walk {
    sai_f4 prev[4], sum;
} sai_matrix_walk;

/* The model matrices of the `real` joints of group g (`real` a constant in the loop over whole
 * groups). Lanes with a rotation off unit length are cleaned first; a non-finite part is left to
 * the finite test (the careful pass cleans it). */
SAI_INLINE void matrices_group(const int32_t *parents, const sa_soa_transform *local, size_t g,
                               size_t real, const sa_mat4 *root_m, sa_mat4 *out,
                               sai_matrix_walk *w) {
    sai_f4 e[12];
    if (!sai_lanes_true(group_matrices_raw(&local[g], e) | ~real_lanes(real)))
        group_matrices_clean(&local[g], real, e);
    SAI_UNROLL
    for (size_t k = 0; k < 4; ++k) {
        if (k >= real) break;
        const size_t i = 4 * g + k;
        const int32_t p = parents[i];
        sai_f4 par[4];
        if (p == SA_SKELETON_JOINT_NONE) {
            if (!root_m) { /* copied, and tested too (a lone root has no child to carry a NaN) */
                elements_columns(e, k, w->prev);
                SAI_UNROLL
                for (size_t c = 0; c < 4; ++c)
                    sai_f4_store(&out[i].m[4 * c], w->prev[c]);
                w->sum += (w->prev[0] + w->prev[1]) + (w->prev[2] + w->prev[3]);
                continue;
            }
            SAI_UNROLL
            for (size_t c = 0; c < 4; ++c)
                par[c] = sai_f4_load(&root_m->m[4 * c]);
        } else if ((size_t)p + 1 == i) {
            SAI_UNROLL
            for (size_t c = 0; c < 4; ++c)
                par[c] = w->prev[c];
        } else {
            SAI_UNROLL
            for (size_t c = 0; c < 4; ++c)
                par[c] = sai_f4_load(&out[p].m[4 * c]);
        }
        mul_affine_splat(par, e, k, w->prev);
        store_affine(w->prev, &out[i]);
        w->sum += (w->prev[0] + w->prev[1]) + (w->prev[2] + w->prev[3]);
    }
}

/* The model matrices of every joint, quickly: each product as sai_mat4_mul_affine() computes
 * it, one finite test for the whole pose at the end (a sum of every column: NaN and infinity
 * survive it; an overflowing sum of finite ones merely takes the careful path). Returns false
 * when it fails: the caller then does the careful pass, which cleans non-finite parts and
 * saturates where the AoS function does. A joint whose parent is the joint before it (most of a
 * chain) takes the parent's columns from registers, not back from memory just written, which
 * would lengthen the chain. */
SAI_INLINE bool matrices_quick_body(const int32_t *parents, const sa_soa_transform *local,
                                    const sa_mat4 *root_m, sa_mat4 *out, size_t n) {
    const sai_f4 zero = sai_f4_splat(0.0f);
    sai_matrix_walk w = {{zero, zero, zero, zero}, zero};
    const size_t full = n / 4;
    for (size_t g = 0; g < full; ++g)
        matrices_group(parents, local, g, 4, root_m, out, &w);
    if (full * 4 < n) matrices_group(parents, local, full, n - 4 * full, root_m, out, &w);
    return sai_lanes_true(sai_f4_finite(w.sum));
}

/* The quick pass in the SSE2 and the AVX2 copy, and the choice between them. */
static bool matrices_quick_sse2(const int32_t *parents, const sa_soa_transform *local,
                                const sa_mat4 *root_m, sa_mat4 *out, size_t n) {
    return matrices_quick_body(parents, local, root_m, out, n);
}

#if SAI_SOA_AVX2
SAI_TARGET_AVX2 static bool matrices_quick_avx2(const int32_t *parents,
                                                const sa_soa_transform *local,
                                                const sa_mat4 *root_m, sa_mat4 *out, size_t n) {
    return matrices_quick_body(parents, local, root_m, out, n);
}
#endif

static bool matrices_quick(const int32_t *parents, const sa_soa_transform *local,
                           const sa_mat4 *root_m, sa_mat4 *out, size_t n) {
#if SAI_SOA_AVX2
    if (use_avx2()) return matrices_quick_avx2(parents, local, root_m, out, n);
#endif
    return matrices_quick_sse2(parents, local, root_m, out, n);
}
#endif

size_t sa_soa_local_to_model_matrices(const sa_skeleton *skeleton, const sa_soa_transform *local,
                                      const sa_transform *root, sa_mat4 *out, size_t capacity) {
    if (!local || sai_skeleton_check_hierarchy(skeleton) != SA_OK) return 0;
    const size_t n = skeleton->joint_count;
    if (!out) return n;
    if (capacity < n) return 0;
    sa_mat4 root_m; /* the root transform's matrix, when there is one */
    if (root) root_m = sai_mat4_from_transform_unit(sai_transform_clean(*root));
#if SAI_HAS_LANES
    if (matrices_quick(skeleton->parents, local, root ? &root_m : NULL, out, n)) return n;
#endif
    for (size_t g = 0; g < SA_SOA_GROUPS(n); ++g) {
        const size_t real = lanes_in(g, n);
#if SAI_HAS_LANES
        sai_f4 e[12];
        group_matrices(&local[g], real, e);
#endif
        for (size_t k = 0; k < real; ++k) {
            const size_t i = 4 * g + k;
            const int32_t p = skeleton->parents[i];
            const sa_mat4 *parent = p == SA_SKELETON_JOINT_NONE ? (root ? &root_m : NULL) : &out[p];
#if SAI_HAS_LANES
            if (!parent) {
                out[i] = elements_matrix(e, k);
                continue;
            }
            mul_affine_lane(parent, e, k, &out[i]);
#else
            const sa_mat4 l = lane_matrix(&local[g], k);
            if (!parent) {
                out[i] = l;
                continue;
            }
            out[i] = sai_mat4_mul_affine(parent, &l);
            if (!sai_mat4_finite(&out[i])) out[i] = sai_mat4_mul_affine_saturating(parent, &l);
#endif
        }
    }
    return n;
}
