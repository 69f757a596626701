#include "bench.h"

#include <stickanim/skeleton.h>
#include <stickanim/skin.h>

enum { JOINTS = 20, VERTICES = 4096, POSES = 64 };

/* A 20-joint rig with non-uniform scales, a 4096-vertex mesh with 4 influences per vertex (each
 * on a joint and its neighbours, as a real skin is), and 64 poses to cycle through. */
typedef struct skin_bench {
    int32_t parents[JOINTS];
    sa_transform rest[JOINTS], poses[POSES][JOINTS], model_t[JOINTS];
    sa_skeleton skeleton;
    sa_mat4 model[JOINTS], inverse_bind[JOINTS], skin[JOINTS];
    float pos[VERTICES * 3], nrm[VERTICES * 3], out[VERTICES * 3], out_n[VERTICES * 3];
    uint16_t joints[VERTICES * 4];
    float weights[VERTICES * 4];
} skin_bench;

static sa_transform random_local(void) {
    return sa_transform_make(
        sa_v3(bench_random(-0.1f, 0.1f), bench_random(0.1f, 0.4f), bench_random(-0.1f, 0.1f)),
        sa_quat_from_axis_angle(sa_v3(bench_random(-1, 1), 1, bench_random(-1, 1)),
                                bench_random(-1, 1)),
        sa_v3(bench_random(0.8f, 1.2f), bench_random(0.8f, 1.2f), bench_random(0.8f, 1.2f)));
}

static void fill(skin_bench *b) {
    for (int j = 0; j < JOINTS; ++j) {
        b->parents[j] = j == 0 ? -1 : j - 1 - (int32_t)(j % 3 == 0);
        b->rest[j] = random_local();
        for (int p = 0; p < POSES; ++p)
            b->poses[p][j] = random_local();
    }
    sa_skeleton_init(&b->skeleton, b->parents, b->rest, NULL, JOINTS);
    sa_skeleton_local_to_model_matrices(&b->skeleton, b->rest, NULL, b->model, JOINTS);
    for (int j = 0; j < JOINTS; ++j)
        b->inverse_bind[j] = sa_mat4_invert(b->model[j]);
    sa_skeleton_local_to_model_matrices(&b->skeleton, b->poses[0], NULL, b->model, JOINTS);
    sa_skin_matrices(b->model, JOINTS, NULL, b->inverse_bind, JOINTS, b->skin, JOINTS);
    for (int v = 0; v < VERTICES; ++v) {
        const int j = v % JOINTS;
        float sum = 0;
        for (int i = 0; i < 4; ++i) {
            b->joints[4 * v + i] = (uint16_t)((j + i) % JOINTS);
            b->weights[4 * v + i] = bench_random(0.1f, 1);
            sum += b->weights[4 * v + i];
        }
        for (int i = 0; i < 4; ++i)
            b->weights[4 * v + i] /= sum;
        for (int c = 0; c < 3; ++c) {
            b->pos[3 * v + c] = bench_random(-1, 1);
            b->nrm[3 * v + c] = bench_random(-1, 1);
        }
    }
}

static void run_model_transforms(void *ctx, size_t i) {
    skin_bench *b = (skin_bench *)ctx;
    sa_skeleton_local_to_model_job job = {&b->skeleton, b->poses[i % POSES], NULL, b->model_t,
                                          JOINTS};
    sa_skeleton_local_to_model_run(&job);
    bench_sink(&b->model_t[i % JOINTS], sizeof(sa_transform));
}

static void run_model_matrices(void *ctx, size_t i) {
    skin_bench *b = (skin_bench *)ctx;
    sa_skeleton_local_to_model_matrices(&b->skeleton, b->poses[i % POSES], NULL, b->model, JOINTS);
    bench_sink(&b->model[i % JOINTS], sizeof(sa_mat4));
}

static void run_skin_matrices(void *ctx, size_t i) {
    skin_bench *b = (skin_bench *)ctx;
    sa_skin_matrices(b->model, JOINTS, NULL, b->inverse_bind, JOINTS, b->skin, JOINTS);
    bench_sink(&b->skin[i % JOINTS], sizeof(sa_mat4));
}

static sa_skin_job job_of(skin_bench *b, size_t influences, bool normals) {
    sa_skin_job job = sa_skin_job_default();
    job.matrices = b->skin;
    job.matrix_count = JOINTS;
    job.vertex_count = VERTICES;
    job.influences = influences;
    job.joint_indices = b->joints;
    job.joint_indices_stride = 4 * sizeof(uint16_t);
    job.joint_weights = b->weights;
    job.joint_weights_stride = 4 * sizeof(float);
    job.in_positions = b->pos;
    job.in_normals = normals ? b->nrm : NULL;
    job.out_normals = normals ? b->out_n : NULL;
    job.out = b->out;
    job.capacity = VERTICES;
    return job;
}

static void run_skin_4n(void *ctx, size_t i) {
    skin_bench *b = (skin_bench *)ctx;
    const sa_skin_job job = job_of(b, 4, true);
    sa_skin_run(&job);
    bench_sink(&b->out_n[3 * (i % VERTICES)], sizeof(float));
}

static void run_skin_4(void *ctx, size_t i) {
    skin_bench *b = (skin_bench *)ctx;
    const sa_skin_job job = job_of(b, 4, false);
    sa_skin_run(&job);
    bench_sink(&b->out[3 * (i % VERTICES)], sizeof(float));
}

static void run_skin_1(void *ctx, size_t i) {
    skin_bench *b = (skin_bench *)ctx;
    const sa_skin_job job = job_of(b, 1, false);
    sa_skin_run(&job);
    bench_sink(&b->out[3 * (i % VERTICES)], sizeof(float));
}

void bench_skin(void) {
    static skin_bench b;
    fill(&b);
    bench_report("skin: local->model transforms, 20 joints",
                 bench_run(run_model_transforms, &b, 20000));
    bench_report("skin: local->model matrices, 20 joints",
                 bench_run(run_model_matrices, &b, 20000));
    bench_report("skin: skinning matrices, 20 joints", bench_run(run_skin_matrices, &b, 20000));
    /* Per vertex: a call skins all 4096. */
    bench_report("skin: 4 weights, positions+normals, per vertex",
                 bench_run(run_skin_4n, &b, 200) / VERTICES);
    bench_report("skin: 4 weights, positions, per vertex",
                 bench_run(run_skin_4, &b, 200) / VERTICES);
    bench_report("skin: 1 weight, positions, per vertex",
                 bench_run(run_skin_1, &b, 200) / VERTICES);
}
