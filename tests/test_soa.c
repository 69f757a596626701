#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/soa.h>

#include "internal/soa_isa.h"

enum { MAX_J = 64, MAX_G = (MAX_J + 3) / 4, LAYERS = 4 };

static const size_t joint_counts[] = {1, 3, 5, 20, 63};

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

/* Fills the padding lanes of the last group with NaN: they must never reach a real joint. */
static void poison_padding(sa_soa_transform *soa, size_t n) {
    float *g = (float *)(void *)&soa[SA_SOA_GROUPS(n) - 1];
    for (size_t c = 0; c < 10; ++c)
        for (size_t k = n % 4 ? n % 4 : 4; k < 4; ++k)
            g[4 * c + k] = NAN;
}

/* Whether the padding lanes of the last group are the identity transform. */
static void assert_padding_identity(const sa_soa_transform *soa, size_t n) {
    const float identity[10] = {0, 0, 0, 0, 0, 0, 1, 1, 1, 1};
    const float *g = (const float *)(const void *)&soa[SA_SOA_GROUPS(n) - 1];
    for (size_t c = 0; c < 10; ++c)
        for (size_t k = n % 4 ? n % 4 : 4; k < 4; ++k)
            assert_memory_equal(&g[4 * c + k], &identity[c], sizeof(float));
}

static void pack(const sa_transform *pose, size_t n, sa_soa_transform *soa) {
    assert_int_equal(sa_soa_pack(pose, n, soa, MAX_G), SA_SOA_GROUPS(n));
}

static void test_soa_pack_and_unpack_are_exact_and_pad_with_the_identity(void **state) {
    (void)state;
    test_rng r = test_rng_make(7);
    for (size_t c = 0; c < sizeof joint_counts / sizeof *joint_counts; ++c) {
        const size_t n = joint_counts[c];
        sa_transform pose[MAX_J], back[MAX_J];
        sa_soa_transform soa[MAX_G];
        rng_pose(&r, pose, n);
        pose[n - 1].scale.z = FLT_MAX; /* clean: copied bit for bit */
        pack(pose, n, soa);
        for (size_t j = 0; j < n; ++j) {
            assert_memory_equal(&soa[j / 4].translation.y[j % 4], &pose[j].translation.y,
                                sizeof(float));
            assert_memory_equal(&soa[j / 4].rotation.w[j % 4], &pose[j].rotation.w, sizeof(float));
            assert_memory_equal(&soa[j / 4].scale.z[j % 4], &pose[j].scale.z, sizeof(float));
        }
        assert_padding_identity(soa, n);
        assert_int_equal(sa_soa_unpack(soa, n, back, MAX_J), n);
        assert_memory_equal(back, pose, n * sizeof *pose);
        /* Unclean parts are cleaned, as every function of the library reads them. */
        pose[0].translation.x = NAN;
        pose[n - 1].rotation.w = INFINITY;
        pack(pose, n, soa);
        assert_int_equal(sa_soa_unpack(soa, n, back, MAX_J), n);
        const sa_transform first = sa_transform_sanitize(pose[0]),
                           last = sa_transform_sanitize(pose[n - 1]);
        assert_memory_equal(&back[0], &first, sizeof first);
        assert_memory_equal(&back[n - 1], &last, sizeof last);
        soa[0].scale.y[0] = NAN; /* in the groups too */
        assert_int_equal(sa_soa_unpack(soa, n, back, MAX_J), n);
        assert_float_equal(back[0].scale.y, 1.0f, 0.0f);
    }
}

