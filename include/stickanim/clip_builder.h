/**
 * @file clip_builder.h
 * @brief Layer 2: builds an ::sa_clip from keyframe channels as glTF stores them: per joint a
 *        translation, rotation or scale channel, each with its own key times and LINEAR, STEP or
 *        CUBICSPLINE interpolation, resampled at a chosen rate with the exact duration kept.
 *
 * Real clips come as channels of keys at arbitrary times (24 keys a second, uneven gaps,
 * duplicated end keys), while a clip (clip.h) is frames at even spacing. The builder evaluates
 * every channel at every frame's time and writes the frames into a caller-owned buffer; joints
 * and paths without a channel keep the skeleton's rest pose, as glTF nodes without a channel keep
 * their own transform. It allocates nothing and reads no files: the game parses its glTF (or any
 * format) and points the channels at the key arrays.
 *
 * @code
 * sa_clip_builder_job job = sa_clip_builder_job_default();
 * job.skeleton = &skeleton;
 * job.channels = channels;           // one per glTF animation channel
 * job.channel_count = channel_count;
 * job.rate = 30.0f;
 * job.looping = true;
 * const size_t needed = sa_clip_builder_run(&job);   // out NULL: transforms needed
 * sa_transform *frames = game_alloc(needed * sizeof(sa_transform));
 * sa_clip clip;
 * job.clip = &clip;
 * job.out = frames;
 * job.capacity = needed;
 * sa_clip_builder_run(&job);         // clip now plays the channels
 * @endcode
 *
 * **Times and frames.** The clip covers [start, start + duration] of the channels' time line
 * (glTF's: start 0, duration the last key's time). With rate R and duration D, a looping clip has
 * N = max(1, round(D * R)) frames at start + k * D/N (k < N; the frame at D is frame 0 again, so a
 * source whose last key repeats its first wraps seamlessly, and one whose end differs from its
 * start is closed over the last frame interval, where the clip turns its last frame into its
 * first), a one-shot N = round(D * R) + 1 frames at start + k * D/(N - 1), its last at start + D
 * exactly. The clip keeps D exactly in
 * @ref sa_clip::duration, so a 1.0333 s walk built at 30 frames a second lasts 1.0333 s (31
 * frames 0.03333 s apart); its `rate` is the frames' actual spacing, N/D or (N - 1)/D.
 *
 * **Keys.** Times are seconds, non-decreasing per channel: two keys at the same time are a jump
 * (a time exactly on them takes the later one), so duplicated end keys collapse into one. Before
 * a channel's first key its first value holds, after its last key its last value. Between keys:
 * STEP holds the earlier key; LINEAR lerps translation and scale and turns rotations along the
 * shortest arc (slerp, glTF's rule, or nlerp with @ref sa_clip_builder_job::nlerp); CUBICSPLINE is
 * glTF's cubic Hermite spline (rotations normalised after it). A frame time closer to a key than
 * 1e-4 of the interval between the keys around it takes that key, so frames that fall on keys
 * (24 fps keys built at 24 fps, or at 48) reproduce them exactly although 1/24 s is not a float:
 * bit for bit for clean keys (finite, rotations unit to float precision).
 *
 * **Between frames** the clip interpolates its frames linearly (clip.h), so at any time it stays
 * within h * v/2 of the source, where h is the frame spacing and v the fastest change between two
 * keys (units or radians per second); a STEP channel's jump becomes a one-frame ramp.
 *
 * **Rotations** are normalised: glTF requires unit quaternions and exporters write nearly unit
 * ones. A rotation key whose length is not within 10% of 1 is rejected (::SA_ERR_RANGE): that is
 * data read wrongly (a wrong component type or stride), not rounding.
 */
#ifndef STICKANIM_CLIP_BUILDER_H
#define STICKANIM_CLIP_BUILDER_H

#include <stickanim/clip.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief Most frames a built clip may have (over 9 hours at 30 frames a second). */
#define SA_CLIP_BUILDER_MAX_FRAMES 1048576

/** @brief What a channel animates; glTF's `target.path`. Values are stable. */
typedef enum sa_clip_builder_path {
    SA_CLIP_BUILDER_PATH_TRANSLATION = 0, /**< "translation": 3 floats (x, y, z) per value. */
    SA_CLIP_BUILDER_PATH_ROTATION = 1,    /**< "rotation": 4 floats (x, y, z, w) per value. */
    SA_CLIP_BUILDER_PATH_SCALE = 2,       /**< "scale": 3 floats (x, y, z) per value. */
    SA_CLIP_BUILDER_PATH_COUNT_,          /**< Number of paths; not a path. */
    SA_CLIP_BUILDER_PATH_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits; not a path. */
} sa_clip_builder_path;

/** @brief How a channel moves between its keys; glTF's sampler `interpolation`. Values are
 *         stable. */
typedef enum sa_clip_builder_interpolation {
    SA_CLIP_BUILDER_INTERPOLATION_LINEAR = 0, /**< Lerp, and slerp (or nlerp) for rotations. */
    SA_CLIP_BUILDER_INTERPOLATION_STEP = 1,   /**< The earlier key holds until the next. */
    /** glTF's cubic Hermite spline: each key has three values, in-tangent, value, out-tangent. */
    SA_CLIP_BUILDER_INTERPOLATION_CUBICSPLINE = 2,
    SA_CLIP_BUILDER_INTERPOLATION_COUNT_,                 /**< Number of interpolations; not one. */
    SA_CLIP_BUILDER_INTERPOLATION_FORCE_U32_ = 0x7FFFFFFF /**< Pins the enum to 32 bits. */
} sa_clip_builder_interpolation;

/**
 * @brief One channel of keys: one path of one joint, as a glTF animation channel and its sampler
 *        give it. The arrays are the caller's and are only read.
 */
