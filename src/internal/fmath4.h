/* Float functions of fmath.h for four arguments at once, one a lane of internal/lanes.h: each lane
 * does exactly the scalar function's float and double operations in the same order (the build's
 * -ffp-contract=off keeps them apart), so it gives the scalar's bits. Where the scalar branches on
 * the argument's size, the lanes take its general path, which gives the same bits; the rare
 * arguments (sine and cosine: 0, NaN, infinities, |x| > 2^20; atan2: NaN) go to the scalar
 * function lane by lane.
 *
 * The doubles run in two halves of two lanes (lanes 0-1 and 2-3), each one SSE2 register: GCC
 * does keep a vector of four doubles in two registers without AVX, but makes its comparisons
 * scalar ones and joins its halves through memory. Not installed. */
#ifndef STICKANIM_INTERNAL_FMATH4_H
#define STICKANIM_INTERNAL_FMATH4_H

#include "fmath.h"
#include "lanes.h"

#if SAI_HAS_LANES

typedef double sai_d2 __attribute__((vector_size(16)));
typedef int64_t sai_l2 __attribute__((vector_size(16)));
typedef uint64_t sai_ul2 __attribute__((vector_size(16)));
typedef float sai_f2 __attribute__((vector_size(8)));
typedef int32_t sai_i2 __attribute__((vector_size(8)));
typedef uint32_t sai_u4 __attribute__((vector_size(16)));

SAI_INLINE sai_d2 sai_d2_splat(double v) { return (sai_d2){v, v}; }

/* Half h (0: lanes 0-1, 1: lanes 2-3; a constant) of four floats, as doubles. */
SAI_INLINE sai_d2 sai_d2_half(sai_f4 v, int h) {
#if defined(__SSE2__) /* (GCC converts the halves of the generic vectors lane by lane) */
    const __m128 f = (__m128)v;
    return (sai_d2)_mm_cvtps_pd(h ? _mm_movehl_ps(f, f) : f);
#else
    const sai_f2 f = h ? __builtin_shufflevector(v, v, 2, 3) : __builtin_shufflevector(v, v, 0, 1);
    return __builtin_convertvector(f, sai_d2);
#endif
}
/* Four floats, each its double of halves lo and hi rounded (lanes 0-1 from lo). */
SAI_INLINE sai_f4 sai_f4_join(sai_d2 lo, sai_d2 hi) {
#if defined(__SSE2__)
    return (sai_f4)_mm_movelh_ps(_mm_cvtpd_ps((__m128d)lo), _mm_cvtpd_ps((__m128d)hi));
#else
    return __builtin_shufflevector(__builtin_convertvector(lo, sai_f2),
                                   __builtin_convertvector(hi, sai_f2), 0, 1, 2, 3);
#endif
}
/* A mask of four lanes from the masks of its halves, and half h of a mask of four lanes. */
SAI_INLINE sai_i4 sai_mask_join(sai_l2 lo, sai_l2 hi) {
    return __builtin_shufflevector((sai_i4)lo, (sai_i4)hi, 0, 2, 4, 6);
}
SAI_INLINE sai_l2 sai_mask_half(sai_i4 m, int h) {
    return (sai_l2)(h ? __builtin_shufflevector(m, m, 2, 2, 3, 3)
                      : __builtin_shufflevector(m, m, 0, 0, 1, 1));
}

