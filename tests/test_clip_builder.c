#include "test_support.h"

#include <string.h>

#include <stickanim/clip_builder.h>

enum { J = 3, MAX_KEYS = 64 };

static const int32_t parents[J] = {-1, 0, 1};

/* The rest pose: each joint one unit above its parent, scale 1, no turn. */
static void make_rest(sa_transform *rest) {
    for (size_t j = 0; j < J; ++j)
        rest[j] = sa_transform_make(sa_v3(0, 1, 0), sa_quat_identity(), sa_v3(1, 1, 1));
}

/* ---- a reference sampler in double, written from glTF's rules, independent of the library -- */

typedef struct ref_q {
    double x, y, z, w;
} ref_q;

static ref_q ref_quat(const float *v) {
    const double n =
        sqrt((double)v[0] * v[0] + (double)v[1] * v[1] + (double)v[2] * v[2] + (double)v[3] * v[3]);
    ref_q q = {v[0] / n, v[1] / n, v[2] / n, v[3] / n};
    return q;
}

static ref_q ref_slerp(ref_q a, ref_q b, double u) {
    double d = a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w;
    if (d < 0) {
        b.x = -b.x, b.y = -b.y, b.z = -b.z, b.w = -b.w;
        d = -d;
    }
    if (d > 0.9999999) {
        ref_q r = {a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u, a.z + (b.z - a.z) * u,
                   a.w + (b.w - a.w) * u};
        const double n = sqrt(r.x * r.x + r.y * r.y + r.z * r.z + r.w * r.w);
        r.x /= n, r.y /= n, r.z /= n, r.w /= n;
        return r;
    }
    const double phi = acos(d), s = sin(phi);
    const double wa = sin((1 - u) * phi) / s, wb = sin(u * phi) / s;
    ref_q r = {wa * a.x + wb * b.x, wa * a.y + wb * b.y, wa * a.z + wb * b.z, wa * a.w + wb * b.w};
    return r;
}

/* The channel's value at time t, n components, into out[0 .. n) (rotations normalised). */
static void ref_sample(const sa_clip_builder_channel *c, double t, double *out) {
    const size_t n = c->path == SA_CLIP_BUILDER_PATH_ROTATION ? 4 : 3;
    const bool cubic = c->interpolation == SA_CLIP_BUILDER_INTERPOLATION_CUBICSPLINE;
    const size_t stride = cubic ? 3 * n : n, at = cubic ? n : 0;
    const size_t last = c->key_count - 1;
    size_t i = 0;
    while (i + 1 <= last && (double)c->times[i + 1] <= t)
        ++i;
    const float *a = c->values + i * stride + at;
    if (t <= (double)c->times[0] || i == last ||
        c->interpolation == SA_CLIP_BUILDER_INTERPOLATION_STEP) {
        if (t < (double)c->times[0]) a = c->values + at;
        for (size_t k = 0; k < n; ++k)
            out[k] = a[k];
        if (n == 4) {
            const ref_q q = ref_quat(a);
            out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
        }
        return;
    }
    const float *b = c->values + (i + 1) * stride + at;
    const double t0 = c->times[i], t1 = c->times[i + 1], u = (t - t0) / (t1 - t0);
    if (cubic) {
        const double seg = t1 - t0, u2 = u * u, u3 = u2 * u;
        double len = 0;
        for (size_t k = 0; k < n; ++k) {
            out[k] = (2 * u3 - 3 * u2 + 1) * a[k] + (u3 - 2 * u2 + u) * seg * a[n + k] +
                     (-2 * u3 + 3 * u2) * b[k] + (u3 - u2) * seg * b[k - n];
            len += out[k] * out[k];
        }
        if (n == 4)
            for (size_t k = 0; k < 4; ++k)
                out[k] /= sqrt(len);
        return;
    }
    if (n == 4) {
        const ref_q q = ref_slerp(ref_quat(a), ref_quat(b), u);
        out[0] = q.x, out[1] = q.y, out[2] = q.z, out[3] = q.w;
        return;
    }
    for (size_t k = 0; k < n; ++k)
        out[k] = a[k] + (b[k] - a[k]) * u;
}

/* Angle between a rotation and a double one, either sign. */
static double angle_to(sa_quat q, const double *r) {
    double d = fabs(q.x * r[0] + q.y * r[1] + q.z * r[2] + q.w * r[3]) / test_quat_length(q);
    d = d > 1 ? 1 : d;
    return 2 * acos(d);
}

static sa_clip_builder_channel channel(int32_t joint, sa_clip_builder_path path,
                                       sa_clip_builder_interpolation interp, const float *times,
                                       const float *values, size_t count) {
    sa_clip_builder_channel c;
    c.joint = joint;
    c.path = path;
    c.interpolation = interp;
    c.times = times;
    c.values = values;
    c.key_count = count;
    return c;
}

