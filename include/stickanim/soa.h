/**
 * @file soa.h
 * @brief Layer 2: poses as structure-of-arrays, four joints per ::sa_soa_transform, and the
 *        per-frame jobs on them (clip sample, blend, local -> model): the fast path of the 3D
 *        pipeline.
 *
 * A pose of joint_count joints is ::SA_SOA_GROUPS(joint_count) groups; joint j is lane j % 4 of
 * group j / 4. Inside a group each component of the four joints lies in its own array of four
 * floats (translation.x[0..3], ...), so four joints are one vector register per component and
 * the blend runs without shuffling. The lanes past the last joint of the last group ("padding
 * lanes") are written as the identity transform by every function here and never read into a
 * real joint's result, whatever they hold on input.
 *
 * Which path to use: the AoS functions (pose.h, skeleton.h) for a few joints at a time or a pose
 * edited joint by joint; these for the per-frame pipeline of a character, sample -> blend ->
 * local -> model, where the blend is the cost: sa_soa_sample_time() per clip,
 * sa_soa_blend_run() over the samples, sa_soa_local_to_model_run() into model transforms.
 *
 * Every result is the AoS path's bit for bit: sa_soa_blend_run() writes exactly what
 * sa_pose_blend_run() writes for the transforms the groups hold (lane by lane),
 * sa_soa_local_to_model_run() exactly what sa_skeleton_local_to_model_run() writes, with the same
 * cleaning of bad input, the same saturation near +/-FLT_MAX and the same statuses. Packing
 * copies clean transforms bit for bit, so for a clean pose the SoA pipeline gives the AoS
 * pipeline's results exactly; a transform with NaN parts or a rotation off unit length is
 * cleaned by the pack, and the SoA jobs then give the AoS results for the cleaned pose. The jobs
 * check a group of four joints at a time (the blend) or a whole pose at once (local -> model) and
 * send only what has unclean input (NaN, infinity, a rotation off unit length), a sum or product
 * that overflows or, in the blend, a rotation half a turn from the heaviest layer's to float
 * precision (where the hemisphere test needs its exact form) through the exact path.
 *
 * ::sa_soa_transform has no alignment beyond a float's (the jobs load unaligned), but arrays of
 * it aligned to 16 bytes load fastest. Counts and capacities of SoA arrays are in groups.
 */
#ifndef STICKANIM_SOA_H
#define STICKANIM_SOA_H

#include <stickanim/clip.h>
#include <stickanim/pose.h>
#include <stickanim/skeleton.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Number of ::sa_soa_transform groups a pose of @p joint_count joints takes. */
#define SA_SOA_GROUPS(joint_count) (((joint_count) + 3u) / 4u)

/** @brief The most layers an ::sa_soa_blend_job may have. */
#define SA_SOA_MAX_LAYERS 32

/** @brief Three coordinates of four joints, one array per coordinate. */
typedef struct sa_soa_vec3 {
    /** @brief x of joints 0 ... 3 of the group. */
    float x[4];
    /** @brief y of joints 0 ... 3 of the group. */
    float y[4];
    /** @brief z of joints 0 ... 3 of the group. */
    float z[4];
} sa_soa_vec3;

/** @brief Four quaternions, one array per component. */
typedef struct sa_soa_quat {
    /** @brief x of joints 0 ... 3 of the group. */
    float x[4];
    /** @brief y of joints 0 ... 3 of the group. */
    float y[4];
    /** @brief z of joints 0 ... 3 of the group. */
    float z[4];
    /** @brief w of joints 0 ... 3 of the group. */
    float w[4];
} sa_soa_quat;

/**
 * @brief Four local transforms (::sa_transform) as structure-of-arrays: lane k of every array is
 *        joint 4 g + k of group g. 40 floats, 160 bytes, no padding.
 */
typedef struct sa_soa_transform {
    /** @brief Translations of the four joints. */
    sa_soa_vec3 translation;
    /** @brief Rotations of the four joints (unit quaternions). */
    sa_soa_quat rotation;
    /** @brief Scales of the four joints. */
    sa_soa_vec3 scale;
} sa_soa_transform;

