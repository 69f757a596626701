#include "pipeline.h"

#include <stickanim/ik.h>

#include "internal/scalar.h"

/* Foot locking, between blend and solve. The blended foot targets stay still on the ground only
 * while one settled gait shows; through fades, gait easing and jumps they slide. So each foot the
 * motion brings to the ground is held at the world point where it got there (world x = drawn x +
 * scroll, drawn meaning after squash, so the squash never moves it either) until the motion lifts
 * it, the leg cannot reach it, or the motion has moved on so far that the foot steps. A step
 * leaves from where the foot stood and comes down at a point fixed in the world, clearing the
 * ground in between, so a foot never skims it; only a clean lift-off (the motion's foot rising
 * at least half as fast as it moves over the ground, as in a gait) simply follows the motion.
 * Distances are reference units, scaled with the figure. */

enum {
    SAI_FOOT_FREE = 0,    /* follows its motion */
    SAI_FOOT_HELD = 1,    /* at x in the world, at the motion's height (planted on the ground) */
    SAI_FOOT_STEP = 2,    /* from `from` toward the motion's target, clearing the ground */
    SAI_FOOT_FOLLOW = 3,  /* with the motion, the offset it started with fading out */
    SAI_FOOT_LANDING = 4, /* either step, coming down at `to` in the world */
    SAI_FOOT_STATES_
};

#define SAI_FEET_BAND    1.0f  /* a target this close to the ground is held there */
#define SAI_FEET_GROUND  0.1f  /* a held foot this close to the ground is planted */
#define SAI_FEET_RISE    5.0f  /* units/s: a held target rising faster lifts off */
#define SAI_FEET_STEEP   0.5f  /* a lift-off rising this fast per unit of ground speed is clean */
#define SAI_FEET_SKIM    20.0f /* units/s over the ground: a free foot near it moves on */
#define SAI_FEET_STEP_AT 6.0f  /* a held foot this far from its target steps (the other held) */
#define SAI_FEET_MUST    24.0f /* ... and this far steps anyway */
#define SAI_FEET_SLACK   0.05f /* a hold is let go this far inside the reach guard */
/* A step of d units lasts STEP_TIME + d · STEP_PER s (at most STEP_LONGEST) and clears the
 * ground by d · STEP_ARC at its middle, at least STEP_CLEAR and at most STEP_HIGH: a shuffle is
 * quick and low, a stance change a visible step. */
#define SAI_FEET_STEP_TIME    0.1f
#define SAI_FEET_STEP_PER     0.008f
#define SAI_FEET_STEP_LONGEST 0.35f
#define SAI_FEET_STEP_ARC     0.35f
#define SAI_FEET_STEP_CLEAR   2.0f
#define SAI_FEET_STEP_HIGH    9.0f

/* The drawn point p (squashed about the pivot) back in the unsquashed space the IK works in. */
static sa_vec2 unsquash(sa_squash s, sa_vec2 p) {
    const double x = (double)s.pivot.x + ((double)p.x - (double)s.pivot.x) / (double)s.sx;
    const double y = (double)s.pivot.y + ((double)p.y - (double)s.pivot.y) / (double)s.sy;
    return sai_v2(sai_narrow(x), sai_narrow(y));
}

static bool stepping(const sa_figure_foot_lock *l) {
    return l->state == SAI_FOOT_STEP || l->state == SAI_FOOT_FOLLOW || l->state == SAI_FOOT_LANDING;
}

/* A step's drawn height this frame, and how much of the motion's way over the ground a step
 * following the motion takes: none on the ground, all from 2 units up, so its foot leaves and
 * meets the ground where it stands. */
static float step_height(const sa_figure_foot_lock *l, sa_vec2 want, float rest) {
    const float u = sai_saturate(l->time / l->duration);
    const float y = l->state == SAI_FOOT_FOLLOW ? want.y + l->offset.y * rest
                                                : want.y + (l->from_y - want.y) * rest;
    return fminf(y, -l->lift * sinf(SA_PI * u));
}

