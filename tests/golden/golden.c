/* Determinism: long scripted runs of the figure, the controllers and the 3D pose pipeline, each
 * reduced to a 64-bit FNV-1a hash of the bits of every float it outputs (so any change of any
 * bit shows). The inputs are integer-seeded (a linear congruential generator) and built without
 * libm, so only the library computes. The suite compares the hashes with tests/golden/golden.txt
 * (`golden --check FILE`); scripts/golden.sh --update rewrites the file, scripts/golden.sh
 * --matrix checks that gcc and clang, -O0, -O2 and -O3 -march=native, static and shared builds
 * all print the same hashes.
 *
 * usage: golden                 print "<run> <hash>" lines
 *        golden --check FILE    compare with FILE; exit 1 and name the runs that differ */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <stickanim/stickanim.h>

/* ---- hashing ------------------------------------------------------------------------------ */

typedef struct hash {
    uint64_t h;
} hash;

static hash hash_start(void) {
    hash s;
    s.h = 1469598103934665603ull;
    return s;
}

static void hash_bytes(hash *s, const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n; ++i) {
        s->h ^= b[i];
        s->h *= 1099511628211ull;
    }
}

static void hash_f(hash *s, float v) {
    uint32_t bits;
    memcpy(&bits, &v, sizeof bits);
    hash_bytes(s, &bits, sizeof bits);
}

static void hash_d(hash *s, double v) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    hash_bytes(s, &bits, sizeof bits);
}

static void hash_u(hash *s, uint64_t v) { hash_bytes(s, &v, sizeof v); }
static void hash_v2(hash *s, sa_vec2 v) {
    hash_f(s, v.x);
    hash_f(s, v.y);
}
static void hash_v3(hash *s, sa_vec3 v) {
    hash_f(s, v.x);
    hash_f(s, v.y);
    hash_f(s, v.z);
}
static void hash_quat(hash *s, sa_quat q) {
    hash_f(s, q.x);
    hash_f(s, q.y);
    hash_f(s, q.z);
    hash_f(s, q.w);
}
static void hash_transform(hash *s, sa_transform t) {
    hash_v3(s, t.translation);
    hash_quat(s, t.rotation);
    hash_v3(s, t.scale);
}
static void hash_floats(hash *s, const float *v, size_t n) {
    for (size_t i = 0; i < n; ++i)
        hash_f(s, v[i]);
}

/* ---- seeded inputs (integers only, then one exact conversion) ----------------------------- */

typedef struct rng {
    uint32_t state;
} rng;

static uint32_t rng_next(rng *r) {
    r->state = r->state * 1664525u + 1013904223u;
    return r->state >> 8; /* 24 bits */
}

/* In [lo, hi], in 1/65536 steps of the range: lo + (hi - lo) * k / 65536. */
static float rng_in(rng *r, float lo, float hi) {
    return lo + (hi - lo) * ((float)(rng_next(r) & 0xFFFFu) / 65536.0f);
}

static bool rng_chance(rng *r, uint32_t per_256) { return (rng_next(r) & 0xFFu) < per_256; }

/* Vectors of seeded components, drawn x first: in one expression the order in which function
 * arguments are evaluated is unspecified (gcc and clang differ), so each draw is a statement. */
static sa_vec2 rng_v2(rng *r, float lo, float hi, float lo_y, float hi_y) {
    const float x = rng_in(r, lo, hi);
    const float y = rng_in(r, lo_y, hi_y);
    return sa_v2(x, y);
}

static sa_vec3 rng_v3(rng *r, float lo, float hi) {
    const float x = rng_in(r, lo, hi);
    const float y = rng_in(r, lo, hi);
    const float z = rng_in(r, lo, hi);
    return sa_v3(x, y, z);
}

/* A frame time between 1/240 s and 1/24 s. */
static float rng_dt(rng *r) { return rng_in(r, 1.0f / 240.0f, 1.0f / 24.0f); }

/* ---- the figure --------------------------------------------------------------------------- */

