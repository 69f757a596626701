/**
 * @file ik.h
 * @brief Layer 1: two-bone inverse kinematics (legs, spear-gripping arms) and arm forward
 *        kinematics.
 *
 * Coordinates are 2D canvas units with y pointing down, as the reference figure uses (3D for
 * sa_ik_two_bone_3d(): right-handed, y up). A two-bone chain is root -> middle joint -> end:
 * hip -> knee -> foot, or shoulder -> elbow -> hand. The reference figure's legs are 37 + 37, its
 * arms 27 + 25.
 *
 * Bad input never produces NaN and never crashes:
 * - a length that is NaN, infinite or <= 0 is treated as 0: with the first bone 0 the middle joint
 *   is the root; with the second bone 0 the first bone points straight at the target;
 * - a non-finite root component is treated as 0;
 * - a non-finite target reads as "straight below the root (+y), out of reach": the chain hangs
 *   at full reach;
 * - a target on the root folds the chain about the +y direction (the middle joint is still
 *   exactly the first bone's length from the root);
 * - finite but huge coordinates are handled in double precision, so they do not overflow.
 */
#ifndef STICKANIM_IK_H
#define STICKANIM_IK_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief How far inside its limits the root -> target distance is clamped, canvas units: 0.01.
 *
 * The distance is clamped to [|L1 - L2| + this, L1 + L2 - this], as the reference figure's ik()
 * does, so the triangle always exists and the cosine never leaves [-1, 1] by more than rounding.
 */
#define SA_IK_EPSILON 0.01f

/**
 * @brief The legs' reach margin, canvas units: the reference figure keeps foot targets within
 *        THIGH + SHIN - 1.5 of the hip (see sa_ik_reach_guard()).
 */
#define SA_IK_LEG_MARGIN 1.5f

/**
 * @brief Solves a two-bone chain and returns the middle joint (knee or elbow), as the reference
 *        figure's ik() does.
 *
 * The root -> target distance d is clamped to [|L1 - L2| + ::SA_IK_EPSILON,
 * L1 + L2 - ::SA_IK_EPSILON] (out of reach means "reach as far as possible toward it"); the law of
 * cosines gives the angle a at the root, clamped to [-1, 1] in cosine; the first bone points at
 * the target direction rotated by +/-a.
 *
 * @param root   Chain root (hip, shoulder), canvas units.
 * @param target Where the end (foot, hand) should go.
 * @param len1   First bone length (thigh, upper arm), > 0.
 * @param len2   Second bone length (shin, forearm), > 0.
 * @param bend   Which of the two mirror solutions; only the sign matters. >= 0 (or NaN) turns
 *               the first bone by +a from the root -> target direction, < 0 by -a. With y down
 *               and the target below the root, >= 0 puts the joint on the -x side and < 0 on the
 *               +x side: a figure facing +x gets forward knees with a negative bend.
 * @return The middle joint, exactly @p len1 from the root; when the target is reachable the end
 *         at the target is exactly @p len2 from it.
 */
SA_API sa_vec2 sa_ik_two_bone(sa_vec2 root, sa_vec2 target, float len1, float len2, float bend);

/**
 * @brief The legs' reach guard: pulls a target that lies farther than (len1 + len2 - margin)
 *        from the root back onto that circle, along the root -> target line.
 *
 * The reference figure does this before every leg solve (margin ::SA_IK_LEG_MARGIN) so the knee
 * never locks straight and never snaps at full extension.
 *
 * @param root   Chain root (the hip), canvas units.
 * @param target Wanted end position (the foot target).
 * @param len1   First bone length (thigh); treated as sa_ik_two_bone() treats it.
 * @param len2   Second bone length (shin).
 * @param margin Canvas units kept short of full extension; negative or NaN is treated as 0.
 * @return The target itself when within reach; a non-finite target gives the point straight below
 *         the root at the guarded reach; reach <= 0 gives the root.
 */
SA_API sa_vec2 sa_ik_reach_guard(sa_vec2 root, sa_vec2 target, float len1, float len2,
                                 float margin);

/** @brief A two-bone arm solved by forward kinematics: elbow and hand positions. */
typedef struct sa_ik_arm_pose {
    sa_vec2 elbow; /**< Middle joint, upper_len from the shoulder. */
    sa_vec2 hand;  /**< End of the chain, fore_len from the elbow. */
} sa_ik_arm_pose;

/**
 * @brief Arm forward kinematics in the reference figure's convention.
 *
 * Angle 0 points straight down (+y), positive angles swing forward (+x): the upper arm's direction
 * is (sin a, cos a). The forearm's absolute angle is upper_angle + flex.
 *
 * @param shoulder    Shoulder position, canvas units.
 * @param upper_angle Upper arm angle in radians; NaN or infinite is treated as 0 (hanging).
 * @param flex        Elbow flex in radians relative to the upper arm (positive bends forward);
 *                    NaN or infinite is treated as 0 (straight).
 * @param upper_len   Upper arm length (reference figure: 27); NaN, infinite or <= 0 is treated
 *                    as 0.
 * @param fore_len    Forearm length (reference figure: 25); NaN, infinite or <= 0 is treated as 0.
 */
