/* The library's own transcendental functions (src/internal/fmath.h) against the C library's in
 * double: dense sweeps over each domain, the edges (signed zeros, subnormals, huge arguments) and
 * the documented results for NaN and infinities. The C library is the independent reference. */
#include <float.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <cmocka.h>

#include <stickanim/vecmath.h>

#include "internal/fmath.h"
#include "internal/fmath4.h"

static bool same_bits(double a, double b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The float version rounds the double one: within 1 ulp of the correctly rounded float result,
 * and within 1e-6 relative of the exact value (absolute where the value is below 1e-6 * scale). */
static void expect_float_close(float got, double ref, double abs_floor, const char *what,
                               double x) {
    if ((double)got == ref) return;
    const double err = fabs((double)got - ref);
    const double bound = fmax(fabs(ref) * 1e-6, abs_floor);
    const float ulp = nextafterf(fabsf((float)ref), INFINITY) - fabsf((float)ref);
    if (!(err <= bound && err <= (double)ulp)) {
        print_error("%s(%.9g) = %.9g, reference %.17g (error %.3g)\n", what, x, (double)got, ref,
                    err);
        fail();
    }
}
static void expect_double_close(double got, double ref, double rel, double abs_floor,
                                const char *what, double x) {
    if (got == ref) return; /* also equal infinities */
    const double err = fabs(got - ref);
    if (!(err <= fmax(fabs(ref) * rel, abs_floor))) {
        print_error("%s(%.17g) = %.17g, reference %.17g (error %.3g)\n", what, x, got, ref, err);
        fail();
    }
}

/* x over [lo, hi] evenly, plus every power of two in between on both sides. */
#define SWEEP 200000

static void test_fmath_special_values_are_documented(void **state) {
    (void)state;
    assert_true(isnan(sai_sin_d(NAN)) && isnan(sai_cos_d(INFINITY)) && isnan(sai_sinf(-INFINITY)));
    assert_true(same_bits(sai_sin_d(-0.0), -0.0) && same_bits(sai_sin_d(0.0), 0.0));
    assert_true(sai_cos_d(0.0) == 1.0 && sai_cos_d(-0.0) == 1.0);
    assert_true(same_bits(sai_atan2_d(0.0, 0.0), 0.0) && same_bits(sai_atan2_d(-0.0, 0.0), -0.0));
    assert_true(sai_atan2_d(0.0, -0.0) == SAI_PI_D && sai_atan2_d(-0.0, -0.0) == -SAI_PI_D);
    assert_true(sai_atan2_d(1.0, 0.0) == SAI_PI_D / 2 && sai_atan2_d(-1.0, -0.0) == -SAI_PI_D / 2);
    assert_true(sai_atan2_d(INFINITY, INFINITY) == SAI_PI_D / 4);
    assert_true(sai_atan2_d(-INFINITY, -INFINITY) == -3 * SAI_PI_D / 4);
    assert_true(sai_atan2_d(1.0, INFINITY) == 0.0 && sai_atan2_d(1.0, -INFINITY) == SAI_PI_D);
    assert_true(isnan(sai_atan2_d(NAN, 1.0)) && isnan(sai_atan2f(1.0f, NAN)));
    assert_true(isnan(sai_acos_d(1.0000001)) && isnan(sai_asin_d(-2.0)) && isnan(sai_acosf(NAN)));
    assert_true(sai_acos_d(1.0) == 0.0 && sai_acos_d(-1.0) == SAI_PI_D &&
                sai_asin_d(1.0) == SAI_PI_D / 2);
    assert_true(same_bits(sai_asin_d(-0.0), -0.0));
    assert_true(sai_exp_d(0.0) == 1.0 && sai_exp_d(-0.0) == 1.0 && sai_expf(0.0f) == 1.0f);
    assert_true(sai_exp_d(INFINITY) == INFINITY && sai_exp_d(-INFINITY) == 0.0);
    assert_true(sai_exp_d(710.0) == INFINITY && sai_exp_d(-746.0) == 0.0 && isnan(sai_exp_d(NAN)));
    assert_true(sai_expf(89.0f) == INFINITY && sai_expf(-104.0f) == 0.0f);
    assert_true(same_bits(sai_expm1_d(-0.0), -0.0) && sai_expm1_d(-INFINITY) == -1.0);
    assert_true(sai_expm1_d(INFINITY) == INFINITY && isnan(sai_expm1f(NAN)));
    assert_true(sai_log_d(1.0) == 0.0 && sai_log_d(0.0) == -INFINITY &&
                sai_log_d(-0.0) == -INFINITY);
    assert_true(isnan(sai_log_d(-1.0)) && isnan(sai_log_d(NAN)) && sai_log_d(INFINITY) == INFINITY);
    assert_true(sai_pow_d(0.0, 2.0) == 0.0 && sai_pow_d(0.0, -1.0) == INFINITY);
    assert_true(sai_pow_d(NAN, 0.0) == 1.0 && sai_pow_d(1.0, NAN) == 1.0);
    assert_true(isnan(sai_pow_d(-2.0, 2.0)) && isnan(sai_pow_d(2.0, NAN)));
    assert_true(sai_pow_d(INFINITY, 2.0) == INFINITY && sai_pow_d(INFINITY, -1.0) == 0.0);
    assert_true(sai_hypot_d(INFINITY, NAN) == INFINITY && sai_hypotf(NAN, -INFINITY) == INFINITY);
    assert_true(isnan(sai_hypot_d(NAN, 1.0)) && sai_hypot_d(0.0, -0.0) == 0.0);
    assert_true(sai_hypotf(FLT_MAX, FLT_MAX) == INFINITY); /* as hypotf: the caller saturates */
    assert_true(sai_hypot_d(DBL_MAX, 0.0) == DBL_MAX && sai_hypot_d(3e300, 4e300) == 5e300);
    assert_true(sai_hypot_d(3e-310, 4e-310) == 5e-310);
}

/* NaN and infinities in each argument position give C99's results (the special values test
 * above takes one position per function). */
static void test_fmath_every_argument_position_gives_c99_special_results(void **state) {
    (void)state;
    assert_true(isnan(sai_atan2_d(1.0, NAN)) && isnan(sai_atan2_d(NAN, NAN)));
    assert_true(isnan(sai_atan2f(NAN, 1.0f)) && isnan(sai_atan2f(NAN, NAN)));
    assert_true(isnan(sai_pow_d(NAN, 2.0)) && isnan(sai_pow_d(-0.5, 3.0)));
    assert_true(sai_hypot_d(1.0, INFINITY) == INFINITY && sai_hypot_d(-INFINITY, 1.0) == INFINITY);
    assert_true(sai_hypot_d(NAN, INFINITY) == INFINITY);
    assert_true(isnan(sai_hypot_d(1.0, NAN)) && isnan(sai_hypotf(2.0f, NAN)));
    assert_true(isnan(sai_asinf(NAN)) && isnan(sai_asinf(1.5f)) && isnan(sai_asinf(-INFINITY)));
    assert_true(isnan(sai_expf(NAN)) && sai_expf(100.0f) == INFINITY &&
                sai_expf(INFINITY) == INFINITY);
    assert_true(sai_expf(-200.0f) == 0.0f && sai_expf(-INFINITY) == 0.0f);
}

static void test_fmath_sin_cos_match_the_c_library(void **state) {
    (void)state;
    for (int i = 0; i <= SWEEP; i++) {
        const double x = -40.0 + 80.0 * i / SWEEP;
        double s, c;
        sai_sincos_d(x, &s, &c);
        expect_double_close(s, sin(x), 0.0, 1e-15, "sin", x);
        expect_double_close(c, cos(x), 0.0, 1e-15, "cos", x);
        const float xf = (float)x;
        float sf, cf;
        sai_sincosf(xf, &sf, &cf);
        expect_float_close(sf, sin((double)xf), 1e-12, "sinf", xf);
        expect_float_close(cf, cos((double)xf), 1e-12, "cosf", xf);
        assert_true(sai_sinf(xf) == sf && sai_cosf(xf) == cf);
    }
    /* Small arguments keep full relative accuracy, down to subnormals. */
    for (double x = 0x1p-1074; x < 1.0; x = fmax(x * 1.37, nextafter(x, 1.0))) {
        expect_double_close(sai_sin_d(x), sin(x), 1e-15, 0.0, "sin", x);
        expect_double_close(sai_sin_d(-x), sin(-x), 1e-15, 0.0, "sin", -x);
        expect_float_close(sai_sinf((float)x), sin((double)(float)x), 0x1p-149, "sinf", x);
    }
    /* Large arguments: accurate up to 2^20, then within 5e-17 |x| of the true value. */
    for (double x = 1.0; x < 1e30; x *= 1.0173) {
        const double bound = x <= 0x1p20 ? 1e-15 : 5e-17 * x + 1e-15;
        expect_double_close(sai_sin_d(x), sin(x), 0.0, bound, "sin", x);
        expect_double_close(sai_cos_d(-x), cos(-x), 0.0, bound, "cos", -x);
        if (x <= 0x1p20)
            expect_float_close(sai_cosf((float)x), cos((double)(float)x), 1e-12, "cosf", x);
    }
    assert_true(fabs(sai_sin_d(DBL_MAX)) <= 1.0 && fabs(sai_cosf(FLT_MAX)) <= 1.0f);
    /* The figure's turn at rest either way reads these without the call (sai_figure_face_pose). */
    assert_true(sai_cosf(0.0f) == 1.0f && sai_cosf(-0.0f) == 1.0f && sai_cosf(SA_PI) == -1.0f);
}

static void test_fmath_atan2_asin_acos_match_the_c_library(void **state) {
    (void)state;
    for (int i = 0; i <= 2000; i++) {
        const double a = 2.0 * SAI_PI_D * i / 2000;
        for (int r = -20; r <= 20; r += 4) {
            const double len = pow(10.0, r), y = len * sin(a), x = len * cos(a);
            expect_double_close(sai_atan2_d(y, x), atan2(y, x), 1e-15, 0.0, "atan2", a);
            const float yf = (float)y, xf = (float)x;
            expect_float_close(sai_atan2f(yf, xf), atan2((double)yf, (double)xf), 0x1p-149,
                               "atan2f", a);
        }
    }
    for (double t = 0x1p-1074; t < 1e300; t = fmax(t * 1.011, nextafter(t, 2.0))) {
        expect_double_close(sai_atan2_d(t, 1.0), atan(t), 1e-15, 0.0, "atan", t);
        expect_double_close(sai_atan2_d(-1.0, -t), atan2(-1.0, -t), 1e-15, 0.0, "atan2", t);
    }
    for (int i = 0; i <= SWEEP; i++) {
        const double x = -1.0 + 2.0 * i / SWEEP;
        expect_double_close(sai_acos_d(x), acos(x), 0.0, 1e-15, "acos", x);
        expect_double_close(sai_asin_d(x), asin(x), 0.0, 1e-15, "asin", x);
        const float xf = (float)x;
        expect_float_close(sai_acosf(xf), acos((double)xf), 1e-12, "acosf", xf);
        expect_float_close(sai_asinf(xf), asin((double)xf), 1e-12, "asinf", xf);
    }
    /* Next to +-1, where the square root of (1 - x)(1 + x) does the work. */
    for (double d = 0x1p-53; d < 0.5; d *= 1.1) {
        expect_double_close(sai_acos_d(1.0 - d), acos(1.0 - d), 1e-15, 0.0, "acos", 1.0 - d);
        expect_double_close(sai_asin_d(-1.0 + d), asin(-1.0 + d), 1e-15, 0.0, "asin", -1.0 + d);
    }
}

static void test_fmath_exp_expm1_log_pow_match_the_c_library(void **state) {
    (void)state;
    for (int i = 0; i <= SWEEP; i++) {
        const double x = -745.0 + 1454.7 * i / SWEEP;
        expect_double_close(sai_exp_d(x), exp(x), 1e-15, 0x1p-1074, "exp", x);
        const float xf = (float)(x / 8.0);
        expect_float_close(sai_expf(xf), exp((double)xf), 0x1p-149, "expf", xf);
    }
    for (double x = 0x1p-1074; x < 800.0; x = fmax(x * 1.0031, nextafter(x, 2.0))) {
        expect_double_close(sai_expm1_d(x), expm1(x), 1e-15, 0.0, "expm1", x);
        expect_double_close(sai_expm1_d(-x), expm1(-x), 1e-15, 0.0, "expm1", -x);
        expect_float_close(sai_expm1f((float)-x), expm1(-(double)(float)x), 0x1p-149, "expm1f", -x);
    }
    for (double x = 0x1p-1074; x < 1e308; x = fmax(x * 1.0013, nextafter(x, 2.0))) {
        expect_double_close(sai_log_d(x), log(x), 1e-15, 0.0, "log", x);
        if (x >= 0x1p-149 && x <= FLT_MAX)
            expect_float_close(sai_logf((float)x), log((double)(float)x), 0.0, "logf", x);
    }
    /* Near 1, where log is near zero: relative accuracy still holds. */
    for (double d = 0x1p-52; d < 0.3; d *= 1.01) {
        expect_double_close(sai_log_d(1.0 + d), log1p((1.0 + d) - 1.0), 1e-15, 0.0, "log", 1.0 + d);
        expect_double_close(sai_log_d(1.0 - d), log1p((1.0 - d) - 1.0), 1e-15, 0.0, "log", 1.0 - d);
    }
    for (double x = 1e-6; x < 1e6; x *= 1.07) {
        for (double y = -30.0; y <= 30.0; y += 0.37) {
            const double ref = pow(x, y), rel = 1e-15 * (1.0 + fabs(y * log(x)));
            expect_double_close(sai_pow_d(x, y), ref, rel, 0x1p-1074, "pow", x);
            const float xf = (float)x, yf = (float)(y / 8.0);
            expect_float_close(sai_powf(xf, yf), pow((double)xf, (double)yf), 0x1p-149, "powf", xf);
        }
    }
}

static void test_fmath_hypot_matches_the_c_library(void **state) {
    (void)state;
    for (double x = 0x1p-1074; x < 1e308; x = fmax(x * 1.37, nextafter(x, 1.0))) {
        for (double t = 0.0; t <= 1.0; t += 0.0625) {
            const double y = x * t;
            expect_double_close(sai_hypot_d(x, -y), hypot(x, y), 1e-15, 0x1p-1073, "hypot", x);
            const float xf = (float)x, yf = (float)y;
            if (isfinite(hypot((double)xf, (double)yf)) && hypot((double)xf, (double)yf) <= FLT_MAX)
                expect_float_close(sai_hypotf(-xf, yf), hypot((double)xf, (double)yf), 0x1p-149,
                                   "hypotf", x);
        }
    }
}

#if SAI_HAS_LANES
/* The float with bits b. */
static float float_of_bits(uint32_t b) {
    float f;
    memcpy(&f, &b, sizeof f);
    return f;
}

/* atan2 of a NaN gives the same NaN, bits and all, whatever the NaNs' signs and payloads and
 * whichever argument holds one: so no target, compiler or operand order tells two runs apart. */
static void test_fmath_atan2f_of_any_nan_is_one_nan(void **state) {
    (void)state;
    const float quiet = NAN;
    const float nans[] = {float_of_bits(0x7FC00000u), float_of_bits(0xFFC00000u),
                          float_of_bits(0x7FC12345u), float_of_bits(0xFFFFFFFFu)};
    const float others[] = {0.0f, -1.0f, 3.5f, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof nans / sizeof nans[0]; ++i) {
        for (size_t j = 0; j < sizeof nans / sizeof nans[0]; ++j) {
            const float a = sai_atan2f(nans[i], nans[j]);
            assert_memory_equal(&a, &quiet, sizeof a);
        }
        for (size_t j = 0; j < sizeof others / sizeof others[0]; ++j) {
            const float a = sai_atan2f(nans[i], others[j]), b = sai_atan2f(others[j], nans[i]);
            assert_memory_equal(&a, &quiet, sizeof a);
            assert_memory_equal(&b, &quiet, sizeof b);
        }
    }
}

/* Four arguments' lanes against the scalar function, bit for bit (NaN included). */
static void expect_sincos4_is_scalar(sai_f4 x) {
    sai_f4 s, c;
    sai_sincosf4(x, &s, &c);
    for (int k = 0; k < 4; ++k) {
        float se, ce;
        sai_sincosf(x[k], &se, &ce);
        const float sk = s[k], ck = c[k];
        if (memcmp(&sk, &se, sizeof sk) != 0 || memcmp(&ck, &ce, sizeof ck) != 0) {
            print_error("sincosf4(%a) lane %d = %a, %a; scalar %a, %a\n", (double)x[k], k,
                        (double)sk, (double)ck, (double)se, (double)ce);
            fail();
        }
    }
}
static void expect_atan2f4_is_scalar(sai_f4 y, sai_f4 x) {
    const sai_f4 a = sai_atan2f4(y, x);
    for (int k = 0; k < 4; ++k) {
        const float e = sai_atan2f(y[k], x[k]), ak = a[k];
        if (memcmp(&ak, &e, sizeof ak) != 0) {
            print_error("atan2f4(%a, %a) lane %d = %a, scalar %a\n", (double)y[k], (double)x[k], k,
                        (double)ak, (double)e);
            fail();
        }
    }
}

/* Floats with bits in [lo, hi) four at a time, both signs, every `step`th. */
static void sweep_sincos4(uint32_t lo, uint32_t hi, uint32_t step) {
    for (uint64_t b = lo; b < hi; b += 4u * (uint64_t)step) {
        sai_f4 x;
        for (uint32_t k = 0; k < 4; ++k) {
            const uint64_t bits = b + k * (uint64_t)step;
            x[k] = float_of_bits((uint32_t)(bits < hi ? bits : lo) | (k % 2u ? 0x80000000u : 0u));
        }
        expect_sincos4_is_scalar(x);
    }
}

/* The lanes' sine and cosine are the scalar's bit for bit: every float around the scalar's
 * branches by magnitude (0.78, 0.79, 2.35, 2.36, 3.92) and over [0, 8) in steps, a thin sweep of
 * every bit pattern, random ones and the rare values next to others in the lanes. (Offline, every
 * one of the 2^32 floats was checked.) */
static void test_fmath_sincos_lanes_are_the_scalar_bit_for_bit(void **state) {
    (void)state;
    const float edges[] = {
        0.78f,           0.79f,  2.35f, 2.36f, 3.92f, (float)SAI_PIO4_D, (float)SAI_PIO2_D,
        (float)SAI_PI_D, 0x1p20f};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i) {
        uint32_t e;
        memcpy(&e, &edges[i], sizeof e);
        sweep_sincos4(e - 65536u, e + 65536u, 1u);
    }
    sweep_sincos4(0u, 0x41000000u, 613u); /* [0, 8) */
    sweep_sincos4(0u, 0xFFFFFFFFu, 4099u);
    uint32_t rng = 12345u;
    for (int n = 0; n < 200000; ++n) {
        sai_f4 x;
        for (int k = 0; k < 4; ++k) {
            rng = rng * 1664525u + 1013904223u;
            x[k] = (rng >> 31) ? float_of_bits(rng * 2654435761u)
                               : (float)(int32_t)(rng & 0xFFFFFu) * 0x1p-12f;
        }
        expect_sincos4_is_scalar(x);
    }
    const float rare[] = {0.0f,    -0.0f,   INFINITY,       -INFINITY, NAN,
                          FLT_MAX, 0x1p20f, 0x1.000002p20f, -0x1p21f,  0x1p-149f};
    const size_t n = sizeof rare / sizeof rare[0];
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j)
            expect_sincos4_is_scalar((sai_f4){rare[i], 1.5f, rare[j], -7.25f});
}

