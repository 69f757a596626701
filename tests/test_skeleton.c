#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/skeleton.h>

enum { MAX_J = SA_SKELETON_MAX_JOINTS };

static sa_transform xf(float tx, float ty, float tz, sa_quat r) {
    return sa_transform_make(sa_v3(tx, ty, tz), r, sa_v3(1, 1, 1));
}

/* A random valid hierarchy: each joint's parent is any earlier joint (or none, now and then). */
static void rng_skeleton(test_rng *r, size_t n, int32_t *parents, sa_transform *rest) {
    for (size_t i = 0; i < n; ++i) {
        parents[i] = (i == 0 || test_rng_next(r) % 10 == 0)
                         ? SA_SKELETON_JOINT_NONE
                         : (int32_t)(test_rng_next(r) % (uint32_t)i);
        const float s = test_rng_range(r, 0.5f, 1.5f);
        rest[i] = sa_transform_make(
            sa_v3(test_rng_range(r, -2, 2), test_rng_range(r, -2, 2), test_rng_range(r, -2, 2)),
            test_rng_rotation(r), sa_v3(s, s, s));
    }
}

static void test_skeleton_bad_input_gives_clear_status(void **state) {
    (void)state;
    static int32_t parents[MAX_J + 1];
    static sa_transform rest[MAX_J + 1];
    for (size_t i = 0; i <= MAX_J; ++i) {
        parents[i] = (int32_t)i - 1;
        rest[i] = sa_transform_identity();
    }
    sa_skeleton s, untouched;
    memset(&untouched, 0xAB, sizeof untouched);
    s = untouched;
    assert_int_equal(sa_skeleton_init(NULL, parents, rest, NULL, 3), SA_ERR_NULL);
    assert_int_equal(sa_skeleton_init(&s, NULL, rest, NULL, 3), SA_ERR_NULL);
    assert_int_equal(sa_skeleton_init(&s, parents, NULL, NULL, 3), SA_ERR_NULL);
    assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, 0), SA_ERR_COUNT);
    assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, MAX_J + 1), SA_ERR_TOO_MANY_JOINTS);
    assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, MAX_J), SA_OK); /* the maximum */
    s = untouched;
    /* Parent order: child before parent, own parent, out of range, other negative values. */
    const int32_t child_first[] = {-1, 2, 0};
    const int32_t own_parent[] = {-1, 1};
    const int32_t root_not_first[] = {0};
    const int32_t minus_two[] = {-1, -2};
    const int32_t huge[] = {-1, 0x7FFFFFFF};
    assert_int_equal(sa_skeleton_init(&s, child_first, rest, NULL, 3), SA_ERR_PARENT_ORDER);
    assert_int_equal(sa_skeleton_init(&s, own_parent, rest, NULL, 2), SA_ERR_PARENT_ORDER);
    assert_int_equal(sa_skeleton_init(&s, root_not_first, rest, NULL, 1), SA_ERR_PARENT_ORDER);
    assert_int_equal(sa_skeleton_init(&s, minus_two, rest, NULL, 2), SA_ERR_PARENT_ORDER);
    assert_int_equal(sa_skeleton_init(&s, huge, rest, NULL, 2), SA_ERR_PARENT_ORDER);
    /* A rest pose with NaN. */
    sa_transform bad_rest[2] = {sa_transform_identity(), sa_transform_identity()};
    bad_rest[1].rotation.w = NAN;
    assert_int_equal(sa_skeleton_init(&s, parents, bad_rest, NULL, 2), SA_ERR_NOT_FINITE);
    /* Nothing was written on any error. */
    assert_memory_equal(&s, &untouched, sizeof s);
    assert_true(strlen(sa_status_string(SA_ERR_PARENT_ORDER)) > 0);

    /* A hand-broken skeleton is caught again by every user. */
    assert_int_equal(sa_skeleton_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, 4), SA_OK);
    sa_skeleton broken = s;
    broken.parents = child_first;
    broken.joint_count = 3;
    assert_int_equal(sa_skeleton_validate(&broken), SA_ERR_PARENT_ORDER);
    sa_transform model[4], before[4];
    for (size_t i = 0; i < 4; ++i)
        model[i] = sa_transform_make(sa_v3(7, 7, 7), sa_quat_identity(), sa_v3(3, 3, 3));
    memcpy(before, model, sizeof model);
    /* A job that does not validate writes nothing and returns 0; validate says why. */
    sa_skeleton_local_to_model_job job = {&broken, rest, NULL, model, 4};
    assert_int_equal(sa_skeleton_local_to_model_validate(&job), SA_ERR_PARENT_ORDER);
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 0);
    job.skeleton = &s;
    /* Too small a capacity: all or nothing, so nothing. */
    job.capacity = 3;
    assert_int_equal(sa_skeleton_local_to_model_validate(&job), SA_ERR_CAPACITY);
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 0);
    job.capacity = 0;
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 0);
    job.capacity = 4;
    job.local = NULL;
    assert_int_equal(sa_skeleton_local_to_model_validate(&job), SA_ERR_NULL);
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 0);
    job.local = rest;
    job.skeleton = NULL;
    assert_int_equal(sa_skeleton_local_to_model_validate(&job), SA_ERR_NULL);
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 0);
    job.skeleton = &s;
    assert_int_equal(sa_skeleton_local_to_model_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_skeleton_local_to_model_run(NULL), 0);
    assert_memory_equal(model, before, sizeof model); /* nothing written on error */
    /* Count-only call: out NULL validates, writes nothing and returns the joint count whatever
     * the capacity; with bad inputs it returns 0. */
    job.out = NULL;
    for (size_t cap = 0; cap <= 4; cap += 2) {
        job.capacity = cap;
        assert_int_equal(sa_skeleton_local_to_model_validate(&job), SA_OK);
        assert_int_equal(sa_skeleton_local_to_model_run(&job), 4);
    }
    job.skeleton = &broken;
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 0);
    job.skeleton = &s;
    job.local = NULL;
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 0);
    job.local = rest;
    assert_memory_equal(model, before, sizeof model);
    /* Enough capacity: the whole pose, and the count. */
    job.out = model;
    job.capacity = 4;
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 4);

    /* Lookups and single joints with bad input: no joint, identity. */
    assert_int_equal(sa_skeleton_find(NULL, "x"), SA_SKELETON_JOINT_NONE);
    assert_int_equal(sa_skeleton_find(&s, NULL), SA_SKELETON_JOINT_NONE);
    assert_int_equal(sa_skeleton_find(&s, "x"), SA_SKELETON_JOINT_NONE); /* no names */
    const sa_transform id = sa_transform_identity();
    sa_transform m = sa_skeleton_joint_model(&s, rest, 4);
    assert_memory_equal(&m, &id, sizeof m);
    m = sa_skeleton_joint_model(&s, rest, -1);
    assert_memory_equal(&m, &id, sizeof m);
    m = sa_skeleton_joint_model(&broken, rest, 0);
    assert_memory_equal(&m, &id, sizeof m);
    m = sa_skeleton_joint_model(&s, NULL, 0);
    assert_memory_equal(&m, &id, sizeof m);

    /* Bad input writes nothing and returns 0, also for the count-only call; a capacity one short
     * of the joint count writes nothing either. */
    float w[4] = {7, 7, 7, 7};
    assert_int_equal(sa_skeleton_fill_subtree(NULL, 0, 1, w, 4), 0);
    assert_int_equal(sa_skeleton_fill_subtree(&s, 4, 1, w, 4), 0);
    assert_int_equal(sa_skeleton_fill_subtree(&s, -1, 1, w, 4), 0);
    assert_int_equal(sa_skeleton_fill_subtree(&s, SA_SKELETON_JOINT_NONE, 1, NULL, 0), 0);
    assert_int_equal(sa_skeleton_fill_subtree(&s, 0, 1, w, 3), 0);
    assert_int_equal(sa_skeleton_fill_subtree(&s, 0, 1, w, 0), 0);
    assert_int_equal(sa_skeleton_fill_subtree(&broken, 0, 1, w, 4), 0);
    assert_int_equal(sa_skeleton_fill_subtree(&broken, 0, 1, NULL, 0), 0);
    for (int i = 0; i < 4; ++i)
        assert_near(w[i], 7, 0);
}

