#include "pipeline.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "internal/scalar.h"
#include "internal/spring_step.h"
#include "internal/verlet_hair.h"
#include "internal/verlet_lanes.h"

/* How much of the chest's changes of velocity swing the head about the top of the spine: 1 would
 * be a rigid pendulum, which the jump's take-off (the chest reaches about 1800 units/s within
 * 1/60 s) throws to the cone's edge; half of it nods up to about 30° and never reaches the edge. */
#define SAI_HEAD_INERTIA 0.5f
/* Fastest the ground lifts a head found in it, units/s at the reference size: as the ragdoll's
 * joints rise out of a ground that came up (ragdoll.c), so nothing jumps. */
#define SAI_HEAD_RISE 900.0f

/* Angle of d from straight up, radians, positive toward +x (forward); y points down. */
SAI_INLINE float up_angle(sa_vec2 d) { return sai_atan2f(d.x, -d.y); }
/* a in [−π, π]; NaN is 0. (Within ±π, half the period, remainderf gives a itself.) */
static float wrap_angle(float a) {
    if (fabsf(a) <= SA_PI) return a;
    return sai_finite(a) ? remainderf(a, 2.0f * SA_PI) : 0.0f;
}

/* The back of the head, a little above its centre, where the hair is pinned; up is the neck's
 * direction. */
static sa_vec2 hair_pin(sa_vec2 head, sa_vec2 up, float head_radius) {
    const sa_vec2 fwd = sai_v2(-up.y, up.x);
    return sai_v2_add(head, sai_v2_add(sai_v2_scale(fwd, -0.9f * head_radius),
                                       sai_v2_scale(up, 0.3f * head_radius)));
}

SAI_INLINE float spine_angle(const sa_vec2 *j) {
    return up_angle(sai_v2_sub(j[SA_FIGURE_JOINT_CHEST], j[SA_FIGURE_JOINT_PELVIS]));
}

/* The neck's angle from the spine's direction in the solved pose j. */
SAI_INLINE float pose_tilt(const sa_vec2 *j, float spine) {
    return wrap_angle(up_angle(sai_v2_sub(j[SA_FIGURE_JOINT_NECK], j[SA_FIGURE_JOINT_CHEST])) -
                      spine);
}

void sai_figure_head_from_pose(sa_figure *fig, const sa_vec2 *j) {
    sa_figure_head *h = &fig->head;
    const float spine = spine_angle(j), tilt = pose_tilt(j, spine);
    if (!sai_finite(spine) || !sai_finite(tilt) || !sai_v2_finite(j[SA_FIGURE_JOINT_CHEST]))
        return; /* (the spring as it is: the frame's check repairs what is not finite) */
    h->spine = spine;
    h->tilt.pos = sai_clamp(tilt, -SA_FIGURE_NECK_CONE, SA_FIGURE_NECK_CONE);
    h->chest = j[SA_FIGURE_JOINT_CHEST];
}

void sai_figure_rest_secondary(sa_figure *fig, const sa_vec2 *j) {
    sa_figure_head *h = &fig->head;
    h->spine = spine_angle(j);
    h->target = pose_tilt(j, h->spine);
    h->tilt = sa_spring1_at_rest(sai_clamp(h->target, -SA_FIGURE_NECK_CONE, SA_FIGURE_NECK_CONE));
    h->spine_rate = 0.0f;
    h->chest = j[SA_FIGURE_JOINT_CHEST];
    h->chest_vel = sai_v2(0.0f, 0.0f);
    h->hair_accel = sa_verlet_hair_accel(0.0f, 0.0f);
    const sa_vec2 up = sai_figure_up_dir(h->spine + h->tilt.pos);
    const sa_vec2 head =
        sai_v2_add(h->chest, sai_v2_scale(up, fig->config.neck + fig->config.head_radius));
    (void)sa_verlet_chain_init(fig->hair, SA_VERLET_HAIR_POINTS,
                               hair_pin(head, up, fig->config.head_radius), sai_v2(-0.3f, 1.0f),
                               fig->config.hair_spacing);
}

/* Most the hair bends at a point, radians: a tuft, not a string, so it never folds back on itself
 * (a fold draped over the head would hang there, and which way it folds depends on the frame
 * rate). */
#define SAI_HAIR_MAX_BEND 1.5707963f
/* Pull of the hair's points toward their resting line, 1/s² (see spring_back). */
#define SAI_HAIR_SHAPE_STIFFNESS 500.0f

/* GCC joins a point's new pos and prev into one store of four floats; the collision right after
 * reads them back a float or two at a time, which the processor does not forward from the wider
 * store while it waits to be written (the running hair, whose collision is short, was 1-4% slower a
 * frame). Stored as floats, each load takes its value from its own store. */
#if defined(__GNUC__) && !defined(__clang__)
#define SAI_FLOAT_STORES __attribute__((optimize("no-tree-slp-vectorize")))
#else
#define SAI_FLOAT_STORES
#endif

/* Each segment turned, when it bends more than SAI_HAIR_MAX_BEND from the one before, to that
 * bend; the points after it move along and every point keeps its velocity. */
