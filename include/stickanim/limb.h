/**
 * @file limb.h
 * @brief Layer 4: soft-limb geometry for drawing: the tapered ribbon outline of a limb and the
 *        style hints that give a flat figure depth.
 *
 * The reference figure runs each limb's three points (hip -> knee -> foot, shoulder -> elbow ->
 * hand) through a Catmull-Rom spline, densifies it into a smooth curve and fills a tapered ribbon
 * around it, thick at the root and thinner at the tip, with round caps: a rubber-hose limb that
 * bends instead of hinging. Far-side limbs are drawn first, thinner, darker and at 42% opacity.
 *
 * This module computes geometry only: a closed polygon in canvas units (y down) written into a
 * caller-owned buffer, and plain numbers for the style. Filling the polygon (any fill rule) and
 * picking colours is the caller's, with whatever it draws with: an SVG path, a canvas `fill()`,
 * a triangle fan, a rasteriser.
 *
 * **Bad input** never produces NaN and never crashes:
 * - a point with a NaN or infinite component is replaced by the first finite point of
 *   (root, middle, tip), or by (0, 0) when none is finite;
 * - coincident points (a folded or zero-length limb) give a finite outline; where the curve has
 *   no direction the ribbon keeps the last direction it had, and a limb with no direction at all
 *   hangs straight down (+y);
 * - a width that is NaN, infinite or negative counts as 0 (the outline collapses onto the curve);
 * - coordinates up to +/-FLT_MAX are handled in double precision and never overflow to infinity.
 */
#ifndef STICKANIM_LIMB_H
#define STICKANIM_LIMB_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Largest accepted sa_limb_config::bone_samples. */
#define SA_LIMB_MAX_BONE_SAMPLES 256u

/** @brief Largest accepted sa_limb_config::cap_samples. */
#define SA_LIMB_MAX_CAP_SAMPLES 64u

/** @brief The far side's opacity: the reference figure draws its far limbs at 42%. */
#define SA_LIMB_FAR_OPACITY 0.42f

/**
 * @brief Shape and density of a limb's ribbon. Get the defaults from sa_limb_config_default().
 *
 * The outline has 2 * (2 * bone_samples + 1) + 2 * cap_samples + 1 points: 47 with the defaults.
 */
typedef struct sa_limb_config {
    /**
     * Full ribbon width at the root (hip, shoulder), canvas units, >= 0. Default 9 (a leg of the
     * reference figure; arms look right at about 7). NaN, infinite or negative counts as 0.
     */
    float root_width;
    /**
     * Full ribbon width at the tip (foot, hand), canvas units, >= 0. Default 5.5 (arms: about 4.5).
     * The width changes linearly from root_width to tip_width along the curve's parameter, which
     * gives each bone half of the taper. NaN, infinite or negative counts as 0.
     */
    float tip_width;
    /**
     * Densification: curve steps per bone, 1 to ::SA_LIMB_MAX_BONE_SAMPLES. Default 8. The centre
     * curve is sampled at 2 * bone_samples + 1 points, the middle one exactly on the middle joint.
     */
    size_t bone_samples;
    /**
     * Points strictly inside each round cap (a half circle of the local width), 0 to
     * ::SA_LIMB_MAX_CAP_SAMPLES. Default 6. 0 gives flat ends.
     */
    size_t cap_samples;
} sa_limb_config;

/** @brief Default ribbon: root width 9, tip width 5.5, 8 steps per bone, 6 points per cap. */
SA_API sa_limb_config sa_limb_config_default(void);

/**
 * @brief The point at parameter @p t on the limb's centre curve: a uniform Catmull-Rom spline
 *        through root, middle and tip.
 *
 * The end tangents come from mirrored phantom points (root - (middle - root) before the root,
 * tip + (tip - middle) after the tip), so the curve starts and ends heading along each bone.
 *
 * @param root   First point: hip or shoulder, canvas units.
 * @param middle Middle joint: knee or elbow.
 * @param tip    End: foot or hand.
 * @param t      Curve parameter, clamped to [0, 1]; NaN counts as 0. t = 0 is the root, 0.5 the
 *               middle joint and 1 the tip, exactly.
 * @return A finite point (see the file comment for non-finite points).
 */
SA_API sa_vec2 sa_limb_curve_point(sa_vec2 root, sa_vec2 middle, sa_vec2 tip, float t);