static void test_clip_builder_bad_input_is_rejected_with_a_status(void **state) {
    (void)state;
    sa_transform rest[J];
    make_rest(rest);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    const float times[3] = {0, 0.5f, 1};
    const float moves[9] = {0, 0, 0, 1, 0, 0, 2, 0, 0};
    const float turns[12] = {0, 0, 0, 1, 0, 0, 0.7071068f, 0.7071068f, 0, 0, 1, 0};
    sa_clip_builder_channel ch[2] = {channel(1, SA_CLIP_BUILDER_PATH_TRANSLATION,
                                             SA_CLIP_BUILDER_INTERPOLATION_LINEAR, times, moves, 3),
                                     channel(1, SA_CLIP_BUILDER_PATH_ROTATION,
                                             SA_CLIP_BUILDER_INTERPOLATION_LINEAR, times, turns,
                                             3)};
    sa_transform out[31 * J];
    const sa_transform poison =
        sa_transform_make(sa_v3(7, 7, 7), sa_quat_identity(), sa_v3(7, 7, 7));
    for (size_t i = 0; i < 31 * J; ++i)
        out[i] = poison;
    sa_clip clip, clip_before;
    memset(&clip, 0xAB, sizeof clip);
    clip_before = clip;

    sa_clip_builder_job good = sa_clip_builder_job_default();
    good.skeleton = &sk;
    good.channels = ch;
    good.channel_count = 2;
    good.clip = &clip;
    good.out = out;
    good.capacity = 31 * J;
    assert_int_equal(sa_clip_builder_validate(&good), SA_OK);
    assert_int_equal(sa_clip_builder_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_clip_builder_run(NULL), 0);

    /* Each broken job: its status, and a run that writes nothing and returns 0. */
    sa_clip_builder_job bad[32];
    sa_status why[32];
    sa_clip_builder_channel bad_ch[32][2];
    size_t count = 0;
#define BAD(status, edit)                                                                          \
    do {                                                                                           \
        bad[count] = good;                                                                         \
        bad_ch[count][0] = ch[0];                                                                  \
        bad_ch[count][1] = ch[1];                                                                  \
        bad[count].channels = bad_ch[count];                                                       \
        sa_clip_builder_job *job = &bad[count];                                                    \
        sa_clip_builder_channel *c = bad_ch[count];                                                \
        (void)job;                                                                                 \
        (void)c;                                                                                   \
        edit;                                                                                      \
        why[count++] = status;                                                                     \
    } while (0)
    const float unsorted[3] = {0, 0.6f, 0.5f};
    const float nan_time[3] = {0, NAN, 1};
    const float inf_move[9] = {0, 0, 0, INFINITY, 0, 0, 2, 0, 0};
    const float long_turn[12] = {0, 0, 0, 1, 0, 0, 0, 1.2f, 0, 0, 1, 0};  /* |q| = 1.2 */
    const float short_turn[12] = {0, 0, 0, 1, 0, 0, 0, 0.5f, 0, 0, 1, 0}; /* |q| = 0.5 */
    const float zero_turn[12] = {0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0};
    BAD(SA_ERR_NULL, job->skeleton = NULL);
    BAD(SA_ERR_NULL, job->channels = NULL);
    BAD(SA_ERR_NULL, c[0].times = NULL);
    BAD(SA_ERR_NULL, c[1].values = NULL);
    BAD(SA_ERR_COUNT, job->channel_count = 0);
    BAD(SA_ERR_COUNT, c[0].key_count = 0);
    BAD(SA_ERR_COUNT, c[0].key_count = SIZE_MAX); /* key_count * 12 bytes would overflow */
    BAD(SA_ERR_RANGE, c[0].joint = J);
    BAD(SA_ERR_RANGE, c[0].joint = -1);
    BAD(SA_ERR_RANGE, c[0].path = SA_CLIP_BUILDER_PATH_COUNT_);
    BAD(SA_ERR_RANGE, c[1].interpolation = (sa_clip_builder_interpolation)7);
    BAD(SA_ERR_RANGE, job->rate = -30);
    BAD(SA_ERR_RANGE, job->rate = NAN);
    BAD(SA_ERR_RANGE, job->rate = INFINITY);
    BAD(SA_ERR_RANGE, job->duration = -1);
    BAD(SA_ERR_RANGE, job->duration = NAN);
    BAD(SA_ERR_NOT_FINITE, job->start = NAN);
    BAD(SA_ERR_UNSORTED, c[0].times = unsorted);
    BAD(SA_ERR_NOT_FINITE, c[0].times = nan_time);
    BAD(SA_ERR_NOT_FINITE, c[0].values = inf_move);
    BAD(SA_ERR_RANGE, c[1].values = long_turn);
    BAD(SA_ERR_RANGE, c[1].values = short_turn);
    BAD(SA_ERR_RANGE, c[1].values = zero_turn);
    BAD(SA_ERR_MISMATCH, c[1].path = SA_CLIP_BUILDER_PATH_TRANSLATION; c[1].values = moves);
    BAD(SA_ERR_COUNT, job->rate = 1e6f; job->duration = 1e3f);
    BAD(SA_ERR_CAPACITY, job->capacity = 31 * J - 1);
    BAD(SA_ERR_CAPACITY, job->capacity = 0);
#undef BAD
    sa_transform rest_bad[J];
    make_rest(rest_bad);
    rest_bad[1].translation.y = NAN;
    sa_skeleton broken = sk;
    broken.rest = rest_bad;
    bad[count] = good;
    bad[count].skeleton = &broken;
    why[count++] = SA_ERR_NOT_FINITE; /* the skeleton's own error */
    for (size_t i = 0; i < count; ++i) {
        if (sa_clip_builder_validate(&bad[i]) != why[i])
            fail_msg("bad job %zu: %s, expected %s", i,
                     sa_status_string(sa_clip_builder_validate(&bad[i])), sa_status_string(why[i]));
        assert_int_equal(sa_clip_builder_run(&bad[i]), 0);
    }
    for (size_t i = 0; i < 31 * J; ++i)
        assert_memory_equal(&out[i], &poison, sizeof poison);
    assert_memory_equal(&clip, &clip_before, sizeof clip);

    /* The count-only call: 31 frames (1 s at 30, one-shot) × 3 joints, whatever the capacity. */
    sa_clip_builder_job ask = good;
    ask.out = NULL;
    ask.capacity = 0;
    assert_int_equal(sa_clip_builder_validate(&ask), SA_OK);
    assert_int_equal(sa_clip_builder_run(&ask), 31 * J);
    assert_memory_equal(&clip, &clip_before, sizeof clip);
    /* A key length 1.08 is rounding, not an error: normalised. */
    const float near_turn[12] = {0, 0, 0, 1.08f, 0, 0, 0.7071068f, 0.7071068f, 0, 0, 1, 0};
    sa_clip_builder_channel near[2] = {ch[0], ch[1]};
    near[1].values = near_turn;
    sa_clip_builder_job job = good;
    job.channels = near;
    assert_int_equal(sa_clip_builder_run(&job), 31 * J);
    assert_int_equal(sa_clip_validate(&clip), SA_OK);
    assert_near(test_quat_length(out[1].rotation), 1, 1e-6);
    assert_near(test_quat_angle(out[1].rotation, sa_quat_identity()), 0, 1e-6);
}

