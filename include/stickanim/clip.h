/**
 * @file clip.h
 * @brief Layer 2: clips (poses sampled at a rate, looping or not), sampled at any time or phase
 *        with interpolation, and per-foot touchdown markers, given or measured from the clip.
 *
 * A clip points at a caller-owned array of frames: frame_count poses of joint_count local
 * transforms each, frame-major (frame f, joint j is frames[f·joint_count + j]), sampled
 * @ref sa_clip::rate times a second (the reference's 30 by default).
 *
 * Time and phase: a looping clip of N frames lasts N / rate seconds; its last frame is followed
 * by its first again (do not repeat the first frame at the end), and sampling between them
 * interpolates across the wrap. A non-looping clip lasts (N − 1) / rate seconds and holds its
 * first and last frames outside that range. Phase is time / duration: in [0, 1), wrapping, for
 * a looping clip; clamped to [0, 1] for a non-looping one.
 *
 * Touchdown markers say at which phases each foot lands; footsteps.h turns the markers the
 * phase passes into events. A clip can carry markers authored by hand or measured with
 * sa_clip_measure_touchdowns().
 *
 * Sampling writes a whole pose or nothing, and measuring writes a stream of markers, both by the
 * array rules (@ref api_conventions): `(out, capacity)` last, the count written returned, `out`
 * NULL asking for the count only, bad input writing nothing and returning 0.
 */
#ifndef STICKANIM_CLIP_H
#define STICKANIM_CLIP_H

#include <stickanim/vecmath.h>
#include <stickanim/skeleton.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief The reference's sample rate: 30 poses a second. A clip with rate 0 uses it. */
#define SA_CLIP_DEFAULT_RATE 30.0f

/** @brief Default height band of sa_clip_measure_touchdowns(): a foot is down when it is within
 *         this fraction of its vertical range above its lowest point in the clip. */
#define SA_CLIP_TOUCHDOWN_THRESHOLD 0.1f

/** @brief One touchdown marker: a foot lands at this phase of the clip. */
typedef struct sa_clip_touchdown {
    /** @brief Phase of the landing in [0, 1). Markers of a clip are sorted by phase. */
    float phase;
    /** @brief Which foot: the caller's numbering (e.g. 0 left, 1 right); for measured markers,
     *         the index in the foot list given to sa_clip_measure_touchdowns(). */
    size_t foot;
} sa_clip_touchdown;

/**
 * @brief A clip over caller-owned frames. Fill it with sa_clip_init() (or set the fields and
 *        call sa_clip_validate()); the arrays must outlive it.
 */
typedef struct sa_clip {
    /** @brief frame_count × joint_count local transforms, frame-major:
     *         frames[frame·joint_count + joint]. */
    const sa_transform *frames;
    /** @brief Number of frames, ≥ 1 (one frame is a still pose). */
    size_t frame_count;
    /** @brief Joints per frame, 1 … ::SA_SKELETON_MAX_JOINTS; the skeleton's joint count. */
    size_t joint_count;
    /** @brief Frames per second, > 0; 0 means ::SA_CLIP_DEFAULT_RATE (30). */
    float rate;
    /** @brief True for a cycle (walk, run, swim): time and phase wrap and the last frame
     *         blends into the first. False for a one-shot (land, get-up): ends are held. */
    bool looping;
    /** @brief Touchdown markers sorted by phase, or NULL when touchdown_count is 0. */
    const sa_clip_touchdown *touchdowns;
    /** @brief Number of touchdown markers (0 for a clip without footsteps). */
    size_t touchdown_count;
} sa_clip;

/**
 * @brief Checks the frames and fills @p clip with them (no markers; see sa_clip_set_touchdowns()).
 *
 * @param clip        Receives the clip; untouched on error.
 * @param frames      frame_count × joint_count local transforms, frame-major.
 * @param frame_count Number of frames, ≥ 1.
 * @param joint_count Joints per frame, 1 … ::SA_SKELETON_MAX_JOINTS.
 * @param rate        Frames per second, > 0 and finite; 0 means ::SA_CLIP_DEFAULT_RATE.
 * @param looping     True for a cycle, false for a one-shot.
 * @return ::SA_OK; ::SA_ERR_NULL for a NULL @p clip or @p frames; ::SA_ERR_COUNT for a zero
 *         count; ::SA_ERR_TOO_MANY_JOINTS above ::SA_SKELETON_MAX_JOINTS; ::SA_ERR_RANGE for a
 *         negative, NaN or infinite rate. (Frames are not scanned: sampling cleans non-finite
 *         values as it meets them.)
 */
SA_API sa_status sa_clip_init(sa_clip *clip, const sa_transform *frames, size_t frame_count,
                              size_t joint_count, float rate, bool looping);

