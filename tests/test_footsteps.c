#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/footsteps.h>

enum { CAP = 256 };

static const sa_clip_touchdown walk_markers[] = {{0.1f, 0}, {0.6f, 1}};

static sa_footsteps_job one_layer_job(const sa_footsteps_layer *layer, float from, float to,
                                      float cycles, float dt) {
    sa_footsteps_job j = sa_footsteps_job_default();
    j.layers = layer;
    j.layer_count = 1;
    j.phase_from = from;
    j.phase_to = to;
    j.cycles = cycles;
    j.dt = dt;
    return j;
}

/* Runs a copy of @p job with its output buffer set to (out, capacity). */
static size_t run_into(const sa_footsteps_job *job, sa_footsteps_event *out, size_t capacity) {
    sa_footsteps_job j = *job;
    j.out = out;
    j.capacity = capacity;
    return sa_footsteps_run(&j);
}

/* How a game keeps its phase: float, wrapped into [0, 1) each frame. */
static float game_wrap(float p) {
    p -= floorf(p);
    return p < 1.0f ? p : 0.0f;
}

/* Reference: integers k with m + k in (lo, hi] (forwards) or [hi, lo) (backwards), by brute force
 * over every k near the interval, in double. */
static int brute_crossings(double lo, double hi, double m) {
    int n = 0;
    const double a = lo < hi ? lo : hi, b = lo < hi ? hi : lo;
    for (double k = floor(a) - 2.0; k <= ceil(b) + 2.0; k += 1.0) {
        const double x = m + k;
        if (hi > lo ? (x > lo && x <= hi) : (x >= hi && x < lo)) ++n;
    }
    return n;
}

