#include "test_support.h"

#include <float.h>

#include <stickanim/gait.h>

#include "internal/gait_mix.h"

static sa_gait mixed(float t) {
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    return sa_gait_mix(&walk, &run, t);
}

static bool gait_equal(sa_gait a, sa_gait b) {
    return a.stride == b.stride && a.cadence == b.cadence && a.duty == b.duty &&
           a.step_height == b.step_height && a.bob == b.bob && a.bob_shift == b.bob_shift &&
           a.lean == b.lean;
}

static void test_gait_bad_input_gives_documented_finite_results(void **state) {
    (void)state;
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    /* NULL reads as the walk (the second gait of a mix as the run). */
    const sa_gait_foot fn = sa_gait_sample(NULL, 0.3f), fw = sa_gait_sample(&walk, 0.3f);
    assert_true(fn.x == fw.x && fn.lift == fw.lift && fn.planted == fw.planted);
    assert_true(sa_gait_ground_speed(NULL) == sa_gait_ground_speed(&walk));
    assert_true(sa_gait_hip_offset(NULL, 0.2f) == sa_gait_hip_offset(&walk, 0.2f));
    assert_true(gait_equal(sa_gait_mix(NULL, NULL, 0.0f), walk));
    assert_true(gait_equal(sa_gait_mix(NULL, NULL, 1.0f), run));
    /* NaN or infinite phase reads as 0: the start of stance, foot half a stride ahead. */
    const sa_gait_foot f0 = sa_gait_sample(&walk, NAN);
    assert_near(f0.x, 22, 0);
    assert_true(f0.planted);
    assert_near(sa_gait_sample(&walk, INFINITY).x, 22, 0);
    assert_near(sa_gait_hip_offset(&walk, -INFINITY), sa_gait_hip_offset(&walk, 0), 0);
    /* Non-finite fields take the walk's value; duty is clamped; negative heights read as 0. */
    sa_gait bad = {NAN, INFINITY, -INFINITY, NAN, NAN, NAN, NAN};
    assert_true(gait_equal(sa_gait_mix(&bad, &bad, 0.5f), walk));
    assert_int_equal(sa_gait_validate(&bad), SA_ERR_NOT_FINITE);
    bad = walk;
    bad.duty = 0.0f;
    assert_int_equal(sa_gait_validate(&bad), SA_ERR_RANGE);
    assert_near(sa_gait_mix(&bad, &bad, 0).duty, SA_GAIT_DUTY_MIN, 0);
    assert_near(sa_gait_ground_speed(&bad), 44.0 * 1.5 / SA_GAIT_DUTY_MIN, 1e-2);
    bad.duty = 1.5f;
    assert_near(sa_gait_mix(&bad, &bad, 0).duty, SA_GAIT_DUTY_MAX, 0);
    bad = walk;
    bad.step_height = -5.0f;
    bad.bob = -3.0f;
    assert_int_equal(sa_gait_validate(&bad), SA_ERR_RANGE);
    for (int i = 0; i < 100; ++i) {
        assert_true(sa_gait_sample(&bad, (float)i / 100.0f).lift == 0.0f);
        assert_true(sa_gait_hip_offset(&bad, (float)i / 100.0f) == 0.0f);
    }
    assert_int_equal(sa_gait_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_gait_validate(&walk), SA_OK);
    assert_int_equal(sa_gait_validate(&run), SA_OK);
    /* Mix factor: clamped, NaN reads as 0. */
    assert_true(gait_equal(sa_gait_mix(&walk, &run, NAN), walk));
    assert_true(gait_equal(sa_gait_mix(&walk, &run, -3.0f), walk));
    assert_true(gait_equal(sa_gait_mix(&walk, &run, 7.0f), run));
    /* Absurd but finite gaits stay finite. */
    const sa_gait huge = {FLT_MAX, FLT_MAX, SA_GAIT_DUTY_MIN, FLT_MAX, FLT_MAX, FLT_MAX, FLT_MAX};
    assert_near(sa_gait_ground_speed(&huge), FLT_MAX, 0);
    assert_finite(sa_gait_sample(&huge, 0.7f).x);
    assert_finite(sa_gait_sample(&huge, 0.7f).lift);
    assert_near(sa_gait_mix_for_speed(&walk, &run, NAN), 0, 0);
    assert_near(sa_gait_mix_for_speed(&walk, &run, INFINITY), 1, 0);
    assert_near(sa_gait_mix_for_speed(&walk, &run, -INFINITY), 0, 0);
    assert_near(sa_gait_mix_for_speed(NULL, NULL, sa_gait_ground_speed(&run)), 1, 0);
}

