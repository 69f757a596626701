#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/pose.h>

enum { J = 20, MAX_LAYERS = 6 };

static sa_transform rng_transform(test_rng *r) {
    return sa_transform_make(
        sa_v3(test_rng_range(r, -2, 2), test_rng_range(r, -2, 2), test_rng_range(r, -2, 2)),
        test_rng_rotation(r),
        sa_v3(test_rng_range(r, 0.5f, 2), test_rng_range(r, 0.5f, 2), test_rng_range(r, 0.5f, 2)));
}

static void rng_pose(test_rng *r, sa_transform *pose, size_t n) {
    for (size_t j = 0; j < n; ++j)
        pose[j] = rng_transform(r);
}

static sa_quat negated(sa_quat q) { return sa_quat_make(-q.x, -q.y, -q.z, -q.w); }

#define assert_same_transform(a, b) assert_memory_equal(&(a), &(b), sizeof(sa_transform))

static void test_pose_bad_input_is_rejected_or_safe(void **state) {
    (void)state;
    sa_transform p0[J], p1[J], out[J], before[J];
    test_rng r = test_rng_make(41);
    rng_pose(&r, p0, J);
    rng_pose(&r, p1, J);
    rng_pose(&r, out, J);
    memcpy(before, out, sizeof out);
    sa_pose_layer layers[2] = {{p0, 1, NULL}, {p1, 1, NULL}};
    sa_pose_blend_job job = {layers, 2, NULL, J, out, J};
    assert_int_equal(sa_pose_blend_validate(&job), SA_OK);
    /* A job that does not validate writes nothing and returns 0; validate says why. */
    assert_int_equal(sa_pose_blend_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_pose_blend_run(NULL), 0);
    job.layers = NULL;
    assert_int_equal(sa_pose_blend_validate(&job), SA_ERR_NULL);
    assert_int_equal(sa_pose_blend_run(&job), 0);
    job.layers = layers;
    layers[1].pose = NULL;
    assert_int_equal(sa_pose_blend_validate(&job), SA_ERR_NULL);
    assert_int_equal(sa_pose_blend_run(&job), 0);
    layers[1].pose = p1;
    job.layer_count = 0;
    assert_int_equal(sa_pose_blend_validate(&job), SA_ERR_COUNT);
    assert_int_equal(sa_pose_blend_run(&job), 0);
    job.layer_count = 2;
    job.joint_count = 0;
    assert_int_equal(sa_pose_blend_validate(&job), SA_ERR_COUNT);
    assert_int_equal(sa_pose_blend_run(&job), 0);
    job.joint_count = SA_SKELETON_MAX_JOINTS + 1;
    job.capacity = SA_SKELETON_MAX_JOINTS + 1;
    assert_int_equal(sa_pose_blend_validate(&job), SA_ERR_TOO_MANY_JOINTS);
    assert_int_equal(sa_pose_blend_run(&job), 0);
    /* Too small a capacity: all or nothing, so nothing. */
    job.joint_count = J;
    job.capacity = J - 1;
    assert_int_equal(sa_pose_blend_validate(&job), SA_ERR_CAPACITY);
    assert_int_equal(sa_pose_blend_run(&job), 0);
    job.capacity = 0;
    assert_int_equal(sa_pose_blend_run(&job), 0);
    assert_memory_equal(out, before, sizeof out); /* nothing written on error */

    /* Count-only call: out NULL validates, writes nothing and returns joint_count whatever the
     * capacity; with bad inputs it returns 0. */
    job.out = NULL;
    for (size_t cap = 0; cap <= J; cap += J / 2) {
        job.capacity = cap;
        assert_int_equal(sa_pose_blend_validate(&job), SA_OK);
        assert_int_equal(sa_pose_blend_run(&job), J);
    }
    job.joint_count = SA_SKELETON_MAX_JOINTS + 1;
    assert_int_equal(sa_pose_blend_run(&job), 0);
    job.joint_count = J;
    layers[0].pose = NULL;
    assert_int_equal(sa_pose_blend_run(&job), 0);
    layers[0].pose = p0;
    assert_memory_equal(out, before, sizeof out);
    /* More capacity than needed: exactly joint_count written, the rest untouched. */
    sa_transform roomy[J + 1];
    memcpy(roomy, before, sizeof out);
    roomy[J] = before[0];
    job.out = roomy;
    job.capacity = J + 1;
    assert_int_equal(sa_pose_blend_run(&job), J);
    assert_same_transform(roomy[J], before[0]);
    job.out = out;
    job.capacity = J;

    /* Per-frame functions with a NULL pose, no joints or too many write nothing and return 0,
     * also when asked for the count only. */
    assert_int_equal(sa_pose_lerp(NULL, p1, 0.5f, J, out, J), 0);
    assert_int_equal(sa_pose_lerp(p0, NULL, 0.5f, J, NULL, 0), 0);
    assert_int_equal(sa_pose_lerp_masked(p0, NULL, 0.5f, NULL, J, out, J), 0);
    assert_int_equal(sa_pose_morph(p0, NULL, 0.5f, J, out, J), 0);
    assert_int_equal(sa_pose_difference(NULL, p1, J, out, J), 0);
    assert_int_equal(sa_pose_apply_offset(p0, NULL, 0.5f, J, out, J), 0);
    assert_int_equal(sa_pose_lerp(p0, p1, 0.5f, 0, out, J), 0);
    assert_int_equal(sa_pose_lerp(p0, p1, 0.5f, SA_SKELETON_MAX_JOINTS + 1, NULL, 0), 0);
    assert_memory_equal(out, before, sizeof out);

    /* Weights: negative, NaN and infinite count as 0; all zero gives the rest pose if given, else
     * the first layer's pose. */
    job.capacity = J;
    const float nothing[] = {0.0f, -1.0f, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < 5; ++i) {
        layers[0].weight = nothing[i];
        layers[1].weight = nothing[(i + 1) % 5];
        job.rest = NULL;
        assert_int_equal(sa_pose_blend_run(&job), J);
        assert_memory_equal(out, p0, sizeof out);
        job.rest = p1;
        assert_int_equal(sa_pose_blend_run(&job), J);
        assert_memory_equal(out, p1, sizeof out);
    }
    /* A NaN weight next to a good one: the good one alone. */
    layers[0].weight = NAN;
    layers[1].weight = 0.3f;
    assert_int_equal(sa_pose_blend_run(&job), J);
    assert_memory_equal(out, p1, sizeof out);

    /* Poisoned poses give finite, unit results everywhere. */
    for (int round = 0; round < 300; ++round) {
        for (size_t j = 0; j < J; ++j) {
            float *f0 = &p0[j].translation.x, *f1 = &p1[j].translation.x;
            for (int k = 0; k < 10; ++k) {
                if (test_rng_next(&r) % 5 == 0) f0[k] = test_rng_nasty(&r);
                if (test_rng_next(&r) % 5 == 0) f1[k] = test_rng_nasty(&r);
            }
        }
        layers[0].weight = test_rng_range(&r, 0, 1);
        layers[1].weight = test_rng_range(&r, 0, 1);
        job.rest = NULL;
        assert_int_equal(sa_pose_blend_run(&job), J);
        for (size_t j = 0; j < J; ++j) {
            assert_true(sa_transform_is_finite(out[j]));
            assert_near(test_quat_length(out[j].rotation), 1, 1e-5);
        }
        const float t = test_rng_range(&r, -1, 2);
        sa_pose_lerp(p0, p1, t, J, out, J);
        for (size_t j = 0; j < J; ++j)
            assert_near(test_quat_length(out[j].rotation), 1, 1e-5);
        sa_pose_morph(p0, p1, t, J, out, J);
        for (size_t j = 0; j < J; ++j)
            assert_near(test_quat_length(out[j].rotation), 1, 1e-5);
        sa_transform off[J];
        sa_pose_difference(p0, p1, J, off, J);
        sa_pose_apply_offset(p1, off, t, J, out, J);
        for (size_t j = 0; j < J; ++j) {
            assert_true(sa_transform_is_finite(off[j]));
            assert_near(test_quat_length(out[j].rotation), 1, 1e-5);
        }
        rng_pose(&r, p0, J);
        rng_pose(&r, p1, J);
    }
}

