#include "test_support.h"

#include <stickanim/blend_tree.h>

#include <string.h>

/* The seed's loco block written out independently in double, as a reference. */
typedef struct seed_loco {
    double idle, walk, run, t, stretch, rate;
} seed_loco;

static double seed_smooth(double e0, double e1, double x) {
    double u = (x - e0) / (e1 - e0);
    u = u < 0 ? 0 : (u > 1 ? 1 : u);
    return u * u * (3 - 2 * u);
}

static seed_loco seed_loco_eval(double speed) {
    const double WALK_SPEED = 1.9, RUN_SPEED = 2.8, WALK_ANIM = 1.4, RUN_ANIM = 2.8;
    const double walk_stride = 1.5, run_stride = 2.0;
    seed_loco s;
    const double loco = seed_smooth(0.05, 0.35, speed);
    double t = (speed - WALK_SPEED) / (RUN_SPEED - WALK_SPEED);
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    s.idle = 1 - loco;
    s.walk = loco * (1 - t);
    s.run = loco * t;
    const double move = WALK_SPEED + (RUN_SPEED - WALK_SPEED) * t;
    const double anim = WALK_ANIM + (RUN_ANIM - WALK_ANIM) * t;
    const double stride = walk_stride + (run_stride - walk_stride) * t;
    s.t = t;
    s.rate = speed * (anim / move) / stride;
    s.stretch = move / anim;
    return s;
}

static void assert_weights_ok(const sa_blend_tree_loco *o) {
    assert_true(o->idle >= 0.0f && o->idle <= 1.0f);
    assert_true(o->walk >= 0.0f && o->walk <= 1.0f);
    assert_true(o->run >= 0.0f && o->run <= 1.0f);
    assert_near((double)o->idle + o->walk + o->run, 1.0, 1e-6);
}

static void assert_loco_finite(const sa_blend_tree_loco *o) {
    assert_finite(o->idle);
    assert_finite(o->walk);
    assert_finite(o->run);
    assert_finite(o->loco);
    assert_finite(o->t);
    assert_finite(o->move);
    assert_finite(o->anim);
    assert_finite(o->stride);
    assert_finite(o->stretch);
    assert_finite(o->rate);
    assert_finite(o->advance);
    assert_true(o->phase >= 0.0f && o->phase < 1.0f);
}

static sa_blend_tree_point point(float at, int32_t clip, sa_ease ease, float move, float anim,
                                 float stride) {
    sa_blend_tree_point p;
    p.at = at;
    p.clip = clip;
    p.ease = ease;
    p.move = move;
    p.anim = anim;
    p.stride = stride;
    return p;
}

