#include "test_support.h"

#include <string.h>

#include <float.h>

#include <stickanim/verlet.h>

#include "internal/verlet_lanes.h"

enum { MAX_POINTS = 32 };

/* The reference's update written out as its JavaScript reads (per frame, constants per frame). */
static void reference_step(sa_verlet_point *s, int n, sa_vec2 pin, float wind_x, float g,
                           float dt) {
    for (int i = 1; i < n; ++i) {
        const float vx = (s[i].pos.x - s[i].prev.x) * 0.86f,
                    vy = (s[i].pos.y - s[i].prev.y) * 0.86f;
        s[i].prev = s[i].pos;
        s[i].pos.x += vx + wind_x * dt * dt * 60;
        s[i].pos.y += vy + g * dt * dt * 60;
    }
    s[0].pos = pin;
    for (int it = 0; it < 6; ++it) {
        for (int i = 1; i < n; ++i) {
            const float dx = s[i].pos.x - s[i - 1].pos.x, dy = s[i].pos.y - s[i - 1].pos.y;
            const float d = sqrtf(dx * dx + dy * dy), diff = (d - 9) / d;
            if (i - 1 == 0) {
                s[i].pos.x -= dx * diff;
                s[i].pos.y -= dy * diff;
            } else {
                s[i - 1].pos.x += dx * diff * 0.5f;
                s[i - 1].pos.y += dy * diff * 0.5f;
                s[i].pos.x -= dx * diff * 0.5f;
                s[i].pos.y -= dy * diff * 0.5f;
            }
        }
    }
}

static void assert_chain_finite(const sa_verlet_point *pts, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        assert_finite_v2(pts[i].pos);
        assert_finite_v2(pts[i].prev);
    }
}

static void assert_lengths(const sa_verlet_point *pts, size_t n, float spacing, double rel) {
    for (size_t i = 1; i < n; ++i)
        assert_near(test_distance(pts[i - 1].pos, pts[i].pos), spacing, rel * spacing + 1e-4);
}

/* A figure's head during a walk that speeds up into a run: a sway, a bob, wind from speed. */
static sa_vec2 head_at(double t) {
    return sa_v2((float)(6 * sin(2 * SA_PI * 1.2 * t)),
                 (float)(-100 + 4 * sin(2 * SA_PI * 2.5 * t)));
}
static float speed_at(double t) { return (float)(t < 2 ? 190 * t : 383); }

static void run_motion(sa_verlet_point *c, int fps, double seconds) {
    sa_verlet_chain_init(c, SA_VERLET_HAIR_POINTS, head_at(0), sa_v2(0, 1), 9);
    const float dt = 1.0f / (float)fps;
    const int steps = (int)(seconds * fps + 0.5);
    sa_verlet_config p = sa_verlet_config_default();
    for (int k = 1; k <= steps; ++k) {
        p.accel = sa_verlet_hair_accel(speed_at(k * (double)dt), 0);
        sa_verlet_chain_step(c, SA_VERLET_HAIR_POINTS, head_at(k * (double)dt), &p, dt);
    }
}

static double max_point_distance(const sa_verlet_point *a, const sa_verlet_point *b, size_t n) {
    double m = 0;
    for (size_t i = 0; i < n; ++i) {
        const double d = test_distance(a[i].pos, b[i].pos);
        if (d > m) m = d;
    }
    return m;
}

