#include "test_support.h"

#include <stickanim/blend_tree.h>
#include <stickanim/pose.h>

#include <float.h>
#include <string.h>

enum { IDLE = SA_BLEND_TREE_LOCO_CLIP_IDLE, WALK = SA_BLEND_TREE_LOCO_CLIP_WALK };
enum { RUN = SA_BLEND_TREE_LOCO_CLIP_RUN };

/* The reference's loco block written out independently in double. */
typedef struct reference_loco {
    double idle, walk, run, t, stretch, rate;
} reference_loco;

static double reference_smooth(double e0, double e1, double x) {
    double u = (x - e0) / (e1 - e0);
    u = u < 0 ? 0 : (u > 1 ? 1 : u);
    return u * u * (3 - 2 * u);
}

static reference_loco reference_loco_eval(double speed) {
    const double WALK_SPEED = 1.9, RUN_SPEED = 2.8, WALK_ANIM = 1.4, RUN_ANIM = 2.8;
    const double walk_stride = 1.5, run_stride = 2.0;
    reference_loco s;
    const double loco = reference_smooth(0.05, 0.35, speed);
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

/* The locomotion preset with the reference's numbers (or a config's). */
static sa_blend_tree_space loco_space(const sa_blend_tree_loco_config *c) {
    sa_blend_tree_space sp;
    assert_int_equal(sa_blend_tree_space_from_loco(&sp, c), SA_OK);
    return sp;
}

static void assert_frame_ok(const sa_blend_tree_frame *f, size_t slots) {
    assert_int_equal(f->weight_count, slots);
    double sum = 0.0;
    for (size_t i = 0; i < SA_BLEND_TREE_MAX_CLIPS; ++i) {
        assert_true(f->weights[i] >= 0.0f && f->weights[i] <= 1.0f);
        if (i >= slots) assert_true(f->weights[i] == 0.0f);
        sum += f->weights[i];
    }
    if (slots > 0) assert_near(sum, 1.0, 1e-6);
    assert_finite(f->u);
    assert_finite(f->move);
    assert_finite(f->anim);
    assert_finite(f->stride);
    assert_true(f->stride > 0.0f);
    assert_true(f->stretch >= 0.0f && f->stretch <= SA_BLEND_TREE_MAX_STRETCH);
    assert_finite(f->rate);
    assert_finite(f->advance);
    assert_true(f->phase >= 0.0f && f->phase < 1.0f);
}

static sa_blend_tree_point point(float at, size_t clip, sa_ease ease, float move, float anim,
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
    /* A NULL config builds the reference's preset. */
    const sa_blend_tree_loco_config d = sa_blend_tree_loco_config_default();
    const sa_blend_tree_space sd = loco_space(&d), sn = loco_space(NULL);
    assert_int_equal(sn.point_count, sd.point_count);
    assert_int_equal(sn.clip_count, sd.clip_count);
    assert_true(sn.follow_speed == sd.follow_speed);
    for (size_t i = 0; i < sd.point_count; ++i) { /* field by field: structs have padding */
        const sa_blend_tree_point *p = &sd.points[i], *q = &sn.points[i];
        assert_true(p->at == q->at && p->clip == q->clip && p->ease == q->ease);
        assert_true(p->move == q->move && p->anim == q->anim && p->stride == q->stride);
    }
    assert_int_equal(sd.point_count, 4);
    assert_int_equal(sd.clip_count, SA_BLEND_TREE_LOCO_CLIP_COUNT_);
    /* NULL phase evaluates the weights only. */
    sa_blend_tree_frame a = sa_blend_tree_space_step(&sd, NULL, 1.9f, 0.0f);
    assert_true(a.weights[WALK] == 1.0f);
    assert_near(a.phase, 0, 0);
    /* NaN speed counts as 0: all idle, no advance. */
    float phase = 0.25f;
    const sa_blend_tree_frame n = sa_blend_tree_space_step(&sd, &phase, NAN, 0.1f);
    assert_true(n.weights[IDLE] == 1.0f);
    assert_near(phase, 0.25f, 0);
    assert_frame_ok(&n, 3);
    /* A negative speed shows idle alone; the cycle may only run backwards. */
    const sa_blend_tree_frame neg = sa_blend_tree_space_step(&sd, &phase, -3.0f, 0.1f);
    assert_true(neg.weights[IDLE] == 1.0f);
    assert_true(neg.rate <= 0.0f && neg.advance <= 0.0f);
    /* Infinite speed: all run, no advance (no finite distance). */
    phase = 0.25f;
    const sa_blend_tree_frame inf = sa_blend_tree_space_step(&sd, &phase, INFINITY, 0.1f);
    assert_true(inf.weights[RUN] == 1.0f);
    assert_near(phase, 0.25f, 0);
    assert_frame_ok(&inf, 3);
    const sa_blend_tree_frame ninf = sa_blend_tree_space_step(&sd, &phase, -INFINITY, 0.1f);
    assert_true(ninf.weights[IDLE] == 1.0f);
    assert_near(phase, 0.25f, 0);
    /* Bad dt: no advance. */
    const float bad_dt[] = {0.0f, -0.1f, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < sizeof bad_dt / sizeof bad_dt[0]; ++i) {
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&sd, &phase, 2.0f, bad_dt[i]);
        assert_near(phase, 0.25f, 0);
        assert_near(f.advance, 0, 0);
    }
    /* A corrupt stored phase is wrapped, a non-finite one restarts at 0. */
    phase = NAN;
    sa_blend_tree_space_step(&sd, &phase, 0.0f, 0.1f);
    assert_near(phase, 0, 0);
    phase = 3.75f;
    sa_blend_tree_space_step(&sd, &phase, 0.0f, 0.1f);
    assert_near(phase, 0.75f, 0);
    phase = -0.25f;
    sa_blend_tree_space_step(&sd, &phase, 0.0f, 0.1f);
    assert_near(phase, 0.75f, 0);
    /* Loco configs: validate says what is wrong; the preset is not built from a bad one. */
    assert_int_equal(sa_blend_tree_loco_config_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_blend_tree_loco_config_validate(&d), SA_OK);
    sa_blend_tree_loco_config bad = d;
    bad.walk_anim = NAN;
    assert_int_equal(sa_blend_tree_loco_config_validate(&bad), SA_ERR_NOT_FINITE);
    bad = d;
    bad.run_speed = 1.0f;
    assert_int_equal(sa_blend_tree_loco_config_validate(&bad), SA_ERR_RANGE);
    bad = d;
    bad.moving_speed = 0.01f;
    assert_int_equal(sa_blend_tree_loco_config_validate(&bad), SA_ERR_RANGE);
    bad = d;
    bad.walk_stride = 0.0f;
    assert_int_equal(sa_blend_tree_loco_config_validate(&bad), SA_ERR_RANGE);
    bad = d;
    bad.idle_speed = -0.1f;
    assert_int_equal(sa_blend_tree_loco_config_validate(&bad), SA_ERR_RANGE);
    bad = d;
    bad.moving_speed = 2.0f; /* overlaps the walk: no plateau, no 1D space can say it */
    assert_int_equal(sa_blend_tree_loco_config_validate(&bad), SA_ERR_RANGE);
    sa_blend_tree_space sp;
    assert_int_equal(sa_blend_tree_space_from_loco(&sp, &bad), SA_ERR_RANGE);
    assert_int_equal(sp.point_count, 0);
    phase = 0.5f;
    const sa_blend_tree_frame none = sa_blend_tree_space_step(&sp, &phase, 2.0f, 0.1f);
    assert_int_equal(none.weight_count, 0);
    assert_near(phase, 0.5f, 0);
    assert_int_equal(sa_blend_tree_space_from_loco(NULL, &d), SA_ERR_NULL);
    /* Rate helper. */
    assert_near(sa_blend_tree_cycle_rate(NAN, 1.9f, 1.4f, 1.5f, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(INFINITY, 1.9f, 1.4f, 1.5f, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(1.0f, 1.9f, 1.4f, 0.0f, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(1.0f, 1.9f, 1.4f, NAN, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(1.0f, 1.9f, NAN, 1.5f, true), 0, 0);
    assert_near(sa_blend_tree_cycle_rate(1e30f, 1e-30f, 1e30f, 1e-30f, true), 1e6, 0);
    /* Spaces: setup errors, and per-frame calls on NULL or empty spaces. */
    assert_int_equal(sa_blend_tree_space_init(NULL, 2, true), SA_ERR_NULL);
    assert_int_equal(sa_blend_tree_space_init(&sp, 0, true), SA_ERR_COUNT);
    assert_int_equal(sp.clip_count, 1);
    assert_int_equal(sa_blend_tree_space_init(&sp, SA_BLEND_TREE_MAX_CLIPS + 1, true),
                     SA_ERR_COUNT);
    assert_int_equal(sa_blend_tree_space_validate(&sp), SA_ERR_COUNT); /* no points */
    assert_int_equal(sa_blend_tree_space_validate(NULL), SA_ERR_NULL);
    phase = 0.5f;
    const sa_blend_tree_frame e = sa_blend_tree_space_step(&sp, &phase, 1.0f, 0.1f);
    assert_int_equal(e.weight_count, 0);
    assert_frame_ok(&e, 0);
    assert_near(phase, 0.5f, 0);
    const sa_blend_tree_frame z = sa_blend_tree_space_step(NULL, NULL, 1.0f, 0.1f);
    assert_int_equal(z.weight_count, 0);
    assert_frame_ok(&z, 0);
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
    q.clip = SIZE_MAX;
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
    assert_int_equal(sp.point_count, 1); /* nothing was added on error */
    assert_int_equal(sa_blend_tree_space_add(&sp, &q), SA_OK);
    assert_int_equal(sa_blend_tree_space_validate(&sp), SA_OK);
    /* Fill to capacity, then one more is refused. */
    for (size_t i = 2; i < SA_BLEND_TREE_MAX_POINTS; ++i) {
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
    sp.points[3].at = sp.points[2].at + 0.5f;
    sp.clip_count = SA_BLEND_TREE_MAX_CLIPS + 1;
    assert_int_equal(sa_blend_tree_space_validate(&sp), SA_ERR_COUNT);
    sp.clip_count = 2;
    sp.point_count = SA_BLEND_TREE_MAX_POINTS + 1;
    assert_int_equal(sa_blend_tree_space_validate(&sp), SA_ERR_COUNT);
}

static void test_blend_tree_loco_weights_sum_to_one_and_are_never_negative(void **state) {
    (void)state;
    test_rng r = test_rng_make(5);
    float phase = 0.0f;
    const sa_blend_tree_space d = loco_space(NULL);
    for (int i = 0; i < 20000; ++i) {
        const float speed = (i % 3 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, -1.0f, 5.0f);
        const float dt = (i % 5 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, 0.0f, 0.05f);
        sa_blend_tree_space sp = d;
        if (i % 7 == 0) { /* any valid config keeps the guarantees */
            sa_blend_tree_loco_config c;
            c.idle_speed = test_rng_range(&r, 0.0f, 1.0f);
            c.moving_speed = c.idle_speed + test_rng_range(&r, 1e-3f, 1.0f);
            c.walk_speed = c.moving_speed + test_rng_range(&r, 1e-3f, 2.0f);
            c.run_speed = c.walk_speed + test_rng_range(&r, 1e-3f, 3.0f);
            c.walk_anim = test_rng_range(&r, 1e-3f, 4.0f);
            c.run_anim = test_rng_range(&r, 1e-3f, 4.0f);
            c.walk_stride = test_rng_range(&r, 1e-3f, 3.0f);
            c.run_stride = test_rng_range(&r, 1e-3f, 3.0f);
            c.follow_speed = (i & 1) != 0;
            sp = loco_space(&c);
        }
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&sp, &phase, speed, dt);
        assert_frame_ok(&f, 3);
        assert_near(phase, f.phase, 0);
        /* Never more than two neighbours at once. */
        assert_true(f.weights[IDLE] == 0.0f || f.weights[RUN] == 0.0f);
    }
}

static void test_blend_tree_loco_reference_speeds_give_pure_clips(void **state) {
    (void)state;
    const sa_blend_tree_space d = loco_space(NULL);
    /* Standing (and anything up to the lower smooth edge): all idle, exactly. */
    const float idle_speeds[] = {0.0f, 0.01f, 0.05f};
    for (size_t i = 0; i < sizeof idle_speeds / sizeof idle_speeds[0]; ++i) {
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&d, NULL, idle_speeds[i], 0.0f);
        assert_true(f.weights[IDLE] == 1.0f && f.weights[WALK] == 0.0f && f.weights[RUN] == 0.0f);
    }
    /* WALK_SPEED, and the whole plateau from the upper smooth edge to it: all walk. */
    const float walk_speeds[] = {0.35f, 0.8f, 1.4f, 1.9f};
    for (size_t i = 0; i < sizeof walk_speeds / sizeof walk_speeds[0]; ++i) {
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&d, NULL, walk_speeds[i], 0.0f);
        assert_true(f.weights[IDLE] == 0.0f && f.weights[WALK] == 1.0f && f.weights[RUN] == 0.0f);
    }
    /* RUN_SPEED and above: all run. */
    const float run_speeds[] = {2.8f, 3.0f, 10.0f, 1e6f, 3e38f};
    for (size_t i = 0; i < sizeof run_speeds / sizeof run_speeds[0]; ++i) {
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&d, NULL, run_speeds[i], 0.0f);
        assert_true(f.weights[IDLE] == 0.0f && f.weights[WALK] == 0.0f && f.weights[RUN] == 1.0f);
    }
    /* In between: some of each neighbour, and the mix moves monotonically with speed. */
    float prev_idle = 1.0f, prev_run = 0.0f;
    for (int k = 0; k <= 3000; ++k) {
        const float s = (float)k * 0.001f;
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&d, NULL, s, 0.0f);
        const float idle = f.weights[IDLE], walk = f.weights[WALK], run = f.weights[RUN];
        assert_true(idle <= prev_idle);
        assert_true(run >= prev_run);
        if (s > 0.06f && s < 0.34f) assert_true(idle > 0.0f && walk > 0.0f && run == 0.0f);
        if (s > 1.91f && s < 2.79f) assert_true(walk > 0.0f && run > 0.0f && idle == 0.0f);
        prev_idle = idle;
        prev_run = run;
    }
}

