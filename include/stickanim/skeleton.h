/**
 * @file skeleton.h
 * @brief Layer 2: a joint hierarchy (parents before children, optional names, rest pose) and the
 *        local -> model job that turns a pose into model-space transforms.
 *
 * A skeleton only points at arrays the caller owns: parent indices, the rest pose and optionally
 * joint names. Nothing is copied and nothing is allocated, so the arrays must outlive the
 * skeleton. Joints are numbered 0 ... joint_count - 1 and every joint's parent comes before it
 * (parent index < joint index, or ::SA_SKELETON_JOINT_NONE for a root), so one pass from first to
 * last joint sees every parent before its children. Several roots are allowed. Joint indices are
 * `int32_t` throughout, because ::SA_SKELETON_JOINT_NONE (-1) is one of their values.
 *
 * A pose is a plain array of ::sa_transform, one per joint, each relative to its parent
 * ("local"); see pose.h. Model space is the space of the root joints' parent: the character's
 * own space, right-handed and y up.
 */
#ifndef STICKANIM_SKELETON_H
#define STICKANIM_SKELETON_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The most joints a skeleton may have. sa_skeleton_init() rejects more. */
#define SA_SKELETON_MAX_JOINTS 256

/** @brief Parent index of a root joint, and what sa_skeleton_find() returns for no match. */
#define SA_SKELETON_JOINT_NONE (-1)

/**
 * @brief A joint hierarchy over caller-owned arrays. Fill it with sa_skeleton_init().
 *
 * The fields are plain so bindings can read them; change them only through sa_skeleton_init(),
 * or call sa_skeleton_validate() after changing them by hand.
 *
 * Each function checks, on every call, what it reads: the functions of the hierarchy alone
 * (local -> model, sa_skeleton_joint_model(), sa_skeleton_fill_subtree(), and soa.h's local ->
 * model) check joint_count and parents as sa_skeleton_validate() does, with its statuses, but
 * not the rest pose, which they never read (a per-frame job need not test 10 floats a joint).
 */
typedef struct sa_skeleton {
    /** @brief Parent of each joint (joint_count entries): ::SA_SKELETON_JOINT_NONE or an earlier
     *         joint. */
    const int32_t *parents;
    /** @brief Rest (bind) pose, joint_count local transforms; the pose of a skeleton left alone. */
    const sa_transform *rest;
    /** @brief Joint names (joint_count entries, each NUL-terminated or NULL), or NULL for none. */
    const char *const *names;
    /** @brief Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS. */
    size_t joint_count;
} sa_skeleton;

/**
 * @brief Checks the arrays and fills @p skeleton with them (no copy: the arrays must outlive it).
 *
 * @param skeleton    Receives the skeleton; left untouched on error.
 * @param parents     joint_count parent indices; parents[i] is ::SA_SKELETON_JOINT_NONE (a root)
 *                    or in [0, i): parents come before their children.
 * @param rest        joint_count finite local transforms: the rest pose.
 * @param names       joint_count names for sa_skeleton_find(), or NULL when joints have no names;
 *                    single entries may be NULL.
 * @param joint_count Number of joints, 1 ... ::SA_SKELETON_MAX_JOINTS.
 * @return ::SA_OK; ::SA_ERR_NULL when @p skeleton, @p parents or @p rest is NULL;
 *         ::SA_ERR_COUNT when @p joint_count is 0; ::SA_ERR_TOO_MANY_JOINTS above
 *         ::SA_SKELETON_MAX_JOINTS; ::SA_ERR_PARENT_ORDER when a parent does not come before its
 *         child (including a joint being its own parent and indices out of range);
 *         ::SA_ERR_NOT_FINITE when a rest transform has a NaN or infinite component.
 */
SA_API sa_status sa_skeleton_init(sa_skeleton *skeleton, const int32_t *parents,
                                  const sa_transform *rest, const char *const *names,
                                  size_t joint_count);

/**
 * @brief Re-checks a skeleton whose fields were set by hand (the same checks as
 *        sa_skeleton_init(), and the same codes; a NULL @p skeleton gives ::SA_ERR_NULL).
 */
