/* The hostile-input walk (docs/bad_input.md): every public function, called with every
 * parameter sane, then each parameter in turn taking every value of its type's hostile set,
 * then all of them hostile at once — NULL pointers, zero and huge counts, NaN, +-infinity,
 * denormals, +-FLT_MAX, negative, zero and huge time steps, unknown enum values, bad parent
 * orders, corrupted structs. The calls are generated from api/stickanim_api.json by
 * scripts/gen_hostile.py into hostile_walk.h (the test hostile_walk_current fails when that file
 * is out of date); this file holds the hostile value sets, the fixtures that build sane structs
 * with the library's own setup functions, and the checks. It asserts what the policy promises:
 * no crash (ASan and UBSan run it too), statuses that are documented codes, finite floats,
 * vectors and structs wherever the doc promises finiteness, counts within capacity, finite state
 * after every per-frame call. */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <stickanim/stickanim.h>

/* Every array parameter points at HX_N elements: more than any module's maximum
 * (SA_SKELETON_MAX_JOINTS, SA_LIMB_MAX_BONE_SAMPLES), so a count the library bounds can never
 * read past it. */
#define HX_N 260
/* One buffer per parameter position. */
#define HX_SLOTS 10

static const float hx_f32_set[] = {NAN,    -NAN,    INFINITY, -INFINITY, FLT_MAX, -FLT_MAX,
                                   1e-45f, -1e-45f, 1e-40f,   FLT_MIN,   0.0f,    -0.0f,
                                   -1.0f,  1e30f,   -1e30f,   1e-20f};
#define HX_F32_N (sizeof hx_f32_set / sizeof hx_f32_set[0])
/* Counts: the hostile ones, SIZE_MAX last (left out where the caller promises the length). */
static const size_t hx_count_set[] = {0, 1, 2, 16, 17, 256, 257, HX_N, SIZE_MAX};
#define HX_COUNT_N       (sizeof hx_count_set / sizeof hx_count_set[0])
#define HX_COUNT_SMALL_N (HX_COUNT_N - 1)
/* The count of an array of a large struct, which the walk gives one element (LARGE_STRUCT in
 * scripts/gen_hostile.py); SIZE_MAX last, left out where the count is not bounded. */
static const size_t hx_count_one_set[] = {0, 1, SIZE_MAX};
#define HX_COUNT_ONE_N (sizeof hx_count_one_set / sizeof hx_count_one_set[0])
static const size_t hx_index_set[] = {1, 2, 7, 8, 15, 16, 17, 255, 256, SIZE_MAX};
#define HX_INDEX_N (sizeof hx_index_set / sizeof hx_index_set[0])
static const int32_t hx_i32_set[] = {-1, -2, 1, 2, 255, 256, 257, INT32_MAX, INT32_MIN};
#define HX_I32_N (sizeof hx_i32_set / sizeof hx_i32_set[0])

/* ---- failures: counted, the first ones printed with the call that broke the promise ---------- */

static const char *hx_fn = "";
static const char *const *hx_params;
static size_t hx_param_count, hx_mode, hx_variant, hx_failures, hx_calls, hx_printed;

/* The call about to be made: mode 0 all sane, mode k parameter k - 1 hostile (variant v of its
 * set), mode count + 1 every parameter hostile. */
static void hx_at(const char *fn, const char *const *params, size_t count, size_t mode, size_t v) {
    hx_fn = fn;
    hx_params = params;
    hx_param_count = count;
    hx_mode = mode;
    hx_variant = v;
    ++hx_calls;
}

static void hx_fail(const char *what, int line) {
    ++hx_failures;
    if (++hx_printed > 6) return; /* per function */
    const char *which = hx_mode == 0                ? "all sane"
                        : hx_mode <= hx_param_count ? hx_params[hx_mode - 1]
                                                    : "every parameter";
    fprintf(stderr, "hostile walk: %s: %s broken: %s hostile, variant %zu (hostile_walk.h:%d)\n",
            hx_fn, what, which, hx_variant, line);
}

#define HX_CHECK(cond, what)                                                                       \
    do {                                                                                           \
        if (!(cond)) hx_fail(what, __LINE__);                                                      \
    } while (0)

/* Helpers for every type of the API: a walk uses the ones its parameters need. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"

/* ---- scalar pointers: HX_N elements, NULL, then every element one hostile value ------------ */