/* Where a step is this frame, world x: from its start toward `to` (the motion's target, or where
 * it lands), the rest of the way falling off smoothly. */
static double step_x(const sa_figure_foot_lock *l, double to, float y, float band, float rest) {
    double from = l->from;
    if (l->state == SAI_FOOT_FOLLOW) {
        const double a = (double)sai_saturate(-y / (2.0f * band));
        from = to + a * (double)l->offset.x + (1.0 - a) * (l->from - to);
    }
    return to + (from - to) * (double)rest;
}

static void start_step(sa_figure_foot_lock *l, double scroll, sa_vec2 at, sa_vec2 want, bool follow,
                       float k) {
    l->from = (double)at.x + scroll;
    l->from_y = at.y;
    l->offset = sai_v2_sub(at, want);
    const float d = sai_v2_length(l->offset) / k;
    l->state = follow ? SAI_FOOT_FOLLOW : SAI_FOOT_STEP;
    l->time = 0.0f;
    l->duration = fminf(SAI_FEET_STEP_TIME + d * SAI_FEET_STEP_PER, SAI_FEET_STEP_LONGEST);
    l->lift = sai_clamp(d * SAI_FEET_STEP_ARC, SAI_FEET_STEP_CLEAR, SAI_FEET_STEP_HIGH) * k;
}

