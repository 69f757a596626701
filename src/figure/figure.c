#include "pipeline.h"

#include <stddef.h>
#include <string.h>

#include "internal/scalar.h"

/* What every advance of a frame reads: the input, what it asks of the gait and whether the
 * figure was locomoting (the same from the figure as it is before the frame, at every moment),
 * and whether its triggers are taken already. */
typedef struct frame_input {
    sa_figure_input in;
    float gait_target;
    float locomotion; /* the weight locomotion showed at the frame's start */
    bool taken;
    /* When `taken`, the same at every advance: sai_figure_quiet() of the figure once its
     * triggers are taken, and gait_starts() (nothing switches later) */
    bool quiet;
    float starts;
    sai_figure_steady steady; /* every advance steady but for its length */
    float dt;                 /* the frame's length (a moment's advance is part of it) */
    sa_figure_cache *cache;   /* the figure's: what the moments' evaluations share */
    /* The motions' context: its part that stays through the frame written once
     * (sai_figure_frame_input; its config the figure's own, which a moment's copy holds the same;
     * in a steady frame all but the phase), the rest at each advance. */
    sai_figure_ctx ctx;
} frame_input;

/* When, seconds into an advance of dt, the gait starts at its target: when locomotion comes back
 * (this frame's input, or the body's modes later in it: *later), not when the last of it leaves
 * the fade (a layer leaves at the end of the frame its weight falls below the fade's least, which
 * frames of other lengths see at another moment); INFINITY: it eases. */
SAI_INLINE float gait_starts(const sa_figure *fig, const frame_input *f,
                             const sai_figure_later *later, float dt) {
    if (f->locomotion < SAI_GAIT_GONE && sai_figure_row_locomotes(sai_fade_target(&fig->fade)))
        return 0.0f;
    if (later->at < dt && sai_figure_row_locomotes(later->row) &&
        sai_figure_locomotion_after(&fig->fade, sai_figure_fade_rate(fig), later->at) <
            SAI_GAIT_GONE)
        return later->at;
    return INFINITY;
}

/* Takes the input's triggers (unless taken), moves the clocks by dt and blends the motions
 * showing then into *out (the frame's own: no copy of the parameters). */
SAI_INLINE void advance(sa_figure *fig, frame_input *f, float dt, bool arms,
                        sa_figure_params *out) {
    const sa_figure_input *in = &f->in;
    sai_figure_later later = {0, INFINITY, 0.0f, 0.0f}; /* (the body's, sai_figure_take_body) */
    /* (a body's triggers are taken at each advance: it asks then) */
    bool quiet = f->quiet;
    float starts = f->starts;
    if (!f->taken) {
        sai_figure_take_input(fig, in, dt, f->dt, &later);
        quiet = sai_figure_quiet(fig);
        starts = gait_starts(fig, f, &later, dt);
    }
    sai_figure_ctx *c = &f->ctx;
    if (!(f->steady.known && sai_figure_advance_steadily(fig, f->steady.gait, starts, dt, c)))
        sai_figure_advance_state(fig, in, &later, f->gait_target, starts, dt, quiet, c);
    c->arms = arms;
    sai_figure_blend_into(fig, c, out);
}

/* The most moments a frame holds before its end: SAI_FIGURE_MAX_DT / SA_FIGURE_SUBSTEP (12) and
 * one for a lag. */
#define SAI_FIGURE_MOMENTS 16

/* The layout params_at relies on (a field added between the head and the body, or after the
 * events, is not copied without a body, nor one after the cache with one: a debug build's poison
 * shows it to the tests). */
#define SAI_FIGURE_BEFORE(a, b) (offsetof(sa_figure, a) < offsetof(sa_figure, b))
_Static_assert(SAI_FIGURE_BEFORE(head, hair) && SAI_FIGURE_BEFORE(hair, scroll) &&
                   SAI_FIGURE_BEFORE(scroll, feet) && SAI_FIGURE_BEFORE(feet, modes) &&
                   SAI_FIGURE_BEFORE(modes, body) && SAI_FIGURE_BEFORE(body, events) &&
                   SAI_FIGURE_BEFORE(events, event_count) &&
                   SAI_FIGURE_BEFORE(event_count, ragdoll) && SAI_FIGURE_BEFORE(ragdoll, pose) &&
                   SAI_FIGURE_BEFORE(pose, cache),
               "sa_figure's fields in the order params_at copies them");

/* The figure up to its head (its config, merge offset, fade, clocks and layers) copied from
 * `from`, but for the fade's layers past its count, which nothing reads: a fade holding its
 * target alone (nearly always) copies one of its eight. */
SAI_INLINE void copy_clocks(sa_figure *to, const sa_figure *from) {
    const size_t second = offsetof(sa_figure, fade) + sizeof(sa_fade_layer);
    const size_t count = offsetof(sa_figure, fade) + offsetof(sa_fade, count);
    memcpy(to, from, second);
    if (from->fade.count != 1) memcpy(&to->fade.layers[1], &from->fade.layers[1], count - second);
    memcpy(&to->fade.count, &from->fade.count, offsetof(sa_figure, head) - count);
}

/* What a steady advance writes of the figure (sai_figure_advance_steady, _steadily), kept to put
 * back. */
typedef struct steady_kept {
    float stride_scale, gait, phase;
    sa_fade_layer lone;
} steady_kept;

/* params_at() of a frame without a body whose advance to s is steady (nearly every one): the
 * figure itself advanced in place, blended, and put back as it was (what the blend reads, its
 * config, merge offset, fade, layers and moves, holds what a copy would). False, the figure
 * untouched, for any other advance. */
