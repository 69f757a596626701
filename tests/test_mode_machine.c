#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/inertial.h>
#include <stickanim/mode_machine.h>
#include <stickanim/pose.h>

#include "internal/mode_machine_dated.h"

#define DT (1.0f / 60.0f)

static sa_mode step(sa_mode_machine *m, const sa_mode_input *in) {
    return sa_mode_machine_update(m, in, DT);
}

/* Runs frames until the mode differs from `mode` or `max` frames passed; returns frames run. */
static int run_while(sa_mode_machine *m, const sa_mode_input *in, sa_mode mode, int max) {
    int n = 0;
    while (n < max && step(m, in) == mode)
        ++n;
    return n;
}

static void assert_layers_well_formed(const sa_mode_machine *m) {
    const size_t n = sa_mode_machine_layer_count(m);
    assert_true(n >= 1 && n <= SA_FADE_MAX_LAYERS);
    double sum = 0.0;
    for (size_t i = 0; i < n; ++i) {
        const sa_mode_layer l = sa_mode_machine_layer(m, i);
        assert_true((uint32_t)l.mode < (uint32_t)SA_MODE_COUNT_);
        assert_true(l.weight >= 0.0f && l.weight <= 1.0f);
        assert_true(l.mode_time >= 0.0f);
        assert_finite(l.mode_time);
        assert_finite(l.play_time);
        assert_finite(l.time_scale);
        sum += (double)l.weight;
    }
    assert_near(sum, 1.0, 1e-5);
    assert_int_equal(sa_mode_machine_layer(m, n - 1).mode, m->mode);
    /* The fade holds plain modes as ids, as the header documents: no packed bits. */
    assert_int_equal(m->fade.count, n);
    for (size_t i = 0; i < n; ++i)
        assert_int_equal(m->fade.layers[i].id, (int32_t)sa_mode_machine_layer(m, i).mode);
    assert_int_equal(sa_fade_target(&m->fade), (int32_t)m->mode);
    double per_mode = 0.0;
    for (int k = 0; k < (int)SA_MODE_COUNT_; ++k)
        per_mode += (double)sa_mode_machine_weight(m, (sa_mode)k);
    assert_near(per_mode, 1.0, 1e-5);
}

static void test_mode_machine_bad_input_is_harmless(void **state) {
    (void)state;
    assert_int_equal(sa_mode_machine_init(NULL, NULL), SA_ERR_NULL);
    assert_int_equal(sa_mode_machine_update(NULL, NULL, DT), SA_MODE_LOCO);
    assert_int_equal(sa_mode_machine_layer_count(NULL), 0);
    assert_near(sa_mode_machine_weight(NULL, SA_MODE_LOCO), 0, 0);
    assert_near(sa_mode_machine_getup_k(NULL), 0, 0);
    assert_near(sa_mode_machine_mode_time(NULL), 0, 0);
    assert_near(sa_mode_machine_inertial_time(NULL), 0, 0);
    assert_true(sa_mode_machine_inertial_halflife(NULL) > 0.0f);
    assert_near(sa_mode_machine_inertial_k(NULL), 0, 0);
    const sa_mode_layer none = sa_mode_machine_layer(NULL, 0);
    assert_int_equal(none.mode, SA_MODE_LOCO);
    assert_near(none.weight, 0, 0);
    assert_near(none.time_scale, 1, 0);
    assert_string_equal(sa_mode_name((sa_mode)99), "unknown");
    assert_string_equal(sa_mode_name(SA_MODE_GETUP), "getup");

    /* A config full of garbage is replaced field by field by the defaults. */
    sa_mode_machine_config c = sa_mode_machine_config_default();
    const sa_mode_machine_config d = c;
    c.hard_landing_speed = NAN;
    c.land_time = -1.0f;
    c.morph_time = INFINITY;
    c.getup_time_scale = 0.0f;
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        c.fade_rate[i] = (i & 1) ? NAN : -3.0f;
    c.style = (sa_mode_fade_style)77;
    sa_mode_machine m;
    assert_int_equal(sa_mode_machine_init(&m, &c), SA_OK);
    assert_near(m.config.hard_landing_speed, d.hard_landing_speed, 0);
    assert_near(m.config.land_time, d.land_time, 0);
    assert_near(m.config.morph_time, d.morph_time, 0);
    assert_near(m.config.getup_time_scale, d.getup_time_scale, 0);
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        assert_near(m.config.fade_rate[i], d.fade_rate[i], 0);
    assert_int_equal(m.config.style, SA_MODE_FADE_STYLE_CROSSFADE);

    /* NULL input is an idle body; bad dt is no time at all. */
    assert_int_equal(sa_mode_machine_update(&m, NULL, NAN), SA_MODE_LOCO);
    assert_int_equal(sa_mode_machine_update(&m, NULL, -1.0f), SA_MODE_LOCO);
    assert_int_equal(sa_mode_machine_update(&m, NULL, INFINITY), SA_MODE_LOCO);
    assert_near(sa_mode_machine_mode_time(&m), 0, 0);
    assert_near(sa_mode_machine_layer(&m, 5).weight, 0, 0);
    assert_near(sa_mode_machine_layer(&m, SIZE_MAX).weight, 0, 0);

    /* A machine never set up (zeroed) sets itself up on its first update. */
    sa_mode_machine z;
    memset(&z, 0, sizeof z);
    assert_int_equal(sa_mode_machine_layer_count(&z), 0);
    assert_int_equal(sa_mode_machine_update(&z, NULL, DT), SA_MODE_LOCO);
    assert_layers_well_formed(&z);

    /* Nasty body states every frame: never a NaN, never a broken stack. */
    test_rng r = test_rng_make(11);
    sa_mode_machine_init(&m, NULL);
    for (int i = 0; i < 30000; ++i) {
        sa_mode_input in;
        in.grounded = (test_rng_next(&r) & 1u) != 0;
        in.vertical_velocity = test_rng_nasty(&r);
        in.landing_speed = test_rng_nasty(&r);
        in.speed = test_rng_nasty(&r);
        in.in_water = (test_rng_next(&r) % 5u) == 0;
        in.on_ladder = (test_rng_next(&r) % 7u) == 0;
        in.ladder_direction = test_rng_nasty(&r);
        in.jump = test_rng_next(&r) % 3u;
        in.knocked_down = (test_rng_next(&r) % 11u) == 0;
        in.pelvis_forward = sa_v3(test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r));
        const float dt = (i % 3) ? test_rng_range(&r, 0.0f, 0.1f) : test_rng_nasty(&r);
        const sa_mode mode = sa_mode_machine_update(&m, &in, dt);
        assert_true((uint32_t)mode < (uint32_t)SA_MODE_COUNT_);
        assert_layers_well_formed(&m);
        const float k = sa_mode_machine_getup_k(&m);
        assert_true(k >= 0.0f && k <= 1.0f);
        assert_true(sa_mode_machine_inertial_halflife(&m) > 0.0f);
    }
}

