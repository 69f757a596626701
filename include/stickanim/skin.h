/**
 * @file skin.h
 * @brief Layer 2: linear-blend skinning: vertex positions and normals moved by up to four joints
 *        each, weighted, through each joint's model matrix times its inverse bind matrix (ozz's
 *        SkinningJob).
 *
 * "Turn a bone, and the skin follows": a mesh is modelled in its bind pose; each vertex names up
 * to ::SA_SKIN_MAX_INFLUENCES joints and a weight for each. Per frame:
 *
 * @code
 * // 1. the pose's model matrices (exact for any scale)
 * sa_skeleton_local_to_model_matrices(&skeleton, pose, NULL, model, joint_count);
 * // 2. skinning matrices: model x inverse bind, for the skin's joints (glTF's skin.joints)
 * sa_skin_matrices(model, joint_count, skin_joints, inverse_bind, skin_joint_count,
 *                  skin_matrices, skin_joint_count);
 * // 3. the vertices
 * sa_skin_job job = sa_skin_job_default();
 * job.matrices = skin_matrices;
 * job.matrix_count = skin_joint_count;
 * job.vertex_count = vertex_count;
 * job.influences = 4;
 * job.joint_indices = joints0;        // glTF JOINTS_0, as uint16
 * job.joint_weights = weights0;       // glTF WEIGHTS_0, as float
 * job.in_positions = bind_positions;  // POSITION
 * job.in_normals = bind_normals;      // NORMAL (optional)
 * job.out_normals = normals;
 * job.out = positions;
 * job.capacity = vertex_count;
 * sa_skin_run(&job);
 * @endcode
 *
 * Each vertex's matrix is M = sum  w_i * S_i over its influences, S_i the skinning matrix of its
 * i-th joint, with the weights divided by their sum (they need not sum to 1; glTF asks for 1 and
 * exporters come close). The position is M * p. The normal is M's inverse transpose applied to n
 * (by M's cofactor matrix and the sign of its determinant, so non-uniform scale and mirroring
 * keep normals perpendicular to the surface), normalised. A vertex whose weights are all 0 (or
 * negative, NaN, or on joints out of range) keeps its bind position and normal: it is not
 * skinned.
 *
 * Arrays are strided, in bytes (0 means tightly packed), so interleaved vertex buffers work as
 * they are. Nothing is allocated; the job holds no state, so distinct jobs (e.g. halves of one
 * mesh) run on distinct threads.
 */
#ifndef STICKANIM_SKIN_H
#define STICKANIM_SKIN_H

#include <stickanim/skeleton.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Most joints that move one vertex (glTF's JOINTS_0 / WEIGHTS_0). */
#define SA_SKIN_MAX_INFLUENCES 4

/**
 * @brief Skinning matrices: out[k] = model[joints[k]] * inverse_bind[k], for each of a skin's
 *        @p count joints.
 *
 * @param model        The pose's model matrices (sa_skeleton_local_to_model_matrices()),
 *                     @p model_count of them.
 * @param model_count  Number of model matrices, >= 1.
 * @param joints       The skin's joints as indices into @p model (glTF's `skin.joints` mapped to
 *                     the skeleton's joints), @p count of them, each in [0, model_count); NULL
 *                     means joint k is model matrix k (then @p count <= @p model_count).
 * @param inverse_bind The inverse bind matrices, @p count of them (glTF's
 *                     `inverseBindMatrices`); NULL means identities (the mesh is modelled in
 *                     the joints' spaces already).
 * @param count        Number of skin joints, >= 1.
 * @param out          Receives @p count matrices, written whole or not at all; must not overlap
 *                     the inputs. NULL asks for the count only.
 * @param capacity     Number of matrices @p out can hold, >= @p count.
 * Plain arithmetic on the matrices: a NaN or infinite element, or a product too large for a
 * float, gives non-finite elements (matrices from sa_skeleton_local_to_model_matrices() are
 * finite and saturated, so bad input is best cleaned there).
 * @return @p count (also for the count-only call); 0, with nothing written, for a NULL @p model,
 *         a zero count, a joint index out of range, or @p capacity below @p count.
 */
SA_API size_t sa_skin_matrices(const sa_mat4 *model, size_t model_count, const int32_t *joints,
                               const sa_mat4 *inverse_bind, size_t count, sa_mat4 *out,
                               size_t capacity);

/**
 * @brief One skinning pass over a range of vertices. Get one with sa_skin_job_default(), fill
 *        it, and run it with sa_skin_run().
 *
 * Strides are the bytes from one vertex's first element to the next vertex's; 0 means tightly
 * packed (3 floats for positions and normals, `influences` indices or weights). A stride must be
 * at least the packed size and a multiple of its element's size, and arrays aligned for their
 * element type.
 */