SAI_INLINE bool params_in_place(sa_figure *fig, frame_input *f, float s, bool turns,
                                sa_figure_params *out, float *swim) {
    const steady_kept kept = {fig->stride_scale, fig->gait, fig->phase, fig->fade.layers[0]};
    const sai_figure_later none = {0, INFINITY, 0.0f, 0.0f};
    const bool steady =
        f->steady.known ? sai_figure_advance_steadily(fig, f->steady.gait, f->starts, s, &f->ctx)
                        : sai_figure_advance_steady(fig, &f->in, &none, f->gait_target, f->starts,
                                                    s, f->quiet, &f->ctx);
    if (!steady) return false;
    f->ctx.arms = false; /* (advance: without a body, nothing reads a moment's arms) */
    sai_figure_blend_into(fig, &f->ctx, out);
    *swim = turns ? sai_figure_swim_share(&fig->fade) : 0.0f;
    fig->stride_scale = kept.stride_scale;
    fig->gait = kept.gait;
    fig->phase = kept.phase;
    fig->fade.layers[0] = kept.lone;
    return true;
}

/* The blended parameters s seconds into the frame, as a frame of s from `before` would show.
 * Without a body, an advance reads and writes only the figure's clocks, fade, layers, gait and
 * body state (the figure up to its head, and from its body to its events), the events' count
 * and the mode its events are stamped with (it adds events, which the copy drops); the head,
 * hair, feet, the rest of the modes, the events, ragdoll and pose (three quarters of the
 * figure's bytes) are not copied. A body's modes read the pose, feet and ragdoll: a body copies
 * all but the events (none yet: the frame has cleared them) and the cache (an advance reads the
 * figure's own, f->cache), a third of the bytes. A steady advance copies nothing
 * (params_in_place: `before` is put back as it was). */
SAI_INLINE void params_at(sa_figure *before, frame_input *f, float s, bool turns,
                          sa_figure_params *out, float *swim) {
    if (f->taken && params_in_place(before, f, s, turns, out, swim)) return;
    sa_figure g;
#ifndef NDEBUG
    memset(&g, 0xFF, sizeof g); /* (what is not copied reads as NaN: a test sees it if read) */
#endif
    /* (the share of the swim at the moment, which a turn's middle reads: only `turns`) */
    if (f->in.body.active) {
        memcpy(&g, before, offsetof(sa_figure, events));
        memcpy(&g.event_count, &before->event_count,
               offsetof(sa_figure, cache) - offsetof(sa_figure, event_count));
        advance(&g, f, s, true, out);
        *swim = turns ? sai_figure_swim_share(&g.fade) : 0.0f;
        return;
    }
    copy_clocks(&g, before);
    memcpy(&g.body, &before->body, offsetof(sa_figure, events) - offsetof(sa_figure, body));
    g.modes.mode = before->modes.mode;
    g.event_count = before->event_count;
    /* (without a body, nothing reads the arms of a moment inside the frame) */
    advance(&g, f, s, false, out);
    *swim = turns ? sai_figure_swim_share(&g.fade) : 0.0f;
}

/* What the sub-steps carry from one moment to the next: a frame ending between two moments
 * shows them carried on to its end, then puts them back as they were at the last moment. */
typedef struct carried {
    double scroll;
    sa_figure_foot_lock feet[2];
    sa_figure_head head;
    sa_verlet_point hair[SA_VERLET_HAIR_POINTS];
    sa_verlet_point ragdoll[SA_FIGURE_JOINT_COUNT];
    float ragdoll_wait;
    float turn;
    bool ragdoll_kept; /* (only a body's frame moves the ragdoll: without one it is not copied) */
} carried;

/* Takes what the sub-steps carry from fig into *kept. */
static void keep_carried(carried *kept, const sa_figure *fig) {
    kept->scroll = fig->scroll;
    kept->feet[0] = fig->feet[0];
    kept->feet[1] = fig->feet[1];
    kept->head = fig->head;
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        kept->hair[i] = fig->hair[i];
    kept->ragdoll_kept = fig->body.active;
    if (kept->ragdoll_kept)
        for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
            kept->ragdoll[i] = fig->ragdoll[i];
    kept->ragdoll_wait = fig->ragdoll_wait;
    kept->turn = fig->turn;
}

/* The ground's speed at a sub-step: none when the frame ends standing (the pose promises a speed
 * of exactly 0 then; what the fade's last sliver would have scrolled is far below a unit). */
static double speed_of(const sa_figure *fig, const sa_figure_params *p, bool moving) {
    /* A body's ground goes by at the body's own speed, whatever the motion shows: the feet
     * stay where they stand in the game's world (a motion asked to run in place steps). */
    if (fig->body.active) return (double)sai_figure_forward_speed(fig);
    return moving && p->ground_speed > 0.0f ? (double)p->ground_speed : 0.0;
}

/* The start of the first sub-step of a frame, which the last frame showed: how long, and the
 * body's velocity then (forward and down, units/s). */
