/* figure.h: a figure with any config, driven by an input script (motion, speed, jump and thrust
 * presses, frame times), and sa_figure_solve() of any parameters. Every number of every pose
 * finite and in its documented range; every bone of the un-squashed pose its config length; a
 * step of no time changing nothing. sa_figure_update_many() drives six twins of the figure (a
 * batch group's two sets of lanes, four and two) through the same script (one input each, one
 * shared, or NULL) and must leave each one showing byte for byte what sa_figure_update() leaves the
 * figure showing (every value of the pose and the events); a refused call (a mismatched input
 * count, no figures) changes nothing.
 *
 * The input is decoded field by field onto sa_figure_input_default(), so a field added to
 * sa_figure_input later keeps its default here until this file learns it. */
#include "fuzz.h"

static sa_vec2 v2_of(float x, float y) {
    sa_vec2 v;
    v.x = x;
    v.y = y;
    return v;
}

#include <stickanim/figure.h>

#include "../figure_output.h"

enum { MAX_FRAMES = 48 };
#define TWINS ((size_t)6)

static sa_figure_config read_config(fz_in *in) {
    switch (fz_u8(in) % 4) {
    case 0:
        return sa_figure_config_default();
    case 1:
        return sa_figure_config_scaled(fz_float_in(in, 0.2f, 5.0f));
    case 2: { /* every field anywhere in its bounds (lengths in [1e-3, 1e6], ...) or outside */
        sa_figure_config c = sa_figure_config_default();
        float *lengths[] = {&c.spine, &c.neck, &c.head_radius, &c.upper_arm,    &c.forearm,
                            &c.thigh, &c.shin, &c.hip_height,  &c.spear_length, &c.hair_spacing};
        for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; ++i)
            if (fz_bool(in)) *lengths[i] = fz_float_in(in, 1e-3f, 1e6f);
        float *rates[] = {&c.fade_rate, &c.gait_rate, &c.head_stiffness, &c.head_damping,
                          &c.hair_jump_kick};
        for (size_t i = 0; i < sizeof rates / sizeof rates[0]; ++i)
            if (fz_bool(in)) *rates[i] = fz_float_in(in, 0.0f, 1e6f);
        if (fz_bool(in)) c.hair_drag = fz_float_in(in, 0.0f, 1.0f);
        c.hair = fz_bool(in);
        return c;
    }
    default: { /* the default with one field set to anything */
        sa_figure_config c = sa_figure_config_default();
        float *all[] = {&c.spine,        &c.neck,         &c.head_radius, &c.upper_arm,
                        &c.forearm,      &c.thigh,        &c.shin,        &c.hip_height,
                        &c.spear_length, &c.fade_rate,    &c.gait_rate,   &c.head_stiffness,
                        &c.head_damping, &c.hair_spacing, &c.hair_drag,   &c.hair_jump_kick};
        *all[fz_below(in, sizeof all / sizeof all[0])] = fz_float(in);
        return c;
    }
    }
}

/* Every bone of the un-squashed joints has its config length. */
static void check_bones(const sa_figure_config *cfg, const sa_vec2 *j) {
    sa_figure_bone bones[SA_FIGURE_BONE_COUNT];
    FZ_CHECK(sa_figure_bones(cfg, bones, SA_FIGURE_BONE_COUNT) == SA_FIGURE_BONE_COUNT);
    double coord = 0.0;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        coord = fmax(coord, fz_absmax2(j[i]));
    for (int b = 0; b < SA_FIGURE_BONE_COUNT; ++b) {
        const double len = bones[b].length, d = fz_dist2(j[bones[b].from], j[bones[b].to]);
        const double tol = 1e-4 * len + 32.0 * (coord + len) * (double)FLT_EPSILON + 1e-6;
        FZ_CHECK2(fabs(d - len) <= tol, d, len);
    }
    /* The shoulder on the spine. */
    const double spine = fz_dist2(j[SA_FIGURE_JOINT_PELVIS], j[SA_FIGURE_JOINT_CHEST]);
    const double at = fz_dist2(j[SA_FIGURE_JOINT_PELVIS], j[SA_FIGURE_JOINT_SHOULDER]);
    FZ_CHECK2(fabs(at - SA_FIGURE_SHOULDER_AT * spine) <=
                  1e-4 * spine + 32.0 * (coord + spine) * (double)FLT_EPSILON + 1e-6,
              at, spine);
}

