/**
 * @file clip.h
 * @brief Layer 2: clips (poses sampled at a rate, looping or not), sampled at any time or phase
 *        with interpolation, and per-foot touchdown markers, given or measured from the clip.
 *
 * A clip points at a caller-owned array of frames: frame_count poses of joint_count local
 * transforms each, frame-major (frame f, joint j is frames[f * joint_count + j]), sampled
 * @ref sa_clip::rate times a second (the reference's 30 by default).
 *
 * Time and phase: a looping clip of N frames lasts N / rate seconds; its last frame is followed
 * by its first again (do not repeat the first frame at the end), and sampling between them
 * interpolates across the wrap. A non-looping clip lasts (N - 1) / rate seconds and holds its
 * first and last frames outside that range. Phase is time / duration: in [0, 1), wrapping, for
 * a looping clip; clamped to [0, 1] for a non-looping one.
 *
 * A clip may instead carry its exact length (@ref sa_clip::duration, set with
 * sa_clip_set_duration()): its frames are then spread evenly over that many seconds, so a clip
 * of 1.0333 s resampled near 30 frames a second lasts 1.0333 s, not 31 / 30. The clip builder
 * (clip_builder.h) makes clips this way from keyframes at any times.
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

/** @brief Default down band of sa_clip_measure_touchdowns() (@ref sa_clip_touchdown_config::down):
 *         a foot is down when it is within this fraction of its vertical range above its lowest
 *         point in the clip. */
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
    /** @brief frame_count x joint_count local transforms, frame-major:
     *         frames[frame * joint_count + joint]. */
    const sa_transform *frames;
    /** @brief Number of frames, >= 1 (one frame is a still pose). */
    size_t frame_count;
    /** @brief Joints per frame, 1 ... ::SA_SKELETON_MAX_JOINTS; the skeleton's joint count. */
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
    /** @brief Exact length in seconds, >= 0, finite; 0 (what sa_clip_init() sets) means the
     *         length follows from the rate: frame_count / rate looping, (frame_count - 1) / rate
     *         otherwise. Above 0, the frames are spread evenly over this many seconds and `rate`
     *         is informational only (the clip builder sets it to the frames' actual spacing). */
    float duration;
} sa_clip;

/**
 * @brief Checks the frames and fills @p clip with them (no markers; see sa_clip_set_touchdowns()).
 *
 * @param clip        Receives the clip; untouched on error.
 * @param frames      frame_count x joint_count local transforms, frame-major.
 * @param frame_count Number of frames, >= 1.
 * @param joint_count Joints per frame, 1 ... ::SA_SKELETON_MAX_JOINTS.
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
 * @brief Gives a clip its exact length: its frames are spread evenly over @p seconds, whatever
 *        its rate (see @ref sa_clip::duration).
 * @param clip    An initialised clip.
 * @param seconds Length in seconds, >= 0 and finite; 0 goes back to the length the rate gives.
 * @return ::SA_OK; ::SA_ERR_NULL; ::SA_ERR_RANGE for a negative, NaN or infinite length. The clip
 *         is untouched on error.
 */
SA_API sa_status sa_clip_set_duration(sa_clip *clip, float seconds);

/**
 * @brief Re-checks a clip whose fields were set by hand: the checks of sa_clip_init(),
 *        sa_clip_set_touchdowns() and sa_clip_set_duration(), with the same codes.
 */
SA_API sa_status sa_clip_validate(const sa_clip *clip);

/**
 * @brief Length of the clip in seconds: @ref sa_clip::duration when it is above 0, else
 *        frame_count / rate when looping, (frame_count - 1) / rate otherwise (0 for a one-frame
 *        one-shot).
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
 * written is finite: between frames near +/-FLT_MAX the interpolation saturates instead of
 * overflowing.
 * @param clip     A valid clip (see sa_clip_validate()).
 * @param time     Seconds; NaN gives 0; +/-infinity gives the ends of a one-shot and 0 for a loop.
 * @param out      Output pose: joint_count transforms. NULL asks for the count only.
 * @param capacity Number of transforms @p out can hold, >= joint_count.
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
 * @param capacity Number of transforms @p out can hold, >= joint_count.
 * @return As sa_clip_sample_time().
 */
SA_API size_t sa_clip_sample_phase(const sa_clip *clip, float phase, sa_transform *out,
                                   size_t capacity);