/* The functions of the hierarchy alone never read the rest pose, so a hand-set skeleton whose
 * rest pose is NaN or missing gives them what a valid one gives; its parents are still checked. */
static void test_skeleton_hierarchy_functions_do_not_need_the_rest_pose(void **state) {
    (void)state;
    enum { N = 9 };
    test_rng r = test_rng_make(77);
    int32_t parents[N], other[N];
    sa_transform rest[N], pose[N], bad_rest[N];
    rng_skeleton(&r, N, parents, rest);
    rng_skeleton(&r, N, other, pose);
    for (size_t i = 0; i < N; ++i)
        bad_rest[i] = sa_transform_make(sa_v3(NAN, 0, 0), sa_quat_make(0, 0, 0, INFINITY),
                                        sa_v3(NAN, NAN, NAN));
    sa_skeleton good;
    assert_int_equal(sa_skeleton_init(&good, parents, rest, NULL, N), SA_OK);
    const sa_transform root = xf(1, 2, 3, test_rng_rotation(&r));
    for (int variant = 0; variant < 2; ++variant) {
        sa_skeleton hand = good;
        hand.rest = variant == 0 ? bad_rest : NULL;
        assert_int_not_equal(sa_skeleton_validate(&hand), SA_OK);
        sa_transform want[N], got[N];
        sa_skeleton_local_to_model_job job = {&good, pose, &root, want, N};
        assert_int_equal(sa_skeleton_local_to_model_run(&job), N);
        job.skeleton = &hand;
        job.out = got;
        assert_int_equal(sa_skeleton_local_to_model_validate(&job), SA_OK);
        assert_int_equal(sa_skeleton_local_to_model_run(&job), N);
        assert_memory_equal(got, want, sizeof got);
        sa_mat4 mw[N], mg[N];
        assert_int_equal(sa_skeleton_local_to_model_matrices(&good, pose, &root, mw, N), N);
        assert_int_equal(sa_skeleton_local_to_model_matrices(&hand, pose, &root, mg, N), N);
        assert_memory_equal(mg, mw, sizeof mg);
        const sa_transform jw = sa_skeleton_joint_model(&good, pose, N - 1);
        const sa_transform jg = sa_skeleton_joint_model(&hand, pose, N - 1);
        assert_memory_equal(&jg, &jw, sizeof jg);
        float fw[N] = {0}, fg[N] = {0};
        assert_int_equal(sa_skeleton_fill_subtree(&hand, 1, 1.0f, fg, N),
                         sa_skeleton_fill_subtree(&good, 1, 1.0f, fw, N));
        assert_memory_equal(fg, fw, sizeof fg);
        /* Parents out of order are still refused, with nothing written. */
        const int32_t child_first[N] = {-1, 2, 0, 1, 2, 3, 4, 5, 6};
        hand.parents = child_first;
        memcpy(got, pose, sizeof got);
        assert_int_equal(sa_skeleton_local_to_model_validate(&job), SA_ERR_PARENT_ORDER);
        assert_int_equal(sa_skeleton_local_to_model_run(&job), 0);
        assert_memory_equal(got, pose, sizeof got);
        assert_int_equal(sa_skeleton_local_to_model_matrices(&hand, pose, &root, mg, N), 0);
    }
}