static void test_verlet_bad_input_gets_documented_results(void **state) {
    (void)state;
    sa_verlet_point c[4];
    /* Setup: NULL, zero count, non-finite arguments (still laid out, with substitutions). */
    assert_int_equal(sa_verlet_chain_init(NULL, 4, sa_v2(0, 0), sa_v2(0, 1), 9), SA_ERR_NULL);
    assert_int_equal(sa_verlet_chain_init(c, 0, sa_v2(0, 0), sa_v2(0, 1), 9), SA_ERR_COUNT);
    assert_int_equal(sa_verlet_chain_init(c, 4, sa_v2(NAN, 5), sa_v2(INFINITY, 0), NAN),
                     SA_ERR_NOT_FINITE);
    for (int i = 0; i < 4; ++i) { /* pin.x -> 0, direction -> down, spacing -> 9 */
        assert_near(c[i].pos.x, 0, 0);
        assert_near(c[i].pos.y, 5 + 9 * i, 1e-5);
        assert_near(c[i].prev.y, c[i].pos.y, 0);
    }
    assert_int_equal(sa_verlet_chain_init(c, 4, sa_v2(1, 2), sa_v2(0, 0), -3), SA_OK);
    assert_near(c[3].pos.y, 2 + 27, 1e-5); /* zero direction: down; negative spacing: 9 */
    assert_int_equal(sa_verlet_chain_init(c, 4, sa_v2(1, 2), sa_v2(3, 4), 1e30f), SA_OK);
    assert_near(c[1].pos.x, 1 + 0.6 * SA_VERLET_MAX_SPACING, 1);
    assert_near(c[1].pos.y, 2 + 0.8 * SA_VERLET_MAX_SPACING, 1);

    /* Step: NULL or empty chain does nothing; a NULL config is the defaults. */
    sa_verlet_chain_step(NULL, 4, sa_v2(0, 0), NULL, 0.016f);
    sa_verlet_chain_init(c, 4, sa_v2(0, 0), sa_v2(1, 0), 9);
    sa_verlet_point d[4];
    sa_verlet_chain_init(d, 4, sa_v2(0, 0), sa_v2(1, 0), 9);
    sa_verlet_chain_step(c, 0, sa_v2(50, 50), NULL, 0.016f);
    assert_near(c[0].pos.x, 0, 0);
    const sa_verlet_config def = sa_verlet_config_default();
    sa_verlet_chain_step(c, 4, sa_v2(0, 0), NULL, 0.016f);
    sa_verlet_chain_step(d, 4, sa_v2(0, 0), &def, 0.016f);
    for (int i = 0; i < 4; ++i)
        assert_true(c[i].pos.x == d[i].pos.x && c[i].pos.y == d[i].pos.y);

    /* A config with NaN fields: spacing and drag take their defaults, accel is 0 (no force). */
    sa_verlet_config junk = {NAN, NAN, {NAN, INFINITY}, 0};
    sa_verlet_chain_init(c, 4, sa_v2(0, 0), sa_v2(1, 0), 9);
    sa_verlet_chain_step(c, 4, sa_v2(0, 0), &junk, 0.016f);
    assert_chain_finite(c, 4);
    assert_lengths(c, 4, 9, 1e-5);
    assert_near(c[3].pos.x, 27, 1e-4); /* no force, at rest: stays put */
    assert_near(c[3].pos.y, 0, 1e-4);
    /* Absurd iteration counts are clamped, drag out of [0, 1] is clamped. */
    sa_verlet_config wild = sa_verlet_config_default();
    wild.iterations = SIZE_MAX;
    wild.drag = 7;
    sa_verlet_chain_step(c, 4, sa_v2(0, 0), &wild, 0.016f);
    assert_chain_finite(c, 4);
    assert_lengths(c, 4, 9, 1e-5);

    /* A non-finite pin component keeps point 0's current one. */
    sa_verlet_chain_init(c, 4, sa_v2(10, 20), sa_v2(0, 1), 9);
    sa_verlet_chain_step(c, 4, sa_v2(NAN, 30), NULL, 0.016f);
    assert_near(c[0].pos.x, 10, 0);
    assert_near(c[0].pos.y, 30, 0);

    /* Non-finite points: the chain is laid out again at rest from the pin along gravity. */
    c[2].prev.x = NAN;
    sa_verlet_chain_step(c, 4, sa_v2(5, 5), NULL, 0.0f);
    for (int i = 0; i < 4; ++i) {
        assert_near(c[i].pos.x, 5, 1e-5);
        assert_near(c[i].pos.y, 5 + 9 * i, 1e-4);
        assert_near(sa_verlet_point_velocity(c[i]).y, 0, 1e-3);
    }
    c[1].pos.y = INFINITY;
    sa_verlet_config sideways = sa_verlet_config_default();
    sideways.accel = sa_v2(-10, 0);
    sa_verlet_chain_step(c, 4, sa_v2(5, 5), &sideways, 0.016f);
    assert_chain_finite(c, 4);
    assert_true(c[3].pos.x < -20.0f); /* re-laid along the acceleration, then stepped */

    /* Bad dt advances no time: a chain at rest under no force stays exactly where it is. */
    const float bad_dt[] = {NAN, -1.0f, -INFINITY, 0.0f, 1e-6f};
    for (size_t k = 0; k < sizeof bad_dt / sizeof bad_dt[0]; ++k) {
        sa_verlet_chain_init(c, 4, sa_v2(0, 0), sa_v2(1, 0), 9);
        sa_verlet_chain_step(c, 4, sa_v2(0, 0), NULL, bad_dt[k]);
        for (int i = 0; i < 4; ++i) {
            assert_near(c[i].pos.x, 9 * i, 1e-4);
            assert_near(c[i].pos.y, 0, 1e-4);
        }
    }
    /* Infinite dt is the longest step: finite, hanging. */
    sa_verlet_chain_init(c, 4, sa_v2(0, 0), sa_v2(1, 0), 9);
    sa_verlet_chain_step(c, 4, sa_v2(0, 0), NULL, INFINITY);
    assert_chain_finite(c, 4);
    assert_lengths(c, 4, 9, 1e-5);
    /* A pin thrown to the edge of the float range: finite, and the lengths are kept. */
    sa_verlet_chain_step(c, 4, sa_v2(3e38f, -3e38f), NULL, 1e-3f);
    assert_chain_finite(c, 4);
    sa_verlet_chain_step(c, 4, sa_v2(-3e38f, 3e38f), NULL, 1.0f / 60);
    assert_chain_finite(c, 4);
    sa_verlet_chain_step(c, 4, sa_v2(0, 0), NULL, 1.0f / 60);
    assert_chain_finite(c, 4);
    assert_lengths(c, 4, 9, 1e-5);

    /* One point: it only follows the pin. */
    sa_verlet_point one = {{0, 0}, {0, 0}};
    sa_verlet_chain_step(&one, 1, sa_v2(4, 5), NULL, 0.016f);
    assert_near(one.pos.x, 4, 0);
    assert_near(one.pos.y, 5, 0);

    /* Helpers. */
    const sa_vec2 a = sa_verlet_hair_accel(NAN, INFINITY);
    assert_near(a.x, 0, 0);
    assert_near(a.y, SA_VERLET_GRAVITY, 0);
    assert_finite_v2(sa_verlet_hair_accel(3e38f, 3e38f));
    const sa_verlet_point bad = {{NAN, 0}, {0, 0}};
    assert_near(sa_verlet_point_velocity(bad).x, 0, 0);
    const sa_verlet_point huge = {{3e38f, 0}, {-3e38f, 0}};
    assert_near(sa_verlet_point_velocity(huge).x, FLT_MAX, 0);
}

static void test_verlet_no_nan_from_any_input(void **state) {
    (void)state;
    test_rng r = test_rng_make(5);
    sa_verlet_point c[8];
    for (int i = 0; i < 5000; ++i) {
        const size_t n = 1 + test_rng_next(&r) % 8u;
        for (size_t k = 0; k < n; ++k) {
            c[k].pos = sa_v2(test_rng_nasty(&r), test_rng_nasty(&r));
            c[k].prev = sa_v2(test_rng_nasty(&r), test_rng_nasty(&r));
        }
        sa_verlet_config p = {test_rng_nasty(&r),
                              test_rng_nasty(&r),
                              {test_rng_nasty(&r), test_rng_nasty(&r)},
                              (size_t)(test_rng_next(&r) % 30u)};
        for (int s = 0; s < 3; ++s) {
            const sa_vec2 pin = {test_rng_nasty(&r), test_rng_nasty(&r)};
            sa_verlet_chain_step(c, n, pin, &p, test_rng_nasty(&r));
            assert_chain_finite(c, n);
            assert_finite_v2(sa_verlet_point_velocity(c[n - 1]));
        }
        assert_finite_v2(sa_verlet_hair_accel(test_rng_nasty(&r), test_rng_nasty(&r)));
        sa_verlet_chain_init(c, n, sa_v2(test_rng_nasty(&r), test_rng_nasty(&r)),
                             sa_v2(test_rng_nasty(&r), test_rng_nasty(&r)), test_rng_nasty(&r));
        assert_chain_finite(c, n);
    }
}

