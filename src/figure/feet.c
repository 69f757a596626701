#include "pipeline.h"

#include <stickanim/ik.h>

#include "internal/scalar.h"
#include "internal/xform.h" /* (SAI_COLD_FN) */

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Foot locking, between blend and solve. The blended foot targets stay still on the ground only
 * while one settled gait shows; through fades, gait easing and jumps they slide. So each foot the
 * motion brings to the ground is held at the world point where it got there (world x = drawn x +
 * scroll, drawn meaning after squash, so the squash never moves it either) until the motion lifts
 * it, the leg cannot reach it, or the motion has moved on so far that the foot steps. A step
 * clears the ground, goes with its motion with the offset it started with fading out, and comes
 * down at a point fixed in the world; near the ground it moves from where it left the ground, so
 * a foot never skims it. Distances are reference units, scaled with the figure. */

enum {
    SAI_FOOT_FREE = 0,    /* follows its motion */
    SAI_FOOT_HELD = 1,    /* at x in the world, at the motion's height (planted on the ground) */
    SAI_FOOT_STEP = 2,    /* on its way to the motion's target */
    SAI_FOOT_LANDING = 3, /* a step coming down at `to` in the world */
    SAI_FOOT_STATES_
};

#define SAI_FEET_BAND     1.0f  /* a target this close to the ground is held there */
#define SAI_FEET_GROUND   0.1f  /* a held foot this close to the ground is planted */
#define SAI_FEET_UNPLANT  0.3f  /* ... until it is this far off it */
#define SAI_FEET_RISE     5.0f  /* units/s: a target rising faster is not coming down */
#define SAI_FEET_LIFT     0.25f /* a held target this much above its lowest lifts off */
#define SAI_FEET_SKIM     20.0f /* units/s over the ground: a free foot near it moves on */
#define SAI_FEET_STEP_AT  6.0f  /* a held foot this far from its target steps (the other down) */
#define SAI_FEET_SETTLE   1.5f  /* ... and this far once its target has stood still a while: */
#define SAI_FEET_STILL    0.4f  /* seconds of a target moving less than */
#define SAI_FEET_STILL_V  2.0f  /* units/s over the ground */
#define SAI_FEET_TIE      4.0f  /* ... both feet this close to stepping: the order is chosen */
#define SAI_FEET_SLACK    0.05f /* a hold is let go this far inside the reach guard */
#define SAI_FEET_HURRY    3.0f  /* a step the other foot's lift waits for goes this much faster */
#define SAI_FEET_EDGE     0.25f /* ... less so within this much of the band of its edge */
#define SAI_FEET_DIP      0.6f  /* the pelvis lowers at most this much of the hip height */
#define SAI_FEET_HUMP     0.3f  /* ... and rises at most this much */
#define SAI_FEET_CLEAR    0.25f /* a foot in the air clears the ground this far around (of hip) */
#define SAI_FEET_CLEAR_UP 3.0f  /* ... fully once this high above it */
/* A step of d units lasts STEP_TIME + d · STEP_PER s (at most STEP_LONGEST) and clears the
 * ground by d · STEP_ARC at its middle, at least STEP_CLEAR and at most STEP_HIGH: a shuffle is
 * quick and low, a stance change a visible step. */
#define SAI_FEET_STEP_TIME    0.1f
#define SAI_FEET_STEP_PER     0.008f
#define SAI_FEET_STEP_LONGEST 0.35f
#define SAI_FEET_STEP_ARC     0.35f
#define SAI_FEET_STEP_CLEAR   2.0f
#define SAI_FEET_STEP_HIGH    9.0f

/* Unrolls a loop over the two feet (gcc keeps it a loop even at -O3): its arrays live in fixed
 * slots or registers, and the other foot, 1 - i, is a constant. */
#if defined(__GNUC__) || defined(__clang__)
#define SAI_BOTH_FEET _Pragma("GCC unroll 2")
#else
#define SAI_BOTH_FEET
#endif

/* The drawn point p unscaled about the squash's pivot, one coordinate at a time (any p). */
static sa_vec2 unsquash_each(sa_squash s, sa_vec2 p) {
    const double x = (double)s.pivot.x + ((double)p.x - (double)s.pivot.x) / (double)s.sx;
    const double y = (double)s.pivot.y + ((double)p.y - (double)s.pivot.y) / (double)s.sy;
    return sai_v2(sai_narrow(x), sai_narrow(y));
}

/* A finite point p scaled about the squash's pivot (undo: the drawn point p unscaled), each
 * coordinate in double and clamped to the float range as sai_narrow() clamps it (a finite p
 * makes no NaN for it to turn into 0): both coordinates in one pass where SSE2 is there. */
