#include "bench.h"

#include <math.h>

#include <stickanim/verlet.h>

enum { CASES = 1024, LONG_CHAIN = 16 };

typedef struct verlet_inputs {
    sa_vec2 pin[CASES];
    float speed[CASES];
    sa_verlet_point hair[SA_VERLET_HAIR_POINTS], reference[SA_VERLET_HAIR_POINTS],
        chain[LONG_CHAIN];
} verlet_inputs;

static void fill(verlet_inputs *in) {
    /* The back of a running head: a sway and a bob, with speeds from a walk to a run. */
    for (int i = 0; i < CASES; ++i) {
        const float t = (float)i / 60.0f;
        in->pin[i] = sa_v2(6.0f * sinf(7.5f * t), -100.0f + 4.0f * sinf(15.7f * t));
        in->speed[i] = bench_random(100, 400);
    }
    sa_verlet_chain_init(in->hair, SA_VERLET_HAIR_POINTS, in->pin[0], sa_v2(0, 1), 9);
    sa_verlet_chain_init(in->reference, SA_VERLET_HAIR_POINTS, in->pin[0], sa_v2(0, 1), 9);
    sa_verlet_chain_init(in->chain, LONG_CHAIN, in->pin[0], sa_v2(0, 1), 9);
}

static void step(verlet_inputs *in, sa_verlet_point *pts, size_t n, size_t i, float dt) {
    const size_t k = i % CASES;
    sa_verlet_config p = sa_verlet_config_default();
    p.accel = sa_verlet_hair_accel(in->speed[k], 0);
    sa_verlet_chain_step(pts, n, in->pin[k], &p, dt);
    bench_sink(&pts[n - 1], sizeof pts[0]);
}

static void run_hair_60(void *ctx, size_t i) {
    verlet_inputs *in = (verlet_inputs *)ctx;
    step(in, in->hair, SA_VERLET_HAIR_POINTS, i, 1.0f / 60);
}

static void run_hair_144(void *ctx, size_t i) {
    verlet_inputs *in = (verlet_inputs *)ctx;
    step(in, in->hair, SA_VERLET_HAIR_POINTS, i, 1.0f / 144);
}

static void run_hair_30(void *ctx, size_t i) {
    verlet_inputs *in = (verlet_inputs *)ctx;
    step(in, in->hair, SA_VERLET_HAIR_POINTS, i, 1.0f / 30);
}

static void run_chain_60(void *ctx, size_t i) {
    verlet_inputs *in = (verlet_inputs *)ctx;
    step(in, in->chain, LONG_CHAIN, i, 1.0f / 60);
}

static void run_hitch(void *ctx, size_t i) {
    verlet_inputs *in = (verlet_inputs *)ctx;
    step(in, in->hair, SA_VERLET_HAIR_POINTS, i, 1.0f);
}

/* The reference's per-frame update as its JavaScript reads, for comparison only (60 fps only). */
static void run_reference(void *ctx, size_t i) {
    verlet_inputs *in = (verlet_inputs *)ctx;
    const size_t k = i % CASES;
    sa_verlet_point *s = in->reference;
    const float dt = 1.0f / 60, wind = -0.07f * in->speed[k], g = 14.0f;
    for (int j = 1; j < SA_VERLET_HAIR_POINTS; ++j) {
        const float vx = (s[j].pos.x - s[j].prev.x) * 0.86f,
                    vy = (s[j].pos.y - s[j].prev.y) * 0.86f;
        s[j].prev = s[j].pos;
        s[j].pos.x += vx + wind * dt * dt * 60;
        s[j].pos.y += vy + g * dt * dt * 60;
    }
    s[0].pos = in->pin[k];
    for (int it = 0; it < 6; ++it) {
        for (int j = 1; j < SA_VERLET_HAIR_POINTS; ++j) {
            const float dx = s[j].pos.x - s[j - 1].pos.x, dy = s[j].pos.y - s[j - 1].pos.y;
            const float d = sqrtf(dx * dx + dy * dy), diff = (d - 9) / d;
            if (j == 1) {
                s[j].pos.x -= dx * diff;
                s[j].pos.y -= dy * diff;
            } else {
                s[j - 1].pos.x += dx * diff * 0.5f;
                s[j - 1].pos.y += dy * diff * 0.5f;
                s[j].pos.x -= dx * diff * 0.5f;
                s[j].pos.y -= dy * diff * 0.5f;
            }
        }
    }
    bench_sink(&s[SA_VERLET_HAIR_POINTS - 1], sizeof s[0]);
}

void bench_verlet(void) {
    static verlet_inputs in;
    fill(&in);
    bench_report("sa_verlet_chain_step (hair, 4 pts, 60 fps)", bench_run(run_hair_60, &in, 100000));
    bench_report("sa_verlet_chain_step (hair, 144 fps)", bench_run(run_hair_144, &in, 100000));
    bench_report("sa_verlet_chain_step (hair, 30 fps: 2 steps)",
                 bench_run(run_hair_30, &in, 100000));
    bench_report("sa_verlet_chain_step (16 pts, 60 fps)", bench_run(run_chain_60, &in, 50000));
    bench_report("sa_verlet_chain_step (hair, 1 s hitch: 60 steps)",
                 bench_run(run_hitch, &in, 5000));
    bench_report("  (the reference's per-frame update, for comparison)",
                 bench_run(run_reference, &in, 100000));
}