SA_API sa_status sa_skeleton_validate(const sa_skeleton *skeleton);

/**
 * @brief The index of the first joint named @p name (exact, case-sensitive match).
 * @return The joint index, or ::SA_SKELETON_JOINT_NONE when there is no such joint, the skeleton
 *         has no names, or either pointer is NULL.
 */
SA_API int32_t sa_skeleton_find(const sa_skeleton *skeleton, const char *name);

/**
 * @brief Sets the weight of @p joint and of every joint below it to @p value, leaving the others
 *        untouched: builds the per-joint weights of an upper-body layer for sa_pose_blend_run().
 *
 * Call it several times on one array to mark several subtrees; fill the array with 0 first.
 * @param skeleton A skeleton with a valid joint count and parents (the rest pose is not read).
 * @param joint    Root of the subtree, in [0, joint_count).
 * @param value    The weight to write, usually 1 (in) or 0 (out); written as given, not clamped
 *                 (NaN or infinity too: it is the caller's value).
 * @param out      The weights, indexed by joint (joint_count floats); only the subtree's entries
 *                 are written. NULL asks for the count only.
 * @param capacity Number of floats @p out can hold, >= joint_count (the subtree's joints may be
 *                 anywhere in the array).
 * @return The number of weights written: the size of the subtree, 1 for a leaf (also for the
 *         count-only call). 0, with nothing written, for a NULL skeleton, a bad joint count or
 * parent order (see sa_skeleton_validate()), a joint out of range, or @p capacity below
 * joint_count.
 */
SA_API size_t sa_skeleton_fill_subtree(const sa_skeleton *skeleton, int32_t joint, float value,
                                       float *out, size_t capacity);

/**
 * @brief The model-space transform of one joint, composing only its chain of parents.
 *
 * Cheaper than the full job when a few joints are needed (a foot for touchdowns, a hand for a
 * prop). Non-finite local transforms are cleaned as in sa_transform_sanitize(). The result is
 * sa_skeleton_local_to_model_run()'s joint to float rounding: the job may renormalise a product
 * of rotations by one Newton step where this divides by its length, so a rotation (and what it
 * turns) can differ in the last bit; the scale is the same.
 * @param skeleton A skeleton with a valid joint count and parents (the rest pose is not read).
 * @param local    A pose: joint_count local transforms.
 * @param joint    The joint, in [0, joint_count).
 * @return The joint's model transform; the identity when a pointer is NULL, the skeleton's joint
 *         count or parents are not valid or @p joint is out of range.
 */
SA_API sa_transform sa_skeleton_joint_model(const sa_skeleton *skeleton, const sa_transform *local,
                                            int32_t joint);

/**
 * @brief The local -> model job: out[i] = out[parent(i)] o local[i] for every joint, with the
 *        root joints placed by `root` (ozz's LocalToModelJob).
 *
 * Set the fields, then call sa_skeleton_local_to_model_run() (which validates first). The job
 * holds no state: one job per character, run from any thread.
 */
typedef struct sa_skeleton_local_to_model_job {
    /** @brief The skeleton (required; its joint count and parents must pass
     *         sa_skeleton_validate()'s checks; its rest pose is not read, nor checked). */
    const sa_skeleton *skeleton;
    /** @brief Input pose: the skeleton's joint_count local transforms (required); may be
     *         skeleton->rest. Non-finite parts are cleaned as in sa_transform_sanitize(). */
    const sa_transform *local;
    /** @brief Optional transform of the root joints' parent (where the character stands, model
     *         units); NULL means the identity. Non-finite parts are cleaned as in
     *         sa_transform_sanitize(). */
    const sa_transform *root;
    /** @brief Output: the skeleton's joint_count model transforms, written whole or not at all.
     *         May be the same array as `local`: the job then converts the pose in place. NULL
     *         asks for the count only: sa_skeleton_local_to_model_run() then writes nothing and
     *         returns the joint count. */
    sa_transform *out;
    /** @brief Number of transforms `out` can hold, >= the skeleton's joint_count; below it
     *         nothing is written. Ignored when `out` is NULL. */
    size_t capacity;
} sa_skeleton_local_to_model_job;

