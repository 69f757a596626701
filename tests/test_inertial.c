#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/inertial.h>
#include <stickanim/pose.h>

#define DT (1.0f / 60.0f)

enum { JOINTS = 20 };

static sa_transform joint_at(sa_vec3 axis, float angle, float len) {
    return sa_transform_make(sa_v3(0, len, 0), sa_quat_from_axis_angle(axis, angle),
                             sa_v3(1, 1, 1));
}

static void test_inertial_bad_input_is_harmless(void **state) {
    (void)state;
    /* The decay: non-finite offsets give 0, a bad half-life is "decayed", a bad time is "now". */
    assert_near(sa_inertial_decay(NAN, 0, 0.1f, 0.1f), 0, 0);
    assert_near(sa_inertial_decay(1, INFINITY, 0.1f, 0.1f), 0, 0);
    assert_near(sa_inertial_decay(2, 0, NAN, 0.1f), 0, 0);
    assert_near(sa_inertial_decay(2, 0, -1.0f, 0.1f), 0, 0);
    assert_near(sa_inertial_decay(2, 0, 0.1f, NAN), 2, 0);
    assert_near(sa_inertial_decay(2, 0, NAN, 0.0f), 2, 0);
    assert_near(sa_inertial_decay(2, 5, 0.1f, INFINITY), 0, 0);
    assert_finite(sa_inertial_decay(3e38f, 3e38f, 1e-30f, 1e-30f));
    assert_finite(sa_inertial_decay(-3e38f, 3e38f, FLT_MAX, FLT_MAX));
    assert_near(sa_inertial_factor(NAN, 0.1f), 0, 0);
    assert_near(sa_inertial_factor(0.1f, NAN), 1, 0);
    assert_near(sa_inertial_factor(0.1f, -1.0f), 1, 0);

    /* Scalars: a non-finite difference records as 0; the result is always finite. */
    const sa_inertial_scalar s = sa_inertial_scalar_record(NAN, 1, 2, INFINITY);
    assert_near(s.offset, 0, 0);
    assert_near(s.velocity, 0, 0);
    const sa_inertial_scalar big = sa_inertial_scalar_record(3e38f, 3e38f, -3e38f, -3e38f);
    assert_near(big.offset, 0, 0); /* the difference overflows */
    assert_near(big.velocity, 0, 0);
    assert_near(sa_inertial_scalar_apply(s, 4, 0.1f, 0.0f), 4, 0);
    const sa_inertial_scalar one = {1.0f, 0.0f};
    assert_near(sa_inertial_scalar_apply(one, NAN, 0.1f, 0.0f), 0, 0);
    assert_near(sa_inertial_scalar_apply(one, INFINITY, 0.1f, 0.05f), 0, 0);
    const sa_inertial_scalar huge = {3e38f, 0.0f};
    assert_near(sa_inertial_scalar_apply(huge, 3e38f, 0.1f, 0.0f), 3e38f,
                0); /* the sum overflows */

    /* Rotations: bad quaternions count as the identity, bad velocities as zero. */
    const sa_inertial_quat q = sa_inertial_quat_record(sa_quat_make(NAN, 0, 0, 0), sa_v3(NAN, 1, 2),
                                                       sa_quat_make(0, 0, 0, 0), sa_v3(0, 0, 0));
    assert_near(q.offset.x, 0, 0);
    assert_near(q.offset.y, 0, 0);
    assert_near(q.offset.z, 0, 0);
    assert_near(q.velocity.x, 0, 0);
    assert_near(q.velocity.y, 1, 0);
    const sa_quat o = sa_inertial_quat_apply(q, sa_quat_make(INFINITY, 0, 0, 1), NAN, NAN);
    assert_near(test_quat_length(o), 1, 1e-5);
    sa_inertial_quat nasty;
    nasty.offset = sa_v3(NAN, INFINITY, 1e30f);
    nasty.velocity = sa_v3(-INFINITY, 1e30f, NAN);
    test_rng r = test_rng_make(3);
    for (int i = 0; i < 2000; ++i) {
        const sa_quat to = sa_quat_make(test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r),
                                        test_rng_nasty(&r));
        const sa_quat a = sa_inertial_quat_apply(nasty, to, test_rng_nasty(&r), test_rng_nasty(&r));
        assert_near(test_quat_length(a), 1, 1e-5);
    }

    /* The array form: NULL inputs, a zero count or too little room write nothing and give 0. */
    sa_inertial_quat recs[2] = {q, q};
    const sa_quat to[2] = {{0, 0, 0, 1}, {0, 0, 0, 1}};
    sa_quat out[3];
    const sa_quat mark = {9, 9, 9, 9};
    out[0] = out[1] = out[2] = mark;
    assert_int_equal(sa_inertial_quats_apply(NULL, to, 2, 0.1f, 0.0f, out, 3), 0);
    assert_int_equal(sa_inertial_quats_apply(recs, NULL, 2, 0.1f, 0.0f, out, 3), 0);
    assert_int_equal(sa_inertial_quats_apply(recs, to, 0, 0.1f, 0.0f, out, 3), 0);
    assert_int_equal(sa_inertial_quats_apply(recs, to, 2, 0.1f, 0.0f, out, 1), 0);
    assert_int_equal(sa_inertial_quats_apply(NULL, NULL, 2, 0.1f, 0.0f, NULL, 0), 0);
    for (int i = 0; i < 3; ++i)
        assert_memory_equal(&out[i], &mark, sizeof mark);
}