static void test_footsteps_bad_input_is_harmless(void **state) {
    (void)state;
    sa_footsteps_event ev[CAP];
    assert_int_equal(sa_footsteps_run(NULL), 0);
    assert_int_equal(sa_footsteps_validate(NULL), SA_ERR_NULL);
    sa_footsteps_job j = sa_footsteps_job_default();
    assert_near(j.threshold, 0.5f, 0);
    assert_int_equal(j.default_surface, SA_FOOTSTEPS_SURFACE_GRASS);
    assert_null(j.out); /* the default job is a count-only call */
    assert_int_equal(j.capacity, 0);
    assert_int_equal(sa_footsteps_validate(&j), SA_OK);
    j.phase_to = 0.5f;
    j.cycles = 0.5f;
    assert_int_equal(run_into(&j, ev, CAP), 0); /* no layers */
    assert_int_equal(run_into(&j, NULL, 0), 0);
    const sa_footsteps_layer walk = {walk_markers, 2, 1.0f};
    /* Markers with NaN or infinite phases are ignored; phases out of range are wrapped. */
    const sa_clip_touchdown odd[] = {{NAN, 0}, {0.3f, 4}, {1.25f, 2}, {INFINITY, 1}, {-0.5f, 3}};
    const sa_footsteps_layer l = {odd, 5, 1.0f};
    j = one_layer_job(&l, 0.0f, 0.0f, 1.0f, 0.1f);
    assert_int_equal(sa_footsteps_validate(&j), SA_ERR_NOT_FINITE); /* what run repairs */
    size_t n = run_into(&j, ev, CAP);
    assert_int_equal(n, 3);
    assert_int_equal(ev[0].foot, 2);
    assert_near(ev[0].phase, 0.25f, 0);
    assert_int_equal(ev[1].foot, 4);
    assert_near(ev[1].phase, 0.3f, 0);
    assert_int_equal(ev[2].foot, 3);
    assert_near(ev[2].phase, 0.5f, 0);
    /* The count-only call counts every crossing, whatever the capacity, and writes nothing. */
    j = one_layer_job(&walk, 0.0f, 0.0f, 2.0f, 0.1f);
    assert_int_equal(sa_footsteps_validate(&j), SA_OK);
    assert_int_equal(run_into(&j, NULL, 0), 4);
    assert_int_equal(run_into(&j, NULL, CAP), 4);
    /* validate names what run would repair or skip. */
    sa_footsteps_job v = j;
    v.layers = NULL;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_NULL);
    assert_int_equal(run_into(&v, ev, CAP), 0);
    v = j;
    v.surface_count = 2;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_NULL);
    v = j;
    v.phase_from = 1.5f;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_RANGE);
    v = j;
    v.dt = -0.1f;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_RANGE);
    v = j;
    v.threshold = -1.0f;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_RANGE);
    v = j;
    v.dt = INFINITY;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_NOT_FINITE);
    v = j;
    v.cycles = NAN; /* a documented choice, not an error */
    assert_int_equal(sa_footsteps_validate(&v), SA_OK);
    const sa_footsteps_layer heavy = {walk_markers, 2, 1.5f};
    v.layers = &heavy;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_RANGE);
    const sa_clip_touchdown late[] = {{1.0f, 0}};
    const sa_footsteps_layer wrapped = {late, 1, 1.0f};
    v.layers = &wrapped;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_RANGE);
    /* A layer with markers NULL but a count, weight NaN: nothing. */
    const sa_footsteps_layer bad[] = {{NULL, 3, 1.0f}, {walk_markers, 2, NAN}};
    j = one_layer_job(bad, 0.0f, 0.5f, 0.5f, 0.1f);
    j.layer_count = 2;
    assert_int_equal(sa_footsteps_validate(&j), SA_ERR_NULL);
    assert_int_equal(run_into(&j, ev, CAP), 0);
    /* NaN cycles: the shorter way; NaN threshold: the default; NaN dt: times 0. */
    j = one_layer_job(&walk, 0.9f, 0.2f, NAN, NAN);
    j.threshold = NAN;
    assert_int_equal(sa_footsteps_validate(&j), SA_ERR_NOT_FINITE);
    n = run_into(&j, ev, CAP);
    assert_int_equal(n, 1);
    assert_int_equal(ev[0].foot, 0);
    assert_near(ev[0].time, 0, 0);
    /* Nasty everything: bounded, finite, in the frame. */
    test_rng r = test_rng_make(31);
    sa_clip_touchdown marks[6];
    sa_footsteps_layer layers[3];
    for (int i = 0; i < 20000; ++i) {
        for (int k = 0; k < 6; ++k) {
            marks[k].phase = (k & 1) ? test_rng_nasty(&r) : test_rng_range(&r, 0, 1);
            marks[k].foot = (size_t)(test_rng_next(&r) % 5u);
        }
        for (int k = 0; k < 3; ++k) {
            layers[k].touchdowns = marks + 2 * k;
            layers[k].touchdown_count = 2;
            layers[k].weight = test_rng_nasty(&r);
        }
        j = sa_footsteps_job_default();
        j.layers = layers;
        j.layer_count = 3;
        j.phase_from = test_rng_nasty(&r);
        j.phase_to = test_rng_nasty(&r);
        j.cycles = (i & 1) ? test_rng_nasty(&r) : test_rng_range(&r, -3, 3);
        j.dt = test_rng_nasty(&r);
        j.threshold = test_rng_nasty(&r);
        const size_t cap = test_rng_next(&r) % 8u;
        const size_t crossed = run_into(&j, NULL, 0);
        n = run_into(&j, ev, cap);
        assert_int_equal(n, crossed < cap ? crossed : cap); /* the stream rule */
        const float dt = (j.dt > 0.0f && j.dt <= FLT_MAX) ? j.dt : 0.0f;
        for (size_t e = 0; e < n; ++e) {
            assert_true(ev[e].time >= 0.0f && ev[e].time <= dt);
            assert_true(ev[e].phase >= 0.0f && ev[e].phase < 1.0f);
            assert_true(ev[e].foot < 5 && ev[e].layer < 3);
            if (e) assert_true(ev[e].time >= ev[e - 1].time);
        }
    }
}

/* Drives the phase like a game does (float, wrapped) with random speeds, dt spikes and, when
 * `backwards`, negative advances; checks each frame against brute force and the whole run
 * against the total distance: one event per touchdown crossed, none twice, none missed. */