SAI_INLINE sa_vec2 squash_finite(sa_squash s, sa_vec2 p, bool undo) {
#if defined(__SSE2__)
    const __m128d pivot = _mm_set_pd((double)s.pivot.y, (double)s.pivot.x);
    const __m128d scale = _mm_set_pd((double)s.sy, (double)s.sx);
    const __m128d d = _mm_sub_pd(_mm_set_pd((double)p.y, (double)p.x), pivot);
    const __m128d r = _mm_add_pd(pivot, undo ? _mm_div_pd(d, scale) : _mm_mul_pd(d, scale));
    const __m128d in_range =
        _mm_min_pd(_mm_max_pd(r, _mm_set1_pd(-(double)FLT_MAX)), _mm_set1_pd((double)FLT_MAX));
    const __m128 f = _mm_cvtpd_ps(in_range);
    return sai_v2(_mm_cvtss_f32(f), _mm_cvtss_f32(_mm_shuffle_ps(f, f, 1)));
#else
    return undo ? unsquash_each(s, p) : sai_squash_point_sane(s, p);
#endif
}

/* The drawn point p (squashed about the pivot) back in the unsquashed space the IK works in. */
SAI_INLINE sa_vec2 unsquash(sa_squash s, sa_vec2 p) {
    if (sai_figure_squash_none(s) && sai_v2_finite(p)) return p;
    return sai_v2_finite(p) ? squash_finite(s, p, true) : unsquash_each(s, p);
}

/* sai_figure_squash_point(s, p): p drawn, squashed about the pivot. */
SAI_INLINE sa_vec2 squash_drawn(sa_squash s, sa_vec2 p) {
    if (sai_figure_squash_none(s) && sai_v2_finite(p)) return p;
    return sai_v2_finite(p) ? squash_finite(s, p, false) : sai_squash_point_sane(s, p);
}

/* The square of `reach` for within_reach(), exact (a float's square fits a double); -1 when no
 * length is within it (a negative or NaN reach). */
static double reach_squared(float reach) {
    return reach >= 0.0f ? (double)reach * (double)reach : -1.0;
}

/* sai_v2_length(d) <= reach, without the square root while d is plainly within reach: the sum of
 * squares below is the one sai_hypotf() takes the root of, and the root of a sum at most reach²
 * rounds to at most reach, as a double and then as a float. Past reach², the length decides. */
SAI_INLINE bool within_reach(sa_vec2 d, float reach, double reach_sq) {
    const double x = (double)d.x, y = (double)d.y;
    return x * x + y * y <= reach_sq || sai_v2_length(d) <= reach;
}

/* World x of the drawn point p, the ground scrolled on to `scroll`. (Worked out where a rare
 * branch needs it, not ahead for every foot.) */
static double world_x(sa_vec2 p, double scroll) { return (double)p.x + scroll; }

/* World y of the game's ground under figure x (the body's feet point's without it). */
static float ground_world(const sa_figure *fig, float x) {
    return fig->body.position.y + sai_figure_ground_at(fig, x);
}

static bool stepping(const sa_figure_foot_lock *l) {
    return l->state == SAI_FOOT_STEP || l->state == SAI_FOOT_LANDING;
}

/* How fast a target rises, from `was` last frame to `want` now, dt later: units/s. (Asked only
 * where a step needs it, not ahead for every foot.) */
static float rise_speed(sa_vec2 was, sa_vec2 want, float dt) { return (was.y - want.y) / dt; }

/* The target rises faster than a foot coming down. */
static bool rising_fast(float up, float k) { return up > SAI_FEET_RISE * k; }

/* Where a held foot is drawn: at its world point (drawn x, `x`), at the motion's height, but
 * while its lift waits (lifts[] with the foot still held) no higher than the rise that lifts it. */
static sa_vec2 held_at(const sa_figure_foot_lock *l, float x, sa_vec2 want, float k) {
    return sai_v2(x, sai_fmaxf(want.y, l->from_y - SAI_FEET_LIFT * k));
}

/* How far from its target a held foot steps, k units: less once its target has stood still a
 * while. */
static float step_distance(const sa_figure_foot_lock *l) {
    return l->time > SAI_FEET_STILL ? SAI_FEET_SETTLE : SAI_FEET_STEP_AT;
}

/* What is left of a step's way, 1 → 0. */
static float step_rest(const sa_figure_foot_lock *l) {
    return 1.0f - sai_smooth(sai_saturate(l->time / l->duration));
}

/* A step's drawn height this frame: its motion's, with what is left of the start's offset (a
 * landing: of the height it comes down from, offset.y), and at least the arc's clearance (a step
 * through the air, lift 0, has no ground to clear: a swimmer's feet hang below the ground's
 * line). */