/**
 * @brief Packs a pose into groups of four: joint j goes to lane j % 4 of out[j / 4]; padding
 *        lanes get the identity transform.
 *
 * A clean transform (finite, unit rotation) is copied bit for bit; any other is cleaned as in
 * sa_transform_sanitize(), as every function of the library reads it, so a packed pose is
 * finite.
 * @param pose        joint_count transforms.
 * @param joint_count Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS.
 * @param out         Receives ::SA_SOA_GROUPS(joint_count) groups, written whole or not at all.
 *                    NULL asks for the count only.
 * @param capacity    Number of groups @p out can hold.
 * @return The number of groups, ::SA_SOA_GROUPS(joint_count) (also for the count-only call); 0,
 *         with nothing written, when @p pose is NULL, @p joint_count is 0 or above
 *         ::SA_SKELETON_MAX_JOINTS, or @p capacity is below the group count.
 */
SA_API size_t sa_soa_pack(const sa_transform *pose, size_t joint_count, sa_soa_transform *out,
                          size_t capacity);

/**
 * @brief Unpacks groups into a pose: out[j] = lane j % 4 of soa[j / 4], bit for bit when clean
 *        (finite, unit rotation), else cleaned as in sa_transform_sanitize(); padding lanes are
 *        not read.
 * @param soa         ::SA_SOA_GROUPS(joint_count) groups.
 * @param joint_count Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS.
 * @param out         Receives joint_count transforms, written whole or not at all. NULL asks
 *                    for the count only.
 * @param capacity    Number of transforms @p out can hold, >= @p joint_count.
 * @return @p joint_count (also for the count-only call); 0, with nothing written, when @p soa is
 *         NULL, @p joint_count is 0 or above ::SA_SKELETON_MAX_JOINTS, or @p capacity is below
 *         @p joint_count.
 */
SA_API size_t sa_soa_unpack(const sa_soa_transform *soa, size_t joint_count, sa_transform *out,
                            size_t capacity);

/**
 * @brief Samples a clip at @p time into groups: exactly sa_clip_sample_time() followed by
 *        sa_soa_pack().
 * @param clip     A valid clip (see sa_clip_validate()).
 * @param time     Seconds, as in sa_clip_sample_time().
 * @param out      Receives ::SA_SOA_GROUPS(joint_count) groups, written whole or not at all.
 *                 NULL asks for the count only.
 * @param capacity Number of groups @p out can hold.
 * @return The number of groups (also for the count-only call); 0, with nothing written, for a
 *         NULL or invalid clip or a @p capacity below the group count.
 */
SA_API size_t sa_soa_sample_time(const sa_clip *clip, float time, sa_soa_transform *out,
                                 size_t capacity);

/** @brief One input of an SoA blend: as ::sa_pose_layer, the pose in groups. */
typedef struct sa_soa_layer {
    /** @brief The pose: ::SA_SOA_GROUPS(joint_count) groups (required). */
    const sa_soa_transform *pose;
    /** @brief Weight of the layer, as in ::sa_pose_layer (negative, NaN or infinite count as 0). */
    float weight;
    /** @brief Optional per-joint weights, joint_count floats indexed by joint (not grouped), as
     *         in ::sa_pose_layer; NULL means 1 for every joint. */
    const float *joint_weights;
} sa_soa_layer;

/**
 * @brief The SoA blend job: the rule of ::sa_pose_blend_job (weights, per-joint weights, the
 *        heaviest layer's hemisphere, `rest` where no layer counts, a single layer copied
 *        unchanged, normalised rotations), on poses in groups of four.
 *
 * Output is bit for bit what sa_pose_blend_run() writes for the unpacked poses; padding lanes
 * get the identity.
 */
typedef struct sa_soa_blend_job {
    /** @brief The layers (required; 1 ... ::SA_SOA_MAX_LAYERS). */
    const sa_soa_layer *layers;
    /** @brief Number of layers, 1 ... ::SA_SOA_MAX_LAYERS. */
    size_t layer_count;
    /** @brief Optional fallback pose in groups for joints where no layer has weight; NULL uses
     *         the first layer's pose. */
    const sa_soa_transform *rest;
    /** @brief Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS. */
    size_t joint_count;
    /** @brief Output: ::SA_SOA_GROUPS(joint_count) groups, written whole or not at all; may be
     *         one of the layers' poses or `rest`. NULL asks for the count only. */
    sa_soa_transform *out;
    /** @brief Number of groups `out` can hold; below the group count nothing is written.
     *         Ignored when `out` is NULL. */
    size_t capacity;
} sa_soa_blend_job;

/**
 * @brief Checks an SoA blend job without running it: sa_soa_blend_run() returns 0 exactly when
 *        this is not ::SA_OK.
 * @param job The job; NULL gives ::SA_ERR_NULL.
 * @return ::SA_OK; ::SA_ERR_NULL when @p job, its layers or a layer's pose is NULL;
 *         ::SA_ERR_COUNT when layer_count is 0 or above ::SA_SOA_MAX_LAYERS or joint_count is 0;
 *         ::SA_ERR_TOO_MANY_JOINTS above ::SA_SKELETON_MAX_JOINTS; ::SA_ERR_CAPACITY when `out`
 *         is given and capacity is below the group count.
 */