/* Each per-frame pose function, called with one signature so the array rules are checked once
 * for all five. */
typedef size_t (*pose_fn)(const sa_transform *a, const sa_transform *b, size_t n, sa_transform *out,
                          size_t capacity);
static size_t call_lerp(const sa_transform *a, const sa_transform *b, size_t n, sa_transform *out,
                        size_t capacity) {
    return sa_pose_lerp(a, b, 0.3f, n, out, capacity);
}
static size_t call_lerp_masked(const sa_transform *a, const sa_transform *b, size_t n,
                               sa_transform *out, size_t capacity) {
    static const float half[J] = {0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f,
                                  0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f};
    return sa_pose_lerp_masked(a, b, 1.7f, half, n, out, capacity);
}
static size_t call_morph(const sa_transform *a, const sa_transform *b, size_t n, sa_transform *out,
                         size_t capacity) {
    return sa_pose_morph(a, b, 0.6f, n, out, capacity);
}
static size_t call_difference(const sa_transform *a, const sa_transform *b, size_t n,
                              sa_transform *out, size_t capacity) {
    return sa_pose_difference(a, b, n, out, capacity);
}
static size_t call_apply_offset(const sa_transform *a, const sa_transform *b, size_t n,
                                sa_transform *out, size_t capacity) {
    return sa_pose_apply_offset(a, b, 0.4f, n, out, capacity);
}

