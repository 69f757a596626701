#include <stickanim/blend_tree.h>

#include <string.h>

#include "internal/xform.h"

#define RATE_MAX 1e6f

sa_blend_tree_loco_config sa_blend_tree_loco_config_default(void) {
    sa_blend_tree_loco_config c;
    c.idle_speed = 0.05f;
    c.moving_speed = 0.35f;
    c.walk_speed = 1.9f;
    c.run_speed = 2.8f;
    c.walk_anim = 1.4f;
    c.run_anim = 2.8f;
    c.walk_stride = 1.5f;
    c.run_stride = 2.0f;
    c.follow_speed = true;
    return c;
}

static float positive_or(float v, float fallback) {
    return sai_finite(v) && v > 0.0f ? v : fallback;
}

/* Per-frame repair: each bad field takes its default; the orderings need no repair because
 * sa_smooth_range and the t step below treat reversed edges as steps. */
static sa_blend_tree_loco_config loco_repaired(const sa_blend_tree_loco_config *config) {
    const sa_blend_tree_loco_config d = sa_blend_tree_loco_config_default();
    if (!config) return d;
    sa_blend_tree_loco_config c = *config;
    c.idle_speed = sai_finite(c.idle_speed) && c.idle_speed >= 0.0f ? c.idle_speed : d.idle_speed;
    c.moving_speed = sai_finite(c.moving_speed) ? c.moving_speed : d.moving_speed;
    c.walk_speed = positive_or(c.walk_speed, d.walk_speed);
    c.run_speed = sai_finite(c.run_speed) ? c.run_speed : d.run_speed;
    c.walk_anim = positive_or(c.walk_anim, d.walk_anim);
    c.run_anim = positive_or(c.run_anim, d.run_anim);
    c.walk_stride = positive_or(c.walk_stride, d.walk_stride);
    c.run_stride = positive_or(c.run_stride, d.run_stride);
    return c;
}

sa_status sa_blend_tree_loco_validate(const sa_blend_tree_loco_config *c) {
    if (!c) return SA_ERR_NULL;
    const float f[8] = {c->idle_speed, c->moving_speed, c->walk_speed,  c->run_speed,
                        c->walk_anim,  c->run_anim,     c->walk_stride, c->run_stride};
    for (int i = 0; i < 8; ++i)
        if (!sai_finite(f[i])) return SA_ERR_NOT_FINITE;
    if (c->idle_speed < 0.0f || !(c->moving_speed > c->idle_speed) || !(c->walk_speed > 0.0f) ||
        !(c->run_speed > c->walk_speed) || !(c->walk_anim > 0.0f) || !(c->run_anim > 0.0f) ||
        !(c->walk_stride > 0.0f) || !(c->run_stride > 0.0f))
        return SA_ERR_RANGE;
    return SA_OK;
}

/* Cycles advanced in dt, in the seed's order of operations: dt·speed·(anim/move)/stride.
 * Inputs are already clean: dt ≥ 0 and finite, speed finite, anim ≥ 0, stride > 0. */
static float cycles_in(float dt, float speed, float move, float anim, float stride, bool follow) {
    float c;
    if (follow && sai_finite(move) && move > 0.0f)
        c = dt * speed * (anim / move) / stride;
    else
        c = dt * anim / stride;
    if (!(c == c)) return 0.0f; /* 0·inf when anim/move overflowed */
    return sai_clamp(c, -FLT_MAX, FLT_MAX);
}

float sa_blend_tree_cycle_rate(float speed, float move, float anim, float stride,
                               bool follow_speed) {
    if (!sai_finite(speed)) speed = 0.0f;
    if (!sai_finite(anim) || anim < 0.0f) anim = 0.0f;
    if (!sai_finite(stride) || !(stride > 0.0f)) return 0.0f;
    return sai_clamp(cycles_in(1.0f, speed, move, anim, stride, follow_speed), -RATE_MAX, RATE_MAX);
}

float sa_blend_tree_phase_advance(float phase, float cycles) {
    const double p0 = sai_finite(phase) ? (double)phase : 0.0;
    const double c = sai_finite(cycles) ? (double)cycles : 0.0;
    double p = p0 + c;
    if (p >= 1.0 && p < 2.0) /* the usual frame: at most one wrap, no fmod needed */
        p -= 1.0;
    else if (!(p >= 0.0 && p < 1.0))
        p = fmod(p, 1.0);
    if (p < 0.0) p += 1.0;
    const float f = (float)p;
    return f >= 1.0f || !(f >= 0.0f) ? 0.0f : f;
}

static float clean_dt(float dt) { return sai_finite(dt) && dt > 0.0f ? dt : 0.0f; }