/* An independent reference: the spring x'' = −y²x − 2y·x' integrated with tiny steps. */
static double spring_reference(double x0, double v0, double halflife, double t) {
    const double y = 2.0 * 0.69314718055994530942 / halflife;
    double x = x0, v = v0;
    const int n = 20000;
    const double h = t / n;
    for (int i = 0; i < n; ++i) {
        const double a = -y * y * x - 2.0 * y * v;
        v += a * h;
        x += v * h;
    }
    return x;
}

static void test_inertial_decay_is_a_critically_damped_spring(void **state) {
    (void)state;
    test_rng r = test_rng_make(8);
    for (int i = 0; i < 300; ++i) {
        const float x0 = test_rng_range(&r, -2, 2), v0 = test_rng_range(&r, -10, 10);
        const float h = test_rng_range(&r, 0.05f, 0.5f), t = test_rng_range(&r, 0.0f, 1.5f);
        assert_near(sa_inertial_decay(x0, v0, h, 0.0f), x0, 0); /* starts at the offset: no pop */
        assert_near(sa_inertial_decay(x0, v0, h, t), spring_reference(x0, v0, h, t), 2e-3);
        /* Its slope at the start is v0: no velocity pop either. */
        const float e = 1e-4f;
        assert_near((sa_inertial_decay(x0, v0, h, e) - x0) / e, v0, 0.05 * (fabs(v0) + 1.0));
        /* Starting at rest it decays monotonically, never overshooting zero. */
        float prev = x0;
        for (int k = 1; k < 120; ++k) {
            const float x = sa_inertial_decay(x0, 0.0f, h, (float)k * DT);
            assert_true(fabsf(x) <= fabsf(prev));
            assert_true(x * x0 >= 0.0f);
            prev = x;
        }
        /* Gone after a few dozen half-lives. */
        assert_true(fabsf(sa_inertial_decay(x0, 0.0f, h, 40.0f * h)) < 1e-6f);
    }
    /* Scalars: the switch shows the old value, the offset then decays like the spring. */
    for (int i = 0; i < 300; ++i) {
        const float from = test_rng_range(&r, -5, 5), to = test_rng_range(&r, -5, 5);
        const float vf = test_rng_range(&r, -3, 3), vt = test_rng_range(&r, -3, 3);
        const float h = test_rng_range(&r, 0.05f, 0.5f), t = test_rng_range(&r, 0.0f, 1.0f);
        const sa_inertial_scalar rec = sa_inertial_scalar_record(from, vf, to, vt);
        assert_near(sa_inertial_scalar_apply(rec, to, h, 0.0f), from, 1e-5);
        assert_near(sa_inertial_scalar_apply(rec, to, h, t),
                    (double)to + spring_reference((double)from - to, (double)vf - vt, h, t), 3e-3);
        assert_near(sa_inertial_scalar_apply(rec, to, h, 40.0f * h), to, 1e-5);
    }
}

static void test_inertial_quat_starts_at_the_old_rotation_and_ends_at_the_new(void **state) {
    (void)state;
    test_rng r = test_rng_make(77);
    for (int i = 0; i < 5000; ++i) {
        const sa_quat from = test_rng_rotation(&r), to = test_rng_rotation(&r);
        const sa_inertial_quat rec =
            sa_inertial_quat_record(from, sa_v3(0, 0, 0), to, sa_v3(0, 0, 0));
        const float h = test_rng_range(&r, 0.05f, 0.4f);
        const sa_quat start = sa_inertial_quat_apply(rec, to, h, 0.0f);
        assert_true(test_quat_angle(start, from) < 2e-3);
        double prev = test_quat_angle(start, to);
        for (int k = 1; k < 90; ++k) {
            const sa_quat q = sa_inertial_quat_apply(rec, to, h, (float)k * DT);
            assert_near(test_quat_length(q), 1, 1e-5);
            const double a = test_quat_angle(q, to);
            assert_true(a <= prev + 1e-3); /* approaches the new rotation, no overshoot */
            prev = a;
        }
        const sa_quat end = sa_inertial_quat_apply(rec, to, h, 40.0f * h);
        assert_true(test_quat_angle(end, to) < 1e-3);
    }
}

