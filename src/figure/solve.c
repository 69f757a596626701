#include "pipeline.h"

#include <stickanim/ik.h>

#include <string.h>

#include "internal/fmath4.h"
#include "internal/ik_leg.h"
#include "internal/scalar.h"
#include "internal/xform.h"

/* The unit vector at angle a from +x, y down: (cos a, sin a). */
SAI_INLINE sa_vec2 along(float a) {
    float s, c;
    sai_sincosf(a, &s, &c);
    return sai_v2(c, s);
}

/* along(a), the carried shaft's without the call (every motion without the spear carries it). */
SAI_INLINE sa_vec2 shaft_along(float a) {
    return a == SAI_FIGURE_CARRY_ANGLE ? sai_v2(SAI_FIGURE_CARRY_COS, SAI_FIGURE_CARRY_SIN)
                                       : along(a);
}

/* toward() where the length is not a usable one (0, tiny, or past FLT_MAX). */
SAI_COLD_FN sa_vec2 toward_rare(sa_vec2 joint, sa_vec2 d, float len) {
    const float l = sai_v2_length(d);
    if (!(l > 1e-6f) || !sai_finite(l)) return sai_v2(joint.x, joint.y + len);
    return sai_v2_add(joint, sai_v2_scale(d, len / l));
}

/* The end of a bone of length len from joint toward target; straight down when they coincide. */
SAI_INLINE sa_vec2 toward(sa_vec2 joint, sa_vec2 target, float len) {
    const sa_vec2 d = sai_v2_sub(target, joint);
    /* sai_v2_length(d) but for its repairs, which only a length outside the range taken here
     * needs (a NaN fails the test) */
    const double dx = (double)d.x, dy = (double)d.y;
    const float l = (float)sqrt(dx * dx + dy * dy);
    if (l > 1e-6f && l <= FLT_MAX) return sai_v2_add(joint, sai_v2_scale(d, len / l));
    return toward_rare(joint, d, len);
}

/* Which of two-bone IK's mirror solutions an arm on the shaft takes. A person's elbow only folds
 * the forearm toward the front of the upper arm: a flex in [0, pi) in the FK convention below
 * (0 straight, + folding forward). For a figure facing +x that is always the solution that turns
 * the upper arm by +a from the shoulder -> hand line (sa_ik_two_bone's bend >= 0), whichever way
 * the line points: the elbow then falls on the side that makes it point back when the hand is low
 * in front of the body (the rear hand of the carry), down when the hand is out in front at
 * shoulder height (the front hand), and forward when the hand is overhead, as a person's does.
 * So the elbows bend away from each other (rear back, front down) because the hands are in
 * different places, and neither is ever bent backwards (an opposite sign per arm hyperextended
 * the front elbow in every spear frame). One solution for every pose also keeps the IK angles
 * continuous in time: the elbow never flips to the mirror side, in a play or in a fade. */
#define SAI_ARM_BEND 1.0f

/* d is the shaft's direction, along(p->spear_angle). */
static void spear_hands(const sa_figure_params *p, sa_vec2 d, sa_vec2 shoulder, sa_vec2 *hands) {
    const sa_vec2 mid = sai_v2_add(shoulder, p->spear_grip);
    hands[0] = sai_v2_sub(mid, sai_v2_scale(d, 0.5f * p->spear_gap));
    hands[1] = sai_v2_add(mid, sai_v2_scale(d, 0.5f * p->spear_gap));
}

/* The two-bone IK of an arm whose hand reaches for rel (the target relative to the shoulder), the
 * elbow bent by SAI_ARM_BEND: its elbow and hand relative to the shoulder. */
SAI_INLINE void arm_ik(const sa_figure_config *cfg, sa_vec2 rel, sa_vec2 *elbow, sa_vec2 *hand) {
    *elbow = sai_ik_two_bone(sai_v2(0.0f, 0.0f), rel, cfg->upper_arm, cfg->forearm, SAI_ARM_BEND);
    *hand = toward(*elbow, rel, cfg->forearm);
}