static void run_script(uint32_t seed, bool backwards, bool mixed) {
    static const sa_clip_touchdown marks[] = {{0.0f, 0}, {0.25f, 2}, {0.5f, 1}, {0.999f, 3}};
    const sa_footsteps_layer layer = {marks, 4, 1.0f};
    test_rng r = test_rng_make(seed);
    float phase = test_rng_range(&r, 0, 1);
    double unwrapped = (double)phase;
    const double start = unwrapped;
    long fired[4] = {0, 0, 0, 0};
    sa_footsteps_event ev[CAP];
    for (int frame = 0; frame < 20000; ++frame) {
        float dt = 1.0f / 60.0f;
        if (test_rng_next(&r) % 50u == 0) dt = test_rng_range(&r, 0.1f, 2.0f); /* a spike */
        float rate = test_rng_range(&r, 0.0f, 3.0f);                           /* cycles/s */
        if (backwards) rate = -rate;
        if (mixed && (test_rng_next(&r) & 1u)) rate = -rate;
        if (test_rng_next(&r) % 20u == 0) rate = 0.0f; /* standing still */
        const float adv = rate * dt;
        const float next = game_wrap(phase + adv);
        /* The unwrapped position the game's phases describe: next − phase plus whole cycles. */
        const double d = (double)next - (double)phase;
        const double moved = d + floor((double)adv - d + 0.5);
        const sa_footsteps_job j = one_layer_job(&layer, phase, next, adv, dt);
        const size_t n = run_into(&j, ev, CAP);
        assert_int_equal(run_into(&j, NULL, 0), n);
        int expected = 0;
        for (int k = 0; k < 4; ++k) {
            const int c = brute_crossings(unwrapped, unwrapped + moved, (double)marks[k].phase);
            int got = 0;
            for (size_t e = 0; e < n; ++e)
                got += ev[e].foot == marks[k].foot;
            assert_int_equal(got, c);
            fired[k] += got;
            expected += c;
        }
        assert_int_equal((int)n, expected);
        for (size_t e = 0; e < n; ++e) {
            assert_true(ev[e].time > 0.0f && ev[e].time <= dt * 1.0001f);
            if (e) assert_true(ev[e].time >= ev[e - 1].time);
        }
        unwrapped += moved;
        phase = next;
    }
    /* Over the whole run each marker fired once per time the phase passed it, net of direction
     * changes counted both ways: forwards only, this is the number of integer crossings. */
    if (!mixed) {
        for (int k = 0; k < 4; ++k) {
            const double m = (double)marks[k].phase;
            const double passes = backwards ? ceil(start - m) - ceil(unwrapped - m)
                                            : floor(unwrapped - m) - floor(start - m);
            assert_int_equal(fired[k], (long)passes);
        }
        assert_true(fabs(unwrapped - start) > 1000.0);
    }
}

static void test_footsteps_one_event_per_touchdown_forwards(void **state) {
    (void)state;
    for (uint32_t s = 1; s <= 5; ++s)
        run_script(s, false, false);
}

static void test_footsteps_one_event_per_touchdown_backwards(void **state) {
    (void)state;
    for (uint32_t s = 11; s <= 15; ++s)
        run_script(s, true, false);
}

static void test_footsteps_direction_changes_and_spikes(void **state) {
    (void)state;
    for (uint32_t s = 21; s <= 25; ++s)
        run_script(s, false, true);
}

static void test_footsteps_across_the_wrap(void **state) {
    (void)state;
    static const sa_clip_touchdown marks[] = {{0.0f, 0}, {0.95f, 1}, {0.5f, 2}};
    const sa_footsteps_layer layer = {marks, 3, 1.0f};
    sa_footsteps_event ev[CAP];
    /* Forwards 0.9 → 0.1: 0.95 first (a quarter into the frame), then 0.0 (half way). */
    sa_footsteps_job j = one_layer_job(&layer, 0.9f, 0.1f, 0.2f, 0.2f);
    size_t n = run_into(&j, ev, CAP);
    assert_int_equal(n, 2);
    assert_int_equal(ev[0].foot, 1);
    assert_near(ev[0].time, 0.05f, 1e-6);
    assert_int_equal(ev[1].foot, 0);
    assert_near(ev[1].time, 0.1f, 1e-6);
    assert_int_equal(ev[0].layer, 0);
    /* Backwards 0.1 → 0.9: 0.0 first, then 0.95. */
    j = one_layer_job(&layer, 0.1f, 0.9f, -0.2f, 0.2f);
    n = run_into(&j, ev, CAP);
    assert_int_equal(n, 2);
    assert_int_equal(ev[0].foot, 0);
    assert_near(ev[0].time, 0.1f, 1e-6);
    assert_int_equal(ev[1].foot, 1);
    assert_near(ev[1].time, 0.15f, 1e-6);
    /* The same phases the long way round: 1.2 cycles passes 0.5 as well, and 0.95 twice? No:
     * 0.9 → 1.1 → ... → 2.1 passes 0.95, 0.0, 0.5, 0.95, 0.0 (forwards 1.2 cycles). */
    j = one_layer_job(&layer, 0.9f, 0.1f, 1.2f, 1.2f);
    n = run_into(&j, ev, CAP);
    assert_int_equal(n, 5);
    const int32_t order[] = {1, 0, 2, 1, 0};
    for (size_t e = 0; e < n; ++e)
        assert_int_equal(ev[e].foot, order[e]);
}