static void hash_pose(hash *s, const sa_figure_pose *p) {
    for (size_t j = 0; j < SA_FIGURE_JOINT_COUNT; ++j) {
        hash_v2(s, p->joints[j]);
        hash_v2(s, p->unsquashed[j]);
    }
    for (size_t j = 0; j < sizeof p->hair / sizeof p->hair[0]; ++j)
        hash_v2(s, p->hair[j]);
    hash_f(s, p->head_radius);
    hash_v2(s, p->squash.pivot);
    hash_f(s, p->squash.sx);
    hash_f(s, p->squash.sy);
    hash_f(s, p->ground_speed);
    hash_f(s, p->dt);
    hash_u(s, (uint64_t)p->motion);
    hash_f(s, p->spear);
    hash_f(s, p->phase);
    hash_f(s, p->gait);
    hash_f(s, p->thrust);
    hash_d(s, p->scroll);
    for (size_t f = 0; f < 2; ++f) {
        hash_d(s, p->contact[f].x);
        hash_u(s, p->contact[f].planted);
    }
    hash_u(s, p->airborne);
    hash_u(s, (uint64_t)p->mode);
    hash_u(s, (uint64_t)p->facing);
    hash_f(s, p->turn);
    hash_floats(s, p->ground_probe, SA_FIGURE_GROUND_PROBES);
    hash_f(s, p->blade);
    hash_v2(s, p->blade_tip);
}

static void hash_events(hash *s, const sa_figure *fig) {
    sa_figure_event ev[SA_FIGURE_MAX_EVENTS];
    const size_t n = sa_figure_events(fig, ev, SA_FIGURE_MAX_EVENTS);
    hash_u(s, n);
    for (size_t i = 0; i < n; ++i) {
        hash_u(s, (uint64_t)ev[i].kind);
        hash_f(s, ev[i].time);
        hash_u(s, (uint64_t)(int64_t)ev[i].foot);
        hash_u(s, (uint64_t)ev[i].surface);
        hash_u(s, (uint64_t)ev[i].mode);
        hash_f(s, ev[i].speed);
        hash_d(s, ev[i].x);
        hash_u(s, (uint64_t)ev[i].move);
        hash_u(s, (uint64_t)(int64_t)ev[i].index);
    }
}

/* One motion for 600 frames of seeded speeds, presses, turns and frame times. */
static uint64_t run_figure_motion(sa_figure_motion motion) {
    hash s = hash_start();
    rng r = {0x5eed0000u + (uint32_t)motion};
    sa_figure fig;
    if (sa_figure_init(&fig, NULL) != SA_OK) return 0;
    sa_figure_input in = sa_figure_input_default();
    in.motion = motion;
    for (int frame = 0; frame < 600; ++frame) {
        if (rng_chance(&r, 8)) in.speed = rng_in(&r, 0.0f, 3.0f);
        if (rng_chance(&r, 4)) ++in.jump;
        if (rng_chance(&r, 6)) ++in.thrust;
        if (rng_chance(&r, 2))
            in.facing =
                in.facing == SA_FIGURE_FACING_LEFT ? SA_FIGURE_FACING_RIGHT : SA_FIGURE_FACING_LEFT;
        sa_figure_update(&fig, &in, rng_dt(&r));
        hash_pose(&s, sa_figure_get_pose(&fig));
        hash_events(&s, &fig);
    }
    return s.h;
}

/* The game's own moves: a sword swing as an upper-body layer pressed at seeded moments over the
 * run and the walk, and a looping whole-body definition switched to and from, facing both ways. */
static const sa_track_key SWING_ARM[] = {{0.0f, 0.5f, SA_EASE_SMOOTH},
                                         {0.3f, 2.1f, SA_EASE_OUT_CUBIC},
                                         {0.6f, -0.2f, SA_EASE_SMOOTH},
                                         {1.0f, 0.5f, SA_EASE_SMOOTH}};
static const sa_track_key SWING_FLEX[] = {
    {0.0f, 1.3f, SA_EASE_SMOOTH}, {0.3f, 0.2f, SA_EASE_IN_QUAD}, {1.0f, 1.3f, SA_EASE_SMOOTH}};
static const sa_track_key SWING_ONE[] = {{0.0f, 1.0f, SA_EASE_LINEAR}};
static const sa_figure_move_track SWING_TRACKS[] = {{SA_FIGURE_PARAM_ARM_ANGLE_NEAR, SWING_ARM, 4},
                                                    {SA_FIGURE_PARAM_ARM_FLEX_NEAR, SWING_FLEX, 3},
                                                    {SA_FIGURE_PARAM_BLADE, SWING_ONE, 1},
                                                    {SA_FIGURE_PARAM_BLADE_ANGLE, SWING_FLEX, 3}};
static const sa_track_key BOB[] = {
    {0.0f, 0.0f, SA_EASE_SMOOTH}, {0.5f, 6.0f, SA_EASE_SMOOTH}, {1.0f, 0.0f, SA_EASE_SMOOTH}};
static const sa_figure_move_track BOB_TRACKS[] = {{SA_FIGURE_PARAM_ROOT_Y, BOB, 3},
                                                  {SA_FIGURE_PARAM_LEAN, SWING_FLEX, 3}};
static const sa_figure_move_event MOVE_EVENTS[] = {{"hit", 0.3f}, {"end", 0.9f}};