#if SAI_HAS_LANES
/* Whether both lanes of a mask are set. */
SAI_INLINE bool both_set(sai_l2 m) {
#if defined(__SSE2__)
    return _mm_movemask_pd((__m128d)m) == 3;
#else
    return (m[0] & m[1]) != 0;
#endif
}
/* Whether both lanes are set in both masks a and b. (One and of the registers: the masks'
 * & in vector types took GCC a dozen scalar instructions.) */
SAI_INLINE bool both(sai_l2 a, sai_l2 b) {
#if defined(__SSE2__)
    return both_set((sai_l2)_mm_and_pd((__m128d)a, (__m128d)b));
#else
    return both_set(a & b);
#endif
}

/* Both arms' arm_ik() with an arm a lane, on the path every spear frame takes: the lengths finite,
 * > 0 and far enough apart for the clamp's bounds to be in order, each target finite and off the
 * shoulder, and the elbow and hand needing none of the repairs (sai_ik_narrow_point, toward).
 * There each lane does the scalar's very operations, and the pair of arms runs one chain of
 * square roots and divisions, not two. rel (the targets from the shoulder), the elbows and the
 * hands hold x0, x1, y0, y1; false, with nothing written, when an arm leaves that path. */
SAI_INLINE bool arms_ik_in_lanes(float upper, float fore, sai_f4 rel, sai_f4 *elbow_out,
                                 sai_f4 *hand_out) {
    if (!(upper > 0.0f && upper <= FLT_MAX && fore > 0.0f && fore <= FLT_MAX) ||
        !sai_lanes_true(sai_f4_finite(rel)))
        return false;
    const sai_ik_bones b = sai_ik_bones_of((double)upper, (double)fore);
    if (!(b.lo <= b.hi)) return false;
    /* sai_ik_aim_at() from the root (0, 0): its target - 0.0 is the target, -0 included */
    const sai_d2 dx = sai_d2_half(rel, 0), dy = sai_d2_half(rel, 1);
    const sai_d2 d = sai_d2_sqrt(dx * dx + dy * dy);
    if (!both_set(d > 1e-12)) return false;
    const sai_d2 ux = dx / d, uy = dy / d;
    /* sai_ik_middle_joint_of(), bend +1, as legs_in_lanes' */
    const sai_d2 dc = sai_d2_max_fast(sai_d2_min_fast(d, sai_d2_splat(b.hi)), sai_d2_splat(b.lo));
    const sai_d2 v = (b.l1_sq + dc * dc - b.l2_sq) / (b.l1_twice * dc);
    const sai_d2 ca = sai_d2_min_fast(sai_d2_max_fast(v, sai_d2_splat(-1.0)), sai_d2_splat(1.0));
    const sai_d2 sn = sai_d2_sqrt(1.0 - ca * ca);
    /* (the root's 0.0 is added: it makes a -0 +0) */
    const sai_f4 elbow =
        sai_f4_join(0.0 + (ux * ca - uy * sn) * b.l1, 0.0 + (uy * ca + ux * sn) * b.l1);
    /* toward(elbow, rel, fore) */
    const sai_f4 to = rel - elbow;
    const sai_d2 tx = sai_d2_half(to, 0), ty = sai_d2_half(to, 1);
    const sai_f4 lengths = sai_f4_join(sai_d2_sqrt(tx * tx + ty * ty), sai_d2_splat(0.0));
    const sai_f4 l = SAI_SHUFFLE(lengths, lengths, 0, 1, 0, 1); /* (each arm's for x and y) */
    if (!sai_lanes_true(sai_f4_finite(elbow) & (l > 1e-6f) & (l <= FLT_MAX))) return false;
    *elbow_out = elbow;
    *hand_out = elbow + to * (fore / l);
    return true;
}
#endif

/* The FK angles (the reference's convention: 0 hangs down, + forward; flex relative to the upper
 * arm) of the two-bone IK solution reaching rel (the hand target relative to the shoulder), from
 * its elbow and hand (arm_ik). Upper-arm angles are kept in [−0.75π, 1.25π) and the flex in
 * (−π, π] (in [0, π) with SAI_ARM_BEND); the spear poses keep away from both wraps (their hands
 * stay in front of the shoulder), so the angles move continuously and blend linearly with FK
 * arms, whose flex is never negative either: a blend of the two never bends an elbow backwards. */