static void test_footsteps_boundary_fires_once(void **state) {
    (void)state;
    static const sa_clip_touchdown marks[] = {{0.5f, 0}};
    const sa_footsteps_layer layer = {marks, 1, 1.0f};
    sa_footsteps_event ev[4];
    /* A frame that stops exactly on the marker fires it; the next one, starting there, does not. */
    sa_footsteps_job j = one_layer_job(&layer, 0.25f, 0.5f, 0.25f, 0.1f);
    assert_int_equal(run_into(&j, ev, 4), 1);
    assert_near(ev[0].time, 0.1f, 1e-7);
    j = one_layer_job(&layer, 0.5f, 0.75f, 0.25f, 0.1f);
    assert_int_equal(run_into(&j, ev, 4), 0);
    /* Backwards the same. */
    j = one_layer_job(&layer, 0.75f, 0.5f, -0.25f, 0.1f);
    assert_int_equal(run_into(&j, ev, 4), 1);
    j = one_layer_job(&layer, 0.5f, 0.25f, -0.25f, 0.1f);
    assert_int_equal(run_into(&j, ev, 4), 0);
    /* Standing still on it: nothing. */
    j = one_layer_job(&layer, 0.5f, 0.5f, 0.0f, 0.1f);
    assert_int_equal(run_into(&j, ev, 4), 0);
}

static void test_footsteps_long_frames_fire_every_step_in_order(void **state) {
    (void)state;
    const sa_footsteps_layer walk = {walk_markers, 2, 1.0f};
    sa_footsteps_event ev[CAP];
    /* 3.5 cycles from 0.3: 0.6, 0.1, 0.6, 0.1, 0.6, 0.1, 0.6 → 7 steps alternating feet. */
    sa_footsteps_job j = one_layer_job(&walk, 0.3f, 0.8f, 3.5f, 0.5f);
    assert_int_equal(run_into(&j, NULL, 0), 7);
    size_t n = run_into(&j, ev, CAP);
    assert_int_equal(n, 7);
    for (size_t e = 0; e < n; ++e) {
        assert_int_equal(ev[e].foot, (e % 2 == 0) ? 1 : 0);
        const double expect = (0.3 + 0.5 * (double)e) / 3.5 * 0.5; /* evenly spaced in the frame */
        assert_near(ev[e].time, expect, 1e-6);
    }
    /* A buffer too small keeps the earliest, in order, and writes nothing past them; the
     * count-only call still says 7 were crossed. */
    ev[3].foot = 99;
    n = run_into(&j, ev, 3);
    assert_int_equal(n, 3);
    assert_int_equal(ev[3].foot, 99);
    assert_int_equal(ev[0].foot, 1);
    assert_int_equal(ev[1].foot, 0);
    assert_int_equal(ev[2].foot, 1);
    assert_int_equal(run_into(&j, ev, 0), 0);
    assert_int_equal(ev[0].foot, 1);
    assert_near(ev[0].time, 0.3 / 3.5 * 0.5, 1e-6);
    assert_near(ev[2].time, 1.3 / 3.5 * 0.5, 1e-6);
    /* A huge spike is clamped, counted and bounded by the buffer. */
    j = one_layer_job(&walk, 0.3f, 0.8f, 5e6f, 1.0f);
    n = run_into(&j, ev, CAP);
    assert_int_equal(n, CAP);
    const size_t crossed = run_into(&j, NULL, 0);
    assert_true(crossed >= 1999998 && crossed <= 2000002);
}

