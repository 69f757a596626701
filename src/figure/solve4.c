#include "pipeline.h"

#include <stddef.h>

#include <stickanim/ik.h>

#include "internal/fmath4.h"
#include "internal/ik_leg.h"

/* sai_figure_solve_body() of four figures at once, one a lane: each lane does exactly the
 * scalar solve's float and double operations (solve.c, internal/ik_leg.h), its branches made
 * selects, so it leaves the scalar's joints bit for bit. A figure whose numbers leave the range
 * where that holds without the scalar's input repairs (every frame's do not) is solved by the
 * scalar call. */

#if SAI_HAS_LANES

/* Four 2D points, figure k's in lane k. */
typedef struct v2x4 {
    sai_f4 x, y;
} v2x4;

/* Two lanes' sai_ik_aim: the unit root -> target direction and the distance. */
typedef struct aim2 {
    sai_d2 ux, uy, d;
} aim2;

SAI_INLINE v2x4 v2x4_of(sai_f4 x, sai_f4 y) {
    v2x4 v;
    v.x = x;
    v.y = y;
    return v;
}
SAI_INLINE v2x4 v2x4_add(v2x4 a, v2x4 b) { return v2x4_of(a.x + b.x, a.y + b.y); }
SAI_INLINE v2x4 v2x4_sub(v2x4 a, v2x4 b) { return v2x4_of(a.x - b.x, a.y - b.y); }
SAI_INLINE v2x4 v2x4_scale(v2x4 v, sai_f4 s) { return v2x4_of(v.x * s, v.y * s); }
SAI_INLINE v2x4 v2x4_select(sai_i4 m, v2x4 a, v2x4 b) {
    return v2x4_of(sai_f4_select(m, a.x, b.x), sai_f4_select(m, a.y, b.y));
}
/* The points of two halves' doubles (x, y of lanes 0-1 in lo, 2-3 in hi) rounded to float: what
 * sai_narrow() gives in the lanes the caller keeps (there every such number is finite and far
 * below FLT_MAX). */
SAI_INLINE v2x4 v2x4_join(const sai_d2 lo[2], const sai_d2 hi[2]) {
    return v2x4_of(sai_f4_join(lo[0], hi[0]), sai_f4_join(lo[1], hi[1]));
}

/* v rounded to float and back (sai_narrow() in the lanes kept, as above). */
SAI_INLINE sai_d2 round_f2(sai_d2 v) {
#if defined(__SSE2__)
    return (sai_d2)_mm_cvtps_pd(_mm_cvtpd_ps((__m128d)v));
#else
    return __builtin_convertvector(__builtin_convertvector(v, sai_f2), sai_d2);
#endif
}

/* (sin a, -cos a) and (cos a, sin a) of each lane of a (solve.c's up_dir and along). */
SAI_INLINE v2x4 up_dir4(sai_f4 a) {
    sai_f4 s, c;
    sai_sincosf4(a, &s, &c);
    return v2x4_of(s, -c);
}
SAI_INLINE v2x4 along4(sai_f4 a) {
    sai_f4 s, c;
    sai_sincosf4(a, &s, &c);
    return v2x4_of(c, s);
}

/* sai_ik_aim_at((rx, ry), (tx, ty)) of two lanes for finite targets. */
SAI_INLINE aim2 aim_at2(sai_d2 rx, sai_d2 ry, sai_d2 tx, sai_d2 ty) {
    const sai_d2 dx = tx - rx, dy = ty - ry;
    const sai_d2 d = sai_d2_sqrt(dx * dx + dy * dy);
    const sai_l2 some = d > 1e-12; /* (else straight down at distance 0) */
    aim2 a;
    a.ux = sai_d2_and(some, dx / d);
    a.uy = sai_d2_select(some, dy / d, sai_d2_splat(1.0));
    a.d = sai_d2_and(some, d);
    return a;
}

/* sai_ik_middle_joint((rx, ry), a, l1, l2, bend) of two lanes for l1 > 0 (`back` when bend < 0),
 * before it is rounded to float: j[0] x, j[1] y. */