static void test_soa_pack_and_unpack_reject_bad_input(void **state) {
    (void)state;
    sa_transform pose[8], out[8];
    memset(pose, 0, sizeof pose);
    sa_soa_transform soa[2];
    memset(soa, 0x5A, sizeof soa);
    const sa_soa_transform before = soa[0];
    assert_int_equal(sa_soa_pack(pose, 5, NULL, 0), 2); /* count only */
    assert_int_equal(sa_soa_pack(NULL, 5, soa, 2), 0);
    assert_int_equal(sa_soa_pack(pose, 0, soa, 2), 0);
    assert_int_equal(sa_soa_pack(pose, SA_SKELETON_MAX_JOINTS + 1, soa, 2), 0);
    assert_int_equal(sa_soa_pack(pose, 5, soa, 1), 0); /* all or nothing */
    assert_memory_equal(&soa[0], &before, sizeof before);
    assert_int_equal(sa_soa_unpack(soa, 5, NULL, 0), 5);
    assert_int_equal(sa_soa_unpack(NULL, 5, out, 8), 0);
    assert_int_equal(sa_soa_unpack(soa, 0, out, 8), 0);
    assert_int_equal(sa_soa_unpack(soa, 5, out, 4), 0);
}

/* The SoA blend of the packed layers against the AoS blend, bit for bit, padding poisoned. */
static void check_blend(sa_transform (*poses)[MAX_J], const float *weights, float (*jw)[MAX_J],
                        const sa_transform *rest, size_t nl, size_t n) {
    sa_pose_layer aos[LAYERS];
    sa_soa_layer soa[LAYERS];
    sa_soa_transform packed[LAYERS][MAX_G], packed_rest[MAX_G], out[MAX_G];
    static sa_transform cleaned[LAYERS + 1][MAX_J]; /* what the groups hold */
    for (size_t i = 0; i < nl; ++i) {
        pack(poses[i], n, packed[i]);
        assert_int_equal(sa_soa_unpack(packed[i], n, cleaned[i], MAX_J), n);
        poison_padding(packed[i], n);
        aos[i].pose = cleaned[i];
        soa[i].pose = packed[i];
        aos[i].weight = soa[i].weight = weights[i];
        aos[i].joint_weights = soa[i].joint_weights = jw ? jw[i] : NULL;
    }
    if (rest) {
        pack(rest, n, packed_rest);
        assert_int_equal(sa_soa_unpack(packed_rest, n, cleaned[LAYERS], MAX_J), n);
        poison_padding(packed_rest, n);
    }
    sa_transform want[MAX_J], got[MAX_J];
    const sa_pose_blend_job aos_job = {aos, nl, rest ? cleaned[LAYERS] : NULL, n, want, MAX_J};
    assert_int_equal(sa_pose_blend_run(&aos_job), n);
    const sa_soa_blend_job job = {soa, nl, rest ? packed_rest : NULL, n, out, MAX_G};
    assert_int_equal(sa_soa_blend_validate(&job), SA_OK);
    assert_int_equal(sa_soa_blend_run(&job), SA_SOA_GROUPS(n));
    assert_int_equal(sa_soa_unpack(out, n, got, MAX_J), n);
    for (size_t j = 0; j < n; ++j) {
        assert_memory_equal(&got[j], &want[j], sizeof got[j]);
        assert_true(sa_transform_is_finite(got[j]));
    }
    assert_padding_identity(out, n);
}

static void test_soa_blend_equals_the_aos_blend_bit_for_bit(void **state) {
    (void)state;
    test_rng r = test_rng_make(99);
    static sa_transform poses[LAYERS][MAX_J], rest[MAX_J];
    static float jw[LAYERS][MAX_J];
    for (int round = 0; round < 40; ++round) {
        for (size_t c = 0; c < sizeof joint_counts / sizeof *joint_counts; ++c) {
            const size_t n = joint_counts[c], nl = 1 + (size_t)round % LAYERS;
            float weights[LAYERS];
            for (size_t i = 0; i < nl; ++i) {
                rng_pose(&r, poses[i], n);
                weights[i] = test_rng_range(&r, 0, 2);
                for (size_t j = 0; j < n; ++j) /* a third of the joints out, some halfway */
                    jw[i][j] = test_rng_range(&r, -0.5f, 1.5f);
            }
            rng_pose(&r, rest, n);
            if (round % 5 == 1) weights[0] = 0.0f;        /* a layer that does not count */
            if (round % 7 == 2) weights[nl - 1] = 1e-39f; /* tiny, denormal */
            if (round % 11 == 3)
                for (size_t i = 0; i < nl; ++i)
                    weights[i] = 0.0f; /* none counts: rest */
            check_blend(poses, weights, NULL, round % 2 ? rest : NULL, nl, n);
            check_blend(poses, weights, jw, round % 3 ? rest : NULL, nl, n);
        }
    }
}

