#define _POSIX_C_SOURCE 199309L
#include "bench.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { REPETITIONS = 9 };

/* The library's instruction set: AVX2 when built with SA_AVX2 (bench/CMakeLists.txt says). */
#if defined(SA_BENCH_AVX2)
#define SA_BENCH_ISA      "avx2"
#define SA_BENCH_ISA_TEXT "AVX2 (SA_AVX2)"
#else
#define SA_BENCH_ISA      "baseline"
#define SA_BENCH_ISA_TEXT "the baseline instruction set (SSE2 on x86-64)"
#endif

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

static bool json_output;
static bool json_first = true;

/* The row's name as a JSON string (names are ASCII without quotes or backslashes). */
static void json_row(const char *name, const char *key, double value) {
    printf("%s  {\"name\": \"%s\", \"%s\": %.1f}", json_first ? "" : ",\n", name, key, value);
    json_first = false;
}

void bench_report(const char *name, double ns_per_call) {
    if (json_output) {
        json_row(name, "ns_per_call", ns_per_call);
        return;
    }
    printf("%-56s %10.1f ns/call\n", name, ns_per_call);
}

void bench_report_unit(const char *name, double value, const char *unit, const char *json_key) {
    if (json_output) {
        printf("%s  {\"name\": \"%s\", \"%s\": %.2f}", json_first ? "" : ",\n", name, json_key,
               value);
        json_first = false;
        return;
    }
    printf("%-56s %10.2f %s\n", name, value, unit);
}

void bench_report_size(const char *name, size_t bytes) {
    if (json_output) {
        json_row(name, "bytes", (double)bytes);
        return;
    }
    printf("%-56s %10zu bytes\n", name, bytes);
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

/* Every module's benchmark, in layer order; `stickanim_bench <module>` runs one. */
static const struct {
    const char *name;
    void (*run)(void);
} benches[] = {
    {"ik", bench_ik},
    {"gait", bench_gait},
    {"track", bench_track},
    {"squash", bench_squash},
    {"spring", bench_spring},
    {"verlet", bench_verlet},
    {"fade", bench_fade},
    {"pose", bench_pose},
    {"skin", bench_skin},
    {"blend_tree", bench_blend_tree},
    {"mode_machine", bench_mode_machine},
    {"footsteps", bench_footsteps},
    {"figure", bench_figure},
    {"crowd", bench_crowd},
    {"limb", bench_limb},
    {"sizes", bench_sizes},
};
enum { BENCH_COUNT = sizeof benches / sizeof benches[0] };

int main(int argc, char **argv) {
    const char *only = NULL;
    for (int a = 1; a < argc; ++a) {
        if (strcmp(argv[a], "--json") == 0)
            json_output = true;
        else
            only = argv[a];
    }
    bool found = only == NULL;
    for (size_t i = 0; i < BENCH_COUNT; ++i)
        found = found || strcmp(only, benches[i].name) == 0;
    if (!found) {
        fprintf(stderr, "stickanim_bench: no module '%s'; one of:", only);
        for (size_t i = 0; i < BENCH_COUNT; ++i)
            fprintf(stderr, " %s", benches[i].name);
        fprintf(stderr, "\n");
        return 2;
    }
    if (json_output)
        printf("{\"repetitions\": %d, \"isa\": \"%s\", \"rows\": [\n", REPETITIONS, SA_BENCH_ISA);
    else
        printf("libstickanim benchmark: median of %d repetitions, ns per call; library built for "
               "%s\n",
               REPETITIONS, SA_BENCH_ISA_TEXT);
    for (size_t i = 0; i < BENCH_COUNT; ++i)
        if (only == NULL || strcmp(only, benches[i].name) == 0) benches[i].run();
    if (json_output) printf("\n]}\n");
    return 0;
}