SAI_INLINE void middle2(sai_d2 rx, sai_d2 ry, aim2 a, sai_d2 l1, sai_d2 l2, bool back,
                        sai_d2 j[2]) {
    const sai_d2 lo = sai_d2_abs(l1 - l2) + (double)SA_IK_EPSILON;
    const sai_d2 hi = l1 + l2 - (double)SA_IK_EPSILON;
    sai_d2 d = sai_d2_select(a.d > hi, hi, a.d);
    d = sai_d2_select(a.d < lo, lo, d);
    const sai_d2 v = (l1 * l1 + d * d - l2 * l2) / (2.0 * l1 * d);
    sai_d2 ca = sai_d2_select(v < -1.0, sai_d2_splat(-1.0), v);
    ca = sai_d2_select(v > 1.0, sai_d2_splat(1.0), ca);
    sai_d2 sn = sai_d2_sqrt(1.0 - ca * ca);
    if (back) sn = -sn;
    j[0] = rx + (a.ux * ca - a.uy * sn) * l1;
    j[1] = ry + (a.uy * ca + a.ux * sn) * l1;
}

/* sai_v2_length() of each lane of d, in the lanes kept (finite, at most FLT_MAX). */
SAI_INLINE sai_f4 length4(v2x4 d) {
    const sai_d2 x0 = sai_d2_half(d.x, 0), y0 = sai_d2_half(d.y, 0);
    const sai_d2 x1 = sai_d2_half(d.x, 1), y1 = sai_d2_half(d.y, 1);
    return sai_f4_join(sai_d2_sqrt(x0 * x0 + y0 * y0), sai_d2_sqrt(x1 * x1 + y1 * y1));
}

/* solve.c's toward(joint, target, len). */
SAI_INLINE v2x4 toward4(v2x4 joint, v2x4 target, sai_f4 len) {
    const v2x4 d = v2x4_sub(target, joint);
    const sai_f4 l = length4(d);
    const v2x4 down = v2x4_of(joint.x, joint.y + len);
    return v2x4_select(l > 1e-6f, v2x4_add(joint, v2x4_scale(d, len / l)), down);
}

/* Half h (a constant) of four legs' sai_ik_guarded_two_bone(root, target, l1, l2, margin, -1,
 * &guarded) with margin >= 0 (positive_or'd), for finite targets: the knee before it is rounded
 * to float into knee[0..1], the guarded target (floats) into guarded[0..1]. Returns the lanes
 * where l1 + l2 - margin > 0, for which this holds. */
SAI_INLINE sai_l2 leg_half(v2x4 root, v2x4 target, sai_f4 thigh, sai_f4 shin, sai_f4 margin, int h,
                           sai_d2 knee[2], sai_d2 guarded[2]) {
    const sai_d2 rx = sai_d2_half(root.x, h), ry = sai_d2_half(root.y, h);
    const sai_d2 tx = sai_d2_half(target.x, h), ty = sai_d2_half(target.y, h);
    const sai_d2 l1 = sai_d2_half(thigh, h), l2 = sai_d2_half(shin, h);
    const sai_d2 reach = l1 + l2 - sai_d2_half(margin, h);
    aim2 a = aim_at2(rx, ry, tx, ty);
    /* Within reach the guard keeps the target; else it moves it to the reach along the aim, and
     * the IK aims again, at it. */
    const sai_l2 in = a.d <= reach;
    guarded[0] = sai_d2_select(in, tx, round_f2(rx + a.ux * reach));
    guarded[1] = sai_d2_select(in, ty, round_f2(ry + a.uy * reach));
    if (!(in[0] & in[1])) {
        const aim2 b = aim_at2(rx, ry, guarded[0], guarded[1]);
        a.ux = sai_d2_select(in, a.ux, b.ux);
        a.uy = sai_d2_select(in, a.uy, b.uy);
        a.d = sai_d2_select(in, a.d, b.d);
    }
    middle2(rx, ry, a, l1, l2, true, knee);
    return reach > 0.0;
}

/* Half h of solve.c's arm_ik_angles' two-bone IK of four arms (root 0, bend +1) for finite rel:
 * the elbow before it is rounded to float. */
SAI_INLINE void arm_elbow_half(v2x4 rel, sai_f4 upper, sai_f4 fore, int h, sai_d2 elbow[2]) {
    const sai_d2 zero = sai_d2_splat(0.0); /* (the root (0, 0) as doubles) */
    const aim2 a = aim_at2(zero, zero, sai_d2_half(rel.x, h), sai_d2_half(rel.y, h));
    middle2(zero, zero, a, sai_d2_half(upper, h), sai_d2_half(fore, h), false, elbow);
}