#define HX_SCALAR_POINTER(tag, type, sane_expr, set, set_n)                                        \
    static type hx_sbuf_##tag[HX_SLOTS][HX_N];                                                     \
    enum { HX_PTR_N_##tag = (int)(set_n) + 1 };                                                    \
    static type *hx_ptr_##tag(size_t slot, long h) {                                               \
        for (size_t i = 0; i < HX_N; ++i)                                                          \
            hx_sbuf_##tag[slot][i] = (sane_expr);                                                  \
        if (h == 0) return NULL;                                                                   \
        if (h > 0)                                                                                 \
            for (size_t i = 0; i < HX_N; ++i)                                                      \
                hx_sbuf_##tag[slot][i] = (type)(set)[h - 1];                                       \
        return hx_sbuf_##tag[slot];                                                                \
    }

HX_SCALAR_POINTER(f32, float, 0.25f * (float)(i % 4), hx_f32_set, HX_F32_N)
/* Sane int32 arrays are parent chains (-1, 0, 1, ...); hostile: self, later and out-of-range
 * parents, all the same. */
HX_SCALAR_POINTER(i32, int32_t, (int32_t)i - 1, hx_i32_set, HX_I32_N)
HX_SCALAR_POINTER(usize, size_t, (size_t)0, hx_count_set, HX_COUNT_N)
HX_SCALAR_POINTER(u16, uint16_t, (uint16_t)0, hx_i32_set, HX_I32_N)

#define HX_STRING_N 3
static const char *hx_string(long h) {
    static const char *const values[HX_STRING_N] = {NULL, "", "no such joint"};
    return h < 0 ? "j1" : values[h];
}

#define HX_NAMES_N 3
static char hx_name_text[HX_N][8];
static const char *hx_name_list[3][HX_N];
static const char *const *hx_names(long h) {
    for (size_t i = 0; i < HX_N; ++i) {
        snprintf(hx_name_text[i], sizeof hx_name_text[i], "j%zu", i);
        hx_name_list[0][i] = hx_name_text[i];
        hx_name_list[1][i] = NULL;
        hx_name_list[2][i] = "";
    }
    if (h < 0) return hx_name_list[0];
    if (h == 0) return NULL;
    return hx_name_list[h];
}

/* ---- fixtures: sane structs built by the library's own setup functions ----------------------
 * Every array a fixture points at is HX_N elements long, so a corrupted count up to HX_N stays
 * inside it; three joints, three frames. */

#define HX_JOINTS 3

static int32_t hx_parents[HX_N];
static sa_transform hx_rest[HX_N];
static sa_transform hx_pose_a[HX_N], hx_pose_b[HX_N];
static sa_transform hx_frames[HX_N];
static sa_transform hx_job_out[HX_N];
static float hx_joint_weights[HX_N];
static sa_skeleton hx_skeleton;
static sa_clip hx_clip;

static void hx_setup_data(void) {
    static bool done;
    if (done) return;
    done = true;
    for (size_t i = 0; i < HX_N; ++i) {
        hx_parents[i] = (int32_t)i - 1;
        hx_rest[i] =
            sa_transform_make(sa_v3(0.0f, 1.0f, 0.0f), sa_quat_identity(), sa_v3(1.0f, 1.0f, 1.0f));
        hx_pose_a[i] = hx_rest[i];
        hx_pose_b[i] = sa_transform_make(sa_v3(0.5f, 1.0f, 0.0f),
                                         sa_quat_from_axis_angle(sa_v3(0, 0, 1), 0.5f),
                                         sa_v3(1.0f, 1.0f, 1.0f));
        hx_frames[i] = (i / HX_JOINTS) % 2 ? hx_pose_b[i] : hx_pose_a[i];
        hx_joint_weights[i] = 1.0f;
    }
    (void)hx_names(-1);
    if (sa_skeleton_init(&hx_skeleton, hx_parents, hx_rest, hx_name_list[0], HX_JOINTS) != SA_OK)
        hx_fail("skeleton fixture", __LINE__);
    if (sa_clip_init(&hx_clip, hx_frames, 3, HX_JOINTS, 30.0f, true) != SA_OK)
        hx_fail("clip fixture", __LINE__);
}

static void hx_fixture_sa_skeleton(sa_skeleton *s, size_t i) {
    (void)i;
    hx_setup_data();
    *s = hx_skeleton;
}

static void hx_fixture_sa_clip(sa_clip *s, size_t i) {
    (void)i;
    hx_setup_data();
    *s = hx_clip;
}

