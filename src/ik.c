#include <stickanim/ik.h>

#include "internal/ik_leg.h"
#include "internal/scalar.h"
#include "internal/xform.h"

/* The triangle is solved in double: lengths and distances up to FLT_MAX square without
 * overflow, and the rotation by the root angle needs no trigonometry (cos from the law of
 * cosines, sin from sqrt(1 - cos^2)), which is both exact to float precision and fast. */

sa_vec2 sa_ik_two_bone(sa_vec2 root, sa_vec2 target, float len1, float len2, float bend) {
    return sai_ik_two_bone(root, target, len1, len2, bend);
}

sa_vec2 sa_ik_reach_guard(sa_vec2 root, sa_vec2 target, float len1, float len2, float margin) {
    root = sai_v2_finite_or(root, sai_v2(0.0f, 0.0f));
    const double m = (double)sai_positive_or(margin, 0.0f);
    const double reach =
        (double)sai_positive_or(len1, 0.0f) + (double)sai_positive_or(len2, 0.0f) - m;
    if (!(reach > 0.0)) return root;
    const sai_ik_aim a = sai_ik_aim_at(root, target);
    if (sai_v2_finite(target) && a.d <= reach) return target;
    return sai_v2(sai_narrow((double)root.x + a.ux * reach),
                  sai_narrow((double)root.y + a.uy * reach));
}

sa_ik_arm_pose sa_ik_arm_fk(sa_vec2 shoulder, float upper_angle, float flex, float upper_len,
                            float fore_len) {
    return sai_ik_arm_fk(shoulder, upper_angle, flex, upper_len, fore_len);
}

sa_ik_config sa_ik_config_default(void) {
    sa_ik_config o;
    o.bend = 1.0f;
    o.softness = 0.0f;
    o.max_stretch = 1.0f;
    o.weight = 1.0f;
    o.fk_joint = sai_v2(0.0f, 0.0f);
    o.fk_end = sai_v2(0.0f, 0.0f);
    return o;
}

/* ozz-style exponential soften: slope 1 where the soft zone starts, approaching full reach. */
static double soften(double d, double reach, double softness) {
    const double start = reach - softness;
    if (softness <= 0.0 || d <= start) return d;
    return start + softness * (1.0 - sai_exp_d(-(d - start) / softness));
}

/* Direction angle of a bone in canvas space; a degenerate or non-finite bone hangs down. */
static double bone_angle(sa_vec2 from, sa_vec2 to) {
    const double dx = (double)to.x - (double)from.x, dy = (double)to.y - (double)from.y;
    if (!isfinite(dx) || !isfinite(dy) || (dx == 0.0 && dy == 0.0)) return 0.5 * SAI_PI_D;
    return sai_atan2_d(dy, dx);
}

static double blend_angle(double from, double to, double w) {
    double diff = fmod(to - from, 2.0 * SAI_PI_D);
    if (diff > SAI_PI_D) diff -= 2.0 * SAI_PI_D;
    if (diff < -SAI_PI_D) diff += 2.0 * SAI_PI_D;
    return from + diff * w;
}

static sa_vec2 along(sa_vec2 from, double angle, double len) {
    return sai_v2(sai_narrow((double)from.x + sai_cos_d(angle) * len),
                  sai_narrow((double)from.y + sai_sin_d(angle) * len));
}

/* Direction of the second bone: from the joint to the (clamped) aim point on the root -> target
 * line; with no first bone, straight along that line. */
static double second_bone_angle(sa_vec2 root, sa_vec2 joint, sai_ik_aim a, double l1, double l2) {
    if (l1 <= 0.0) return sai_atan2_d(a.uy, a.ux);
    const double d = sai_ik_reachable_distance(a.d, l1, l2);
    const double ex = (double)root.x + a.ux * d - (double)joint.x;
    const double ey = (double)root.y + a.uy * d - (double)joint.y;
    if (ex == 0.0 && ey == 0.0) return sai_atan2_d(a.uy, a.ux);
    return sai_atan2_d(ey, ex);
}

