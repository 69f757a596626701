#include "bench.h"

#include <stickanim/blend_tree.h>
#include <stickanim/clip.h>
#include <stickanim/pose.h>
#include <stickanim/skeleton.h>

#include <string.h>

enum { CASES = 1024 };

typedef struct blend_inputs {
    float speed[CASES], dt[CASES];
    sa_blend_tree_space loco, swim, synced;
    float phase;
    sa_transform idle[20], clip[20], pose[20];
    float stretch_weights[20];
} blend_inputs;

/* A whole loco frame of a 20-joint character: the blend tree step, the idle, walk and run clips
 * sampled, blended by the weights, the stride stretch, and local -> model. */
enum { J = 20, IDLE_N = 60, WALK_N = 32, RUN_N = 21 };
typedef struct loco_frame_inputs {
    blend_inputs *in;
    int32_t parents[J];
    sa_transform rest[J];
    sa_transform frames[(IDLE_N + WALK_N + RUN_N) * J];
    sa_skeleton skeleton;
    sa_clip idle, walk, run;
    sa_transform sample[3][J], pose[J], model[J];
    float stretch_weights[J];
    float idle_time;
} loco_frame_inputs;

static void fill_frame(loco_frame_inputs *f, blend_inputs *in) {
    f->in = in;
    for (int j = 0; j < J; ++j) {
        f->parents[j] =
            j == 0 ? SA_SKELETON_JOINT_NONE : (j < 5 ? j - 1 : (j % 4 == 1 ? 2 : j - 1));
        f->rest[j] = sa_transform_make(sa_v3(0, 0.2f, 0), sa_quat_identity(), sa_v3(1, 1, 1));
    }
    for (int k = 0; k < (IDLE_N + WALK_N + RUN_N) * J; ++k) {
        const sa_vec3 axis = sa_v3(bench_random(-1, 1), bench_random(-1, 1), bench_random(-1, 1));
        f->frames[k] = f->rest[k % J];
        f->frames[k].rotation = sa_quat_from_axis_angle(axis, bench_random(-0.8f, 0.8f));
    }
    sa_skeleton_init(&f->skeleton, f->parents, f->rest, NULL, J);
    sa_clip_init(&f->idle, f->frames, IDLE_N, J, 0.0f, true);
    sa_clip_init(&f->walk, f->frames + IDLE_N * J, WALK_N, J, 0.0f, true);
    sa_clip_init(&f->run, f->frames + (IDLE_N + WALK_N) * J, RUN_N, J, 0.0f, true);
    for (int j = 0; j < J; ++j) /* two thighs, two upper arms */
        f->stretch_weights[j] = (j == 5 || j == 9 || j == 13 || j == 17) ? 1.0f : 0.0f;
    f->idle_time = 0.0f;
}

static void fill(blend_inputs *in) {
    /* Speeds over the whole range a character sees: standing, walking, blending, running. */
    for (int i = 0; i < CASES; ++i) {
        in->speed[i] = bench_random(0.0f, 3.5f);
        in->dt[i] = bench_random(1.0f / 144.0f, 1.0f / 30.0f);
    }
    sa_blend_tree_space_from_loco(&in->loco, NULL);
    /* The same with the walk and run synced by their feet's markers, out of step. */
    static const sa_clip_touchdown walk_marks[2] = {{0.0f, 0}, {0.5f, 1}};
    static const sa_clip_touchdown run_marks[2] = {{0.15f, 1}, {0.62f, 0}};
    in->synced = in->loco;
    sa_blend_tree_space_set_markers(&in->synced, SA_BLEND_TREE_LOCO_CLIP_WALK, walk_marks, 2);
    sa_blend_tree_space_set_markers(&in->synced, SA_BLEND_TREE_LOCO_CLIP_RUN, run_marks, 2);
    /* A swim space: tread water into paddling (two points, two clips). */
    sa_blend_tree_space_init(&in->swim, 2, true);
    const sa_blend_tree_point tread = {0.0f, 0, SA_EASE_SMOOTH, 0.0f, 0.6f, 1.0f};
    const sa_blend_tree_point paddle = {1.2f, 1, SA_EASE_LINEAR, 1.2f, 1.0f, 1.6f};
    sa_blend_tree_space_add(&in->swim, &tread);
    sa_blend_tree_space_add(&in->swim, &paddle);
    in->phase = 0.0f;
    for (int j = 0; j < 20; ++j) {
        const sa_vec3 axis = sa_v3(bench_random(-1, 1), bench_random(-1, 1), bench_random(-1, 1));
        in->idle[j] = sa_transform_make(sa_v3(0, 0.3f, 0), sa_quat_from_axis_angle(axis, 0.2f),
                                        sa_v3(1, 1, 1));
        in->clip[j] = in->idle[j];
        in->clip[j].rotation = sa_quat_from_axis_angle(axis, bench_random(0.3f, 0.9f));
        in->stretch_weights[j] = (j == 2 || j == 3 || j == 12 || j == 16) ? 1.0f : 0.0f;
    }
}

