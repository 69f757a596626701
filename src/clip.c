#include <stickanim/clip.h>

#include <stdint.h>
#include <string.h>

#include "internal/lanes.h"

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
    clip->duration = 0.0f;
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

static bool duration_ok(float seconds) { return seconds >= 0.0f && sai_finite(seconds); }

sa_status sa_clip_set_duration(sa_clip *clip, float seconds) {
    if (!clip) return SA_ERR_NULL;
    if (!duration_ok(seconds)) return SA_ERR_RANGE;
    clip->duration = seconds;
    return SA_OK;
}

sa_status sa_clip_validate(const sa_clip *clip) {
    if (!clip) return SA_ERR_NULL;
    const sa_status s =
        check_frames(clip->frames, clip->frame_count, clip->joint_count, clip->rate);
    if (s != SA_OK) return s;
    if (!duration_ok(clip->duration)) return SA_ERR_RANGE;
    return check_markers(clip->touchdowns, clip->touchdown_count);
}

/* Length in frames: N for a loop (the wrap is one more step), N − 1 for a one-shot. */
static double span_frames(const sa_clip *clip) {
    return clip->looping ? (double)clip->frame_count : (double)(clip->frame_count - 1);
}

/* Frames per second as sampling sees them: span / duration for a clip with an exact length (0 for
 * a one-frame one-shot, which has no span), else the rate. */
static double clip_rate(const sa_clip *clip) {
    if (clip->duration > 0.0f) return span_frames(clip) / (double)clip->duration;
    return clip->rate > 0.0f ? (double)clip->rate : (double)SA_CLIP_DEFAULT_RATE;
}

float sa_clip_duration(const sa_clip *clip) {
    if (sa_clip_validate(clip) != SA_OK) return 0.0f;
    if (clip->duration > 0.0f) return clip->duration;
    return sai_narrow(span_frames(clip) / clip_rate(clip));
}

/* Joint j of the in-between of frames f0 and f1 at 0 < t < 1. */
static sa_transform lerp_joint(const sa_transform *f0, const sa_transform *f1, size_t j, float t) {
    const sa_transform a = sai_transform_clean(f0[j]), b = sai_transform_clean(f1[j]);
    return sai_transform(sai_v3_sat_lerp(a.translation, b.translation, t),
                         sai_quat_nlerp_unit(a.rotation, b.rotation, t),
                         sai_v3_sat_lerp(a.scale, b.scale, t));
}

#if SAI_HAS_LANES
/* Joints j0 .. j0 + 3 of the in-between, when both frames are clean there and nothing overflows or
 * needs the careful normalisation (else false, nothing written). Translations and scales are
 * interpolated where they lie in memory (10 vectors per four joints; the rotations' lanes of
 * those are overwritten), the rotations turned across lanes; every lane does lerp_joint()'s
 * float operations in its order, so the result is bit for bit its result. */
static bool lerp_group4(const sa_transform *f0, const sa_transform *f1, size_t j0, float t,
                        sa_transform *out) {
    const sai_f4 tv = sai_f4_splat(t);
    sai_f4 r[SAI_VECS4], all = sai_f4_splat(0.0f);
    SAI_UNROLL
    for (size_t k = 0; k < SAI_VECS4; ++k) {
        const sai_f4 a = sai_group4_load(&f0[j0], k), b = sai_group4_load(&f1[j0], k);
        r[k] = a + (b - a) * tv;
        all += r[k]; /* a NaN or infinity in either frame, or an overflow, stays in the sum */
    }
    sai_f4 a[4], b[4], q[4];
    sai_quats4_load(&f0[j0], a);
    sai_quats4_load(&f1[j0], b);
    const sai_i4 far = (a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]) < 0.0f;
    SAI_UNROLL
    for (int c = 0; c < 4; ++c)
        q[c] = a[c] + (sai_f4_negate_where(b[c], far) - a[c]) * tv;
    const sai_f4 n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    const sai_i4 ok = sai_quats4_unit(a) & sai_quats4_unit(b) & sai_f4_finite(all) &
                      (n2 >= 1e-20f) & (n2 <= 1e20f);
    if (!sai_lanes_true(ok)) return false;
    const sai_f4 inv = sai_f4_rsqrt(n2);
    SAI_UNROLL
    for (int c = 0; c < 4; ++c)
        q[c] *= inv;
    SAI_UNROLL
    for (size_t k = 0; k < SAI_VECS4; ++k)
        sai_group4_store(&out[j0], k, r[k]);
    sai_quats4_store(&out[j0], q);
    return true;
}