SAI_FLOAT_STORES static void limit_bend(sa_verlet_point *pts, int n) {
    /* sai_cosf(SAI_HAIR_MAX_BEND) and sai_sinf(SAI_HAIR_MAX_BEND), bit for bit (printed with %a) */
    const float c = 0x1.4442d2p-24f, s = 1.0f;
    sa_vec2 lead_old = pts[1].pos;
    for (int i = 2; i < n; ++i) {
        const sa_vec2 d0 = sai_v2_sub(pts[i - 1].pos, pts[i - 2].pos);
        const sa_vec2 old = pts[i].pos;
        sa_vec2 d1 = sai_v2_sub(old, lead_old);
        lead_old = old;
        /* Clearly less bent than a right angle (their dot product at least 1/1000 of the sum of
         * their squares, so at least 1/500 of the product of their lengths: rounding is orders
         * of magnitude below that), as nearly always: the test below keeps d1 as it is. */
        const float dot = d0.x * d1.x + d0.y * d1.y;
        const float squares = (d0.x * d0.x + d0.y * d0.y) + (d1.x * d1.x + d1.y * d1.y);
        const bool straight_enough = dot > 1e-3f * squares;
        const float l0 = straight_enough ? 0.0f : sai_v2_length(d0);
        const float l1 = straight_enough ? 0.0f : sai_v2_length(d1);
        if (l0 > 1e-6f && l1 > 1e-6f && sai_finite(l0) && sai_finite(l1)) {
            const sa_vec2 u = sai_v2_scale(d0, 1.0f / l0);
            const float along = sai_v2_dot(u, d1), across = u.x * d1.y - u.y * d1.x;
            if (along < c * l1) { /* bent more than the limit: turn it to the limit, same side */
                const float side = across < 0.0f ? -s : s;
                d1 = sai_v2_scale(sai_v2(u.x * c - u.y * side, u.y * c + u.x * side), l1);
            }
        }
        const sa_vec2 q = sai_v2_add(pts[i - 1].pos, d1);
        pts[i].prev = sai_v2_add(pts[i].prev, sai_v2_sub(q, old));
        pts[i].pos = q;
    }
}

/* Each free point pulled toward where it would hang at rest, straight from the pin along the
 * acceleration: zero in the steady streaming or hanging, but it slides the tuft off the head when
 * it lies balanced over it (a rope over a ball rests; a tuft springs back). */
static void spring_back(sa_verlet_point *pts, int n, sa_vec2 pin, sa_vec2 accel, float spacing,
                        float h) {
    const float k = SAI_HAIR_SHAPE_STIFFNESS * h / 60.0f; /* velocity is (pos - prev) * 60 */
    const float l = sai_v2_length(accel);
    const sa_vec2 dir =
        l > 1e-6f && sai_finite(l) ? sai_v2_scale(accel, 1.0f / l) : sai_v2(0.0f, 1.0f);
    for (int i = 1; i < n; ++i) {
        const sa_vec2 rest = sai_v2_add(pin, sai_v2_scale(dir, spacing * (float)i));
        pts[i].prev = sai_v2_sub(pts[i].prev, sai_v2_scale(sai_v2_sub(rest, pts[i].pos), k));
    }
}

/* The radius scale of a squash already sane, as sai_squash_make() returns it: what
 * sai_squash_radius_scale() gives, without making it sane again. */
SAI_INLINE float sane_radius_scale(sa_squash sq) { return 0.5f * (sq.sx + sq.sy); }

/* hair_clearance() of a squashed head (squash not 1). */
static float squashed_hair_clearance(float head_radius, float squash) {
    const sa_squash sq = sai_squash_make(sai_v2(0.0f, 0.0f), squash, SA_SQUASH_K);
    /* (fminf() without the call: the scales are in [SA_SQUASH_SCALE_MIN, SA_SQUASH_SCALE_MAX],
     * neither NaN nor zero) */
    const float lo = sq.sx < sq.sy ? sq.sx : sq.sy;
    return lo > 0.0f ? head_radius * sane_radius_scale(sq) / lo : head_radius;
}

/* The radius the hair keeps from the head's centre before squash, so that after squash it is
 * outside the drawn circle of radius r·(sx + sy)/2: squash shortens no distance below min(sx, sy)
 * times itself. */
SAI_INLINE float hair_clearance(float head_radius, float squash) {
    if (squash == 1.0f) return head_radius; /* sx = sy = 1 */
    return squashed_hair_clearance(head_radius, squash);
}

/* sa_verlet_chain_init(pts, SA_VERLET_HAIR_POINTS, pin, (0, 1), spacing) for a spacing the config
 * validated, bit for bit, without its checks and the direction's normalisation (a frame without
 * hair lays it out at every sub-step). */
SAI_INLINE void hang_hair(sa_verlet_point *pts, sa_vec2 pin, float spacing) {
    pin = sai_v2_finite_or(pin, sai_v2(0.0f, 0.0f));
    /* (pin.x + 0·d as the call adds it: a -0 pin becomes +0. The spacing is positive and finite,
     * so 0·d is +0 at every point: one sum for all.) */
    const float x = pin.x + 0.0f;
#if SAI_HAS_LANES
    /* The four points' y in one vector's lanes (each the same sum), and each point's pos and prev
     * one store of four floats. */
    _Static_assert(SA_VERLET_HAIR_POINTS == 4, "hang_hair() lays out four points");
    const sai_f4 at = {0.0f, 1.0f, 2.0f, 3.0f};
    const sai_f4 y = sai_f4_splat(pin.y) + sai_f4_splat(spacing) * at, xs = sai_f4_splat(x);
    const sai_f4 first = SAI_SHUFFLE(xs, y, 0, 4, 1, 5), last = SAI_SHUFFLE(xs, y, 2, 6, 3, 7);
    sai_f4_store(&pts[0], SAI_SHUFFLE(first, first, 0, 1, 0, 1));
    sai_f4_store(&pts[1], SAI_SHUFFLE(first, first, 2, 3, 2, 3));
    sai_f4_store(&pts[2], SAI_SHUFFLE(last, last, 0, 1, 0, 1));
    sai_f4_store(&pts[3], SAI_SHUFFLE(last, last, 2, 3, 2, 3));
#else
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        pts[i].pos = sai_v2(x, pin.y + spacing * (float)i);
        pts[i].prev = pts[i].pos;
    }
#endif
}

/* sai_figure_up_dir(a), from *dir when it holds a itself (the same float: sincos is a function of
 * it). */
SAI_INLINE sa_vec2 head_up(const sai_figure_head_dir *dir, float a) {
    uint32_t was, now;
    memcpy(&was, &dir->angle, sizeof was);
    memcpy(&now, &a, sizeof now);
    return dir->known && was == now ? dir->up : sai_figure_up_dir(a);
}