static void test_footsteps_fire_once_while_clips_blend(void **state) {
    (void)state;
    /* Walk and run touch down at slightly different phases. */
    static const sa_clip_touchdown run_markers[] = {{0.05f, 0}, {0.55f, 1}};
    static const sa_clip_touchdown idle_markers[] = {{0.3f, 0}};
    sa_footsteps_event ev[CAP];
    const float thresholds[] = {0.5f, 0.0f, 0.3f};
    for (size_t ti = 0; ti < 3; ++ti) {
        for (int s = 0; s <= 100; ++s) {
            const float w = (float)s / 100.0f;
            const sa_footsteps_layer layers[] = {{walk_markers, 2, 1.0f - w}, {run_markers, 2, w}};
            sa_footsteps_job j = sa_footsteps_job_default();
            j.layers = layers;
            j.layer_count = 2;
            j.threshold = thresholds[ti];
            /* One full cycle: each foot steps exactly once, from the heavier clip. */
            j.phase_from = 0.7f;
            j.phase_to = 0.7f;
            j.cycles = 1.0f;
            j.dt = 0.5f;
            const size_t n = run_into(&j, ev, CAP);
            assert_int_equal(n, 2);
            assert_true(ev[0].foot != ev[1].foot);
            const int32_t heavier = (w > 0.5f) ? 1 : 0;
            assert_int_equal(ev[0].layer, heavier);
            assert_int_equal(ev[1].layer, heavier);
        }
    }
    /* A light layer never fires; with no layer at the threshold, nothing fires. */
    const sa_footsteps_layer light[] = {{walk_markers, 2, 0.45f}, {idle_markers, 1, 0.55f}};
    sa_footsteps_job j = sa_footsteps_job_default();
    j.layers = light;
    j.layer_count = 2;
    j.phase_from = 0.0f;
    j.phase_to = 0.0f;
    j.cycles = 1.0f;
    size_t n = run_into(&j, ev, CAP);
    assert_int_equal(n, 1); /* only the idle layer's foot 0 at 0.3 */
    assert_int_equal(ev[0].layer, 1);
    j.threshold = 0.6f;
    assert_int_equal(run_into(&j, ev, CAP), 0);
    /* At threshold 0, foot 1 (only the walk clip has it) fires from walk, foot 0 from idle. */
    j.threshold = 0.0f;
    n = run_into(&j, ev, CAP);
    assert_int_equal(n, 2);
    for (size_t e = 0; e < n; ++e)
        assert_int_equal(ev[e].layer, ev[e].foot == 0 ? 1 : 0);
}

static void test_footsteps_report_the_surface_under_each_foot(void **state) {
    (void)state;
    static const sa_clip_touchdown marks[] = {{0.1f, 0}, {0.3f, 1}, {0.5f, 2}, {0.7f, 5}};
    const sa_footsteps_layer layer = {marks, 4, 1.0f};
    const sa_footsteps_surface under[] = {SA_FOOTSTEPS_SURFACE_SNOW, SA_FOOTSTEPS_SURFACE_MUD,
                                          (sa_footsteps_surface)(SA_FOOTSTEPS_SURFACE_USER + 6)};
    sa_footsteps_job j = one_layer_job(&layer, 0.0f, 0.9f, 0.9f, 0.1f);
    j.surfaces = under;
    j.surface_count = 3;
    j.default_surface = SA_FOOTSTEPS_SURFACE_WOOD;
    sa_footsteps_event ev[8];
    const size_t n = run_into(&j, ev, 8);
    assert_int_equal(n, 4);
    assert_int_equal(ev[0].surface, SA_FOOTSTEPS_SURFACE_SNOW);
    assert_int_equal(ev[1].surface, SA_FOOTSTEPS_SURFACE_MUD);
    assert_int_equal(ev[2].surface, 70); /* the game's own surface passes through */
    assert_int_equal(ev[3].surface, SA_FOOTSTEPS_SURFACE_WOOD);
    assert_int_equal(SA_FOOTSTEPS_SURFACE_GRASS, 0);
    assert_int_equal(SA_FOOTSTEPS_SURFACE_STONE, 1);
    assert_int_equal(sizeof(sa_footsteps_surface), 4);
}