static void test_blend_tree_bad_input_gives_documented_finite_results(void **state) {
    (void)state;
    /* NULL config means the defaults; NULL phase evaluates the weights only. */
    const sa_blend_tree_loco_config d = sa_blend_tree_loco_config_default();
    const sa_blend_tree_loco a = sa_blend_tree_loco_step(NULL, NULL, 1.9f, 0.0f);
    const sa_blend_tree_loco b = sa_blend_tree_loco_step(&d, NULL, 1.9f, 0.0f);
    assert_memory_equal(&a, &b, sizeof a);
    assert_near(a.walk, 1, 0);
    assert_near(a.phase, 0, 0);
    /* NaN and negative speeds stand still: all idle, no advance. */
    float phase = 0.25f;
    const sa_blend_tree_loco n = sa_blend_tree_loco_step(NULL, &phase, NAN, 0.1f);
    assert_near(n.idle, 1, 0);
    assert_near(phase, 0.25f, 0);
    const sa_blend_tree_loco neg = sa_blend_tree_loco_step(NULL, &phase, -3.0f, 0.1f);
    assert_near(neg.idle, 1, 0);
    assert_near(phase, 0.25f, 0);
    /* Infinite speed: all run, no advance (no finite distance). */
    const sa_blend_tree_loco inf = sa_blend_tree_loco_step(NULL, &phase, INFINITY, 0.1f);
    assert_near(inf.run, 1, 0);
    assert_near(phase, 0.25f, 0);
    assert_loco_finite(&inf);
    /* Bad dt: no advance. */
    const float bad_dt[] = {0.0f, -0.1f, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad_dt / sizeof bad_dt[0]; ++i) {
        sa_blend_tree_loco_step(NULL, &phase, 2.0f, bad_dt[i]);
        assert_near(phase, 0.25f, 0);
    }
    /* A corrupt stored phase is wrapped, a non-finite one restarts at 0. */
    phase = NAN;
    sa_blend_tree_loco_step(NULL, &phase, 0.0f, 0.1f);
    assert_near(phase, 0, 0);
    phase = 3.75f;
    sa_blend_tree_loco_step(NULL, &phase, 0.0f, 0.1f);
    assert_near(phase, 0.75f, 0);
    phase = -0.25f;
    sa_blend_tree_loco_step(NULL, &phase, 0.0f, 0.1f);
    assert_near(phase, 0.75f, 0);
    /* Bad config fields take their defaults per frame; validate reports them. */
    sa_blend_tree_loco_config bad = d;
    bad.walk_anim = NAN;
    bad.run_stride = -1.0f;
    bad.walk_speed = 0.0f;
    const sa_blend_tree_loco r = sa_blend_tree_loco_step(&bad, NULL, 1.9f, 0.0f);
    assert_memory_equal(&r, &a, sizeof r);
    assert_int_equal(sa_blend_tree_loco_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_blend_tree_loco_validate(&d), SA_OK);
    assert_int_equal(sa_blend_tree_loco_validate(&bad), SA_ERR_NOT_FINITE);
    bad = d;
    bad.run_speed = 1.0f;
    assert_int_equal(sa_blend_tree_loco_validate(&bad), SA_ERR_RANGE);
    bad = d;
    bad.moving_speed = 0.01f;
    assert_int_equal(sa_blend_tree_loco_validate(&bad), SA_ERR_RANGE);
    bad = d;
    bad.walk_stride = 0.0f;
    assert_int_equal(sa_blend_tree_loco_validate(&bad), SA_ERR_RANGE);
    /* Reversed edges become steps, never NaN. */
    bad = d;
    bad.run_speed = 1.0f;
    bad.moving_speed = 0.0f;
    for (float s = 0.0f; s < 4.0f; s += 0.05f) {
        const sa_blend_tree_loco o = sa_blend_tree_loco_step(&bad, NULL, s, 0.02f);
        assert_loco_finite(&o);
        assert_weights_ok(&o);
        assert_true(o.walk == 0.0f || o.walk == 1.0f);
    }
    /* Rate and phase helpers. */
    assert_near(sa_blend_tree_cycle_rate(NAN, 1.9f, 1.4f, 1.5f, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(INFINITY, 1.9f, 1.4f, 1.5f, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(1.0f, 1.9f, 1.4f, 0.0f, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(1.0f, 1.9f, NAN, 1.5f, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(1e30f, 1e-30f, 1e30f, 1e-30f, true), 1e6, 0);
    assert_near(sa_blend_tree_phase_advance(NAN, 0.5f), 0.5f, 0);
    assert_near(sa_blend_tree_phase_advance(0.5f, INFINITY), 0.5f, 0);
    /* Spaces: setup errors, and per-frame calls on NULL or empty spaces. */
    sa_blend_tree_space sp;
    assert_int_equal(sa_blend_tree_space_init(NULL, 2, true), SA_ERR_NULL);
    assert_int_equal(sa_blend_tree_space_init(&sp, 0, true), SA_ERR_COUNT);
    assert_int_equal(sp.clip_count, 1);
    assert_int_equal(sa_blend_tree_space_init(&sp, SA_BLEND_TREE_MAX_POINTS + 1, true),
                     SA_ERR_COUNT);
    assert_int_equal(sa_blend_tree_space_validate(&sp), SA_ERR_COUNT); /* no points */
    assert_int_equal(sa_blend_tree_space_validate(NULL), SA_ERR_NULL);
    float w[4] = {9, 9, 9, 9};
    phase = 0.5f;
    const sa_blend_tree_frame e = sa_blend_tree_space_step(&sp, &phase, 1.0f, 0.1f, w, 4);
    assert_int_equal(e.weight_count, 0);
    assert_near(w[0], 9, 0);
    assert_near(phase, 0.5f, 0);
    const sa_blend_tree_frame z = sa_blend_tree_space_step(NULL, NULL, 1.0f, 0.1f, w, 4);
    assert_int_equal(z.weight_count, 0);
    assert_int_equal(sa_blend_tree_space_from_loco(NULL, &d), SA_ERR_NULL);
    assert_int_equal(sa_blend_tree_space_from_loco(&sp, NULL), SA_ERR_NULL);
    bad = d;
    bad.moving_speed = 2.0f; /* overlaps the walk: no plateau, the generic layout cannot say it */
    assert_int_equal(sa_blend_tree_space_from_loco(&sp, &bad), SA_ERR_RANGE);
    assert_int_equal(sp.count, 0);
}

static void test_blend_tree_space_setup_rejects_bad_points(void **state) {
    (void)state;
    sa_blend_tree_space sp;
    assert_int_equal(sa_blend_tree_space_init(&sp, 2, true), SA_OK);
    sa_blend_tree_point p = point(0.0f, 0, SA_EASE_SMOOTH, 0.0f, 0.5f, 1.0f);
    assert_int_equal(sa_blend_tree_space_add(NULL, &p), SA_ERR_NULL);
    assert_int_equal(sa_blend_tree_space_add(&sp, NULL), SA_ERR_NULL);
    assert_int_equal(sa_blend_tree_space_add(&sp, &p), SA_OK);
    sa_blend_tree_point q = point(0.0f, 1, SA_EASE_LINEAR, 1.2f, 1.0f, 1.6f);
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_ERR_UNSORTED); /* equal `at` */
    q.at = 1.2f;
    q.clip = 2;
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_ERR_COUNT);
    q.clip = -1;
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_ERR_COUNT);
    q.clip = 1;
    q.stride = 0.0f;
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_ERR_RANGE);
    q.stride = 1.6f;
    q.anim = -1.0f;
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_ERR_RANGE);
    q.anim = 1.0f;
    q.move = NAN;
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_ERR_NOT_FINITE);
    q.move = 1.2f;
    q.ease = SA_EASE_COUNT_;
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_ERR_RANGE);
    q.ease = SA_EASE_LINEAR;
    assert_int_equal(sp.count, 1); /* nothing was added on error */
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_OK);
    assert_int_equal(sa_blend_tree_space_validate(&sp), SA_OK);
    /* Fill to capacity, then one more is refused. */
    for (int32_t i = 2; i < SA_BLEND_TREE_MAX_POINTS; ++i) {
        q.at += 1.0f;
        assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_OK);
    }
    q.at += 1.0f;
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_ERR_CAPACITY);
    /* validate catches a space edited by hand. */
    sp.points[3].at = sp.points[2].at;
    assert_int_equal(sa_blend_tree_space_validate(&sp), SA_ERR_UNSORTED);
    sp.points[3].at = INFINITY;
    assert_int_equal(sa_blend_tree_space_validate(&sp), SA_ERR_NOT_FINITE);
}