static void test_soa_blend_of_bad_values_equals_the_aos_blend(void **state) {
    (void)state;
    test_rng r = test_rng_make(5);
    static sa_transform poses[LAYERS][MAX_J], rest[MAX_J];
    static float jw[LAYERS][MAX_J];
    const float nasty[] = {NAN, INFINITY, -INFINITY, FLT_MAX, -FLT_MAX, 1e-40f, 0.0f, 1e30f};
    for (int round = 0; round < 64; ++round) {
        const size_t n = joint_counts[(size_t)round % 5], nl = 2 + (size_t)round % 3;
        float weights[LAYERS];
        for (size_t i = 0; i < nl; ++i) {
            rng_pose(&r, poses[i], n);
            weights[i] = test_rng_range(&r, 0, 1);
            for (size_t j = 0; j < n; ++j)
                jw[i][j] = test_rng_range(&r, 0, 1);
        }
        rng_pose(&r, rest, n);
        /* A bad float somewhere: a translation, a rotation, a scale, a weight. */
        const size_t i = test_rng_next(&r) % nl, j = test_rng_next(&r) % n;
        const float v = nasty[test_rng_next(&r) % 8];
        float *f = (float *)(void *)&poses[i][j];
        f[test_rng_next(&r) % 10] = v;
        if (round % 4 == 0) weights[i] = v;
        if (round % 4 == 1) jw[i][j] = v;
        if (round % 8 == 2) { /* the two ends of float, which overflow a float sum */
            poses[0][j].translation.x = FLT_MAX;
            poses[1][j].translation.x = FLT_MAX;
            poses[0][j].scale.y = -FLT_MAX;
            poses[1][j].scale.y = -FLT_MAX;
        }
        if (round % 8 == 5) rest[j].rotation.w = NAN;
        check_blend(poses, weights, NULL, rest, nl, n);
        check_blend(poses, weights, jw, round % 2 ? rest : NULL, nl, n);
    }
}

/* Lane k of group g written float by float, whatever the transform holds (no cleaning). */
static void set_lane(sa_soa_transform *soa, size_t j, sa_transform t) {
    float *g = (float *)(void *)&soa[j / 4];
    const float *f = (const float *)(const void *)&t;
    for (size_t c = 0; c < 10; ++c)
        g[4 * c + j % 4] = f[c];
}

/* The SoA blend of groups written lane by lane (rotations off unit length reach the job as they
 * are) against the AoS blend of the same transforms, bit for bit. */
static void check_raw_blend(sa_transform (*poses)[MAX_J], const float *weights, size_t nl,
                            size_t n) {
    sa_pose_layer aos[LAYERS];
    sa_soa_layer soa[LAYERS];
    static sa_soa_transform groups[LAYERS][MAX_G];
    for (size_t i = 0; i < nl; ++i) {
        for (size_t j = 0; j < n; ++j)
            set_lane(groups[i], j, poses[i][j]);
        poison_padding(groups[i], n);
        aos[i] = (sa_pose_layer){poses[i], weights[i], NULL};
        soa[i] = (sa_soa_layer){groups[i], weights[i], NULL};
    }
    sa_transform want[MAX_J], got[MAX_J];
    sa_soa_transform out[MAX_G];
    const sa_pose_blend_job aos_job = {aos, nl, NULL, n, want, MAX_J};
    assert_int_equal(sa_pose_blend_run(&aos_job), n);
    const sa_soa_blend_job job = {soa, nl, NULL, n, out, MAX_G};
    assert_int_equal(sa_soa_blend_run(&job), SA_SOA_GROUPS(n));
    assert_int_equal(sa_soa_unpack(out, n, got, MAX_J), n);
    for (size_t j = 0; j < n; ++j)
        assert_memory_equal(&got[j], &want[j], sizeof got[j]);
    assert_padding_identity(out, n);
}

