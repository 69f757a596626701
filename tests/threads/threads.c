/* Threads: many figures and controllers updated from several threads at once, each thread with
 * its own objects, all of them reading shared read-only data (a figure config, a mode machine
 * config, a blend space, a skeleton and its clips). Every thread's results must be bit for bit
 * those of the same work done on one thread. The suite runs it as the test `threads`;
 * scripts/test.sh builds it alone with -fsanitize=thread (SA_BUILD_ONLY=threads) and runs it
 * there, where any data race fails it.
 *
 * Then one crowd, sa_figure_update_many() over disjoint slices of the same arrays, one slice
 * per thread (each thread writing only its slice of the inputs, all reading one shared input):
 * every figure must end showing byte for byte what the whole crowd updated on one thread shows.
 *
 * usage: threads [THREADS]   (default 8) */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stickanim/stickanim.h>

#include "../figure_output.h"

#define FIGURES_PER_TASK 3
#define FRAMES           400
#define JOINTS           5
#define CLIP_FRAMES      16
#define MAX_THREADS      64

/* ---- shared, read-only after setup -------------------------------------------------------- */

static sa_figure_config shared_figure_config;
static sa_mode_machine_config shared_mode_config;
static sa_blend_tree_space shared_space;
static sa_skeleton shared_skeleton;
static sa_clip shared_clips[2];
static int32_t shared_parents[JOINTS] = {-1, 0, 1, 0, 3};
static sa_transform shared_rest[JOINTS];
static sa_transform shared_frames[2][CLIP_FRAMES * JOINTS];

static bool setup_shared(void) {
    shared_figure_config = sa_figure_config_scaled(1.25f);
    shared_mode_config = sa_mode_machine_config_default();
    if (sa_blend_tree_space_from_loco(&shared_space, NULL) != SA_OK) return false;
    for (int j = 0; j < JOINTS; ++j)
        shared_rest[j] = sa_transform_make(sa_v3(0.0f, 10.0f, 0.0f), sa_quat_identity(),
                                           sa_v3(1.0f, 1.0f, 1.0f));
    if (sa_skeleton_init(&shared_skeleton, shared_parents, shared_rest, NULL, JOINTS) != SA_OK)
        return false;
    for (int c = 0; c < 2; ++c) {
        for (int f = 0; f < CLIP_FRAMES; ++f) {
            for (int j = 0; j < JOINTS; ++j) {
                sa_transform t = shared_rest[j];
                t.rotation =
                    sa_quat_from_axis_angle(c ? sa_v3(1, 0, 0) : sa_v3(0, 0, 1),
                                            (float)((f - CLIP_FRAMES / 2) * (j + 1)) / 40.0f);
                shared_frames[c][f * JOINTS + j] = t;
            }
        }
        if (sa_clip_init(&shared_clips[c], shared_frames[c], CLIP_FRAMES, JOINTS, 24.0f, true) !=
            SA_OK)
            return false;
    }
    return true;
}

/* ---- one task: everything a game's character does per frame, hashed ------------------------ */

static void mix(uint64_t *h, const void *p, size_t n) {
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < n; ++i) {
        *h ^= b[i];
        *h *= 1099511628211ull;
    }
}

