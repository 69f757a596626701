#include "bench.h"

#include <stickanim/track.h>

enum { CASES = 1024, LONG_KEYS = 256, FORM_KEYS = 18, FORM_CH = 8 };

typedef struct waypoint {
    float t;
    float ch[FORM_CH];
    sa_ease ease;
} waypoint;

typedef struct track_inputs {
    sa_track_key jump[8];
    sa_track_key long_track[LONG_KEYS];
    float form_times[FORM_KEYS], form_values[FORM_KEYS * FORM_CH];
    sa_ease form_eases[FORM_KEYS];
    waypoint form_aos[FORM_KEYS];
    sa_track_multi packed, strided;
    float t[CASES];
} track_inputs;

static void fill(track_inputs *in) {
    static const sa_track_key jump[8] = {
        {0.00f, 0, SA_EASE_OUT_CUBIC},  {0.20f, 10, SA_EASE_OUT_CUBIC},
        {0.32f, -6, SA_EASE_OUT_CUBIC}, {0.50f, -160, SA_EASE_IN_CUBIC},
        {0.68f, -70, SA_EASE_IN_CUBIC}, {0.82f, 4, SA_EASE_IN_CUBIC},
        {0.90f, -2, SA_EASE_IN_CUBIC},  {1.00f, 0, SA_EASE_IN_CUBIC},
    };
    for (int k = 0; k < 8; ++k)
        in->jump[k] = jump[k];
    for (int k = 0; k < LONG_KEYS; ++k) {
        in->long_track[k].t = (float)k / (LONG_KEYS - 1);
        in->long_track[k].v = bench_random(-100, 100);
        in->long_track[k].ease = (sa_ease)(k % SA_EASE_COUNT_);
    }
    for (int k = 0; k < FORM_KEYS; ++k) {
        in->form_times[k] = in->form_aos[k].t = (float)k / (FORM_KEYS - 1);
        in->form_eases[k] = in->form_aos[k].ease =
            (k % 3 == 1) ? SA_EASE_OUT_CUBIC : SA_EASE_SMOOTH;
        for (int c = 0; c < FORM_CH; ++c)
            in->form_values[k * FORM_CH + c] = in->form_aos[k].ch[c] = bench_random(-2, 2);
    }
    const sa_track_multi packed = {in->form_times, in->form_values, in->form_eases,
                                   FORM_KEYS,      FORM_CH,         0};
    const sa_track_multi strided = {
        &in->form_aos[0].t, in->form_aos[0].ch, &in->form_aos[0].ease, FORM_KEYS, FORM_CH,
        sizeof(waypoint)};
    in->packed = packed;
    in->strided = strided;
    for (int i = 0; i < CASES; ++i)
        in->t[i] = bench_random(-0.05f, 1.05f);
}

static void run_jump(void *ctx, size_t i) {
    const track_inputs *in = (const track_inputs *)ctx;
    const float v = sa_track_sample(in->jump, 8, in->t[i % CASES]);
    bench_sink(&v, sizeof v);
}

static void run_long(void *ctx, size_t i) {
    const track_inputs *in = (const track_inputs *)ctx;
    const float v = sa_track_sample(in->long_track, LONG_KEYS, in->t[i % CASES]);
    bench_sink(&v, sizeof v);
}

static void run_multi(void *ctx, size_t i) {
    const track_inputs *in = (const track_inputs *)ctx;
    float out[FORM_CH];
    sa_track_multi_sample(&in->packed, in->t[i % CASES], out, FORM_CH);
    bench_sink(out, sizeof out);
}

static void run_multi_strided(void *ctx, size_t i) {
    const track_inputs *in = (const track_inputs *)ctx;
    float out[FORM_CH];
    sa_track_multi_sample(&in->strided, in->t[i % CASES], out, FORM_CH);
    bench_sink(out, sizeof out);
}

static void run_multi_channel(void *ctx, size_t i) {
    const track_inputs *in = (const track_inputs *)ctx;
    const float v = sa_track_multi_sample_channel(&in->packed, in->t[i % CASES], i & 7u);
    bench_sink(&v, sizeof v);
}

static void run_validate(void *ctx, size_t i) {
    const track_inputs *in = (const track_inputs *)ctx;
    (void)i;
    const sa_status s = sa_track_validate(in->jump, 8);
    bench_sink(&s, sizeof s);
}

static void run_multi_validate(void *ctx, size_t i) {
    const track_inputs *in = (const track_inputs *)ctx;
    (void)i;
    const sa_status s = sa_track_multi_validate(&in->packed, NULL);
    bench_sink(&s, sizeof s);
}

void bench_track(void) {
    static track_inputs in;
    fill(&in);
    bench_report("sa_track_sample (jump, 8 keys)", bench_run(run_jump, &in, 200000));
    bench_report("sa_track_sample (256 keys)", bench_run(run_long, &in, 200000));
    bench_report("sa_track_multi_sample (18 keys x 8 ch)", bench_run(run_multi, &in, 200000));
    bench_report("sa_track_multi_sample (18 x 8, array of structs)",
                 bench_run(run_multi_strided, &in, 200000));
    bench_report("sa_track_multi_sample_channel (18 keys)",
                 bench_run(run_multi_channel, &in, 200000));
    bench_report("sa_track_validate (8 keys)", bench_run(run_validate, &in, 200000));
    bench_report("sa_track_multi_validate (18 x 8)", bench_run(run_multi_validate, &in, 200000));
}
