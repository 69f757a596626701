#include "bench.h"

#include <stickanim/gait.h>

enum { CASES = 1024 };

typedef struct gait_inputs {
    sa_gait walk, run;
    sa_gait gait[CASES]; /* walk -> run mixes, as a figure easing between them sees */
    float phase[CASES], blend[CASES], speed[CASES], dt[CASES];
} gait_inputs;

static void fill(gait_inputs *in) {
    in->walk = sa_gait_walk();
    in->run = sa_gait_run();
    const float v0 = sa_gait_ground_speed(&in->walk), v1 = sa_gait_ground_speed(&in->run);
    for (int i = 0; i < CASES; ++i) {
        in->blend[i] = bench_random(0, 1);
        in->gait[i] = sa_gait_mix(&in->walk, &in->run, in->blend[i]);
        in->phase[i] = bench_random(-2, 3); /* wrapping included */
        in->speed[i] = bench_random(v0 - 20, v1 + 20);
        in->dt[i] = bench_random(1.0f / 144.0f, 1.0f / 30.0f);
    }
}

static void run_sample(void *ctx, size_t i) {
    const gait_inputs *in = (const gait_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_gait_foot f = sa_gait_sample(&in->gait[k], in->phase[k]);
    bench_sink(&f, sizeof f);
}

static void run_hip_offset(void *ctx, size_t i) {
    const gait_inputs *in = (const gait_inputs *)ctx;
    const size_t k = i % CASES;
    const float o = sa_gait_hip_offset(&in->gait[k], in->phase[k]);
    bench_sink(&o, sizeof o);
}

static void run_ground_speed(void *ctx, size_t i) {
    const gait_inputs *in = (const gait_inputs *)ctx;
    const float v = sa_gait_ground_speed(&in->gait[i % CASES]);
    bench_sink(&v, sizeof v);
}

static void run_mix(void *ctx, size_t i) {
    const gait_inputs *in = (const gait_inputs *)ctx;
    const sa_gait g = sa_gait_mix(&in->walk, &in->run, in->blend[i % CASES]);
    bench_sink(&g, sizeof g);
}

static void run_advance(void *ctx, size_t i) {
    const gait_inputs *in = (const gait_inputs *)ctx;
    const size_t k = i % CASES;
    const float p = sa_phase_advance(in->phase[k], in->gait[k].cadence * in->dt[k]);
    bench_sink(&p, sizeof p);
}

static void run_mix_for_speed(void *ctx, size_t i) {
    const gait_inputs *in = (const gait_inputs *)ctx;
    const float t = sa_gait_mix_for_speed(&in->walk, &in->run, in->speed[i % CASES]);
    bench_sink(&t, sizeof t);
}

/* Everything a running figure asks of the gait module each frame. */
static void run_frame(void *ctx, size_t i) {
    const gait_inputs *in = (const gait_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_gait g = sa_gait_mix(&in->walk, &in->run, in->blend[k]);
    const float p = sa_phase_advance(in->phase[k], g.cadence * in->dt[k]);
    const sa_gait_foot near = sa_gait_sample(&g, p), far = sa_gait_sample(&g, p + 0.5f);
    const float out[4] = {near.x + far.x, near.lift + far.lift, sa_gait_hip_offset(&g, p),
                          sa_gait_ground_speed(&g)};
    bench_sink(out, sizeof out);
}

void bench_gait(void) {
    static gait_inputs in;
    fill(&in);
    bench_report("sa_gait_sample", bench_run(run_sample, &in, 200000));
    bench_report("sa_gait_hip_offset", bench_run(run_hip_offset, &in, 200000));
    bench_report("sa_gait_ground_speed", bench_run(run_ground_speed, &in, 200000));
    bench_report("sa_gait_mix", bench_run(run_mix, &in, 200000));
    bench_report("sa_phase_advance (gait cadence)", bench_run(run_advance, &in, 200000));
    bench_report("sa_gait_mix_for_speed", bench_run(run_mix_for_speed, &in, 200000));
    bench_report("gait frame (mix, advance, 2 feet, hip, speed)",
                 bench_run(run_frame, &in, 200000));
}