/* Keys 1/24 s apart (not floats exactly), built at 24 and 48 frames a second: every frame on a key
 * is that key, bit for bit; looping and not. */
static void test_clip_builder_reproduces_keys_exactly_on_frames(void **state) {
    (void)state;
    sa_transform rest[J];
    make_rest(rest);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    enum { K = 25 };
    static float times[K], moves[K * 3], turns[K * 4], scales[K * 3];
    test_rng r = test_rng_make(61);
    for (int k = 0; k < K; ++k) {
        times[k] = (float)k / 24.0f;
        const sa_vec3 v = test_rng_v3(&r, -1, 1);
        moves[3 * k] = v.x, moves[3 * k + 1] = v.y, moves[3 * k + 2] = v.z;
        const sa_quat q = test_rng_rotation(&r);
        turns[4 * k] = q.x, turns[4 * k + 1] = q.y, turns[4 * k + 2] = q.z, turns[4 * k + 3] = q.w;
        const sa_vec3 s = test_rng_v3(&r, 0.5f, 2);
        scales[3 * k] = s.x, scales[3 * k + 1] = s.y, scales[3 * k + 2] = s.z;
    }
    /* A looping source ends where it starts. */
    memcpy(&moves[3 * (K - 1)], &moves[0], 3 * sizeof(float));
    memcpy(&turns[4 * (K - 1)], &turns[0], 4 * sizeof(float));
    memcpy(&scales[3 * (K - 1)], &scales[0], 3 * sizeof(float));
    const sa_clip_builder_channel ch[3] = {
        channel(0, SA_CLIP_BUILDER_PATH_TRANSLATION, SA_CLIP_BUILDER_INTERPOLATION_LINEAR, times,
                moves, K),
        channel(1, SA_CLIP_BUILDER_PATH_ROTATION, SA_CLIP_BUILDER_INTERPOLATION_LINEAR, times,
                turns, K),
        channel(2, SA_CLIP_BUILDER_PATH_SCALE, SA_CLIP_BUILDER_INTERPOLATION_LINEAR, times, scales,
                K)};
    static sa_transform out[100 * J];
    for (int looping = 0; looping < 2; ++looping) {
        for (int mult = 1; mult <= 2; ++mult) {
            sa_clip clip;
            sa_clip_builder_job job = sa_clip_builder_job_default();
            job.skeleton = &sk;
            job.channels = ch;
            job.channel_count = 3;
            job.rate = 24.0f * (float)mult;
            job.looping = looping;
            job.clip = &clip;
            job.out = out;
            job.capacity = 100 * J;
            const size_t frames = looping ? 24 * (size_t)mult : 24 * (size_t)mult + 1;
            assert_int_equal(sa_clip_builder_run(&job), frames * J);
            assert_int_equal(clip.frame_count, frames);
            assert_near(sa_clip_duration(&clip), times[K - 1], 0);
            for (size_t f = 0; f < frames; f += (size_t)mult) {
                const size_t k = f / (size_t)mult;
                assert_memory_equal(&out[f * J + 0].translation, &moves[3 * k], 3 * sizeof(float));
                assert_memory_equal(&out[f * J + 1].rotation, &turns[4 * k], 4 * sizeof(float));
                assert_memory_equal(&out[f * J + 2].scale, &scales[3 * k], 3 * sizeof(float));
                /* The paths without a channel keep the rest pose. */
                assert_memory_equal(&out[f * J + 0].rotation, &rest[0].rotation, sizeof(sa_quat));
                assert_memory_equal(&out[f * J + 1].translation, &rest[1].translation,
                                    sizeof(sa_vec3));
                /* And the clip plays them: sampled at the key's time, the key. */
                sa_transform pose[J];
                assert_int_equal(sa_clip_sample_time(&clip, times[k], pose, J), J);
                assert_memory_equal(&pose[1].rotation, &turns[4 * k], 4 * sizeof(float));
            }
        }
    }
}