static float stretch_of(float move, float anim) {
    if (!(move > 0.0f) || !(anim > 0.0f)) return 1.0f;
    return sai_clamp(move / anim, 0.0f, SA_BLEND_TREE_MAX_STRETCH);
}

sa_blend_tree_loco sa_blend_tree_loco_step(const sa_blend_tree_loco_config *config, float *phase,
                                           float speed, float dt) {
    const sa_blend_tree_loco_config c = loco_repaired(config);
    const float s = speed > 0.0f ? speed : 0.0f; /* NaN and negative: standing */
    sa_blend_tree_loco o;
    /* sa_smooth_range() inlined: s is never NaN here, reversed edges make a step. */
    o.loco = c.moving_speed > c.idle_speed
                 ? sai_smooth((s - c.idle_speed) / (c.moving_speed - c.idle_speed))
                 : (s >= c.idle_speed ? 1.0f : 0.0f);
    if (c.run_speed > c.walk_speed)
        o.t = sai_clamp((s - c.walk_speed) / (c.run_speed - c.walk_speed), 0.0f, 1.0f);
    else
        o.t = s >= c.walk_speed ? 1.0f : 0.0f;
    o.idle = 1.0f - o.loco;
    o.walk = o.loco * (1.0f - o.t);
    o.run = o.loco * o.t;
    o.move = c.walk_speed + (c.run_speed - c.walk_speed) * o.t;
    o.anim = c.walk_anim + (c.run_anim - c.walk_anim) * o.t;
    o.stride = c.walk_stride + (c.run_stride - c.walk_stride) * o.t;
    /* An infinite speed has no finite distance: weights all-run, no advance. */
    const float fs = sai_finite(s) ? s : 0.0f;
    o.rate =
        sai_clamp(cycles_in(1.0f, fs, o.move, o.anim, o.stride, c.follow_speed), 0.0f, RATE_MAX);
    o.advance = sai_clamp(cycles_in(clean_dt(dt), fs, o.move, o.anim, o.stride, c.follow_speed),
                          0.0f, FLT_MAX);
    o.stretch = c.follow_speed ? stretch_of(o.move, o.anim) : 1.0f;
    o.phase = sa_blend_tree_phase_advance(phase ? *phase : 0.0f, o.advance);
    if (phase) *phase = o.phase;
    return o;
}

static sa_status check_point(const sa_blend_tree_point *p, int32_t clip_count,
                             const sa_blend_tree_point *prev) {
    if (!sai_finite(p->at) || !sai_finite(p->move) || !sai_finite(p->anim) ||
        !sai_finite(p->stride))
        return SA_ERR_NOT_FINITE;
    if (p->clip < 0 || p->clip >= clip_count) return SA_ERR_COUNT;
    if (prev && !(p->at > prev->at)) return SA_ERR_UNSORTED;
    if (p->move < 0.0f || p->anim < 0.0f || !(p->stride > 0.0f)) return SA_ERR_RANGE;
    if ((uint32_t)p->ease >= (uint32_t)SA_EASE_COUNT_) return SA_ERR_RANGE;
    return SA_OK;
}

sa_status sa_blend_tree_space_init(sa_blend_tree_space *space, int32_t clip_count,
                                   bool follow_speed) {
    if (!space) return SA_ERR_NULL;
    const bool ok = clip_count >= 1 && clip_count <= SA_BLEND_TREE_MAX_POINTS;
    for (int32_t i = 0; i < SA_BLEND_TREE_MAX_POINTS; ++i) {
        sa_blend_tree_point *p = &space->points[i];
        p->at = 0.0f;
        p->clip = 0;
        p->ease = SA_EASE_LINEAR;
        p->move = 0.0f;
        p->anim = 0.0f;
        p->stride = 1.0f;
    }
    space->count = 0;
    space->clip_count = ok ? clip_count : 1;
    space->follow_speed = follow_speed;
    return ok ? SA_OK : SA_ERR_COUNT;
}

sa_status sa_blend_tree_space_add(sa_blend_tree_space *space, const sa_blend_tree_point *point) {
    if (!space || !point) return SA_ERR_NULL;
    if (space->count < 0 || space->count >= SA_BLEND_TREE_MAX_POINTS) return SA_ERR_CAPACITY;
    const sa_blend_tree_point *prev = space->count > 0 ? &space->points[space->count - 1] : NULL;
    const sa_status st = check_point(point, space->clip_count, prev);
    if (st != SA_OK) return st;
    space->points[space->count++] = *point;
    return SA_OK;
}

