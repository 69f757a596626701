/* The library's own transcendental functions, so results are bit-identical across compilers,
 * targets (x86, wasm) and C libraries: only +, -, *, /, sqrt, fabs and fmod are used, which IEEE
 * 754 rounds exactly everywhere (the library is built with -ffp-contract=off). Nothing in src/
 * calls a libm transcendental; tests/check_no_libm.py fails the suite when one appears.
 *
 * Each function is computed in double (range reduction, then a short polynomial); the float
 * versions use the same reductions with polynomials cut to float precision (relative error below
 * 1e-8 before the final rounding), so they are within 1 ulp of the correctly rounded result. Error
 * bounds of the double versions, checked densely against the C library in tests/test_fmath.c:
 *   sin, cos        |x| <= 2^20: absolute error < 1e-15. Larger |x| is first reduced modulo the
 *                   double nearest 2*pi (absolute error < 5e-17 |x|); NaN, inf -> NaN.
 *   atan2, atan     relative error < 1e-15; C99's special cases (signed zeros, infinities);
 *                   NaN -> NaN.
 *   asin, acos      absolute error < 1e-15; outside [-1, 1] and NaN -> NaN.
 *   exp, expm1      relative error < 1e-15; overflow -> +inf, underflow -> 0 (expm1: -1).
 *   log             relative error < 1e-15; 0 -> -inf, x < 0 and NaN -> NaN.
 *   pow             x >= 0 only: exp(y log x), relative error < 1e-15 (1 + |y log x|); x < 0 ->
 *                   NaN (the library never raises a negative base); pow(x, 0) = pow(1, y) = 1.
 *   hypot           relative error < 1e-15; an infinite component gives +inf even with a NaN,
 *                   as in C99.
 * Not installed. */
#ifndef STICKANIM_INTERNAL_FMATH_H
#define STICKANIM_INTERNAL_FMATH_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#if defined(SAI_COVERAGE)
/* The coverage build (scripts/coverage.sh) keeps one copy per object, so gcov counts each
 * helper's branches once, not once per place it is inlined. */
#define SAI_INLINE static inline
#elif defined(_MSC_VER)
#define SAI_INLINE static __forceinline
#elif defined(__GNUC__) || defined(__clang__)
#define SAI_INLINE static inline __attribute__((always_inline))
#else
#define SAI_INLINE static inline
#endif

/* A test nearly always true: the compiler keeps the other side out of the way (a branch, not
 * both sides computed and one chosen). */
#if defined(__GNUC__) || defined(__clang__)
#define SAI_LIKELY(x) __builtin_expect(!!(x), 1)
#else
#define SAI_LIKELY(x) (x)
#endif

/* A rare path kept out of line (and cold), so the hot code around it stays small. */
#if defined(__GNUC__) || defined(__clang__)
#define SAI_COLD_FN static __attribute__((noinline, cold, unused))
#else
#define SAI_COLD_FN static inline
#endif

#define SAI_PI_D   3.14159265358979323846
#define SAI_PIO2_D 0x1.921fb54442d18p+0
#define SAI_PIO4_D 0x1.921fb54442d18p-1
#define SAI_2PI_D  0x1.921fb54442d18p+2
#define SAI_LN2    0.69314718055994530942f

SAI_INLINE uint64_t sai_bits_d(double v) {
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}
SAI_INLINE double sai_from_bits_d(uint64_t b) {
    double v;
    memcpy(&v, &b, sizeof v);
    return v;
}
SAI_INLINE bool sai_finite_d(double v) {
    return (sai_bits_d(v) & 0x7FF0000000000000u) != 0x7FF0000000000000u;
}
SAI_INLINE bool sai_signbit_d(double v) { return (sai_bits_d(v) >> 63) != 0u; }
/* 2^k for k in [-1022, 1023], built from its bits. */
SAI_INLINE double sai_pow2i_d(int k) {
    return sai_from_bits_d((uint64_t)(int64_t)(k + 1023) << 52);
}

