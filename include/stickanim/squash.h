/**
 * @file squash.h
 * @brief Layer 1: squash and stretch about the ground point under the figure.
 *
 * The reference figure's jump animates a vertical scale sy (::SA_SQUASH_CROUCH in the crouch,
 * ::SA_SQUASH_TAKEOFF at take-off, ::SA_SQUASH_LANDING on landing) and derives the horizontal one
 * from it, sx = 1 + (1 - sy) * k with k = ::SA_SQUASH_K, so that squashing down widens the figure
 * and stretching up thins it. Every joint is scaled about a pivot on the ground under the figure,
 * not about its centre, so the feet stay on the floor while the body squashes; the head radius
 * scales by (sx + sy) / 2. How much area each k keeps, and why 0.7 rather than 1, is in
 * @ref squash_page (`docs/squash.md`); sa_squash_make_area() keeps the area exactly.
 *
 * **Ranges.** Both scales are clamped to [::SA_SQUASH_SCALE_MIN, ::SA_SQUASH_SCALE_MAX] so the
 * figure never collapses to a line or turns inside out, whatever sy and k are.
 *
 * **Bad input** never produces NaN: a non-finite sy is 1 (no squash), a non-finite k is
 * ::SA_SQUASH_K, a non-finite pivot component is 0. An ::sa_squash filled in by hand is read the
 * same way (non-finite scales are 1, out-of-range scales clamped, non-finite pivot components 0).
 * A non-finite point component maps onto the pivot's component; finite results too large for a
 * float are clamped to +/-FLT_MAX.
 */
#ifndef STICKANIM_SQUASH_H
#define STICKANIM_SQUASH_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief How much width the figure trades for height: sx = 1 + (1 - sy) * 0.7 (the reference
 *        figure's factor; 1 would keep the area to first order, 0 never widens).
 */
#define SA_SQUASH_K 0.7f

/** @brief Vertical scale in the jump's crouch, before take-off (reference figure: 0.84). */
#define SA_SQUASH_CROUCH 0.84f
/** @brief Vertical scale at take-off, stretched (reference figure: 1.14). */
#define SA_SQUASH_TAKEOFF 1.14f
/** @brief Vertical scale on landing, squashed (reference figure: 0.82). */
#define SA_SQUASH_LANDING 0.82f

/** @brief Smallest scale either axis is clamped to. */
#define SA_SQUASH_SCALE_MIN 0.1f
/** @brief Largest scale either axis is clamped to. */
#define SA_SQUASH_SCALE_MAX 10.0f

/** @brief A squash-and-stretch transform: scale by (sx, sy) about a pivot. */
typedef struct sa_squash {
    /** Fixed point, canvas units: the ground point under the figure. */
    sa_vec2 pivot;
    /** Horizontal scale, in [::SA_SQUASH_SCALE_MIN, ::SA_SQUASH_SCALE_MAX]; 1 is none. */
    float sx;
    /** Vertical scale, in [::SA_SQUASH_SCALE_MIN, ::SA_SQUASH_SCALE_MAX]; 1 is none. */
    float sy;
} sa_squash;

/**
 * @brief Makes a squash from the vertical scale, deriving the width as the reference figure
 *        does.
 *
 * sy is clamped to [::SA_SQUASH_SCALE_MIN, ::SA_SQUASH_SCALE_MAX]; then
 * sx = 1 + (1 - sy) * k, clamped to the same range.
 *
 * @param pivot The fixed point (canvas units), normally (figure x, ground y); a non-finite
 *              component is taken as 0.
 * @param sy    Vertical scale: < 1 squashes, > 1 stretches (the jump's: ::SA_SQUASH_CROUCH,
 *              ::SA_SQUASH_TAKEOFF, ::SA_SQUASH_LANDING). NaN or infinite gives 1.
 * @param k     How much width trades for height: default ::SA_SQUASH_K (0.7); 1 keeps the area
 *              to first order, 0 never changes the width. NaN or infinite gives ::SA_SQUASH_K.
 */
SA_API sa_squash sa_squash_make(sa_vec2 pivot, float sy, float k);

/**
 * @brief Makes a squash that keeps area exactly: sx = 1 / sy.
 *
 * Same clamping and bad-input rules as sa_squash_make(); sx * sy = 1 whenever sy is in
 * [::SA_SQUASH_SCALE_MIN, ::SA_SQUASH_SCALE_MAX].
 *
 * @param pivot The fixed point; a non-finite component is taken as 0.
 * @param sy    Vertical scale; NaN or infinite gives 1.
 */
SA_API sa_squash sa_squash_make_area(sa_vec2 pivot, float sy);

/**
 * @brief The transform that changes nothing: pivot (0, 0), sx = sy = 1.
 */
SA_API sa_squash sa_squash_identity(void);

/**
 * @brief Applies a squash to one point: pivot + (p - pivot) * (sx, sy), the reference figure's
 *        S().
 *
 * The pivot maps onto itself and points on the pivot's horizontal line (the ground) stay on it.
 *
 * @param s The squash (read as the file comment says when its fields are out of range).
 * @param p The point, canvas units; a non-finite component gives the pivot's component.
 * @return The squashed point, always finite.
 */
SA_API sa_vec2 sa_squash_point(sa_squash s, sa_vec2 p);

/**
 * @brief Applies a squash in place to @p count points, as sa_squash_point() does to each.
 *
 * The reference figure runs this last, on every joint of the pose.
 *
 * @param s      The squash.
 * @param points The points to transform, updated in place; NULL does nothing.
 * @param count  Number of points; 0 does nothing.
 */
SA_API void sa_squash_apply(sa_squash s, sa_vec2 *points, size_t count);

/**
 * @brief How much a round part (the head) scales: (sx + sy) / 2.
 * @param s The squash; out-of-range fields are read as the file comment says.
 * @return A factor in [::SA_SQUASH_SCALE_MIN, ::SA_SQUASH_SCALE_MAX]; 1 for the identity.
 */
SA_API float sa_squash_radius_scale(sa_squash s);

#ifdef __cplusplus
}
#endif

#endif