static void test_blend_tree_loco_weights_sum_to_one_and_are_never_negative(void **state) {
    (void)state;
    test_rng r = test_rng_make(5);
    float phase = 0.0f;
    const sa_blend_tree_loco_config d = sa_blend_tree_loco_config_default();
    for (int i = 0; i < 20000; ++i) {
        const float speed = (i % 3 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, -1.0f, 5.0f);
        const float dt = (i % 5 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, 0.0f, 0.05f);
        sa_blend_tree_loco_config c = d;
        if (i % 7 == 0) { /* any config, even a nonsensical one, keeps the guarantees */
            c.idle_speed = test_rng_nasty(&r);
            c.moving_speed = test_rng_range(&r, -1.0f, 3.0f);
            c.walk_speed = test_rng_nasty(&r);
            c.run_speed = test_rng_range(&r, -1.0f, 5.0f);
            c.walk_anim = test_rng_nasty(&r);
            c.run_stride = test_rng_nasty(&r);
            c.follow_speed = (i & 1) != 0;
        }
        const sa_blend_tree_loco o = sa_blend_tree_loco_step(&c, &phase, speed, dt);
        assert_loco_finite(&o);
        assert_weights_ok(&o);
        assert_true(o.stretch >= 0.0f && o.stretch <= SA_BLEND_TREE_MAX_STRETCH);
        assert_true(o.t >= 0.0f && o.t <= 1.0f);
        assert_near(phase, o.phase, 0);
    }
}

static void test_blend_tree_loco_seed_speeds_give_pure_clips(void **state) {
    (void)state;
    const sa_blend_tree_loco_config d = sa_blend_tree_loco_config_default();
    /* Standing (and anything up to the lower smooth edge): all idle, exactly. */
    const float idle_speeds[] = {0.0f, 0.01f, 0.05f};
    for (size_t i = 0; i < sizeof idle_speeds / sizeof idle_speeds[0]; ++i) {
        const sa_blend_tree_loco o = sa_blend_tree_loco_step(&d, NULL, idle_speeds[i], 0.0f);
        assert_true(o.idle == 1.0f && o.walk == 0.0f && o.run == 0.0f);
    }
    /* WALK_SPEED, and the whole plateau from the upper smooth edge to it: all walk. */
    const float walk_speeds[] = {0.35f, 0.8f, 1.4f, 1.9f};
    for (size_t i = 0; i < sizeof walk_speeds / sizeof walk_speeds[0]; ++i) {
        const sa_blend_tree_loco o = sa_blend_tree_loco_step(&d, NULL, walk_speeds[i], 0.0f);
        assert_true(o.idle == 0.0f && o.walk == 1.0f && o.run == 0.0f);
    }
    /* RUN_SPEED and above: all run. */
    const float run_speeds[] = {2.8f, 3.0f, 10.0f, 1e6f, 3e38f};
    for (size_t i = 0; i < sizeof run_speeds / sizeof run_speeds[0]; ++i) {
        const sa_blend_tree_loco o = sa_blend_tree_loco_step(&d, NULL, run_speeds[i], 0.0f);
        assert_true(o.idle == 0.0f && o.walk == 0.0f && o.run == 1.0f);
    }
    /* In between: some of each neighbour, and the mix moves monotonically with speed. */
    float prev_idle = 1.0f, prev_run = 0.0f;
    for (int k = 0; k <= 3000; ++k) {
        const float s = (float)k * 0.001f;
        const sa_blend_tree_loco o = sa_blend_tree_loco_step(&d, NULL, s, 0.0f);
        assert_true(o.idle <= prev_idle);
        assert_true(o.run >= prev_run);
        if (s > 0.06f && s < 0.34f) assert_true(o.idle > 0.0f && o.walk > 0.0f && o.run == 0.0f);
        if (s > 1.91f && s < 2.79f) assert_true(o.walk > 0.0f && o.run > 0.0f && o.idle == 0.0f);
        prev_idle = o.idle;
        prev_run = o.run;
    }
}