static void test_verlet_segments_keep_their_spacing_after_every_step(void **state) {
    (void)state;
    test_rng r = test_rng_make(9);
    sa_verlet_point c[MAX_POINTS];
    for (int run = 0; run < 300; ++run) {
        const size_t n = 2 + test_rng_next(&r) % (MAX_POINTS - 1u);
        sa_verlet_config p = sa_verlet_config_default();
        p.spacing = test_rng_range(&r, 0.5f, 40);
        p.drag = test_rng_range(&r, 0, 1);
        p.iterations = test_rng_next(&r) % 12u;
        sa_vec2 pin = test_rng_v2(&r, -200, 200);
        sa_verlet_chain_init(c, n, pin, test_rng_v2(&r, -1, 1), p.spacing);
        for (int f = 0; f < 120; ++f) {
            /* A jerky pin, gusty wind and frame times from 1 ms to 50 ms. */
            pin = sa_v2_add(pin, test_rng_v2(&r, -15, 15));
            p.accel = sa_v2_add(
                sa_verlet_hair_accel(test_rng_range(&r, -400, 400), test_rng_range(&r, 0, 3000)),
                test_rng_v2(&r, -500, 500));
            sa_verlet_chain_step(c, n, pin, &p, test_rng_range(&r, 0.001f, 0.05f));
            assert_true(c[0].pos.x == pin.x && c[0].pos.y == pin.y); /* first point pinned */
            assert_lengths(c, n, p.spacing, 0.01);                   /* within 1% */
        }
    }
}

static void test_verlet_at_rest_under_gravity_hangs_straight_down(void **state) {
    (void)state;
    const float angles[] = {0.0f, 1.0f, 2.0f, 3.0f, -1.5f, -3.1f};
    for (size_t a = 0; a < sizeof angles / sizeof angles[0]; ++a) {
        sa_verlet_point c[SA_VERLET_HAIR_POINTS];
        const sa_vec2 pin = {40, -120};
        sa_verlet_chain_init(c, SA_VERLET_HAIR_POINTS, pin, sa_v2(cosf(angles[a]), sinf(angles[a])),
                             9);
        for (int f = 0; f < 300; ++f)
            sa_verlet_chain_step(c, SA_VERLET_HAIR_POINTS, pin, NULL, 1.0f / 60);
        for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
            assert_near(c[i].pos.x, 40, 0.02);
            assert_near(c[i].pos.y, -120 + 9 * i, 0.02);
            assert_near(sa_verlet_point_velocity(c[i]).x, 0, 0.1);
        }
    }
}

static double angle_from_vertical(const sa_verlet_point *c, int n) {
    /* Angle of the pin -> tip line from straight down, positive toward -x (streaming back). */
    return atan2(-((double)c[n - 1].pos.x - c[0].pos.x), (double)c[n - 1].pos.y - c[0].pos.y);
}

static void test_verlet_with_wind_it_streams_downwind(void **state) {
    (void)state;
    const float speeds[] = {106, 383, -200};
    for (int s = 0; s < 3; ++s) {
        sa_verlet_point c[SA_VERLET_HAIR_POINTS];
        sa_verlet_chain_init(c, SA_VERLET_HAIR_POINTS, sa_v2(0, 0), sa_v2(0, 1), 9);
        sa_verlet_config p = sa_verlet_config_default();
        p.accel = sa_verlet_hair_accel(speeds[s], 0);
        for (int f = 0; f < 300; ++f)
            sa_verlet_chain_step(c, SA_VERLET_HAIR_POINTS, sa_v2(0, 0), &p, 1.0f / 60);
        /* Settled, a straight chain lines up with the net force: atan(wind / gravity). */
        const double expect = atan2(-(double)p.accel.x, (double)p.accel.y);
        assert_near(angle_from_vertical(c, SA_VERLET_HAIR_POINTS), expect, 0.01);
        for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
            if (speeds[s] > 0)
                assert_true(c[i].pos.x < c[i - 1].pos.x); /* downwind: back */
            else
                assert_true(c[i].pos.x > c[i - 1].pos.x);
        }
    }
    /* The reference's look: droops at a walk (< 35 degrees), streams back at a run (> 55). */
    const double walk = atan(SA_VERLET_WIND_PER_SPEED * 106.0 / SA_VERLET_GRAVITY);
    const double run = atan(SA_VERLET_WIND_PER_SPEED * 383.0 / SA_VERLET_GRAVITY);
    assert_true(walk < 35 * SA_PI / 180 && run > 55 * SA_PI / 180);
    /* A jump's kick pushes it further back. */
    const sa_vec2 kicked = sa_verlet_hair_accel(383, 800), plain = sa_verlet_hair_accel(383, 0);
    assert_near(kicked.x, plain.x - 800, 1e-2);
}

static void test_verlet_after_a_one_second_hitch_is_finite_and_sane(void **state) {
    (void)state;
    const float hitches[] = {1.0f, 10.0f, 1e30f};
    for (int h = 0; h < 3; ++h) {
        sa_verlet_point c[SA_VERLET_HAIR_POINTS];
        run_motion(c, 60, 2.5);
        /* The frame that took a second: the head moved on by a second's worth of running. */
        sa_verlet_config p = sa_verlet_config_default();
        p.accel = sa_verlet_hair_accel(383, 0);
        const sa_vec2 pin = sa_v2_add(head_at(2.5), sa_v2(383, 0));
        sa_verlet_chain_step(c, SA_VERLET_HAIR_POINTS, pin, &p, hitches[h]);
        assert_chain_finite(c, SA_VERLET_HAIR_POINTS);
        assert_lengths(c, SA_VERLET_HAIR_POINTS, 9, 1e-5);
        assert_true(c[0].pos.x == pin.x && c[0].pos.y == pin.y);
        /* Then normal frames: no point ever flies off or spins up. */
        for (int f = 1; f <= 60; ++f) {
            sa_verlet_chain_step(c, SA_VERLET_HAIR_POINTS, pin, &p, 1.0f / 60);
            assert_lengths(c, SA_VERLET_HAIR_POINTS, 9, 1e-5);
            for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
                assert_true(sa_v2_length(sa_verlet_point_velocity(c[i])) < 1000.0f);
        }
        /* And it has settled downwind. */
        assert_near(angle_from_vertical(c, SA_VERLET_HAIR_POINTS),
                    atan2(-(double)p.accel.x, p.accel.y), 0.05);
    }
}