/* A body lying on the ground rests its head on it: the head's angle a from straight up (spine plus
 * tilt) brought toward straight up until the head's circle is out of the ground the ragdoll lies
 * on (sai_figure_ground_at(), as the ragdoll's joints), by at most SAI_HEAD_RISE over the h
 * seconds (a ground that came up lifts the head, never pops it out), and the tilt's speed into
 * the ground taken out, as the neck's cone does at its edge. */
static void rest_head_on_ground(const sa_figure *fig, sa_vec2 chest, float spine, float h,
                                sa_spring1 *tilt) {
    const sa_figure_config *cfg = &fig->config;
    const float r = cfg->head_radius, reach = cfg->neck + r;
    const float a = wrap_angle(spine + tilt->pos);
    const sa_vec2 head = sai_v2_add(chest, sai_v2_scale(sai_figure_up_dir(a), reach));
    const float lowest = sai_figure_ground_at(fig, head.x) - r; /* the centre's, y down */
    if (!(head.y > lowest)) return; /* (clear of it, or not finite: as it is) */
    /* The centre is at chest.y - reach cos(a): clear while cos(a) >= (chest.y - lowest) / reach. */
    const float most = sai_acosf(sai_clamp((chest.y - lowest) / reach, -1.0f, 1.0f));
    const float k = cfg->hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    const float turn = sai_fminf(fabsf(a) - most, SAI_HEAD_RISE * k * h / reach);
    tilt->pos = wrap_angle((a < 0.0f ? turn : -turn) + tilt->pos);
    tilt->vel = a < 0.0f ? sai_fmaxf(tilt->vel, 0.0f) : sai_fminf(tilt->vel, 0.0f);
}

/* sai_verlet_hair_accel(speed, 0.0f), bit for bit: its double sum K·speed + 0 holds the exact
 * product of the two floats, rounded once to float, as the float product rounds it; so a finite
 * float product plus 0 (a -0 product is +0 in both) is the wind, and only a product beyond the
 * range or not a number (a speed not finite) takes the double's path. */
SAI_INLINE sa_vec2 hair_wind_accel(float speed) {
    const float wind = SA_VERLET_WIND_PER_SPEED * speed + 0.0f;
    return sai_finite(wind) ? sai_v2(-wind, SA_VERLET_GRAVITY) : sai_verlet_hair_accel(speed, 0.0f);
}

/* Head and hair over one sub-step of h seconds to the body p, its spine in j leaning by `spine`
 * and its neck by `target` from it (radians from straight up). The head is
 * a spring on the neck's tilt from the spine (docs of sa_figure_head): the body's changes of
 * turning and of velocity since the last sub-step reach it as kicks; the damping works in figure
 * space, so its target leads by −c·(spine rate)/k. Moves the neck and head of j. */
SAI_INLINE void secondary_with(sa_figure *fig, const sa_figure_params *p, sa_vec2 *j, float h,
                               sai_figure_head_dir *dir, sai_hair_log *hair, float spine,
                               float target, bool lying) {
    const sa_figure_config *cfg = &fig->config;
    sa_figure_head *hd = &fig->head;
    const float reach = cfg->neck + cfg->head_radius;
    const sa_vec2 chest = j[SA_FIGURE_JOINT_CHEST];
    const float turn = wrap_angle(spine - hd->spine);
    /* Rates are measured over steps the verlet chain counts as time; over shorter ones rounding
     * would dominate, so the body keeps the rates it had. */
    const bool measured = h >= SA_VERLET_MIN_DT;
    const float spine_rate = measured ? turn / h : hd->spine_rate;
    const sa_vec2 vel =
        measured ? sai_v2_scale(sai_v2_sub(chest, hd->chest), 1.0f / h) : hd->chest_vel;
    const sa_vec2 lurch = sai_v2_sub(vel, hd->chest_vel);
    /* (up_turn(a) is (cos a, sin a): the last sub-step's sai_figure_up_dir(a) = (sin a, -cos a)
     * turned) */
    const sa_vec2 was_up = head_up(dir, hd->spine + hd->tilt.pos);
    hd->tilt.vel -= (spine_rate - hd->spine_rate) +
                    SAI_HEAD_INERTIA * sai_v2_dot(sai_v2(-was_up.y, was_up.x), lurch) / reach;
    const float lead = cfg->head_damping * spine_rate / cfg->head_stiffness;
    sai_spring1_step(&hd->tilt, target - lead, cfg->head_stiffness, cfg->head_damping, h);
    if (lying) rest_head_on_ground(fig, chest, spine, h, &hd->tilt);
    if (!(hd->tilt.pos > -SA_FIGURE_NECK_CONE)) {
        hd->tilt.pos = -SA_FIGURE_NECK_CONE;
        hd->tilt.vel = sai_fmaxf(hd->tilt.vel, 0.0f);
    } else if (!(hd->tilt.pos < SA_FIGURE_NECK_CONE)) {
        hd->tilt.pos = SA_FIGURE_NECK_CONE;
        hd->tilt.vel = sai_fminf(hd->tilt.vel, 0.0f);
    }
    dir->angle = spine + hd->tilt.pos;
    dir->up = sai_figure_up_dir(dir->angle);
    dir->known = true;
    const sa_vec2 up = dir->up;
    j[SA_FIGURE_JOINT_NECK] = sai_v2_add(chest, sai_v2_scale(up, cfg->neck));
    j[SA_FIGURE_JOINT_HEAD] = sai_v2_add(chest, sai_v2_scale(up, reach));
    const sa_vec2 accel = sai_v2_add(hair_wind_accel(p->ground_speed),
                                     sai_v2_scale(p->hair_push, cfg->hair_jump_kick));
    if (cfg->hair && hair->next_h > 0.0f) {
        if (hair->count == SAI_HAIR_MAX_STEPS) sai_figure_hair_run(fig, hair); /* (never full) */
        sai_hair_step *s = &hair->step[hair->count++];
        s->head = j[SA_FIGURE_JOINT_HEAD];
        s->pin = hair_pin(s->head, up, cfg->head_radius);
        s->accel = accel;
        s->clearance = hair_clearance(cfg->head_radius, p->squash);
        s->h = hair->next_h;
        /* The ground the ragdoll lies on (0 without the game's), at most up to the pin: a ground
         * above it (the head in it for a moment, or a hostile height) holds the hair at the
         * pin's height, never flings it up there. */
        const float ground =
            fig->body.active && fig->body.ground_given ? sai_figure_ground_at(fig, s->pin.x) : 0.0f;
        s->floor = sai_fmaxf(ground, s->pin.y);
    } else if (!cfg->hair) {
        /* No hair in the config: laid out hanging from the pin (what the pose shows for it),
         * here where the head's direction is at hand. */
        hang_hair(fig->hair, hair_pin(j[SA_FIGURE_JOINT_HEAD], up, cfg->head_radius),
                  cfg->hair_spacing);
    }
    hd->spine = spine;
    hd->spine_rate = spine_rate;
    hd->target = target;
    hd->chest = chest;
    hd->chest_vel = vel;
    hd->hair_accel = accel;
}