static void test_mode_machine_config_holds_the_reference_values(void **state) {
    (void)state;
    const sa_mode_machine_config c = sa_mode_machine_config_default();
    assert_near(c.hard_landing_speed, 10, 0);
    assert_near(c.land_time, 0.5f, 0);
    assert_near(c.morph_time, 0.3f, 0);
    assert_near(c.getup_time_scale, 1.35f, 0);
    /* "Landing switches fast, swimming slowly." */
    assert_true(c.fade_rate[SA_MODE_LAND] > c.fade_rate[SA_MODE_LOCO]);
    assert_true(c.fade_rate[SA_MODE_SWIM] < c.fade_rate[SA_MODE_LOCO]);
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        assert_true(c.fade_rate[i] > 0.0f);
    assert_int_equal(c.style, SA_MODE_FADE_STYLE_CROSSFADE);
    const sa_mode_input in = sa_mode_input_default();
    assert_true(in.grounded);
    assert_false(in.in_water || in.on_ladder || in.knocked_down);
}

static void test_mode_machine_new_jump_is_a_changed_counter(void **state) {
    (void)state;
    sa_mode_machine m;
    sa_mode_machine_init(&m, NULL);
    sa_mode_input in = sa_mode_input_default();
    in.jump = 41; /* the body has jumped before the machine existed: no jump */
    assert_int_equal(step(&m, &in), SA_MODE_LOCO);
    assert_int_equal(step(&m, &in), SA_MODE_LOCO);
    in.jump = 42;
    in.vertical_velocity = 6.0f;
    assert_int_equal(step(&m, &in), SA_MODE_JUMP);
    assert_true(m.switched);
    assert_int_equal(m.previous, SA_MODE_LOCO);
    in.grounded = false;
    for (int i = 0; i < 10; ++i)
        assert_int_equal(step(&m, &in), SA_MODE_JUMP); /* same counter */
    assert_false(m.switched);
    assert_near(sa_mode_machine_mode_time(&m), 10 * DT, 1e-5);
    const float before = sa_mode_machine_weight(&m, SA_MODE_JUMP);
    in.jump = 7; /* any change is a new jump (a double jump restarts the jump) */
    assert_int_equal(step(&m, &in), SA_MODE_JUMP);
    assert_true(m.switched);
    assert_near(sa_mode_machine_mode_time(&m), 0, 0);
    assert_true(sa_mode_machine_weight(&m, SA_MODE_JUMP) >= before); /* two jump layers, no drop */
    assert_true(sa_mode_machine_layer_count(&m) >= 2);
}

static void test_mode_machine_jump_fall_land_loco(void **state) {
    (void)state;
    sa_mode_machine m;
    sa_mode_machine_init(&m, NULL);
    sa_mode_input in = sa_mode_input_default();
    for (int i = 0; i < 30; ++i)
        assert_int_equal(step(&m, &in), SA_MODE_LOCO);
    /* Take off: the counter changes, the body goes up. */
    in.jump = 1;
    in.vertical_velocity = 7.0f;
    assert_int_equal(step(&m, &in), SA_MODE_JUMP);
    in.grounded = false;
    int frames = 0;
    while (in.vertical_velocity >= 0.0f) {
        assert_int_equal(step(&m, &in), SA_MODE_JUMP); /* rising: still jump */
        in.vertical_velocity -= 20.0f * DT;
        ++frames;
    }
    assert_true(frames > 10);
    /* Going down: fall. */
    assert_int_equal(step(&m, &in), SA_MODE_FALL);
    for (int i = 0; i < 20; ++i) {
        in.vertical_velocity -= 20.0f * DT;
        assert_int_equal(step(&m, &in), SA_MODE_FALL);
    }
    /* Touch down softly: land. */
    in.grounded = true;
    in.landing_speed = 6.0f;
    in.vertical_velocity = 0.0f;
    assert_int_equal(step(&m, &in), SA_MODE_LAND);
    in.landing_speed = 0.0f;
    /* Standing still, land lasts 0.5 s, then loco. */
    const int land_frames = 1 + run_while(&m, &in, SA_MODE_LAND, 200);
    assert_int_equal(m.mode, SA_MODE_LOCO);
    assert_true(land_frames >= 29 && land_frames <= 31);
}

static void test_mode_machine_hard_landing_sits(void **state) {
    (void)state;
    const float speeds[] = {10.5f, 14.0f, 40.0f, 9.9f, 10.0f, 3.0f};
    for (size_t k = 0; k < sizeof speeds / sizeof speeds[0]; ++k) {
        sa_mode_machine m;
        sa_mode_machine_init(&m, NULL);
        sa_mode_input in = sa_mode_input_default();
        step(&m, &in);
        in.grounded = false;
        in.vertical_velocity = -speeds[k];
        assert_int_equal(step(&m, &in), SA_MODE_FALL); /* walked off a ledge */
        in.grounded = true;
        /* The body reports the impact either way: as vertical velocity or as landing speed. */
        if (k & 1) {
            in.landing_speed = speeds[k];
            in.vertical_velocity = 0.0f;
        }
        const sa_mode landed = step(&m, &in);
        assert_int_equal(landed, speeds[k] > 10.0f ? SA_MODE_SIT : SA_MODE_LAND);
        if (landed == SA_MODE_SIT) {
            in.landing_speed = 0.0f;
            in.vertical_velocity = 0.0f;
            in.speed = 2.5f; /* sitting does not end early when moving on */
            const int sit_frames = 1 + run_while(&m, &in, SA_MODE_SIT, 400);
            assert_true(sit_frames >= 59 && sit_frames <= 61);
            assert_int_equal(m.mode, SA_MODE_LOCO);
        }
    }
}