static void test_verlet_30_and_120_fps_runs_end_close(void **state) {
    (void)state;
    /* A walk speeding up into a run with the head swaying and bobbing, checked at 1, 2, 3 s:
     * within 1.5 units (a sixth of a segment), and closer still as the frame rate rises. */
    for (int s = 1; s <= 3; ++s) {
        sa_verlet_point a[SA_VERLET_HAIR_POINTS], b[SA_VERLET_HAIR_POINTS],
            c[SA_VERLET_HAIR_POINTS], d[SA_VERLET_HAIR_POINTS];
        run_motion(a, 30, s);
        run_motion(b, 60, s);
        run_motion(c, 120, s);
        run_motion(d, 240, s);
        assert_true(max_point_distance(a, c, SA_VERLET_HAIR_POINTS) < 1.5);
        assert_true(max_point_distance(c, d, SA_VERLET_HAIR_POINTS) <
                    0.75 * max_point_distance(b, c, SA_VERLET_HAIR_POINTS));
    }

    /* A free swing from horizontal, 0.2 s: the part the reference's per-frame update gets wrong. */
    const int fps[] = {30, 120, 1200};
    sa_verlet_point ours[3][SA_VERLET_HAIR_POINTS], theirs[3][SA_VERLET_HAIR_POINTS];
    for (int k = 0; k < 3; ++k) {
        sa_verlet_chain_init(ours[k], SA_VERLET_HAIR_POINTS, sa_v2(0, 0), sa_v2(1, 0), 9);
        sa_verlet_chain_init(theirs[k], SA_VERLET_HAIR_POINTS, sa_v2(0, 0), sa_v2(1, 0), 9);
        const float dt = 1.0f / (float)fps[k];
        for (int f = 0; f < fps[k] / 5; ++f) {
            sa_verlet_chain_step(ours[k], SA_VERLET_HAIR_POINTS, sa_v2(0, 0), NULL, dt);
            reference_step(theirs[k], SA_VERLET_HAIR_POINTS, sa_v2(0, 0), 0, SA_VERLET_GRAVITY / 60,
                           dt);
        }
    }
    assert_true(max_point_distance(ours[0], ours[1], SA_VERLET_HAIR_POINTS) < 1.5);
    assert_true(max_point_distance(ours[1], ours[2], SA_VERLET_HAIR_POINTS) < 1.0);
    /* The reference's update, for contrast, lands far apart at the two frame rates. */
    assert_true(max_point_distance(theirs[0], theirs[1], SA_VERLET_HAIR_POINTS) > 5.0);
}

static void test_verlet_at_60_fps_is_the_reference_update(void **state) {
    (void)state;
    test_rng r = test_rng_make(21);
    const float dt = 1.0f / 60;
    /* The documented conversion of the reference's per-frame constants: lambda / (1 - drag). */
    const float per_frame_to_accel = (float)(-60.0 * log(0.86) / (1 - 0.86));
    const float g = 14.0f;
    /* Two points: the pinned constraint is solved exactly by both, so they agree step by step. */
    for (int run = 0; run < 200; ++run) {
        sa_verlet_point ours[2], theirs[2];
        sa_verlet_chain_init(ours, 2, sa_v2(0, 0), test_rng_v2(&r, -1, 1), 9);
        theirs[0] = ours[0];
        theirs[1] = ours[1];
        sa_vec2 pin = {0, 0};
        const float wind = test_rng_range(&r, -30, 0); /* the reference's per-frame windX */
        for (int f = 0; f < 120; ++f) {
            pin = sa_v2_add(pin, test_rng_v2(&r, -3, 3));
            sa_verlet_config p = sa_verlet_config_default();
            p.accel = sa_v2(wind * per_frame_to_accel, g * per_frame_to_accel);
            sa_verlet_chain_step(ours, 2, pin, &p, dt);
            reference_step(theirs, 2, pin, wind, g, dt);
            assert_near(ours[1].pos.x, theirs[1].pos.x, 2e-3);
            assert_near(ours[1].pos.y, theirs[1].pos.y, 2e-3);
            assert_near(ours[1].prev.x, theirs[1].prev.x, 2e-3);
        }
    }
    /* The reference's four-point hair: the same motion, within the reference's own leftover
     * stretch. */
    sa_verlet_point ours[4], theirs[4];
    run_motion(ours, 60, 0);
    for (int i = 0; i < 4; ++i)
        theirs[i] = ours[i];
    for (int f = 1; f <= 180; ++f) {
        sa_verlet_config p = sa_verlet_config_default();
        p.accel = sa_verlet_hair_accel(speed_at(f * (double)dt), 0);
        sa_verlet_chain_step(ours, 4, head_at(f * (double)dt), &p, dt);
        reference_step(theirs, 4, head_at(f * (double)dt), p.accel.x / per_frame_to_accel,
                       p.accel.y / per_frame_to_accel, dt);
        assert_true(max_point_distance(ours, theirs, 4) < 0.5);
    }
}

/* The default drag at the figure's sub-step (1/120 s) and at 60 fps takes its factors from
 * constants (verlet.c) instead of log and exp: a dt one float away, which computes them, must move
 * a moving, pulled chain to the same place. */
static void test_verlet_default_drag_constants_are_the_formula(void **state) {
    (void)state;
    const float dts[] = {1.0f / 120.0f, 1.0f / 60.0f};
    test_rng r = test_rng_make(0xD4A6);
    for (size_t d = 0; d < sizeof dts / sizeof dts[0]; ++d) {
        for (int run = 0; run < 500; ++run) {
            sa_verlet_point a[2];
            sa_verlet_chain_init(a, 2, sa_v2(0, 0), test_rng_v2(&r, -1, 1), 9);
            a[1].prev = sa_v2_add(a[1].pos, test_rng_v2(&r, -2, 2)); /* moving */
            sa_verlet_point b[2] = {a[0], a[1]};
            sa_verlet_config p = sa_verlet_config_default();
            p.accel = test_rng_v2(&r, -3000, 3000);
            const sa_vec2 pin = test_rng_v2(&r, -2, 2);
            sa_verlet_chain_step(a, 2, pin, &p, dts[d]);
            sa_verlet_chain_step(b, 2, pin, &p, nextafterf(dts[d], 0.0f));
            assert_near(a[1].pos.x, b[1].pos.x, 1e-4);
            assert_near(a[1].pos.y, b[1].pos.y, 1e-4);
            assert_near(a[1].prev.x, b[1].prev.x, 1e-4);
            assert_near(a[1].prev.y, b[1].prev.y, 1e-4);
        }
    }
}

