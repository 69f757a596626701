#include "test_support.h"
#include <float.h>

#include <stickanim/limb.h>

enum { BUF = 2 * (2 * SA_LIMB_MAX_BONE_SAMPLES + 1) + 2 * SA_LIMB_MAX_CAP_SAMPLES + 1 };

/* The documented count, written out independently of the library. */
static size_t expected_count(size_t bone_samples, size_t cap_samples) {
    return 2 * (2 * bone_samples + 1) + 2 * cap_samples + 1;
}

static sa_limb_config config_of(float w0, float w1, size_t n, size_t c) {
    sa_limb_config cfg;
    cfg.root_width = w0;
    cfg.tip_width = w1;
    cfg.bone_samples = n;
    cfg.cap_samples = c;
    return cfg;
}

/* A leg-like limb: two bones of random length, bent by a random angle. */
static void random_limb(test_rng *r, sa_vec2 *a, sa_vec2 *b, sa_vec2 *c) {
    *a = test_rng_v2(r, -200, 200);
    const float l1 = test_rng_range(r, 5, 60), l2 = test_rng_range(r, 5, 60);
    const float a1 = test_rng_range(r, -SA_PI, SA_PI), bend = test_rng_range(r, -2.6f, 2.6f);
    *b = sa_v2(a->x + l1 * cosf(a1), a->y + l1 * sinf(a1));
    *c = sa_v2(b->x + l2 * cosf(a1 + bend), b->y + l2 * sinf(a1 + bend));
}

static void assert_all_finite(const sa_vec2 *p, size_t count) {
    for (size_t i = 0; i < count; ++i)
        assert_finite_v2(p[i]);
}

/* A marker value the library never writes for these limbs, to see what was left alone. */
static void fill(sa_vec2 *p, size_t count) {
    for (size_t i = 0; i < count; ++i)
        p[i] = sa_v2(-7, -7);
}

static void assert_untouched(const sa_vec2 *p, size_t count) {
    for (size_t i = 0; i < count; ++i)
        assert_true(p[i].x == -7.0f && p[i].y == -7.0f);
}

static void test_limb_bad_input_writes_nothing_or_a_finite_outline(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    const sa_vec2 hip = {0, 0}, knee = {5, 37}, foot = {0, 74};
    const size_t need = expected_count(8, 6);
    /* Densities out of range: nothing written and 0, from the count-only call too. */
    const sa_limb_config zero = config_of(9, 5, 0, 6);
    const sa_limb_config many = config_of(9, 5, SA_LIMB_MAX_BONE_SAMPLES + 1, 6);
    const sa_limb_config caps = config_of(9, 5, 8, SA_LIMB_MAX_CAP_SAMPLES + 1);
    const sa_limb_config huge = config_of(9, 5, SIZE_MAX, SIZE_MAX);
    const sa_limb_config *bad_configs[] = {&zero, &many, &caps, &huge};
    for (size_t i = 0; i < sizeof bad_configs / sizeof bad_configs[0]; ++i) {
        fill(out, BUF);
        assert_int_equal(sa_limb_outline(hip, knee, foot, bad_configs[i], out, BUF), 0);
        assert_untouched(out, BUF);
        assert_int_equal(sa_limb_outline(hip, knee, foot, bad_configs[i], NULL, 0), 0);
    }
    /* The largest density fits the largest buffer exactly. */
    const sa_limb_config max = config_of(9, 5, SA_LIMB_MAX_BONE_SAMPLES, SA_LIMB_MAX_CAP_SAMPLES);
    assert_int_equal(sa_limb_outline(hip, knee, foot, &max, out, BUF), BUF);
    /* NaN points, NaN widths, all points coincident: finite and closed. */
    const sa_limb_config nan_w = config_of(NAN, -INFINITY, 8, 6);
    size_t n = sa_limb_outline(sa_v2(NAN, 1), knee, sa_v2(2, INFINITY), &nan_w, out, BUF);
    assert_int_equal(n, need);
    assert_all_finite(out, n);
    /* Zero widths collapse the ribbon onto the curve: the root's two sides meet at the knee's
     * stand-in for the NaN root. */
    assert_near(out[0].x, knee.x, 1e-5);
    assert_near(out[0].y, knee.y, 1e-5);
    n = sa_limb_outline(hip, hip, hip, NULL, out, BUF);
    assert_int_equal(n, need);
    assert_all_finite(out, n);
    assert_true(out[n - 1].x == out[0].x && out[n - 1].y == out[0].y);
    /* No direction at all: the limb hangs down, so its sides are left and right of it. */
    assert_near(out[0].y, 0, 1e-6);
    assert_near(test_distance(out[0], out[2 * 17 + 6 - 1]), 9, 1e-5);
    /* Every point non-finite: the limb sits at the origin. */
    n = sa_limb_outline(sa_v2(NAN, NAN), sa_v2(INFINITY, 0), sa_v2(0, -INFINITY), NULL, out, BUF);
    assert_int_equal(n, need);
    assert_all_finite(out, n);
    assert_true(test_distance(out[0], sa_v2(0, 0)) <= 4.5f + 1e-5f);
    /* The curve point of NaN t is the root; of non-finite points, the documented stand-ins. */
    const sa_vec2 c0 = sa_limb_curve_point(hip, knee, foot, NAN);
    assert_true(c0.x == hip.x && c0.y == hip.y);
    const sa_vec2 c1 = sa_limb_curve_point(hip, sa_v2(NAN, 0), foot, 0.5f);
    assert_true(c1.x == hip.x && c1.y == hip.y);
    /* Huge coordinates do not overflow. */
    n = sa_limb_outline(sa_v2(-3e38f, 3e38f), sa_v2(3e38f, -3e38f), sa_v2(-3e38f, -3e38f), NULL,
                        out, BUF);
    assert_int_equal(n, need);
    assert_all_finite(out, n);
}

