#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/clip.h>

enum { J = 4, N = 30 };

/* Frame f, joint j: translation x = f + 10·j, rotation f·0.1 rad about z (+ j·0.3), scale 1. */
static void make_frames(sa_transform *frames, size_t n) {
    for (size_t f = 0; f < n; ++f) {
        for (size_t j = 0; j < J; ++j) {
            frames[f * J + j] = sa_transform_make(
                sa_v3((float)f + 10.0f * (float)j, 1, 0),
                sa_quat_from_axis_angle(sa_v3(0, 0, 1), (float)f * 0.1f + (float)j * 0.3f),
                sa_v3(1, 1, 1));
        }
    }
}

static void test_clip_bad_input_is_rejected_or_safe(void **state) {
    (void)state;
    static sa_transform frames[N * J];
    make_frames(frames, N);
    sa_clip c, untouched;
    memset(&untouched, 0xCD, sizeof untouched);
    c = untouched;
    assert_int_equal(sa_clip_init(NULL, frames, N, J, 30, true), SA_ERR_NULL);
    assert_int_equal(sa_clip_init(&c, NULL, N, J, 30, true), SA_ERR_NULL);
    assert_int_equal(sa_clip_init(&c, frames, 0, J, 30, true), SA_ERR_COUNT);
    assert_int_equal(sa_clip_init(&c, frames, N, 0, 30, true), SA_ERR_COUNT);
    assert_int_equal(sa_clip_init(&c, frames, N, SA_SKELETON_MAX_JOINTS + 1, 30, true),
                     SA_ERR_TOO_MANY_JOINTS);
    assert_int_equal(sa_clip_init(&c, frames, SIZE_MAX / 2, J, 30, true), SA_ERR_COUNT);
    assert_int_equal(sa_clip_init(&c, frames, N, J, -30, true), SA_ERR_RANGE);
    assert_int_equal(sa_clip_init(&c, frames, N, J, NAN, true), SA_ERR_RANGE);
    assert_int_equal(sa_clip_init(&c, frames, N, J, INFINITY, true), SA_ERR_RANGE);
    assert_memory_equal(&c, &untouched, sizeof c);
    assert_int_equal(sa_clip_init(&c, frames, N, J, 0, true), SA_OK); /* 0: the default rate */
    assert_near(sa_clip_duration(&c), 1.0, 1e-6);                     /* 30 frames at 30/s */

    /* Markers: unsorted, out of [0, 1), NaN, NULL with a count. */
    const sa_clip_touchdown unsorted[] = {{0.5f, 0}, {0.2f, 1}};
    const sa_clip_touchdown one[] = {{1.0f, 0}};
    const sa_clip_touchdown nan_phase[] = {{NAN, 0}};
    const sa_clip_touchdown negative[] = {{-0.1f, 0}};
    const sa_clip_touchdown good[] = {{0.0f, 0}, {0.5f, 1}, {0.5f, 0}};
    assert_int_equal(sa_clip_set_touchdowns(NULL, good, 3), SA_ERR_NULL);
    assert_int_equal(sa_clip_set_touchdowns(&c, NULL, 2), SA_ERR_NULL);
    assert_int_equal(sa_clip_set_touchdowns(&c, unsorted, 2), SA_ERR_UNSORTED);
    assert_int_equal(sa_clip_set_touchdowns(&c, one, 1), SA_ERR_RANGE);
    assert_int_equal(sa_clip_set_touchdowns(&c, nan_phase, 1), SA_ERR_RANGE);
    assert_int_equal(sa_clip_set_touchdowns(&c, negative, 1), SA_ERR_RANGE);
    assert_int_equal(c.touchdown_count, 0);
    assert_int_equal(sa_clip_set_touchdowns(&c, good, 3), SA_OK); /* equal phases are fine */
    assert_int_equal(c.touchdown_count, 3);
    assert_int_equal(sa_clip_set_touchdowns(&c, NULL, 0), SA_OK);
    assert_null(c.touchdowns);

    /* A clip broken by hand is caught by every user. */
    sa_clip broken = c;
    broken.touchdowns = unsorted;
    broken.touchdown_count = 2;
    assert_int_equal(sa_clip_validate(&broken), SA_ERR_UNSORTED);
    assert_int_equal(sa_clip_validate(NULL), SA_ERR_NULL);
    assert_near(sa_clip_duration(&broken), 0, 0);
    assert_near(sa_clip_duration(NULL), 0, 0);
    sa_transform out[J], before[J];
    memset(out, 0, sizeof out);
    memcpy(before, out, sizeof out);
    /* Sampling an invalid clip writes nothing and returns 0, also for the count-only call. */
    assert_int_equal(sa_clip_sample_time(&broken, 0.5f, out, J), 0);
    assert_int_equal(sa_clip_sample_time(&broken, 0.5f, NULL, 0), 0);
    assert_int_equal(sa_clip_sample_phase(NULL, 0.5f, out, J), 0);
    assert_int_equal(sa_clip_sample_phase(NULL, 0.5f, NULL, 0), 0);
    assert_memory_equal(out, before, sizeof out);
    /* A valid clip: the count-only call gives the joint count, whatever the capacity; a capacity
     * one short writes nothing; one more than needed writes the pose and nothing past it. */
    assert_int_equal(sa_clip_sample_time(&c, 0.5f, NULL, 0), J);
    assert_int_equal(sa_clip_sample_phase(&c, 0.5f, NULL, 1), J);
    assert_int_equal(sa_clip_sample_time(&c, 0.5f, out, J - 1), 0);
    assert_int_equal(sa_clip_sample_phase(&c, 0.5f, out, 0), 0);
    assert_memory_equal(out, before, sizeof out);
    sa_transform wide[J + 1];
    memset(wide, 0x3C, sizeof wide);
    const sa_transform past = wide[J];
    assert_int_equal(sa_clip_sample_time(&c, 0.0f, wide, J + 1), J);
    assert_memory_equal(wide, frames, J * sizeof wide[0]);
    assert_memory_equal(&wide[J], &past, sizeof past);

    /* Bad times: NaN is 0; a loop takes 0 for infinities, a one-shot its ends. */
    assert_int_equal(sa_clip_sample_time(&c, NAN, out, J), J);
    assert_memory_equal(out, frames, sizeof out);
    assert_int_equal(sa_clip_sample_time(&c, INFINITY, out, J), J);
    assert_memory_equal(out, frames, sizeof out);
    assert_int_equal(sa_clip_sample_phase(&c, -INFINITY, out, J), J);
    assert_memory_equal(out, frames, sizeof out);
    sa_clip once;
    assert_int_equal(sa_clip_init(&once, frames, N, J, 30, false), SA_OK);
    assert_int_equal(sa_clip_sample_time(&once, INFINITY, out, J), J);
    assert_memory_equal(out, frames + (N - 1) * J, sizeof out);
    assert_int_equal(sa_clip_sample_time(&once, -INFINITY, out, J), J);
    assert_memory_equal(out, frames, sizeof out);
    assert_int_equal(sa_clip_sample_phase(&once, NAN, out, J), J);
    assert_memory_equal(out, frames, sizeof out);

    /* Frames with NaN in them still sample to finite, unit transforms. */
    static sa_transform dirty[N * J];
    memcpy(dirty, frames, sizeof dirty);
    test_rng r = test_rng_make(51);
    for (size_t i = 0; i < N * J; ++i) {
        float *f = &dirty[i].translation.x;
        for (int k = 0; k < 10; ++k) {
            if (test_rng_next(&r) % 4 == 0) f[k] = test_rng_nasty(&r);
        }
    }
    sa_clip d;
    assert_int_equal(sa_clip_init(&d, dirty, N, J, 30, true), SA_OK);
    for (int i = 0; i < 2000; ++i) {
        assert_int_equal(sa_clip_sample_time(&d, test_rng_range(&r, -3, 3), out, J), J);
        for (size_t j = 0; j < J; ++j) {
            assert_true(sa_transform_is_finite(out[j]));
            assert_near(test_quat_length(out[j].rotation), 1, 1e-5);
        }
    }

    /* Measuring touchdowns with bad input. */
    const int32_t parents[J] = {-1, 0, 0, 0};
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, frames, NULL, J), SA_OK);
    const int32_t feet[] = {1, 2};
    const int32_t bad_feet[] = {1, J};
    sa_clip_touchdown marks[4], marks_before[4];
    memset(marks, 0x5A, sizeof marks);
    memcpy(marks_before, marks, sizeof marks);
    /* Bad input measures nothing: 0 written, and 0 from the count-only call. */
    assert_int_equal(sa_clip_measure_touchdowns(NULL, &sk, feet, 2, NULL, marks, 4), 0);
    assert_int_equal(sa_clip_measure_touchdowns(&c, NULL, feet, 2, NULL, marks, 4), 0);
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, NULL, 2, 0, marks, 4), 0);
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 0, NULL, marks, 4), 0);
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, bad_feet, 2, NULL, marks, 4), 0);
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, bad_feet, 2, NULL, NULL, 0), 0);
    /* Configs that do not validate measure nothing either. */
    const sa_clip_touchdown_config def = sa_clip_touchdown_config_default();
    assert_int_equal(sa_clip_touchdown_config_validate(&def), SA_OK);
    assert_int_equal(sa_clip_touchdown_config_validate(NULL), SA_ERR_NULL);
    sa_clip_touchdown_config bad[8];
    for (int i = 0; i < 8; ++i)
        bad[i] = def;
    bad[0].down = 1.0f;          /* relative band of 1 (up below it) */
    bad[1].down = NAN;           /* not finite */
    bad[2].down = -0.1f;         /* negative */
    bad[3].up = 0.05f;           /* up below down */
    bad[4].up = 1.0f;            /* relative up band of 1 */
    bad[5].min_air_time = -1.0f; /* negative air time */
    bad[6].min_lift = INFINITY;  /* not finite */
    bad[7].down = 0.0f;          /* no band */
    const sa_status why[8] = {SA_ERR_RANGE, SA_ERR_NOT_FINITE, SA_ERR_RANGE,      SA_ERR_RANGE,
                              SA_ERR_RANGE, SA_ERR_RANGE,      SA_ERR_NOT_FINITE, SA_ERR_RANGE};
    for (int i = 0; i < 8; ++i) {
        assert_int_equal(sa_clip_touchdown_config_validate(&bad[i]), why[i]);
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, &bad[i], marks, 4), 0);
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, &bad[i], NULL, 0), 0);
    }
    /* An up band of 1 or more is fine in model units. */
    sa_clip_touchdown_config metres = bad[4];
    metres.absolute = true;
    assert_int_equal(sa_clip_touchdown_config_validate(&metres), SA_OK);
    assert_int_equal(sa_clip_measure_touchdowns(&broken, &sk, feet, 2, NULL, marks, 4), 0);
    sa_clip still;
    assert_int_equal(sa_clip_init(&still, frames, 1, J, 30, true), SA_OK);
    assert_int_equal(sa_clip_measure_touchdowns(&still, &sk, feet, 2, NULL, marks, 4), 0);
    assert_int_equal(sa_clip_measure_touchdowns(&still, &sk, feet, 2, NULL, NULL, 0), 0);
    sa_skeleton small;
    assert_int_equal(sa_skeleton_init(&small, parents, frames, NULL, J - 1), SA_OK);
    assert_int_equal(sa_clip_measure_touchdowns(&c, &small, feet, 2, NULL, marks, 4), 0);
    assert_memory_equal(marks, marks_before, sizeof marks);
}