/* solve.c's arm_ik(cfg, rel, ...) for lengths > 0 and finite rel: elbow and hand from the
 * shoulder. */
SAI_INLINE void arm_ik4(v2x4 rel, sai_f4 upper, sai_f4 fore, v2x4 *elbow, v2x4 *hand) {
    sai_d2 lo[2], hi[2];
    arm_elbow_half(rel, upper, fore, 0, lo);
    arm_elbow_half(rel, upper, fore, 1, hi);
    *elbow = v2x4_join(lo, hi);
    *hand = toward4(*elbow, rel, fore);
}

/* solve.c's arm_ik_angles() of the IK's elbow and hand (arm_ik4). */
SAI_INLINE void arm_angles4(v2x4 elbow, v2x4 hand, sai_f4 *up_out, sai_f4 *flex_out) {
    sai_f4 up = sai_atan2f4(elbow.x, elbow.y);
    up = sai_f4_select(up < -0.75f * SA_PI, up + 2.0f * SA_PI, up);
    sai_f4 flex = sai_atan2f4(hand.x - elbow.x, hand.y - elbow.y) - up;
    for (sai_i4 wrap = flex <= -SA_PI; sai_lanes_any(wrap); wrap = flex <= -SA_PI)
        flex = sai_f4_select(wrap, flex + 2.0f * SA_PI, flex);
    *up_out = up;
    *flex_out = flex;
}

/* Half h of sai_ik_arm_fk's sums from the shoulder, the sines and cosines of the upper arm's
 * angle (sa, ca) and of the forearm's (sb, cb): elbow and hand before they are rounded. */
SAI_INLINE void arm_fk_half(v2x4 shoulder, v2x4 a, v2x4 b, sai_f4 upper, sai_f4 fore, int h,
                            sai_d2 elbow[2], sai_d2 hand[2]) {
    const sai_d2 l1 = sai_d2_half(upper, h), l2 = sai_d2_half(fore, h);
    elbow[0] = sai_d2_half(shoulder.x, h) + sai_d2_half(a.x, h) * l1;
    elbow[1] = sai_d2_half(shoulder.y, h) + sai_d2_half(a.y, h) * l1;
    hand[0] = elbow[0] + sai_d2_half(b.x, h) * l2;
    hand[1] = elbow[1] + sai_d2_half(b.y, h) * l2;
}

/* sai_ik_arm_fk(shoulder, up, flex, upper, fore) where its inputs need no repair (the caller
 * tests): the elbow and hand. */
SAI_INLINE void arm_fk4(v2x4 shoulder, sai_f4 up, sai_f4 flex, sai_f4 upper, sai_f4 fore,
                        v2x4 *elbow, v2x4 *hand) {
    v2x4 a, b; /* (sine, cosine) of the two angles */
    sai_sincosf4(up, &a.x, &a.y);
    sai_sincosf4(up + flex, &b.x, &b.y);
    sai_d2 e0[2], e1[2], h0[2], h1[2];
    arm_fk_half(shoulder, a, b, upper, fore, 0, e0, h0);
    arm_fk_half(shoulder, a, b, upper, fore, 1, e1, h1);
    *elbow = v2x4_join(e0, e1);
    *hand = v2x4_join(h0, h1);
}

/* The solve's inputs of four figures, one field a vector (lane k figure k's): the config's lengths
 * (sa_figure_config's spine to hip_height, in its order, then spear_length) and the parameters'
 * numbers (sa_figure_params's root to spear_angle, in its order, then spear_gap, spear_slide). */
enum { C_SPINE, C_NECK, C_HEAD, C_UPPER, C_FORE, C_THIGH, C_SHIN, C_HIP, C_SPEAR_LEN, C_COUNT };
enum {
    P_ROOT_X,
    P_ROOT_Y,
    P_LEAN,
    P_TILT,
    P_FOOT_X, /* foot i's x at P_FOOT_X + 2 i, its y next */
    P_FOOT_Y,
    P_ARM_ANGLE = 8, /* arm i's at P_ARM_ANGLE + i */
    P_ARM_FLEX = 10,
    P_SPEAR = 12,
    P_GRIP_X,
    P_GRIP_Y,
    P_SPEAR_ANGLE,
    P_SPEAR_GAP,
    P_SPEAR_SLIDE,
    P_COUNT
};
typedef struct inputs4 {
    sai_f4 c[C_COUNT], p[P_COUNT];
} inputs4;