/* The array rule: out NULL asks for the count, whatever the capacity, and writes nothing. */
static void test_limb_count_only_call_sizes_the_buffer(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    const sa_vec2 hip = {0, 0}, knee = {5, 37}, foot = {0, 74};
    assert_int_equal(sa_limb_outline(hip, knee, foot, NULL, NULL, 0), expected_count(8, 6));
    assert_int_equal(sa_limb_outline(hip, knee, foot, NULL, NULL, 3), expected_count(8, 6));
    assert_int_equal(expected_count(8, 6), 47); /* the documented default */
    test_rng r = test_rng_make(3);
    for (int i = 0; i < 1000; ++i) {
        const size_t nb = 1 + test_rng_next(&r) % SA_LIMB_MAX_BONE_SAMPLES;
        const size_t nc = test_rng_next(&r) % (SA_LIMB_MAX_CAP_SAMPLES + 1);
        const sa_limb_config cfg = config_of(test_rng_nasty(&r), test_rng_nasty(&r), nb, nc);
        const sa_vec2 a = sa_v2(test_rng_nasty(&r), test_rng_nasty(&r));
        /* Widths and points do not change the count; a buffer of that size is filled exactly. */
        const size_t need = sa_limb_outline(a, knee, foot, &cfg, NULL, 0);
        assert_int_equal(need, expected_count(nb, nc));
        fill(out, BUF);
        assert_int_equal(sa_limb_outline(a, knee, foot, &cfg, out, need), need);
        assert_all_finite(out, need);
        for (size_t k = need; k < BUF; ++k)
            assert_true(out[k].x == -7.0f && out[k].y == -7.0f);
    }
}

/* A fixed-size result is written whole or not at all: one point short gets nothing. */
static void test_limb_too_small_a_buffer_gets_nothing(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    const sa_vec2 hip = {0, 0}, knee = {5, 37}, foot = {0, 74};
    const size_t need = sa_limb_outline(hip, knee, foot, NULL, NULL, 0);
    const size_t small[] = {0, 1, need / 2, need - 1};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; ++i) {
        fill(out, BUF);
        assert_int_equal(sa_limb_outline(hip, knee, foot, NULL, out, small[i]), 0);
        assert_untouched(out, BUF);
    }
    fill(out, BUF);
    assert_int_equal(sa_limb_outline(hip, knee, foot, NULL, out, need), need);
    assert_true(out[need - 1].x == out[0].x && out[need - 1].y == out[0].y);
    assert_true(out[need].x == -7.0f && out[need].y == -7.0f); /* nothing past the outline */
    /* More room than needed changes nothing. */
    assert_int_equal(sa_limb_outline(hip, knee, foot, NULL, out, BUF), need);
}