static void test_gait_no_nan_from_any_input(void **state) {
    (void)state;
    test_rng r = test_rng_make(11);
    for (int i = 0; i < 50000; ++i) {
        sa_gait g = {test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r),
                     test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r)};
        sa_gait h = {test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r),
                     test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r)};
        const float p = test_rng_nasty(&r), q = test_rng_nasty(&r), s = test_rng_nasty(&r);
        const sa_gait_foot f = sa_gait_sample(&g, p);
        assert_finite(f.x);
        assert_finite(f.lift);
        assert_true(f.lift >= 0.0f);
        assert_finite(sa_gait_hip_offset(&g, p));
        assert_true(sa_gait_hip_offset(&g, p) <= 0.0f);
        assert_finite(sa_gait_ground_speed(&g));
        const sa_gait m = sa_gait_mix(&g, &h, q);
        assert_int_equal(sa_gait_validate(&m), SA_OK);
        const float t = sa_gait_mix_for_speed(&g, &h, s);
        assert_true(t >= 0.0f && t <= 1.0f);
    }
}

static void test_gait_walk_and_run_are_the_reference_gaits(void **state) {
    (void)state;
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    assert_near(walk.stride, 44, 0);
    assert_near(walk.cadence, 1.5, 0);
    assert_near(walk.duty, 0.62f, 0);
    assert_near(run.stride, 60, 0);
    assert_near(run.cadence, 2.55f, 0);
    assert_near(run.duty, 0.40f, 0);
    /* The reference's ground speeds: walk ~106, run ~383; stride x cadence / duty, not stride x
     * cadence.
     */
    assert_near(sa_gait_ground_speed(&walk), 44.0 * 1.5 / 0.62, 1e-4);
    assert_near(sa_gait_ground_speed(&run), 382.5, 1e-3);
    /* The run lifts its feet higher, bobs more and leans further than the walk. */
    assert_true(run.step_height > walk.step_height);
    assert_true(run.bob > walk.bob);
    assert_true(run.lean > walk.lean && walk.lean >= 0.0f);
}

/* The planted-foot test: the figure stays on the spot, the ground scrolls back at the
 * gait's ground speed, and a planted foot's world x (its x relative to the hip plus the distance
 * scrolled) must not move over a whole stance. Integrated frame by frame as a game would. */
static double worst_planted_drift(const sa_gait *g, float dt, float start_phase) {
    const float speed = sa_gait_ground_speed(g);
    float phase = start_phase;
    double scrolled = 0.0, worst = 0.0, anchor = 0.0;
    bool was_planted = false;
    int stances = 0;
    /* Two full cycles: every phase of the stance is visited at least once from touchdown. */
    const int frames = (int)(2.0f / (g->cadence * dt)) + 2;
    for (int i = 0; i < frames; ++i) {
        const sa_gait_foot f = sa_gait_sample(g, phase);
        const double world = (double)f.x + scrolled;
        if (f.planted && !was_planted) {
            anchor = world;
            ++stances;
        }
        if (f.planted && was_planted) {
            const double drift = fabs(world - anchor);
            if (drift > worst) worst = drift;
        }
        was_planted = f.planted;
        phase = sa_phase_advance(phase, g->cadence * dt);
        scrolled += (double)speed * (double)dt;
    }
    assert_true(stances >= 1);
    return worst;
}

static void test_gait_planted_foot_does_not_slide_at_any_mix(void **state) {
    (void)state;
    for (int k = 0; k <= 40; ++k) {
        const sa_gait g = mixed((float)k / 40.0f);
        for (int d = 0; d < 3; ++d) {
            const float dt = d == 0 ? 1e-3f : (d == 1 ? 1.0f / 240.0f : 1.0f / 60.0f);
            const double drift = worst_planted_drift(&g, dt, 0.013f * (float)d);
            if (!(drift <= 1e-3)) {
                print_error("mix %d/40, dt %g: planted foot drifted %.3g\n", k, (double)dt, drift);
                fail();
            }
        }
    }
    /* The foot speed in stance is stride * cadence / duty, so stride * cadence would skate. */
    const sa_gait walk = sa_gait_walk();
    const sa_gait_foot a = sa_gait_sample(&walk, 0.1f), b = sa_gait_sample(&walk, 0.2f);
    assert_true(a.planted && b.planted);
    const double foot_speed = (double)(a.x - b.x) / (0.1 / (double)walk.cadence);
    assert_near(foot_speed, sa_gait_ground_speed(&walk), 1e-3);
    assert_true(fabs(foot_speed - 44.0 * 1.5) > 30.0);
}

