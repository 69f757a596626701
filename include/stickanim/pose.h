/**
 * @file pose.h
 * @brief Layer 2: poses (arrays of local joint transforms) and what is done with them: weighted
 *        blends of any number of poses, masked blends, interpolation past the end (stride
 *        stretch), the get-up morph and offsets for inertialization.
 *
 * A pose is a plain caller-owned array of ::sa_transform, one per joint of a skeleton, each
 * relative to the joint's parent (see skeleton.h); a clip sample (clip.h) writes one. Nothing
 * here allocates or keeps state.
 *
 * Rotations are blended with hemisphere correction (q and -q are the same rotation, so each is
 * first turned to the side of a reference rotation) and renormalised, so every rotation written
 * is a unit quaternion whatever comes in. Translations and scales are blended linearly. Input
 * transforms with NaN or infinite parts, or with a rotation that is not unit, are cleaned as in
 * sa_transform_sanitize() before use. Every transform written is finite, for every input: a
 * translation or scale too large for a float (an interpolation between -FLT_MAX and FLT_MAX, or
 * past them) saturates at +/-FLT_MAX instead of overflowing, and weights of any size, denormals
 * included, blend as their ratios say. "Copied unchanged" below means bit for bit for an input that
 * is already clean (finite, rotation unit to float precision), and cleaned otherwise.
 *
 * Output arrays may be one of the input arrays (in-place blending) in every function here. The
 * per-frame functions write a whole pose or nothing (@ref api_conventions): they take
 * `(out, capacity)` last (the blend job holds them as its fields `out` and `capacity`) and return
 * the number of transforms written, joint_count; `out` NULL asks for that count without writing;
 * bad input (a NULL pose, joint_count 0 or above ::SA_SKELETON_MAX_JOINTS, capacity below
 * joint_count) writes nothing and returns 0.
 */
#ifndef STICKANIM_POSE_H
#define STICKANIM_POSE_H

#include <stickanim/skeleton.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief One input of a blend: a pose, its weight and optionally a weight per joint. */
typedef struct sa_pose_layer {
    /** @brief The pose: joint_count local transforms (required). */
    const sa_transform *pose;
    /** @brief Weight of the layer, >= 0; weights need not sum to 1 (the blend renormalises).
     *         Negative, NaN or infinite weights count as 0. */
    float weight;
    /** @brief Optional per-joint weights (joint_count floats) multiplying `weight`: 1 where
     *         the layer counts fully, 0 where it does not count at all (an upper-body layer has 1
     *         on the spine and everything above it). Clamped to [0, 1]; NaN counts as 0. NULL
     *         means 1 for every joint. */
    const float *joint_weights;
} sa_pose_layer;

/**
 * @brief The blend job: out = the weighted average of the layers' poses, joint by joint.
 *
 * At each joint, layer i counts with w_i = weight_i * joint_weights_i[joint]. With W = sum  w_i >
 * 0: translation and scale are sum  w_i * x_i / W; the rotation is the normalised sum  w_i * q_i
 * after each q_i is turned into the hemisphere of the heaviest layer's rotation at that joint (the
 * first of the heaviest on a tie). A joint where a single layer counts gets that layer's transform
 * unchanged. Where W = 0 (all weights zero, negative or NaN there), the joint gets `rest` when
 * given, else the first layer's transform: a blend never leaves a joint unset.
 *
 * Masked blends are layers with joint_weights: an upper-body layer (weight 1, joint weights 1 on
 * the upper body) over a base layer whose joint weights are 0 there replaces the upper body and
 * keeps the legs; with the base's joint weights left at 1 the upper body is half of each.
 */