/* The default drag's rate is a constant too (verlet.c), for steps of any length: a drag one float
 * away, whose rate is computed, must move a moving, pulled chain to the same place. */
static void test_verlet_default_drag_rate_is_the_formula(void **state) {
    (void)state;
    test_rng r = test_rng_make(0xD4A7);
    for (int run = 0; run < 500; ++run) {
        const float dt = test_rng_range(&r, 0.001f, 0.0166f);
        sa_verlet_point a[2];
        sa_verlet_chain_init(a, 2, sa_v2(0, 0), test_rng_v2(&r, -1, 1), 9);
        a[1].prev = sa_v2_add(a[1].pos, test_rng_v2(&r, -2, 2)); /* moving */
        sa_verlet_point b[2] = {a[0], a[1]};
        sa_verlet_config p = sa_verlet_config_default(), q = p;
        p.accel = q.accel = test_rng_v2(&r, -3000, 3000);
        q.drag = nextafterf(SA_VERLET_DEFAULT_DRAG, 1.0f);
        const sa_vec2 pin = test_rng_v2(&r, -2, 2);
        sa_verlet_chain_step(a, 2, pin, &p, dt);
        sa_verlet_chain_step(b, 2, pin, &q, dt);
        assert_near(a[1].pos.x, b[1].pos.x, 1e-4);
        assert_near(a[1].pos.y, b[1].pos.y, 1e-4);
        assert_near(a[1].prev.x, b[1].prev.x, 1e-4);
        assert_near(a[1].prev.y, b[1].prev.y, 1e-4);
    }
}

static void test_verlet_zero_dt_keeps_velocities_and_follows_the_pin(void **state) {
    (void)state;
    sa_verlet_point c[SA_VERLET_HAIR_POINTS];
    run_motion(c, 60, 1.3);
    sa_vec2 v[SA_VERLET_HAIR_POINTS];
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        v[i] = sa_verlet_point_velocity(c[i]);
    const sa_vec2 moved = sa_v2_add(c[0].pos, sa_v2(30, -20));
    sa_verlet_chain_step(c, SA_VERLET_HAIR_POINTS, moved, NULL, 0.0f);
    assert_true(c[0].pos.x == moved.x && c[0].pos.y == moved.y);
    assert_lengths(c, SA_VERLET_HAIR_POINTS, 9, 1e-5);
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sa_vec2 w = sa_verlet_point_velocity(c[i]);
        assert_near(w.x, v[i].x, 1e-2);
        assert_near(w.y, v[i].y, 1e-2);
    }
}

/* ---- collision with a circle (the hair over the head) ---------------------------------------- */

static void test_verlet_collide_circle_bad_input_changes_nothing(void **state) {
    (void)state;
    sa_verlet_point c[4], keep[4];
    sa_verlet_chain_init(c, 4, sa_v2(0, 0), sa_v2(1, 0), 9);
    memcpy(keep, c, sizeof c);
    sa_verlet_chain_collide_circle(NULL, 4, sa_v2(9, 0), 5);
    const float bad_radius[] = {0.0f, -1.0f, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad_radius / sizeof bad_radius[0]; ++i)
        sa_verlet_chain_collide_circle(c, 4, sa_v2(9, 0), bad_radius[i]);
    sa_verlet_chain_collide_circle(c, 4, sa_v2(NAN, 0), 5);
    sa_verlet_chain_collide_circle(c, 4, sa_v2(0, INFINITY), 5);
    sa_verlet_chain_collide_circle(c, 1, sa_v2(0, 0), 5); /* only the pin: never moved */
    sa_verlet_chain_collide_circle(c, 0, sa_v2(9, 0), 5);
    assert_memory_equal(c, keep, sizeof c);
    /* A chain with a non-finite point is left for the step to repair. */
    c[2].pos.x = NAN;
    sa_verlet_chain_collide_circle(c, 4, sa_v2(9, 0), 5);
    assert_true(isnan(c[2].pos.x));
    assert_memory_equal(&c[1], &keep[1], sizeof c[1]);
}

/* Random chains and circles: afterwards no free point is inside, the pin has not moved, every
 * segment keeps its length while the pin is on or outside the circle, no velocity points into the
 * circle at a point it pushed out, and a chain already outside is bit-identical. */
static void test_verlet_collide_circle_pushes_points_out_keeping_lengths(void **state) {
    (void)state;
    test_rng r = test_rng_make(77);
    int moved_cases = 0;
    for (int trial = 0; trial < 20000; ++trial) {
        sa_verlet_point c[5];
        const size_t n = 2 + test_rng_next(&r) % 4u;
        const float spacing = test_rng_range(&r, 1, 12);
        const float radius = test_rng_range(&r, 1, 20);
        const sa_vec2 centre = test_rng_v2(&r, -5, 5);
        /* The pin on or outside the circle, or just inside it as the hair's pin is. */
        const float pin_angle = test_rng_range(&r, -3.2f, 3.2f);
        const float pin_r = radius * test_rng_range(&r, 0.9f, 1.6f);
        const sa_vec2 pin =
            sa_v2(centre.x + pin_r * cosf(pin_angle), centre.y + pin_r * sinf(pin_angle));
        c[0].pos = pin;
        c[0].prev = pin;
        for (size_t i = 1; i < n; ++i) {
            const float a = test_rng_range(&r, -3.2f, 3.2f);
            c[i].pos =
                sa_v2(c[i - 1].pos.x + spacing * cosf(a), c[i - 1].pos.y + spacing * sinf(a));
            c[i].prev = sa_v2_add(c[i].pos, test_rng_v2(&r, -2, 2));
        }
        sa_verlet_point before[5];
        memcpy(before, c, sizeof c);
        bool inside = false;
        for (size_t i = 1; i < n; ++i)
            inside = inside || test_distance(c[i].pos, centre) < radius;
        sa_verlet_chain_collide_circle(c, n, centre, radius);
        assert_chain_finite(c, n);
        assert_memory_equal(&c[0], &before[0], sizeof c[0]);
        if (!inside) {
            assert_memory_equal(c, before, n * sizeof c[0]);
            continue;
        }
        ++moved_cases;
        for (size_t i = 1; i < n; ++i)
            assert_true(test_distance(c[i].pos, centre) >= radius * (1 - 1e-5f));
        /* The pin deeper inside than a segment can reach out of may break the first length. */
        const bool reachable = test_distance(pin, centre) >= radius - spacing;
        for (size_t i = reachable ? 1 : 2; i < n; ++i)
            assert_near(test_distance(c[i].pos, c[i - 1].pos), spacing, 1e-3 * spacing);
        /* Point 1 follows the pin, which never moves: when it was inside, it was pushed, and no
         * velocity is left pointing into the circle. */
        if (test_distance(before[1].pos, centre) < radius) {
            const sa_vec2 out = sa_v2_normalize(sa_v2_sub(c[1].pos, centre));
            assert_true(sa_v2_dot(sa_v2_sub(c[1].pos, c[1].prev), out) >= -1e-4f);
        }
    }
    assert_true(moved_cases > 5000);
}