#define SAI_AT(type, first, field, i) (offsetof(type, field) == offsetof(type, first) + 4 * (i))
_Static_assert(SAI_AT(sa_figure_config, spine, neck, C_NECK) &&
                   SAI_AT(sa_figure_config, spine, head_radius, C_HEAD) &&
                   SAI_AT(sa_figure_config, spine, upper_arm, C_UPPER) &&
                   SAI_AT(sa_figure_config, spine, forearm, C_FORE) &&
                   SAI_AT(sa_figure_config, spine, thigh, C_THIGH) &&
                   SAI_AT(sa_figure_config, spine, shin, C_SHIN) &&
                   SAI_AT(sa_figure_config, spine, hip_height, C_HIP),
               "the config's lengths in the order inputs4_load reads them");
_Static_assert(SAI_AT(sa_figure_params, root, lean, P_LEAN) &&
                   SAI_AT(sa_figure_params, root, head_tilt, P_TILT) &&
                   SAI_AT(sa_figure_params, root, foot, P_FOOT_X) &&
                   SAI_AT(sa_figure_params, root, arm_angle, P_ARM_ANGLE) &&
                   SAI_AT(sa_figure_params, root, arm_flex, P_ARM_FLEX) &&
                   SAI_AT(sa_figure_params, root, spear, P_SPEAR) &&
                   SAI_AT(sa_figure_params, root, spear_grip, P_GRIP_X) &&
                   SAI_AT(sa_figure_params, root, spear_angle, P_SPEAR_ANGLE) &&
                   sizeof(sa_vec2) == 8,
               "the parameters' numbers in the order inputs4_load reads them");

/* Four floats at byte `offset` of each of four structs s[0..3], transposed: out[i] holds the
 * i-th float of each, lane k struct k's. */
SAI_INLINE void rows4_load(const void *const s[4], size_t offset, sai_f4 out[4]) {
    const char *const b[4] = {s[0], s[1], s[2], s[3]};
    sai_f4_transpose(sai_f4_load(b[0] + offset), sai_f4_load(b[1] + offset),
                     sai_f4_load(b[2] + offset), sai_f4_load(b[3] + offset), out);
}

/* One field of four structs s[0..3] across the lanes. */
#define GATHER4(s, field) ((sai_f4){(s)[0]->field, (s)[1]->field, (s)[2]->field, (s)[3]->field})

/* |v| per lane. */
SAI_INLINE sai_f4 abs4(sai_f4 v) { return (sai_f4)((sai_i4)v & INT32_MAX); }

/* The inputs of the four figures' solves; returned, the lanes where the sum of their magnitudes
 * is below 2^30 (not NaN). With every input that small no float sum or product of the solve
 * overflows, so none of the scalar's repairs of non-finite numbers acts. */
SAI_INLINE sai_i4 inputs4_load(const sa_figure_config *const c[4],
                               const sa_figure_params *const p[4], inputs4 *in) {
    const void *const cv[4] = {c[0], c[1], c[2], c[3]}, *const pv[4] = {p[0], p[1], p[2], p[3]};
    const size_t lengths = offsetof(sa_figure_config, spine);
    const size_t numbers = offsetof(sa_figure_params, root);
    rows4_load(cv, lengths, &in->c[0]);
    rows4_load(cv, lengths + 16, &in->c[4]);
    in->c[C_SPEAR_LEN] = GATHER4(c, spear_length);
    for (int i = 0; i < 4; ++i)
        rows4_load(pv, numbers + 16 * (size_t)i, &in->p[4 * i]);
    in->p[P_SPEAR_GAP] = GATHER4(p, spear_gap);
    in->p[P_SPEAR_SLIDE] = GATHER4(p, spear_slide);
    /* (a sum: two instructions an input where a test of each took three) */
    sai_f4 sum = sai_f4_splat(0.0f);
    SAI_UNROLL
    for (int i = 0; i < C_COUNT; ++i)
        sum += abs4(in->c[i]);
    SAI_UNROLL
    for (int i = 0; i < P_COUNT; ++i)
        sum += abs4(in->p[i]);
    return sum < 0x1p30f;
}