/* Scans the phase finely for the two feet's contact pattern. */
static void contact_pattern(const sa_gait *g, bool *flight, bool *double_support) {
    *flight = *double_support = false;
    for (int i = 0; i < 20000; ++i) {
        const float p = (float)i / 20000.0f;
        const bool near = sa_gait_sample(g, p).planted, far = sa_gait_sample(g, p + 0.5f).planted;
        if (!near && !far) *flight = true;
        if (near && far) *double_support = true;
    }
}

static void test_gait_flight_and_double_support_follow_duty(void **state) {
    (void)state;
    /* Duty factors around 0.5, including 0.5 itself: neither flight nor double support. */
    static const float duties[] = {0.30f,  0.40f, 0.45f, 0.49f, 0.499f, 0.5f,
                                   0.501f, 0.51f, 0.55f, 0.62f, 0.75f};
    for (size_t i = 0; i < sizeof duties / sizeof duties[0]; ++i) {
        sa_gait g = sa_gait_walk();
        g.duty = duties[i];
        bool flight, dbl;
        contact_pattern(&g, &flight, &dbl);
        assert_int_equal(flight, g.duty < 0.5f);
        assert_int_equal(dbl, g.duty > 0.5f);
    }
    /* And along the walk -> run mix, which crosses duty 0.5 at t = 6/11. */
    for (int k = 0; k <= 22; ++k) {
        const sa_gait g = mixed((float)k / 22.0f);
        bool flight, dbl;
        /* Within a grid step of 0.5 the scan cannot see the sliver; 0.5 itself is covered above. */
        if (fabsf(g.duty - 0.5f) < 1e-3f) continue;
        contact_pattern(&g, &flight, &dbl);
        assert_int_equal(flight, g.duty < 0.5f);
        assert_int_equal(dbl, g.duty > 0.5f);
    }
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    bool flight, dbl;
    contact_pattern(&walk, &flight, &dbl);
    assert_true(!flight && dbl);
    contact_pattern(&run, &flight, &dbl);
    assert_true(flight && !dbl);
}

static void test_gait_feet_are_half_a_cycle_apart(void **state) {
    (void)state;
    const sa_gait run = sa_gait_run();
    /* Touchdowns (swing -> stance) of the near foot come at phase 0, of the far foot at 0.5. */
    int near_down = -1, far_down = -1;
    bool near_prev = sa_gait_sample(&run, -0.001f).planted;
    bool far_prev = sa_gait_sample(&run, 0.499f).planted;
    for (int i = 0; i < 1000; ++i) {
        const float p = (float)i / 1000.0f;
        const bool near = sa_gait_sample(&run, p).planted,
                   far = sa_gait_sample(&run, p + 0.5f).planted;
        if (near && !near_prev) near_down = i;
        if (far && !far_prev) far_down = i;
        near_prev = near;
        far_prev = far;
    }
    assert_int_equal(near_down, 0);
    assert_int_equal(far_down, 500);
    /* Lift-offs likewise: near at duty, far at duty + 0.5 (the far foot samples p + 0.5). */
    const float far_lift_off = run.duty + 0.5f;
    assert_true(sa_gait_sample(&run, run.duty - 1e-4f).planted);
    assert_false(sa_gait_sample(&run, run.duty).planted);
    assert_true(sa_gait_sample(&run, (far_lift_off - 1e-4f) + 0.5f).planted);
    assert_false(sa_gait_sample(&run, (far_lift_off + 1e-4f) + 0.5f).planted);
    /* When the near foot is in mid-stance (under the hip), the far one is in mid-swing. */
    const sa_gait_foot near_mid = sa_gait_sample(&run, run.duty * 0.5f);
    const sa_gait_foot far_then = sa_gait_sample(&run, run.duty * 0.5f + 0.5f);
    assert_near(near_mid.x, 0, 1e-5);
    assert_false(far_then.planted);
    assert_true(far_then.lift > 0.9f * run.step_height);
    /* Mirror symmetry of the stance: the hip is over the foot half-way through it. */
    assert_near(sa_gait_sample(&run, 0.2f).x, 0, 1e-5);
}

