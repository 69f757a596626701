#define _POSIX_C_SOURCE 199309L
#include "bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REPETITIONS = 9 };

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_run(bench_fn fn, void *ctx, size_t calls) {
    double samples[REPETITIONS];
    for (size_t i = 0; i < calls / 4 + 1; ++i)
        fn(ctx, i); /* warm up */
    for (int r = 0; r < REPETITIONS; ++r) {
        const double t0 = now_ns();
        for (size_t i = 0; i < calls; ++i)
            fn(ctx, i);
        samples[r] = (now_ns() - t0) / (double)calls;
    }
    qsort(samples, REPETITIONS, sizeof samples[0], compare_doubles);
    return samples[REPETITIONS / 2];
}

void bench_report(const char *name, double ns_per_call) {
    printf("%-48s %10.1f ns/call\n", name, ns_per_call);
}

static volatile unsigned char sink_byte;
void bench_sink(const void *p, size_t size) {
    const unsigned char *b = (const unsigned char *)p;
    unsigned char acc = 0;
    for (size_t i = 0; i < size; ++i)
        acc ^= b[i];
    sink_byte ^= acc;
}

float bench_random(float lo, float hi) {
    static uint32_t state = 0x2545F491u;
    state ^= state << 13;
    state ^= state >> 17;
    state ^= state << 5;
    return lo + (hi - lo) * (float)(state >> 8) * (1.0f / 16777216.0f);
}

int main(int argc, char **argv) {
    const char *only = argc > 1 ? argv[1] : NULL;
    printf("libstickanim benchmark: median of %d repetitions, ns per call\n", REPETITIONS);
#define RUN(m)                                                                                     \
    if (!only || strcmp(only, #m) == 0) bench_##m()
#ifdef SA_BENCH_HAVE_IK
    RUN(ik);
#endif
#ifdef SA_BENCH_HAVE_GAIT
    RUN(gait);
#endif
#ifdef SA_BENCH_HAVE_TRACK
    RUN(track);
#endif
#ifdef SA_BENCH_HAVE_SQUASH
    RUN(squash);
#endif
#ifdef SA_BENCH_HAVE_SPRING
    RUN(spring);
#endif
#ifdef SA_BENCH_HAVE_VERLET
    RUN(verlet);
#endif
#ifdef SA_BENCH_HAVE_FADE
    RUN(fade);
#endif
#ifdef SA_BENCH_HAVE_POSE
    RUN(pose);
#endif
#ifdef SA_BENCH_HAVE_BLEND_TREE
    RUN(blend_tree);
#endif
#ifdef SA_BENCH_HAVE_MODE_MACHINE
    RUN(mode_machine);
#endif
#ifdef SA_BENCH_HAVE_FOOTSTEPS
    RUN(footsteps);
#endif
#ifdef SA_BENCH_HAVE_FIGURE
    RUN(figure);
#endif
#ifdef SA_BENCH_HAVE_LIMB
    RUN(limb);
#endif
#undef RUN
    return 0;
}
