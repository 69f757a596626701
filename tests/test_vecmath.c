#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/vecmath.h>

#include "internal/scalar.h"
#include "internal/xform.h"
#include "internal/mat4.h"

static const sa_ease all_eases[] = {
    SA_EASE_LINEAR,    SA_EASE_SMOOTH,       SA_EASE_IN_QUAD,
    SA_EASE_OUT_QUAD,  SA_EASE_IN_OUT_QUAD,  SA_EASE_IN_CUBIC,
    SA_EASE_OUT_CUBIC, SA_EASE_IN_OUT_CUBIC, SA_EASE_OUT_BACK,
};
#define EASE_COUNT (sizeof all_eases / sizeof all_eases[0])

static void test_vecmath_bad_input_is_safe(void **state) {
    (void)state;
    assert_near(sa_clamp(NAN, -2.0f, 3.0f), -2.0f, 0);
    assert_near(sa_clamp(5.0f, 3.0f, 1.0f), 3.0f, 0); /* lo > hi: lo */
    assert_near(sa_saturate(NAN), 0.0f, 0);
    assert_near(sa_saturate(INFINITY), 1.0f, 0);
    assert_near(sa_saturate(-INFINITY), 0.0f, 0);
    assert_near(sa_smooth(NAN), 0.0f, 0);
    assert_near(sa_smooth_range(0.05f, 0.35f, NAN), 0.0f, 0);
    assert_near(sa_smooth_range(1.0f, 1.0f, 1.0f), 1.0f, 0); /* equal edges: a step */
    assert_near(sa_smooth_range(1.0f, 1.0f, 0.99f), 0.0f, 0);
    assert_near(sa_ease_apply((sa_ease)999, 0.25f), 0.25f, 0); /* unknown curve: linear */
    for (size_t i = 0; i < EASE_COUNT; ++i) {
        assert_near(sa_ease_apply(all_eases[i], NAN), 0.0f, 0);
        assert_near(sa_ease_apply(all_eases[i], -INFINITY), 0.0f, 0);
        assert_near(sa_ease_apply(all_eases[i], INFINITY), 1.0f, 1e-6);
    }
    const sa_vec2 zero = sa_v2_normalize(sa_v2(0.0f, 0.0f));
    assert_near(zero.x, 0.0f, 0);
    assert_near(zero.y, 0.0f, 0);
    const sa_vec2 inf = sa_v2_normalize(sa_v2(INFINITY, 1.0f));
    assert_finite_v2(inf);
    assert_near(sa_v2_length(sa_v2(2e38f, 2e38f)), 2.8284271e38, 1e32); /* no overflow */
    /* Phases: NaN and infinities wrap to 0 and advance by nothing. */
    assert_near(sa_phase_wrap(NAN), 0, 0);
    assert_near(sa_phase_wrap(INFINITY), 0, 0);
    assert_near(sa_phase_wrap(-INFINITY), 0, 0);
    assert_near(sa_phase_wrap(-1e-9f), 0, 0); /* -1e-9 + 1 rounds to 1: the next cycle's 0 */
    assert_near(sa_phase_wrap(1e30f), 0, 0);  /* no fraction left in a float that large */
    assert_near(sa_phase_advance(NAN, NAN), 0, 0);
    assert_near(sa_phase_advance(INFINITY, 0.25f), 0.25f, 0);
    assert_near(sa_phase_advance(0.25f, INFINITY), 0.25f, 0);
    assert_near(sa_phase_advance(0.25f, -INFINITY), 0.25f, 0);
    assert_near(sa_phase_advance(0.25f, NAN), 0.25f, 0);
}

static void test_vecmath_eases_start_at_0_end_at_1(void **state) {
    (void)state;
    for (size_t i = 0; i < EASE_COUNT; ++i) {
        assert_near(sa_ease_apply(all_eases[i], 0.0f), 0.0f, 1e-6);
        assert_near(sa_ease_apply(all_eases[i], 1.0f), 1.0f, 1e-6);
    }
}

static void test_vecmath_eases_are_monotonic_and_bounded_except_back(void **state) {
    (void)state;
    for (size_t i = 0; i < EASE_COUNT; ++i) {
        float prev = 0.0f, peak = 0.0f;
        for (int k = 0; k <= 1000; ++k) {
            const float v = sa_ease_apply(all_eases[i], (float)k / 1000.0f);
            if (v > peak) peak = v;
            if (all_eases[i] == SA_EASE_OUT_BACK) continue;
            assert_true(v >= prev - 1e-6f);
            assert_true(v >= 0.0f && v <= 1.0f);
            prev = v;
        }
        if (all_eases[i] == SA_EASE_OUT_BACK) {
            assert_true(peak > 1.05f && peak < 1.15f); /* overshoots by about 10% */
        }
    }
}

static void test_vecmath_eases_have_their_shapes(void **state) {
    (void)state;
    /* Independent formulas at a few points. */
    const float u = 0.3f;
    assert_near(sa_ease_apply(SA_EASE_SMOOTH, u), u * u * (3 - 2 * u), 1e-6);
    assert_near(sa_ease_apply(SA_EASE_IN_QUAD, u), 0.09, 1e-6);
    assert_near(sa_ease_apply(SA_EASE_OUT_QUAD, u), 0.51, 1e-6);
    assert_near(sa_ease_apply(SA_EASE_IN_CUBIC, u), 0.027, 1e-6);
    assert_near(sa_ease_apply(SA_EASE_OUT_CUBIC, u), 1.0 - 0.343, 1e-6);
    assert_near(sa_ease_apply(SA_EASE_IN_OUT_QUAD, 0.5f), 0.5, 1e-6);
    assert_near(sa_ease_apply(SA_EASE_IN_OUT_CUBIC, 0.5f), 0.5, 1e-6);
    assert_near(sa_ease_apply(SA_EASE_IN_OUT_CUBIC, 0.25f), 0.0625, 1e-6);
    /* Out-cubic launches fast: three times the linear slope at 0. */
    assert_near(sa_ease_apply(SA_EASE_OUT_CUBIC, 1e-3f) / 1e-3f, 3.0, 1e-2);
    /* Ease-in and ease-out are point reflections of each other. */
    for (int k = 0; k <= 100; ++k) {
        const float t = (float)k / 100.0f;
        assert_near(sa_ease_apply(SA_EASE_OUT_CUBIC, t),
                    1.0f - sa_ease_apply(SA_EASE_IN_CUBIC, 1.0f - t), 1e-6);
        assert_near(sa_ease_apply(SA_EASE_OUT_QUAD, t),
                    1.0f - sa_ease_apply(SA_EASE_IN_QUAD, 1.0f - t), 1e-6);
    }
}