static void test_skeleton_finds_joints_by_name(void **state) {
    (void)state;
    const int32_t parents[] = {-1, 0, 1, 0, 3};
    sa_transform rest[5];
    for (int i = 0; i < 5; ++i)
        rest[i] = sa_transform_identity();
    const char *const names[] = {"pelvis", "thigh_l", NULL, "thigh_r", "thigh_l"};
    sa_skeleton s;
    assert_int_equal(sa_skeleton_init(&s, parents, rest, names, 5), SA_OK);
    assert_int_equal(s.joint_count, 5);
    assert_int_equal(sa_skeleton_find(&s, "pelvis"), 0);
    assert_int_equal(sa_skeleton_find(&s, "thigh_r"), 3);
    assert_int_equal(sa_skeleton_find(&s, "thigh_l"), 1); /* the first of two */
    assert_int_equal(sa_skeleton_find(&s, "Pelvis"), SA_SKELETON_JOINT_NONE);
    assert_int_equal(sa_skeleton_find(&s, ""), SA_SKELETON_JOINT_NONE);
}

static void test_skeleton_local_to_model_composes_each_chain(void **state) {
    (void)state;
    test_rng r = test_rng_make(31);
    static int32_t parents[MAX_J];
    static sa_transform rest[MAX_J], local[MAX_J], model[MAX_J], model2[MAX_J];
    for (int round = 0; round < 60; ++round) {
        const size_t n = 1 + test_rng_next(&r) % (round < 50 ? 30u : (uint32_t)MAX_J);
        rng_skeleton(&r, n, parents, rest);
        sa_skeleton s;
        assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, n), SA_OK);
        for (size_t i = 0; i < n; ++i) {
            local[i] = rest[i];
            local[i].rotation = test_rng_rotation(&r);
        }
        sa_skeleton_local_to_model_job job = {&s, local, NULL, model, n};
        assert_int_equal(sa_skeleton_local_to_model_validate(&job), SA_OK);
        assert_int_equal(sa_skeleton_local_to_model_run(&job), n);
        for (size_t j = 0; j < n; ++j) {
            /* Reference: push a point up the chain one local transform at a time. */
            const sa_vec3 p = sa_v3(test_rng_range(&r, -1, 1), test_rng_range(&r, -1, 1),
                                    test_rng_range(&r, -1, 1));
            sa_vec3 up = p;
            sa_quat rot = sa_quat_identity();
            for (int32_t k = (int32_t)j; k != SA_SKELETON_JOINT_NONE; k = parents[k]) {
                up = sa_transform_point(local[k], up);
                rot = sa_quat_mul(local[k].rotation, rot);
            }
            const sa_vec3 got = sa_transform_point(model[j], p);
            const float tol = 1e-3f * (1 + sa_v3_length(up));
            assert_near(got.x, up.x, tol);
            assert_near(got.y, up.y, tol);
            assert_near(got.z, up.z, tol);
            assert_near(test_quat_angle(model[j].rotation, rot), 0, 2e-3);
            assert_near(test_quat_length(model[j].rotation), 1, 1e-6);
            /* The single-joint helper agrees with the job. */
            const sa_transform one = sa_skeleton_joint_model(&s, local, (int32_t)j);
            assert_near(sa_v3_distance(one.translation, model[j].translation), 0, tol);
            assert_near(test_quat_angle(one.rotation, model[j].rotation), 0, 1e-3);
        }
        /* In place gives the same result; a root transform moves the whole body. */
        memcpy(model2, local, n * sizeof local[0]);
        sa_skeleton_local_to_model_job in_place = {&s, model2, NULL, model2, n};
        assert_int_equal(sa_skeleton_local_to_model_run(&in_place), n);
        assert_memory_equal(model2, model, n * sizeof model[0]);
        const sa_transform root = xf(5, -3, 2, test_rng_rotation(&r));
        sa_skeleton_local_to_model_job placed = {&s, local, &root, model2, n};
        assert_int_equal(sa_skeleton_local_to_model_run(&placed), n);
        for (size_t j = 0; j < n; ++j) {
            const sa_vec3 want = sa_transform_point(root, model[j].translation);
            const float tol = 1e-3f * (1 + sa_v3_length(want));
            assert_near(model2[j].translation.x, want.x, tol);
            assert_near(model2[j].translation.y, want.y, tol);
            assert_near(model2[j].translation.z, want.z, tol);
        }
    }
}

