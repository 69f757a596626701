#include "test_support.h"

#include <float.h>

#include <stickanim/squash.h>

/* Shoelace area of a quadrilateral. */
static double quad_area(const sa_vec2 q[4]) {
    double a = 0;
    for (int i = 0; i < 4; ++i) {
        const sa_vec2 p = q[i], n = q[(i + 1) % 4];
        a += (double)p.x * n.y - (double)n.x * p.y;
    }
    return fabs(a) * 0.5;
}

/* Area of the unit square standing on the pivot (y down: it reaches up to pivot.y - 1). */
static double squashed_unit_square_area(sa_squash s) {
    const sa_vec2 p = s.pivot;
    sa_vec2 q[4] = {
        {p.x - 0.5f, p.y}, {p.x + 0.5f, p.y}, {p.x + 0.5f, p.y - 1}, {p.x - 0.5f, p.y - 1}};
    sa_squash_apply(s, q, 4);
    return quad_area(q);
}

static void test_squash_bad_input_gets_documented_results(void **state) {
    (void)state;
    /* Non-finite sy: no squash. Non-finite k: the reference's 0.7. Non-finite pivot: 0. */
    const sa_squash a = sa_squash_make(sa_v2(NAN, INFINITY), NAN, 0.7f);
    assert_near(a.pivot.x, 0, 0);
    assert_near(a.pivot.y, 0, 0);
    assert_near(a.sx, 1, 0);
    assert_near(a.sy, 1, 0);
    const sa_squash b = sa_squash_make(sa_v2(1, 2), 0.8f, NAN);
    assert_near(b.sx, 1.14, 1e-6);
    assert_near(sa_squash_make(sa_v2(0, 0), -INFINITY, 1).sy, 1, 0);
    /* Scales clamp to [0.1, 10]: no collapse, no mirror. */
    const sa_squash c = sa_squash_make(sa_v2(0, 0), -3, 0.7f);
    assert_near(c.sy, SA_SQUASH_SCALE_MIN, 0);
    assert_near(c.sx, 1 + 0.9 * 0.7, 1e-6);
    const sa_squash d = sa_squash_make(sa_v2(0, 0), 5, 0.7f); /* sx would be -1.8 */
    assert_near(d.sx, SA_SQUASH_SCALE_MIN, 0);
    const sa_squash e = sa_squash_make(sa_v2(0, 0), 0.5f, 3e38f); /* sx would overflow */
    assert_near(e.sx, SA_SQUASH_SCALE_MAX, 0);
    assert_near(sa_squash_make(sa_v2(0, 0), 1e30f, 0).sy, SA_SQUASH_SCALE_MAX, 0);
    assert_near(sa_squash_make_area(sa_v2(0, 0), 0).sx, SA_SQUASH_SCALE_MAX, 0);
    assert_near(sa_squash_make_area(sa_v2(0, 0), NAN).sx, 1, 0);
    /* A struct filled by hand with garbage is read safely. */
    const sa_squash junk = {{NAN, 5}, NAN, -2};
    const sa_vec2 j = sa_squash_point(junk, sa_v2(10, 25));
    assert_near(j.x, 10, 0);                              /* sx NaN -> 1, pivot.x NaN -> 0 */
    assert_near(j.y, 5 + 20 * SA_SQUASH_SCALE_MIN, 1e-5); /* sy -2 -> 0.1 */
    assert_near(sa_squash_radius_scale(junk), 0.5 * (1 + SA_SQUASH_SCALE_MIN), 1e-6);
    /* A non-finite point component lands on the pivot's. */
    const sa_squash s = sa_squash_make(sa_v2(3, 4), 0.8f, 0.7f);
    const sa_vec2 p = sa_squash_point(s, sa_v2(NAN, -INFINITY));
    assert_near(p.x, 3, 0);
    assert_near(p.y, 4, 0);
    /* Huge finite points clamp to the float range instead of overflowing. */
    const sa_squash big = sa_squash_make(sa_v2(-3e38f, 3e38f), 0.1f, 10);
    const sa_vec2 h = sa_squash_point(big, sa_v2(3e38f, -3e38f));
    assert_near(h.x, FLT_MAX, 0);
    assert_finite(h.y);
    /* NULL or zero points: nothing happens. */
    sa_squash_apply(s, NULL, 5);
    sa_vec2 one = {7, 8};
    sa_squash_apply(s, &one, 0);
    assert_near(one.x, 7, 0);
    assert_near(one.y, 8, 0);
}