static void test_vecmath_smooth_range_matches_the_blend_tree_reference(void **state) {
    (void)state;
    assert_near(sa_smooth_range(0.05f, 0.35f, 0.0f), 0.0f, 0);
    assert_near(sa_smooth_range(0.05f, 0.35f, 0.05f), 0.0f, 0);
    assert_near(sa_smooth_range(0.05f, 0.35f, 0.2f), 0.5f, 1e-6);
    assert_near(sa_smooth_range(0.05f, 0.35f, 0.35f), 1.0f, 1e-6);
    assert_near(sa_smooth_range(0.05f, 0.35f, 7.0f), 1.0f, 0);
}

static void test_vecmath_clamp_and_lerp(void **state) {
    (void)state;
    assert_near(sa_clamp(0.5f, 0.0f, 1.0f), 0.5f, 0);
    assert_near(sa_clamp(-1.0f, 0.0f, 1.0f), 0.0f, 0);
    assert_near(sa_clamp(2.0f, 0.0f, 1.0f), 1.0f, 0);
    assert_near(sa_lerp(2.0f, 4.0f, 0.25f), 2.5f, 0);
    assert_near(sa_lerp(2.0f, 4.0f, 1.5f), 5.0f, 0); /* extrapolates */
    const sa_vec2 m = sa_v2_lerp(sa_v2(0, 0), sa_v2(4, -8), 0.5f);
    assert_near(m.x, 2.0f, 0);
    assert_near(m.y, -4.0f, 0);
    assert_near(sa_v2_distance(sa_v2(1, 1), sa_v2(4, 5)), 5.0f, 1e-6);
    const sa_vec2 n = sa_v2_normalize(sa_v2(3, -4));
    assert_near(sa_v2_length(n), 1.0f, 1e-6);
    assert_near(sa_v2_dot(n, sa_v2(3, -4)), 5.0f, 1e-5);
}

/* cglm's rule: the inline copies used inside the library agree with the exported functions. */
static void test_vecmath_inline_copies_agree_with_exported(void **state) {
    (void)state;
    test_rng r = test_rng_make(7);
    for (int i = 0; i < 10000; ++i) {
        const float a = test_rng_nasty(&r), b = test_rng_range(&r, -5, 5),
                    c = test_rng_range(&r, -5, 5);
        const float lo = b < c ? b : c, hi = b < c ? c : b;
        assert_memory_equal(&(float){sa_clamp(a, lo, hi)}, &(float){sai_clamp(a, lo, hi)},
                            sizeof(float));
        assert_memory_equal(&(float){sa_smooth(a)}, &(float){sai_smooth(a)}, sizeof(float));
        const float l1 = sa_lerp(b, c, a), l2 = sai_lerp(b, c, a);
        assert_memory_equal(&l1, &l2, sizeof(float));
        assert_true(sa_is_finite(a) == sai_finite(a));
    }
}

static bool signaling(float v) {
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    return isnan(v) && !(bits & 0x00400000u);
}

/* The inline fminf/fmaxf: C's results wherever C fixes them (a NaN gives the other argument),
 * and of two equal numbers (+0 and -0) the second, as the x86-64 C library gives it. */
static void test_vecmath_inline_fmin_fmax_agree_with_c(void **state) {
    (void)state;
    float (*volatile c_min)(float, float) = fminf; /* (called, not folded by the compiler) */
    float (*volatile c_max)(float, float) = fmaxf;
    test_rng r = test_rng_make(11);
    for (int i = 0; i < 100000; ++i) {
        const float a = test_rng_nasty(&r), b = i % 3 == 0 ? a : test_rng_nasty(&r);
        /* (C leaves open the sign of a zero result and which NaN two NaNs give; a signaling
         * NaN, which the library never makes, the C library quiets) */
        if (a == b || (isnan(a) && isnan(b)) || signaling(a) || signaling(b)) continue;
        assert_memory_equal(&(float){c_min(a, b)}, &(float){sai_fminf(a, b)}, sizeof(float));
        assert_memory_equal(&(float){c_max(a, b)}, &(float){sai_fmaxf(a, b)}, sizeof(float));
    }
    assert_true(sai_fminf(NAN, 2.0f) == 2.0f && sai_fminf(2.0f, NAN) == 2.0f);
    assert_true(sai_fmaxf(NAN, -2.0f) == -2.0f && sai_fmaxf(-2.0f, NAN) == -2.0f);
    assert_true(isnan(sai_fminf(NAN, NAN)) && isnan(sai_fmaxf(NAN, NAN)));
    assert_true(signbit(sai_fminf(0.0f, -0.0f)) && !signbit(sai_fminf(-0.0f, 0.0f)));
    assert_true(signbit(sai_fmaxf(0.0f, -0.0f)) && !signbit(sai_fmaxf(-0.0f, 0.0f)));
    assert_true(sai_fminf(-INFINITY, 1.0f) == -INFINITY && sai_fmaxf(INFINITY, 1.0f) == INFINITY);
}

static void test_vecmath_phase_wrap_keeps_the_fraction(void **state) {
    (void)state;
    assert_near(sa_phase_wrap(0.0f), 0.0f, 0);
    assert_near(sa_phase_wrap(0.25f), 0.25f, 0);
    assert_near(sa_phase_wrap(1.0f), 0.0f, 0);
    assert_near(sa_phase_wrap(3.5f), 0.5f, 0);
    /* Negative phases count back from the end of the cycle. */
    assert_near(sa_phase_wrap(-0.25f), 0.75f, 0);
    assert_near(sa_phase_wrap(-3.75f), 0.25f, 0);
    assert_near(sa_phase_wrap(-1.0f), 0.0f, 0);
    /* Whole cycles added or taken away do not change the phase. */
    for (int i = 0; i < 1000; ++i) {
        const float p = (float)i / 1000.0f;
        for (int c = -5; c <= 5; ++c)
            assert_near(sa_phase_wrap(p + (float)c), p, 1e-5);
    }
}

static void test_vecmath_phase_advance_wraps_and_runs_backwards(void **state) {
    (void)state;
    assert_near(sa_phase_advance(0.9f, 0.15f), 0.05f, 1e-6);
    assert_near(sa_phase_advance(0.1f, -0.15f), 0.95f, 1e-6);
    assert_near(sa_phase_advance(0.1f, -0.2f), 0.9f, 1e-6);
    assert_near(sa_phase_advance(0.3f, 0.0f), 0.3f, 0);
    assert_near(sa_phase_advance(1.75f, 0.5f), 0.25f, 1e-6); /* the phase is wrapped first */
    assert_near(sa_phase_advance(0.5f, 7.25f), 0.75f, 1e-6); /* many cycles at once */
    /* Ten seconds of 60 fps frames at the run's cadence, 2.55 cycles/s: 25.5 cycles, so half a
     * cycle past the start. */
    float p = 0.0f;
    for (int i = 0; i < 600; ++i)
        p = sa_phase_advance(p, 2.55f / 60.0f);
    assert_near(p, 0.5f, 1e-4);
}