static uint32_t next(uint32_t *s) {
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

static float in_range(uint32_t *s, float lo, float hi) {
    return lo + (hi - lo) * ((float)(next(s) & 0xFFFFu) / 65536.0f);
}

/* Task k: its own figures, mode machine, springs, chain and poses; the result's hash. */
static uint64_t run_task(unsigned k) {
    uint64_t h = 1469598103934665603ull;
    uint32_t seed = 0x7a5c0000u + k;
    sa_figure figs[FIGURES_PER_TASK];
    sa_figure_input in[FIGURES_PER_TASK];
    for (int i = 0; i < FIGURES_PER_TASK; ++i) {
        (void)sa_figure_init(&figs[i], &shared_figure_config);
        in[i] = sa_figure_input_default();
        in[i].motion = (sa_figure_motion)((k + (unsigned)i) % (unsigned)SA_FIGURE_MOTION_COUNT_);
    }
    sa_mode_machine mm;
    (void)sa_mode_machine_init(&mm, &shared_mode_config);
    sa_mode_input mi = sa_mode_input_default();
    sa_spring2 spring = sa_spring2_at_rest(sa_v2(0, 0));
    sa_verlet_point chain[8];
    (void)sa_verlet_chain_init(chain, 8, sa_v2(0, 0), sa_v2(0, 1), 6.0f);
    float phase = 0.0f, time = 0.0f;
    sa_transform a[JOINTS], b[JOINTS], blended[JOINTS], model[JOINTS];
    for (int frame = 0; frame < FRAMES; ++frame) {
        const float dt = in_range(&seed, 1.0f / 120.0f, 1.0f / 30.0f);
        time += dt;
        for (int i = 0; i < FIGURES_PER_TASK; ++i) {
            if ((next(&seed) & 31u) == 0) in[i].speed = in_range(&seed, 0.0f, 3.0f);
            if ((next(&seed) & 63u) == 0) ++in[i].jump;
            sa_figure_update(&figs[i], &in[i], dt);
            mix(&h, sa_figure_get_pose(&figs[i])->joints, sizeof figs[i].pose.joints);
        }
        mi.grounded = (next(&seed) & 15u) != 0;
        mi.speed = in_range(&seed, 0.0f, 300.0f);
        const sa_mode mode = sa_mode_machine_update(&mm, &mi, dt);
        mix(&h, &mode, sizeof mode);
        const float hl = sa_mode_machine_inertial_halflife(&mm);
        mix(&h, &hl, sizeof hl);

        const sa_blend_tree_frame bf =
            sa_blend_tree_space_step(&shared_space, &phase, in_range(&seed, 0.0f, 300.0f), dt);
        mix(&h, bf.weights, bf.weight_count * sizeof bf.weights[0]);

        sa_spring2_step(&spring, sa_v2(in_range(&seed, -9, 9), 0.0f), 50.0f, 8.0f, dt);
        mix(&h, &spring, sizeof spring);
        sa_verlet_chain_step(chain, 8, sa_v2(in_range(&seed, -2, 2), 0.0f), NULL, dt);
        mix(&h, chain, sizeof chain);

        (void)sa_clip_sample_time(&shared_clips[0], time, a, JOINTS);
        (void)sa_clip_sample_time(&shared_clips[1], time * 1.5f, b, JOINTS);
        const sa_pose_layer layers[2] = {{a, 1.0f, NULL}, {b, in_range(&seed, 0, 1), NULL}};
        const sa_pose_blend_job job = {layers, 2, shared_rest, JOINTS, blended, JOINTS};
        (void)sa_pose_blend_run(&job);
        const sa_skeleton_local_to_model_job ltm = {&shared_skeleton, blended, NULL, model, JOINTS};
        (void)sa_skeleton_local_to_model_run(&ltm);
        mix(&h, model, sizeof model);
    }
    return h;
}

/* ---- threads ------------------------------------------------------------------------------ */

typedef struct work {
    unsigned first, count;
    uint64_t *results;
} work;

static void *worker(void *arg) {
    const work *w = (const work *)arg;
    for (unsigned k = w->first; k < w->first + w->count; ++k)
        w->results[k] = run_task(k);
    return NULL;
}

/* ---- a crowd over disjoint slices -------------------------------------------------------- */

#define CROWD_PER_THREAD 6
#define CROWD_FRAMES     300

static sa_figure crowd_single[MAX_THREADS * CROWD_PER_THREAD];
static sa_figure crowd_multi[MAX_THREADS * CROWD_PER_THREAD];
static sa_figure_input crowd_in_single[MAX_THREADS * CROWD_PER_THREAD];
static sa_figure_input crowd_in_multi[MAX_THREADS * CROWD_PER_THREAD];
static sa_figure_input crowd_shared_input; /* read by every thread */

static void crowd_setup(sa_figure *figs, sa_figure_input *in, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        (void)sa_figure_init(&figs[i], &shared_figure_config);
        in[i] = sa_figure_input_default();
        in[i].motion = (sa_figure_motion)(i % (size_t)SA_FIGURE_MOTION_COUNT_);
        in[i].speed = 100.0f + 13.0f * (float)i;
    }
}

/* Figures [first, first + n) for the whole run: each figure's input and each frame's dt depend
 * only on the figure's index and the frame, so any split gives the same work. */