typedef struct lead {
    float time, forward, down;
    float dt;                    /* the frame's length */
    sa_figure_facing facing;     /* the way the input asks to face: the turn moves at each step */
    sa_figure_facing was_facing; /* ... and asked in the last frame (for its part of the step) */
    /* The turn is not at both facings' ends at the frame's start: only then may it move in the
     * frame (nearly always it is at both, and stays so) */
    bool turning;
    /* ... which it turned toward for as long as it stood by that frame's end (0: lying or
     * getting up then, it settled; INFINITY: not getting up), judged as that frame did */
    float stood;
    bool had_ground; /* ... and stood on the ground (sai_figure_has_ground) */
    /* ... from when, or until when, it did, seconds into the sub-step (an earlier frame's input
     * inside it changed the ground: sa_figure::ground_changed; 0 when none did) */
    float changed;
    bool no_arc; /* ... or had none for a step's arc (sai_figure_steps_without_ground) */
    /* ... its parameters, when the ground leaves the body at this frame's input (else NULL) */
    const sa_figure_params *then;
} lead;

/* The feet whose contacts are planted, as bits (1: the near foot, 2: the far one). */
SAI_INLINE unsigned planted_feet(const sa_figure *fig) {
    return (fig->pose.contact[0].planted ? 1u : 0u) | (fig->pose.contact[1].planted ? 2u : 0u);
}

/* Records a footstep for each foot whose contact turned planted since the feet `was` planted,
 * `time` seconds into the frame, but for the feet `lifted` in the frame (frame_finish: their
 * touchdown is the next frame's). */
SAI_INLINE void footsteps(sa_figure *fig, unsigned was, unsigned lifted, float time,
                          sa_footsteps_surface surface) {
    const unsigned down = planted_feet(fig) & ~(was | lifted);
    if (down == 0u) return; /* (nearly always) */
    for (int i = 0; i < 2; ++i) {
        if (!(down >> i & 1u)) continue;
        sa_figure_event e = sai_figure_event_of(SA_FIGURE_EVENT_FOOTSTEP, time, fig->modes.mode);
        e.foot = i;
        e.surface = surface;
        e.x = (double)sai_figure_facing_sign(fig) * fig->pose.contact[i].x;
        sai_figure_event_add(fig, e);
    }
}

/* The neck's direction from the chest of a body lying on the ground: `up` (the spine's), or turned
 * toward straight up (never past it) until the head's circle rests on the ground under it instead
 * of sinking into it. A person lying down rests the back of the head on the floor. */
static sa_vec2 neck_off_the_ground(const sa_figure *fig, sa_vec2 chest, sa_vec2 up) {
    const float r = fig->config.head_radius, reach = fig->config.neck + r;
    const sa_vec2 head = sai_v2_add(chest, sai_v2_scale(up, reach));
    const float lowest = sai_figure_ground_at(fig, head.x) - r; /* the centre's, y down */
    if (!(head.y > lowest)) return up; /* (clear of it, or not finite: as it is) */
    const float y = sai_clamp((lowest - chest.y) / reach, -1.0f, 1.0f);
    const float x = sqrtf(1.0f - y * y);
    return sai_v2(up.x < 0.0f ? -x : x, y);
}

/* What a sub-step's first part (sub_step_feet) hands its second (sub_step_body). */
typedef struct sub_part {
    float h;
    double forward; /* how far the ground went by, units */
    float down;     /* how far the body fell, units */
    float k;        /* the get-up's morph factor */
    float shown;    /* the part of it the last frame showed (the frame's first sub-step) */
    bool ragdolling;
} sub_part;

/* Knocked down (or getting up) in the middle of a turn, the figure settles over h seconds to the
 * side it is nearer, without passing the turn's middle (the ragdoll is not mirrored), rather than
 * lie seen half turned; not turning, it stays as it is. */
SAI_INLINE void settle_turn(sa_figure *fig, float h, const sai_figure_mirror *m) {
    if (fig->turn > 0.0f && fig->turn < 1.0f)
        sai_figure_turn_toward(fig, fig->turn < SAI_TURN_MIDDLE ? 0.0f : 1.0f, h, m);
}

/* Over h seconds of a sub-step, of which the figure stood (up from a get-up, or not getting up:
 * INFINITY) for the last `stood`: it settles until then and turns toward `facing` from then, so
 * a turn the get-up held back starts where its morph ended, not at the moment before. *m says
 * what a mirror at the turn's middle needs (sai_figure_feet_mirror); its start moves on by h. */
SAI_INLINE void turn_after_getup(sa_figure *fig, sa_figure_facing facing, float h, float stood,
                                 sai_figure_mirror *m) {
    if (stood >= h && stood > 0.0f) {
        sai_figure_turn(fig, facing, h, m);
        m->start += h;
        return;
    }
    settle_turn(fig, h - stood, m);
    m->start += h - stood;
    if (stood > 0.0f) sai_figure_turn(fig, facing, stood, m);
    m->start += stood > 0.0f ? stood : 0.0f;
}

/* The turn over a sub-step of h seconds ending `at` seconds into the frame, to the parameters p:
 * the part the last frame showed toward the facing it asked for, the rest toward this frame's
 * (a figure lying knocked down or getting up turns once it stands). Returns how long the turn
 * has been under way at the sub-step's end (h when it was before the sub-step or in the part
 * shown; a turn the input starts, from the part shown on). */
SAI_INLINE float turn_step(sa_figure *fig, float h, float shown, float at, float swim, bool holds,
                           const lead *from, const sa_figure_params *p) {
    bool turning = fig->turn > 0.0f && fig->turn < 1.0f;
    sai_figure_mirror m = {swim, from->no_arc, 0.0f, h, p};
    turn_after_getup(fig, from->was_facing, shown, from->stood, &m);
    turning = turning || (fig->turn > 0.0f && fig->turn < 1.0f);
    const float stood = holds ? sai_fminf(sai_figure_stood(fig, from->dt - at), h - shown) : 0.0f;
    m.no_arc = sai_figure_steps_without_ground(fig);
    turn_after_getup(fig, from->facing, h - shown, stood, &m);
    return turning ? h : fig->turn > 0.0f && fig->turn < 1.0f ? stood : 0.0f;
}

