#include "bench.h"

#include <stickanim/blend_tree.h>

enum { CASES = 1024 };

typedef struct blend_inputs {
    float speed[CASES], dt[CASES];
    sa_blend_tree_loco_config loco;
    sa_blend_tree_space space;
    float phase;
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

void bench_blend_tree(void) {
    static blend_inputs in;
    fill(&in);
    bench_report("sa_blend_tree_loco_step", bench_run(run_loco_step, &in, 200000));
    bench_report("sa_blend_tree_space_step (4 points, 3 clips)",
                 bench_run(run_space_step, &in, 200000));
    bench_report("sa_blend_tree_phase_advance", bench_run(run_phase_advance, &in, 200000));
}