static void test_gait_foot_path_is_continuous_and_as_specified(void **state) {
    (void)state;
    for (int k = 0; k <= 10; ++k) {
        const sa_gait g = mixed((float)k / 10.0f);
        const float half = g.stride * 0.5f;
        /* Lipschitz bounds: stance slope stride/duty, swing slope 1.5 stride/(1 - duty) and
         * pi step_height/(1 - duty) per unit phase. */
        const double h = 1.0 / 8192.0;
        const double lx = g.stride / g.duty + 1.5 * g.stride / (1.0 - g.duty);
        const double ll = SA_PI * g.step_height / (1.0 - g.duty);
        sa_gait_foot prev = sa_gait_sample(&g, -(float)h);
        for (int i = 0; i <= 8192 * 2; ++i) { /* two cycles: crosses the wrap twice */
            const float p = (float)(i * h);
            const sa_gait_foot f = sa_gait_sample(&g, p);
            assert_true(fabs((double)f.x - prev.x) <= lx * h + 1e-4);
            assert_true(fabs((double)f.lift - prev.lift) <= ll * h + 1e-4);
            assert_true(f.x >= -half && f.x <= half);
            assert_true(f.lift >= 0.0f && f.lift <= g.step_height);
            if (f.planted) assert_true(f.lift == 0.0f);
            prev = f;
        }
        /* Exact values at the boundaries and in the middle of the swing. */
        const sa_gait_foot td = sa_gait_sample(&g, 0.0f), lo = sa_gait_sample(&g, g.duty);
        assert_true(td.planted && !lo.planted);
        assert_near(td.x, half, 1e-5);
        assert_near(lo.x, -half, 1e-5);
        assert_near(lo.lift, 0, 1e-5);
        const sa_gait_foot mid = sa_gait_sample(&g, g.duty + (1.0f - g.duty) * 0.5f);
        assert_near(mid.x, 0, 1e-4);
        assert_near(mid.lift, g.step_height, 1e-4);
        /* A quarter into the swing: smoothstep(1/4) = 5/32 of the way forward, lift sin(pi/4). */
        const sa_gait_foot quarter = sa_gait_sample(&g, g.duty + (1.0f - g.duty) * 0.25f);
        assert_near(quarter.x, -half + g.stride * 5.0f / 32.0f, 1e-4);
        assert_near(quarter.lift, g.step_height * sqrt(0.5), 1e-4);
        /* And in stance, linear: a quarter of the stance is a quarter of the stride. */
        assert_near(sa_gait_sample(&g, g.duty * 0.25f).x, half - 0.25f * g.stride, 1e-4);
        /* Just before the wrap the foot is back at +stride/2 and down. */
        const sa_gait_foot end = sa_gait_sample(&g, nextafterf(1.0f, 0.0f));
        assert_near(end.x, half, 1e-4);
        assert_near(end.lift, 0, 1e-4);
    }
}

static void test_gait_any_real_phase_is_wrapped(void **state) {
    (void)state;
    const sa_gait g = sa_gait_walk();
    for (int i = 0; i < 200; ++i) {
        const float p = (float)i / 200.0f;
        const sa_gait_foot f = sa_gait_sample(&g, p);
        for (int c = -3; c <= 3; ++c) {
            const sa_gait_foot w = sa_gait_sample(&g, p + (float)c);
            assert_near(w.x, f.x, 2e-4);
            assert_near(w.lift, f.lift, 2e-4);
            assert_near(sa_gait_hip_offset(&g, p + (float)c), sa_gait_hip_offset(&g, p), 1e-5);
        }
    }
}