static void test_blend_tree_loco_matches_the_reference_formula(void **state) {
    (void)state;
    test_rng r = test_rng_make(11);
    const sa_blend_tree_space d = loco_space(NULL);
    for (int i = 0; i < 20000; ++i) {
        const float s = test_rng_range(&r, 0.0f, 4.0f);
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&d, NULL, s, 0.0f);
        const reference_loco e = reference_loco_eval((double)s);
        assert_near(f.weights[IDLE], e.idle, 2e-6);
        assert_near(f.weights[WALK], e.walk, 2e-6);
        assert_near(f.weights[RUN], e.run, 2e-6);
        assert_near(f.stretch, e.stretch, 2e-6);
        assert_near(f.rate, e.rate, 2e-6 * (1 + e.rate));
        /* Between WALK_SPEED and RUN_SPEED the segment position is the reference's t. */
        if (s > 1.9f && s < 2.8f) assert_near(f.u, e.t, 2e-6);
    }
    /* The reference's stretch at its two anchor speeds: 1.9 / 1.4 walking, 2.8 / 2.8 running. */
    assert_near(sa_blend_tree_space_step(&d, NULL, 1.9f, 0).stretch, 1.9 / 1.4, 1e-6);
    assert_near(sa_blend_tree_space_step(&d, NULL, 2.8f, 0).stretch, 1.0, 1e-6);
}

