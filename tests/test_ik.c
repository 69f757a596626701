#include "test_support.h"

#include <float.h>
#include <string.h>

#include <stickanim/ik.h>

#include "internal/ik_leg.h"

/* The reference's ik() written out independently in double, with trigonometry, as a reference. */
static sa_vec2 reference_ik(sa_vec2 root, sa_vec2 target, double l1, double l2, double sign) {
    const double dx = (double)target.x - root.x, dy = (double)target.y - root.y;
    double d = hypot(dx, dy);
    const double lo = fabs(l1 - l2) + 0.01, hi = l1 + l2 - 0.01;
    d = d < lo ? lo : (d > hi ? hi : d);
    const double base = atan2(dy, dx);
    double ca = (l1 * l1 + d * d - l2 * l2) / (2 * l1 * d);
    ca = ca < -1 ? -1 : (ca > 1 ? 1 : ca);
    const double ang = base + sign * acos(ca);
    return sa_v2((float)(root.x + cos(ang) * l1), (float)(root.y + sin(ang) * l1));
}

static double cross_from(sa_vec2 o, sa_vec2 a, sa_vec2 b) {
    return ((double)a.x - o.x) * ((double)b.y - o.y) - ((double)a.y - o.y) * ((double)b.x - o.x);
}

static void test_ik_bad_input_gives_documented_finite_results(void **state) {
    (void)state;
    const sa_vec2 root = {10, 20};
    /* Non-finite target: the chain hangs toward +y at full reach. */
    const sa_vec2 j = sa_ik_two_bone(root, sa_v2(NAN, 5), 37, 37, 1);
    assert_near(test_distance(j, root), 37, 1e-3);
    assert_true(j.y - root.y > 36.9f);
    /* Target on the root: folded chain, still exactly len1 from the root. */
    const sa_vec2 f = sa_ik_two_bone(root, root, 37, 30, -1);
    assert_near(test_distance(f, root), 37, 1e-3);
    /* First bone zero or negative: the joint is the root. */
    const sa_vec2 z = sa_ik_two_bone(root, sa_v2(50, 50), 0, 30, 1);
    assert_near(z.x, root.x, 0);
    assert_near(z.y, root.y, 0);
    const sa_vec2 n = sa_ik_two_bone(root, sa_v2(50, 50), -4, 30, 1);
    assert_near(n.x, root.x, 0);
    /* Second bone zero: the first bone points straight at the target. */
    const sa_vec2 s = sa_ik_two_bone(root, sa_v2(110, 20), 37, 0, 1);
    assert_near(s.x, 47, 1e-3);
    assert_near(s.y, 20, 1e-3);
    /* NaN lengths count as zero; non-finite root components count as 0. */
    const sa_vec2 q = sa_ik_two_bone(sa_v2(INFINITY, NAN), sa_v2(0, 100), 37, NAN, 1);
    assert_near(q.x, 0, 1e-4);
    assert_near(q.y, 37, 1e-3);
    /* Huge but finite coordinates do not overflow. */
    assert_finite_v2(sa_ik_two_bone(sa_v2(-3e38f, 0), sa_v2(3e38f, 3e38f), 3e38f, 3e38f, 1));
    /* Reach guard with bad input. */
    const sa_vec2 g = sa_ik_reach_guard(root, sa_v2(NAN, NAN), 37, 37, 1.5f);
    assert_near(g.x, root.x, 1e-4);
    assert_near(g.y, root.y + 72.5f, 1e-3);
    const sa_vec2 g0 = sa_ik_reach_guard(root, sa_v2(500, 500), 1, 1, 5);
    assert_near(g0.x, root.x, 0);
    /* FK with bad angles hangs straight down. */
    const sa_ik_arm_pose a = sa_ik_arm_fk(sa_v2(0, 0), NAN, INFINITY, 27, 25);
    assert_near(a.elbow.x, 0, 0);
    assert_near(a.elbow.y, 27, 1e-5);
    assert_near(a.hand.y, 52, 1e-5);
    /* Settings with NaN fields take their defaults. */
    sa_ik_config o = {NAN, NAN, NAN, NAN, {NAN, NAN}, {NAN, NAN}};
    const sa_ik_result r = sa_ik_two_bone_ex(root, sa_v2(30, 70), 37, 37, &o);
    const sa_ik_result d = sa_ik_two_bone_ex(root, sa_v2(30, 70), 37, 37, NULL);
    assert_near(r.joint.x, d.joint.x, 1e-5);
    assert_near(r.joint.y, d.joint.y, 1e-5);
    assert_true(r.reached);
}