SAI_INLINE void arm_angles_of(sa_vec2 elbow, sa_vec2 hand, float *up_out, float *flex_out) {
    float up = sai_atan2f(elbow.x, elbow.y);
    if (up < -0.75f * SA_PI) up += 2.0f * SA_PI;
    /* At most 1.75π (up >= −0.75π): past π only for an elbow bent backwards, which SAI_ARM_BEND
     * never gives, so only the wrap from below is needed. */
    float fore = sai_atan2f(hand.x - elbow.x, hand.y - elbow.y) - up;
    while (fore <= -SA_PI)
        fore += 2.0f * SA_PI;
    *up_out = up;
    *flex_out = fore;
}

/* The FK angles of the arm reaching rel (arm_angles_of). */
SAI_INLINE void arm_ik_angles(const sa_figure_config *cfg, sa_vec2 rel, float *up_out,
                              float *flex_out) {
    sa_vec2 elbow, hand;
    arm_ik(cfg, rel, &elbow, &hand);
    arm_angles_of(elbow, hand, up_out, flex_out);
}

/* arm_ik_angles() of both arms, rel[i] arm i's target from the shoulder: the IK in lanes where
 * it can be (arms_ik_in_lanes). */
static void arms_ik_angles(const sa_figure_config *cfg, const sa_vec2 *rel, float *up,
                           float *flex) {
#if SAI_HAS_LANES
    sai_f4 elbows, hands;
    if (arms_ik_in_lanes(cfg->upper_arm, cfg->forearm,
                         (sai_f4){rel[0].x, rel[1].x, rel[0].y, rel[1].y}, &elbows, &hands)) {
        /* arm_angles_of()'s four arctangents at once, each lane the scalar's bits: the
         * elbows' (lanes 0, 1) and the forearms' (2, 3) */
        const sai_f4 fore = hands - elbows;
        const sai_f4 a = sai_atan2f4(SAI_SHUFFLE(elbows, fore, 0, 1, 4, 5),
                                     SAI_SHUFFLE(elbows, fore, 2, 3, 6, 7));
        for (int i = 0; i < 2; ++i) {
            up[i] = a[i] < -0.75f * SA_PI ? a[i] + 2.0f * SA_PI : a[i];
            flex[i] = a[i + 2] - up[i];
            while (flex[i] <= -SA_PI)
                flex[i] += 2.0f * SA_PI;
        }
        return;
    }
#endif
    for (int i = 0; i < 2; ++i)
        arm_ik_angles(cfg, rel[i], &up[i], &flex[i]);
}

void sai_figure_arm_reach(const sa_figure_config *cfg, sa_vec2 rel, float *angle, float *flex) {
    arm_ik_angles(cfg, rel, angle, flex);
}

sa_vec2 sai_figure_shoulder_of(const sa_figure_config *cfg, const sa_figure_params *p) {
    const sa_vec2 pelvis = sai_v2(p->root.x, p->root.y - cfg->hip_height);
    return sai_v2_add(pelvis,
                      sai_v2_scale(sai_figure_up_dir(p->lean), cfg->spine * SA_FIGURE_SHOULDER_AT));
}

void sai_figure_spear_arm_angles(const sa_figure_config *cfg, sa_figure_params *p) {
    sa_vec2 grips[2];
    spear_hands(p, along(p->spear_angle), sai_v2(0.0f, 0.0f), grips);
    arms_ik_angles(cfg, grips, p->arm_angle, p->arm_flex);
}

