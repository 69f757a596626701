/**
 * @file spring.h
 * @brief Layer 1: a damped spring pulling a value toward a target, integrated exactly.
 *
 * The reference figure's head does not sit rigidly on the neck: a spring of stiffness 260 and
 * damping 26 (::SA_SPRING_HEAD_STIFFNESS, ::SA_SPRING_HEAD_DAMPING) pulls it toward its ideal
 * position, so when the body lurches the head lags and settles with a hint of overshoot.
 *
 * The spring obeys x'' = -k * (x - target) - c * x'. Each step solves that equation exactly, in
 * closed form, for a target held still over the step: no stiffness, damping or dt makes it gain
 * energy, n steps of dt land where one step of n * dt does (up to float rounding), and the under-,
 * over- and critically damped regimes join without a seam. One step per frame is always enough. The
 * solution, its three regimes and how the critical boundary is crossed without 0/0 are in
 * @ref spring_page (`docs/spring.md`).
 *
 * **Bad input** never produces NaN (each step function gives the details):
 * - dt that is NaN, infinite, negative or 0 advances no time: a finite state is left exactly as
 *   it is (a non-finite one is still repaired as below);
 * - stiffness that is NaN or +infinite snaps the value onto the target with zero velocity (a
 *   rigid spring); stiffness <= 0 (or -infinite) is 0: no pull, the value coasts, slowed only by
 *   the damping;
 * - damping that is NaN or < 0 is 0 (undamped: it oscillates forever but never grows);
 *   +infinite damping is the largest float (the value stops where it is);
 * - a non-finite position restarts the spring at rest on the target; a non-finite velocity is
 *   0; a non-finite target component anchors the spring where the value is on that axis (the
 *   target is the current position there);
 * - finite results too large for a float are clamped to +/-FLT_MAX.
 */
#ifndef STICKANIM_SPRING_H
#define STICKANIM_SPRING_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief Stiffness of the reference figure's head spring, 260 in 1/s^2 (k of
 *        x'' = -k * (x - target) - c * x').
 */
#define SA_SPRING_HEAD_STIFFNESS 260.0f

/**
 * @brief Damping of the reference figure's head spring, 26 in 1/s (c of
 *        x'' = -k * (x - target) - c * x').
 *
 * Against ::SA_SPRING_HEAD_STIFFNESS that is a damping ratio of about 0.81 (critical would be
 * 2 * sqrt 260 ~ 32.2): the head overshoots by about 1.4% before it settles, a little cartoon
 * wobble.
 */
#define SA_SPRING_HEAD_DAMPING 26.0f

/** @brief State of a scalar spring; the caller owns it and passes it to sa_spring1_step(). */
typedef struct sa_spring1 {
    float pos; /**< Current value (any unit, e.g. canvas units or radians). */
    float vel; /**< Current rate of change, in the value's unit per second. */
} sa_spring1;

/** @brief State of a 2D spring; the caller owns it and passes it to sa_spring2_step(). */
typedef struct sa_spring2 {
    sa_vec2 pos; /**< Current position (canvas units for the figure's head). */
    sa_vec2 vel; /**< Current velocity, units per second. */
} sa_spring2;

/**
 * @brief Advances a scalar spring by @p dt seconds toward @p target, exactly.
 *
 * For angles, a crouch depth, a lean, or any single value that should follow a target with lag.
 * Call it once per frame with the frame's dt (no sub-stepping is ever needed).
 *
 * @param s         The state to advance in place; NULL does nothing. A non-finite position
 *                  restarts the spring at rest on the target; a non-finite velocity is taken as 0.
 * @param target    Where the spring pulls. Non-finite anchors the spring where the value is now
 *                  (0 if that is not finite either).
 * @param stiffness k, in 1/s^2, >= 0. NaN or +infinite snaps onto the target with zero velocity;
 *                  <= 0 is taken as 0 (no pull).
 * @param damping   c, in 1/s, >= 0. NaN or < 0 is taken as 0; above FLT_MAX (+infinite) as FLT_MAX.
 * @param dt        Step length in seconds; any value > 0 is exact and stable (1 s, 10 s, ...).
 *                  NaN, infinite, negative or 0 advances no time: a finite state is left
 *                  bit-identical, a non-finite one is only repaired as above.
 */
SA_API void sa_spring1_step(sa_spring1 *s, float target, float stiffness, float damping, float dt);

/**
 * @brief Advances a 2D spring by @p dt seconds toward @p target, exactly.
 *
 * Both axes share the stiffness and damping and are solved independently, each exactly as
 * sa_spring1_step() solves its value (same parameters, same treatment of bad input, per axis).
 *
 * @param s         The state to advance in place; NULL does nothing. A non-finite position
 *                  component restarts that axis at rest on the target; a non-finite velocity
 *                  component is taken as 0.
 * @param target    Where the spring pulls (canvas units). A non-finite component anchors that axis
 *                  where the value is now (0 if that is not finite either).
 * @param stiffness k, in 1/s^2; the head uses ::SA_SPRING_HEAD_STIFFNESS (260). NaN or +infinite
 *                  snaps onto the target with zero velocity; <= 0 is taken as 0 (no pull).
 * @param damping   c, in 1/s; the head uses ::SA_SPRING_HEAD_DAMPING (26). NaN or < 0 is taken as
 *                  0; above FLT_MAX (+infinite) as FLT_MAX.
 * @param dt        Step length in seconds, as in sa_spring1_step().
 */
SA_API void sa_spring2_step(sa_spring2 *s, sa_vec2 target, float stiffness, float damping,
                            float dt);

/**
 * @brief A scalar spring at rest at @p pos (zero velocity).
 * @param pos Starting value; NaN or infinite is taken as 0.
 */
SA_API sa_spring1 sa_spring1_at_rest(float pos);

/**
 * @brief A 2D spring at rest at @p pos (zero velocity): the state to start the head spring with.
 * @param pos Starting position; a non-finite component is taken as 0.
 */
SA_API sa_spring2 sa_spring2_at_rest(sa_vec2 pos);

/**
 * @brief The damping that makes a spring of this stiffness critically damped: 2 * sqrt k.
 *
 * Critical damping settles fastest without overshoot; less overshoots (the head's 26 against
 * 260 is about 0.81 of it), more creeps in slowly.
 *
 * @param stiffness k, in 1/s^2; NaN, infinite or <= 0 gives 0.
 * @return The critical damping in 1/s, finite and >= 0.
 */
SA_API float sa_spring_critical_damping(float stiffness);

#ifdef __cplusplus
}
#endif

#endif