SAI_INLINE float step_y(const sa_figure_foot_lock *l, sa_vec2 want) {
    const float rest = step_rest(l);
    const float y = l->state == SAI_FOOT_LANDING ? want.y + (l->offset.y - want.y) * rest
                                                 : want.y + l->offset.y * rest;
    if (!(l->lift > 0.0f)) return y;
    const float arc = -l->lift * sai_sinf(SA_PI * sai_saturate(l->time / l->duration));
    /* The arc clears the ground's line, or the foot's own height where that is below it, from
     * where the step began (from_y) to its target: a swimmer's foot, as the body stands up out
     * of the water with the swim still fading out, neither jumps up onto the line as the step
     * begins nor drops back to its target as it ends. */
    const float line = sai_fmaxf(0.0f, want.y + (l->from_y - want.y) * rest);
    return sai_fminf(y, arc + line);
}

/* Where a step's way starts this frame, world x, at height y on its way to `to` (the motion's
 * target, or where it lands). On the ground: where the foot left it, fixed in the world, so the
 * foot never skims the ground; from 2.5 units up: the offset the step started with, so the foot
 * goes with its motion over a ground scrolling past. */
static double step_from(const sa_figure_foot_lock *l, double to, float y, float band) {
    if (l->state == SAI_FOOT_LANDING) return l->from;
    /* (a step through the air goes with its motion at any height) */
    const double a =
        l->lift > 0.0f ? (double)sai_saturate((-y - 0.5f * band) / (2.0f * band)) : 1.0;
    return to + a * (double)l->offset.x + (1.0 - a) * (l->from - to);
}

/* A step's world x this frame: toward `to` with what is left of its way. */
static double step_x(const sa_figure_foot_lock *l, double to, float y, float band) {
    return to + (step_from(l, to, y, band) - to) * (double)step_rest(l);
}

/* A step from the drawn point at, `offset` away from where its motion wants it, that began
 * `late` seconds ago (within this frame), so steps start at the same moment at any frame rate. */
static void start_step(sa_figure_foot_lock *l, double scroll, sa_vec2 at, sa_vec2 offset,
                       float late, float k) {
    l->from = (double)at.x + scroll;
    l->from_y = at.y;
    l->offset = offset;
    const float d = sai_v2_length(offset) / k;
    l->state = SAI_FOOT_STEP;
    l->time = late;
    l->duration = sai_fminf(SAI_FEET_STEP_TIME + d * SAI_FEET_STEP_PER, SAI_FEET_STEP_LONGEST);
    l->lift = sai_clamp(d * SAI_FEET_STEP_ARC, SAI_FEET_STEP_CLEAR, SAI_FEET_STEP_HIGH) * k;
}

/* Foot i's contact, its lock `held` with the foot drawn at height y: planted once on the ground,
 * until the hold ends or the foot rises clearly off it. */
SAI_INLINE void write_contact(sa_figure *fig, int i, bool held, float y, float k) {
    const float ground = fig->pose.contact[i].planted ? SAI_FEET_UNPLANT : SAI_FEET_GROUND;
    fig->pose.contact[i].planted = held && y >= -ground * k;
    fig->pose.contact[i].x = fig->feet[i].x;
}

/* sai_fmaxf(a, b) without a branch on which is greater (a held foot's target goes up and down as
 * it likes, so such a branch is a coin toss): a > b ? a : b is one maxss, and a NaN b gives a. */
static float fmax_select(float a, float b) {
    const float greater = a > b ? a : b;
    return b != b ? a : greater;
}

/* A held foot the motion lifted before this sub-step: its target then (last_y) was out of the band,
 * or risen by the lift from its lowest (from_y, as the sub-step found it). Its lift waits. */
static bool lift_waits(bool held, float last_y, float from_y, float band, float k) {
    return held && (last_y < -band || from_y - last_y > SAI_FEET_LIFT * k);
}

/* How long ago, within the sub-step dt, a held foot's lift began: when its target left the
 * ground, never before the hold began (`held` ago: the foot was elsewhere then); a lift that
 * waited starts now (0). The target of a foot found held (held_before) left the ground as it rose
 * past the lift from its lowest (from_y, now at want_y; at last_y a sub-step ago), or as it left
 * the band, if that was earlier. (Asked only where a hold is let go, not ahead for every foot.) */
static float lift_ago(bool waited, bool held_before, float held, float from_y, float last_y,
                      float want_y, bool has_ground, float band, float k, float dt) {
    if (waited) return 0.0f;
    const float rise = from_y - want_y, rose = from_y - last_y;
    float late = held_before && rise > rose
                     ? dt * sai_saturate((rise - SAI_FEET_LIFT * k) / (rise - rose))
                     : 0.0f;
    const bool near = has_ground && want_y >= -band;
    if (!near && last_y >= -band && last_y > want_y)
        late = sai_fmaxf(late, dt * sai_saturate((-band - want_y) / (last_y - want_y)));
    return sai_fminf(late, held);
}

/* sai_figure_feet_step() with the ground under the body (`ground`) the whole sub-step of dt, or
 * since its last `grounded` seconds. */