/* Uneven keys (a 0.2 s gap among 1/24 s steps), every interpolation, resampled at 30: the clip
 * stays within h·v/2 of the source at any time, h the frame spacing and v the fastest change. */
static void test_clip_builder_stays_within_its_bound_between_keys(void **state) {
    (void)state;
    sa_transform rest[J];
    make_rest(rest);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    static float times[MAX_KEYS], moves[MAX_KEYS * 9], turns[MAX_KEYS * 12];
    test_rng r = test_rng_make(62);
    size_t n = 0;
    float t = 0.0f;
    while (n < 30) {
        times[n++] = t;
        t += n == 10 ? 0.2f : 1.0f / 24.0f; /* the gap after the tenth key */
    }
    /* A smooth motion with noise: keys from sines, plus a little randomness. */
    for (size_t k = 0; k < n; ++k) {
        const double p = (double)times[k];
        for (size_t c = 0; c < 9; ++c)
            moves[9 * k + c] =
                (float)(0.5 * sin(3 * p + (double)c)) + test_rng_range(&r, -0.05f, 0.05f);
        const sa_quat q =
            sa_quat_from_axis_angle(sa_v3(1, test_rng_range(&r, -0.2f, 0.2f), 0.3f),
                                    (float)(1.2 * sin(4 * p)) + test_rng_range(&r, -0.05f, 0.05f));
        const sa_quat tangent = sa_quat_make(test_rng_range(&r, -0.3f, 0.3f), 0.1f, 0, 0.2f);
        turns[12 * k + 0] = tangent.x, turns[12 * k + 1] = tangent.y, turns[12 * k + 2] = tangent.z,
                       turns[12 * k + 3] = tangent.w;
        turns[12 * k + 4] = q.x, turns[12 * k + 5] = q.y, turns[12 * k + 6] = q.z,
                       turns[12 * k + 7] = q.w;
        turns[12 * k + 8] = -tangent.x, turns[12 * k + 9] = tangent.y,
                       turns[12 * k + 10] = tangent.z, turns[12 * k + 11] = tangent.w;
    }
    /* Plain keys for LINEAR and STEP, the same keys with tangents for CUBICSPLINE. */
    static float plain_moves[MAX_KEYS * 3], plain_turns[MAX_KEYS * 4];
    for (size_t k = 0; k < n; ++k) {
        memcpy(&plain_moves[3 * k], &moves[9 * k + 3], 3 * sizeof(float));
        memcpy(&plain_turns[4 * k], &turns[12 * k + 4], 4 * sizeof(float));
    }
    const sa_clip_builder_interpolation modes[3] = {SA_CLIP_BUILDER_INTERPOLATION_LINEAR,
                                                    SA_CLIP_BUILDER_INTERPOLATION_STEP,
                                                    SA_CLIP_BUILDER_INTERPOLATION_CUBICSPLINE};
    static sa_transform out[64 * J];
    for (int m = 0; m < 3; ++m) {
        for (int nl = 0; nl < 2; ++nl) {
            const bool cubic = modes[m] == SA_CLIP_BUILDER_INTERPOLATION_CUBICSPLINE;
            const sa_clip_builder_channel ch[2] = {
                channel(1, SA_CLIP_BUILDER_PATH_TRANSLATION, modes[m], times,
                        cubic ? moves : plain_moves, n),
                channel(2, SA_CLIP_BUILDER_PATH_ROTATION, modes[m], times,
                        cubic ? turns : plain_turns, n)};
            sa_clip clip;
            sa_clip_builder_job job = sa_clip_builder_job_default();
            job.skeleton = &sk;
            job.channels = ch;
            job.channel_count = 2;
            job.rate = 30.0f;
            job.nlerp = nl;
            job.clip = &clip;
            job.out = out;
            job.capacity = 64 * J;
            const size_t written = sa_clip_builder_run(&job);
            const double duration = (double)times[n - 1];
            const size_t frames = (size_t)floor(duration * 30 + 0.5) + 1;
            assert_int_equal(written, frames * J);
            assert_near(sa_clip_duration(&clip), times[n - 1], 0);
            const double h = duration / (double)(frames - 1);
            /* On frames: the source itself (up to float rounding, and nlerp's small error). */
            for (size_t f = 0; f < frames; ++f) {
                double want[4];
                if (modes[m] == SA_CLIP_BUILDER_INTERPOLATION_STEP) {
                    /* A frame on a key takes it; the reference needs telling (float key times). */
                    size_t k = 0;
                    while (k + 1 < n && (double)times[k + 1] <= (double)f * h + 1e-6)
                        ++k;
                    assert_memory_equal(&out[f * J + 1].translation, &plain_moves[3 * k],
                                        3 * sizeof(float));
                    continue;
                }
                ref_sample(&ch[0], (double)f * h, want);
                for (int c = 0; c < 3; ++c)
                    assert_near((&out[f * J + 1].translation.x)[c], want[c], 2e-6);
                ref_sample(&ch[1], (double)f * h, want);
                assert_true(angle_to(out[f * J + 2].rotation, want) < (nl ? 2e-3 : 2e-5));
            }
            /* Between frames: the fastest change between two keys, densely measured. */
            double v_move = 0, v_turn = 0;
            for (double s = 0; s < duration; s += 1e-3) {
                double a[4], b[4];
                ref_sample(&ch[0], s, a);
                ref_sample(&ch[0], s + 1e-4, b);
                const double dm =
                    sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) +
                         (a[2] - b[2]) * (a[2] - b[2])) /
                    1e-4;
                v_move = dm > v_move ? dm : v_move;
                ref_sample(&ch[1], s, a);
                ref_sample(&ch[1], s + 1e-4, b);
                const double dot = fabs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
                const double dt = 2 * acos(dot > 1 ? 1 : dot) / 1e-4;
                v_turn = dt > v_turn ? dt : v_turn;
            }
            if (modes[m] == SA_CLIP_BUILDER_INTERPOLATION_STEP)
                continue; /* steps: one-frame ramps */
            double worst_move = 0, worst_turn = 0;
            for (int i = 0; i <= 4000; ++i) {
                const double s = duration * i / 4000.0;
                sa_transform pose[J];
                assert_int_equal(sa_clip_sample_time(&clip, (float)s, pose, J), J);
                double want[4];
                ref_sample(&ch[0], s, want);
                const double dm = sqrt(pow(pose[1].translation.x - want[0], 2) +
                                       pow(pose[1].translation.y - want[1], 2) +
                                       pow(pose[1].translation.z - want[2], 2));
                worst_move = dm > worst_move ? dm : worst_move;
                ref_sample(&ch[1], s, want);
                const double dt = angle_to(pose[2].rotation, want);
                worst_turn = dt > worst_turn ? dt : worst_turn;
            }
            /* The float time of a sample is off by up to 1e-7 s: a little slack for it. */
            assert_true(worst_move <= h * v_move / 2 + 1e-5);
            assert_true(worst_turn <= h * v_turn / 2 + (nl ? 3e-3 : 1e-4));
            /* And the bound is not loose: the worst is at least a fifth of it. */
            assert_true(worst_move > h * v_move / 10);
        }
    }
}