/* Field by field: the event has padding, which struct copies need not keep. */
static void assert_same_event(const sa_footsteps_event *a, const sa_footsteps_event *b) {
    assert_int_equal(a->foot, b->foot);
    assert_int_equal(a->surface, b->surface);
    assert_memory_equal(&a->time, &b->time, sizeof a->time);
    assert_memory_equal(&a->phase, &b->phase, sizeof a->phase);
    assert_int_equal(a->layer, b->layer);
}

/* The job holds its output buffer (out, capacity): a stream, with a count-only call. */
static void test_footsteps_job_holds_its_output_buffer(void **state) {
    (void)state;
    const sa_footsteps_layer walk = {walk_markers, 2, 1.0f};
    sa_footsteps_event ev[CAP];
    memset(ev, 0, sizeof ev);
    const sa_footsteps_event sentinel = {99, SA_FOOTSTEPS_SURFACE_MUD, -1.0f, -1.0f, 77};
    /* 3.5 cycles from 0.3: 7 touchdowns crossed. */
    sa_footsteps_job j = one_layer_job(&walk, 0.3f, 0.8f, 3.5f, 0.5f);
    /* Count-only: out NULL writes nothing and counts every crossing; capacity is ignored, and
     * validate accepts it. */
    assert_null(j.out);
    assert_int_equal(sa_footsteps_validate(&j), SA_OK);
    assert_int_equal(sa_footsteps_run(&j), 7);
    j.capacity = 2;
    assert_int_equal(sa_footsteps_validate(&j), SA_OK);
    assert_int_equal(sa_footsteps_run(&j), 7);
    /* Enough room: all seven, and nothing past them. */
    ev[7] = sentinel;
    j.out = ev;
    j.capacity = CAP;
    assert_int_equal(sa_footsteps_run(&j), 7);
    assert_same_event(&ev[7], &sentinel);
    sa_footsteps_event all[7];
    memcpy(all, ev, sizeof all);
    /* Too small: the earliest min(7, capacity), in order, nothing past them. */
    for (size_t cap = 0; cap < 7; ++cap) {
        for (size_t e = 0; e < 8; ++e)
            ev[e] = sentinel;
        j.capacity = cap;
        assert_int_equal(sa_footsteps_validate(&j), SA_OK); /* any capacity is valid */
        assert_int_equal(sa_footsteps_run(&j), cap);
        for (size_t e = 0; e < cap; ++e)
            assert_same_event(&ev[e], &all[e]);
        for (size_t e = cap; e < 8; ++e)
            assert_same_event(&ev[e], &sentinel);
    }
    /* A job it cannot read (layers NULL with a count) writes nothing and returns 0, also for the
     * count-only call. */
    ev[0] = sentinel;
    j.capacity = CAP;
    j.layers = NULL;
    assert_int_equal(sa_footsteps_validate(&j), SA_ERR_NULL);
    assert_int_equal(sa_footsteps_run(&j), 0);
    assert_same_event(&ev[0], &sentinel);
    j.out = NULL;
    assert_int_equal(sa_footsteps_run(&j), 0);
}

/* Synced layers each pass their own phase: a walk and a run warped so their markers line up
 * (blend_tree.h) fire at their own markers, once per foot; bad layer phases are reported, and
 * repaired as 0. */