void sai_figure_secondary_on(sa_figure *fig, const sa_figure_params *p, sa_vec2 *j, float h,
                             sai_figure_head_dir *dir, sai_hair_log *hair) {
    const float spine = spine_angle(j);
    secondary_with(fig, p, j, h, dir, hair, spine, pose_tilt(j, spine), true);
}

void sai_figure_secondary_solved(sa_figure *fig, const sa_figure_params *p, sa_vec2 *j, float h,
                                 sai_figure_head_dir *dir, sai_hair_log *hair) {
    /* The spine solved from p leans by p->lean and the neck tilts from it by p->head_tilt (both
     * in [-pi, pi]): the angles spine_angle() and pose_tilt() would measure on j, but for the
     * rounding of the joints, without two atan2 a sub-step. */
    secondary_with(fig, p, j, h, dir, hair, p->lean, p->head_tilt, false);
}

/* The hair lies on the ground instead of hanging through it (a figure knocked down): a point
 * below the floor (y down) is put on it, and stops there (the ground holds it: its pull toward the
 * resting line, straight down, would slide it about under the head). A second pass changes
 * nothing. */
static void keep_above(sa_verlet_point *pts, float floor) {
    for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
        if (!(pts[i].pos.y > floor)) continue;
        pts[i].pos.y = floor;
        pts[i].prev = pts[i].pos;
    }
}

/* One step of the hair on its chain (sai_hair_step): the chain moved to the pin, sprung back
 * toward its resting line, its bends limited, kept out of the head and above the ground. */
static void hair_step(sa_verlet_point *pts, const sa_figure_config *cfg, const sai_hair_step *s) {
    /* (the figure's config is validated: its hair spacing and drag are in the chain's ranges) */
    sai_verlet_hair_step(pts, s->pin, cfg->hair_spacing, cfg->hair_drag, s->accel, s->h);
    spring_back(pts, SA_VERLET_HAIR_POINTS, s->pin, s->accel, cfg->hair_spacing, s->h);
    limit_bend(pts, SA_VERLET_HAIR_POINTS);
    sai_verlet_hair_collide(pts, s->head, s->clearance);
    keep_above(pts, s->floor);
}

void sai_figure_hair_run(sa_figure *fig, sai_hair_log *hair) {
    const int32_t n = hair->count;
    hair->count = 0; /* (the steps do not read the log's count) */
    if (n == 1) {    /* (a part of a frame at 60 fps and more: one step, a tail call) */
        hair_step(fig->hair, &fig->config, &hair->step[0]);
        return;
    }
    for (int32_t i = 0; i < n; ++i)
        hair_step(fig->hair, &fig->config, &hair->step[i]);
}

#if SAI_HAS_LANES
/* Chain k of c from / to the points pts (lane k). */
static void hair4_get(const sai_hair4 *c, int k, sa_verlet_point *pts) {
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        pts[i].pos = sai_v2(c->x[i][k], c->y[i][k]);
        pts[i].prev = sai_v2(c->px[i][k], c->py[i][k]);
    }
}
static void hair4_set(sai_hair4 *c, int k, const sa_verlet_point *pts) {
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        c->x[i][k] = pts[i].pos.x;
        c->y[i][k] = pts[i].pos.y;
        c->px[i][k] = pts[i].prev.x;
        c->py[i][k] = pts[i].prev.y;
    }
}

/* The hair of figs[0..3] into the lanes of c (a point's four floats a row, transposed), and back;
 * a NULL figure's lane holds zeros and is not stored. */
_Static_assert(sizeof(sa_verlet_point) == 4 * sizeof(float), "a hair point is four floats");
static void hair4_load(sai_hair4 *c, sa_figure *const figs[4]) {
    const sai_f4 zero = sai_f4_splat(0.0f);
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        sai_f4 row[4], col[4];
        for (int k = 0; k < 4; ++k)
            row[k] = figs[k] ? sai_f4_load(&figs[k]->hair[i]) : zero;
        sai_f4_transpose(row[0], row[1], row[2], row[3], col);
        c->x[i] = col[0];
        c->y[i] = col[1];
        c->px[i] = col[2];
        c->py[i] = col[3];
    }
}
static void hair4_store(const sai_hair4 *c, sa_figure *const figs[4]) {
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        sai_f4 row[4];
        sai_f4_transpose(c->x[i], c->y[i], c->px[i], c->py[i], row);
        for (int k = 0; k < 4; ++k)
            if (figs[k]) sai_f4_store(&figs[k]->hair[i], row[k]);
    }
}

/* spring_back() in lanes, on the steps in: the lanes whose acceleration is finite, as the lanes
 * the step covers are (in any other, the length's saturation differs). */