static void feet_step(sa_figure *fig, sa_figure_params *p, float dt, double scroll, float turning,
                      bool holds, bool targets, float grounded, bool ground) {
    const sa_figure_config *cfg = &fig->config;
    const float k = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const float band = SAI_FEET_BAND * k;
    const float speed = sai_narrow((scroll - fig->scroll) / (double)dt);
    /* A body in the air, in water or on a ladder has no ground under it: nothing is held. */
    const sa_figure_body *body = &fig->body;
    const bool has_ground = ground && holds;
    /* (in the water or on a ladder the ground is not under the body, but in a sub-step's part
     * before the body left it) */
    const bool no_arc = !has_ground && sai_figure_steps_without_ground(fig);
    fig->scroll = scroll;
    /* Uneven ground: the motions stand on a flat ground; the pelvis lowers so the foot on the
     * lower ground stays in reach (and rises a little over a hump), and below every foot is put
     * on the game's ground, its height above the ground kept. */
    /* (without the game's ground, sai_figure_ground_at() and _highest() are 0 everywhere) */
    const bool game_ground = body->active && body->ground_given;
    /* (on flat ground the lowering is 0, which the clamp keeps: a valid config's hip height is
     * positive; the 0 is still added, so a root at -0 comes out at +0) */
    if (has_ground && game_ground) {
        const float g = sai_fmaxf(sai_figure_ground_at(fig, p->foot[0].x),
                                  sai_figure_ground_at(fig, p->foot[1].x));
        p->root.y += sai_clamp(g, -SAI_FEET_HUMP * cfg->hip_height, SAI_FEET_DIP * cfg->hip_height);
    } else if (has_ground) {
        p->root.y += 0.0f;
    }
    /* The squash secondary.c applies last, about the ground under the pelvis. */
    const sa_squash sq = sai_figure_squash(sai_v2(p->root.x, 0.0f), p->squash);
    const sa_vec2 pelvis = sai_v2(p->root.x, p->root.y - cfg->hip_height);
    const float reach = cfg->thigh + cfg->shin - (SA_IK_LEG_MARGIN + SAI_FEET_SLACK) * k;
    const double reach_sq = reach_squared(reach);
    sa_vec2 want[2];      /* the motion's targets, drawn */
    sa_vec2 was[2];       /* ... last frame, in this frame's figure space (the ground has moved) */
    bool lifts[2];        /* the motion lifts a held foot */
    float down[2];        /* the foot came down this frame: how long ago, seconds (else 0) */
    float held[2];        /* how long within this frame the foot has been held, seconds */
    bool held_before[2];  /* the lock held as the sub-step found it (its lift waits? when?) */
    float from_before[2]; /* ... its from_y then */
    SAI_BOTH_FEET
    for (int i = 0; i < 2; ++i) {
        sa_figure_foot_lock *l = &fig->feet[i];
        held_before[i] = l->state == SAI_FOOT_HELD;
        from_before[i] = l->from_y;
        if (!(l->state < SAI_FOOT_STATES_)) l->state = SAI_FOOT_FREE;
        want[i] = squash_drawn(sq, p->foot[i]);
        const float over = (want[i].x - l->last_x) / dt + speed;
        const bool near = has_ground && want[i].y >= -band;
        /* While held, from_y is the lowest the target has been: how far it rose since then says
         * whether it lifts, at any frame rate. */
        if (l->state == SAI_FOOT_HELD) l->from_y = fmax_select(l->from_y, want[i].y);
        const float rise = l->from_y - want[i].y;
        /* (a rise is measured on a foot held already: a step's from_y is where it started) */
        lifts[i] = !near || (l->state == SAI_FOOT_HELD && rise > SAI_FEET_LIFT * k);
        was[i] = sai_v2(l->last_x - speed * dt, l->last_y);
        l->last_x = want[i].x;
        l->last_y = want[i].y;
        down[i] = 0.0f;
        held[i] = l->state == SAI_FOOT_HELD ? dt : 0.0f;
        if (stepping(l)) {
            const float up = rise_speed(was[i], want[i], dt);
            const bool rising = rising_fast(up, k);
            /* The other foot's lift waiting for this step to come down hurries it, by how far
             * its target is inside the ground's band (it fades out over the band's last
             * quarter). Not by the target's rise: a speed over a short sub-step moves far for a
             * hair's breadth of the target, and a new input's blend would take the hurry back
             * over the part of the sub-step the last frame showed. */
            /* (the other lock as the sub-step found it: foot 1's is untouched yet) */
            const sa_figure_foot_lock *other = &fig->feet[1];
            const bool other_waits =
                i == 0 ? lift_waits(other->state == SAI_FOOT_HELD, other->last_y, other->from_y,
                                    band, k)
                       : lift_waits(held_before[0], was[0].y, from_before[0], band, k);
            const float pace =
                other_waits && has_ground
                    ? 1.0f + (SAI_FEET_HURRY - 1.0f) *
                                 sai_saturate((want[i].y + band) / (SAI_FEET_EDGE * band))
                    : 1.0f;
            l->time += pace * dt;
            /* Past the middle of the step, a target back on the ground fixes where it lands
             * (from where the step is now, so it goes on smoothly). */
            if (l->state == SAI_FOOT_STEP && near && !rising && l->time >= 0.5f * l->duration) {
                l->from = step_from(l, world_x(want[i], scroll), step_y(l, want[i]), band);
                /* (it comes down from its height now, offset.y; the arc's line still runs from
                 * where the step began, from_y, so the drawn height goes on without a jump) */
                l->offset.y = want[i].y + l->offset.y;
                l->state = SAI_FOOT_LANDING;
                /* ... where the target was when both held, inside the sub-step: it came into the
                 * band, and the step was half done. */
                const float in =
                    was[i].y < -band ? (want[i].y + band) / (want[i].y - was[i].y) : 1.0f;
                /* (the nearer the target's rise to SAI_FEET_RISE, the nearer the sub-step's end:
                 * it may have stopped rising only just; and never before the ground came, as a
                 * hold) */
                const float ago = sai_fminf(sai_fminf(dt * sai_saturate(in), grounded),
                                            l->time - 0.5f * l->duration) *
                                  sai_saturate(1.0f - up / (SAI_FEET_RISE * k));
                l->to = world_x(want[i], scroll) +
                        (double)((was[i].x - want[i].x) * sai_saturate(ago / dt));
            } else if (l->state == SAI_FOOT_LANDING) {
                /* Coming down, it still goes with the target while it is off the ground. */
                /* ... by how high it is over the sub-step: at its start and at its end. */
                sa_figure_foot_lock start = *l;
                start.time -= pace * dt;
                const float a0 =
                    sai_saturate((-step_y(&start, was[i]) - 0.5f * band) / (2.0f * band));
                const float a1 = sai_saturate((-step_y(l, want[i]) - 0.5f * band) / (2.0f * band));
                const float a = 0.5f * (a0 + a1);
                /* a of the way per SA_FIGURE_SUBSTEP (every sub-step the figure carries on is
                 * one), and of a frame's end that is not a moment, the share of it gone by: the
                 * way drawn grows from nothing with the frame, however high the foot (a power
                 * of 1 - a jumped all the way at once at a = 1) */
                const float keep = 1.0f - a * sai_saturate(dt / SA_FIGURE_SUBSTEP);
                l->to += (world_x(want[i], scroll) - l->to) * (double)(1.0f - keep);
            }
            /* A target lifting again before the foot is down: the foot goes with it. */
            if (l->state == SAI_FOOT_LANDING && (!near || rising) && l->time < l->duration) {
                const float y = step_y(l, want[i]);
                const sa_vec2 at = sai_v2(sai_narrow(step_x(l, l->to, y, band) - scroll), y);
                start_step(l, scroll, at, sai_v2_sub(at, want[i]), 0.0f, k);
                if (no_arc) l->lift = 0.0f;
            }
            if (!(l->time < l->duration)) {
                if (l->state == SAI_FOOT_LANDING) {
                    l->x = l->to;
                    l->ground = ground_world(fig, sai_narrow(l->x - scroll));
                    l->from_y = want[i].y;
                    down[i] = sai_fminf(l->time - l->duration, dt);
                    held[i] = down[i];
                    l->time = 0.0f;
                }
                l->state = l->state == SAI_FOOT_LANDING ? SAI_FOOT_HELD : SAI_FOOT_FREE;
            }
        }
        /* (only a free foot near the ground asks whether the leg reaches its target) */
        const bool free_near = l->state == SAI_FOOT_FREE && near;
        const bool reachable =
            free_near && within_reach(sai_v2_sub(p->foot[i], pelvis), reach, reach_sq);
        /* A target on the ground out of the leg's reach, moving over the ground: the guard holds
         * the foot just above it, so it would skim along; it steps clear instead. */
        if (free_near && !reachable && fabsf(over) > SAI_FEET_SKIM * k) {
            const sa_vec2 guard =
                sa_ik_reach_guard(pelvis, p->foot[i], cfg->thigh, cfg->shin, SA_IK_LEG_MARGIN * k);
            const sa_vec2 at = squash_drawn(sq, guard);
            start_step(l, scroll, at, sai_v2_sub(at, want[i]), 0.0f, k);
        }
        /* While held, time counts how long the target has stood still on the ground. */
        if (l->state == SAI_FOOT_HELD)
            l->time = fabsf(over) < SAI_FEET_STILL_V * k ? l->time + dt : 0.0f;
        if (l->state == SAI_FOOT_FREE && reachable) {
            /* Held where the target came within the band, during this frame (not before the
             * ground came: a body landing finds its foot where the last frame drew it). */
            const float in = was[i].y < -band ? (want[i].y + band) / (want[i].y - was[i].y) : 0.0f;
            const float f = sai_fminf(sai_saturate(in), grounded / dt);
            down[i] = dt * sai_saturate(f);
            held[i] = down[i];
            l->state = SAI_FOOT_HELD;
            l->x = world_x(want[i], scroll) + (double)((was[i].x - want[i].x) * sai_saturate(f));
            l->ground = ground_world(fig, sai_narrow(l->x - scroll));
            l->from_y = want[i].y;
            l->time = 0.0f;
        }
    }
    /* Let go of a hold the motion lifts or the leg cannot reach; step the held foot farthest
     * from its target when that is too far (only while the other is held and staying down). */
    int stepper = -1;
    float first = -1.0f, farthest = 0.0f;
    /* A held foot's drawn x: a foot held below was held here (nothing below starts a hold). */
    float held_x[2] = {0.0f, 0.0f};
    SAI_BOTH_FEET
    for (int i = 0; i < 2; ++i) {
        sa_figure_foot_lock *l = &fig->feet[i];
        if (l->state != SAI_FOOT_HELD) continue;
        held_x[i] = sai_narrow(l->x - scroll);
        sa_vec2 at = sai_v2(held_x[i], want[i].y);
        /* (a lift that waits holds the foot lower than its target: reached there, or it steps) */
        const sa_vec2 drawn = lifts[i] ? held_at(l, held_x[i], want[i], k) : at;
        const bool reachable =
            within_reach(sai_v2_sub(unsquash(sq, drawn), pelvis), reach, reach_sq);
        /* (whether a lift waited, and how long ago it began, only for a hold let go) */
        const bool waited =
            lifts[i] && lift_waits(held_before[i], was[i].y, from_before[i], band, k);
        /* The motion lifts this foot while the other is off the ground on a step the motion does
         * not make (its target is on the ground): the lift waits until that step is down, the
         * foot held no higher than the lift-off rise, so both feet are never off the ground at
         * once unless the motion lifts both. (The other's target is looked at as the lift came,
         * not at the sub-step's end: a frame ending a moment later must not turn a step begun
         * into a lift that waits.) */
        const int o = 1 - i;
        if (lifts[i] && reachable && stepping(&fig->feet[o]) &&
            !rising_fast(rise_speed(was[o], want[o], dt), k) && has_ground) {
            const float ago = lift_ago(waited, held_before[i], held[i], l->from_y, was[i].y,
                                       want[i].y, has_ground, band, k, dt);
            if (sai_lerp(want[o].y, was[o].y, ago / dt) >= -band) continue;
        }
        if (lifts[i] || !reachable) {
            /* The step's offset is from where the target was when it left the ground, whatever
             * the frame rate, so the step starts where the foot is; a lift that waited starts
             * from where the foot waited. */
            const float ago = lift_ago(waited, held_before[i], held[i], l->from_y, was[i].y,
                                       want[i].y, has_ground, band, k, dt);
            const sa_vec2 then = sai_v2_lerp(want[i], was[i], ago / dt);
            if (waited) at = held_at(l, held_x[i], want[i], k);
            start_step(l, scroll, at, sai_v2(at.x - then.x, waited ? at.y - then.y : 0.0f), ago, k);
            if (no_arc) l->lift = 0.0f;
            continue;
        }
        const float off = fabsf(at.x - want[i].x) / k, before = fabsf(at.x - was[i].x) / k;
        /* The other foot held and staying down (its motion not lifting it, nor lifting it only
         * later in this sub-step's loop), so this step never leaves both feet in the air. */
        const bool other_held = fig->feet[1 - i].state == SAI_FOOT_HELD && !lifts[1 - i];
        const float step_at = step_distance(l);
        if (!(off > step_at && other_held)) continue;
        /* When it became due: the later of when it got too far (during this sub-step, where the
         * offset crossed the line, or before it) and when the other foot came down, and not
         * before its own hold began; the earlier due steps, else the farther. */
        const float f = before < step_at && off > before ? (off - step_at) / (off - before) : 1.0f;
        const float ago = sai_fminf(sai_fminf(dt * sai_saturate(f), held[1 - i]), held[i]);
        /* A turn around keeps its feet where they stand; they step into the new stance after. (A
         * step due before the turn began, in the part of the sub-step the last frame showed
         * before the input turning it, starts as that frame showed it starting.) */
        if (turning > 0.0f && !(ago > turning)) continue;
        if (ago > first || (ago == first && off > farthest)) {
            stepper = i;
            first = ago;
            farthest = off;
        }
    }
    /* Both feet about as far from their targets (the motion moves both on at once, often
     * mirrored): which one became due a moment earlier hangs on the smallest difference, so the
     * order is chosen from the motion instead: the foot stepping forward, or when both go the
     * same way, the one behind (it steps past the other). Both are looked at when the first
     * became due, and the one chosen steps from then, so the choice does not flip between frame
     * rates nor with a slightly longer frame. */
    if (stepper >= 0 && fig->feet[1 - stepper].state == SAI_FOOT_HELD) {
        float d[2], x[2];
        for (int i = 0; i < 2; ++i) {
            x[i] = sai_narrow(fig->feet[i].x - scroll);
            d[i] = sai_v2_lerp(want[i], was[i], first / dt).x - x[i];
        }
        /* (the other, held, is nearly due this far off, k units; not while its lift waits) */
        const int j = 1 - stepper;
        const float nearly =
            lifts[j] ? INFINITY : (step_distance(&fig->feet[j]) - SAI_FEET_TIE) * k;
        if (fabsf(d[j]) > nearly) {
            const int pick = (d[0] > 0.0f) != (d[1] > 0.0f) ? (d[0] > 0.0f ? 0 : 1)
                             : d[0] > 0.0f                  ? (x[0] < x[1] ? 0 : 1)
                                                            : (x[0] > x[1] ? 0 : 1);
            if (pick != stepper) {
                stepper = pick;
                first = sai_fminf(first, held[pick]);
            }
        }
    }
    if (stepper >= 0) {
        const int i = stepper;
        sa_figure_foot_lock *l = &fig->feet[i];
        const sa_vec2 at = sai_v2(sai_narrow(l->x - scroll), want[i].y);
        const sa_vec2 then = sai_v2_lerp(want[i], was[i], first / dt);
        start_step(l, scroll, at, sai_v2_sub(at, then), first, k);
    }
    SAI_BOTH_FEET
    for (int i = 0; i < 2; ++i) {
        sa_figure_foot_lock *l = &fig->feet[i];
        sa_vec2 at = want[i];
        if (l->state == SAI_FOOT_HELD) {
            at = lifts[i] ? held_at(l, held_x[i], want[i], k) : sai_v2(held_x[i], at.y);
        } else if (!targets) {
            at.y = 0.0f; /* (a contact's, which only a held foot's height plants) */
        } else if (stepping(l)) {
            const double to = l->state == SAI_FOOT_LANDING ? l->to : (double)want[i].x + scroll;
            at.y = step_y(l, want[i]);
            at.x = sai_narrow(step_x(l, to, at.y, band) - scroll);
        }
        if (!targets) {
            write_contact(fig, i, l->state == SAI_FOOT_HELD, at.y, k);
            continue;
        }
        /* A held foot stays at the world height it came down at; the others go by the ground
         * under them. */
        const bool anchored = l->state == SAI_FOOT_HELD && body->ground_given;
        float ground_y = 0.0f;
        if (has_ground && anchored) {
            ground_y = l->ground - body->position.y;
        } else if (has_ground && game_ground) {
            /* In the air it clears the highest ground near it (the straight line between two
             * probes would cut a stair's edge); coming down, the ground under it. (Without the
             * game's ground both are 0, and so, exactly, is ground_y.) */
            const float flat = sai_figure_ground_at(fig, at.x);
            const float high =
                sai_figure_ground_highest(fig, at.x, SAI_FEET_CLEAR * cfg->hip_height);
            ground_y = flat + (high - flat) * sai_saturate(-at.y / (SAI_FEET_CLEAR_UP * k));
        }
        if (l->state != SAI_FOOT_FREE || ground_y != 0.0f) {
            const sa_vec2 target = unsquash(sq, sai_v2(at.x, at.y + ground_y));
            if (sai_v2_finite(target)) p->foot[i] = target;
        }
        write_contact(fig, i, l->state == SAI_FOOT_HELD, at.y, k);
    }
}