/* A frame copied: whole groups of four clean joints at once. */
static size_t copy_groups(const sa_transform *f0, size_t n, sa_transform *out) {
    size_t j = 0;
    for (; j + 4 <= n; j += 4) {
        if (sai_group4_clean(&f0[j])) {
            memmove(&out[j], &f0[j], 4 * sizeof *out);
        } else {
            for (size_t k = j; k < j + 4; ++k)
                out[k] = sai_transform_clean(f0[k]);
        }
    }
    return j;
}

/* The in-between, four joints at a time; returns the joints done (the rest go one by one). */
static size_t lerp_groups(const sa_transform *f0, const sa_transform *f1, size_t n, float t,
                          sa_transform *out) {
    size_t j = 0;
    for (; j + 4 <= n; j += 4) {
        if (lerp_group4(f0, f1, j, t, out)) continue;
        for (size_t k = j; k < j + 4; ++k)
            out[k] = lerp_joint(f0, f1, k, t);
    }
    return j;
}
#else
static size_t copy_groups(const sa_transform *f0, size_t n, sa_transform *out) {
    (void)f0, (void)n, (void)out;
    return 0;
}
static size_t lerp_groups(const sa_transform *f0, const sa_transform *f1, size_t n, float t,
                          sa_transform *out) {
    (void)f0, (void)f1, (void)n, (void)t, (void)out;
    return 0;
}
#endif

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
    /* Only a looping clip reaches frame n (its span is n frames, a one-shot's n - 1): the end of
     * a loop is its first frame. */
    if (i0 >= n) i0 = 0;
    const sa_transform *f0 = clip->frames + i0 * nj;
    if (u == 0.0) {
        for (size_t j = copy_groups(f0, nj, out); j < nj; ++j)
            out[j] = sai_transform_clean(f0[j]);
        return;
    }
    const size_t i1 = i0 + 1 < n ? i0 + 1 : (clip->looping ? 0 : n - 1);
    const sa_transform *f1 = clip->frames + i1 * nj;
    const float t = (float)u;
    for (size_t j = lerp_groups(f0, f1, nj, t, out); j < nj; ++j)
        out[j] = lerp_joint(f0, f1, j, t);
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

sa_clip_touchdown_config sa_clip_touchdown_config_default(void) {
    sa_clip_touchdown_config c;
    c.down = SA_CLIP_TOUCHDOWN_THRESHOLD;
    c.up = 0.3f;
    c.min_air_time = 0.1f;
    c.min_lift = 0.01f;
    c.absolute = false;
    return c;
}

sa_status sa_clip_touchdown_config_validate(const sa_clip_touchdown_config *c) {
    if (!c) return SA_ERR_NULL;
    if (!sai_finite(c->down) || !sai_finite(c->up) || !sai_finite(c->min_air_time) ||
        !sai_finite(c->min_lift))
        return SA_ERR_NOT_FINITE;
    if (!(c->down > 0.0f) || !(c->up >= c->down) || c->min_air_time < 0.0f || c->min_lift < 0.0f)
        return SA_ERR_RANGE;
    if (!c->absolute && !(c->up < 1.0f)) return SA_ERR_RANGE;
    return SA_OK;
}

/* Whether the inputs of a measurement are usable. */
static bool measure_ok(const sa_clip *clip, const sa_skeleton *skeleton, const int32_t *foot_joints,
                       size_t foot_count, const sa_clip_touchdown_config *config) {
    if (!foot_joints || foot_count == 0) return false;
    if (sa_clip_validate(clip) != SA_OK || sa_skeleton_validate(skeleton) != SA_OK) return false;
    if (clip->frame_count < 2 || clip->joint_count != skeleton->joint_count) return false;
    for (size_t f = 0; f < foot_count; ++f) {
        if (foot_joints[f] < 0 || (size_t)foot_joints[f] >= skeleton->joint_count) return false;
    }
    return sa_clip_touchdown_config_validate(config) == SA_OK;
}