/* Writes joint `at` of four figures: lane k's to out[k][at]. */
SAI_INLINE void joints4_store(sa_vec2 *const out[4], int at, v2x4 v) {
    const sai_f4 lo = SAI_SHUFFLE(v.x, v.y, 0, 4, 1, 5), hi = SAI_SHUFFLE(v.x, v.y, 2, 6, 3, 7);
    const float pts[8] = {lo[0], lo[1], lo[2], lo[3], hi[0], hi[1], hi[2], hi[3]};
    for (int k = 0; k < 4; ++k)
        memcpy(&out[k][at], &pts[2 * k], sizeof(sa_vec2));
}

/* The legs of the four figures (pelvis the hips): knees and feet into out; the lanes where the
 * lanes' solve is the scalar's returned. */
SAI_INLINE sai_i4 solve_legs4(const inputs4 *in, v2x4 pelvis, sa_vec2 *const out[4]) {
    const sai_f4 thigh = in->c[C_THIGH], shin = in->c[C_SHIN];
    const sai_f4 scale = in->c[C_HIP] / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const sai_f4 margin = SA_IK_LEG_MARGIN * scale; /* (finite: the inputs are below 2^30) */
    const sai_f4 kept = sai_f4_select(margin > 0.0f, margin, sai_f4_splat(0.0f));
    sai_i4 ok = (thigh > 0.0f) & (shin > 0.0f);
    for (int i = 0; i < 2; ++i) {
        const v2x4 foot = v2x4_of(in->p[P_FOOT_X + 2 * i], in->p[P_FOOT_Y + 2 * i]);
        sai_d2 k0[2], k1[2], g0[2], g1[2];
        ok &= sai_mask_join(leg_half(pelvis, foot, thigh, shin, kept, 0, k0, g0),
                            leg_half(pelvis, foot, thigh, shin, kept, 1, k1, g1));
        const v2x4 knee = v2x4_join(k0, k1);
        joints4_store(out, SA_FIGURE_JOINT_KNEE_NEAR + i, knee);
        joints4_store(out, SA_FIGURE_JOINT_FOOT_NEAR + i, toward4(knee, v2x4_join(g0, g1), shin));
    }
    return ok;
}

/* The arms of the four figures, from the shoulder, on the shaft along d; the lanes where the
 * lanes' solve is the scalar's returned. */
SAI_INLINE sai_i4 solve_arms4(const inputs4 *in, v2x4 shoulder, v2x4 d, sa_vec2 *const out[4]) {
    const sai_f4 upper = in->c[C_UPPER], fore = in->c[C_FORE], spear = in->p[P_SPEAR];
    const v2x4 mid = v2x4_add(shoulder, v2x4_of(in->p[P_GRIP_X], in->p[P_GRIP_Y]));
    const v2x4 along_gap = v2x4_scale(d, 0.5f * in->p[P_SPEAR_GAP]);
    const v2x4 grips[2] = {v2x4_sub(mid, along_gap), v2x4_add(mid, along_gap)};
    const sai_f4 s2 = spear * spear, correct = s2 * s2;
    /* Lanes held whole take the IK's arm; those with some correction blend their angles toward
     * the IK's; the rest take their own angles' FK. */
    const sai_i4 whole = correct == 1.0f, ik = correct > 0.0f, part = ik & ~whole;
    for (int i = 0; i < 2; ++i) {
        sai_f4 up = in->p[P_ARM_ANGLE + i], flex = in->p[P_ARM_FLEX + i];
        v2x4 elbow_ik = shoulder, hand_ik = shoulder; /* (unread unless ik) */
        if (sai_lanes_any(ik)) {
            arm_ik4(v2x4_sub(grips[i], shoulder), upper, fore, &elbow_ik, &hand_ik);
            if (sai_lanes_any(part)) {
                sai_f4 up_ik, flex_ik;
                arm_angles4(elbow_ik, hand_ik, &up_ik, &flex_ik);
                up = sai_f4_select(part, up + (up_ik - up) * correct, up);
                flex = sai_f4_select(part, flex + (flex_ik - flex) * correct, flex);
            }
            elbow_ik = v2x4_add(shoulder, elbow_ik);
            hand_ik = v2x4_add(shoulder, hand_ik);
        }
        v2x4 elbow = elbow_ik, hand = hand_ik;
        if (sai_lanes_any(~whole)) {
            v2x4 elbow_fk, hand_fk;
            arm_fk4(shoulder, up, flex, upper, fore, &elbow_fk, &hand_fk);
            elbow = v2x4_select(whole, elbow_ik, elbow_fk);
            hand = v2x4_select(whole, hand_ik, hand_fk);
        }
        joints4_store(out, SA_FIGURE_JOINT_ELBOW_NEAR + i, elbow);
        joints4_store(out, SA_FIGURE_JOINT_HAND_NEAR + i, hand);
    }
    return (upper > 0.0f) & (fore > 0.0f);
}