typedef struct sa_clip_builder_channel {
    /** The joint it animates, in [0, joint_count) of the job's skeleton. */
    int32_t joint;
    /** Translation, rotation or scale. */
    sa_clip_builder_path path;
    /** LINEAR, STEP or CUBICSPLINE. */
    sa_clip_builder_interpolation interpolation;
    /** key_count key times in seconds, finite and non-decreasing (glTF's sampler input). */
    const float *times;
    /** The values, packed as glTF's sampler output: key_count values of 3 floats (translation,
     *  scale) or 4 (rotation, x y z w), three values per key for CUBICSPLINE (in-tangent, value,
     *  out-tangent). All finite. */
    const float *values;
    /** Number of keys, >= 1. */
    size_t key_count;
} sa_clip_builder_channel;

/**
 * @brief One clip to build: channels in, frames out. Get one with sa_clip_builder_job_default(),
 *        fill it, and run it with sa_clip_builder_run() (which validates first).
 *
 * The job holds no state: distinct jobs run on distinct threads. The frames go into the
 * caller's `out`, frame-major as a clip holds them (frame f, joint j at out[f * joint_count + j]);
 * the count-only call (`out` NULL) says how many transforms (frames x joints) to provide, times
 * sizeof(::sa_transform) bytes.
 */
typedef struct sa_clip_builder_job {
    /** The clip's skeleton (required, valid): its joint count, and its rest pose for every joint
     *  and path that no channel animates. */
    const sa_skeleton *skeleton;
    /** The channels (required). At most one per joint and path, as glTF requires. */
    const sa_clip_builder_channel *channels;
    /** Number of channels, >= 1. */
    size_t channel_count;
    /** Frames per second to sample at, > 0 and finite; 0 means ::SA_CLIP_DEFAULT_RATE (30). The
     *  frames are spread to fit the duration exactly, so the clip's spacing is within half a
     *  frame of this over the clip. */
    float rate;
    /** Time on the channels' time line where the clip starts, seconds, finite. Default 0. */
    float start;
    /** Length of the clip, seconds, >= 0 and finite; 0 (the default) means from `start` to the
     *  last key of all channels (glTF's animation length), or a one-frame clip when no key is
     *  after `start`. */
    float duration;
    /** True for a cycle (its frame at the end is its first frame, not stored), false for a
     *  one-shot. Default false. */
    bool looping;
    /** Rotations of LINEAR channels: false (default) slerp, glTF's rule; true nlerp, a little
     *  cheaper and indistinguishable for keys close together. */
    bool nlerp;
    /** Optional: receives the built clip, which plays the frames in `out` (no markers). Written
     *  only by a run that writes the frames. NULL (the default) builds the frames only. */
    sa_clip *clip;
    /** Receives the frames (frame_count x joint_count transforms, frame-major), written whole or
     *  not at all; must not overlap the channels' arrays. NULL (the default) asks for the count
     *  only. */
    sa_transform *out;
    /** Number of transforms `out` can hold, >= frame_count x joint_count. Ignored when `out` is
     *  NULL. */
    size_t capacity;
} sa_clip_builder_job;

/** @brief A job with no skeleton or channels, rate 30, start 0, duration from the keys, a
 *         one-shot, slerp, and no outputs (a count-only call once the inputs are filled in). */
SA_API sa_clip_builder_job sa_clip_builder_job_default(void);

/**
 * @brief Checks a builder job without running it: sa_clip_builder_run() returns 0 exactly when
 *        this is not ::SA_OK.
 *
 * Every key is read: times, values and the rotations' lengths. A NULL `out` is not an error (it
 * is the count-only call), and `capacity` is checked only when `out` is given.
 * @param job The job; NULL gives ::SA_ERR_NULL.
 * @return ::SA_OK, or the first problem found:
 *         - ::SA_ERR_NULL: the job, its skeleton, its channels, or a channel's times or values is
 *           NULL;
 *         - the skeleton's own error (see sa_skeleton_validate());
 *         - ::SA_ERR_COUNT: no channels, a channel with no keys, or more than
 *           ::SA_CLIP_BUILDER_MAX_FRAMES frames;
 *         - ::SA_ERR_RANGE: a negative, NaN or infinite rate or duration, a channel's joint out
 *           of range, an unknown path or interpolation, or a rotation key whose length is not
 *           within 10% of 1;
 *         - ::SA_ERR_NOT_FINITE: a NaN or infinite start, key time or value;
 *         - ::SA_ERR_UNSORTED: a channel's key times decrease;
 *         - ::SA_ERR_MISMATCH: two channels animate the same path of the same joint;
 *         - ::SA_ERR_CAPACITY: `out` is given and holds fewer than frames x joints transforms.
 */
SA_API sa_status sa_clip_builder_validate(const sa_clip_builder_job *job);

/**
 * @brief Validates and runs a builder job: samples every channel at every frame into `out`, and
 *        fills `clip` when given.
 *
 * A fixed-size result (@ref api_conventions): all the frames or nothing. The clip written to
 * `clip` points at `out`, has the job's looping, the exact duration (@ref sa_clip::duration) and
 * `rate` the frames' spacing; attach markers with sa_clip_set_touchdowns() (measure them with
 * sa_clip_measure_touchdowns()).
 * @param job The job; NULL writes nothing and returns 0.
 * @return frame_count x joint_count, the number of transforms written (also for the count-only
 *         call, `out` NULL, which writes nothing); 0, with nothing written, when
 *         sa_clip_builder_validate() is not ::SA_OK (it says why).
 */
SA_API size_t sa_clip_builder_run(const sa_clip_builder_job *job);

#ifdef __cplusplus
}
#endif

#endif
