/**
 * @file spring.h
 * @brief Layer 1: a damped spring pulling a value toward a target, integrated exactly.
 *
 * The seed's head does not sit rigidly on the neck: it is pulled toward its ideal position by a
 * spring of stiffness 260 and damping 26 (::SA_SPRING_HEAD_STIFFNESS, ::SA_SPRING_HEAD_DAMPING),
 * so when the body lurches the head lags and settles with a hint of overshoot.
 *
 * The spring obeys x'' = −k·(x − target) − c·x'. Each step solves that equation *exactly* for
 * a target held still over the step, in closed form, so:
 * - it is unconditionally stable: no stiffness, damping or dt makes it gain energy or blow up
 *   (a 1 s or 10 s hitch just lets it settle);
 * - it does not depend on the frame rate: n steps of dt land where one step of n·dt does (up
 *   to float rounding), which an explicit Euler spring does not;
 * - all three regimes are handled (underdamped c² < 4k, critically damped c² = 4k, overdamped
 *   c² > 4k), and the transitions between them are smooth: near the critical boundary a power
 *   series is used, so there is no 0/0 and no cancellation blow-up there.
 *
 * With the head's values the damping ratio is 26 / (2·√260) ≈ 0.81: underdamped, overshooting
 * by about 1.4% before settling, the "hint of overshoot" of the seed. The arithmetic runs in
 * double precision and the result is rounded to float once.
 *
 * Bad input never produces NaN (every step function documents the details):
 * - dt that is NaN, infinite, negative or 0 advances no time: a finite state is left exactly as
 *   it is (a non-finite one is still repaired as below);
 * - stiffness that is NaN or +infinite snaps the value onto the target with zero velocity (a
 *   rigid spring); stiffness ≤ 0 (or −infinite) is 0: no pull, the value coasts, slowed only by
 *   the damping;
 * - damping that is NaN or < 0 is 0 (undamped: it oscillates forever but never grows);
 *   +infinite damping is the largest float (the value stops where it is);
 * - a non-finite position restarts the spring at rest on the target; a non-finite velocity is
 *   0; a non-finite target component anchors the spring where the value is on that axis (the
 *   target is the current position there);
 * - finite results too large for a float are clamped to ±FLT_MAX.
 */
#ifndef STICKANIM_SPRING_H
#define STICKANIM_SPRING_H

#include <stickanim/math.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Stiffness of the seed's head spring, in 1/s² (k of x'' = −k·(x − target) − c·x'). */
#define SA_SPRING_HEAD_STIFFNESS 260.0f

/**
 * @brief Damping of the seed's head spring, in 1/s (c of x'' = −k·(x − target) − c·x').
 *
 * Low enough, against ::SA_SPRING_HEAD_STIFFNESS, to leave a little cartoon wobble: damping ratio
 * ≈ 0.81 (critical would be 2·√260 ≈ 32.2).
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
 * @brief Advances a 2D spring by @p dt seconds toward @p target, exactly.
 *
 * Both axes share the stiffness and damping and are solved independently with the closed form of
 * x'' = −k·(x − target) − c·x' for the target held still over the step. Call it once per frame
 * with the frame's dt (no sub-stepping is ever needed).
 *
 * @param s         The state to advance in place; NULL does nothing. A non-finite position
 *                  component restarts that axis at rest on the target; a non-finite velocity
 *                  component is taken as 0.
 * @param target    Where the spring pulls (canvas units). A non-finite component anchors that axis
 *                  where the value is now (the target is the current position; 0 if that is not
 *                  finite either).
 * @param stiffness k, in 1/s²; the head uses ::SA_SPRING_HEAD_STIFFNESS (260). NaN or +infinite
 *                  snaps onto the target with zero velocity; ≤ 0 is taken as 0 (no pull).
 * @param damping   c, in 1/s; the head uses ::SA_SPRING_HEAD_DAMPING (26). NaN or < 0 is taken as
 *                  0; values above FLT_MAX (+infinite) as FLT_MAX.
 * @param dt        Step length in seconds; any value ≥ 0 is exact and stable (1 s, 10 s, ...).
 *                  NaN, infinite, negative or 0 advances no time: a finite state is left
 *                  bit-identical, a non-finite one is only repaired as above.
 */
SA_API void sa_spring2_step(sa_spring2 *s, sa_vec2 target, float stiffness, float damping, float dt);

/**
 * @brief Advances a scalar spring by @p dt seconds toward @p target, exactly.
 *
 * The scalar form of sa_spring2_step() (same parameters, same treatment of bad input), for
 * angles, a crouch depth, a lean, or any single value that should follow a target with lag.
 *
 * @param s         The state to advance in place; NULL does nothing.
 * @param target    Where the spring pulls; non-finite anchors it where the value is now.
 * @param stiffness k, in 1/s²; NaN or +infinite snaps onto the target; ≤ 0 is 0 (no pull).
 * @param damping   c, in 1/s; NaN or < 0 is 0; above FLT_MAX is FLT_MAX.
 * @param dt        Step length in seconds; NaN, infinite, negative or 0 advances no
 *                  time (a finite state is left as it is).
 */
SA_API void sa_spring1_step(sa_spring1 *s, float target, float stiffness, float damping, float dt);

/**
 * @brief A 2D spring at rest at @p pos (zero velocity): the state to start the head spring with.
 * @param pos Starting position; a non-finite component is taken as 0.
 */
SA_API sa_spring2 sa_spring2_at_rest(sa_vec2 pos);

/**
 * @brief The damping that makes a spring of this stiffness critically damped: 2·√k.
 *
 * Critical damping settles fastest without overshoot; less overshoots (the head's 26 against
 * 260 is about 0.81 of it), more creeps in slowly.
 *
 * @param stiffness k, in 1/s²; NaN, infinite or ≤ 0 gives 0.
 * @return The critical damping in 1/s, finite and ≥ 0.
 */
SA_API float sa_spring_critical_damping(float stiffness);

#ifdef __cplusplus
}
#endif

#endif