static void test_soa_blend_of_rotations_off_unit_length_equals_the_aos_blend(void **state) {
    (void)state;
    test_rng r = test_rng_make(17);
    static sa_transform poses[LAYERS][MAX_J];
    /* Lengths the AoS blend takes as they are (within 1e-5 in |q|^2) and lengths it normalises. */
    const float lengths[] = {1.0f, 1.000004f, 0.999996f, 1.00001f, 0.99999f, 1.001f,  0.5f,
                             2.0f, 1e-12f,    0.0f,      1e12f,    NAN,      INFINITY};
    const size_t count = sizeof lengths / sizeof *lengths;
    for (int round = 0; round < 60; ++round) {
        const size_t n = joint_counts[(size_t)round % 5], nl = 2 + (size_t)round % 3;
        float weights[LAYERS];
        for (size_t i = 0; i < nl; ++i) {
            rng_pose(&r, poses[i], n);
            weights[i] = test_rng_range(&r, 0.1f, 1);
        }
        /* A few rotations scaled, in one layer or several. */
        for (int k = 0; k < 3; ++k) {
            const size_t i = test_rng_next(&r) % nl, j = test_rng_next(&r) % n;
            const float l = lengths[test_rng_next(&r) % count];
            sa_quat *q = &poses[i][j].rotation;
            *q = sa_quat_make(q->x * l, q->y * l, q->z * l, q->w * l);
        }
        check_raw_blend(poses, weights, nl, n);
    }
}

static void test_soa_blend_of_rotations_half_a_turn_apart_equals_the_aos_blend(void **state) {
    (void)state;
    test_rng r = test_rng_make(23);
    static sa_transform poses[LAYERS][MAX_J];
    /* Half a turn and a little: the dot of the two rotations is about -sin(eps / 2), around the
     * sign change where the hemisphere test of the heaviest rotation decides. */
    const float eps[] = {0.0f, 1e-8f, -1e-8f, 1e-7f, -1e-7f, 5e-7f, -5e-7f, 2e-6f, -2e-6f, 1e-5f};
    const size_t count = sizeof eps / sizeof *eps;
    for (int round = 0; round < 40; ++round) {
        const size_t n = joint_counts[(size_t)round % 5], nl = 2 + (size_t)round % 3;
        float weights[LAYERS];
        for (size_t i = 0; i < nl; ++i) {
            rng_pose(&r, poses[i], n);
            weights[i] = test_rng_range(&r, 0.1f, 0.5f);
        }
        weights[0] = 1.0f; /* the heaviest */
        for (size_t j = 0; j < n; ++j) {
            const sa_vec3 axis = sa_v3(test_rng_range(&r, -1, 1), test_rng_range(&r, -1, 1), 1);
            const float turn = SA_PI + eps[test_rng_next(&r) % count];
            const size_t i = 1 + test_rng_next(&r) % (nl - 1);
            poses[i][j].rotation =
                sa_quat_mul(poses[0][j].rotation, sa_quat_from_axis_angle(axis, turn));
        }
        /* Exactly orthogonal: the identity and half a turn about x. */
        poses[0][0].rotation = sa_quat_identity();
        poses[1][0].rotation = sa_quat_make(1, 0, 0, 0);
        check_blend(poses, weights, NULL, NULL, nl, n);
        check_raw_blend(poses, weights, nl, n);
    }
}