static void test_limb_no_nan_from_any_input(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    test_rng r = test_rng_make(7);
    for (int i = 0; i < 20000; ++i) {
        sa_vec2 p[3];
        for (int k = 0; k < 3; ++k)
            p[k] = sa_v2(test_rng_nasty(&r), test_rng_nasty(&r));
        /* Sometimes make points coincide exactly. */
        if ((i & 7) == 1) p[1] = p[0];
        if ((i & 7) == 2) p[2] = p[0];
        if ((i & 7) == 3) p[2] = p[1] = p[0];
        const sa_limb_config cfg = config_of(test_rng_nasty(&r), test_rng_nasty(&r),
                                             1u + test_rng_next(&r) % 20u, test_rng_next(&r) % 9u);
        const size_t n = sa_limb_outline(p[0], p[1], p[2], &cfg, out, BUF);
        assert_int_equal(n, expected_count(cfg.bone_samples, cfg.cap_samples));
        assert_all_finite(out, n);
        assert_finite_v2(sa_limb_curve_point(p[0], p[1], p[2], test_rng_nasty(&r)));
    }
}

static void test_limb_outline_is_closed_and_unbroken(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    test_rng r = test_rng_make(11);
    for (int i = 0; i < 5000; ++i) {
        sa_vec2 a, b, c;
        random_limb(&r, &a, &b, &c);
        const size_t nb = 1u + test_rng_next(&r) % 24u, nc = test_rng_next(&r) % 12u;
        const float w0 = test_rng_range(&r, 0, 14), w1 = test_rng_range(&r, 0, 14);
        const sa_limb_config cfg = config_of(w0, w1, nb, nc);
        assert_int_equal(sa_limb_outline(a, b, c, &cfg, NULL, 0), expected_count(nb, nc));
        const size_t n = sa_limb_outline(a, b, c, &cfg, out, expected_count(nb, nc));
        assert_int_equal(n, expected_count(nb, nc));
        assert_true(out[n - 1].x == out[0].x && out[n - 1].y == out[0].y);
        /* No stray jumps: each edge is at most a curve step plus a width across. */
        const float len = test_distance(a, b) + test_distance(b, c);
        const float bound = 2.0f * len / (float)nb + (w0 > w1 ? w0 : w1) + 1e-3f;
        for (size_t k = 1; k < n; ++k)
            assert_true(test_distance(out[k - 1], out[k]) <= bound);
    }
}

static void test_limb_centre_curve_passes_through_the_three_points(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    test_rng r = test_rng_make(13);
    for (int i = 0; i < 5000; ++i) {
        sa_vec2 a, b, c;
        random_limb(&r, &a, &b, &c);
        /* Exactly on the points at t = 0, 0.5, 1. */
        const sa_vec2 p0 = sa_limb_curve_point(a, b, c, 0.0f);
        const sa_vec2 p1 = sa_limb_curve_point(a, b, c, 0.5f);
        const sa_vec2 p2 = sa_limb_curve_point(a, b, c, 1.0f);
        assert_true(p0.x == a.x && p0.y == a.y);
        assert_true(p1.x == b.x && p1.y == b.y);
        assert_true(p2.x == c.x && p2.y == c.y);
        /* Clamped outside [0, 1]. */
        const sa_vec2 q = sa_limb_curve_point(a, b, c, 7.0f);
        assert_true(q.x == c.x && q.y == c.y);
        /* The outline's paired side points straddle the curve. */
        const size_t nb = 1u + test_rng_next(&r) % 16u, nc = test_rng_next(&r) % 8u;
        const sa_limb_config cfg =
            config_of(test_rng_range(&r, 1, 12), test_rng_range(&r, 1, 12), nb, nc);
        const size_t n = sa_limb_outline(a, b, c, &cfg, out, BUF);
        const size_t m = 2u * nb + 1u, right_end = 2u * m + nc - 1u;
        assert_int_equal(n, expected_count(nb, nc));
        for (size_t k = 0; k < m; ++k) {
            const sa_vec2 mid = sa_v2_lerp(out[k], out[right_end - k], 0.5f);
            const sa_vec2 on = sa_limb_curve_point(a, b, c, (float)k / (float)(2u * nb));
            assert_near(mid.x, on.x, 1e-3);
            assert_near(mid.y, on.y, 1e-3);
        }
        const sa_vec2 knee = sa_v2_lerp(out[nb], out[right_end - nb], 0.5f);
        assert_near(knee.x, b.x, 1e-3);
        assert_near(knee.y, b.y, 1e-3);
    }
}