static void test_vecmath_phase_advance_of_huge_cycles_stays_in_range(void **state) {
    (void)state;
    static const float huge[] = {1e7f, -1e7f, 1e30f, -1e30f, FLT_MAX, -FLT_MAX, 8388607.5f};
    static const float start[] = {0.0f, 0.3f, 0.999f, -0.5f, 1e30f};
    for (size_t i = 0; i < sizeof huge / sizeof huge[0]; ++i) {
        for (size_t k = 0; k < sizeof start / sizeof start[0]; ++k) {
            const float a = sa_phase_advance(start[k], huge[i]);
            assert_true(a >= 0.0f && a < 1.0f);
        }
    }
    /* A step that lands a rounding error short of the next cycle is that cycle's 0, never 1. */
    const float below_one = nextafterf(1.0f, 0.0f);
    const float ends[] = {sa_phase_advance(0.0f, -1e-9f), sa_phase_advance(below_one, 1e-12f),
                          sa_phase_advance(0.5f, 0.5f - 1e-12f)};
    for (size_t i = 0; i < sizeof ends / sizeof ends[0]; ++i)
        assert_true(ends[i] >= 0.0f && ends[i] < 1.0f);
    test_rng r = test_rng_make(5);
    for (int i = 0; i < 100000; ++i) {
        const float w = sa_phase_wrap(test_rng_nasty(&r));
        assert_true(w >= 0.0f && w < 1.0f);
        const float a = sa_phase_advance(test_rng_nasty(&r), test_rng_nasty(&r));
        assert_true(a >= 0.0f && a < 1.0f);
    }
}

/* The exported sa_phase_wrap/sa_phase_advance and the inline copies the library uses agree bit for
 * bit, whatever the input. */
static void test_vecmath_phase_inline_copies_agree_with_exported(void **state) {
    (void)state;
    test_rng r = test_rng_make(9);
    for (int i = 0; i < 100000; ++i) {
        const float p = (i & 1) ? test_rng_nasty(&r) : test_rng_range(&r, -4, 4);
        const float c = (i & 2) ? test_rng_nasty(&r) : test_rng_range(&r, -0.1f, 0.1f);
        const float w1 = sa_phase_wrap(p), w2 = sai_phase_wrap(p);
        assert_memory_equal(&w1, &w2, sizeof w1);
        const float a1 = sa_phase_advance(p, c), a2 = sai_phase_advance(p, c);
        assert_memory_equal(&a1, &a2, sizeof a1);
    }
}

static void test_vecmath_no_nan_from_any_input(void **state) {
    (void)state;
    test_rng r = test_rng_make(11);
    for (int i = 0; i < 20000; ++i) {
        const float a = test_rng_nasty(&r), b = test_rng_nasty(&r), c = test_rng_nasty(&r);
        assert_false(isnan(sa_clamp(a, b, c)) && !isnan(b));
        assert_finite(sa_smooth(a));
        assert_finite(sa_saturate(a));
        assert_finite(sa_smooth_range(b, c, a));
        for (size_t e = 0; e < EASE_COUNT; ++e)
            assert_finite(sa_ease_apply(all_eases[e], a));
        assert_finite_v2(sa_v2_normalize(sa_v2(a, b)));
    }
}

/* ---- 3D vectors, quaternions and transforms ---------------------------------------------- */

/* Rotation by Rodrigues' formula in double, from axis and angle: a reference independent of the
 * quaternion code. */
static sa_vec3 rodrigues(sa_vec3 axis, double angle, sa_vec3 v) {
    const double n =
        sqrt((double)axis.x * axis.x + (double)axis.y * axis.y + (double)axis.z * axis.z);
    const double kx = axis.x / n, ky = axis.y / n, kz = axis.z / n;
    const double c = cos(angle), s = sin(angle), kv = kx * v.x + ky * v.y + kz * v.z;
    const double cx = ky * v.z - kz * v.y, cy = kz * v.x - kx * v.z, cz = kx * v.y - ky * v.x;
    return sa_v3((float)(v.x * c + cx * s + kx * kv * (1 - c)),
                 (float)(v.y * c + cy * s + ky * kv * (1 - c)),
                 (float)(v.z * c + cz * s + kz * kv * (1 - c)));
}

#define assert_near_v3(a, b, tol)                                                                  \
    do {                                                                                           \
        assert_near((a).x, (b).x, tol);                                                            \
        assert_near((a).y, (b).y, tol);                                                            \
        assert_near((a).z, (b).z, tol);                                                            \
    } while (0)

#define assert_same_rotation(a, b, tol) assert_near(test_quat_angle(a, b), 0.0, tol)

static void test_vecmath_quat_bad_input_is_safe(void **state) {
    (void)state;
    const sa_quat id = sa_quat_identity();
    const sa_quat bad[] = {
        sa_quat_make(0, 0, 0, 0),         sa_quat_make(NAN, 0, 0, 1),
        sa_quat_make(0, INFINITY, 0, 1),  sa_quat_make(0, 0, -INFINITY, 0),
        sa_quat_make(NAN, NAN, NAN, NAN),
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
        const sa_quat n = sa_quat_normalize(bad[i]);
        assert_true(memcmp(&n, &id, sizeof n) == 0); /* zero or non-finite: identity */
        assert_same_rotation(sa_quat_slerp(bad[i], bad[i], 0.5f), id, 1e-6);
        const sa_vec3 v = sa_quat_rotate(bad[i], sa_v3(1, 2, 3));
        assert_near_v3(v, sa_v3(1, 2, 3), 0);
    }
    /* Huge and tiny quaternions still normalise to unit length. */
    assert_near(test_quat_length(sa_quat_normalize(sa_quat_make(3e38f, 3e38f, -3e38f, 3e38f))), 1,
                1e-6);
    assert_near(test_quat_length(sa_quat_normalize(sa_quat_make(1e-40f, 0, 0, 1e-41f))), 1, 1e-6);
    assert_near(sa_quat_normalize(sa_quat_make(1e-40f, 0, 0, 0)).x, 1, 0);
    /* Axis-angle: zero or non-finite axis, non-finite angle: identity. */
    assert_same_rotation(sa_quat_from_axis_angle(sa_v3(0, 0, 0), 1.0f), id, 0);
    assert_same_rotation(sa_quat_from_axis_angle(sa_v3(NAN, 1, 0), 1.0f), id, 0);
    assert_same_rotation(sa_quat_from_axis_angle(sa_v3(0, 1, 0), INFINITY), id, 0);
    assert_same_rotation(sa_quat_from_to(sa_v3(0, 0, 0), sa_v3(1, 0, 0)), id, 0);
    assert_same_rotation(sa_quat_from_to(sa_v3(1, 0, 0), sa_v3(NAN, 0, 0)), id, 0);
    /* Non-finite factors: the first rotation. */
    const sa_quat a = sa_quat_from_axis_angle(sa_v3(0, 1, 0), 0.3f);
    const sa_quat b = sa_quat_from_axis_angle(sa_v3(1, 0, 0), 1.1f);
    assert_same_rotation(sa_quat_slerp(a, b, NAN), a, 1e-6);
    assert_same_rotation(sa_quat_nlerp(a, b, INFINITY), a, 1e-6);
    assert_near(test_quat_length(sa_quat_slerp(a, b, 3e38f)), 1, 1e-6);
    assert_near(test_quat_length(sa_quat_nlerp(a, b, -3e38f)), 1, 1e-6);
    /* Vectors. */
    const sa_vec3 z = sa_v3_normalize(sa_v3(0, 0, 0));
    assert_near_v3(z, sa_v3(0, 0, 0), 0);
    assert_near_v3(sa_v3_normalize(sa_v3(INFINITY, 0, 0)), sa_v3(0, 0, 0), 0);
    assert_near(sa_v3_length(sa_v3(1e38f, 1e38f, 1e38f)), 1.7320508e38, 1e32); /* no overflow */
    assert_near(sa_v3_length(sa_v3(3e38f, 3e38f, 3e38f)), FLT_MAX, 0);         /* saturates */
    assert_near(sa_v3_length(sa_v3(NAN, 0, 0)), 0, 0);
    assert_near(sa_v3_length(sa_v3(INFINITY, 0, 0)), FLT_MAX, 0);
    /* Transforms with bad parts are cleaned: NaN translation 0, bad rotation identity, bad scale 1.
     */
    sa_transform t =
        sa_transform_make(sa_v3(NAN, 1, 2), sa_quat_make(0, 0, 0, 0), sa_v3(INFINITY, 2, 2));
    assert_false(sa_transform_is_finite(t));
    const sa_transform c = sa_transform_sanitize(t);
    assert_true(sa_transform_is_finite(c));
    assert_near_v3(c.translation, sa_v3(0, 1, 2), 0);
    assert_near_v3(c.scale, sa_v3(1, 2, 2), 0);
    assert_same_rotation(c.rotation, id, 0);
    const sa_vec3 p = sa_transform_point(t, sa_v3(1, 1, 1));
    assert_near_v3(p, sa_v3(1, 3, 4), 1e-6);
    const sa_transform m = sa_transform_mul(t, t);
    assert_true(sa_transform_is_finite(m));
}

