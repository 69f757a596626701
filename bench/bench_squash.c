#include "bench.h"

#include <stickanim/squash.h>

enum { CASES = 1024, POSE = 16 };

typedef struct squash_inputs {
    sa_vec2 pivot[CASES], pts[CASES];
    float sy[CASES];
    sa_vec2 pose[POSE];
} squash_inputs;

static void fill(squash_inputs *in) {
    /* The jump's range of squash, pivots and joints around a figure on the ground. */
    for (int i = 0; i < CASES; ++i) {
        in->pivot[i] = sa_v2(bench_random(0, 400), bench_random(380, 420));
        in->pts[i] =
            sa_v2(in->pivot[i].x + bench_random(-40, 40), in->pivot[i].y - bench_random(0, 160));
        in->sy[i] = bench_random(0.8f, 1.2f);
    }
    for (int i = 0; i < POSE; ++i)
        in->pose[i] = sa_v2(bench_random(160, 240), bench_random(240, 400));
}

static void run_make(void *ctx, size_t i) {
    const squash_inputs *in = (const squash_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_squash s = sa_squash_make(in->pivot[k], in->sy[k], SA_SQUASH_K);
    bench_sink(&s, sizeof s);
}

static void run_point(void *ctx, size_t i) {
    const squash_inputs *in = (const squash_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_squash s = {in->pivot[k], 1.1f, in->sy[k]};
    const sa_vec2 p = sa_squash_point(s, in->pts[k]);
    bench_sink(&p, sizeof p);
}

static void run_apply_pose(void *ctx, size_t i) {
    squash_inputs *in = (squash_inputs *)ctx;
    const size_t k = i % CASES;
    /* Alternate a squash and its inverse so the pose stays in range. */
    const float sy = (i & 1) ? in->sy[k] : 1.0f / in->sy[k ^ 0u];
    const sa_squash s = {sa_v2(200, 400), 1.0f, sy};
    sa_squash_apply(s, in->pose, POSE);
    bench_sink(&in->pose[POSE - 1], sizeof in->pose[0]);
}

static void run_radius(void *ctx, size_t i) {
    const squash_inputs *in = (const squash_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_squash s = {in->pivot[k], 1.1f, in->sy[k]};
    const float r = sa_squash_radius_scale(s);
    bench_sink(&r, sizeof r);
}

void bench_squash(void) {
    static squash_inputs in;
    fill(&in);
    bench_report("sa_squash_make", bench_run(run_make, &in, 200000));
    bench_report("sa_squash_point", bench_run(run_point, &in, 200000));
    bench_report("sa_squash_apply (16-joint pose)", bench_run(run_apply_pose, &in, 200000));
    bench_report("sa_squash_radius_scale", bench_run(run_radius, &in, 200000));
}