static void test_ik_no_nan_from_any_input(void **state) {
    (void)state;
    test_rng r = test_rng_make(3);
    for (int i = 0; i < 50000; ++i) {
        const sa_vec2 root = {test_rng_nasty(&r), test_rng_nasty(&r)};
        const sa_vec2 target = {test_rng_nasty(&r), test_rng_nasty(&r)};
        const float l1 = test_rng_nasty(&r), l2 = test_rng_nasty(&r), bend = test_rng_nasty(&r);
        assert_finite_v2(sa_ik_two_bone(root, target, l1, l2, bend));
        assert_finite_v2(sa_ik_reach_guard(root, target, l1, l2, bend));
        const sa_ik_arm_pose a = sa_ik_arm_fk(root, l1, l2, bend, test_rng_nasty(&r));
        assert_finite_v2(a.elbow);
        assert_finite_v2(a.hand);
        sa_ik_config o = {bend,
                          test_rng_nasty(&r),
                          test_rng_nasty(&r),
                          test_rng_nasty(&r),
                          {test_rng_nasty(&r), test_rng_nasty(&r)},
                          {test_rng_nasty(&r), test_rng_nasty(&r)}};
        const sa_ik_result e = sa_ik_two_bone_ex(root, target, l1, l2, &o);
        assert_finite_v2(e.joint);
        assert_finite_v2(e.end);
        assert_finite(e.len1);
        assert_finite(e.len2);
    }
}

static void test_ik_reachable_target_keeps_both_lengths(void **state) {
    (void)state;
    test_rng r = test_rng_make(42);
    int solved = 0;
    for (int i = 0; i < 20000; ++i) {
        const float l1 = test_rng_range(&r, 1, 200), l2 = test_rng_range(&r, 1, 200);
        const sa_vec2 root = test_rng_v2(&r, -300, 300);
        const float ang = test_rng_range(&r, -SA_PI, SA_PI);
        const float lo = fabsf(l1 - l2) + 0.02f, hi = l1 + l2 - 0.02f;
        const float d = test_rng_range(&r, lo, hi);
        const sa_vec2 target = {root.x + cosf(ang) * d, root.y + sinf(ang) * d};
        const float bend = (i & 1) ? 1.0f : -1.0f;
        const sa_vec2 j = sa_ik_two_bone(root, target, l1, l2, bend);
        assert_near(test_distance(root, j), l1, 1e-3);
        assert_near(test_distance(j, target), l2, 2e-3);
        ++solved;
    }
    assert_int_equal(solved, 20000);
}

static void test_ik_matches_the_reference_formula(void **state) {
    (void)state;
    test_rng r = test_rng_make(5);
    for (int i = 0; i < 20000; ++i) {
        const float l1 = test_rng_range(&r, 5, 80), l2 = test_rng_range(&r, 5, 80);
        const sa_vec2 root = test_rng_v2(&r, -200, 200), target = test_rng_v2(&r, -200, 200);
        const float bend = (i & 1) ? 1.0f : -1.0f;
        const sa_vec2 j = sa_ik_two_bone(root, target, l1, l2, bend);
        const sa_vec2 ref = reference_ik(root, target, l1, l2, bend);
        assert_near(j.x, ref.x, 2e-3);
        assert_near(j.y, ref.y, 2e-3);
    }
}