static void test_vecmath_v3_basics(void **state) {
    (void)state;
    const sa_vec3 a = sa_v3(1, 2, 3), b = sa_v3(-4, 0.5f, 2);
    assert_near_v3(sa_v3_add(a, b), sa_v3(-3, 2.5f, 5), 0);
    assert_near_v3(sa_v3_sub(a, b), sa_v3(5, 1.5f, 1), 0);
    assert_near_v3(sa_v3_scale(a, 2), sa_v3(2, 4, 6), 0);
    assert_near_v3(sa_v3_mul(a, b), sa_v3(-4, 1, 6), 0);
    assert_near(sa_v3_dot(a, b), 3, 0);
    /* Right-handed: x × y = z. */
    assert_near_v3(sa_v3_cross(sa_v3(1, 0, 0), sa_v3(0, 1, 0)), sa_v3(0, 0, 1), 0);
    assert_near(sa_v3_dot(sa_v3_cross(a, b), a), 0, 1e-5);
    assert_near(sa_v3_length(sa_v3(2, 3, 6)), 7, 1e-6);
    assert_near(sa_v3_distance(sa_v3(1, 1, 1), sa_v3(3, 4, 7)), 7, 1e-6);
    assert_near_v3(sa_v3_lerp(a, b, 0.5f), sa_v3(-1.5f, 1.25f, 2.5f), 1e-6);
    assert_near_v3(sa_v3_lerp(a, b, 2.0f), sa_v3(-9, -1, 1), 1e-6); /* extrapolates */
    assert_near(sa_v3_length(sa_v3_normalize(b)), 1, 1e-6);
    assert_true(sa_v3_is_finite(a));
    assert_false(sa_v3_is_finite(sa_v3(0, NAN, 0)));
}

static void test_vecmath_quat_rotate_matches_rodrigues(void **state) {
    (void)state;
    test_rng r = test_rng_make(21);
    for (int i = 0; i < 5000; ++i) {
        const sa_vec3 axis = test_rng_v3(&r, -1, 1);
        if (sa_v3_length(axis) < 0.05f) continue;
        const float angle = test_rng_range(&r, -10, 10);
        const sa_vec3 v = test_rng_v3(&r, -100, 100);
        const sa_quat q = sa_quat_from_axis_angle(axis, angle);
        assert_near(test_quat_length(q), 1, 1e-6);
        const sa_vec3 got = sa_quat_rotate(q, v), want = rodrigues(axis, angle, v);
        assert_near_v3(got, want, 1e-4 * 100);
        assert_near(sa_v3_length(got), sa_v3_length(v), 1e-3);
        /* The rotation angle comes back (folded into [0, π]). */
        double folded = fmod(fabs((double)angle), 2 * SAI_PI_D);
        if (folded > SAI_PI_D) folded = 2 * SAI_PI_D - folded;
        assert_near(sa_quat_angle(q), folded, 1e-3);
    }
    /* A quarter turn about y takes +z to +x (right-handed, y up). */
    const sa_vec3 x =
        sa_quat_rotate(sa_quat_from_axis_angle(sa_v3(0, 1, 0), SA_PI / 2), sa_v3(0, 0, 1));
    assert_near_v3(x, sa_v3(1, 0, 0), 1e-6);
}

static void test_vecmath_quat_mul_composes_and_conjugate_inverts(void **state) {
    (void)state;
    test_rng r = test_rng_make(22);
    for (int i = 0; i < 5000; ++i) {
        const sa_quat a = test_rng_rotation(&r), b = test_rng_rotation(&r);
        const sa_vec3 v = test_rng_v3(&r, -10, 10);
        const sa_quat ab = sa_quat_mul(a, b);
        assert_near(test_quat_length(ab), 1, 1e-6);
        /* b first, then a. */
        assert_near_v3(sa_quat_rotate(ab, v), sa_quat_rotate(a, sa_quat_rotate(b, v)), 1e-4);
        assert_near_v3(sa_quat_rotate(sa_quat_conjugate(a), sa_quat_rotate(a, v)), v, 1e-4);
        assert_same_rotation(sa_quat_mul(a, sa_quat_identity()), a, 1e-3);
        assert_near(sa_quat_angle_between(a, ab), sa_quat_angle(b), 1e-3);
        assert_near(sa_quat_angle_between(a, sa_quat_make(-a.x, -a.y, -a.z, -a.w)), 0, 1e-3);
    }
}