static void test_clip_sample_gives_frames_exactly_and_interpolates_between(void **state) {
    (void)state;
    static sa_transform frames[N * J];
    make_frames(frames, N);
    sa_clip c;
    assert_int_equal(sa_clip_init(&c, frames, N, J, 30, true), SA_OK);
    sa_transform out[J];
    for (size_t f = 0; f < N; ++f) {
        /* At each frame's time (as a float, not exact), that frame, unchanged. */
        assert_int_equal(sa_clip_sample_time(&c, (float)f / 30.0f, out, J), J);
        assert_memory_equal(out, frames + f * J, sizeof out);
        assert_int_equal(sa_clip_sample_phase(&c, (float)f / (float)N, out, J), J);
        assert_memory_equal(out, frames + f * J, sizeof out);
    }
    test_rng r = test_rng_make(52);
    for (int i = 0; i < 5000; ++i) {
        const float time = test_rng_range(&r, 0, (N - 1) / 30.0f);
        assert_int_equal(sa_clip_sample_time(&c, time, out, J), J);
        const double pos = (double)time * 30.0; /* in frames */
        for (size_t j = 0; j < J; ++j) {
            /* Linear in translation; the rotation turns at the frames' rate about z. */
            assert_near(out[j].translation.x, pos + 10.0 * (double)j, 1e-4);
            assert_near(out[j].translation.y, 1, 0);
            const double want = pos * 0.1 + (double)j * 0.3;
            const sa_quat wq = sa_quat_from_axis_angle(sa_v3(0, 0, 1), (float)want);
            assert_near(test_quat_angle(out[j].rotation, wq), 0,
                        1e-4); /* nlerp: tiny error between frames */
            assert_near(test_quat_length(out[j].rotation), 1, 1e-6);
        }
    }
}