/* The first part of one sub-step of h seconds to the parameters *p (the feet write theirs into
 * it), ending `at` seconds into the frame, where the pose's share of the swim is `swim` (read
 * only while turning): the turn and the feet. */
SAI_INLINE void sub_step_feet(sa_figure *fig, sa_figure_params *p, float h, bool moving, float at,
                              float swim, bool whole, lead *from, sub_part *s) {
    /* How far the ground goes by, and (knocked down) how far the body falls or rises: its first
     * part went by in the last frame, at the body's velocity then (a game's velocity changes
     * between frames, and the pose shown then must not jump). */
    const float shown = from->time < h ? from->time : h; /* (fminf of the finite lag and h) */
    const float before = fig->body.active ? shown : 0.0f;
    const double forward =
        (double)speed_of(fig, p, moving) * (double)(h - before) + (double)(from->forward * before);
    s->h = h;
    s->shown = shown;
    s->forward = forward;
    s->down = fig->body.velocity.y * (h - before) + from->down * before;
    /* (a body that landed in this frame had no ground in the part the last frame showed; one
     * that left it had it there) */
    const bool has = sai_figure_has_ground(fig);
    const bool left = from->had_ground && !has;
    sai_figure_feet_ground ground = {from->had_ground ? h : h - shown, left ? shown : 0.0f, 0.0,
                                     left ? from->then : NULL};
    /* An earlier frame's input inside this sub-step changed the ground, and this one did not: the
     * part before the change had it as it was then (a ground that left, to the parameters kept
     * there, sa_figure::ground_then). */
    const float changed = from->changed < shown ? from->changed : shown;
    if (changed > 0.0f && from->had_ground == has) {
        ground.since = has ? h - changed : ground.since;
        ground.until = has ? 0.0f : changed;
        ground.then = has ? NULL : &fig->ground_then;
    }
    const float until = ground.until;
    from->changed = 0.0f;
    from->had_ground = true;
    from->time = 0.0f;
    /* (knocked down or getting up, the feet hold nothing: the ragdoll or the morph places them;
     * a turn moves neither) */
    s->k = sai_figure_getup_k(fig, from->dt - at);
    s->ragdolling = sai_figure_ragdolling(fig); /* (neither a turn nor the feet change it) */
    const bool holds = !s->ragdolling && !(s->k > 0.0f);
    /* A turn moves at each step; the feet keep still through it, and step into the turned
     * stance from the step after it ends: they do not step for the sub-step's last `turned_for`
     * seconds. (Nearly always no turn is under way nor asked for, then or now.) The ground went
     * by in the figure's space as it was: a turn's middle in this step mirrored that space, and
     * the ground's way with it (else the feet held on it jumped by twice it). */
    float turned_for = 0.0f;
    bool same_way = true; /* (only a turn's step moves the turn) */
    if (from->turning) {
        const float was_target = from->was_facing == SA_FIGURE_FACING_LEFT ? 1.0f : 0.0f;
        const float target = from->facing == SA_FIGURE_FACING_LEFT ? 1.0f : 0.0f;
        if (fig->turn != was_target || fig->turn != target) {
            const float facing = sai_figure_facing_sign(fig);
            turned_for = turn_step(fig, h, shown, at, swim, holds, from, p);
            same_way = sai_figure_facing_sign(fig) == facing;
        }
    }
    const double by = same_way ? forward : -forward;
    if (until > 0.0f) {
        const double by_then = (double)(from->forward * sai_fminf(until, before)); /* (shown) */
        ground.until_scroll = fig->scroll + (same_way ? by_then : -by_then);
    }
    /* (a moment inside the frame solves only the trunk and head of a body standing: the feet's
     * targets are the frame's end's and a get-up's morph's) */
    sai_figure_feet_step(fig, p, h, fig->scroll + by, turned_for, holds, whole || !holds, &ground);
}

/* True when the sub-step's body is solved from its parameters alone (neither knocked down nor
 * getting up): what a batch solves four at once. */
SAI_INLINE bool sub_step_solves(const sub_part *s) { return !s->ragdolling && !(s->k > 0.0f); }

/* The second part: the head and hair on the body's spine solved into j (the whole body when
 * `whole`, for the pose; `solved` when j holds it already, sub_step_solves), knocked down the
 * ragdoll's body, getting up the solved body morphed from the ragdoll's pose. *dir carries the
 * head's direction on to the frame's next sub-step. */