static uint64_t run_figure_moves(void) {
    hash s = hash_start();
    rng r = {0x5eed0100u};
    sa_figure_move moves[2];
    memset(moves, 0, sizeof moves);
    moves[0].name = "swing";
    moves[0].tracks = SWING_TRACKS;
    moves[0].track_count = 4;
    moves[0].events = MOVE_EVENTS;
    moves[0].event_count = 2;
    moves[0].duration = 0.7f;
    moves[0].parts = SA_FIGURE_PART_ARM_NEAR | SA_FIGURE_PART_PROP;
    moves[0].fade_in = 0.1f;
    moves[0].fade_out = 0.2f;
    moves[1] = moves[0];
    moves[1].name = "bob";
    moves[1].tracks = BOB_TRACKS;
    moves[1].track_count = 2;
    moves[1].duration = 1.2f;
    moves[1].loop = true;
    moves[1].parts = SA_FIGURE_PART_ALL;
    moves[1].travel = 30.0f;
    sa_figure fig;
    if (sa_figure_init(&fig, NULL) != SA_OK) return 0;
    if (sa_figure_set_moves(&fig, moves, 2, NULL) != SA_OK) return 0;
    sa_figure_input in = sa_figure_input_default();
    in.motion = SA_FIGURE_MOTION_RUN;
    in.move = SA_FIGURE_MOTION_MOVE(0);
    const sa_figure_motion bases[3] = {SA_FIGURE_MOTION_RUN, SA_FIGURE_MOTION_WALK,
                                       SA_FIGURE_MOTION_MOVE(1)};
    for (int frame = 0; frame < 600; ++frame) {
        if (rng_chance(&r, 6)) in.motion = bases[rng_next(&r) % 3u];
        if (rng_chance(&r, 24)) ++in.move_counter;
        if (rng_chance(&r, 2))
            in.facing =
                in.facing == SA_FIGURE_FACING_LEFT ? SA_FIGURE_FACING_RIGHT : SA_FIGURE_FACING_LEFT;
        sa_figure_update(&fig, &in, rng_dt(&r));
        hash_pose(&s, sa_figure_get_pose(&fig));
        hash_events(&s, &fig);
    }
    return s.h;
}

/* A body session: the game drives the body (ground, air, water, ladder, knock-downs, impulses)
 * and the motions switch underneath, all seeded. */
static uint64_t run_figure_body(void) {
    hash s = hash_start();
    rng r = {0xb0d1e5u};
    sa_figure fig;
    if (sa_figure_init(&fig, NULL) != SA_OK) return 0;
    sa_figure_input in = sa_figure_input_default();
    in.body.active = true;
    in.body.grounded = true;
    for (int frame = 0; frame < 2400; ++frame) {
        if (rng_chance(&r, 6))
            in.motion = (sa_figure_motion)(rng_next(&r) % (uint32_t)SA_FIGURE_MOTION_COUNT_);
        if (rng_chance(&r, 10)) in.speed = rng_in(&r, -1.0f, 4.0f);
        if (rng_chance(&r, 5)) ++in.jump;
        if (rng_chance(&r, 5)) in.body.grounded = !in.body.grounded;
        if (rng_chance(&r, 8)) in.body.velocity = rng_v2(&r, -300, 300, -400, 400);
        if (rng_chance(&r, 2)) in.body.in_water = !in.body.in_water;
        in.body.water_line = rng_in(&r, -20.0f, 20.0f);
        if (rng_chance(&r, 2)) in.body.on_ladder = !in.body.on_ladder;
        in.body.ladder_rung = in.body.ladder_rung + rng_in(&r, -0.2f, 0.4f);
        if (rng_chance(&r, 1)) in.body.knocked_down = !in.body.knocked_down;
        in.body.impulse = sa_v2(0.0f, 0.0f);
        if (rng_chance(&r, 3)) in.body.impulse = rng_v2(&r, -500, 500, -500, 0);
        in.body.position = sa_v2(in.body.position.x + rng_in(&r, 0.0f, 4.0f), 0.0f);
        in.body.ground_given = rng_chance(&r, 128);
        for (size_t k = 0; k < SA_FIGURE_GROUND_PROBES; ++k)
            in.body.ground[k] = rng_in(&r, -6.0f, 6.0f);
        in.surface = (sa_footsteps_surface)(rng_next(&r) % 5u);
        sa_figure_update(&fig, &in, rng_dt(&r));
        hash_pose(&s, sa_figure_get_pose(&fig));
        hash_events(&s, &fig);
    }
    /* The solver and the bones of a scaled config, too. */
    const sa_figure_config big = sa_figure_config_scaled(1.75f);
    sa_figure_bone bones[SA_FIGURE_BONE_COUNT];
    const size_t nb = sa_figure_bones(&big, bones, SA_FIGURE_BONE_COUNT);
    for (size_t i = 0; i < nb; ++i)
        hash_f(&s, bones[i].length);
    sa_figure_params p = sa_figure_params_rest(&big);
    sa_vec2 joints[SA_FIGURE_JOINT_COUNT];
    for (int k = 0; k < 64; ++k) {
        p.lean = rng_in(&r, -0.5f, 0.5f);
        p.arm_angle[0] = rng_in(&r, -2.0f, 2.0f);
        p.arm_flex[1] = rng_in(&r, 0.0f, 2.0f);
        p.foot[0] = rng_v2(&r, -30, 30, -10, 0);
        const size_t n = sa_figure_solve(&big, &p, joints, SA_FIGURE_JOINT_COUNT);
        for (size_t j = 0; j < n; ++j)
            hash_v2(&s, joints[j]);
    }
    return s.h;
}