static void test_clip_looping_wraps_and_one_shot_holds(void **state) {
    (void)state;
    static sa_transform frames[N * J];
    make_frames(frames, N);
    sa_clip loop, once;
    assert_int_equal(sa_clip_init(&loop, frames, N, J, 30, true), SA_OK);
    assert_int_equal(sa_clip_init(&once, frames, N, J, 30, false), SA_OK);
    assert_near(sa_clip_duration(&loop), 1.0, 1e-6);         /* N / rate */
    assert_near(sa_clip_duration(&once), 29.0 / 30.0, 1e-6); /* (N − 1) / rate */
    sa_transform a[J], b[J];
    /* Halfway from the last frame to the first: the loop blends across the wrap. */
    assert_int_equal(sa_clip_sample_time(&loop, (N - 0.5f) / 30.0f, a, J), J);
    for (size_t j = 0; j < J; ++j) {
        const double last = frames[(N - 1) * J + j].translation.x, first = frames[j].translation.x;
        assert_near(a[j].translation.x, 0.5 * (last + first), 1e-4);
        assert_near(test_quat_angle(a[j].rotation, frames[(N - 1) * J + j].rotation),
                    test_quat_angle(a[j].rotation, frames[j].rotation), 1e-4);
    }
    test_rng r = test_rng_make(53);
    for (int i = 0; i < 3000; ++i) {
        const float t = test_rng_range(&r, 0, 1);
        const float k = (float)(int)test_rng_range(&r, -4, 5);
        /* Whole cycles later or earlier: the same pose; phase and time agree. */
        assert_int_equal(sa_clip_sample_time(&loop, t, a, J), J);
        assert_int_equal(sa_clip_sample_time(&loop, t + k, b, J), J);
        for (size_t j = 0; j < J; ++j) {
            assert_near(sa_v3_distance(a[j].translation, b[j].translation), 0, 2e-4);
            assert_near(test_quat_angle(a[j].rotation, b[j].rotation), 0, 1e-4);
        }
        assert_int_equal(sa_clip_sample_phase(&loop, t + k, b, J), J);
        for (size_t j = 0; j < J; ++j)
            assert_near(sa_v3_distance(a[j].translation, b[j].translation), 0, 2e-4);
        /* A one-shot holds its first frame before 0 and its last after the end. */
        assert_int_equal(sa_clip_sample_time(&once, -t - 0.01f, a, J), J);
        assert_memory_equal(a, frames, sizeof a);
        assert_int_equal(sa_clip_sample_time(&once, 29.0f / 30.0f + t, a, J), J);
        assert_memory_equal(a, frames + (N - 1) * J, sizeof a);
        assert_int_equal(sa_clip_sample_phase(&once, 1 + t, a, J), J);
        assert_memory_equal(a, frames + (N - 1) * J, sizeof a);
        /* Phase of a one-shot spans (N − 1) frames. */
        assert_int_equal(sa_clip_sample_phase(&once, t, a, J), J);
        assert_near(a[0].translation.x, (double)t * (N - 1), 2e-4);
    }
}