static void test_pose_functions_write_the_whole_pose_or_nothing(void **state) {
    (void)state;
    const pose_fn fns[] = {call_lerp, call_lerp_masked, call_morph, call_difference,
                           call_apply_offset};
    test_rng r = test_rng_make(40);
    sa_transform a[J], b[J], out[J + 1], before[J + 1];
    rng_pose(&r, a, J);
    rng_pose(&r, b, J);
    for (size_t f = 0; f < sizeof fns / sizeof fns[0]; ++f) {
        rng_pose(&r, out, J + 1);
        memcpy(before, out, sizeof out);
        /* Count only: the joint count, whatever the capacity, and nothing written. */
        assert_int_equal(fns[f](a, b, J, NULL, 0), J);
        assert_int_equal(fns[f](a, b, J, NULL, 3), J);
        assert_int_equal(fns[f](a, b, 1, NULL, 0), 1);
        assert_int_equal(fns[f](a, b, SA_SKELETON_MAX_JOINTS, NULL, 0), SA_SKELETON_MAX_JOINTS);
        /* A capacity one short: nothing at all is written. */
        assert_int_equal(fns[f](a, b, J, out, J - 1), 0);
        assert_int_equal(fns[f](a, b, J, out, 0), 0);
        assert_memory_equal(out, before, sizeof out);
        /* Enough capacity: the whole pose, nothing past it. */
        assert_int_equal(fns[f](a, b, J, out, J + 1), J);
        assert_memory_equal(&out[J], &before[J], sizeof out[J]);
        for (size_t j = 0; j < J; ++j) {
            assert_true(sa_transform_is_finite(out[j]));
            assert_near(test_quat_length(out[j].rotation), 1, 1e-5);
        }
        /* Exactly enough: the same pose again. */
        sa_transform again[J];
        assert_int_equal(fns[f](a, b, J, again, J), J);
        assert_memory_equal(again, out, sizeof again);
    }
}

static void test_pose_blend_is_a_renormalised_weighted_average(void **state) {
    (void)state;
    test_rng r = test_rng_make(42);
    sa_transform poses[MAX_LAYERS][J], out[J], out2[J];
    sa_pose_layer layers[MAX_LAYERS];
    for (int round = 0; round < 2000; ++round) {
        const size_t nl = 1 + test_rng_next(&r) % MAX_LAYERS;
        /* Poses near a common one (as blended clips are), each with a random sign. */
        sa_transform base[J];
        rng_pose(&r, base, J);
        for (size_t i = 0; i < nl; ++i) {
            for (size_t j = 0; j < J; ++j) {
                const sa_quat bend = sa_quat_from_axis_angle(
                    sa_v3(test_rng_range(&r, -1, 1), 1, test_rng_range(&r, -1, 1)),
                    test_rng_range(&r, -1, 1));
                poses[i][j] = rng_transform(&r);
                poses[i][j].rotation = sa_quat_mul(bend, base[j].rotation);
                if (test_rng_next(&r) & 1) poses[i][j].rotation = negated(poses[i][j].rotation);
            }
            layers[i].pose = poses[i];
            layers[i].weight = test_rng_range(&r, 0, 3);
            layers[i].joint_weights = NULL;
        }
        sa_pose_blend_job job = {layers, nl, NULL, J, out, J};
        assert_int_equal(sa_pose_blend_run(&job), J);
        double total = 0;
        for (size_t i = 0; i < nl; ++i)
            total += layers[i].weight;
        for (size_t j = 0; j < J; ++j) {
            /* Translation and scale: the weighted mean, computed here in double. */
            double tx = 0, sy = 0;
            for (size_t i = 0; i < nl; ++i) {
                tx += layers[i].weight * (double)poses[i][j].translation.x;
                sy += layers[i].weight * (double)poses[i][j].scale.y;
            }
            assert_near(out[j].translation.x, tx / total, 1e-5);
            assert_near(out[j].scale.y, sy / total, 1e-5);
            assert_near(test_quat_length(out[j].rotation), 1, 1e-6);
        }
        /* Weights need not be normalised: scaling them all changes nothing (beyond rounding). */
        for (size_t i = 0; i < nl; ++i)
            layers[i].weight *= 7.5f;
        job.out = out2;
        assert_int_equal(sa_pose_blend_run(&job), J);
        for (size_t j = 0; j < J; ++j) {
            assert_near(out2[j].translation.y, out[j].translation.y, 1e-5);
            assert_near(test_quat_angle(out2[j].rotation, out[j].rotation), 0, 1e-5);
        }
        /* The sign of an input quaternion does not matter (hemisphere correction). */
        const size_t flip = test_rng_next(&r) % nl;
        for (size_t j = 0; j < J; ++j)
            poses[flip][j].rotation = negated(poses[flip][j].rotation);
        assert_int_equal(sa_pose_blend_run(&job), J);
        for (size_t j = 0; j < J; ++j)
            assert_near(test_quat_angle(out2[j].rotation, out[j].rotation), 0, 1e-5);
    }
}