static void test_ik_out_of_reach_points_straight_at_target(void **state) {
    (void)state;
    test_rng r = test_rng_make(9);
    for (int i = 0; i < 10000; ++i) {
        const float l1 = test_rng_range(&r, 10, 100), l2 = test_rng_range(&r, 10, 100);
        const sa_vec2 root = test_rng_v2(&r, -300, 300);
        const float ang = test_rng_range(&r, -SA_PI, SA_PI);
        const float d = (l1 + l2) * test_rng_range(&r, 1.01f, 20.0f);
        const sa_vec2 target = {root.x + cosf(ang) * d, root.y + sinf(ang) * d};
        const sa_vec2 j = sa_ik_two_bone(root, target, l1, l2, 1);
        assert_near(test_distance(root, j), l1, 1e-3);
        /* The joint is on the root -> target ray: with bones of 10 units or more, the reference's
         * 0.01 unit of clearance from full extension bends it off the line by under 0.05 rad. */
        const double off = fabs(cross_from(root, j, target)) / ((double)l1 * d);
        assert_true(off < 0.05);
        assert_true((j.x - root.x) * (target.x - root.x) + (j.y - root.y) * (target.y - root.y) >
                    0);
    }
}

static void test_ik_bend_signs_mirror_across_the_line(void **state) {
    (void)state;
    test_rng r = test_rng_make(17);
    for (int i = 0; i < 10000; ++i) {
        const float l1 = test_rng_range(&r, 1, 100), l2 = test_rng_range(&r, 1, 100);
        const sa_vec2 root = test_rng_v2(&r, -300, 300), target = test_rng_v2(&r, -300, 300);
        if (test_distance(root, target) < 1e-2f) continue;
        const sa_vec2 a = sa_ik_two_bone(root, target, l1, l2, 1);
        const sa_vec2 b = sa_ik_two_bone(root, target, l1, l2, -1);
        /* Reflect a across the root -> target line; it lands on b. */
        const double dx = (double)target.x - root.x, dy = (double)target.y - root.y;
        const double len = hypot(dx, dy), ux = dx / len, uy = dy / len;
        const double px = a.x - root.x, py = a.y - root.y, along = px * ux + py * uy;
        const double rx = 2 * along * ux - px, ry = 2 * along * uy - py;
        assert_near(root.x + rx, b.x, 2e-3);
        assert_near(root.y + ry, b.y, 2e-3);
        /* And they sit on opposite sides (unless the chain is straight). */
        const double ca = cross_from(root, target, a), cb = cross_from(root, target, b);
        assert_true(ca * cb <= 1e-3 * (double)l1 * len);
    }
}

static void test_ik_negative_bend_bends_knees_forward(void **state) {
    (void)state;
    const sa_vec2 hip = {0, 0}, foot = {0, 66};
    const sa_vec2 forward = sa_ik_two_bone(hip, foot, 37, 37, -1);
    const sa_vec2 back = sa_ik_two_bone(hip, foot, 37, 37, 1);
    assert_true(forward.x > 10.0f);
    assert_true(back.x < -10.0f);
    assert_near(forward.y, 33, 1e-3);
}

static void test_ik_reach_guard_pulls_back_along_the_line(void **state) {
    (void)state;
    test_rng r = test_rng_make(23);
    for (int i = 0; i < 10000; ++i) {
        const sa_vec2 hip = test_rng_v2(&r, -200, 200), target = test_rng_v2(&r, -300, 300);
        const sa_vec2 g = sa_ik_reach_guard(hip, target, 37, 37, SA_IK_LEG_MARGIN);
        const float d = test_distance(hip, target);
        if (d <= 72.5f) {
            assert_near(g.x, target.x, 0);
            assert_near(g.y, target.y, 0);
        } else {
            assert_near(test_distance(hip, g), 72.5f, 1e-3);
            assert_true(fabs(cross_from(hip, g, target)) < 1e-2 * d);
        }
    }
}

static bool same_bits(sa_vec2 a, sa_vec2 b) { return memcmp(&a, &b, sizeof a) == 0; }

/* The figure's legs solve with the guard and the IK in one call: what the two public calls give,
 * bit for bit, in reach, out of it, at the root, with no reach and on non-finite input. */
