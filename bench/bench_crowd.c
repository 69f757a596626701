/* The crowd: sa_figure_update_many() over 1, 10, 100, 10 000 and 100 000 figures of mixed motions
 * (hair on, 60 fps), in ns per figure, and over two threads (disjoint halves of the same arrays,
 * a persistent worker and the main thread meeting at a barrier each frame) with the speed-up. */
#define _POSIX_C_SOURCE 200112L
#include "bench.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stickanim/figure.h>

#if SA_BENCH_THREADS
#include <pthread.h>
#endif

enum { TEMPLATES = 256, LARGEST = 100000, UPDATES_PER_REPETITION = 100000 };

typedef struct crowd {
    sa_figure *fig;
    sa_figure_input *in;
    size_t count;
} crowd;

/* TEMPLATES figures of every motion at different moments of their cycles (some mid-fade),
 * copied over the crowd: cheap to set up for 100 000, and as varied as bench_figure.c's. */
static void fill(crowd *c, size_t count) {
    static sa_figure tmpl[TEMPLATES];
    static sa_figure_input tmpl_in[TEMPLATES];
    static bool done;
    if (!done) {
        sa_figure_config cfg = sa_figure_config_default();
        cfg.hair = true;
        for (size_t i = 0; i < TEMPLATES; ++i) {
            sa_figure_init(&tmpl[i], &cfg);
            tmpl_in[i] = sa_figure_input_default();
            tmpl_in[i].motion = (sa_figure_motion)(i % (size_t)SA_FIGURE_MOTION_COUNT_);
            tmpl_in[i].speed = bench_random(110, 380);
            const int warm = 20 + (int)bench_random(0, 300);
            for (int f = 0; f < warm; ++f)
                sa_figure_update(&tmpl[i], &tmpl_in[i], 1.0f / 60.0f);
            if (i % 5 == 0)
                tmpl_in[i].motion = (sa_figure_motion)((i + 3) % (size_t)SA_FIGURE_MOTION_COUNT_);
        }
        done = true;
    }
    for (size_t i = 0; i < count; ++i) {
        memcpy(&c->fig[i], &tmpl[i % TEMPLATES], sizeof c->fig[i]);
        c->in[i] = tmpl_in[i % TEMPLATES];
    }
    c->count = count;
}

static void run_one_thread(void *ctx, size_t i) {
    (void)i;
    crowd *c = (crowd *)ctx;
    sa_figure_update_many(c->fig, c->count, c->in, c->count, 1.0f / 60.0f);
    bench_sink(&c->fig[c->count - 1].pose.joints[0], sizeof(sa_vec2));
}

/* ns per figure of a call over the whole crowd, about UPDATES_PER_REPETITION updates a
 * repetition. */
static double per_figure(bench_fn fn, crowd *c) {
    const size_t calls = c->count < UPDATES_PER_REPETITION ? UPDATES_PER_REPETITION / c->count : 1;
    return bench_run(fn, c, calls) / (double)c->count;
}

#if SA_BENCH_THREADS
/* The second thread: each frame it updates the crowd's second half while the main thread
 * updates the first, between two barriers. */
typedef struct pair {
    crowd *c;
    pthread_barrier_t start, end;
    bool quit;
} pair;

static pair the_pair;

static void *second_half(void *arg) {
    pair *p = (pair *)arg;
    for (;;) {
        pthread_barrier_wait(&p->start);
        if (p->quit) return NULL;
        const size_t half = p->c->count / 2;
        sa_figure_update_many(p->c->fig + half, p->c->count - half, p->c->in + half,
                              p->c->count - half, 1.0f / 60.0f);
        pthread_barrier_wait(&p->end);
    }
}

static void run_two_threads(void *ctx, size_t i) {
    (void)i;
    crowd *c = (crowd *)ctx;
    pthread_barrier_wait(&the_pair.start);
    const size_t half = c->count / 2;
    sa_figure_update_many(c->fig, half, c->in, half, 1.0f / 60.0f);
    pthread_barrier_wait(&the_pair.end);
    bench_sink(&c->fig[c->count - 1].pose.joints[0], sizeof(sa_vec2));
}

static bool start_pair(crowd *c, pthread_t *id) {
    the_pair.c = c;
    the_pair.quit = false;
    if (pthread_barrier_init(&the_pair.start, NULL, 2) != 0) return false;
    if (pthread_barrier_init(&the_pair.end, NULL, 2) != 0) return false;
    return pthread_create(id, NULL, second_half, &the_pair) == 0;
}

static void stop_pair(pthread_t id) {
    the_pair.quit = true;
    pthread_barrier_wait(&the_pair.start);
    pthread_join(id, NULL);
    pthread_barrier_destroy(&the_pair.start);
    pthread_barrier_destroy(&the_pair.end);
}
#endif

/* The arrays for `want` figures, or fewer (halving) when the memory is not there. */
static size_t allocate(crowd *c, size_t want) {
    for (size_t n = want; n > 0; n /= 2) {
        c->fig = (sa_figure *)malloc(n * sizeof(sa_figure));
        c->in = (sa_figure_input *)malloc(n * sizeof(sa_figure_input));
        if (c->fig && c->in) {
            if (n < want)
                fprintf(stderr,
                        "bench crowd: no memory for %zu figures (%zu bytes each); measuring %zu\n",
                        want, sizeof(sa_figure), n);
            return n;
        }
        free(c->fig);
        free(c->in);
    }
    c->fig = NULL;
    c->in = NULL;
    return 0;
}

void bench_crowd(void) {
    crowd c;
    const size_t most = allocate(&c, LARGEST);
    if (most == 0) {
        fprintf(stderr, "bench crowd: no memory for a crowd; skipped\n");
        return;
    }
    bench_report_size("a crowd of 100000 sa_figure", (size_t)LARGEST * sizeof(sa_figure));
    static const size_t sizes[] = {1, 10, 100, 10000, LARGEST};
    enum { SIZES = sizeof sizes / sizeof sizes[0] };
    char name[96];
    double one_thread[SIZES] = {0};
    for (size_t k = 0; k < SIZES; ++k) {
        const size_t n = sizes[k] < most ? sizes[k] : most;
        fill(&c, n);
        one_thread[k] = per_figure(run_one_thread, &c);
        snprintf(name, sizeof name, "sa_figure_update_many, %zu figures (mixed, hair)", n);
        bench_report_unit(name, one_thread[k], "ns/figure", "ns_per_figure");
    }
#if SA_BENCH_THREADS
    for (size_t k = SIZES - 2; k < SIZES; ++k) { /* (10 000 and 100 000) */
        const size_t n = sizes[k] < most ? sizes[k] : most;
        fill(&c, n);
        pthread_t id;
        if (!start_pair(&c, &id)) {
            fprintf(stderr, "bench crowd: cannot start a second thread; skipped\n");
            break;
        }
        const double two = per_figure(run_two_threads, &c);
        stop_pair(id);
        snprintf(name, sizeof name, "sa_figure_update_many, %zu figures, 2 threads", n);
        bench_report_unit(name, two, "ns/figure", "ns_per_figure");
        snprintf(name, sizeof name, "speed-up of 2 threads, %zu figures", n);
        bench_report_unit(name, one_thread[k] / two, "x", "speedup");
    }
#endif
    free(c.fig);
    free(c.in);
}