static void test_squash_no_nan_from_any_input(void **state) {
    (void)state;
    test_rng r = test_rng_make(7);
    for (int i = 0; i < 50000; ++i) {
        const sa_vec2 pivot = {test_rng_nasty(&r), test_rng_nasty(&r)};
        const sa_squash s = sa_squash_make(pivot, test_rng_nasty(&r), test_rng_nasty(&r));
        assert_finite_v2(s.pivot);
        assert_true(s.sx >= SA_SQUASH_SCALE_MIN && s.sx <= SA_SQUASH_SCALE_MAX);
        assert_true(s.sy >= SA_SQUASH_SCALE_MIN && s.sy <= SA_SQUASH_SCALE_MAX);
        const sa_squash raw = {pivot, test_rng_nasty(&r), test_rng_nasty(&r)};
        sa_vec2 pts[3] = {{test_rng_nasty(&r), test_rng_nasty(&r)},
                          {test_rng_nasty(&r), test_rng_nasty(&r)},
                          {test_rng_nasty(&r), test_rng_nasty(&r)}};
        assert_finite_v2(sa_squash_point(raw, pts[0]));
        assert_finite_v2(sa_squash_point(s, pts[1]));
        sa_squash_apply(raw, pts, 3);
        for (int k = 0; k < 3; ++k)
            assert_finite_v2(pts[k]);
        const float rs = sa_squash_radius_scale(raw);
        assert_true(rs >= SA_SQUASH_SCALE_MIN && rs <= SA_SQUASH_SCALE_MAX);
        const sa_squash a = sa_squash_make_area(pivot, test_rng_nasty(&r));
        assert_true(a.sx >= SA_SQUASH_SCALE_MIN && a.sx <= SA_SQUASH_SCALE_MAX);
    }
}

static void test_squash_pivot_does_not_move(void **state) {
    (void)state;
    test_rng r = test_rng_make(13);
    for (int i = 0; i < 20000; ++i) {
        const sa_vec2 pivot = test_rng_v2(&r, -1000, 1000);
        const sa_squash s =
            sa_squash_make(pivot, test_rng_range(&r, 0, 3), test_rng_range(&r, -2, 2));
        const sa_vec2 q = sa_squash_point(s, pivot);
        assert_true(q.x == pivot.x && q.y == pivot.y);
    }
}

static void test_squash_points_on_the_ground_stay_on_the_ground(void **state) {
    (void)state;
    test_rng r = test_rng_make(17);
    for (int i = 0; i < 20000; ++i) {
        const sa_vec2 pivot = test_rng_v2(&r, -1000, 1000);
        const sa_squash s = sa_squash_make(pivot, test_rng_range(&r, 0.5f, 1.5f), SA_SQUASH_K);
        const sa_vec2 foot = {pivot.x + test_rng_range(&r, -60, 60), pivot.y};
        const sa_vec2 q = sa_squash_point(s, foot);
        assert_true(q.y == pivot.y);
        /* ... and feet keep their side of the pivot, spread by sx. */
        assert_near(q.x - pivot.x, (foot.x - pivot.x) * s.sx, 1e-3);
        /* Points above the ground (y < ground, y down) stay above it. */
        const sa_vec2 hip = {foot.x, pivot.y - test_rng_range(&r, 1, 200)};
        assert_true(sa_squash_point(s, hip).y < pivot.y);
    }
}

