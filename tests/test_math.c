#include "test_support.h"

#include <stickanim/math.h>

#include "internal/scalar.h"

static const sa_ease all_eases[] = {
    SA_EASE_LINEAR,   SA_EASE_SMOOTH,    SA_EASE_IN_QUAD,      SA_EASE_OUT_QUAD, SA_EASE_IN_OUT_QUAD,
    SA_EASE_IN_CUBIC, SA_EASE_OUT_CUBIC, SA_EASE_IN_OUT_CUBIC, SA_EASE_OUT_BACK,
};
#define EASE_COUNT (sizeof all_eases / sizeof all_eases[0])

static void test_math_bad_input_is_safe(void **state) {
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
}

static void test_math_eases_start_at_0_end_at_1(void **state) {
    (void)state;
    for (size_t i = 0; i < EASE_COUNT; ++i) {
        assert_near(sa_ease_apply(all_eases[i], 0.0f), 0.0f, 1e-6);
        assert_near(sa_ease_apply(all_eases[i], 1.0f), 1.0f, 1e-6);
    }
}

static void test_math_eases_are_monotonic_and_bounded_except_back(void **state) {
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

static void test_math_eases_have_their_shapes(void **state) {
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
        assert_near(sa_ease_apply(SA_EASE_OUT_CUBIC, t), 1.0f - sa_ease_apply(SA_EASE_IN_CUBIC, 1.0f - t), 1e-6);
        assert_near(sa_ease_apply(SA_EASE_OUT_QUAD, t), 1.0f - sa_ease_apply(SA_EASE_IN_QUAD, 1.0f - t), 1e-6);
    }
}

static void test_math_smooth_range_matches_the_blend_tree_seed(void **state) {
    (void)state;
    assert_near(sa_smooth_range(0.05f, 0.35f, 0.0f), 0.0f, 0);
    assert_near(sa_smooth_range(0.05f, 0.35f, 0.05f), 0.0f, 0);
    assert_near(sa_smooth_range(0.05f, 0.35f, 0.2f), 0.5f, 1e-6);
    assert_near(sa_smooth_range(0.05f, 0.35f, 0.35f), 1.0f, 1e-6);
    assert_near(sa_smooth_range(0.05f, 0.35f, 7.0f), 1.0f, 0);
}

static void test_math_clamp_and_lerp(void **state) {
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
static void test_math_inline_copies_agree_with_exported(void **state) {
    (void)state;
    test_rng r = test_rng_make(7);
    for (int i = 0; i < 10000; ++i) {
        const float a = test_rng_nasty(&r), b = test_rng_range(&r, -5, 5), c = test_rng_range(&r, -5, 5);
        const float lo = b < c ? b : c, hi = b < c ? c : b;
        assert_memory_equal(&(float){sa_clamp(a, lo, hi)}, &(float){sai_clamp(a, lo, hi)}, sizeof(float));
        assert_memory_equal(&(float){sa_smooth(a)}, &(float){sai_smooth(a)}, sizeof(float));
        const float l1 = sa_lerp(b, c, a), l2 = sai_lerp(b, c, a);
        assert_memory_equal(&l1, &l2, sizeof(float));
        assert_true(sa_is_finite(a) == sai_finite(a));
    }
}

static void test_math_no_nan_from_any_input(void **state) {
    (void)state;
    test_rng r = test_rng_make(11);
    for (int i = 0; i < 20000; ++i) {
        const float a = test_rng_nasty(&r), b = test_rng_nasty(&r), c = test_rng_nasty(&r);
        assert_false(isnan(sa_clamp(a, b, c)) && !isnan(b));
        assert_finite(sa_smooth(a));
        assert_finite(sa_saturate(a));
        assert_finite(sa_smooth_range(b, c, a));
        for (size_t e = 0; e < EASE_COUNT; ++e) assert_finite(sa_ease_apply(all_eases[e], a));
        assert_finite_v2(sa_v2_normalize(sa_v2(a, b)));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_math_bad_input_is_safe),
        cmocka_unit_test(test_math_eases_start_at_0_end_at_1),
        cmocka_unit_test(test_math_eases_are_monotonic_and_bounded_except_back),
        cmocka_unit_test(test_math_eases_have_their_shapes),
        cmocka_unit_test(test_math_smooth_range_matches_the_blend_tree_seed),
        cmocka_unit_test(test_math_clamp_and_lerp),
        cmocka_unit_test(test_math_inline_copies_agree_with_exported),
        cmocka_unit_test(test_math_no_nan_from_any_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