static void test_ik_guarded_leg_is_the_guard_then_the_solver(void **state) {
    (void)state;
    test_rng r = test_rng_make(29);
    const float odd[] = {0.0f, -1.0f, NAN, INFINITY, -INFINITY, 1e-30f, FLT_MAX};
    for (int i = 0; i < 20000; ++i) {
        sa_vec2 hip = test_rng_v2(&r, -200, 200), target = test_rng_v2(&r, -300, 300);
        float l1 = 37.0f, l2 = 37.0f, margin = SA_IK_LEG_MARGIN;
        if (i % 7 == 0) target = hip;
        if (i % 11 == 0) target.x = odd[(i / 11) % 7];
        if (i % 13 == 0) hip.y = odd[(i / 13) % 7];
        if (i % 17 == 0) margin = i % 2 ? 100.0f : odd[(i / 17) % 7];
        if (i % 19 == 0) l1 = odd[(i / 19) % 7];
        const float bend = i % 2 ? 1.0f : -1.0f;
        const sa_vec2 g = sa_ik_reach_guard(hip, target, l1, l2, margin);
        const sa_vec2 knee = sa_ik_two_bone(hip, g, l1, l2, bend);
        sa_vec2 guarded;
        const sa_vec2 fused = sai_ik_guarded_two_bone(hip, target, l1, l2, margin, bend, &guarded);
        assert_true(same_bits(guarded, g));
        assert_true(same_bits(fused, knee));
    }
}

static void test_arm_fk_keeps_lengths_and_the_reference_convention(void **state) {
    (void)state;
    const sa_vec2 sh = {5, -10};
    const sa_ik_arm_pose down = sa_ik_arm_fk(sh, 0, 0, 27, 25);
    assert_near(down.elbow.x, 5, 1e-6);
    assert_near(down.elbow.y, 17, 1e-5);
    assert_near(down.hand.y, 42, 1e-5);
    const sa_ik_arm_pose fwd = sa_ik_arm_fk(sh, SA_PI / 2, 0, 27, 25);
    assert_near(fwd.hand.x, 57, 1e-4); /* positive swings forward, +x */
    assert_near(fwd.hand.y, -10, 1e-4);
    const sa_ik_arm_pose flexed = sa_ik_arm_fk(sh, 0, SA_PI / 2, 27, 25);
    assert_near(flexed.hand.x, 30, 1e-4); /* flex bends the forearm forward */
    test_rng r = test_rng_make(31);
    for (int i = 0; i < 10000; ++i) {
        const float a = test_rng_range(&r, -10, 10), f = test_rng_range(&r, -10, 10);
        const float l1 = test_rng_range(&r, 0.1f, 100), l2 = test_rng_range(&r, 0.1f, 100);
        const sa_ik_arm_pose p = sa_ik_arm_fk(sh, a, f, l1, l2);
        assert_near(test_distance(sh, p.elbow), l1, 1e-4 * (1 + l1));
        assert_near(test_distance(p.elbow, p.hand), l2, 1e-4 * (1 + l2));
    }
}

static void test_ik_ex_defaults_equal_the_plain_solver(void **state) {
    (void)state;
    test_rng r = test_rng_make(37);
    for (int i = 0; i < 5000; ++i) {
        const float l1 = test_rng_range(&r, 1, 100), l2 = test_rng_range(&r, 1, 100);
        const sa_vec2 root = test_rng_v2(&r, -200, 200), target = test_rng_v2(&r, -200, 200);
        sa_ik_config o = sa_ik_config_default();
        o.bend = (i & 1) ? 1.0f : -1.0f;
        const sa_ik_result e = sa_ik_two_bone_ex(root, target, l1, l2, &o);
        const sa_vec2 j = sa_ik_two_bone(root, target, l1, l2, o.bend);
        assert_near(e.joint.x, j.x, 1e-5 * 300);
        assert_near(e.joint.y, j.y, 1e-5 * 300);
        assert_near(test_distance(e.joint, e.end), l2, 1e-3);
        assert_near(e.len1, l1, 0);
        const float d = test_distance(root, target);
        const bool reachable = d >= fabsf(l1 - l2) + 0.02f && d <= l1 + l2 - 0.02f;
        if (reachable) assert_true(e.reached);
        if (d > l1 + l2 + 0.05f || d < fabsf(l1 - l2) - 0.05f) assert_false(e.reached);
    }
}