static void crowd_run(sa_figure *figs, sa_figure_input *in, size_t first, size_t n) {
    for (int frame = 0; frame < CROWD_FRAMES; ++frame) {
        const float dt = frame % 7 == 3 ? 1.0f / 30.0f : 1.0f / 60.0f;
        for (size_t i = first; i < first + n; ++i) {
            uint32_t s = 0x9e37u * (uint32_t)(i + 1) + (uint32_t)frame * 0x85ebu;
            if ((next(&s) & 63u) == 0) ++in[i].jump;
            if ((next(&s) & 127u) == 0)
                in[i].motion = (sa_figure_motion)(next(&s) % (uint32_t)SA_FIGURE_MOTION_COUNT_);
        }
        if (frame % 5 == 0)
            (void)sa_figure_update_many(figs + first, n, &crowd_shared_input, 1, dt);
        else
            (void)sa_figure_update_many(figs + first, n, in + first, n, dt);
    }
}

typedef struct crowd_work {
    size_t first, count;
} crowd_work;

static void *crowd_worker(void *arg) {
    const crowd_work *w = (const crowd_work *)arg;
    crowd_run(crowd_multi, crowd_in_multi, w->first, w->count);
    return NULL;
}

/* The number of figures that differ from the single-threaded run; -1 when a thread failed. */
static int crowd_check(unsigned threads) {
    const size_t n = (size_t)threads * CROWD_PER_THREAD;
    crowd_shared_input = sa_figure_input_default();
    crowd_shared_input.motion = SA_FIGURE_MOTION_RUN;
    crowd_shared_input.speed = 250.0f;
    crowd_setup(crowd_single, crowd_in_single, n);
    crowd_setup(crowd_multi, crowd_in_multi, n);
    crowd_run(crowd_single, crowd_in_single, 0, n);
    pthread_t ids[MAX_THREADS];
    crowd_work w[MAX_THREADS];
    for (unsigned t = 0; t < threads; ++t) {
        w[t].first = (size_t)t * CROWD_PER_THREAD;
        w[t].count = CROWD_PER_THREAD;
        if (pthread_create(&ids[t], NULL, crowd_worker, &w[t]) != 0) return -1;
    }
    for (unsigned t = 0; t < threads; ++t)
        pthread_join(ids[t], NULL);
    int differ = 0;
    for (size_t i = 0; i < n; ++i) {
        if (!figure_same_output(&crowd_single[i], &crowd_multi[i])) {
            ++differ;
            fprintf(stderr, "threads: crowd figure %zu differs from the single-threaded run\n", i);
        }
    }
    /* The crowd must move (else the comparison proves nothing). */
    if (figure_same_output(&crowd_single[0], &crowd_single[1])) {
        fprintf(stderr, "threads: two crowd figures ended the same\n");
        return -1;
    }
    return differ;
}

int main(int argc, char **argv) {
    unsigned threads = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 8u;
    if (threads < 1 || threads > MAX_THREADS) threads = 8;
    const unsigned tasks_per_thread = 2;
    const unsigned tasks = threads * tasks_per_thread;
    if (!setup_shared()) {
        fprintf(stderr, "threads: setup failed\n");
        return 1;
    }
    uint64_t single[MAX_THREADS * 2], multi[MAX_THREADS * 2];
    for (unsigned k = 0; k < tasks; ++k)
        single[k] = run_task(k);

    pthread_t ids[MAX_THREADS];
    work w[MAX_THREADS];
    for (unsigned t = 0; t < threads; ++t) {
        w[t].first = t * tasks_per_thread;
        w[t].count = tasks_per_thread;
        w[t].results = multi;
        if (pthread_create(&ids[t], NULL, worker, &w[t]) != 0) {
            fprintf(stderr, "threads: pthread_create failed\n");
            return 1;
        }
    }
    for (unsigned t = 0; t < threads; ++t)
        pthread_join(ids[t], NULL);

    unsigned differ = 0;
    for (unsigned k = 0; k < tasks; ++k) {
        if (single[k] != multi[k]) {
            ++differ;
            fprintf(stderr, "threads: task %u gave %016llx on a thread, %016llx alone\n", k,
                    (unsigned long long)multi[k], (unsigned long long)single[k]);
        }
    }
    /* Different tasks must differ (else the comparison proves nothing). */
    if (tasks > 1 && single[0] == single[1]) {
        fprintf(stderr, "threads: two different tasks hashed the same\n");
        return 1;
    }
    printf("threads: %u threads, %u tasks, %u differ from the single-threaded run\n", threads,
           tasks, differ);
    const int crowd_differ = crowd_check(threads);
    if (crowd_differ < 0) return 1;
    printf("threads: a crowd of %u figures in %u slices, %d differ from the single-threaded run\n",
           threads * CROWD_PER_THREAD, threads, crowd_differ);
    return differ == 0 && crowd_differ == 0 ? 0 : 1;
}
