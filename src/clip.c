#include <stickanim/clip.h>

#include <stdint.h>

#include "internal/xform.h"

/* The largest float below 1: a measured phase never reaches 1. */
#define SAI_PHASE_BELOW_ONE 0.99999994f
/* Sample positions this close to a frame (in frames) take the frame itself, unchanged. */
#define SAI_FRAME_SNAP 1e-5

static sa_status check_markers(const sa_clip_touchdown *markers, size_t count) {
    if (count == 0) return SA_OK;
    if (!markers) return SA_ERR_NULL;
    for (size_t i = 0; i < count; ++i) {
        const float p = markers[i].phase;
        if (!(p >= 0.0f && p < 1.0f)) return SA_ERR_RANGE;
        if (i > 0 && p < markers[i - 1].phase) return SA_ERR_UNSORTED;
    }
    return SA_OK;
}

static sa_status check_frames(const sa_transform *frames, size_t frame_count, size_t joint_count,
                              float rate) {
    if (!frames) return SA_ERR_NULL;
    if (frame_count == 0 || joint_count == 0) return SA_ERR_COUNT;
    if (joint_count > SA_SKELETON_MAX_JOINTS) return SA_ERR_TOO_MANY_JOINTS;
    if (frame_count > SIZE_MAX / joint_count) return SA_ERR_COUNT;
    if (!(rate >= 0.0f) || !sai_finite(rate)) return SA_ERR_RANGE;
    return SA_OK;
}

sa_status sa_clip_init(sa_clip *clip, const sa_transform *frames, size_t frame_count,
                       size_t joint_count, float rate, bool looping) {
    if (!clip) return SA_ERR_NULL;
    const sa_status s = check_frames(frames, frame_count, joint_count, rate);
    if (s != SA_OK) return s;
    clip->frames = frames;
    clip->frame_count = frame_count;
    clip->joint_count = joint_count;
    clip->rate = rate;
    clip->looping = looping;
    clip->touchdowns = NULL;
    clip->touchdown_count = 0;
    return SA_OK;
}

sa_status sa_clip_set_touchdowns(sa_clip *clip, const sa_clip_touchdown *markers, size_t count) {
    if (!clip) return SA_ERR_NULL;
    const sa_status s = check_markers(markers, count);
    if (s != SA_OK) return s;
    clip->touchdowns = count ? markers : NULL;
    clip->touchdown_count = count;
    return SA_OK;
}

sa_status sa_clip_validate(const sa_clip *clip) {
    if (!clip) return SA_ERR_NULL;
    const sa_status s =
        check_frames(clip->frames, clip->frame_count, clip->joint_count, clip->rate);
    if (s != SA_OK) return s;
    return check_markers(clip->touchdowns, clip->touchdown_count);
}

static double clip_rate(const sa_clip *clip) {
    return clip->rate > 0.0f ? (double)clip->rate : (double)SA_CLIP_DEFAULT_RATE;
}

/* Length in frames: N for a loop (the wrap is one more step), N − 1 for a one-shot. */
static double span_frames(const sa_clip *clip) {
    return clip->looping ? (double)clip->frame_count : (double)(clip->frame_count - 1);
}

float sa_clip_duration(const sa_clip *clip) {
    if (sa_clip_validate(clip) != SA_OK) return 0.0f;
    return sai_narrow(span_frames(clip) / clip_rate(clip));
}

/* Samples at a position in frames, already wrapped or clamped into [0, span]. */
static void sample_position(const sa_clip *clip, double pos, sa_transform *out) {
    const size_t n = clip->frame_count, nj = clip->joint_count;
    size_t i0 = (size_t)floor(pos);
    double u = pos - (double)i0;
    if (u < SAI_FRAME_SNAP) {
        u = 0.0;
    } else if (u > 1.0 - SAI_FRAME_SNAP) {
        u = 0.0;
        ++i0;
    }
    if (i0 >= n) i0 = clip->looping ? i0 % n : n - 1;
    const sa_transform *f0 = clip->frames + i0 * nj;
    if (u == 0.0) {
        for (size_t j = 0; j < nj; ++j)
            out[j] = sai_transform_clean(f0[j]);
        return;
    }
    const size_t i1 = i0 + 1 < n ? i0 + 1 : (clip->looping ? 0 : n - 1);
    const sa_transform *f1 = clip->frames + i1 * nj;
    const float t = (float)u;
    for (size_t j = 0; j < nj; ++j) {
        const sa_transform a = sai_transform_clean(f0[j]), b = sai_transform_clean(f1[j]);
        out[j] = sai_transform(sai_v3_sat_lerp(a.translation, b.translation, t),
                               sai_quat_nlerp_unit(a.rotation, b.rotation, t),
                               sai_v3_sat_lerp(a.scale, b.scale, t));
    }
}

/* Transforms a sample writes: the clip's joint count, or 0 for an invalid clip. */
static size_t sample_size(const sa_clip *clip) {
    return sa_clip_validate(clip) == SA_OK ? clip->joint_count : 0;
}