static void test_ik_ex_stretch_reaches_up_to_its_factor(void **state) {
    (void)state;
    sa_ik_config o = sa_ik_config_default();
    o.max_stretch = 1.25f;
    const sa_vec2 root = {0, 0};
    /* 10% beyond reach: reached, both bones 10% longer. */
    const sa_ik_result a = sa_ik_two_bone_ex(root, sa_v2(0, 74 * 1.1f), 37, 37, &o);
    assert_true(a.reached);
    assert_near(a.len1, 37 * 1.1f, 1e-3);
    assert_near(a.len2, 37 * 1.1f, 1e-3);
    assert_near(test_distance(root, a.joint), a.len1, 1e-3);
    assert_near(test_distance(a.joint, a.end), a.len2, 1e-3);
    /* 50% beyond: capped at 1.25, not reached, pointing at the target. */
    const sa_ik_result b = sa_ik_two_bone_ex(root, sa_v2(0, 74 * 1.5f), 37, 37, &o);
    assert_false(b.reached);
    assert_near(b.len1, 37 * 1.25f, 1e-3);
    assert_near(b.end.y, 74 * 1.25f, 0.02);
    /* Within reach: no stretch at all. */
    const sa_ik_result c = sa_ik_two_bone_ex(root, sa_v2(10, 60), 37, 37, &o);
    assert_near(c.len1, 37, 0);
    assert_true(c.reached);
}

static void test_ik_ex_softness_eases_into_full_extension(void **state) {
    (void)state;
    sa_ik_config o = sa_ik_config_default();
    o.softness = 8.0f;
    const sa_vec2 root = {0, 0};
    float prev_end = 0.0f, prev_slope = 1.0f;
    for (int k = 0; k <= 400; ++k) {
        const float d = 40.0f + (float)k * 0.25f; /* 40 .. 140, through full reach at 74 */
        const sa_ik_result r = sa_ik_two_bone_ex(root, sa_v2(0, d), 37, 37, &o);
        const float end = r.end.y;
        assert_near(test_distance(root, r.joint), 37, 1e-3);
        assert_near(test_distance(r.joint, r.end), 37, 1e-3);
        assert_true(end <= 74.0f);
        if (d < 74 - 8 - 0.05f) assert_true(r.reached); /* before the soft zone: exact */
        if (d > 74 - 8 + 0.5f) assert_false(r.reached); /* inside it: lags behind */
        if (k > 0) {
            const float slope = (end - prev_end) / 0.25f;
            assert_true(slope >= -1e-3f);             /* monotonic */
            assert_true(slope <= prev_slope + 0.02f); /* no snap: slope never jumps up */
            prev_slope = slope;
        }
        prev_end = end;
    }
    assert_true(prev_end > 73.5f); /* far away it approaches full reach */
}

static void test_ik_ex_weight_blends_angles_not_positions(void **state) {
    (void)state;
    const sa_vec2 root = {0, 0};
    const sa_ik_arm_pose fk = sa_ik_arm_fk(root, 0.3f, 0.4f, 27, 25);
    sa_ik_config o = sa_ik_config_default();
    o.fk_joint = fk.elbow;
    o.fk_end = fk.hand;
    o.weight = 0.0f;
    const sa_ik_result zero = sa_ik_two_bone_ex(root, sa_v2(40, -10), 27, 25, &o);
    assert_near(zero.joint.x, fk.elbow.x, 1e-4);
    assert_near(zero.end.y, fk.hand.y, 1e-4);
    assert_false(zero.reached);
    o.weight = 1.0f;
    const sa_ik_result one = sa_ik_two_bone_ex(root, sa_v2(40, -10), 27, 25, &o);
    assert_true(one.reached);
    float prev_x = zero.end.x;
    for (int k = 1; k < 20; ++k) {
        o.weight = (float)k / 20.0f;
        const sa_ik_result m = sa_ik_two_bone_ex(root, sa_v2(40, -10), 27, 25, &o);
        assert_near(test_distance(root, m.joint), 27, 1e-3);
        assert_near(test_distance(m.joint, m.end), 25, 1e-3);
        assert_true(test_distance(m.end, sa_v2(prev_x, m.end.y)) < 10.0f);
        prev_x = m.end.x;
    }
}