static void test_squash_keeps_the_area_of_a_unit_square(void **state) {
    (void)state;
    for (int i = 0; i <= 400; ++i) {
        const float sy = 0.8f + 0.4f * (float)i / 400.0f;
        const sa_vec2 pivot = {123.5f, 300};
        /* k = 1, the first-order volume rule: within 4%. */
        assert_near(squashed_unit_square_area(sa_squash_make(pivot, sy, 1)), 1, 0.0401);
        /* The reference's k = 0.7 widens less: within 9% (0.912 at sy 0.8, 1.032 at sy 1.2). */
        assert_near(squashed_unit_square_area(sa_squash_make(pivot, sy, SA_SQUASH_K)), 1, 0.09);
        /* The exact form keeps it to rounding. */
        assert_near(squashed_unit_square_area(sa_squash_make_area(pivot, sy)), 1, 1e-4);
    }
    /* At the reference's three key poses the reference's rule stays within 8%. */
    const float keys[] = {SA_SQUASH_CROUCH, SA_SQUASH_TAKEOFF, SA_SQUASH_LANDING};
    for (int i = 0; i < 3; ++i) {
        const sa_squash s = sa_squash_make(sa_v2(0, 0), keys[i], SA_SQUASH_K);
        assert_near(squashed_unit_square_area(s), 1, 0.08);
    }
}

static void test_squash_matches_the_reference_numbers(void **state) {
    (void)state;
    /* sx = 1 + (1 - sy) * 0.7, worked out by hand. */
    const sa_squash crouch = sa_squash_make(sa_v2(0, 0), SA_SQUASH_CROUCH, SA_SQUASH_K);
    const sa_squash takeoff = sa_squash_make(sa_v2(0, 0), SA_SQUASH_TAKEOFF, SA_SQUASH_K);
    const sa_squash landing = sa_squash_make(sa_v2(0, 0), SA_SQUASH_LANDING, SA_SQUASH_K);
    assert_near(crouch.sx, 1.112, 1e-6);
    assert_near(takeoff.sx, 0.902, 1e-6);
    assert_near(landing.sx, 1.126, 1e-6);
    assert_near(sa_squash_radius_scale(crouch), 0.976, 1e-6);
    assert_near(sa_squash_radius_scale(takeoff), 1.021, 1e-6);
    assert_near(sa_squash_radius_scale(landing), 0.973, 1e-6);
    /* The reference's S(): a head 150 above the ground, 10 ahead of the pivot, in the crouch. */
    const sa_squash s = sa_squash_make(sa_v2(200, 400), SA_SQUASH_CROUCH, SA_SQUASH_K);
    const sa_vec2 head = sa_squash_point(s, sa_v2(210, 250));
    assert_near(head.x, 200 + 10 * 1.112, 1e-4);
    assert_near(head.y, 400 - 150 * 0.84, 1e-4);
    /* Squashing widens and lowers; stretching thins and raises. */
    assert_true(crouch.sx > 1 && crouch.sy < 1);
    assert_true(takeoff.sx < 1 && takeoff.sy > 1);
}

/* The array path (two points at once where there are vector units) and the one-point path agree
 * bit for bit at every count, on points and squashes at the edges of float: infinities, NaN,
 * FLT_MAX, results past the float range (clamped), -0. */
static void test_squash_apply_is_point_at_every_count_on_hostile_input(void **state) {
    (void)state;
    const float odd[] = {0.0f,     -0.0f,   1.0f,     -3.5f,     1e-40f, 3e38f,
                         -FLT_MAX, FLT_MAX, INFINITY, -INFINITY, NAN,    123456.789f};
    const size_t n_odd = sizeof odd / sizeof *odd;
    test_rng r = test_rng_make(29);
    for (int round = 0; round < 400; ++round) {
        const sa_squash s = {{odd[(size_t)round % n_odd], test_rng_range(&r, -1e5f, 1e5f)},
                             round % 3 ? test_rng_range(&r, 0.1f, 4.0f) : 4.0f,
                             round % 5 ? test_rng_range(&r, 0.1f, 4.0f) : NAN};
        for (size_t count = 0; count <= 7; ++count) {
            sa_vec2 pts[7], orig[7];
            for (size_t k = 0; k < count; ++k) {
                const float x = odd[(size_t)(round + (int)k) % n_odd];
                orig[k] = pts[k] = sa_v2(x, k % 2 ? test_rng_range(&r, -1e3f, 1e3f) : -x);
            }
            sa_squash_apply(s, pts, count);
            for (size_t k = 0; k < count; ++k) {
                const sa_vec2 q = sa_squash_point(s, orig[k]);
                assert_memory_equal(&q, &pts[k], sizeof q);
                assert_true(isfinite(pts[k].x) && isfinite(pts[k].y));
            }
        }
    }
}