/**
 * @brief Attaches touchdown markers to a clip (no copy).
 * @param clip    An initialised clip.
 * @param markers @p count markers sorted by phase (equal phases allowed), each phase in [0, 1);
 *                may be NULL when @p count is 0 (removes the markers).
 * @param count   Number of markers.
 * @return ::SA_OK; ::SA_ERR_NULL; ::SA_ERR_RANGE for a phase outside [0, 1) (or NaN);
 *         ::SA_ERR_UNSORTED when phases decrease. The clip is untouched on error.
 */
SA_API sa_status sa_clip_set_touchdowns(sa_clip *clip, const sa_clip_touchdown *markers,
                                        size_t count);

/**
 * @brief Re-checks a clip whose fields were set by hand: the checks of sa_clip_init() and
 *        sa_clip_set_touchdowns(), with the same codes.
 */
SA_API sa_status sa_clip_validate(const sa_clip *clip);

/**
 * @brief Length of the clip in seconds: frame_count / rate when looping, (frame_count − 1) /
 *        rate otherwise (0 for a one-frame one-shot).
 * @return The duration; 0 for a NULL or invalid clip.
 */
SA_API float sa_clip_duration(const sa_clip *clip);

/**
 * @brief Samples the clip at @p time seconds into a pose.
 *
 * The two frames around the time are interpolated joint by joint (translation and scale by lerp,
 * rotation by shortest-arc nlerp, which neighbouring frames are close enough for); at a frame's
 * exact time (within 1e-5 of a frame) that frame is copied unchanged (bit for bit when its
 * values are finite with unit rotations). A looping clip wraps the time (negative times
 * count back from the end) and interpolates its last frame into its first; a one-shot holds its
 * ends. Non-finite frame values are cleaned as in sa_transform_sanitize(), and every transform
 * written is finite: between frames near ±FLT_MAX the interpolation saturates instead of
 * overflowing.
 * @param clip     A valid clip (see sa_clip_validate()).
 * @param time     Seconds; NaN gives 0; ±infinity gives the ends of a one-shot and 0 for a loop.
 * @param out      Output pose: joint_count transforms. NULL asks for the count only.
 * @param capacity Number of transforms @p out can hold, ≥ joint_count.
 * @return The clip's joint_count (also for the count-only call); 0, with nothing written, for a
 *         NULL or invalid clip or a @p capacity below joint_count.
 */
SA_API size_t sa_clip_sample_time(const sa_clip *clip, float time, sa_transform *out,
                                  size_t capacity);

/**
 * @brief Samples the clip at @p phase (time / duration) into a pose, as sa_clip_sample_time().
 * @param clip     A valid clip.
 * @param phase    Looping: any value, wrapped into [0, 1). One-shot: clamped to [0, 1]. NaN or
 *                 infinite gives 0.
 * @param out      Output pose: joint_count transforms. NULL asks for the count only.
 * @param capacity Number of transforms @p out can hold, ≥ joint_count.
 * @return As sa_clip_sample_time().
 */
SA_API size_t sa_clip_sample_phase(const sa_clip *clip, float phase, sa_transform *out,
                                   size_t capacity);

/**
 * @brief Measures touchdown markers from the clip: where each foot comes down onto the ground.
 *
 * For each foot joint, its height (model-space y, the skeleton's root at the origin) is taken at
 * every frame. The foot counts as down while it is within @p threshold × (its highest − its
 * lowest height) of its lowest height; a touchdown is each frame step where it goes from up to
 * down (across the wrap for a looping clip), placed at the phase where the height crosses that
 * band, interpolated between the two frames. A foot that never leaves the band (or whose height
 * range is below 1e-6) gives no marker. Markers of all feet are merged, sorted by phase (equal
 * phases in foot order), ready for sa_clip_set_touchdowns().
 *
 * @param clip        A valid clip with at least 2 frames.
 * @param skeleton    The clip's skeleton (valid, same joint count).
 * @param foot_joints @p foot_count joint indices, each in [0, joint_count); marker foot i is
 *                    foot_joints[i].
 * @param foot_count  Number of feet, ≥ 1.
 * @param threshold   Height band as a fraction of each foot's vertical range, in (0, 1);
 *                    0 means ::SA_CLIP_TOUCHDOWN_THRESHOLD.
 * @param out         Receives the markers, earliest phase first. NULL asks for the count only.
 * @param capacity    Number of markers @p out can hold.
 * @return The number of markers written: the first min(found, @p capacity) in phase order (a
 *         stream: a count-only call returns how many were found, so a smaller result means the
 *         buffer was too small). 0, with nothing written, for bad input: a NULL pointer, an
 *         invalid clip or skeleton, fewer than 2 frames, no feet, joint counts that differ, a foot
 *         joint out of range, or a threshold that is NaN or outside [0, 1).
 */
SA_API size_t sa_clip_measure_touchdowns(const sa_clip *clip, const sa_skeleton *skeleton,
                                         const int32_t *foot_joints, size_t foot_count,
                                         float threshold, sa_clip_touchdown *out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