void sai_figure_spear_arm_angles_cached(const sa_figure_config *cfg, sa_figure_params *p,
                                        sa_figure_spear_cache *cache) {
    if (!cache) {
        sai_figure_spear_arm_angles(cfg, p);
        return;
    }
    const float in[6] = {p->spear_angle, p->spear_grip.x, p->spear_grip.y,
                         p->spear_gap,   cfg->upper_arm,  cfg->forearm};
    if (!cache->known || memcmp(in, cache->in, sizeof in) != 0) {
        sai_figure_spear_arm_angles(cfg, p);
        memcpy(cache->in, in, sizeof in);
        for (int i = 0; i < 2; ++i) {
            cache->arm_angle[i] = p->arm_angle[i];
            cache->arm_flex[i] = p->arm_flex[i];
        }
        cache->known = true;
        return;
    }
    for (int i = 0; i < 2; ++i) {
        p->arm_angle[i] = cache->arm_angle[i];
        p->arm_flex[i] = cache->arm_flex[i];
    }
}

/* The legs' knees and feet (solve_legs) with a leg a lane, on the path every frame takes: the
 * bones finite and > 0 (which sai_ik_leg_of keeps) and the root finite (which
 * sai_v2_finite_or keeps: an infinity or NaN there makes d one, which fails the reach test), each
 * leg's target finite, within the reach (the guard keeps it) and off the root, its knee and foot
 * needing none of the repairs (sai_ik_leg_knee, toward). There each lane does the scalar's very
 * operations, and the pair of legs runs one chain of square roots and divisions, not two. False,
 * with nothing written, when a leg leaves that path. The float lanes hold x0, x1, y0, y1 (leg i's
 * coordinates), the double ones the x or the y of both legs. */
SAI_INLINE bool legs_in_lanes(float thigh, float shin, float margin, sa_vec2 root,
                              const sa_vec2 *feet, sa_vec2 *j) {
#if SAI_HAS_LANES
    const sai_f4 target = {feet[0].x, feet[1].x, feet[0].y, feet[1].y};
    if (!sai_lanes_true(sai_f4_finite(target)) ||
        !(thigh > 0.0f && thigh <= FLT_MAX && shin > 0.0f && shin <= FLT_MAX))
        return false;
    /* sai_ik_leg_of()'s bones and reach, the bones kept */
    const sai_ik_bones b = sai_ik_bones_of((double)thigh, (double)shin);
    const double reach = b.l1 + b.l2 - (double)sai_positive_or(margin, 0.0f);
    if (!(b.lo <= b.hi)) return false;
    /* sai_ik_aim_at() */
    const sai_d2 dx = sai_d2_half(target, 0) - (double)root.x;
    const sai_d2 dy = sai_d2_half(target, 1) - (double)root.y;
    const sai_d2 d = sai_d2_sqrt(dx * dx + dy * dy);
    if (!both(d > 1e-12, d <= reach)) return false;
    const sai_d2 ux = dx / d, uy = dy / d;
    /* sai_ik_middle_joint_of(), bend -1; its clamps as min and max, for numbers (finite here)
     * and bounds in order */
    const sai_d2 dc = sai_d2_max_fast(sai_d2_min_fast(d, sai_d2_splat(b.hi)), sai_d2_splat(b.lo));
    const sai_d2 v = (b.l1_sq + dc * dc - b.l2_sq) / (b.l1_twice * dc);
    const sai_d2 ca = sai_d2_min_fast(sai_d2_max_fast(v, sai_d2_splat(-1.0)), sai_d2_splat(1.0));
    /* The scalar's sine is -s (bend -1); its ux ca - uy (-s) is ux ca + uy s and its
     * uy ca + ux (-s) is uy ca - ux s exactly (IEEE's a - b is a + -b), so the sign goes into
     * the sums, off the chain of roots. */
    const sai_d2 s = sai_d2_sqrt(1.0 - ca * ca);
    const sai_f4 knee = sai_f4_join((double)root.x + (ux * ca + uy * s) * b.l1,
                                    (double)root.y + (uy * ca - ux * s) * b.l1);
    /* toward(knee, target, shin) */
    const sai_f4 to = target - knee;
    const sai_d2 tx = sai_d2_half(to, 0), ty = sai_d2_half(to, 1);
    const sai_f4 lengths = sai_f4_join(sai_d2_sqrt(tx * tx + ty * ty), sai_d2_splat(0.0));
    const sai_f4 l = SAI_SHUFFLE(lengths, lengths, 0, 1, 0, 1); /* (each leg's for x and y) */
    if (!sai_lanes_true(sai_f4_finite(knee) & (l > 1e-6f) & (l <= FLT_MAX))) return false;
    const sai_f4 foot = knee + to * (shin / l);
    for (int i = 0; i < 2; ++i) {
        j[SA_FIGURE_JOINT_KNEE_NEAR + i] = sai_v2(knee[i], knee[i + 2]);
        j[SA_FIGURE_JOINT_FOOT_NEAR + i] = sai_v2(foot[i], foot[i + 2]);
    }
    return true;
#else
    (void)thigh, (void)shin, (void)margin, (void)root, (void)feet, (void)j;
    return false;
#endif
}