static void test_mode_machine_land_ends_early_when_moving_on(void **state) {
    (void)state;
    sa_mode_machine m;
    sa_mode_machine_init(&m, NULL);
    sa_mode_input in = sa_mode_input_default();
    step(&m, &in);
    in.grounded = false;
    in.vertical_velocity = -5.0f;
    assert_int_equal(step(&m, &in), SA_MODE_FALL);
    in.grounded = true;
    in.speed = 0.2f; /* still slow: land continues */
    assert_int_equal(step(&m, &in), SA_MODE_LAND);
    in.vertical_velocity = 0.0f;
    for (int i = 0; i < 5; ++i)
        assert_int_equal(step(&m, &in), SA_MODE_LAND);
    in.speed = 1.9f; /* walking on */
    assert_int_equal(step(&m, &in), SA_MODE_LOCO);
    assert_true(sa_mode_machine_layer(&m, 0).mode_time < 0.2f);
}

/* A land cut short by moving on shows for 1/60 s (the reference's frame, where its rule ends it
 * on the frame after the touchdown) at any frame length: at 144 fps for the three frames that
 * take, at 48 fps for one. Before, it ended on the next frame whatever its length, so a game's
 * hitch showed it three times as long (the arms' swing out of it 19 units apart). */
static void test_mode_machine_land_cut_short_lasts_a_reference_frame(void **state) {
    (void)state;
    const float rates[3] = {144.0f, 60.0f, 48.0f};
    const int frames[3] = {3, 1, 1};
    for (int q = 0; q < 3; ++q) {
        sa_mode_machine m;
        sa_mode_machine_init(&m, NULL);
        sa_mode_input in = sa_mode_input_default();
        const float dt = 1.0f / rates[q];
        sa_mode_machine_update(&m, &in, dt);
        in.grounded = false;
        in.vertical_velocity = -5.0f;
        assert_int_equal(sa_mode_machine_update(&m, &in, dt), SA_MODE_FALL);
        in.grounded = true;
        in.vertical_velocity = 0.0f;
        in.speed = 1.9f; /* running on */
        assert_int_equal(sa_mode_machine_update(&m, &in, dt), SA_MODE_LAND);
        int shown = 0;
        while (shown < 100 && sa_mode_machine_update(&m, &in, dt) == SA_MODE_LAND)
            ++shown;
        assert_int_equal(1 + shown, frames[q]);
        assert_int_equal(m.mode, SA_MODE_LOCO);
    }
}

static void test_mode_machine_ladder_beats_water_and_jumps(void **state) {
    (void)state;
    sa_mode_machine m;
    sa_mode_machine_init(&m, NULL);
    sa_mode_input in = sa_mode_input_default();
    step(&m, &in);
    in.on_ladder = true;
    in.in_water = true;
    in.grounded = false;
    in.ladder_direction = 1.0f;
    assert_int_equal(step(&m, &in), SA_MODE_CLIMB);
    in.jump = 3; /* a jump on the ladder does not leave it */
    in.vertical_velocity = -20.0f;
    in.landing_speed = 20.0f;
    for (int i = 0; i < 30; ++i)
        assert_int_equal(step(&m, &in), SA_MODE_CLIMB);
    /* Climbing up runs the cycle forwards, down backwards. */
    const sa_mode_layer up = sa_mode_machine_layer(&m, sa_mode_machine_layer_count(&m) - 1);
    assert_near(up.time_scale, 1, 0);
    assert_near(up.play_time, up.mode_time, 1e-5);
    in.ladder_direction = -1.0f;
    float prev = up.play_time;
    for (int i = 0; i < 60; ++i) {
        step(&m, &in);
        const sa_mode_layer l = sa_mode_machine_layer(&m, sa_mode_machine_layer_count(&m) - 1);
        assert_near(l.time_scale, -1, 0);
        assert_near(l.play_time, prev - DT, 1e-5);
        prev = l.play_time;
    }
    assert_true(prev < 0.0f);
    /* Leaving the ladder into the water: swim. */
    in.on_ladder = false;
    assert_int_equal(step(&m, &in), SA_MODE_SWIM);
    /* Leaving the ladder onto the ground: loco; into the air: fall. */
    sa_mode_machine_init(&m, NULL);
    sa_mode_input g = sa_mode_input_default();
    g.on_ladder = true;
    step(&m, &g);
    assert_int_equal(step(&m, &g), SA_MODE_CLIMB);
    g.on_ladder = false;
    assert_int_equal(step(&m, &g), SA_MODE_LOCO);
    g.on_ladder = true;
    step(&m, &g);
    g.on_ladder = false;
    g.grounded = false;
    assert_int_equal(step(&m, &g), SA_MODE_FALL);
}

static void test_mode_machine_water_beats_everything_but_a_jump_start(void **state) {
    (void)state;
    sa_mode_machine m;
    sa_mode_input in;
    /* From loco. */
    sa_mode_machine_init(&m, NULL);
    in = sa_mode_input_default();
    step(&m, &in);
    in.in_water = true;
    assert_int_equal(step(&m, &in), SA_MODE_SWIM);
    /* From a hard fall into water: swim, not sit. */
    sa_mode_machine_init(&m, NULL);
    in = sa_mode_input_default();
    step(&m, &in);
    in.grounded = false;
    in.vertical_velocity = -15.0f;
    assert_int_equal(step(&m, &in), SA_MODE_FALL);
    in.grounded = true;
    in.in_water = true;
    assert_int_equal(step(&m, &in), SA_MODE_SWIM);
    /* From a landing and a sit. */
    sa_mode_machine_init(&m, NULL);
    in = sa_mode_input_default();
    step(&m, &in);
    in.grounded = false;
    in.vertical_velocity = -15.0f;
    step(&m, &in);
    in.grounded = true;
    assert_int_equal(step(&m, &in), SA_MODE_SIT);
    in.in_water = true;
    assert_int_equal(step(&m, &in), SA_MODE_SWIM);
    /* The start of a jump out of the water wins; a jump that stays in the water ends in swim. */
    in = sa_mode_input_default();
    in.in_water = true;
    assert_int_equal(step(&m, &in), SA_MODE_SWIM);
    in.jump = 1;
    in.vertical_velocity = 5.0f;
    in.grounded = false;
    assert_int_equal(step(&m, &in), SA_MODE_JUMP);
    const int jump_frames = 1 + run_while(&m, &in, SA_MODE_JUMP, 100);
    assert_int_equal(m.mode, SA_MODE_SWIM);
    assert_true(jump_frames >= 14 && jump_frames <= 16); /* water_jump_time 0.25 s */
    /* Jumping out: water gone after a few frames, the jump goes on and falls. */
    in.jump = 2;
    assert_int_equal(step(&m, &in), SA_MODE_JUMP);
    in.in_water = false;
    for (int i = 0; i < 30; ++i)
        assert_int_equal(step(&m, &in), SA_MODE_JUMP);
    in.vertical_velocity = -1.0f;
    assert_int_equal(step(&m, &in), SA_MODE_FALL);
    /* Out of the water onto the shore. */
    in = sa_mode_input_default();
    in.in_water = true;
    step(&m, &in);
    assert_int_equal(step(&m, &in), SA_MODE_SWIM);
    in.in_water = false;
    assert_int_equal(step(&m, &in), SA_MODE_LOCO);
}

