/* ik.h: two-bone IK in 2D (plain and with softness, stretch and FK weight), the reach guard, arm
 * FK and two-bone IK in 3D. Finite for any input; every bone keeps its length. */
#include "fuzz.h"

#include <stickanim/ik.h>

/* A length as the solvers read it: NaN, infinite or ≤ 0 is 0. */
static double usable(float len) { return (fz_finite(len) && len > 0.0f) ? (double)len : 0.0; }

/* Whether lengths and coordinates are small enough for a length check at float precision. */
static bool moderate(double len, double coord) { return len < 1e30 && coord < 1e30; }

/* |a − b| = len up to float rounding at the size of the coordinates involved: a, b and `near`,
 * a point the solver computed them from (the root: a joint computed as root + offset carries
 * the root's rounding). */
static void check_bone_from(sa_vec2 a, sa_vec2 b, double len, sa_vec2 near) {
    const double coord = fmax(fmax(fz_absmax2(a), fz_absmax2(b)), fz_absmax2(near));
    if (!moderate(len, coord)) return;
    const double d = fz_dist2(a, b);
    FZ_CHECK2(fabs(d - len) <= fz_length_tol(len, coord), d, len);
}

static void check_bone(sa_vec2 a, sa_vec2 b, double len) { check_bone_from(a, b, len, a); }

static void check_2d(fz_in *in) {
    const sa_vec2 root = fz_v2(in), target = fz_v2(in);
    const float l1 = fz_float(in), l2 = fz_float(in), bend = fz_float(in);
    const sa_vec2 r = fz_finite_v2(root) ? root
                                         : sa_v2(fz_finite(root.x) ? root.x : 0.0f,
                                                 fz_finite(root.y) ? root.y : 0.0f);
    const sa_vec2 j = sa_ik_two_bone(root, target, l1, l2, bend);
    FZ_CHECK(fz_finite_v2(j));
    check_bone(r, j, usable(l1));
    /* A reachable target: the end on it is len2 from the joint. */
    const double a = usable(l1), b = usable(l2), d = fz_dist2(r, target);
    if (fz_finite_v2(target) && a > 0.0 && d >= fabs(a - b) + 0.02 && d <= a + b - 0.02 &&
        moderate(a + b, fz_absmax2(target)) && a > 1e-3 && b > 1e-3)
        check_bone_from(j, target, b, r);

    const float margin = fz_float(in);
    const sa_vec2 g = sa_ik_reach_guard(root, target, l1, l2, margin);
    FZ_CHECK(fz_finite_v2(g));
    /* A target inside the reach comes back as it is (clearly inside: on the circle, which side
     * of it the solver's rounding puts the target is its own business). */
    const double reach = a + b - usable(margin);
    if (fz_finite_v2(target) && reach > 0.0 && d <= reach * (1.0 - 1e-9))
        FZ_CHECK(g.x == target.x && g.y == target.y);
    if (reach > 0.0 && moderate(reach, fz_absmax2(r)))
        FZ_CHECK2(fz_dist2(g, r) <= reach + fz_length_tol(reach, fz_absmax2(r)), fz_dist2(g, r),
                  reach);

    const sa_ik_arm_pose arm = sa_ik_arm_fk(root, fz_float(in), fz_float(in), l1, l2);
    FZ_CHECK(fz_finite_v2(arm.elbow) && fz_finite_v2(arm.hand));
    check_bone(r, arm.elbow, a);
    check_bone(arm.elbow, arm.hand, b);
}

static void check_ex(fz_in *in) {
    const sa_vec2 root = fz_v2(in), target = fz_v2(in);
    const float l1 = fz_float(in), l2 = fz_float(in);
    sa_ik_config c = sa_ik_config_default();
    const bool use_config = fz_bool(in);
    c.bend = fz_float(in);
    c.softness = fz_float(in);
    c.max_stretch = fz_float_in(in, 1.0f, 3.0f);
    c.weight = fz_float_in(in, 0.0f, 1.0f);
    c.fk_joint = fz_v2(in);
    c.fk_end = fz_v2(in);
    const sa_ik_result r = sa_ik_two_bone_ex(root, target, l1, l2, use_config ? &c : NULL);
    FZ_CHECK(fz_finite_v2(r.joint) && fz_finite_v2(r.end));
    FZ_CHECK(fz_finite(r.len1) && fz_finite(r.len2) && r.len1 >= 0.0f && r.len2 >= 0.0f);
    /* Stretch only lengthens, and by the same factor, at most max_stretch. */
    const double a = usable(l1), b = usable(l2);
    const double most = use_config && fz_finite(c.max_stretch) && c.max_stretch > 1.0f
                            ? (double)c.max_stretch
                            : 1.0;
    if (a < 1e30 && b < 1e30) {
        FZ_CHECK2(r.len1 >= a * (1 - 1e-6) && r.len1 <= a * most * (1 + 1e-6) + 1e-30, r.len1, a);
        FZ_CHECK2(r.len2 >= b * (1 - 1e-6) && r.len2 <= b * most * (1 + 1e-6) + 1e-30, r.len2, b);
    }
    /* The bones keep their (stretched) lengths at every weight. */
    const sa_vec2 rr = sa_v2(fz_finite(root.x) ? root.x : 0.0f, fz_finite(root.y) ? root.y : 0.0f);
    check_bone(rr, r.joint, (double)r.len1);
    check_bone(r.joint, r.end, (double)r.len2);
    if (!use_config) {
        const sa_vec2 j = sa_ik_two_bone(root, target, l1, l2, 1.0f);
        FZ_CHECK(j.x == r.joint.x && j.y == r.joint.y); /* defaults: the plain solver */
    }
}

static void check_3d(fz_in *in) {
    const sa_vec3 root = fz_v3(in), target = fz_v3(in), pole = fz_v3(in);
    const float l1 = fz_float(in), l2 = fz_float(in);
    const sa_vec3 j = sa_ik_two_bone_3d(root, target, l1, l2, pole);
    FZ_CHECK(fz_finite_v3(j));
    const sa_vec3 r = sa_v3(fz_finite(root.x) ? root.x : 0.0f, fz_finite(root.y) ? root.y : 0.0f,
                            fz_finite(root.z) ? root.z : 0.0f);
    const double a = usable(l1), coord = fmax(fz_absmax3(r), fz_absmax3(j));
    if (moderate(a, coord)) {
        const double d = fz_dist3(r, j);
        FZ_CHECK2(fabs(d - a) <= fz_length_tol(a, coord), d, a);
    }
}

void sa_fuzz_ik(const uint8_t *data, size_t size) {
    fz_in in = fz_make(data, size);
    do {
        switch (fz_u8(&in) % 3) {
        case 0:
            check_2d(&in);
            break;
        case 1:
            check_ex(&in);
            break;
        default:
            check_3d(&in);
            break;
        }
    } while (fz_more(&in));
}