/* v rounded to the nearest integer (ties to even) for |v| < 2^51: adding and taking away
 * 1.5 * 2^52 leaves no fraction bits. Baseline x86-64 has no rounding instruction, so floor()
 * would be a call. */
SAI_INLINE double sai_round_d(double v) { return (v + 0x1.8p52) - 0x1.8p52; }

/* x = k pi/2 + r with |r| <= pi/4 (plus rounding); Cody-Waite with pi/2 in three parts, the first
 * two with 33 bits so k times them is exact for |k| < 2^20. */
SAI_INLINE double sai_reduce_pio2_small_d(double x, int *quadrant) { /* |x| <= 2^20 */
    const double k = sai_round_d(x * 0x1.45f306dc9c883p-1);
    const double r =
        ((x - k * 0x1.921fb54400000p+0) - k * 0x1.0b4611a600000p-34) - k * 0x1.3198a2e037073p-69;
    *quadrant = (int)((int64_t)k & 3);
    return r;
}
SAI_INLINE double sai_reduce_pio2_d(double x, int *quadrant) {
    if (!(fabs(x) <= 0x1p20)) x = fmod(x, SAI_2PI_D);
    return sai_reduce_pio2_small_d(x, quadrant);
}
/* Taylor series on |r| <= pi/4: the first omitted terms are below 5e-17 relative. */
SAI_INLINE double sai_sin_kernel_d(double r) {
    const double z = r * r;
    const double p =
        -0x1.5555555555555p-3 +
        z * (0x1.1111111111111p-7 +
             z * (-0x1.a01a01a01a01ap-13 +
                  z * (0x1.71de3a556c734p-19 +
                       z * (-0x1.ae64567f544e4p-26 +
                            z * (0x1.6124613a86d09p-33 + z * -0x1.ae7f3e733b81fp-41)))));
    return r + r * z * p;
}
SAI_INLINE double sai_cos_kernel_d(double r) {
    const double z = r * r;
    const double p =
        0x1.5555555555555p-5 +
        z * (-0x1.6c16c16c16c17p-10 +
             z * (0x1.a01a01a01a01ap-16 +
                  z * (-0x1.27e4fb7789f5cp-22 +
                       z * (0x1.1eed8eff8d898p-29 +
                            z * (-0x1.93974a8c07c9dp-37 + z * 0x1.ae7f3e733b81fp-45)))));
    return 1.0 - 0.5 * z + z * z * p;
}
SAI_INLINE void sai_sincos_d(double x, double *s, double *c) {
    if (!sai_finite_d(x) || x == 0.0) { /* NaN for NaN and infinities; sin(-0) = -0 */
        *s = x == 0.0 ? x : x - x;
        *c = x == 0.0 ? 1.0 : x - x;
        return;
    }
    int q;
    const double r = sai_reduce_pio2_d(x, &q);
    const double sr = sai_sin_kernel_d(r), cr = sai_cos_kernel_d(r);
    switch (q) {
    case 0:
        *s = sr, *c = cr;
        break;
    case 1:
        *s = cr, *c = -sr;
        break;
    case 2:
        *s = -sr, *c = -cr;
        break;
    default:
        *s = -cr, *c = sr;
        break;
    }
}
SAI_INLINE double sai_sin_d(double x) {
    double s, c;
    sai_sincos_d(x, &s, &c);
    return s;
}
SAI_INLINE double sai_cos_d(double x) {
    double s, c;
    sai_sincos_d(x, &s, &c);
    return c;
}

/* atan(k / 8) for k = 0..8, which the atan kernels below (and fmath4.h's lanes) add to. */
static const double sai_atan_eighths[9] = {0.0,
                                           0x1.fd5ba9aac2f6ep-4,
                                           0x1.f5b75f92c80ddp-3,
                                           0x1.6f61941e4def1p-2,
                                           0x1.dac670561bb4fp-2,
                                           0x1.1e00babdefeb4p-1,
                                           0x1.4978fa3269ee1p-1,
                                           0x1.700a7c5784634p-1,
                                           0x1.921fb54442d18p-1};

