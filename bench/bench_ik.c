#include "bench.h"

#include <math.h>

#include <stickanim/ik.h>

enum { CASES = 1024 };

typedef struct ik_inputs {
    sa_vec2 root[CASES], target[CASES];
    float len1[CASES], len2[CASES];
} ik_inputs;

static void fill(ik_inputs *in) {
    /* Mostly reachable targets, a quarter out of reach, as a running figure's legs and arms see. */
    for (int i = 0; i < CASES; ++i) {
        in->root[i] = sa_v2(bench_random(-50, 50), bench_random(-50, 50));
        in->target[i] =
            sa_v2(in->root[i].x + bench_random(-80, 80), in->root[i].y + bench_random(-80, 80));
        in->len1[i] = bench_random(20, 40);
        in->len2[i] = bench_random(20, 40);
    }
}

static void run_two_bone(void *ctx, size_t i) {
    const ik_inputs *in = (const ik_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_vec2 j = sa_ik_two_bone(in->root[k], in->target[k], in->len1[k], in->len2[k],
                                     (k & 1) ? 1.0f : -1.0f);
    bench_sink(&j, sizeof j);
}

/* What a user would write from the reference: hypot, atan2, acos, cos, sin. For comparison only. */
static sa_vec2 reference_ik(sa_vec2 root, sa_vec2 target, float l1, float l2, float sign) {
    const float dx = target.x - root.x, dy = target.y - root.y;
    float d = hypotf(dx, dy);
    d = sa_clamp(d, fabsf(l1 - l2) + 0.01f, l1 + l2 - 0.01f);
    const float base = atan2f(dy, dx);
    const float ca = sa_clamp((l1 * l1 + d * d - l2 * l2) / (2 * l1 * d), -1, 1);
    const float ang = base + sign * acosf(ca);
    return sa_v2(root.x + cosf(ang) * l1, root.y + sinf(ang) * l1);
}

static void run_reference_ik(void *ctx, size_t i) {
    const ik_inputs *in = (const ik_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_vec2 j =
        reference_ik(in->root[k], in->target[k], in->len1[k], in->len2[k], (k & 1) ? 1.0f : -1.0f);
    bench_sink(&j, sizeof j);
}

static void run_two_bone_ex(void *ctx, size_t i) {
    const ik_inputs *in = (const ik_inputs *)ctx;
    const size_t k = i % CASES;
    sa_ik_config o = sa_ik_config_default();
    o.softness = 4.0f;
    o.max_stretch = 1.1f;
    const sa_ik_result r =
        sa_ik_two_bone_ex(in->root[k], in->target[k], in->len1[k], in->len2[k], &o);
    bench_sink(&r, sizeof r);
}

static void run_reach_guard(void *ctx, size_t i) {
    const ik_inputs *in = (const ik_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_vec2 t =
        sa_ik_reach_guard(in->root[k], in->target[k], in->len1[k], in->len2[k], SA_IK_LEG_MARGIN);
    bench_sink(&t, sizeof t);
}

static void run_arm_fk(void *ctx, size_t i) {
    const ik_inputs *in = (const ik_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_ik_arm_pose p =
        sa_ik_arm_fk(in->root[k], in->target[k].x * 0.02f, in->target[k].y * 0.01f, 27, 25);
    bench_sink(&p, sizeof p);
}

static void run_two_bone_3d(void *ctx, size_t i) {
    const ik_inputs *in = (const ik_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_vec3 root = {in->root[k].x, in->root[k].y, 0.0f};
    const sa_vec3 target = {in->target[k].x, in->target[k].y, in->len1[k]};
    const sa_vec3 pole = {0.0f, 0.0f, 100.0f};
    const sa_vec3 j = sa_ik_two_bone_3d(root, target, in->len1[k], in->len2[k], pole);
    bench_sink(&j, sizeof j);
}

void bench_ik(void) {
    static ik_inputs in;
    fill(&in);
    bench_report("sa_ik_two_bone", bench_run(run_two_bone, &in, 200000));
    bench_report("  (the reference's ik() with trig, for comparison)",
                 bench_run(run_reference_ik, &in, 200000));
    bench_report("sa_ik_two_bone_ex (soft 4, stretch 1.1)",
                 bench_run(run_two_bone_ex, &in, 200000));
    bench_report("sa_ik_reach_guard", bench_run(run_reach_guard, &in, 200000));
    bench_report("sa_ik_two_bone_3d", bench_run(run_two_bone_3d, &in, 200000));
    bench_report("sa_ik_arm_fk", bench_run(run_arm_fk, &in, 200000));
}