static void test_inertial_quats_apply_writes_all_or_nothing(void **state) {
    (void)state;
    enum { N = 4 };
    test_rng r = test_rng_make(91);
    sa_inertial_quat recs[N];
    sa_quat to[N], out[N + 1];
    for (int j = 0; j < N; ++j) {
        to[j] = test_rng_rotation(&r);
        recs[j] =
            sa_inertial_quat_record(test_rng_rotation(&r), sa_v3(1, 0, 0), to[j], sa_v3(0, 2, 0));
    }
    /* Count-only: out NULL gives the count, whatever the capacity. */
    assert_int_equal(sa_inertial_quats_apply(recs, to, N, 0.2f, 0.1f, NULL, 0), N);
    assert_int_equal(sa_inertial_quats_apply(recs, to, N, 0.2f, 0.1f, NULL, 1000), N);
    /* Too little room: nothing at all is written. */
    const sa_quat mark = {9, 9, 9, 9};
    for (int j = 0; j < N + 1; ++j)
        out[j] = mark;
    assert_int_equal(sa_inertial_quats_apply(recs, to, N, 0.2f, 0.1f, out, N - 1), 0);
    for (int j = 0; j < N + 1; ++j)
        assert_memory_equal(&out[j], &mark, sizeof mark);
    /* Enough room: every rotation, each as the single form gives it; nothing past the count. */
    assert_int_equal(sa_inertial_quats_apply(recs, to, N, 0.2f, 0.1f, out, N + 1), N);
    for (int j = 0; j < N; ++j) {
        const sa_quat one = sa_inertial_quat_apply(recs[j], to[j], 0.2f, 0.1f);
        assert_memory_equal(&one, &out[j], sizeof one);
    }
    assert_memory_equal(&out[N], &mark, sizeof mark);
    /* In place over the new rotations. */
    assert_int_equal(sa_inertial_quats_apply(recs, to, N, 0.2f, 0.1f, to, N), N);
    assert_memory_equal(to, out, N * sizeof to[0]);
}

static void test_inertial_factor_agrees_with_the_pose_offsets(void **state) {
    (void)state;
    assert_near(sa_inertial_factor(0.1f, 0.0f), 1, 0);
    float prev = 1.0f;
    for (int k = 1; k < 200; ++k) {
        const float f = sa_inertial_factor(0.15f, (float)k * DT);
        assert_true(f < prev && f >= 0.0f);
        prev = f;
    }
    /* Zero slope at the start: the first frame moves far less than a linear fade over one
     * half-life would. */
    assert_true(1.0f - sa_inertial_factor(0.15f, DT) < 0.25f * DT / 0.15f);
    /* A whole pose through pose.h's offsets equals the per-joint spring with zero velocities. */
    test_rng r = test_rng_make(4242);
    sa_transform from[JOINTS], to[JOINTS], offset[JOINTS], out[JOINTS];
    sa_inertial_quat rec[JOINTS];
    sa_quat to_q[JOINTS], out_q[JOINTS];
    for (int j = 0; j < JOINTS; ++j) {
        from[j] = joint_at(sa_v3(test_rng_range(&r, -1, 1), 1, 0), test_rng_range(&r, -3, 3), 0.3f);
        to[j] = joint_at(sa_v3(0, test_rng_range(&r, -1, 1), 1), test_rng_range(&r, -3, 3), 0.3f);
        to_q[j] = to[j].rotation;
        rec[j] = sa_inertial_quat_record(from[j].rotation, sa_v3(0, 0, 0), to[j].rotation,
                                         sa_v3(0, 0, 0));
    }
    assert_int_equal(sa_pose_difference(from, to, JOINTS, offset, JOINTS), JOINTS);
    for (int k = 0; k < 60; ++k) {
        const float t = (float)k * DT;
        sa_pose_apply_offset(to, offset, sa_inertial_factor(0.2f, t), JOINTS, out, JOINTS);
        assert_int_equal(sa_inertial_quats_apply(rec, to_q, JOINTS, 0.2f, t, out_q, JOINTS),
                         JOINTS);
        for (int j = 0; j < JOINTS; ++j)
            assert_true(sa_quat_angle_between(out[j].rotation, out_q[j]) < 2e-3f);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inertial_bad_input_is_harmless),
        cmocka_unit_test(test_inertial_decay_is_a_critically_damped_spring),
        cmocka_unit_test(test_inertial_quat_starts_at_the_old_rotation_and_ends_at_the_new),
        cmocka_unit_test(test_inertial_quats_apply_writes_all_or_nothing),
        cmocka_unit_test(test_inertial_factor_agrees_with_the_pose_offsets),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