/**
 * @brief Checks a local -> model job without running it: sa_skeleton_local_to_model_run()
 *        returns 0 exactly when this is not ::SA_OK.
 *
 * A NULL `out` is not an error (it is the count-only call), and `capacity` is checked only when
 * `out` is given.
 * @param job The job; NULL gives ::SA_ERR_NULL.
 * @return ::SA_OK; ::SA_ERR_NULL when @p job, its skeleton or local is NULL; the skeleton's
 *         error for its joint count or parents (see sa_skeleton_validate()); ::SA_ERR_CAPACITY when
 * `out` is given and capacity is below the joint count.
 */
SA_API sa_status sa_skeleton_local_to_model_validate(const sa_skeleton_local_to_model_job *job);

/**
 * @brief Validates and runs a local -> model job, writing the skeleton's joint_count model
 *        transforms into the job's `out`.
 *
 * A fixed-size result (@ref api_conventions): the whole pose or nothing. Non-finite parts of the
 * local transforms (and of @ref sa_skeleton_local_to_model_job::root) are cleaned as in
 * sa_transform_sanitize(), so every model transform is finite for any pose (a translation or
 * scale too large for a float, from huge scales down a rotated chain, saturates at +/-FLT_MAX),
 * and every model rotation is a unit quaternion.
 * @param job The job; NULL writes nothing and returns 0.
 * @return The skeleton's joint_count, the number of transforms written (also for the count-only
 *         call, `out` NULL, which writes nothing); 0, with nothing written, when
 *         sa_skeleton_local_to_model_validate() is not ::SA_OK (it says why).
 */
SA_API size_t sa_skeleton_local_to_model_run(const sa_skeleton_local_to_model_job *job);

/**
 * @brief Local -> model as 4x4 matrices: out[i] = out[parent(i)] * M(local[i]), exact for any
 *        scale, for rigs whose non-uniform scale sits above rotated joints, and for skinning.
 *
 * The transform path (sa_skeleton_local_to_model_run()) composes scales component by component,
 * the usual game-engine shortcut: with a non-uniform scale above a rotated joint it loses the
 * shear, and a tip that should land at (0, 2, 0) lands at (0, 1, 0). A matrix keeps it: each
 * local transform becomes translation * rotation * scale (sa_mat4_from_transform()) and each
 * joint's model matrix is its parent's times that, so points under the joint map exactly as the
 * chain of local transforms maps them. Model matrices of rigs without such scale agree with the
 * transform path's up to rounding.
 *
 * Cost: one quaternion-to-matrix and one affine 3x4 product (36 multiplications) per joint,
 * about twice the time of the transform path, which composes each joint in vector registers (the
 * bench's `skin` rows measure both: about 22 and 11 ns a joint on one x86-64 core); the output is
 * 64 bytes a joint instead of 40.
 * @param skeleton A skeleton with a valid joint count and parents (the rest pose is not read).
 * @param local    A pose: joint_count local transforms; non-finite parts are cleaned as in
 *                 sa_transform_sanitize().
 * @param root     Optional transform of the root joints' parent; NULL means the identity.
 * @param out      Receives joint_count model matrices (affine: bottom row 0, 0, 0, 1), written
 *                 whole or not at all. NULL asks for the count only.
 * @param capacity Number of matrices @p out can hold, >= joint_count.
 * @return The skeleton's joint_count (also for the count-only call); 0, with nothing written, for
 *         a NULL skeleton, a bad joint count or parent order (see sa_skeleton_validate()), a NULL
 *         @p local, or @p capacity below joint_count.
 */
SA_API size_t sa_skeleton_local_to_model_matrices(const sa_skeleton *skeleton,
                                                  const sa_transform *local,
                                                  const sa_transform *root, sa_mat4 *out,
                                                  size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
