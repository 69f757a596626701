/**
 * @file verlet.h
 * @brief Layer 1: a pinned verlet chain for secondary motion (the figure's hair, a scarf, a tail).
 *
 * The reference figure's tuft of hair is a chain of 4 points spaced 9 units apart. Each point
 * stores where it is and where it was; the difference is its velocity. Each frame every point
 * keeps 0.86 of that velocity (air drag), is pushed by gravity and by a backward wind that grows
 * with running speed, and then 6 iterations of a distance constraint pull each pair back to 9
 * units apart, with the first point pinned to the back of the head. The hair streams back when
 * running, droops when walking and flicks during jumps, none of it animated by hand.
 *
 * The reference tunes its update per frame at 60 fps. This chain keeps the reference's state and
 * look but defines drag and acceleration per second and sub-steps long frames, so runs at 30, 60
 * and 120 fps move the same way; at 60 fps a step has exactly the reference's form. After every
 * step each segment is exactly its spacing long. Why the update is written this way, and how the
 * reference's per-frame constants convert, is in @ref verlet_page (`docs/verlet.md`).
 *
 * **Bad input never produces NaN.** NULL or empty chains do nothing; a NULL config is the
 * defaults; each field is read as its documentation says; dt that is NaN, negative or below
 * ::SA_VERLET_MIN_DT advances no time (the chain follows the pin and keeps its velocities); dt
 * above ::SA_VERLET_MAX_DT, +infinite included, is ::SA_VERLET_MAX_DT. If a point is non-finite on
 * entry, or would be after the step (a pin thrown across the float range), the chain is laid out
 * again at rest, straight from the pin along the acceleration (straight down when there is none).
 */
#ifndef STICKANIM_VERLET_H
#define STICKANIM_VERLET_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Points in the reference figure's hair chain, the first one pinned: 4. */
#define SA_VERLET_HAIR_POINTS 4
/** @brief Default distance between neighbouring points, canvas units (reference hair: 9). */
#define SA_VERLET_DEFAULT_SPACING 9.0f
/** @brief Default air drag: fraction of velocity kept per 1/60 s (reference hair: 0.86). */
#define SA_VERLET_DEFAULT_DRAG 0.86f
/** @brief Default constraint iterations per step (reference hair: 6). */
#define SA_VERLET_DEFAULT_ITERATIONS 6
/** @brief Most constraint iterations a step runs; more are clamped to this. */
#define SA_VERLET_MAX_ITERATIONS 64
/** @brief Largest spacing accepted, canvas units; larger is clamped to this. */
#define SA_VERLET_MAX_SPACING 1e6f

/**
 * @brief Gravity for the hair, canvas units/s^2, pointing down (+y): 900.
 *
 * The figure is about 160 units from foot to crown: 1 m is about 90 units, and 9.81 m/s^2 is
 * about 900 units/s^2. The reference leaves its gravity unspecified; this is the physical value.
 */
#define SA_VERLET_GRAVITY 900.0f

/**
 * @brief Backward wind on the hair per unit of running speed, in 1/s (units/s^2 per units/s): 4.5.
 *
 * Chosen against ::SA_VERLET_GRAVITY so the hair's rest angle from vertical, atan(wind/gravity),
 * is about 28 deg at the walk's ground speed (~ 106 units/s: it droops) and about 62 deg at the
 * run's
 * (~ 383 units/s: it streams back), the look the reference figure describes.
 */
#define SA_VERLET_WIND_PER_SPEED 4.5f

/** @brief The step length the reference's per-frame constants are defined for: 1/60 s. */
#define SA_VERLET_REFERENCE_DT (1.0f / 60.0f)
/** @brief Steps shorter than this (seconds) advance no time; see sa_verlet_chain_step(). */
#define SA_VERLET_MIN_DT 1e-4f
/** @brief Steps longer than this (seconds) are clamped to it. */
#define SA_VERLET_MAX_DT 1.0f

/** @brief One point of a verlet chain; the caller owns the array. */
typedef struct sa_verlet_point {
    /** Current position, canvas units. */
    sa_vec2 pos;
    /**
     * Where the point would have been 1/60 s ago at its current velocity (at 60 fps: its
     * previous position). Velocity = (pos - prev) * 60 units/s.
     */
    sa_vec2 prev;
} sa_verlet_point;

/** @brief Settings of a verlet chain; get the reference hair's from sa_verlet_config_default(). */
typedef struct sa_verlet_config {
    /**
     * Distance between neighbouring points, canvas units, >= 0 (default 9). NaN, infinite or
     * negative is the default; above ::SA_VERLET_MAX_SPACING is clamped; 0 gathers the chain on
     * the pin.
     */
    float spacing;
    /**
     * Fraction of velocity kept per 1/60 s, in [0, 1] (default 0.86): over a step of dt seconds
     * drag^(60 * dt) is kept. 1 is no drag, 0 stops every point each step. NaN is the default; out
     * of range is clamped.
     */
    float drag;
    /**
     * Acceleration on every free point, canvas units/s^2 (default (0, ::SA_VERLET_GRAVITY):
     * gravity, y down). Add wind here: see sa_verlet_hair_accel(). A non-finite component is 0.
     */
    sa_vec2 accel;
    /**
     * Constraint iterations per step (default 6); more than ::SA_VERLET_MAX_ITERATIONS is
     * clamped. 0 skips the two-sided constraint (the final length pass still runs).
     */
    size_t iterations;
} sa_verlet_config;