sa_figure_params sai_figure_feet(sa_figure *fig, sa_figure_params p, float dt) {
    const sa_figure_config *cfg = &fig->config;
    const float k = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const float band = SAI_FEET_BAND * k;
    const float speed = p.ground_speed > 0.0f ? p.ground_speed : 0.0f;
    fig->scroll += (double)speed * (double)dt;
    const double scroll = fig->scroll;
    /* The squash secondary.c applies last, about the ground under the pelvis. */
    const sa_squash sq = sa_squash_make(sai_v2(p.root.x, 0.0f), p.squash, SA_SQUASH_K);
    const sa_vec2 pelvis = sai_v2(p.root.x, p.root.y - cfg->hip_height);
    const float reach = cfg->thigh + cfg->shin - (SA_IK_LEG_MARGIN + SAI_FEET_SLACK) * k;
    sa_vec2 want[2]; /* the motion's targets, drawn */
    bool lifts[2];   /* the motion lifts a held foot */
    bool clean[2];   /* ... cleanly, as a gait does */
    for (int i = 0; i < 2; ++i) {
        sa_figure_foot_lock *l = &fig->feet[i];
        if (!(l->state < SAI_FOOT_STATES_)) l->state = SAI_FOOT_FREE;
        want[i] = sa_squash_point(sq, p.foot[i]);
        const double world = (double)want[i].x + scroll;
        const float up = (l->last_y - want[i].y) / dt;
        const float over = (want[i].x - l->last_x) / dt + speed;
        const bool near = want[i].y >= -band;
        const bool rising = up > SAI_FEET_RISE * k;
        lifts[i] = !near || rising;
        clean[i] = up >= SAI_FEET_STEEP * fabsf(over);
        l->last_x = want[i].x;
        l->last_y = want[i].y;
        if (stepping(l)) {
            l->time += dt;
            /* Past the middle of the step, a target back on the ground fixes where it lands. */
            if (l->state != SAI_FOOT_LANDING && near && !rising && l->time >= 0.5f * l->duration) {
                const float rest = 1.0f - sai_smooth(sai_saturate(l->time / l->duration));
                const float y = step_height(l, want[i], rest);
                if (l->state == SAI_FOOT_FOLLOW) {
                    l->from = step_x(l, world, y, band, 1.0f);
                    l->from_y = want[i].y + l->offset.y;
                }
                l->state = SAI_FOOT_LANDING;
                l->to = world;
            }
            if (!(l->time < l->duration)) {
                if (l->state == SAI_FOOT_LANDING) l->x = l->to;
                l->state = l->state == SAI_FOOT_LANDING ? SAI_FOOT_HELD : SAI_FOOT_FREE;
            }
        }
        const bool reachable = sai_v2_length(sai_v2_sub(p.foot[i], pelvis)) <= reach;
        /* A target on the ground out of the leg's reach, moving over the ground: the guard holds
         * the foot just above it, so it would skim along; it steps clear instead. */
        if (l->state == SAI_FOOT_FREE && near && !reachable && fabsf(over) > SAI_FEET_SKIM * k) {
            const sa_vec2 guard =
                sa_ik_reach_guard(pelvis, p.foot[i], cfg->thigh, cfg->shin, SA_IK_LEG_MARGIN * k);
            start_step(l, scroll, sa_squash_point(sq, guard), want[i], false, k);
        }
        if (l->state == SAI_FOOT_FREE && near && reachable) {
            l->state = SAI_FOOT_HELD;
            l->x = world;
        }
    }
    /* Let go of a hold the motion lifts or the leg cannot reach; step the held foot farthest
     * from its target when that is too far (while the other is held, unless it is very far). */
    int stepper = -1;
    float farthest = 0.0f;
    for (int i = 0; i < 2; ++i) {
        sa_figure_foot_lock *l = &fig->feet[i];
        if (l->state != SAI_FOOT_HELD) continue;
        const sa_vec2 at = sai_v2(sai_narrow(l->x - scroll), want[i].y);
        const bool reachable = sai_v2_length(sai_v2_sub(unsquash(sq, at), pelvis)) <= reach;
        if (lifts[i] || !reachable) {
            start_step(l, scroll, at, want[i], clean[i] && reachable, k);
            continue;
        }
        const float off = fabsf(at.x - want[i].x) / k;
        const bool other_held = fig->feet[1 - i].state == SAI_FOOT_HELD;
        if (((off > SAI_FEET_STEP_AT && other_held) || off > SAI_FEET_MUST) && off > farthest) {
            stepper = i;
            farthest = off;
        }
    }
    if (stepper >= 0) {
        sa_figure_foot_lock *l = &fig->feet[stepper];
        const sa_vec2 at = sai_v2(sai_narrow(l->x - scroll), want[stepper].y);
        start_step(l, scroll, at, want[stepper], false, k);
    }
    for (int i = 0; i < 2; ++i) {
        sa_figure_foot_lock *l = &fig->feet[i];
        sa_vec2 at = want[i];
        if (l->state == SAI_FOOT_HELD) {
            at.x = sai_narrow(l->x - scroll);
        } else if (stepping(l)) {
            const float rest = 1.0f - sai_smooth(sai_saturate(l->time / l->duration));
            const double to = l->state == SAI_FOOT_LANDING ? l->to : (double)want[i].x + scroll;
            at.y = step_height(l, want[i], rest);
            at.x = sai_narrow(step_x(l, to, at.y, band, rest) - scroll);
        }
        if (l->state != SAI_FOOT_FREE) {
            const sa_vec2 target = unsquash(sq, at);
            if (sai_v2_finite(target)) p.foot[i] = target;
        }
        fig->pose.contact[i].planted = l->state == SAI_FOOT_HELD && at.y >= -SAI_FEET_GROUND * k;
        fig->pose.contact[i].x = l->x;
    }
    fig->pose.scroll = scroll;
    return p;
}

void sai_figure_feet_rest(sa_figure *fig, const sa_figure_params *p) {
    fig->scroll = 0.0;
    fig->pose.scroll = 0.0;
    for (int i = 0; i < 2; ++i) {
        /* The rest pose is not squashed: its drawn feet are its targets. */
        sa_figure_foot_lock *l = &fig->feet[i];
        *l = (sa_figure_foot_lock){0};
        l->state = SAI_FOOT_HELD;
        l->x = (double)p->foot[i].x;
        l->last_x = p->foot[i].x;
        l->last_y = p->foot[i].y;
        fig->pose.contact[i].planted = true;
        fig->pose.contact[i].x = l->x;
    }
}