static void check_pose(const sa_figure *fig, const sa_figure_pose *p, bool valid_cfg) {
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
        FZ_CHECK2(fz_finite_v2(p->joints[i]), p->joints[i].x, i);
        FZ_CHECK2(fz_finite_v2(p->unsquashed[i]), p->unsquashed[i].x, i);
    }
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        FZ_CHECK2(fz_finite_v2(p->hair[i]), p->hair[i].x, i);
    FZ_CHECK(fz_finite(p->head_radius) && p->head_radius > 0.0f);
    FZ_CHECK(fz_finite_v2(p->squash.pivot));
    FZ_CHECK(p->squash.sx >= SA_SQUASH_SCALE_MIN && p->squash.sx <= SA_SQUASH_SCALE_MAX);
    FZ_CHECK(p->squash.sy >= SA_SQUASH_SCALE_MIN && p->squash.sy <= SA_SQUASH_SCALE_MAX);
    /* (with a body the ground goes by at the body's speed, either way; without one, forward in
     * the figure's own space: screen axes make it negative while it faces left) */
    FZ_CHECK2(fz_finite(p->ground_speed) &&
                  (fig->body.active || p->turn < 1.0f || p->ground_speed >= 0.0f),
              p->ground_speed, 0);
    FZ_CHECK(p->dt >= 0.0f && p->dt <= SA_FIGURE_MAX_DT);
    FZ_CHECK((uint32_t)p->motion < (uint32_t)SA_FIGURE_MOTION_COUNT_);
    FZ_CHECK2(p->spear >= 0.0f && p->spear <= 1.0f, p->spear, 0);
    FZ_CHECK2(p->phase >= 0.0f && p->phase < 1.0f, p->phase, 0);
    FZ_CHECK2(p->gait >= 0.0f && p->gait <= 1.0f, p->gait, 0);
    FZ_CHECK2(p->thrust == -1.0f || (p->thrust >= 0.0f && p->thrust < 1.0f), p->thrust, 0);
    /* (screen axes: it grows walking right and shrinks walking left) */
    FZ_CHECK2(isfinite(p->scroll), p->scroll, 0);
    FZ_CHECK2(p->turn >= -1.0f && p->turn <= 1.0f, p->turn, 0);
    FZ_CHECK((uint32_t)p->mode < (uint32_t)SA_MODE_COUNT_);
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i)
        FZ_CHECK2(fz_finite(p->ground_probe[i]), p->ground_probe[i], i);
    for (int i = 0; i < 2; ++i)
        FZ_CHECK2(isfinite(p->contact[i].x), p->contact[i].x, i);
    FZ_CHECK(p->airborne == (!p->contact[0].planted && !p->contact[1].planted));
    (void)valid_cfg;
    check_bones(&fig->config, p->unsquashed);
}

static void check_solve(fz_in *in, const sa_figure_config *cfg) {
    sa_figure_params p = sa_figure_params_rest(cfg);
    float v[sizeof p / sizeof(float)];
    memcpy(v, &p, sizeof v);
    for (size_t k = 0; k < sizeof v / sizeof v[0]; ++k)
        FZ_CHECK(fz_finite(v[k]));
    const size_t changes = fz_below(in, 6);
    for (size_t c = 0; c < changes; ++c)
        v[fz_below(in, sizeof v / sizeof v[0])] = fz_float(in);
    memcpy(&p, v, sizeof v);
    sa_vec2 j[SA_FIGURE_JOINT_COUNT + 1];
    FZ_CHECK(sa_figure_solve(cfg, &p, NULL, 0) == SA_FIGURE_JOINT_COUNT);
    FZ_CHECK(sa_figure_solve(cfg, &p, j, SA_FIGURE_JOINT_COUNT - 1) == 0);
    FZ_CHECK(sa_figure_solve(cfg, fz_bool(in) ? &p : NULL, j, SA_FIGURE_JOINT_COUNT + 1) ==
             SA_FIGURE_JOINT_COUNT);
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        FZ_CHECK2(fz_finite_v2(j[i]), j[i].x, i);
    sa_figure_config store = sa_figure_config_default();
    check_bones(sa_figure_config_validate(cfg) == SA_OK ? cfg : &store, j);
}