static void run_loco_step(void *ctx, size_t i) {
    blend_inputs *in = (blend_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_blend_tree_frame f =
        sa_blend_tree_space_step(&in->loco, &in->phase, in->speed[k], in->dt[k]);
    bench_sink(&f, sizeof f);
}

static void run_synced_step(void *ctx, size_t i) {
    blend_inputs *in = (blend_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_blend_tree_frame f =
        sa_blend_tree_space_step(&in->synced, &in->phase, in->speed[k], in->dt[k]);
    bench_sink(&f, sizeof f);
}

static void run_swim_step(void *ctx, size_t i) {
    blend_inputs *in = (blend_inputs *)ctx;
    const size_t k = i % CASES;
    const sa_blend_tree_frame f =
        sa_blend_tree_space_step(&in->swim, &in->phase, in->speed[k] * 0.5f, in->dt[k]);
    bench_sink(&f, sizeof f);
}

static void run_stretch(void *ctx, size_t i) {
    blend_inputs *in = (blend_inputs *)ctx;
    memcpy(in->pose, in->clip, sizeof in->pose);
    sa_pose_lerp_masked(in->idle, in->pose, 1.0f + in->speed[i % CASES] * 0.2f, in->stretch_weights,
                        20, in->pose, 20);
    bench_sink(&in->pose[2].rotation, sizeof(sa_quat));
}

static void run_loco_frame(void *ctx, size_t i) {
    loco_frame_inputs *f = (loco_frame_inputs *)ctx;
    blend_inputs *in = f->in;
    const size_t k = i % CASES;
    const sa_blend_tree_frame o =
        sa_blend_tree_space_step(&in->loco, &in->phase, in->speed[k], in->dt[k]);
    f->idle_time += in->dt[k];
    sa_clip_sample_time(&f->idle, f->idle_time, f->sample[0], J);
    sa_clip_sample_phase(&f->walk, o.phase, f->sample[1], J);
    sa_clip_sample_phase(&f->run, o.phase, f->sample[2], J);
    const sa_pose_layer layers[3] = {{f->sample[0], o.weights[SA_BLEND_TREE_LOCO_CLIP_IDLE], NULL},
                                     {f->sample[1], o.weights[SA_BLEND_TREE_LOCO_CLIP_WALK], NULL},
                                     {f->sample[2], o.weights[SA_BLEND_TREE_LOCO_CLIP_RUN], NULL}};
    sa_pose_blend_job job;
    job.layers = layers;
    job.layer_count = 3;
    job.rest = f->rest;
    job.joint_count = J;
    job.out = f->pose;
    job.capacity = J;
    sa_pose_blend_run(&job);
    sa_pose_lerp_masked(f->sample[0], f->pose, o.stretch, f->stretch_weights, J, f->pose, J);
    sa_skeleton_local_to_model_job l2m;
    l2m.skeleton = &f->skeleton;
    l2m.local = f->pose;
    l2m.root = NULL;
    l2m.out = f->model;
    l2m.capacity = J;
    sa_skeleton_local_to_model_run(&l2m);
    bench_sink(&f->model[J - 1], sizeof f->model[J - 1]);
}

void bench_blend_tree(void) {
    static blend_inputs in;
    fill(&in);
    bench_report("sa_blend_tree_space_step (loco preset)", bench_run(run_loco_step, &in, 200000));
    bench_report("sa_blend_tree_space_step (loco, walk/run synced)",
                 bench_run(run_synced_step, &in, 200000));
    bench_report("sa_blend_tree_space_step (swim, 2 points)",
                 bench_run(run_swim_step, &in, 200000));
    bench_report("stride stretch: sa_pose_lerp_masked (4 of 20)",
                 bench_run(run_stretch, &in, 200000));
    static loco_frame_inputs frame;
    fill_frame(&frame, &in);
    bench_report("loco frame (20 joints: 3 clips, blend, l2m)",
                 bench_run(run_loco_frame, &frame, 20000));
}
