/* Four joints per register for the pose loops (blend, clip sampling): GCC/clang vector extensions,
 * which become SSE on x86, SIMD128 on wasm with -msimd128 and plain scalar code elsewhere, so the
 * loops need no -O3 or target flags to run several joints at a time. Each lane does exactly the
 * scalar path's float operations in the same order, so results are bit for bit the same. Other
 * compilers (SAI_HAS_LANES 0) keep the scalar paths. Not installed. */
#ifndef STICKANIM_INTERNAL_LANES_H
#define STICKANIM_INTERNAL_LANES_H

#include "xform.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

#if defined(__has_builtin)
#if __has_builtin(__builtin_shufflevector)
#define SAI_HAS_SHUFFLE 1
#endif
#endif

#if (defined(__GNUC__) || defined(__clang__)) && defined(SAI_HAS_SHUFFLE)
#define SAI_HAS_LANES 1

typedef float sai_f4 __attribute__((vector_size(16)));
typedef int32_t sai_i4 __attribute__((vector_size(16)));

/* One component of four transforms pose[idx[0..3]]. */
#define SAI_GATHER(pose, idx, field)                                                               \
    ((sai_f4){(pose)[(idx)[0]].field, (pose)[(idx)[1]].field, (pose)[(idx)[2]].field,              \
              (pose)[(idx)[3]].field})

/* Joint indices of the block at j0: past the end, the last joint again. */
SAI_INLINE void sai_lane_indices(size_t j0, size_t n, size_t idx[4]) {
    for (size_t k = 0; k < 4; ++k)
        idx[k] = j0 + k < n ? j0 + k : n - 1;
}

SAI_INLINE sai_i4 sai_lanes_all(void) { return (sai_i4){-1, -1, -1, -1}; }
/* Whether every lane of m is set (m's lanes are all-ones or zero, as comparisons give). */
SAI_INLINE bool sai_lanes_true(sai_i4 m) {
#if defined(__SSE2__)
    return _mm_movemask_ps((__m128)m) == 0xF;
#else
    return (m[0] & m[1] & m[2] & m[3]) != 0;
#endif
}

/* v with its sign flipped in the lanes of mask m (exactly -v there). */
SAI_INLINE sai_f4 sai_f4_negate_where(sai_f4 v, sai_i4 m) {
    return (sai_f4)((sai_i4)v ^ (m & (sai_i4){INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN}));
}

/* Lanes where v is finite (a sum of components tests them all, as sai_v3_finite_fast()). */
SAI_INLINE sai_i4 sai_f4_finite(sai_f4 v) { return v - v == 0.0f; }

/* 1 / sqrt(v) per lane, rounded as the scalar 1.0f / sqrtf(). */
SAI_INLINE sai_f4 sai_f4_rsqrt(sai_f4 v) {
#if defined(__SSE2__)
    return (sai_f4){1.0f, 1.0f, 1.0f, 1.0f} / (sai_f4)_mm_sqrt_ps((__m128)v);
#elif defined(__wasm_simd128__)
    return (sai_f4){1.0f, 1.0f, 1.0f, 1.0f} / (sai_f4)wasm_f32x4_sqrt((v128_t)v);
#else
    sai_f4 r;
    for (int k = 0; k < 4; ++k)
        r[k] = 1.0f / sqrtf(v[k]);
    return r;
#endif
}

/* Four floats from / to memory at p, which need not be aligned (one movups on x86). */
SAI_INLINE sai_f4 sai_f4_load(const void *p) {
    sai_f4 v;
    memcpy(&v, p, sizeof v);
    return v;
}
SAI_INLINE void sai_f4_store(void *p, sai_f4 v) { memcpy(p, &v, sizeof v); }
SAI_INLINE sai_f4 sai_f4_splat(float f) { return (sai_f4){f, f, f, f}; }

/* Unrolls the short fixed loops over vectors (-O2 does not), so their vectors stay in registers. */
#define SAI_UNROLL _Pragma("GCC unroll 16")