sa_ik_result sa_ik_two_bone_ex(sa_vec2 root, sa_vec2 target, float len1, float len2,
                               const sa_ik_config *config) {
    const sa_ik_config o = config ? *config : sa_ik_config_default();
    root = sai_v2_finite_or(root, sai_v2(0.0f, 0.0f));
    double l1 = (double)sai_positive_or(len1, 0.0f), l2 = (double)sai_positive_or(len2, 0.0f);
    const double reach = l1 + l2;
    const double softness = sai_ik_clamp_d((double)sai_finite_or(o.softness, 0.0f), 0.0, reach);
    const double max_stretch =
        sai_finite(o.max_stretch) && o.max_stretch > 1.0f ? (double)o.max_stretch : 1.0;
    const float weight = sai_saturate(sai_finite_or(o.weight, 1.0f));

    sai_ik_aim a = sai_ik_aim_at(root, target);
    a.d = soften(a.d, reach, softness);
    if (reach > 0.0 && a.d > reach) {
        const double k = a.d / reach < max_stretch ? a.d / reach : max_stretch;
        l1 *= k;
        l2 *= k;
    }

    sa_ik_result r;
    r.len1 = sai_narrow(l1);
    r.len2 = sai_narrow(l2);
    r.joint = sai_ik_middle_joint(root, a, l1, l2, o.bend);
    /* Rebuilding the end from the joint keeps |end - joint| = len2 even when the cosine clamped. */
    r.end = along(r.joint, second_bone_angle(root, r.joint, a, l1, l2), l2);

    if (weight < 1.0f) {
        const double fk1 = bone_angle(root, o.fk_joint);
        const double fk2 = sai_v2_finite(o.fk_joint) ? bone_angle(o.fk_joint, o.fk_end) : fk1;
        const double t1 = blend_angle(fk1, bone_angle(root, r.joint), (double)weight);
        const double t2 = blend_angle(fk2, bone_angle(r.joint, r.end), (double)weight);
        r.joint = along(root, t1, l1);
        r.end = along(r.joint, t2, l2);
    }
    r.reached =
        sai_v2_finite(target) && sai_v2_length(sai_v2_sub(r.end, target)) <= SA_IK_REACH_TOLERANCE;
    return r;
}

/* ---- 3D ---------------------------------------------------------------------------------- */

typedef struct dvec3 {
    double x, y, z;
} dvec3;

static dvec3 d3(double x, double y, double z) {
    dvec3 v = {x, y, z};
    return v;
}
static dvec3 d3_from(sa_vec3 v) {
    return d3((double)sai_finite_or(v.x, 0.0f), (double)sai_finite_or(v.y, 0.0f),
              (double)sai_finite_or(v.z, 0.0f));
}
static dvec3 d3_sub(dvec3 a, dvec3 b) { return d3(a.x - b.x, a.y - b.y, a.z - b.z); }
static dvec3 d3_scale(dvec3 a, double s) { return d3(a.x * s, a.y * s, a.z * s); }
static double d3_dot(dvec3 a, dvec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
static double d3_length(dvec3 a) { return sqrt(d3_dot(a, a)); }

/* The part of p perpendicular to unit u, normalised; zero length when p is along u, which
 * includes a part below 1e-7 of |p|: that may be rounding left over from removing the part along
 * u (a pole on the target at 3·FLT_MAX leaves 1e22 of it), which points anywhere. Above it the
 * direction is perpendicular to u within 1e-9. */
static dvec3 perpendicular(dvec3 p, dvec3 u, double *len) {
    const dvec3 b = d3_sub(p, d3_scale(u, d3_dot(p, u)));
    const double b2 = d3_dot(b, b);
    if (!(b2 > 1e-24) || !(b2 > 1e-14 * d3_dot(p, p))) {
        *len = 0.0;
        return d3(0.0, 0.0, 0.0);
    }
    *len = sqrt(b2);
    return d3_scale(b, 1.0 / *len);
}

sa_vec3 sa_ik_two_bone_3d(sa_vec3 root, sa_vec3 target, float len1, float len2, sa_vec3 pole) {
    const dvec3 r = d3_from(root);
    const double l1 = (double)sai_positive_or(len1, 0.0f), l2 = (double)sai_positive_or(len2, 0.0f);
    dvec3 u = d3(0.0, -1.0, 0.0);
    double d = (double)FLT_MAX;
    if (sai_v3_finite(target)) {
        const dvec3 to = d3_sub(d3_from(target), r);
        d = d3_length(to);
        if (d > 1e-12 && isfinite(d))
            u = d3_scale(to, 1.0 / d);
        else
            d = 0.0;
    }
    /* The bend direction: toward the pole; else +z; else, when the chain points along z, +x.
     * (Only the +z fallback may be replaced: a pole just off the line is still a direction.) */
    double blen = 0.0;
    dvec3 b = d3(0.0, 0.0, 0.0);
    if (sai_v3_finite(pole)) b = perpendicular(d3_sub(d3_from(pole), r), u, &blen);
    if (!(blen > 0.0)) {
        b = perpendicular(d3(0.0, 0.0, 1.0), u, &blen);
        if (!(blen > 1e-6)) b = perpendicular(d3(1.0, 0.0, 0.0), u, &blen);
    }
    if (l1 <= 0.0) {
        sa_vec3 j = {(float)r.x, (float)r.y, (float)r.z};
        return j;
    }
    const double dc = sai_ik_reachable_distance(d, l1, l2);
    const double ca = sai_ik_clamp_d((l1 * l1 + dc * dc - l2 * l2) / (2.0 * l1 * dc), -1.0, 1.0);
    const double sn = sqrt(1.0 - ca * ca);
    sa_vec3 j;
    j.x = sai_narrow(r.x + (u.x * ca + b.x * sn) * l1);
    j.y = sai_narrow(r.y + (u.y * ca + b.y * sn) * l1);
    j.z = sai_narrow(r.z + (u.z * ca + b.z * sn) * l1);
    return j;
}