SA_API sa_ik_arm_pose sa_ik_arm_fk(sa_vec2 shoulder, float upper_angle, float flex, float upper_len,
                                   float fore_len);

/** @brief Settings of sa_ik_two_bone_ex(); get the defaults from sa_ik_config_default(). */
typedef struct sa_ik_config {
    /** Which mirror solution, as sa_ik_two_bone()'s @p bend (only the sign matters). Default 1. */
    float bend;
    /**
     * Softness in canvas units, >= 0 (default 0: off, as the reference figure solves). Within
     * this distance of full extension the end stops following the target linearly and eases
     * toward full reach along 1 - e^(-x), so the chain never snaps straight (ozz-animation's
     * soften, Spine's softness). Larger than len1 + len2 is treated as len1 + len2.
     */
    float softness;
    /**
     * Maximum stretch factor, >= 1 (default 1: bones keep their length). When the (softened)
     * target is out of reach both bones lengthen by the same factor, up to this one.
     */
    float max_stretch;
    /**
     * Blend between the FK pose (0) and the IK solution (1); default 1. Bone *angles* are
     * blended, never positions, so the bones keep their length at every weight.
     */
    float weight;
    /** FK pose's middle joint; only read when weight < 1. */
    sa_vec2 fk_joint;
    /** FK pose's end; only read when weight < 1. */
    sa_vec2 fk_end;
} sa_ik_config;

/** @brief Result of sa_ik_two_bone_ex(). */
typedef struct sa_ik_result {
    sa_vec2 joint; /**< Middle joint (knee, elbow). */
    sa_vec2 end;   /**< End of the chain (foot, hand). */
    float len1;    /**< First bone's length after stretching (= len1 without stretch). */
    float len2;    /**< Second bone's length after stretching (= len2 without stretch). */
    bool reached;  /**< True when the end is within ::SA_IK_REACH_TOLERANCE of the target. */
} sa_ik_result;

/** @brief Distance (canvas units) within which sa_ik_two_bone_ex() reports the target reached. */
#define SA_IK_REACH_TOLERANCE 0.02f

/** @brief The default settings: bend +1, no softness, no stretch, full IK weight. */
SA_API sa_ik_config sa_ik_config_default(void);

/**
 * @brief Two-bone IK with softness, stretch and an FK/IK weight; returns the whole chain.
 *
 * The order follows Spine's solver: soften the target distance, then stretch the bones toward the
 * softened target (capped by max_stretch), then solve as sa_ik_two_bone() does, then blend the
 * bone angles with the FK pose by weight. With the default settings the joint equals
 * sa_ik_two_bone()'s.
 *
 * @param root    Chain root, canvas units.
 * @param target  Wanted end position.
 * @param len1    First bone length before stretching, as in sa_ik_two_bone().
 * @param len2    Second bone length before stretching.
 * @param config  NULL means sa_ik_config_default(). Out-of-range fields are clamped: softness to
 *                [0, len1 + len2], max_stretch to >= 1, weight to [0, 1]; NaN fields take their
 *                default; a non-finite FK pose is treated as the rest pose (hanging down).
 */
SA_API sa_ik_result sa_ik_two_bone_ex(sa_vec2 root, sa_vec2 target, float len1, float len2,
                                      const sa_ik_config *config);

/**
 * @brief Two-bone IK in 3D: the middle joint (knee, elbow) bent toward a pole point.
 *
 * The chain lies in the plane through the root, the target and the pole; the joint sits on the
 * pole's side of the root -> target line. Distances are clamped exactly as in sa_ik_two_bone(),
 * so the joint is always @p len1 from the root and, when the target is reachable, @p len2 from it.
 *
 * @param root   Chain root (hip, shoulder), right-handed y-up units.
 * @param target Wanted end position; non-finite means straight down (-y) out of reach.
 * @param len1   First bone length; NaN, infinite or <= 0 is treated as 0 (the joint is the root).
 * @param len2   Second bone length; NaN, infinite or <= 0 is treated as 0.
 * @param pole   A point the joint bends toward (in front of the knee, behind the elbow). When it
 *               is non-finite or on the root -> target line, the joint bends toward +z, or +x when
 *               the chain itself points along z.
 * @return The middle joint; finite for any input.
 */
SA_API sa_vec3 sa_ik_two_bone_3d(sa_vec3 root, sa_vec3 target, float len1, float len2,
                                 sa_vec3 pole);

#ifdef __cplusplus
}
#endif

#endif