/**
 * @brief How sa_clip_measure_touchdowns() tells a foot on the ground from a foot in the air.
 *        Get the defaults from sa_clip_touchdown_config_default().
 *
 * Heights are measured from each foot's lowest point in the clip. A foot is *down* at or below
 * the `down` band and *up* above the `up` band; between the two it keeps what it was
 * (hysteresis), so a foot that rolls or wobbles during a stance never lands twice. A touchdown is
 * a foot coming down after it was up, placed where it enters the `down` band, and it counts only
 * when the foot was off the ground (above `down`) for at least `min_air_time` seconds. A foot
 * whose height varies by less than `min_lift` never leaves the ground: it gives no marker (a
 * standing clip with jitter, or one with no real contact, measures no touchdowns).
 *
 * Units: with `absolute` false (the default) `down` and `up` are fractions of each foot's own
 * height range in the clip and `min_lift` is a fraction of the skeleton's size (the largest
 * extent of its rest pose's joints along x, y or z in model space); with `absolute` true all
 * three are model units.
 */
typedef struct sa_clip_touchdown_config {
    /** Down band: relative, in (0, 1), default ::SA_CLIP_TOUCHDOWN_THRESHOLD (0.1); absolute, > 0
     *  model units. */
    float down;
    /** Up band, >= `down`: relative, below 1, default 0.3; absolute, model units. Equal to `down`
     *  means no hysteresis. */
    float up;
    /** Shortest time in the air, seconds, >= 0, that makes the landing after it a touchdown;
     *  shorter hops are part of the stance. Default 0.1. */
    float min_air_time;
    /** Smallest height range, >= 0, of a foot that ever lifts: relative, a fraction of the
     *  skeleton's size, default 0.01; absolute, model units. A range below it (or below 1e-6
     *  model units, whatever this says) gives no markers for the foot. */
    float min_lift;
    /** False (default): `down`, `up` and `min_lift` are relative (see above); true: model
     *  units. */
    bool absolute;
} sa_clip_touchdown_config;

/** @brief The defaults: relative bands down 0.1 and up 0.3, 0.1 s in the air at least, feet that
 *         move less than 1% of the skeleton's size never lift. */
SA_API sa_clip_touchdown_config sa_clip_touchdown_config_default(void);

/**
 * @brief Checks a touchdown config.
 * @return ::SA_OK; ::SA_ERR_NULL for NULL; ::SA_ERR_NOT_FINITE for a NaN or infinite field;
 *         ::SA_ERR_RANGE for `down` <= 0, `up` < `down`, relative bands of 1 or more, or a negative
 *         `min_air_time` or `min_lift`.
 */
SA_API sa_status sa_clip_touchdown_config_validate(const sa_clip_touchdown_config *config);

/**
 * @brief Measures touchdown markers from the clip: where each foot comes down onto the ground.
 *
 * For each foot joint, its height (model-space y, the skeleton's root at the origin) is taken at
 * every frame, and the bands of @p config decide when it is down and up (see
 * ::sa_clip_touchdown_config). Each landing after the foot was up and off the ground for at
 * least `min_air_time` gives one marker, placed at the phase where the height crosses the `down`
 * band, interpolated between the two frames (across the wrap for a looping clip). A looping clip
 * is followed from its foot's lowest frame, so each contact of the cycle counts once; a one-shot
 * starts with the foot in the air when its first height is above the `down` band. Markers of all
 * feet are merged, sorted by phase (equal phases in foot order), ready for
 * sa_clip_set_touchdowns().
 *
 * A foot that never lifts (its height range below `min_lift`) gives no marker, so a standing
 * clip, with or without jitter, measures none: its footsteps come from the game (a step in place)
 * and not from the clip.
 *
 * @param clip        A valid clip with at least 2 frames.
 * @param skeleton    The clip's skeleton (valid, same joint count).
 * @param foot_joints @p foot_count joint indices, each in [0, joint_count); marker foot i is
 *                    foot_joints[i].
 * @param foot_count  Number of feet, >= 1.
 * @param config      The bands; NULL means sa_clip_touchdown_config_default().
 * @param out         Receives the markers, earliest phase first. NULL asks for the count only.
 * @param capacity    Number of markers @p out can hold.
 * @return The number of markers written: the first min(found, @p capacity) in phase order (a
 *         stream: a count-only call returns how many were found, so a smaller result means the
 *         buffer was too small). 0, with nothing written, for bad input: a NULL pointer, an
 *         invalid clip or skeleton, fewer than 2 frames, no feet, joint counts that differ, a foot
 *         joint out of range, or a config that sa_clip_touchdown_config_validate() rejects.
 */
SA_API size_t sa_clip_measure_touchdowns(const sa_clip *clip, const sa_skeleton *skeleton,
                                         const int32_t *foot_joints, size_t foot_count,
                                         const sa_clip_touchdown_config *config,
                                         sa_clip_touchdown *out, size_t capacity);

#ifdef __cplusplus
}
#endif

#endif