static void test_blend_tree_loco_matches_the_seed_formula(void **state) {
    (void)state;
    test_rng r = test_rng_make(11);
    const sa_blend_tree_loco_config d = sa_blend_tree_loco_config_default();
    for (int i = 0; i < 20000; ++i) {
        const float s = test_rng_range(&r, 0.0f, 4.0f);
        const sa_blend_tree_loco o = sa_blend_tree_loco_step(&d, NULL, s, 0.0f);
        const seed_loco e = seed_loco_eval((double)s);
        assert_near(o.idle, e.idle, 2e-6);
        assert_near(o.walk, e.walk, 2e-6);
        assert_near(o.run, e.run, 2e-6);
        assert_near(o.t, e.t, 2e-6);
        assert_near(o.stretch, e.stretch, 2e-6);
        assert_near(o.rate, e.rate, 2e-6 * (1 + e.rate));
    }
    /* The seed's stretch at its two anchor speeds: 1.9 / 1.4 walking, 2.8 / 2.8 running. */
    assert_near(sa_blend_tree_loco_step(&d, NULL, 1.9f, 0).stretch, 1.9 / 1.4, 1e-6);
    assert_near(sa_blend_tree_loco_step(&d, NULL, 2.8f, 0).stretch, 1.0, 1e-6);
}

/* Phase moved over n frames of dt at a constant speed, unwrapped by summing small steps. */
static double cycles_over(const sa_blend_tree_loco_config *c, float speed, float dt, int n) {
    float phase = 0.0f;
    double total = 0.0;
    for (int i = 0; i < n; ++i) {
        const float before = phase;
        sa_blend_tree_loco_step(c, &phase, speed, dt);
        double step = (double)phase - before;
        if (step < -0.5) step += 1.0;
        total += step;
    }
    return total;
}

static void test_blend_tree_phase_advances_by_distance(void **state) {
    (void)state;
    sa_blend_tree_loco_config c = sa_blend_tree_loco_config_default();
    /* Same clip mix at v and 2v (walk plateau; run plateau): following the speed, twice the
     * speed turns the cycle twice as fast. */
    const float pairs[][2] = {{0.5f, 1.0f}, {0.9f, 1.8f}, {3.0f, 6.0f}, {4.0f, 8.0f}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; ++i) {
        const double slow = cycles_over(&c, pairs[i][0], 1.0f / 60.0f, 120);
        const double fast = cycles_over(&c, pairs[i][1], 1.0f / 60.0f, 120);
        assert_true(slow > 0.1);
        assert_near(fast / slow, 2.0, 1e-4);
    }
    /* One cycle per stretched stride: at WALK_SPEED the body covers stride·move/anim per cycle
     * (1.5 · 1.9 / 1.4), at RUN_SPEED exactly the run stride. */
    const double walk_cycles = cycles_over(&c, 1.9f, 1.0f / 60.0f, 600); /* 10 s */
    assert_near(19.0 / walk_cycles, 1.5 * 1.9 / 1.4, 1e-4);
    const double run_cycles = cycles_over(&c, 2.8f, 1.0f / 60.0f, 600);
    assert_near(28.0 / run_cycles, 2.0, 1e-4);
    /* Frame rate does not matter: the same 2 seconds in 30 or 240 steps. */
    assert_near(cycles_over(&c, 2.3f, 1.0f / 15.0f, 30), cycles_over(&c, 2.3f, 1.0f / 120.0f, 240),
                1e-4);
    /* Standing still, the cycle stops. */
    assert_near(cycles_over(&c, 0.0f, 1.0f / 60.0f, 60), 0.0, 0);
    /* Not following: the clip plays at its own pace (anim/stride cycles a second), whatever the
     * speed: twice the speed changes nothing, standing still does not stop it. */
    c.follow_speed = false;
    const double own_walk = cycles_over(&c, 1.0f, 1.0f / 60.0f, 120);
    assert_near(own_walk, 2.0 * 1.4 / 1.5, 1e-4);
    assert_near(cycles_over(&c, 0.5f, 1.0f / 60.0f, 120), own_walk, 1e-6);
    assert_near(cycles_over(&c, 0.0f, 1.0f / 60.0f, 120), own_walk, 1e-6);
    assert_near(cycles_over(&c, 4.0f, 1.0f / 60.0f, 120), cycles_over(&c, 8.0f, 1.0f / 60.0f, 120),
                1e-6);
    assert_near(cycles_over(&c, 4.0f, 1.0f / 60.0f, 120), 2.0 * 2.8 / 2.0, 1e-4);
    assert_near(sa_blend_tree_loco_step(&c, NULL, 1.9f, 0.0f).stretch, 1.0, 0);
}