/* The legs on the pelvis: knees and feet into j. */
SAI_INLINE void solve_legs(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 pelvis,
                           sa_vec2 *j) {
    /* The reference's reach guard (1.5 units at its size, scaled with the figure) on the
     * target; a negative bend puts the knee forward (+x) for a figure facing +x. The bones and
     * the root are repaired once for both legs (sai_ik_guarded_two_bone's). */
    const float scale = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const float margin = SA_IK_LEG_MARGIN * scale, shin = cfg->shin;
    if (legs_in_lanes(cfg->thigh, shin, margin, pelvis, p->foot, j)) return;
    const sai_ik_leg leg = sai_ik_leg_of(cfg->thigh, shin, margin);
    const sa_vec2 root = sai_v2_finite_or(pelvis, sai_v2(0.0f, 0.0f));
    for (int i = 0; i < 2; ++i) {
        sa_vec2 target;
        const sa_vec2 knee = sai_ik_leg_knee(root, p->foot[i], &leg, -1.0f, &target);
        j[SA_FIGURE_JOINT_KNEE_NEAR + i] = knee;
        j[SA_FIGURE_JOINT_FOOT_NEAR + i] = toward(knee, target, shin);
    }
}

/* Both arms held whole on the shaft along d (spear 1: only spear motions show): each arm is the
 * IK's, which its angles' FK would give back but for rounding; p's arm angles are not read (the
 * blend leaves them out then, sai_figure_blend_into). */
static void arms_on_shaft(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 shoulder,
                          sa_vec2 d, sa_vec2 *j) {
    sa_vec2 grips[2];
    spear_hands(p, d, shoulder, grips);
#if SAI_HAS_LANES
    const sai_f4 at = {shoulder.x, shoulder.x, shoulder.y, shoulder.y};
    const sai_f4 rel = (sai_f4){grips[0].x, grips[1].x, grips[0].y, grips[1].y} - at;
    sai_f4 elbows, hands;
    if (arms_ik_in_lanes(cfg->upper_arm, cfg->forearm, rel, &elbows, &hands)) {
        elbows += at;
        hands += at;
        for (int i = 0; i < 2; ++i) {
            j[SA_FIGURE_JOINT_ELBOW_NEAR + i] = sai_v2(elbows[i], elbows[i + 2]);
            j[SA_FIGURE_JOINT_HAND_NEAR + i] = sai_v2(hands[i], hands[i + 2]);
        }
        return;
    }
#endif
    for (int i = 0; i < 2; ++i) {
        sa_vec2 elbow, hand;
        arm_ik(cfg, sai_v2_sub(grips[i], shoulder), &elbow, &hand);
        j[SA_FIGURE_JOINT_ELBOW_NEAR + i] = sai_v2_add(shoulder, elbow);
        j[SA_FIGURE_JOINT_HAND_NEAR + i] = sai_v2_add(shoulder, hand);
    }
}