static void test_skeleton_local_to_model_places_a_hand_made_arm(void **state) {
    (void)state;
    /* Shoulder at (0, 1.5, 0) turned a quarter turn about z; upper arm 0.3 down its -y; forearm
     * 0.25 further, bent another quarter turn about z. */
    const int32_t parents[] = {-1, 0, 1};
    const sa_quat quarter = sa_quat_from_axis_angle(sa_v3(0, 0, 1), SA_PI / 2);
    const sa_transform local[] = {xf(0, 1.5f, 0, quarter), xf(0, -0.3f, 0, quarter),
                                  xf(0, -0.25f, 0, sa_quat_identity())};
    sa_skeleton s;
    assert_int_equal(sa_skeleton_init(&s, parents, local, NULL, 3), SA_OK);
    /* Room for one more: exactly the three joints are written, the fourth entry is untouched. */
    sa_transform model[4];
    const sa_transform sentinel = xf(9, 9, 9, sa_quat_identity());
    model[3] = sentinel;
    sa_skeleton_local_to_model_job job = {&s, local, NULL, model, 4};
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 3);
    assert_memory_equal(&model[3], &sentinel, sizeof sentinel);
    /* -y turned a quarter about z points +x: the elbow is 0.3 out along +x. */
    assert_near(model[1].translation.x, 0.3, 1e-6);
    assert_near(model[1].translation.y, 1.5, 1e-6);
    /* Turned twice, -y points +y: the hand is 0.25 above the elbow. */
    assert_near(model[2].translation.x, 0.3, 1e-6);
    assert_near(model[2].translation.y, 1.75, 1e-6);
    assert_near(model[2].translation.z, 0, 1e-6);
    /* Scale on the shoulder stretches everything below it. */
    sa_transform scaled[3] = {local[0], local[1], local[2]};
    scaled[0].scale = sa_v3(2, 2, 2);
    job.local = scaled;
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 3);
    assert_near(model[2].translation.x, 0.6, 1e-6);
    assert_near(model[2].translation.y, 2.0, 1e-6);
}