static void test_blend_tree_phase_stays_in_unit_interval(void **state) {
    (void)state;
    test_rng r = test_rng_make(19);
    for (int i = 0; i < 50000; ++i) {
        const float p = (i % 4 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, -3.0f, 3.0f);
        const float c = (i % 3 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, -5.0f, 5.0f);
        const float q = sa_blend_tree_phase_advance(p, c);
        assert_true(q >= 0.0f && q < 1.0f);
        if (p >= 0.0f && p < 1.0f && fabsf(c) < 1.0f && sa_is_finite(c)) {
            /* Wrapped difference equals the step. */
            double d = (double)q - p - c;
            d -= floor(d + 0.5);
            assert_near(d, 0.0, 1e-6);
        }
    }
    /* Just below 1 plus a hair wraps to (near) 0, never to 1. */
    assert_true(sa_blend_tree_phase_advance(0.99999994f, 1e-9f) < 1.0f);
    assert_true(sa_blend_tree_phase_advance(-1e-12f, 0.0f) < 1.0f);
    assert_near(sa_blend_tree_phase_advance(0.9f, 0.2f), 0.1f, 1e-6);
    assert_near(sa_blend_tree_phase_advance(0.1f, -0.2f), 0.9f, 1e-6);
    assert_near(sa_blend_tree_phase_advance(0.25f, 7.0f), 0.25f, 1e-6);
    /* Long runs at every speed keep the stored phase in range. */
    float phase = 0.0f;
    for (int i = 0; i < 20000; ++i) {
        const float s = test_rng_range(&r, 0.0f, 1e4f);
        sa_blend_tree_loco_step(NULL, &phase, s, test_rng_range(&r, 0.0f, 0.5f));
        assert_true(phase >= 0.0f && phase < 1.0f);
    }
}

static void test_blend_tree_cycle_rate_follows_the_seed(void **state) {
    (void)state;
    /* Following: speed·(anim/move)/stride, signed (a negative speed runs it backwards). */
    assert_near(sa_blend_tree_cycle_rate(1.9f, 1.9f, 1.4f, 1.5f, true), 1.4 / 1.5, 1e-6);
    assert_near(sa_blend_tree_cycle_rate(3.8f, 1.9f, 1.4f, 1.5f, true), 2 * 1.4 / 1.5, 1e-6);
    assert_near(sa_blend_tree_cycle_rate(-1.9f, 1.9f, 1.4f, 1.5f, true), -1.4 / 1.5, 1e-6);
    /* Not following, or a clip that does not move with the body: its own pace. */
    assert_near(sa_blend_tree_cycle_rate(3.8f, 1.9f, 1.4f, 1.5f, false), 1.4 / 1.5, 1e-6);
    assert_near(sa_blend_tree_cycle_rate(3.8f, 0.0f, 0.5f, 1.0f, true), 0.5, 1e-6);
    assert_near(sa_blend_tree_cycle_rate(0.0f, 0.0f, 0.5f, 1.0f, true), 0.5, 1e-6);
    test_rng r = test_rng_make(29);
    for (int i = 0; i < 20000; ++i) {
        const float v = sa_blend_tree_cycle_rate(test_rng_nasty(&r), test_rng_nasty(&r),
                                                 test_rng_nasty(&r), test_rng_nasty(&r), i & 1);
        assert_finite(v);
        assert_true(fabsf(v) <= 1e6f);
    }
}

static void test_blend_tree_space_from_loco_equals_loco_step(void **state) {
    (void)state;
    test_rng r = test_rng_make(41);
    for (int follow = 0; follow < 2; ++follow) {
        sa_blend_tree_loco_config c = sa_blend_tree_loco_config_default();
        c.follow_speed = follow != 0;
        sa_blend_tree_space sp;
        assert_int_equal(sa_blend_tree_space_from_loco(&sp, &c), SA_OK);
        assert_int_equal(sa_blend_tree_space_validate(&sp), SA_OK);
        float pl = 0.3f, pg = 0.3f;
        for (int i = 0; i < 20000; ++i) {
            const float s = (i % 50 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, 0.0f, 4.0f);
            const float dt = test_rng_range(&r, 0.0f, 0.04f);
            const sa_blend_tree_loco o = sa_blend_tree_loco_step(&c, &pl, s, dt);
            float w[3];
            const float x = s > 0.0f ? s : 0.0f;
            const sa_blend_tree_frame f = sa_blend_tree_space_step(&sp, &pg, x, dt, w, 3);
            assert_int_equal(f.weight_count, 3);
            assert_near(w[0], o.idle, 0);
            assert_near(w[1], o.walk, 0);
            assert_near(w[2], o.run, 0);
            assert_near(f.stretch, o.stretch, 0);
            assert_near(f.move, o.move, 0);
            assert_near(f.stride, o.stride, 0);
            assert_near(f.advance, o.advance, 0);
            assert_near(pg, pl, 0);
        }
    }
}

