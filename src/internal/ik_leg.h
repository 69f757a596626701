/* A leg's two-bone IK behind its reach guard, aiming once: what the figure's solve runs per leg;
 * and the plain two-bone IK its spear arms run. Not installed. */
#ifndef STICKANIM_INTERNAL_IK_LEG_H
#define STICKANIM_INTERNAL_IK_LEG_H

#include <stickanim/ik.h>

#include "scalar.h"

/* The two-bone triangle's pieces ik.c builds its solvers from, inline here so the figure's solve
 * runs its legs and arms without a call each. */
typedef struct sai_ik_aim {
    double ux, uy; /* unit root -> target direction; straight down when undefined */
    double d;      /* root -> target distance */
} sai_ik_aim;

/* A non-finite target reads as "straight down, out of reach"; a target on the root as "straight
 * down, at distance 0" (the chain folds). */
SAI_INLINE sai_ik_aim sai_ik_aim_at(sa_vec2 root, sa_vec2 target) {
    sai_ik_aim a = {0.0, 1.0, 0.0};
    if (!sai_v2_finite(target)) {
        a.d = (double)FLT_MAX;
        return a;
    }
    const double dx = (double)target.x - (double)root.x;
    const double dy = (double)target.y - (double)root.y;
    const double d = sqrt(dx * dx + dy * dy);
    if (!(d > 1e-12)) return a;
    a.ux = dx / d;
    a.uy = dy / d;
    a.d = d;
    return a;
}

SAI_INLINE double sai_ik_clamp_d(double v, double lo, double hi) {
    return v > hi ? hi : (v < lo ? lo : v);
}

/* The reference's distance clamp: just inside [|L1 - L2|, L1 + L2]; lo wins when the two cross. */
SAI_INLINE double sai_ik_reachable_distance(double d, double l1, double l2) {
    const double lo = fabs(l1 - l2) + (double)SA_IK_EPSILON;
    const double hi = l1 + l2 - (double)SA_IK_EPSILON;
    return d < lo ? lo : (d > hi ? hi : d);
}

/* sai_narrow() of both coordinates. Where the plain rounding comes out finite it is sai_narrow's
 * (a double just past FLT_MAX rounds to FLT_MAX, as sai_narrow clamps it), so only a point with
 * an infinity or NaN takes the repairs: one test for the pair. */
SAI_INLINE sa_vec2 sai_ik_narrow_point(double x, double y) {
    const float fx = (float)x, fy = (float)y;
    if ((fx - fx) + (fy - fy) == 0.0f) return sai_v2(fx, fy);
    return sai_v2(sai_narrow(x), sai_narrow(y));
}

/* A two-bone chain's lengths (each > 0, or 0) and what its triangle takes of them, worked out
 * once for chains of the same bones (a figure's two legs). */
typedef struct sai_ik_bones {
    double l1, l2;
    double l1_sq, l2_sq, l1_twice; /* l1 * l1, l2 * l2, 2 * l1: the law of cosines' */
    double lo, hi;                 /* sai_ik_reachable_distance()'s clamp */
} sai_ik_bones;

SAI_INLINE sai_ik_bones sai_ik_bones_of(double l1, double l2) {
    sai_ik_bones b;
    b.l1 = l1;
    b.l2 = l2;
    b.l1_sq = l1 * l1;
    b.l2_sq = l2 * l2;
    b.l1_twice = 2.0 * l1;
    b.lo = fabs(l1 - l2) + (double)SA_IK_EPSILON;
    b.hi = l1 + l2 - (double)SA_IK_EPSILON;
    return b;
}

/* sai_ik_middle_joint() of the bones b. */
SAI_INLINE sa_vec2 sai_ik_middle_joint_of(sa_vec2 root, sai_ik_aim a, const sai_ik_bones *b,
                                          float bend) {
    if (b->l1 <= 0.0) return root;
    const double d = a.d < b->lo ? b->lo : (a.d > b->hi ? b->hi : a.d);
    const double ca = sai_ik_clamp_d((b->l1_sq + d * d - b->l2_sq) / (b->l1_twice * d), -1.0, 1.0);
    double sn = sqrt(1.0 - ca * ca);
    if (bend < 0.0f) sn = -sn;
    const double jx = a.ux * ca - a.uy * sn;
    const double jy = a.uy * ca + a.ux * sn;
    return sai_ik_narrow_point((double)root.x + jx * b->l1, (double)root.y + jy * b->l1);
}

SAI_INLINE sa_vec2 sai_ik_middle_joint(sa_vec2 root, sai_ik_aim a, double l1, double l2,
                                       float bend) {
    const sai_ik_bones b = sai_ik_bones_of(l1, l2);
    return sai_ik_middle_joint_of(root, a, &b, bend);
}

/* sa_ik_two_bone, which is defined from it (the figure's spear arms solve without a call). */
SAI_INLINE sa_vec2 sai_ik_two_bone(sa_vec2 root, sa_vec2 target, float len1, float len2,
                                   float bend) {
    root = sai_v2_finite_or(root, sai_v2(0.0f, 0.0f));
    return sai_ik_middle_joint(root, sai_ik_aim_at(root, target),
                               (double)sai_positive_or(len1, 0.0f),
                               (double)sai_positive_or(len2, 0.0f), bend);
}

