/**
 * @file track.h
 * @brief Layer 1: keyframe tracks with per-segment easing, one channel or many on one time axis.
 *
 * One-off moves (a throw, a jump, the spear form) are keyframe tracks: keys of (time, value)
 * sampled at a time t, usually a normalised time p in [0, 1]. Sampling follows the reference
 * figure's `track()` exactly:
 *
 * - at or before the first key's time: the first key's value;
 * - after the last key's time: the last key's value;
 * - in between, with t0 < t <= t1 the segment's two keys:
 *   v0 + (v1 - v0) * ease((t - t0) / (t1 - t0)), where the ease is the one of the key that *starts*
 *   the segment (the reference's default, ::SA_EASE_SMOOTH, unless a key says otherwise);
 * - a key time that appears twice (a zero-length segment) is a step: exactly at that time the
 *   track has the earlier key's value, just after it the later key's; nothing divides by zero;
 * - two consecutive keys with the same value are a hold: the value stays exactly constant between
 *   them (the freeze-frame "pose" moments of the spear form).
 *
 * The value at a key's time is that key's value exactly (for a repeated time, the first of those
 * keys'), and for easings that do not overshoot (all but ::SA_EASE_OUT_BACK) the output never
 * leaves [min, max] of the two keys around t.
 *
 * **Bad input** (the per-frame functions never fail; validate once at setup to find out):
 * - NULL keys or a count of 0 sample as 0;
 * - a NaN sample time reads as "before the first key" (the first key's value); +/-infinity is
 *   before the first key / after the last;
 * - a NaN or infinite key value reads as 0;
 * - keys out of order, or with NaN times, give a finite value between two of the keys' values
 *   (which two is unspecified);
 * - an ::sa_ease outside the enum reads as ::SA_EASE_LINEAR.
 *
 * The reference figure's jump, whose easing switches from ease-out to ease-in at the apex key
 * (0.5):
 * @code
 * static const sa_track_key JUMP_Y[] = {
 *     {0.00f, 0, SA_EASE_OUT_CUBIC},    {0.20f, 10, SA_EASE_OUT_CUBIC},  // crouch (y down)
 *     {0.32f, -6, SA_EASE_OUT_CUBIC},   {0.50f, -160, SA_EASE_IN_CUBIC}, // push off, apex
 *     {0.68f, -70, SA_EASE_IN_CUBIC},   {0.82f, 4, SA_EASE_IN_CUBIC},    // fall, landing dip
 *     {0.90f, -2, SA_EASE_IN_CUBIC},    {1.00f, 0, SA_EASE_IN_CUBIC},    // settle
 * };
 * float root_y = sa_track_sample(JUMP_Y, 8, p);
 * @endcode
 */
#ifndef STICKANIM_TRACK_H
#define STICKANIM_TRACK_H

#include <stickanim/vecmath.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief One key of a single-channel track.
 *
 * Note that a key written `{t, v}` gets ease 0, ::SA_EASE_LINEAR; the reference's default is
 * ::SA_EASE_SMOOTH, which ::SA_TRACK_KEY writes for you.
 */
typedef struct sa_track_key {
    /** Time of the key, in the caller's unit (usually normalised time in [0, 1]); finite. */
    float t;
    /** Value at that time, in the animated property's unit (canvas units, radians, a scale). */
    float v;
    /** Easing of the segment that starts at this key; ignored on the last key. */
    sa_ease ease;
} sa_track_key;

/**
 * @brief Initialiser for an ::sa_track_key with the reference's default easing (smoothstep), usable
 * in array initialisers in C and C++: `sa_track_key k[] = {SA_TRACK_KEY(0, 0), SA_TRACK_KEY(1,
 * 10)};`.
 */
#define SA_TRACK_KEY(time, value)                                                                  \
    { (time), (value), SA_EASE_SMOOTH }

/**
 * @brief Samples a single-channel track at time @p t (see the file for the exact rules).
 *
 * The segment is found by binary search, so long tracks cost O(log count).
 *
 * @param keys  Keys sorted by ascending time (sa_track_validate() checks); NULL samples as 0.
 * @param count Number of keys; 0 samples as 0.
 * @param t     Sample time; NaN reads as before the first key.
 * @return The track's value at @p t; always finite.
 */
SA_API float sa_track_sample(const sa_track_key *keys, size_t count, float t);

/**
 * @brief Checks a single-channel track once at setup.
 * @param keys  The keys.
 * @param count Number of keys.
 * @return ::SA_ERR_NULL for NULL keys; ::SA_ERR_COUNT for a count of 0; ::SA_ERR_NOT_FINITE when a
 *         key's time or value is NaN or infinite; ::SA_ERR_UNSORTED when a key's time is less than
 *         the one before it (equal times are fine: a step); ::SA_ERR_RANGE when a key's ease is not
 *         an ::sa_ease curve; ::SA_OK otherwise. Keys are checked in order and the first problem
 *         found is reported.
 */
SA_API sa_status sa_track_validate(const sa_track_key *keys, size_t count);

