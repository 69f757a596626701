/**
 * @file vecmath.h
 * @brief Layer 0: small value types (2D/3D vectors, quaternions), scalar helpers and easing curves.
 *
 * Every function here is pure and total. Each is one of three kinds, and its documentation says
 * which:
 * - **Plain arithmetic**, by design: sa_lerp(), sa_v2_lerp(), sa_v3_lerp(), the constructors
 *   (sa_v2(), sa_v3(), sa_quat_make(), sa_transform_make()), the component-wise operations
 *   (add, sub, scale, mul), the dot and cross products (sa_v2_dot(), sa_v3_dot(), sa_v3_cross(),
 *   sa_quat_dot()) and sa_quat_conjugate(). These are the IEEE float formulas and nothing more,
 *   so they cost what the arithmetic costs: NaN in any input gives NaN out, and finite input
 *   large enough overflows to +/-infinity. Check with the `_is_finite` functions, or use the
 *   functions below, where input may be bad.
 * - **Finite for finite input** (the value passes through, the rest is repaired): sa_clamp() (a
 *   NaN or infinite bound is trusted and can come out), sa_v2_length() and sa_v2_distance() (NaN
 *   and infinite components pass through as in hypot()), sa_quat_rotate() (the rotation is
 *   repaired, the vector passes through) and sa_transform_point() (the transform is repaired,
 *   the point passes through). For finite values of what passes through the result is finite,
 *   up to +/-FLT_MAX: a result too large for a float saturates there instead of overflowing.
 * - **Finite for any input**: every other function documents what NaN and infinite input give
 *   (usually the low end of a range, the identity or zero) and returns a finite value for every
 *   float, FLT_MAX and denormals included: clamps of the value, easing, phases, normalisation,
 *   lengths in 3D, rotations and transforms.
 *
 * The 2D stick figure uses canvas units with y pointing down; 3D uses right-handed y-up
 * coordinates and quaternions stored (x, y, z, w).
 */
#ifndef STICKANIM_VECMATH_H
#define STICKANIM_VECMATH_H

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
    SA_EASE_LINEAR = 0,             /**< u. */
    SA_EASE_SMOOTH = 1,             /**< Smoothstep u^2(3 - 2u): the reference figure's default. */
    SA_EASE_IN_QUAD = 2,            /**< u^2: slow start. */
    SA_EASE_OUT_QUAD = 3,           /**< 1 - (1 - u)^2: slow end. */
    SA_EASE_IN_OUT_QUAD = 4,        /**< Quadratic ease in, then out. */
    SA_EASE_IN_CUBIC = 5,           /**< u^3: the jump's fall, accelerating like gravity. */
    SA_EASE_OUT_CUBIC = 6,          /**< 1 - (1 - u)^3: the jump's rise and the spear's thrusts. */
    SA_EASE_IN_OUT_CUBIC = 7,       /**< Cubic ease in, then out. */
    SA_EASE_OUT_BACK = 8,           /**< Overshoots past 1 (by about 10%) and settles back. */
    SA_EASE_COUNT_,                 /**< Number of curves; not a curve. */
    SA_EASE_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a curve. */
} sa_ease;

/**
 * @brief Clamps @p v to [@p lo, @p hi].
 * @return @p lo when @p v is NaN or below @p lo, @p hi when above. When lo > hi, returns lo.
 *         The bounds are trusted: a NaN bound is not repaired (sa_clamp(0.5, NaN, 1) is NaN), so
 *         the result is finite whenever both bounds are.
 */
SA_API float sa_clamp(float v, float lo, float hi);

/** @brief Clamps @p v to [0, 1]; NaN gives 0. */
SA_API float sa_saturate(float v);

/**
 * @brief Linear interpolation a + (b - a) * t; t is not clamped (t > 1 extrapolates). Plain
 *        arithmetic: NaN in, NaN out (sa_lerp(1, 2, NaN) is NaN), and ends far apart (-FLT_MAX
 *        and FLT_MAX) overflow to infinity.
 */
SA_API float sa_lerp(float a, float b, float t);