/* The whole solve of four figures, every lane a figure (a repeated one stands in for a missing
 * one); the lanes whose inputs keep to the range where it is the scalar's returned. */
static sai_i4 solve4(const sa_figure_config *const c[4], const sa_figure_params *const p[4],
                     sa_vec2 *const out[4]) {
    inputs4 in;
    sai_i4 ok = inputs4_load(c, p, &in);
    /* The trunk (sai_figure_solve_trunk). */
    const sai_f4 spine = in.c[C_SPINE], lean = in.p[P_LEAN];
    const v2x4 pelvis = v2x4_of(in.p[P_ROOT_X], in.p[P_ROOT_Y] - in.c[C_HIP]);
    const v2x4 u = up_dir4(lean);
    const v2x4 chest = v2x4_add(pelvis, v2x4_scale(u, spine));
    const v2x4 shoulder = v2x4_add(pelvis, v2x4_scale(u, spine * SA_FIGURE_SHOULDER_AT));
    joints4_store(out, SA_FIGURE_JOINT_PELVIS, pelvis);
    joints4_store(out, SA_FIGURE_JOINT_HIP, pelvis);
    joints4_store(out, SA_FIGURE_JOINT_CHEST, chest);
    joints4_store(out, SA_FIGURE_JOINT_SHOULDER, shoulder);
    ok &= solve_legs4(&in, pelvis, out);
    const v2x4 d = along4(in.p[P_SPEAR_ANGLE]);
    ok &= solve_arms4(&in, shoulder, d, out);
    const sai_f4 spear_len = in.c[C_SPEAR_LEN];
    const v2x4 grip = v2x4_of(in.p[P_GRIP_X], in.p[P_GRIP_Y]);
    const v2x4 butt =
        v2x4_sub(v2x4_add(shoulder, grip), v2x4_scale(d, in.p[P_SPEAR_SLIDE] * spear_len));
    joints4_store(out, SA_FIGURE_JOINT_SPEAR_BUTT, butt);
    joints4_store(out, SA_FIGURE_JOINT_SPEAR_TIP, v2x4_add(butt, v2x4_scale(d, spear_len)));
    return ok;
}

void sai_figure_solve_body4(const sa_figure_config *const cfgs[4],
                            const sa_figure_params *const params[4], sa_vec2 *const joints[4]) {
    int first = -1, lanes = 0;
    for (int k = 0; k < 4; ++k) {
        if (!joints[k]) continue;
        lanes += 1;
        if (first < 0) first = k;
    }
    if (lanes < 2) { /* (one figure: the scalar solve is as quick) */
        if (first >= 0) sai_figure_solve_body(cfgs[first], params[first], joints[first]);
        return;
    }
    const sa_figure_config *c[4];
    const sa_figure_params *p[4];
    sa_vec2 spare[SA_FIGURE_JOINT_COUNT];
    sa_vec2 *out[4];
    for (int k = 0; k < 4; ++k) {
        const int from = joints[k] ? k : first;
        c[k] = cfgs[from];
        p[k] = params[from];
        out[k] = joints[k] ? joints[k] : spare;
    }
    const sai_i4 ok = solve4(c, p, out);
    for (int k = 0; k < 4; ++k)
        if (joints[k] && !ok[k]) sai_figure_solve_body(cfgs[k], params[k], joints[k]);
}

#else

void sai_figure_solve_body4(const sa_figure_config *const cfgs[4],
                            const sa_figure_params *const params[4], sa_vec2 *const joints[4]) {
    for (int k = 0; k < 4; ++k)
        if (joints[k]) sai_figure_solve_body(cfgs[k], params[k], joints[k]);
}

#endif
