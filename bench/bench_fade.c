#include "bench.h"

#include <stickanim/fade.h>

enum { CASES = 1024 };

typedef struct fade_inputs {
    sa_fade fade[CASES];
    float rate[CASES], dt[CASES];
    int32_t next[CASES];
} fade_inputs;

/* Fades in every state a game sees: settled, two layers, a full stack after rapid switching. */
static void fill(fade_inputs *in) {
    for (int i = 0; i < CASES; ++i) {
        sa_fade_init(&in->fade[i], 0);
        const int switches = (int)bench_random(0, 10);
        for (int s = 0; s < switches; ++s) {
            sa_fade_switch(&in->fade[i], 1 + s);
            sa_fade_step(&in->fade[i], bench_random(2, 12), bench_random(0.005f, 0.03f));
        }
        in->rate[i] = bench_random(3, 15);
        in->dt[i] = bench_random(1.0f / 144.0f, 1.0f / 30.0f);
        in->next[i] = (int32_t)bench_random(0, 12);
    }
}

static void run_step(void *ctx, size_t i) {
    fade_inputs *in = (fade_inputs *)ctx;
    const size_t k = i % CASES;
    sa_fade f = in->fade[k];
    sa_fade_step(&f, in->rate[k], in->dt[k]);
    const float w = sa_fade_target_layer(&f).weight;
    bench_sink(&w, sizeof w);
}

static void run_switch_step(void *ctx, size_t i) {
    fade_inputs *in = (fade_inputs *)ctx;
    const size_t k = i % CASES;
    sa_fade f = in->fade[k];
    sa_fade_switch(&f, in->next[k]);
    sa_fade_step(&f, in->rate[k], in->dt[k]);
    const float w = sa_fade_target_layer(&f).weight;
    bench_sink(&w, sizeof w);
}

static void run_weight(void *ctx, size_t i) {
    const fade_inputs *in = (const fade_inputs *)ctx;
    const size_t k = i % CASES;
    const float w = sa_fade_weight(&in->fade[k], in->next[k]);
    bench_sink(&w, sizeof w);
}

void bench_fade(void) {
    static fade_inputs in;
    fill(&in);
    bench_report("sa_fade_step (1-8 layers)", bench_run(run_step, &in, 200000));
    bench_report("sa_fade_switch + sa_fade_step", bench_run(run_switch_step, &in, 200000));
    bench_report("sa_fade_weight", bench_run(run_weight, &in, 200000));
}