static void spring_back4(sai_hair4 *c, const sai_hair4_step *in) {
    const sai_f4 k = SAI_HAIR_SHAPE_STIFFNESS * in->dt / 60.0f;
    sai_f4 l; /* sai_v2_length(accel) */
    for (int j = 0; j < 4; ++j)
        l[j] = sai_hypotf(in->accel_x[j], in->accel_y[j]);
    l = sai_f4_select(l <= FLT_MAX, l, sai_f4_splat(FLT_MAX));
    const sai_i4 usable = (l > 1e-6f) & sai_f4_finite(l);
    const sai_f4 inv = 1.0f / l;
    const sai_f4 dir_x = sai_f4_select(usable, in->accel_x * inv, sai_f4_splat(0.0f));
    const sai_f4 dir_y = sai_f4_select(usable, in->accel_y * inv, sai_f4_splat(1.0f));
    for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sai_f4 along = in->spacing * (float)i;
        const sai_f4 rest_x = in->pin_x + dir_x * along, rest_y = in->pin_y + dir_y * along;
        c->px[i] = c->px[i] - (rest_x - c->x[i]) * k;
        c->py[i] = c->py[i] - (rest_y - c->y[i]) * k;
    }
}

/* limit_bend() in lanes where no point bends near a right angle (nearly always); returns the
 * lanes where one does, which limit_bend() itself must take. */
static sai_i4 limit_bend4(sai_hair4 *c) {
    sai_i4 bent = {0, 0, 0, 0};
    sai_f4 lead_x = c->x[1], lead_y = c->y[1];
    for (int i = 2; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sai_f4 d0x = c->x[i - 1] - c->x[i - 2], d0y = c->y[i - 1] - c->y[i - 2];
        const sai_f4 old_x = c->x[i], old_y = c->y[i];
        const sai_f4 d1x = old_x - lead_x, d1y = old_y - lead_y;
        lead_x = old_x;
        lead_y = old_y;
        const sai_f4 dot = d0x * d1x + d0y * d1y;
        const sai_f4 squares = (d0x * d0x + d0y * d0y) + (d1x * d1x + d1y * d1y);
        bent |= ~(dot > 1e-3f * squares);
        const sai_f4 qx = c->x[i - 1] + d1x, qy = c->y[i - 1] + d1y;
        c->px[i] = c->px[i] + (qx - old_x);
        c->py[i] = c->py[i] + (qy - old_y);
        c->x[i] = qx;
        c->y[i] = qy;
    }
    return bent;
}

/* Lane k of c as the scalar functions leave it from the state from[stage]: the whole step from
 * the chain before it (stage 0), the bend limit and collision after the spring (1), or the
 * collision alone after the bend limit (2). */
static void hair_step_off(sai_hair4 *c, int k, const sai_hair4 *const from[3], int stage,
                          const sa_figure *fig, const sai_hair_step *s) {
    sa_verlet_point pts[SA_VERLET_HAIR_POINTS];
    hair4_get(from[stage], k, pts);
    if (stage == 0) {
        hair_step(pts, &fig->config, s);
    } else {
        if (stage == 1) limit_bend(pts, SA_VERLET_HAIR_POINTS);
        sai_verlet_hair_collide(pts, s->head, s->clearance);
    }
    hair4_set(c, k, pts);
}

/* (hair4_read() reads a lane's step as two rows of four floats: pin, head; accel, clearance, h) */
_Static_assert(offsetof(sai_hair_step, pin) == 0 && offsetof(sai_hair_step, head) == 8 &&
                   offsetof(sai_hair_step, accel) == 16 &&
                   offsetof(sai_hair_step, clearance) == 24 && offsetof(sai_hair_step, h) == 28 &&
                   offsetof(sai_hair_step, floor) == 32,
               "a hair step opens with two rows of four floats");
/* What step `at` of four figures' logs asks of their chains: the lanes that have it, the step
 * and the head's circle. */
typedef struct hair4_in {
    sai_i4 lanes;
    sai_hair4_step in;
    sai_f4 centre_x, centre_y, radius, floor;
} hair4_in;

static void hair4_read(hair4_in *h, sa_figure *const figs[4], sai_hair_log *const logs[4],
                       int32_t at) {
    sai_f4 row[2][4], col[4];
    for (int k = 0; k < 4; ++k) {
        const bool has = figs[k] && at < logs[k]->count;
        const float *s = has ? (const float *)(const void *)&logs[k]->step[at] : NULL;
        h->lanes[k] = has ? -1 : 0;
        row[0][k] = has ? sai_f4_load(s) : sai_f4_splat(0.0f);
        row[1][k] = has ? sai_f4_load(s + 4) : sai_f4_splat(0.0f);
        h->in.spacing[k] = has ? figs[k]->config.hair_spacing : 0.0f;
        h->in.drag[k] = has ? figs[k]->config.hair_drag : 0.0f;
        h->floor[k] = has ? logs[k]->step[at].floor : FLT_MAX;
    }
    sai_f4_transpose(row[0][0], row[0][1], row[0][2], row[0][3], col);
    h->in.pin_x = col[0];
    h->in.pin_y = col[1];
    h->centre_x = col[2];
    h->centre_y = col[3];
    sai_f4_transpose(row[1][0], row[1][1], row[1][2], row[1][3], col);
    h->in.accel_x = col[0];
    h->in.accel_y = col[1];
    h->radius = col[2];
    h->in.dt = col[3];
}

/* keep_above() in lanes: every lane, whichever path its step took (a lane the scalar step took
 * whole is kept above already, and stays as it is). */
static void keep_above4(sai_hair4 *c, sai_f4 floor) {
    for (int i = 1; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sai_i4 below = c->y[i] > floor;
        c->px[i] = sai_f4_select(below, c->x[i], c->px[i]);
        c->py[i] = sai_f4_select(below, floor, c->py[i]);
        c->y[i] = sai_f4_select(below, floor, c->y[i]);
    }
}

/* The rest of the step after the chains' own (`stepped`: the lanes it covered): the spring back,
 * the bend limit, the head and the ground, in lanes where the common path goes, else by the
 * scalar functions. */