/**
 * @brief Smoothstep of a normalised parameter, `smooth` in both references: u^2(3 - 2u) with u
 *        clamped to [0, 1].
 * @return A value in [0, 1]; NaN gives 0.
 */
SA_API float sa_smooth(float u);

/**
 * @brief Smoothstep of @p x between two edges, as `smooth(e0, e1, x)` in the reference
 *        controllers' speed blend tree.
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

/**
 * @brief A cycle's phase wrapped into [0, 1): the fractional part, so -0.25 gives 0.75.
 * @param phase Any value, in cycles; NaN or infinite gives 0.
 * @return A value in [0, 1). A negative phase a rounding error below a whole number gives 0 (the
 *         next cycle's start, never 1); so does |phase| >= 2^23, where a float has no fraction
 * left.
 */
SA_API float sa_phase_wrap(float phase);

/**
 * @brief Advances a phase by a number of cycles (negative runs backwards) and wraps it into
 *        [0, 1). The sum is taken in double and rounded once, so a long run of small steps does
 *        not drift.
 * @param phase  Current phase, in cycles (wrapped first; NaN or infinite counts as 0).
 * @param cycles Cycles to move, e.g. a gait's cadence * dt; NaN or infinite counts as 0.
 * @return A value in [0, 1), whatever the inputs: a sum that rounds up to a whole number gives 0,
 *         and so does one too large for a double to keep a fraction (|cycles| >= 2^52).
 */
SA_API float sa_phase_advance(float phase, float cycles);

/** @brief Makes a 2D vector, as given (plain arithmetic: nothing is checked). */
SA_API sa_vec2 sa_v2(float x, float y);
/** @brief a + b. Plain arithmetic: NaN passes through, large sums overflow. */
SA_API sa_vec2 sa_v2_add(sa_vec2 a, sa_vec2 b);
/** @brief a - b. Plain arithmetic: NaN passes through, large differences overflow. */
SA_API sa_vec2 sa_v2_sub(sa_vec2 a, sa_vec2 b);
/** @brief v * s. Plain arithmetic: NaN passes through, large products overflow. */
SA_API sa_vec2 sa_v2_scale(sa_vec2 v, float s);
/** @brief Dot product. Plain arithmetic: NaN passes through, large products overflow. */
SA_API float sa_v2_dot(sa_vec2 a, sa_vec2 b);
/**
 * @brief Euclidean length, computed without overflow in the squares (hypot).
 * @return The length, in [0, FLT_MAX] for finite components: a length past FLT_MAX (both
 *         components near it) saturates to FLT_MAX. Non-finite components pass through as in
 *         hypot(): +infinity when one is infinite, else NaN when one is NaN.
 */
SA_API float sa_v2_length(sa_vec2 v);
/**
 * @brief Distance between two points: sa_v2_length() of their difference, measured without
 *        overflow (two finite points give a finite distance, saturating at FLT_MAX, even when
 *        their difference is too large for a float). Non-finite components pass through as in
 *        sa_v2_length().
 */
SA_API float sa_v2_distance(sa_vec2 a, sa_vec2 b);
/** @brief a + (b - a) * t, component-wise. Plain arithmetic, as sa_lerp(). */
SA_API sa_vec2 sa_v2_lerp(sa_vec2 a, sa_vec2 b, float t);
/**
 * @brief Unit vector along @p v; the zero vector (or a non-finite one) gives (0, 0).
 *
 * Any other finite vector gives length 1 to float precision, tiny (denormal) and huge (near
 * FLT_MAX) ones included: they are rescaled by a power of two first.
 */
SA_API sa_vec2 sa_v2_normalize(sa_vec2 v);
/** @brief True when both components are finite. */
SA_API bool sa_v2_is_finite(sa_vec2 v);

/** @brief Makes a 3D vector, as given (plain arithmetic: nothing is checked). */
SA_API sa_vec3 sa_v3(float x, float y, float z);
/** @brief a + b. Plain arithmetic: NaN passes through, large sums overflow. */
SA_API sa_vec3 sa_v3_add(sa_vec3 a, sa_vec3 b);
/** @brief a - b. Plain arithmetic: NaN passes through, large differences overflow. */
SA_API sa_vec3 sa_v3_sub(sa_vec3 a, sa_vec3 b);
/** @brief v * s. Plain arithmetic: NaN passes through, large products overflow. */
SA_API sa_vec3 sa_v3_scale(sa_vec3 v, float s);
/** @brief Component-wise product (a.x * b.x, a.y * b.y, a.z * b.z), as used for non-uniform scale.
 *         Plain arithmetic: NaN passes through, large products overflow. */