static void test_limb_curve_is_smooth_through_the_middle_joint(void **state) {
    (void)state;
    test_rng r = test_rng_make(17);
    for (int i = 0; i < 5000; ++i) {
        sa_vec2 a, b, c;
        random_limb(&r, &a, &b, &c);
        const float h = 1e-3f;
        const sa_vec2 before = sa_v2_sub(b, sa_limb_curve_point(a, b, c, 0.5f - h));
        const sa_vec2 after = sa_v2_sub(sa_limb_curve_point(a, b, c, 0.5f + h), b);
        /* Same direction on both sides of the knee: a bend, not a hinge. */
        const float cosang = sa_v2_dot(sa_v2_normalize(before), sa_v2_normalize(after));
        if (sa_v2_length(before) > 1e-3f) assert_true(cosang > 0.999f);
        /* And the curve heads along the bones at the ends. */
        const sa_vec2 start = sa_v2_sub(sa_limb_curve_point(a, b, c, h), a);
        assert_true(sa_v2_dot(sa_v2_normalize(start), sa_v2_normalize(sa_v2_sub(b, a))) > 0.999f);
        const sa_vec2 end = sa_v2_sub(c, sa_limb_curve_point(a, b, c, 1.0f - h));
        assert_true(sa_v2_dot(sa_v2_normalize(end), sa_v2_normalize(sa_v2_sub(c, b))) > 0.999f);
    }
}

static void test_limb_widths_taper_from_root_to_tip(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    test_rng r = test_rng_make(19);
    for (int i = 0; i < 5000; ++i) {
        sa_vec2 a, b, c;
        random_limb(&r, &a, &b, &c);
        const float w1 = test_rng_range(&r, 0, 8), w0 = w1 + test_rng_range(&r, 0, 8);
        const size_t nb = 1u + test_rng_next(&r) % 16u, nc = test_rng_next(&r) % 8u;
        const sa_limb_config cfg = config_of(w0, w1, nb, nc);
        const size_t n = sa_limb_outline(a, b, c, &cfg, out, BUF);
        const size_t m = 2u * nb + 1u, right_end = 2u * m + nc - 1u;
        assert_int_equal(n, expected_count(nb, nc));
        float prev = w0 + 1e-3f;
        for (size_t k = 0; k < m; ++k) {
            const float t = (float)k / (float)(2u * nb);
            const float w = test_distance(out[k], out[right_end - k]);
            assert_near(w, w0 + (w1 - w0) * t, 1e-3);
            assert_true(w <= prev + 1e-3f); /* never wider toward the tip */
            prev = w;
        }
        assert_near(test_distance(out[0], out[right_end]), w0, 1e-3);
        assert_near(test_distance(out[m - 1], out[m + nc]), w1, 1e-3);
    }
}

static void test_limb_sides_are_square_to_the_curve_and_caps_round(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    test_rng r = test_rng_make(23);
    for (int i = 0; i < 3000; ++i) {
        sa_vec2 a, b, c;
        random_limb(&r, &a, &b, &c);
        const sa_limb_config cfg = config_of(10, 6, 10, 7);
        const size_t n = sa_limb_outline(a, b, c, &cfg, out, BUF);
        const size_t m = 21, nc = 7, right_end = 2 * m + nc - 1;
        assert_int_equal(n, expected_count(10, 7));
        for (size_t k = 1; k + 1 < m; ++k) {
            const float t = (float)k / 20.0f;
            const sa_vec2 d = sa_v2_sub(sa_limb_curve_point(a, b, c, t + 1e-3f),
                                        sa_limb_curve_point(a, b, c, t - 1e-3f));
            if (sa_v2_length(d) < 1e-3f) continue; /* a cusp of a folded limb has no direction */
            const sa_vec2 across = sa_v2_sub(out[k], out[right_end - k]);
            assert_true(fabsf(sa_v2_dot(sa_v2_normalize(d), sa_v2_normalize(across))) < 0.02f);
        }
        /* Cap points lie on the half circle beyond each end. */
        const sa_vec2 tip_dir = sa_v2_sub(c, sa_limb_curve_point(a, b, c, 0.999f));
        const sa_vec2 root_dir = sa_v2_sub(sa_limb_curve_point(a, b, c, 0.001f), a);
        for (size_t j = 0; j < nc; ++j) {
            const sa_vec2 pt = out[m + j], pr = out[right_end + 1 + j];
            assert_near(test_distance(pt, c), 3, 1e-3);
            assert_near(test_distance(pr, a), 5, 1e-3);
            assert_true(sa_v2_dot(sa_v2_sub(pt, c), tip_dir) > 0.0f);
            assert_true(sa_v2_dot(sa_v2_sub(pr, a), root_dir) < 0.0f);
        }
    }
}