static void test_gait_hip_bob_peaks_where_the_gait_wants_it(void **state) {
    (void)state;
    for (int k = 0; k <= 10; ++k) {
        const sa_gait g = mixed((float)k / 10.0f);
        for (int i = 0; i < 1000; ++i) {
            const float p = (float)i / 1000.0f;
            const float o = sa_gait_hip_offset(&g, p);
            assert_true(o <= 0.0f && o >= -g.bob);
            /* Once per step: the two feet see the same bob. */
            assert_near(o, sa_gait_hip_offset(&g, p + 0.5f), 1e-5);
        }
        assert_near(sa_gait_hip_offset(&g, g.bob_shift), 0, 1e-5);
        assert_near(sa_gait_hip_offset(&g, g.bob_shift + 0.25f), -g.bob, 1e-5);
    }
    /* Walk: highest in the middle of single support (one foot down), lowest in the middle of
     * double support. Run: lowest in mid-stance, highest in mid-flight (no foot down). */
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    const float walk_high = walk.duty * 0.5f, walk_low = walk_high - 0.25f;
    assert_near(sa_gait_hip_offset(&walk, walk_high), -walk.bob, 1e-5);
    assert_near(sa_gait_hip_offset(&walk, walk_low), 0, 1e-5);
    assert_true(sa_gait_sample(&walk, walk_high).planted);
    assert_false(sa_gait_sample(&walk, walk_high + 0.5f).planted);
    assert_true(sa_gait_sample(&walk, walk_low).planted);
    assert_true(sa_gait_sample(&walk, walk_low + 0.5f).planted);
    const float run_low = run.duty * 0.5f, run_high = run_low + 0.25f;
    assert_near(sa_gait_hip_offset(&run, run_low), 0, 1e-5);
    assert_near(sa_gait_hip_offset(&run, run_high), -run.bob, 1e-5);
    assert_false(sa_gait_sample(&run, run_high).planted);
    assert_false(sa_gait_sample(&run, run_high + 0.5f).planted);
    /* The run's mid-flight is the middle of the interval with neither foot down. */
    assert_near(run_high, (run.duty + 0.5f) * 0.5f, 1e-6);
}

static void test_gait_mix_blends_every_field(void **state) {
    (void)state;
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    assert_true(gait_equal(sa_gait_mix(&walk, &run, 0.0f), walk));
    assert_true(gait_equal(sa_gait_mix(&walk, &run, 1.0f), run));
    const sa_gait h = sa_gait_mix(&walk, &run, 0.5f);
    assert_near(h.stride, 52, 1e-5);
    assert_near(h.cadence, 2.025, 1e-5);
    assert_near(h.duty, 0.51, 1e-6);
    assert_near(h.step_height, 15, 1e-5);
    assert_near(h.bob, 5.5, 1e-6);
    assert_near(h.bob_shift, 0.13, 1e-6);
    assert_near(h.lean, 0.115, 1e-6);
    /* Ground speed rises monotonically from walk to run: the mix can be inverted. */
    float prev = sa_gait_ground_speed(&walk);
    for (int k = 1; k <= 1000; ++k) {
        const sa_gait g = mixed((float)k / 1000.0f);
        const float s = sa_gait_ground_speed(&g);
        assert_true(s > prev);
        prev = s;
    }
}

static void test_gait_mix_for_speed_hits_the_speed(void **state) {
    (void)state;
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    const double v0 = sa_gait_ground_speed(&walk), v1 = sa_gait_ground_speed(&run);
    for (int i = 0; i <= 2000; ++i) {
        const float v = (float)(v0 + (v1 - v0) * i / 2000.0);
        const float t = sa_gait_mix_for_speed(&walk, &run, v);
        assert_true(t >= 0.0f && t <= 1.0f);
        const sa_gait g = sa_gait_mix(&walk, &run, t);
        /* Exact to what float t can resolve: the speed moves ~280 units/s per unit t. */
        assert_near(sa_gait_ground_speed(&g), v, 1e-4);
        /* And the float next to t on either side is no better. */
        const sa_gait gl = sa_gait_mix(&walk, &run, nextafterf(t, 0.0f));
        const sa_gait gh = sa_gait_mix(&walk, &run, nextafterf(t, 2.0f));
        const double e = fabs((double)sa_gait_ground_speed(&g) - v);
        if (t > 0.0f) assert_true(e <= fabs((double)sa_gait_ground_speed(&gl) - v));
        if (t < 1.0f) assert_true(e <= fabs((double)sa_gait_ground_speed(&gh) - v));
    }
    assert_near(sa_gait_mix_for_speed(&walk, &run, (float)v0), 0, 1e-6);
    assert_near(sa_gait_mix_for_speed(&walk, &run, (float)v1), 1, 1e-6);
    /* Out of range clamps to the nearest end. */
    assert_near(sa_gait_mix_for_speed(&walk, &run, 50.0f), 0, 0);
    assert_near(sa_gait_mix_for_speed(&walk, &run, 0.0f), 0, 0);
    assert_near(sa_gait_mix_for_speed(&walk, &run, 1000.0f), 1, 0);
    /* Reversed order works too: t now measures from the run. */
    const float tr = sa_gait_mix_for_speed(&run, &walk, 200.0f);
    const sa_gait gr = sa_gait_mix(&run, &walk, tr);
    assert_near(sa_gait_ground_speed(&gr), 200, 1e-4);
    /* A curve that rises and falls: with equal duty 0.5 the speed of the mix is
     * 2(100 − 90t)(0.5 + 4.5t) = 100 + 810t − 810t², 100 at both ends and 302.5 at t = 1/2. */
    sa_gait up = walk, down = walk;
    up.stride = 100.0f;
    up.cadence = 0.5f;
    up.duty = 0.5f;
    down.stride = 10.0f;
    down.cadence = 5.0f;
    down.duty = 0.5f;
    /* 200 is crossed twice, at (810 ∓ sqrt(810² − 4·810·100)) / 1620: the smaller t is the answer.
     */
    assert_near(sa_gait_mix_for_speed(&up, &down, 200.0f), (810.0 - sqrt(332100.0)) / 1620.0, 1e-6);
    /* Above the peak no t works: the peak is the closest. */
    assert_near(sa_gait_mix_for_speed(&up, &down, 400.0f), 0.5, 1e-6);
    /* Below both ends the closer end wins (both are 100; the first). */
    assert_near(sa_gait_mix_for_speed(&up, &down, 10.0f), 0, 0);
    /* A constant-speed pair: any t works, the smallest (0) is returned. */
    assert_near(sa_gait_mix_for_speed(&walk, &walk, (float)v0), 0, 0);
}