static void test_blend_tree_space_weights_sum_to_one_and_are_never_negative(void **state) {
    (void)state;
    test_rng r = test_rng_make(43);
    for (int i = 0; i < 5000; ++i) {
        sa_blend_tree_space sp;
        const int32_t clips = 1 + (int32_t)(test_rng_next(&r) % 5u);
        sa_blend_tree_space_init(&sp, clips, (i & 1) != 0);
        const int32_t n = 1 + (int32_t)(test_rng_next(&r) % SA_BLEND_TREE_MAX_POINTS);
        float at = test_rng_range(&r, -5.0f, 5.0f);
        for (int32_t k = 0; k < n; ++k) {
            const sa_blend_tree_point p =
                point(at, (int32_t)(test_rng_next(&r) % (uint32_t)clips),
                      (sa_ease)(test_rng_next(&r) % (uint32_t)SA_EASE_COUNT_),
                      test_rng_range(&r, 0.0f, 4.0f), test_rng_range(&r, 0.0f, 4.0f),
                      test_rng_range(&r, 0.1f, 3.0f));
            assert_int_equal(sa_blend_tree_space_add(&sp, &p), SA_OK);
            at += test_rng_range(&r, 1e-3f, 2.0f);
        }
        float phase = test_rng_range(&r, 0.0f, 1.0f);
        for (int k = 0; k < 20; ++k) {
            const float x = (k % 4 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, -8.0f, 40.0f);
            float w[SA_BLEND_TREE_MAX_POINTS];
            const sa_blend_tree_frame f =
                sa_blend_tree_space_step(&sp, &phase, x, 1.0f / 60.0f, w, SA_BLEND_TREE_MAX_POINTS);
            assert_int_equal(f.weight_count, clips);
            double sum = 0.0;
            int nonzero = 0;
            for (int32_t j = 0; j < clips; ++j) {
                assert_true(w[j] >= 0.0f && w[j] <= 1.0f);
                sum += w[j];
                nonzero += w[j] > 0.0f;
            }
            assert_near(sum, 1.0, 1e-6);
            assert_true(nonzero <= 2); /* only the two neighbours */
            assert_true(phase >= 0.0f && phase < 1.0f);
            assert_finite(f.rate);
            assert_finite(f.advance);
            assert_true(f.stretch >= 0.0f && f.stretch <= SA_BLEND_TREE_MAX_STRETCH);
        }
    }
    /* A hand-corrupted space is still safe per frame. */
    sa_blend_tree_space bad;
    sa_blend_tree_space_init(&bad, 2, true);
    bad.count = 99;
    for (int32_t k = 0; k < SA_BLEND_TREE_MAX_POINTS; ++k)
        bad.points[k] = point(test_rng_nasty(&r), (int32_t)test_rng_next(&r), (sa_ease)77,
                              test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r));
    for (int k = 0; k < 2000; ++k) {
        float w[2], phase = 0.5f;
        const sa_blend_tree_frame f =
            sa_blend_tree_space_step(&bad, &phase, test_rng_nasty(&r), test_rng_nasty(&r), w, 2);
        assert_int_equal(f.weight_count, 2);
        assert_true(w[0] >= 0.0f && w[1] >= 0.0f);
        assert_near((double)w[0] + w[1], 1.0, 1e-6);
        assert_finite(f.rate);
        assert_finite(f.move);
        assert_finite(f.stride);
        assert_true(phase >= 0.0f && phase < 1.0f);
    }
}

static void test_blend_tree_space_swim_treads_then_paddles(void **state) {
    (void)state;
    /* Swimming: tread water (does not move with the body: own pace, 0.6 kicks a second) and
     * paddle (matched to 1.2, looks best at 1.0, 1.6 per stroke cycle), smooth between. */
    sa_blend_tree_space sp;
    assert_int_equal(sa_blend_tree_space_init(&sp, 2, true), SA_OK);
    const sa_blend_tree_point tread = point(0.0f, 0, SA_EASE_SMOOTH, 0.0f, 0.6f, 1.0f);
    const sa_blend_tree_point paddle = point(1.2f, 1, SA_EASE_LINEAR, 1.2f, 1.0f, 1.6f);
    assert_int_equal(sa_blend_tree_space_add(&sp, &tread), SA_OK);
    assert_int_equal(sa_blend_tree_space_add(&sp, &paddle), SA_OK);
    float w[2], phase = 0.0f;
    /* Floating still: all tread, and the treading cycle keeps going at its own pace. */
    sa_blend_tree_frame f = sa_blend_tree_space_step(&sp, &phase, 0.0f, 0.5f, w, 2);
    assert_true(w[0] == 1.0f && w[1] == 0.0f);
    assert_near(phase, 0.3f, 1e-6);
    assert_near(f.stretch, 1.0f, 0);
    /* At paddling speed: all paddle, cycle by distance (1.2 · (1.0/1.2) / 1.6 per second). */
    phase = 0.0f;
    f = sa_blend_tree_space_step(&sp, &phase, 1.2f, 0.5f, w, 2);
    assert_true(w[0] == 0.0f && w[1] == 1.0f);
    assert_near(phase, 0.5 * 1.0 / 1.6, 1e-6);
    assert_near(f.stretch, 1.2, 1e-6);
    phase = 0.0f;
    sa_blend_tree_space_step(&sp, &phase, 2.4f, 0.5f, w, 2);
    assert_near(phase, 2 * 0.5 * 1.0 / 1.6, 1e-6);
    /* Halfway: smoothstep(0.5) = 0.5 each; the cycle rate moves continuously with the speed. */
    f = sa_blend_tree_space_step(&sp, NULL, 0.6f, 0.0f, w, 2);
    assert_near(w[0], 0.5f, 1e-6);
    assert_near(w[1], 0.5f, 1e-6);
    float prev = sa_blend_tree_space_step(&sp, NULL, 0.0f, 0.0f, w, 2).rate;
    for (int k = 1; k <= 1200; ++k) {
        const float rate = sa_blend_tree_space_step(&sp, NULL, (float)k * 0.001f, 0.0f, w, 2).rate;
        assert_true(fabsf(rate - prev) < 0.01f);
        prev = rate;
    }
    /* A capacity of one writes one slot only. */
    w[1] = 7.0f;
    f = sa_blend_tree_space_step(&sp, NULL, 1.2f, 0.0f, w, 1);
    assert_int_equal(f.weight_count, 1);
    assert_near(w[0], 0, 0);
    assert_near(w[1], 7, 0);
}

