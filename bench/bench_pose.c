#include "bench.h"

#include <stickanim/clip.h>
#include <stickanim/pose.h>
#include <stickanim/skeleton.h>
#include <stickanim/soa.h>

enum { JOINTS = 20, GROUPS = SA_SOA_GROUPS(JOINTS), FRAMES = 30, CLIPS = 3, TIMES = 1024 };

/* A 20-joint humanoid (pelvis, spine ×3, neck, head, two arms of 4, two legs of 3) with three
 * looping clips (idle, walk, run) whose joints swing at different amplitudes. */
typedef struct pose_bench {
    int32_t parents[JOINTS];
    sa_transform rest[JOINTS];
    sa_transform frames[CLIPS][FRAMES * JOINTS];
    sa_skeleton skeleton;
    sa_clip clips[CLIPS];
    sa_transform sampled[CLIPS][JOINTS], blended[JOINTS], model[JOINTS], idle[JOINTS];
    float stretch_mask[JOINTS];
    /* The SoA path (soa.h): the same poses in groups of four joints. */
    sa_soa_transform sampled_soa[CLIPS][GROUPS], rest_soa[GROUPS], blended_soa[GROUPS];
    sa_mat4 matrices[JOINTS];
    float times[TIMES], weights[TIMES][CLIPS];
} pose_bench;

static void fill(pose_bench *b) {
    static const int32_t parents[JOINTS] = {-1, 0,  1,  2,  3, 4, /* pelvis, spine ×3, neck, head */
                                            3,  6,  7,  8,  /* left clavicle, upper, fore, hand */
                                            3,  10, 11, 12, /* right arm */
                                            0,  14, 15,     /* left thigh, shin, foot */
                                            0,  17, 18};    /* right leg */
    for (int j = 0; j < JOINTS; ++j) {
        b->parents[j] = parents[j];
        b->rest[j] =
            sa_transform_make(sa_v3(bench_random(-0.1f, 0.1f), bench_random(0.1f, 0.4f), 0),
                              sa_quat_identity(), sa_v3(1, 1, 1));
        b->stretch_mask[j] = (j == 7 || j == 11 || j == 14 || j == 17) ? 1.0f : 0.0f;
    }
    sa_skeleton_init(&b->skeleton, b->parents, b->rest, NULL, JOINTS);
    const float amplitude[CLIPS] = {0.05f, 0.5f, 0.9f};
    for (int c = 0; c < CLIPS; ++c) {
        for (int f = 0; f < FRAMES; ++f) {
            const float p = 2.0f * SA_PI * (float)f / (float)FRAMES;
            for (int j = 0; j < JOINTS; ++j) {
                sa_transform t = b->rest[j];
                const float swing = amplitude[c] * (0.5f + 0.5f * bench_random(0, 1));
                t.rotation = sa_quat_from_axis_angle(sa_v3(1, bench_random(-0.2f, 0.2f), 0),
                                                     swing * (p + (float)j) * 0.3f);
                b->frames[c][f * JOINTS + j] = t;
            }
        }
        sa_clip_init(&b->clips[c], b->frames[c], FRAMES, JOINTS, 30.0f, true);
    }
    for (int i = 0; i < TIMES; ++i) {
        b->times[i] = bench_random(0, 3);
        const float w0 = bench_random(0, 1), w1 = bench_random(0, 1 - w0);
        b->weights[i][0] = w0;
        b->weights[i][1] = w1;
        b->weights[i][2] = 1 - w0 - w1;
    }
    for (int j = 0; j < JOINTS; ++j)
        b->idle[j] = b->frames[0][j];
}

static void run_sample(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    const size_t k = i % TIMES;
    sa_clip_sample_time(&b->clips[k % CLIPS], b->times[k], b->sampled[0], JOINTS);
    bench_sink(&b->sampled[0][k % JOINTS], sizeof(sa_transform));
}

static void blend3(pose_bench *b, size_t k) {
    sa_pose_layer layers[CLIPS];
    for (int c = 0; c < CLIPS; ++c) {
        layers[c].pose = b->sampled[c];
        layers[c].weight = b->weights[k][c];
        layers[c].joint_weights = NULL;
    }
    sa_pose_blend_job job = {layers, CLIPS, b->rest, JOINTS, b->blended, JOINTS};
    sa_pose_blend_run(&job);
}

/* Forward play: each clip at 60 Hz from where the last call left it. */
static void run_sample_forward(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    sa_clip_sample_time(&b->clips[i % CLIPS], (float)(i / CLIPS) * (1.0f / 60.0f), b->sampled[0],
                        JOINTS);
    bench_sink(&b->sampled[0][i % JOINTS], sizeof(sa_transform));
}

static void run_blend(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    blend3(b, i % TIMES);
    bench_sink(&b->blended[i % JOINTS], sizeof(sa_transform));
}

static void run_stretch(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    sa_pose_lerp_masked(b->idle, b->sampled[1], 1.0f + b->times[i % TIMES] * 0.2f, b->stretch_mask,
                        JOINTS, b->blended, JOINTS);
    bench_sink(&b->blended[i % JOINTS], sizeof(sa_transform));
}

static void run_morph(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    sa_pose_morph(b->sampled[2], b->sampled[1], b->times[i % TIMES] / 3.0f, JOINTS, b->blended,
                  JOINTS);
    bench_sink(&b->blended[i % JOINTS], sizeof(sa_transform));
}