/* The arms' angles up and flex moved `correct` of the way to the IK's on the shaft along d. */
static void correct_toward_shaft(const sa_figure_config *cfg, const sa_figure_params *p,
                                 sa_vec2 shoulder, sa_vec2 d, float correct, float *up,
                                 float *flex) {
    sa_vec2 grips[2];
    spear_hands(p, d, shoulder, grips);
    const sa_vec2 rel[2] = {sai_v2_sub(grips[0], shoulder), sai_v2_sub(grips[1], shoulder)};
    float up_ik[2], flex_ik[2];
    arms_ik_angles(cfg, rel, up_ik, flex_ik);
    for (int i = 0; i < 2; ++i) {
        up[i] = sai_lerp(up[i], up_ik[i], correct);
        flex[i] = sai_lerp(flex[i], flex_ik[i], correct);
    }
}

#if SAI_HAS_LANES
/* sai_ik_arm_fk() of both arms for lengths > 0 (the caller tests), its elbows and hands into j,
 * when they come out finite (as in every frame); false, with nothing written, when one does not.
 * Every input the repairs would change but the lengths' sign (an infinity or NaN in the shoulder,
 * a length or an angle) makes one: a sum or product with an infinity or NaN is one (0 times an
 * infinity is NaN) and the sine and cosine of one are NaN. So this is the test, and the inputs
 * need none of their own. */
SAI_INLINE bool arms_fk_in_lanes(sa_vec2 shoulder, const float *up, const float *sum, double upper,
                                 double fore, sa_vec2 *j) {
    /* The four sines and cosines at once, each lane the scalar sai_sincosf()'s bits. */
    sai_f4 s, c;
    sai_sincosf4((sai_f4){up[0], sum[0], up[1], sum[1]}, &s, &c);
    /* sai_ik_arm_from_sincos()'s sums with an arm a lane: the upper arm's sine and cosine of
     * both arms, and the forearm's, then elbows and hands as x0, x1, y0, y1 */
    const sai_f4 upper_sc = SAI_SHUFFLE(s, c, 0, 2, 4, 6), fore_sc = SAI_SHUFFLE(s, c, 1, 3, 5, 7);
    const sai_d2 ex = (double)shoulder.x + sai_d2_half(upper_sc, 0) * upper;
    const sai_d2 ey = (double)shoulder.y + sai_d2_half(upper_sc, 1) * upper;
    const sai_f4 elbow = sai_f4_join(ex, ey);
    const sai_f4 hand =
        sai_f4_join(ex + sai_d2_half(fore_sc, 0) * fore, ey + sai_d2_half(fore_sc, 1) * fore);
    /* (the plain rounding is sai_narrow's where it comes out finite: sai_ik_narrow_point) */
    if (!sai_lanes_true(sai_f4_finite(elbow) & sai_f4_finite(hand))) return false;
    for (int i = 0; i < 2; ++i) {
        j[SA_FIGURE_JOINT_ELBOW_NEAR + i] = sai_v2(elbow[i], elbow[i + 2]);
        j[SA_FIGURE_JOINT_HAND_NEAR + i] = sai_v2(hand[i], hand[i + 2]);
    }
    return true;
}
#else
/* Whether sai_ik_arm_fk()'s repairs keep every input of both arms (as in every frame): the
 * shoulder, the lengths and the angles of each bone (up[i], sum[i]). x - x is 0 for each finite
 * number, NaN otherwise. */
SAI_INLINE bool arms_usable(sa_vec2 shoulder, float upper, float fore, const float *up,
                            const float *sum) {
    const float zero =
        (((shoulder.x - shoulder.x) + (shoulder.y - shoulder.y)) +
         ((upper - upper) + (fore - fore))) +
        (((up[0] - up[0]) + (sum[0] - sum[0])) + ((up[1] - up[1]) + (sum[1] - sum[1])));
    return zero == 0.0f && upper > 0.0f && fore > 0.0f;
}
#endif