/* The ground left the body `until` into the sub-step (a take-off, a ladder, the water, a ledge),
 * at the input of a frame: the part before it, which the last frame showed, is stepped on the
 * ground it showed, to the motion's parameters then (what that frame showed: the new input's
 * first moment lifts no foot there), and the rest without it. So a foot the last frame showed
 * held, or coming down, is let go from there, not from where it would have been had the ground
 * never been there. (Out of line: it comes once a take-off, and so the usual sub-step's call needs
 * no stack frame of its own.) */
SAI_COLD_FN void feet_step_ground_left(sa_figure *fig, sa_figure_params *p, float h, double scroll,
                                       float turning, bool targets,
                                       const sai_figure_feet_ground *g) {
    sa_figure_params then = g->then ? *g->then : *p;
    if (!g->then) {
        const float s = g->until / h;
        const sa_squash sq = sai_figure_squash(sai_v2(p->root.x, 0.0f), p->squash);
        for (int i = 0; i < 2; ++i) {
            const sa_vec2 last = unsquash(sq, sai_v2(fig->feet[i].last_x, fig->feet[i].last_y));
            then.foot[i] = sai_v2_lerp(last, p->foot[i], s);
        }
    }
    /* (the turn, under way for the sub-step's last `turning` seconds, in each part) */
    const float rest = h - g->until;
    feet_step(fig, &then, g->until, g->until_scroll, sai_fmaxf(turning - rest, 0.0f), true, false,
              g->until, true);
    feet_step(fig, p, rest, scroll, sai_fminf(turning, rest), true, targets, 0.0f, false);
}