/**
 * @brief A multi-channel track: one time axis, many channels, one easing per segment.
 *
 * Built for whole-body waypoints, such as the spear form's 18 keys over spear angle, grip, lean,
 * weight shift, crouch, stance width, lift and squash: each key is a row of `channels` values, and
 * all channels share the key's time and easing. The arrays are the caller's; the struct only
 * points at them, so it is cheap to build on the stack and may be shared between threads.
 *
 * **Layout.** With sa_track_multi::stride 0 the arrays are packed: `times[count]`,
 * `values[count * channels]` (key k's channel c at `values[k * channels + c]`) and `eases[count]`.
 * A nonzero stride is the byte distance from one key to the next in *all three* arrays, which
 * lets the track point straight into an array of structs:
 * @code
 * typedef struct waypoint { float t; float ch[8]; sa_ease ease; } waypoint;
 * static const waypoint FORM[18] = { ... };
 * const sa_track_multi track = {&FORM[0].t, FORM[0].ch, &FORM[0].ease, 18, 8, sizeof(waypoint)};
 * float pose[8];
 * sa_track_multi_sample(&track, p, pose, 8);
 * @endcode
 *
 * Sampling follows sa_track_sample()'s rules channel by channel (holds, steps, clamping before the
 * first and after the last key, bad values reading as 0).
 */
typedef struct sa_track_multi {
    /** Key times, ascending, finite: `count` of them (`stride` bytes apart when nonzero). */
    const float *times;
    /** Key values, one row of `channels` floats per key (rows `stride` bytes apart if nonzero). */
    const float *values;
    /**
     * Easing of the segment starting at each key, `count` entries (the last is ignored); NULL
     * means every segment uses ::SA_EASE_SMOOTH, the reference's default.
     */
    const sa_ease *eases;
    /** Number of keys, >= 1. */
    size_t count;
    /** Number of channels (values per key), >= 1. */
    size_t channels;
    /**
     * Bytes from one key to the next in times, values and eases alike; 0 (the default when the
     * field is left out of an initialiser) means each array is packed. When nonzero: a multiple
     * of 4 and at least `channels * sizeof(float)`.
     */
    size_t stride;
} sa_track_multi;

/** @brief The `bad_key` that sa_track_multi_validate() reports when no single key is at fault. */
#define SA_TRACK_NO_KEY ((size_t)-1)

/**
 * @brief Checks a multi-channel track once at setup and says which key is wrong.
 *
 * @param track   The track.
 * @param bad_key Optional (may be NULL): receives the index of the first key at fault, or
 *                ::SA_TRACK_NO_KEY when the track is fine or the problem is not one key's.
 * @return ::SA_ERR_NULL when @p track, its times or its values are NULL; ::SA_ERR_COUNT when count
 *         or channels is 0 (or channels * sizeof(float) overflows); ::SA_ERR_RANGE when a nonzero
 *         stride is not a multiple of 4 or is shorter than a row of values, or when a key's ease
 *         is not an ::sa_ease curve; ::SA_ERR_NOT_FINITE when a key's time or one of its values is
 *         NaN or infinite; ::SA_ERR_UNSORTED when a key's time is less than the one before it;
 *         ::SA_OK otherwise. Keys are checked in order; the first problem found is reported.
 */
SA_API sa_status sa_track_multi_validate(const sa_track_multi *track, size_t *bad_key);

/**
 * @brief Samples every channel of a multi-channel track at time @p t into a caller buffer.
 *
 * The row of `channels` values is a fixed-size result: written whole or not at all. The segment
 * and its eased parameter are found once (binary search) and shared by all channels. The layout
 * (pointers, count, channels, stride) is trusted, so validate it once at setup; the numbers in it
 * are not (see the file's bad-input rules).
 *
 * @param track    The track; NULL writes nothing and returns 0.
 * @param t        Sample time; NaN reads as before the first key.
 * @param out      Receives the `channels` values; NULL asks for the count only.
 * @param capacity Number of floats @p out can hold; ignored when @p out is NULL.
 * @return The number of values written: `channels`. With @p out NULL, `channels` (nothing is
 *         written). 0, with nothing written, when @p track is NULL or @p capacity is below
 *         `channels`. A track whose times or values is NULL or whose count is 0 writes `channels`
 *         zeros.
 */
SA_API size_t sa_track_multi_sample(const sa_track_multi *track, float t, float *out,
                                    size_t capacity);

/**
 * @brief Samples one channel of a multi-channel track; the same value sa_track_multi_sample()
 *        writes for that channel.
 * @param track   The track.
 * @param t       Sample time; NaN reads as before the first key.
 * @param channel Index of the channel, < channels.
 * @return The channel's value at @p t; 0 when @p track is NULL, times or values is NULL, count is
 *         0 or @p channel >= channels.
 */
SA_API float sa_track_multi_sample_channel(const sa_track_multi *track, float t, size_t channel);

#ifdef __cplusplus
}
#endif

#endif