/* Lane by lane: a where m is set, else b. */
SAI_INLINE sai_d2 sai_d2_select(sai_l2 m, sai_d2 a, sai_d2 b) {
    return (sai_d2)(((sai_l2)a & m) | ((sai_l2)b & ~m));
}
/* v where m is set, else +0 (one and). */
SAI_INLINE sai_d2 sai_d2_and(sai_l2 m, sai_d2 v) { return (sai_d2)((sai_l2)v & m); }
/* The smaller and the larger of a and b in each lane, for lanes without NaN. */
SAI_INLINE sai_d2 sai_d2_min_fast(sai_d2 a, sai_d2 b) {
#if defined(__SSE2__)
    return (sai_d2)_mm_min_pd((__m128d)a, (__m128d)b);
#else
    return sai_d2_select(a < b, a, b);
#endif
}
SAI_INLINE sai_d2 sai_d2_max_fast(sai_d2 a, sai_d2 b) {
#if defined(__SSE2__)
    return (sai_d2)_mm_max_pd((__m128d)a, (__m128d)b);
#else
    return sai_d2_select(a > b, a, b);
#endif
}
/* sqrt and fabs of each lane, rounded as the scalar sqrt() (fabs is exact). */
SAI_INLINE sai_d2 sai_d2_sqrt(sai_d2 v) {
#if defined(__SSE2__)
    return (sai_d2)_mm_sqrt_pd((__m128d)v);
#elif defined(__wasm_simd128__)
    return (sai_d2)wasm_f64x2_sqrt((v128_t)v);
#else
    return (sai_d2){sqrt(v[0]), sqrt(v[1])};
#endif
}
SAI_INLINE sai_d2 sai_d2_abs(sai_d2 v) { return (sai_d2)((sai_l2)v & INT64_MAX); }
/* The lanes whose sign bit is set, as a mask (sai_signbit_d()). */
SAI_INLINE sai_l2 sai_d2_signbit(sai_d2 v) { return (sai_l2){0, 0} - (sai_l2)((sai_ul2)v >> 63); }

/* sai_sincos_kernel_f of each lane of r. */
SAI_INLINE void sai_sincos_kernel_f2(sai_d2 r, sai_d2 *sr, sai_d2 *cr) {
    const sai_d2 z = r * r;
    *sr =
        r +
        r * z *
            (-0x1.5555555555555p-3 +
             z * (0x1.1111111111111p-7 + z * (-0x1.a01a01a01a01ap-13 + z * 0x1.71de3a556c734p-19)));
    *cr =
        1.0 - 0.5 * z +
        z * z *
            (0x1.5555555555555p-5 + z * (-0x1.6c16c16c16c17p-10 +
                                         z * (0x1.a01a01a01a01ap-16 + z * -0x1.27e4fb7789f5cp-22)));
}

/* sai_sincosf()'s general path on two floats x (as doubles, 0 < |x| <= 2^20), before the results
 * are rounded to float: the reduction by pi/2 and the pick of its quadrant's row. */
SAI_INLINE void sai_sincosf_d2(sai_d2 x, sai_d2 *s, sai_d2 *c) {
    /* sai_round_d(x 2/pi); the sum before the subtraction holds k in its low bits (its unit is
     * 1), so the quadrant (int64_t)k & 3 is read from them. */
    const sai_d2 big = x * 0x1.45f306dc9c883p-1 + 0x1.8p52;
    const sai_d2 k = big - 0x1.8p52;
    const sai_ul2 q = (sai_ul2)big & 3u;
    const sai_d2 r =
        ((x - k * 0x1.921fb54400000p+0) - k * 0x1.0b4611a600000p-34) - k * 0x1.3198a2e037073p-69;
    sai_d2 sr, cr;
    sai_sincos_kernel_f2(r, &sr, &cr);
    /* The pick table's row for quadrant q is (sr, cr), (cr, -sr), (-sr, -cr) or (-cr, sr): each
     * of its sums adds a +-0 to the +-sr or +-cr it picks, neither of them 0 (cr > 0.7, and r is
     * not 0 for a float x: every float was checked against the scalar, and tests/test_fmath.c
     * sweeps them), which leaves it as it is. So the odd quadrants swap sr and cr, and a bit of
     * q flips each sign. */
    const sai_l2 odd = (sai_l2)((sai_ul2){0, 0} - (q & 1u));
    *s = (sai_d2)((sai_ul2)sai_d2_select(odd, cr, sr) ^ ((q & 2u) << 62));
    *c = (sai_d2)((sai_ul2)sai_d2_select(odd, sr, cr) ^ (((q + 1u) & 2u) << 62));
}