static void test_clip_sampling_never_pops_across_the_wrap(void **state) {
    (void)state;
    /* A walk-like loop whose joints swing back and forth: at 60 fps, no sample differs from the
     * previous one by more than the largest step between neighbouring frames. */
    static sa_transform frames[N * J];
    for (size_t f = 0; f < N; ++f) {
        const double p = 2 * 3.14159265358979 * (double)f / N;
        for (size_t j = 0; j < J; ++j) {
            frames[f * J + j] = sa_transform_make(
                sa_v3(0, (float)(0.05 * cos(2 * p)), 0),
                sa_quat_from_axis_angle(sa_v3(1, 0, 0), (float)(0.6 * sin(p + (double)j))),
                sa_v3(1, 1, 1));
        }
    }
    sa_clip c;
    assert_int_equal(sa_clip_init(&c, frames, N, J, 30, true), SA_OK);
    double worst_frame_step = 0;
    for (size_t f = 0; f < N; ++f) {
        for (size_t j = 0; j < J; ++j) {
            const double d =
                test_quat_angle(frames[f * J + j].rotation, frames[((f + 1) % N) * J + j].rotation);
            worst_frame_step = d > worst_frame_step ? d : worst_frame_step;
        }
    }
    sa_transform prev[J], out[J];
    assert_int_equal(sa_clip_sample_time(&c, 0, prev, J), J);
    for (int k = 1; k <= 60 * 3; ++k) {
        assert_int_equal(sa_clip_sample_time(&c, (float)k / 60.0f, out, J), J);
        for (size_t j = 0; j < J; ++j) {
            /* Half a frame's worth per 60 fps tick, a little slack for nlerp. */
            assert_true(test_quat_angle(out[j].rotation, prev[j].rotation) <=
                        0.55 * worst_frame_step + 1e-5);
        }
        memcpy(prev, out, sizeof out);
    }
}

/* A hip that bobs, two feet under it: each foot is on the ground (model height 0) for half the
 * cycle and swings up to 0.2 in the other half; the right foot half a cycle later. The feet's
 * local heights include the hip's bob, so only their model-space height is clean. */
static float foot_model_height(double phase) {
    phase -= floor(phase);
    return phase < 0.5 ? 0.0f : (float)(0.2 * sin(3.14159265358979 * (phase - 0.5) / 0.5));
}

static void make_walk(sa_transform *frames, size_t n, int32_t *parents) {
    parents[0] = -1; /* hip */
    parents[1] = 0;  /* left foot */
    parents[2] = 0;  /* right foot */
    parents[3] = 1;  /* left toe */
    const sa_quat turn =
        sa_quat_from_axis_angle(sa_v3(0, 1, 0), 0.7f); /* hip yaw: no height change */
    for (size_t f = 0; f < n; ++f) {
        const double p = (double)f / (double)n;
        const float hip = 1.0f + 0.05f * (float)cos(4 * 3.14159265358979 * p);
        frames[f * J + 0] = sa_transform_make(sa_v3(0, hip, 0), turn, sa_v3(1, 1, 1));
        frames[f * J + 1] = sa_transform_make(sa_v3(0.1f, foot_model_height(p) - hip, 0),
                                              sa_quat_identity(), sa_v3(1, 1, 1));
        frames[f * J + 2] = sa_transform_make(sa_v3(-0.1f, foot_model_height(p + 0.5) - hip, 0),
                                              sa_quat_identity(), sa_v3(1, 1, 1));
        frames[f * J + 3] =
            sa_transform_make(sa_v3(0, 0, 0.1f), sa_quat_identity(), sa_v3(1, 1, 1));
    }
}

static double phase_distance(double a, double b) {
    double d = fabs(a - b);
    d -= floor(d);
    return d < 0.5 ? d : 1 - d;
}