static void test_vecmath_quat_from_to_turns_one_direction_onto_another(void **state) {
    (void)state;
    test_rng r = test_rng_make(23);
    for (int i = 0; i < 5000; ++i) {
        const sa_vec3 f = test_rng_v3(&r, -5, 5);
        sa_vec3 t = test_rng_v3(&r, -5, 5);
        if (i % 10 == 0) t = sa_v3_scale(f, -2.0f); /* opposite */
        if (i % 10 == 1) t = sa_v3_scale(f, 3.0f);  /* same */
        if (sa_v3_length(f) < 0.05f || sa_v3_length(t) < 0.05f) continue;
        const sa_quat q = sa_quat_from_to(f, t);
        assert_near(test_quat_length(q), 1, 1e-6);
        assert_near_v3(sa_quat_rotate(q, sa_v3_normalize(f)), sa_v3_normalize(t), 2e-3);
        /* Shortest: the angle equals the angle between the directions. */
        const double c = sa_v3_dot(f, t) / ((double)sa_v3_length(f) * sa_v3_length(t));
        assert_near(sa_quat_angle(q), acos(c > 1 ? 1 : (c < -1 ? -1 : c)), 2e-3);
    }
    /* Opposite directions along the axes, +-x included (where the half turn's axis cannot be
     * found from x): still a half turn that lands exactly. */
    const sa_vec3 axes[6] = {{2, 0, 0}, {-1, 0, 0}, {0, 3, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -4}};
    for (int a = 0; a < 6; ++a) {
        const sa_vec3 f = axes[a], t = sa_v3_scale(axes[a], -1.0f);
        const sa_quat q = sa_quat_from_to(f, t);
        assert_near(test_quat_length(q), 1, 1e-6);
        assert_near(sa_quat_angle(q), 3.14159265358979, 1e-5);
        assert_near_v3(sa_quat_rotate(q, sa_v3_normalize(f)), sa_v3_normalize(t), 1e-6);
    }
}

/* The property the whole clip half relies on: whatever goes in, a unit quaternion comes out. */
static void test_vecmath_slerp_and_nlerp_always_give_unit_quaternions(void **state) {
    (void)state;
    test_rng r = test_rng_make(24);
    for (int i = 0; i < 100000; ++i) {
        sa_quat a = test_rng_rotation(&r), b = test_rng_rotation(&r);
        if (i % 4 == 1) b = sa_quat_make(-a.x, -a.y, -a.z, -a.w); /* same rotation, other sign */
        if (i % 4 == 2) b = sa_quat_make(a.x + 1e-7f, a.y, a.z, a.w); /* nearly equal */
        if (i % 8 == 3)
            a = sa_quat_make(test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r),
                             test_rng_nasty(&r));
        if (i % 8 == 7)
            b = sa_quat_make(test_rng_range(&r, -1e3f, 1e3f), 0, test_rng_range(&r, -1e-3f, 1e-3f),
                             0);
        const float t = (i % 16 == 5) ? test_rng_nasty(&r) : test_rng_range(&r, -3, 4);
        const sa_quat s = sa_quat_slerp(a, b, t), n = sa_quat_nlerp(a, b, t);
        assert_near(test_quat_length(s), 1, 2e-6);
        assert_near(test_quat_length(n), 1, 2e-6);
    }
}

static void test_vecmath_slerp_is_shortest_arc_at_constant_speed(void **state) {
    (void)state;
    test_rng r = test_rng_make(25);
    for (int i = 0; i < 20000; ++i) {
        const sa_quat a = test_rng_rotation(&r), b = test_rng_rotation(&r);
        const double total = test_quat_angle(a, b); /* in [0, π]: the short way */
        const float t = test_rng_range(&r, 0, 1);
        const sa_quat s = sa_quat_slerp(a, b, t);
        assert_near(test_quat_angle(a, s), t * total, 2e-3);
        assert_near(test_quat_angle(s, b), (1 - t) * total, 2e-3);
        /* The sign of b does not matter. */
        assert_same_rotation(sa_quat_slerp(a, sa_quat_make(-b.x, -b.y, -b.z, -b.w), t), s, 2e-3);
        /* The ends. */
        assert_same_rotation(sa_quat_slerp(a, b, 0), a, 1e-3);
        assert_same_rotation(sa_quat_slerp(a, b, 1), b, 1e-3);
        assert_same_rotation(sa_quat_nlerp(a, b, 0), a, 1e-3);
        assert_same_rotation(sa_quat_nlerp(a, b, 1), b, 1e-3);
        /* nlerp stays on the same short arc, just not at constant speed. */
        const sa_quat n = sa_quat_nlerp(a, b, t);
        assert_near(test_quat_angle(a, n) + test_quat_angle(n, b), total, 2e-3);
    }
}

static void test_vecmath_slerp_past_one_extrapolates_along_the_arc(void **state) {
    (void)state;
    test_rng r = test_rng_make(26);
    for (int i = 0; i < 20000; ++i) {
        const sa_vec3 axis = test_rng_v3(&r, -1, 1);
        if (sa_v3_length(axis) < 0.1f) continue;
        /* Two rotations about one axis: slerp by t is the rotation by α + t(β − α) about it. */
        const float alpha = test_rng_range(&r, -3, 3);
        const float delta = test_rng_range(&r, -1.2f, 1.2f);
        const float t = test_rng_range(&r, 1, 2.5f);
        const sa_quat a = sa_quat_from_axis_angle(axis, alpha);
        const sa_quat b = sa_quat_from_axis_angle(axis, alpha + delta);
        const sa_quat want = sa_quat_from_axis_angle(axis, alpha + t * delta);
        assert_same_rotation(sa_quat_slerp(a, b, t), want, 2e-3);
        /* Going past a too. */
        const sa_quat back = sa_quat_from_axis_angle(axis, alpha - 0.5f * delta);
        assert_same_rotation(sa_quat_slerp(a, b, -0.5f), back, 2e-3);
    }
    /* The stride stretch: a thigh swung 30° from idle, stretched by 2.8/2.0 = 1.4, swings 42°. */
    const sa_vec3 x = sa_v3(1, 0, 0);
    const sa_quat idle = sa_quat_identity(), clip = sa_quat_from_axis_angle(x, 30 * SA_PI / 180);
    assert_near(sa_quat_angle(sa_quat_slerp(idle, clip, 1.4f)) * 180 / SAI_PI_D, 42, 1e-3);
    /* Tiny angles extrapolate too (no nlerp shortcut losing the arc). */
    const sa_quat tiny = sa_quat_from_axis_angle(x, 1e-3f);
    assert_near(sa_quat_angle(sa_quat_slerp(idle, tiny, 2.0f)), 2e-3, 1e-5);
}