/* Lane k of the result is lane idx_k of the concatenation a, b (0-3 a, 4-7 b). */
#define SAI_SHUFFLE(a, b, i0, i1, i2, i3) __builtin_shufflevector((a), (b), i0, i1, i2, i3)

/* A 4x4 transpose: rows a, b, c, d become columns r[0..3] (AoS <-> SoA of four quaternions). */
SAI_INLINE void sai_f4_transpose(sai_f4 a, sai_f4 b, sai_f4 c, sai_f4 d, sai_f4 r[4]) {
    const sai_f4 ab_lo = SAI_SHUFFLE(a, b, 0, 4, 1, 5), ab_hi = SAI_SHUFFLE(a, b, 2, 6, 3, 7);
    const sai_f4 cd_lo = SAI_SHUFFLE(c, d, 0, 4, 1, 5), cd_hi = SAI_SHUFFLE(c, d, 2, 6, 3, 7);
    r[0] = SAI_SHUFFLE(ab_lo, cd_lo, 0, 1, 4, 5);
    r[1] = SAI_SHUFFLE(ab_lo, cd_lo, 2, 3, 6, 7);
    r[2] = SAI_SHUFFLE(ab_hi, cd_hi, 0, 1, 4, 5);
    r[3] = SAI_SHUFFLE(ab_hi, cd_hi, 2, 3, 6, 7);
}

/* The rotations of pose[0..3] as x, y, z, w across the lanes of q[0..3]. */
SAI_INLINE void sai_quats4_load(const sa_transform *pose, sai_f4 q[4]) {
    sai_f4_transpose(sai_f4_load(&pose[0].rotation), sai_f4_load(&pose[1].rotation),
                     sai_f4_load(&pose[2].rotation), sai_f4_load(&pose[3].rotation), q);
}
/* Writes the rotations q[0..3] (x, y, z, w across lanes) into pose[0..3].rotation. */
SAI_INLINE void sai_quats4_store(sa_transform *pose, const sai_f4 q[4]) {
    sai_f4 r[4];
    sai_f4_transpose(q[0], q[1], q[2], q[3], r);
    SAI_UNROLL
    for (int k = 0; k < 4; ++k)
        sai_f4_store(&pose[k].rotation, r[k]);
}

/* Floats in four transforms, and the vectors of four floats they fill. */
#define SAI_FLOATS4 (4 * sizeof(sa_transform) / sizeof(float))
#define SAI_VECS4   (SAI_FLOATS4 / 4)

/* Vector k of the 10 that four transforms pose[0..3] fill in memory. */
SAI_INLINE sai_f4 sai_group4_load(const sa_transform *pose, size_t k) {
    return sai_f4_load((const float *)(const void *)pose + 4 * k);
}
SAI_INLINE void sai_group4_store(sa_transform *pose, size_t k, sai_f4 v) {
    sai_f4_store((float *)(void *)pose + 4 * k, v);
}

/* Lane by lane: a where m is set, else b; the smaller and larger of a and b (b when either is
 * NaN). */
SAI_INLINE sai_f4 sai_f4_select(sai_i4 m, sai_f4 a, sai_f4 b) {
    return (sai_f4)(((sai_i4)a & m) | ((sai_i4)b & ~m));
}
SAI_INLINE sai_f4 sai_f4_min(sai_f4 a, sai_f4 b) { return sai_f4_select(a < b, a, b); }
SAI_INLINE sai_f4 sai_f4_max(sai_f4 a, sai_f4 b) { return sai_f4_select(a > b, a, b); }
/* The same where neither is NaN (one minps on x86; with a NaN the lane is either). */
SAI_INLINE sai_f4 sai_f4_min_fast(sai_f4 a, sai_f4 b) {
#if defined(__SSE2__)
    return (sai_f4)_mm_min_ps((__m128)a, (__m128)b);
#elif defined(__wasm_simd128__)
    return (sai_f4)wasm_f32x4_pmin((v128_t)a, (v128_t)b);
#else
    return sai_f4_min(a, b);
#endif
}
SAI_INLINE sai_f4 sai_f4_max_fast(sai_f4 a, sai_f4 b) {
#if defined(__SSE2__)
    return (sai_f4)_mm_max_ps((__m128)a, (__m128)b);
#elif defined(__wasm_simd128__)
    return (sai_f4)wasm_f32x4_pmax((v128_t)a, (v128_t)b);
#else
    return sai_f4_max(a, b);
#endif
}