static void test_ik_3d_bad_input_is_finite(void **state) {
    (void)state;
    test_rng r = test_rng_make(41);
    for (int i = 0; i < 20000; ++i) {
        const sa_vec3 root = {test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r)};
        const sa_vec3 target = {test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r)};
        const sa_vec3 pole = {test_rng_nasty(&r), test_rng_nasty(&r), test_rng_nasty(&r)};
        const sa_vec3 j =
            sa_ik_two_bone_3d(root, target, test_rng_nasty(&r), test_rng_nasty(&r), pole);
        assert_finite(j.x);
        assert_finite(j.y);
        assert_finite(j.z);
    }
    /* A pole on the root -> target line: the joint still keeps its length. */
    const sa_vec3 root = {0, 1, 0}, target = {0, 0.2f, 0}, pole = {0, 0.5f, 0};
    const sa_vec3 j = sa_ik_two_bone_3d(root, target, 0.5f, 0.5f, pole);
    assert_near(test_distance3(root, j), 0.5, 1e-5);
    assert_true(j.z > 0.1f); /* documented fallback: bends toward +z */
}

static void test_ik_3d_keeps_lengths_and_bends_toward_the_pole(void **state) {
    (void)state;
    test_rng r = test_rng_make(43);
    for (int i = 0; i < 20000; ++i) {
        const float l1 = test_rng_range(&r, 0.1f, 2), l2 = test_rng_range(&r, 0.1f, 2);
        const sa_vec3 root = test_rng_v3(&r, -3, 3), pole = test_rng_v3(&r, -5, 5);
        sa_vec3 dir = test_rng_v3(&r, -1, 1);
        const double n =
            sqrt((double)dir.x * dir.x + (double)dir.y * dir.y + (double)dir.z * dir.z);
        if (n < 1e-2) continue;
        const float d = test_rng_range(&r, fabsf(l1 - l2) + 0.02f, l1 + l2 - 0.02f);
        const sa_vec3 target = {root.x + (float)(dir.x / n) * d, root.y + (float)(dir.y / n) * d,
                                root.z + (float)(dir.z / n) * d};
        const sa_vec3 j = sa_ik_two_bone_3d(root, target, l1, l2, pole);
        assert_near(test_distance3(root, j), l1, 1e-4);
        assert_near(test_distance3(j, target), l2, 2e-4);
        /* Coplanar with root, target and pole, and on the pole's side of the line. */
        const double ax = target.x - root.x, ay = target.y - root.y, az = target.z - root.z;
        const double px = pole.x - root.x, py = pole.y - root.y, pz = pole.z - root.z;
        const double jx = j.x - root.x, jy = j.y - root.y, jz = j.z - root.z;
        const double cx = ay * pz - az * py, cy = az * px - ax * pz, cz = ax * py - ay * px;
        const double cn = sqrt(cx * cx + cy * cy + cz * cz);
        if (cn < 1e-2) continue; /* pole (almost) on the line */
        assert_true(fabs(cx * jx + cy * jy + cz * jz) / cn < 1e-3);
        const double along = (px * ax + py * ay + pz * az) / (d * (double)d);
        const double bx = px - along * ax, by = py - along * ay, bz = pz - along * az;
        assert_true(bx * jx + by * jy + bz * jz >= -1e-4);
    }
}

/* Issue 14: with target = pole = 3·FLT_MAX the joint was 30.5 from the root instead of 30: the
 * rounding left over from projecting the pole onto the chain's line was taken for a direction. */