static void test_clip_measures_touchdowns_where_each_foot_lands(void **state) {
    (void)state;
    static sa_transform frames[64 * J];
    int32_t parents[J];
    const size_t counts[] = {N, 24, 40, 64};
    for (size_t ci = 0; ci < 4; ++ci) {
        const size_t n = counts[ci];
        make_walk(frames, n, parents);
        sa_skeleton sk;
        assert_int_equal(sa_skeleton_init(&sk, parents, frames, NULL, J), SA_OK);
        sa_clip c;
        assert_int_equal(sa_clip_init(&c, frames, n, J, 30, true), SA_OK);
        const int32_t feet[] = {1, 2};
        sa_clip_touchdown marks[4];
        /* The count-only call first: two feet, one landing each per cycle. */
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, NULL, 0), 2);
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, NULL, 1), 2);
        const size_t count = sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, marks, 4);
        assert_int_equal(count, 2);
        /* Sorted: the right foot lands at 0.5, the left at 0 (= 1, across the wrap). */
        assert_int_equal(marks[0].foot, 1);
        assert_int_equal(marks[1].foot, 0);
        assert_true(marks[0].phase < marks[1].phase);
        /* Between the moment the foot comes within the 10% band (asin(0.1)/π of the half-cycle
         * swing before the landing) and the landing itself, give or take a frame's rounding. */
        const double frame = 1.0 / (double)n, early = 0.5 * asin(0.1) / 3.14159265358979;
        assert_true(marks[0].phase <= 0.5f && marks[0].phase > 0.5 - early - frame);
        assert_true(marks[1].phase <= 1.0f && marks[1].phase > 1.0 - early - frame);
        assert_true(phase_distance(marks[1].phase, 0.0) < early + frame);
        /* They are valid markers for the clip. */
        assert_int_equal(sa_clip_set_touchdowns(&c, marks, count), SA_OK);
        /* Too small a buffer: the stream's first markers in phase order, nothing past them. */
        sa_clip_touchdown first[2];
        first[1].phase = -7.0f;
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, first, 1), 1);
        assert_int_equal(first[0].foot, 1);
        assert_near(first[0].phase, marks[0].phase, 0);
        assert_near(first[1].phase, -7.0f, 0);
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, first, 0), 0);
        assert_near(first[1].phase, -7.0f, 0);
        /* The hip bobs twice a cycle: twice "down". */
        const int32_t hip_only[] = {0};
        sa_clip_touchdown_config half = sa_clip_touchdown_config_default();
        half.down = 0.5f;
        half.up = 0.7f;
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, hip_only, 1, &half, marks, 4), 2);
    }
}

static void test_clip_measures_a_one_shot_landing(void **state) {
    (void)state;
    /* A landing: the foot comes down from 0.5 to the ground over the first 10 of 31 frames, then
     * stays; a second foot stays planted throughout. */
    static sa_transform frames[31 * J];
    int32_t parents[J] = {-1, 0, 0, 0};
    for (size_t f = 0; f < 31; ++f) {
        const float h = f < 10 ? 0.5f * (1.0f - (float)f / 10.0f) : 0.0f;
        frames[f * J + 0] = sa_transform_make(sa_v3(0, 1, 0), sa_quat_identity(), sa_v3(1, 1, 1));
        frames[f * J + 1] =
            sa_transform_make(sa_v3(0, h - 1, 0), sa_quat_identity(), sa_v3(1, 1, 1));
        frames[f * J + 2] = sa_transform_make(sa_v3(0, -1, 0), sa_quat_identity(), sa_v3(1, 1, 1));
        frames[f * J + 3] = sa_transform_identity();
    }
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, frames, NULL, J), SA_OK);
    sa_clip c;
    assert_int_equal(sa_clip_init(&c, frames, 31, J, 30, false), SA_OK);
    const int32_t feet[] = {1, 2};
    sa_clip_touchdown marks[4];
    /* The planted foot never lands: one marker, from the first foot. */
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, NULL, 0), 1);
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, marks, 4), 1);
    assert_int_equal(marks[0].foot, 0);
    /* Lands at frame 10 of 30 steps: phase 1/3; the 10% band is crossed at frame 9. */
    assert_near(marks[0].phase, 9.0 / 30.0, 1e-6);
    /* A thinner band: nearer the ground contact. */
    sa_clip_touchdown_config thin = sa_clip_touchdown_config_default();
    thin.down = 0.01f;
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, &thin, marks, 4), 1);
    assert_near(marks[0].phase, 9.9 / 30.0, 1e-5);
}

/* A clip from foot heights: a hip 1 above the ground, feet 1 and 2 under it at the given model
 * heights (frame-major, two per frame), a toe on foot 1. The rest pose stands: the skeleton is
 * 1 tall. */
static void make_heights(sa_transform *frames, const double *heights, size_t n, sa_transform *rest,
                         int32_t *parents) {
    parents[0] = -1;
    parents[1] = 0;
    parents[2] = 0;
    parents[3] = 1;
    for (size_t f = 0; f <= n; ++f) {
        sa_transform *x = f < n ? frames + f * J : rest;
        const double h1 = f < n ? heights[2 * f] : 0, h2 = f < n ? heights[2 * f + 1] : 0;
        x[0] = sa_transform_make(sa_v3(0, 1, 0), sa_quat_identity(), sa_v3(1, 1, 1));
        x[1] =
            sa_transform_make(sa_v3(0.1f, (float)(h1 - 1), 0), sa_quat_identity(), sa_v3(1, 1, 1));
        x[2] =
            sa_transform_make(sa_v3(-0.1f, (float)(h2 - 1), 0), sa_quat_identity(), sa_v3(1, 1, 1));
        x[3] = sa_transform_make(sa_v3(0, 0, 0.1f), sa_quat_identity(), sa_v3(1, 1, 1));
    }
}

/* A walk foot: in the air (up to `lift`) for the half cycle from `off`, on the ground otherwise,
 * with a bump of `bump` in the middle of the stance (a heel roll). */
static double walk_height(double phase, double off, double lift, double bump) {
    phase -= floor(phase - off) + off; /* in [0, 1) from the lift-off */
    if (phase < 0.5) return lift * sin(3.14159265358979 * phase / 0.5);
    const double stance = (phase - 0.5) / 0.5; /* in [0, 1) */
    return bump * exp(-pow((stance - 0.5) / 0.08, 2));
}