static void test_vecmath_transform_composes_like_nested_spaces(void **state) {
    (void)state;
    test_rng r = test_rng_make(27);
    for (int i = 0; i < 5000; ++i) {
        /* Uniform scale: composition is exact. */
        const float sp = test_rng_range(&r, 0.5f, 2), sc = test_rng_range(&r, 0.5f, 2);
        const sa_transform p =
            sa_transform_make(test_rng_v3(&r, -10, 10), test_rng_rotation(&r), sa_v3(sp, sp, sp));
        const sa_transform c =
            sa_transform_make(test_rng_v3(&r, -10, 10), test_rng_rotation(&r), sa_v3(sc, sc, sc));
        const sa_vec3 x = test_rng_v3(&r, -10, 10);
        const sa_transform pc = sa_transform_mul(p, c);
        assert_near_v3(sa_transform_point(pc, x), sa_transform_point(p, sa_transform_point(c, x)),
                       2e-3);
        assert_near(test_quat_length(pc.rotation), 1, 1e-6);
        /* The identity is neutral on both sides. */
        const sa_transform l = sa_transform_mul(sa_transform_identity(), c);
        assert_near_v3(l.translation, c.translation, 1e-5);
        const sa_transform rr = sa_transform_mul(p, sa_transform_identity());
        assert_near_v3(rr.translation, p.translation, 0);
        assert_same_rotation(rr.rotation, p.rotation, 1e-3);
    }
    /* Scale, then rotate, then translate. */
    const sa_transform t = sa_transform_make(
        sa_v3(10, 0, 0), sa_quat_from_axis_angle(sa_v3(0, 0, 1), SA_PI / 2), sa_v3(2, 3, 1));
    assert_near_v3(sa_transform_point(t, sa_v3(1, 1, 0)), sa_v3(7, 2, 0), 1e-5);
}

static void test_vecmath_inline_quat_copies_agree_with_exported(void **state) {
    (void)state;
    test_rng r = test_rng_make(28);
    for (int i = 0; i < 10000; ++i) {
        const sa_quat a = sa_quat_make(test_rng_nasty(&r), test_rng_range(&r, -2, 2),
                                       test_rng_range(&r, -2, 2), test_rng_range(&r, -2, 2));
        const sa_quat b = test_rng_rotation(&r), c = test_rng_rotation(&r);
        const float t = test_rng_range(&r, -1, 2);
        const sa_quat n1 = sa_quat_normalize(a), n2 = sai_quat_normalize(a);
        assert_memory_equal(&n1, &n2, sizeof n1);
        const sa_quat s1 = sa_quat_slerp(b, c, t),
                      s2 = sai_quat_slerp_unit(sai_quat_normalize(b), sai_quat_normalize(c), t);
        assert_memory_equal(&s1, &s2, sizeof s1);
        const sa_quat l1 = sa_quat_nlerp(b, c, t),
                      l2 = sai_quat_nlerp_unit(sai_quat_normalize(b), sai_quat_normalize(c), t);
        assert_memory_equal(&l1, &l2, sizeof l1);
        const sa_vec3 v = test_rng_v3(&r, -5, 5);
        const sa_vec3 v1 = sa_v3_normalize(v), v2 = sai_v3_normalize(v);
        assert_memory_equal(&v1, &v2, sizeof v1);
    }
}

/* A matrix maps points as its transform does; products compose; the inverse undoes; bad input to
 * the total functions gives the identity. */
static void test_vecmath_mat4_matches_transforms_and_inverts(void **state) {
    (void)state;
    test_rng r = test_rng_make(29);
    const sa_mat4 id = sa_mat4_identity();
    for (int i = 0; i < 16; ++i)
        assert_near(id.m[i], i % 5 == 0 ? 1 : 0, 0);
    for (int i = 0; i < 5000; ++i) {
        const sa_transform a = sa_transform_make(test_rng_v3(&r, -3, 3), test_rng_rotation(&r),
                                                 test_rng_v3(&r, 0.3f, 2)),
                           b = sa_transform_make(test_rng_v3(&r, -3, 3), test_rng_rotation(&r),
                                                 test_rng_v3(&r, 0.3f, 2));
        const sa_mat4 ma = sa_mat4_from_transform(a), mb = sa_mat4_from_transform(b);
        const sa_vec3 p = test_rng_v3(&r, -2, 2);
        /* The matrix is translation · rotation · scale: the transform's own map of a point. */
        const sa_vec3 want = sa_transform_point(a, p), got = sa_mat4_transform_point(ma, p);
        assert_near(test_distance3(want, got), 0, 1e-5);
        const sa_vec3 dir =
            sa_v3_sub(sa_transform_point(a, p), sa_transform_point(a, sa_v3(0, 0, 0)));
        assert_near(test_distance3(sa_mat4_transform_vector(ma, p), dir), 0, 1e-5);
        assert_near(ma.m[3], 0, 0);
        assert_near(ma.m[7], 0, 0);
        assert_near(ma.m[11], 0, 0);
        assert_near(ma.m[15], 1, 0);
        /* a·b applies b first: the nested map, exactly (shear and all). */
        const sa_mat4 ab = sa_mat4_mul(ma, mb);
        const sa_vec3 nested = sa_mat4_transform_point(ma, sa_mat4_transform_point(mb, p));
        assert_near(test_distance3(sa_mat4_transform_point(ab, p), nested), 0, 1e-4);
        /* The affine inline product agrees with the general one bit for bit. */
        const sa_mat4 aff = sai_mat4_mul_affine(&ma, &mb), gen = sai_mat4_mul(&ma, &mb);
        assert_memory_equal(&aff, &gen, sizeof aff);
        assert_memory_equal(&ab, &gen, sizeof ab);
        /* The inverse undoes it; for a general (projective) matrix too. */
        const sa_mat4 inv = sa_mat4_invert(ab);
        assert_near(test_distance3(sa_mat4_transform_point(inv, nested), p), 0, 1e-4);
        sa_mat4 g; /* diagonally dominant: well conditioned, with a projective bottom row */
        for (int e = 0; e < 16; ++e)
            g.m[e] = test_rng_range(&r, -1, 1) + (e % 5 == 0 ? 4.0f : 0.0f);
        const sa_mat4 prod = sa_mat4_mul(g, sa_mat4_invert(g));
        for (int e = 0; e < 16; ++e)
            assert_near(prod.m[e], e % 5 == 0 ? 1 : 0, 1e-6);
        /* Exported and inline copies agree. */
        const sa_mat4 f1 = sa_mat4_from_transform(a),
                      f2 = sai_mat4_from_transform_unit(sai_transform_sanitize(a));
        assert_memory_equal(&f1, &f2, sizeof f1);
        const sa_vec3 q1 = sa_mat4_transform_point(ma, p), q2 = sai_mat4_point(&ma, p);
        assert_memory_equal(&q1, &q2, sizeof q1);
    }
    /* Singular or non-finite: the identity. Bad transforms are cleaned first. */
    sa_mat4 zero;
    memset(&zero, 0, sizeof zero);
    sa_mat4 inv = sa_mat4_invert(zero);
    assert_memory_equal(&inv, &id, sizeof id);
    sa_mat4 flat = sa_mat4_from_transform(
        sa_transform_make(sa_v3(1, 2, 3), sa_quat_identity(), sa_v3(1, 0, 1)));
    inv = sa_mat4_invert(flat);
    assert_memory_equal(&inv, &id, sizeof id);
    sa_mat4 bad = id;
    bad.m[6] = NAN;
    inv = sa_mat4_invert(bad);
    assert_memory_equal(&inv, &id, sizeof id);
    assert_false(sa_mat4_is_finite(bad));
    bad.m[6] = INFINITY;
    assert_false(sa_mat4_is_finite(bad));
    assert_true(sa_mat4_is_finite(id));
    sa_mat4 huge = id;
    huge.m[0] = 3e38f;
    huge.m[5] = 3e38f; /* the sum overflows; the elements are finite */
    assert_true(sa_mat4_is_finite(huge));
    const sa_mat4 cleaned = sa_mat4_from_transform(
        sa_transform_make(sa_v3(NAN, 1, 2), sa_quat_make(0, 0, 0, 0), sa_v3(INFINITY, 2, 2)));
    assert_true(sa_mat4_is_finite(cleaned));
    assert_near(cleaned.m[0], 1, 0); /* scale x repaired to 1, rotation to the identity */
    assert_near(cleaned.m[12], 0, 0);
    assert_near(cleaned.m[13], 1, 0);
}