/* Phase moved over n frames of dt at a constant speed, unwrapped by summing small steps. */
static double cycles_over(const sa_blend_tree_space *sp, float speed, float dt, int n) {
    float phase = 0.0f;
    double total = 0.0;
    for (int i = 0; i < n; ++i) {
        const float before = phase;
        sa_blend_tree_space_step(sp, &phase, speed, dt);
        double step = (double)phase - before;
        if (step < -0.5) step += 1.0;
        total += step;
    }
    return total;
}

static void test_blend_tree_phase_advances_by_distance(void **state) {
    (void)state;
    sa_blend_tree_loco_config c = sa_blend_tree_loco_config_default();
    sa_blend_tree_space sp = loco_space(&c);
    /* Same clip mix at v and 2v (walk plateau; run plateau): following the speed, twice the
     * speed turns the cycle twice as fast. */
    const float pairs[][2] = {{0.5f, 1.0f}, {0.9f, 1.8f}, {3.0f, 6.0f}, {4.0f, 8.0f}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; ++i) {
        const double slow = cycles_over(&sp, pairs[i][0], 1.0f / 60.0f, 120);
        const double fast = cycles_over(&sp, pairs[i][1], 1.0f / 60.0f, 120);
        assert_true(slow > 0.1);
        assert_near(fast / slow, 2.0, 1e-4);
    }
    /* One cycle per stretched stride: at WALK_SPEED the body covers stride·move/anim per cycle
     * (1.5 · 1.9 / 1.4), at RUN_SPEED exactly the run stride. */
    const double walk_cycles = cycles_over(&sp, 1.9f, 1.0f / 60.0f, 600); /* 10 s */
    assert_near(19.0 / walk_cycles, 1.5 * 1.9 / 1.4, 1e-4);
    const double run_cycles = cycles_over(&sp, 2.8f, 1.0f / 60.0f, 600);
    assert_near(28.0 / run_cycles, 2.0, 1e-4);
    /* Frame rate does not matter: the same 2 seconds in 30 or 240 steps. */
    assert_near(cycles_over(&sp, 2.3f, 1.0f / 15.0f, 30),
                cycles_over(&sp, 2.3f, 1.0f / 120.0f, 240), 1e-4);
    /* Standing still, the cycle stops. */
    assert_near(cycles_over(&sp, 0.0f, 1.0f / 60.0f, 60), 0.0, 0);
    /* Not following: the clip plays at its own pace (anim/stride cycles a second), whatever the
     * speed: twice the speed changes nothing, standing still does not stop it. */
    c.follow_speed = false;
    sp = loco_space(&c);
    const double own_walk = cycles_over(&sp, 1.0f, 1.0f / 60.0f, 120);
    assert_near(own_walk, 2.0 * 1.4 / 1.5, 1e-4);
    assert_near(cycles_over(&sp, 0.5f, 1.0f / 60.0f, 120), own_walk, 1e-6);
    assert_near(cycles_over(&sp, 0.0f, 1.0f / 60.0f, 120), own_walk, 1e-6);
    assert_near(cycles_over(&sp, 4.0f, 1.0f / 60.0f, 120),
                cycles_over(&sp, 8.0f, 1.0f / 60.0f, 120), 1e-6);
    assert_near(cycles_over(&sp, 4.0f, 1.0f / 60.0f, 120), 2.0 * 2.8 / 2.0, 1e-4);
    assert_near(sa_blend_tree_space_step(&sp, NULL, 1.9f, 0.0f).stretch, 1.0, 0);
}