/* ---- the controllers ---------------------------------------------------------------------- */

static uint64_t run_mode_machine(void) {
    hash s = hash_start();
    rng r = {0x30de30deu};
    sa_mode_machine m;
    if (sa_mode_machine_init(&m, NULL) != SA_OK) return 0;
    sa_mode_input in = sa_mode_input_default();
    for (int frame = 0; frame < 3000; ++frame) {
        if (rng_chance(&r, 6)) in.grounded = !in.grounded;
        in.vertical_velocity = rng_in(&r, -600.0f, 600.0f);
        in.landing_speed = rng_in(&r, 0.0f, 900.0f);
        if (rng_chance(&r, 10)) in.speed = rng_in(&r, 0.0f, 400.0f);
        if (rng_chance(&r, 2)) in.in_water = !in.in_water;
        if (rng_chance(&r, 2)) in.on_ladder = !in.on_ladder;
        in.ladder_direction = rng_in(&r, -1.0f, 1.0f);
        if (rng_chance(&r, 4)) ++in.jump;
        if (rng_chance(&r, 1)) in.knocked_down = !in.knocked_down;
        in.pelvis_forward = rng_v3(&r, -1, 1);
        hash_u(&s, (uint64_t)sa_mode_machine_update(&m, &in, rng_dt(&r)));
        const size_t n = sa_mode_machine_layer_count(&m);
        for (size_t k = 0; k < n; ++k) {
            const sa_mode_layer l = sa_mode_machine_layer(&m, k);
            hash_u(&s, (uint64_t)l.mode);
            hash_f(&s, l.weight);
            hash_f(&s, l.mode_time);
            hash_f(&s, l.play_time);
            hash_f(&s, l.time_scale);
        }
        hash_f(&s, sa_mode_machine_mode_time(&m));
        hash_f(&s, sa_mode_machine_getup_k(&m));
        hash_f(&s, sa_mode_machine_inertial_time(&m));
        hash_f(&s, sa_mode_machine_inertial_halflife(&m));
        hash_f(&s, sa_mode_machine_inertial_k(&m));
    }
    return s.h;
}

/* The loco blend tree stepped at seeded speeds, and the footsteps its phase crosses. */
static uint64_t run_blend_tree_footsteps(void) {
    hash s = hash_start();
    rng r = {0xb1e4d7eeu};
    sa_blend_tree_space space;
    if (sa_blend_tree_space_from_loco(&space, NULL) != SA_OK) return 0;
    const sa_clip_touchdown marks[2] = {{0.1f, 0}, {0.6f, 1}};
    for (size_t c = 0; c < space.clip_count; ++c)
        (void)sa_blend_tree_space_set_markers(&space, c, marks, 2);
    float phase = 0.0f;
    float speed = 0.0f;
    for (int frame = 0; frame < 3000; ++frame) {
        if (rng_chance(&r, 12)) speed = rng_in(&r, -50.0f, 400.0f);
        const float from = phase;
        const float dt = rng_dt(&r);
        const sa_blend_tree_frame f = sa_blend_tree_space_step(&space, &phase, speed, dt);
        hash_floats(&s, f.weights, f.weight_count);
        hash_u(&s, f.weight_count);
        hash_u(&s, f.segment);
        hash_f(&s, f.u);
        hash_f(&s, f.move);
        hash_f(&s, f.anim);
        hash_f(&s, f.stride);
        hash_f(&s, f.stretch);
        hash_f(&s, f.rate);
        hash_f(&s, f.advance);
        hash_f(&s, f.phase);
        hash_u(&s, f.leader);
        hash_floats(&s, f.clip_phase, SA_BLEND_TREE_MAX_CLIPS);
        hash_floats(&s, f.clip_phase_from, SA_BLEND_TREE_MAX_CLIPS);

        sa_footsteps_layer layers[2];
        layers[0].touchdowns = marks;
        layers[0].touchdown_count = 2;
        layers[0].weight = f.weight_count > 0 ? f.weights[0] : 1.0f;
        layers[1] = layers[0];
        layers[1].weight = 1.0f - layers[0].weight;
        sa_footsteps_event ev[8];
        sa_footsteps_job job = sa_footsteps_job_default();
        job.phase_from = from;
        job.phase_to = phase;
        job.cycles = f.advance;
        job.dt = dt;
        job.layers = layers;
        job.layer_count = 2;
        job.out = ev;
        job.capacity = 8;
        const size_t n = sa_footsteps_run(&job);
        hash_u(&s, n);
        for (size_t i = 0; i < n && i < 8; ++i) {
            hash_u(&s, ev[i].foot);
            hash_u(&s, (uint64_t)ev[i].surface);
            hash_f(&s, ev[i].time);
            hash_f(&s, ev[i].phase);
            hash_u(&s, ev[i].layer);
        }
    }
    return s.h;
}

