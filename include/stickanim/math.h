/**
 * @file math.h
 * @brief Layer 0: small value types (2D/3D vectors, quaternions), scalar helpers and easing curves.
 *
 * Every function here is pure and total. Scalars that are NaN are treated as documented per
 * function (usually as the low end of a range), so no NaN ever leaves this module from finite
 * or non-finite input alike. The 2D stick figure uses canvas units with y pointing down; 3D uses
 * right-handed y-up coordinates and quaternions stored (x, y, z, w).
 */
#ifndef STICKANIM_MATH_H
#define STICKANIM_MATH_H

#include <stickanim/base.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A 2D point or vector (canvas units for the stick figure, y down). */
typedef struct sa_vec2 {
    float x; /**< Horizontal component; +x is forward for the figure. */
    float y; /**< Vertical component; +y points down on the canvas. */
} sa_vec2;

/** @brief A 3D point or vector (right-handed, y up). */
typedef struct sa_vec3 {
    float x; /**< X component. */
    float y; /**< Y component (up). */
    float z; /**< Z component. */
} sa_vec3;

/** @brief A rotation quaternion, stored (x, y, z, w); the identity is (0, 0, 0, 1). */
typedef struct sa_quat {
    float x; /**< Vector part, x. */
    float y; /**< Vector part, y. */
    float z; /**< Vector part, z. */
    float w; /**< Scalar part. */
} sa_quat;

/** @brief Pi as a float. */
#define SA_PI 3.14159265358979323846f

/**
 * @brief Easing curves, named so that FFI users can pick one by number.
 *
 * Each maps u in [0, 1] to [0, 1] with f(0) = 0 and f(1) = 1; only ::SA_EASE_OUT_BACK leaves
 * that range (it overshoots to about 1.1 before settling). Values are stable across versions.
 */
typedef enum sa_ease {
    SA_EASE_LINEAR = 0,       /**< u. */
    SA_EASE_SMOOTH = 1,       /**< Smoothstep u²(3 − 2u), the seeds' default `smooth`. */
    SA_EASE_IN_QUAD = 2,      /**< u²: slow start. */
    SA_EASE_OUT_QUAD = 3,     /**< 1 − (1 − u)²: slow end. */
    SA_EASE_IN_OUT_QUAD = 4,  /**< Quadratic ease in, then out. */
    SA_EASE_IN_CUBIC = 5,     /**< u³: the jump's fall, accelerating like gravity. */
    SA_EASE_OUT_CUBIC = 6,    /**< 1 − (1 − u)³: the jump's rise and the spear's thrusts. */
    SA_EASE_IN_OUT_CUBIC = 7, /**< Cubic ease in, then out. */
    SA_EASE_OUT_BACK = 8,     /**< Overshoots past 1 (by about 10%) and settles back. */
    SA_EASE_COUNT_,           /**< Number of curves; not a curve. */
    SA_EASE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a curve. */
} sa_ease;

/**
 * @brief Clamps @p v to [@p lo, @p hi].
 * @return @p lo when @p v is NaN or below @p lo, @p hi when above. When lo > hi, returns lo.
 */
SA_API float sa_clamp(float v, float lo, float hi);

/** @brief Clamps @p v to [0, 1]; NaN gives 0. */
SA_API float sa_saturate(float v);

/** @brief Linear interpolation a + (b − a)·t; t is not clamped (t > 1 extrapolates). */
SA_API float sa_lerp(float a, float b, float t);

/**
 * @brief The seeds' smoothstep of a normalised parameter: u²(3 − 2u) with u clamped to [0, 1].
 * @return A value in [0, 1]; NaN gives 0.
 */
SA_API float sa_smooth(float u);

/**
 * @brief Smoothstep of @p x between two edges, as `smooth(e0, e1, x)` in the blend tree seed.
 * @return 0 at or below @p e0, 1 at or above @p e1, smooth in between; 0 for NaN. When the edges
 *         are equal it is a step at e0 (0 below, 1 at and above).
 */
SA_API float sa_smooth_range(float e0, float e1, float x);

/**
 * @brief Applies an easing curve to @p u, clamped to [0, 1] first.
 * @param e An ::sa_ease value; an unknown value is treated as ::SA_EASE_LINEAR.
 * @param u Normalised time; NaN is treated as 0.
 * @return f(u), in [0, 1] except for ::SA_EASE_OUT_BACK.
 */
SA_API float sa_ease_apply(sa_ease e, float u);

/** @brief True when @p v is neither NaN nor infinite. */
SA_API bool sa_is_finite(float v);

/** @brief Makes a 2D vector. */
SA_API sa_vec2 sa_v2(float x, float y);
/** @brief a + b. */
SA_API sa_vec2 sa_v2_add(sa_vec2 a, sa_vec2 b);
/** @brief a − b. */
SA_API sa_vec2 sa_v2_sub(sa_vec2 a, sa_vec2 b);
/** @brief v·s. */
SA_API sa_vec2 sa_v2_scale(sa_vec2 v, float s);
/** @brief Dot product. */
SA_API float sa_v2_dot(sa_vec2 a, sa_vec2 b);
/** @brief Euclidean length (computed without overflow for large components). */
SA_API float sa_v2_length(sa_vec2 v);
/** @brief Distance between two points. */
SA_API float sa_v2_distance(sa_vec2 a, sa_vec2 b);
/** @brief a + (b − a)·t, component-wise. */
SA_API sa_vec2 sa_v2_lerp(sa_vec2 a, sa_vec2 b, float t);
/** @brief Unit vector along @p v; the zero vector (or a non-finite one) gives (0, 0). */
SA_API sa_vec2 sa_v2_normalize(sa_vec2 v);
/** @brief True when both components are finite. */
SA_API bool sa_v2_is_finite(sa_vec2 v);

#ifdef __cplusplus
}
#endif

#endif