static void hair4_finish(const sai_hair4 *before, sai_hair4 *c, sa_figure *const figs[4],
                         sai_hair_log *const logs[4], int32_t at, const hair4_in *h,
                         sai_i4 stepped) {
    const sai_i4 lanes = h->lanes;
    spring_back4(c, &h->in);
    const sai_hair4 sprung = *c;
    const sai_i4 bent = limit_bend4(c);
    const sai_i4 inside =
        ~sai_verlet_hair_collide4(c, h->centre_x, h->centre_y, h->radius, lanes & stepped & ~bent);
    /* The lanes the common path did not cover take the scalar functions from where it left. */
    const sai_i4 off = lanes & ~(stepped & ~bent & ~inside);
    if (sai_lanes_any(off)) {
        const sai_hair4 *from[3] = {before, &sprung, c};
        for (int k = 0; k < 4; ++k)
            if (off[k])
                hair_step_off(c, k, from, stepped[k] ? (bent[k] ? 1 : 2) : 0, figs[k],
                              &logs[k]->step[at]);
    }
    keep_above4(c, h->floor);
    if (!sai_lanes_true(lanes)) sai_hair4_select(lanes, c, before, c);
}

/* Step `at` of the logs in the lanes of the chains `before`, into c (lane k: figs[k]'s hair,
 * where its log has the step). */
static void hair_step4(const sai_hair4 *before, sai_hair4 *c, sa_figure *const figs[4],
                       sai_hair_log *const logs[4], int32_t at) {
    hair4_in h;
    hair4_read(&h, figs, logs, at);
    const sai_i4 stepped = sai_verlet_hair_step4(before, c, &h.in, h.lanes);
    hair4_finish(before, c, figs, logs, at, &h, stepped);
}

/* hair_step4() of two sets of four figures (figs[0..3] and figs[4..7]), their chains' steps
 * interleaved (sai_verlet_hair_step4x2): each set bit for bit as hair_step4() leaves it. */
static void hair_step4x2(const sai_hair4 *const before[2], sai_hair4 *const c[2],
                         sa_figure *const figs[8], sai_hair_log *const logs[8], int32_t at) {
    hair4_in h[2];
    for (int g = 0; g < 2; ++g)
        hair4_read(&h[g], figs + 4 * g, logs + 4 * g, at);
    const sai_hair4_step *const in[2] = {&h[0].in, &h[1].in};
    const sai_i4 lanes[2] = {h[0].lanes, h[1].lanes};
    sai_i4 stepped[2];
    sai_verlet_hair_step4x2(before, c, in, lanes, stepped);
    for (int g = 0; g < 2; ++g)
        hair4_finish(before[g], c[g], figs + 4 * g, logs + 4 * g, at, &h[g], stepped[g]);
}

/* How many of figs[0..3] have steps logged, and the most any has. */
static int32_t hair4_running(sa_figure *const figs[4], sai_hair_log *const logs[4],
                             int32_t *steps) {
    int32_t running = 0;
    *steps = 0;
    for (int k = 0; k < 4; ++k) {
        if (!figs[k] || logs[k]->count == 0) continue;
        *steps = logs[k]->count > *steps ? logs[k]->count : *steps;
        ++running;
    }
    return running;
}
#endif

void sai_figure_hair_run4(sa_figure *const figs[4], sai_hair_log *const logs[4]) {
#if SAI_HAS_LANES
    int32_t steps;
    if (hair4_running(figs, logs, &steps) > 1) {
        sai_hair4 c[2]; /* each step from one into the other */
        hair4_load(&c[0], figs);
        for (int32_t at = 0; at < steps; ++at)
            hair_step4(&c[at % 2], &c[(at + 1) % 2], figs, logs, at);
        hair4_store(&c[steps % 2], figs);
        for (int k = 0; k < 4; ++k)
            if (figs[k]) logs[k]->count = 0;
        return;
    }
#endif
    for (int k = 0; k < 4; ++k)
        if (figs[k] && logs[k]->count > 0) sai_figure_hair_run(figs[k], logs[k]);
}

void sai_figure_hair_run8(sa_figure *const figs[8], sai_hair_log *const logs[8]) {
#if SAI_HAS_LANES
    int32_t steps[2];
    if (hair4_running(figs, logs, &steps[0]) > 1 &&
        hair4_running(figs + 4, logs + 4, &steps[1]) > 1) {
        sai_hair4 c[2][2]; /* set g's chains, each step from one into the other */
        hair4_load(&c[0][0], figs);
        hair4_load(&c[1][0], figs + 4);
        const int32_t most = steps[0] > steps[1] ? steps[0] : steps[1];
        for (int32_t at = 0; at < most; ++at) {
            const sai_hair4 *const before[2] = {&c[0][at % 2], &c[1][at % 2]};
            sai_hair4 *const into[2] = {&c[0][(at + 1) % 2], &c[1][(at + 1) % 2]};
            hair_step4x2(before, into, figs, logs, at);
        }
        hair4_store(&c[0][most % 2], figs);
        hair4_store(&c[1][most % 2], figs + 4);
        for (int k = 0; k < 8; ++k)
            if (figs[k]) logs[k]->count = 0;
        return;
    }
#endif
    sai_figure_hair_run4(figs, logs);
    sai_figure_hair_run4(figs + 4, logs + 4);
}

/* Whether the head's spring and the hair hold only finite numbers: x - x is 0 for each, NaN for an
 * infinity or NaN (sums without a branch per number; one per coordinate of a hair point, the
 * lanes of a vector). */
SAI_INLINE bool secondary_finite(const sa_figure_head *h, const sa_verlet_point *hair) {
#if SAI_HAS_LANES
    /* The head's as two rows of four floats, (tilt, spine, spine_rate) and (chest_vel,
     * hair_accel), the lanes of the numbers not tested (spine, hair_accel) masked to 0: two loads
     * for five numbers read one by one and gathered into a vector. */
    _Static_assert(offsetof(sa_figure_head, tilt) == 0 &&
                       offsetof(sa_figure_head, spine_rate) == 12 &&
                       offsetof(sa_figure_head, chest_vel) == 28 &&
                       offsetof(sa_figure_head, hair_accel) + sizeof(sa_vec2) == 44,
                   "the head's spring and rates, its chest's velocity and the hair's acceleration "
                   "as two rows of four floats");
    const char *at = (const char *)(const void *)h;
    const sai_f4 spring = sai_f4_load(at), chest = sai_f4_load(at + 28);
    const sai_i4 spring_lanes = {-1, -1, 0, -1}, chest_lanes = {-1, -1, 0, 0};
    sai_f4 zero = (sai_f4)((sai_i4)(spring - spring) & spring_lanes) +
                  (sai_f4)((sai_i4)(chest - chest) & chest_lanes);
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        const sai_f4 v = sai_f4_load(&hair[i]); /* (pos, then prev) */
        zero += v - v;
    }
    /* (a test of each lane: no sum across them) */
    return sai_lanes_true(zero == 0.0f);