SAI_INLINE void sub_step_body(sa_figure *fig, sa_figure_params *p, const sub_part *s, bool whole,
                              bool solved, sa_vec2 *j, sai_figure_head_dir *dir,
                              sai_hair_log *hair) {
    const float h = s->h;
    if (s->ragdolling) {
        /* (knocked down in this sub-step: the head, too, moves only over the part after it) */
        const float head_h = h - sai_clamp(fig->ragdoll_wait, 0.0f, h);
        sai_figure_ragdoll_step(fig, h, sai_v2(sai_narrow(s->forward), s->down));
        for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
            j[i] = fig->ragdoll[i].pos;
        /* The head's spring aims the neck along the ragdoll's spine, turned up off the ground. */
        const sa_vec2 spine = sai_v2_sub(j[SA_FIGURE_JOINT_CHEST], j[SA_FIGURE_JOINT_PELVIS]);
        const sa_vec2 up =
            neck_off_the_ground(fig, j[SA_FIGURE_JOINT_CHEST],
                                sai_v2_scale(spine, 1.0f / fmaxf(sai_v2_length(spine), 1e-6f)));
        j[SA_FIGURE_JOINT_NECK] =
            sai_v2_add(j[SA_FIGURE_JOINT_CHEST], sai_v2_scale(up, fig->config.neck));
        j[SA_FIGURE_JOINT_HEAD] =
            sai_v2_add(j[SA_FIGURE_JOINT_NECK], sai_v2_scale(up, fig->config.head_radius));
        p->hair_push = sai_v2(0.0f, 0.0f);
        sai_figure_secondary_on(fig, p, j, head_h, dir, hair);
    } else if (s->k > 0.0f) {
        sai_figure_solve_joints(&fig->config, p, j);
        sai_figure_morph_from_ragdoll(fig, s->k, j);
        /* (the frame that reads the release took the head from the pose drawn: it moves over
         * the part of the sub-step after it) */
        const float head_h = sai_figure_getup_released(fig) ? h - s->shown : h;
        sai_figure_secondary_on(fig, p, j, head_h, dir, hair);
    } else {
        /* (the whole body's solve has the trunk secondary_step would solve; the head's spring
         * places the neck and head) */
        if (whole) {
            if (!solved) sai_figure_solve_body(&fig->config, p, j);
            sai_figure_secondary_solved(fig, p, j, h, dir, hair);
        } else {
            sai_figure_secondary_step(fig, p, j, h, dir, hair);
        }
    }
}

/* One sub-step of h seconds to the parameters *p (the feet write theirs into it), ending `at`
 * seconds into the frame (the pose's share of the swim then `swim`): the feet, then the head and
 * hair on the body's spine solved into j (the whole body when `whole`, for the pose). Knocked down,
 * the ragdoll moves the body instead; getting up, the solved body is morphed from the ragdoll's
 * pose. *dir carries the head's direction on to the frame's next sub-step. */
SAI_INLINE void sub_step(sa_figure *fig, sa_figure_params *p, float h, bool moving, bool whole,
                         sa_vec2 *j, float at, float swim, lead *from, sai_figure_head_dir *dir,
                         sai_hair_log *hair) {
    sub_part s;
    sub_step_feet(fig, p, h, moving, at, swim, whole, from, &s);
    sub_step_body(fig, p, &s, whole, false, j, dir, hair);
}

/* A frame between its parts (sa_figure_update): the sub-steps log the hair's steps, and the
 * hair runs from the log before the next part reads it, one figure at a time
 * (sai_figure_hair_run) or, in a batch, four at once (sai_figure_update4, _update8). */
typedef struct frame {
    frame_input f;
    float dt, lag;
    float last, next; /* the last moment taken and the next, seconds into the frame */
    lead from;
    sa_figure_params p;    /* the frame's end */
    sa_figure_params then; /* the last frame's end, when the ground leaves at the input (lead) */
    bool moving, was_airborne, on_moment;
    bool between;     /* the last moment taken fell between two of the hair's steps */
    bool hair_moment; /* the frame's end is a moment the hair steps at */
    /* sa_figure::ground_changed as the frame found it (valid), and whether its input changed the
     * ground */
    float ground_changed;
    bool ground_flipped;
    bool from_then;   /* fr->then holds the parameters where the ground left at the input */
    float hair_last;  /* the hair's last step, seconds into the frame (<= 0: an earlier frame's) */
    unsigned planted; /* the feet planted before the frame's end (planted_feet) */
    /* The feet whose contact, planted at the frame's start (at start_x, screen axes), a moment of
     * the frame let go of: a foot that lifts and comes down again within one long frame. */
    unsigned lifted;
    double start_x[2];
    sa_vec2 j[SA_FIGURE_JOINT_COUNT];
    sai_figure_head_dir dir;
    carried kept;
    sai_hair_log hair;
} frame;
_Static_assert(SAI_FIGURE_MOMENTS <= SAI_HAIR_MAX_STEPS, "a frame's moments fit the hair's log");

/* A contact planted before a moment (the feet `was`) and not after it was let go of in the
 * frame. */
SAI_INLINE void note_lifts(frame *fr, const sa_figure *fig, unsigned was) {
    fr->lifted |= was & ~planted_feet(fig);
}

/* The frame's first part: read the input, take its triggers, move the clocks, then at every
 * SA_FIGURE_SUBSTEP moment of the figure's time inside the frame evaluate and blend the motions
 * showing, hold the feet, solve the body and move the head (the hair's steps logged). False when
 * dt is refused (nothing changed). */
