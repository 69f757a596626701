#include "bench.h"

#include <stickanim/figure.h>

enum { FIGURES = 64 };

/* A crowd of figures in different motions and moments, so branches and layers vary as in a game. */
typedef struct figure_bench {
    sa_figure fig[FIGURES];
    sa_figure_input in[FIGURES];
} figure_bench;

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

void bench_figure(void) {
    static figure_bench b;
    fill(&b, true);
    bench_report("sa_figure_update (60 fps, mixed motions, hair)",
                 bench_run(run_update, &b, 100000));
    fill(&b, false);
    bench_report("sa_figure_update (60 fps, mixed motions, no hair)",
                 bench_run(run_update, &b, 100000));
}