/* The arms' FK from their angles up and flex: elbows and hands into j. */
SAI_INLINE void arms_fk(sa_vec2 shoulder, const float *up, const float *flex, float upper,
                        float fore, sa_vec2 *j) {
    const float sum[2] = {up[0] + flex[0], up[1] + flex[1]};
#if SAI_HAS_LANES
    if (upper > 0.0f && fore > 0.0f &&
        arms_fk_in_lanes(shoulder, up, sum, (double)upper, (double)fore, j))
        return;
#else
    if (arms_usable(shoulder, upper, fore, up, sum)) {
        for (int i = 0; i < 2; ++i) {
            const sa_ik_arm_pose arm =
                sai_ik_arm_fk_usable(shoulder, up[i], sum[i], (double)upper, (double)fore);
            j[SA_FIGURE_JOINT_ELBOW_NEAR + i] = arm.elbow;
            j[SA_FIGURE_JOINT_HAND_NEAR + i] = arm.hand;
        }
        return;
    }
#endif
    for (int i = 0; i < 2; ++i) {
        const sa_ik_arm_pose arm = sai_ik_arm_fk(shoulder, up[i], flex[i], upper, fore);
        j[SA_FIGURE_JOINT_ELBOW_NEAR + i] = arm.elbow;
        j[SA_FIGURE_JOINT_HAND_NEAR + i] = arm.hand;
    }
}

/* The arms on the shoulder, the shaft along d: elbows and hands into j. */
SAI_INLINE void solve_arms(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 shoulder,
                           sa_vec2 d, sa_vec2 *j) {
    /* The blended angles already carry each spear motion's own IK angles (their hands on their
     * own shafts), so only the remainder is corrected toward IK on the blended shaft: by
     * spear^4, which is 1 when only spear motions show (hands exactly on the shaft) and nearly 0
     * while a spear motion fades against an FK one (the arms then move at the fade's pace, not
     * twice it). Angles blend linearly, so the elbow never flips. */
    const float s2 = p->spear * p->spear, correct = s2 * s2;
    if (correct == 1.0f) {
        arms_on_shaft(cfg, p, shoulder, d, j);
        return;
    }
    float up[2] = {p->arm_angle[0], p->arm_angle[1]}, flex[2] = {p->arm_flex[0], p->arm_flex[1]};
    if (correct > 0.0f) correct_toward_shaft(cfg, p, shoulder, d, correct, up, flex);
    arms_fk(shoulder, up, flex, cfg->upper_arm, cfg->forearm, j);
}

/* The legs, arms and spear on the trunk in j (its pelvis and shoulder). */
SAI_INLINE void solve_limbs(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 *j) {
    const sa_vec2 pelvis = j[SA_FIGURE_JOINT_PELVIS], shoulder = j[SA_FIGURE_JOINT_SHOULDER];
    solve_legs(cfg, p, pelvis, j);
    const sa_vec2 d = shaft_along(p->spear_angle);
    solve_arms(cfg, p, shoulder, d, j);
    const sa_vec2 mid = sai_v2_add(shoulder, p->spear_grip);
    j[SA_FIGURE_JOINT_SPEAR_BUTT] =
        sai_v2_sub(mid, sai_v2_scale(d, p->spear_slide * cfg->spear_length));
    j[SA_FIGURE_JOINT_SPEAR_TIP] =
        sai_v2_add(j[SA_FIGURE_JOINT_SPEAR_BUTT], sai_v2_scale(d, cfg->spear_length));
}

void sai_figure_solve_joints(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 *j) {
    sai_figure_solve_spine(cfg, p, j);
    solve_limbs(cfg, p, j);
}

void sai_figure_solve_body(const sa_figure_config *cfg, const sa_figure_params *p, sa_vec2 *j) {
    sai_figure_solve_trunk(cfg, p, j);
    solve_limbs(cfg, p, j);
}

size_t sa_figure_solve(const sa_figure_config *cfg, const sa_figure_params *params, sa_vec2 *out,
                       size_t capacity) {
    if (!out) return SA_FIGURE_JOINT_COUNT;
    if (capacity < SA_FIGURE_JOINT_COUNT) return 0;
    sa_figure_config store;
    const sa_figure_config *c = sai_figure_config_or_default(cfg, &store);
    const sa_figure_params rest = sa_figure_params_rest(c);
    const sa_figure_params p = sai_figure_sanitize(params ? params : &rest, &rest);
    sai_figure_solve_joints(c, &p, out);
    return SA_FIGURE_JOINT_COUNT;
}
