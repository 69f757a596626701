#include "bench.h"

#include <stdio.h>

#include <stickanim/figure.h>

enum { FIGURES = 64 };

/* A crowd of figures in different motions and moments, so branches and layers vary as in a game. */
typedef struct figure_bench {
    sa_figure fig[FIGURES];
    sa_figure_input in[FIGURES];
    float dt[FIGURES]; /* a game's measured frame times (run_measured_dt) */
} figure_bench;

/* The game's body of figure i running on flat ground at its input's speed (run_body). */
static void move_body(sa_figure_input *in, float dt) {
    in->body.position.x += in->body.velocity.x * dt;
}

/* Every motion, by its value: figure i asks for motion i % SA_FIGURE_MOTION_COUNT_. */
static sa_figure_motion motion_of(int i) {
    return (sa_figure_motion)(i % (int)SA_FIGURE_MOTION_COUNT_);
}

static void fill(figure_bench *b, bool hair) {
    sa_figure_config cfg = sa_figure_config_default();
    cfg.hair = hair;
    for (int i = 0; i < FIGURES; ++i) {
        sa_figure_init(&b->fig[i], &cfg);
        b->in[i] = sa_figure_input_default();
        b->in[i].motion = motion_of(i);
        b->in[i].speed = bench_random(110, 380);
        /* Spread them over their cycles, a few of them mid-fade. */
        const int warm = 20 + (int)bench_random(0, 300);
        for (int f = 0; f < warm; ++f)
            sa_figure_update(&b->fig[i], &b->in[i], 1.0f / 60.0f);
        if (i % 5 == 0) b->in[i].motion = motion_of(i + 3);
    }
}

static void run_update(void *ctx, size_t i) {
    figure_bench *b = (figure_bench *)ctx;
    const size_t k = i % FIGURES;
    sa_figure_update(&b->fig[k], &b->in[k], 1.0f / 60.0f);
    bench_sink(&b->fig[k].pose.joints[0], sizeof(sa_vec2));
}

/* A frame time as a game measures it at 60 fps: 1/60 s within 0.2 ms either way, one for all
 * figures each frame (a crowd of FIGURES updates). Off the 1/120 s moments the frame holds one
 * more moment and carries its end: what most real frames cost, where run_update's exact 1/60 s
 * is the best case. */
static void fill_measured_dt(figure_bench *b) {
    for (int f = 0; f < FIGURES; ++f)
        b->dt[f] = 1.0f / 60.0f + bench_random(-0.0002f, 0.0002f);
}

static void run_measured_dt(void *ctx, size_t i) {
    figure_bench *b = (figure_bench *)ctx;
    const size_t k = i % FIGURES;
    sa_figure_update(&b->fig[k], &b->in[k], b->dt[(i / FIGURES) % FIGURES]);
    bench_sink(&b->fig[k].pose.joints[0], sizeof(sa_vec2));
}

/* A sword swing as a motion definition (an upper-body layer of 6 tracks, as a game's own move
 * would be): every figure runs and plays it over and over. */
static const sa_track_key SWING_ARM[] = {{0.0f, 0.5f, SA_EASE_SMOOTH},
                                         {0.3f, 2.3f, SA_EASE_OUT_CUBIC},
                                         {0.5f, 1.1f, SA_EASE_SMOOTH},
                                         {1.0f, 0.5f, SA_EASE_SMOOTH}};
static const sa_track_key SWING_FLEX[] = {{0.0f, 1.3f, SA_EASE_SMOOTH},
                                          {0.3f, 1.2f, SA_EASE_OUT_CUBIC},
                                          {0.5f, 0.1f, SA_EASE_SMOOTH},
                                          {1.0f, 1.3f, SA_EASE_SMOOTH}};
static const sa_track_key SWING_ONE[] = {{0.0f, 1.0f, SA_EASE_SMOOTH}};
static const sa_figure_move_track SWING_TRACKS[] = {
    {SA_FIGURE_PARAM_ARM_ANGLE_NEAR, SWING_ARM, 4}, {SA_FIGURE_PARAM_ARM_FLEX_NEAR, SWING_FLEX, 4},
    {SA_FIGURE_PARAM_LEAN, SWING_FLEX, 4},          {SA_FIGURE_PARAM_HEAD_TILT, SWING_FLEX, 4},
    {SA_FIGURE_PARAM_BLADE, SWING_ONE, 1},          {SA_FIGURE_PARAM_BLADE_ANGLE, SWING_ARM, 4}};
static const sa_figure_move_event SWING_HIT[] = {{"hit", 0.5f}};
static const sa_figure_move SWING = {"swing",
                                     SWING_TRACKS,
                                     6,
                                     SWING_HIT,
                                     1,
                                     0.8f,
                                     false,
                                     false,
                                     SA_FIGURE_PART_SPINE | SA_FIGURE_PART_HEAD |
                                         SA_FIGURE_PART_ARM_NEAR | SA_FIGURE_PART_PROP,
                                     0.1f,
                                     0.2f,
                                     0.0f};