/* Hair pinned at the back of a head, falling across it after each step: it drapes over the head,
 * never inside, and its segments stay the spacing long. */
static void test_verlet_collide_circle_drapes_a_chain_over_a_head(void **state) {
    (void)state;
    const sa_vec2 head = sa_v2(0, 0);
    const float radius = 12;
    sa_verlet_point c[SA_VERLET_HAIR_POINTS];
    const sa_vec2 pin = sa_v2(-10.8f, -3.6f); /* just inside the rim, as the figure pins it */
    sa_verlet_chain_init(c, SA_VERLET_HAIR_POINTS, pin, sa_v2(0, -1), 9); /* straight up */
    sa_verlet_config cfg = sa_verlet_config_default();
    cfg.accel = sa_v2(3000, 900); /* wind blowing it forward over the head */
    for (int frame = 0; frame < 240; ++frame) {
        sa_verlet_chain_step(c, SA_VERLET_HAIR_POINTS, pin, &cfg, 1.0f / 60.0f);
        sa_verlet_chain_collide_circle(c, SA_VERLET_HAIR_POINTS, head, radius);
        for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
            assert_true(test_distance(c[i].pos, head) >= radius * (1 - 1e-5f));
            assert_near(test_distance(c[i].pos, c[i - 1].pos), 9, 1e-3);
        }
    }
    /* It lies on the head, forward of the pin. */
    assert_true(c[SA_VERLET_HAIR_POINTS - 1].pos.x > pin.x + 9);
}

/* Issue 14: a chain laid out along a denormal direction (1e-45, 1e-45) got segments of 12.7
 * instead of 9 (the direction normalised to (1, 1)); one along (FLT_MAX, FLT_MAX) hung down. */
static void test_verlet_tiny_and_huge_directions_lay_out_exact_segments(void **state) {
    (void)state;
    const sa_vec2 dirs[] = {sa_v2(1e-45f, 1e-45f), sa_v2(-3e-45f, 1e-45f), sa_v2(FLT_MAX, FLT_MAX),
                            sa_v2(1e-40f, -1e-40f)};
    for (size_t d = 0; d < sizeof dirs / sizeof dirs[0]; ++d) {
        sa_verlet_point pts[4];
        assert_int_equal(sa_verlet_chain_init(pts, 4, sa_v2(5, 5), dirs[d], 9), SA_OK);
        const double len = hypot(dirs[d].x, dirs[d].y);
        for (int i = 1; i < 4; ++i) {
            assert_near(test_distance(pts[i].pos, pts[i - 1].pos), 9, 1e-4);
            assert_near((pts[i].pos.x - pts[i - 1].pos.x) / 9.0, dirs[d].x / len, 1e-5);
        }
    }
}

#if SAI_HAS_LANES
/* A hair chain near `pin` for the four-lane step, now and then with a nasty number, two points on
 * one spot or a point far off (lengths whose squares underflow or overflow). */
static void lane_chain(test_rng *r, sa_vec2 pin, float spacing, sa_verlet_point *pts) {
    /* (mostly a chain near its lengths, as a step leaves it: the relax passes take the Newton
     * step on some pairs and the exact one on others; else points anywhere near the pin) */
    const bool scattered = test_rng_next(r) % 4u == 0;
    sa_vec2 at = pin;
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        const float turn = test_rng_range(r, -3.1f, 3.1f);
        const float len = spacing * test_rng_range(r, 0.7f, 1.3f) * (i > 0 ? 1.0f : 0.0f);
        at = sai_v2_add(at, sai_v2(len * sinf(turn), len * cosf(turn)));
        pts[i].pos =
            scattered ? sai_v2_add(pin, test_rng_v2(r, -2.0f * spacing, 2.0f * spacing)) : at;
        const float v = scattered ? 3.0f : 0.1f * spacing;
        pts[i].prev = sai_v2_add(pts[i].pos, test_rng_v2(r, -v, v));
    }
    const uint32_t pick = test_rng_next(r) % 16u;
    const int i = (int)(test_rng_next(r) % SA_VERLET_HAIR_POINTS);
    if (pick == 0) pts[i].pos.x = test_rng_nasty(r);
    if (pick == 1) pts[i].prev.y = test_rng_nasty(r);
    if (pick == 2 && i > 0) pts[i].pos = pts[i - 1].pos;
    if (pick == 3) pts[i].pos = sai_v2(3e19f, -3e19f);
    if (pick == 4) pts[i].prev = sai_v2(-0.0f, -0.0f);
}

/* The step a lane takes: mostly a figure's sub-step, now and then one off the common path. */
static float lane_dt(test_rng *r) {
    const float dts[] = {1.0f / 120.0f, 1.0f / 120.0f, 1.0f / 144.0f, 1.0f / 60.0f, 0.017f,
                         0.02f,         5e-5f,         1e-4f,         0.0f,         NAN};
    const uint32_t pick = test_rng_next(r) % 12u;
    return pick < 10 ? dts[pick] : test_rng_range(r, 1e-4f, 0.02f);
}

/* The four-lane hair step: each lane it covers holds sa_verlet_chain_step()'s chain bit for bit,
 * every other lane keeps its chain bit for bit, and it covers a figure's plain sub-steps. */