sa_status sa_blend_tree_space_validate(const sa_blend_tree_space *space) {
    if (!space) return SA_ERR_NULL;
    if (space->clip_count < 1 || space->clip_count > SA_BLEND_TREE_MAX_POINTS) return SA_ERR_COUNT;
    if (space->count < 1 || space->count > SA_BLEND_TREE_MAX_POINTS) return SA_ERR_COUNT;
    for (int32_t i = 0; i < space->count; ++i) {
        const sa_status st =
            check_point(&space->points[i], space->clip_count, i > 0 ? &space->points[i - 1] : NULL);
        if (st != SA_OK) return st;
    }
    return SA_OK;
}

sa_status sa_blend_tree_space_from_loco(sa_blend_tree_space *space,
                                        const sa_blend_tree_loco_config *config) {
    if (!space || !config) return SA_ERR_NULL;
    const sa_blend_tree_loco_config c = *config;
    sa_blend_tree_space_init(space, 3, c.follow_speed);
    const sa_status st = sa_blend_tree_loco_validate(&c);
    if (st != SA_OK) return st;
    if (!(c.moving_speed < c.walk_speed)) return SA_ERR_RANGE;
    /* The idle point carries the walk clip's gait numbers, as the seed does: below walk_speed
     * t is 0, so move, anim and stride are the walk's and the cycle stops with the body. */
    const sa_blend_tree_point pts[4] = {
        {c.idle_speed, 0, SA_EASE_SMOOTH, c.walk_speed, c.walk_anim, c.walk_stride},
        {c.moving_speed, 1, SA_EASE_LINEAR, c.walk_speed, c.walk_anim, c.walk_stride},
        {c.walk_speed, 1, SA_EASE_LINEAR, c.walk_speed, c.walk_anim, c.walk_stride},
        {c.run_speed, 2, SA_EASE_LINEAR, c.run_speed, c.run_anim, c.run_stride},
    };
    for (int i = 0; i < 4; ++i) {
        const sa_status s = sa_blend_tree_space_add(space, &pts[i]);
        if (s != SA_OK) {
            space->count = 0;
            return s;
        }
    }
    return SA_OK;
}

static int32_t clamp_slot(int32_t clip, int32_t clip_count) {
    return clip < 0 ? 0 : (clip >= clip_count ? clip_count - 1 : clip);
}

/* A gait number of an unvalidated point, made safe for cycles_in(). */
static float clean_gait(float v, float fallback) {
    return sai_finite(v) && v >= 0.0f ? v : fallback;
}

sa_blend_tree_frame sa_blend_tree_space_step(const sa_blend_tree_space *space, float *phase,
                                             float x, float dt, float *weights, int32_t capacity) {
    sa_blend_tree_frame f;
    f.weight_count = 0;
    f.segment = 0;
    f.u = 0.0f;
    f.move = 0.0f;
    f.anim = 0.0f;
    f.stride = 1.0f;
    f.stretch = 1.0f;
    f.rate = 0.0f;
    f.advance = 0.0f;
    f.phase = sa_blend_tree_phase_advance(phase ? *phase : 0.0f, 0.0f);
    if (phase) *phase = f.phase;
    if (!space) return f;
    const int32_t n =
        space->count < 0
            ? 0
            : (space->count > SA_BLEND_TREE_MAX_POINTS ? SA_BLEND_TREE_MAX_POINTS : space->count);
    if (n == 0) return f;
    const int32_t clips = space->clip_count < 1 ? 1
                                                : (space->clip_count > SA_BLEND_TREE_MAX_POINTS
                                                       ? SA_BLEND_TREE_MAX_POINTS
                                                       : space->clip_count);
    const sa_blend_tree_point *p = space->points;
    if (!(x == x)) x = p[0].at;

    /* Find the active segment: a single point at either end, else the first i with
     * at[i] ≤ x < at[i + 1]. The comparisons are written so that NaN thresholds fall through. */
    int32_t a = 0, b = 0;
    if (x > p[0].at) {
        a = b = n - 1;
        for (int32_t i = 0; i + 1 < n; ++i) {
            if (x < p[i + 1].at) {
                a = i;
                b = i + 1;
                break;
            }
        }
    }
    float u = 0.0f, w = 0.0f;
    if (a != b) {
        u = sai_saturate((x - p[a].at) / (p[b].at - p[a].at));
        w = sai_saturate(sa_ease_apply(p[a].ease, u));
    }
    f.segment = a;
    f.u = u;

    const int32_t wc = capacity < 0 ? 0 : (capacity < clips ? capacity : clips);
    if (weights) {
        for (int32_t i = 0; i < wc; ++i)
            weights[i] = 0.0f;
        const int32_t slot_a = clamp_slot(p[a].clip, clips), slot_b = clamp_slot(p[b].clip, clips);
        if (slot_a == slot_b) {
            if (slot_a < wc) weights[slot_a] = 1.0f;
        } else {
            if (slot_a < wc) weights[slot_a] = 1.0f - w;
            if (slot_b < wc) weights[slot_b] = w;
        }
        f.weight_count = wc;
    }

    const float ma = clean_gait(p[a].move, 0.0f), mb = clean_gait(p[b].move, 0.0f);
    const float aa = clean_gait(p[a].anim, 0.0f), ab = clean_gait(p[b].anim, 0.0f);
    const float st_a = positive_or(p[a].stride, 1.0f), st_b = positive_or(p[b].stride, 1.0f);
    f.move = sai_clamp(sai_lerp(ma, mb, u), 0.0f, FLT_MAX);
    f.anim = sai_clamp(sai_lerp(aa, ab, u), 0.0f, FLT_MAX);
    f.stride = sai_clamp(sai_lerp(st_a, st_b, u), FLT_MIN, FLT_MAX);
    const bool follow = space->follow_speed;
    const float fx = sai_finite(x) ? x : 0.0f;
    f.rate = sai_clamp(cycles_in(1.0f, fx, f.move, f.anim, f.stride, follow), -RATE_MAX, RATE_MAX);
    f.advance = cycles_in(clean_dt(dt), fx, f.move, f.anim, f.stride, follow);
    f.stretch = follow ? stretch_of(f.move, f.anim) : 1.0f;
    f.phase = sa_blend_tree_phase_advance(f.phase, f.advance);
    if (phase) *phase = f.phase;
    return f;
}

