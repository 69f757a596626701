#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/spring.h>

/* Independent references, in double. */

/* Textbook solution from the characteristic roots (clearly under- or overdamped only). */
static void analytic(double k, double c, double e0, double v0, double t, double *e, double *v) {
    const double disc = c * c - 4.0 * k;
    if (disc < 0.0) {
        const double a = 0.5 * c, w = 0.5 * sqrt(-disc);
        const double A = e0, B = (v0 + a * e0) / w;
        const double ex = exp(-a * t);
        *e = ex * (A * cos(w * t) + B * sin(w * t));
        *v = ex * ((B * w - a * A) * cos(w * t) - (A * w + a * B) * sin(w * t));
    } else {
        const double r1 = 0.5 * (-c + sqrt(disc)), r2 = 0.5 * (-c - sqrt(disc));
        const double A = (v0 - r2 * e0) / (r1 - r2), B = e0 - A;
        *e = A * exp(r1 * t) + B * exp(r2 * t);
        *v = A * r1 * exp(r1 * t) + B * r2 * exp(r2 * t);
    }
}

/* Classic RK4 with many small steps: valid in every regime, including the critical boundary. */
static void rk4(double k, double c, double e0, double v0, double t, int steps, double *e,
                double *v) {
    const double h = t / steps;
    double x = e0, y = v0;
    for (int i = 0; i < steps; ++i) {
        const double k1x = y, k1y = -k * x - c * y;
        const double k2x = y + 0.5 * h * k1y, k2y = -k * (x + 0.5 * h * k1x) - c * k2x;
        const double k3x = y + 0.5 * h * k2y, k3y = -k * (x + 0.5 * h * k2x) - c * k3x;
        const double k4x = y + h * k3y, k4y = -k * (x + h * k3x) - c * k4x;
        x += h / 6.0 * (k1x + 2 * k2x + 2 * k3x + k4x);
        y += h / 6.0 * (k1y + 2 * k2y + 2 * k3y + k4y);
    }
    *e = x;
    *v = y;
}

static double energy(double k, double e, double v) { return 0.5 * v * v + 0.5 * k * e * e; }

static bool same_bits(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }

static void test_spring_bad_input_gets_documented_results(void **state) {
    (void)state;
    const sa_vec2 target = {10, -5};
    sa_spring2_step(NULL, target, 260, 26, 0.016f); /* NULL: nothing happens */
    sa_spring1_step(NULL, 1, 260, 26, 0.016f);

    /* dt NaN, infinite, negative or 0: a finite state is left bit-identical. */
    const float bad_dt[] = {NAN, INFINITY, -INFINITY, -1.0f, -1e-30f, 0.0f, -0.0f};
    for (size_t i = 0; i < sizeof bad_dt / sizeof bad_dt[0]; ++i) {
        const sa_spring2 s0 = {{3, 4}, {-50, 70}};
        sa_spring2 s = s0;
        sa_spring2_step(&s, target, 260, 26, bad_dt[i]);
        assert_true(same_bits(&s, &s0, sizeof s));
        sa_spring1 q = {7, 8};
        sa_spring1_step(&q, 0, 260, 26, bad_dt[i]);
        assert_true(q.pos == 7.0f && q.vel == 8.0f);
    }
    /* ... but a non-finite state is still repaired: position onto the target, velocity 0. */
    sa_spring2 broken = {{NAN, 2}, {INFINITY, NAN}};
    sa_spring2_step(&broken, target, 260, 26, NAN);
    assert_near(broken.pos.x, 10, 0);
    assert_near(broken.pos.y, 2, 0);
    assert_near(broken.vel.x, 0, 0);
    assert_near(broken.vel.y, 0, 0);

    /* NaN or +infinite stiffness: a rigid spring, on the target at rest. */
    const float snap_k[] = {NAN, INFINITY};
    for (size_t i = 0; i < 2; ++i) {
        sa_spring2 s = {{3, 4}, {-50, 70}};
        sa_spring2_step(&s, target, snap_k[i], 26, 0.016f);
        assert_near(s.pos.x, 10, 0);
        assert_near(s.pos.y, -5, 0);
        assert_near(s.vel.x, 0, 0);
        assert_near(s.vel.y, 0, 0);
    }
    /* Stiffness <= 0: no pull; with no damping the value coasts in a straight line. */
    const float no_k[] = {0.0f, -5.0f, -INFINITY};
    for (size_t i = 0; i < 3; ++i) {
        sa_spring2 s = {{3, 4}, {-50, 70}};
        sa_spring2_step(&s, target, no_k[i], 0, 0.5f);
        assert_near(s.pos.x, 3 - 25, 1e-5);
        assert_near(s.pos.y, 4 + 35, 1e-5);
        assert_near(s.vel.x, -50, 1e-5);
        /* With damping c, it slows down as exp(-c t) and comes to rest v0/c farther on. */
        sa_spring1 q = {0, 10};
        sa_spring1_step(&q, 1000, no_k[i], 2, 100);
        assert_near(q.pos, 5, 1e-5);
        assert_near(q.vel, 0, 1e-5);
    }
    /* Damping NaN or negative: undamped. */
    sa_spring1 und = {1, 0}, nan_c = {1, 0}, neg_c = {1, 0};
    sa_spring1_step(&und, 0, 100, 0, 0.1f);
    sa_spring1_step(&nan_c, 0, 100, NAN, 0.1f);
    sa_spring1_step(&neg_c, 0, 100, -40, 0.1f);
    assert_near(und.pos, cos(1.0), 1e-6);
    assert_true(nan_c.pos == und.pos && nan_c.vel == und.vel);
    assert_true(neg_c.pos == und.pos && neg_c.vel == und.vel);
    /* Infinite damping: the value freezes where it is. */
    sa_spring1 frozen = {3, 100};
    sa_spring1_step(&frozen, 50, 260, INFINITY, 1.0f);
    assert_near(frozen.pos, 3, 1e-3);
    assert_near(frozen.vel, 0, 1e-3);
    /* Non-finite position: restarts at rest on the target. Non-finite velocity: 0. */
    sa_spring1 p = {NAN, 5};
    sa_spring1_step(&p, 2, 260, 26, 0.016f);
    assert_near(p.pos, 2, 0);
    assert_near(p.vel, 0, 0);
    sa_spring1 v = {1, -INFINITY}, v0 = {1, 0};
    sa_spring1_step(&v, 2, 260, 26, 0.016f);
    sa_spring1_step(&v0, 2, 260, 26, 0.016f);
    assert_true(v.pos == v0.pos && v.vel == v0.vel);
    /* A non-finite target component: the spring is anchored where the value is on that axis. */
    sa_spring2 t = {{3, 4}, {6, 0}}, anchored = t;
    sa_spring2_step(&t, sa_v2(NAN, 100), 260, 0, 0.5f);
    sa_spring2_step(&anchored, sa_v2(3, 100), 260, 0, 0.5f);
    assert_true(t.pos.x == anchored.pos.x && t.vel.x == anchored.vel.x);
    assert_true(t.pos.y == anchored.pos.y && t.pos.y > 4.0f);
    /* Huge finite values stay finite (clamped to the float range). */
    sa_spring2 h = {{3e38f, -3e38f}, {3e38f, 3e38f}};
    sa_spring2_step(&h, sa_v2(-3e38f, 3e38f), 3e38f, 0, 1e30f);
    assert_finite_v2(h.pos);
    assert_finite_v2(h.vel);
    /* The helpers. */
    assert_near(sa_spring_critical_damping(NAN), 0, 0);
    assert_near(sa_spring_critical_damping(-1), 0, 0);
    assert_near(sa_spring_critical_damping(INFINITY), 0, 0);
    assert_near(sa_spring_critical_damping(260), 32.2490310, 1e-5);
    const sa_spring2 r = sa_spring2_at_rest(sa_v2(NAN, 7));
    assert_near(r.pos.x, 0, 0);
    assert_near(r.pos.y, 7, 0);
    assert_near(r.vel.x, 0, 0);
    assert_near(r.vel.y, 0, 0);
    const float bad_pos[] = {NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad_pos / sizeof bad_pos[0]; ++i) {
        const sa_spring1 q = sa_spring1_at_rest(bad_pos[i]);
        assert_near(q.pos, 0, 0);
        assert_near(q.vel, 0, 0);
    }
    const sa_spring1 q = sa_spring1_at_rest(-3.5f);
    assert_near(q.pos, -3.5f, 0);
    assert_near(q.vel, 0, 0);
}