/* The game's body, facing and surface from the bytes: anything, hostile numbers included. */
static void read_body(fz_in *in, sa_figure_input *input) {
    sa_figure_body *b = &input->body;
    const uint8_t flags = fz_u8(in);
    b->active = (flags & 1) != 0;
    b->grounded = (flags & 2) != 0;
    b->in_water = (flags & 4) != 0;
    b->on_ladder = (flags & 8) != 0;
    b->knocked_down = (flags & 16) != 0;
    b->ground_given = (flags & 32) != 0;
    input->facing = (flags & 64) ? SA_FIGURE_FACING_LEFT : SA_FIGURE_FACING_RIGHT;
    if (flags & 128) input->facing = (sa_figure_facing)fz_u16(in);
    input->surface = (sa_footsteps_surface)fz_u8(in);
    const bool wild = fz_u8(in) < 16;
    b->velocity = wild
                      ? fz_v2(in)
                      : v2_of(fz_float_in(in, -900.0f, 900.0f), fz_float_in(in, -1500.0f, 1500.0f));
    b->water_line = wild ? fz_float(in) : fz_float_in(in, -200.0f, 50.0f);
    b->ladder_rung += wild ? fz_float(in) : fz_float_in(in, -10.0f, 10.0f);
    b->impulse = wild ? fz_v2(in) : v2_of(fz_float_in(in, -500.0f, 500.0f), 0.0f);
    b->position = v2_of(b->position.x + b->velocity.x / 60.0f, b->position.y);
    if (wild) b->position = fz_v2(in);
    for (int i = 0; i < SA_FIGURE_GROUND_PROBES; ++i)
        b->ground[i] = wild ? fz_float(in) : b->position.y + fz_float_in(in, -40.0f, 40.0f);
}

/* The events of the last update: a stream within its capacity, time-ordered, each finite. */
static void check_events(const sa_figure *fig, float dt) {
    sa_figure_event ev[SA_FIGURE_MAX_EVENTS];
    const size_t n = sa_figure_events(fig, NULL, 0);
    FZ_CHECK2(n <= SA_FIGURE_MAX_EVENTS, n, 0);
    FZ_CHECK(sa_figure_events(fig, ev, SA_FIGURE_MAX_EVENTS) == n);
    FZ_CHECK(sa_figure_events(fig, ev, 1) == (n > 0 ? 1u : 0u));
    for (size_t i = 0; i < n; ++i) {
        FZ_CHECK2(fz_finite(ev[i].time) && ev[i].time >= 0.0f && ev[i].time <= dt + 1e-6f,
                  ev[i].time, dt);
        FZ_CHECK2(isfinite(ev[i].x) && fz_finite(ev[i].speed), ev[i].x, ev[i].speed);
        FZ_CHECK((uint32_t)ev[i].kind < (uint32_t)SA_FIGURE_EVENT_KIND_COUNT_);
        if (i > 0) FZ_CHECK2(ev[i].time >= ev[i - 1].time, ev[i].time, ev[i - 1].time);
    }
}

/* The twins through sa_figure_update_many(): one input each, the one shared, or none (NULL,
 * or a count of 0), by frame. It updates them all, or none for a step of no time. */
static void update_twins(sa_figure *twins, const sa_figure_input *input, size_t frame, float dt) {
    sa_figure_input each[TWINS];
    for (size_t i = 0; i < TWINS; ++i)
        each[i] = input ? *input : sa_figure_input_default();
    const bool step = dt > 0.0f && fz_finite(dt);
    size_t n;
    if (!input)
        n = sa_figure_update_many(twins, TWINS, frame % 2 ? each : NULL, 0, dt);
    else if (frame % 2)
        n = sa_figure_update_many(twins, TWINS, input, 1, dt);
    else
        n = sa_figure_update_many(twins, TWINS, each, TWINS + frame % 3, dt);
    FZ_CHECK2(n == (step ? TWINS : 0u), n, dt);
}