static void test_skeleton_bad_pose_values_give_finite_unit_results(void **state) {
    (void)state;
    test_rng r = test_rng_make(32);
    int32_t parents[40];
    sa_transform rest[40], local[40], model[40];
    rng_skeleton(&r, 40, parents, rest);
    sa_skeleton s;
    assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, 40), SA_OK);
    for (int round = 0; round < 500; ++round) {
        for (int i = 0; i < 40; ++i) {
            local[i] = rest[i];
            float *f = &local[i].translation.x;
            /* Poison a few of the ten floats of each transform with NaN, infinity, zero... */
            for (int k = 0; k < 10; ++k) {
                if (test_rng_next(&r) % 6 == 0) {
                    const float v = test_rng_nasty(&r);
                    f[k] = isfinite(v) && fabsf(v) > 1e3f ? 1.0f : v;
                }
            }
        }
        const sa_transform root =
            sa_transform_make(sa_v3(NAN, 0, 0), sa_quat_make(0, 0, 0, 0), sa_v3(1, 1, INFINITY));
        sa_skeleton_local_to_model_job job = {&s, local, (round & 1) ? &root : NULL, model, 40};
        assert_int_equal(sa_skeleton_local_to_model_run(&job), 40);
        for (int i = 0; i < 40; ++i) {
            assert_true(sa_transform_is_finite(model[i]));
            assert_near(test_quat_length(model[i].rotation), 1, 1e-5);
        }
    }
}