/* atan of t in [0, 1]: atan(c) + atan((t - c) / (1 + t c)) with c the nearest eighth, so the
 * series runs on |u| <= 1/16 (first omitted term below 1e-18 relative). */
SAI_INLINE double sai_atan01_d(double t) {
    const int k = (int)(t * 8.0 + 0.5);
    const double c = (double)k * 0.125;
    const double u = (t - c) / (1.0 + t * c), z = u * u;
    const double p =
        -1.0 / 3.0 +
        z * (1.0 / 5.0 + z * (-1.0 / 7.0 + z * (1.0 / 9.0 + z * (-1.0 / 11.0 + z * (1.0 / 13.0)))));
    return sai_atan_eighths[k] + (u + u * z * p);
}
SAI_INLINE double sai_atan2_d(double y, double x) {
    if (x != x || y != y) return x + y;
    const double ax = fabs(x), ay = fabs(y);
    double a;
    if (ay == 0.0) {
        a = 0.0;
    } else if (ax == ay) {
        a = SAI_PIO4_D; /* also both infinite */
    } else if (ay > ax) {
        a = SAI_PIO2_D - sai_atan01_d(ax / ay);
    } else {
        a = sai_atan01_d(ay / ax);
    }
    if (sai_signbit_d(x)) a = SAI_PI_D - a;
    return sai_signbit_d(y) ? -a : a;
}
SAI_INLINE double sai_atan_d(double x) { return sai_atan2_d(x, 1.0); }
SAI_INLINE double sai_asin_d(double x) {
    if (!(fabs(x) <= 1.0)) return (double)NAN;
    return sai_atan2_d(x, sqrt((1.0 - x) * (1.0 + x)));
}
SAI_INLINE double sai_acos_d(double x) {
    if (!(fabs(x) <= 1.0)) return (double)NAN;
    return sai_atan2_d(sqrt((1.0 - x) * (1.0 + x)), x);
}

/* exp(r) - 1 on |r| <= ln2/2 by its Taylor series (first omitted term below 5e-18 relative). */
SAI_INLINE double sai_expm1_kernel_d(double r) {
    const double p =
        0x1.5555555555555p-3 +
        r * (0x1.5555555555555p-5 +
             r * (0x1.1111111111111p-7 +
                  r * (0x1.6c16c16c16c17p-10 +
                       r * (0x1.a01a01a01a01ap-13 +
                            r * (0x1.a01a01a01a01ap-16 +
                                 r * (0x1.71de3a556c734p-19 +
                                      r * (0x1.27e4fb7789f5cp-22 +
                                           r * (0x1.ae64567f544e4p-26 +
                                                r * (0x1.1eed8eff8d898p-29 +
                                                     r * (0x1.6124613a86d09p-33 +
                                                          r * 0x1.93974a8c07c9dp-37))))))))));
    return r + r * r * (0.5 + r * p);
}
SAI_INLINE double sai_exp_d(double x) {
    if (x != x) return x;
    if (x > 0x1.62e42fefa39efp+9) return HUGE_VAL;
    if (x < -0x1.74910d52d3052p+9) return 0.0;
    const double k = sai_round_d(x * 0x1.71547652b82fep+0);
    const double r = (x - k * 0x1.62e42fee00000p-1) - k * 0x1.a39ef35793c76p-33;
    const double p = 1.0 + sai_expm1_kernel_d(r);
    /* Two exact steps so subnormal results round once. */
    const int ki = (int)k, k1 = ki / 2;
    return p * sai_pow2i_d(k1) * sai_pow2i_d(ki - k1);
}
SAI_INLINE double sai_expm1_d(double x) {
    if (x == 0.0) return x; /* expm1(-0) = -0 */
    if (fabs(x) <= 0x1.62e42fefa39efp-2) return sai_expm1_kernel_d(x);
    if (x < -40.0) return -1.0;
    return sai_exp_d(x) - 1.0;
}