void sai_figure_feet_step(sa_figure *fig, sa_figure_params *p, float h, double scroll,
                          float turning, bool holds, bool targets,
                          const sai_figure_feet_ground *g) {
    const bool ground = sai_figure_has_ground(fig);
    if (ground || !holds || !(g->until > 0.0f && g->until < h))
        feet_step(fig, p, h, scroll, turning, holds, targets, g->since, ground);
    else
        feet_step_ground_left(fig, p, h, scroll, turning, targets, g);
}

void sai_figure_feet_carried(sa_figure *fig, const sa_figure_foot_lock *kept) {
    for (int i = 0; i < 2; ++i) {
        sa_figure_contact *c = &fig->pose.contact[i];
        if (c->planted && kept[i].state != SAI_FOOT_HELD) {
            c->planted = false;
            c->x = kept[i].x;
        }
    }
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
    fig->pose.airborne = false;
}

/* Where the locks draw foot l following its motion to `want` (drawn), the ground scrolled on to
 * `scroll`: at the target, or on its step's way to it (or to where it lands). */
static sa_vec2 drawn_following(const sa_figure_foot_lock *l, sa_vec2 want, double scroll,
                               float band) {
    if (!stepping(l)) return want;
    const double to = l->state == SAI_FOOT_LANDING ? l->to : (double)want.x + scroll;
    const float y = step_y(l, want);
    return sai_v2(sai_narrow(step_x(l, to, y, band) - scroll), y);
}