static void test_pose_blend_of_two_follows_the_short_arc(void **state) {
    (void)state;
    test_rng r = test_rng_make(43);
    sa_transform a[J], b[J], out[J];
    for (int round = 0; round < 2000; ++round) {
        rng_pose(&r, a, J);
        rng_pose(&r, b, J);
        const float wb = test_rng_range(&r, 0, 1);
        sa_pose_layer layers[2] = {{a, 1 - wb, NULL}, {b, wb, NULL}};
        sa_pose_blend_job job = {layers, 2, NULL, J, out, J};
        assert_int_equal(sa_pose_blend_run(&job), J);
        for (size_t j = 0; j < J; ++j) {
            const double total = test_quat_angle(a[j].rotation, b[j].rotation);
            const double from_a = test_quat_angle(a[j].rotation, out[j].rotation);
            const double to_b = test_quat_angle(out[j].rotation, b[j].rotation);
            /* On the short arc between them, nearer the heavier one. */
            assert_near(from_a + to_b, total, 1e-4);
            if (wb > 0.55f) assert_true(to_b <= from_a + 1e-6);
            if (wb < 0.45f) assert_true(from_a <= to_b + 1e-6);
        }
    }
}

static void test_pose_blend_all_weight_on_one_layer_gives_it_exactly(void **state) {
    (void)state;
    test_rng r = test_rng_make(44);
    sa_transform p[3][J], out[J];
    for (int round = 0; round < 200; ++round) {
        for (int i = 0; i < 3; ++i)
            rng_pose(&r, p[i], J);
        const int pick = (int)(test_rng_next(&r) % 3);
        sa_pose_layer layers[3];
        for (int i = 0; i < 3; ++i) {
            layers[i].pose = p[i];
            layers[i].weight = i == pick ? test_rng_range(&r, 0.1f, 5) : 0.0f;
            layers[i].joint_weights = NULL;
        }
        sa_pose_blend_job job = {layers, 3, NULL, J, out, J};
        assert_int_equal(sa_pose_blend_run(&job), J);
        assert_memory_equal(out, p[pick], sizeof out);
        /* In place, into the chosen pose itself. */
        job.out = p[pick];
        memcpy(out, p[pick], sizeof out);
        assert_int_equal(sa_pose_blend_run(&job), J);
        assert_memory_equal(out, p[pick], sizeof out);
    }
}

static void test_pose_masked_layers_replace_the_upper_body_only(void **state) {
    (void)state;
    test_rng r = test_rng_make(45);
    sa_transform legs[J], arms[J], out[J];
    float upper[J], lower[J];
    for (int round = 0; round < 200; ++round) {
        rng_pose(&r, legs, J);
        rng_pose(&r, arms, J);
        for (size_t j = 0; j < J; ++j) {
            upper[j] = (j >= 8) ? 1.0f : 0.0f; /* the joints from the spine up */
            lower[j] = 1.0f - upper[j];
        }
        sa_pose_layer layers[2] = {{legs, 1, lower}, {arms, 1, upper}};
        sa_pose_blend_job job = {layers, 2, NULL, J, out, J};
        assert_int_equal(sa_pose_blend_run(&job), J);
        for (size_t j = 0; j < J; ++j) {
            if (j >= 8) {
                assert_same_transform(out[j], arms[j]);
            } else {
                assert_same_transform(out[j], legs[j]);
            }
        }
        /* A base layer left at 1 everywhere: the upper body is half of each. */
        layers[0].joint_weights = NULL;
        assert_int_equal(sa_pose_blend_run(&job), J);
        for (size_t j = 0; j < J; ++j) {
            if (j < 8) {
                assert_same_transform(out[j], legs[j]);
            } else {
                assert_near(out[j].translation.z,
                            0.5 * ((double)legs[j].translation.z + arms[j].translation.z), 1e-5);
                assert_near(test_quat_angle(out[j].rotation, legs[j].rotation),
                            test_quat_angle(out[j].rotation, arms[j].rotation), 1e-4);
            }
        }
        /* Joint weights are clamped: 3 counts as 1, NaN and negatives as 0. */
        float odd[J];
        for (size_t j = 0; j < J; ++j)
            odd[j] = (j % 3 == 0) ? 3.0f : ((j % 3 == 1) ? NAN : -2.0f);
        sa_pose_layer two[2] = {{legs, 0, NULL}, {arms, 1, odd}};
        job.layers = two;
        job.rest = legs;
        assert_int_equal(sa_pose_blend_run(&job), J);
        for (size_t j = 0; j < J; ++j) {
            if (j % 3 == 0) {
                assert_same_transform(out[j], arms[j]);
            } else {
                assert_same_transform(out[j], legs[j]);
            }
        }
    }
}