static void test_mode_machine_walking_off_a_ledge_falls(void **state) {
    (void)state;
    sa_mode_machine m;
    sa_mode_machine_init(&m, NULL);
    sa_mode_input in = sa_mode_input_default();
    in.speed = 2.0f;
    step(&m, &in);
    in.grounded = false;
    in.vertical_velocity = -1.0f; /* a step down: stays loco */
    assert_int_equal(step(&m, &in), SA_MODE_LOCO);
    in.vertical_velocity = -3.0f;
    assert_int_equal(step(&m, &in), SA_MODE_FALL);
}

/* A machine in the air in `mode` (jump: taken off rising; loco: just off a ledge, not sinking). */
static void in_the_air(sa_mode_machine *m, sa_mode_input *in, sa_mode mode) {
    sa_mode_machine_init(m, NULL);
    *in = sa_mode_input_default();
    step(m, in);
    if (mode == SA_MODE_JUMP) {
        in->jump = 1;
        in->vertical_velocity = 7.0f;
    }
    in->grounded = false;
    assert_int_equal(step(m, in), mode);
}

/* A jump going down at 3 units/s by the end of a frame: the dated update of its first dt
 * seconds with `ramp`. */
static sa_mode jump_going_down(sa_mode_machine *m, float dt, const sai_mode_ramp *ramp,
                               sai_mode_frame *out) {
    sa_mode_input in;
    in_the_air(m, &in, SA_MODE_JUMP);
    in.vertical_velocity = -3.0f;
    return sai_mode_machine_update_dated(m, &in, dt, ramp, out);
}

/* The dated update with a line of the vertical velocity over the frame: a fall rule switches
 * where the line crosses its speed, dated inside the frame as a timer's end; a step (no line)
 * switches from the frame's start. */
static void test_mode_machine_dated_fall_switches_where_the_velocity_crosses(void **state) {
    (void)state;
    sa_mode_machine m;
    sai_mode_frame out;
    /* From +1 to -3 over 0.04 s the velocity crosses 0 a quarter in. */
    const sai_mode_ramp line = {1.0f, 0.04f};
    assert_int_equal(jump_going_down(&m, 0.04f, &line, &out), SA_MODE_FALL);
    assert_int_equal(out.at_start, SA_MODE_JUMP);
    assert_near(out.timer_at, 0.01, 1e-6);
    /* ... the fall's layer is as old as the part of the frame after the crossing. */
    assert_near(sa_mode_machine_mode_time(&m), 0.03, 1e-6);
    /* A moment before the crossing (the first 5 ms of that frame) is still the jump. */
    assert_int_equal(jump_going_down(&m, 0.005f, &line, &out), SA_MODE_JUMP);
    assert_true(out.timer_at == INFINITY);
    /* Without a line (none given, a start not finite, no frame length): from the frame's start. */
    const sai_mode_ramp bad[2] = {{NAN, 0.04f}, {1.0f, 0.0f}};
    for (int k = 0; k < 3; ++k) {
        assert_int_equal(jump_going_down(&m, 0.04f, k ? &bad[k - 1] : NULL, &out), SA_MODE_FALL);
        assert_int_equal(out.at_start, SA_MODE_FALL);
        assert_true(out.timer_at == INFINITY);
    }
    /* Off a ledge: the line from 0 to -4 crosses the fall's speed (2) halfway. */
    sa_mode_input in;
    in_the_air(&m, &in, SA_MODE_LOCO);
    in.vertical_velocity = -4.0f;
    const sai_mode_ramp off = {0.0f, 0.02f};
    assert_int_equal(sai_mode_machine_update_dated(&m, &in, 0.02f, &off, &out), SA_MODE_FALL);
    assert_int_equal(out.at_start, SA_MODE_LOCO);
    assert_near(out.timer_at, 0.01, 1e-6);
    assert_layers_well_formed(&m);
}

static void test_mode_machine_layers_keep_their_own_clocks(void **state) {
    (void)state;
    sa_mode_machine m;
    sa_mode_machine_init(&m, NULL);
    sa_mode_input in = sa_mode_input_default();
    step(&m, &in);
    /* A jump, then a second jump 10 frames later: two jump layers, each with its own clock. */
    in.jump = 1;
    in.vertical_velocity = 8.0f;
    in.grounded = false;
    assert_int_equal(step(&m, &in), SA_MODE_JUMP);
    for (int i = 0; i < 10; ++i)
        step(&m, &in);
    in.jump = 2;
    assert_int_equal(step(&m, &in), SA_MODE_JUMP);
    assert_true(m.switched);
    size_t n = sa_mode_machine_layer_count(&m);
    assert_true(n >= 3);
    sa_mode_layer first = sa_mode_machine_layer(&m, n - 2),
                  second = sa_mode_machine_layer(&m, n - 1);
    assert_int_equal(first.mode, SA_MODE_JUMP);
    assert_int_equal(second.mode, SA_MODE_JUMP);
    assert_near(second.play_time, 0, 0); /* the new jump starts its clip at the first frame */
    assert_near(second.weight, 0, 0);    /* and fades in: no pop */
    assert_near(first.play_time, 11 * DT, 1e-5);
    for (int i = 0; i < 5; ++i)
        step(&m, &in);
    n = sa_mode_machine_layer_count(&m);
    first = sa_mode_machine_layer(&m, n - 2);
    second = sa_mode_machine_layer(&m, n - 1);
    assert_near(first.play_time, 16 * DT, 1e-5); /* the old jump plays on while it fades out */
    assert_near(second.play_time, 5 * DT, 1e-5);
    assert_near(first.time_scale, 1, 0);
    assert_near(sa_mode_machine_weight(&m, SA_MODE_JUMP), first.weight + second.weight, 1e-6);

    /* A get-up plays at 1.35x; the loco layer after it at 1x, from 0. */
    sa_mode_machine_init(&m, NULL);
    in = sa_mode_input_default();
    in.knocked_down = true;
    step(&m, &in);
    step(&m, &in);
    in.knocked_down = false;
    assert_int_equal(step(&m, &in), SA_MODE_GETUP);
    assert_near(sa_mode_machine_layer(&m, 0).time_scale, 1.35f, 0);
    const int frames = 1 + run_while(&m, &in, SA_MODE_GETUP, 200);
    assert_int_equal(m.mode, SA_MODE_LOCO);
    n = sa_mode_machine_layer_count(&m);
    assert_int_equal(n, 2);
    const sa_mode_layer getup = sa_mode_machine_layer(&m, 0), loco = sa_mode_machine_layer(&m, 1);
    assert_int_equal(getup.mode, SA_MODE_GETUP);
    assert_near(getup.play_time, 1.35f * (float)frames * DT, 1e-4);
    assert_near(loco.play_time, 0, 0);
    assert_near(loco.time_scale, 1, 0);
}