static sa_quat random_rotation(test_rng *r, float max_angle) {
    const sa_vec3 axis =
        sa_v3(test_rng_range(r, -1, 1), test_rng_range(r, -1, 1), test_rng_range(r, -1, 1));
    return sa_quat_from_axis_angle(axis, test_rng_range(r, -max_angle, max_angle));
}

static sa_transform xf(sa_quat q) {
    return sa_transform_make(sa_v3(0.0f, 0.4f, 0.0f), q, sa_v3(1.0f, 1.0f, 1.0f));
}

static void test_blend_tree_stretch_swings_past_the_clip(void **state) {
    (void)state;
    test_rng r = test_rng_make(53);
    enum { N = 6 };
    const int32_t set[2] = {1, 4};
    for (int i = 0; i < 5000; ++i) {
        sa_transform idle[N], clip[N], out[N];
        for (int j = 0; j < N; ++j) {
            idle[j] = xf(random_rotation(&r, 1.0f));
            clip[j] = xf(sa_quat_mul(random_rotation(&r, 0.6f), idle[j].rotation));
            clip[j].translation = sa_v3(0.1f * (float)j, 0.3f, -0.2f);
        }
        const float s = test_rng_range(&r, 1.0f, 2.0f);
        memcpy(out, clip, sizeof out);
        assert_int_equal(sa_blend_tree_stretch(idle, out, N, set, 2, s), 2);
        for (int j = 0; j < N; ++j) {
            const bool listed = j == 1 || j == 4;
            /* Translations and scales stay; joints not listed stay exactly. */
            assert_memory_equal(&out[j].translation, &clip[j].translation, sizeof(sa_vec3));
            assert_memory_equal(&out[j].scale, &clip[j].scale, sizeof(sa_vec3));
            if (!listed) {
                assert_memory_equal(&out[j], &clip[j], sizeof out[j]);
                continue;
            }
            const sa_quat q = out[j].rotation;
            assert_near(sa_quat_dot(q, q), 1.0, 1e-5);
            const double clip_angle = sa_quat_angle_between(idle[j].rotation, clip[j].rotation);
            const double out_angle = sa_quat_angle_between(idle[j].rotation, q);
            const double past = sa_quat_angle_between(clip[j].rotation, q);
            /* Further from idle than the clip, by the factor, along the same arc. */
            assert_near(out_angle, s * clip_angle, 2e-3);
            assert_near(past, (s - 1) * clip_angle, 2e-3);
            if (clip_angle > 0.05 && s > 1.05f) assert_true(out_angle > clip_angle);
        }
        /* Stretch 1: the pose exactly as it was. */
        memcpy(out, clip, sizeof out);
        sa_blend_tree_stretch(idle, out, N, set, 2, 1.0f);
        assert_memory_equal(out, clip, sizeof out);
        /* Stretch 0: the idle rotation. */
        sa_blend_tree_stretch(idle, out, N, set, 2, 0.0f);
        assert_near(sa_quat_angle_between(out[1].rotation, idle[1].rotation), 0, 1e-3);
    }
}