/**
 * @brief Writes the closed ribbon outline of a limb into @p out and returns its point count.
 *
 * The outline is a fixed-size result of n_out = 2 * (2 * bone_samples + 1) + 2 * cap_samples + 1
 * points (47 with the defaults): it is written whole or not at all. Call with @p out NULL to get
 * n_out for sizing the buffer; widths and points do not change it.
 *
 * With n = bone_samples, m = 2n + 1 centre samples (sample k at curve parameter k / 2n) and
 * c = cap_samples, the layout is:
 * - `out[0 .. m-1]`: the left side (left of the root -> tip direction on a y-down canvas),
 *   root to tip;
 * - `out[m .. m+c-1]`: the tip's round cap, from the left side around the tip to the right side;
 * - `out[m+c .. 2m+c-1]`: the right side, tip back to root;
 * - `out[2m+c .. 2m+2c-1]`: the root's round cap;
 * - `out[2m+2c]`: a copy of `out[0]`, closing the polygon.
 *
 * Centre sample k has its two side points at `out[k]` and `out[2m+c-1-k]`: their midpoint is
 * sa_limb_curve_point() at k / 2n and their distance is the width there, root_width at the root
 * tapering linearly to tip_width at the tip. The sides are offset along the curve's normal, so a
 * sharply folded limb may make the inner side cross itself; fill with either rule.
 *
 * @param root     First point: hip or shoulder, canvas units.
 * @param middle   Middle joint: knee or elbow.
 * @param tip      End: foot or hand.
 * @param config   NULL means sa_limb_config_default().
 * @param out      Receives the outline; NULL asks for the count only (nothing is written).
 * @param capacity Number of points @p out can hold; ignored when @p out is NULL.
 * @return The number of points written: n_out. With @p out NULL, n_out (what a call with enough
 *         capacity writes). 0, with nothing written, when bone_samples or cap_samples is out of
 *         range or @p capacity is below n_out.
 */
SA_API size_t sa_limb_outline(sa_vec2 root, sa_vec2 middle, sa_vec2 tip,
                              const sa_limb_config *config, sa_vec2 *out, size_t capacity);

/**
 * @brief Which side of the body a limb is on, as seen by the viewer. The value is also the draw
 *        order: draw every ::SA_LIMB_SIDE_FAR limb before any ::SA_LIMB_SIDE_NEAR one.
 */
typedef enum sa_limb_side {
    SA_LIMB_SIDE_FAR = 0,  /**< The limb behind the body: drawn first, thinner, darker, faded. */
    SA_LIMB_SIDE_NEAR = 1, /**< The limb in front of the body: drawn last, full width and colour. */
    SA_LIMB_SIDE_COUNT_,   /**< Number of sides; not a side. */
    SA_LIMB_SIDE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a side. */
} sa_limb_side;

/**
 * @brief How to draw a limb of one side: plain numbers the caller applies to its own colours.
 *
 * Near: width_scale 1, shade 1, opacity 1, draw_order 1. Far: width_scale 0.8, shade 0.62,
 * opacity 0.42 (::SA_LIMB_FAR_OPACITY), draw_order 0.
 */
typedef struct sa_limb_style {
    /** Factor for sa_limb_config::root_width and tip_width, in (0, 1]: far limbs are thinner. */
    float width_scale;
    /** Factor for the limb colour's RGB, in (0, 1]: far limbs are darker. */
    float shade;
    /** Alpha to draw the filled ribbon with, in (0, 1]. */
    float opacity;
    /** Draw lower numbers first: 0 for the far side, 1 for the near side (the body in between). */
    uint32_t draw_order;
} sa_limb_style;

/**
 * @brief The reference figure's style hints for a side.
 * @param side An ::sa_limb_side; an unknown value gets the near style.
 */
SA_API sa_limb_style sa_limb_style_for(sa_limb_side side);

/**
 * @brief @p config with both widths multiplied by @p style's width_scale, ready for
 *        sa_limb_outline().
 * @param config NULL means sa_limb_config_default(); a width that is NaN, infinite or negative
 *               counts as 0, as in sa_limb_outline(). Scaled widths saturate at FLT_MAX.
 * @param style  The side's style; a width_scale that is NaN, infinite or negative counts as 1.
 */
SA_API sa_limb_config sa_limb_config_styled(const sa_limb_config *config, sa_limb_style style);

#ifdef __cplusplus
}
#endif

#endif