static void test_verlet_hair_lanes_are_the_scalar_step_bit_for_bit(void **state) {
    (void)state;
    test_rng r = test_rng_make(4242);
    const float drags[] = {SA_VERLET_DEFAULT_DRAG, 0.7f, 0.0f, 1.0f, NAN};
    int covered_count = 0, plain_count = 0;
    for (int round = 0; round < 4000; ++round) {
        sa_verlet_point chains[4][SA_VERLET_HAIR_POINTS];
        sa_vec2 pin[4];
        sa_verlet_config cfg[4];
        float dt[4];
        sai_i4 lanes;
        bool plain[4];
        sai_hair4 c;
        const bool all_plain = round % 4 == 0; /* four figures' sub-steps at 1/120 s */
        for (int k = 0; k < 4; ++k) {
            cfg[k] = sa_verlet_config_default();
            cfg[k].spacing = all_plain ? 9.0f : test_rng_range(&r, 1e-3f, 200.0f);
            cfg[k].accel = test_rng_v2(&r, -2000.0f, 2000.0f);
            pin[k] = test_rng_v2(&r, -500.0f, 500.0f);
            dt[k] = 1.0f / 120.0f;
            lanes[k] = all_plain || test_rng_next(&r) % 8u ? -1 : 0;
            for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
                chains[k][i].pos = sai_v2_add(pin[k], sai_v2(0.0f, cfg[k].spacing * (float)i));
                chains[k][i].prev = sai_v2_add(chains[k][i].pos, test_rng_v2(&r, -2.0f, 2.0f));
            }
            plain[k] = all_plain;
            if (!all_plain) {
                cfg[k].drag = drags[test_rng_next(&r) % 5u];
                if (test_rng_next(&r) % 16u == 0) cfg[k].accel.y = test_rng_nasty(&r);
                if (test_rng_next(&r) % 16u == 0) pin[k].x = test_rng_nasty(&r);
                if (test_rng_next(&r) % 32u == 0) cfg[k].iterations = 3;
                dt[k] = lane_dt(&r);
                lane_chain(&r, pin[k], cfg[k].spacing, chains[k]);
            }
            for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
                c.x[i][k] = chains[k][i].pos.x;
                c.y[i][k] = chains[k][i].pos.y;
                c.px[i][k] = chains[k][i].prev.x;
                c.py[i][k] = chains[k][i].prev.y;
            }
        }
        sai_hair4_step in;
        for (int k = 0; k < 4; ++k) {
            in.pin_x[k] = pin[k].x;
            in.pin_y[k] = pin[k].y;
            in.accel_x[k] = cfg[k].accel.x;
            in.accel_y[k] = cfg[k].accel.y;
            in.spacing[k] = cfg[k].spacing;
            in.drag[k] = cfg[k].drag;
            in.dt[k] = dt[k];
            /* (the lanes take the default iterations) */
            if (cfg[k].iterations != SA_VERLET_DEFAULT_ITERATIONS) lanes[k] = 0;
        }
        const sai_hair4 from = c;
        const sai_i4 covered = sai_verlet_hair_step4(&from, &c, &in, lanes);
        for (int k = 0; k < 4; ++k) {
            if (covered[k]) {
                assert_true(lanes[k] != 0);
                sa_verlet_chain_step(chains[k], SA_VERLET_HAIR_POINTS, pin[k], &cfg[k], dt[k]);
                ++covered_count;
            }
            if (plain[k]) {
                assert_true(covered[k] != 0);
                ++plain_count;
            }
            for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
                const float lane[4] = {c.x[i][k], c.y[i][k], c.px[i][k], c.py[i][k]};
                const float want[4] = {chains[k][i].pos.x, chains[k][i].pos.y, chains[k][i].prev.x,
                                       chains[k][i].prev.y};
                assert_memory_equal(lane, want, sizeof lane);
            }
        }
    }
    /* (the random rounds take the common path too, and leave it: a NaN drag or an infinite
     * acceleration, which the scalar step repairs, to the scalar step) */
    assert_true(covered_count > plain_count + 3000);
    assert_true(covered_count < 4 * 4000);
}

/* The four-lane collision with the head: each lane it covers holds
 * sa_verlet_chain_collide_circle()'s chain bit for bit, every other lane keeps its chain, and it
 * covers chains draped over the circle, their points inside it. */
/* Four random chains in the lanes of *c and a step of them in *in (hostile values now and then);
 * the lanes taken: each, or (one round in six) none. */
static sai_i4 random_lane_set(test_rng *r, sai_hair4 *c, sai_hair4_step *in) {
    const float drags[] = {SA_VERLET_DEFAULT_DRAG, 0.7f, 0.0f, 1.0f, NAN};
    const bool none = test_rng_next(r) % 6u == 0;
    sai_i4 lanes;
    for (int k = 0; k < 4; ++k) {
        sa_verlet_point chain[SA_VERLET_HAIR_POINTS];
        const float spacing = test_rng_next(r) % 2u ? 9.0f : test_rng_range(r, 1e-3f, 200.0f);
        sa_vec2 pin = test_rng_v2(r, -500.0f, 500.0f);
        lane_chain(r, pin, spacing, chain);
        if (test_rng_next(r) % 16u == 0) pin.x = test_rng_nasty(r);
        for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
            c->x[i][k] = chain[i].pos.x;
            c->y[i][k] = chain[i].pos.y;
            c->px[i][k] = chain[i].prev.x;
            c->py[i][k] = chain[i].prev.y;
        }
        in->pin_x[k] = pin.x;
        in->pin_y[k] = pin.y;
        in->accel_x[k] = test_rng_range(r, -2000.0f, 2000.0f);
        in->accel_y[k] = test_rng_next(r) % 16u ? 900.0f : test_rng_nasty(r);
        in->spacing[k] = spacing;
        in->drag[k] = test_rng_next(r) % 2u ? SA_VERLET_DEFAULT_DRAG : drags[test_rng_next(r) % 5u];
        in->dt[k] = test_rng_next(r) % 2u ? 1.0f / 120.0f : lane_dt(r);
        lanes[k] = none ? 0 : -1;
    }
    return lanes;
}

/* Two sets of four chains stepped together (their passes interleaved) are each what a step of
 * the set alone leaves, bit for bit, with the same lanes covered: a set with no lane to step,
 * hostile values and lanes off the common path included. */