#else
    float zero[4] = {(h->tilt.pos - h->tilt.pos) + (h->tilt.vel - h->tilt.vel),
                     (h->spine_rate - h->spine_rate) + (h->chest_vel.x - h->chest_vel.x),
                     h->chest_vel.y - h->chest_vel.y, 0.0f};
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        zero[0] += hair[i].pos.x - hair[i].pos.x;
        zero[1] += hair[i].pos.y - hair[i].pos.y;
        zero[2] += hair[i].prev.x - hair[i].prev.x;
        zero[3] += hair[i].prev.y - hair[i].prev.y;
    }
    return (zero[0] + zero[1]) + (zero[2] + zero[3]) == 0.0f;
#endif
}

void sai_figure_secondary_check(sa_figure *fig, const sa_vec2 *j) {
    if (!secondary_finite(&fig->head, fig->hair)) sai_figure_rest_secondary(fig, j);
}

/* Copies the hair's points into out; true when every one is finite. */
SAI_INLINE bool copy_hair(sa_vec2 *out, const sa_verlet_point *hair) {
#if SAI_HAS_LANES
    /* Two points a vector, from two sa_verlet_points' first halves (pos, then prev). */
    _Static_assert(sizeof(sa_verlet_point) == 16 && SA_VERLET_HAIR_POINTS % 2 == 0,
                   "the hair as pairs of points, each one's pos and prev four floats");
    sai_i4 finite = sai_lanes_all();
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; i += 2) {
        const sai_f4 v = SAI_SHUFFLE(sai_f4_load(&hair[i]), sai_f4_load(&hair[i + 1]), 0, 1, 4, 5);
        sai_f4_store(&out[i], v);
        finite &= sai_f4_finite(v);
    }
    return sai_lanes_true(finite);
#else
    bool finite = true;
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i) {
        out[i] = hair[i].pos;
        finite = finite && sai_v2_finite(out[i]);
    }
    return finite;
#endif
}

/* The sword: from the near hand along the near forearm turned by the blade's angle, squashed as
 * the joints are by sq, the pose's squash (figure space; sai_figure_face_pose() turns it to the
 * screen). `squashed` is whether sq scales: the caller's test, not one of sq read back from the
 * pose. */
static void write_blade(sa_figure *fig, const sa_figure_params *p, sa_squash sq, bool squashed) {
    sa_figure_pose *pose = &fig->pose;
    const sa_vec2 hand = pose->unsquashed[SA_FIGURE_JOINT_HAND_NEAR];
    const sa_vec2 along = sai_v2_normalize_or(
        sai_v2_sub(hand, pose->unsquashed[SA_FIGURE_JOINT_ELBOW_NEAR]), sai_v2(1.0f, 0.0f));
    const float a = sai_finite_or(p->blade_angle, 0.0f);
    /* (no blade, as in most motions: sai_sincosf(+-0) is (+-0, 1), without its rare path) */
    float sn = a, ca = 1.0f;
    if (a != 0.0f) sai_sincosf(a, &sn, &ca);
    const sa_vec2 dir = sai_v2(along.x * ca - along.y * sn, along.x * sn + along.y * ca);
    const float length =
        SA_FIGURE_BLADE_LENGTH * fig->config.hip_height / SA_FIGURE_REFERENCE_HIP_HEIGHT;
    /* (sa_squash_apply() of the one point, without the call: the squash is sai_figure_squash()'s,
     * sane; sai_figure_squash_point() with its test of sq done) */
    const sa_vec2 tip = sai_v2_add(hand, sai_v2_scale(dir, length));
    pose->blade_tip = !squashed && sai_v2_finite(tip) ? tip : sai_squash_point_sane(sq, tip);
    pose->blade = sai_saturate(sai_finite_or(p->blade, 0.0f));
}

void sai_figure_write_pose(sa_figure *fig, const sa_figure_params *p, const sa_vec2 *j, float dt) {
    sa_figure_pose *pose = &fig->pose;
    memcpy(pose->unsquashed, j, SA_FIGURE_JOINT_COUNT * sizeof *j);
    const sa_squash sq = sai_figure_squash(sai_v2(j[SA_FIGURE_JOINT_PELVIS].x, 0.0f), p->squash);
    const bool squashed = !sai_figure_squash_none(sq);
    pose->squash = sq;
    /* No squash (most motions): the (finite) points as they are. The joints are finite and far
     * inside the range (sai_figure_write_pose's promise), the hair nearly always; squashed, the
     * joints go from j to the pose scaled (no copy first), about the pivot sai_figure_squash()
     * keeps on the ground line (its y +0). */
    _Static_assert(SA_FIGURE_JOINT_COUNT % 4 == 0 && SA_VERLET_HAIR_POINTS % 4 == 0,
                   "the joints and the hair squash four points at a time");
    const bool hair_finite = copy_hair(pose->hair, fig->hair);
    if (squashed) {
        sai_squash_ground_finite(sq, j, pose->joints, SA_FIGURE_JOINT_COUNT);
        if (hair_finite)
            sai_squash_ground_finite(sq, pose->hair, pose->hair, SA_VERLET_HAIR_POINTS);
    } else {
        memcpy(pose->joints, j, SA_FIGURE_JOINT_COUNT * sizeof *j);
    }
    if (!hair_finite) sa_squash_apply(sq, pose->hair, SA_VERLET_HAIR_POINTS);
    /* (no squash: its radius scale is 1 exactly; sai_figure_squash() made sq sane) */
    pose->head_radius =
        squashed ? fig->config.head_radius * sane_radius_scale(sq) : fig->config.head_radius;
    pose->ground_speed = p->ground_speed > 0.0f || fig->body.active ? p->ground_speed : 0.0f;
    pose->dt = dt;
    const int32_t target = sai_fade_target(&fig->fade);
    const int32_t first = (int32_t)sai_figure_motion_count;
    pose->motion =
        target >= first ? SA_FIGURE_MOTION_MOVE(target - first) : sai_figure_row(target)->motion;
    /* The hands hold the shaft by spear⁴ (sai_figure_solve_joints): the spear shows as much as
     * they hold it, so it appears only as the arms come onto it and is gone before they leave it
     * for another motion's pose (the throw's wind-up, the jump's raised arms cross the head). */
    const float s2 = p->spear * p->spear;
    pose->spear = s2 * s2;
    pose->phase = fig->phase;
    pose->gait = fig->gait;
    const float thrust = sai_figure_thrust_time(fig);
    pose->thrust = thrust >= 0.0f ? sai_saturate(thrust / SAI_FIGURE_THRUST_SECONDS) : -1.0f;
    if (pose->thrust >= 1.0f) pose->thrust = -1.0f;
    write_blade(fig, p, sq, squashed);
    pose->airborne = !pose->contact[0].planted && !pose->contact[1].planted;
    pose->mode = fig->body.active ? fig->modes.mode : SA_MODE_LOCO;
}