SAI_INLINE bool frame_begin(sa_figure *fig, const sa_figure_input *input, float dt, frame *fr) {
    if (!fig || !(dt > 0.0f) || !sai_finite(dt)) return false;
    dt = dt < SAI_FIGURE_MAX_DT ? dt : SAI_FIGURE_MAX_DT;
    fr->dt = dt;
    fr->hair.count = 0;
    fr->hair.next_h = 0.0f;
    frame_input *f = &fr->f;
    f->locomotion = sai_figure_locomotion_after(&fig->fade, 0.0f, 0.0f);
    f->cache = &fig->cache;
    f->dt = dt;
    lead *from = &fr->from;
    /* (the last frame's end: neither lying nor getting up, it turned toward the facing asked
     * then, from where a get-up's morph ended; else it settled, settle_turn. Judged before the
     * input: a knock it brings must not turn the part that frame showed settling) */
    const bool turned = !fig->body.active ||
                        (!sai_figure_ragdolling(fig) && !(sai_figure_getup_k(fig, 0.0f) > 0.0f));
    from->stood = turned ? sai_figure_stood(fig, 0.0f) : 0.0f;
    from->forward = sai_figure_forward_speed(fig); /* the body as last seen (before a drop) */
    from->down = fig->body.active ? fig->body.velocity.y : 0.0f;
    from->had_ground = sai_figure_has_ground(fig);
    from->no_arc = sai_figure_steps_without_ground(fig);
    /* Without a body, taking the triggers does not depend on dt (nor adds an event): they are
     * taken once, on the figure itself, before its moments are copied from it (after the reads
     * above of the body the last frame left). */
    f->gait_target = sai_figure_frame_input(fig, input, dt, &f->in, &f->quiet, &f->ctx, &f->steady);
    f->taken = !f->in.body.active;
    const sai_figure_later none = {0, INFINITY, 0.0f, 0.0f};
    f->starts = f->taken ? gait_starts(fig, f, &none, dt) : INFINITY;
    const sa_figure_input *in = &f->in;
    fig->event_count = 0;
    fr->was_airborne = fig->pose.airborne;
    fr->lifted = 0u;
    fr->start_x[0] = fig->pose.contact[0].x;
    fr->start_x[1] = fig->pose.contact[1].x;
    /* The pose's scroll and contacts are in screen axes; the frame works in the figure's own. */
    const double own = (double)sai_figure_facing_sign(fig);
    fig->pose.scroll *= own;
    for (int i = 0; i < 2; ++i)
        fig->pose.contact[i].x *= own;
    const float lag = sai_clamp(sai_finite_or(fig->substep_lag, 0.0f), 0.0f, SA_FIGURE_SUBSTEP);
    fr->lag = lag;
    const float pending = fig->ground_changed; /* (any bits: outside (0, lag] is none) */
    fr->ground_changed = pending > 0.0f && pending <= lag ? pending : 0.0f;
    from->changed = fr->ground_changed;
    /* The ground leaving the body at this input (a take-off, a ladder, the water, a ledge), the
     * part of the first sub-step the last frame showed is stepped on it, to what that frame's end
     * blended: the figure as it is, before this frame moves it. (A rare frame: a blend more.) */
    const sa_figure_body *body = &f->in.body;
    from->then = NULL;
    fr->from_then = false;
    if (from->had_ground && lag > 0.0f && body->active &&
        !(body->grounded && !body->in_water && !body->on_ladder)) {
        sai_figure_ctx c;
        sai_figure_context_in(fig, f->cache, &c);
        c.arms = false;
        sai_figure_blend_into(fig, &c, &fr->then);
        from->then = &fr->then;
        fr->from_then = true;
    }
    /* The moments inside the frame, seconds from its start; one within 1e-6 s of its end is its
     * end. Their parameters come from the figure as it is now (before this frame's advance),
     * which no sub-step reads, so they are taken first, each from one copy (or, steady, from the
     * figure itself, put back after: params_in_place). */
    sa_figure_params at[SAI_FIGURE_MOMENTS];
    float swim[SAI_FIGURE_MOMENTS];
    const bool turns = fig->turn != (in->facing == SA_FIGURE_FACING_LEFT ? 1.0f : 0.0f);
    from->turning = turns || fig->turn != (fig->facing == SA_FIGURE_FACING_LEFT ? 1.0f : 0.0f);
    int32_t moments = 0;
    for (float next = SA_FIGURE_SUBSTEP - lag; next < dt - 1e-6f && moments < SAI_FIGURE_MOMENTS;
         next = (float)(moments + 1) * SA_FIGURE_SUBSTEP - lag) {
        params_at(fig, f, next, turns, &at[moments], &swim[moments]);
        ++moments;
    }
    from->time = lag;
    from->dt = dt;
    from->facing = in->facing;
    from->was_facing = fig->facing;
    fig->facing = in->facing;
    /* (the frame's end: its parameters, then the pose's) */
    advance(fig, f, dt, true, &fr->p);
    fr->ground_flipped = from->had_ground != sai_figure_has_ground(fig);
    fr->moving =
        fig->body.active ? sai_figure_forward_speed(fig) != 0.0f : fr->p.ground_speed > 0.0f;
    float last = -lag, next = SA_FIGURE_SUBSTEP - lag;
    /* The hair steps at every other moment: the last of its steps was at the last moment, or at
     * the one before. */
    bool between = (fig->hair_between & 1u) != 0u;
    float hair_last = between ? -lag - SA_FIGURE_SUBSTEP : -lag;
    fr->dir = (sai_figure_head_dir){0.0f, {0.0f, 0.0f}, false};
    for (int32_t n = 0; n < moments; ++n) {
        const unsigned planted = planted_feet(fig);
        between = !between;
        fr->hair.next_h = between ? 0.0f : SA_FIGURE_HAIR_STEP;
        sub_step(fig, &at[n], SA_FIGURE_SUBSTEP, fr->moving, false, fr->j, next, swim[n], from,
                 &fr->dir, &fr->hair);
        note_lifts(fr, fig, planted);
        footsteps(fig, planted, fr->lifted, next, in->surface);
        if (!between) hair_last = next;
        last = next;
        next = (float)(n + 2) * SA_FIGURE_SUBSTEP - lag;
    }
    fr->last = last;
    fr->next = next;
    fr->between = between;
    fr->hair_last = hair_last;
    return true;
}