SA_API sa_vec3 sa_v3_mul(sa_vec3 a, sa_vec3 b);
/** @brief Dot product. Plain arithmetic: NaN passes through, large products overflow. */
SA_API float sa_v3_dot(sa_vec3 a, sa_vec3 b);
/** @brief Cross product a x b (right-handed). Plain arithmetic: NaN passes through, large
 *         products overflow. */
SA_API sa_vec3 sa_v3_cross(sa_vec3 a, sa_vec3 b);
/**
 * @brief Euclidean length, computed in double so large components do not overflow.
 * @return The length, at most FLT_MAX; a vector with a NaN component gives 0, an infinite one
 *         FLT_MAX.
 */
SA_API float sa_v3_length(sa_vec3 v);
/** @brief Distance between two points (see sa_v3_length() for bad input). */
SA_API float sa_v3_distance(sa_vec3 a, sa_vec3 b);
/** @brief a + (b - a) * t, component-wise; t is not clamped (t > 1 extrapolates). Plain
 *         arithmetic, as sa_lerp(). */
SA_API sa_vec3 sa_v3_lerp(sa_vec3 a, sa_vec3 b, float t);
/** @brief Unit vector along @p v; the zero vector or a non-finite one gives (0, 0, 0). */
SA_API sa_vec3 sa_v3_normalize(sa_vec3 v);
/** @brief True when all three components are finite. */
SA_API bool sa_v3_is_finite(sa_vec3 v);

/**
 * @name Quaternions
 * Rotations are unit quaternions (x, y, z, w) = (axis * sin(angle/2), cos(angle/2)); q and -q are
 * the same rotation. sa_quat_mul(a, b) rotates by b first, then by a (the Hamilton product), so a
 * parent's rotation goes on the left. Every function that takes a rotation normalises it first
 * (see sa_quat_normalize(): zero or non-finite gives the identity), except the plain
 * sa_quat_conjugate() and sa_quat_dot(), and every function that returns a rotation returns a
 * unit quaternion, whatever the input.
 * @{
 */

/** @brief Makes a quaternion from its four components, as given (not normalised; plain
 *         arithmetic: nothing is checked). */
SA_API sa_quat sa_quat_make(float x, float y, float z, float w);
/** @brief The identity rotation (0, 0, 0, 1). */
SA_API sa_quat sa_quat_identity(void);
/**
 * @brief Unit quaternion along @p q.
 * @return q / |q|, computed without overflow or underflow for huge or tiny components; the
 *         identity when q is zero or has a NaN or infinite component.
 */
SA_API sa_quat sa_quat_normalize(sa_quat q);
/** @brief Conjugate (-x, -y, -z, w): the inverse rotation of a unit quaternion. Not normalised:
 *         plain arithmetic, so NaN components pass through (the one function here that takes a
 *         quaternion and does not normalise it). */
SA_API sa_quat sa_quat_conjugate(sa_quat q);
/** @brief 4D dot product; for unit quaternions cos(half the angle between them), up to sign.
 *         Plain arithmetic on the components as given (not normalised): NaN passes through. */
SA_API float sa_quat_dot(sa_quat a, sa_quat b);
/**
 * @brief Composition a * b: rotates by @p b first, then by @p a.
 * @return The normalised product of the normalised inputs.
 */
SA_API sa_quat sa_quat_mul(sa_quat a, sa_quat b);
/**
 * @brief Rotates vector @p v by rotation @p q (normalised first).
 *
 * The rotation is repaired; the vector passes through: a NaN or infinite component of @p v
 * gives a non-finite result, as plain arithmetic does.
 * @return The rotated vector, same length as @p v up to rounding; finite for every finite @p v
 *         (a component that would exceed FLT_MAX, as rotating (FLT_MAX, FLT_MAX, 0) onto an axis
 *         does, saturates at +/-FLT_MAX).
 */