static void test_spring_no_nan_from_any_input(void **state) {
    (void)state;
    test_rng r = test_rng_make(11);
    for (int i = 0; i < 100000; ++i) {
        sa_spring2 s = {{test_rng_nasty(&r), test_rng_nasty(&r)},
                        {test_rng_nasty(&r), test_rng_nasty(&r)}};
        const sa_vec2 target = {test_rng_nasty(&r), test_rng_nasty(&r)};
        const float k = test_rng_nasty(&r), c = test_rng_nasty(&r), dt = test_rng_nasty(&r);
        sa_spring2_step(&s, target, k, c, dt);
        assert_finite_v2(s.pos);
        assert_finite_v2(s.vel);
        /* And once more with the repaired state and plausible dt. */
        sa_spring2_step(&s, target, k, c, test_rng_range(&r, 0, 20));
        assert_finite_v2(s.pos);
        assert_finite_v2(s.vel);
        sa_spring1 q = {test_rng_nasty(&r), test_rng_nasty(&r)};
        sa_spring1_step(&q, test_rng_nasty(&r), k, c, dt);
        assert_finite(q.pos);
        assert_finite(q.vel);
        assert_finite(sa_spring_critical_damping(k));
    }
}

static void test_spring_matches_the_analytic_solution(void **state) {
    (void)state;
    test_rng r = test_rng_make(19);
    for (int i = 0; i < 20000; ++i) {
        const double k = test_rng_range(&r, 0.5f, 2000);
        /* Damping ratios clearly under (0 .. 0.9) or over (1.1 .. 6) critical. */
        const float zeta = (i & 1) ? test_rng_range(&r, 0, 0.9f) : test_rng_range(&r, 1.1f, 6);
        const float c = (float)(zeta * 2.0 * sqrt(k));
        const float target = test_rng_range(&r, -200, 200);
        const float pos = test_rng_range(&r, -200, 200), vel = test_rng_range(&r, -2000, 2000);
        const float dt = test_rng_range(&r, 0, 0.1f);
        sa_spring1 s = {pos, vel};
        sa_spring1_step(&s, target, (float)k, c, dt);
        double e, v;
        analytic(k, (double)c, (double)pos - target, vel, dt, &e, &v);
        const double scale = fabs((double)pos - target) + fabs((double)vel) / sqrt(k);
        assert_near(s.pos, target + e, 1e-5 * (scale + fabs(target)) + 1e-5);
        assert_near(s.vel, v, 1e-5 * (scale * sqrt(k) + 1));
    }
}

/* The head spring at the figure's sub-step (1/120 s) and at 60 fps takes its step factors from
 * constants (spring.c) instead of computing them: they must be the analytic solution's, and a dt
 * one float away, which computes them, must step to the same place. */
static void test_spring_head_constants_are_the_analytic_step(void **state) {
    (void)state;
    const float dts[] = {1.0f / 120.0f, 1.0f / 60.0f};
    const double k = SA_SPRING_HEAD_STIFFNESS, c = SA_SPRING_HEAD_DAMPING;
    test_rng r = test_rng_make(0x5EAD);
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; ++d) {
        for (int i = 0; i < 2000; ++i) {
            const float target = test_rng_range(&r, -200, 200);
            const float pos = test_rng_range(&r, -200, 200), vel = test_rng_range(&r, -2000, 2000);
            sa_spring1 s = {pos, vel}, beside = {pos, vel};
            sa_spring1_step(&s, target, (float)k, (float)c, dts[d]);
            sa_spring1_step(&beside, target, (float)k, (float)c, nextafterf(dts[d], 0.0f));
            double e, v;
            analytic(k, c, (double)pos - target, vel, dts[d], &e, &v);
            const double scale = fabs((double)pos - target) + fabs((double)vel) / sqrt(k);
            assert_near(s.pos, target + e, 1e-5 * (scale + fabs(target)) + 1e-5);
            assert_near(s.vel, v, 1e-5 * (scale * sqrt(k) + 1));
            assert_near(s.pos, beside.pos, 1e-5 * (scale + fabs(target)) + 1e-5);
            assert_near(s.vel, beside.vel, 1e-5 * (scale * sqrt(k) + 1));
        }
    }
}

