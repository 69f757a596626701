#include "bench.h"

#include <stickanim/blend_tree.h>

#include <string.h>

enum { CASES = 1024 };

typedef struct blend_inputs {
    float speed[CASES], dt[CASES];
    sa_blend_tree_loco_config loco;
    sa_blend_tree_space space;
    float phase;
    sa_transform idle[20], clip[20], pose[20];
} blend_inputs;

static void fill(blend_inputs *in) {
    /* Speeds over the whole range a character sees: standing, walking, blending, running. */
    for (int i = 0; i < CASES; ++i) {
        in->speed[i] = bench_random(0.0f, 3.5f);
        in->dt[i] = bench_random(1.0f / 144.0f, 1.0f / 30.0f);
    }
    in->loco = sa_blend_tree_loco_default();
    sa_blend_tree_space_from_loco(&in->space, &in->loco);
    in->phase = 0.0f;
    for (int j = 0; j < 20; ++j) {
        const sa_vec3 axis = sa_v3(bench_random(-1, 1), bench_random(-1, 1), bench_random(-1, 1));
        in->idle[j] = sa_transform_make(sa_v3(0, 0.3f, 0), sa_quat_from_axis_angle(axis, 0.2f),
                                        sa_v3(1, 1, 1));
        in->clip[j] = in->idle[j];
        in->clip[j].rotation = sa_quat_from_axis_angle(axis, bench_random(0.3f, 0.9f));
    }
}

static void run_loco_step(void *ctx, size_t i) {
    blend_inputs *in = (blend_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_blend_tree_loco o =
        sa_blend_tree_loco_step(&in->loco, &in->phase, in->speed[k], in->dt[k]);
    bench_sink(&o, sizeof o);
}

static void run_space_step(void *ctx, size_t i) {
    blend_inputs *in = (blend_inputs *)ctx;
    const size_t k = i % CASES;
    float w[3];
    const sa_blend_tree_frame f =
        sa_blend_tree_space_step(&in->space, &in->phase, in->speed[k], in->dt[k], w, 3);
    bench_sink(&f, sizeof f);
    bench_sink(w, sizeof w);
}

static void run_phase_advance(void *ctx, size_t i) {
    blend_inputs *in = (blend_inputs *)ctx;
    const size_t k = i % CASES;
    in->phase = sa_blend_tree_phase_advance(in->phase, in->speed[k] * in->dt[k]);
    bench_sink(&in->phase, sizeof in->phase);
}

static void run_stretch(void *ctx, size_t i) {
    blend_inputs *in = (blend_inputs *)ctx;
    static const int32_t limbs[4] = {2, 3, 12, 16}; /* two thighs, two upper arms */
    memcpy(in->pose, in->clip, sizeof in->pose);
    sa_blend_tree_stretch(in->idle, in->pose, 20, limbs, 4, 1.0f + in->speed[i % CASES] * 0.2f);
    for (int k = 0; k < 4; ++k)
        bench_sink(&in->pose[limbs[k]].rotation, sizeof(sa_quat));
}

void bench_blend_tree(void) {
    static blend_inputs in;
    fill(&in);
    bench_report("sa_blend_tree_loco_step", bench_run(run_loco_step, &in, 200000));
    bench_report("sa_blend_tree_space_step (4 points, 3 clips)",
                 bench_run(run_space_step, &in, 200000));
    bench_report("sa_blend_tree_phase_advance", bench_run(run_phase_advance, &in, 200000));
    bench_report("sa_blend_tree_stretch (4 of 20 joints)", bench_run(run_stretch, &in, 200000));
}