static void test_pose_lerp_is_exact_at_the_ends_and_extrapolates(void **state) {
    (void)state;
    test_rng r = test_rng_make(46);
    sa_transform a[J], b[J], out[J];
    for (int round = 0; round < 500; ++round) {
        rng_pose(&r, a, J);
        rng_pose(&r, b, J);
        sa_pose_lerp(a, b, 0, J, out, J);
        assert_memory_equal(out, a, sizeof out);
        sa_pose_lerp(a, b, 1, J, out, J);
        assert_memory_equal(out, b, sizeof out);
        sa_pose_lerp(a, b, NAN, J, out, J);
        assert_memory_equal(out, a, sizeof out);
        const float t = test_rng_range(&r, -0.5f, 2.0f);
        sa_pose_lerp(a, b, t, J, out, J);
        for (size_t j = 0; j < J; ++j) {
            assert_near(out[j].translation.x,
                        a[j].translation.x + ((double)b[j].translation.x - a[j].translation.x) * t,
                        1e-5);
            assert_near(
                test_quat_angle(out[j].rotation, sa_quat_slerp(a[j].rotation, b[j].rotation, t)), 0,
                1e-5);
        }
    }
}

static void test_pose_lerp_masked_stretches_only_the_chosen_joints(void **state) {
    (void)state;
    /* The reference's stride stretch: thighs and upper arms swing from idle past the clip's pose by
     * move/anim; everything else stays as the clip has it. */
    sa_transform idle[J], clip[J], out[J];
    float mask[J];
    const sa_vec3 x = sa_v3(1, 0, 0);
    for (size_t j = 0; j < J; ++j) {
        idle[j] = sa_transform_identity();
        clip[j] = sa_transform_identity();
        clip[j].rotation = sa_quat_from_axis_angle(x, (float)j * 0.05f);
        clip[j].translation = sa_v3(0, -0.4f, 0);
        idle[j].translation = sa_v3(0, -0.4f, 0);
        mask[j] = (j == 3 || j == 7) ? 1.0f : 0.0f;
    }
    mask[11] = 0.5f;
    const float stretch = 1.9f / 1.4f; /* WALK_SPEED / WALK_ANIM */
    sa_pose_lerp_masked(idle, clip, stretch, mask, J, out, J);
    for (size_t j = 0; j < J; ++j) {
        const double clip_angle = (double)j * 0.05;
        if (mask[j] == 0.0f) {
            assert_same_transform(out[j], clip[j]);
        } else {
            const double f = 1 + (stretch - 1) * (double)mask[j];
            assert_near(sa_quat_angle(out[j].rotation), clip_angle * f, 1e-5);
        }
    }
    /* The stretch is a slerp: a thigh swung 30 degrees, stretched by 1.4, swings 42. */
    idle[0].rotation = sa_quat_identity();
    clip[0].rotation = sa_quat_from_axis_angle(x, 30 * SA_PI / 180);
    sa_pose_lerp_masked(idle, clip, 1.4f, NULL, 1, out, 1);
    assert_near(sa_quat_angle(out[0].rotation) * 180 / 3.14159265358979, 42, 1e-3);
    /* In place into the clip pose. */
    sa_pose_lerp_masked(idle, clip, 1.0f, mask, J, clip, J);
    assert_near(sa_quat_angle(clip[0].rotation) * 180 / 3.14159265358979, 30, 1e-4);
}

static void test_pose_morph_starts_and_ends_exactly(void **state) {
    (void)state;
    test_rng r = test_rng_make(47);
    sa_transform ragdoll[J], clip[J], out[J], prev[J];
    for (int round = 0; round < 200; ++round) {
        rng_pose(&r, ragdoll, J);
        rng_pose(&r, clip, J);
        sa_pose_morph(ragdoll, clip, 1, J, out, J);
        assert_memory_equal(out, ragdoll, sizeof out); /* starts at the ragdoll */
        sa_pose_morph(ragdoll, clip, 0, J, out, J);
        assert_memory_equal(out, clip, sizeof out); /* ends at the clip */
        sa_pose_morph(ragdoll, clip, 5, J, out, J);
        assert_memory_equal(out, ragdoll, sizeof out); /* clamped */
        sa_pose_morph(ragdoll, clip, -1, J, out, J);
        assert_memory_equal(out, clip, sizeof out);
        sa_pose_morph(ragdoll, clip, NAN, J, out, J);
        assert_memory_equal(out, clip, sizeof out);
        /* In between: k smooth from 1 to 0 over 0.3 s at 60 fps; each frame turns every joint by
         * at most its share of the way, so nothing pops. */
        sa_pose_morph(ragdoll, clip, 1, J, prev, J);
        const int frames = 18;
        for (int f = 1; f <= frames; ++f) {
            const float k = 1.0f - sa_smooth((float)f / (float)frames);
            sa_pose_morph(ragdoll, clip, k, J, out, J);
            for (size_t j = 0; j < J; ++j) {
                const double total = test_quat_angle(ragdoll[j].rotation, clip[j].rotation);
                assert_near(test_quat_angle(out[j].rotation, clip[j].rotation), k * total, 1e-4);
                /* smoothstep's steepest slope is 1.5: at most 1.5/18 of the way per frame. */
                assert_true(test_quat_angle(out[j].rotation, prev[j].rotation) <=
                            total * 1.5 / frames + 1e-4);
            }
            memcpy(prev, out, sizeof out);
        }
        assert_memory_equal(out, clip, sizeof out);
    }
}