/* The lanes' atan2 is the scalar's bit for bit: random pairs of every size, pairs of equal
 * magnitude, signed zeros, infinities and NaN in every combination. */
static void test_fmath_atan2_lanes_are_the_scalar_bit_for_bit(void **state) {
    (void)state;
    uint32_t rng = 777u;
    for (int n = 0; n < 400000; ++n) {
        sai_f4 y, x;
        for (int k = 0; k < 4; ++k) {
            rng = rng * 1664525u + 1013904223u;
            const uint32_t a = rng * 2654435761u, b = (rng >> 7) * 2246822519u;
            if (n % 3 == 0) { /* exponents near each other */
                y[k] = float_of_bits((a & 0x807FFFFFu) | ((a >> 24 & 15u) + 120u) << 23);
                x[k] = float_of_bits((b & 0x807FFFFFu) | ((b >> 24 & 15u) + 120u) << 23);
            } else {
                y[k] = float_of_bits(a);
                x[k] = float_of_bits(n % 7 == 1 ? a ^ (b & 0x80000000u) : b);
            }
        }
        expect_atan2f4_is_scalar(y, x);
    }
    const float v[] = {0.0f,  -0.0f,    1.0f,      -1.0f, 0x1p-149f,
                       -3.5f, INFINITY, -INFINITY, NAN,   FLT_MAX};
    const size_t n = sizeof v / sizeof v[0];
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j)
            expect_atan2f4_is_scalar((sai_f4){v[i], v[j], 2.0f, v[i]},
                                     (sai_f4){v[j], v[i], v[j], 0.5f});
}
#endif

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fmath_special_values_are_documented),
        cmocka_unit_test(test_fmath_every_argument_position_gives_c99_special_results),
        cmocka_unit_test(test_fmath_atan2f_of_any_nan_is_one_nan),
        cmocka_unit_test(test_fmath_sin_cos_match_the_c_library),
        cmocka_unit_test(test_fmath_atan2_asin_acos_match_the_c_library),
        cmocka_unit_test(test_fmath_exp_expm1_log_pow_match_the_c_library),
        cmocka_unit_test(test_fmath_hypot_matches_the_c_library),
#if SAI_HAS_LANES
        cmocka_unit_test(test_fmath_sincos_lanes_are_the_scalar_bit_for_bit),
        cmocka_unit_test(test_fmath_atan2_lanes_are_the_scalar_bit_for_bit),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