static void test_gait_mix_for_speed_solves_any_pair(void **state) {
    (void)state;
    test_rng r = test_rng_make(77);
    int hit = 0, nonmono = 0;
    for (int i = 0; i < 20000; ++i) {
        sa_gait a = sa_gait_walk(), b = sa_gait_run();
        a.stride = test_rng_range(&r, 5, 120);
        b.stride = test_rng_range(&r, 5, 120);
        a.cadence = test_rng_range(&r, 0.2f, 4);
        b.cadence = test_rng_range(&r, 0.2f, 4);
        a.duty = test_rng_range(&r, 0.2f, 0.8f);
        b.duty = test_rng_range(&r, 0.2f, 0.8f);
        /* Reference in double: the curve on a fine grid gives its range and first crossing. */
        double lo = INFINITY, hi = -INFINITY;
        double prev = 0.0;
        bool rising = false, falling = false;
        for (int k = 0; k <= 400; ++k) {
            const sa_gait m = sa_gait_mix(&a, &b, (float)k / 400.0f);
            const double s = sa_gait_ground_speed(&m);
            if (s < lo) lo = s;
            if (s > hi) hi = s;
            if (k > 0 && s > prev) rising = true;
            if (k > 0 && s < prev) falling = true;
            prev = s;
        }
        if (rising && falling) ++nonmono;
        const float v = test_rng_range(&r, (float)lo - 20.0f, (float)hi + 20.0f);
        const float t = sa_gait_mix_for_speed(&a, &b, v);
        const sa_gait m = sa_gait_mix(&a, &b, t);
        const double got = sa_gait_ground_speed(&m);
        /* Whatever the case, no grid point comes closer to v than the answer. */
        for (int k = 0; k <= 400; ++k) {
            const sa_gait mk = sa_gait_mix(&a, &b, (float)k / 400.0f);
            assert_true(fabs(got - v) <= fabs((double)sa_gait_ground_speed(&mk) - v) + 1e-5 * hi);
        }
        if (v >= lo + 1e-3 && v <= hi - 1e-3) {
            assert_near(got, v, 1e-5 * hi + 1e-4);
            /* The smallest such t: no grid point before it crosses v. */
            const sa_gait m0 = sa_gait_mix(&a, &b, 0.0f);
            const double s0 = sa_gait_ground_speed(&m0);
            for (int k = 1; (float)k / 400.0f < t - 0.003f; ++k) {
                const sa_gait mk = sa_gait_mix(&a, &b, (float)k / 400.0f);
                const double sk = sa_gait_ground_speed(&mk);
                assert_true((sk - v) * (s0 - v) > 0.0);
            }
            ++hit;
        }
    }
    assert_true(hit > 10000);
    assert_true(nonmono > 100); /* the non-monotonic curves were exercised */
}