SAI_INLINE double sai_log_d(double x) {
    if (x != x || x < 0.0) return (double)NAN;
    if (x == 0.0) return -HUGE_VAL;
    if (!sai_finite_d(x)) return x;
    int e = 0;
    if (x < 0x1p-1022) {
        x *= 0x1p54;
        e = -54;
    }
    const uint64_t b = sai_bits_d(x);
    e += (int)(b >> 52) - 1023;
    double m = sai_from_bits_d((b & 0x000FFFFFFFFFFFFFu) | 0x3FF0000000000000u);
    if (m > 0x1.6a09e667f3bcdp+0) {
        m *= 0.5;
        e += 1;
    }
    /* log(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716: odd series, omitted terms
     * below 1e-18 relative. */
    const double s = (m - 1.0) / (m + 1.0), z = s * s;
    const double p =
        1.0 / 3.0 +
        z * (1.0 / 5.0 +
             z * (1.0 / 7.0 +
                  z * (1.0 / 9.0 +
                       z * (1.0 / 11.0 +
                            z * (1.0 / 13.0 +
                                 z * (1.0 / 15.0 +
                                      z * (1.0 / 17.0 +
                                           z * (1.0 / 19.0 + z * (1.0 / 21.0 + z / 23.0)))))))));
    const double lm = 2.0 * s + 2.0 * s * z * p;
    const double de = (double)e;
    return de * 0x1.62e42fee00000p-1 + (lm + de * 0x1.a39ef35793c76p-33);
}
SAI_INLINE double sai_pow_d(double x, double y) {
    if (y == 0.0 || x == 1.0) return 1.0;
    if (x != x || y != y || x < 0.0) return (double)NAN;
    if (x == 0.0) return y > 0.0 ? 0.0 : HUGE_VAL;
    return sai_exp_d(y * sai_log_d(x));
}
SAI_INLINE double sai_hypot_d(double x, double y) {
    double ax = fabs(x), ay = fabs(y);
    if (ax == HUGE_VAL || ay == HUGE_VAL) return HUGE_VAL;
    if (ax != ax || ay != ay) return ax + ay;
    const double m = ax > ay ? ax : ay;
    double scale = 1.0;
    if (m > 0x1p500) {
        ax *= 0x1p-600, ay *= 0x1p-600, scale = 0x1p600;
    } else if (m < 0x1p-500) {
        ax *= 0x1p600, ay *= 0x1p600, scale = 0x1p-600;
    }
    return sqrt(ax * ax + ay * ay) * scale;
}

/* The float versions: the same reductions in double with polynomials cut to what a float needs
 * (relative error below 1e-8 before the final rounding, so within 1 ulp of the correctly rounded
 * result), which keeps them as quick as a C library's float functions. */