/* Random but plausible body scripts: the machine must hold its invariants and never pop. */
static void test_mode_machine_weights_sum_to_one_and_never_pop(void **state) {
    (void)state;
    const sa_mode_machine_config c = sa_mode_machine_config_default();
    float fastest = 0.0f;
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        if (c.fade_rate[i] > fastest) fastest = c.fade_rate[i];
    const float most = 1.0f - expf(-fastest * DT); /* the largest weight change one frame allows */
    /* A one-joint "pose" per mode (an angle in radians), blended by the weights. */
    const float pose[SA_MODE_COUNT_] = {0.0f, 1.2f, -0.8f, 0.5f, 2.0f, -1.5f, 0.9f, -2.5f, 1.7f};
    test_rng r = test_rng_make(2024);
    sa_mode_machine m;
    sa_mode_machine_init(&m, NULL);
    sa_mode_input in = sa_mode_input_default();
    float shown = 0.0f;
    int switches = 0, seen[SA_MODE_COUNT_] = {0};
    for (int frame = 0; frame < 200000; ++frame) {
        /* Change one thing now and then. */
        const uint32_t ev = test_rng_next(&r) % 200u;
        if (ev == 0) in.jump++, in.vertical_velocity = 6.0f, in.grounded = false;
        if (ev == 1) in.in_water = !in.in_water;
        if (ev == 2) in.on_ladder = !in.on_ladder, in.ladder_direction = test_rng_range(&r, -1, 1);
        if (ev == 3)
            in.knocked_down = !in.knocked_down, in.pelvis_forward.y = test_rng_range(&r, -1, 1);
        if (ev < 20 && ev >= 10) in.speed = test_rng_range(&r, 0, 3);
        if (!in.grounded) {
            in.vertical_velocity -= 20.0f * DT;
            if (test_rng_next(&r) % 40u == 0) {
                in.grounded = true;
                in.landing_speed = -in.vertical_velocity;
                in.vertical_velocity = 0.0f;
            }
        } else {
            in.landing_speed = 0.0f;
            if (test_rng_next(&r) % 300u == 0) in.grounded = false, in.vertical_velocity = -0.5f;
        }
        float before[SA_MODE_COUNT_];
        for (int k = 0; k < (int)SA_MODE_COUNT_; ++k)
            before[k] = sa_mode_machine_weight(&m, (sa_mode)k);
        const sa_mode mode = step(&m, &in);
        seen[mode]++;
        switches += m.switched;
        assert_layers_well_formed(&m);
        float now = 0.0f;
        for (int k = 0; k < (int)SA_MODE_COUNT_; ++k)
            now += sa_mode_machine_weight(&m, (sa_mode)k) * pose[k];
        if (m.switched && mode == SA_MODE_GETUP) {
            /* Leaving the ragdoll cuts; the get-up morph hides it (tested below). */
            assert_near(sa_mode_machine_getup_k(&m), 1, 0);
        } else {
            for (int k = 0; k < (int)SA_MODE_COUNT_; ++k)
                assert_true(fabsf(sa_mode_machine_weight(&m, (sa_mode)k) - before[k]) <=
                            most + 1e-3f);
            /* The blended joint moves at most `most` times the widest spread of poses per frame. */
            assert_true(fabsf(now - shown) <= (most + 1e-3f) * 4.5f);
        }
        shown = now;
    }
    assert_true(switches > 500);
    for (int k = 0; k < (int)SA_MODE_COUNT_; ++k)
        assert_true(seen[k] > 0); /* every mode visited */
}

static void test_mode_machine_getup_picks_the_clip_and_morphs(void **state) {
    (void)state;
    const float sides[] = {1.0f, -1.0f, 0.0f, NAN};
    for (size_t s = 0; s < sizeof sides / sizeof sides[0]; ++s) {
        sa_mode_machine m;
        sa_mode_machine_init(&m, NULL);
        sa_mode_input in = sa_mode_input_default();
        step(&m, &in);
        in.knocked_down = true;
        in.on_ladder = true; /* being knocked off beats even a ladder */
        assert_int_equal(step(&m, &in), SA_MODE_RAGDOLL);
        for (int i = 0; i < 90; ++i)
            assert_int_equal(step(&m, &in), SA_MODE_RAGDOLL);
        assert_near(sa_mode_machine_getup_k(&m), 0, 0);
        in.knocked_down = false;
        in.on_ladder = false;
        in.pelvis_forward = sa_v3(0.3f, sides[s], 0.2f);
        assert_int_equal(step(&m, &in), SA_MODE_GETUP);
        assert_int_equal(m.getup_side,
                         sides[s] < 0.0f ? SA_MODE_GETUP_SIDE_FRONT : SA_MODE_GETUP_SIDE_BACK);
        /* The first frame is the ragdoll pose exactly: k = 1, the clip at its start, a cut. */
        assert_near(sa_mode_machine_getup_k(&m), 1, 0);
        assert_int_equal(sa_mode_machine_layer_count(&m), 1);
        assert_near(sa_mode_machine_layer(&m, 0).play_time, 0, 0);
        float prev_k = 1.0f, prev_step = 0.0f;
        int frames = 1;
        while (step(&m, &in) == SA_MODE_GETUP) {
            const sa_mode_layer l = sa_mode_machine_layer(&m, 0);
            assert_near(l.play_time, 1.35f * l.mode_time, 1e-4); /* plays 1.35x faster */
            const float k = sa_mode_machine_getup_k(&m);
            assert_true(k <= prev_k && k >= 0.0f);
            if (l.mode_time >= 0.3f)
                assert_near(k, 0, 0); /* the clip alone after 0.3 s */
            else
                assert_true(k > 0.0f);
            /* Smooth: the per-frame step grows then shrinks, never above 1.5/0.3 per second. */
            assert_true(prev_k - k <= 1.5f / 0.3f * DT + 1e-5f);
            if (l.mode_time < 0.05f) assert_true(prev_k - k >= prev_step); /* eases in */
            prev_step = prev_k - k;
            prev_k = k;
            ++frames;
        }
        /* The 1.5 s clip at 1.35x lasts about 1.11 s; then loco fades in. */
        assert_int_equal(m.mode, SA_MODE_LOCO);
        assert_true(frames >= 66 && frames <= 68);
        assert_near(sa_mode_machine_getup_k(&m), 0, 0);
    }
}