static size_t count_foot(const sa_clip_touchdown *marks, size_t n, size_t foot) {
    size_t c = 0;
    for (size_t i = 0; i < n; ++i)
        c += marks[i].foot == foot;
    return c;
}

/* A stance that lifts 15% of the step height mid-way lands once a cycle, not twice: the foot must
 * rise above the up band (30%) before it can land again. */
static void test_clip_touchdowns_ignore_a_lift_within_the_stance(void **state) {
    (void)state;
    enum { NF = 36 };
    static sa_transform frames[NF * J];
    double heights[2 * NF];
    for (size_t f = 0; f < NF; ++f) {
        heights[2 * f] = walk_height((double)f / NF, 0.0, 0.2, 0.15 * 0.2);
        heights[2 * f + 1] = walk_height((double)f / NF, 0.5, 0.2, 0.15 * 0.2);
    }
    sa_transform rest[J];
    int32_t parents[J];
    make_heights(frames, heights, NF, rest, parents);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    sa_clip c;
    assert_int_equal(sa_clip_init(&c, frames, NF, J, 30, true), SA_OK);
    const int32_t feet[] = {1, 2};
    sa_clip_touchdown marks[8];
    const size_t n = sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, marks, 8);
    assert_int_equal(n, 2);
    assert_int_equal(count_foot(marks, n, 0), 1);
    assert_int_equal(count_foot(marks, n, 1), 1);
    /* Each at its landing (phase 0.5 after its lift-off), a little early for the 10% band. */
    for (size_t i = 0; i < n; ++i) {
        const double landing = marks[i].foot == 0 ? 0.5 : 0.0;
        assert_true(phase_distance(marks[i].phase, landing) < 0.05);
    }
    /* Without hysteresis or a minimum air time, the bump is a second landing of each foot. */
    sa_clip_touchdown_config plain = sa_clip_touchdown_config_default();
    plain.up = plain.down;
    plain.min_air_time = 0;
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, &plain, NULL, 0), 4);
}

/* Standing with jitter of 0.001 (0.1% of the skeleton's size): no touchdowns, the documented
 * result of a clip without real contact. Measured against each foot's own range alone (no
 * minimum lift), the same jitter lands many times. */
static void test_clip_touchdowns_of_a_standing_clip_with_jitter_are_none(void **state) {
    (void)state;
    enum { NF = 60 };
    static sa_transform frames[NF * J];
    double heights[2 * NF];
    test_rng r = test_rng_make(54);
    for (size_t f = 0; f < 2 * NF; ++f)
        heights[f] = test_rng_range(&r, 0, 0.001f);
    sa_transform rest[J];
    int32_t parents[J];
    make_heights(frames, heights, NF, rest, parents);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    const int32_t feet[] = {1, 2};
    for (int looping = 0; looping < 2; ++looping) {
        sa_clip c;
        assert_int_equal(sa_clip_init(&c, frames, NF, J, 30, looping), SA_OK);
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, NULL, 0), 0);
        /* The same in model units: a centimetre of lift at least. */
        sa_clip_touchdown_config abs_cfg = sa_clip_touchdown_config_default();
        abs_cfg.absolute = true;
        abs_cfg.down = 0.002f;
        abs_cfg.up = 0.005f;
        abs_cfg.min_lift = 0.01f;
        assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, &abs_cfg, NULL, 0), 0);
        /* The old rule: relative bands, no hysteresis, no air time, no minimum lift. */
        sa_clip_touchdown_config old = sa_clip_touchdown_config_default();
        old.up = old.down;
        old.min_air_time = 0;
        old.min_lift = 0;
        assert_true(sa_clip_measure_touchdowns(&c, &sk, feet, 2, &old, NULL, 0) >= 4);
    }
}

/* A one-shot whose foot comes down exactly on its last frame: the marker is at the end of the
 * clip, kept below 1 as every phase is (markers are in [0, 1)). */
static void test_clip_touchdown_on_the_last_frame_of_a_one_shot_stays_below_one(void **state) {
    (void)state;
    enum { NF = 8 };
    static sa_transform frames[NF * J];
    const double heights[2 * NF] = {0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0.5, 0};
    sa_transform rest[J];
    int32_t parents[J];
    make_heights(frames, heights, NF, rest, parents);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    sa_clip c;
    assert_int_equal(sa_clip_init(&c, frames, NF, J, 30, false), SA_OK);
    sa_clip_touchdown_config cfg = sa_clip_touchdown_config_default();
    cfg.absolute = true;
    cfg.down = 0.5f; /* the last frame's height, exactly */
    cfg.up = 0.6f;
    const int32_t feet[] = {1, 2};
    sa_clip_touchdown m[2];
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, &cfg, m, 2), 1);
    assert_int_equal(m[0].foot, 0);
    assert_true(m[0].phase < 1.0f);
    assert_true(m[0].phase > 0.9999f);
}

/* Walks with noise on the feet's heights (±2% of the step): one touchdown per contact, each near
 * the clean landing, for several frame counts and noise seeds, and in model units alike. */