static void test_soa_blend_in_place(void **state) {
    (void)state;
    test_rng r = test_rng_make(3);
    const size_t n = 20;
    sa_transform a[MAX_J], b[MAX_J], want[MAX_J], got[MAX_J];
    rng_pose(&r, a, n);
    rng_pose(&r, b, n);
    const sa_pose_layer aos[2] = {{a, 0.3f, NULL}, {b, 0.7f, NULL}};
    const sa_pose_blend_job aos_job = {aos, 2, NULL, n, want, MAX_J};
    sa_pose_blend_run(&aos_job);
    sa_soa_transform pa[MAX_G], pb[MAX_G];
    pack(a, n, pa);
    pack(b, n, pb);
    const sa_soa_layer soa[2] = {{pa, 0.3f, NULL}, {pb, 0.7f, NULL}};
    const sa_soa_blend_job job = {soa, 2, NULL, n, pa, MAX_G};
    assert_int_equal(sa_soa_blend_run(&job), 5);
    sa_soa_unpack(pa, n, got, MAX_J);
    assert_memory_equal(got, want, n * sizeof *got);
}

static void test_soa_blend_rejects_bad_jobs(void **state) {
    (void)state;
    sa_soa_transform p[2], out[2];
    memset(p, 0, sizeof p);
    memset(out, 0x5A, sizeof out);
    const sa_soa_transform before = out[0];
    sa_soa_layer layers[SA_SOA_MAX_LAYERS + 1];
    for (size_t i = 0; i <= SA_SOA_MAX_LAYERS; ++i)
        layers[i] = (sa_soa_layer){p, 1.0f, NULL};
    sa_soa_blend_job job = {layers, 2, NULL, 5, out, 2};
    assert_int_equal(sa_soa_blend_validate(&job), SA_OK);
    assert_int_equal(sa_soa_blend_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_soa_blend_run(NULL), 0);
    job.layer_count = 0;
    assert_int_equal(sa_soa_blend_validate(&job), SA_ERR_COUNT);
    job.layer_count = SA_SOA_MAX_LAYERS + 1;
    assert_int_equal(sa_soa_blend_validate(&job), SA_ERR_COUNT);
    job.layer_count = 2;
    layers[1].pose = NULL;
    assert_int_equal(sa_soa_blend_validate(&job), SA_ERR_NULL);
    assert_int_equal(sa_soa_blend_run(&job), 0);
    layers[1].pose = p;
    job.joint_count = SA_SKELETON_MAX_JOINTS + 1;
    assert_int_equal(sa_soa_blend_validate(&job), SA_ERR_TOO_MANY_JOINTS);
    job.joint_count = 5;
    job.capacity = 1; /* two groups needed */
    assert_int_equal(sa_soa_blend_validate(&job), SA_ERR_CAPACITY);
    assert_int_equal(sa_soa_blend_run(&job), 0);
    assert_memory_equal(&out[0], &before, sizeof before);
    job.out = NULL; /* count only */
    assert_int_equal(sa_soa_blend_run(&job), 2);
}

/* A branching rig: a spine, two arms off its third joint, legs off the root. */
static int32_t rig_parent(size_t j) {
    if (j == 0) return SA_SKELETON_JOINT_NONE;
    if (j % 7 == 0) return 0;
    if (j % 5 == 0) return 3 < j ? 3 : (int32_t)j - 1;
    return (int32_t)j - 1;
}

/* Joint j of the groups as a transform, float by float (no cleaning). */
static sa_transform lane(const sa_soa_transform *soa, size_t j) {
    const sa_soa_transform *g = &soa[j / 4];
    const size_t k = j % 4;
    return sa_transform_make(
        sa_v3(g->translation.x[k], g->translation.y[k], g->translation.z[k]),
        sa_quat_make(g->rotation.x[k], g->rotation.y[k], g->rotation.z[k], g->rotation.w[k]),
        sa_v3(g->scale.x[k], g->scale.y[k], g->scale.z[k]));
}