/* A leg's bones behind the reach guard: what sai_ik_guarded_two_bone() makes of its lengths and
 * margin, the same for both legs of a figure. */
typedef struct sai_ik_leg {
    sai_ik_bones bones;
    double reach; /* l1 + l2 - margin: how far the guard lets the target be */
} sai_ik_leg;

SAI_INLINE sai_ik_leg sai_ik_leg_of(float len1, float len2, float margin) {
    sai_ik_leg g;
    g.bones =
        sai_ik_bones_of((double)sai_positive_or(len1, 0.0f), (double)sai_positive_or(len2, 0.0f));
    g.reach = g.bones.l1 + g.bones.l2 - (double)sai_positive_or(margin, 0.0f);
    return g;
}

/* sai_ik_guarded_two_bone() of a finite root with the leg's bones. */
SAI_INLINE sa_vec2 sai_ik_leg_knee(sa_vec2 root, sa_vec2 target, const sai_ik_leg *leg, float bend,
                                   sa_vec2 *guarded) {
    if (leg->reach > 0.0) {
        const sai_ik_aim a = sai_ik_aim_at(root, target);
        /* Within reach: the guard keeps the target, and the IK aims at it as the guard did. */
        if (sai_v2_finite(target) && a.d <= leg->reach) {
            *guarded = target;
            return sai_ik_middle_joint_of(root, a, &leg->bones, bend);
        }
        *guarded = sai_ik_narrow_point((double)root.x + a.ux * leg->reach,
                                       (double)root.y + a.uy * leg->reach);
    } else {
        *guarded = root;
    }
    return sai_ik_middle_joint_of(root, sai_ik_aim_at(root, *guarded), &leg->bones, bend);
}

/* The middle joint sa_ik_two_bone(root, g, len1, len2, bend) of the guarded target
 * g = sa_ik_reach_guard(root, target, len1, len2, margin), written to *guarded; bit for bit,
 * with the root -> target direction taken once when the guard keeps the target. */
SAI_INLINE sa_vec2 sai_ik_guarded_two_bone(sa_vec2 root, sa_vec2 target, float len1, float len2,
                                           float margin, float bend, sa_vec2 *guarded) {
    const sai_ik_leg leg = sai_ik_leg_of(len1, len2, margin);
    return sai_ik_leg_knee(sai_v2_finite_or(root, sai_v2(0.0f, 0.0f)), target, &leg, bend, guarded);
}

/* The elbow and hand of sai_ik_arm_fk() from the sines and cosines of its repaired angles (the
 * upper arm's sa, ca; the forearm's sb, cb) and its repaired shoulder and lengths. */
SAI_INLINE sa_ik_arm_pose sai_ik_arm_from_sincos(sa_vec2 shoulder, float sa, float ca, float sb,
                                                 float cb, double l1, double l2) {
    /* The reference's convention: angle 0 hangs down (+y), positive swings forward (+x). */
    const double ex = (double)shoulder.x + (double)sa * l1;
    const double ey = (double)shoulder.y + (double)ca * l1;
    sa_ik_arm_pose p;
    p.elbow = sai_ik_narrow_point(ex, ey);
    p.hand = sai_ik_narrow_point(ex + (double)sb * l2, ey + (double)cb * l2);
    return p;
}

/* The elbow and hand of sai_ik_arm_fk() from repaired inputs: the shoulder and the angles a (the
 * upper arm's) and b (the forearm's) finite, the lengths l1 and l2 finite and >= 0. */
SAI_INLINE sa_ik_arm_pose sai_ik_arm_fk_usable(sa_vec2 shoulder, float a, float b, double l1,
                                               double l2) {
    float sa, ca, sb, cb;
    sai_sincosf(a, &sa, &ca);
    sai_sincosf(b, &sb, &cb);
    return sai_ik_arm_from_sincos(shoulder, sa, ca, sb, cb, l1, l2);
}

/* sa_ik_arm_fk, which is defined from it. */
SAI_INLINE sa_ik_arm_pose sai_ik_arm_fk(sa_vec2 shoulder, float upper_angle, float flex,
                                        float upper_len, float fore_len) {
    /* x - x is 0 for each finite number (NaN otherwise): with every input usable, as in every
     * figure frame, the repairs below each keep their input, and one test says so. */
    const float sum = upper_angle + flex;
    const float zero = ((shoulder.x - shoulder.x) + (shoulder.y - shoulder.y)) +
                       ((upper_angle - upper_angle) + (sum - sum)) +
                       ((upper_len - upper_len) + (fore_len - fore_len));
    if (zero == 0.0f && upper_len > 0.0f && fore_len > 0.0f)
        return sai_ik_arm_fk_usable(shoulder, upper_angle, sum, (double)upper_len,
                                    (double)fore_len);
    shoulder = sai_v2_finite_or(shoulder, sai_v2(0.0f, 0.0f));
    const float a = sai_finite_or(upper_angle, 0.0f);
    const float b = sai_finite_or(a + sai_finite_or(flex, 0.0f), a);
    return sai_ik_arm_fk_usable(shoulder, a, b, (double)sai_positive_or(upper_len, 0.0f),
                                (double)sai_positive_or(fore_len, 0.0f));
}

#endif