static void test_squash_apply_equals_point_and_identity_changes_nothing(void **state) {
    (void)state;
    test_rng r = test_rng_make(23);
    for (int i = 0; i < 2000; ++i) {
        const sa_squash s = sa_squash_make(test_rng_v2(&r, -500, 500), test_rng_range(&r, 0, 4),
                                           test_rng_range(&r, -1, 2));
        sa_vec2 pts[16], orig[16];
        for (int k = 0; k < 16; ++k)
            orig[k] = pts[k] = test_rng_v2(&r, -1000, 1000);
        sa_squash_apply(s, pts, 16);
        for (int k = 0; k < 16; ++k) {
            const sa_vec2 q = sa_squash_point(s, orig[k]);
            assert_true(q.x == pts[k].x && q.y == pts[k].y);
            /* An affine scale: offsets from the pivot scale by (sx, sy), order is kept. */
            assert_near(pts[k].x - s.pivot.x, (orig[k].x - s.pivot.x) * s.sx, 1e-3);
            assert_near(pts[k].y - s.pivot.y, (orig[k].y - s.pivot.y) * s.sy, 1e-3);
        }
        sa_vec2 same = orig[0];
        sa_squash_apply(sa_squash_identity(), &same, 1);
        assert_true(same.x == orig[0].x && same.y == orig[0].y);
        const sa_squash moved_identity = {test_rng_v2(&r, -500, 500), 1, 1};
        assert_near(sa_squash_point(moved_identity, orig[1]).x, orig[1].x, 1e-4);
        assert_near(sa_squash_radius_scale(sa_squash_identity()), 1, 0);
    }
    /* Bit for bit at the float range's edges too: non-finite points, overflow clamped, zeros'
     * signs, subnormals. */
    const float edge[] = {0.0f,     -0.0f,     1e-45f, -1e-45f, FLT_MAX, -FLT_MAX,
                          INFINITY, -INFINITY, NAN,    3.5f,    -7.25f,  1e38f};
    const size_t n = sizeof edge / sizeof edge[0];
    const sa_squash squashes[] = {sa_squash_make(sa_v2(0, 0), 0.5f, 1.0f),
                                  sa_squash_make(sa_v2(-FLT_MAX, FLT_MAX), 0.1f, 100.0f),
                                  sa_squash_make(sa_v2(-0.0f, 3), 10.0f, 1.0f),
                                  sa_squash_identity()};
    for (size_t q = 0; q < sizeof squashes / sizeof squashes[0]; ++q)
        for (size_t a = 0; a < n; ++a)
            for (size_t b = 0; b < n; ++b) {
                sa_vec2 p = sa_v2(edge[a], edge[b]);
                const sa_vec2 want = sa_squash_point(squashes[q], p);
                sa_squash_apply(squashes[q], &p, 1);
                assert_memory_equal(&p, &want, sizeof p);
            }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_squash_bad_input_gets_documented_results),
        cmocka_unit_test(test_squash_no_nan_from_any_input),
        cmocka_unit_test(test_squash_pivot_does_not_move),
        cmocka_unit_test(test_squash_points_on_the_ground_stay_on_the_ground),
        cmocka_unit_test(test_squash_keeps_the_area_of_a_unit_square),
        cmocka_unit_test(test_squash_matches_the_reference_numbers),
        cmocka_unit_test(test_squash_apply_equals_point_and_identity_changes_nothing),
        cmocka_unit_test(test_squash_apply_is_point_at_every_count_on_hostile_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