/* Springs, a verlet chain with a collider, a fade, gaits, tracks, IK, squash and inertia. */
static uint64_t run_small_controllers(void) {
    hash s = hash_start();
    rng r = {0x5011db0du};
    sa_spring1 s1 = sa_spring1_at_rest(0.0f);
    sa_spring2 s2 = sa_spring2_at_rest(sa_v2(0.0f, 0.0f));
    sa_verlet_point chain[12];
    (void)sa_verlet_chain_init(chain, 12, sa_v2(0, 0), sa_v2(0, 1), 9.0f);
    sa_verlet_config vc = sa_verlet_config_default();
    sa_fade fade;
    sa_fade_init(&fade, 0);
    const sa_gait walk = sa_gait_walk(), run = sa_gait_run();
    const sa_track_key keys[4] = {{0.0f, 0.0f, SA_EASE_LINEAR},
                                  {0.5f, 3.0f, SA_EASE_SMOOTH},
                                  {1.2f, -2.0f, SA_EASE_OUT_BACK},
                                  {2.0f, 1.0f, SA_EASE_IN_OUT_CUBIC}};
    float target = 0.0f, t = 0.0f;
    sa_vec2 pin = sa_v2(0.0f, 0.0f), target2 = sa_v2(0.0f, 0.0f);
    for (int frame = 0; frame < 3000; ++frame) {
        const float dt = rng_dt(&r);
        t += dt;
        if (rng_chance(&r, 12)) target = rng_in(&r, -100.0f, 100.0f);
        if (rng_chance(&r, 12)) target2 = rng_v2(&r, -50, 50, -50, 50);
        sa_spring1_step(&s1, target, 120.0f, sa_spring_critical_damping(120.0f) * 0.6f, dt);
        sa_spring2_step(&s2, target2, 60.0f, 9.0f, dt);
        hash_f(&s, s1.pos);
        hash_f(&s, s1.vel);
        hash_v2(&s, s2.pos);
        hash_v2(&s, s2.vel);

        pin = sa_v2_add(pin, rng_v2(&r, -3, 3, -3, 3));
        const sa_vec2 wind = rng_v2(&r, 0, 300, -20, 20);
        vc.accel = sa_verlet_hair_accel(wind.x, wind.y);
        sa_verlet_chain_step(chain, 12, pin, &vc, dt);
        sa_verlet_chain_collide_circle(chain, 12, sa_v2(pin.x + 20, pin.y + 40), 15.0f);
        for (size_t i = 0; i < 12; ++i) {
            hash_v2(&s, chain[i].pos);
            hash_v2(&s, sa_verlet_point_velocity(chain[i]));
        }

        if (rng_chance(&r, 10)) sa_fade_switch(&fade, (int32_t)(rng_next(&r) % 5u));
        if (rng_chance(&r, 3)) sa_fade_push(&fade, (int32_t)(rng_next(&r) % 5u));
        sa_fade_step(&fade, 6.0f, dt);
        hash_u(&s, fade.count);
        for (size_t i = 0; i < fade.count; ++i) {
            hash_u(&s, (uint64_t)(int64_t)fade.layers[i].id);
            hash_f(&s, fade.layers[i].weight);
            hash_f(&s, fade.layers[i].time);
        }

        const float speed = rng_in(&r, 0.0f, 400.0f);
        const float k = sa_gait_mix_for_speed(&walk, &run, speed);
        const sa_gait g = sa_gait_mix(&walk, &run, k);
        const float phase = sa_phase_wrap(t * 1.3f);
        const sa_gait_foot foot = sa_gait_sample(&g, phase);
        hash_f(&s, foot.x);
        hash_f(&s, foot.lift);
        hash_u(&s, foot.planted);
        hash_f(&s, sa_gait_hip_offset(&g, phase));
        hash_f(&s, sa_gait_ground_speed(&g));
        hash_f(&s, sa_track_sample(keys, 4, rng_in(&r, -0.5f, 2.5f)));

        const sa_vec2 root = sa_v2(0, 0), goal = rng_v2(&r, -60, 60, -60, 60);
        hash_v2(&s, sa_ik_two_bone(root, goal, 30.0f, 28.0f, 1.0f));
        const sa_ik_result ik = sa_ik_two_bone_ex(root, goal, 30.0f, 28.0f, NULL);
        hash_v2(&s, ik.joint);
        hash_v2(&s, ik.end);
        const sa_squash sq = sa_squash_make(sa_v2(0, 0), rng_in(&r, 0.6f, 1.4f), 1.0f);
        hash_v2(&s, sa_squash_point(sq, goal));
        hash_f(&s, sa_squash_radius_scale(sq));
        const sa_inertial_scalar rec = sa_inertial_scalar_record(1.0f, 2.0f, target, 0.0f);
        hash_f(&s, sa_inertial_scalar_apply(rec, target, 0.1f, rng_in(&r, 0, 0.5f)));
    }
    return s.h;
}