typedef struct sa_skin_job {
    /** The skinning matrices (sa_skin_matrices()), matrix_count of them (required). */
    const sa_mat4 *matrices;
    /** Number of skinning matrices, >= 1: joint indices are below it. */
    size_t matrix_count;
    /** Number of vertices, >= 1. */
    size_t vertex_count;
    /** Joints per vertex, 1 ... ::SA_SKIN_MAX_INFLUENCES. */
    size_t influences;
    /** Each vertex's `influences` joint indices into `matrices` (required). An index out of range
     *  makes its weight count as 0 (sa_skin_validate() reports it). */
    const uint16_t *joint_indices;
    /** Stride of joint_indices in bytes; 0: packed. */
    size_t joint_indices_stride;
    /** Each vertex's `influences` weights, in [0, 1e30] (required, except that NULL with one
     *  influence means weight 1). Normalised by their sum; negative, NaN, infinite weights and
     *  weights above 1e30 (four of which could overflow the sum) count as 0 (sa_skin_validate()
     *  reports them). */
    const float *joint_weights;
    /** Stride of joint_weights in bytes; 0: packed. */
    size_t joint_weights_stride;
    /** Bind-pose positions, x y z per vertex (required). */
    const float *in_positions;
    /** Stride of in_positions in bytes; 0: packed. */
    size_t in_positions_stride;
    /** Bind-pose normals, x y z per vertex (any length: they are normalised); NULL: no normals. */
    const float *in_normals;
    /** Stride of in_normals in bytes; 0: packed. */
    size_t in_normals_stride;
    /** Receives the skinned normals, unit length (0 for a zero normal); may be in_normals (same
     *  stride). Written when in_normals is given too; NULL: none. */
    float *out_normals;
    /** Stride of out_normals in bytes; 0: packed. */
    size_t out_normals_stride;
    /** Stride of out in bytes; 0: packed. */
    size_t out_stride;
    /** Receives the skinned positions, x y z per vertex, all vertex_count written or none; may be
     *  in_positions (same stride). NULL asks for the count only. */
    float *out;
    /** Number of vertices `out` (and out_normals) can hold, >= vertex_count. Ignored when `out` is
     *  NULL. */
    size_t capacity;
} sa_skin_job;

/** @brief A job with nothing to skin: no arrays, 4 influences, packed strides, no output. */
SA_API sa_skin_job sa_skin_job_default(void);

/**
 * @brief Checks a skinning job without running it, including every vertex's joint indices and
 *        weights and every matrix.
 *
 * sa_skin_run() refuses (returns 0) exactly the jobs this rejects with ::SA_ERR_NULL,
 * ::SA_ERR_COUNT, ::SA_ERR_CAPACITY or a stride or alignment ::SA_ERR_RANGE; the per-vertex
 * problems it reports (an index out of range, a bad weight, a non-finite matrix) are repaired by
 * the run as documented, so a per-frame call never fails on data.
 * @param job The job; NULL gives ::SA_ERR_NULL.
 * @return ::SA_OK, or the first problem found:
 *         - ::SA_ERR_NULL: the job, matrices, joint_indices, in_positions, or joint_weights with
 *           more than one influence is NULL; or out_normals is given without in_normals;
 *         - ::SA_ERR_COUNT: matrix_count or vertex_count is 0, or influences is outside
 *           1 ... ::SA_SKIN_MAX_INFLUENCES;
 *         - ::SA_ERR_RANGE: a stride below its packed size or not a multiple of its element's
 *           size, a misaligned array, a joint index >= matrix_count, or a negative weight;
 *         - ::SA_ERR_NOT_FINITE: a NaN or infinite weight or matrix element;
 *         - ::SA_ERR_CAPACITY: `out` is given and capacity < vertex_count.
 */
SA_API sa_status sa_skin_validate(const sa_skin_job *job);

/**
 * @brief Skins the job's vertices: positions into `out`, normals into out_normals when both
 *        normal arrays are given.
 *
 * Per frame and total on data: weights and indices are repaired as their fields say, and a vertex
 * whose result is not finite (a NaN position, or overflow) gets its bind position (non-finite
 * parts 0) and its normalised bind normal. Cost, per vertex on one x86-64 core: about 5 ns with
 * one influence, 13 ns with four, 30 ns with four and normals (the exact inverse transpose and
 * the normalisation are half of it); the bench's `skin` rows measure it on your machine.
 * @param job The job; NULL writes nothing and returns 0.
 * @return vertex_count, the number of vertices written (also for the count-only call, `out`
 *         NULL, which writes nothing); 0, with nothing written, for a job whose structure
 *         sa_skin_validate() rejects (see there).
 */
SA_API size_t sa_skin_run(const sa_skin_job *job);

#ifdef __cplusplus
}
#endif

#endif