/* sai_sincosf() of each lane of x. */
SAI_INLINE void sai_sincosf4(sai_f4 x, sai_f4 *s, sai_f4 *c) {
    /* The scalar's tests on the magnitude's bits (minus one, 0's wrap to the top). */
    const sai_u4 below = ((sai_u4)x & 0x7FFFFFFFu) - 1u;
    if (sai_lanes_true((sai_i4)(below < 0x3F47AE14u - 1u))) {
        /* Every lane 0 < |x| < 0.78: the scalar's first branch (k = 0, r = x, the table's row
         * adding +0 to neither 0), so no reduction and no pick. */
        sai_d2 s0, c0, s1, c1;
        sai_sincos_kernel_f2(sai_d2_half(x, 0), &s0, &c0);
        sai_sincos_kernel_f2(sai_d2_half(x, 1), &s1, &c1);
        *s = sai_f4_join(s0, s1);
        *c = sai_f4_join(c0, c1);
        return;
    }
    const sai_i4 rare = (sai_i4)(below >= 0x49800000u); /* 0, |x| > 2^20, infinities, NaN */
    const sai_f4 xs = sai_f4_select(rare, sai_f4_splat(1.0f), x);
    sai_d2 s0, c0, s1, c1;
    sai_sincosf_d2(sai_d2_half(xs, 0), &s0, &c0);
    sai_sincosf_d2(sai_d2_half(xs, 1), &s1, &c1);
    *s = sai_f4_join(s0, s1);
    *c = sai_f4_join(c0, c1);
    if (sai_lanes_any(rare)) {
        for (int i = 0; i < 4; ++i) {
            if (!rare[i]) continue;
            float si, ci;
            sai_sincosf(x[i], &si, &ci);
            (*s)[i] = si;
            (*c)[i] = ci;
        }
    }
}

/* sai_atan01_f() of each lane of t, t in [0, 1]: its general path (its branch for the first
 * eighth gives the same bits, as c = 0 there). */
SAI_INLINE sai_d2 sai_atan01_f2(sai_d2 t) {
    const sai_i2 k = __builtin_convertvector(t * 8.0 + 0.5, sai_i2);
    const sai_d2 c = __builtin_convertvector(k, sai_d2) * 0.125;
    const sai_d2 u = (t - c) / (1.0 + t * c), z = u * u;
    const sai_d2 base = {sai_atan_eighths[k[0]], sai_atan_eighths[k[1]]};
    return base + (u + u * z * (-1.0 / 3.0 + z * (1.0 / 5.0 + z * (-1.0 / 7.0 + z * (1.0 / 9.0)))));
}

/* sai_atan2f() of two lanes y, x (floats as doubles) before the result is rounded to float, but
 * for NaN (the caller's). */
SAI_INLINE sai_d2 sai_atan2f_d2(sai_d2 y, sai_d2 x) {
    const sai_d2 ax = sai_d2_abs(x), ay = sai_d2_abs(y);
    const sai_l2 steep = ay > ax, other = ~(steep | (ax > ay));
    /* ay / ax or ax / ay, the smaller over the larger (NaN is the caller's); the equal
     * magnitudes take t = 0, which keeps the table's index in range */
    const sai_d2 ratio = sai_d2_min_fast(ax, ay) / sai_d2_max_fast(ax, ay);
    const sai_d2 v = sai_atan01_f2(sai_d2_and(~other, ratio));
    const sai_d2 even = sai_d2_and(ay != 0.0, sai_d2_splat(SAI_PIO4_D));
    sai_d2 a = sai_d2_select(steep, SAI_PIO2_D - v, v);
    a = sai_d2_select(other, even, a);
    a = sai_d2_select(sai_d2_signbit(x), SAI_PI_D - a, a);
    return (sai_d2)((sai_l2)a ^ ((sai_l2)y & INT64_MIN)); /* (-a where y's sign is set) */
}

/* sai_atan2f() of each lane of y and x, all of it in lanes but NaN. */
SAI_INLINE sai_f4 sai_atan2f4(sai_f4 y, sai_f4 x) {
    const sai_f4 a = sai_f4_join(sai_atan2f_d2(sai_d2_half(y, 0), sai_d2_half(x, 0)),
                                 sai_atan2f_d2(sai_d2_half(y, 1), sai_d2_half(x, 1)));
    /* NaN, rare, is the scalar's: which of two NaNs its sum keeps is the compiler's choice. */
    const sai_i4 nan = (x != x) | (y != y);
    if (!sai_lanes_any(nan)) return a;
    sai_f4 r = a;
    for (int i = 0; i < 4; ++i)
        if (nan[i]) r[i] = sai_atan2f(y[i], x[i]);
    return r;
}

#endif
#endif