static void test_blend_tree_phase_is_the_shared_phase_advance(void **state) {
    (void)state;
    /* Each frame's phase is vecmath.h's sa_phase_advance of the stored one by the frame's advance,
     * so the blend tree and anything else stepping a phase agree; and it stays in [0, 1). */
    test_rng r = test_rng_make(19);
    const sa_blend_tree_space sp = loco_space(NULL);
    for (int i = 0; i < 50000; ++i) {
        float phase = (i % 4 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, -3.0f, 3.0f);
        const float before = phase;
        const float s = (i % 3 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, -5.0f, 1e4f);
        const float dt = test_rng_range(&r, 0.0f, 0.5f);
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&sp, &phase, s, dt);
        assert_true(phase >= 0.0f && phase < 1.0f);
        assert_true(phase == f.phase);
        assert_true(phase == sa_phase_advance(before, f.advance));
        /* The advance is the rate over the frame (below the rate's cap). */
        const double want = (double)f.rate * (double)dt;
        if (fabsf(f.rate) < 1e6f) assert_near(f.advance, want, 1e-5 * (1.0 + fabs(want)));
    }
}

static void test_blend_tree_cycle_rate_follows_the_reference(void **state) {
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

static void test_blend_tree_space_weights_sum_to_one_and_are_never_negative(void **state) {
    (void)state;
    test_rng r = test_rng_make(43);
    for (int i = 0; i < 5000; ++i) {
        sa_blend_tree_space sp;
        const size_t clips = 1 + (size_t)(test_rng_next(&r) % 5u);
        sa_blend_tree_space_init(&sp, clips, (i & 1) != 0);
        const size_t n = 1 + (size_t)(test_rng_next(&r) % SA_BLEND_TREE_MAX_POINTS);
        float at = test_rng_range(&r, -5.0f, 5.0f);
        for (size_t k = 0; k < n; ++k) {
            const sa_blend_tree_point p =
                point(at, (size_t)(test_rng_next(&r) % (uint32_t)clips),
                      (sa_ease)(test_rng_next(&r) % (uint32_t)SA_EASE_COUNT_),
                      test_rng_range(&r, 0.0f, 4.0f), test_rng_range(&r, 0.0f, 4.0f),
                      test_rng_range(&r, 0.1f, 3.0f));
            assert_int_equal(sa_blend_tree_space_add(&sp, &p), SA_OK);
            at += test_rng_range(&r, 1e-3f, 2.0f);
        }
        float phase = test_rng_range(&r, 0.0f, 1.0f);
        for (int k = 0; k < 20; ++k) {
            const float x = (k % 4 == 0) ? test_rng_nasty(&r) : test_rng_range(&r, -8.0f, 40.0f);
            const sa_blend_tree_frame f = sa_blend_tree_space_step(&sp, &phase, x, 1.0f / 60.0f);
            assert_frame_ok(&f, clips);
            int nonzero = 0;
            for (size_t j = 0; j < clips; ++j)
                nonzero += f.weights[j] > 0.0f;
            assert_true(nonzero <= 2); /* only the two neighbours */
            assert_true(f.segment < n);
        }
    }
    /* A hand-corrupted space is still safe per frame. */
    sa_blend_tree_space bad;
    sa_blend_tree_space_init(&bad, 2, true);
    bad.point_count = 99;
    for (size_t k = 0; k < SA_BLEND_TREE_MAX_POINTS; ++k)
        bad.points[k] = point(test_rng_nasty(&r), (size_t)test_rng_next(&r), (sa_ease)77,
                              test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r));
    for (int k = 0; k < 2000; ++k) {
        float phase = 0.5f;
        bad.clip_count = (k % 3 == 0) ? 0 : (k % 3 == 1 ? 2 : 1000);
        const sa_blend_tree_frame f =
            sa_blend_tree_space_step(&bad, &phase, test_rng_nasty(&r), test_rng_nasty(&r));
        const size_t slots = k % 3 == 0 ? 1 : (k % 3 == 1 ? 2 : SA_BLEND_TREE_MAX_CLIPS);
        assert_frame_ok(&f, slots);
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
    float phase = 0.0f;
    /* Floating still: all tread, and the treading cycle keeps going at its own pace. */
    sa_blend_tree_frame f = sa_blend_tree_space_step(&sp, &phase, 0.0f, 0.5f);
    assert_int_equal(f.weight_count, 2);
    assert_true(f.weights[0] == 1.0f && f.weights[1] == 0.0f);
    assert_near(phase, 0.3f, 1e-6);
    assert_near(f.stretch, 1.0f, 0);
    /* At paddling speed: all paddle, cycle by distance (1.2 · (1.0/1.2) / 1.6 per second). */
    phase = 0.0f;
    f = sa_blend_tree_space_step(&sp, &phase, 1.2f, 0.5f);
    assert_true(f.weights[0] == 0.0f && f.weights[1] == 1.0f);
    assert_near(phase, 0.5 * 1.0 / 1.6, 1e-6);
    assert_near(f.stretch, 1.2, 1e-6);
    phase = 0.0f;
    sa_blend_tree_space_step(&sp, &phase, 2.4f, 0.5f);
    assert_near(phase, 2 * 0.5 * 1.0 / 1.6, 1e-6);
    /* Halfway: smoothstep(0.5) = 0.5 each; the cycle rate moves continuously with the speed. */
    f = sa_blend_tree_space_step(&sp, NULL, 0.6f, 0.0f);
    assert_near(f.weights[0], 0.5f, 1e-6);
    assert_near(f.weights[1], 0.5f, 1e-6);
    float prev = sa_blend_tree_space_step(&sp, NULL, 0.0f, 0.0f).rate;
    for (int k = 1; k <= 1200; ++k) {
        const float rate = sa_blend_tree_space_step(&sp, NULL, (float)k * 0.001f, 0.0f).rate;
        assert_true(fabsf(rate - prev) < 0.01f);
        prev = rate;
    }
}

static sa_quat random_rotation(test_rng *r, float max_angle) {
    const sa_vec3 axis =
        sa_v3(test_rng_range(r, -1, 1), test_rng_range(r, -1, 1), test_rng_range(r, -1, 1));
    return sa_quat_from_axis_angle(axis, test_rng_range(r, -max_angle, max_angle));
}

static sa_transform xf(sa_quat q) {
    return sa_transform_make(sa_v3(0.0f, 0.4f, 0.0f), q, sa_v3(1.0f, 1.0f, 1.0f));
}

/* A small named rig: hips, spine, the two upper arms and head, the two legs. */
enum { RIG = 9 };
static const char *const rig_names[RIG] = {"hips",    "spine",  "upperarm_l", "upperarm_r", "head",
                                           "thigh_l", "shin_l", "thigh_r",    "shin_r"};
static const int32_t rig_parents[RIG] = {SA_SKELETON_JOINT_NONE, 0, 1, 1, 1, 0, 5, 0, 7};

static void test_blend_tree_stretch_swings_thighs_and_arms_past_the_clip(void **state) {
    (void)state;
    /* The reference's stride stretch through pose.h: the frame's stretch applied with the
     * stretch weights swings the thighs and upper arms from idle past the clip along the same
     * arc, and leaves every other joint exactly as the clip has it. */
    test_rng r = test_rng_make(53);
    sa_transform rest[RIG];
    for (size_t j = 0; j < RIG; ++j)
        rest[j] = xf(sa_quat_identity());
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, rig_parents, rest, rig_names, RIG), SA_OK);
    float w[RIG];
    assert_int_equal(sa_blend_tree_stretch_weights(&sk, w, RIG), RIG);
    const sa_blend_tree_space loco = loco_space(NULL);
    for (int i = 0; i < 5000; ++i) {
        sa_transform idle[RIG], clip[RIG], out[RIG];
        for (size_t j = 0; j < RIG; ++j) {
            idle[j] = xf(random_rotation(&r, 1.0f));
            clip[j] = xf(sa_quat_mul(random_rotation(&r, 0.6f), idle[j].rotation));
        }
        const float speed = test_rng_range(&r, 0.0f, 4.0f);
        const float s = sa_blend_tree_space_step(&loco, NULL, speed, 0.0f).stretch;
        memcpy(out, clip, sizeof out);
        assert_int_equal(sa_pose_lerp_masked(idle, out, s, w, RIG, out, RIG), RIG);
        for (size_t j = 0; j < RIG; ++j) {
            const bool limb = j == 2 || j == 3 || j == 5 || j == 7;
            if (!limb) {
                assert_memory_equal(&out[j], &clip[j], sizeof out[j]);
                continue;
            }
            /* The bone offsets are the same in both poses, so they stay. */
            assert_near(sa_v3_distance(out[j].translation, clip[j].translation), 0, 1e-6);
            const double clip_angle = test_quat_angle(idle[j].rotation, clip[j].rotation);
            const double out_angle = test_quat_angle(idle[j].rotation, out[j].rotation);
            const double past = test_quat_angle(clip[j].rotation, out[j].rotation);
            assert_near(out_angle, s * clip_angle, 2e-3);
            assert_near(past, fabs(s - 1) * clip_angle, 2e-3);
        }
    }
    /* At WALK_SPEED a thigh the walk swings 20 degrees forward of idle swings 20 · 1.9 / 1.4. */
    sa_transform idle[RIG], pose[RIG];
    for (size_t j = 0; j < RIG; ++j)
        idle[j] = pose[j] = xf(sa_quat_identity());
    pose[5].rotation = sa_quat_from_axis_angle(sa_v3(0, 0, 1), 20.0f * SA_PI / 180.0f);
    const float walk = sa_blend_tree_space_step(&loco, NULL, 1.9f, 0.0f).stretch;
    assert_int_equal(sa_pose_lerp_masked(idle, pose, walk, w, RIG, pose, RIG), RIG);
    assert_near(sa_quat_angle(pose[5].rotation) * 180.0 / 3.14159265358979, 20.0 * 1.9 / 1.4, 1e-3);
}