static void test_pose_offset_takes_one_pose_to_another_and_decays(void **state) {
    (void)state;
    test_rng r = test_rng_make(48);
    sa_transform old_pose[J], new_pose[J], off[J], out[J];
    for (int round = 0; round < 500; ++round) {
        rng_pose(&r, old_pose, J);
        rng_pose(&r, new_pose, J);
        sa_pose_difference(old_pose, new_pose, J, off, J);
        /* The whole offset on the new pose gives the old one: the switch shows no pop. */
        sa_pose_apply_offset(new_pose, off, 1, J, out, J);
        for (size_t j = 0; j < J; ++j) {
            assert_near(sa_v3_distance(out[j].translation, old_pose[j].translation), 0, 1e-5);
            assert_near(test_quat_angle(out[j].rotation, old_pose[j].rotation), 0, 1e-4);
            assert_near(out[j].scale.z, old_pose[j].scale.z, 1e-5);
        }
        /* Nothing left: the new pose exactly. */
        sa_pose_apply_offset(new_pose, off, 0, J, out, J);
        assert_memory_equal(out, new_pose, sizeof out);
        /* Half left: half the angle (offsets are taken the short way). */
        sa_pose_apply_offset(new_pose, off, 0.5f, J, out, J);
        for (size_t j = 0; j < J; ++j) {
            const double total = test_quat_angle(old_pose[j].rotation, new_pose[j].rotation);
            assert_near(test_quat_angle(out[j].rotation, new_pose[j].rotation), 0.5 * total, 1e-4);
        }
    }
}

static void test_pose_blend_takes_any_number_of_layers(void **state) {
    (void)state;
    enum { L = 40 };
    test_rng r = test_rng_make(49);
    static sa_transform poses[L][J];
    sa_transform out[J];
    sa_pose_layer layers[L];
    for (size_t i = 0; i < L; ++i) {
        rng_pose(&r, poses[i], J);
        layers[i].pose = poses[i];
        layers[i].weight = 0.0f;
        layers[i].joint_weights = NULL;
    }
    sa_pose_blend_job job = {layers, L, NULL, J, out, J};
    /* Past the first layers too: one layer with all the weight gives it exactly. */
    layers[33].weight = 2.0f;
    assert_int_equal(sa_pose_blend_run(&job), J);
    assert_memory_equal(out, poses[33], sizeof out);
    /* Two far-apart layers with equal weights: the mean translation. */
    layers[3].weight = 2.0f;
    assert_int_equal(sa_pose_blend_run(&job), J);
    for (size_t j = 0; j < J; ++j) {
        assert_near(out[j].translation.x,
                    0.5 * ((double)poses[3][j].translation.x + poses[33][j].translation.x), 1e-5);
        assert_near(test_quat_length(out[j].rotation), 1, 1e-6);
    }
    /* All forty at once. */
    for (size_t i = 0; i < L; ++i)
        layers[i].weight = test_rng_range(&r, 0, 1);
    assert_int_equal(sa_pose_blend_run(&job), J);
    for (size_t j = 0; j < J; ++j) {
        double tx = 0, total = 0;
        for (size_t i = 0; i < L; ++i) {
            tx += layers[i].weight * (double)poses[i][j].translation.x;
            total += layers[i].weight;
        }
        assert_near(out[j].translation.x, tx / total, 1e-5);
        assert_near(test_quat_length(out[j].rotation), 1, 1e-6);
    }
}

/* Issue 14: a joint whose summed weight was below about 3e-39 got an infinite translation and
 * scale (1/total overflowed) and its rotation snapped to the identity. */