/* A walk of 1.0333 s built at 30 frames a second lasts 1.0333 s, not 31/30 or 32/30 s. */
static void test_clip_builder_keeps_the_exact_duration(void **state) {
    (void)state;
    sa_transform rest[J];
    make_rest(rest);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    const float durations[] = {1.0333f, 0.9833f, 1.0f, 0.4f, 2.71828f};
    for (size_t i = 0; i < sizeof durations / sizeof durations[0]; ++i) {
        const float d = durations[i];
        const float times[3] = {0, 0.5f * d, d};
        const float moves[9] = {0, 0, 0, 1, 0, 0, 0, 0, 0}; /* out and back: loops cleanly */
        const sa_clip_builder_channel ch =
            channel(0, SA_CLIP_BUILDER_PATH_TRANSLATION, SA_CLIP_BUILDER_INTERPOLATION_LINEAR,
                    times, moves, 3);
        for (int looping = 0; looping < 2; ++looping) {
            static sa_transform out[100 * J];
            sa_clip clip;
            sa_clip_builder_job job = sa_clip_builder_job_default();
            job.skeleton = &sk;
            job.channels = &ch;
            job.channel_count = 1;
            job.rate = 30.0f;
            job.looping = looping;
            job.clip = &clip;
            job.out = out;
            job.capacity = 100 * J;
            assert_true(sa_clip_builder_run(&job) > 0);
            const double steps = floor((double)d * 30 + 0.5);
            assert_int_equal(clip.frame_count, looping ? (size_t)steps : (size_t)steps + 1);
            assert_true(clip.duration == d);
            assert_true(sa_clip_duration(&clip) == d);
            /* The frames' spacing is within half a frame of 30 over the clip. */
            assert_near((double)clip.rate * d, steps, 1e-4);
            assert_true(fabs((double)clip.rate - 30) * d <= 0.5 + 1e-4);
            /* Half-way it is out (1, 0, 0), at the end back at the start. */
            sa_transform pose[J];
            assert_int_equal(sa_clip_sample_time(&clip, 0.5f * d, pose, J), J);
            assert_near(pose[0].translation.x, 1, 1.0 / steps + 1e-6); /* h·v/2 = 1/steps */
            assert_int_equal(sa_clip_sample_phase(&clip, 0.5f, pose, J), J);
            assert_near(pose[0].translation.x, 1, 1.0 / steps + 1e-6);
            assert_int_equal(sa_clip_sample_time(&clip, d, pose, J), J);
            assert_near(pose[0].translation.x, 0, 1e-5);
            /* A loop wraps at d exactly: d and 2d are its start again. */
            if (looping) {
                assert_int_equal(sa_clip_sample_time(&clip, 2 * d + 0.25f * d, pose, J), J);
                assert_near(pose[0].translation.x, 0.5, 1.0 / steps + 1e-6);
            }
        }
    }
    /* An explicit start and duration cut a piece of the time line; the clip keeps that length. */
    const float times[2] = {0, 2};
    const float moves[6] = {0, 0, 0, 2, 0, 0};
    const sa_clip_builder_channel ch = channel(
        0, SA_CLIP_BUILDER_PATH_TRANSLATION, SA_CLIP_BUILDER_INTERPOLATION_LINEAR, times, moves, 2);
    static sa_transform out[100 * J];
    sa_clip clip;
    sa_clip_builder_job job = sa_clip_builder_job_default();
    job.skeleton = &sk;
    job.channels = &ch;
    job.channel_count = 1;
    job.start = 0.5f;
    job.duration = 1.0f;
    job.clip = &clip;
    job.out = out;
    job.capacity = 100 * J;
    assert_int_equal(sa_clip_builder_run(&job), 31 * J);
    assert_near(out[0].translation.x, 0.5, 1e-6);
    assert_near(out[30 * J].translation.x, 1.5, 1e-6);
    assert_true(sa_clip_duration(&clip) == 1.0f);
    /* No key after the start: one frame, a still pose. */
    job.start = 5.0f;
    job.duration = 0.0f;
    assert_int_equal(sa_clip_builder_run(&job), J);
    assert_near(out[0].translation.x, 2, 0);
    assert_int_equal(clip.frame_count, 1);
    assert_near(sa_clip_duration(&clip), 0, 0);
}