/* ---- the 3D pose pipeline ------------------------------------------------------------------ */

#define JOINTS 7

/* An angle from an integer: k / 64 radians. */
static sa_quat rot(sa_vec3 axis, int k) { return sa_quat_from_axis_angle(axis, (float)k / 64.0f); }

static uint64_t run_pose_pipeline(void) {
    hash s = hash_start();
    rng r = {0x90a5e3d0u};
    /* hips, spine, head; left thigh, shin; right thigh, shin */
    const int32_t parents[JOINTS] = {-1, 0, 1, 0, 3, 0, 5};
    sa_transform rest[JOINTS];
    const sa_vec3 offsets[JOINTS] = {{0, 90, 0},  {0, 20, 0},  {0, 25, 0}, {-10, -5, 0},
                                     {0, -40, 0}, {10, -5, 0}, {0, -40, 0}};
    for (int j = 0; j < JOINTS; ++j)
        rest[j] = sa_transform_make(offsets[j], sa_quat_identity(), sa_v3(1, 1, 1));
    sa_skeleton sk;
    if (sa_skeleton_init(&sk, parents, rest, NULL, JOINTS) != SA_OK) return 0;

    /* Two clips of 24 frames: a swing and a bob, rotations from integer angles. */
    enum { FRAMES = 24 };
    static sa_transform frames_a[FRAMES * JOINTS], frames_b[FRAMES * JOINTS];
    for (int f = 0; f < FRAMES; ++f) {
        const int swing = (f < FRAMES / 2 ? f : FRAMES - f) - FRAMES / 4;
        for (int j = 0; j < JOINTS; ++j) {
            sa_transform a = rest[j], b = rest[j];
            a.rotation = rot(sa_v3(1, 0, 0), swing * (j % 3 + 1));
            b.rotation = rot(sa_v3(0, 0, 1), -swing * (j % 2 + 1));
            b.translation.y = rest[j].translation.y + (float)swing * 0.25f;
            frames_a[f * JOINTS + j] = a;
            frames_b[f * JOINTS + j] = b;
        }
    }
    sa_clip walk, bob;
    if (sa_clip_init(&walk, frames_a, FRAMES, JOINTS, 24.0f, true) != SA_OK) return 0;
    if (sa_clip_init(&bob, frames_b, FRAMES, JOINTS, 30.0f, true) != SA_OK) return 0;

    float upper[JOINTS] = {0};
    (void)sa_skeleton_fill_subtree(&sk, 1, 1.0f, upper, JOINTS);

    /* A skin: two vertices per joint, one and two influences. */
    enum { VERTS = 2 * JOINTS };
    uint16_t vjoint[VERTS * 2];
    float vweight[VERTS * 2], vpos[VERTS * 3], vnorm[VERTS * 3], outp[VERTS * 3], outn[VERTS * 3];
    for (int v = 0; v < VERTS; ++v) {
        vjoint[2 * v] = (uint16_t)(v / 2);
        vjoint[2 * v + 1] = (uint16_t)(parents[v / 2] < 0 ? 0 : parents[v / 2]);
        vweight[2 * v] = v % 2 ? 0.75f : 1.0f;
        vweight[2 * v + 1] = v % 2 ? 0.25f : 0.0f;
        vpos[3 * v] = (float)(v % 3) - 1.0f;
        vpos[3 * v + 1] = (float)v * 10.0f;
        vpos[3 * v + 2] = 0.5f;
        vnorm[3 * v] = 0.0f;
        vnorm[3 * v + 1] = 0.0f;
        vnorm[3 * v + 2] = 1.0f;
    }
    sa_mat4 inverse_bind[JOINTS], model_m[JOINTS], skin_m[JOINTS];
    {
        sa_transform rest_model[JOINTS];
        sa_skeleton_local_to_model_job job = {&sk, rest, NULL, rest_model, JOINTS};
        (void)sa_skeleton_local_to_model_run(&job);
        for (int j = 0; j < JOINTS; ++j)
            inverse_bind[j] = sa_mat4_invert(sa_mat4_from_transform(rest_model[j]));
    }

    sa_transform pa[JOINTS], pb[JOINTS], blended[JOINTS], model[JOINTS], prev[JOINTS];
    memcpy(prev, rest, sizeof prev);
    float time = 0.0f;
    for (int frame = 0; frame < 1200; ++frame) {
        const float dt = rng_dt(&r);
        time += dt;
        (void)sa_clip_sample_time(&walk, time, pa, JOINTS);
        (void)sa_clip_sample_phase(&bob, sa_phase_wrap(time * 0.7f), pb, JOINTS);
        const sa_pose_layer layers[2] = {{pa, 1.0f, NULL}, {pb, rng_in(&r, 0.0f, 1.0f), upper}};
        const sa_pose_blend_job blend = {layers, 2, rest, JOINTS, blended, JOINTS};
        (void)sa_pose_blend_run(&blend);
        sa_transform lerped[JOINTS], diff[JOINTS], offset[JOINTS];
        (void)sa_pose_lerp_masked(blended, prev, rng_in(&r, 0, 1), upper, JOINTS, lerped, JOINTS);
        (void)sa_pose_difference(pb, rest, JOINTS, diff, JOINTS);
        (void)sa_pose_apply_offset(lerped, diff, 0.5f, JOINTS, offset, JOINTS);
        memcpy(prev, offset, sizeof prev);

        const sa_transform root = sa_transform_make(
            sa_v3(time * 10.0f, 0, 0), rot(sa_v3(0, 1, 0), frame % 50), sa_v3(1, 1, 1));
        sa_skeleton_local_to_model_job job = {&sk, offset, &root, model, JOINTS};
        (void)sa_skeleton_local_to_model_run(&job);
        for (int j = 0; j < JOINTS; ++j)
            hash_transform(&s, model[j]);

        /* Leg IK to a seeded target, and one joint alone. */
        const sa_vec2 reach = rng_v2(&r, -20, 20, -5, 30);
        const sa_vec3 knee = sa_ik_two_bone_3d(
            model[3].translation, sa_v3(model[3].translation.x + reach.x, reach.y, 0.0f), 40.0f,
            40.0f, sa_v3(model[3].translation.x, 50.0f, 60.0f));
        hash_v3(&s, knee);
        hash_transform(&s, sa_skeleton_joint_model(&sk, offset, 4));

        (void)sa_skeleton_local_to_model_matrices(&sk, offset, &root, model_m, JOINTS);
        (void)sa_skin_matrices(model_m, JOINTS, NULL, inverse_bind, JOINTS, skin_m, JOINTS);
        for (int j = 0; j < JOINTS; ++j)
            hash_floats(&s, skin_m[j].m, 16);
        sa_skin_job skin = sa_skin_job_default();
        skin.matrices = skin_m;
        skin.matrix_count = JOINTS;
        skin.vertex_count = VERTS;
        skin.influences = 2;
        skin.joint_indices = vjoint;
        skin.joint_weights = vweight;
        skin.in_positions = vpos;
        skin.in_normals = vnorm;
        skin.out_normals = outn;
        skin.out = outp;
        skin.capacity = VERTS * 3;
        hash_u(&s, sa_skin_run(&skin));
        hash_floats(&s, outp, VERTS * 3);
        hash_floats(&s, outn, VERTS * 3);
    }
    return s.h;
}