static void test_pose_blend_of_tiny_weights_is_still_a_weighted_average(void **state) {
    (void)state;
    sa_transform a = sa_transform_identity(), b = sa_transform_identity(), out[1];
    a.translation = sa_v3(1, -2, 0);
    b.translation = sa_v3(3, 2, 4);
    b.scale = sa_v3(3, 3, 3);
    b.rotation = sa_quat_from_axis_angle(sa_v3(0, 0, 1), 1.0f);
    const float jw[1] = {1e-20f};
    const float weights[][3] = {
        /* layer weight a, layer weight b, joint weight (0: none) */
        {1e-39f, 1e-39f, 0},
        {1e-20f, 1e-20f, 1},
        {1e-45f, 1e-45f, 0},
    };
    for (size_t c = 0; c < sizeof weights / sizeof weights[0]; ++c) {
        sa_pose_layer layers[2] = {{&a, weights[c][0], NULL}, {&b, weights[c][1], NULL}};
        if (weights[c][2] > 0) layers[0].joint_weights = layers[1].joint_weights = jw;
        sa_pose_blend_job job = {layers, 2, NULL, 1, out, 1};
        assert_int_equal(sa_pose_blend_run(&job), 1);
        assert_near(out[0].translation.x, 2, 1e-6);
        assert_near(out[0].translation.y, 0, 1e-6);
        assert_near(out[0].translation.z, 2, 1e-6);
        assert_near(out[0].scale.x, 2, 1e-6);
        assert_near(test_quat_angle(out[0].rotation, sa_quat_identity()), 0.5, 1e-5);
    }
    /* Unequal tiny weights keep their ratio: 1 : 3. */
    sa_pose_layer layers[2] = {{&a, 1e-40f, NULL}, {&b, 3e-40f, NULL}};
    sa_pose_blend_job job = {layers, 2, NULL, 1, out, 1};
    assert_int_equal(sa_pose_blend_run(&job), 1);
    assert_near(out[0].translation.x, 2.5, 1e-3); /* denormal weights: their own rounding */
}

/* Issue 14: interpolating between frames at ±FLT_MAX, or past them, overflowed to infinity; a
 * blend of two layers near FLT_MAX too. Every pose function now saturates instead. */
static void test_pose_values_near_flt_max_saturate_instead_of_overflowing(void **state) {
    (void)state;
    sa_transform lo = sa_transform_identity(), hi = sa_transform_identity(), out[1];
    lo.translation = sa_v3(-FLT_MAX, FLT_MAX, 1);
    hi.translation = sa_v3(FLT_MAX, FLT_MAX, 1);
    lo.scale = sa_v3(1e-3f, 1, 1);
    hi.scale = sa_v3(FLT_MAX, 1, 1);
    assert_int_equal(sa_pose_lerp(&lo, &hi, 0.5f, 1, out, 1), 1);
    assert_true(sa_transform_is_finite(out[0]));
    assert_near(out[0].translation.x, 0, 0);
    assert_near(out[0].translation.y, FLT_MAX, 0);
    assert_near(out[0].scale.x, FLT_MAX / 2, 1e32);
    assert_int_equal(sa_pose_lerp(&lo, &hi, 2.0f, 1, out, 1), 1); /* past hi */
    assert_true(sa_transform_is_finite(out[0]));
    assert_near(out[0].translation.x, FLT_MAX, 0);
    assert_near(out[0].scale.x, FLT_MAX, 0);
    assert_int_equal(sa_pose_lerp(&lo, &hi, -1e6f, 1, out, 1), 1); /* far back past lo */
    assert_true(sa_transform_is_finite(out[0]));
    assert_near(out[0].translation.x, -FLT_MAX, 0);
    /* Blending two layers near FLT_MAX: the float sum overflowed. */
    const sa_pose_layer layers[2] = {{&hi, 0.7f, NULL}, {&hi, 0.6f, NULL}};
    sa_pose_blend_job job = {layers, 2, NULL, 1, out, 1};
    assert_int_equal(sa_pose_blend_run(&job), 1);
    assert_true(sa_transform_is_finite(out[0]));
    assert_near(out[0].translation.x, FLT_MAX, 1e32);
    /* The same over four joints at FLT_MAX in x only (the joints are blended four at a time
     * when no layer has joint weights): the weights' shares round to a sum above 1. */
    sa_transform far[4], out4[4];
    for (size_t j = 0; j < 4; ++j) {
        far[j] = sa_transform_identity();
        far[j].translation = sa_v3(FLT_MAX, 0, 0);
    }
    const sa_pose_layer far_layers[2] = {{far, 0.7f, NULL}, {far, 0.6f, NULL}};
    sa_pose_blend_job far_job = {far_layers, 2, NULL, 4, out4, 4};
    assert_int_equal(sa_pose_blend_run(&far_job), 4);
    for (size_t j = 0; j < 4; ++j) {
        assert_true(sa_transform_is_finite(out4[j]));
        assert_near(out4[j].translation.x, FLT_MAX, 1e32);
        assert_near(out4[j].translation.y, 0, 0);
    }
    /* Difference and offset: the difference saturates (it used to read as 0), the offset too. */
    assert_int_equal(sa_pose_difference(&hi, &lo, 1, out, 1), 1);
    assert_true(sa_transform_is_finite(out[0]));
    assert_near(out[0].translation.x, FLT_MAX, 0);
    assert_near(out[0].scale.x, FLT_MAX, 0);
    const sa_transform offset = out[0];
    assert_int_equal(sa_pose_apply_offset(&hi, &offset, 1e6f, 1, out, 1), 1);
    assert_true(sa_transform_is_finite(out[0]));
    assert_near(out[0].translation.x, FLT_MAX, 0);
    assert_near(out[0].scale.x, FLT_MAX, 0);
}