static void test_footsteps_layers_read_their_own_synced_phases(void **state) {
    (void)state;
    const sa_clip_touchdown walk[] = {{0.0f, 0}, {0.5f, 1}};
    const sa_clip_touchdown run[] = {{0.15f, 1}, {0.65f, 0}};
    const sa_footsteps_layer layers[2] = {{walk, 2, 0.4f}, {run, 2, 0.6f}};
    /* The shared phase moved 0.9 → 0.1 (the walk's); the run's own 0.55 → 0.75, over its left
     * marker at 0.65. The run is heavier: its left foot fires, at its own marker, not the walk's.
     */
    const float from[2] = {0.9f, 0.55f}, to[2] = {0.1f, 0.75f};
    sa_footsteps_job j = sa_footsteps_job_default();
    j.phase_from = 0.9f;
    j.phase_to = 0.1f;
    j.cycles = 0.2f;
    j.dt = 0.1f;
    j.layers = layers;
    j.layer_count = 2;
    j.layer_phase_from = from;
    j.layer_phase_to = to;
    assert_int_equal(sa_footsteps_validate(&j), SA_OK);
    sa_footsteps_event ev[4];
    j.out = ev;
    j.capacity = 4;
    assert_int_equal(sa_footsteps_run(&j), 1);
    assert_int_equal(ev[0].foot, 0);
    assert_int_equal(ev[0].layer, 1);
    assert_near(ev[0].phase, 0.65f, 0);
    assert_near(ev[0].time, 0.05, 1e-6); /* half way through its own interval */
    /* Without the layers' phases the run reads the shared 0.9 → 0.1 and misses its step (the
     * walk, below the threshold, does not fire). */
    sa_footsteps_job shared = j;
    shared.layer_phase_from = shared.layer_phase_to = NULL;
    assert_int_equal(sa_footsteps_run(&shared), 0);
    /* Bad layer phases: reported; only one array: reported and ignored. */
    const float nan_from[2] = {0.9f, NAN}, big_to[2] = {0.1f, 1.5f};
    sa_footsteps_job v = j;
    v.layer_phase_from = nan_from;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_NOT_FINITE);
    v = j;
    v.layer_phase_to = big_to;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_RANGE);
    v = j;
    v.layer_phase_to = NULL;
    assert_int_equal(sa_footsteps_validate(&v), SA_ERR_NULL);
    assert_int_equal(sa_footsteps_run(&v), 0); /* the shared phases */
    /* NaN counts as 0: the run's own 0 → 0.75 (forwards: 0.75 cycles) passes its markers at
     * 0.15 and 0.65. */
    v = j;
    v.layer_phase_from = nan_from;
    v.cycles = 0.75f;
    v.out = NULL;
    assert_int_equal(sa_footsteps_run(&v), 2);
}

/* Per-layer phases are checked entry by entry, the "to" ones as strictly as the "from" ones; the
 * two arrays come together (one without the other is a missing pointer). */
static void test_footsteps_validate_checks_each_layer_phase(void **state) {
    (void)state;
    const sa_footsteps_layer layer = {walk_markers, 2, 1.0f};
    sa_footsteps_job job = one_layer_job(&layer, 0.0f, 0.5f, 0.5f, 0.1f);
    const float from_ok[1] = {0.25f}, to_nan[1] = {NAN}, to_out[1] = {1.5f};
    job.layer_phase_from = from_ok;
    job.layer_phase_to = to_nan;
    assert_int_equal(sa_footsteps_validate(&job), SA_ERR_NOT_FINITE);
    job.layer_phase_to = to_out;
    assert_int_equal(sa_footsteps_validate(&job), SA_ERR_RANGE);
    job.layer_phase_from = to_out; /* 1.5 */
    job.layer_phase_to = from_ok;
    assert_int_equal(sa_footsteps_validate(&job), SA_ERR_RANGE);
    job.layer_phase_from = from_ok;
    job.layer_phase_to = NULL;
    assert_int_equal(sa_footsteps_validate(&job), SA_ERR_NULL);
    job.layer_phase_from = NULL;
    assert_int_equal(sa_footsteps_validate(&job), SA_OK);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_footsteps_validate_checks_each_layer_phase),
        cmocka_unit_test(test_footsteps_bad_input_is_harmless),
        cmocka_unit_test(test_footsteps_one_event_per_touchdown_forwards),
        cmocka_unit_test(test_footsteps_one_event_per_touchdown_backwards),
        cmocka_unit_test(test_footsteps_direction_changes_and_spikes),
        cmocka_unit_test(test_footsteps_across_the_wrap),
        cmocka_unit_test(test_footsteps_boundary_fires_once),
        cmocka_unit_test(test_footsteps_long_frames_fire_every_step_in_order),
        cmocka_unit_test(test_footsteps_fire_once_while_clips_blend),
        cmocka_unit_test(test_footsteps_report_the_surface_under_each_foot),
        cmocka_unit_test(test_footsteps_job_holds_its_output_buffer),
        cmocka_unit_test(test_footsteps_layers_read_their_own_synced_phases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
