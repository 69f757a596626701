#include "bench.h"

#include <stickanim/spring.h>

enum { CASES = 1024 };

typedef struct spring_inputs {
    sa_vec2 target[CASES];
    float dt[CASES], stiffness[CASES], damping[CASES];
    sa_spring2 state;
    sa_spring1 scalar;
} spring_inputs;

static void fill(spring_inputs *in) {
    /* A head chasing a bobbing neck at frame times between 120 and 30 fps; for the mixed case,
     * damping ratios from 0.2 to 3, so all three regimes (and the series near critical) run. */
    for (int i = 0; i < CASES; ++i) {
        in->target[i] = sa_v2(bench_random(-20, 20), bench_random(-130, -110));
        in->dt[i] = bench_random(1.0f / 120, 1.0f / 30);
        in->stiffness[i] = bench_random(50, 1000);
        in->damping[i] = bench_random(0.2f, 3.0f) * sa_spring_critical_damping(in->stiffness[i]);
    }
    in->state = sa_spring2_at_rest(sa_v2(0, -120));
    in->scalar.pos = 0.0f;
    in->scalar.vel = 0.0f;
}

static void run_head(void *ctx, size_t i) {
    spring_inputs *in = (spring_inputs *)ctx;
    const size_t k = i % CASES;
    sa_spring2_step(&in->state, in->target[k], SA_SPRING_HEAD_STIFFNESS, SA_SPRING_HEAD_DAMPING,
                    in->dt[k]);
    bench_sink(&in->state, sizeof in->state);
}

static void run_mixed(void *ctx, size_t i) {
    spring_inputs *in = (spring_inputs *)ctx;
    const size_t k = i % CASES;
    sa_spring2_step(&in->state, in->target[k], in->stiffness[k], in->damping[k], in->dt[k]);
    bench_sink(&in->state, sizeof in->state);
}

static void run_scalar(void *ctx, size_t i) {
    spring_inputs *in = (spring_inputs *)ctx;
    const size_t k = i % CASES;
    sa_spring1_step(&in->scalar, in->target[k].x, SA_SPRING_HEAD_STIFFNESS, SA_SPRING_HEAD_DAMPING,
                    in->dt[k]);
    bench_sink(&in->scalar, sizeof in->scalar);
}

/* What a user would write from the reference: one explicit (semi-implicit Euler) step. For
 * comparison only: it is neither exact nor stable for large k * dt^2. */
static void run_euler(void *ctx, size_t i) {
    spring_inputs *in = (spring_inputs *)ctx;
    const size_t k = i % CASES;
    sa_spring2 *s = &in->state;
    const float dt = in->dt[k];
    s->vel.x += (-SA_SPRING_HEAD_STIFFNESS * (s->pos.x - in->target[k].x) -
                 SA_SPRING_HEAD_DAMPING * s->vel.x) *
                dt;
    s->vel.y += (-SA_SPRING_HEAD_STIFFNESS * (s->pos.y - in->target[k].y) -
                 SA_SPRING_HEAD_DAMPING * s->vel.y) *
                dt;
    s->pos.x += s->vel.x * dt;
    s->pos.y += s->vel.y * dt;
    bench_sink(s, sizeof *s);
}

void bench_spring(void) {
    static spring_inputs in;
    fill(&in);
    bench_report("sa_spring2_step (head 260/26, 30-120 fps)", bench_run(run_head, &in, 200000));
    bench_report("sa_spring2_step (all three regimes)", bench_run(run_mixed, &in, 200000));
    bench_report("sa_spring1_step (head 260/26)", bench_run(run_scalar, &in, 200000));
    bench_report("  (semi-implicit Euler step, for comparison)", bench_run(run_euler, &in, 200000));
}