/* Wraps a loop position into [0, span) or clamps a one-shot position into [0, span]. */
static double place(const sa_clip *clip, double pos) {
    const double span = span_frames(clip);
    if (clip->looping) {
        pos = fmod(pos, span);
        if (pos < 0.0) pos += span;
        return pos < span ? pos : 0.0;
    }
    return pos < 0.0 ? 0.0 : (pos > span ? span : pos);
}

size_t sa_clip_sample_time(const sa_clip *clip, float time, sa_transform *out, size_t capacity) {
    const size_t n = sample_size(clip);
    if (!out) return n;
    if (n == 0 || capacity < n) return 0;
    double pos = 0.0;
    if (sai_finite(time)) {
        pos = place(clip, (double)time * clip_rate(clip));
    } else if (!clip->looping && time == time) {
        pos = time > 0.0f ? span_frames(clip) : 0.0;
    }
    sample_position(clip, pos, out);
    return n;
}

size_t sa_clip_sample_phase(const sa_clip *clip, float phase, sa_transform *out, size_t capacity) {
    const size_t n = sample_size(clip);
    if (!out) return n;
    if (n == 0 || capacity < n) return 0;
    const double p = sai_finite(phase) ? (double)phase : 0.0;
    sample_position(clip, place(clip, p * span_frames(clip)), out);
    return n;
}

static float foot_height(const sa_clip *clip, const sa_skeleton *skeleton, size_t frame,
                         int32_t joint) {
    const sa_transform *pose = clip->frames + frame * clip->joint_count;
    return sa_skeleton_joint_model(skeleton, pose, joint).translation.y;
}

/* Inserts a marker into the sorted, bounded list out[0 .. *written); equal phases keep the
 * order they were found in. With no list (a count-only call) nothing is kept. */
static void insert_marker(sa_clip_touchdown m, sa_clip_touchdown *out, size_t capacity,
                          size_t *written) {
    if (!out) return;
    size_t at = *written;
    while (at > 0 && out[at - 1].phase > m.phase)
        --at;
    if (at >= capacity) return;
    size_t last = *written < capacity ? *written : capacity - 1;
    for (size_t k = last; k > at; --k)
        out[k] = out[k - 1];
    out[at] = m;
    if (*written < capacity) ++*written;
}

/* Whether the inputs of a measurement are usable. */
static bool measure_ok(const sa_clip *clip, const sa_skeleton *skeleton, const int32_t *foot_joints,
                       size_t foot_count, float threshold) {
    if (!foot_joints || foot_count == 0) return false;
    if (sa_clip_validate(clip) != SA_OK || sa_skeleton_validate(skeleton) != SA_OK) return false;
    if (clip->frame_count < 2 || clip->joint_count != skeleton->joint_count) return false;
    for (size_t f = 0; f < foot_count; ++f) {
        if (foot_joints[f] < 0 || (size_t)foot_joints[f] >= skeleton->joint_count) return false;
    }
    return threshold >= 0.0f && threshold < 1.0f;
}

size_t sa_clip_measure_touchdowns(const sa_clip *clip, const sa_skeleton *skeleton,
                                  const int32_t *foot_joints, size_t foot_count, float threshold,
                                  sa_clip_touchdown *out, size_t capacity) {
    if (!measure_ok(clip, skeleton, foot_joints, foot_count, threshold)) return 0;
    if (threshold == 0.0f) threshold = SA_CLIP_TOUCHDOWN_THRESHOLD;

    const size_t n = clip->frame_count;
    const double span = span_frames(clip);
    size_t found = 0, written = 0;
    for (size_t f = 0; f < foot_count; ++f) {
        const int32_t joint = foot_joints[f];
        float lo = foot_height(clip, skeleton, 0, joint), hi = lo;
        for (size_t k = 1; k < n; ++k) {
            const float h = foot_height(clip, skeleton, k, joint);
            lo = h < lo ? h : lo;
            hi = h > hi ? h : hi;
        }
        if (!((double)hi - (double)lo >= 1e-6)) continue;
        const double band = (double)lo + (double)threshold * ((double)hi - (double)lo);
        /* Up → down steps: the frame before (prev) above the band, this one at or below it. */
        const size_t first = clip->looping ? 0 : 1;
        double prev_h = (double)foot_height(clip, skeleton, clip->looping ? n - 1 : 0, joint);
        for (size_t k = first; k < n; ++k) {
            const double h = (double)foot_height(clip, skeleton, k, joint);
            if (prev_h > band && h <= band) {
                const double u = (prev_h - band) / (prev_h - h);
                const double prev = clip->looping && k == 0 ? (double)(n - 1) : (double)(k - 1);
                double phase = (prev + u) / span;
                if (clip->looping && phase >= 1.0) phase -= 1.0;
                sa_clip_touchdown m;
                m.phase = sai_clamp((float)phase, 0.0f, SAI_PHASE_BELOW_ONE);
                m.foot = f;
                insert_marker(m, out, capacity, &written);
                ++found;
            }
            prev_h = h;
        }
    }
    return out ? written : found;
}