static void test_spring_is_exact_near_critical_damping(void **state) {
    (void)state;
    /* Damping within a hair of critical, straddling it, and exactly the float nearest to it;
     * also around the point where the solver switches from its series to cos/sin or exp. */
    const double rel[] = {0.0, 1e-9, -1e-9, 1e-6, -1e-6, 1e-4, -1e-4, 1e-2, -1e-2, 0.1, -0.1};
    const double ks[] = {1, 260, 5000, 1e5};
    const double dts[] = {0.001, 1.0 / 60, 0.1, 0.5, 2};
    for (size_t a = 0; a < sizeof ks / sizeof ks[0]; ++a) {
        for (size_t b = 0; b < sizeof rel / sizeof rel[0]; ++b) {
            for (size_t d = 0; d < sizeof dts / sizeof dts[0]; ++d) {
                const float k = (float)ks[a];
                const float c = (float)(2.0 * sqrt(ks[a]) * (1.0 + rel[b]));
                const double e0 = 30, v0 = -400;
                sa_spring1 s = {(float)e0, (float)v0};
                sa_spring1_step(&s, 0, k, c, (float)dts[d]);
                double e, v;
                rk4((double)k, (double)c, e0, v0, dts[d], 20000, &e, &v);
                assert_near(s.pos, e, 1e-5 * (e0 + fabs(v0) / sqrt(k)) + 1e-6);
                assert_near(s.vel, v, 1e-5 * (e0 * sqrt(k) + fabs(v0)) + 1e-6);
            }
        }
    }
    /* A fine sweep of damping through critical moves the result smoothly: no jump anywhere. */
    const float k = 260;
    const double crit = 2.0 * sqrt(260.0);
    double prev = 0;
    for (int i = 0; i <= 4000; ++i) {
        const float c = (float)(crit * (0.98 + 0.04 * i / 4000.0));
        sa_spring1 s = {10, 0};
        sa_spring1_step(&s, 0, k, c, 0.25f);
        /* de/dc is bounded (|de/dc| < e0 * t here), so neighbours differ by little. */
        if (i > 0) assert_true(fabs(s.pos - prev) < 10 * 0.25 * (crit * 0.04 / 4000) + 1e-6);
        prev = s.pos;
    }
}

static void test_spring_n_steps_equal_one_long_step(void **state) {
    (void)state;
    test_rng r = test_rng_make(29);
    for (int i = 0; i < 3000; ++i) {
        const float k = test_rng_range(&r, 1, 1000), c = test_rng_range(&r, 0, 80);
        const sa_vec2 target = test_rng_v2(&r, -100, 100);
        const sa_spring2 s0 = {test_rng_v2(&r, -100, 100), test_rng_v2(&r, -500, 500)};
        const int n = 2 + (int)(test_rng_next(&r) % 119u);
        const float dt = test_rng_range(&r, 0.001f, 0.05f);
        sa_spring2 many = s0, one = s0;
        for (int j = 0; j < n; ++j)
            sa_spring2_step(&many, target, k, c, dt);
        sa_spring2_step(&one, target, k, c, dt * (float)n);
        const double scale = 1 + test_distance(s0.pos, target) + sa_v2_length(s0.vel) / sqrt(k);
        assert_near(many.pos.x, one.pos.x, 1e-5 * n * scale);
        assert_near(many.pos.y, one.pos.y, 1e-5 * n * scale);
        assert_near(many.vel.x, one.vel.x, 1e-5 * n * scale * sqrt(k));
        assert_near(many.vel.y, one.vel.y, 1e-5 * n * scale * sqrt(k));
    }
}

static void test_spring_huge_steps_never_blow_up(void **state) {
    (void)state;
    test_rng r = test_rng_make(31);
    const float dts[] = {1.0f, 10.0f, 1000.0f, 1e30f, FLT_MAX};
    for (int i = 0; i < 5000; ++i) {
        const float k = test_rng_range(&r, 0.01f, 1e5f), c = test_rng_range(&r, 0, 300);
        const float pos = test_rng_range(&r, -500, 500), vel = test_rng_range(&r, -5000, 5000);
        const float target = test_rng_range(&r, -500, 500);
        const float dt = dts[i % 5];
        sa_spring1 s = {pos, vel};
        sa_spring1_step(&s, target, k, c, dt);
        assert_finite(s.pos);
        assert_finite(s.vel);
        /* Exact integration of a damped spring never adds energy. */
        const double before = energy(k, (double)pos - target, vel);
        const double after = energy(k, (double)s.pos - target, s.vel);
        assert_true(after <= before * (1 + 1e-5) + 1e-6);
    }
    /* The head spring after a 1 s and a 10 s hitch: settled on the target. */
    sa_spring2 head = {{0, 0}, {300, -300}};
    sa_spring2_step(&head, sa_v2(40, -60), SA_SPRING_HEAD_STIFFNESS, SA_SPRING_HEAD_DAMPING, 1.0f);
    assert_near(head.pos.x, 40, 1e-3 * 60);
    assert_near(head.pos.y, -60, 1e-3 * 60);
    sa_spring2_step(&head, sa_v2(40, -60), SA_SPRING_HEAD_STIFFNESS, SA_SPRING_HEAD_DAMPING, 10.0f);
    assert_near(head.pos.x, 40, 1e-4);
    assert_near(head.pos.y, -60, 1e-4);
    assert_near(head.vel.x, 0, 1e-4);
}