/* Inertialization style: one layer at a time; the recorded offset hides every switch. */
static void test_mode_machine_inertialization_cuts_without_pop(void **state) {
    (void)state;
    sa_mode_machine_config c = sa_mode_machine_config_default();
    c.style = SA_MODE_FADE_STYLE_INERTIALIZE;
    sa_mode_machine m;
    sa_mode_machine_init(&m, &c);
    const float pose[SA_MODE_COUNT_] = {0.0f, 1.2f, -0.8f, 0.5f, 2.0f, -1.5f, 0.9f, -2.5f, 1.7f};
    sa_mode_input in = sa_mode_input_default();
    test_rng r = test_rng_make(5);
    sa_inertial_scalar rec = {0.0f, 0.0f};
    float shown = pose[SA_MODE_LOCO], biggest = 0.0f;
    int switches = 0;
    for (int frame = 0; frame < 50000; ++frame) {
        const uint32_t ev = test_rng_next(&r) % 60u;
        if (ev == 0) in.jump++, in.vertical_velocity = 6.0f, in.grounded = false;
        if (ev == 1) in.in_water = !in.in_water;
        if (ev == 2) in.on_ladder = !in.on_ladder;
        if (!in.grounded) {
            in.vertical_velocity -= 20.0f * DT;
            if (test_rng_next(&r) % 30u == 0) in.grounded = true, in.vertical_velocity = 0.0f;
        }
        const sa_mode mode = step(&m, &in);
        assert_int_equal(sa_mode_machine_layer_count(&m), 1);
        assert_near(sa_mode_machine_weight(&m, mode), 1, 0);
        const float h = sa_mode_machine_inertial_halflife(&m),
                    t = sa_mode_machine_inertial_time(&m);
        if (m.switched) {
            /* Record what was shown against the new mode's pose (velocities unknown: 0). */
            rec = sa_inertial_scalar_record(shown, 0.0f, pose[mode], 0.0f);
            ++switches;
            assert_near(t, 0, 0);
        }
        const float now = sa_inertial_scalar_apply(rec, pose[mode], h, t);
        if (m.switched) assert_near(now, shown, 1e-6); /* the switch itself shows no change */
        const float d = fabsf(now - shown);
        if (d > biggest) biggest = d;
        shown = now;
    }
    assert_true(switches > 100);
    /* Per-frame change stays far below the poses' spread of 4.5 rad. */
    assert_true(biggest < 0.6f);
}

enum { JOINTS = 20 };

static sa_transform joint_at(sa_vec3 axis, float angle, float len) {
    return sa_transform_make(sa_v3(0, len, 0), sa_quat_from_axis_angle(axis, angle),
                             sa_v3(1, 1, 1));
}

/* The get-up clip as a function of its play time: each joint turning slowly about its own axis. */
static void getup_clip(const sa_vec3 *axes, const float *base, float play, sa_transform *out) {
    for (int j = 0; j < JOINTS; ++j)
        out[j] = joint_at(axes[j], base[j] + 0.5f * play, 0.3f);
}

static void test_mode_machine_getup_morph_starts_at_the_ragdoll_and_ends_at_the_clip(void **state) {
    (void)state;
    sa_transform memory[JOINTS], clip[JOINTS], out[JOINTS], prev[JOINTS], ragdoll[JOINTS];
    test_rng r = test_rng_make(606);
    for (int round = 0; round < 50; ++round) {
        sa_vec3 axes[JOINTS];
        float base[JOINTS];
        for (int j = 0; j < JOINTS; ++j) {
            axes[j] = sa_v3(test_rng_range(&r, -1, 1), test_rng_range(&r, -1, 1),
                            test_rng_range(&r, -1, 1));
            base[j] = test_rng_range(&r, -3, 3);
        }
        /* The ragdoll left every joint up to 2.5 rad away from the clip's first pose, about any
         * axis. (Shortest-arc morphing cannot avoid a flip when a joint is half a turn away from
         * the moving clip, so the test stays below that.) */
        getup_clip(axes, base, 0.0f, clip);
        for (int j = 0; j < JOINTS; ++j) {
            const sa_vec3 ax = sa_v3(test_rng_range(&r, -1, 1), test_rng_range(&r, -1, 1),
                                     test_rng_range(&r, -1, 1));
            const sa_quat off = sa_quat_from_axis_angle(ax, test_rng_range(&r, -2.5f, 2.5f));
            ragdoll[j] = sa_transform_make(sa_v3(0, test_rng_range(&r, 0.1f, 0.5f), 0),
                                           sa_quat_mul(off, clip[j].rotation), sa_v3(1, 1, 1));
        }
        sa_mode_machine m;
        sa_mode_machine_init(&m, NULL);
        sa_mode_input in = sa_mode_input_default();
        in.knocked_down = true;
        for (int i = 0; i < 30; ++i)
            step(&m, &in);
        in.knocked_down = false;
        in.pelvis_forward = sa_v3(0, (round & 1) ? 1.0f : -1.0f, 0);
        assert_int_equal(step(&m, &in), SA_MODE_GETUP);
        assert_true(m.switched);
        memcpy(memory, ragdoll, sizeof memory); /* remember the ragdoll pose on the switch frame */
        int frame = 0;
        do {
            const sa_mode_layer l = sa_mode_machine_layer(&m, sa_mode_machine_layer_count(&m) - 1);
            getup_clip(axes, base, l.play_time, clip);
            assert_int_equal(
                sa_pose_morph(memory, clip, sa_mode_machine_getup_k(&m), JOINTS, out, JOINTS),
                JOINTS);
            if (frame == 0) assert_memory_equal(out, ragdoll, sizeof out); /* exactly the ragdoll */
            if (l.mode_time >= 0.3f)
                assert_memory_equal(out, clip, sizeof out); /* exactly the clip */
            if (frame > 0) {
                /* No pop: at most k's steepest step (1.5/0.3 per s) of 2.5 rad, + the clip. */
                for (int j = 0; j < JOINTS; ++j)
                    assert_true(sa_quat_angle_between(prev[j].rotation, out[j].rotation) <
                                1.5f / 0.3f * DT * 2.5f + 0.02f);
            }
            memcpy(prev, out, sizeof out);
            ++frame;
        } while (step(&m, &in) == SA_MODE_GETUP);
        assert_true(frame > 18);
        /* Outside the get-up the morph is the clip itself. */
        getup_clip(axes, base, 0.0f, clip);
        sa_pose_morph(memory, clip, sa_mode_machine_getup_k(&m), JOINTS, out, JOINTS);
        assert_memory_equal(out, clip, sizeof out);
    }
}

