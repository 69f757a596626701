#include <stickanim/blend_tree.h>

#include "internal/scalar.h"

/* The largest phase rate, in cycles per second, a frame reports. */
#define SAI_BLEND_TREE_RATE_MAX 1e6f

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

sa_status sa_blend_tree_loco_config_validate(const sa_blend_tree_loco_config *c) {
    if (!c) return SA_ERR_NULL;
    const float f[8] = {c->idle_speed, c->moving_speed, c->walk_speed,  c->run_speed,
                        c->walk_anim,  c->run_anim,     c->walk_stride, c->run_stride};
    for (int i = 0; i < 8; ++i)
        if (!sai_finite(f[i])) return SA_ERR_NOT_FINITE;
    if (c->idle_speed < 0.0f || !(c->moving_speed > c->idle_speed) ||
        !(c->walk_speed > c->moving_speed) || !(c->run_speed > c->walk_speed) ||
        !(c->walk_anim > 0.0f) || !(c->run_anim > 0.0f) || !(c->walk_stride > 0.0f) ||
        !(c->run_stride > 0.0f))
        return SA_ERR_RANGE;
    return SA_OK;
}

/* Cycles advanced in dt, in the reference's order of operations: dt·speed·(anim/move)/stride.
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
    speed = sai_finite_or(speed, 0.0f);
    anim = sai_nonneg_or(anim, 0.0f);
    stride = sai_positive_or(stride, 0.0f);
    if (stride == 0.0f) return 0.0f;
    return sai_clamp(cycles_in(1.0f, speed, move, anim, stride, follow_speed),
                     -SAI_BLEND_TREE_RATE_MAX, SAI_BLEND_TREE_RATE_MAX);
}

static float stretch_of(float move, float anim) {
    if (!(move > 0.0f) || !(anim > 0.0f)) return 1.0f;
    return sai_clamp(move / anim, 0.0f, SA_BLEND_TREE_MAX_STRETCH);
}

static sa_status check_point(const sa_blend_tree_point *p, size_t clip_count,
                             const sa_blend_tree_point *prev) {
    if (!sai_finite(p->at) || !sai_finite(p->move) || !sai_finite(p->anim) ||
        !sai_finite(p->stride))
        return SA_ERR_NOT_FINITE;
    if (p->clip >= clip_count) return SA_ERR_COUNT;
    if (prev && !(p->at > prev->at)) return SA_ERR_UNSORTED;
    if (p->move < 0.0f || p->anim < 0.0f || !(p->stride > 0.0f)) return SA_ERR_RANGE;
    if ((uint32_t)p->ease >= (uint32_t)SA_EASE_COUNT_) return SA_ERR_RANGE;
    return SA_OK;
}

sa_status sa_blend_tree_space_init(sa_blend_tree_space *space, size_t clip_count,
                                   bool follow_speed) {
    if (!space) return SA_ERR_NULL;
    const bool ok = clip_count >= 1 && clip_count <= SA_BLEND_TREE_MAX_CLIPS;
    for (size_t i = 0; i < SA_BLEND_TREE_MAX_POINTS; ++i) {
        sa_blend_tree_point *p = &space->points[i];
        p->at = 0.0f;
        p->clip = 0;
        p->ease = SA_EASE_LINEAR;
        p->move = 0.0f;
        p->anim = 0.0f;
        p->stride = 1.0f;
    }
    space->point_count = 0;
    space->clip_count = ok ? clip_count : 1;
    space->follow_speed = follow_speed;
    return ok ? SA_OK : SA_ERR_COUNT;
}

sa_status sa_blend_tree_space_add(sa_blend_tree_space *space, const sa_blend_tree_point *point) {
    if (!space || !point) return SA_ERR_NULL;
    const size_t n = space->point_count;
    if (n >= SA_BLEND_TREE_MAX_POINTS) return SA_ERR_CAPACITY;
    const sa_blend_tree_point *prev = n > 0 ? &space->points[n - 1] : NULL;
    const sa_status st = check_point(point, space->clip_count, prev);
    if (st != SA_OK) return st;
    space->points[n] = *point;
    space->point_count = n + 1;
    return SA_OK;
}

sa_status sa_blend_tree_space_validate(const sa_blend_tree_space *space) {
    if (!space) return SA_ERR_NULL;
    if (space->clip_count < 1 || space->clip_count > SA_BLEND_TREE_MAX_CLIPS) return SA_ERR_COUNT;
    if (space->point_count < 1 || space->point_count > SA_BLEND_TREE_MAX_POINTS)
        return SA_ERR_COUNT;
    for (size_t i = 0; i < space->point_count; ++i) {
        const sa_status st =
            check_point(&space->points[i], space->clip_count, i > 0 ? &space->points[i - 1] : NULL);
        if (st != SA_OK) return st;
    }
    return SA_OK;
}

sa_status sa_blend_tree_space_from_loco(sa_blend_tree_space *space,
                                        const sa_blend_tree_loco_config *config) {
    if (!space) return SA_ERR_NULL;
    const sa_blend_tree_loco_config c = config ? *config : sa_blend_tree_loco_config_default();
    sa_blend_tree_space_init(space, SA_BLEND_TREE_LOCO_CLIP_COUNT_, c.follow_speed);
    const sa_status st = sa_blend_tree_loco_config_validate(&c);
    if (st != SA_OK) return st;
    /* The idle point carries the walk clip's gait numbers, as the reference does: below
     * walk_speed the mix is all walk, so the cycle stops with the body. */
    const sa_blend_tree_point pts[4] = {
        {c.idle_speed, SA_BLEND_TREE_LOCO_CLIP_IDLE, SA_EASE_SMOOTH, c.walk_speed, c.walk_anim,
         c.walk_stride},
        {c.moving_speed, SA_BLEND_TREE_LOCO_CLIP_WALK, SA_EASE_LINEAR, c.walk_speed, c.walk_anim,
         c.walk_stride},
        {c.walk_speed, SA_BLEND_TREE_LOCO_CLIP_WALK, SA_EASE_LINEAR, c.walk_speed, c.walk_anim,
         c.walk_stride},
        {c.run_speed, SA_BLEND_TREE_LOCO_CLIP_RUN, SA_EASE_LINEAR, c.run_speed, c.run_anim,
         c.run_stride},
    };
    for (size_t i = 0; i < 4; ++i) {
        const sa_status s = sa_blend_tree_space_add(space, &pts[i]);
        if (s != SA_OK) {
            space->point_count = 0;
            return s;
        }
    }
    return SA_OK;
}