/* A crowd through sa_figure_update_many(): 23 figures of mixed motions and speeds, one input each
 * (some frames one shared input, in two slices), seeded presses and frame times. */
static uint64_t run_figure_crowd(void) {
    enum { CROWD = 23 };
    hash s = hash_start();
    rng r = {0xc0d0u};
    static sa_figure crowd[CROWD];
    sa_figure_input in[CROWD];
    for (size_t i = 0; i < CROWD; ++i) {
        if (sa_figure_init(&crowd[i], NULL) != SA_OK) return 0;
        in[i] = sa_figure_input_default();
        in[i].motion = (sa_figure_motion)(i % (size_t)SA_FIGURE_MOTION_COUNT_);
        in[i].speed = rng_in(&r, 100.0f, 400.0f);
    }
    for (int frame = 0; frame < 300; ++frame) {
        for (size_t i = 0; i < CROWD; ++i) {
            if (rng_chance(&r, 2))
                in[i].motion = (sa_figure_motion)(rng_next(&r) % (uint32_t)SA_FIGURE_MOTION_COUNT_);
            if (rng_chance(&r, 3)) ++in[i].jump;
            if (rng_chance(&r, 3)) ++in[i].thrust;
        }
        const float dt = rng_dt(&r);
        if (rng_chance(&r, 16)) {
            sa_figure_update_many(crowd, 10, &in[0], 1, dt);
            sa_figure_update_many(crowd + 10, CROWD - 10, &in[1], 1, dt);
        } else {
            sa_figure_update_many(crowd, CROWD, in, CROWD, dt);
        }
        for (size_t i = 0; i < CROWD; ++i) {
            hash_pose(&s, sa_figure_get_pose(&crowd[i]));
            hash_events(&s, &crowd[i]);
        }
    }
    return s.h;
}