static void test_skeleton_fill_subtree_marks_a_joint_and_everything_below(void **state) {
    (void)state;
    test_rng r = test_rng_make(33);
    int32_t parents[64];
    sa_transform rest[64];
    float w[64];
    for (int round = 0; round < 200; ++round) {
        const size_t n = 1 + test_rng_next(&r) % 64u;
        rng_skeleton(&r, n, parents, rest);
        sa_skeleton s;
        assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, n), SA_OK);
        const int32_t top = (int32_t)(test_rng_next(&r) % (uint32_t)n);
        for (size_t i = 0; i < 64; ++i)
            w[i] = -5;
        /* The subtree's size, counted here by walking up from every joint. */
        size_t size = 0;
        for (size_t i = 0; i < n; ++i) {
            for (int32_t k = (int32_t)i; k != SA_SKELETON_JOINT_NONE; k = parents[k])
                if (k == top) {
                    ++size;
                    break;
                }
        }
        /* The count-only call says how many weights a call writes, and writes none. */
        assert_int_equal(sa_skeleton_fill_subtree(&s, top, 0.75f, NULL, 0), size);
        /* A capacity past the joint count is fine; only the subtree's entries are written. */
        assert_int_equal(sa_skeleton_fill_subtree(&s, top, 0.75f, w, 64), size);
        for (size_t i = 0; i < 64; ++i) {
            bool below = false;
            for (int32_t k = (int32_t)i; i < n && k != SA_SKELETON_JOINT_NONE; k = parents[k])
                below |= (k == top);
            assert_near(w[i], below ? 0.75f : -5.0f, 0);
        }
        /* One short of the joint count, even when the subtree would fit: nothing. */
        if (n > 1) {
            w[0] = -9;
            w[n - 1] = -9;
            assert_int_equal(sa_skeleton_fill_subtree(&s, top, 0.25f, w, n - 1), 0);
            assert_near(w[0], -9, 0);
            assert_near(w[n - 1], -9, 0);
        }
    }
}

/* The matrix path: bad input writes nothing; without non-uniform scale it agrees with the
 * transform path; with it, points map exactly as the chain of local transforms maps them. */
static void test_skeleton_matrix_path_keeps_non_uniform_scale_exact(void **state) {
    (void)state;
    test_rng r = test_rng_make(32);
    static int32_t parents[MAX_J];
    static sa_transform rest[MAX_J], local[MAX_J], model[MAX_J];
    static sa_mat4 mats[MAX_J];
    rng_skeleton(&r, 10, parents, rest);
    sa_skeleton s;
    assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, 10), SA_OK);
    sa_mat4 before[10];
    memset(before, 0x6B, sizeof before);
    memcpy(mats, before, sizeof before);
    assert_int_equal(sa_skeleton_local_to_model_matrices(NULL, rest, NULL, mats, 10), 0);
    assert_int_equal(sa_skeleton_local_to_model_matrices(&s, NULL, NULL, mats, 10), 0);
    assert_int_equal(sa_skeleton_local_to_model_matrices(&s, rest, NULL, mats, 9), 0);
    assert_int_equal(sa_skeleton_local_to_model_matrices(&s, rest, NULL, NULL, 0), 10);
    sa_skeleton broken = s;
    broken.joint_count = 0;
    assert_int_equal(sa_skeleton_local_to_model_matrices(&broken, rest, NULL, mats, 10), 0);
    assert_int_equal(sa_skeleton_local_to_model_matrices(&broken, rest, NULL, NULL, 0), 0);
    assert_memory_equal(mats, before, sizeof before);

    for (int round = 0; round < 60; ++round) {
        const size_t n = 1 + test_rng_next(&r) % 40u;
        rng_skeleton(&r, n, parents, rest);
        assert_int_equal(sa_skeleton_init(&s, parents, rest, NULL, n), SA_OK);
        const bool uniform = round % 2 == 0;
        for (size_t i = 0; i < n; ++i) {
            local[i] = rest[i];
            local[i].rotation = test_rng_rotation(&r);
            if (!uniform) local[i].scale = test_rng_v3(&r, 0.5f, 1.8f);
        }
        const sa_transform root = sa_transform_make(test_rng_v3(&r, -3, 3), test_rng_rotation(&r),
                                                    sa_v3(1.5f, 0.7f, 1.1f));
        const sa_transform *roots[2] = {NULL, &root};
        for (int k = 0; k < 2; ++k) {
            assert_int_equal(sa_skeleton_local_to_model_matrices(&s, local, roots[k], mats, n), n);
            sa_skeleton_local_to_model_job job = {&s, local, roots[k], model, n};
            assert_int_equal(sa_skeleton_local_to_model_run(&job), n);
            for (size_t j = 0; j < n; ++j) {
                const sa_vec3 p = test_rng_v3(&r, -1, 1);
                /* Reference: the point pushed up the chain one local transform at a time. */
                sa_vec3 up = p;
                for (int32_t q = (int32_t)j; q != SA_SKELETON_JOINT_NONE; q = parents[q])
                    up = sa_transform_point(local[q], up);
                if (roots[k]) up = sa_transform_point(root, up);
                const sa_vec3 got = sa_mat4_transform_point(mats[j], p);
                const double tol = 2e-5 * (1 + test_distance3(up, sa_v3(0, 0, 0)));
                assert_near(test_distance3(got, up), 0, tol);
                assert_near(mats[j].m[15], 1, 0);
                /* Without non-uniform scale, the transform path agrees. */
                if (uniform && !roots[k]) {
                    assert_near(test_distance3(sa_transform_point(model[j], p), got), 0, tol);
                }
            }
        }
    }

    /* The rig: scale (1, 2, 1), a child turned a quarter about z, a tip 1 along its x.
     * The matrix path puts the tip at (0, 2, 0); the transform path at (0, 1, 0). */
    const int32_t chain[3] = {-1, 0, 1};
    const sa_transform rig[3] = {
        sa_transform_make(sa_v3(0, 0, 0), sa_quat_identity(), sa_v3(1, 2, 1)),
        xf(0, 0, 0, sa_quat_from_axis_angle(sa_v3(0, 0, 1), SA_PI / 2)),
        xf(1, 0, 0, sa_quat_identity())};
    assert_int_equal(sa_skeleton_init(&s, chain, rig, NULL, 3), SA_OK);
    assert_int_equal(sa_skeleton_local_to_model_matrices(&s, rig, NULL, mats, 3), 3);
    assert_near(mats[2].m[12], 0, 1e-6);
    assert_near(mats[2].m[13], 2, 1e-6);
    assert_near(mats[2].m[14], 0, 1e-6);
    sa_skeleton_local_to_model_job job = {&s, rig, NULL, model, 3};
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 3);
    assert_near(model[2].translation.y, 1, 1e-6); /* the shortcut's answer, documented */
}