/* vecmath.h's three kinds, as it words them: plain arithmetic passes NaN through and overflows;
 * the "finite for finite input" functions pass the one value through and repair the rest. */
static void test_vecmath_plain_arithmetic_passes_bad_values_through(void **state) {
    (void)state;
    assert_true(isnan(sa_lerp(1.0f, 2.0f, NAN)));
    assert_true(isinf(sa_lerp(-FLT_MAX, FLT_MAX, 0.5f))); /* ends far apart overflow */
    assert_true(isnan(sa_clamp(0.5f, NAN, 1.0f)));        /* a NaN bound is trusted */
    assert_near(sa_clamp(NAN, -1.0f, 1.0f), -1.0f, 0);    /* a NaN value is not */
    assert_true(isnan(sa_v2_add(sa_v2(NAN, 0), sa_v2(1, 1)).x));
    assert_true(isinf(sa_v2_scale(sa_v2(FLT_MAX, 0), 2.0f).x));
    assert_true(isnan(sa_v3_cross(sa_v3(NAN, 0, 0), sa_v3(0, 1, 0)).z));
    assert_true(isnan(sa_quat_dot(sa_quat_make(NAN, 0, 0, 1), sa_quat_identity())));
    assert_true(isnan(sa_quat_conjugate(sa_quat_make(NAN, 0, 0, 1)).x)); /* not normalised */
    /* sa_quat_rotate repairs the rotation and passes the vector through. */
    assert_false(sa_v3_is_finite(sa_quat_rotate(sa_quat_make(NAN, 0, 0, 0), sa_v3(NAN, 1, 2))));
    const sa_vec3 r = sa_quat_rotate(sa_quat_make(NAN, 0, 0, 0), sa_v3(0, 1, 2));
    assert_near(r.x, 0, 0); /* the NaN rotation is the identity */
    assert_near(r.y, 1, 0);
    assert_near(r.z, 2, 0);
    const sa_vec3 p = sa_transform_point(sa_transform_identity(), sa_v3(INFINITY, 0, 0));
    assert_false(sa_v3_is_finite(p));
    /* Lengths pass non-finite components through as hypot() does. */
    assert_true(isnan(sa_v2_length(sa_v2(NAN, 1))));
    assert_true(isinf(sa_v2_length(sa_v2(INFINITY, NAN))));
    assert_true(isinf(sa_v2_distance(sa_v2(INFINITY, 0), sa_v2(0, 0))));
}

/* Issue 14: sa_v2_length(FLT_MAX, FLT_MAX) was infinite though documented "without overflow",
 * and the distance of two finite points could be too. */
static void test_vecmath_v2_length_of_finite_components_is_finite(void **state) {
    (void)state;
    assert_near(sa_v2_length(sa_v2(FLT_MAX, FLT_MAX)), FLT_MAX, 0);
    assert_near(sa_v2_length(sa_v2(-FLT_MAX, 3)), FLT_MAX, 0);
    assert_near(sa_v2_length(sa_v2(3e-45f, 4e-45f)), hypot(3e-45f, 4e-45f), 2e-45);
    assert_near(sa_v2_distance(sa_v2(-FLT_MAX, 0), sa_v2(FLT_MAX, 0)), FLT_MAX, 0);
    assert_near(sa_v2_distance(sa_v2(-2e38f, 0), sa_v2(2e38f, 0)), FLT_MAX, 0);
    assert_near(sa_v2_distance(sa_v2(-2e38f, 0), sa_v2(1e38f, 0)), 3e38, 1e32);
    assert_near(sa_v2_distance(sa_v2(1, 1), sa_v2(4, 5)), 5, 0);
}

/* Issue 14: sa_v2_normalize(1e-45, 1e-45) returned (1, 1), and near FLT_MAX (0, 0). */
static void test_vecmath_v2_normalize_of_tiny_and_huge_vectors_is_unit(void **state) {
    (void)state;
    const sa_vec2 cases[] = {sa_v2(1e-45f, 1e-45f),  sa_v2(3e-45f, -1e-45f),
                             sa_v2(1e-40f, 0),       sa_v2(FLT_MAX, FLT_MAX),
                             sa_v2(-FLT_MAX, 1e38f), sa_v2(1e-45f, FLT_MAX)};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        const sa_vec2 v = cases[i], n = sa_v2_normalize(v);
        const double len = hypot(v.x, v.y);
        assert_near(hypot(n.x, n.y), 1.0, 1e-6);
        assert_near(n.x, v.x / len, 1e-6);
        assert_near(n.y, v.y / len, 1e-6);
    }
}

/* Issue 14: a huge finite scale on a rotated transform gave NaN from sa_transform_mul and
 * sa_transform_point (the rotation overflowed to infinity, then ∞ − ∞). */