static void test_spring_dt_zero_and_negative_change_nothing(void **state) {
    (void)state;
    test_rng r = test_rng_make(37);
    for (int i = 0; i < 10000; ++i) {
        const sa_spring2 s0 = {test_rng_v2(&r, -1e6f, 1e6f), test_rng_v2(&r, -1e6f, 1e6f)};
        const sa_vec2 target = test_rng_v2(&r, -1e6f, 1e6f);
        const float dt = (i & 1) ? 0.0f : -test_rng_range(&r, 0, 100);
        sa_spring2 s = s0;
        sa_spring2_step(&s, target, test_rng_range(&r, 0, 1000), test_rng_range(&r, 0, 100), dt);
        assert_true(same_bits(&s, &s0, sizeof s));
    }
}

static void test_spring_head_lags_and_overshoots_a_little(void **state) {
    (void)state;
    /* The body lurches 20 units: the head (at rest) follows at 60 fps. */
    sa_spring2 head = sa_spring2_at_rest(sa_v2(0, 0));
    const sa_vec2 target = {20, 0};
    float max_x = 0, x_after_50ms = 0;
    for (int f = 1; f <= 120; ++f) {
        sa_spring2_step(&head, target, SA_SPRING_HEAD_STIFFNESS, SA_SPRING_HEAD_DAMPING, 1.0f / 60);
        if (head.pos.x > max_x) max_x = head.pos.x;
        if (f == 3) x_after_50ms = head.pos.x;
        if (f == 60) assert_near(head.pos.x, 20, 0.02); /* settled within a second */
    }
    assert_true(x_after_50ms < 10.0f);   /* it lags behind the lurch */
    assert_true(max_x > 20.0f * 1.005f); /* a hint of overshoot ... */
    assert_true(max_x < 20.0f * 1.03f);  /* ... and only a hint */
    assert_near(head.pos.y, 0, 0);
}

static void test_spring_2d_is_two_scalar_springs(void **state) {
    (void)state;
    test_rng r = test_rng_make(41);
    for (int i = 0; i < 10000; ++i) {
        const float k = test_rng_range(&r, 0, 3000), c = test_rng_range(&r, 0, 100);
        const float dt = test_rng_range(&r, 0, 0.2f);
        sa_spring2 s = {test_rng_v2(&r, -100, 100), test_rng_v2(&r, -900, 900)};
        const sa_vec2 target = test_rng_v2(&r, -100, 100);
        sa_spring1 x = {s.pos.x, s.vel.x}, y = {s.pos.y, s.vel.y};
        sa_spring2_step(&s, target, k, c, dt);
        sa_spring1_step(&x, target.x, k, c, dt);
        sa_spring1_step(&y, target.y, k, c, dt);
        assert_true(s.pos.x == x.pos && s.vel.x == x.vel);
        assert_true(s.pos.y == y.pos && s.vel.y == y.vel);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spring_bad_input_gets_documented_results),
        cmocka_unit_test(test_spring_no_nan_from_any_input),
        cmocka_unit_test(test_spring_matches_the_analytic_solution),
        cmocka_unit_test(test_spring_head_constants_are_the_analytic_step),
        cmocka_unit_test(test_spring_is_exact_near_critical_damping),
        cmocka_unit_test(test_spring_n_steps_equal_one_long_step),
        cmocka_unit_test(test_spring_huge_steps_never_blow_up),
        cmocka_unit_test(test_spring_dt_zero_and_negative_change_nothing),
        cmocka_unit_test(test_spring_head_lags_and_overshoots_a_little),
        cmocka_unit_test(test_spring_2d_is_two_scalar_springs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