static void test_limb_left_side_is_left_on_a_y_down_canvas(void **state) {
    (void)state;
    static sa_vec2 out[BUF];
    /* A limb pointing +x (right on screen): its left side is up on screen, which is -y. */
    const size_t n = sa_limb_outline(sa_v2(0, 0), sa_v2(20, 0), sa_v2(40, 0), NULL, out, BUF);
    assert_int_equal(n, expected_count(8, 6));
    for (size_t k = 0; k < 17; ++k)
        assert_true(out[k].y < 0.0f);
    for (size_t k = 17 + 6; k < 2 * 17 + 6; ++k)
        assert_true(out[k].y > 0.0f);
    /* The tip cap passes in front of the tip, the root cap behind the root. */
    assert_true(out[17 + 3 - 1].x > 42.6f);
    assert_true(out[2 * 17 + 6 + 3 - 1].x < -4.3f);
    /* A straight limb's ribbon is a trapezoid with exact widths at both ends. */
    assert_near(out[0].y, -4.5f, 1e-6);
    assert_near(out[16].y, -2.75f, 1e-6);
}

static void test_limb_style_far_first_thinner_darker_faded(void **state) {
    (void)state;
    const sa_limb_style far = sa_limb_style_for(SA_LIMB_SIDE_FAR);
    const sa_limb_style near = sa_limb_style_for(SA_LIMB_SIDE_NEAR);
    assert_true(far.draw_order < near.draw_order);
    assert_true(far.width_scale < near.width_scale && far.width_scale > 0.0f);
    assert_true(far.shade < near.shade && far.shade > 0.0f);
    assert_near(far.opacity, 0.42, 1e-6);
    assert_near(near.opacity, 1, 0);
    assert_near(near.width_scale, 1, 0);
    assert_near(near.shade, 1, 0);
    /* Unknown sides read as near. */
    const sa_limb_style odd = sa_limb_style_for((sa_limb_side)77);
    assert_near(odd.opacity, 1, 0);
    assert_int_equal(odd.draw_order, near.draw_order);
    /* Styled configs scale both widths and keep the density. */
    const sa_limb_config base = sa_limb_config_default();
    const sa_limb_config thin = sa_limb_config_styled(&base, far);
    assert_near(thin.root_width, base.root_width * far.width_scale, 1e-6);
    assert_near(thin.tip_width, base.tip_width * far.width_scale, 1e-6);
    assert_int_equal(thin.bone_samples, base.bone_samples);
    assert_int_equal(thin.cap_samples, base.cap_samples);
    sa_limb_style bad = near;
    bad.width_scale = NAN;
    const sa_limb_config same = sa_limb_config_styled(NULL, bad);
    assert_near(same.root_width, base.root_width, 0);
    assert_true(base.root_width > base.tip_width); /* thick at the root by default */
}

/* Found by the hostile walk: a width_scale of FLT_MAX (finite, so not replaced by 1) made the
 * widths infinite; they saturate at FLT_MAX. */
static void test_limb_config_styled_huge_scale_saturates(void **state) {
    (void)state;
    sa_limb_style style = sa_limb_style_for(SA_LIMB_SIDE_NEAR);
    style.width_scale = FLT_MAX;
    const sa_limb_config c = sa_limb_config_styled(NULL, style);
    assert_true(isfinite(c.root_width) && isfinite(c.tip_width));
    assert_true(c.root_width == FLT_MAX && c.tip_width == FLT_MAX);
    /* A bad width counts as 0, as sa_limb_outline() reads it. */
    sa_limb_config bad = sa_limb_config_default();
    bad.root_width = NAN;
    bad.tip_width = -INFINITY;
    const sa_limb_config d = sa_limb_config_styled(&bad, sa_limb_style_for(SA_LIMB_SIDE_NEAR));
    assert_true(d.root_width == 0.0f && d.tip_width == 0.0f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_limb_bad_input_writes_nothing_or_a_finite_outline),
        cmocka_unit_test(test_limb_count_only_call_sizes_the_buffer),
        cmocka_unit_test(test_limb_too_small_a_buffer_gets_nothing),
        cmocka_unit_test(test_limb_no_nan_from_any_input),
        cmocka_unit_test(test_limb_outline_is_closed_and_unbroken),
        cmocka_unit_test(test_limb_centre_curve_passes_through_the_three_points),
        cmocka_unit_test(test_limb_curve_is_smooth_through_the_middle_joint),
        cmocka_unit_test(test_limb_widths_taper_from_root_to_tip),
        cmocka_unit_test(test_limb_sides_are_square_to_the_curve_and_caps_round),
        cmocka_unit_test(test_limb_left_side_is_left_on_a_y_down_canvas),
        cmocka_unit_test(test_limb_style_far_first_thinner_darker_faded),
        cmocka_unit_test(test_limb_config_styled_huge_scale_saturates),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