static void test_soa_local_to_model_equals_the_aos_job(void **state) {
    (void)state;
    test_rng r = test_rng_make(11);
    for (int round = 0; round < 20; ++round) {
        for (size_t c = 0; c < sizeof joint_counts / sizeof *joint_counts; ++c) {
            const size_t n = joint_counts[c];
            int32_t parents[MAX_J];
            sa_transform rest[MAX_J], local[MAX_J], want[MAX_J], got[MAX_J];
            for (size_t j = 0; j < n; ++j)
                parents[j] = rig_parent(j);
            rng_pose(&r, rest, n);
            rng_pose(&r, local, n);
            if (round % 4 == 1) local[n - 1].rotation.x = NAN;
            if (round % 4 == 2) local[0].scale.x = FLT_MAX; /* saturates down the chain */
            sa_skeleton sk;
            assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, n), SA_OK);
            const sa_transform root = rng_transform(&r);
            const sa_transform *rootp = round % 2 ? &root : NULL;
            sa_soa_transform packed[MAX_G];
            pack(local, n, packed);
            /* A NaN in the groups: the last joint's (a leaf, or a lone root, with a root
             * transform or not). */
            if (round % 4 == 3 || round % 8 == 4)
                packed[(n - 1) / 4].translation.y[(n - 1) % 4] = NAN;
            sa_transform lanes[MAX_J]; /* what the groups hold, lane by lane */
            for (size_t j = 0; j < n; ++j)
                lanes[j] = lane(packed, j);
            sa_skeleton_local_to_model_job aos = {&sk, lanes, rootp, want, MAX_J};
            assert_int_equal(sa_skeleton_local_to_model_run(&aos), n);
            poison_padding(packed, n);
            sa_soa_local_to_model_job job = {&sk, packed, rootp, got, MAX_J};
            assert_int_equal(sa_soa_local_to_model_validate(&job), SA_OK);
            assert_int_equal(sa_soa_local_to_model_run(&job), n);
            for (size_t j = 0; j < n; ++j) {
                assert_memory_equal(&got[j], &want[j], sizeof got[j]);
                assert_true(sa_transform_is_finite(got[j]));
            }
        }
    }
}

static void test_soa_local_to_model_matrices_equal_the_aos_ones(void **state) {
    (void)state;
    test_rng r = test_rng_make(13);
    for (int round = 0; round < 24; ++round) {
        for (size_t c = 0; c < sizeof joint_counts / sizeof *joint_counts; ++c) {
            const size_t n = joint_counts[c];
            int32_t parents[MAX_J];
            sa_transform rest[MAX_J], local[MAX_J];
            sa_mat4 want[MAX_J], got[MAX_J];
            for (size_t j = 0; j < n; ++j)
                parents[j] = rig_parent(j);
            rng_pose(&r, rest, n);
            rng_pose(&r, local, n);
            if (round % 4 == 2) { /* huge scales down the chain: the products saturate */
                local[0].scale = sa_v3(FLT_MAX, 3e38f, -FLT_MAX);
                local[n - 1].translation.y = -FLT_MAX;
            }
            sa_skeleton sk;
            assert_int_equal(sa_skeleton_init(&sk, parents, rest, NULL, n), SA_OK);
            const sa_transform root = rng_transform(&r);
            const sa_transform *rootp = round % 2 ? &root : NULL;
            sa_soa_transform packed[MAX_G];
            pack(local, n, packed);
            poison_padding(packed, n);
            if (round % 4 == 1) packed[0].rotation.y[0] = NAN; /* cleaned in the groups too */
            if (round % 4 == 3 || round % 8 == 4) /* the last joint's (a leaf, or a lone root) */
                packed[(n - 1) / 4].translation.z[(n - 1) % 4] = NAN;
            sa_transform lanes[MAX_J]; /* what the groups hold, lane by lane */
            for (size_t j = 0; j < n; ++j)
                lanes[j] = lane(packed, j);
            assert_int_equal(sa_skeleton_local_to_model_matrices(&sk, lanes, rootp, want, MAX_J),
                             n);
            assert_int_equal(sa_soa_local_to_model_matrices(&sk, packed, rootp, got, MAX_J), n);
            for (size_t j = 0; j < n; ++j) {
                assert_memory_equal(&got[j], &want[j], sizeof got[j]);
                for (size_t e = 0; e < 16; ++e)
                    assert_true(isfinite(got[j].m[e]));
            }
            assert_int_equal(sa_soa_local_to_model_matrices(&sk, packed, rootp, NULL, 0), n);
            assert_int_equal(sa_soa_local_to_model_matrices(&sk, packed, rootp, got, n - 1), 0);
            assert_int_equal(sa_soa_local_to_model_matrices(&sk, NULL, rootp, got, MAX_J), 0);
            assert_int_equal(sa_soa_local_to_model_matrices(NULL, packed, rootp, got, MAX_J), 0);
        }
    }
}