/* The skeleton's size: the largest extent of its rest pose's joints along a model axis. */
static double skeleton_size(const sa_skeleton *skeleton) {
    sa_transform model[SA_SKELETON_MAX_JOINTS];
    double lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
    for (size_t j = 0; j < skeleton->joint_count; ++j) {
        const sa_transform l = sai_transform_clean(skeleton->rest[j]);
        const int32_t p = skeleton->parents[j];
        model[j] = p == SA_SKELETON_JOINT_NONE ? l : sai_transform_mul_unit(model[p], l);
        const double x[3] = {(double)model[j].translation.x, (double)model[j].translation.y,
                             (double)model[j].translation.z};
        for (int a = 0; a < 3; ++a) {
            if (j == 0 || x[a] < lo[a]) lo[a] = x[a];
            if (j == 0 || x[a] > hi[a]) hi[a] = x[a];
        }
    }
    double size = 0.0;
    for (int a = 0; a < 3; ++a)
        size = hi[a] - lo[a] > size ? hi[a] - lo[a] : size;
    return size;
}

/* One foot's touchdowns, each passed to insert_marker(); returns how many. Positions are in
 * frames, unwrapped: a looping clip is followed for one cycle from the foot's lowest frame, which
 * is surely down, so every contact of the cycle is seen once, whole. */
static size_t measure_foot(const sa_clip *clip, const sa_skeleton *skeleton, int32_t joint,
                           size_t foot, const sa_clip_touchdown_config *c, double size,
                           sa_clip_touchdown *out, size_t capacity, size_t *written) {
    const size_t n = clip->frame_count;
    size_t lowest = 0;
    double lo = (double)foot_height(clip, skeleton, 0, joint), hi = lo;
    for (size_t k = 1; k < n; ++k) {
        const double h = (double)foot_height(clip, skeleton, k, joint);
        if (h < lo) {
            lo = h;
            lowest = k;
        }
        hi = h > hi ? h : hi;
    }
    const double range = hi - lo;
    const double min_lift = c->absolute ? (double)c->min_lift : (double)c->min_lift * size;
    if (!(range >= 1e-6) || range < min_lift) return 0;
    const double down = lo + (c->absolute ? (double)c->down : (double)c->down * range);
    const double up = lo + (c->absolute ? (double)c->up : (double)c->up * range);
    const double span = span_frames(clip);
    const double seconds = (double)sa_clip_duration(clip);
    const double min_air = seconds > 0.0 ? (double)c->min_air_time * span / seconds : 0.0;

    const size_t first = clip->looping ? lowest : 0, steps = clip->looping ? n : n - 1;
    double prev_h = (double)foot_height(clip, skeleton, first, joint);
    bool is_up = !clip->looping && prev_h > down;
    double left = -HUGE_VAL; /* where the foot last rose out of the down band */
    size_t found = 0;
    for (size_t k = 1; k <= steps; ++k) {
        const double at = (double)(first + k - 1); /* the step runs from `at` to at + 1 */
        const double h = (double)foot_height(clip, skeleton, (first + k) % n, joint);
        if (!is_up) {
            if (prev_h <= down && h > down) left = at + (down - prev_h) / (h - prev_h);
            is_up = h > up;
        } else if (h <= down) {
            const double pos = at + (prev_h - down) / (prev_h - h);
            is_up = false;
            if (pos - left >= min_air) {
                double phase = (clip->looping ? fmod(pos, span) : pos) / span;
                if (phase >= 1.0 && clip->looping) phase -= 1.0;
                sa_clip_touchdown m;
                m.phase = sai_clamp((float)phase, 0.0f, SAI_PHASE_BELOW_ONE);
                m.foot = foot;
                insert_marker(m, out, capacity, written);
                ++found;
            }
        }
        prev_h = h;
    }
    return found;
}

size_t sa_clip_measure_touchdowns(const sa_clip *clip, const sa_skeleton *skeleton,
                                  const int32_t *foot_joints, size_t foot_count,
                                  const sa_clip_touchdown_config *config, sa_clip_touchdown *out,
                                  size_t capacity) {
    const sa_clip_touchdown_config c = config ? *config : sa_clip_touchdown_config_default();
    if (!measure_ok(clip, skeleton, foot_joints, foot_count, &c)) return 0;
    const double size = c.absolute ? 0.0 : skeleton_size(skeleton);
    size_t found = 0, written = 0;
    for (size_t f = 0; f < foot_count; ++f)
        found += measure_foot(clip, skeleton, foot_joints[f], f, &c, size, out, capacity, &written);
    return out ? written : found;
}