/* A clean pose with huge finite parts (translations and scales near FLT_MAX, whose sum overflows)
 * is still clean: all weight on it, or the end of an interpolation, gives it bit for bit. Its
 * rotations used to be renormalised (they moved by an ulp). */
static void test_pose_huge_finite_clean_pose_is_copied_unchanged(void **state) {
    (void)state;
    test_rng r = test_rng_make(48);
    sa_transform huge[J], other[J], out[J];
    rng_pose(&r, other, J);
    for (size_t j = 0; j < J; ++j) {
        huge[j] = rng_transform(&r);
        huge[j].translation = sa_v3(FLT_MAX, 0.9f * FLT_MAX, -FLT_MAX);
        huge[j].scale = sa_v3(FLT_MAX, 1, 0.75f * FLT_MAX);
    }
    const sa_pose_layer layers[2] = {{huge, 1.0f, NULL}, {other, 0.0f, NULL}};
    sa_pose_blend_job job = {layers, 2, NULL, J, out, J};
    assert_int_equal(sa_pose_blend_run(&job), J);
    assert_memory_equal(out, huge, sizeof out);
    assert_int_equal(sa_pose_lerp(huge, other, 0.0f, J, out, J), J);
    assert_memory_equal(out, huge, sizeof out);
}

/* Four joints blended at once give what each joint blended alone gives, also where a scale's
 * three components sum past FLT_MAX (the per-joint path then blends in double): the group of
 * four once kept its float sums there, an ulp away (found by the SoA fuzz check). */
static void test_pose_blend_of_four_joints_is_the_blend_of_each(void **state) {
    (void)state;
    sa_transform a[4], b[4], whole[4];
    for (size_t j = 0; j < 4; ++j) {
        a[j] = sa_transform_identity();
        b[j] = sa_transform_identity();
    }
    a[3] = sa_transform_make(sa_v3(-0x1.9194p+8f, -0x1.9194p+8f, -0x1.9194p+8f),
                             sa_quat_make(-0.5f, -0.5f, -0.5f, -0.5f),
                             sa_v3(-0x1.9194p+8f, -0x1.9194p+8f, -0x1.9194p+8f));
    b[3] = sa_transform_make(sa_v3(-0.0f, 0.0f, -0.0f),
                             sa_quat_make(-0x1.6caf02p-7f, -0.0f, 0x1.fff7ep-1f, -0.0f),
                             sa_v3(-FLT_MAX, -FLT_MAX, -FLT_MAX));
    const sa_pose_layer layers[2] = {{a, 0x1p-6f, NULL}, {b, 0x1.b9a4p+8f, NULL}};
    const sa_pose_blend_job job = {layers, 2, NULL, 4, whole, 4};
    assert_int_equal(sa_pose_blend_run(&job), 4);
    for (size_t j = 0; j < 4; ++j) {
        sa_transform alone;
        const sa_pose_layer one[2] = {{&a[j], 0x1p-6f, NULL}, {&b[j], 0x1.b9a4p+8f, NULL}};
        const sa_pose_blend_job single = {one, 2, NULL, 1, &alone, 1};
        assert_int_equal(sa_pose_blend_run(&single), 1);
        assert_same_transform(whole[j], alone);
        assert_true(sa_transform_is_finite(whole[j]));
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pose_bad_input_is_rejected_or_safe),
        cmocka_unit_test(test_pose_functions_write_the_whole_pose_or_nothing),
        cmocka_unit_test(test_pose_blend_is_a_renormalised_weighted_average),
        cmocka_unit_test(test_pose_blend_of_two_follows_the_short_arc),
        cmocka_unit_test(test_pose_blend_all_weight_on_one_layer_gives_it_exactly),
        cmocka_unit_test(test_pose_blend_takes_any_number_of_layers),
        cmocka_unit_test(test_pose_masked_layers_replace_the_upper_body_only),
        cmocka_unit_test(test_pose_lerp_is_exact_at_the_ends_and_extrapolates),
        cmocka_unit_test(test_pose_lerp_masked_stretches_only_the_chosen_joints),
        cmocka_unit_test(test_pose_morph_starts_and_ends_exactly),
        cmocka_unit_test(test_pose_offset_takes_one_pose_to_another_and_decays),
        cmocka_unit_test(test_pose_blend_of_tiny_weights_is_still_a_weighted_average),
        cmocka_unit_test(test_pose_values_near_flt_max_saturate_instead_of_overflowing),
        cmocka_unit_test(test_pose_huge_finite_clean_pose_is_copied_unchanged),
        cmocka_unit_test(test_pose_blend_of_four_joints_is_the_blend_of_each),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