/* The frame's second part (its moments' hair run): what the last moment leaves is kept, and the
 * frame's end is a sub-step of its own (its hair logged); here its first part, into *s. */
SAI_INLINE void frame_end_feet(sa_figure *fig, frame *fr, sub_part *s) {
    if (fr->last > -fr->lag) sai_figure_secondary_check(fig, fr->j); /* what is kept is finite */
    /* The frame's end: a moment itself, or the last moment's state carried on to it and put back
     * after the pose is written. */
    fr->on_moment = fr->next <= fr->dt + 1e-6f;
    if (!fr->on_moment) keep_carried(&fr->kept, fig);
    /* The hair: a step of its own at a moment it steps at; else the last of its steps carried on
     * to the frame's end, and put back after the pose is written. */
    fr->hair_moment = fr->on_moment && fr->between;
    fr->hair.next_h = fr->hair_moment ? SA_FIGURE_HAIR_STEP : fr->dt - fr->hair_last;
    if (fr->on_moment && !fr->hair_moment)
        for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
            fr->kept.hair[i] = fig->hair[i];
    fr->planted = planted_feet(fig);
    /* (the frame's end: the figure's fade is its own; only a turn reads it) */
    const bool turns =
        fr->from.turning && fig->turn != (fr->from.facing == SA_FIGURE_FACING_LEFT ? 1.0f : 0.0f);
    sub_step_feet(fig, &fr->p, fr->on_moment ? SA_FIGURE_SUBSTEP : fr->dt - fr->last, fr->moving,
                  fr->dt, turns ? sai_figure_swim_share(&fig->fade) : 0.0f, true, &fr->from, s);
}

/* The end's sub-step's second part (its body in fr->j already when `solved`). */
SAI_INLINE void frame_end_body(sa_figure *fig, frame *fr, const sub_part *s, bool solved) {
    sub_step_body(fig, &fr->p, s, true, solved, fr->j, &fr->dir, &fr->hair);
}

/* The frame that reads a knock's release shows the ragdoll's pose exactly: the get-up starts
 * there. Its moments morph by the time since the release, as every later frame's do, so the head
 * and hair swing the same at any frame rate; only what it shows is put back: the body j on the
 * ragdoll's pose, the head moved with the chest. Returns the chest's move (the hair's, shown). */
static sa_vec2 show_ragdoll_pose(const sa_figure *fig, sa_vec2 *j) {
    const sa_vec2 move =
        sai_v2_sub(fig->ragdoll[SA_FIGURE_JOINT_CHEST].pos, j[SA_FIGURE_JOINT_CHEST]);
    for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
        j[i] = i == SA_FIGURE_JOINT_NECK || i == SA_FIGURE_JOINT_HEAD ? sai_v2_add(j[i], move)
                                                                      : fig->ragdoll[i].pos;
    return move;
}

/* The pose's hair moved by `move` (figure space) under the pose's squash (a move scales as
 * the squash scales it). */
static void move_shown_hair(sa_figure_pose *pose, sa_vec2 move) {
    const sa_vec2 by = sai_v2(move.x * pose->squash.sx, move.y * pose->squash.sy);
    for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
        pose->hair[i] = sai_v2_add(pose->hair[i], by);
}

/* A foot that lifted and came down again within the frame (a hitch longer than its step) is
 * reported down from the next frame on, its contact's x then the new one: a contact's x never
 * changes while it stays planted, and its footstep is the next frame's. Both feet so are a
 * flight the frame held: the pose is airborne. (The pose not faced yet: the figure's own space,
 * which face_pose turns by the sign it turns the contacts by; start_x is in screen axes.) */
SAI_INLINE void report_lifts(sa_figure *fig, const frame *fr) {
    if (fr->lifted == 0u) return; /* (nearly always: the contacts are not read then) */
    const unsigned again = fr->lifted & planted_feet(fig);
    if (again == 0u) return;
    sa_figure_pose *pose = &fig->pose;
    for (int i = 0; i < 2; ++i) {
        if (!(again >> i & 1u)) continue;
        pose->contact[i].planted = false;
        pose->contact[i].x = (double)sai_figure_facing_sign(fig) * fr->start_x[i];
    }
    pose->airborne = !pose->contact[0].planted && !pose->contact[1].planted;
}

/* The frame's last part (its end's hair run): the pose written, and what the frame carried on
 * past its last moment put back. */