static void test_blend_tree_stretch_bad_input_is_safe(void **state) {
    (void)state;
    test_rng r = test_rng_make(59);
    sa_transform idle[3], pose[3], before[3];
    for (int j = 0; j < 3; ++j)
        idle[j] = pose[j] = xf(random_rotation(&r, 1.0f));
    pose[2].rotation = sa_quat_make(0.1f, 0.5f, 0.0f, 0.9f);
    memcpy(before, pose, sizeof pose);
    const int32_t set[4] = {0, -1, 3, 2};
    assert_int_equal(sa_blend_tree_stretch(NULL, pose, 3, set, 4, 1.5f), 0);
    assert_int_equal(sa_blend_tree_stretch(idle, NULL, 3, set, 4, 1.5f), 0);
    assert_int_equal(sa_blend_tree_stretch(idle, pose, 3, NULL, 4, 1.5f), 0);
    assert_int_equal(sa_blend_tree_stretch(idle, pose, 0, set, 4, 1.5f), 0);
    assert_int_equal(sa_blend_tree_stretch(idle, pose, 3, set, 0, 1.5f), 0);
    assert_memory_equal(pose, before, sizeof pose);
    /* Out-of-range indices are skipped; NaN stretch is no change; a non-unit clip rotation is
     * made unit. */
    assert_int_equal(sa_blend_tree_stretch(idle, pose, 3, set, 4, NAN), 2);
    assert_memory_equal(&pose[0], &before[0], sizeof pose[0]);
    assert_near(sa_quat_dot(pose[2].rotation, pose[2].rotation), 1.0, 1e-6);
    for (int i = 0; i < 5000; ++i) {
        for (int j = 0; j < 3; ++j) {
            idle[j].rotation = sa_quat_make(test_rng_nasty(&r), test_rng_nasty(&r),
                                            test_rng_nasty(&r), test_rng_nasty(&r));
            pose[j].rotation = sa_quat_make(test_rng_nasty(&r), test_rng_nasty(&r),
                                            test_rng_nasty(&r), test_rng_nasty(&r));
        }
        const int32_t all[3] = {0, 1, 2};
        sa_blend_tree_stretch(idle, pose, 3, all, 3, test_rng_nasty(&r));
        for (int j = 0; j < 3; ++j) {
            const sa_quat q = pose[j].rotation;
            assert_finite(q.x);
            assert_finite(q.w);
            assert_near(sa_quat_dot(q, q), 1.0, 1e-5);
        }
    }
}

static void test_blend_tree_stretch_joints_finds_thighs_and_upper_arms(void **state) {
    (void)state;
    const char *const names[] = {"hips",    "spine",  "upperarm_l", "upperarm_r", "head",
                                 "thigh_l", "shin_l", "thigh_r",    "shin_r"};
    const int32_t parents[] = {SA_SKELETON_JOINT_NONE, 0, 1, 1, 1, 0, 5, 0, 7};
    sa_transform rest[9];
    for (int j = 0; j < 9; ++j)
        rest[j] = sa_transform_identity();
    sa_skeleton sk;
    sk.parents = parents;
    sk.rest = rest;
    sk.names = names;
    sk.joint_count = 9;
    int32_t out[4] = {-7, -7, -7, -7};
    assert_int_equal(sa_blend_tree_stretch_joints(&sk, out, 4), 4);
    assert_int_equal(out[0], 5);
    assert_int_equal(out[1], 7);
    assert_int_equal(out[2], 2);
    assert_int_equal(out[3], 3);
    /* Capacity limits what is written. */
    out[1] = -7;
    assert_int_equal(sa_blend_tree_stretch_joints(&sk, out, 1), 1);
    assert_int_equal(out[1], -7);
    /* Other naming schemes; a missing limb is left out. */
    const char *const mixamo[] = {"mixamorig:Hips", "mixamorig:LeftUpLeg", "mixamorig:RightArm",
                                  NULL};
    sk.names = mixamo;
    sk.joint_count = 4;
    assert_int_equal(sa_blend_tree_stretch_joints(&sk, out, 4), 2);
    assert_int_equal(out[0], 1);
    assert_int_equal(out[1], 2);
    sk.names = NULL;
    assert_int_equal(sa_blend_tree_stretch_joints(&sk, out, 4), 0);
    assert_int_equal(sa_blend_tree_stretch_joints(NULL, out, 4), 0);
    sk.names = names;
    assert_int_equal(sa_blend_tree_stretch_joints(&sk, NULL, 4), 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blend_tree_bad_input_gives_documented_finite_results),
        cmocka_unit_test(test_blend_tree_space_setup_rejects_bad_points),
        cmocka_unit_test(test_blend_tree_loco_weights_sum_to_one_and_are_never_negative),
        cmocka_unit_test(test_blend_tree_loco_seed_speeds_give_pure_clips),
        cmocka_unit_test(test_blend_tree_loco_matches_the_seed_formula),
        cmocka_unit_test(test_blend_tree_phase_advances_by_distance),
        cmocka_unit_test(test_blend_tree_phase_stays_in_unit_interval),
        cmocka_unit_test(test_blend_tree_cycle_rate_follows_the_seed),
        cmocka_unit_test(test_blend_tree_space_from_loco_equals_loco_step),
        cmocka_unit_test(test_blend_tree_space_weights_sum_to_one_and_are_never_negative),
        cmocka_unit_test(test_blend_tree_space_swim_treads_then_paddles),
        cmocka_unit_test(test_blend_tree_stretch_swings_past_the_clip),
        cmocka_unit_test(test_blend_tree_stretch_bad_input_is_safe),
        cmocka_unit_test(test_blend_tree_stretch_joints_finds_thighs_and_upper_arms),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