static void test_mode_machine_inertial_k_is_one_on_the_switch_then_decays(void **state) {
    (void)state;
    /* The machine's k: 1 on the switch frame, then decaying. */
    sa_mode_machine_config c = sa_mode_machine_config_default();
    c.style = SA_MODE_FADE_STYLE_INERTIALIZE;
    sa_mode_machine m;
    sa_mode_machine_init(&m, &c);
    sa_mode_input in = sa_mode_input_default();
    step(&m, &in);
    in.in_water = true;
    step(&m, &in);
    assert_true(m.switched);
    assert_near(sa_mode_machine_inertial_k(&m), 1, 0);
    /* Swimming fades at 3/s: the spring's half-life is 2 ln 2 / 3 s, and k falls smoothly to 0. */
    assert_near(sa_mode_machine_inertial_halflife(&m), 2.0 * 0.69314718055994530942 / 3.0, 1e-6);
    float prev = 1.0f;
    for (int i = 1; i <= 240; ++i) {
        step(&m, &in);
        const float k = sa_mode_machine_inertial_k(&m);
        assert_true(k < prev && k >= 0.0f);
        prev = k;
    }
    assert_true(prev < 0.01f); /* four seconds are many half-lives */
}

/* One scale in the config: with 100 units per cell (a centimetre rig), every speed threshold is
 * 100 times the reference's (sit above 1000 cm/s, fall below -200, land ends above 35); the
 * default is 1, and a bad scale takes it. */
static void test_mode_machine_units_per_cell_scales_every_speed_threshold(void **state) {
    (void)state;
    const sa_mode_machine_config d = sa_mode_machine_config_default();
    assert_near(d.units_per_cell, 1, 0);
    const float bad[] = {0.0f, -3.0f, NAN, INFINITY};
    for (size_t i = 0; i < 4; ++i) {
        sa_mode_machine_config c = d;
        c.units_per_cell = bad[i];
        sa_mode_machine m;
        assert_int_equal(sa_mode_machine_init(&m, &c), SA_OK);
        assert_near(m.config.units_per_cell, 1, 0);
    }
    for (int scaled = 0; scaled < 2; ++scaled) {
        const float u = scaled ? 100.0f : 1.0f;
        sa_mode_machine_config c = d;
        c.units_per_cell = u;
        /* A hard landing: just above and just below the threshold, in game units. */
        const float impacts[2] = {10.2f, 9.8f};
        for (int k = 0; k < 2; ++k) {
            sa_mode_machine m;
            assert_int_equal(sa_mode_machine_init(&m, &c), SA_OK);
            sa_mode_input in = sa_mode_input_default();
            step(&m, &in);
            in.grounded = false;
            in.vertical_velocity = -1.9f * u; /* a step down, not a fall */
            assert_int_equal(step(&m, &in), SA_MODE_LOCO);
            in.vertical_velocity = -2.1f * u; /* walked off a ledge */
            assert_int_equal(step(&m, &in), SA_MODE_FALL);
            in.grounded = true;
            in.vertical_velocity = -impacts[k] * u;
            assert_int_equal(step(&m, &in), k == 0 ? SA_MODE_SIT : SA_MODE_LAND);
            if (k == 1) {
                in.vertical_velocity = 0.0f;
                in.speed = 0.3f * u; /* below the exit speed: still landing */
                assert_int_equal(step(&m, &in), SA_MODE_LAND);
                in.speed = 0.4f * u; /* above it: moving on */
                assert_int_equal(step(&m, &in), SA_MODE_LOCO);
            }
        }
    }
}

/* Issue 14: a fade rate of 1e-40 was accepted as > 0 and made the inertialization half-life
 * infinite. Rates and time scales are now kept in [SA_MODE_MACHINE_MIN_RATE,
 * SA_MODE_MACHINE_MAX_VALUE], speeds and times in [0, SA_MODE_MACHINE_MAX_VALUE]. */
static void test_mode_machine_config_fields_are_bounded(void **state) {
    (void)state;
    sa_mode_machine_config c = sa_mode_machine_config_default();
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        c.fade_rate[i] = (i % 2) ? 1e-40f : 1e30f;
    c.getup_time_scale = 1e-45f;
    c.land_time = FLT_MAX;
    c.hard_landing_speed = 3e38f;
    c.morph_time = 1e20f;
    sa_mode_machine m;
    assert_int_equal(sa_mode_machine_init(&m, &c), SA_OK);
    for (int i = 0; i < (int)SA_MODE_COUNT_; ++i)
        assert_near(m.config.fade_rate[i],
                    (i % 2) ? SA_MODE_MACHINE_MIN_RATE : SA_MODE_MACHINE_MAX_VALUE, 0);
    assert_near(m.config.getup_time_scale, SA_MODE_MACHINE_MIN_RATE, 0);
    assert_near(m.config.land_time, SA_MODE_MACHINE_MAX_VALUE, 0);
    assert_near(m.config.hard_landing_speed, SA_MODE_MACHINE_MAX_VALUE, 0);
    assert_near(m.config.morph_time, SA_MODE_MACHINE_MAX_VALUE, 0);
    /* Loco's rate (index 0) is the largest: the half-life is short and finite. */
    assert_near(sa_mode_machine_inertial_halflife(&m), 2 * log(2) / 1e6, 1e-9);
    /* A rate set to 1e-40 after init is bounded too: finite half-life, a k in [0, 1]. */
    m.config.fade_rate[SA_MODE_LOCO] = 1e-40f;
    const float h = sa_mode_machine_inertial_halflife(&m);
    assert_finite(h);
    assert_near(h, 2 * log(2) / SA_MODE_MACHINE_MIN_RATE, 1e-2);
    const float k = sa_mode_machine_inertial_k(&m);
    assert_true(k >= 0.0f && k <= 1.0f);
    sa_mode_input in = sa_mode_input_default();
    in.jump = 1;
    for (int f = 0; f < 120; ++f) {
        sa_mode_machine_update(&m, &in, 1.0f / 60.0f);
        float sum = 0;
        for (size_t i = 0; i < sa_mode_machine_layer_count(&m); ++i)
            sum += sa_mode_machine_layer(&m, i).weight;
        assert_near(sum, 1, 1e-5);
        assert_finite(sa_mode_machine_inertial_halflife(&m));
    }
}