SAI_INLINE void frame_finish(sa_figure *fig, frame *fr) {
    const float dt = fr->dt;
    sa_figure_params *p = &fr->p;
    sai_figure_secondary_check(fig, fr->j);
    const carried *kept = &fr->kept;
    if (!fr->on_moment) sai_figure_feet_carried(fig, kept->feet);
    note_lifts(fr, fig, fr->planted);
    footsteps(fig, fr->planted, fr->lifted, dt, fr->f.in.surface);
    /* A game scrolls its ground by ground_speed · dt: the frame's mean speed, so its ground stays
     * where the feet's is. */
    const double scroll_before = fig->pose.scroll;
    const double mean = fr->moving ? (fig->scroll - scroll_before) / (double)dt : 0.0;
    p->ground_speed = mean > 0.0 || fig->body.active ? sai_narrow(mean) : 0.0f;
    const bool released = sai_figure_getup_released(fig);
    const sa_vec2 moved = released ? show_ragdoll_pose(fig, fr->j) : sai_v2(0.0f, 0.0f);
    sai_figure_write_pose(fig, p, fr->j, dt);
    if (released) move_shown_hair(&fig->pose, moved);
    report_lifts(fig, fr);
    sai_figure_flight_events(fig, fr->was_airborne, dt);
    /* (in the figure's own space, as the frame works: facing the pose to the screen turns it) */
    fig->pose.scroll = scroll_before + (double)p->ground_speed * (double)dt;
    sai_figure_face_pose(fig);
    sai_figure_ground_probes(fig);
    if (fr->on_moment) {
        fig->substep_lag = 0.0f;
        fig->ground_changed = 0.0f;
        fig->hair_between = (uint8_t)(fr->hair_moment ? 0u : 1u);
        if (!fr->hair_moment)
            for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
                fig->hair[i] = kept->hair[i];
    } else {
        fig->hair_between = (uint8_t)(fr->between ? 1u : 0u);
        fig->scroll = kept->scroll;
        fig->feet[0] = kept->feet[0];
        fig->feet[1] = kept->feet[1];
        fig->head = kept->head;
        for (int i = 0; i < SA_VERLET_HAIR_POINTS; ++i)
            fig->hair[i] = kept->hair[i];
        if (kept->ragdoll_kept)
            for (int i = 0; i < SA_FIGURE_JOINT_COUNT; ++i)
                fig->ragdoll[i] = kept->ragdoll[i];
        fig->ragdoll_wait = kept->ragdoll_wait;
        fig->turn = kept->turn;
        fig->substep_lag = dt - fr->last;
        /* (a change at this input is inside the sub-step under way only when no moment passed;
         * else one found pending goes on, or none) */
        const bool passed = fr->last > -fr->lag;
        fig->ground_changed = passed ? 0.0f : fr->ground_flipped ? fr->lag : fr->ground_changed;
        if (!passed && fr->ground_flipped) fig->ground_then = fr->from_then ? fr->then : *p;
    }
}

/* One frame of the figure: at every SA_FIGURE_SUBSTEP moment of the figure's time inside the frame
 * the motions showing are blended, the feet held, the body solved and the head and hair moved;
 * they are carried on to the frame's end (kept only when it is such a moment) and the pose is
 * written. So the feet's decisions and the secondary motion happen at the same moments, in the
 * same steps, at any frame rate. */
void sa_figure_update(sa_figure *fig, const sa_figure_input *input, float dt) {
    frame fr;
    if (!frame_begin(fig, input, dt, &fr)) return;
    if (fr.hair.count > 0) sai_figure_hair_run(fig, &fr.hair);
    sub_part end;
    frame_end_feet(fig, &fr, &end);
    frame_end_body(fig, &fr, &end, false);
    if (fr.hair.count > 0) sai_figure_hair_run(fig, &fr.hair);
    frame_finish(fig, &fr);
}

/* The hair of figs[0 .. 4 sets) run from their logs, set by set in lanes. */
SAI_INLINE void hair_run_sets(sa_figure *const *figs, sai_hair_log *const *logs, int sets) {
    if (sets == 2)
        sai_figure_hair_run8(figs, logs);
    else
        sai_figure_hair_run4(figs, logs);
}

/* sa_figure_update() of figs[0 .. 4 sets) (sets 1 or 2; a NULL figure is none) with inputs[k]
 * (NULL: the defaults): their hair in lanes, their end's body solves four at once. */
SAI_INLINE void update_sets(sa_figure *const *figs, const sa_figure_input *const *inputs, float dt,
                            int sets) {
    frame fr[8];
    sa_figure *on[8]; /* the figures whose frame goes on (NULL: no lane) */
    sai_hair_log *hair[8];
    const int n = 4 * sets;
    for (int k = 0; k < n; ++k) {
        on[k] = figs[k] && frame_begin(figs[k], inputs[k], dt, &fr[k]) ? figs[k] : NULL;
        hair[k] = &fr[k].hair;
    }
    hair_run_sets(on, hair, sets);
    /* The frame's end: each figure's feet, then the bodies of those that solve theirs from their
     * parameters four at once, then the rest of each figure's sub-step (a figure's work in the
     * scalar frame's order: nothing of one figure reads another's). */
    sub_part end[8];
    const sa_figure_config *cfgs[8];
    const sa_figure_params *params[8];
    sa_vec2 *joints[8];
    for (int k = 0; k < n; ++k) {
        cfgs[k] = NULL;
        params[k] = NULL;
        joints[k] = NULL;
        if (!on[k]) continue;
        frame_end_feet(on[k], &fr[k], &end[k]);
        if (!sub_step_solves(&end[k])) continue;
        cfgs[k] = &on[k]->config;
        params[k] = &fr[k].p;
        joints[k] = fr[k].j;
    }
    for (int g = 0; g < sets; ++g)
        sai_figure_solve_body4(cfgs + 4 * g, params + 4 * g, joints + 4 * g);
    for (int k = 0; k < n; ++k)
        if (on[k]) frame_end_body(on[k], &fr[k], &end[k], joints[k] != NULL);
    hair_run_sets(on, hair, sets);
    for (int k = 0; k < n; ++k)
        if (on[k]) frame_finish(on[k], &fr[k]);
}

void sai_figure_update4(sa_figure *const figs[4], const sa_figure_input *const inputs[4],
                        float dt) {
    update_sets(figs, inputs, dt, 1);
}

void sai_figure_update8(sa_figure *const figs[8], const sa_figure_input *const inputs[8],
                        float dt) {
    update_sets(figs, inputs, dt, 2);
}

const sa_figure_pose *sa_figure_get_pose(const sa_figure *fig) { return fig ? &fig->pose : NULL; }