static size_t clamp_count(size_t n, size_t max) { return n < max ? n : max; }

sa_blend_tree_frame sa_blend_tree_space_step(const sa_blend_tree_space *space, float *phase,
                                             float x, float dt) {
    sa_blend_tree_frame f;
    for (size_t i = 0; i < SA_BLEND_TREE_MAX_CLIPS; ++i)
        f.weights[i] = 0.0f;
    f.weight_count = 0;
    f.segment = 0;
    f.u = 0.0f;
    f.move = 0.0f;
    f.anim = 0.0f;
    f.stride = 1.0f;
    f.stretch = 1.0f;
    f.rate = 0.0f;
    f.advance = 0.0f;
    f.phase = sai_phase_wrap(phase ? *phase : 0.0f);
    if (phase) *phase = f.phase;
    const size_t n = space ? clamp_count(space->point_count, SA_BLEND_TREE_MAX_POINTS) : 0;
    if (n == 0) return f;
    const size_t clips =
        space->clip_count < 1 ? 1 : clamp_count(space->clip_count, SA_BLEND_TREE_MAX_CLIPS);
    const sa_blend_tree_point *p = space->points;
    if (!(x == x)) x = 0.0f;

    /* Find the active segment: a single point at either end, else the first i with
     * at[i] ≤ x < at[i + 1]. The comparisons are written so that NaN thresholds fall through. */
    size_t a = 0, b = 0;
    if (x > p[0].at) {
        a = b = n - 1;
        for (size_t i = 0; i + 1 < n; ++i) {
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

    const size_t slot_a = clamp_count(p[a].clip, clips - 1);
    const size_t slot_b = clamp_count(p[b].clip, clips - 1);
    if (slot_a == slot_b) {
        f.weights[slot_a] = 1.0f;
    } else {
        f.weights[slot_a] = 1.0f - w;
        f.weights[slot_b] = w;
    }
    f.weight_count = clips;

    /* Gait numbers of an unvalidated point are made safe for cycles_in(). */
    const float ma = sai_nonneg_or(p[a].move, 0.0f), mb = sai_nonneg_or(p[b].move, 0.0f);
    const float aa = sai_nonneg_or(p[a].anim, 0.0f), ab = sai_nonneg_or(p[b].anim, 0.0f);
    const float st_a = sai_positive_or(p[a].stride, 1.0f);
    const float st_b = sai_positive_or(p[b].stride, 1.0f);
    f.move = sai_clamp(sai_lerp(ma, mb, u), 0.0f, FLT_MAX);
    f.anim = sai_clamp(sai_lerp(aa, ab, u), 0.0f, FLT_MAX);
    f.stride = sai_clamp(sai_lerp(st_a, st_b, u), FLT_MIN, FLT_MAX);
    const bool follow = space->follow_speed;
    const float fx = sai_finite_or(x, 0.0f); /* an infinite speed has no finite distance */
    f.rate = sai_clamp(cycles_in(1.0f, fx, f.move, f.anim, f.stride, follow),
                       -SAI_BLEND_TREE_RATE_MAX, SAI_BLEND_TREE_RATE_MAX);
    f.advance = cycles_in(sai_positive_or(dt, 0.0f), fx, f.move, f.anim, f.stride, follow);
    f.stretch = follow ? stretch_of(f.move, f.anim) : 1.0f;
    f.phase = sai_phase_advance(f.phase, f.advance);
    if (phase) *phase = f.phase;
    return f;
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

size_t sa_blend_tree_stretch_weights(const sa_skeleton *skeleton, float *out, size_t capacity) {
    if (sa_skeleton_validate(skeleton) != SA_OK) return 0;
    const size_t n = skeleton->joint_count;
    if (!out) return n;
    if (capacity < n) return 0;
    for (size_t j = 0; j < n; ++j)
        out[j] = 0.0f;
    for (size_t limb = 0; limb < 4; ++limb) {
        for (size_t k = 0; stretch_names[limb][k]; ++k) {
            const int32_t j = sa_skeleton_find(skeleton, stretch_names[limb][k]);
            if (j != SA_SKELETON_JOINT_NONE) {
                out[j] = 1.0f;
                break;
            }
        }
    }
    return n;
}