/* Found by the fuzzer (tests/fuzz/regressions/gait): for a denormal stride, halving rounds
 * (0.5 · 1e-45 is 0), and the foot went past the rounded half stride. */
static void test_gait_foot_stays_within_half_a_denormal_stride(void **state) {
    (void)state;
    const float strides[] = {1e-45f, -1e-45f, 3e-45f, -1.7e-43f, 1e-40f};
    for (size_t i = 0; i < sizeof strides / sizeof strides[0]; ++i) {
        sa_gait g = sa_gait_walk();
        g.stride = strides[i];
        const float half = fabsf(0.5f * strides[i]);
        for (int k = 0; k < 100; ++k) {
            const sa_gait_foot f = sa_gait_sample(&g, (float)k / 100.0f);
            assert_true(f.x >= -half && f.x <= half);
        }
    }
}

/* The figure reads the gaits it makes (walk, run, their mixes, a stride scaled by a body's speed)
 * through the sane-gait cores: for a sane gait each gives the public function's float bit for bit
 * (the mix for a speed too), and sai_gait_sane() repairs a bad gait as the public functions do. */
static void test_gait_sane_cores_are_the_public_functions_on_sane_gaits(void **state) {
    (void)state;
    test_rng r = test_rng_make(21);
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    for (int i = 0; i < 2000; ++i) {
        sa_gait g = sa_gait_mix(&walk, &run, test_rng_range(&r, -0.2f, 1.2f));
        g.stride *= test_rng_range(&r, 0.3f, 2.0f);
        if (i % 7 == 0) g.step_height = NAN; /* (repaired first, as the figure does) */
        if (i % 11 == 0) g.duty = 2.0f;
        const float mix = test_rng_range(&r, -0.2f, 1.2f);
        const float ca = sai_gait_walk_run_cadence(mix), cb = sai_gait_walk_run(mix).cadence;
        assert_memory_equal(&ca, &cb, sizeof ca);
        const sa_gait s = sai_gait_sane(&g);
        assert_int_equal(sa_gait_validate(&s), SA_OK);
        const float a = sai_gait_ground_speed_sane(&s), b = sa_gait_ground_speed(&g);
        assert_memory_equal(&a, &b, sizeof a);
        for (int j = 0; j < 20; ++j) {
            const float ph = test_rng_range(&r, -3.0f, 3.0f);
            const sa_gait_foot fa = sai_gait_sample_sane(&s, ph), fb = sa_gait_sample(&g, ph);
            assert_memory_equal(&fa.x, &fb.x, sizeof fa.x);
            assert_memory_equal(&fa.lift, &fb.lift, sizeof fa.lift);
            assert_true(fa.planted == fb.planted);
            const float ha = sai_gait_hip_offset_sane(&s, ph), hb = sa_gait_hip_offset(&g, ph);
            assert_memory_equal(&ha, &hb, sizeof ha);
        }
        /* The walk/run mix for a speed, which the figure asks of its own gaits. */
        const float speed = test_rng_range(&r, -50.0f, 400.0f);
        const float ma = sai_gait_mix_for_speed_sane(&walk, &s, speed);
        const float mb = sa_gait_mix_for_speed(&walk, &g, speed);
        assert_memory_equal(&ma, &mb, sizeof ma);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gait_bad_input_gives_documented_finite_results),
        cmocka_unit_test(test_gait_no_nan_from_any_input),
        cmocka_unit_test(test_gait_walk_and_run_are_the_reference_gaits),
        cmocka_unit_test(test_gait_planted_foot_does_not_slide_at_any_mix),
        cmocka_unit_test(test_gait_flight_and_double_support_follow_duty),
        cmocka_unit_test(test_gait_feet_are_half_a_cycle_apart),
        cmocka_unit_test(test_gait_foot_path_is_continuous_and_as_specified),
        cmocka_unit_test(test_gait_any_real_phase_is_wrapped),
        cmocka_unit_test(test_gait_hip_bob_peaks_where_the_gait_wants_it),
        cmocka_unit_test(test_gait_mix_blends_every_field),
        cmocka_unit_test(test_gait_mix_for_speed_hits_the_speed),
        cmocka_unit_test(test_gait_mix_for_speed_solves_any_pair),
        cmocka_unit_test(test_gait_sane_cores_are_the_public_functions_on_sane_gaits),
        cmocka_unit_test(test_gait_foot_stays_within_half_a_denormal_stride),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