/* What the batch refuses changes nothing: no figures, too many, a mismatched input count. */
static void check_batch_refusals(sa_figure *twins, const sa_figure_input *input) {
    sa_figure before[TWINS];
    memcpy(before, twins, sizeof before);
    const float dt = 1.0f / 60.0f;
    FZ_CHECK(sa_figure_update_many(NULL, TWINS, input, 1, dt) == 0);
    FZ_CHECK(sa_figure_update_many(NULL, SIZE_MAX, NULL, 0, dt) == 0);
    FZ_CHECK(sa_figure_update_many(twins, SIZE_MAX, input, 1, dt) == 0);
    FZ_CHECK(sa_figure_update_many(twins, 0, input, 1, dt) == 0);
    FZ_CHECK(sa_figure_update_many(twins, TWINS, input, TWINS - 1, dt) == 0);
    FZ_CHECK(memcmp(before, twins, sizeof before) == 0);
}

void sa_fuzz_figure(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    const sa_figure_config cfg = read_config(&in);
    const bool valid = sa_figure_config_validate(&cfg) == SA_OK;
    sa_figure fig;
    const bool use_cfg = fz_u8(&in) < 240;
    FZ_CHECK(sa_figure_init(&fig, use_cfg ? &cfg : NULL) ==
             (use_cfg ? sa_figure_config_validate(&cfg) : SA_OK));
    check_pose(&fig, sa_figure_get_pose(&fig), valid);
    check_solve(&in, use_cfg ? &cfg : NULL);
    sa_figure twins[TWINS];
    for (size_t i = 0; i < TWINS; ++i)
        memcpy(&twins[i], &fig, sizeof fig);
    sa_figure_input input = sa_figure_input_default();
    for (int frame = 0; frame < MAX_FRAMES && fz_more(&in); ++frame) {
        const uint8_t what = fz_u8(&in);
        if (what & 1) {
            const uint8_t m = fz_u8(&in);
            input.motion = m < 250 ? (sa_figure_motion)(m % (uint8_t)SA_FIGURE_MOTION_COUNT_)
                                   : (sa_figure_motion)(fz_u16(&in) + 9u);
        }
        if (what & 2) input.speed = fz_float_in(&in, 0.0f, 500.0f);
        if (what & 4) input.jump += 1u + (fz_u8(&in) & 3u);
        if (what & 8) input.thrust += 1u;
        if (what & 128) read_body(&in, &input);
        if (what & 16) {
            check_solve(&in, use_cfg ? &cfg : NULL);
            continue;
        }
        const float dt = (what & 32) ? fz_float(&in) : fz_float_in(&in, 0.0f, 0.12f);
        const sa_figure before = fig;
        sa_figure_update(&fig, (what & 64) ? NULL : &input, dt);
        update_twins(twins, (what & 64) ? NULL : &input, (size_t)frame, dt);
        for (size_t i = 0; i < TWINS; ++i)
            FZ_CHECK(figure_same_output(&twins[i], &fig));
        if (!(dt > 0.0f) || !fz_finite(dt)) {
            const sa_figure_pose *a = &before.pose, *b = &fig.pose;
            FZ_CHECK(memcmp(a->joints, b->joints, sizeof a->joints) == 0);
            FZ_CHECK(memcmp(a->unsquashed, b->unsquashed, sizeof a->unsquashed) == 0);
            FZ_CHECK(memcmp(a->hair, b->hair, sizeof a->hair) == 0);
            FZ_CHECK(memcmp(&a->scroll, &b->scroll, sizeof a->scroll) == 0);
            FZ_CHECK(before.phase == fig.phase && before.jump_seen == fig.jump_seen);
            continue;
        }
        check_pose(&fig, sa_figure_get_pose(&fig), valid);
        check_events(&fig, fig.pose.dt);
    }
    check_batch_refusals(twins, &input);
    FZ_CHECK(sa_figure_get_pose(NULL) == NULL);
    FZ_CHECK(sa_figure_events(NULL, NULL, 0) == 0);
    const sa_figure_body idle = sa_figure_body_default();
    FZ_CHECK(!idle.active && idle.grounded);
    FZ_CHECK(sa_figure_motion_name(input.motion) != NULL);
    const float d = sa_figure_motion_duration(input.motion);
    FZ_CHECK(fz_finite(d) && d >= 0.0f);
    FZ_CHECK(sa_figure_joint_name((sa_figure_joint)fz_u16(&in)) != NULL);
}
