#include "bench.h"

#include <stickanim/limb.h>

enum { CASES = 1024, OUT = 256 };

typedef struct limb_inputs {
    sa_vec2 root[CASES], middle[CASES], tip[CASES];
    sa_limb_config config;
    sa_vec2 out[OUT];
} limb_inputs;

static void fill(limb_inputs *in) {
    /* Legs and arms of a figure in motion: bones of 25-37 units bent by varied angles. */
    for (int i = 0; i < CASES; ++i) {
        in->root[i] = sa_v2(bench_random(-50, 50), bench_random(-50, 50));
        in->middle[i] =
            sa_v2(in->root[i].x + bench_random(-30, 30), in->root[i].y + bench_random(10, 37));
        in->tip[i] =
            sa_v2(in->middle[i].x + bench_random(-30, 30), in->middle[i].y + bench_random(-10, 37));
    }
    in->config = sa_limb_config_default();
}

static void run_outline(void *ctx, size_t i) {
    limb_inputs *in = (limb_inputs *)ctx;
    const size_t k = i % CASES;
    const size_t n =
        sa_limb_outline(in->root[k], in->middle[k], in->tip[k], &in->config, in->out, OUT);
    bench_sink(&in->out[n / 2], sizeof in->out[0]);
}

static void run_curve_point(void *ctx, size_t i) {
    const limb_inputs *in = (const limb_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_vec2 p = sa_limb_curve_point(in->root[k], in->middle[k], in->tip[k],
                                          (float)(i & 63) * (1.0f / 63.0f));
    bench_sink(&p, sizeof p);
}

void bench_limb(void) {
    static limb_inputs in;
    fill(&in);
    bench_report("sa_limb_outline (default: 47 points)", bench_run(run_outline, &in, 50000));
    in.config.bone_samples = 16;
    in.config.cap_samples = 10;
    bench_report("sa_limb_outline (16 per bone, 10 per cap: 87)",
                 bench_run(run_outline, &in, 50000));
    bench_report("sa_limb_curve_point", bench_run(run_curve_point, &in, 200000));
}