/* Taylor series to r^9 and r^10 on |r| <= pi/4: omitted terms below 2e-9 relative. */
SAI_INLINE void sai_sincos_kernel_f(double r, double *sr, double *cr) {
    const double z = r * r;
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
SAI_INLINE void sai_sincosf(float x, float *s, float *c) {
    double xd = (double)x;
    /* Integer tests on the magnitude's bits (they order as the magnitudes; minus one, 0's wrap
     * to the top) set apart the small inputs and the rare ones. */
    uint32_t bits;
    memcpy(&bits, &x, sizeof bits);
    const uint32_t below = (bits & 0x7FFFFFFFu) - 1u;
    double sr, cr;
    if (below < 0x3F47AE14u - 1u) { /* 0 < |x| < 0.78 (0x3F47AE14), below pi/4 with a margin */
        /* The reduction's k is 0 and r is x; the table's row for quadrant 0 adds +0 to each of
         * sr and cr, neither of them 0: what the full path gives, bit for bit. */
        sai_sincos_kernel_f(xd, &sr, &cr);
        *s = (float)sr;
        *c = (float)cr;
        return;
    }
    if (below - (0x3F4A3D71u - 1u) < 0x40166666u - 0x3F4A3D71u) { /* 0.79 <= |x| < 2.35 */
        /* Quadrant 1 (x > 0: k = 1, so k times each part of pi/2 is the part) or 3 (x < 0: k =
         * -1, and r is -r(|x|) exactly, as rounding is symmetric); |r| > 1e-8 there, so sr and cr
         * are not 0 and the table's rows give (cr, -sr) and (-cr, sr(-r)) = (-cr, -sr). */
        const double r =
            ((fabs(xd) - 0x1.921fb54400000p+0) - 0x1.0b4611a600000p-34) - 0x1.3198a2e037073p-69;
        sai_sincos_kernel_f(r, &sr, &cr);
        const float sin_abs = (float)cr;
        *s = x < 0.0f ? -sin_abs : sin_abs;
        *c = (float)-sr;
        return;
    }
    if (below - (0x40170A3Du - 1u) < 0x407AE148u - 0x40170A3Du) { /* 2.36 <= |x| < 3.92 */
        /* Quadrant 2, k = 2 or -2 (both quadrant 2; 2 times each part of pi/2 is exact): the
         * table's row gives (-sr, -cr), sr odd in r and |r| > 1e-8. */
        const double r = ((fabs(xd) - 2.0 * 0x1.921fb54400000p+0) - 2.0 * 0x1.0b4611a600000p-34) -
                         2.0 * 0x1.3198a2e037073p-69;
        sai_sincos_kernel_f(r, &sr, &cr);
        const float sin_abs = (float)-sr;
        *s = x < 0.0f ? -sin_abs : sin_abs;
        *c = (float)-cr;
        return;
    }
    if (below >= 0x49800000u) {               /* 0, NaN and infinities, and |x| > 2^20 */
        if (!sai_finite_d(xd) || xd == 0.0) { /* NaN for NaN and infinities; sin(-0) = -0 */
            *s = x == 0.0f ? x : x - x;
            *c = x == 0.0f ? 1.0f : x - x;
            return;
        }
        xd = fmod(xd, SAI_2PI_D);
    }
    int q;
    sai_sincos_kernel_f(sai_reduce_pio2_small_d(xd, &q), &sr, &cr);
    /* The quadrant picks and signs sr and cr by a table, not a branch the predictor would miss:
     * multiplying by 0 or +-1 and adding 0 are exact. */
    static const double pick[4][4] = {{1, 0, 0, 1}, {0, 1, -1, 0}, {-1, 0, 0, -1}, {0, -1, 1, 0}};
    const double *m = pick[q];
    *s = (float)(m[0] * sr + m[1] * cr);
    *c = (float)(m[2] * sr + m[3] * cr);
}
SAI_INLINE float sai_sinf(float x) {
    float s, c;
    sai_sincosf(x, &s, &c);
    return s;
}
SAI_INLINE float sai_cosf(float x) {
    float s, c;
    sai_sincosf(x, &s, &c);
    return c;
}
/* atan of t in [0, 1] to float needs: the series on |u| <= 1/16 to u^9 (omitted below 1e-11). */
SAI_INLINE double sai_atan01_f(double t) {
    const int k = (int)(t * 8.0 + 0.5);
    if (k == 0) { /* c = 0: u = t / 1 = t, and table[0] + v = v for this v >= +0 */
        const double z = t * t;
        return t + t * z * (-1.0 / 3.0 + z * (1.0 / 5.0 + z * (-1.0 / 7.0 + z * (1.0 / 9.0))));
    }
    const double c = (double)k * 0.125;
    const double u = (t - c) / (1.0 + t * c), z = u * u;
    return sai_atan_eighths[k] +
           (u + u * z * (-1.0 / 3.0 + z * (1.0 / 5.0 + z * (-1.0 / 7.0 + z * (1.0 / 9.0)))));
}
SAI_INLINE float sai_atan2f(float yf, float xf) {
    const double y = (double)yf, x = (double)xf;
    const double ax = fabs(x), ay = fabs(y);
    double a;
    /* (ay = 0 < ax gives atan01_f(0) = +0 exactly; equal magnitudes and NaN are the rare case) */
    if (ay > ax) {
        a = SAI_PIO2_D - sai_atan01_f(ax / ay);
    } else if (ax > ay) {
        a = sai_atan01_f(ay / ax);
    } else if (x != x || y != y) {
        /* One NaN, the same bits on every target (x + y of two NaNs keeps either one's sign and
         * payload, whichever operand order the compiler picked). */
        return NAN;
    } else {
        a = ay == 0.0 ? 0.0 : SAI_PIO4_D;
    }
    if (sai_signbit_d(x)) a = SAI_PI_D - a;
    return (float)(sai_signbit_d(y) ? -a : a);
}
SAI_INLINE float sai_asinf(float x) {
    if (!(fabsf(x) <= 1.0f)) return NAN;
    const double d = (double)x;
    return sai_atan2f(x, (float)sqrt((1.0 - d) * (1.0 + d)));
}
SAI_INLINE float sai_acosf(float x) { return (float)sai_acos_d((double)x); }
/* exp(r) - 1 on |r| <= ln2/2 to r^8: omitted terms below 3e-10 relative. */
SAI_INLINE double sai_expm1_kernel_f(double r) {
    /* Estrin's scheme: the same polynomial in a shorter chain of dependent operations. */
    const double r2 = r * r, r4 = r2 * r2;
    const double p01 = 0.5 + r * 0x1.5555555555555p-3,
                 p23 = 0x1.5555555555555p-5 + r * 0x1.1111111111111p-7,
                 p45 = 0x1.6c16c16c16c17p-10 + r * 0x1.a01a01a01a01ap-13;
    const double p456 = p45 + r2 * 0x1.a01a01a01a01ap-16;
    return r + r2 * ((p01 + r2 * p23) + r4 * p456);
}
SAI_INLINE float sai_expf(float xf) {
    const double x = (double)xf;
    if (x != x) return xf;
    if (x > 89.0) return HUGE_VALF;
    if (x < -104.0) return 0.0f;
    const double k = sai_round_d(x * 0x1.71547652b82fep+0);
    const double r = (x - k * 0x1.62e42fee00000p-1) - k * 0x1.a39ef35793c76p-33;
    return (float)((1.0 + sai_expm1_kernel_f(r)) * sai_pow2i_d((int)k));
}
SAI_INLINE float sai_expm1f(float xf) {
    const double x = (double)xf;
    if (xf == 0.0f) return xf;
    if (fabs(x) <= 0x1.62e42fefa39efp-2) return (float)sai_expm1_kernel_f(x);
    if (x < -40.0) return -1.0f;
    return (float)(sai_exp_d(x) - 1.0);
}
SAI_INLINE float sai_logf(float xf) { return (float)sai_log_d((double)xf); }
SAI_INLINE float sai_powf(float x, float y) { return (float)sai_pow_d((double)x, (double)y); }
/* The squares of floats are exact in double and cannot overflow it. */
SAI_INLINE float sai_hypotf(float x, float y) {
    const double dx = (double)x, dy = (double)y;
    const double r = sqrt(dx * dx + dy * dy);
    /* (only a NaN result asks whether an infinity came with a NaN: otherwise it is +inf) */
    if (r != r && (fabs(dx) == HUGE_VAL || fabs(dy) == HUGE_VAL)) return HUGE_VALF;
    return (float)r;
}

#endif