static void hx_fixture_sa_fade(sa_fade *s, size_t i) {
    sa_fade_init(s, (int32_t)(i % 4));
    sa_fade_switch(s, 1);
    sa_fade_step(s, 4.0f, 0.05f);
}

static void hx_fixture_sa_mode_machine(sa_mode_machine *s, size_t i) {
    (void)i;
    if (sa_mode_machine_init(s, NULL) != SA_OK) hx_fail("mode machine fixture", __LINE__);
    const sa_mode_input in = sa_mode_input_default();
    (void)sa_mode_machine_update(s, &in, 1.0f / 60.0f);
}

/* What a per-frame call promises of the state it repairs (docs/bad_input.md, "Corrupted state"):
 * a fade well formed (its layers' user data and times are the caller's); a mode machine whose
 * every query is finite (its config fields are bounded where they are read, not rewritten). */
static bool hx_state_ok_sa_fade(const sa_fade *f) {
    /* A fade with no layer has no target to repair towards: it waits for a switch or push. */
    return sa_fade_is_valid(f) || f->count == 0;
}

static bool hx_state_ok_sa_mode_machine(const sa_mode_machine *m) {
    bool ok = sa_fade_is_valid(&m->fade) && isfinite(sa_mode_machine_mode_time(m)) &&
              isfinite(sa_mode_machine_getup_k(m)) && isfinite(sa_mode_machine_inertial_time(m)) &&
              isfinite(sa_mode_machine_inertial_halflife(m)) &&
              isfinite(sa_mode_machine_inertial_k(m));
    for (size_t k = 0; k < sa_mode_machine_layer_count(m); ++k) {
        const sa_mode_layer l = sa_mode_machine_layer(m, k);
        ok = ok && isfinite(l.weight) && isfinite(l.mode_time) && isfinite(l.play_time) &&
             isfinite(l.time_scale);
    }
    return ok;
}

static void hx_fixture_sa_figure(sa_figure *s, size_t i) {
    (void)i;
    static sa_figure made;
    static bool done;
    if (!done) {
        if (sa_figure_init(&made, NULL) != SA_OK) hx_fail("figure fixture", __LINE__);
        sa_figure_input in = sa_figure_input_default();
        in.motion = SA_FIGURE_MOTION_WALK;
        in.speed = 1.0f;
        for (int k = 0; k < 10; ++k)
            sa_figure_update(&made, &in, 1.0f / 60.0f);
        done = true;
    }
    *s = made;
}

/* A sane motion definition: an upper-body swing of two tracks with one event, in arrays of HX_N
 * so the walk's counts up to HX_N stay inside them. */
static const sa_track_key hx_move_keys[] = {{0.0f, 0.5f, SA_EASE_SMOOTH},
                                            {1.0f, 1.5f, SA_EASE_LINEAR}};
static sa_figure_move_track hx_move_tracks[HX_N];
static sa_figure_move_event hx_move_events[HX_N];

static void hx_fixture_sa_figure_move(sa_figure_move *s, size_t i) {
    (void)i;
    for (size_t k = 0; k < HX_N; ++k) {
        hx_move_tracks[k].param = k % 2 ? SA_FIGURE_PARAM_LEAN : SA_FIGURE_PARAM_ARM_ANGLE_NEAR;
        hx_move_tracks[k].keys = hx_move_keys;
        hx_move_tracks[k].count = 2;
        hx_move_events[k].name = "hit";
        hx_move_events[k].time = 0.5f;
    }
    memset(s, 0, sizeof *s);
    s->name = "swing";
    s->tracks = hx_move_tracks;
    s->track_count = 2;
    s->events = hx_move_events;
    s->event_count = 1;
    s->duration = 0.8f;
    s->parts = SA_FIGURE_PART_SPINE | SA_FIGURE_PART_ARM_NEAR;
    s->fade_in = 0.1f;
    s->fade_out = 0.2f;
}

static void hx_fixture_sa_blend_tree_space(sa_blend_tree_space *s, size_t i) {
    (void)i;
    if (sa_blend_tree_space_from_loco(s, NULL) != SA_OK) hx_fail("space fixture", __LINE__);
}

static void hx_fixture_sa_verlet_point(sa_verlet_point *s, size_t i) {
    s->pos = sa_v2(0.0f, 9.0f * (float)i);
    s->prev = s->pos;
}