static void fill_swinging(figure_bench *b) {
    for (int i = 0; i < FIGURES; ++i) {
        sa_figure_init(&b->fig[i], NULL);
        (void)sa_figure_set_moves(&b->fig[i], &SWING, 1, NULL);
        b->in[i] = sa_figure_input_default();
        b->in[i].motion = SA_FIGURE_MOTION_RUN;
        b->in[i].move = SA_FIGURE_MOTION_MOVE(0);
        const int warm = 20 + (int)bench_random(0, 300);
        for (int f = 0; f < warm; ++f) {
            ++b->in[i].move_counter; /* a press each frame: a new swing as soon as one ends */
            sa_figure_update(&b->fig[i], &b->in[i], 1.0f / 60.0f);
        }
    }
}

static void run_swinging(void *ctx, size_t i) {
    figure_bench *b = (figure_bench *)ctx;
    const size_t k = i % FIGURES;
    ++b->in[k].move_counter;
    sa_figure_update(&b->fig[k], &b->in[k], 1.0f / 60.0f);
    bench_sink(&b->fig[k].pose.joints[0], sizeof(sa_vec2));
}
/* FIGURES figures all in one motion, spread over its cycle (no fades once warm). */
static void fill_motion(figure_bench *b, sa_figure_motion motion, bool hair) {
    sa_figure_config cfg = sa_figure_config_default();
    cfg.hair = hair;
    for (int i = 0; i < FIGURES; ++i) {
        sa_figure_init(&b->fig[i], &cfg);
        b->in[i] = sa_figure_input_default();
        b->in[i].motion = motion;
        b->in[i].speed = bench_random(110, 380);
        const int warm = 60 + (int)bench_random(0, 300);
        for (int f = 0; f < warm; ++f)
            sa_figure_update(&b->fig[i], &b->in[i], 1.0f / 60.0f);
    }
}

/* FIGURES figures driven by a game's body on flat ground (sa_figure_input::body), walking,
 * running and locomoting at their speeds: what a figure in a game world costs, its modes, ground
 * probes and the body's easing included. */
static void fill_body(figure_bench *b) {
    static const sa_figure_motion moving[] = {SA_FIGURE_MOTION_WALK, SA_FIGURE_MOTION_RUN,
                                              SA_FIGURE_MOTION_LOCOMOTE};
    sa_figure_config cfg = sa_figure_config_default();
    for (int i = 0; i < FIGURES; ++i) {
        sa_figure_init(&b->fig[i], &cfg);
        sa_figure_input *in = &b->in[i];
        *in = sa_figure_input_default();
        in->motion = moving[i % 3];
        in->speed = bench_random(110, 380);
        in->body.active = true;
        in->body.grounded = true;
        in->body.velocity = sa_v2(in->speed, 0.0f);
        const int warm = 60 + (int)bench_random(0, 300);
        for (int f = 0; f < warm; ++f) {
            move_body(in, 1.0f / 60.0f);
            sa_figure_update(&b->fig[i], in, 1.0f / 60.0f);
        }
    }
}

static void run_body(void *ctx, size_t i) {
    figure_bench *b = (figure_bench *)ctx;
    const size_t k = i % FIGURES;
    move_body(&b->in[k], 1.0f / 60.0f);
    sa_figure_update(&b->fig[k], &b->in[k], 1.0f / 60.0f);
    bench_sink(&b->fig[k].pose.joints[0], sizeof(sa_vec2));
}

static const char *const motion_names[SA_FIGURE_MOTION_COUNT_] = {
    "idle", "walk", "run", "locomote", "throw", "jump", "spear_form", "spear_run", "wave"};

void bench_figure(void) {
    static figure_bench b;
    fill(&b, true);
    bench_report("sa_figure_update (60 fps, mixed motions, hair)",
                 bench_run(run_update, &b, 100000));
    fill(&b, false);
    bench_report("sa_figure_update (60 fps, mixed motions, no hair)",
                 bench_run(run_update, &b, 100000));
    fill_measured_dt(&b);
    fill(&b, true);
    bench_report("sa_figure_update (60 fps +- 0.2 ms, mixed, hair)",
                 bench_run(run_measured_dt, &b, 100000));
    fill(&b, false);
    bench_report("sa_figure_update (60 fps +- 0.2 ms, mixed, no hair)",
                 bench_run(run_measured_dt, &b, 100000));
    fill_swinging(&b);
    bench_report("sa_figure_update (60 fps, run + a sword layer, hair)",
                 bench_run(run_swinging, &b, 100000));
    fill_body(&b);
    bench_report("sa_figure_update (60 fps, a game's body moving, hair)",
                 bench_run(run_body, &b, 100000));
    for (int m = 0; m < (int)SA_FIGURE_MOTION_COUNT_; ++m) {
        for (int hair = 1; hair >= 0; --hair) {
            char name[96];
            snprintf(name, sizeof name, "sa_figure_update (%s, %s)", motion_names[m],
                     hair ? "hair" : "no hair");
            fill_motion(&b, (sa_figure_motion)m, hair != 0);
            bench_report(name, bench_run(run_update, &b, 30000));
        }
    }
}