static void test_vecmath_transforms_with_huge_scales_stay_finite(void **state) {
    (void)state;
    const sa_quat q = sa_quat_from_axis_angle(sa_v3(1, 1, 0), 0.7f);
    const sa_transform big =
        sa_transform_make(sa_v3(1e38f, -3e38f, 0), q, sa_v3(FLT_MAX, FLT_MAX, FLT_MAX));
    const sa_transform child =
        sa_transform_make(sa_v3(1, 1, 1), sa_quat_identity(), sa_v3(2, 2, 2));
    const sa_transform m = sa_transform_mul(big, child);
    assert_true(sa_transform_is_finite(m));
    assert_near(m.scale.x, FLT_MAX, 0); /* saturated */
    assert_near(test_quat_length(m.rotation), 1, 1e-6);
    const sa_vec3 p = sa_transform_point(big, sa_v3(1, 1, 1));
    assert_true(sa_v3_is_finite(p));
    /* The same point in double, t + R·(s ⊙ p), clamped to the float range. */
    const double s = FLT_MAX, v[3] = {s, s, s}, x = q.x, y = q.y, z = q.z, qw = q.w;
    const double tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]),
                 tz = 2 * (x * v[1] - y * v[0]);
    const double want[3] = {1e38 + v[0] + qw * tx + (y * tz - z * ty),
                            -3e38 + v[1] + qw * ty + (z * tx - x * tz),
                            v[2] + qw * tz + (x * ty - y * tx)};
    const float got[3] = {p.x, p.y, p.z};
    for (int k = 0; k < 3; ++k) {
        const double w = want[k] > s ? s : (want[k] < -s ? -s : want[k]);
        assert_near(got[k], w, 1e-6 * s);
    }
    /* Rotating (FLT_MAX, FLT_MAX, 0) onto the x axis saturates instead of overflowing. */
    const sa_vec3 r = sa_quat_rotate(sa_quat_from_axis_angle(sa_v3(0, 0, 1), -SA_PI / 4),
                                     sa_v3(FLT_MAX, FLT_MAX, 0));
    assert_true(sa_v3_is_finite(r));
    assert_near(r.x, FLT_MAX, 0);
    assert_near(r.y, 0, 1e32);
    /* Ordinary values keep the float formula's bits. */
    const sa_transform a = sa_transform_make(sa_v3(1, 2, 3), q, sa_v3(2, 1, 0.5f));
    const sa_vec3 u = sa_transform_point(a, sa_v3(0.25f, -1, 4));
    const sa_vec3 w =
        sa_v3_add(a.translation, sa_quat_rotate(q, sa_v3_mul(a.scale, sa_v3(0.25f, -1, 4))));
    assert_memory_equal(&u, &w, sizeof u);
}

/* scalar.h's saturating helpers: finite inputs give finite results (the exact float result when
 * it is finite, else the double one clamped to +-FLT_MAX with its sign), and a non-finite input
 * passes through as plain float arithmetic would. */
static void test_vecmath_saturating_helpers_keep_finite_input_finite(void **state) {
    (void)state;
    const float big = FLT_MAX;
    /* Ordinary values: the float result, bit for bit. */
    assert_true(sai_sat_lerp(1.0f, 3.0f, 0.25f) == 1.0f + (3.0f - 1.0f) * 0.25f);
    assert_true(sai_sat_madd(1.5f, 2.0f, 3.0f) == 1.5f + 2.0f * 3.0f);
    assert_true(sai_sat_mul(1.5f, -2.0f) == -3.0f);
    assert_true(sai_sat_sub(1.5f, 2.0f) == -0.5f);
    /* Overflow in float: saturated, with the sign of the exact result. */
    assert_true(sai_sat_lerp(-big, big, 2.0f) == big);
    assert_true(sai_sat_lerp(big, -big, 0.5f) == 0.0f); /* exact: the midpoint */
    assert_true(sai_sat_madd(big, big, 2.0f) == big);
    assert_true(sai_sat_madd(-big, big, -2.0f) == -big);
    assert_true(sai_sat_mul(big, -big) == -big);
    assert_true(sai_sat_sub(-big, big) == -big);
    assert_true(sai_sat_sub(big, -big) == big);
    /* Non-finite input passes through as float arithmetic. */
    const float inf = INFINITY;
    assert_true(isnan(sai_sat_lerp(NAN, 1.0f, 0.5f)));
    assert_true(isnan(sai_sat_lerp(1.0f, NAN, 0.5f)));
    assert_true(isnan(sai_sat_lerp(1.0f, 2.0f, NAN)));
    assert_true(sai_sat_lerp(1.0f, inf, 0.5f) == inf);
    assert_true(isnan(sai_sat_madd(NAN, 1.0f, 1.0f)));
    assert_true(sai_sat_madd(1.0f, inf, 2.0f) == inf);
    assert_true(sai_sat_madd(1.0f, 2.0f, -inf) == -inf);
    assert_true(sai_sat_mul(inf, 2.0f) == inf);
    assert_true(isnan(sai_sat_mul(2.0f, NAN)));
    assert_true(sai_sat_sub(-inf, 2.0f) == -inf);
    assert_true(isnan(sai_sat_sub(2.0f, NAN)));
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vecmath_bad_input_is_safe),
        cmocka_unit_test(test_vecmath_eases_start_at_0_end_at_1),
        cmocka_unit_test(test_vecmath_eases_are_monotonic_and_bounded_except_back),
        cmocka_unit_test(test_vecmath_eases_have_their_shapes),
        cmocka_unit_test(test_vecmath_smooth_range_matches_the_blend_tree_reference),
        cmocka_unit_test(test_vecmath_clamp_and_lerp),
        cmocka_unit_test(test_vecmath_inline_copies_agree_with_exported),
        cmocka_unit_test(test_vecmath_inline_fmin_fmax_agree_with_c),
        cmocka_unit_test(test_vecmath_phase_wrap_keeps_the_fraction),
        cmocka_unit_test(test_vecmath_phase_advance_wraps_and_runs_backwards),
        cmocka_unit_test(test_vecmath_phase_advance_of_huge_cycles_stays_in_range),
        cmocka_unit_test(test_vecmath_phase_inline_copies_agree_with_exported),
        cmocka_unit_test(test_vecmath_no_nan_from_any_input),
        cmocka_unit_test(test_vecmath_quat_bad_input_is_safe),
        cmocka_unit_test(test_vecmath_v3_basics),
        cmocka_unit_test(test_vecmath_quat_rotate_matches_rodrigues),
        cmocka_unit_test(test_vecmath_quat_mul_composes_and_conjugate_inverts),
        cmocka_unit_test(test_vecmath_quat_from_to_turns_one_direction_onto_another),
        cmocka_unit_test(test_vecmath_slerp_and_nlerp_always_give_unit_quaternions),
        cmocka_unit_test(test_vecmath_slerp_is_shortest_arc_at_constant_speed),
        cmocka_unit_test(test_vecmath_slerp_past_one_extrapolates_along_the_arc),
        cmocka_unit_test(test_vecmath_transform_composes_like_nested_spaces),
        cmocka_unit_test(test_vecmath_inline_quat_copies_agree_with_exported),
        cmocka_unit_test(test_vecmath_mat4_matches_transforms_and_inverts),
        cmocka_unit_test(test_vecmath_plain_arithmetic_passes_bad_values_through),
        cmocka_unit_test(test_vecmath_v2_length_of_finite_components_is_finite),
        cmocka_unit_test(test_vecmath_v2_normalize_of_tiny_and_huge_vectors_is_unit),
        cmocka_unit_test(test_vecmath_transforms_with_huge_scales_stay_finite),
        cmocka_unit_test(test_vecmath_saturating_helpers_keep_finite_input_finite),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