static void test_ik_3d_pole_on_a_huge_target_keeps_the_bone_length(void **state) {
    (void)state;
    const sa_vec3 roots[] = {sa_v3(0, 0, 0), sa_v3(1, -2, 3), sa_v3(-1e30f, 0, 1e30f)};
    const sa_vec3 targets[] = {sa_v3(FLT_MAX, FLT_MAX, FLT_MAX), sa_v3(-FLT_MAX, 1e38f, 3e37f),
                               sa_v3(1e20f, 1e20f, -1e20f), sa_v3(0, -FLT_MAX, 0)};
    for (size_t r = 0; r < sizeof roots / sizeof roots[0]; ++r) {
        for (size_t t = 0; t < sizeof targets / sizeof targets[0]; ++t) {
            const sa_vec3 root = roots[r], target = targets[t];
            /* The pole on the target (on the root → target line), and just beside the line. */
            const sa_vec3 poles[2] = {target, sa_v3(target.x * 0.5f, target.y * 0.5f, 1e-3f)};
            for (int p = 0; p < 2; ++p) {
                const sa_vec3 j = sa_ik_two_bone_3d(root, target, 30, 30, poles[p]);
                assert_true(sa_v3_is_finite(j));
                if (fabsf(root.x) > 1e10f) continue; /* float spacing there exceeds 30 */
                assert_near(test_distance3(j, root), 30, 1e-4);
            }
        }
    }
}

/* Found by the fuzzer (tests/fuzz/regressions/ik): a pole less than 1e-6 off the line of a chain
 * along x was dropped for the +x fallback, which is the chain's own direction there, so the
 * joint did not bend at all and sat short of len1 from the root. */
static void test_ik_3d_pole_just_off_the_line_still_bends_the_chain(void **state) {
    (void)state;
    const sa_vec3 root = sa_v3(-88.36f, 1e-30f, 1e-30f), target = sa_v3(1e-30f, 1e-30f, 1e-30f);
    const float offsets[] = {1e-6f, 5e-7f, 1e-8f, 1e-3f};
    for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; ++i) {
        const sa_vec3 pole = sa_v3(1e-30f, 1e-30f, offsets[i]);
        const sa_vec3 j = sa_ik_two_bone_3d(root, target, 6.2831855f, 3.1415927f, pole);
        assert_near(test_distance3(j, root), 6.2831855, 1e-5);
        assert_true(j.z > 0.1f); /* bent toward the pole, +z */
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ik_bad_input_gives_documented_finite_results),
        cmocka_unit_test(test_ik_no_nan_from_any_input),
        cmocka_unit_test(test_ik_reachable_target_keeps_both_lengths),
        cmocka_unit_test(test_ik_matches_the_reference_formula),
        cmocka_unit_test(test_ik_out_of_reach_points_straight_at_target),
        cmocka_unit_test(test_ik_bend_signs_mirror_across_the_line),
        cmocka_unit_test(test_ik_negative_bend_bends_knees_forward),
        cmocka_unit_test(test_ik_reach_guard_pulls_back_along_the_line),
        cmocka_unit_test(test_ik_guarded_leg_is_the_guard_then_the_solver),
        cmocka_unit_test(test_arm_fk_keeps_lengths_and_the_reference_convention),
        cmocka_unit_test(test_ik_ex_defaults_equal_the_plain_solver),
        cmocka_unit_test(test_ik_ex_stretch_reaches_up_to_its_factor),
        cmocka_unit_test(test_ik_ex_softness_eases_into_full_extension),
        cmocka_unit_test(test_ik_ex_weight_blends_angles_not_positions),
        cmocka_unit_test(test_ik_3d_bad_input_is_finite),
        cmocka_unit_test(test_ik_3d_keeps_lengths_and_bends_toward_the_pole),
        cmocka_unit_test(test_ik_3d_pole_on_a_huge_target_keeps_the_bone_length),
        cmocka_unit_test(test_ik_3d_pole_just_off_the_line_still_bends_the_chain),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