/* Foot i's target of the parameters p, drawn (squashed as feet_step() draws it). */
static sa_vec2 drawn_target(const sa_figure_params *p, int i) {
    const sa_squash sq = sai_figure_squash(sai_v2(p->root.x, 0.0f), p->squash);
    return sai_figure_squash_point(sq, p->foot[i]);
}

void sai_figure_feet_mirror(sa_figure *fig, const sai_figure_mirror *m, float at) {
    const float swim = m->swim;
    /* (how far the sub-step has gone from the last targets to its end's) */
    const float u = m->p && m->h > 0.0f ? sai_saturate(at / m->h) : 0.0f;
    const float k = fig->config.hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const double scroll = fig->scroll;
    const float band = SAI_FEET_BAND * k;
    fig->scroll = -fig->scroll;
    fig->pose.scroll = -fig->pose.scroll; /* (the figure's own space during an update) */
    for (int i = 0; i < 2; ++i) {
        sa_figure_foot_lock *l = &fig->feet[i];
        /* A foot following its motion (or stepping with it) is, in the turned figure's space,
         * where the unturned figure drew it, mirrored: it steps from there onto the motion's
         * target (the same in the figure's own space), so it does not jump to the other side. A
         * step's way partly done is not a mirror of its offset: it starts again from there. So
         * does a foot coming down still off the ground: where it lands goes with the motion's
         * target there, which is now on the other side. */
        /* (the motion's target at the middle: between the last one and the sub-step's end's) */
        const sa_vec2 last = sai_v2(l->last_x, l->last_y);
        const sa_vec2 want = u > 0.0f ? sai_v2_lerp(last, drawn_target(m->p, i), u) : last;
        const bool high = l->state == SAI_FOOT_LANDING && step_y(l, want) < -0.5f * band;
        if (l->state == SAI_FOOT_FREE || l->state == SAI_FOOT_STEP || high) {
            const sa_vec2 was = drawn_following(l, want, scroll, band);
            /* A swimmer's feet narrow with the body (sai_figure_swim_share): drawn on its middle
             * here, they go on with their motion, where a step from the far side of the body
             * would swing them through it. The share of the feet kept in place needs the step
             * to stay where it is drawn, so it is taken in full but for the last 5% of a swim
             * (the place then (1 - swim) * (1 - carry) of the mirror apart: at most 1.25%). */
            const float carry = sai_saturate((1.0f - swim) * 20.0f);
            const sa_vec2 offset = sai_v2_scale(sai_v2(-was.x - want.x, was.y - want.y), carry);
            start_step(l, fig->scroll, sai_v2_add(want, offset), offset, 0.0f, k);
            if (m->no_arc) l->lift = 0.0f;
            continue;
        }
        /* World points mirror. */
        l->x = -l->x;
        l->from = -l->from;
        l->to = -l->to;
    }
}

bool sai_figure_feet_down_at(const sa_figure *fig, int i, float *x) {
    const sa_figure_foot_lock *l = &fig->feet[i];
    if (l->state == SAI_FOOT_HELD) *x = sai_narrow(l->x - fig->scroll);
    if (l->state == SAI_FOOT_LANDING) *x = sai_narrow(l->to - fig->scroll);
    return l->state == SAI_FOOT_HELD || l->state == SAI_FOOT_LANDING;
}
