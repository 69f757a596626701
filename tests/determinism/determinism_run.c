/* The determinism script, native side: a figure in every motion and a 3D pose pipeline (three clips
 * sampled, blended, local -> model), one line per frame: "<scenario> <frame> <hash>" (FNV-1a of the
 * output's bytes). determinism_run.mjs runs the same script through the wasm module in Node;
 * check.sh compares the two line by line, so native and wasm must agree bit for bit. Every input
 * is a float the two sides build identically (dyadic values, or products rounded once). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <stickanim/stickanim.h>

enum { JOINTS = 20, FRAMES = 30, CLIPS = 3, STEPS = 128, FIGURE_FRAMES = 240 };

static uint32_t fnv1a(const void *data, size_t size) {
    const unsigned char *p = (const unsigned char *)data;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < size; ++i) {
        h ^= p[i];
        h *= 16777619u;
    }
    return h;
}

static void run_figures(void) {
    const float dt = (float)(1.0 / 60.0);
    for (int m = 0; m < (int)SA_FIGURE_MOTION_COUNT_; ++m) {
        static sa_figure fig;
        sa_figure_init(&fig, NULL);
        sa_figure_input in = sa_figure_input_default();
        in.motion = (sa_figure_motion)m;
        for (int f = 0; f < FIGURE_FRAMES; ++f) {
            sa_figure_update(&fig, &in, dt);
            const sa_figure_pose *p = sa_figure_get_pose(&fig);
            uint32_t h = fnv1a(p->joints, sizeof p->joints);
            h ^= fnv1a(p->unsquashed, sizeof p->unsquashed) * 3u;
            h ^= fnv1a(p->hair, sizeof p->hair) * 5u;
            printf("figure%d %d %08x\n", m, f, (unsigned)h);
        }
    }
}

/* A crowd of one figure a motion through sa_figure_update_many() (its hair four figures at once,
 * in vector lanes), at frame times that put the figures of a group at different sub-step lags. */
static void run_crowd(void) {
    enum { N = (int)SA_FIGURE_MOTION_COUNT_ };
    static sa_figure figs[N];
    sa_figure_input in[N];
    for (int m = 0; m < N; ++m) {
        sa_figure_init(&figs[m], NULL);
        in[m] = sa_figure_input_default();
        in[m].motion = (sa_figure_motion)m;
        for (int f = 0; f < m % 3; ++f) /* (each its own lag) */
            sa_figure_update(&figs[m], &in[m], (float)(1.0 / 144.0));
    }
    const float dts[3] = {(float)(1.0 / 60.0), (float)(1.0 / 144.0), (float)(1.0 / 30.0)};
    for (int f = 0; f < FIGURE_FRAMES; ++f) {
        sa_figure_update_many(figs, N, in, N, dts[f % 3]);
        uint32_t h = 0;
        for (int m = 0; m < N; ++m) {
            const sa_figure_pose *p = sa_figure_get_pose(&figs[m]);
            h ^= fnv1a(p->joints, sizeof p->joints) * (2u * (uint32_t)m + 1u);
            h ^= fnv1a(p->hair, sizeof p->hair) * 5u;
        }
        printf("crowd %d %08x\n", f, (unsigned)h);
    }
}

static void run_pose3d(void) {
    static const int32_t parents[JOINTS] = {-1, 0,  1,  2,  3, 4,  3,  6, 7,  8,
                                            3,  10, 11, 12, 0, 14, 15, 0, 17, 18};
    static sa_transform rest[JOINTS], frames[CLIPS][FRAMES * JOINTS], sampled[CLIPS][JOINTS],
        blended[JOINTS], model[JOINTS];
    for (int j = 0; j < JOINTS; ++j)
        rest[j] = sa_transform_make(sa_v3(0.125f * (float)(j % 3) - 0.125f, 0.25f, 0.0f),
                                    sa_quat_identity(), sa_v3(1.0f, 1.0f, 1.0f));
    sa_skeleton sk;
    sa_skeleton_init(&sk, parents, rest, NULL, JOINTS);
    sa_clip clips[CLIPS];
    for (int c = 0; c < CLIPS; ++c) {
        for (int f = 0; f < FRAMES; ++f) {
            for (int j = 0; j < JOINTS; ++j) {
                sa_transform t = rest[j];
                const float angle = ((float)(f * JOINTS + j) * 0.01f) * (float)(c + 1);
                t.rotation =
                    sa_quat_from_axis_angle(sa_v3(1.0f, 0.125f * (float)(j % 3), 0.0f), angle);
                frames[c][f * JOINTS + j] = t;
            }
        }
        sa_clip_init(&clips[c], frames[c], FRAMES, JOINTS, 30.0f, true);
    }
    for (int i = 0; i < STEPS; ++i) {
        for (int c = 0; c < CLIPS; ++c)
            sa_clip_sample_time(&clips[c], (float)(i * (c + 1)) * 0.015625f, sampled[c], JOINTS);
        sa_pose_layer layers[CLIPS];
        const float weights[CLIPS] = {0.5f, 0.25f + 0.125f * (float)(i % 3), 0.125f};
        for (int c = 0; c < CLIPS; ++c) {
            layers[c].pose = sampled[c];
            layers[c].weight = weights[c];
            layers[c].joint_weights = NULL;
        }
        sa_pose_blend_job blend = {layers, CLIPS, rest, JOINTS, blended, JOINTS};
        sa_pose_blend_run(&blend);
        sa_skeleton_local_to_model_job l2m = {&sk, blended, NULL, model, JOINTS};
        sa_skeleton_local_to_model_run(&l2m);
        printf("pose3d %d %08x\n", i, (unsigned)fnv1a(model, sizeof model));
    }
}

int main(void) {
    run_figures();
    run_crowd();
    run_pose3d();
    return 0;
}