SA_API sa_vec3 sa_quat_rotate(sa_quat q, sa_vec3 v);
/**
 * @brief The rotation by @p radians about @p axis (right-hand rule).
 * @param axis    Rotation axis, any length (normalised here).
 * @param radians Angle in radians, any finite value.
 * @return A unit quaternion; the identity when the axis is zero or non-finite or the angle is
 *         not finite.
 */
SA_API sa_quat sa_quat_from_axis_angle(sa_vec3 axis, float radians);
/**
 * @brief The shortest rotation that turns direction @p from onto direction @p to.
 * @return A unit quaternion; for opposite directions a half turn about an axis perpendicular to
 *         @p from; the identity when either vector is zero or non-finite.
 */
SA_API sa_quat sa_quat_from_to(sa_vec3 from, sa_vec3 to);
/**
 * @brief The rotation angle of @p q (normalised first), in radians.
 * @return A value in [0, pi]; q and -q give the same angle.
 */
SA_API float sa_quat_angle(sa_quat q);
/**
 * @brief The angle of the rotation that takes @p a to @p b, in radians: how far apart they are.
 * @return A value in [0, pi]; 0 for q and -q.
 */
SA_API float sa_quat_angle_between(sa_quat a, sa_quat b);
/**
 * @brief Normalised linear interpolation along the shortest arc.
 *
 * @p b is negated first when dot(a, b) < 0 (hemisphere correction), then a + (b - a) * t is
 * normalised. Cheap and exact at the ends, but the angular speed is not constant; use it for
 * small angles (neighbouring frames, blending similar poses).
 * @param a First rotation (normalised here).
 * @param b Second rotation (normalised here; its sign does not matter).
 * @param t Factor; 0 gives a, 1 gives b (or -b), values outside [0, 1] extrapolate. Clamped to
 *          [-1e6, 1e6]; NaN or infinite gives 0.
 * @return A unit quaternion, always.
 */
SA_API sa_quat sa_quat_nlerp(sa_quat a, sa_quat b, float t);
/**
 * @brief Spherical linear interpolation along the shortest arc, at constant angular speed.
 *
 * Follows the great circle from @p a through @p b (negated when dot(a, b) < 0). A factor above 1
 * keeps turning past @p b along the same arc: the blend tree's stride stretch uses this to swing
 * a thigh further than the clip does; a negative factor goes back past @p a. Falls back to
 * sa_quat_nlerp() when the rotations are nearly equal (where both agree to float precision).
 * @param a First rotation (normalised here).
 * @param b Second rotation (normalised here; its sign does not matter).
 * @param t Factor; 0 gives a, 1 gives b, 1.2 goes 20% of the a->b angle past b. Clamped to
 *          [-1e6, 1e6]; NaN or infinite gives 0.
 * @return A unit quaternion, always.
 */
SA_API sa_quat sa_quat_slerp(sa_quat a, sa_quat b, float t);
/** @brief True when all four components are finite. */
SA_API bool sa_quat_is_finite(sa_quat q);

/** @} */

/**
 * @brief A rigid transform with non-uniform scale: scale first, then rotate, then translate.
 *
 * Applied to a point p: translation + rotation * (scale (*) p). Poses are arrays of these (one per
 * joint, relative to the joint's parent); see skeleton.h.
 */
typedef struct sa_transform {
    /** Offset from the parent joint, in the parent's space (model units). */
    sa_vec3 translation;
    /** Rotation relative to the parent: a unit quaternion; the identity is (0, 0, 0, 1). */
    sa_quat rotation;
    /** Scale per axis; (1, 1, 1) is no scaling. */
    sa_vec3 scale;
} sa_transform;