static void test_clip_touchdowns_are_one_per_contact_on_noisy_clips(void **state) {
    (void)state;
    static sa_transform frames[96 * J];
    double heights[2 * 96];
    const size_t counts[] = {24, 30, 41, 96};
    for (size_t ci = 0; ci < 4; ++ci) {
        const size_t nf = counts[ci];
        for (uint32_t seed = 1; seed <= 20; ++seed) {
            test_rng r = test_rng_make(seed * 7919u);
            /* Two steps per clip for each foot: a clip of two cycles. */
            for (size_t f = 0; f < nf; ++f) {
                const double p = 2.0 * (double)f / (double)nf;
                heights[2 * f] =
                    walk_height(p, 0.0, 0.2, 0.0) + test_rng_range(&r, -0.004f, 0.004f);
                heights[2 * f + 1] =
                    walk_height(p, 0.5, 0.2, 0.0) + test_rng_range(&r, -0.004f, 0.004f);
            }
            sa_transform rest[J];
            int32_t parents[J];
            make_heights(frames, heights, nf, rest, parents);
            sa_skeleton sk;
            assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
            sa_clip c;
            assert_int_equal(sa_clip_init(&c, frames, nf, J, 30, true), SA_OK);
            const int32_t feet[] = {1, 2};
            sa_clip_touchdown marks[16];
            sa_clip_touchdown_config cfgs[2] = {sa_clip_touchdown_config_default(),
                                                sa_clip_touchdown_config_default()};
            cfgs[1].absolute = true; /* the same bands in model units: 2 and 6 cm of a 20 cm step */
            cfgs[1].down = 0.02f;
            cfgs[1].up = 0.06f;
            cfgs[1].min_lift = 0.01f;
            for (int k = 0; k < 2; ++k) {
                const size_t n = sa_clip_measure_touchdowns(&c, &sk, feet, 2, &cfgs[k], marks, 16);
                assert_int_equal(n, 4);
                assert_int_equal(count_foot(marks, n, 0), 2);
                assert_int_equal(count_foot(marks, n, 1), 2);
                for (size_t i = 0; i < n; ++i) {
                    /* Foot 0 lands at phases 0.25 and 0.75 of the clip, foot 1 at 0 and 0.5; the
                     * band, the noise and the straight line between coarse frames move it by
                     * less than 6% of a cycle earlier or 3% later. */
                    const double first = marks[i].foot == 0 ? 0.25 : 0.0;
                    double d = (first - marks[i].phase) * 2;
                    d -= floor(d);
                    if (!(d < 0.06 || d > 0.97))
                        fail_msg("n %zu seed %u cfg %d: foot %zu at %g", nf, seed, k, marks[i].foot,
                                 (double)marks[i].phase);
                }
                for (size_t i = 1; i < n; ++i)
                    assert_true(marks[i - 1].phase <= marks[i].phase);
            }
        }
    }
}

/* A hop shorter than the minimum air time is part of the stance; a longer one lands. */
static void test_clip_touchdowns_need_the_minimum_air_time(void **state) {
    (void)state;
    enum { NF = 60 }; /* 2 s at 30 */
    static sa_transform frames[NF * J];
    double heights[2 * NF];
    for (size_t f = 0; f < NF; ++f) {
        heights[2 * f] = (f >= 10 && f < 12) ? 0.2 : 0.0;     /* 2 frames up: 0.067 s */
        heights[2 * f + 1] = (f >= 30 && f < 45) ? 0.2 : 0.0; /* 15 frames up: 0.5 s */
    }
    sa_transform rest[J];
    int32_t parents[J];
    make_heights(frames, heights, NF, rest, parents);
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, J), SA_OK);
    sa_clip c;
    assert_int_equal(sa_clip_init(&c, frames, NF, J, 30, false), SA_OK);
    const int32_t feet[] = {1, 2};
    sa_clip_touchdown marks[4];
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, marks, 4), 1);
    assert_int_equal(marks[0].foot, 1);
    /* Lands between frames 44 and 45, at the 10% band: 44.9 of 59 steps. */
    assert_near(marks[0].phase, 44.9 / 59.0, 1e-5);
    sa_clip_touchdown_config quick = sa_clip_touchdown_config_default();
    quick.min_air_time = 0.05f;
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, &quick, marks, 4), 2);
    assert_int_equal(marks[0].foot, 0);
    /* An exact duration counts: the same frames spread over 8 s make the short hop 0.27 s. */
    assert_int_equal(sa_clip_set_duration(&c, 8.0f), SA_OK);
    assert_int_equal(sa_clip_measure_touchdowns(&c, &sk, feet, 2, NULL, marks, 4), 2);
}