size_t sa_blend_tree_stretch(const sa_transform *idle, sa_transform *pose, size_t joint_count,
                             const int32_t *joints, size_t joint_list_count, float stretch) {
    if (!idle || !pose || !joints || joint_count == 0 || joint_list_count == 0) return 0;
    const float k =
        sai_finite(stretch) ? sai_clamp(stretch, 0.0f, SA_BLEND_TREE_MAX_STRETCH) : 1.0f;
    size_t done = 0;
    for (size_t i = 0; i < joint_list_count; ++i) {
        const int32_t j = joints[i];
        if (j < 0 || (size_t)j >= joint_count) continue;
        const sa_quat q = pose[j].rotation;
        const float n2 = sai_quat_dot(q, q);
        /* Factor 1 keeps a unit rotation bit for bit; anything else is made unit first. */
        const sa_quat b = fabsf(n2 - 1.0f) <= 1e-6f ? q : sai_quat_normalize(q);
        pose[j].rotation =
            k == 1.0f ? b : sai_quat_slerp_unit(sai_quat_normalize(idle[j].rotation), b, k);
        ++done;
    }
    return done;
}

/* Common names of the four stretched limbs in rigs from different tools; NULL ends a list. */
static const char *const stretch_names[4][9] = {
    {"thigh_l", "thigh.L", "l_thigh", "left_thigh", "LeftUpLeg", "mixamorig:LeftUpLeg",
     "LeftUpperLeg", "LeftThigh", NULL},
    {"thigh_r", "thigh.R", "r_thigh", "right_thigh", "RightUpLeg", "mixamorig:RightUpLeg",
     "RightUpperLeg", "RightThigh", NULL},
    {"upperarm_l", "upper_arm_l", "upper_arm.L", "l_upperarm", "left_upper_arm", "LeftArm",
     "mixamorig:LeftArm", "LeftUpperArm", NULL},
    {"upperarm_r", "upper_arm_r", "upper_arm.R", "r_upperarm", "right_upper_arm", "RightArm",
     "mixamorig:RightArm", "RightUpperArm", NULL},
};

static int32_t find_joint(const sa_skeleton *s, const char *name) {
    for (size_t j = 0; j < s->joint_count && j < SA_SKELETON_MAX_JOINTS; ++j)
        if (s->names[j] && strcmp(s->names[j], name) == 0) return (int32_t)j;
    return SA_SKELETON_JOINT_NONE;
}

size_t sa_blend_tree_stretch_joints(const sa_skeleton *skeleton, int32_t *joints, size_t capacity) {
    if (!skeleton || !joints || !skeleton->names) return 0;
    size_t n = 0;
    for (int limb = 0; limb < 4 && n < capacity; ++limb) {
        for (int k = 0; stretch_names[limb][k]; ++k) {
            const int32_t j = find_joint(skeleton, stretch_names[limb][k]);
            if (j != SA_SKELETON_JOINT_NONE) {
                joints[n++] = j;
                break;
            }
        }
    }
    return n;
}