SA_API sa_status sa_soa_blend_validate(const sa_soa_blend_job *job);

/**
 * @brief Validates and runs an SoA blend job (see ::sa_soa_blend_job).
 * @param job The job; NULL writes nothing and returns 0.
 * @return The number of groups written, ::SA_SOA_GROUPS(joint_count) (also for the count-only
 *         call); 0, with nothing written, when sa_soa_blend_validate() is not ::SA_OK.
 */
SA_API size_t sa_soa_blend_run(const sa_soa_blend_job *job);

/**
 * @brief The SoA local -> model job: as ::sa_skeleton_local_to_model_job, the local pose in
 *        groups, the model transforms out as a plain array (for skinning and attachments).
 *
 * Output is bit for bit what sa_skeleton_local_to_model_run() writes for the transforms the
 * groups hold (lane by lane; for groups from sa_soa_pack(), the unpacked pose).
 */
typedef struct sa_soa_local_to_model_job {
    /** @brief The skeleton (required; its joint count and parents must pass
     *         sa_skeleton_validate()'s checks; its rest pose is not read, nor checked). */
    const sa_skeleton *skeleton;
    /** @brief Input pose: ::SA_SOA_GROUPS(joint_count) groups of local transforms (required). */
    const sa_soa_transform *local;
    /** @brief Optional transform of the root joints' parent; NULL means the identity. */
    const sa_transform *root;
    /** @brief Output: the skeleton's joint_count model transforms, written whole or not at all.
     *         NULL asks for the count only. Must not overlap `local`. */
    sa_transform *out;
    /** @brief Number of transforms `out` can hold, >= the skeleton's joint_count. Ignored when
     *         `out` is NULL. */
    size_t capacity;
} sa_soa_local_to_model_job;

/**
 * @brief Checks an SoA local -> model job without running it: sa_soa_local_to_model_run()
 *        returns 0 exactly when this is not ::SA_OK.
 * @param job The job; NULL gives ::SA_ERR_NULL.
 * @return ::SA_OK; ::SA_ERR_NULL when @p job, its skeleton or local is NULL; the skeleton's
 *         error for its joint count or parents (see sa_skeleton_validate()); ::SA_ERR_CAPACITY when
 * `out` is given and capacity is below the joint count.
 */
SA_API sa_status sa_soa_local_to_model_validate(const sa_soa_local_to_model_job *job);

/**
 * @brief Validates and runs an SoA local -> model job, writing the skeleton's joint_count model
 *        transforms (see ::sa_soa_local_to_model_job).
 * @param job The job; NULL writes nothing and returns 0.
 * @return The skeleton's joint_count (also for the count-only call); 0, with nothing written,
 *         when sa_soa_local_to_model_validate() is not ::SA_OK.
 */
SA_API size_t sa_soa_local_to_model_run(const sa_soa_local_to_model_job *job);

/**
 * @brief Local -> model as 4x4 matrices from a pose in groups: exactly what
 *        sa_skeleton_local_to_model_matrices() writes for the transforms the groups hold (lane by
 *        lane), exact for any scale; for skinning (sa_skin_run()).
 *
 * Each group's four local matrices are built at once, one joint per lane, and each joint's model
 * matrix is its parent's times its own, one column per register.
 * @param skeleton A skeleton with a valid joint count and parents (the rest pose is not read).
 * @param local    ::SA_SOA_GROUPS(joint_count) groups of local transforms; non-finite parts are
 *                 cleaned as in sa_transform_sanitize().
 * @param root     Optional transform of the root joints' parent; NULL means the identity.
 * @param out      Receives joint_count model matrices (affine: bottom row 0, 0, 0, 1), written
 *                 whole or not at all. NULL asks for the count only.
 * @param capacity Number of matrices @p out can hold, >= joint_count.
 * @return The skeleton's joint_count (also for the count-only call); 0, with nothing written, for
 *         a NULL skeleton, a bad joint count or parent order (see sa_skeleton_validate()), a NULL
 *         @p local, or @p capacity below joint_count.
 */
SA_API size_t sa_soa_local_to_model_matrices(const sa_skeleton *skeleton,
                                             const sa_soa_transform *local,
                                             const sa_transform *root, sa_mat4 *out,
                                             size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