/* Issue 14: local → model gave NaN for a huge finite scale on a rotated joint. */
static void test_skeleton_huge_scales_down_a_rotated_chain_stay_finite(void **state) {
    (void)state;
    const int32_t parents[3] = {SA_SKELETON_JOINT_NONE, 0, 1};
    sa_transform rest[3];
    for (int i = 0; i < 3; ++i)
        rest[i] = sa_transform_identity();
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, 3), SA_OK);
    sa_transform local[3];
    const sa_quat q = sa_quat_from_axis_angle(sa_v3(0.3f, 1, -0.2f), 2.0f);
    for (int i = 0; i < 3; ++i)
        local[i] = sa_transform_make(sa_v3(1e30f, -1e30f, 3), q, sa_v3(1e30f, 1e25f, 3e20f));
    sa_transform model[3];
    const sa_skeleton_local_to_model_job job = {&sk, local, NULL, model, 3};
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 3);
    for (int i = 0; i < 3; ++i) {
        assert_true(sa_transform_is_finite(model[i]));
        assert_near(test_quat_length(model[i].rotation), 1, 1e-6);
        const sa_transform one = sa_skeleton_joint_model(&sk, local, i);
        assert_memory_equal(&one, &model[i], sizeof one);
    }
    assert_near(model[2].scale.x, FLT_MAX, 0); /* 1e90: saturated */
}

/* Found by the pose fuzzer: a child whose model translation is finite but whose parts sum past
 * FLT_MAX (x, y and z near -FLT_MAX / 2). The whole-pose job kept the float result; the one-joint
 * walk, testing the sum, recomputed it in double. The walk is the float composition of its chain
 * (sa_transform_mul), and the job's joint to rounding. */