static void test_soa_local_to_model_rejects_bad_jobs(void **state) {
    (void)state;
    const int32_t parents[3] = {SA_SKELETON_JOINT_NONE, 0, 5};
    const sa_transform rest[3] = {sa_transform_identity(), sa_transform_identity(),
                                  sa_transform_identity()};
    sa_skeleton sk = {parents, rest, NULL, 2};
    sa_soa_transform local[1];
    pack(rest, 2, local);
    sa_transform out[3];
    sa_soa_local_to_model_job job = {&sk, local, NULL, out, 3};
    assert_int_equal(sa_soa_local_to_model_validate(&job), SA_OK);
    assert_int_equal(sa_soa_local_to_model_validate(NULL), SA_ERR_NULL);
    assert_int_equal(sa_soa_local_to_model_run(NULL), 0);
    job.local = NULL;
    assert_int_equal(sa_soa_local_to_model_validate(&job), SA_ERR_NULL);
    job.local = local;
    sk.joint_count = 3; /* parent 5 of joint 2 comes after it */
    assert_int_equal(sa_soa_local_to_model_validate(&job), SA_ERR_PARENT_ORDER);
    assert_int_equal(sa_soa_local_to_model_run(&job), 0);
    sk.joint_count = 2;
    job.capacity = 1;
    assert_int_equal(sa_soa_local_to_model_validate(&job), SA_ERR_CAPACITY);
    assert_int_equal(sa_soa_local_to_model_run(&job), 0);
    job.out = NULL;
    assert_int_equal(sa_soa_local_to_model_run(&job), 2);
    /* The rest pose is not read, so not checked: a NaN one (or none) changes nothing. */
    sa_transform want[2], got[2];
    sa_mat4 mwant[2], mgot[2];
    job.out = want;
    job.capacity = 2;
    assert_int_equal(sa_soa_local_to_model_run(&job), 2);
    assert_int_equal(sa_soa_local_to_model_matrices(&sk, local, NULL, mwant, 2), 2);
    const sa_transform nan_rest[2] = {
        sa_transform_make(sa_v3(NAN, 0, 0), sa_quat_identity(), sa_v3(1, 1, 1)),
        sa_transform_make(sa_v3(0, 0, 0), sa_quat_make(NAN, 0, 0, 1), sa_v3(1, 1, 1))};
    for (int variant = 0; variant < 2; ++variant) {
        sk.rest = variant == 0 ? nan_rest : NULL;
        assert_int_not_equal(sa_skeleton_validate(&sk), SA_OK);
        job.out = got;
        assert_int_equal(sa_soa_local_to_model_validate(&job), SA_OK);
        assert_int_equal(sa_soa_local_to_model_run(&job), 2);
        assert_memory_equal(got, want, sizeof got);
        assert_int_equal(sa_soa_local_to_model_matrices(&sk, local, NULL, mgot, 2), 2);
        assert_memory_equal(mgot, mwant, sizeof mgot);
    }
}