static float hx_multi_times[HX_N], hx_multi_values[2 * HX_N];

static void hx_fixture_sa_track_multi(sa_track_multi *s, size_t i) {
    (void)i;
    for (size_t k = 0; k < HX_N; ++k) {
        hx_multi_times[k] = (float)k;
        hx_multi_values[2 * k] = (float)k;
        hx_multi_values[2 * k + 1] = -(float)k;
    }
    memset(s, 0, sizeof *s);
    s->times = hx_multi_times;
    s->values = hx_multi_values;
    s->eases = NULL;
    s->count = 4;
    s->channels = 2;
    s->stride = 0;
}

static void hx_fixture_sa_skeleton_local_to_model_job(sa_skeleton_local_to_model_job *s, size_t i) {
    (void)i;
    hx_setup_data();
    memset(s, 0, sizeof *s);
    s->skeleton = &hx_skeleton;
    s->local = hx_pose_b;
    s->root = NULL;
    s->out = hx_job_out;
    s->capacity = HX_N;
}

static sa_pose_layer hx_layers[HX_N];

static void hx_fixture_sa_pose_blend_job(sa_pose_blend_job *s, size_t i) {
    (void)i;
    hx_setup_data();
    for (size_t k = 0; k < HX_N; ++k) {
        hx_layers[k].pose = k % 2 ? hx_pose_b : hx_pose_a;
        hx_layers[k].weight = 0.5f;
        hx_layers[k].joint_weights = k % 3 == 2 ? hx_joint_weights : NULL;
    }
    memset(s, 0, sizeof *s);
    s->layers = hx_layers;
    s->layer_count = 2;
    s->rest = hx_rest;
    s->joint_count = HX_JOINTS;
    s->out = hx_job_out;
    s->capacity = HX_N;
}

/* The SoA poses (soa.h): hx_pose_a, hx_pose_b and hx_rest in groups of four. */
static sa_soa_transform hx_soa_a[HX_N], hx_soa_b[HX_N], hx_soa_rest[HX_N], hx_soa_out[HX_N];
static sa_soa_layer hx_soa_layers[HX_N];

static void hx_setup_soa(void) {
    hx_setup_data();
    if (sa_soa_pack(hx_pose_a, HX_JOINTS, hx_soa_a, HX_N) == 0 ||
        sa_soa_pack(hx_pose_b, HX_JOINTS, hx_soa_b, HX_N) == 0 ||
        sa_soa_pack(hx_rest, HX_JOINTS, hx_soa_rest, HX_N) == 0)
        hx_fail("soa fixture", __LINE__);
}

static void hx_fixture_sa_soa_blend_job(sa_soa_blend_job *s, size_t i) {
    (void)i;
    hx_setup_soa();
    for (size_t k = 0; k < HX_N; ++k) {
        hx_soa_layers[k].pose = k % 2 ? hx_soa_b : hx_soa_a;
        hx_soa_layers[k].weight = 0.5f;
        hx_soa_layers[k].joint_weights = k % 3 == 2 ? hx_joint_weights : NULL;
    }
    memset(s, 0, sizeof *s);
    s->layers = hx_soa_layers;
    s->layer_count = 2;
    s->rest = hx_soa_rest;
    s->joint_count = HX_JOINTS;
    s->out = hx_soa_out;
    s->capacity = HX_N;
}

static void hx_fixture_sa_soa_local_to_model_job(sa_soa_local_to_model_job *s, size_t i) {
    (void)i;
    hx_setup_soa();
    memset(s, 0, sizeof *s);
    s->skeleton = &hx_skeleton;
    s->local = hx_soa_b;
    s->root = NULL;
    s->out = hx_job_out;
    s->capacity = HX_N;
}

static float hx_channel_times[HX_N], hx_channel_values[4 * HX_N];
static sa_clip_builder_channel hx_channels[HX_N];
static sa_clip hx_built_clip;

