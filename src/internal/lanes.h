/* Four joints per register for the pose loops (blend, clip sampling): GCC/clang vector extensions,
 * which become SSE on x86, SIMD128 on wasm with -msimd128 and plain scalar code elsewhere, so the
 * loops need no -O3 or target flags to run several joints at a time. Each lane does exactly the
 * scalar path's float operations in the same order, so results are bit for bit the same. Other
 * compilers (SAI_HAS_LANES 0) keep the scalar paths. Not installed. */
#ifndef STICKANIM_INTERNAL_LANES_H
#define STICKANIM_INTERNAL_LANES_H

#include "xform.h"

#if defined(__GNUC__) || defined(__clang__)
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
SAI_INLINE bool sai_lanes_true(sai_i4 m) { return (m[0] & m[1] & m[2] & m[3]) != 0; }

/* v with its sign flipped in the lanes of mask m (exactly -v there). */
SAI_INLINE sai_f4 sai_f4_negate_where(sai_f4 v, sai_i4 m) {
    return (sai_f4)((sai_i4)v ^ (m & (sai_i4){INT32_MIN, INT32_MIN, INT32_MIN, INT32_MIN}));
}

/* Lanes where v is finite (a sum of components tests them all, as sai_v3_finite_fast()). */
SAI_INLINE sai_i4 sai_f4_finite(sai_f4 v) { return v - v == 0.0f; }

/* 1 / sqrt(v) per lane, rounded as the scalar 1.0f / sqrtf(). */
SAI_INLINE sai_f4 sai_f4_rsqrt(sai_f4 v) {
    sai_f4 r;
    for (int k = 0; k < 4; ++k)
        r[k] = 1.0f / sqrtf(v[k]);
    return r;
}

/* Lanes where a transform is clean: the test of sai_transform_clean(). */
SAI_INLINE sai_i4 clean4(sai_f4 n2, sai_f4 sum) {
    return (n2 >= 1.0f - 1e-5f) & (n2 <= 1.0f + 1e-5f) & (sum - sum == 0.0f);
}
#else
#define SAI_HAS_LANES 0
#endif

#endif