/** @brief The identity transform: no translation, identity rotation, scale (1, 1, 1). */
SA_API sa_transform sa_transform_identity(void);
/** @brief Makes a transform from its three parts, as given (plain: nothing is checked). */
SA_API sa_transform sa_transform_make(sa_vec3 translation, sa_quat rotation, sa_vec3 scale);
/**
 * @brief Composition: @p child expressed in the space of @p parent (parent o child).
 *
 * translation = parent.translation + parent.rotation * (parent.scale (*) child.translation),
 * rotation = parent.rotation * child.rotation, scale = parent.scale (*) child.scale. Exact for
 * uniform scale; with non-uniform scale and rotation it is the usual game-engine approximation (no
 * shear). Bad input is cleaned first as in sa_transform_sanitize().
 * @return The composed transform with a unit rotation, finite for any input: a translation or
 *         scale component too large for a float (a huge scale on a rotated parent) saturates at
 *         +/-FLT_MAX.
 */
SA_API sa_transform sa_transform_mul(sa_transform parent, sa_transform child);
/**
 * @brief Applies @p t to point @p p: t.translation + t.rotation * (t.scale (*) p).
 *
 * The transform is repaired (bad parts are cleaned as in sa_transform_sanitize()); the point
 * passes through: a NaN or infinite component of @p p gives a non-finite result.
 * @return The transformed point; finite for every finite @p p, whatever the transform (a
 *         component too large for a float saturates at +/-FLT_MAX).
 */
SA_API sa_vec3 sa_transform_point(sa_transform t, sa_vec3 p);
/**
 * @brief Cleans a transform so it is safe to use: non-finite translation components become 0,
 *        the rotation is normalised (zero or non-finite gives the identity), non-finite scale
 *        components become 1.
 */
SA_API sa_transform sa_transform_sanitize(sa_transform t);
/** @brief True when every component of the transform is finite. */
SA_API bool sa_transform_is_finite(sa_transform t);

/**
 * @name 4x4 matrices
 * For skinning and for rigs whose non-uniform scale must compose exactly (skin.h,
 * sa_skeleton_local_to_model_matrices()). Column-major, as glTF and OpenGL store them: element
 * (row r, column c) is m[4 * c + r], the translation is m[12], m[13], m[14], and a point p maps to
 * M * (p, 1). sa_mat4_mul() and the transform functions are plain arithmetic (NaN in, NaN out);
 * sa_mat4_from_transform() and sa_mat4_invert() are total.
 * @{
 */

/** @brief A 4x4 matrix, column-major: m[4 * column + row]. */
typedef struct sa_mat4 {
    float m[16]; /**< The 16 elements, column after column. */
} sa_mat4;

/** @brief The identity matrix. */
SA_API sa_mat4 sa_mat4_identity(void);
/**
 * @brief The matrix of a transform: translation * rotation * scale, so sa_mat4_transform_point()
 *        of it gives sa_transform_point() of the transform.
 * @return An affine matrix (bottom row 0, 0, 0, 1); bad parts of @p t are cleaned first as in
 *         sa_transform_sanitize().
 */
SA_API sa_mat4 sa_mat4_from_transform(sa_transform t);
/** @brief The product a * b: applies @p b first, then @p a (a parent's matrix goes on the left). */
SA_API sa_mat4 sa_mat4_mul(sa_mat4 a, sa_mat4 b);
/** @brief M * (p, 1) for an affine matrix: the upper 3x4 part applied to point @p p (the bottom row
 *         is not read). */
SA_API sa_vec3 sa_mat4_transform_point(sa_mat4 m, sa_vec3 p);
/** @brief The upper 3x3 part applied to vector @p v: a direction, no translation. (A normal needs
 *         the inverse transpose; skin.h's job takes care of it.) */
SA_API sa_vec3 sa_mat4_transform_vector(sa_mat4 m, sa_vec3 v);
/**
 * @brief The inverse of a 4x4 matrix (general, computed in double): e.g. inverse bind matrices
 *        from the rest pose's model matrices.
 * @return M^-1; the identity when @p m has a NaN or infinite element or is singular (its
 *         determinant below 1e-30 of the product of its columns' lengths, or a result that
 *         overflows a float).
 */
SA_API sa_mat4 sa_mat4_invert(sa_mat4 m);
/** @brief True when all 16 elements are finite. */
SA_API bool sa_mat4_is_finite(sa_mat4 m);

/** @} */

#ifdef __cplusplus
}
#endif

#endif