/* Issue 16: a speed step 0 -> run inside loco set no `switched`, so a game had to detect it itself
 * to inertialize. A change above speed_step (0.5 cells/s, times units_per_cell) in one update
 * is now a switch loco -> loco: switched, a new inertialization clock (k = 1), one layer when
 * inertializing; an acceleration below it is not; 0 turns the rule off. */
static void test_mode_machine_speed_step_in_loco_is_a_switch(void **state) {
    (void)state;
    assert_near(sa_mode_machine_config_default().speed_step, 0.5, 0);
    for (int scaled = 0; scaled < 2; ++scaled) {
        const float u = scaled ? 100.0f : 1.0f;
        sa_mode_machine_config c = sa_mode_machine_config_default();
        c.style = SA_MODE_FADE_STYLE_INERTIALIZE;
        c.units_per_cell = u;
        sa_mode_machine m;
        assert_int_equal(sa_mode_machine_init(&m, &c), SA_OK);
        sa_mode_input in = sa_mode_input_default();
        for (int i = 0; i < 30; ++i)
            step(&m, &in);
        assert_false(m.switched);
        in.speed = 2.8f * u; /* standing -> running in one frame */
        assert_int_equal(step(&m, &in), SA_MODE_LOCO);
        assert_true(m.switched);
        assert_int_equal(m.previous, SA_MODE_LOCO);
        assert_near(sa_mode_machine_inertial_k(&m), 1, 0);
        assert_int_equal(sa_mode_machine_layer_count(&m), 1);
        step(&m, &in); /* the speed holds: no new switch, the offset decays */
        assert_false(m.switched);
        assert_true(sa_mode_machine_inertial_k(&m) < 1.0f);
        /* Slowing at 24 cells/s^2 (0.4 per 60 Hz frame) is an acceleration, never a switch. */
        for (int i = 0; i < 7; ++i) {
            in.speed -= 0.4f * u;
            step(&m, &in);
            assert_false(m.switched);
        }
        /* Walk -> run (1.9 -> 2.8) in one frame is a step. */
        in.speed = 1.9f * u;
        for (int i = 0; i < 30; ++i)
            step(&m, &in);
        in.speed = 2.8f * u;
        step(&m, &in);
        assert_true(m.switched);
    }
    /* 0 turns the rule off; a bad value takes the default. */
    sa_mode_machine_config c = sa_mode_machine_config_default();
    c.speed_step = 0.0f;
    sa_mode_machine m;
    sa_mode_machine_init(&m, &c);
    sa_mode_input in = sa_mode_input_default();
    step(&m, &in);
    in.speed = 2.8f;
    step(&m, &in);
    assert_false(m.switched);
    c.speed_step = NAN;
    sa_mode_machine_init(&m, &c);
    assert_near(m.config.speed_step, 0.5, 0);
    /* The first update adopts the speed without a switch (a body that starts running). */
    sa_mode_machine_init(&m, NULL);
    step(&m, &in);
    assert_false(m.switched);
}

/* Found by the hostile walk: an update with no time (dt 0 or NaN) left a corrupted fade in the
 * machine corrupted, so its layer weights were NaN. */
static void test_mode_machine_update_without_time_repairs_its_fade(void **state) {
    (void)state;
    sa_mode_machine m;
    assert_int_equal(sa_mode_machine_init(&m, NULL), SA_OK);
    const sa_mode_input in = sa_mode_input_default();
    (void)sa_mode_machine_update(&m, &in, 1.0f / 60.0f);
    m.fade.layers[0].weight = NAN;
    (void)sa_mode_machine_update(&m, &in, NAN);
    float sum = 0.0f;
    for (size_t k = 0; k < sa_mode_machine_layer_count(&m); ++k) {
        const sa_mode_layer l = sa_mode_machine_layer(&m, k);
        assert_true(isfinite(l.weight));
        sum += l.weight;
    }
    assert_float_equal(sum, 1.0f, 1e-6f);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mode_machine_bad_input_is_harmless),
        cmocka_unit_test(test_mode_machine_config_holds_the_reference_values),
        cmocka_unit_test(test_mode_machine_new_jump_is_a_changed_counter),
        cmocka_unit_test(test_mode_machine_jump_fall_land_loco),
        cmocka_unit_test(test_mode_machine_hard_landing_sits),
        cmocka_unit_test(test_mode_machine_land_ends_early_when_moving_on),
        cmocka_unit_test(test_mode_machine_land_cut_short_lasts_a_reference_frame),
        cmocka_unit_test(test_mode_machine_ladder_beats_water_and_jumps),
        cmocka_unit_test(test_mode_machine_water_beats_everything_but_a_jump_start),
        cmocka_unit_test(test_mode_machine_walking_off_a_ledge_falls),
        cmocka_unit_test(test_mode_machine_layers_keep_their_own_clocks),
        cmocka_unit_test(test_mode_machine_weights_sum_to_one_and_never_pop),
        cmocka_unit_test(test_mode_machine_getup_picks_the_clip_and_morphs),
        cmocka_unit_test(test_mode_machine_inertialization_cuts_without_pop),
        cmocka_unit_test(test_mode_machine_getup_morph_starts_at_the_ragdoll_and_ends_at_the_clip),
        cmocka_unit_test(test_mode_machine_inertial_k_is_one_on_the_switch_then_decays),
        cmocka_unit_test(test_mode_machine_units_per_cell_scales_every_speed_threshold),
        cmocka_unit_test(test_mode_machine_config_fields_are_bounded),
        cmocka_unit_test(test_mode_machine_speed_step_in_loco_is_a_switch),
        cmocka_unit_test(test_mode_machine_update_without_time_repairs_its_fade),
        cmocka_unit_test(test_mode_machine_dated_fall_switches_where_the_velocity_crosses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
