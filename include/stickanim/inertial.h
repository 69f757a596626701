/**
 * @file inertial.h
 * @brief Layer 2: inertialization: a cut between two poses whose offset decays with a critically
 *        damped spring.
 *
 * Both hide a cut without sampling the old pose again. Inertialization records, on the frame of
 * a switch, the offset between the pose that was showing and the new pose (per channel: a
 * scalar, a joint rotation), and from then on adds that offset decayed to the time since the
 * switch: exactly the old pose on the switch frame (no pop, and no velocity pop when velocities
 * are given), the new pose alone once the offset has decayed, never overshooting. The decay is a
 * closed form of the time since the switch, so it keeps no state and does not depend on the frame
 * rate. Its sibling for leaving a ragdoll, the get-up morph, needs no helper of its own: copy the
 * ragdoll's pose once, then each frame sa_pose_morph(remembered, clip_pose, k, ...) (pose.h) with
 * k = sa_mode_machine_getup_k() (mode_machine.h), which goes smoothly from 1 to 0.
 *
 * The spring and the reasoning behind it (why critically damped, what the half-life means, how
 * the factor for whole poses relates to the per-channel decay): @ref inertial_page.
 *
 * Units: times and half-lives in seconds; rotations as unit quaternions (x, y, z, w) and rotation
 * vectors (axis x angle, radians); velocities per second. Per-frame functions never fail: bad
 * input gives the documented finite result.
 */
#ifndef STICKANIM_INERTIAL_H
#define STICKANIM_INERTIAL_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief The decayed offset x(t) of a critically damped spring started at offset @p x0 with
 *        velocity @p v0: x(t) = e^(-y * t) * (x0 + (v0 + y * x0) * t) with y = 2 * ln 2 / @p
 * halflife.
 * @param x0       Offset at the switch (old - new), any unit.
 * @param v0       Velocity of the offset at the switch, units/s.
 * @param halflife Seconds, > 0; <= 0 or NaN means "already decayed": 0 for every t > 0.
 * @param t        Seconds since the switch; <= 0 or NaN gives @p x0 (whatever the half-life);
 *                 +infinity gives 0.
 * @return x(t), finite (saturating at +/-FLT_MAX); 0 when @p x0 or @p v0 is not finite.
 */
SA_API float sa_inertial_decay(float x0, float v0, float halflife, float t);

/**
 * @brief How much of a recorded offset is left at time @p t when its velocity was 0:
 *        e^(-y * t) * (1 + y * t) with y = 2 * ln 2 / @p halflife.
 *
 * The k for pose.h's sa_pose_apply_offset() to inertialize a whole pose: the same decay as
 * sa_inertial_quat_apply() with zero velocities.
 * @param halflife Seconds, > 0; <= 0 or NaN gives 0.
 * @param t        Seconds since the switch; <= 0 or NaN gives 1.
 * @return k in [0, 1]: exactly 1 at t = 0, decreasing smoothly (zero slope at the start) to 0.
 */
SA_API float sa_inertial_factor(float halflife, float t);

/** @brief A recorded offset of one scalar channel (a translation component, a blend parameter). */
typedef struct sa_inertial_scalar {
    /** Old value - new value at the switch, finite (any unit). */
    float offset;
    /** Old velocity - new velocity at the switch, units/s, finite. */
    float velocity;
} sa_inertial_scalar;

/**
 * @brief Records the offset of one scalar channel at a switch.
 * @param from          The value shown before the switch (including any offset still decaying).
 * @param from_velocity Its velocity, units/s (0 when unknown).
 * @param to            The new value at the switch.
 * @param to_velocity   Its velocity, units/s (0 when unknown).
 * @return The offset; a difference that is not finite (from a non-finite input or an overflow)
 *         is recorded as 0.
 */
SA_API sa_inertial_scalar sa_inertial_scalar_record(float from, float from_velocity, float to,
                                                    float to_velocity);

/**
 * @brief The new value plus the recorded offset decayed to time @p t: to + x(t).
 * @param rec      The offset from sa_inertial_scalar_record().
 * @param to       The new value this frame.
 * @param halflife Spring half-life in seconds, as in sa_inertial_decay()
 *                 (sa_mode_machine_inertial_halflife() for the mode machine).
 * @param t        Seconds since the switch, as in sa_inertial_decay()
 *                 (sa_mode_machine_inertial_time()).
 * @return to + x(t); @p to itself when that sum is not finite, and 0 when @p to is not finite
 *         either.
 */
SA_API float sa_inertial_scalar_apply(sa_inertial_scalar rec, float to, float halflife, float t);

/** @brief A recorded rotation offset of one joint, as rotation vectors (axis x angle). */
typedef struct sa_inertial_quat {
    /** Rotation from the new to the old rotation, axis x angle in radians, angle <= pi. */
    sa_vec3 offset;
    /** Old angular velocity - new angular velocity, rad/s, in the rotations' parent space. */
    sa_vec3 velocity;
} sa_inertial_quat;

/**
 * @brief Records the rotation offset of one joint at a switch: the shortest rotation d with
 *        d * to = from, as a rotation vector.
 * @param from             Rotation shown before the switch (normalised here; zero or non-finite
 *                         counts as the identity).
 * @param from_angular_vel Its angular velocity, rad/s (zero when unknown).
 * @param to               The new rotation at the switch (normalised like @p from).
 * @param to_angular_vel   Its angular velocity, rad/s (zero when unknown).
 * @return The offset, every part finite; non-finite velocity components count as 0.
 */
SA_API sa_inertial_quat sa_inertial_quat_record(sa_quat from, sa_vec3 from_angular_vel, sa_quat to,
                                                sa_vec3 to_angular_vel);

/**
 * @brief The new rotation with the recorded offset decayed to time @p t applied: exp(x(t)) * to.
 * @param rec      The offset from sa_inertial_quat_record(); non-finite components count as 0.
 * @param to       The new rotation this frame (normalised here; bad counts as the identity).
 * @param halflife Spring half-life in seconds, as in sa_inertial_decay().
 * @param t        Seconds since the switch, as in sa_inertial_decay().
 * @return A unit quaternion: the old rotation at t = 0 (up to sign and rounding), @p to once the
 *         offset has decayed.
 */
SA_API sa_quat sa_inertial_quat_apply(sa_inertial_quat rec, sa_quat to, float halflife, float t);

/**
 * @brief sa_inertial_quat_apply() over a pose's rotations: out[i] = exp(x_i(t)) * to[i].
 *
 * A fixed-size result: all @p count rotations are written, or none.
 * @param rec      Recorded offsets, @p count of them.
 * @param to       The new rotations this frame, @p count of them.
 * @param count    Number of rotations (joints), any size.
 * @param halflife Spring half-life in seconds, as in sa_inertial_decay().
 * @param t        Seconds since the switch, as in sa_inertial_decay().
 * @param out      Output rotations; may be the same array as @p to. NULL asks for the count only.
 * @param capacity Number of rotations @p out can hold, >= @p count.
 * @return @p count (also for the count-only call); 0, with nothing written, when @p count is 0,
 *         @p rec or @p to is NULL, or @p capacity is below @p count.
 */
SA_API size_t sa_inertial_quats_apply(const sa_inertial_quat *rec, const sa_quat *to, size_t count,
                                      float halflife, float t, sa_quat *out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
