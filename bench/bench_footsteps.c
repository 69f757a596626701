#include "bench.h"

#include <stickanim/footsteps.h>

enum { CASES = 1024, EVENTS = 16 };

typedef struct footsteps_inputs {
    sa_clip_touchdown walk[2], run[2];
    sa_footsteps_layer layers[CASES][3];
    float from[CASES], to[CASES], cycles[CASES];
    sa_footsteps_surface under[2];
    sa_footsteps_event events[EVENTS];
} footsteps_inputs;

/* A walk/run/idle blend at 60 fps, phases moving at 0..3 cycles/s, one frame in 32 a spike. */
static void fill(footsteps_inputs *in) {
    in->walk[0].phase = 0.1f, in->walk[0].foot = 0;
    in->walk[1].phase = 0.6f, in->walk[1].foot = 1;
    in->run[0].phase = 0.05f, in->run[0].foot = 0;
    in->run[1].phase = 0.55f, in->run[1].foot = 1;
    in->under[0] = SA_FOOTSTEPS_SURFACE_GRASS;
    in->under[1] = SA_FOOTSTEPS_SURFACE_STONE;
    for (int i = 0; i < CASES; ++i) {
        const float w = bench_random(0, 1);
        in->layers[i][0].touchdowns = NULL;
        in->layers[i][0].touchdown_count = 0;
        in->layers[i][0].weight = 0.0f;
        in->layers[i][1].touchdowns = in->walk;
        in->layers[i][1].touchdown_count = 2;
        in->layers[i][1].weight = 1.0f - w;
        in->layers[i][2].touchdowns = in->run;
        in->layers[i][2].touchdown_count = 2;
        in->layers[i][2].weight = w;
        const float dt = (i % 32 == 0) ? 0.5f : 1.0f / 60.0f;
        in->from[i] = bench_random(0, 1);
        in->cycles[i] = bench_random(0, 3) * dt * ((i & 3) ? 1.0f : -1.0f);
        float t = in->from[i] + in->cycles[i];
        t -= (float)(int)t;
        in->to[i] = t < 0.0f ? t + 1.0f : t;
    }
}

static void run_footsteps(void *ctx, size_t i) {
    footsteps_inputs *in = (footsteps_inputs *)ctx;
    const size_t k = i % CASES;
    sa_footsteps_job j = sa_footsteps_job_default();
    j.phase_from = in->from[k];
    j.phase_to = in->to[k];
    j.cycles = in->cycles[k];
    j.dt = 1.0f / 60.0f;
    j.layers = in->layers[k];
    j.layer_count = 3;
    j.surfaces = in->under;
    j.surface_count = 2;
    j.out = in->events;
    j.capacity = EVENTS;
    const size_t n = sa_footsteps_run(&j);
    bench_sink(&n, sizeof n);
    bench_sink(in->events, sizeof in->events[0]);
}

void bench_footsteps(void) {
    static footsteps_inputs in;
    fill(&in);
    bench_report("sa_footsteps_run (3 layers, 4 markers)", bench_run(run_footsteps, &in, 200000));
}