/* Duplicated end keys collapse; a looping source whose last key repeats its first has no repeated
 * frame and wraps without a pop; two keys at one time are a jump, the later one from then on. */
static void test_clip_builder_collapses_duplicated_end_keys(void **state) {
    (void)state;
    sa_transform rest[J];
    make_rest(rest);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    /* A swing of 24 keys over 1 s, its last key (at 1 s) the same as its first, then that last
     * key written twice more, as some exporters do. */
    enum { K = 27 };
    float times[K], turns[K * 4];
    for (int k = 0; k < 25; ++k) {
        times[k] = (float)k / 24.0f;
        const sa_quat q =
            sa_quat_from_axis_angle(sa_v3(1, 0, 0), 0.8f * sinf(2 * SA_PI * (float)k / 24.0f));
        turns[4 * k] = q.x, turns[4 * k + 1] = q.y, turns[4 * k + 2] = q.z, turns[4 * k + 3] = q.w;
    }
    for (int k = 25; k < K; ++k) {
        times[k] = times[24];
        memcpy(&turns[4 * k], &turns[4 * 24], sizeof(float) * 4);
    }
    const sa_clip_builder_channel ch = channel(
        1, SA_CLIP_BUILDER_PATH_ROTATION, SA_CLIP_BUILDER_INTERPOLATION_LINEAR, times, turns, K);
    static sa_transform out[64 * J];
    sa_clip clip;
    sa_clip_builder_job job = sa_clip_builder_job_default();
    job.skeleton = &sk;
    job.channels = &ch;
    job.channel_count = 1;
    job.rate = 30.0f;
    job.looping = true;
    job.clip = &clip;
    job.out = out;
    job.capacity = 64 * J;
    assert_int_equal(sa_clip_builder_run(&job), 30 * J);
    assert_int_equal(clip.frame_count, 30);
    assert_true(sa_clip_duration(&clip) == 1.0f);
    /* No frame repeats the first one at the end. */
    assert_true(test_quat_angle(out[29 * J + 1].rotation, out[1].rotation) > 0.1);
    /* At 120 samples a second across three cycles, no step is bigger than the source's own. */
    sa_transform prev[J], pose[J];
    assert_int_equal(sa_clip_sample_time(&clip, 0, prev, J), J);
    const double fastest = 0.8 * 2 * 3.14159265358979 / 120; /* the swing's peak rate per step */
    for (int i = 1; i <= 360; ++i) {
        assert_int_equal(sa_clip_sample_time(&clip, (float)i / 120.0f, pose, J), J);
        assert_true(test_quat_angle(pose[1].rotation, prev[1].rotation) <= fastest * 1.02);
        memcpy(prev, pose, sizeof pose);
    }

    /* A jump in the middle: keys 0 → 1 over [0, 0.5], then two keys at 0.5 (1, then 3), then
     * steady at 3. At 0.5 exactly the later key; just before, the ramp's end. */
    const float jt[4] = {0, 0.5f, 0.5f, 1};
    const float jv[12] = {0, 0, 0, 1, 0, 0, 3, 0, 0, 3, 0, 0};
    const sa_clip_builder_channel jump = channel(0, SA_CLIP_BUILDER_PATH_TRANSLATION,
                                                 SA_CLIP_BUILDER_INTERPOLATION_LINEAR, jt, jv, 4);
    job.channels = &jump;
    job.looping = false;
    job.rate = 10.0f;
    assert_int_equal(sa_clip_builder_run(&job), 11 * J);
    assert_near(out[4 * J].translation.x, 0.8, 1e-6);
    assert_near(out[5 * J].translation.x, 3, 0);
    assert_near(out[6 * J].translation.x, 3, 0);
}