static void test_soa_sample_time_is_sample_then_pack(void **state) {
    (void)state;
    test_rng r = test_rng_make(21);
    enum { N = 5, F = 4 };
    sa_transform frames[F * N], pose[N];
    rng_pose(&r, frames, F * N);
    sa_clip clip;
    assert_int_equal(sa_clip_init(&clip, frames, F, N, 30.0f, true), SA_OK);
    sa_soa_transform want[2], got[2];
    assert_int_equal(sa_clip_sample_time(&clip, 0.05f, pose, N), N);
    pack(pose, N, want);
    assert_int_equal(sa_soa_sample_time(&clip, 0.05f, got, 2), 2);
    assert_memory_equal(got, want, sizeof got);
    assert_int_equal(sa_soa_sample_time(&clip, 0.05f, NULL, 0), 2);
    assert_int_equal(sa_soa_sample_time(&clip, 0.05f, got, 1), 0);
    assert_int_equal(sa_soa_sample_time(NULL, 0.05f, got, 2), 0);
}

/* The copy of the SoA loops the CPU picks: on x86-64 the AVX2 copy when the CPU has AVX2. */
static void test_soa_jobs_run_the_avx2_copy_where_the_cpu_has_it(void **state) {
    (void)state;
    assert_false(sai_soa_force_sse2(true));
#if SAI_SOA_AVX2
    __builtin_cpu_init();
    assert_int_equal(sai_soa_force_sse2(false), __builtin_cpu_supports("avx2") != 0);
#else
    assert_false(sai_soa_force_sse2(false));
#endif
}

/* Group setups: every test below runs on the copy the CPU picks, then on the SSE2 copy. */
static int run_the_cpus_copy(void **state) {
    (void)state;
    sai_soa_force_sse2(false);
    return 0;
}
static int run_the_sse2_copy(void **state) {
    (void)state;
    sai_soa_force_sse2(true);
    return 0;
}

int main(void) {
    const struct CMUnitTest isa[] = {
        cmocka_unit_test(test_soa_jobs_run_the_avx2_copy_where_the_cpu_has_it),
    };
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_soa_pack_and_unpack_are_exact_and_pad_with_the_identity),
        cmocka_unit_test(test_soa_pack_and_unpack_reject_bad_input),
        cmocka_unit_test(test_soa_blend_equals_the_aos_blend_bit_for_bit),
        cmocka_unit_test(test_soa_blend_of_bad_values_equals_the_aos_blend),
        cmocka_unit_test(test_soa_blend_of_rotations_off_unit_length_equals_the_aos_blend),
        cmocka_unit_test(test_soa_blend_of_rotations_half_a_turn_apart_equals_the_aos_blend),
        cmocka_unit_test(test_soa_blend_in_place),
        cmocka_unit_test(test_soa_blend_rejects_bad_jobs),
        cmocka_unit_test(test_soa_local_to_model_equals_the_aos_job),
        cmocka_unit_test(test_soa_local_to_model_matrices_equal_the_aos_ones),
        cmocka_unit_test(test_soa_local_to_model_rejects_bad_jobs),
        cmocka_unit_test(test_soa_sample_time_is_sample_then_pack),
    };
    int failed = cmocka_run_group_tests_name("soa: which copy", isa, NULL, NULL);
    failed += cmocka_run_group_tests_name("soa: the CPU's copy", tests, run_the_cpus_copy, NULL);
    failed += cmocka_run_group_tests_name("soa: the SSE2 copy", tests, run_the_sse2_copy,
                                          run_the_cpus_copy);
    return failed;
}