void sai_figure_turn_toward(sa_figure *fig, float target, float dt, const sai_figure_mirror *m) {
    const float was = sai_saturate(sai_finite_or(fig->turn, 0.0f));
    const float step = dt / SA_FIGURE_TURN_SECONDS;
    float now = target > was ? sai_fminf(was + step, target) : sai_fmaxf(was - step, target);
    /* A turn also ends exactly on a moment (0.2 s is 24 of them): one a hair short of its end
     * is at it, so rounding does not decide at which moment the feet step out of it. */
    if (fabsf(now - target) < SAI_TURN_SNAP) now = target;
    fig->turn = now;
    /* Through profile: the figure's own space turns with it. A turn reaches its middle exactly
     * on a sub-step's moment (0.1 s is 12 of them): rounding in the sum must not decide whether
     * it flips at that moment or the next, at one frame rate and not another. */
    if ((was < SAI_TURN_MIDDLE) != (now < SAI_TURN_MIDDLE)) {
        /* (where in the step the middle was passed) */
        const float way = now != was ? sai_saturate((SAI_TURN_MIDDLE - was) / (now - was)) : 1.0f;
        sai_figure_feet_mirror(fig, m, m->start + way * dt);
    }
}

/* A turn seen from the side turns the legs with the body: each knee's offset from its hip -> foot
 * line (the legs' IK bends it toward the figure's front) narrows as the body does, `scale` of it
 * shown. At the turn's middle, where the figure's space is mirrored and a held foot goes from in
 * front of the hip to behind it (the knee then bends the other way about the line), the knee is
 * on the line either way: it comes round without a jump. The un-squashed pose keeps the IK's
 * knee (the bones' lengths); the drawn one is squashed as it is (the squash is linear). */
static void turn_knees(sa_figure_pose *pose, float scale) {
    const sa_vec2 *u = pose->unsquashed;
    const sa_vec2 hip = u[SA_FIGURE_JOINT_HIP];
    for (int i = 0; i < 2; ++i) {
        const sa_vec2 knee = u[SA_FIGURE_JOINT_KNEE_NEAR + i];
        const sa_vec2 d = sai_v2_sub(u[SA_FIGURE_JOINT_FOOT_NEAR + i], hip);
        const float l2 = sai_v2_dot(d, d);
        if (!(l2 > 1e-12f) || !sai_finite(l2)) continue;
        const sa_vec2 on =
            sai_v2_add(hip, sai_v2_scale(d, sai_v2_dot(sai_v2_sub(knee, hip), d) / l2));
        const sa_vec2 off = sai_v2_scale(sai_v2_sub(knee, on), 1.0f - scale);
        sa_vec2 *drawn = &pose->joints[SA_FIGURE_JOINT_KNEE_NEAR + i];
        *drawn = sai_v2(drawn->x - off.x * pose->squash.sx, drawn->y - off.y * pose->squash.sy);
    }
}

void sai_figure_face_pose(sa_figure *fig) {
    sa_figure_pose *pose = &fig->pose;
    const float s = sai_figure_facing_sign(fig);
    /* (not turning, as nearly always: sai_cosf(0) is 1 and sai_cosf(SA_PI) is -1, exactly) */
    const float c = fig->turn == 0.0f   ? 1.0f
                    : fig->turn == 1.0f ? -1.0f
                                        : sai_cosf(SA_PI * fig->turn);
    const float scale = fabsf(c);
    pose->turn = c;
    pose->facing = s > 0.0f ? SA_FIGURE_FACING_RIGHT : SA_FIGURE_FACING_LEFT;
    if (s > 0.0f && scale == 1.0f) return; /* facing right, no turn: the pose as it is */
    if (scale < 1.0f) turn_knees(pose, scale);
    /* (the feet's scale: 1 but for a swimmer's share) */
    const float feet =
        scale < 1.0f ? 1.0f - sai_figure_swim_share(&fig->fade) * (1.0f - scale) : 1.0f;
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i) {
        const bool foot = i == SA_FIGURE_JOINT_FOOT_NEAR || i == SA_FIGURE_JOINT_FOOT_FAR;
        pose->unsquashed[i].x *= s;
        pose->joints[i].x *= foot ? s * feet : s * scale;
    }
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        pose->hair[i].x *= s * scale;
    pose->blade_tip.x *= s * scale;
    pose->squash.pivot.x *= s;
    pose->scroll *= (double)s;
    pose->ground_speed *= s;
    for (int i = 0; i < 2; ++i)
        pose->contact[i].x *= (double)s;
}