/* STEP holds each key until the next: every frame shows the last key at or before its time. */
static void test_clip_builder_step_holds_each_key(void **state) {
    (void)state;
    sa_transform rest[J];
    make_rest(rest);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    const float times[5] = {0.1f, 0.25f, 0.4f, 0.7f, 0.75f};
    const float scales[15] = {1, 1, 1, 2, 1, 1, 2, 3, 1, 1, 1, 4, 0.5f, 0.5f, 0.5f};
    const float turns[20] = {0, 0, 0,    1,    0.7071068f, 0,    0, 0.7071068f, 0, 1,
                             0, 0, 0.5f, 0.5f, 0.5f,       0.5f, 0, 0,          1, 0};
    const sa_clip_builder_channel ch[2] = {
        channel(2, SA_CLIP_BUILDER_PATH_SCALE, SA_CLIP_BUILDER_INTERPOLATION_STEP, times, scales,
                5),
        channel(2, SA_CLIP_BUILDER_PATH_ROTATION, SA_CLIP_BUILDER_INTERPOLATION_STEP, times, turns,
                5)};
    static sa_transform out[64 * J];
    sa_clip_builder_job job = sa_clip_builder_job_default();
    job.skeleton = &sk;
    job.channels = ch;
    job.channel_count = 2;
    job.rate = 40.0f;
    job.duration = 1.0f;
    job.out = out;
    job.capacity = 64 * J;
    assert_int_equal(sa_clip_builder_run(&job), 41 * J);
    for (size_t f = 0; f <= 40; ++f) {
        const double t = (double)f / 40.0;
        size_t k = 0;
        while (k + 1 < 5 && (double)times[k + 1] <= t + 1e-6) /* a frame on a key takes it */
            ++k;
        assert_memory_equal(&out[f * J + 2].scale, &scales[3 * k], 3 * sizeof(float));
        assert_memory_equal(&out[f * J + 2].rotation, &turns[4 * k], 4 * sizeof(float));
    }
}