/** @brief The reference hair's settings: spacing 9, drag 0.86, gravity only, 6 iterations. */
SA_API sa_verlet_config sa_verlet_config_default(void);

/**
 * @brief Lays a chain out straight and at rest: point i at pin + direction * spacing * i, prev =
 * pos.
 *
 * Use it once before the first sa_verlet_chain_step(), or to reset the chain (a teleport).
 *
 * @param points    The chain, @p count points, written in full whenever it is not NULL.
 * @param count     Number of points (the reference hair: ::SA_VERLET_HAIR_POINTS).
 * @param pin       Position of the first point; a non-finite component is taken as 0.
 * @param direction Direction to lay the chain along (normalised here); zero or non-finite is
 *                  straight down (0, 1).
 * @param spacing   Distance between points, read as ::sa_verlet_config::spacing is.
 * @return ::SA_OK; ::SA_ERR_NULL when @p points is NULL (nothing written); ::SA_ERR_COUNT when
 *         @p count is 0; ::SA_ERR_NOT_FINITE when @p pin, @p direction or @p spacing was not
 *         finite (the chain is still laid out, with the substitutions above).
 */
SA_API sa_status sa_verlet_chain_init(sa_verlet_point *points, size_t count, sa_vec2 pin,
                                      sa_vec2 direction, float spacing);

/**
 * @brief Advances a pinned chain by @p dt seconds: drag, acceleration, constraints, pin.
 *
 * Point 0 is put on @p pin; the others move by their velocity (kept at drag^(60 * dt)) and the
 * config's acceleration, then the reference's two-sided distance constraint runs `iterations`
 * times from the pin outward (a pair within 20% of `spacing` takes one Newton step of the exact
 * correction, see `docs/verlet.md`), then one pass from the pin sets every segment to exactly
 * `spacing`.
 * Frames longer than 1/60 s are split into sub-steps with the pin moving linearly.
 *
 * @param points The chain, a state array updated in place; NULL does nothing. A non-finite point
 *               re-lays the chain at rest from the pin (see the file comment).
 * @param count  Number of points; 0 does nothing, 1 only follows the pin.
 * @param pin    Where point 0 goes (the back of the head). A non-finite component keeps point 0's
 *               current one.
 * @param config Settings; NULL means sa_verlet_config_default().
 * @param dt     Step length, seconds (the figure steps its hair in steps of at most 1/60 s).
 * Longer than 1/60 s it runs as ceil(60 * dt) sub-steps (the cost grows with it). NaN, negative or
 * below
 *               ::SA_VERLET_MIN_DT advances no time: point 0 follows the pin, the constraints run,
 *               and every point keeps its velocity. Above ::SA_VERLET_MAX_DT (60 sub-steps),
 *               +infinite included, it is clamped; by then drag has removed nearly all velocity
 *               (0.86^60 ~ 1e-4).
 */
SA_API void sa_verlet_chain_step(sa_verlet_point *points, size_t count, sa_vec2 pin,
                                 const sa_verlet_config *config, float dt);

/**
 * @brief Pushes a chain's free points out of a circle (a head, a ball), keeping each segment's
 *        length: call it after sa_verlet_chain_step() so the chain drapes over the circle.
 *
 * Point 0 (the pin) is never moved, so a chain may be pinned inside or on the circle (the hair's
 * root on the head). From the pin outward, each point first follows its leader when the pass
 * moved it (keeping the segment's length as it was), then, when it lies inside the circle, goes
 * to the point of the circle at that length from its leader on the side it was on. Only when the
 * leader is too deep inside for that (farther than the segment's length from the rim) is the point
 * pushed straight out instead, and that segment's length changes. A moved point keeps its
 * velocity, except the part pointing into the circle, which is removed (the contact is inelastic
 * and frictionless). After the call no point but the pin is closer to @p centre than @p radius
 * (up to float rounding); a chain already outside is left bit-identical.
 *
 * @param points The chain, a state array updated in place; NULL does nothing. A chain with a
 *               non-finite point is left as it is (sa_verlet_chain_step() repairs it).
 * @param count  Number of points; fewer than 2 does nothing.
 * @param centre The circle's centre, canvas units; non-finite does nothing.
 * @param radius The circle's radius, canvas units, > 0; NaN, infinite or <= 0 does nothing.
 */
SA_API void sa_verlet_chain_collide_circle(sa_verlet_point *points, size_t count, sa_vec2 centre,
                                           float radius);

/**
 * @brief The hair's acceleration for a figure moving at @p speed: gravity plus a backward wind.
 *
 * Returns (-(::SA_VERLET_WIND_PER_SPEED x speed + extra_wind), ::SA_VERLET_GRAVITY): the wind
 * blows against the motion and grows with speed, so the hair droops at a walk and streams back
 * at a run. Put it in ::sa_verlet_config::accel each frame.
 *
 * @param speed      The figure's horizontal velocity, canvas units/s (+x forward; the gait's
 *                   ground speed). Non-finite is 0.
 * @param extra_wind An extra push along -x, units/s^2 (the reference's kick during jumps); 0 for
 *                   none. Non-finite is 0.
 * @return A finite acceleration in canvas units/s^2.
 */
SA_API sa_vec2 sa_verlet_hair_accel(float speed, float extra_wind);

/**
 * @brief A point's velocity in canvas units/s: (pos - prev) * 60.
 * @return (0, 0) when the point is not finite; clamped to the float range.
 */
SA_API sa_vec2 sa_verlet_point_velocity(sa_verlet_point pt);

#ifdef __cplusplus
}
#endif

#endif