typedef struct sa_pose_blend_job {
    /** @brief The layers (required; at least one). */
    const sa_pose_layer *layers;
    /** @brief Number of layers, >= 1. */
    size_t layer_count;
    /** @brief Optional fallback pose (joint_count transforms, e.g. the skeleton's rest pose) for
     *         joints where no layer has weight; NULL uses the first layer's pose. */
    const sa_transform *rest;
    /** @brief Number of joints in every pose, 1 ... ::SA_SKELETON_MAX_JOINTS. */
    size_t joint_count;
    /** @brief Output pose: joint_count transforms, written whole or not at all; may be one of
     *         the layers' poses or `rest` (in-place blending). NULL asks for the count only:
     *         sa_pose_blend_run() then writes nothing and returns joint_count. */
    sa_transform *out;
    /** @brief Number of transforms `out` can hold, >= joint_count; below it nothing is written.
     *         Ignored when `out` is NULL. */
    size_t capacity;
} sa_pose_blend_job;

/**
 * @brief Checks a blend job without running it: sa_pose_blend_run() returns 0 exactly when this
 *        is not ::SA_OK.
 *
 * A NULL `out` is not an error (it is the count-only call), and `capacity` is checked only when
 * `out` is given.
 * @param job The job; NULL gives ::SA_ERR_NULL.
 * @return ::SA_OK; ::SA_ERR_NULL when @p job, its layers or a layer's pose is NULL;
 *         ::SA_ERR_COUNT when layer_count or joint_count is 0; ::SA_ERR_TOO_MANY_JOINTS above
 *         ::SA_SKELETON_MAX_JOINTS; ::SA_ERR_CAPACITY when `out` is given and capacity <
 *         joint_count.
 */
SA_API sa_status sa_pose_blend_validate(const sa_pose_blend_job *job);

/**
 * @brief Validates and runs a blend job (see ::sa_pose_blend_job for the rule), writing
 *        joint_count transforms into the job's `out`.
 *
 * A fixed-size result (@ref api_conventions): the whole pose or nothing.
 * @param job The job; NULL writes nothing and returns 0.
 * @return joint_count, the number of transforms written (also for the count-only call, `out`
 *         NULL, which writes nothing); 0, with nothing written, when sa_pose_blend_validate() is
 *         not ::SA_OK (it says why).
 */
SA_API size_t sa_pose_blend_run(const sa_pose_blend_job *job);

/**
 * @brief Interpolates two poses joint by joint: translation and scale by lerp, rotation by
 *        sa_quat_slerp() (shortest arc, constant speed).
 *
 * @param a           First pose (joint_count transforms).
 * @param b           Second pose.
 * @param t           Factor: exactly @p a at 0 and exactly @p b at 1 (copied unchanged when
 *                    finite); values above 1 go past @p b along the same arcs, below 0 back past
 *                    @p a (scales may then shrink towards 0). NaN or infinite gives 0;
 *                    clamped to [-1e6, 1e6].
 * @param joint_count Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS.
 * @param out         Output pose (joint_count transforms); may be @p a or @p b. NULL asks for
 *                    the count only.
 * @param capacity    Number of transforms @p out can hold, >= @p joint_count.
 * @return @p joint_count (also for the count-only call); 0, with nothing written, when @p a or
 *         @p b is NULL, @p joint_count is 0 or above ::SA_SKELETON_MAX_JOINTS, or @p capacity is
 *         below @p joint_count.
 */
SA_API size_t sa_pose_lerp(const sa_transform *a, const sa_transform *b, float t,
                           size_t joint_count, sa_transform *out, size_t capacity);

/**
 * @brief sa_pose_lerp() on some joints only: the stride stretch and similar per-joint effects.
 *
 * Joint j gets the factor f_j = 1 + (t - 1) * w_j, so a joint with weight 1 goes the full factor
 * @p t on the a -> b arc, a joint with weight 0 keeps @p b exactly, and weights in between fade
 * the effect. This is the blend tree's stride stretch (blend_tree.h):
 * `sa_pose_lerp_masked(idle, pose, frame.stretch, stretch_weights, n, pose, n)` swings the
 * thighs and upper arms from the idle pose past the blended pose by the frame's stretch, and
 * leaves the rest of the body as the clips have it (sa_blend_tree_stretch_weights() builds the
 * weights).
 *
 * @param a             Pose the arcs start from (the idle pose for the stretch).
 * @param b             Pose kept where the weight is 0 (the clip's pose).
 * @param t             Factor as in sa_pose_lerp().
 * @param joint_weights joint_count weights in [0, 1] (clamped; NaN counts as 0); NULL means 1
 *                      everywhere, i.e. sa_pose_lerp().
 * @param joint_count   Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS.
 * @param out           Output pose; may be @p a or @p b. NULL asks for the count only.
 * @param capacity      Number of transforms @p out can hold, >= @p joint_count.
 * @return As sa_pose_lerp().
 */