/* ---- main --------------------------------------------------------------------------------- */

#define MAX_RUNS 64

typedef struct result {
    char name[48];
    uint64_t h;
} result;

static size_t collect(result *out) {
    size_t n = 0;
    for (int m = 0; m < (int)SA_FIGURE_MOTION_COUNT_ && n < MAX_RUNS - 8; ++m) {
        snprintf(out[n].name, sizeof out[n].name, "figure_%s",
                 sa_figure_motion_name((sa_figure_motion)m));
        for (char *c = out[n].name; *c; ++c)
            if (*c == ' ') *c = '_';
        out[n++].h = run_figure_motion((sa_figure_motion)m);
    }
    snprintf(out[n].name, sizeof out[n].name, "figure_moves");
    out[n++].h = run_figure_moves();
    snprintf(out[n].name, sizeof out[n].name, "figure_body_session");
    out[n++].h = run_figure_body();
    snprintf(out[n].name, sizeof out[n].name, "figure_crowd_batch");
    out[n++].h = run_figure_crowd();
    snprintf(out[n].name, sizeof out[n].name, "mode_machine");
    out[n++].h = run_mode_machine();
    snprintf(out[n].name, sizeof out[n].name, "blend_tree_footsteps");
    out[n++].h = run_blend_tree_footsteps();
    snprintf(out[n].name, sizeof out[n].name, "springs_verlet_fade_gait_track_ik");
    out[n++].h = run_small_controllers();
    snprintf(out[n].name, sizeof out[n].name, "pose_pipeline_3d");
    out[n++].h = run_pose_pipeline();
    return n;
}

int main(int argc, char **argv) {
    result runs[MAX_RUNS];
    const size_t n = collect(runs);
    if (argc == 3 && strcmp(argv[1], "--check") == 0) {
        FILE *f = fopen(argv[2], "r");
        if (!f) {
            fprintf(stderr, "golden: cannot read %s\n", argv[2]);
            return 1;
        }
        char line[160];
        size_t matched = 0, differ = 0, lines = 0;
        while (fgets(line, sizeof line, f)) {
            char name[48];
            unsigned long long h;
            if (line[0] == '#' || sscanf(line, "%47s %llx", name, &h) != 2) continue;
            ++lines;
            for (size_t i = 0; i < n; ++i) {
                if (strcmp(runs[i].name, name) != 0) continue;
                ++matched;
                if (runs[i].h != (uint64_t)h) {
                    ++differ;
                    fprintf(stderr, "golden: %s is %016llx, the golden file says %016llx\n", name,
                            (unsigned long long)runs[i].h, h);
                }
            }
        }
        fclose(f);
        if (differ || matched != n || lines != n) {
            fprintf(stderr,
                    "golden: %zu of %zu runs differ (%zu of the file's %zu lines matched a run); "
                    "if the change is intended, run scripts/golden.sh --update\n",
                    differ, n, matched, lines);
            return 1;
        }
        printf("golden: all %zu runs match %s\n", n, argv[2]);
        return 0;
    }
    for (size_t i = 0; i < n; ++i)
        printf("%s %016llx\n", runs[i].name, (unsigned long long)runs[i].h);
    return 0;
}