/* Whether any lane of m is set. */
SAI_INLINE bool sai_lanes_any(sai_i4 m) {
#if defined(__SSE2__)
    return _mm_movemask_ps((__m128)m) != 0;
#else
    return (m[0] | m[1] | m[2] | m[3]) != 0;
#endif
}

/* Lanes where a transform is clean: the test of sai_transform_clean(). */
SAI_INLINE sai_i4 clean4(sai_f4 n2, sai_f4 sum) {
    return (n2 >= 1.0f - 1e-5f) & (n2 <= 1.0f + 1e-5f) & (sum - sum == 0.0f);
}

/* Lanes whose rotation x, y, z, w (across q[0..3]) has unit length as sai_transform_clean()
 * tests it. */
SAI_INLINE sai_i4 sai_quats4_unit(const sai_f4 q[4]) {
    const sai_f4 n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    return (n2 >= 1.0f - 1e-5f) & (n2 <= 1.0f + 1e-5f);
}

/* Whether the four transforms pose[0..3] are all clean, so sai_transform_clean() leaves them
 * unchanged. Quick: a sum of huge finite parts that overflows says no (the caller's careful path
 * then decides). */
SAI_INLINE bool sai_group4_clean(const sa_transform *pose) {
    sai_f4 sum = sai_group4_load(pose, 0);
    SAI_UNROLL
    for (size_t k = 1; k < SAI_VECS4; ++k)
        sum += sai_group4_load(pose, k);
    sai_f4 q[4];
    sai_quats4_load(pose, q);
    return sai_lanes_true(sai_quats4_unit(q) & sai_f4_finite(sum));
}
#else
#define SAI_HAS_LANES 0
#endif

/* Whether every transform of a pose passes sai_transform_clean() unchanged (finite, unit
 * rotation): branch-free passes, four joints at a time where lanes are available, so the loops
 * over a clean pose need no per-joint check. A pose with huge finite parts may fail this quick
 * test though it is clean (its sums overflow); it merely takes the careful path. */
SAI_INLINE bool sai_pose_is_clean(const sa_transform *pose, size_t n) {
    int ok = 1;
    size_t j = 0;
#if SAI_HAS_LANES
    sai_i4 lanes = sai_lanes_all();
    for (; j + 4 <= n; j += 4) {
        sai_f4 sum = sai_group4_load(&pose[j], 0), q[4];
        SAI_UNROLL
        for (size_t k = 1; k < SAI_VECS4; ++k)
            sum += sai_group4_load(&pose[j], k);
        sai_quats4_load(&pose[j], q);
        lanes &= sai_quats4_unit(q) & sai_f4_finite(sum);
    }
    ok = sai_lanes_true(lanes);
#endif
    for (; j < n; ++j) {
        const sa_transform *x = &pose[j];
        const float n2 = sai_quat_dot(x->rotation, x->rotation);
        const float sum = x->translation.x + x->translation.y + x->translation.z + x->rotation.x +
                          x->rotation.y + x->rotation.z + x->rotation.w + x->scale.x + x->scale.y +
                          x->scale.z;
        ok &= (n2 >= 1.0f - 1e-5f) & (n2 <= 1.0f + 1e-5f) & (sum - sum == 0.0f);
    }
    return ok != 0;
}

#endif