/* A clip with its exact length: the frames spread over it, whatever the rate says. */
static void test_clip_duration_can_be_exact(void **state) {
    (void)state;
    static sa_transform frames[N * J];
    make_frames(frames, N);
    sa_clip c, before;
    /* Zeroed first, so the bytes compared below include no uninitialised padding (valgrind). */
    memset(&c, 0, sizeof c);
    assert_int_equal(sa_clip_init(&c, frames, N, J, 30, true), SA_OK);
    assert_near(c.duration, 0, 0);
    memcpy(&before, &c, sizeof before);
    assert_int_equal(sa_clip_set_duration(NULL, 1), SA_ERR_NULL);
    assert_int_equal(sa_clip_set_duration(&c, -1), SA_ERR_RANGE);
    assert_int_equal(sa_clip_set_duration(&c, NAN), SA_ERR_RANGE);
    assert_int_equal(sa_clip_set_duration(&c, INFINITY), SA_ERR_RANGE);
    assert_memory_equal(&c, &before, sizeof c);
    assert_int_equal(sa_clip_set_duration(&c, 1.0333f), SA_OK);
    assert_true(sa_clip_duration(&c) == 1.0333f);
    sa_transform out[J];
    test_rng r = test_rng_make(55);
    for (int i = 0; i < 1000; ++i) {
        /* Time t is at frame t / 1.0333 · N: translation x of joint 0 is the frame position. */
        const float t = test_rng_range(&r, 0, 1.0333f * (N - 1) / N);
        assert_int_equal(sa_clip_sample_time(&c, t, out, J), J);
        assert_near(out[0].translation.x, (double)t / 1.0333 * N, 2e-4);
        /* Phase is time over the exact length. */
        sa_transform by_phase[J];
        assert_int_equal(sa_clip_sample_phase(&c, t / 1.0333f, by_phase, J), J);
        assert_near(by_phase[0].translation.x, out[0].translation.x, 2e-4);
    }
    /* A one-shot: (N − 1) steps over the length; its last frame at the end. */
    c.looping = false;
    assert_int_equal(sa_clip_sample_time(&c, 1.0333f, out, J), J);
    assert_memory_equal(out, frames + (N - 1) * J, sizeof out);
    assert_int_equal(sa_clip_sample_time(&c, 1.0333f / 2, out, J), J);
    assert_near(out[0].translation.x, (N - 1) / 2.0, 1e-4);
    /* Set by hand to a bad value, the clip is invalid; back to 0, the rate rules again. */
    c.duration = -2;
    assert_int_equal(sa_clip_validate(&c), SA_ERR_RANGE);
    assert_int_equal(sa_clip_sample_time(&c, 0, out, J), 0);
    c.duration = NAN;
    assert_int_equal(sa_clip_validate(&c), SA_ERR_RANGE);
    assert_int_equal(sa_clip_set_duration(&c, 0), SA_OK);
    assert_near(sa_clip_duration(&c), (N - 1) / 30.0, 1e-6);
}

/* Issue 14: a clip interpolating between frames at −FLT_MAX and FLT_MAX sampled infinity. */
static void test_clip_frames_near_flt_max_sample_finite_poses(void **state) {
    (void)state;
    sa_transform frames[2] = {sa_transform_identity(), sa_transform_identity()};
    frames[0].translation = sa_v3(-FLT_MAX, FLT_MAX, -FLT_MAX);
    frames[1].translation = sa_v3(FLT_MAX, FLT_MAX, -FLT_MAX);
    frames[1].scale = sa_v3(FLT_MAX, -FLT_MAX, 1);
    sa_clip clip;
    assert_int_equal(sa_clip_init(&clip, frames, 2, 1, 30.0f, true), SA_OK);
    sa_transform out[1];
    for (int k = 0; k <= 40; ++k) {
        assert_int_equal(sa_clip_sample_phase(&clip, (float)k / 40.0f, out, 1), 1);
        assert_true(sa_transform_is_finite(out[0]));
        assert_near(out[0].translation.y, FLT_MAX, 0);
        assert_near(out[0].translation.z, -FLT_MAX, 0);
    }
    assert_int_equal(sa_clip_sample_phase(&clip, 0.25f, out, 1), 1); /* halfway: frame 0.5 */
    assert_near(out[0].translation.x, 0, 0);
}

/* A looping clip's end is its start: sampled a hair before its duration it gives frame 0
 * exactly (the snap to the next frame wraps round), not a blend towards the last frame. */
static void test_clip_loop_end_snaps_to_the_first_frame(void **state) {
    (void)state;
    static sa_transform frames[N * J];
    make_frames(frames, N);
    sa_clip c;
    assert_int_equal(sa_clip_init(&c, frames, N, J, 30, true), SA_OK);
    sa_transform out[J];
    const float end = sa_clip_duration(&c);
    assert_int_equal(sa_clip_sample_time(&c, nextafterf(end, 0.0f), out, J), J);
    for (int j = 0; j < J; ++j) {
        assert_true(out[j].translation.x == frames[j].translation.x);
        assert_true(out[j].rotation.z == frames[j].rotation.z);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_clip_loop_end_snaps_to_the_first_frame),
        cmocka_unit_test(test_clip_bad_input_is_rejected_or_safe),
        cmocka_unit_test(test_clip_sample_gives_frames_exactly_and_interpolates_between),
        cmocka_unit_test(test_clip_looping_wraps_and_one_shot_holds),
        cmocka_unit_test(test_clip_sampling_never_pops_across_the_wrap),
        cmocka_unit_test(test_clip_measures_touchdowns_where_each_foot_lands),
        cmocka_unit_test(test_clip_measures_a_one_shot_landing),
        cmocka_unit_test(test_clip_touchdowns_ignore_a_lift_within_the_stance),
        cmocka_unit_test(test_clip_touchdowns_of_a_standing_clip_with_jitter_are_none),
        cmocka_unit_test(test_clip_touchdown_on_the_last_frame_of_a_one_shot_stays_below_one),
        cmocka_unit_test(test_clip_touchdowns_are_one_per_contact_on_noisy_clips),
        cmocka_unit_test(test_clip_touchdowns_need_the_minimum_air_time),
        cmocka_unit_test(test_clip_duration_can_be_exact),
        cmocka_unit_test(test_clip_frames_near_flt_max_sample_finite_poses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