static void
test_skeleton_joint_model_is_the_jobs_where_a_translation_sums_past_flt_max(void **state) {
    (void)state;
    const int32_t parents[2] = {SA_SKELETON_JOINT_NONE, 0};
    const sa_quat q = sa_quat_make(0.5f, 0.5f, 0.5f, 0.5f); /* exactly unit */
    const sa_transform local[2] = {
        sa_transform_make(sa_v3(0.5f, 405.0f, -14.0f), q, sa_v3(0.5f, 0.5f, 0.5f)),
        sa_transform_make(sa_v3(-FLT_MAX, -FLT_MAX, -1.0e37f), q, sa_v3(0.5f, 0.5f, 0.5f))};
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, local, NULL, 2), SA_OK);
    sa_transform model[2];
    const sa_skeleton_local_to_model_job job = {&sk, local, NULL, model, 2};
    assert_int_equal(sa_skeleton_local_to_model_run(&job), 2);
    assert_true(sa_transform_is_finite(model[1]));
    /* the case: finite parts whose sum overflows */
    const float sum = model[1].translation.x + model[1].translation.y + model[1].translation.z;
    assert_true(sum == -INFINITY);
    const sa_transform root = sa_skeleton_joint_model(&sk, local, 0);
    assert_memory_equal(&root, &model[0], sizeof root);
    const sa_transform one = sa_skeleton_joint_model(&sk, local, 1);
    const sa_transform composed = sa_transform_mul(local[0], local[1]);
    assert_memory_equal(&one, &composed, sizeof one);
    assert_memory_equal(&one.scale, &model[1].scale, sizeof one.scale);
    assert_near(one.translation.x, model[1].translation.x, 1e-6 * FLT_MAX);
    assert_near(one.translation.y, model[1].translation.y, 1e-6 * FLT_MAX);
    assert_near(one.translation.z, model[1].translation.z, 1e-6 * FLT_MAX);
    assert_near(test_quat_angle(one.rotation, model[1].rotation), 0, 1e-6);
}

/* Found by the hostile walk: the matrix path overflowed to inf where the transform path
 * saturates (translations and scales of FLT_MAX down a chain). */
static void test_skeleton_matrices_saturate_huge_chains(void **state) {
    (void)state;
    const int32_t parents[3] = {-1, 0, 1};
    sa_transform rest[3];
    for (int i = 0; i < 3; ++i)
        rest[i] = sa_transform_make(sa_v3(FLT_MAX, FLT_MAX, -FLT_MAX), sa_quat_identity(),
                                    sa_v3(FLT_MAX, FLT_MAX, FLT_MAX));
    sa_skeleton sk;
    assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, 3), SA_OK);
    sa_mat4 out[3];
    assert_int_equal(sa_skeleton_local_to_model_matrices(&sk, rest, NULL, out, 3), 3);
    for (int i = 0; i < 3; ++i)
        assert_true(sa_mat4_is_finite(out[i]));
    /* Saturated, not wrapped: the second joint's x is as large as a float goes. */
    assert_true(out[1].m[12] == FLT_MAX && out[1].m[0] == FLT_MAX);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_skeleton_bad_input_gives_clear_status),
        cmocka_unit_test(test_skeleton_hierarchy_functions_do_not_need_the_rest_pose),
        cmocka_unit_test(test_skeleton_finds_joints_by_name),
        cmocka_unit_test(test_skeleton_local_to_model_composes_each_chain),
        cmocka_unit_test(test_skeleton_local_to_model_places_a_hand_made_arm),
        cmocka_unit_test(test_skeleton_bad_pose_values_give_finite_unit_results),
        cmocka_unit_test(test_skeleton_fill_subtree_marks_a_joint_and_everything_below),
        cmocka_unit_test(test_skeleton_matrix_path_keeps_non_uniform_scale_exact),
        cmocka_unit_test(test_skeleton_huge_scales_down_a_rotated_chain_stay_finite),
        cmocka_unit_test(
            test_skeleton_joint_model_is_the_jobs_where_a_translation_sums_past_flt_max),
        cmocka_unit_test(test_skeleton_matrices_saturate_huge_chains),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