static void test_verlet_hair_two_sets_are_each_set_alone(void **state) {
    (void)state;
    test_rng r = test_rng_make(4343);
    int together = 0;
    for (int round = 0; round < 4000; ++round) {
        sai_hair4 from[2], to[2], alone[2];
        sai_hair4_step in[2];
        sai_i4 lanes[2], done[2];
        for (int g = 0; g < 2; ++g)
            lanes[g] = random_lane_set(&r, &from[g], &in[g]);
        const sai_hair4 *const f[2] = {&from[0], &from[1]};
        sai_hair4 *const t[2] = {&to[0], &to[1]};
        const sai_hair4_step *const steps[2] = {&in[0], &in[1]};
        sai_verlet_hair_step4x2(f, t, steps, lanes, done);
        for (int g = 0; g < 2; ++g) {
            const sai_i4 alone_done = sai_verlet_hair_step4(&from[g], &alone[g], &in[g], lanes[g]);
            assert_memory_equal(&done[g], &alone_done, sizeof alone_done);
            assert_memory_equal(&to[g], &alone[g], sizeof alone[g]);
        }
        together += sai_lanes_any(done[0]) && sai_lanes_any(done[1]);
    }
    assert_true(together > 2000); /* (most rounds step both sets at once) */
}

static void test_verlet_hair_lanes_collide_as_the_scalar_call_bit_for_bit(void **state) {
    (void)state;
    test_rng r = test_rng_make(4343);
    int covered_count = 0, covered_inside = 0;
    for (int round = 0; round < 4000; ++round) {
        sa_verlet_point chains[4][SA_VERLET_HAIR_POINTS];
        bool inside[4] = {false, false, false, false};
        sai_f4 cx, cy, radius;
        sai_i4 lanes;
        sai_hair4 c;
        for (int k = 0; k < 4; ++k) {
            const sa_vec2 centre = test_rng_v2(&r, -300.0f, 300.0f);
            const float rad = test_rng_range(&r, 1.0f, 40.0f);
            /* a chain from near the circle's edge, its points in and out of it */
            sa_vec2 p = sai_v2_add(centre, test_rng_v2(&r, -1.2f * rad, 1.2f * rad));
            for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
                chains[k][i].pos = p;
                chains[k][i].prev = sai_v2_add(p, test_rng_v2(&r, -4.0f, 4.0f));
                p = sai_v2_add(p, test_rng_v2(&r, -0.8f * rad, 0.8f * rad));
                if (i == 1 && test_rng_next(&r) % 4u == 0) p = centre; /* deep inside */
            }
            const uint32_t pick = test_rng_next(&r) % 24u;
            const int i = (int)(test_rng_next(&r) % SA_VERLET_HAIR_POINTS);
            if (pick == 0) chains[k][i].pos.y = test_rng_nasty(&r);
            if (pick == 1 && i > 0) chains[k][i].pos = chains[k][i - 1].pos;
            if (pick == 2) chains[k][i].prev = sai_v2(-0.0f, -0.0f);
            cx[k] = pick == 3 ? NAN : centre.x;
            cy[k] = centre.y;
            radius[k] = pick == 4 ? test_rng_nasty(&r) : rad;
            lanes[k] = test_rng_next(&r) % 8u ? -1 : 0;
            for (int j = 0; j < SA_VERLET_HAIR_POINTS; ++j) {
                c.x[j][k] = chains[k][j].pos.x;
                c.y[j][k] = chains[k][j].pos.y;
                c.px[j][k] = chains[k][j].prev.x;
                c.py[j][k] = chains[k][j].prev.y;
                const sa_vec2 out = sai_v2_sub(chains[k][j].pos, centre);
                inside[k] = inside[k] || (j > 0 && sai_v2_dot(out, out) < rad * rad);
            }
        }
        const sai_i4 covered = sai_verlet_hair_collide4(&c, cx, cy, radius, lanes);
        for (int k = 0; k < 4; ++k) {
            if (covered[k]) {
                assert_true(lanes[k] != 0);
                sa_verlet_chain_collide_circle(chains[k], SA_VERLET_HAIR_POINTS,
                                               sai_v2(cx[k], cy[k]), radius[k]);
                ++covered_count;
                covered_inside += inside[k];
            }
            for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
                const float lane[4] = {c.x[i][k], c.y[i][k], c.px[i][k], c.py[i][k]};
                const float want[4] = {chains[k][i].pos.x, chains[k][i].pos.y, chains[k][i].prev.x,
                                       chains[k][i].prev.y};
                assert_memory_equal(lane, want, sizeof lane);
            }
        }
    }
    /* (most lanes are covered, many with points inside the circle, and some are not) */
    assert_true(covered_count > 2 * 4000);
    assert_true(covered_count < 4 * 4000);
    assert_true(covered_inside > 4000);
}
#endif

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_verlet_bad_input_gets_documented_results),
        cmocka_unit_test(test_verlet_no_nan_from_any_input),
        cmocka_unit_test(test_verlet_segments_keep_their_spacing_after_every_step),
        cmocka_unit_test(test_verlet_at_rest_under_gravity_hangs_straight_down),
        cmocka_unit_test(test_verlet_with_wind_it_streams_downwind),
        cmocka_unit_test(test_verlet_after_a_one_second_hitch_is_finite_and_sane),
        cmocka_unit_test(test_verlet_30_and_120_fps_runs_end_close),
        cmocka_unit_test(test_verlet_at_60_fps_is_the_reference_update),
        cmocka_unit_test(test_verlet_default_drag_constants_are_the_formula),
        cmocka_unit_test(test_verlet_default_drag_rate_is_the_formula),
        cmocka_unit_test(test_verlet_zero_dt_keeps_velocities_and_follows_the_pin),
        cmocka_unit_test(test_verlet_collide_circle_bad_input_changes_nothing),
        cmocka_unit_test(test_verlet_collide_circle_pushes_points_out_keeping_lengths),
        cmocka_unit_test(test_verlet_collide_circle_drapes_a_chain_over_a_head),
        cmocka_unit_test(test_verlet_tiny_and_huge_directions_lay_out_exact_segments),
#if SAI_HAS_LANES
        cmocka_unit_test(test_verlet_hair_lanes_are_the_scalar_step_bit_for_bit),
        cmocka_unit_test(test_verlet_hair_two_sets_are_each_set_alone),
        cmocka_unit_test(test_verlet_hair_lanes_collide_as_the_scalar_call_bit_for_bit),
#endif
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