static void hx_fixture_sa_clip_builder_job(sa_clip_builder_job *s, size_t i) {
    (void)i;
    hx_setup_data();
    for (size_t k = 0; k < HX_N; ++k) {
        hx_channel_times[k] = (float)k * 0.1f;
        for (size_t c = 0; c < 4; ++c)
            hx_channel_values[4 * k + c] = c == 3 ? 1.0f : 0.0f;
    }
    for (size_t k = 0; k < HX_N; ++k) {
        memset(&hx_channels[k], 0, sizeof hx_channels[k]);
        hx_channels[k].joint = (int32_t)(k % HX_JOINTS);
        hx_channels[k].path = SA_CLIP_BUILDER_PATH_ROTATION;
        hx_channels[k].interpolation = SA_CLIP_BUILDER_INTERPOLATION_LINEAR;
        hx_channels[k].times = hx_channel_times;
        hx_channels[k].values = hx_channel_values;
        hx_channels[k].key_count = 4;
    }
    *s = sa_clip_builder_job_default();
    s->skeleton = &hx_skeleton;
    s->channels = hx_channels;
    s->channel_count = 2;
    s->rate = 30.0f;
    s->clip = &hx_built_clip;
    s->out = hx_job_out;
    s->capacity = HX_N;
}

static sa_mat4 hx_skin_mats[HX_N];
static uint16_t hx_skin_joints[4 * HX_N];
static float hx_skin_weights[4 * HX_N], hx_skin_pos[4 * HX_N], hx_skin_norm[4 * HX_N];
static float hx_skin_out[4 * HX_N], hx_skin_out_norm[4 * HX_N];

static void hx_fixture_sa_skin_job(sa_skin_job *s, size_t i) {
    (void)i;
    for (size_t k = 0; k < HX_N; ++k)
        hx_skin_mats[k] = sa_mat4_identity();
    for (size_t k = 0; k < 4 * HX_N; ++k) {
        hx_skin_joints[k] = (uint16_t)(k % 3);
        hx_skin_weights[k] = 0.25f;
        hx_skin_pos[k] = (float)(k % 7);
        hx_skin_norm[k] = k % 3 == 1 ? 1.0f : 0.0f;
    }
    *s = sa_skin_job_default();
    s->matrices = hx_skin_mats;
    s->matrix_count = 3;
    s->vertex_count = 3;
    s->influences = 1;
    s->joint_indices = hx_skin_joints;
    s->joint_weights = hx_skin_weights;
    s->in_positions = hx_skin_pos;
    s->in_normals = hx_skin_norm;
    s->out_normals = hx_skin_out_norm;
    s->out = hx_skin_out;
    s->capacity = 4 * HX_N;
}

static sa_clip_touchdown hx_touchdowns[HX_N];
static sa_footsteps_layer hx_step_layers[HX_N];
static sa_footsteps_surface hx_surfaces[HX_N];
static float hx_layer_phase[HX_N];
static sa_footsteps_event hx_events[HX_N];

static void hx_fixture_sa_footsteps_job(sa_footsteps_job *s, size_t i) {
    (void)i;
    for (size_t k = 0; k < HX_N; ++k) {
        hx_touchdowns[k].phase = k % 2 ? 0.5f : 0.0f;
        hx_touchdowns[k].foot = k % 2;
        hx_step_layers[k].touchdowns = hx_touchdowns;
        hx_step_layers[k].touchdown_count = 2;
        hx_step_layers[k].weight = 0.5f;
        hx_surfaces[k] = SA_FOOTSTEPS_SURFACE_STONE;
        hx_layer_phase[k] = 0.25f;
    }
    *s = sa_footsteps_job_default();
    s->phase_from = 0.4f;
    s->phase_to = 0.6f;
    s->cycles = 0.0f;
    s->dt = 1.0f / 60.0f;
    s->layers = hx_step_layers;
    s->layer_count = 2;
    s->surfaces = hx_surfaces;
    s->surface_count = 2;
    s->out = hx_events;
    s->capacity = HX_N;
}

#include "hostile_walk.h"
#pragma GCC diagnostic pop

int main(int argc, char **argv) {
    /* Optional: walk only the functions whose names contain argv[1]. */
    const char *only = argc > 1 ? argv[1] : NULL;
    size_t walked = 0;
    for (size_t k = 0; k < HX_WALKER_COUNT; ++k) {
        if (only && !strstr(hx_walkers[k].name, only)) continue;
        const size_t before = hx_failures;
        hx_printed = 0;
        hx_walkers[k].walk();
        ++walked;
        if (hx_failures != before)
            fprintf(stderr, "hostile walk: %s: %zu broken promises\n", hx_walkers[k].name,
                    hx_failures - before);
    }
    printf("hostile walk: %zu functions, %zu calls, %zu broken promises\n", walked, hx_calls,
           hx_failures);
    if (!only && walked != HX_WALKER_COUNT) return 1;
    return hx_failures == 0 ? 0 : 1;
}