SA_API size_t sa_pose_lerp_masked(const sa_transform *a, const sa_transform *b, float t,
                                  const float *joint_weights, size_t joint_count, sa_transform *out,
                                  size_t capacity);

/**
 * @brief The get-up morph: every joint turned the fraction @p k back towards where @p from has it.
 *
 * out = sa_pose_lerp(to, from, k) with k clamped to [0, 1]: k = 1 gives @p from exactly (the
 * remembered ragdoll pose), k = 0 gives @p to exactly (the get-up clip's pose), so the morph
 * starts and ends without a pop.
 * @param from        The pose to morph away from (the ragdoll's last pose).
 * @param to          The pose to morph into (the clip being played).
 * @param k           How much of @p from is left, clamped to [0, 1]; NaN gives 0.
 * @param joint_count Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS.
 * @param out         Output pose; may be @p from or @p to. NULL asks for the count only.
 * @param capacity    Number of transforms @p out can hold, >= @p joint_count.
 * @return As sa_pose_lerp().
 */
SA_API size_t sa_pose_morph(const sa_transform *from, const sa_transform *to, float k,
                            size_t joint_count, sa_transform *out, size_t capacity);

/**
 * @brief The offset that takes pose @p b to pose @p a, joint by joint, for inertialization.
 *
 * offset.rotation = a.rotation * b.rotation^-1 (shortest arc), offset.translation = a.translation -
 * b.translation, offset.scale = a.scale (/) b.scale (1 where b's scale is 0 or tiny). Applying the
 * whole offset to @p b with sa_pose_apply_offset() (k = 1) gives @p a back, up to rounding.
 * Record it once at a switch (a = the pose showing, b = the new clip's first pose) and decay it.
 *
 * @param a           The pose to reach (the pose showing at the switch).
 * @param b           The pose the offset is added to (the new clip's first pose).
 * @param joint_count Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS.
 * @param out         The offset, joint_count transforms, every part finite; may be @p a or @p b.
 *                    NULL asks for the count only.
 * @param capacity    Number of transforms @p out can hold, >= @p joint_count.
 * @return As sa_pose_lerp().
 */
SA_API size_t sa_pose_difference(const sa_transform *a, const sa_transform *b, size_t joint_count,
                                 sa_transform *out, size_t capacity);

/**
 * @brief Adds the fraction @p k of an offset from sa_pose_difference() to a pose.
 *
 * rotation = slerp(identity, offset.rotation, k) * base.rotation, translation = base.translation +
 * k * offset.translation, scale = base.scale (*) lerp(1, offset.scale, k). With k decaying from 1
 * to 0 (a critically damped spring), the new clip starts at once from the old pose and no second
 * pose has to be sampled.
 * @param base        The pose now playing.
 * @param offset      The recorded offset.
 * @param k           Fraction of the offset left: 0 gives @p base exactly, 1 the whole offset;
 *                    NaN or infinite gives 0, clamped to [-1e6, 1e6].
 * @param joint_count Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS.
 * @param out         Output pose; may be @p base or @p offset. NULL asks for the count only.
 * @param capacity    Number of transforms @p out can hold, >= @p joint_count.
 * @return As sa_pose_lerp().
 */
SA_API size_t sa_pose_apply_offset(const sa_transform *base, const sa_transform *offset, float k,
                                   size_t joint_count, sa_transform *out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