static void run_local_to_model(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    sa_skeleton_local_to_model_job job = {&b->skeleton, b->sampled[i % CLIPS], NULL, b->model,
                                          JOINTS};
    sa_skeleton_local_to_model_run(&job);
    bench_sink(&b->model[i % JOINTS], sizeof(sa_transform));
}

static void run_frame_forward(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    const size_t k = i % TIMES;
    for (int c = 0; c < CLIPS; ++c)
        sa_clip_sample_time(&b->clips[c], (float)i * (1.0f / 60.0f), b->sampled[c], JOINTS);
    blend3(b, k);
    sa_skeleton_local_to_model_job job = {&b->skeleton, b->blended, NULL, b->model, JOINTS};
    sa_skeleton_local_to_model_run(&job);
    bench_sink(&b->model[k % JOINTS], sizeof(sa_transform));
}

static void run_all(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    const size_t k = i % TIMES;
    for (int c = 0; c < CLIPS; ++c) {
        sa_clip_sample_phase(&b->clips[c], b->times[k] * (float)(c + 1), b->sampled[c], JOINTS);
    }
    blend3(b, k);
    sa_skeleton_local_to_model_job job = {&b->skeleton, b->blended, NULL, b->model, JOINTS};
    sa_skeleton_local_to_model_run(&job);
    bench_sink(&b->model[k % JOINTS], sizeof(sa_transform));
}

static void blend3_soa(pose_bench *b, size_t k) {
    sa_soa_layer layers[CLIPS];
    for (int c = 0; c < CLIPS; ++c) {
        layers[c].pose = b->sampled_soa[c];
        layers[c].weight = b->weights[k][c];
        layers[c].joint_weights = NULL;
    }
    sa_soa_blend_job job = {layers, CLIPS, b->rest_soa, JOINTS, b->blended_soa, GROUPS};
    sa_soa_blend_run(&job);
}

static void run_blend_soa(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    blend3_soa(b, i % TIMES);
    bench_sink(&b->blended_soa[i % GROUPS], sizeof(sa_soa_transform));
}

static void run_local_to_model_soa(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    sa_soa_local_to_model_job job = {&b->skeleton, b->sampled_soa[i % CLIPS], NULL, b->model,
                                     JOINTS};
    sa_soa_local_to_model_run(&job);
    bench_sink(&b->model[i % JOINTS], sizeof(sa_transform));
}

static void run_local_to_model_soa_matrices(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    sa_soa_local_to_model_matrices(&b->skeleton, b->sampled_soa[i % CLIPS], NULL, b->matrices,
                                   JOINTS);
    bench_sink(&b->matrices[i % JOINTS], sizeof(sa_mat4));
}

static void run_frame_forward_soa(void *ctx, size_t i) {
    pose_bench *b = (pose_bench *)ctx;
    const size_t k = i % TIMES;
    for (int c = 0; c < CLIPS; ++c)
        sa_soa_sample_time(&b->clips[c], (float)i * (1.0f / 60.0f), b->sampled_soa[c], GROUPS);
    blend3_soa(b, k);
    sa_soa_local_to_model_job job = {&b->skeleton, b->blended_soa, NULL, b->model, JOINTS};
    sa_soa_local_to_model_run(&job);
    bench_sink(&b->model[k % JOINTS], sizeof(sa_transform));
}

void bench_pose(void) {
    static pose_bench b;
    fill(&b);
    for (int c = 0; c < CLIPS; ++c) {
        sa_clip_sample_time(&b.clips[c], 0.3f, b.sampled[c], JOINTS);
        sa_soa_pack(b.sampled[c], JOINTS, b.sampled_soa[c], GROUPS);
    }
    sa_soa_pack(b.rest, JOINTS, b.rest_soa, GROUPS);
    bench_report("sa_clip_sample_time (20 joints, random seeks)", bench_run(run_sample, &b, 50000));
    bench_report("sa_clip_sample_time (20 joints, forward at 60 Hz)",
                 bench_run(run_sample_forward, &b, 50000));
    bench_report("sa_pose_blend_run (3 poses, 20 joints)", bench_run(run_blend, &b, 50000));
    bench_report("sa_pose_lerp_masked (stretch, 20 joints)", bench_run(run_stretch, &b, 50000));
    bench_report("sa_pose_morph (20 joints)", bench_run(run_morph, &b, 50000));
    bench_report("sa_skeleton_local_to_model_run (20 joints)",
                 bench_run(run_local_to_model, &b, 50000));
    bench_report("3 clips sampled + blended + local to model (random)",
                 bench_run(run_all, &b, 20000));
    bench_report("3 clips forward at 60 Hz + blended + local to model",
                 bench_run(run_frame_forward, &b, 20000));
    bench_report("sa_soa_blend_run (3 poses, 20 joints in 5 groups)",
                 bench_run(run_blend_soa, &b, 50000));
    bench_report("sa_soa_local_to_model_run (20 joints)",
                 bench_run(run_local_to_model_soa, &b, 50000));
    bench_report("sa_soa_local_to_model_matrices (20 joints)",
                 bench_run(run_local_to_model_soa_matrices, &b, 50000));
    bench_report("SoA: 3 clips forward at 60 Hz + blended + local to model",
                 bench_run(run_frame_forward_soa, &b, 20000));
}