/* glTF's cubic spline: on keys the key's value; between them the Hermite curve, with tangents
 * scaled by the key interval (checked against the double reference in the bound test too). */
static void test_clip_builder_cubic_spline_follows_its_tangents(void **state) {
    (void)state;
    sa_transform rest[J];
    make_rest(rest);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    /* y(t) = t³ on [0, 2] as a Hermite spline through keys 0, 1, 2: values t³, tangents 3t². */
    const float times[3] = {0, 1, 2};
    const float values[27] = {0, 0,  0, 0, 0, 0, 0, 0,  0, /* in, value, out at 0 */
                              0, 3,  0, 0, 1, 0, 0, 3,  0, /* at 1 */
                              0, 12, 0, 0, 8, 0, 0, 12, 0};
    const sa_clip_builder_channel ch =
        channel(0, SA_CLIP_BUILDER_PATH_TRANSLATION, SA_CLIP_BUILDER_INTERPOLATION_CUBICSPLINE,
                times, values, 3);
    static sa_transform out[64 * J];
    sa_clip_builder_job job = sa_clip_builder_job_default();
    job.skeleton = &sk;
    job.channels = &ch;
    job.channel_count = 1;
    job.rate = 10.0f;
    job.out = out;
    job.capacity = 64 * J;
    assert_int_equal(sa_clip_builder_run(&job), 21 * J);
    for (size_t f = 0; f <= 20; ++f) {
        const double t = (double)f / 10.0;
        assert_near(out[f * J].translation.y, t * t * t, 1e-5); /* a cubic is reproduced exactly */
        assert_near(out[f * J].translation.x, 0, 0);
    }
}

/* A step (two keys at one time, glTF's way of writing a jump in a LINEAR channel): a frame that
 * lands a rounding error before the step snaps to the value after it, not to the earlier key or a
 * blend of the two. */
static void test_clip_builder_frame_just_before_a_step_takes_the_later_key(void **state) {
    (void)state;
    sa_transform rest[J];
    make_rest(rest);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    const float times[4] = {0.0f, 1.0f, 1.0f, 2.0f};
    const float moves[12] = {0, 0, 0, 10, 0, 0, 20, 0, 0, 30, 0, 0};
    const sa_clip_builder_channel ch = channel(
        0, SA_CLIP_BUILDER_PATH_TRANSLATION, SA_CLIP_BUILDER_INTERPOLATION_LINEAR, times, moves, 4);
    static sa_transform out[61 * J];
    sa_clip clip;
    sa_clip_builder_job job = sa_clip_builder_job_default();
    job.skeleton = &sk;
    job.channels = &ch;
    job.channel_count = 1;
    job.rate = 30.0f;
    job.start = -5e-5f; /* frame 30 falls at 0.99995 s, within the snap of the step at 1 s */
    job.duration = 2.0f;
    job.clip = &clip;
    job.out = out;
    job.capacity = 61 * J;
    assert_int_equal(sa_clip_builder_run(&job), 61 * J);
    assert_true(out[30 * J].translation.x == 20.0f);
    assert_near(out[29 * J].translation.x, 10.0 * (29.0 / 30.0 - 5e-5), 1e-4);
    assert_near(out[31 * J].translation.x, 20.0 + 10.0 * (1.0 / 30.0 - 5e-5), 1e-4);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clip_builder_frame_just_before_a_step_takes_the_later_key),
        cmocka_unit_test(test_clip_builder_bad_input_is_rejected_with_a_status),
        cmocka_unit_test(test_clip_builder_reproduces_keys_exactly_on_frames),
        cmocka_unit_test(test_clip_builder_stays_within_its_bound_between_keys),
        cmocka_unit_test(test_clip_builder_keeps_the_exact_duration),
        cmocka_unit_test(test_clip_builder_collapses_duplicated_end_keys),
        cmocka_unit_test(test_clip_builder_step_holds_each_key),
        cmocka_unit_test(test_clip_builder_cubic_spline_follows_its_tangents),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