static void test_blend_tree_stretch_weights_find_thighs_and_upper_arms(void **state) {
    (void)state;
    sa_transform rest[RIG];
    for (size_t j = 0; j < RIG; ++j)
        rest[j] = sa_transform_identity();
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, rig_parents, rest, rig_names, RIG), SA_OK);
    float w[RIG + 1];
    for (size_t j = 0; j <= RIG; ++j)
        w[j] = -7.0f;
    /* Count only: the joint count; a capacity one short writes nothing. */
    assert_int_equal(sa_blend_tree_stretch_weights(&sk, NULL, 0), RIG);
    assert_int_equal(sa_blend_tree_stretch_weights(&sk, w, RIG - 1), 0);
    for (size_t j = 0; j <= RIG; ++j)
        assert_near(w[j], -7.0f, 0);
    /* 1 on the two thighs and the two upper arms, 0 on everything else, nothing past the end. */
    assert_int_equal(sa_blend_tree_stretch_weights(&sk, w, RIG + 1), RIG);
    const float want[RIG] = {0, 0, 1, 1, 0, 1, 0, 1, 0};
    for (size_t j = 0; j < RIG; ++j)
        assert_near(w[j], want[j], 0);
    assert_near(w[RIG], -7.0f, 0);
    /* Other naming schemes; a missing limb keeps 0. */
    const char *const mixamo[] = {"mixamorig:Hips", "mixamorig:LeftUpLeg", "mixamorig:RightArm",
                                  NULL};
    sa_skeleton mx;
    assert_int_equal(sa_skeleton_init(&mx, rig_parents, rest, mixamo, 4), SA_OK);
    assert_int_equal(sa_blend_tree_stretch_weights(&mx, w, RIG), 4);
    const float want_mx[4] = {0, 1, 1, 0};
    for (size_t j = 0; j < 4; ++j)
        assert_near(w[j], want_mx[j], 0);
    /* No names: nothing to stretch, every weight 0. */
    mx.names = NULL;
    assert_int_equal(sa_blend_tree_stretch_weights(&mx, w, RIG), 4);
    for (size_t j = 0; j < 4; ++j)
        assert_near(w[j], 0, 0);
    /* Bad input: 0 and nothing written, also for the count-only call. */
    w[0] = -7.0f;
    assert_int_equal(sa_blend_tree_stretch_weights(NULL, w, RIG), 0);
    assert_int_equal(sa_blend_tree_stretch_weights(NULL, NULL, 0), 0);
    sa_skeleton broken = sk;
    broken.joint_count = 0;
    assert_int_equal(sa_blend_tree_stretch_weights(&broken, w, RIG), 0);
    assert_int_equal(sa_blend_tree_stretch_weights(&broken, NULL, 0), 0);
    assert_near(w[0], -7.0f, 0);
}

/* Issue 14 (found against 0.1's sa_blend_tree_loco_step): walk_speed FLT_MAX with run_speed
 * −FLT_MAX gave a NaN move. Such a config is rejected now, but a space filled in by hand with
 * that preset's layout still steps into finite frames whose weights sum to 1. */
static void test_blend_tree_extreme_hand_filled_space_steps_finitely(void **state) {
    (void)state;
    const float W = FLT_MAX, R = -FLT_MAX;
    sa_blend_tree_loco_config c = sa_blend_tree_loco_config_default();
    c.walk_speed = W;
    c.run_speed = R;
    sa_blend_tree_space sp;
    assert_int_equal(sa_blend_tree_space_from_loco(&sp, &c), SA_ERR_RANGE);
    assert_int_equal(sa_blend_tree_space_init(&sp, 3, true), SA_OK);
    const sa_blend_tree_point pts[4] = {
        {0.05f, 0, SA_EASE_SMOOTH, W, 1.4f, 1.5f},
        {0.35f, 1, SA_EASE_LINEAR, W, 1.4f, 1.5f},
        {W, 1, SA_EASE_LINEAR, W, 1.4f, 1.5f},
        {R, 2, SA_EASE_LINEAR, R, 2.8f, 2.0f},
    };
    memcpy(sp.points, pts, sizeof pts);
    sp.point_count = 4;
    const float xs[] = {0, 0.2f, 1, 1e38f, FLT_MAX, -FLT_MAX, INFINITY, -INFINITY, NAN, -1e-45f};
    for (int follow = 0; follow < 2; ++follow) {
        sp.follow_speed = follow != 0;
        for (size_t i = 0; i < sizeof xs / sizeof xs[0]; ++i) {
            float phase = 0.3f;
            const sa_blend_tree_frame f = sa_blend_tree_space_step(&sp, &phase, xs[i], 1e30f);
            double sum = 0;
            for (size_t k = 0; k < f.weight_count; ++k) {
                assert_true(f.weights[k] >= 0.0f);
                sum += f.weights[k];
            }
            assert_near(sum, 1, 1e-6);
            const float v[] = {f.u, f.move, f.anim, f.stride, f.stretch, f.rate, f.advance};
            for (size_t k = 0; k < sizeof v / sizeof v[0]; ++k)
                assert_finite(v[k]);
            assert_true(f.phase >= 0.0f && f.phase < 1.0f);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blend_tree_bad_input_gives_documented_finite_results),
        cmocka_unit_test(test_blend_tree_space_setup_rejects_bad_points),
        cmocka_unit_test(test_blend_tree_loco_weights_sum_to_one_and_are_never_negative),
        cmocka_unit_test(test_blend_tree_loco_reference_speeds_give_pure_clips),
        cmocka_unit_test(test_blend_tree_loco_matches_the_reference_formula),
        cmocka_unit_test(test_blend_tree_phase_advances_by_distance),
        cmocka_unit_test(test_blend_tree_phase_is_the_shared_phase_advance),
        cmocka_unit_test(test_blend_tree_cycle_rate_follows_the_reference),
        cmocka_unit_test(test_blend_tree_space_weights_sum_to_one_and_are_never_negative),
        cmocka_unit_test(test_blend_tree_space_swim_treads_then_paddles),
        cmocka_unit_test(test_blend_tree_stretch_swings_thighs_and_arms_past_the_clip),
        cmocka_unit_test(test_blend_tree_stretch_weights_find_thighs_and_upper_arms),
        cmocka_unit_test(test_blend_tree_extreme_hand_filled_space_steps_finitely),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
